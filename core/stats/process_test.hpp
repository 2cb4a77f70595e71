// Statistics over per-process medians, for `cryptauditor compare` (docs/COMPARE.md): two runs differ by
// more than the samples inside one process (host phase, memory layout, ASLR, CPU placement), so a change is
// judged over the medians of independent worker processes (--processes N), not over one process's samples.
// Pure functions over spans; no clock, no randomness beyond a fixed-seed generator.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace ca::stats {

/// Two-sided p-value of the Mann–Whitney U test (Wilcoxon rank-sum) of a against b, exact: the null
/// distribution of U when every split of the pooled values into |a| and |b| is equally likely. Without ties
/// it is counted by recursion over (n_a, n_b, U) (Mann and Whitney, 1947); with ties (midranks) the splits
/// are enumerated when there are at most 2e6 of them, else the tie-corrected normal approximation
/// (mann_whitney_u) is returned. p = min(1, 2 * min(P(U <= u), P(U >= u))). Examples: 5 against 5 with every
/// value of a above every value of b: p = 2/252 = 0.0079; 3 against 3: 2/20 = 0.1 (no 3-against-3 result can
/// reach 0.05). NaN when either side is empty.
double exact_mann_whitney_p(std::span<const double> a, std::span<const double> b);

/// Holm–Bonferroni step-down adjustment of m p-values (Holm, 1979): sorted ascending, p_(i) becomes
/// max over j <= i of min(1, (m - j + 1) p_(j)); returned in the input order. A hypothesis is rejected at
/// family-wise level alpha when its adjusted p is below alpha. NaNs stay NaN and do not count in m.
std::vector<double> holm_adjust(std::span<const double> ps);

/// Percentile bootstrap interval of median(b_new) / median(a_base): `resamples` times, each side is
/// resampled with replacement on its own and the ratio of the two medians taken; the interval is the
/// (1 - level)/2 and (1 + level)/2 quantiles of those ratios. A fixed seed makes it deterministic (the same
/// reports give the same interval). NaNs when either side is empty or a base median is not positive.
struct RatioInterval {
  double low, high;
};
RatioInterval bootstrap_median_ratio_ci(std::span<const double> base, std::span<const double> candidate,
                                        double level = 0.95, size_t resamples = 2000,
                                        uint64_t seed = 0x5eed'c0a1'b007'57a9ull);

}  // namespace ca::stats
