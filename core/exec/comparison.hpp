// The interleaved order (the default, --order interleaved): for each job (algorithm x key size) every backend
// is set up first (supports, self-test, key setup), then each comparison (data size x operation) checks that
// the backends agree, prepares the input pool (in process one for every backend, exec/job_parts.hpp's
// SharedPool; a child lane its own) and hands every lane to measure_interleaved
// (core/measure/interleave.hpp), which samples them in shuffled rounds. Each record keeps its samples' rounds
// and a comparison id, so the rankings can pair them (stats/paired.hpp).
//
// A backend's side of a job is a Lane. In process, the lane calls the backend directly. Isolated (--isolate,
// the default of `run`), each lane is a child process of its own, forked after the plugins are loaded, which
// runs the very same in-process lane and answers the parent's requests over a pipe, one line each: the
// parent drives the children in lockstep (one child samples while the others wait). A child that crashes,
// aborts, exits or hangs fails only its own records, named with the signal or timeout and the step; the
// other lanes' rounds go on.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "exec/agreement.hpp"
#include "exec/job_parts.hpp"
#include "measure/interleave.hpp"
#include "util/result.hpp"

namespace ca {

/// A backend's forward outputs for the agreement check (exec/agreement.hpp), one per message (fewer when the
/// backend does not take the shorter message), or why it could not compute them.
struct AgreementOutputs {
  std::vector<Bytes> outputs;
  std::string error;
  bool unsupported = false;  // the backend does not take these inputs (CA_UNSUPPORTED): `error` says why
};

/// One backend's side of a job (algorithm x key size), driven step by step. Also the sample source of its
/// current comparison.
class Lane : public SampleSource {
 public:
  /// The job's shared key (a symmetric key's bytes, or a private key in CA_KEY_PRIVATE format), given before
  /// start(); without one, the backend makes its own. A key the backend cannot load makes start() fail
  /// as unsupported, with the reason.
  virtual void use_key(const Bytes& key) = 0;
  /// After start(): the private key of the lane's context in CA_KEY_PRIVATE format, for the other lanes;
  /// nullopt when the backend cannot export it.
  virtual std::optional<Bytes> export_key() = 0;
  /// After begin(): the agreement check's forward outputs on agreement_inputs(seed).
  virtual AgreementOutputs agreement_outputs(uint64_t seed) = 0;
  /// After begin(): the forward output for message k alone (at most one output; none when the backend has
  /// no message k), so that the check holds one output at a time (issue #26); nullopt when the lane only
  /// answers all of them at once (a child lane: agreement_outputs).
  virtual std::optional<AgreementOutputs> agreement_output(uint64_t /*seed*/, size_t /*k*/) {
    return std::nullopt;
  }
  /// After begin(): whether `output` (another backend's forward output for message k of
  /// agreement_inputs(seed)) verifies, or decrypts to message k, here; the Error says what went wrong.
  virtual Result<void> agreement_check(uint64_t seed, size_t k, const Bytes& output) = 0;
  /// Lets start() begin without waiting for it: a child process runs it meanwhile. In process: nothing.
  virtual void request_start() {}
  /// supports(), the self-test (with keygen when the plan times it), key setup. An Error (unsupported when
  /// the backend does not take the job) is what the job's records of this lane say.
  virtual Result<void> start() = 0;
  /// Before begin(): the comparison's one input pool, which every lane given the same slot reads (issue #26:
  /// one pool per comparison, not one per library). A lane given a slot prepares its inputs in
  /// prepare_inputs(); a child lane does when the slot names the job's PoolFile (the pool in shared memory),
  /// and otherwise builds its own in begin() and ignores the slot.
  virtual void share_inputs(std::shared_ptr<SharedPool> /*slot*/) {}
  /// Starts the comparison (size, operation): prepares its input pool, or with a shared slot only names
  /// the comparison. An Error as start()'s.
  virtual Result<void> begin(size_t size, const std::string& op) = 0;
  /// After the agreement check, before sampling: the lane's inputs are ready (a shared slot's pool is made
  /// by the first lane asked and taken by the others). An Error as start()'s.
  virtual Result<void> prepare_inputs() { return {}; }
  /// After the comparison's records are made: its inputs and output are freed (in process; a child frees
  /// them at its next begin()).
  virtual void end_comparison() {}
  /// --threads N: the parallel pass on the current comparison, into r.parallel* (or r.status failed).
  virtual void threads(Record& r) = 0;
  /// After the measurement: the output the last timed operation left (through the repeat form, when the
  /// plugin has one; with a shared pool, whose output every lane writes in turn, two more operations through
  /// that form first) checked against one plain call on the same input — equal bytes for a deterministic
  /// operation, a verification or decryption for a randomised one. Passes when it agrees (or the operation
  /// leaves nothing to check: verify, keygen, a stream); otherwise the Error says what differs.
  virtual Result<void> check_timed_output() = 0;
};

/// renote_each_sample: `phase` hears the step again before every warm-up and sample, not only when it
/// starts (in process: host/exit_guard.hpp blames an exit() on the step noted last).
std::unique_ptr<Lane> make_local_lane(const RunPlan& plan, const Job& job, const Backend& backend,
                                      Phase phase, bool renote_each_sample = false);

/// The worker of --processes N: `cryptauditor __lane SPEC` (main.cpp) loads the one plugin SPEC names and
/// serves its lane on descriptors 3 (requests) and 4 (replies), exactly as a forked isolated lane does.
/// Returns only when it cannot start (the exit status).
int serve_exec_lane(const std::string& spec);

/// Runs one job in the interleaved order over `backends`, emitting one record per wanted (backend, size,
/// operation). False when SIGINT/SIGTERM stopped it (the comparison in progress is not emitted).
/// plan.processes N >= 2: every library has N lanes, one in each of N exec'd worker processes (kept for the
/// whole run, one per process index and library: exec/lane_pipe.hpp's make_worker_lane), each process
/// index with its own key and input pool. Each comparison measures all N x L lanes in one interleaved run
/// whose stopping rule is over libraries (measure/interleave.hpp's SourceTag), each lane given
/// budget / N; each row's N records are then joined into one (samples in process order, rounds tagged by
/// process, process_samples).
bool run_interleaved_job(const RunPlan& plan, const Job& job, const std::vector<const Backend*>& backends,
                         const Wanted& wanted, const Emit& emit);

/// Ends the run's --processes workers (each told to quit, then reaped); the next run starts new ones.
void end_workers();

}  // namespace ca
