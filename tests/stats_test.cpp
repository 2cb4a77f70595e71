#include "stats/stats.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace ca::stats {
namespace {

const std::vector<double> kEmpty;
const std::vector<double> kOne{5.0};
const std::vector<double> kFive{3, 1, 4, 1, 5};

TEST(Stats, Median) {
  EXPECT_DOUBLE_EQ(median(kFive), 3.0);
  EXPECT_DOUBLE_EQ(median(std::vector<double>{4, 1, 3, 2}), 2.5);
  EXPECT_DOUBLE_EQ(median(kOne), 5.0);
  EXPECT_TRUE(std::isnan(median(kEmpty)));
}

TEST(Stats, MeanAndStddev) {
  EXPECT_DOUBLE_EQ(mean(kFive), 2.8);
  // sum of squared deviations: 0.04 + 3.24 + 1.44 + 3.24 + 4.84 = 12.8, / 4 = 3.2
  EXPECT_NEAR(stddev(kFive), std::sqrt(3.2), 1e-12);
  EXPECT_TRUE(std::isnan(stddev(kOne)));
  EXPECT_TRUE(std::isnan(mean(kEmpty)));
  EXPECT_NEAR(cv(kFive), std::sqrt(3.2) / 2.8, 1e-12);
}

TEST(Stats, MadAndMdape) {
  // |x - 3| = 0, 2, 1, 2, 2 -> median 2
  EXPECT_DOUBLE_EQ(mad(kFive), 2.0);
  // relative deviations 0, 2/3, 1/3, 2/3, 2/3 -> median 2/3
  EXPECT_NEAR(mdape(kFive), 2.0 / 3.0, 1e-12);
  EXPECT_DOUBLE_EQ(mad(kOne), 0.0);
  EXPECT_DOUBLE_EQ(mdape(kOne), 0.0);
  EXPECT_TRUE(std::isnan(mdape(std::vector<double>{0, 0, 0})));
}

TEST(Stats, MadZeroHasNoOutliers) {
  std::vector<double> flat{2, 2, 2, 2, 9};
  EXPECT_DOUBLE_EQ(mad(flat), 0.0);
  EXPECT_TRUE(outliers_modified_z(flat).empty());
}

TEST(Stats, OutliersByModifiedZ) {
  std::vector<double> xs{10, 11, 10, 12, 11, 10, 11, 50};
  auto out = outliers_modified_z(xs);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], 7u);
  EXPECT_TRUE(outliers_modified_z(std::vector<double>{1, 100}).empty());
}

TEST(Stats, MedianCiOrderStatistics) {
  // n = 10: P(B <= 1) = 11/1024 = 0.0107 <= 0.025 < P(B <= 2) = 56/1024, so j = 2: [X(2), X(9)].
  std::vector<double> xs{10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
  Interval ci = median_ci(xs);
  EXPECT_DOUBLE_EQ(ci.low, 2.0);
  EXPECT_DOUBLE_EQ(ci.high, 9.0);
  // n = 5 cannot reach 95 % (P(B = 0) = 1/32 > 0.025): the whole range.
  Interval small = median_ci(kFive);
  EXPECT_DOUBLE_EQ(small.low, 1.0);
  EXPECT_DOUBLE_EQ(small.high, 5.0);
  Interval one = median_ci(kOne);
  EXPECT_DOUBLE_EQ(one.low, 5.0);
  EXPECT_DOUBLE_EQ(one.high, 5.0);
  EXPECT_TRUE(std::isnan(median_ci(kEmpty).low));
}

TEST(Stats, MedianCiNarrowsWithMoreSamples) {
  std::vector<double> xs;
  for (int i = 0; i < 1000; ++i) xs.push_back(100.0 + (i % 100) * 0.01);
  Interval ci = median_ci(xs);
  EXPECT_LE(ci.low, median(xs));
  EXPECT_GE(ci.high, median(xs));
  EXPECT_LT(ci.high - ci.low, 0.2);
}

TEST(Stats, InputIsNotReordered) {
  std::vector<double> xs{3, 1, 2};
  summarize(xs);
  EXPECT_EQ(xs, (std::vector<double>{3, 1, 2}));
}

TEST(Stats, SummaryOfEmptyIsNaN) {
  Summary s = summarize(kEmpty);
  EXPECT_EQ(s.n, 0u);
  EXPECT_TRUE(std::isnan(s.median));
}

}  // namespace
}  // namespace ca::stats
