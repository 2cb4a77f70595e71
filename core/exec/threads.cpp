// --threads N: the same operation on N threads at once, after the single-thread measurement.
#include "exec/job_parts.hpp"
#include "exec/runner.hpp"
#include "stats/stats.hpp"

namespace ca {

// --threads N: thread 0 reuses the single-thread context and inputs; every other thread gets its own
// context (its own key) and inputs derived from it, since backend contexts are not shared between threads.
void measure_threads(const RunPlan& plan, const Backend& backend, const Job& job, size_t size, int code,
                     const Context& ctx, Pool& pool, Record& r) {
  const AlgorithmInfo& a = *job.algorithm;
  std::vector<std::unique_ptr<Context>> contexts;
  std::vector<std::unique_ptr<Pool>> pools;
  std::vector<TimedOperation> timed{{ctx.operation(code), ctx.raw(), &pool.ios, ctx.repeat(code)}};
  for (size_t t = 1; t < plan.threads; ++t) {
    auto created = make_context(backend, a, job.key_bits, job.params);
    if (!created) {
      r.status = Status::Failed;
      r.error = "a context for thread " + std::to_string(t + 1) + ": " + created.error().message;
      return;
    }
    auto extra = std::move(*created);
    auto extra_pool = std::make_unique<Pool>();
    if (Result<void> prepared =
            prepare(*extra_pool, backend, *extra, a, job.key_bits, size, code, plan, job.params);
        !prepared) {
      r.status = Status::Failed;
      r.error = "thread " + std::to_string(t + 1) + ": " + prepared.error().message;
      return;
    }
    timed.push_back({extra->operation(code), extra->raw(), &extra_pool->ios, extra->repeat(code)});
    contexts.push_back(std::move(extra));
    pools.push_back(std::move(extra_pool));
  }
  r.parallel_one = measure_parallel({timed.front()}, plan.measure, plan.thread_rounds);
  r.parallel_one_summary = stats::summarize(r.parallel_one.sample_ns);
  r.parallel = measure_parallel(timed, plan.measure, plan.thread_rounds);
  if (r.parallel_one.status != CA_OK) r.parallel = r.parallel_one;
  if (r.parallel.status != CA_OK) {
    r.status = Status::Failed;
    r.error = "on " + std::to_string(plan.threads) + " threads: " + r.parallel.error;
    return;
  }
  r.parallel_summary = stats::summarize(r.parallel.sample_ns);
}

}  // namespace ca
