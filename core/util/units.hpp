// Parsing and printing of the user-facing quantities: data sizes (B, KB, MB; KB = 1024) and time units.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ca {

/// Parses "470B", "1KB", "16kb", "10MB" or a bare number of bytes. KB = 1024 B, MB = 1024 KB (as
/// cryptauditor). Returns nullopt on anything else, including zero, negative numbers and overflow.
std::optional<size_t> parse_size(std::string_view text);

/// "1KB" for 1024, "470B", "1.5KB" for 1536, "10MB".
std::string format_size(size_t bytes);

enum class TimeUnit { Ns, Us, Ms, S };
std::optional<TimeUnit> parse_unit(std::string_view text);
std::string_view unit_name(TimeUnit u);
double from_ns(double ns, TimeUnit u);

/// Renders a duration in a unit with enough significant digits to be useful at any magnitude:
/// 0.005ms, 12.3us, 2.734ms. Never prints 0 for a positive value.
std::string format_duration(double ns, TimeUnit u);

}  // namespace ca
