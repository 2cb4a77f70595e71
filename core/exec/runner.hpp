// The runner: turns a plan (exec/plan.hpp: algorithms x key sizes x data sizes x backends) into records, one
// job at a time, each through the job pipeline (exec/comparison.hpp, job_pipeline.cpp). For each (backend,
// algorithm, key size) the pipeline first runs the self-test (known answers, round trip, tamper rejection);
// a backend that fails it is recorded as failed and never timed. Keys, nonces and messages are generated
// before timing and the measurement engine gets a pool of prepared inputs whose size does not depend on
// the number of rounds (exec/job_parts.hpp).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "exec/plan.hpp"
#include "plugin/backend.hpp"
#include "record/record.hpp"

namespace ca {

/// Called after every record (progress, journals). Index counts records so far; total is the plan's count.
using RecordObserver = std::function<void(const Record&, size_t index, size_t total)>;

/// Runs the plan. When SIGINT/SIGTERM arrives under host/interrupt.hpp's handlers, stops before the next
/// measurement (in-process) or kills the job's process (isolated) and returns the records finished so far;
/// the abandoned job's remaining records are left out, not marked failed, so `--resume` measures them.
std::vector<Record> run(const RunPlan& plan, const RecordObserver& observer = {});

/// Creates a keyed context with `key` (the job's shared key: a symmetric key's bytes, or a private key in
/// CA_KEY_PRIVATE format), or without one a random symmetric key or a fresh key pair; `params` for KDFs
/// (resolve_params). On failure the backend's message (Backend::create).
Result<std::unique_ptr<Context>> make_context(const Backend& backend, const AlgorithmInfo& algorithm,
                                              uint32_t key_bits, const std::string& params = "",
                                              const Bytes* key = nullptr);

}  // namespace ca
