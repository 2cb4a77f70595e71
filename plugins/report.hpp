// Report plugins: one file per output format, each registered by name. A reporter (the interface is
// core/report/report.hpp's) receives the records and the environment and writes bytes to a stream; it never
// measures and never reorders the data's meaning (rankings come from core/rank).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "report/report.hpp"
#include "util/units.hpp"

namespace ca {

/// How each figure was measured, in one phrase for report headers: "exactly 1000 timed operations per
/// measurement" or "adaptive: until ...", then repetitions and pinning when used.
std::string measurement_mode(const ReportSettings& s);

/// The unit of one table (Markdown, HTML, the 2004 layout): -u's when given, else the one its durations
/// (ns) read best in (readable_unit).
TimeUnit table_unit(const ReportSettings& s, const std::vector<double>& ns);

using ReporterFactory = std::function<std::unique_ptr<Reporter>()>;

/// Registers a format at static-initialisation time; returns true so it can initialise a namespace-scope
/// constant in the format's own file.
bool register_reporter(const std::string& name, const std::string& description, ReporterFactory factory);
std::unique_ptr<Reporter> make_reporter(const std::string& name);
/// Registered format names with their one-line descriptions, sorted.
std::vector<std::pair<std::string, std::string>> reporter_names();

}  // namespace ca
