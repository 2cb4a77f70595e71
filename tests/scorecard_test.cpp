// The library selection decision (core/select/scorecard.hpp) on synthetic evidence: each rule of the
// scorecard by itself, so that removing one makes its test fail.
#include "select/scorecard.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "plugins/scorecard_report.hpp"

namespace ca::select {
namespace {

// A record at 16 KB with its median and 95 % interval (not paired: the tie rule then uses the medians'
// intervals, rank/ranking.hpp time_ratio_interval).
Record rec(const std::string& backend, double median, double lo, double hi, size_t bytes = 16384,
           Status status = Status::Ok, const std::string& error = "") {
  Record r;
  r.backend = backend;
  r.algorithm = "AES-GCM";
  r.key_bits = 256;
  r.operation = "encrypt";
  r.data_bytes = bytes;
  r.status = status;
  r.error = error;
  r.summary.n = 10;
  r.summary.median = median;
  r.summary.ci = {lo, hi};
  return r;
}

Evidence base() {
  Evidence ev;
  for (const char* b : {"fast", "mid", "slow"}) ev.backends.push_back({b, b, "1.0", "aes-ni", {}});
  ev.records = {rec("fast", 100, 99, 101), rec("mid", 200, 198, 202), rec("slow", 900, 890, 910)};
  ev.vectors_found = true;
  ev.algorithms_with_vectors = {"AES-GCM"};
  for (const char* b : {"fast", "mid", "slow"})
    ev.conformance.push_back({b, "AES-GCM", 300, 0, 0, 0, {"aes_gcm_test.json"}});
  ev.leaks_screened = true;
  ev.algorithms_with_leak_test = {"AES-GCM"};
  for (const char* b : {"fast", "mid", "slow"})
    ev.leaks.push_back({b, "AES-GCM", "timing", "tag-first-vs-last", "no evidence", 0, 0});
  return ev;
}

const Row& row(const Scorecard& s, const std::string& backend) {
  for (const Row& r : s.cards.at(0).rows)
    if (r.backend.name == backend) return r;
  throw std::runtime_error("no row " + backend);
}

bool has(const std::vector<std::string>& items, const std::string& text) {
  return std::any_of(items.begin(), items.end(),
                     [&](const std::string& i) { return i.find(text) != std::string::npos; });
}

TEST(Scorecard, FastestEligibleIsRecommendedOthersAcceptableWithRatio) {
  const Scorecard s = decide(base());
  ASSERT_EQ(s.cards.size(), 1u);
  EXPECT_EQ(s.cards[0].recommended(), std::vector<std::string>{"fast"});
  EXPECT_EQ(s.cards[0].runner_up(), "mid");
  EXPECT_EQ(row(s, "mid").decision, Decision::Acceptable);
  EXPECT_TRUE(has(row(s, "mid").notes, "2.0x slower than the fastest eligible library at encrypt 16KB"))
      << row(s, "mid").notes.front();
  EXPECT_EQ(s.cards[0].rows.front().backend.name, "fast") << "recommended first";
}

TEST(Scorecard, AllTiedForFirstAreRecommended) {
  Evidence ev = base();
  ev.records[1] = rec("mid", 101, 98, 104);  // its interval overlaps fast's: not significantly slower
  const Scorecard s = decide(ev);
  EXPECT_EQ(s.cards[0].recommended(), (std::vector<std::string>{"fast", "mid"}));
  EXPECT_TRUE(has(row(s, "mid").notes, "tied for first"));
}

TEST(Scorecard, FailedWycheproofTestPassesOverEvenTheFastest) {
  Evidence ev = base();
  ev.conformance[0].failed = 3;
  const Scorecard s = decide(ev);
  EXPECT_EQ(row(s, "fast").decision, Decision::PassedOver);
  EXPECT_EQ(row(s, "fast").reasons, std::vector<std::string>{"fails 3 Wycheproof tests"});
  EXPECT_EQ(s.cards[0].recommended(), std::vector<std::string>{"mid"}) << "ranked among the eligible only";
}

TEST(Scorecard, TimingLeakPassesOverWithItsEffectAndTest) {
  Evidence ev = base();
  ev.leaks[0].verdict = "leak";
  ev.leaks[0].effect_percent = 4.2;
  const Scorecard s = decide(ev);
  EXPECT_EQ(row(s, "fast").decision, Decision::PassedOver);
  EXPECT_EQ(row(s, "fast").reasons, std::vector<std::string>{"timing leak 4 % in tag-first-vs-last"});
  EXPECT_EQ(row(s, "fast").leak, "leak 4.2 % (tag-first-vs-last)");
}

TEST(Scorecard, FailedOrDisputedRecordPassesOver) {
  Evidence ev = base();
  ev.records.push_back(
      rec("fast", 0, 0, 0, 1024, Status::Failed, "agreement check at 16KB: disagrees with mid and slow"));
  ev.records.push_back(rec("mid", 0, 0, 0, 1024, Status::Disputed, "no majority at 1KB"));
  const Scorecard s = decide(ev);
  EXPECT_EQ(row(s, "fast").decision, Decision::PassedOver);
  EXPECT_TRUE(has(row(s, "fast").reasons, "fails the agreement check")) << row(s, "fast").reasons.front();
  EXPECT_EQ(row(s, "mid").decision, Decision::PassedOver);
  EXPECT_TRUE(has(row(s, "mid").reasons, "disputed"));
  EXPECT_EQ(s.cards[0].recommended(), std::vector<std::string>{"slow"});
}

TEST(Scorecard, KnownAnswerFailurePassesOver) {
  Evidence ev = base();
  ev.records[0].status = Status::Failed;
  ev.records[0].error = "self-test: known answer 2 differs";
  const Scorecard s = decide(ev);
  EXPECT_EQ(row(s, "fast").decision, Decision::PassedOver);
  EXPECT_TRUE(has(row(s, "fast").reasons, "failed: self-test: known answer 2 differs"));
}

TEST(Scorecard, NotOfferedIsPassedOverAsSuch) {
  Evidence ev = base();
  ev.backends.push_back({"none", "none", "1", "", {}});
  ev.records.push_back(rec("none", 0, 0, 0, 16384, Status::Unsupported, "not offered by this library"));
  const Scorecard s = decide(ev);
  EXPECT_EQ(row(s, "none").decision, Decision::PassedOver);
  EXPECT_EQ(row(s, "none").reasons, std::vector<std::string>{"not offered"});
  EXPECT_EQ(row(s, "none").leak, "not offered");
}

TEST(Scorecard, DeviationsAreListedAndDisqualifyOnlyWhenStrict) {
  Evidence ev = base();
  ev.conformance[0].deviations = 2;
  Scorecard s = decide(ev);
  EXPECT_EQ(row(s, "fast").decision, Decision::Recommended);
  EXPECT_TRUE(has(row(s, "fast").notes, "2 documented Wycheproof deviations"));
  ev.rule.strict = true;
  s = decide(ev);
  EXPECT_EQ(row(s, "fast").decision, Decision::PassedOver);
  EXPECT_EQ(row(s, "fast").reasons, std::vector<std::string>{"2 documented Wycheproof deviations (strict)"});
  EXPECT_NE(s.rule.find("strict: documented Wycheproof deviations also pass it over"), std::string::npos);
}

TEST(Scorecard, PortableBuildNoteCarriesTheRatio) {
  Evidence ev = base();
  ev.backends[2].build_notes = {"portable build"};
  const Scorecard s = decide(ev);
  EXPECT_TRUE(has(row(s, "slow").notes, "portable build: 9.0x slower than the fastest eligible library"))
      << row(s, "slow").notes.front();
}

TEST(Scorecard, DecisionRowIsTheLargestSizeUnlessTheRuleNamesOne) {
  Evidence ev = base();
  // At 64 B "slow" is the fastest; at 16 KB (the default decision row) "fast" is.
  // Listed first, as a study lists its smaller sizes first.
  ev.records.insert(ev.records.begin(),
                    {rec("fast", 50, 49, 51, 64), rec("mid", 50, 49, 51, 64), rec("slow", 10, 9, 11, 64)});
  EXPECT_EQ(decide(ev).cards[0].recommended(), std::vector<std::string>{"fast"});
  ev.rule.data_bytes = 64;
  EXPECT_EQ(decide(ev).cards[0].recommended(), std::vector<std::string>{"slow"});
}

TEST(Scorecard, EveryCellSaysWhyWhenNotChecked) {
  Evidence ev = base();
  ev.vectors_found = false;
  ev.leaks_screened = false;
  const Scorecard s = decide(ev);
  EXPECT_EQ(row(s, "fast").conformance, "not checked: no Wycheproof vectors found");
  EXPECT_EQ(row(s, "fast").leak, "not screened");
  EXPECT_EQ(row(s, "fast").decision, Decision::Recommended) << "absent evidence is said, not held against";
}

TEST(Scorecard, WritersStateTheRuleAndTheDecision) {
  const Scorecard s = decide(base());
  ScorecardContext ctx;
  ctx.study = "t";
  ctx.warnings = {"load 3.0 per CPU (wait for an idle machine)"};
  // Issue #39: per library the card names, its speed with the interval, its Wycheproof tally and its leak
  // verdict, and the machine check's warnings: the console card is evidence, not only a verdict.
  const std::string console = scorecard_console(s, ctx);
  EXPECT_NE(console.find("AES-GCM 256-bit: use fast  [speed: time / the fastest's at encrypt 16KB, 95 % CI]"),
            std::string::npos)
      << console;
  EXPECT_NE(console.find("    fast  recommended  1.00x  Wycheproof: 300 passed, 0 failed"), std::string::npos)
      << console;
  EXPECT_NE(console.find("    mid   runner-up    2.00x  Wycheproof: 300 passed, 0 failed"), std::string::npos)
      << console;
  EXPECT_NE(console.find("leaks: no evidence"), std::string::npos) << console;
  EXPECT_EQ(console.find("    slow "), std::string::npos) << "a library the card does not name\n" << console;
  EXPECT_NE(console.find("warning: load 3.0 per CPU (wait for an idle machine)"), std::string::npos) << console;
  EXPECT_NE(scorecard_markdown(s, ctx).find("**Warning:** load 3.0"), std::string::npos);
  EXPECT_NE(scorecard_markdown(s, ctx).find("**Rule.** A library is passed over when"), std::string::npos);
  EXPECT_NE(scorecard_json(s, ctx).find("\"recommended\": [\n        \"fast\""), std::string::npos)
      << scorecard_json(s, ctx);
  const std::string html = scorecard_html(s, ctx);
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_NE(html.find("fast (recommended)"), std::string::npos);
}

// `cryptauditor report` renders a saved scorecard: read back, every writer gives what it gave from the
// decision, byte for byte (a paired interval, a passed-over library and the warnings included).
TEST(Scorecard, AJsonScorecardReadBackWritesTheSameInEveryFormat) {
  Evidence ev = base();
  ev.conformance[2].failed = 2;  // slow: passed over
  Scorecard s = decide(ev);
  for (Row& r : s.cards[0].rows)
    for (Speed& sp : r.speed)
      if (r.backend.name == "mid") {
        sp.paired = true;
        sp.ci = {1.97, 2.03};
      }
  ScorecardContext ctx;
  ctx.study = "t";
  ctx.vectors = "v/";
  ctx.machine = "cpu";
  ctx.notes = {"a note"};
  ctx.warnings = {"a warning"};
  ctx.command_line = {"cryptauditor", "select", "t"};
  const std::string json = scorecard_json(s, ctx);
  Result<ScorecardDocument> back = read_scorecard_json(nlohmann::json::parse(json));
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(scorecard_json(back->card, back->ctx), json);
  EXPECT_EQ(scorecard_console(back->card, back->ctx), scorecard_console(s, ctx));
  EXPECT_EQ(scorecard_markdown(back->card, back->ctx), scorecard_markdown(s, ctx));
  EXPECT_EQ(scorecard_html(back->card, back->ctx), scorecard_html(s, ctx));
  EXPECT_NE(scorecard_console(s, ctx).find("2.00x (1.97-2.03)"), std::string::npos) << scorecard_console(s, ctx);
  EXPECT_FALSE(read_scorecard_json(nlohmann::json::parse(R"({"schema": "other"})")));
  EXPECT_FALSE(read_scorecard_json(nlohmann::json::parse(R"({"schema": "cryptauditor-scorecard"})")));
}

}  // namespace
}  // namespace ca::select
