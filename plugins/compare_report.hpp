// The reports of `cryptauditor compare` (core/compare computes the Comparison; these only print it): the
// text table (compare_text.cpp) and `--format json` (compare_json.cpp, schema in docs/COMPARE.md).
#pragma once

#include <ostream>
#include <string>

#include "compare/compare.hpp"
#include "compare/report_file.hpp"

namespace ca {

/// The text report: one line per row, then the geometric mean, how the decision was made, the verdict.
void print_comparison(const Comparison& comparison, const CompareSettings& settings, TimeUnit unit,
                      const std::string& base_name, const std::string& candidate_name, std::ostream& out);

/// `compare --format json`: one JSON document (compare_schema_version 1, docs/COMPARE.md) with the
/// decision rule, every row (figures in ns and fractions, null where there is none) and the summary.
void write_comparison_json(const Comparison& comparison, const CompareSettings& settings,
                           const ReportFile& base, const ReportFile& candidate, std::ostream& out);

/// The one-line statement of how testable rows were decided, shared by both reports.
std::string decision_rule(const Comparison& comparison, const CompareSettings& settings);

}  // namespace ca
