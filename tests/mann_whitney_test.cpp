// The Mann–Whitney U test against values worked out by hand and a published example.
#include "stats/mann_whitney.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace ca::stats {
namespace {

TEST(MannWhitney, CompletelySeparatedSamples) {
  // Ranks of a: 1, 2, 3, so U = 6 - 3*4/2 = 0. mu = 4.5, sigma^2 = 9/12 * 7 = 5.25,
  // z = -(4.5 - 0.5) / sqrt(5.25) = -1.745743, p = erfc(1.745743 / sqrt 2) = 0.080856.
  std::vector<double> a{1, 2, 3}, b{4, 5, 6};
  MannWhitneyResult r = mann_whitney_u(a, b);
  EXPECT_DOUBLE_EQ(r.u, 0);
  EXPECT_NEAR(r.z, -1.7457431, 1e-6);
  EXPECT_NEAR(r.p, 0.0808556, 1e-6);
  MannWhitneyResult swapped = mann_whitney_u(b, a);
  EXPECT_DOUBLE_EQ(swapped.u, 9);  // n_a n_b - U
  EXPECT_NEAR(swapped.z, 1.7457431, 1e-6);
  EXPECT_NEAR(swapped.p, r.p, 1e-12);
}

TEST(MannWhitney, TiesUseMidranksAndCorrectTheVariance) {
  // Pooled: 1a 2a 2a 2b 3a 3b 4b 4b; ranks 1, 3, 3, 3, 5.5, 5.5, 7.5, 7.5. R_a = 1 + 3 + 3 + 5.5 = 12.5,
  // U = 12.5 - 10 = 2.5 (pairs: 2 vs 2 twice = 1, 3 > 2 = 1, 3 vs 3 = 0.5). Tie groups of 3, 2, 2:
  // sum(t^3 - t) = 24 + 6 + 6 = 36; sigma^2 = 16/12 * (9 - 36/56) = 11.142857;
  // z = -(5.5 - 0.5) / 3.338092 = -1.497862; p = 0.134169.
  std::vector<double> a{1, 2, 2, 3}, b{2, 3, 4, 4};
  MannWhitneyResult r = mann_whitney_u(a, b);
  EXPECT_DOUBLE_EQ(r.u, 2.5);
  EXPECT_NEAR(r.z, -1.4978617, 1e-6);
  EXPECT_NEAR(r.p, 0.1341692, 1e-6);
}

TEST(MannWhitney, PublishedExample) {
  // The example of the scipy.stats.mannwhitneyu documentation (ages of male and female employees, after
  // Mann and Whitney 1947): U = 17 and, with method="asymptotic", p = 0.11134688653314041.
  std::vector<double> males{19, 22, 16, 29, 24}, females{20, 11, 17, 12};
  MannWhitneyResult r = mann_whitney_u(males, females);
  EXPECT_DOUBLE_EQ(r.u, 17);
  EXPECT_NEAR(r.p, 0.11134688653314041, 1e-12);
}

TEST(MannWhitney, OrderOfInputDoesNotMatter) {
  std::vector<double> a{29, 16, 24, 19, 22}, b{12, 17, 11, 20};
  EXPECT_NEAR(mann_whitney_u(a, b).p, 0.11134688653314041, 1e-12);
}

TEST(MannWhitney, ClearShiftIsSignificant) {
  std::vector<double> a, b;
  for (int i = 0; i < 20; ++i) {
    a.push_back(100 + i);
    b.push_back(200 + i);
  }
  MannWhitneyResult r = mann_whitney_u(b, a);
  EXPECT_DOUBLE_EQ(r.u, 400);  // every b above every a
  EXPECT_GT(r.z, 0);
  EXPECT_LT(r.p, 1e-6);
}

TEST(MannWhitney, IdenticalSamplesAreNotSignificant) {
  std::vector<double> a{5, 6, 7, 8}, b{5, 6, 7, 8};
  MannWhitneyResult r = mann_whitney_u(a, b);
  EXPECT_DOUBLE_EQ(r.u, 8);  // = mu
  EXPECT_DOUBLE_EQ(r.z, 0);
  EXPECT_DOUBLE_EQ(r.p, 1);
}

TEST(MannWhitney, AllValuesEqualGivesPOne) {
  std::vector<double> a{3, 3, 3}, b{3, 3};
  MannWhitneyResult r = mann_whitney_u(a, b);
  EXPECT_DOUBLE_EQ(r.u, 3);
  EXPECT_DOUBLE_EQ(r.p, 1);
}

TEST(MannWhitney, SingleValues) {
  std::vector<double> a{1}, b{2};
  MannWhitneyResult r = mann_whitney_u(a, b);
  EXPECT_DOUBLE_EQ(r.u, 0);
  // mu = 0.5, sigma^2 = 1/12 * 3 = 0.25; |U - mu| - 0.5 = 0: z = 0, p = 1.
  EXPECT_DOUBLE_EQ(r.p, 1);
}

TEST(MannWhitney, EmptySampleGivesNaN) {
  std::vector<double> a{1, 2}, none;
  EXPECT_TRUE(std::isnan(mann_whitney_u(a, none).p));
  EXPECT_TRUE(std::isnan(mann_whitney_u(none, a).u));
}

}  // namespace
}  // namespace ca::stats
