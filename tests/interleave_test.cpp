// The interleaved scheduler (core/measure/interleave.hpp) with scripted sample sources: no clock is read,
// so every assertion is about who is sampled when, and what is recorded.
#include "measure/interleave.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "stats/paired.hpp"

namespace ca {
namespace {

// A source whose batch costs `ns_per_op` times the host's speed factor at the current visit, logging every
// visit into a shared trace.
struct Trace {
  std::vector<int> visits;  // source ids in visit order
  size_t visit = 0;
  std::vector<double> host;  // speed factor per visit (cycled); empty: 1
  double factor() { return host.empty() ? 1.0 : host[visit++ % host.size()]; }
};

class Scripted final : public SampleSource {
 public:
  Scripted(int id, double ns_per_op, Trace& trace, uint64_t batch = 100)
      : id_(id), ns_(ns_per_op), trace_(trace), batch_(batch) {}
  WarmUp warm_up(const MeasureConfig&) override {
    warmed = true;
    if (fail_warm) return {0, 3, CA_FAILED, "warm-up failed"};
    return {batch_, 7, CA_OK, ""};
  }
  SampleResult sample(uint64_t ops, uint64_t settle) override {
    EXPECT_TRUE(warmed);
    trace_.visits.push_back(id_);
    settled += settle;
    sampled_ops += ops;
    ++calls;
    if (fail_after >= 0 && calls > fail_after) return {0, 0, CA_FAILED, "broke"};
    return {ns_ * static_cast<double>(ops) * trace_.factor(), 0, CA_OK, ""};
  }
  bool warmed = false, fail_warm = false;
  int fail_after = -1, calls = 0;
  uint64_t settled = 0, sampled_ops = 0;

 private:
  int id_;
  double ns_;
  Trace& trace_;
  uint64_t batch_;
};

InterleavedRun run_all(std::vector<Scripted*> sources, const MeasureConfig& cfg) {
  std::vector<SampleSource*> s(sources.begin(), sources.end());
  return measure_interleaved(s, cfg);
}

TEST(Interleave, EveryRoundVisitsEverySourceOnceInShuffledOrder) {
  Trace t;
  Scripted a(0, 10, t), b(1, 20, t), c(2, 30, t);
  MeasureConfig cfg;
  cfg.rounds = 3000;  // exact: 3000 ops each; batch min(100, 3000 / 10) = 100 -> 30 rounds
  const InterleavedRun run = run_all({&a, &b, &c}, cfg);
  // Each source needs at least 3000 / 120 = 25 rounds (jitter makes a batch 100-120 operations): the first
  // 20 rounds visit all three.
  ASSERT_GE(t.visits.size(), 60u);
  std::set<std::vector<int>> orders;
  for (size_t r = 0; r < 20; ++r) {
    std::vector<int> round(t.visits.begin() + static_cast<long>(3 * r),
                           t.visits.begin() + static_cast<long>(3 * r + 3));
    EXPECT_EQ(std::set<int>(round.begin(), round.end()).size(), 3u)
        << "round " << r << " visits a source twice";
    orders.insert(round);
  }
  EXPECT_GE(orders.size(), 3u) << "the order is shuffled every round";
  EXPECT_GE(run.rounds, 25u);
  for (const Measurement& m : run.per_source) {
    EXPECT_EQ(m.timed_ops, 3000u);
    ASSERT_EQ(m.sample_round.size(), m.sample_ns.size());
    for (size_t i = 0; i < m.sample_round.size(); ++i) EXPECT_EQ(m.sample_round[i], i);
  }
  EXPECT_EQ(a.sampled_ops, 3000u);
  EXPECT_DOUBLE_EQ(run.per_source[1].sample_ns.front(), 20.0);
}

TEST(Interleave, SettleBatchRunsUntimedBeforeEachSample) {
  Trace t;
  Scripted a(0, 10, t, 200), b(1, 10, t, 200);
  MeasureConfig cfg;
  cfg.rounds = 4000;
  cfg.settle_fraction = 0.1;
  run_all({&a, &b}, cfg);
  EXPECT_EQ(a.settled, static_cast<uint64_t>(a.calls) * 20);
  cfg.settle_fraction = 0;
  Trace t2;
  Scripted c(0, 10, t2), d(1, 10, t2);
  run_all({&c, &d}, cfg);
  EXPECT_EQ(c.settled, 0u);
}

TEST(Interleave, ABatchOfFewerThanTenOperationsStillSettlesOneOperation) {
  // A slow operation (ECDSA: a batch of 1-9) gets one untimed operation before each sample, so its timed call
  // never runs first after another backend's turn; a batch of 30 gets a tenth, 3.
  Trace t;
  Scripted slow(0, 1000, t, 4), fast(1, 10, t, 30);
  MeasureConfig cfg;
  cfg.rounds = 400;
  cfg.settle_fraction = 0.1;
  run_all({&slow, &fast}, cfg);
  ASSERT_GT(slow.calls, 0);
  EXPECT_EQ(slow.settled, static_cast<uint64_t>(slow.calls));
  EXPECT_EQ(fast.settled, static_cast<uint64_t>(fast.calls) * 3);
}

TEST(Interleave, PairedRatioCancelsTheHostsPhases) {
  // The host alternates between full speed and 3x slower in phases of four visits. b is 1.25x a.
  Trace t;
  t.host = {1, 1, 1, 1, 3, 3, 3, 3};
  Scripted a(0, 100, t), b(1, 125, t);
  MeasureConfig cfg;
  cfg.rounds = 10000;
  const InterleavedRun run = run_all({&a, &b}, cfg);
  const auto& ma = run.per_source[0];
  const auto& mb = run.per_source[1];
  std::vector<size_t> ra(ma.sample_round.begin(), ma.sample_round.end()),
      rb(mb.sample_round.begin(), mb.sample_round.end());
  const stats::Ratio r = stats::paired_ratio(mb.sample_ns, rb, ma.sample_ns, ra);
  // Both samples of a round fall in one phase (rounds of two visits, phases of four): exactly 1.25.
  EXPECT_NEAR(r.ratio, 1.25, 1e-9);
  EXPECT_NEAR(r.ci.low, 1.25, 1e-9);
  EXPECT_NEAR(r.ci.high, 1.25, 1e-9);
}

TEST(Interleave, AdaptiveStopsWhenAdjacentRatiosMeetTheTarget) {
  Trace t;
  Scripted a(0, 100, t), b(1, 150, t), c(2, 151, t);
  MeasureConfig cfg;
  cfg.budget_s = 1000;  // scripted time: only the ratio rule can stop it early
  cfg.min_samples = 10;
  const InterleavedRun run = run_all({&a, &b, &c}, cfg);
  EXPECT_TRUE(run.target_met);
  EXPECT_EQ(run.rounds, 10u);  // constant ratios: exact intervals at the first check
  for (const auto& m : run.per_source) EXPECT_TRUE(m.target_met);
}

TEST(Interleave, AdaptiveStopsOnEachSourcesOwnBudget) {
  Trace t;
  t.host = {1, 2, 1, 1.5, 1, 3, 2, 1, 1.2};  // noisy enough that 0.1 % is never met
  Scripted a(0, 1000, t, 100), b(1, 1000, t, 100);
  MeasureConfig cfg;
  cfg.budget_s = 0.01;  // 10 ms of timed work per source: 20 ms in all
  cfg.target_rel_ci = 0.001;
  cfg.settle_fraction = 0;
  const InterleavedRun run = run_all({&a, &b}, cfg);
  EXPECT_FALSE(run.target_met);
  // The pair stops once one of its sources has timed its own 10 ms (the other cannot narrow the ratio
  // alone); neither times more than its budget plus one batch (100 ops x 1000 ns x 3 x 1.2 jitter).
  const double a_ns = run.per_source[0].timed_ns, b_ns = run.per_source[1].timed_ns;
  EXPECT_GE(std::max(a_ns, b_ns), 0.01e9);
  EXPECT_LT(std::max(a_ns, b_ns), 0.01e9 + 100 * 1000 * 3 * 1.2);
  EXPECT_GT(std::min(a_ns, b_ns), 0.009e9);
}

TEST(Interleave, AFailingSourceStopsAloneAndTheOthersGoOn) {
  Trace t;
  Scripted a(0, 10, t), b(1, 20, t), c(2, 30, t);
  b.fail_after = 3;
  c.fail_warm = true;
  MeasureConfig cfg;
  cfg.rounds = 2000;
  const InterleavedRun run = run_all({&a, &b, &c}, cfg);
  EXPECT_EQ(run.per_source[0].status, CA_OK);
  EXPECT_EQ(run.per_source[0].timed_ops, 2000u);
  EXPECT_EQ(run.per_source[1].status, CA_FAILED);
  EXPECT_EQ(run.per_source[1].error, "broke");
  EXPECT_EQ(run.per_source[1].sample_ns.size(), 3u);
  EXPECT_EQ(b.calls, 4);  // never sampled again after it failed
  EXPECT_EQ(run.per_source[2].status, CA_FAILED);
  EXPECT_EQ(run.per_source[2].error, "warm-up failed");
  EXPECT_EQ(c.calls, 0);
}

TEST(Interleave, RepetitionsRecordTheirSampleCounts) {
  Trace t;
  Scripted a(0, 10, t), b(1, 20, t);
  MeasureConfig cfg;
  cfg.rounds = 1000;
  cfg.repetitions = 3;
  const InterleavedRun run = run_all({&a, &b}, cfg);
  for (const auto& m : run.per_source) {
    ASSERT_EQ(m.repetition_samples.size(), 3u);
    EXPECT_EQ(m.timed_ops, 3000u);
    size_t total = 0;
    for (size_t n : m.repetition_samples) total += n;
    EXPECT_EQ(total, m.sample_ns.size());
  }
}

// --processes N: what differs between processes does not shrink with rounds, so the stopping rule leaves it
// out. Two libraries 2x apart in two processes; in process 1, b runs 20 % slower than in process 0 (its
// layout there, say), every round alike. Within each process the pair's ratio is exact, so the rule stops at
// its first check. Pooling both processes' rounds, as the rule did before, mixes ratios 2 and 2.4 that more
// rounds never bring within +-1 %: it ran to max_samples.
class Offset final : public SampleSource {
 public:
  explicit Offset(double ns_per_op) : ns_(ns_per_op) {}
  WarmUp warm_up(const MeasureConfig&) override { return {100, 7, CA_OK, ""}; }
  SampleResult sample(uint64_t ops, uint64_t) override {
    return {ns_ * static_cast<double>(ops), 0, CA_OK, ""};
  }

 private:
  double ns_;
};

// --processes N: each of a library's N lanes times batches of ceil(batch / N) (before the jitter of up to
// +20 %), so that the N lanes' samples together last one lane's; the settle batch is a tenth of that. One
// lane (N = 1) keeps the whole calibrated batch.
TEST(Interleave, EachOfNLanesTimesBatchesOfBatchOverN) {
  for (const size_t lanes : {size_t{1}, size_t{3}}) {
    Trace trace;
    Scripted a(0, 100, trace, 100), b(1, 200, trace, 100);
    MeasureConfig cfg;
    cfg.rounds.reset();
    cfg.budget_s = 1000;
    cfg.min_samples = 10;
    cfg.max_samples = 10;
    cfg.lanes_per_library = lanes;
    run_all({&a, &b}, cfg);
    const uint64_t want = (100 + lanes - 1) / lanes;
    for (const Scripted* s : {&a, &b}) {
      ASSERT_EQ(s->calls, 10);
      EXPECT_GE(s->sampled_ops, 10 * want) << lanes << " lanes";
      EXPECT_LE(s->sampled_ops, 10 * (want * 12 / 10 + 1)) << lanes << " lanes";
      EXPECT_EQ(s->settled, 10 * (want / 10)) << "settle: a tenth of the lane's batch";
    }
  }
}

TEST(Interleave, TheStoppingRuleOverProcessesLeavesWhatDiffersBetweenThemOut) {
  MeasureConfig cfg;
  cfg.budget_s = 1000;
  cfg.min_samples = 10;
  cfg.max_samples = 300;
  const std::vector<SourceTag> tags = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
  Offset a0(100), a1(100), b0(200), b1(240);
  std::vector<SampleSource*> s = {&a0, &a1, &b0, &b1};
  const InterleavedRun run = measure_interleaved(s, cfg, tags);
  EXPECT_TRUE(run.target_met);
  EXPECT_EQ(run.rounds, 10u);
  for (const auto& m : run.per_source) EXPECT_TRUE(m.target_met);
}

}  // namespace
}  // namespace ca

namespace ca {
namespace {

// 400 ns per operation, wobbling by up to 4 % from sample to sample (0.96-1.04, no trend).
struct Wobbly final : public SampleSource {
  int calls = 0;
  WarmUp warm_up(const MeasureConfig&) override { return {100, 1, CA_OK, ""}; }
  SampleResult sample(uint64_t ops, uint64_t) override {
    ++calls;
    const double factor = 1.0 + 0.04 * ((calls * 7919) % 11 - 5) / 5.0;
    return {400.0 * static_cast<double>(ops) * factor, 0, CA_OK, ""};
  }
};

TEST(Interleave, ASourceWhoseRatiosMeetTheTargetSitsOutWhileANoisyPairGoesOn) {
  // a and b are steady; c's time wobbles, so the b-c ratio needs more rounds than a-b. a, whose only
  // neighbour is b, stops being sampled once a-b meets the target; b and c go on.
  Trace t;
  Scripted a(0, 100, t), b(1, 200, t);
  Wobbly c;
  MeasureConfig cfg;
  cfg.budget_s = 1000;
  cfg.settle_fraction = 0;
  std::vector<SampleSource*> sources{&a, &b, &c};
  const InterleavedRun run = measure_interleaved(sources, cfg);
  EXPECT_TRUE(run.target_met);
  EXPECT_EQ(a.calls, 10) << "a's ratio to b is exact from the first check";
  EXPECT_GT(c.calls, 10);
  EXPECT_EQ(b.calls, c.calls) << "b stays, as the b-c ratio needs it";
}

}  // namespace
}  // namespace ca

namespace ca {
namespace {

TEST(Interleave, ANoisyPairStopsWhereEachOfItsSourcesWouldHaveStoppedAlone) {
  // The b-c ratio never meets 0.1 %: b and c stop when each has timed its own budget (10 ms), not when the
  // comparison's (30 ms) is spent; a, steady against b, sits out early and alone meets the target.
  Trace t;
  Scripted a(0, 100, t), b(1, 200, t);
  Wobbly c;
  MeasureConfig cfg;
  cfg.budget_s = 0.01;
  cfg.target_rel_ci = 0.001;
  cfg.settle_fraction = 0;
  std::vector<SampleSource*> sources{&a, &b, &c};
  const InterleavedRun run = measure_interleaved(sources, cfg);
  EXPECT_FALSE(run.target_met);
  const double one_batch_c = 400.0 * 100 * 1.2 * 1.04;
  EXPECT_LT(run.per_source[2].timed_ns, 0.01e9 + one_batch_c);
  EXPECT_GE(run.per_source[2].timed_ns, 0.01e9);
  EXPECT_LT(run.per_source[1].timed_ns, 0.01e9 + one_batch_c);
  EXPECT_EQ(a.calls, 10);
  EXPECT_TRUE(run.per_source[0].target_met) << "a's ratio to b met the target";
  EXPECT_FALSE(run.per_source[1].target_met);
  EXPECT_FALSE(run.per_source[2].target_met);
}

// --processes N (issue #32): a worker process's lanes share that process's phases (its sample i costs
// phase(process, i) times its speed), which the processes do not share. Two libraries, 2x apart, in two
// processes each: with tags the stopping rule pairs the libraries process by process, whose ratio is exactly
// 2 every round, and stops at the first check; without them it pairs lanes by median, among them one
// library's two processes, whose ratio follows the two phases and never meets the target.
class Phased final : public SampleSource {
 public:
  Phased(double ns_per_op, uint32_t process) : ns_(ns_per_op), process_(process) {}
  WarmUp warm_up(const MeasureConfig&) override { return {100, 7, CA_OK, ""}; }
  SampleResult sample(uint64_t ops, uint64_t) override {
    const double i = static_cast<double>(samples_++);
    const double phase = process_ == 0 ? 1 + 0.3 * std::sin(i) : 1 + 0.3 * std::sin(1.7 * i + 1);
    return {ns_ * static_cast<double>(ops) * phase, 0, CA_OK, ""};
  }

 private:
  double ns_;
  uint32_t process_;
  size_t samples_ = 0;
};

TEST(Interleave, TaggedProcessesShareOneStoppingRulePerLibrary) {
  MeasureConfig cfg;
  cfg.budget_s = 1000;  // scripted time: only the ratio rule or max_samples can stop it
  cfg.min_samples = 10;
  cfg.max_samples = 300;
  const std::vector<SourceTag> tags = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
  for (const bool tagged : {true, false}) {
    Phased a0(100, 0), a1(100, 1), b0(200, 0), b1(200, 1);
    std::vector<SampleSource*> s = {&a0, &a1, &b0, &b1};
    const InterleavedRun run =
        measure_interleaved(s, cfg, tagged ? std::span<const SourceTag>(tags) : std::span<const SourceTag>());
    if (tagged) {
      EXPECT_TRUE(run.target_met);
      EXPECT_EQ(run.rounds, 10u);
      for (const auto& m : run.per_source) EXPECT_EQ(m.sample_ns.size(), 10u);
    } else {
      EXPECT_FALSE(run.target_met);
      EXPECT_EQ(run.rounds, 300u);
    }
  }
}

}  // namespace
}  // namespace ca
