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
