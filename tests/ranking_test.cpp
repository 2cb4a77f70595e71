#include "rank/ranking.hpp"

#include <gtest/gtest.h>

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
  r.summary.ci95 = {lo, hi};
  return r;
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

TEST(PairedRanking, DistinctWhenTheRatioIntervalExcludesOneEvenIfMediansOverlap) {
  // b is 3 % slower than a in every round; the host's phases make both medians' intervals wide and
  // overlapping, so the unpaired rule would call them a tie.
  std::vector<Record> rs{interleaved("a", 100, kHost, kFlat), interleaved("b", 103, kHost, kFlat)};
  ASSERT_LE(rs[1].summary.ci95.low, rs[0].summary.ci95.high) << "the medians' intervals overlap";
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
  // Per round, b / a = up and c / a = up2. With 12 rounds the interval is [X(3), X(10)] of the sorted
  // ratios: b / a spans 1.00-1.03 (a tie), c / b = up2 / up spans 0.990-1.0196 (a tie), c / a spans
  // 1.01-1.04 (distinguishable).
  const std::vector<double> up{0.99, 0.99, 1.00, 1.02, 1.02, 1.02, 1.02, 1.02, 1.02, 1.03, 1.03, 1.03};
  const std::vector<double> up2{1.005, 1.005, 1.01, 1.01, 1.01, 1.01, 1.04, 1.04, 1.04, 1.04, 1.04, 1.04};
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
  EXPECT_EQ(r.entries[2].rank, 3u) << "c is distinguishable from a, whatever b is";
}

TEST(PairedRanking, RecordsOfDifferentComparisonsAreNotPaired) {
  std::vector<Record> rs{interleaved("a", 100, kHost, kFlat, "c1"), interleaved("b", 103, kHost, kFlat, "c2")};
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
  RankedEntry e{nullptr, 2, false, 1.523, 10.0, true, {}};
  e.versus_fastest.ratio = 1.523;
  e.versus_fastest.ci = {1.49, 1.551};
  e.versus_fastest.coverage = 0.96;
  e.versus_fastest.pairs = 40;
  EXPECT_EQ(ranking_standing(e), ", 1.52x slower, 95% CI 1.49–1.55");
  e.versus_fastest.coverage = 0.75;  // three pairs: [min, max]
  EXPECT_EQ(ranking_standing(e), ", 1.52x slower, 75% CI 1.49–1.55");
  e.ratio = 1.0001;
  e.versus_fastest.ci = {0.99, 1.01};
  e.versus_fastest.coverage = 0.96;
  e.tied = true;
  EXPECT_EQ(ranking_standing(e), ", 1.00x, 95% CI 0.99–1.01, statistically indistinguishable");
  RankedEntry unpaired{nullptr, 2, false, 1.25, 10.0, false, {}};
  EXPECT_EQ(ranking_standing(unpaired), ", 1.25x slower");
  RankedEntry fastest{nullptr, 1, false, 1.0, 0.0, false, {}};
  EXPECT_EQ(ranking_standing(fastest), "");
}

}  // namespace
}  // namespace ca
