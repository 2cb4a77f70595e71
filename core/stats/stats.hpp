// Statistics over per-operation times, as pure functions of a span of samples. Every function is defined
// for n = 0 (returns NaN or an empty result) and n = 1, and none reorders its input.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "stats/student_t.hpp"

namespace ca::stats {

double median(std::span<const double> xs);
double mean(std::span<const double> xs);
/// Sample standard deviation (n - 1); NaN for n < 2.
double stddev(std::span<const double> xs);
/// Median absolute deviation from the median (unscaled).
double mad(std::span<const double> xs);
/// Coefficient of variation: stddev / mean; NaN when undefined.
double cv(std::span<const double> xs);
/// Median absolute percentage error: median of |x - median| / median (a robust relative spread); NaN when
/// the median is 0.
double mdape(std::span<const double> xs);

/// A two-sided confidence interval [low, high].
struct Interval {
  double low;
  double high;
};

/// Distribution-free confidence interval of the median from order statistics: the ranks j, k around n/2
/// such that P(X(j) <= m <= X(k)) >= level under Binomial(n, 1/2) (Conover, Practical Nonparametric
/// Statistics, 3rd ed., §3.2). For n too small to reach the level, [min, max]. NaNs for n = 0.
Interval median_ci(std::span<const double> xs, double level = 0.95);

/// The confidence level median_ci(xs, level) actually reaches for n values: P(X(j) <= m <= X(n+1-j)) under
/// Binomial(n, 1/2), at least `level` once n is large enough (n >= 6 for 0.95) and below it for smaller n,
/// where the interval is [min, max] (n = 5: 0.9375; n = 2: 0.5). NaN for n = 0.
double median_ci_coverage(size_t n, double level = 0.95);

// student_t_quantile(p, df): stats/student_t.hpp (one implementation, shared with compare's Welch test).

/// A trimmed mean with its confidence interval: the mean of the values left after removing the
/// g = floor(trim * n) smallest and g largest, and the Tukey-McLaughlin / Yuen interval around it,
/// estimate ± t(h - 1) * sqrt((n - 1) s_w^2 / (h (h - 1))), where h = n - 2g values are kept and s_w^2 is the
/// sample variance of the winsorized values (each trimmed value replaced by the nearest kept one). The
/// interval is symmetric around the estimate, so the estimate always lies inside it. Robust to up to
/// `trim` of outliers on each side (R. R. Wilcox, Introduction to Robust Estimation and Hypothesis Testing,
/// 4th ed., 2017, §4.4.1; K. K. Yuen, Biometrika 61, 1974).
struct TrimmedMean {
  double estimate = 0;
  Interval ci{0, 0};
  size_t kept = 0;  // h: values left after trimming; below 2 the interval is [estimate, estimate]
};
/// NaNs for n = 0; n = 1: the value, with the interval [value, value] (no level can be claimed).
TrimmedMean trimmed_mean_ci(std::span<const double> xs, double trim = 0.2, double level = 0.95);

/// Indices of outliers by the modified z-score 0.6745 (x - median) / MAD with |z| > threshold
/// (Iglewicz and Hoaglin, 1993; threshold 3.5). No outliers when MAD = 0 or n < 3.
std::vector<size_t> outliers_modified_z(std::span<const double> xs, double threshold = 3.5);

/// Everything the reports show for one measurement.
struct Summary {
  size_t n = 0;
  double median = 0, mean = 0, stddev = 0, mad = 0, cv = 0, mdape = 0, min = 0, max = 0;
  /// The distribution-free order-statistic interval of the median (median_ci at a 95 % target) over the
  /// values the median is taken over (samples, repetitions' or processes' medians), and ci_level its exact
  /// level, median_ci_coverage of their count: 0.75 for three processes' medians, 0.9375 for five, >= 0.95
  /// from six. Reports print ci_level beside the interval (floor of its percentage), never a 95 % it does not
  /// reach.
  Interval ci{0, 0};
  double ci_level = 0;
  size_t outliers = 0;
  std::vector<double> repetition_medians;  // summarize_repetitions/_processes: each repetition's median
  std::vector<double> process_medians;     // summarize_processes (--processes N): each process's value
};
Summary summarize(std::span<const double> xs);

/// Samples taken in consecutive repetitions of `counts[i]` samples each (their sum is xs.size()). Spread,
/// outliers and n are over all samples, as summarize(); the median and its interval are one level up: the
/// median of the repetitions' medians and median_ci over those medians, so the interval covers what moves
/// between repetitions (a host that slows down for a second) and not only the noise inside one. With one
/// repetition (or counts that do not add up to xs.size()), exactly summarize(xs).
Summary summarize_repetitions(std::span<const double> xs, std::span<const size_t> counts);

/// Samples of consecutive worker processes of `process_counts[i]` samples each (--processes N), each process
/// possibly made of consecutive repetitions (--repetitions M: `repetition_counts` lists every process's
/// repetitions in order, and their boundaries fall on the processes'). Each process's value is what one
/// process would report: the median of its repetitions' medians, or of its samples without repetitions. The
/// median and its interval are over the processes' values (process_medians), the level that is
/// independent: repetitions share a process's address layout, key and warm-up, so they are not counted as
/// independent evidence. repetition_medians keeps every repetition's median. Repetitions that do not nest
/// in the processes are not used (each process's value is then the median of its samples). With fewer than
/// 2 processes (or counts that do not add up to xs.size()), exactly summarize_repetitions(xs,
/// repetition_counts).
Summary summarize_processes(std::span<const double> xs, std::span<const size_t> process_counts,
                            std::span<const size_t> repetition_counts);

}  // namespace ca::stats
