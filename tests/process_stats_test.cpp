// Statistics over per-process medians (compare's test): the exact U p-value against values counted by hand,
// Welch's t over logs, Benjamini-Hochberg's adjustment, the detectable change, and the bootstrap interval of
// the change.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "stats/process_test.hpp"

namespace ca::stats {
namespace {

TEST(ExactMannWhitney, CompletelySeparatedFiveAgainstFive) {
  // Of the C(10, 5) = 252 equally likely splits, one has U = 0 and one U = 25: p = 2 / 252.
  std::vector<double> slow{6, 7, 8, 9, 10}, fast{1, 2, 3, 4, 5};
  EXPECT_NEAR(exact_mann_whitney_p(slow, fast), 2.0 / 252, 1e-12);
  EXPECT_NEAR(exact_mann_whitney_p(fast, slow), 2.0 / 252, 1e-12);
}

TEST(ExactMannWhitney, ThreeAgainstThreeCanNeverReachFivePercent) {
  // C(6, 3) = 20 splits: the most extreme result has p = 2 / 20.
  std::vector<double> a{1, 2, 3}, b{4, 5, 6};
  EXPECT_NEAR(exact_mann_whitney_p(a, b), 0.1, 1e-12);
}

TEST(ExactMannWhitney, TwoAgainstTwoInterleaved) {
  // a = {1, 3}, b = {2, 4}: U = 1 (3 > 2). The six splits have U = 0, 1, 2, 2, 3, 4:
  // P(U <= 1) = 2/6, P(U >= 1) = 5/6, p = 2 * 2/6.
  std::vector<double> a{1, 3}, b{2, 4};
  EXPECT_NEAR(exact_mann_whitney_p(a, b), 2.0 / 3, 1e-12);
}

TEST(ExactMannWhitney, PublishedExample) {
  // scipy.stats.mannwhitneyu documentation (after Mann and Whitney 1947): U = 17, method="exact" gives
  // p = 0.1111111 (= 14 / 126 of the C(9, 4) splits).
  std::vector<double> males{19, 22, 16, 29, 24}, females{20, 11, 17, 12};
  EXPECT_NEAR(exact_mann_whitney_p(males, females), 1.0 / 9, 1e-12);
}

TEST(ExactMannWhitney, TiesAreEnumeratedWithMidranks) {
  // Pooled 1 2 2 2 3 3 4 4 (ties): of the 70 splits, 7 have U <= 2.5 (a's U), so p = 2 * 7/70.
  std::vector<double> a{1, 2, 2, 3}, b{2, 3, 4, 4};
  EXPECT_NEAR(exact_mann_whitney_p(a, b), 0.2, 1e-12);
  std::vector<double> same{5, 5, 5}, also{5, 5};
  EXPECT_DOUBLE_EQ(exact_mann_whitney_p(same, also), 1.0);
}

TEST(ExactMannWhitney, EmptySideIsNaN) {
  std::vector<double> a{1, 2}, none;
  EXPECT_TRUE(std::isnan(exact_mann_whitney_p(a, none)));
  EXPECT_TRUE(std::isnan(exact_mann_whitney_p(none, a)));
}

TEST(BenjaminiHochberg, StepUpWithMonotoneMinimum) {
  // m = 4 (the NaN does not count). Sorted: 0.005 x 4/1 = 0.02, 0.01 x 4/2 = 0.02, 0.03 x 4/3 = 0.04,
  // 0.04 x 4/4 = 0.04.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> ps{0.01, 0.04, nan, 0.03, 0.005};
  const std::vector<double> adjusted = benjamini_hochberg_adjust(ps);
  ASSERT_EQ(adjusted.size(), 5u);
  EXPECT_NEAR(adjusted[0], 0.02, 1e-12);
  EXPECT_NEAR(adjusted[1], 0.04, 1e-12);
  EXPECT_TRUE(std::isnan(adjusted[2]));  // not testable: not counted in m
  EXPECT_NEAR(adjusted[3], 0.04, 1e-12);
  EXPECT_NEAR(adjusted[4], 0.02, 1e-12);
  // The running minimum from the top: 0.01 x 3/1 = 0.03 is lowered to 0.012 x 3/2 = 0.018.
  std::vector<double> step{0.01, 0.012, 0.5};
  const std::vector<double> lowered = benjamini_hochberg_adjust(step);
  EXPECT_NEAR(lowered[0], 0.018, 1e-12);
  EXPECT_NEAR(lowered[1], 0.018, 1e-12);
  EXPECT_NEAR(lowered[2], 0.5, 1e-12);
  // Unlike Holm, four small p among 36 stay small: 0.001 x 36 / 4 = 0.009 for the fourth.
  std::vector<double> many(36, 0.8);
  for (size_t i = 0; i < 4; ++i) many[i] = 0.001;
  EXPECT_NEAR(benjamini_hochberg_adjust(many)[3], 0.009, 1e-12);
}

// Welch's t over logs, against a case worked by hand: logs {0, 1, 2} against {3, 4, 5, 6}: d = 3.5,
// se^2 = 1/3 + (5/3)/4 = 0.75, t = 4.0415, df = 0.75^2 / ((1/3)^2/2 + (5/12)^2/3) = 4.9592, and the two-sided
// p 0.0100769 from an independent numerical integration of the t density (tests/student_t_test.cpp).
TEST(LogWelch, MatchesAHandWorkedCase) {
  std::vector<double> base{1, std::exp(1.0), std::exp(2.0)};
  std::vector<double> candidate{std::exp(3.0), std::exp(4.0), std::exp(5.0), std::exp(6.0)};
  const LogWelch w = log_welch_t(base, candidate);
  EXPECT_NEAR(w.difference, 3.5, 1e-12);
  EXPECT_NEAR(w.se, std::sqrt(0.75), 1e-12);
  EXPECT_NEAR(w.t, 3.5 / std::sqrt(0.75), 1e-10);
  EXPECT_NEAR(w.df, 0.5625 / (1.0 / 18 + 25.0 / 432), 1e-10);
  EXPECT_NEAR(w.p, 0.01007694335, 1e-9);
  // Scale-free: the same ratios at any scale give the same test.
  std::vector<double> b2, c2;
  for (double v : base) b2.push_back(v * 1e6);
  for (double v : candidate) c2.push_back(v * 1e6);
  EXPECT_NEAR(log_welch_t(b2, c2).p, w.p, 1e-12);
  // The other direction: the same p, a negative t.
  EXPECT_NEAR(log_welch_t(candidate, base).t, -w.t, 1e-10);
}

TEST(LogWelch, NoSpreadAndTooFewValues) {
  std::vector<double> two{2, 2}, four{4, 4}, one{3}, bad{1, -1};
  const LogWelch doubled = log_welch_t(two, four);
  EXPECT_EQ(doubled.p, 0.0);
  EXPECT_TRUE(std::isinf(doubled.t) && doubled.t > 0);
  EXPECT_NEAR(doubled.difference, std::log(2.0), 1e-12);
  EXPECT_EQ(log_welch_t(two, two).p, 1.0);
  EXPECT_TRUE(std::isnan(log_welch_t(two, one).p));
  EXPECT_TRUE(std::isnan(log_welch_t(bad, two).p));
}

// (t_{1-a/2, df} + t_{power, df}) x se, the quantiles from the independent integration: df = 8, a = 0.05:
// 2.306004 + 0.888890; a = 0.05/36: 4.781002 + 0.888890.
TEST(DetectableChange, IsTheSumOfTheTwoQuantilesTimesTheSe) {
  EXPECT_NEAR(detectable_log_change(0.01, 8, 0.05), (2.306004135 + 0.8888895178) * 0.01, 1e-8);
  EXPECT_NEAR(detectable_log_change(0.01, 8, 0.05 / 36), (4.781001848 + 0.8888895178) * 0.01, 1e-8);
  EXPECT_NEAR(detectable_log_change(0.02, 8, 0.05), 2 * detectable_log_change(0.01, 8, 0.05), 1e-12);
  EXPECT_TRUE(std::isnan(detectable_log_change(NAN, 8, 0.05)));
}

TEST(BootstrapRatio, DeterministicAndAroundTheRatio) {
  std::vector<double> base{100, 101, 99, 102, 98}, slower{110, 111, 109, 112, 108};
  const RatioInterval a = bootstrap_median_ratio_ci(base, slower);
  const RatioInterval b = bootstrap_median_ratio_ci(base, slower);
  EXPECT_EQ(a.low, b.low);  // fixed seed: the same reports give the same interval
  EXPECT_EQ(a.high, b.high);
  EXPECT_LE(a.low, 1.1);
  EXPECT_GE(a.high, 1.1);
  // Every resampled median lies in [min, max] of its side: the ratio in [108/102, 112/98].
  EXPECT_GE(a.low, 108.0 / 102);
  EXPECT_LE(a.high, 112.0 / 98);
  const RatioInterval same = bootstrap_median_ratio_ci(base, base);
  EXPECT_LT(same.low, 1.0);
  EXPECT_GT(same.high, 1.0);
  std::vector<double> constant{5, 5, 5};
  const RatioInterval flat = bootstrap_median_ratio_ci(constant, constant);
  EXPECT_DOUBLE_EQ(flat.low, 1.0);
  EXPECT_DOUBLE_EQ(flat.high, 1.0);
  std::vector<double> none;
  EXPECT_TRUE(std::isnan(bootstrap_median_ratio_ci(none, base).low));
}

}  // namespace
}  // namespace ca::stats
