// Paired statistics for interleaved measurements. When several backends are sampled in rounds (each round
// visits every backend once, core/measure/interleave.hpp), two backends' samples taken in the same round saw
// the same host phase: their ratio cancels what the host did to both. These pure functions turn two aligned
// series of per-round samples into the ratio of one backend to the other with its interval.
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

/// --processes N: paired_log_ratios process by process, process p's rounds being
/// [p * rounds_per_process, (p + 1) * rounds_per_process) (increasing, so each process's rounds are one
/// block of each series). One list per process up to the last one either series has, empty where a process
/// has no common round.
std::vector<std::vector<double>> paired_log_ratios_by_process(std::span<const double> a,
                                                              std::span<const size_t> a_rounds,
                                                              std::span<const double> b,
                                                              std::span<const size_t> b_rounds,
                                                              size_t rounds_per_process);

/// The ratio a / b from per-round log-ratios: one estimator gives the point and its interval. The point is
/// exp of the trimmed mean (a third cut at each end) of the log-ratios and the interval is its
/// Tukey-McLaughlin / Yuen interval (stats.hpp, trimmed_mean_ci) mapped back through exp. The interval is
/// symmetric around the point in log space, so the printed ratio is always inside it, at its geometric
/// centre; the trimming keeps a round that one backend spent preempted from moving either (the median of the
/// log-ratios, used before, sat at an edge of its order-statistics interval whenever the per-round ratios
/// were skewed or bunched). `coverage` is the level the interval claims: `level` with 2 or more values kept
/// after trimming, else 0 with a NaN interval (1 or 3 pairs: never distinguishable). NaNs when pairs = 0.
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
/// The share of log-ratios trimmed at each end. A third, not the usual 20 %: on this project's shared 2-vCPU
/// machine one pair of non-neighbours was paired over 14 rounds of which 5 (36 %) caught a backend
/// preempted (up to 500x its time); a 20 % or 25 % trim let them move the ratio 1.47-2.1x between runs, a
/// third kept its spread at 1.07 (docs/METHODOLOGY.md, "Paired ratios").
inline constexpr double kRatioTrim = 1.0 / 3;
Ratio paired_ratio(std::span<const double> log_ratios, double level = 0.95);

/// --processes N: the ratio a / b when the rounds come from N independent worker processes, per_process[p]
/// being process p's per-round log-ratios. Each process's estimate is its trimmed mean (as paired_ratio);
/// the point is exp of their mean, and the interval a t interval over the processes (K - 1 degrees of
/// freedom, K the processes with pairs) with se^2 = max(s^2, w) / K, s^2 the variance of the processes'
/// estimates and w the mean of their squared standard errors within (a lower bound of s^2's expectation,
/// which a small K can undershoot). The process is the unit of independence, so the interval covers what
/// differs between processes (key, address layout, warm-up, the host's longer phases), not only the
/// rounds; the point is its geometric centre. With fewer than 2 processes with pairs, exactly paired_ratio
/// over all the log-ratios.
Ratio paired_ratio_over_processes(const std::vector<std::vector<double>>& per_process, double level = 0.95);

/// --processes N, for the stopping rule: the part of paired_ratio_over_processes's interval that more rounds
/// can narrow. The point is the same (exp of the mean of the processes' trimmed means); the interval is
/// t · sqrt(w / K) around it, w the mean of the processes' squared within-process standard errors and t the
/// Student quantile at the sum of their degrees of freedom. What differs between processes (s^2 above) is
/// left out on purpose: it does not shrink with rounds, so a rule waiting for it would run every such pair
/// to its budget. With fewer than 2 processes with pairs, exactly paired_ratio over all the log-ratios.
Ratio paired_ratio_within_processes(const std::vector<std::vector<double>>& per_process, double level = 0.95);

/// Convenience: paired_ratio(paired_log_ratios(...)).
Ratio paired_ratio(std::span<const double> a, std::span<const size_t> a_rounds, std::span<const double> b,
                   std::span<const size_t> b_rounds, double level = 0.95);

}  // namespace ca::stats
