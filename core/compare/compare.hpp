// Comparing two reports of the same study (`cryptauditor compare BASE.json NEW.json`): rows matched by
// (backend, algorithm, key_bits, operation, data_bytes), the change of the median, and whether it is
// significant by a two-sided Mann–Whitney U test on the two rows' samples. Pure functions of the records;
// print_comparison is the only formatting.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "run/record.hpp"
#include "stats/mann_whitney.hpp"
#include "util/units.hpp"

namespace ca {

struct CompareSettings {
  double threshold = 0.05;  // a change of the median smaller than this fraction is not reported as one
  double alpha = 0.05;      // significance level of the U test
};

enum class Verdict {
  Slower,         // significant (p < alpha) and the median grew by more than the threshold: a regression
  Faster,         // significant and the median shrank by more than the threshold
  Unchanged,      // not significant, or within the threshold
  NotComparable,  // in one report only, or not measured (unsupported / failed / no samples) in one
};

struct ComparedRow {
  const Record* base = nullptr;       // null: only in the new report
  const Record* candidate = nullptr;  // null: only in the base report
  double ratio = 0;                   // candidate median / base median (when comparable)
  stats::MannWhitneyResult test;      // candidate samples against base samples (when comparable)
  Verdict verdict = Verdict::NotComparable;
  std::string note;  // why not comparable
};

struct Comparison {
  std::vector<ComparedRow> rows;  // base report order, then rows only in the new report
  size_t compared = 0;            // rows with both medians
  double geomean_ratio = 0;       // geometric mean of the compared rows' ratios; NaN when none
  size_t slower = 0, faster = 0;
  /// Rows measured in the base report (ok, with samples) that the new report lacks or did not measure
  /// (failed, unsupported): a regression a comparison of the remaining rows would not show.
  size_t missing = 0;
};

/// Matches and tests. The records must outlive the result (rows point into them).
Comparison compare_records(const std::vector<Record>& base, const std::vector<Record>& candidate,
                           const CompareSettings& settings);

/// The text report: one line per row, then the geometric mean and the verdict.
void print_comparison(const Comparison& comparison, const CompareSettings& settings, TimeUnit unit,
                      const std::string& base_name, const std::string& candidate_name, std::ostream& out);

}  // namespace ca
