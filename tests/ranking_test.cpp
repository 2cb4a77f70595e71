#include "rank/ranking.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace ca {
namespace {

Record rec(std::string backend, std::string alg, double median, double lo, double hi,
           std::string op = "encrypt") {
  Record r;
  r.backend = std::move(backend);
  r.algorithm = std::move(alg);
  r.key_bits = 256;
  r.operation = std::move(op);
  r.data_bytes = 1024;
  r.summary.n = 10;
  r.summary.median = median;
  r.summary.ci = {lo, hi};
  return r;
}

// Issue #41 item 3: a rank above 1 whose own interval against the fastest contains 1 names the entry that is
// significantly faster than it. a's wide interval overlaps everything; b is tight and wholly faster than c.
// c is ranked 2 (b is significantly faster) although its interval against a, the first, holds 1: so c says
// "slower than b". b (rank 1) and an entry whose interval against the first excludes 1 say nothing.
TEST(Ranking, ARankItsIntervalAgainstTheFastestDoesNotShowNamesWhy) {
  std::vector<Record> rs{rec("a", "X", 100, 50, 150), rec("b", "X", 101, 100, 102),
                         rec("c", "X", 120, 110, 130), rec("d", "X", 400, 390, 410)};
  Ranking r = rank(rs, [](const Record&) { return true; });
  ASSERT_EQ(r.entries.size(), 4u);
  EXPECT_EQ(r.entries[0].record->backend, "a");
  EXPECT_EQ(r.entries[1].record->backend, "b");
  EXPECT_EQ(r.entries[1].rank, 1u);
  EXPECT_EQ(r.entries[1].slower_than, nullptr);
  EXPECT_EQ(r.entries[2].record->backend, "c");
  EXPECT_EQ(r.entries[2].rank, 2u);
  const stats::Interval versus_first = time_ratio_interval(*r.entries[2].record, *r.entries[0].record);
  ASSERT_LT(versus_first.low, 1.0);
  ASSERT_GT(versus_first.high, 1.0);
  ASSERT_NE(r.entries[2].slower_than, nullptr);
  EXPECT_EQ(r.entries[2].slower_than->backend, "b");
  EXPECT_EQ(r.entries[3].rank, 4u);
  EXPECT_EQ(r.entries[3].slower_than, nullptr) << "its interval against a lies wholly above 1";
}

TEST(Ranking, OrdersByMedianWithRatioAndDelta) {
  std::vector<Record> rs{rec("a", "AES-GCM", 200, 198, 202), rec("a", "AES-CTR", 100, 99, 101),
                         rec("a", "AES-CBC", 400, 390, 410)};
  Ranking r = rank(rs, [](const Record&) { return true; });
  ASSERT_EQ(r.entries.size(), 3u);
  EXPECT_EQ(r.entries[0].record->algorithm, "AES-CTR");
  EXPECT_EQ(r.entries[0].rank, 1u);
  EXPECT_DOUBLE_EQ(r.entries[0].ratio, 1.0);
  EXPECT_DOUBLE_EQ(r.entries[1].ratio, 2.0);
  EXPECT_DOUBLE_EQ(r.entries[1].delta_ns, 100.0);
  EXPECT_EQ(r.entries[2].rank, 3u);
  EXPECT_FALSE(r.entries[0].tied);
}

TEST(Ranking, OverlappingIntervalsShareARank) {
  std::vector<Record> rs{rec("a", "X", 100, 95, 105), rec("b", "X", 103, 99, 108),
                         rec("c", "X", 150, 140, 160)};
  Ranking r = rank(rs, [](const Record&) { return true; });
  EXPECT_EQ(r.entries[0].rank, 1u);
  EXPECT_EQ(r.entries[1].rank, 1u);
  EXPECT_TRUE(r.entries[0].tied);
  EXPECT_TRUE(r.entries[1].tied);
  EXPECT_EQ(r.entries[2].rank, 3u);
  EXPECT_FALSE(r.entries[2].tied);
}

TEST(Ranking, FailedAndUnsupportedAreNeverRanked) {
  std::vector<Record> rs{rec("a", "X", 100, 99, 101), rec("b", "X", 50, 49, 51), rec("c", "X", 10, 9, 11)};
  rs[1].status = Status::Failed;
  rs[2].status = Status::Unsupported;
  Ranking r = rank(rs, [](const Record&) { return true; });
  ASSERT_EQ(r.entries.size(), 1u);
  EXPECT_EQ(r.entries[0].record->backend, "a");
}

TEST(Ranking, LibraryRankingsOnlyWithTwoOrMoreBackends) {
  std::vector<Record> rs{rec("a", "AES-GCM", 100, 99, 101), rec("b", "AES-GCM", 120, 119, 121),
                         rec("a", "AES-CTR", 50, 49, 51)};
  auto libs = library_rankings(rs);
  ASSERT_EQ(libs.size(), 1u);
  EXPECT_EQ(libs[0].entries.size(), 2u);
  EXPECT_NE(libs[0].title.find("AES-GCM 256-bit encrypt, 1KB"), std::string::npos);
  auto algs = algorithm_rankings(rs);
  ASSERT_EQ(algs.size(), 1u);
  EXPECT_EQ(algs[0].title, "Encryption speed ranking");
  EXPECT_EQ(algs[0].entries.size(), 3u);
}

}  // namespace
}  // namespace ca

namespace ca {
namespace {

// A record of one interleaved comparison: samples per round = base * host[round] * noise[round].
Record interleaved(std::string backend, double base, const std::vector<double>& host,
                   const std::vector<double>& noise, std::string comparison = "c1") {
  Record r = rec(std::move(backend), "AES-GCM", 0, 0, 0);
  r.comparison = std::move(comparison);
  for (size_t i = 0; i < host.size(); ++i) {
    r.measurement.sample_ns.push_back(base * host[i] * noise[i]);
    r.measurement.sample_round.push_back(static_cast<uint32_t>(i));
  }
  r.summary = stats::summarize(r.measurement.sample_ns);
  return r;
}

const std::vector<double> kHost{1, 2, 1.5, 1, 3, 1, 2.5, 1, 1.2, 2, 1, 1.8};  // a host that changes speed
const std::vector<double> kFlat(12, 1.0);
const std::vector<double> kWobble{1.01, 0.99, 1.0, 1.02, 0.98, 1.0, 1.01, 0.99, 1.0, 1.02, 0.98, 1.0};

// Two records of --processes 2 as join_processes leaves them: process 1's rounds start at kRoundsPerProcess.
// b is 3 % slower than a in process 1 and 1 % slower in process 2, each with tight rounds: pooled, the
// rounds give an interval of about 1.005-1.035 and b ranks second; over two processes that disagree by 2 %,
// the interval (1 degree of freedom) contains 1 and they tie.
TEST(PairedRanking, WithProcessesTheRatioIntervalIsOverProcesses) {
  Record a = interleaved("a", 100, kHost, kWobble), b = interleaved("b", 103, kHost, kWobble);
  const Record a2 = interleaved("a", 100, kHost, kFlat), b2 = interleaved("b", 101, kHost, kFlat);
  for (Record* r : {&a, &b}) {
    const Record& more = r == &a ? a2 : b2;
    for (size_t i = 0; i < more.measurement.sample_ns.size(); ++i) {
      r->measurement.sample_ns.push_back(more.measurement.sample_ns[i]);
      r->measurement.sample_round.push_back(Record::kRoundsPerProcess + more.measurement.sample_round[i]);
    }
    r->process_samples = {kHost.size(), kHost.size()};
  }
  const stats::Ratio r = paired_ratio(b, a);
  EXPECT_EQ(r.pairs, 2 * kHost.size());
  EXPECT_NEAR(r.ratio, std::sqrt(1.03 * 1.01), 1e-3);
  EXPECT_LT(r.ci.low, 1.0);
  EXPECT_GT(r.ci.high, 1.03);
  Ranking ranking = rank({a, b}, [](const Record&) { return true; });
  EXPECT_EQ(ranking.entries[1].rank, 1u) << "tied: the processes disagree by as much as b is slower";
}

TEST(PairedRanking, DistinctWhenTheRatioIntervalExcludesOneEvenIfMediansOverlap) {
  // b is 3 % slower than a in every round; the host's phases make both medians' intervals wide and
  // overlapping, so the unpaired rule would call them a tie.
  std::vector<Record> rs{interleaved("a", 100, kHost, kFlat), interleaved("b", 103, kHost, kFlat)};
  ASSERT_LE(rs[1].summary.ci.low, rs[0].summary.ci.high) << "the medians' intervals overlap";
  Ranking r = rank(rs, [](const Record&) { return true; });
  ASSERT_EQ(r.entries.size(), 2u);
  EXPECT_EQ(r.entries[0].record->backend, "a");
  EXPECT_EQ(r.entries[1].rank, 2u);
  EXPECT_FALSE(r.entries[1].tied);
  EXPECT_TRUE(r.entries[1].paired);
  EXPECT_NEAR(r.entries[1].ratio, 1.03, 1e-9);
  EXPECT_NEAR(r.entries[1].versus_fastest.ci.low, 1.03, 1e-9);
}

TEST(PairedRanking, TieOnlyWhenTheRatioIntervalContainsOne) {
  std::vector<Record> rs{interleaved("a", 100, kHost, kFlat), interleaved("b", 100, kHost, kWobble)};
  Ranking r = rank(rs, [](const Record&) { return true; });
  EXPECT_EQ(r.entries[0].rank, 1u);
  EXPECT_EQ(r.entries[1].rank, 1u);
  EXPECT_TRUE(r.entries[1].tied);
  EXPECT_LE(r.entries[1].versus_fastest.ci.low, 1.0);
  EXPECT_GE(r.entries[1].versus_fastest.ci.high, 1.0);
}

TEST(PairedRanking, TiesDoNotChain) {
  // Per round, b / a = up (about 1.015) and c / a = up2 (about 1.03), with noise: b ties with a and with c,
  // c is significantly slower than a. c's rank is 1 + |{a}| = 2, whatever b is.
  const std::vector<double> up{0.96, 1.07, 0.98, 1.05, 1.00, 1.03, 0.97, 1.06, 0.99, 1.04, 1.01, 1.02};
  const std::vector<double> up2{1.03, 1.035, 1.025, 1.03, 1.03, 1.035, 1.025, 1.03, 1.03, 1.035, 1.025, 1.03};
  std::vector<Record> rs{interleaved("a", 100, kHost, kFlat), interleaved("b", 100, kHost, up),
                         interleaved("c", 100, kHost, up2)};
  ASSERT_FALSE(paired_ratio(rs[1], rs[0]).excludes_one());
  ASSERT_FALSE(paired_ratio(rs[2], rs[1]).excludes_one());
  ASSERT_TRUE(paired_ratio(rs[2], rs[0]).excludes_one());
  Ranking r = rank(rs, [](const Record&) { return true; });
  ASSERT_EQ(r.entries.size(), 3u);
  EXPECT_EQ(r.entries[0].record->backend, "a");
  EXPECT_EQ(r.entries[1].rank, 1u) << "b ties with a";
  EXPECT_EQ(r.entries[2].record->backend, "c");
  EXPECT_EQ(r.entries[2].rank, 2u) << "c: only a is significantly faster than it";
}

TEST(PairedRanking, AnEntryTiedWithTheFastestIsRankedFirst) {
  // The case: b's interval against the fastest contains 1, so nothing is significantly faster than
  // b and it shares rank 1, even though its point estimate is behind a's; c is significantly slower than
  // both.
  const std::vector<double> noisy{0.97, 1.03, 0.99, 1.02, 0.98, 1.01, 1.0, 0.96, 1.04, 1.0, 0.985, 1.015};
  std::vector<Record> rs{interleaved("a", 100, kHost, kFlat), interleaved("b", 100.5, kHost, noisy),
                         interleaved("c", 130, kHost, noisy)};
  Ranking r = rank(rs, [](const Record&) { return true; });
  ASSERT_EQ(r.entries.size(), 3u);
  EXPECT_EQ(r.entries[1].record->backend, "b");
  ASSERT_FALSE(r.entries[1].versus_fastest.excludes_one());
  EXPECT_EQ(r.entries[1].rank, 1u);
  EXPECT_EQ(r.entries[2].rank, 3u) << "a and b are both significantly faster than c";
}

TEST(PairedRanking, RanksAgreeWithEveryPairwiseInterval) {
  // Eight entries a few percent apart with noisy rounds: whatever the data, rank = 1 + the number of entries
  // whose paired interval against it lies wholly on the faster side, and the printed ratio lies inside the
  // printed interval.
  std::vector<Record> rs;
  const std::vector<double> bases{100, 101, 102.5, 104, 104.5, 110, 111, 150};
  for (size_t k = 0; k < bases.size(); ++k) {
    std::vector<double> noise;
    for (size_t i = 0; i < kHost.size(); ++i) noise.push_back(1.0 + 0.02 * std::sin(1.7 * (i + 1) * (k + 1)));
    rs.push_back(interleaved(std::string(1, static_cast<char>('a' + k)), bases[k], kHost, noise));
  }
  Ranking r = rank(rs, [](const Record&) { return true; });
  ASSERT_EQ(r.entries.size(), rs.size());
  bool some_shared = false;
  for (const auto& e : r.entries) {
    size_t faster = 0;
    for (const auto& f : r.entries)
      if (f.record != e.record && paired_ratio(*f.record, *e.record).ci.high < 1.0) ++faster;
    EXPECT_EQ(e.rank, 1 + faster) << e.record->backend;
    if (e.paired) {
      EXPECT_LE(e.versus_fastest.ci.low, e.ratio) << e.record->backend;
      EXPECT_GE(e.versus_fastest.ci.high, e.ratio) << e.record->backend;
    }
    some_shared = some_shared || e.tied;
  }
  EXPECT_TRUE(some_shared) << "the data are meant to have ties";
  for (size_t i = 1; i < r.entries.size(); ++i) EXPECT_LE(r.entries[i - 1].rank, r.entries[i].rank);
}

TEST(TieRule, RankIsOnePlusTheEntriesSignificantlyFaster) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const stats::Interval faster{0.80, 0.90}, slower{1.11, 1.25}, tie{0.97, 1.04}, tie_back{0.96, 1.03},
      none{nan, nan};
  // 0 beats 1 and 2; 1 and 2 tie; 3 was compared with nobody.
  const std::vector<std::vector<stats::Interval>> m{
      {{}, faster, faster, none},
      {slower, {}, tie, none},
      {slower, tie_back, {}, none},
      {none, none, none, {}},
  };
  EXPECT_EQ(significance_ranks(m), (std::vector<size_t>{1, 2, 2, 1}));
  // Ties do not chain: 0 ~ 1 and 1 ~ 2 but 0 is significantly faster than 2.
  const std::vector<std::vector<stats::Interval>> chain{
      {{}, tie, faster},
      {tie_back, {}, tie},
      {slower, tie_back, {}},
  };
  EXPECT_EQ(significance_ranks(chain), (std::vector<size_t>{1, 1, 2}));
  // An interval touching 1 is not wholly on the faster side.
  const std::vector<std::vector<stats::Interval>> edge{{{}, {0.9, 1.0}}, {{1.0, 1.1}, {}}};
  EXPECT_EQ(significance_ranks(edge), (std::vector<size_t>{1, 1}));
  EXPECT_TRUE(significance_ranks({}).empty());
}

TEST(PairedRanking, APairWithoutAnIntervalIsNotDistinguishable) {
  // Three paired rounds: one log-ratio left after trimming, no interval, so b is not ranked below a however
  // far apart the point says they are.
  const std::vector<double> host{1, 1.5, 1}, flat(3, 1.0);
  std::vector<Record> rs{interleaved("a", 100, host, flat), interleaved("b", 150, host, flat)};
  Ranking r = rank(rs, [](const Record&) { return true; });
  ASSERT_EQ(r.entries.size(), 2u);
  EXPECT_NEAR(r.entries[1].ratio, 1.5, 1e-9);
  EXPECT_EQ(r.entries[1].versus_fastest.coverage, 0.0);
  EXPECT_EQ(r.entries[1].rank, 1u);
}

TEST(TieRule, UnpairedRecordsCompareTheirMediansIntervals) {
  const Record a = rec("a", "X", 100, 95, 105), b = rec("b", "X", 120, 110, 130),
               c = rec("c", "X", 104, 103, 112);
  const stats::Interval ab = time_ratio_interval(a, b);
  EXPECT_NEAR(ab.low, 95.0 / 130, 1e-12);
  EXPECT_NEAR(ab.high, 105.0 / 110, 1e-12);
  EXPECT_LT(ab.high, 1.0) << "a's CI high end is below b's low end";
  EXPECT_GT(time_ratio_interval(c, b).high, 1.0) << "overlapping intervals";
}

TEST(PairedRanking, RecordsOfDifferentComparisonsAreNotPaired) {
  std::vector<Record> rs{interleaved("a", 100, kHost, kFlat, "c1"),
                         interleaved("b", 103, kHost, kFlat, "c2")};
  EXPECT_EQ(paired_ratio(rs[0], rs[1]).pairs, 0u);
  Ranking r = rank(rs, [](const Record&) { return true; });
  EXPECT_FALSE(r.entries[1].paired);
  EXPECT_EQ(r.entries[1].rank, 1u) << "unpaired: the medians' intervals overlap, a tie";
  EXPECT_TRUE(pairwise_ratios(rs).empty());
}

TEST(PairedRanking, PairwiseRatiosListEveryPairOfAComparison) {
  std::vector<Record> rs{interleaved("a", 100, kHost, kFlat), interleaved("b", 150, kHost, kFlat),
                         interleaved("c", 200, kHost, kFlat)};
  const auto pairs = pairwise_ratios(rs);
  ASSERT_EQ(pairs.size(), 3u);
  EXPECT_EQ(pairs[0].a->backend, "a");
  EXPECT_EQ(pairs[0].b->backend, "b");
  EXPECT_NEAR(pairs[0].ratio.ratio, 100.0 / 150.0, 1e-9);
  EXPECT_NEAR(pairs[2].ratio.ratio, 150.0 / 200.0, 1e-9);
}

}  // namespace
}  // namespace ca

#include "plugins/ranking_text.hpp"

namespace ca {
namespace {

TEST(RankingText, PairedEntriesShowTheRatioWithItsInterval) {
  RankedEntry e{nullptr, 2, false, 1.523, 10.0, true, {}, nullptr};
  e.versus_fastest.ratio = 1.523;
  e.versus_fastest.ci = {1.49, 1.551};
  e.versus_fastest.coverage = 0.95;
  e.versus_fastest.pairs = 40;
  EXPECT_EQ(ranking_standing(e), ", 1.52x slower, 95% CI 1.49–1.55");
  e.versus_fastest.coverage = 0.75;  // an interval claiming less than 95 %: the label gives its level
  EXPECT_EQ(ranking_standing(e), ", 1.52x slower, 75% CI 1.49–1.55");
  e.ratio = 1.0001;
  e.versus_fastest.ci = {0.99, 1.01};
  e.versus_fastest.coverage = 0.95;
  e.tied = true;
  EXPECT_EQ(ranking_standing(e), ", 1.00x, 95% CI 0.99–1.01, statistically indistinguishable");
  // A narrow interval: as many decimals as it takes to print the point strictly inside it.
  e.tied = false;
  e.ratio = e.versus_fastest.ratio = 1.3442;
  e.versus_fastest.ci = {1.3391, 1.3489};
  EXPECT_EQ(ranking_standing(e), ", 1.344x slower, 95% CI 1.339–1.349");
  e.ratio = e.versus_fastest.ratio = 1.00041;
  e.versus_fastest.ci = {1.00012, 1.00071};
  EXPECT_EQ(ranking_standing(e), ", 1.0004x, 95% CI 1.0001–1.0007");
  e.versus_fastest.ci = {1.00041, 1.00041};  // one round: the interval is the point, no more digits
  EXPECT_EQ(ranking_standing(e), ", 1.00x, 95% CI 1.00–1.00");
  e.versus_fastest.coverage = 0;  // three rounds: one log-ratio left after trimming, no interval
  e.versus_fastest.pairs = 3;
  e.ratio = 1.25;
  EXPECT_EQ(ranking_standing(e), ", 1.25x slower, no CI from 3 paired rounds");
  RankedEntry unpaired{nullptr, 2, false, 1.25, 10.0, false, {}, nullptr};
  EXPECT_EQ(ranking_standing(unpaired), ", 1.25x slower");
  RankedEntry fastest{nullptr, 1, false, 1.0, 0.0, false, {}, nullptr};
  EXPECT_EQ(ranking_standing(fastest), "");
  // Issue #41: the label is the level the interval holds, rounded down, whatever it is (never "95%" for a
  // 96.9 % order-statistic interval, nor for a 75 % one).
  EXPECT_EQ(ci_label(0.95), "95% CI");
  EXPECT_EQ(ci_label(0.96875), "96% CI");
  EXPECT_EQ(ci_label(0.75), "75% CI");
  EXPECT_EQ(ci_label(0.9375), "93% CI");
}

}  // namespace
}  // namespace ca
