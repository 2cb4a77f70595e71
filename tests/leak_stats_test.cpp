// core/stats/leak: Welch's t, dudect's cropping, the decile test, the stopping rule and the repetitions rule,
// on fixed vectors (no clock).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "stats/leak.hpp"

namespace ca::stats {
namespace {

// A fixed pseudo-random sequence (64-bit LCG, Knuth's MMIX constants), uniform in [0, 1).
struct Lcg {
  uint64_t s;
  double next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(s >> 11) / 9007199254740992.0;
  }
};

// n values around `centre` (uniform noise of width 20), from seed.
std::vector<double> noisy(size_t n, double centre, uint64_t seed) {
  Lcg g{seed};
  std::vector<double> v(n);
  for (double& x : v) x = centre + 20 * g.next();
  return v;
}

TEST(LeakStatsTest, WelchOnAFixedVector) {
  const std::vector<double> a{1, 2, 3, 4}, b{2, 3, 4, 5, 6};
  const Welch w = welch_t(a, b);
  // mean 2.5 vs 4; variances 5/3 and 2.5; se = sqrt(5/12 + 1/2).
  EXPECT_NEAR(w.diff, -1.5, 1e-12);
  EXPECT_NEAR(w.se, std::sqrt(5.0 / 12 + 0.5), 1e-12);
  EXPECT_NEAR(w.t, -1.5 / std::sqrt(5.0 / 12 + 0.5), 1e-12);
  EXPECT_EQ(w.n_a, 4u);
  EXPECT_EQ(w.n_b, 5u);
}

TEST(LeakStatsTest, WelchEdgeCases) {
  const std::vector<double> one{1}, two{1, 1}, three{2, 2};
  EXPECT_TRUE(std::isnan(welch_t(one, two).t));
  EXPECT_TRUE(std::isnan(welch_t({}, two).t));
  EXPECT_EQ(welch_t(two, two).t, 0.0);     // se 0, equal means
  EXPECT_LT(welch_t(two, three).t, -1e6);  // se 0, different means: no doubt at all
}

TEST(LeakStatsTest, DudectPercentiles) {
  const auto p = dudect_percentiles(100);
  ASSERT_EQ(p.size(), 100u);
  EXPECT_NEAR(p.front(), 1 - std::pow(0.5, 0.1), 1e-12);
  EXPECT_NEAR(p.back(), 1 - std::pow(0.5, 10), 1e-12);
  EXPECT_TRUE(std::is_sorted(p.begin(), p.end()));
}

TEST(LeakStatsTest, SortedQuantile) {
  const std::vector<double> s{1, 2, 3, 4};
  EXPECT_EQ(sorted_quantile(s, 0), 1);
  EXPECT_EQ(sorted_quantile(s, 1), 4);
  EXPECT_NEAR(sorted_quantile(s, 0.5), 2.5, 1e-12);
  EXPECT_NEAR(sorted_quantile(s, 1.0 / 3), 2, 1e-12);
  EXPECT_TRUE(std::isnan(sorted_quantile({}, 0.5)));
}

TEST(LeakStatsTest, CroppedWelchEqualsWelchOfTheKeptValues) {
  std::vector<double> a = noisy(500, 100, 1), b = noisy(400, 103, 2);
  a.push_back(1e6);  // an interrupt in class a only
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  const std::vector<double> ps{0.5, 0.9};
  const auto crops = cropped_welch(a, b, ps, 10);
  std::vector<double> pooled(a);
  pooled.insert(pooled.end(), b.begin(), b.end());
  std::sort(pooled.begin(), pooled.end());
  for (size_t i = 0; i < ps.size(); ++i) {
    const double thr = sorted_quantile(pooled, ps[i]);
    std::vector<double> ka, kb;
    for (double x : a)
      if (x < thr) ka.push_back(x);
    for (double x : b)
      if (x < thr) kb.push_back(x);
    const Welch expect = welch_t(ka, kb);
    EXPECT_EQ(crops[i].n_a, ka.size());
    EXPECT_EQ(crops[i].n_b, kb.size());
    EXPECT_NEAR(crops[i].t, expect.t, 1e-9);
  }
  // The outlier hides the shift from the raw test; the crop removes it.
  EXPECT_LT(std::fabs(welch_t(a, b).t), 2);
  EXPECT_GT(std::fabs(crops[1].t), 3);
}

TEST(LeakStatsTest, CropsWithTooFewValuesAreLeftOut) {
  std::vector<double> a = noisy(50, 100, 1), b = noisy(50, 100, 2);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  const std::vector<double> ps{0.01};
  EXPECT_EQ(cropped_welch(a, b, ps, 100)[0].n_a, 0u);
}

TEST(LeakStatsTest, DecileTestSeesALeakInTheUpperTailOnly) {
  std::vector<double> a = noisy(20000, 1000, 3), b = noisy(20000, 1000, 4);
  // The slowest 10 % of class a take 5 units longer; the rest is the same distribution.
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  for (size_t i = a.size() * 85 / 100; i < a.size(); ++i) a[i] += 5;
  const DecileTest d = decile_test(a, b, 7);
  ASSERT_EQ(d.z.size(), 9u);
  EXPECT_GT(d.max_abs_z, 10);
  EXPECT_EQ(d.at, 9u);
  EXPECT_LT(std::fabs(d.z[0]), 4.5);  // the first decile did not move
  // The same seed gives the same statistic (the bootstrap is reproducible).
  EXPECT_EQ(decile_test(a, b, 7).max_abs_z, d.max_abs_z);
}

TEST(LeakStatsTest, DecileTestQuietOnOneDistribution) {
  std::vector<double> a = noisy(20000, 1000, 5), b = noisy(20000, 1000, 6);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_LT(decile_test(a, b, 7).max_abs_z, 4.5);
}

TEST(LeakStatsTest, ResolutionIsTheSmallestStep) {
  const std::vector<double> a{100, 121, 121, 163}, b{142, 142};
  EXPECT_EQ(resolution(a, b), 21);
  EXPECT_EQ(resolution(b, b), 0);
}

TEST(LeakStatsTest, OneStepOfACoarseCounterIsNotALeak) {
  // A counter that ticks by 21: every decile of a sits on 121, every decile of b on 142. The bootstrap
  // error is 0; half a step is its floor, so one step gives |z| = 2, not an infinitely significant 1e9.
  std::vector<double> a(10000, 121), b(10000, 142);
  a.front() = 100;
  b.front() = 121;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  const DecileTest d = decile_test(a, b, 1);
  EXPECT_NEAR(d.max_abs_z, 2, 1e-9);
}

TEST(LeakStatsTest, LeakStatisticsOfAShiftAndOfNoShift) {
  const LeakThresholds th;
  const auto same = leak_statistics(noisy(20000, 1000, 8), noisy(20000, 1000, 9), th, 1);
  EXPECT_LT(same.max_t, 4.5);
  EXPECT_NEAR(same.target_effect, 0.01 * 1010, 1.0);  // 1 % of the median
  EXPECT_LT(same.detectable, same.target_effect);
  EXPECT_EQ(decide(same, th), Verdict::NoEvidence);

  const auto shifted = leak_statistics(noisy(20000, 1030, 10), noisy(20000, 1000, 11), th, 1);
  EXPECT_GT(shifted.max_t, 10);
  EXPECT_NEAR(shifted.raw.diff, 30, 1);
  EXPECT_EQ(decide(shifted, th), Verdict::Leak);
}

TEST(LeakStatsTest, StoppingRule) {
  const LeakThresholds th;  // leak 10, quiet 4.5, 10000 per class
  LeakStatistics s;
  s.n_a = s.n_b = 20000;
  s.target_effect = 5;
  s.detectable = 1;
  s.max_t = s.sized_t = 11;  // an effect of the target size at |t| 11
  EXPECT_EQ(decide(s, th), Verdict::Leak);
  s.max_t = s.sized_t = 3;
  EXPECT_EQ(decide(s, th), Verdict::NoEvidence);
  s.detectable = 6;  // the test could not yet see an effect of the target size
  EXPECT_EQ(decide(s, th), Verdict::Inconclusive);
  s.detectable = 1;
  s.max_t = s.sized_t = 6;  // suspicious, not decided
  EXPECT_EQ(decide(s, th), Verdict::Inconclusive);
  s.max_t = s.sized_t = 11;
  s.n_b = 9999;  // too few calls for any decision
  EXPECT_EQ(decide(s, th), Verdict::Inconclusive);
  s.n_b = 20000;
  // Highly significant, but no effect of the target size: not a leak, and no evidence of one.
  s.max_t = 40;
  s.sized_t = 0;
  EXPECT_EQ(decide(s, th), Verdict::NoEvidence);
  EXPECT_TRUE(significant_below_target(s, th));
  s.max_t = 3;
  EXPECT_FALSE(significant_below_target(s, th));
}

// The false leak of issue #25: OpenSSL's constant-time tag check, an effect of 1.5 counter units on a
// 1274-unit median (0.1 %), under one step of a counter that moves by 21, found significant after
// hundreds of thousands of calls. A leak must be an effect of the stated size.
TEST(LeakStatsTest, ASignificantEffectBelowTheTargetIsNotALeak) {
  const LeakThresholds th;  // 1 % of the median, 5 units, and one counter step
  // A counter with a step of 21: class a sits one step higher in 7 % of calls more than class b.
  Lcg g{42};
  std::vector<double> a(300000), b(300000);
  for (double& x : a) x = 1260 + 21 * (g.next() < 0.57 ? 1 : 0) + (g.next() < 0.01 ? 2100 : 0);
  for (double& x : b) x = 1260 + 21 * (g.next() < 0.50 ? 1 : 0) + (g.next() < 0.01 ? 2100 : 0);
  const LeakStatistics s = leak_statistics(a, b, th, 1);
  EXPECT_GT(s.max_t, 10) << "the difference is significant";
  EXPECT_NEAR(s.step, 21, 1e-9);
  EXPECT_NEAR(s.target_effect, 21, 1e-9);  // one step: more than 1 % of 1270
  EXPECT_LT(std::fabs(s.effect), s.target_effect);
  EXPECT_NE(decide(s, th), Verdict::Leak) << "max |t| " << s.max_t << " from " << s.max_from;
  EXPECT_EQ(decide(s, th), Verdict::NoEvidence);
  EXPECT_TRUE(significant_below_target(s, th));
}

// Every call of the top crops on one step of the counter: a standard error of 0 does not mean any shift is
// visible; the screen says it could see one step, not 0.
TEST(LeakStatsTest, AZeroErrorSeesOneStepNotZero) {
  // 2.4 % of the calls one step up: the crops at 99 % and above keep only the calls on the lower step.
  std::vector<double> a(20000, 100), b(20000, 100);
  std::fill(a.end() - 500, a.end(), 126);
  std::fill(b.end() - 500, b.end(), 126);
  const LeakStatistics s = leak_statistics(a, b, LeakThresholds{}, 1);
  EXPECT_NEAR(s.step, 26, 1e-9);
  EXPECT_NEAR(s.detectable, 26, 1e-9);
}

// A leak of 3 % of the median in a noisy sample is found by a statistic whose effect is of the target size.
TEST(LeakStatsTest, AnEffectOfTheTargetSizeIsALeak) {
  const LeakThresholds th;
  const auto s = leak_statistics(noisy(50000, 1030, 12), noisy(50000, 1000, 13), th, 1);
  EXPECT_GT(s.sized_t, 10);
  EXPECT_GE(std::fabs(s.sized_effect), s.target_effect);
  EXPECT_GT(s.sized_effect, 0);  // class a is slower
  EXPECT_EQ(decide(s, th), Verdict::Leak);
}

TEST(LeakStatsTest, RepetitionsMustAgree) {
  using V = Verdict;
  EXPECT_EQ(combine_repetitions(std::vector<V>{V::Leak, V::Leak, V::Leak}), V::Leak);
  EXPECT_EQ(combine_repetitions(std::vector<V>{V::Leak, V::Leak, V::NoEvidence}), V::Inconclusive);
  EXPECT_EQ(combine_repetitions(std::vector<V>{V::NoEvidence, V::NoEvidence}), V::NoEvidence);
  EXPECT_EQ(combine_repetitions(std::vector<V>{V::Leak, V::Inconclusive}), V::Inconclusive);
  EXPECT_EQ(combine_repetitions(std::vector<V>{}), V::Inconclusive);
  EXPECT_EQ(verdict_name(V::NoEvidence), "no evidence");
  // A leak keeps its direction: repetitions whose effects change sign are a layout artefact, not a leak.
  const std::vector<V> three{V::Leak, V::Leak, V::Leak};
  EXPECT_EQ(combine_repetitions(three, std::vector<double>{-30, -28, -31}), V::Leak);
  EXPECT_EQ(combine_repetitions(three, std::vector<double>{-30, 28, -31}), V::Inconclusive);
}

}  // namespace
}  // namespace ca::stats
