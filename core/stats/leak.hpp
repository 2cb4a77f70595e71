// Statistics of a timing-leak screen (`cryptauditor leaks`): two classes of per-call times, pure functions,
// unit-tested on fixed vectors (tests/leak_stats_test.cpp). The method and its thresholds are dudect's
// (Reparaz, Balasch, Verbauwhede, "Dude, is my code constant time?", DATE 2017), with a decile test for
// leaks that live in the upper tail only; docs/LEAKS.md gives the reasoning and the citations.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ca::stats {

/// Welch's t-test of two samples: t = (mean_a - mean_b) / se, se = sqrt(var_a / n_a + var_b / n_b) with
/// sample variances (n - 1). t = 0 when se = 0 and the means are equal; NaN when a class has fewer than 2.
struct Welch {
  double t = 0;
  double diff = 0;  // mean_a - mean_b
  double se = 0;
  size_t n_a = 0, n_b = 0;
};
Welch welch_t(std::span<const double> a, std::span<const double> b);

/// dudect's cropping percentiles: 1 - 0.5^(10 (i + 1) / count) for i = 0 .. count - 1 (dudect.h,
/// prepare_percentiles, count 100): dense near the top, so the long right tail of interrupts and
/// migrations is cut at many depths.
std::vector<double> dudect_percentiles(size_t count = 100);

/// The p-quantile of sorted data, linear between order statistics (Hyndman and Fan type 7). NaN for empty.
double sorted_quantile(std::span<const double> sorted, double p);

/// Welch's t after cropping: both classes keep only the times below the threshold `percentile` of the
/// pooled data (dudect: x < threshold). Sorted inputs; crops leaving fewer than min_kept per class are not
/// computed (n_a or n_b is 0 in the result).
std::vector<Welch> cropped_welch(std::span<const double> sorted_a, std::span<const double> sorted_b,
                                 std::span<const double> percentiles, size_t min_kept = 100);

/// The smallest positive gap between two values of either sorted sample: the counter's step as the data
/// show it (0 when every value is the same).
double resolution(std::span<const double> sorted_a, std::span<const double> sorted_b);

/// Deciles with a bootstrap: for k = 1..9 the difference of the classes' k-th deciles divided by its
/// bootstrap standard error (each class resampled with replacement `resamples` times from a random
/// subsample of at most `subsample` values, the error scaled by sqrt(subsample / n) to the full class).
/// The error is at least half the data's resolution() (a counter that ticks in steps). A leak only in the
/// slowest 10-20 % of calls moves the upper deciles but hardly the cropped means.
struct DecileTest {
  std::vector<double> diff;  // q_a(k/10) - q_b(k/10), k = 1..9
  std::vector<double>
      z;  // diff / se; 0 when both are 0; +-1e9 when se is 0 (all values equal) and diff is not
  double max_abs_z = 0;
  size_t at = 0;  // k of max |z|
};
DecileTest decile_test(std::span<const double> sorted_a, std::span<const double> sorted_b, uint64_t seed,
                       size_t resamples = 100, size_t subsample = 5000);

enum class Verdict { Leak, NoEvidence, Inconclusive };
std::string verdict_name(Verdict v);  // "leak", "no evidence", "inconclusive"

/// The stopping rule's settings (docs/LEAKS.md).
struct LeakThresholds {
  double leak_t = 10;        // |t| (or decile |z|) above this: leak (dudect's "definitely not constant time")
  double quiet_t = 4.5;      // |t| below this everywhere is needed for "no evidence" (dudect's threshold)
  double effect_rel = 0.01;  // the effect the test must be able to see: this fraction of the median ...
  double effect_abs = 5;     // ... or this many counter units, whichever is larger
  size_t min_per_class = 10000;  // no decision before this many calls per class (dudect: 10000 for a test)
};

/// Everything the screen reports about one set of samples.
///
/// Every statistic (the raw Welch's t, each of dudect's crops, each decile) gives an effect (a difference of
/// the classes, in counter units) and its |t|. A leak is an effect *of a stated size*: `sized_t` is the
/// largest |t| among the statistics whose effect is at least `target_effect`, so a highly significant
/// effect far below the target (0.1 % of the median, under one step of the counter) is not a leak.
struct LeakStatistics {
  size_t n_a = 0, n_b = 0;
  double median_a = 0, median_b = 0;
  Welch raw;
  Welch cropped;          // the crop with the largest |t|
  double cropped_at = 0;  // its percentile
  DecileTest deciles;
  double max_t = 0;      // max of |raw.t|, |cropped.t|, deciles.max_abs_z
  std::string max_from;  // "raw", "cropped at 99.3 %", "decile k"
  double effect = 0;     // the effect behind max_t, in counter units (mean or decile difference)
  double detectable =
      0;  // leak_t * the smallest se of the raw test and the crops at >= 99 % (step when that se is 0)
  double step = 0;           // the counter's step as the data show it (resolution())
  double target_effect = 0;  // max(effect_rel * median, effect_abs, step)
  double sized_t = 0;        // max |t| over the statistics whose |effect| >= target_effect (0: none)
  std::string sized_from;    // where sized_t came from ("" when none)
  double sized_effect = 0;   // the effect behind sized_t, in counter units
  double median() const { return (median_a + median_b) / 2; }
};
/// The statistics of class a against class b (unsorted times in counter units).
LeakStatistics leak_statistics(std::span<const double> a, std::span<const double> b, const LeakThresholds& th,
                               uint64_t seed);

/// The stopping rule, with min_per_class calls in each class (fewer: Inconclusive).
///  - Leak: an effect of at least the target with |t| > leak_t (sized_t > leak_t).
///  - No evidence (of a leak of the target size): no effect of the target size reaches |t| >= quiet_t
///    (sized_t < quiet_t), and the test could have seen one (detectable <= target_effect). A significant
///    effect below the target is allowed here and reported as such (significant_below_target()).
///  - Otherwise Inconclusive (at a check point: go on sampling).
Verdict decide(const LeakStatistics& s, const LeakThresholds& th);

/// True when some statistic is significant (max_t >= quiet_t) although no effect of the target size is:
/// "no leak of >= 1 %: effect 0.1 % (significant)".
bool significant_below_target(const LeakStatistics& s, const LeakThresholds& th);

/// Verdicts of independent repetitions: leak only when every one is a leak and, when `effects` are given
/// (one per repetition: the sized effect of each), all of them have the same sign; no evidence only when
/// every one is; otherwise inconclusive (a leak that does not reproduce is not reported as one).
Verdict combine_repetitions(std::span<const Verdict> verdicts, std::span<const double> effects = {});

}  // namespace ca::stats
