#include "measure/measure.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "measure/cycles.hpp"
#include "measure/interleave.hpp"
#include "measure/stop.hpp"
#include "stats/stats.hpp"

namespace ca {
namespace {

// An operation of known cost: spins until 20 us have passed on the steady clock. Its measured median can
// only be above 20 us; on a quiet or noisy machine alike it should be well below twice that.
int spin_20us(ca_context*, ca_io*) {
  auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(20);
  while (std::chrono::steady_clock::now() < until) {
  }
  return CA_OK;
}

int count_calls(ca_context* c, ca_io*) {
  ++*reinterpret_cast<uint64_t*>(c);
  return CA_OK;
}

int fail_after_100(ca_context* c, ca_io*) {
  return ++*reinterpret_cast<uint64_t*>(c) > 100 ? CA_FAILED : CA_OK;
}

// Counts its calls and asks the measurement to stop at the 5000th (as a second SIGTERM does, from a signal
// handler, while a measurement runs).
int stop_at_5000(ca_context* c, ca_io*) {
  if (++*reinterpret_cast<uint64_t*>(c) == 5000) request_measurement_stop();
  return CA_OK;
}

// A stop request ends a measurement at its next batch boundary: far short of its rounds, with the stopped
// error, never as if it had finished. (Without the check between batches, the 2e8 rounds run to the end.)
TEST(MeasureStop, EndsAMeasurementAtTheNextBatchBoundary) {
  clear_measurement_stop();
  uint64_t calls = 0;
  std::vector<ca_io> inputs(2);
  MeasureConfig cfg;
  cfg.rounds = 200'000'000;
  cfg.warmup_s = 0.001;
  Measurement m = measure({&stop_at_5000, reinterpret_cast<ca_context*>(&calls), &inputs}, cfg);
  EXPECT_EQ(m.status, CA_FAILED);
  EXPECT_EQ(m.error, kMeasurementStopped);
  EXPECT_LT(m.timed_ops, *cfg.rounds);
  // The batch in progress when the stop came is finished and no other begins: a batch lasts about 100 us
  // (a few ms in the warm-up), far fewer calls than the rounds asked for.
  EXPECT_LT(calls, 10'000'000u);
  EXPECT_TRUE(measurement_stop_requested());
  clear_measurement_stop();
}

TEST(MeasureStop, AStopRequestedBeforeHandRunsNothing) {
  clear_measurement_stop();
  request_measurement_stop();
  uint64_t calls = 0;
  std::vector<ca_io> inputs(1);
  MeasureConfig cfg;
  cfg.rounds = 1000;
  Measurement m = measure({&count_calls, reinterpret_cast<ca_context*>(&calls), &inputs}, cfg);
  EXPECT_EQ(m.error, kMeasurementStopped);
  EXPECT_EQ(calls, 0u);
  clear_measurement_stop();
  m = measure({&count_calls, reinterpret_cast<ca_context*>(&calls), &inputs}, cfg);
  EXPECT_EQ(m.status, CA_OK) << "cleared, the next measurement runs";
  EXPECT_EQ(m.timed_ops, 1000u);
}

// The interleaved driver and the --threads pass read the same request between batches.
TEST(MeasureStop, EndsInterleavedAndParallelMeasurements) {
  clear_measurement_stop();
  uint64_t stopper = 0, other = 0;
  std::vector<ca_io> inputs(2);
  MeasureConfig cfg;
  cfg.rounds = 200'000'000;
  cfg.warmup_s = 0.001;
  auto a = make_local_source({&stop_at_5000, reinterpret_cast<ca_context*>(&stopper), &inputs});
  auto b = make_local_source({&count_calls, reinterpret_cast<ca_context*>(&other), &inputs});
  SampleSource* sources[] = {a.get(), b.get()};
  const InterleavedRun run = measure_interleaved(sources, cfg);
  for (const Measurement& m : run.per_source) {
    EXPECT_EQ(m.status, CA_FAILED);
    EXPECT_EQ(m.error, kMeasurementStopped);
    EXPECT_LT(m.timed_ops, *cfg.rounds);
  }
  clear_measurement_stop();

  // --threads: ten rounds of 3 s each (the budget over the rounds); stopped, it returns at the next batch
  // boundary instead of after 30 s.
  uint64_t parallel_calls = 0;
  MeasureConfig long_rounds;
  long_rounds.budget_s = 30;
  long_rounds.warmup_s = 0.001;
  const ParallelMeasurement pm = measure_parallel(
      {{&stop_at_5000, reinterpret_cast<ca_context*>(&parallel_calls), &inputs}}, long_rounds, 10);
  EXPECT_EQ(pm.status, CA_FAILED);
  EXPECT_EQ(pm.error, kMeasurementStopped);
  clear_measurement_stop();
}

// Records the size of every batch it is asked for, each operation spinning g_op_us microseconds.
std::vector<uint64_t> g_batches;
int g_op_us = 2;
int spin_recording_batches(ca_context*, ca_io*, size_t, size_t*, uint64_t count) {
  g_batches.push_back(count);
  auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(g_op_us) * count;
  while (std::chrono::steady_clock::now() < until) {
  }
  return CA_OK;
}

// One lane of `lanes` warmed up and calibrated over spin_recording_batches; g_batches then holds its batches.
WarmUp warm_up_recording(size_t lanes, double warmup_s) {
  static std::vector<ca_io> inputs(2);
  g_batches.clear();
  MeasureConfig cfg;
  cfg.warmup_s = warmup_s;
  cfg.lanes_per_library = lanes;
  TimedOperation op{nullptr, nullptr, &inputs};
  op.repeat = &spin_recording_batches;
  return make_local_source(op)->warm_up(cfg);
}

// --processes N (issue #32): a lane that is one of a library's N runs its steady-state windows with batches
// of ceil(batch / N); calibration and the timed batches keep the whole batch. One lane alone (N = 1) runs
// them at the whole batch.
TEST(Measure, TheSteadyStateWindowsOfOneOfNLanesRunBatchesOfBatchOverN) {
  for (const size_t lanes : {size_t{1}, size_t{3}}) {
    const WarmUp w = warm_up_recording(lanes, 0.001);
    ASSERT_EQ(w.status, CA_OK);
    ASSERT_GT(w.batch, 3u);
    // The warm-up and the calibration each begin with a batch of one operation (the warm-up then doubles
    // it); the calibration grows it to the calibrated batch, and every batch after that is a steady-state
    // window's.
    const auto warm_up_start = std::find(g_batches.begin(), g_batches.end(), 1u);
    ASSERT_NE(warm_up_start, g_batches.end());
    const auto calibration_start = std::find(warm_up_start + 1, g_batches.end(), 1u);
    const auto calibrated = std::find(calibration_start, g_batches.end(), w.batch);
    ASSERT_NE(calibrated, g_batches.end());
    const std::vector<uint64_t> steady(calibrated + 1, g_batches.end());
    ASSERT_GE(steady.size(), 32u) << "at least two windows of 16";
    const uint64_t want = (w.batch + lanes - 1) / lanes;
    for (uint64_t n : steady) EXPECT_EQ(n, want) << lanes << " lanes, batch " << w.batch;
    EXPECT_EQ(steady.size() % 16, 0u) << "windows of 16 batches";
  }
}

// A batch of one operation (a signature: here 150 us, over the 100 us a sample should last) cannot be split:
// one of three lanes runs windows of 6 one-operation batches (16 / 3, at least 6), where a lane alone runs
// windows of 16. The warm-up runs one operation (warmup_s of 1 ns), the calibration one: the rest is the
// steady state's.
TEST(Measure, OneOfNLanesWithAOneOperationBatchRunsShorterWindowsOfAtLeastSix) {
  g_op_us = 150;
  for (const size_t lanes : {size_t{1}, size_t{3}}) {
    const WarmUp w = warm_up_recording(lanes, 1e-9);
    ASSERT_EQ(w.status, CA_OK);
    ASSERT_EQ(w.batch, 1u);
    ASSERT_GE(g_batches.size(), 2u);
    const std::vector<uint64_t> steady(g_batches.begin() + 2, g_batches.end());
    for (uint64_t n : steady) EXPECT_EQ(n, 1u);
    const size_t window = lanes == 1 ? 16 : 6;
    EXPECT_GE(steady.size(), 2 * window) << "at least two windows";
    EXPECT_EQ(steady.size() % window, 0u) << lanes << " lanes: windows of " << window;
  }
  g_op_us = 2;
}

// A --processes N worker opens a cycle counter for every lane but never turns a time into reference cycles:
// opening one must not probe the cycle source, whose TSC calibration spins for 20 ms (issue #32 measured
// 24 workers' 0.48 s of a 5.6 s default run). ctest runs each test in a process of its own.
TEST(Measure, OpeningACycleCounterDoesNotProbeTheCycleSource) {
  if (cycle_source_probed()) GTEST_SKIP() << "another test in this process probed already";
  std::vector<ca_io> inputs(2);
  TimedOperation op{&count_calls, nullptr, &inputs};
  uint64_t calls = 0;
  op.context = reinterpret_cast<ca_context*>(&calls);
  (void)open_perf_cycle_counter();
  (void)make_local_source(op);
  EXPECT_FALSE(cycle_source_probed());
  (void)cycle_source();
  EXPECT_TRUE(cycle_source_probed());
}

TEST(Measure, KnownCostOperation) {
  std::vector<ca_io> inputs(1);
  MeasureConfig cfg;
  cfg.budget_s = 0.1;
  cfg.warmup_s = 0.005;
  Measurement m = measure({&spin_20us, nullptr, &inputs}, cfg);
  ASSERT_EQ(m.status, CA_OK);
  double med = stats::median(m.sample_ns);
  EXPECT_GE(med, 20'000.0);
  EXPECT_LT(med, 40'000.0);
  EXPECT_GE(m.sample_ns.size(), cfg.min_samples);
}

TEST(Measure, ExactRoundsAreTimedExactly) {
  uint64_t calls = 0;
  std::vector<ca_io> inputs(3);
  MeasureConfig cfg;
  cfg.rounds = 1000;
  cfg.warmup_s = 0.001;
  Measurement m = measure({&count_calls, reinterpret_cast<ca_context*>(&calls), &inputs}, cfg);
  ASSERT_EQ(m.status, CA_OK);
  EXPECT_EQ(m.timed_ops, 1000u);
  uint64_t sum = 0;
  for (auto n : m.sample_ops) sum += n;
  EXPECT_EQ(sum, 1000u);
  EXPECT_GE(m.sample_ns.size(), 10u) << "1000 rounds of a fast operation are spread over >= 10 samples";
  EXPECT_EQ(calls, m.timed_ops + m.warmup_ops);
}

TEST(Measure, OneRoundIsOneSample) {
  uint64_t calls = 0;
  std::vector<ca_io> inputs(1);
  MeasureConfig cfg;
  cfg.rounds = 1;
  Measurement m = measure({&count_calls, reinterpret_cast<ca_context*>(&calls), &inputs}, cfg);
  EXPECT_EQ(m.timed_ops, 1u);
  EXPECT_EQ(m.sample_ns.size(), 1u);
}

TEST(Measure, AdaptiveStopsOnBudget) {
  std::vector<ca_io> inputs(1);
  MeasureConfig cfg;
  cfg.budget_s = 0.05;
  // Unreachable, so the budget must stop it. Not 1e-9: on a quiet host a 20 us spin on a clock that moves in
  // steps gave identical samples, a median interval of width 0, and the target was met after 32 ms
  // (fresh-clone run, 2026-12-04). No width is below zero.
  cfg.target_rel_ci = -1;
  cfg.warmup_s = 0.001;
  auto start = std::chrono::steady_clock::now();
  Measurement m = measure({&spin_20us, nullptr, &inputs}, cfg);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_FALSE(m.target_met);
  EXPECT_GE(m.timed_ns, 0.05e9);
  EXPECT_LT(seconds, 20.0);  // the budget (0.05 s) stopped it: far from the unreachable CI target
}

TEST(Measure, RepetitionsEachRunTheirBudget) {
  uint64_t calls = 0;
  std::vector<ca_io> inputs(1);
  MeasureConfig cfg;
  cfg.budget_s = 0.01;
  cfg.warmup_s = 0.001;
  cfg.repetitions = 4;
  cfg.target_rel_ci = 0.5;  // met at once by a lone measurement; repetitions must not stop on it
  Measurement m = measure({&count_calls, reinterpret_cast<ca_context*>(&calls), &inputs}, cfg);
  ASSERT_EQ(m.status, CA_OK);
  ASSERT_EQ(m.repetition_samples.size(), 4u);
  size_t total = 0;
  for (size_t n : m.repetition_samples) total += n;
  EXPECT_EQ(total, m.sample_ns.size());
  EXPECT_GE(m.timed_ns, 4 * 0.01e9) << "each repetition spends its whole budget";
  EXPECT_EQ(calls, m.timed_ops + m.warmup_ops);
}

TEST(Measure, RepetitionsOfExactRoundsTimeTheRoundsEachTime) {
  uint64_t calls = 0;
  std::vector<ca_io> inputs(2);
  MeasureConfig cfg;
  cfg.rounds = 100;
  cfg.repetitions = 3;
  cfg.warmup_s = 0.001;
  Measurement m = measure({&count_calls, reinterpret_cast<ca_context*>(&calls), &inputs}, cfg);
  ASSERT_EQ(m.status, CA_OK);
  EXPECT_EQ(m.timed_ops, 300u);
  ASSERT_EQ(m.repetition_samples.size(), 3u);
  Measurement one = measure({&count_calls, reinterpret_cast<ca_context*>(&calls), &inputs}, MeasureConfig{});
  EXPECT_TRUE(one.repetition_samples.empty()) << "one repetition keeps no boundaries";
}

TEST(Measure, FailingOperationStopsWithItsStatus) {
  uint64_t calls = 0;
  std::vector<ca_io> inputs(1);
  MeasureConfig cfg;
  cfg.warmup_s = 0.01;
  Measurement m = measure({&fail_after_100, reinterpret_cast<ca_context*>(&calls), &inputs}, cfg);
  EXPECT_EQ(m.status, CA_FAILED);
  EXPECT_FALSE(m.error.empty());
}

TEST(Measure, CyclesThroughThePool) {
  static std::vector<const ca_io*> seen;
  seen.clear();
  auto record = [](ca_context*, ca_io* io) -> int {
    seen.push_back(io);
    return CA_OK;
  };
  std::vector<ca_io> inputs(4);
  MeasureConfig cfg;
  cfg.rounds = 40;
  cfg.warmup_s = 0;
  measure({record, nullptr, &inputs}, cfg);
  ASSERT_GE(seen.size(), 8u);
  for (size_t i = 1; i < seen.size(); ++i) EXPECT_EQ(seen[i], &inputs[(seen[i - 1] - inputs.data() + 1) % 4]);
}

TEST(MeasureParallel, EveryThreadRunsItsOwnOperationEveryRound) {
  constexpr size_t kThreads = 3;
  uint64_t calls[kThreads] = {};
  std::vector<std::vector<ca_io>> inputs(kThreads, std::vector<ca_io>(2));
  std::vector<TimedOperation> ops;
  for (size_t t = 0; t < kThreads; ++t)
    ops.push_back({&count_calls, reinterpret_cast<ca_context*>(&calls[t]), &inputs[t]});
  MeasureConfig cfg;
  cfg.budget_s = 0.03;
  cfg.warmup_s = 0.001;
  ParallelMeasurement pm = measure_parallel(ops, cfg, 5);
  ASSERT_EQ(pm.status, CA_OK) << pm.error;
  EXPECT_EQ(pm.threads, kThreads);
  ASSERT_EQ(pm.sample_ns.size(), 5u);
  ASSERT_EQ(pm.sample_ops.size(), 5u);
  uint64_t sum = 0;
  for (uint64_t n : pm.sample_ops) {
    EXPECT_GT(n, 0u);
    sum += n;
  }
  EXPECT_EQ(sum, pm.timed_ops);
  uint64_t all_calls = 0;
  for (uint64_t c : calls) {
    EXPECT_GT(c, 0u) << "every thread ran its own context";
    all_calls += c;
  }
  EXPECT_GT(all_calls, pm.timed_ops) << "warm-up and calibration calls are not counted as timed";
  for (double ns : pm.sample_ns) EXPECT_GT(ns, 0.0);
}

TEST(MeasureParallel, AFailingThreadStopsTheMeasurementWithItsStatus) {
  uint64_t good = 0, bad = 0;
  std::vector<std::vector<ca_io>> inputs(2, std::vector<ca_io>(1));
  std::vector<TimedOperation> ops = {{&count_calls, reinterpret_cast<ca_context*>(&good), &inputs[0]},
                                     {&fail_after_100, reinterpret_cast<ca_context*>(&bad), &inputs[1]}};
  MeasureConfig cfg;
  cfg.budget_s = 0.02;
  cfg.warmup_s = 0.001;
  ParallelMeasurement pm = measure_parallel(ops, cfg, 4);
  EXPECT_EQ(pm.status, CA_FAILED);
  EXPECT_FALSE(pm.error.empty());
}

TEST(MeasureParallel, NoOperationsIsEmpty) {
  ParallelMeasurement pm = measure_parallel({}, MeasureConfig{}, 4);
  EXPECT_EQ(pm.threads, 0u);
  EXPECT_TRUE(pm.sample_ns.empty());
}

TEST(Measure, EmptyOperationIsCheap) {
  MeasureConfig cfg;
  cfg.budget_s = 0.02;
  Measurement m = measure_empty_operation(cfg);
  // Not a speed target (that lives in bench/): only a sanity bound far above any real harness cost.
  EXPECT_LT(stats::median(m.sample_ns), 1000.0);
  EXPECT_GT(clock_overhead_ns(), 0.0);
}

}  // namespace
}  // namespace ca
