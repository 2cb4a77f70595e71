// Parsing and printing of the user-facing quantities: data sizes (B, KB, MB; KB = 1024) and time units.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

/// The one unit a table of these durations reads best in (ns, us or ms; never s): the largest in which
/// their median is at least 1, so "83.4ns" rather than "0.0000834ms". Non-positive and non-finite
/// values are ignored; none left gives ms (cryptauditor's unit).
TimeUnit readable_unit(const std::vector<double>& ns);

/// A throughput unit: bytes per second in one unit of the table, and its name ("MiB/s").
struct RateUnit {
  double bytes_per_s = 1;
  std::string_view name = "B/s";
};

/// The one throughput unit a table of these rates (bytes per second) reads best in: the largest of B/s,
/// KiB/s, MiB/s and GiB/s (KB = 1024 B, as sizes) in which their median is at least 1, so "3.12 GiB/s" rather
/// than "3195 MiB/s" and "812 MiB/s" rather than "0.793 GiB/s". Non-positive and non-finite values are
/// ignored; none left gives MiB/s.
RateUnit readable_rate_unit(const std::vector<double>& bytes_per_s);

/// A number with at least `digits` significant digits and no exponent: 3 digits give "83.4", "2.73",
/// "0.000123", and "1235" (the whole integer part is always kept).
std::string format_significant(double v, int digits = 3);

/// A duration in a unit with three significant digits and the unit's suffix: "83.4ns", "2.73us", "1235ns".
/// For table cells and deltas; the seed's console lines keep format_duration.
std::string format_duration_3(double ns, TimeUnit u);

/// A duration with three significant digits in a unit, for ranking deltas: "8.90ms", "0.152ms", and "0.0ms"
/// for zero (cryptauditor's "(+0.0ms)").
std::string format_delta(double ns, TimeUnit u);

/// A float as Python's repr() prints it (the shortest text that reads back to the same double, exponent form
/// below 1e-4 and from 1e16): "1.0222690105438232", "0.5", "1e-05". timeit.repeat's lists are printed so.
std::string python_float_repr(double value);

}  // namespace ca
