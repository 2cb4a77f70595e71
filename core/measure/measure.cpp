#include "measure/measure.hpp"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <chrono>
#include <cmath>
#include <random>
#include <thread>

#include "measure/cycles.hpp"
#include "measure/interleave.hpp"
#include "measure/stop.hpp"
#include "stats/stats.hpp"

namespace ca {
namespace {

using Clock = std::chrono::steady_clock;

double elapsed_ns(Clock::time_point a, Clock::time_point b) {
  return static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count());
}

// The hot loop. Kept to a handful of lines: one indirect call per operation, the status folded with OR so
// the branch that checks it runs once per batch. The function, context, pool base and cursor are copied
// into locals first: through references the compiler must reload them (and store the cursor) around every
// call, since the called operation could in principle change them — a few instructions per operation that
// showed in the empty operation's cost.
struct Batch {
  double ns;
  int status;
};

Batch run_batch(const TimedOperation& op, uint64_t n, size_t& cursor_io) {
  if (op.repeat != nullptr) {
    ca_io* const ios = op.inputs->data();
    const size_t pool = op.inputs->size();
    const auto start = Clock::now();
    const int status = op.repeat(op.context, ios, pool, &cursor_io, n);
    const auto stop = Clock::now();
    return {elapsed_ns(start, stop), status};
  }
  const ca_operation_fn fn = op.fn;
  ca_context* const context = op.context;
  ca_io* const base = op.inputs->data();
  ca_io* const end = base + op.inputs->size();
  ca_io* io = base + cursor_io;
  int status = CA_OK;
  const auto start = Clock::now();
  // Unrolled by four: the loop's own compare-and-branch runs once per four operations.
  uint64_t i = n;
  for (; i >= 4; i -= 4) {
    status |= fn(context, io);
    if (++io == end) io = base;
    status |= fn(context, io);
    if (++io == end) io = base;
    status |= fn(context, io);
    if (++io == end) io = base;
    status |= fn(context, io);
    if (++io == end) io = base;
  }
  for (; i != 0; --i) {
    status |= fn(context, io);
    if (++io == end) io = base;
  }
  const auto stop = Clock::now();
  cursor_io = static_cast<size_t>(io - base);
  return {elapsed_ns(start, stop), status};
}

bool failed(Measurement& m, const Batch& b, const TimedOperation& op) {
  if (b.status == CA_OK) return false;
  // Statuses were OR-ed; run once more outside timing to get the real code and message.
  m.status = b.status;
  for (auto& io : *op.inputs) {
    int st = op.fn(op.context, &io);
    if (st != CA_OK) {
      m.status = st;
      break;
    }
  }
  m.error = "operation returned status " + std::to_string(m.status);
  return true;
}

// A stop request (measure/stop.hpp), read between batches: the measurement ends as if an operation had
// failed, with kMeasurementStopped as its error, and the runner abandons it.
bool stopped(Measurement& m) {
  if (!measurement_stop_requested()) return false;
  m.status = CA_FAILED;
  m.error = kMeasurementStopped;
  return true;
}

double relative_ci_half_width(const std::vector<double>& xs) {
  auto ci = stats::median_ci(xs);
  double med = stats::median(xs);
  if (!(med > 0)) return INFINITY;
  return (ci.high - ci.low) / 2.0 / med;
}

int empty_operation(ca_context*, ca_io*) { return CA_OK; }

// Warm-up (caches, branch predictors, lazy library initialisation, CPU frequency ramp; at least one
// operation, and no more than `rounds` in exact mode), then calibration: the batch grows (up to x10 a step)
// until one batch lasts sample_target_ns. Sets m.batch and m.warmup_ops; false when an operation failed
// (m.status and m.error say how).
bool warm_up_and_calibrate(const TimedOperation& op, const MeasureConfig& cfg, size_t& cursor,
                           Measurement& m) {
  double warm = 0;
  uint64_t n = 1;
  do {
    if (stopped(m)) return false;
    Batch b = run_batch(op, n, cursor);
    m.warmup_ops += n;
    if (failed(m, b, op)) return false;
    warm += b.ns;
    if (b.ns < cfg.warmup_s * 1e9 / 8) n *= 2;
  } while (warm < cfg.warmup_s * 1e9 && !(cfg.rounds && m.warmup_ops >= *cfg.rounds));

  uint64_t batch = 1;
  for (;;) {
    if (stopped(m)) return false;
    Batch b = run_batch(op, batch, cursor);
    m.warmup_ops += batch;
    if (failed(m, b, op)) return false;
    if (b.ns >= cfg.sample_target_ns || batch >= (uint64_t{1} << 40)) break;
    double grow = b.ns > 0 ? cfg.sample_target_ns / b.ns * 1.1 : 10.0;
    batch = static_cast<uint64_t>(std::ceil(static_cast<double>(batch) * std::clamp(grow, 2.0, 10.0)));
  }
  m.batch = batch;

  // Steady state (adaptive mode only; exact mode never runs more than `rounds` operations untimed): windows
  // of 16 calibrated batches until two successive windows' medians agree — within the CI target (at least
  // 0.5 %), or the previous median lies inside the current window's 95 % interval of the median (an
  // operation whose own time varies, as a randomised signature's does, agrees within its noise) — for at
  // most warmup_max_s. Lazy initialisation, cold caches and a CPU whose clock is still rising show as
  // windows that keep getting faster.
  // --processes N: a library's N lanes split one lane's windows, each window 16 batches' worth of operations
  // over N lanes: 16 batches of ceil(batch / N), or, where a batch has fewer than N operations (a signature
  // is one), fewer one-operation batches, at least 6 (the fewest whose median interval reaches 95 %).
  if (cfg.rounds || cfg.warmup_max_s <= 0) return true;
  const uint64_t lanes = std::max<uint64_t>(1, cfg.lanes_per_library);
  const uint64_t steady_batch = std::max<uint64_t>(1, (batch + lanes - 1) / lanes);
  const uint64_t window_batches =
      batch >= lanes ? 16 : std::max<uint64_t>(6, (16 * batch + lanes - 1) / lanes);
  const double tolerance = std::max(cfg.target_rel_ci, 0.005);
  double steady_ns = 0, previous = 0;
  std::vector<double> window;
  while (steady_ns < cfg.warmup_max_s * 1e9) {
    window.clear();
    for (uint64_t i = 0; i < window_batches; ++i) {
      if (stopped(m)) return false;
      Batch b = run_batch(op, steady_batch, cursor);
      m.warmup_ops += steady_batch;
      if (failed(m, b, op)) return false;
      steady_ns += b.ns;
      window.push_back(b.ns / static_cast<double>(steady_batch));
    }
    const double current = stats::median(window);
    const stats::Interval noise = stats::median_ci(window);
    if (previous > 0 && (std::fabs(current / previous - 1.0) <= tolerance ||
                         (previous >= noise.low && previous <= noise.high)))
      break;
    previous = current;
  }
  return true;
}

}  // namespace

namespace {

// One run of the sampling loop (a repetition): samples appended to m until the stopping rule holds.
// `stop_early`: the adaptive CI target may end it before the budget (a lone measurement); repetitions run
// their budget. False when an operation failed.
bool sample(const TimedOperation& op, const MeasureConfig& cfg, uint64_t batch, bool stop_early,
            size_t& cursor, std::mt19937_64& rng, const std::unique_ptr<CycleCounter>& counter,
            Measurement& m) {
  std::uniform_real_distribution<double> jitter(1.0, 1.2);
  const size_t first = m.sample_ns.size();
  double spent_ns = 0;
  uint64_t remaining = cfg.rounds.value_or(0);
  size_t next_check = first + cfg.min_samples;
  for (;;) {
    if (stopped(m)) return false;
    uint64_t this_batch =
        std::max<uint64_t>(1, static_cast<uint64_t>(static_cast<double>(batch) * jitter(rng)));
    if (cfg.rounds) this_batch = std::min(this_batch, remaining);
    const uint64_t cycles_before = counter ? counter->read() : 0;
    Batch b = run_batch(op, this_batch, cursor);
    if (counter) m.perf_cycles += static_cast<double>(counter->read() - cycles_before);
    if (failed(m, b, op)) return false;
    m.sample_ns.push_back(b.ns / static_cast<double>(this_batch));
    m.sample_ops.push_back(this_batch);
    m.timed_ops += this_batch;
    m.timed_ns += b.ns;
    spent_ns += b.ns;

    if (cfg.rounds) {
      remaining -= this_batch;
      if (remaining == 0) return true;
      continue;
    }
    const size_t taken = m.sample_ns.size() - first;
    if (taken >= cfg.max_samples || spent_ns >= cfg.budget_s * 1e9) return true;
    if (stop_early && m.sample_ns.size() >= next_check) {
      if (relative_ci_half_width(m.sample_ns) <= cfg.target_rel_ci) {
        m.target_met = true;
        return true;
      }
      // Re-check after ~10 % more samples: the sort inside stays a small share of the work.
      next_check = m.sample_ns.size() + std::max<size_t>(1, taken / 10);
    }
  }
}

}  // namespace

Measurement measure(const TimedOperation& op, const MeasureConfig& cfg) {
  Measurement m;
  size_t cursor = 0;
  std::mt19937_64 rng(cfg.jitter_seed);

  if (!warm_up_and_calibrate(op, cfg, cursor, m)) return m;
  uint64_t batch = m.batch;
  // Exact mode: spread the requested rounds over at least min_samples samples when there are enough.
  if (cfg.rounds) batch = std::max<uint64_t>(1, std::min<uint64_t>(batch, *cfg.rounds / cfg.min_samples));

  // Hardware cycles, where the kernel allows: read around each sample, so warm-up is not counted.
  auto counter = open_perf_cycle_counter();
  const size_t repetitions = std::max<size_t>(1, cfg.repetitions);
  for (size_t rep = 0; rep < repetitions; ++rep) {
    const size_t before = m.sample_ns.size();
    if (!sample(op, cfg, batch, repetitions == 1, cursor, rng, counter, m)) return m;
    if (repetitions > 1) m.repetition_samples.push_back(m.sample_ns.size() - before);
  }
  // With repetitions the interval that counts is the one over their medians (as the runner reports it).
  if (repetitions > 1 && !cfg.rounds)
    m.target_met = relative_ci_half_width(
                       stats::summarize_repetitions(m.sample_ns, m.repetition_samples).repetition_medians) <=
                   cfg.target_rel_ci;
  return m;
}

ParallelMeasurement measure_parallel(const std::vector<TimedOperation>& ops, const MeasureConfig& cfg,
                                     size_t rounds) {
  ParallelMeasurement pm;
  pm.threads = ops.size();
  if (ops.empty() || rounds == 0) return pm;
  const size_t n = ops.size();
  const double round_ns =
      std::max(cfg.budget_s / static_cast<double>(rounds) * 1e9, cfg.sample_target_ns * 10);

  struct Worker {
    uint64_t batch = 1;
    uint64_t ops = 0;  // completed in the current round
    double ns = 0;     // this thread's time in the current round
    int status = CA_OK;
    std::string error;
  };
  std::vector<Worker> workers(n);
  std::atomic<bool> stop{false};
  std::atomic<bool> abort{false};
  std::barrier sync(static_cast<std::ptrdiff_t>(n + 1));

  auto work = [&](size_t t) {
    Worker& w = workers[t];
    const TimedOperation& op = ops[t];
    size_t cursor = 0;
    // Warm-up and calibration as in measure(), each thread on its own; the rounds are time-based, so
    // exact mode's cap on warm-up does not apply.
    Measurement scratch;
    MeasureConfig own = cfg;
    own.rounds.reset();
    bool ok = warm_up_and_calibrate(op, own, cursor, scratch);
    w.batch = scratch.batch;
    if (!ok) {
      w.status = scratch.status;
      w.error = scratch.error;
      abort = true;
    }
    for (size_t r = 0; r < rounds; ++r) {
      sync.arrive_and_wait();  // round start
      w.ops = 0;
      w.ns = 0;
      if (ok && !abort) {
        // Each thread times its own batches; the round ends for it at the first batch boundary after stop,
        // and has at least one batch even when the thread was descheduled for the whole round.
        do {
          Batch b = run_batch(op, w.batch, cursor);
          if (failed(scratch, b, op)) {
            w.status = scratch.status;
            w.error = scratch.error;
            abort = true;
            ok = false;
            break;
          }
          w.ops += w.batch;
          w.ns += b.ns;
        } while (!stop.load(std::memory_order_relaxed) && !measurement_stop_requested());
      }
      sync.arrive_and_wait();  // round end
    }
  };

  std::vector<std::thread> threads;
  threads.reserve(n);
  for (size_t t = 0; t < n; ++t) threads.emplace_back(work, t);
  for (size_t r = 0; r < rounds; ++r) {
    stop = false;
    sync.arrive_and_wait();
    const auto start = Clock::now();
    // Slept in slices of at most 10 ms, so a stop request (measure/stop.hpp) ends a long round promptly.
    const auto round_end = start + std::chrono::nanoseconds(static_cast<int64_t>(round_ns));
    while (!abort && !measurement_stop_requested()) {
      const auto now = Clock::now();
      if (now >= round_end) break;
      std::this_thread::sleep_for(std::min<Clock::duration>(round_end - now, std::chrono::milliseconds(10)));
    }
    if (measurement_stop_requested()) abort = true;  // the remaining rounds run no batch
    stop = true;
    sync.arrive_and_wait();
    const double wall = elapsed_ns(start, Clock::now());
    if (abort) continue;
    double rate = 0;  // operations per ns, whole machine
    uint64_t total = 0;
    for (const Worker& w : workers) {
      if (w.ns > 0) rate += static_cast<double>(w.ops) / w.ns;
      total += w.ops;
    }
    if (rate > 0) {
      pm.sample_ns.push_back(1.0 / rate);
      pm.sample_ops.push_back(total);
      pm.timed_ops += total;
      pm.timed_ns += wall;
    }
  }
  for (auto& t : threads) t.join();
  for (const Worker& w : workers)
    if (w.status != CA_OK) {
      pm.status = w.status;
      pm.error = w.error;
      break;
    }
  if (pm.status == CA_OK && measurement_stop_requested()) {
    pm.status = CA_FAILED;
    pm.error = kMeasurementStopped;
  }
  return pm;
}

double clock_overhead_ns() {
  std::vector<double> deltas;
  deltas.reserve(1000);
  for (int i = 0; i < 1000; ++i) {
    auto a = Clock::now();
    auto b = Clock::now();
    deltas.push_back(elapsed_ns(a, b));
  }
  return stats::median(deltas);
}

namespace {

// The in-process sample source of interleave.hpp: the same warm-up, calibration and batch loop as measure().
class LocalSource final : public SampleSource {
 public:
  explicit LocalSource(const TimedOperation& op) : op_(op), counter_(open_perf_cycle_counter()) {}

  WarmUp warm_up(const MeasureConfig& cfg) override {
    Measurement m;
    WarmUp w;
    const bool ok = warm_up_and_calibrate(op_, cfg, cursor_, m);
    w.batch = m.batch;
    w.ops = m.warmup_ops;
    if (!ok) {
      w.status = m.status;
      w.error = m.error;
    }
    return w;
  }

  SampleResult sample(uint64_t ops, uint64_t settle) override {
    SampleResult r;
    Measurement scratch;
    if (stopped(scratch)) return {0, 0, scratch.status, scratch.error};
    if (settle > 0) {
      Batch s = run_batch(op_, settle, cursor_);
      if (failed(scratch, s, op_)) return {0, 0, scratch.status, scratch.error};
    }
    const uint64_t cycles_before = counter_ ? counter_->read() : 0;
    Batch b = run_batch(op_, ops, cursor_);
    if (counter_) r.cycles = static_cast<double>(counter_->read() - cycles_before);
    if (failed(scratch, b, op_)) return {0, 0, scratch.status, scratch.error};
    r.ns = b.ns;
    return r;
  }

  size_t next_input() const override { return cursor_; }

 private:
  TimedOperation op_;
  size_t cursor_ = 0;
  std::unique_ptr<CycleCounter> counter_;
};

}  // namespace

std::unique_ptr<SampleSource> make_local_source(const TimedOperation& op) {
  return std::make_unique<LocalSource>(op);
}

Measurement measure_empty_operation(const MeasureConfig& cfg) {
  std::vector<ca_io> inputs(1);
  TimedOperation op{&empty_operation, nullptr, &inputs};
  return measure(op, cfg);
}

}  // namespace ca
