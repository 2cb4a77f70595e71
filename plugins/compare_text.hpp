// The text report of `cryptauditor compare` (core/compare computes the Comparison; this only prints it).
#pragma once

#include <ostream>
#include <string>

#include "compare/compare.hpp"

namespace ca {

/// The text report: one line per row, then the geometric mean, how many rows were testable, the verdict.
void print_comparison(const Comparison& comparison, const CompareSettings& settings, TimeUnit unit,
                      const std::string& base_name, const std::string& candidate_name, std::ostream& out);

}  // namespace ca
