// Paired statistics for interleaved measurements. When several backends are sampled in rounds (each round
// visits every backend once, core/measure/interleave.hpp), two backends' samples taken in the same round saw
// the same host phase: their ratio cancels what the host did to both. These pure functions turn two aligned
// series of per-round samples into the ratio of one backend to the other with a distribution-free interval.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "stats/stats.hpp"

namespace ca::stats {

/// log(a / b) for every round where both a and b have a positive, finite sample. `a_rounds[i]` is the round
/// index of a's sample `a[i]` (likewise for b); rounds must be increasing within each series. Rounds where
/// either side is missing are skipped.
std::vector<double> paired_log_ratios(std::span<const double> a, std::span<const size_t> a_rounds,
                                      std::span<const double> b, std::span<const size_t> b_rounds);

/// The ratio a / b from per-round log-ratios: exp of their median, with the interval of the median
/// (median_ci, order statistics, distribution-free) mapped back through exp. `coverage` is the level the
/// interval really reaches for `pairs` values (below 95 % for fewer than 6 pairs). NaNs when pairs = 0.
struct Ratio {
  double ratio = 0;
  Interval ci{0, 0};
  double coverage = 0;
  size_t pairs = 0;
  /// The interval lies wholly on one side of 1: a and b are distinguishable at the interval's level.
  bool excludes_one() const { return pairs > 0 && (ci.low > 1.0 || ci.high < 1.0); }
  /// Half the interval's width in log space, as a relative figure: exp((log high - log low) / 2) - 1.
  double relative_half_width() const;
};
Ratio paired_ratio(std::span<const double> log_ratios, double level = 0.95);

/// Convenience: paired_ratio(paired_log_ratios(...)).
Ratio paired_ratio(std::span<const double> a, std::span<const size_t> a_rounds, std::span<const double> b,
                   std::span<const size_t> b_rounds, double level = 0.95);

}  // namespace ca::stats
