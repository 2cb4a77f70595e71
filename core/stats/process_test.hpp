// Statistics over per-process medians, for `cryptauditor compare` (docs/COMPARE.md): two runs differ by
// more than the samples inside one process (host phase, memory layout, ASLR, CPU placement), so a change is
// judged over the medians of independent worker processes (--processes N), not over one process's samples.
// Pure functions over spans; no clock, no randomness.
#pragma once

#include <cstddef>
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

/// Welch's t-test of the logs of two sets of positive values (per-process medians): d = mean(log candidate)
/// - mean(log base), se = sqrt(s_b^2 / n_b + s_c^2 / n_c), t = d / se, and the Welch–Satterthwaite degrees of
/// freedom df = se^4 / ((s_b^2/n_b)^2 / (n_b - 1) + (s_c^2/n_c)^2 / (n_c - 1)); p is the exact two-sided
/// Student-t p-value at that df (stats/student_t.hpp). exp(d) is the ratio of the geometric means. Logs make
/// a change a difference, so a 2x slowdown has the same t at 1 us as at 1 ms. When both sides have no spread
/// (se = 0), p is 0 if the means differ and 1 if not, df = n_b + n_c - 2. NaNs when a side has fewer than 2
/// values or a value is not positive.
struct LogWelch {
  double difference;  // d, on the log scale
  double se;          // its standard error
  double df;          // Welch–Satterthwaite degrees of freedom
  double t;           // d / se (+-inf when se = 0 and d != 0)
  double p;           // two-sided
};
LogWelch log_welch_t(std::span<const double> base, std::span<const double> candidate);

/// The smallest change, on the log scale, that a two-sided level-alpha t-test with this se and df detects
/// with probability `power`: (t_{1 - alpha/2, df} + t_{power, df}) * se (the usual approximation that
/// ignores the noncentral t's skew). exp(result) - 1 is that change as a fraction. NaN when se or df is NaN.
double detectable_log_change(double se, double df, double alpha, double power = 0.8);

/// Benjamini–Hochberg adjusted p-values (Benjamini and Hochberg, 1995) of m p-values: sorted ascending,
/// p_(i) becomes min over j >= i of min(1, m p_(j) / j); returned in the input order. Rejecting where the
/// adjusted p is at most q controls the false discovery rate at q for independent tests, and under the
/// complete null (no true change anywhere, an A/A compare) the chance of any rejection is then at most q.
/// NaNs stay NaN and do not count in m.
std::vector<double> benjamini_hochberg_adjust(std::span<const double> ps);

/// The interval of the ratio Welch's t tests, exp(d -+ t_{(1 + level)/2, df} se) from log_welch_t's d, se
/// and df: the ratio of the two sides' geometric means of process medians, exp(d), lies at its geometric
/// centre, and the interval is the one Welch's test inverts (it excludes 1 exactly when p < 1 - level). Its
/// level is `level` when the logs of the process medians are normal with any variances, approximately
/// (Welch, Biometrika 34, 1947); tests/process_stats_test.cpp checks 95 % +- 2 % by simulation. One value
/// when se = 0; NaNs when the test has NaNs (a side with fewer than 2 values).
struct RatioInterval {
  double low, high;
};
RatioInterval log_welch_ratio_ci(const LogWelch& w, double level = 0.95);

}  // namespace ca::stats
