// Comparing two reports of the same study (`cryptauditor compare BASE.json NEW.json`): rows matched by
// (backend, algorithm, key_bits, operation, data_bytes), the change of the median, and whether it is
// significant. Two runs differ by more than the samples inside one process (host phase, memory layout,
// ASLR), so the test is over per-process medians (reports made with --processes N): Welch's t on the logs
// of the process medians per row (exact Student-t p), Benjamini–Hochberg across the testable rows, a row
// flagged only when also its change exceeds the threshold; beside it the exact Mann–Whitney U p, a bootstrap
// interval of the change and the smallest change the row could have detected. A row with one process on
// either side is not testable and never significant. Pure functions of the records; the reports are
// plugins/compare_text.cpp's and plugins/compare_json.cpp's.
#pragma once

#include <string>
#include <vector>

#include "record/record.hpp"
#include "stats/process_test.hpp"
#include "util/units.hpp"

namespace ca {

struct CompareSettings {
  double threshold = 0.05;  // a change of the median smaller than this fraction is not reported as one
  double alpha = 0.05;      // Benjamini–Hochberg level q over the testable rows (false discovery rate)
  double power = 0.8;       // the power the "detectable" change of a row is computed for
  /// Reports from different machines: each library's time is compared relative to its row's other
  /// libraries (its median over the geometric mean of the medians of the libraries measured in that row in
  /// both reports, per process when every one of them has the same processes), not as an absolute time.
  bool relative = false;
};

enum class Verdict {
  Slower,         // testable, significant (BH-adjusted p <= alpha) and grew by more than the threshold
  Faster,         // testable, significant and shrank by more than the threshold
  Unchanged,      // testable, and not significant or within the threshold
  NotTestable,    // both measured, but one process on at least one side: the change is shown, never judged
  NotComparable,  // in one report only, or not measured (unsupported / failed / no samples) in one
};

struct ComparedRow {
  const Record* base = nullptr;       // null: only in the new report
  const Record* candidate = nullptr;  // null: only in the base report
  /// Relative comparison: each side's median over its row's reference (geometric mean of the common
  /// libraries' medians); 0 otherwise.
  double base_relative = 0, candidate_relative = 0;
  double ratio = 0;                                    // candidate median / base median (when comparable)
  size_t base_processes = 0, candidate_processes = 0;  // processes behind each side's median
  double p = 0;           // Welch's t on the logs of the process medians, two-sided (testable rows)
  double p_adjusted = 0;  // Benjamini–Hochberg over the testable rows
  double t = 0, df = 0;   // Welch's t and its Welch–Satterthwaite degrees of freedom
  double log_change = 0;  // mean log(new process median) - mean log(base process median)
  double se = 0;          // its standard error
  double p_u = 0;         // exact two-sided Mann–Whitney U over the same medians (shown, not decisive)
  /// The smallest change (a fraction, e.g. 0.031) Welch's t detects with probability settings.power at the
  /// per-row level alpha / testable and this row's se and df: exp((t_{1-a/2,df} + t_{power,df}) se) - 1.
  double detectable = 0;
  stats::RatioInterval ratio_ci{0, 0};  // bootstrap 95 % interval of the ratio over process medians
  Verdict verdict = Verdict::NotComparable;
  std::string note;  // why not comparable, or "not testable: 1 process"
};

struct Comparison {
  std::vector<ComparedRow> rows;  // base report order, then rows only in the new report
  size_t compared = 0;            // rows with both medians
  size_t testable = 0;            // compared rows with at least 2 processes on each side
  /// The per-row level the detectable changes are computed at: alpha / testable, the p a single changed row
  /// among the testable ones must reach under Benjamini–Hochberg (0 when none is testable).
  double row_alpha = 0;
  /// Testable rows whose detectable change exceeds the threshold: at their N and spread, a change of the
  /// threshold's size would likely go unflagged.
  size_t insensitive = 0;
  double geomean_ratio = 0;  // geometric mean of the compared rows' ratios; NaN when none
  size_t slower = 0, faster = 0;
  /// Rows measured in the base report (ok, with samples) that the new report lacks or did not measure
  /// (failed, unsupported): a regression a comparison of the remaining rows would not show.
  size_t missing = 0;
};

/// The values a row's side is tested over: its processes' medians (--processes N >= 2), else its one median.
std::vector<double> process_medians(const Record& r);

/// Matches and tests. The records must outlive the result (rows point into them).
Comparison compare_records(const std::vector<Record>& base, const std::vector<Record>& candidate,
                           const CompareSettings& settings);

}  // namespace ca
