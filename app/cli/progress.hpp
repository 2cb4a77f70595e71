// The progress line a study prints on a terminal: "[12/40] openssl AES-GCM encrypt 1KB, ETA 1m05s".
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "record/record.hpp"

namespace ca {

/// Seconds left if the remaining records take, on average, as long as the finished ones did. nullopt
/// before the first record (nothing to extrapolate from) or when done > total.
std::optional<double> estimate_remaining_s(double elapsed_s, size_t done, size_t total);

/// "42s", "3m05s", "2h07m"; rounded up to whole seconds (to minutes from an hour on).
std::string format_eta(double seconds);

/// The text of the progress line for the record just finished (no carriage return or escape codes).
std::string progress_text(const Record& record, size_t done, size_t total, double elapsed_s);

}  // namespace ca
