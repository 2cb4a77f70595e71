// The measurement engine: the only code in cryptauditor that reads a clock.
//
// A measurement takes an operation (a function pointer and a context from a backend) and a pool of inputs
// prepared before timing. It warms up, calibrates a batch size so one sample lasts long enough to dwarf
// the cost of reading the clock, then collects samples (batches of back-to-back operations, each batch
// size jittered by 0-20 % so samples do not lock onto periodic noise) until a stopping rule holds:
//  - exact:    `rounds` operations are timed in total (cryptauditor's -r N);
//  - adaptive: until the 95 % confidence interval of the median is within `target_rel_ci` of the median,
//              or the time budget is spent.
// With repetitions (cfg.repetitions >= 2) the sampling is done that many times back to back, each for the
// whole budget, and the sample counts per repetition are kept.
// Each sample is stored as nanoseconds per operation. The runner turns samples into statistics.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cryptauditor/plugin_abi.h"

namespace ca {

/// An operation ready to time: the backend's function, its context, and inputs cycled through in order.
struct TimedOperation {
  ca_operation_fn fn = nullptr;
  ca_context* context = nullptr;
  std::vector<ca_io>* inputs = nullptr;  // at least one; reused cyclically
  /// The plugin's repeat form of fn (ca_repeat_fn), when it has one: a batch is then one call into the
  /// plugin, whose loop calls the operation directly; nullptr: the engine calls fn per operation.
  ca_repeat_fn repeat = nullptr;
};

/// --order: interleaved (the default) samples the backends of each comparison in shuffled rounds, so they
/// share the host's phases (interleave.hpp); sequential measures each backend on its own, one after another.
enum class Order { Interleaved, Sequential };

struct MeasureConfig {
  std::optional<uint64_t> rounds;   // exact number of timed operations; nullopt = adaptive
  double budget_s = 0.25;           // adaptive: stop after this much timed work
  double target_rel_ci = 0.01;      // adaptive: stop when CI half-width / median <= this
  double sample_target_ns = 100e3;  // a sample should last at least this long
  double warmup_s = 0.02;           // warm-up before calibration (at least one operation)
  /// Adaptive mode: after calibration, warm-up goes on in windows of batches until two successive windows'
  /// medians agree (within max(target_rel_ci, 0.5 %), or within the later window's noise), for at most
  /// this long.
  double warmup_max_s = 0.2;
  /// --processes N: the lanes that measure one library (N, one per worker process) on the one CPU of the
  /// comparison. Each runs its steady-state windows with batches of batch / N (at least one operation; a
  /// batch of fewer than N operations: windows of 16 x batch / N one-operation batches, at least 6), so that
  /// the library's N checks together last about as long as one lane's: the CPU's clock and the library's
  /// code in the shared caches are warm for all of them. Adaptive interleaved sampling (interleave.hpp)
  /// likewise times batches of ceil(batch / N) in each lane, so that the N lanes' samples of a round last
  /// one lane's (docs/METHODOLOGY.md, "`--processes N`").
  size_t lanes_per_library = 1;
  /// Interleaved order: a batch of this fraction of the calibrated batch runs untimed before each timed one,
  /// rounded down but at least one operation (so a slow operation's timed call never runs first after another
  /// backend's turn); docs/FIDELITY.md measures what that turn leaves behind. 0: none.
  double settle_fraction = 0.1;
  size_t min_samples = 10;  // adaptive: never stop before this many samples
  size_t max_samples = 20000;
  /// --repetitions N: N back-to-back repetitions of the measurement (one warm-up and calibration). With
  /// N >= 2 each repetition lasts its whole budget (adaptive) or times `rounds` operations (exact), so the N
  /// repetitions span N budgets of time and the runner's interval (stats::summarize_repetitions) covers what
  /// changes between them. The CI target then only decides target_met.
  size_t repetitions = 1;
  uint64_t jitter_seed = 0x9e3779b97f4a7c15ull;
};

struct Measurement {
  std::vector<double> sample_ns;           // per-operation time of each sample
  std::vector<uint64_t> sample_ops;        // operations in each sample
  uint64_t timed_ops = 0;                  // sum of sample_ops
  uint64_t warmup_ops = 0;                 // operations run before timing (warm-up and calibration)
  uint64_t batch = 0;                      // calibrated batch size before jitter
  double timed_ns = 0;                     // sum of sample durations
  bool target_met = false;                 // adaptive: stopped because the CI target was met (repetitions:
                                           // the interval over the repetitions' medians is within it)
  std::vector<size_t> repetition_samples;  // samples in each repetition, in order; empty: one repetition
  /// Interleaved order (interleave.hpp): the round each sample was taken in, parallel to sample_ns; empty
  /// for a measurement taken on its own.
  std::vector<uint32_t> sample_round;
  /// --processes N: process p's rounds are numbered from p * kRoundsPerProcess, so that rounds of one
  /// comparison pair only within a process (more than max_samples rounds of any process).
  static constexpr uint32_t kRoundsPerProcess = 1u << 24;
  double perf_cycles = 0;  // core cycles over the timed samples, when perf counters work
  int status = CA_OK;      // first non-OK status an operation returned
  std::string error;       // set when status != CA_OK
};

/// Times op under cfg. Stops at the first failing operation and reports its status.
Measurement measure(const TimedOperation& op, const MeasureConfig& cfg);

/// The same operation on several threads at once (`--threads N`, like `openssl speed -multi`): one
/// TimedOperation per thread, each with its own context and inputs. Every thread warms up and calibrates its
/// own batch size, then all run `rounds` rounds together: a round starts for all threads at a barrier and
/// lasts about budget_s / rounds; each thread counts the operations it completed and its own time. A round's
/// aggregate rate is the sum over threads of ops / time; its sample is the inverse, ns per operation for the
/// whole machine. Stops at the first failing operation of any thread.
struct ParallelMeasurement {
  size_t threads = 0;
  std::vector<double> sample_ns;     // per round: 1 / (sum over threads of ops_i / ns_i)
  std::vector<uint64_t> sample_ops;  // per round: operations completed by all threads
  uint64_t timed_ops = 0;
  double timed_ns = 0;  // sum of round durations (wall)
  int status = CA_OK;
  std::string error;
};

ParallelMeasurement measure_parallel(const std::vector<TimedOperation>& ops, const MeasureConfig& cfg,
                                     size_t rounds = 10);

/// Cost of one clock read (steady_clock), in ns: the median of many back-to-back reads.
double clock_overhead_ns();

/// The per-operation cost of the harness itself: an operation that does nothing, timed by measure().
Measurement measure_empty_operation(const MeasureConfig& cfg);

}  // namespace ca
