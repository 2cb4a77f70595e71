// Paired ratios of interleaved samples (core/stats/paired.hpp), with fixed vectors.
#include "stats/paired.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace ca::stats;

TEST(Paired, LogRatiosPairOnlyCommonRounds) {
  // a misses round 2, b misses round 0; a's round 3 sample is invalid (0).
  const std::vector<double> a{2, 4, 0, 10};
  const std::vector<size_t> ar{0, 1, 3, 4};
  const std::vector<double> b{1, 8, 5, 5};
  const std::vector<size_t> br{1, 2, 3, 4};
  const auto logs = paired_log_ratios(a, ar, b, br);
  ASSERT_EQ(logs.size(), 2u);  // rounds 1 and 4
  EXPECT_NEAR(logs[0], std::log(4.0 / 1.0), 1e-12);
  EXPECT_NEAR(logs[1], std::log(10.0 / 5.0), 1e-12);
}

TEST(Paired, RatioIsExpOfMedianLogWithOrderStatisticInterval) {
  // Ten rounds. The host's speed changes by 3x between rounds, but a is always 1.5x b except one noisy round:
  // absolute samples spread 3x, the ratio does not.
  std::vector<double> a, b;
  std::vector<size_t> rounds;
  for (size_t i = 0; i < 10; ++i) {
    const double host = i % 2 ? 3.0 : 1.0;
    b.push_back(100 * host);
    a.push_back(150 * host * (i == 7 ? 1.2 : 1.0));
    rounds.push_back(i);
  }
  const Ratio r = paired_ratio(a, rounds, b, rounds);
  EXPECT_EQ(r.pairs, 10u);
  EXPECT_NEAR(r.ratio, 1.5, 1e-12);
  // n = 10: the interval is [X(2), X(9)] of the sorted log-ratios: 1.5 and 1.5 (only X(10) is 1.8).
  EXPECT_NEAR(r.ci.low, 1.5, 1e-12);
  EXPECT_NEAR(r.ci.high, 1.5, 1e-12);
  EXPECT_TRUE(r.excludes_one());
  EXPECT_GE(r.coverage, 0.95);
  // The reverse ratio is the inverse, interval mirrored.
  const Ratio back = paired_ratio(b, rounds, a, rounds);
  EXPECT_NEAR(back.ratio, 1 / 1.5, 1e-12);
}

TEST(Paired, IntervalContainingOneIsATie) {
  // Log-ratios symmetric around 0: ratio 1, interval straddles 1.
  const std::vector<double> logs{-0.03, -0.02, -0.01, 0.0, 0.0, 0.01, 0.02, 0.03, -0.015, 0.015};
  const Ratio r = paired_ratio(logs);
  EXPECT_NEAR(r.ratio, 1.0, 1e-12);
  EXPECT_LT(r.ci.low, 1.0);
  EXPECT_GT(r.ci.high, 1.0);
  EXPECT_FALSE(r.excludes_one());
  // sorted: -0.03 -0.02 -0.015 -0.01 0 0 0.01 0.015 0.02 0.03 -> [X(2), X(9)] = [-0.02, 0.02]
  EXPECT_NEAR(r.ci.low, std::exp(-0.02), 1e-12);
  EXPECT_NEAR(r.ci.high, std::exp(0.02), 1e-12);
  EXPECT_NEAR(r.relative_half_width(), std::exp(0.02) - 1, 1e-12);
}

TEST(Paired, FewPairsReportTheirRealCoverage) {
  const std::vector<double> logs{0.1, 0.2, 0.3};
  const Ratio r = paired_ratio(logs);
  EXPECT_EQ(r.pairs, 3u);
  EXPECT_NEAR(r.coverage, 0.75, 1e-12);  // [min, max] of 3 values
  EXPECT_NEAR(r.ci.low, std::exp(0.1), 1e-12);
  EXPECT_NEAR(r.ci.high, std::exp(0.3), 1e-12);
}

TEST(Paired, NoPairsIsNaN) {
  const Ratio r = paired_ratio(std::vector<double>{});
  EXPECT_EQ(r.pairs, 0u);
  EXPECT_TRUE(std::isnan(r.ratio));
  EXPECT_FALSE(r.excludes_one());
  EXPECT_TRUE(std::isinf(r.relative_half_width()));
}
