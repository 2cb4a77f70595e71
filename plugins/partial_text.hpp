// What every report writer says about a partial run (core/report/report.hpp's PartialRun): one banner, the
// cell text of a planned record the run did not reach, and those records grouped one line per row. Shared
// so that the console, Markdown and HTML say the same words.
#pragma once

#include <string>
#include <vector>

#include "report.hpp"

namespace ca {

/// "PARTIAL REPORT: interrupted by SIGINT; 42 of 96 planned records measured, 54 not measured (the run
/// stopped before them: not measured is not \"not offered\")"; empty when the run was complete.
std::string partial_banner(const ReportInput& in);

/// The cell text for a planned record the run did not reach.
inline constexpr const char* kNotMeasuredCell = "not measured (interrupted)";

/// Whether a grid cell with no record is one the run did not reach (rather than one not offered).
bool cell_not_measured(const ReportInput& in, const std::string& backend, const std::string& algorithm,
                       uint32_t key_bits, const std::string& operation, size_t data_bytes);

/// The planned records the run did not reach, one line per (algorithm, key, operation, size) naming the
/// backends: "AES-CCM 256-bit encrypt, 1KB: openssl, botan"; empty when the run was complete.
std::vector<std::string> not_measured_lines(const ReportInput& in);

}  // namespace ca
