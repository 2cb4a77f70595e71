// The Mann–Whitney U test (Wilcoxon rank-sum test), two-sided, for "do these two sets of samples come from
// the same distribution, or does one tend to be larger?" — distribution-free, so it suits timing samples,
// whose distributions are skewed and have long right tails.
#pragma once

#include <cstddef>
#include <span>

namespace ca::stats {

struct MannWhitneyResult {
  double u = 0;  // U of the first sample: pairs (a_i, b_j) with a_i > b_j, ties counting 1/2
  double z = 0;  // standardised U with continuity correction; > 0 when a tends to be larger
  double p = 0;  // two-sided p-value
};

/// Normal approximation with tie correction and continuity correction (the asymptotic method of
/// scipy.stats.mannwhitneyu): with n = n_a + n_b, midranks for ties, U = R_a - n_a (n_a + 1) / 2,
/// mu = n_a n_b / 2, sigma^2 = n_a n_b / 12 * ((n + 1) - sum(t^3 - t) / (n (n - 1))) over tie groups of
/// size t, z = sign(U - mu) * max(0, |U - mu| - 1/2) / sigma, p = erfc(|z| / sqrt 2).
/// When every value is the same (sigma = 0), z = 0 and p = 1. NaNs when either sample is empty. The
/// approximation is good from about 8 samples each; below that p is only indicative.
MannWhitneyResult mann_whitney_u(std::span<const double> a, std::span<const double> b);

}  // namespace ca::stats
