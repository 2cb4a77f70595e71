#include "exec/runner.hpp"

#include <algorithm>
#include <string_view>

#include "exec/comparison.hpp"
#include "exec/job_parts.hpp"
#include "host/interrupt.hpp"
#include "record/record_key.hpp"

namespace ca {

Result<std::unique_ptr<Context>> make_context(const Backend& backend, const AlgorithmInfo& a, uint32_t bits,
                                              const std::string& params, const Bytes* shared) {
  Bytes key;
  if (shared != nullptr && !shared->empty())
    key = *shared;
  else if (a.symmetric_key())
    key = random_bytes(a.key_bytes(bits));
  ca_key_spec spec = key_spec(a, bits, key, {}, &params);
  return backend.create(spec);
}

const std::vector<size_t>& planned_sizes(const RunPlan& plan, const Job& job) {
  return job.data_sizes.empty() ? plan.data_sizes : job.data_sizes;
}

std::vector<std::string> planned_operations(const RunPlan& plan, const AlgorithmInfo& algorithm) {
  // --cipher-mode stream: ciphers are timed as a stream (one long-running context), and only encryption.
  if (plan.cipher_stream && algorithm.family == Family::Cipher) return {"encrypt-stream"};
  // keygen only when the filter names it (all_operations_for); without a filter, the default operations.
  const int family = static_cast<int>(algorithm.family);
  std::vector<std::string> ops =
      plan.operations.empty() ? operations_for(family) : all_operations_for(family);
  if (!plan.operations.empty())
    std::erase_if(ops, [&](const std::string& op) {
      return std::find(plan.operations.begin(), plan.operations.end(), op) == plan.operations.end();
    });
  return ops;
}

std::vector<Record> run(const RunPlan& plan, const RecordObserver& observer) {
  std::vector<Record> records;
  // Whether a record still has to be produced (plan.skip leaves out those a resumed study has).
  // agree and keygen do not depend on the size: measured once per job, at its first size (record_for
  // records data_bytes 0).
  const Wanted wanted = [&](const Backend& backend, const Job& job, size_t size, const std::string& op) {
    if (size_independent(op) && size != planned_sizes(plan, job).front()) return false;
    return !plan.skip || !plan.skip(record_for(backend, job, size, op));
  };
  size_t total = 0;
  for (const Job& job : plan.jobs)
    for (const Backend* backend : plan.backends)
      for (size_t size : planned_sizes(plan, job))
        for (const auto& op : planned_operations(plan, *job.algorithm))
          total += wanted(*backend, job, size, op);

  const Emit emit = [&](Record r) {
    r.exact_rounds = plan.measure.rounds.has_value();
    r.rounds_requested = plan.measure.rounds.value_or(0);
    records.push_back(std::move(r));
    if (observer) observer(records.back(), records.size(), total);
  };
  struct EndWorkers {  // --processes N: the workers serve every job of the run, then end with it
    ~EndWorkers() { end_workers(); }
  } end_at_return;
  for (const Job& job : plan.jobs) {
    if (interrupt_signal() != 0) return records;
    // Both orders set up every backend of the job together (one shared key, the agreement check);
    // run_interleaved_job then times them in shared rounds or, sequential, each on its own.
    if (!run_interleaved_job(plan, job, plan.backends, wanted, emit)) return records;
  }
  return records;
}

}  // namespace ca
