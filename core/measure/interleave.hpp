// Interleaved measurement: several backends' operations timed in rounds, so that they share the host's
// phases. On a shared machine the host's speed changes in phases of a fraction of a second to several
// seconds; backends timed one after another are timed on different machines. Here each comparison (one
// algorithm, key size, data size and operation run by several backends) is sampled in rounds: a round visits
// every backend once, in a freshly shuffled order, and takes one sample (one calibrated batch) from each. A
// round lasts about a millisecond per backend. Samples of one round are paired (stats/paired.hpp).
//
// The driver only decides who measures next; every sample is taken by the one timing loop of measure.cpp,
// either in this process (LocalSource) or in a backend's child process that runs a LocalSource and answers
// over a pipe (exec/child_lane.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "measure/measure.hpp"

namespace ca {

/// The outcome of a source's warm-up and batch calibration.
struct WarmUp {
  uint64_t batch = 0;  // calibrated batch size (operations per sample, before jitter)
  uint64_t ops = 0;    // operations run while warming up and calibrating
  int status = CA_OK;
  std::string error;
};

/// One timed batch: `ns` for all of its operations; `cycles` from the perf counter when one is open, else 0.
struct SampleResult {
  double ns = 0;
  double cycles = 0;
  int status = CA_OK;
  std::string error;
};

/// One backend's operation, sampled on demand.
class SampleSource {
 public:
  virtual ~SampleSource() = default;
  /// Warm up until the speed is steady (measure.hpp: warm_up_and_calibrate), then calibrate the batch.
  virtual WarmUp warm_up(const MeasureConfig& cfg) = 0;
  /// Runs `settle` operations untimed (they refill the caches and predictors another backend evicted), then
  /// times `ops` operations as one batch.
  virtual SampleResult sample(uint64_t ops, uint64_t settle) = 0;
  /// The index in the input pool of the input the next operation would take (the last timed operation took
  /// the one before it, cyclically); 0 when the source does not know.
  virtual size_t next_input() const { return 0; }
};

/// The in-process source: the one timing loop over a TimedOperation and its input pool.
std::unique_ptr<SampleSource> make_local_source(const TimedOperation& op);

/// What the scheduler did, beside each source's Measurement.
struct InterleavedRun {
  std::vector<Measurement> per_source;  // in the sources' order; sample_round says each sample's round
  size_t rounds = 0;
  bool target_met = false;  // adaptive: stopped because every adjacent pair's ratio interval met the target
};

/// --processes N: which library (any number naming it) and which worker process each source is. The N
/// sources of one library share one stopping rule: the rule's pairs are libraries, every process's lane of
/// one library paired with the same process's lane of the other, and each pair's interval the part that
/// rounds narrow (stats::paired_ratio_within_processes): what differs between the processes does not
/// shrink with more rounds, so the rule does not wait for it.
struct SourceTag {
  size_t library = 0;
  uint32_t process = 0;
};

/// Samples every source in shuffled rounds until the stopping rule holds:
///  - exact (cfg.rounds = N): N timed operations per source, spread over the rounds;
///  - adaptive: when every adjacent pair (by median) has a paired ratio interval within ±cfg.target_rel_ci
///    (one source: its own median's interval), or when the timed work reaches cfg.budget_s times the number
///    of sources, or cfg.max_samples rounds. Between checks, a source whose ratios with both neighbours
///    already meet the target sits the rounds out (it rejoins when the order changes its neighbours). No
///    source times more than cfg.budget_s itself: one that has is not sampled again. When a budget stops
///    the comparison, target_met is false only for the sources of the pairs still wider than the target.
/// With cfg.repetitions = N >= 2 the rounds run N times, each for the whole budget. A source that fails
/// (status != CA_OK) stops being sampled; the others go on. `settle_fraction` of a batch is run untimed
/// before each timed batch (0: none). `tags` (empty, or one per source): the rule is over libraries (see
/// SourceTag); the budgets stay per source. Adaptive with cfg.lanes_per_library = N > 1 (--processes N),
/// each source times batches of ceil(batch / N), so that a library's N lanes' samples of a round last one
/// lane's.
InterleavedRun measure_interleaved(std::span<SampleSource* const> sources, const MeasureConfig& cfg,
                                   std::span<const SourceTag> tags = {});

}  // namespace ca
