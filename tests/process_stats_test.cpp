// Statistics over per-process medians (compare's test): the exact U p-value against values counted by hand,
// Holm's adjustment, and the bootstrap interval of the change.
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

TEST(HolmAdjust, StepDownWithMonotoneMaximum) {
  // Sorted: 0.005 * 4 = 0.02, 0.01 * 3 = 0.03, 0.03 * 2 = 0.06, 0.04 * 1 = 0.04 -> raised to 0.06.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> ps{0.01, 0.04, nan, 0.03, 0.005};
  const std::vector<double> adjusted = holm_adjust(ps);
  ASSERT_EQ(adjusted.size(), 5u);
  EXPECT_NEAR(adjusted[0], 0.03, 1e-12);
  EXPECT_NEAR(adjusted[1], 0.06, 1e-12);
  EXPECT_TRUE(std::isnan(adjusted[2]));  // not testable: not counted in m
  EXPECT_NEAR(adjusted[3], 0.06, 1e-12);
  EXPECT_NEAR(adjusted[4], 0.02, 1e-12);
  std::vector<double> one{0.7};
  EXPECT_DOUBLE_EQ(holm_adjust(one)[0], 0.7);
  std::vector<double> big{0.6, 0.9};
  EXPECT_DOUBLE_EQ(holm_adjust(big)[0], 1.0);  // capped at 1
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
