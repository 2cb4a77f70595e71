// Parts of a job shared by the job pipeline (job_pipeline.cpp, both orders), its lanes (local_lane.cpp; a
// child lane serves the same one) and the self-test: the input pool of a measurement (pool.cpp), the
// --threads pass (threads.cpp), and a record's identity and derived figures (pool.cpp). One call outside
// timing is plugin/call.hpp's. Internal to core/exec.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "catalog/catalog.hpp"
#include "exec/placement.hpp"
#include "exec/plan.hpp"
#include "exec/self_test.hpp"
#include "plugin/backend.hpp"
#include "plugin/call.hpp"
#include "record/record.hpp"
#include "util/bytes.hpp"

namespace ca {

using Emit = std::function<void(Record)>;
using Phase = std::function<void(std::string_view)>;
using Wanted = std::function<bool(const Backend&, const Job&, size_t, const std::string&)>;

/// Inputs for one measurement, prepared before timing: every buffer the ca_io entries point into, laid out
/// by exec/placement.hpp (the same offsets for every library of a comparison; the output fenced by a guard
/// page and a canary).
struct Pool {
  PoolMemory memory;
  std::vector<ca_io> ios;
  std::vector<size_t> derived_len;  // each derived input's length (0 where there is none)
};
/// An isolated comparison's inputs in the program's PoolFile (issue #26): one child lane makes them
/// (`make`), every other maps them read-only, given the derived inputs' lengths the maker reported.
struct PoolFileUse {
  int fd = -1;
  bool make = false;
  std::vector<size_t> derived_len;
};
/// The one input pool of an in-process comparison (issue #26): the first lane to prepare its inputs after
/// the agreement check makes it, every other lane reads the same pool: the same messages, nonces, derived
/// inputs (made by that first lane under the job's shared key, which the agreement check has shown every
/// lane computes alike) and the same output buffer, which the lanes write one at a time. Every library thus
/// reads and writes at the very same addresses, not only the same offsets.
///
/// Isolated (child lanes), the pool is in the program's PoolFile instead (file.fd >= 0): the first child
/// lane asked after the agreement check makes it there (made), every other maps it (issue #26).
struct SharedPool {
  std::shared_ptr<Pool> pool;
  PoolFileUse file;
  bool made = false;
};

/// Fills `pool` for (size, op), or says why it could not (an Error marked unsupported when the backend
/// answered CA_UNSUPPORTED: these inputs are not offered, nothing is broken). `params` is the job's (its
/// "nonce=N" sets the nonces' length). `file`: the inputs go into (make) or are read from that file, with
/// the same layout; the output is this pool's own.
Result<void> prepare(Pool& pool, const Backend& backend, const Context& ctx, const AlgorithmInfo& a,
                     uint32_t bits, size_t size, int op, const RunPlan& plan, const std::string& params = {},
                     const PoolFileUse* file = nullptr);

/// A record naming (backend, job, size, operation), nothing measured yet.
Record record_for(const Backend& backend, const Job& job, size_t size, const std::string& op);

/// After r.measurement is set: status from the measurement's, the summary, cycles per operation.
/// `last_error`: the backend's message, appended to a failed measurement's error.
void finish_record(Record& r, const std::string& last_error);

/// --threads N: the same operation on N threads at once (measure_parallel), after the single-thread one.
void measure_threads(const RunPlan& plan, const Backend& backend, const Job& job, size_t size, int code,
                     const Context& ctx, Pool& pool, Record& r);

}  // namespace ca
