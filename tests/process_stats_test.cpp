// Statistics over per-process medians (compare's test): the exact U p-value against values counted by hand,
// Welch's t over logs, Benjamini-Hochberg's adjustment, the detectable change, and Welch's interval of the
// change with its coverage by simulation.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "stats/process_test.hpp"
#include "stats/student_t.hpp"
#include "support/coverage.hpp"

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

// Welch's interval of the change: exp(d -+ t(0.975, df) se), around exp(d), excluding 1 exactly when Welch's
// p is below 0.05.
TEST(WelchRatioInterval, IsTheIntervalWelchsTestInverts) {
  std::vector<double> base{100, 101, 99, 102, 98}, slower{110, 111, 109, 112, 108};
  const LogWelch w = log_welch_t(base, slower);
  const RatioInterval ci = log_welch_ratio_ci(w);
  const double half = student_t_quantile(0.975, w.df) * w.se;
  EXPECT_NEAR(std::log(ci.low), w.difference - half, 1e-12);
  EXPECT_NEAR(std::log(ci.high), w.difference + half, 1e-12);
  EXPECT_GT(ci.low, 1.0);
  EXPECT_LT(w.p, 0.05);
  const LogWelch same = log_welch_t(base, base);
  const RatioInterval around_one = log_welch_ratio_ci(same);
  EXPECT_LT(around_one.low, 1.0);
  EXPECT_GT(around_one.high, 1.0);
  // p just above and below 0.05 lands the interval's edge on the matching side of 1.
  for (double shift : {1.01, 1.02, 1.03, 1.05}) {
    std::vector<double> moved;
    for (double x : base) moved.push_back(x * shift);
    moved[0] *= 1.02;
    const LogWelch m = log_welch_t(base, moved);
    const RatioInterval r = log_welch_ratio_ci(m);
    EXPECT_EQ(m.p<0.05, r.low> 1.0 || r.high < 1.0) << shift;
  }
  std::vector<double> constant{5, 5, 5};
  const RatioInterval flat = log_welch_ratio_ci(log_welch_t(constant, constant));
  EXPECT_DOUBLE_EQ(flat.low, 1.0);
  EXPECT_DOUBLE_EQ(flat.high, 1.0);
  std::vector<double> one{5};
  EXPECT_TRUE(std::isnan(log_welch_ratio_ci(log_welch_t(one, base)).low));
}

// Issue #41: compare's interval holds 95 % by simulation (2,000 draws each): process medians lognormal, the
// new report 8 % slower with a different spread (Welch's case), 3, 5 and 10 processes a side.
TEST(Coverage, WelchRatioIntervalHolds95Percent) {
  ca::testing::NormalDraws normal(0x41'0003);
  const double truth = std::exp(std::log(1.08));
  for (size_t n : {3, 5, 10}) {
    const double held = ca::testing::simulated_coverage([&] {
      std::vector<double> base, candidate;
      for (size_t i = 0; i < n; ++i) {
        base.push_back(1000 * std::exp(0.03 * normal()));
        candidate.push_back(1080 * std::exp(0.05 * normal()));
      }
      const RatioInterval ci = log_welch_ratio_ci(log_welch_t(base, candidate));
      return ci.low <= truth && truth <= ci.high;
    });
    EXPECT_NEAR(held, 0.95, 0.02) << n << " processes a side";
  }
}

}  // namespace
}  // namespace ca::stats
