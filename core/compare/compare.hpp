// Comparing two reports of the same study (`cryptauditor compare BASE.json NEW.json`): rows matched by
// (backend, algorithm, key_bits, operation, data_bytes), the change of the median, and whether it is
// significant. Two runs differ by more than the samples inside one process (host phase, memory layout,
// ASLR), so the test is over per-process medians (reports made with --processes N): Welch's t on the logs
// of the process medians per row (exact Student-t p), Benjamini–Hochberg across the testable rows, a row
// flagged only when also its change exceeds the threshold; beside it the exact Mann–Whitney U p, Welch's
// interval of the change and the smallest change the row could have detected. A row with one process on
// either side is not testable and never significant. Pure functions of the records; the reports are
// plugins/compare_text.cpp's and plugins/compare_json.cpp's.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "record/record.hpp"
#include "stats/process_test.hpp"
#include "stats/stats.hpp"
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
  /// Test each row against the shift every row shares (Drift: the machine running faster or slower between
  /// the reports) instead of against no change. Absolute mode only (relative mode already divides each
  /// row by its row's libraries); --no-drift turns it off.
  bool drift = true;
};

/// The fewest testable rows the shared shift is measured over: the median of fewer rows is moved by the
/// rows that really changed (with one row it would be that row's own change, and nothing could be flagged).
inline constexpr size_t kMinDriftRows = 8;

/// The shift every testable row shares between the two reports (issue #41): on a shared machine whole runs
/// are faster or slower by more than any threshold (+19 % to +43 % between two runs a minute apart), and
/// that is the host, not twenty regressions. Estimated as the median over the testable rows of their log
/// changes (robust: fewer than half the rows may really have changed), with the order-statistic interval
/// of that median and its exact level, and the median's standard error sqrt(pi / 2) x 1.4826 MAD / sqrt(m)
/// (the normal-theory se of a median, with the MAD as a robust sd), which each row's test adds to its own.
struct Drift {
  bool applied = false;      // measured, and every testable row tested against it
  size_t rows = 0;           // the testable rows it is the median over
  double log_shift = 0;      // median of their log changes; 0 when not applied
  double se = 0;             // its standard error (with the shared shift's, when applied)
  stats::Interval ci{0, 0};  // as a ratio new / base
  double ci_level = 0;       // the interval's exact level (stats::median_ci_coverage of `rows`)
  double ratio() const { return std::exp(log_shift); }
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
  /// The change the verdict judges, new / base: for testable rows exp(log_change - drift), the ratio of the
  /// geometric means of the process medians over the shift every row shares (exp(log_change) when no drift
  /// is applied), the point of ratio_ci and of the test; else the ratio of the medians (one process a side).
  double ratio = 0;
  /// The change of this row alone, new / base, without the shared shift: exp(log_change) for testable rows,
  /// else `ratio`.
  double absolute_ratio = 0;
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
  stats::RatioInterval ratio_ci{0, 0};  // Welch's 95 % interval of `ratio` (stats::log_welch_ratio_ci)
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
  /// The --processes N (on both reports) at which every insensitive row would detect the threshold, at its
  /// current spread between processes; 0 when none is insensitive. `beyond` insensitive rows would need more
  /// than kMaxSuggestedProcesses and are not counted in it.
  size_t processes_needed = 0;
  size_t beyond = 0;
  /// The shift every row shares (absolute mode with settings.drift and kMinDriftRows testable rows).
  Drift drift;
  double geomean_ratio = 0;  // geometric mean of the compared rows' absolute ratios; NaN when none
  size_t slower = 0, faster = 0;
  /// Rows measured in the base report (ok, with samples) that the new report lacks or did not measure
  /// (failed, unsupported): a regression a comparison of the remaining rows would not show.
  size_t missing = 0;
};

/// The largest --processes the insensitive-rows line suggests.
inline constexpr size_t kMaxSuggestedProcesses = 100;

/// The --processes N, on both sides, at which a row with this se over nb and nc processes would detect a
/// change of `threshold` (as Comparison::detectable does: level alpha, `power`), assuming the spread between
/// processes stays: se_N = se sqrt(h / N) with h the harmonic mean of nb and nc (exact for equal spreads),
/// df 2N - 2. 0 when even kMaxSuggestedProcesses would not.
size_t processes_to_detect(double se, size_t nb, size_t nc, double alpha, double power, double threshold);

/// The values a row's side is tested over: its processes' medians (--processes N >= 2), else its one median.
std::vector<double> process_medians(const Record& r);

/// Matches and tests. The records must outlive the result (rows point into them).
Comparison compare_records(const std::vector<Record>& base, const std::vector<Record>& candidate,
                           const CompareSettings& settings);

}  // namespace ca
