#include <algorithm>

#include "measure/cycles.hpp"
#include "run/job_parts.hpp"
#include "util/units.hpp"

namespace ca {

// `params` (KDF costs) must outlive the spec: it points into it.
ca_key_spec key_spec(const AlgorithmInfo& a, uint32_t bits, const Bytes* secret, const std::string* params) {
  ca_key_spec spec{};
  spec.struct_size = sizeof spec;
  spec.algorithm = a.name.data();  // catalog names are string literals: NUL-terminated
  spec.key_bits = bits;
  if (params != nullptr && !params->empty()) spec.params = params->c_str();
  if (secret != nullptr) {
    spec.secret_key = secret->data();
    spec.secret_key_len = secret->size();
  }
  return spec;
}

Call call(const Context& ctx, int op, const Bytes& input, const Bytes& nonce, const Bytes& aad,
          const Bytes* signature, size_t capacity) {
  Bytes out(capacity);
  ca_io io{};
  io.nonce = nonce.data();
  io.nonce_len = nonce.size();
  io.aad = aad.data();
  io.aad_len = aad.size();
  io.input = input.data();
  io.input_len = input.size();
  if (signature != nullptr) {
    io.signature = signature->data();
    io.signature_len = signature->size();
  }
  io.output = out.data();
  io.output_cap = out.size();
  int st = ctx.call(op, io);
  out.resize(st == CA_OK ? std::min(io.output_len, out.size()) : 0);
  return {st, std::move(out)};
}

std::string status_text(const Context& ctx, int st) {
  std::string e = ctx.last_error();
  return "status " + std::to_string(st) + (e.empty() ? "" : " (" + e + ")");
}

int op_code(const std::string& op) {
  if (op == "encrypt") return CA_OP_ENCRYPT;
  if (op == "encrypt-stream") return CA_OP_ENCRYPT_STREAM;
  if (op == "decrypt") return CA_OP_DECRYPT;
  if (op == "hash") return CA_OP_HASH;
  if (op == "sign") return CA_OP_SIGN;
  if (op == "mac") return CA_OP_MAC;
  if (op == "derive") return CA_OP_DERIVE;
  if (op == "agree") return CA_OP_AGREE;
  if (op == "keygen") return CA_OP_KEYGEN;
  return CA_OP_VERIFY;
}

std::string op_name(int code) {
  for (const char* op :
       {"encrypt", "encrypt-stream", "decrypt", "hash", "sign", "verify", "mac", "derive", "agree", "keygen"})
    if (op_code(op) == code) return op;
  return "operation " + std::to_string(code);
}

std::string prepare(Pool& pool, const Backend& backend, const Context& ctx, const AlgorithmInfo& a,
                    uint32_t bits, size_t size, int op, const RunPlan& plan, bool* unsupported) {
  if (op == CA_OP_AGREE || op == CA_OP_KEYGEN) size = 0;  // no message
  const size_t count =
      std::clamp<size_t>(plan.pool_bytes / std::max<size_t>(size, 1), 1, plan.pool_max_messages);
  const size_t cap = a.output_capacity(bits, size);
  const Bytes no_aad;
  pool.output = GuardedBuffer(cap);
  for (size_t i = 0; i < count; ++i) {
    pool.messages.emplace_back(size, PageBuffer::staggered_offset(i, size));
    fill_random(pool.messages.back().data(), size);
    pool.nonces.push_back(random_bytes(a.nonce_bytes));
  }
  if (op == CA_OP_AGREE) {
    // The peer: a key pair of the same backend made before timing; its public key is every call's input.
    std::string error;
    bool unsupported = false;
    auto peer = backend.create(key_spec(a, bits, nullptr), error, unsupported);
    if (!peer) return "preparing inputs: the peer's key pair: " + error;
    auto pub = peer->export_key(CA_KEY_PUBLIC);
    if (!pub) return "preparing inputs: the peer's public key could not be exported";
    for (size_t i = 0; i < count; ++i)
      pool.derived.emplace_back(pub->data(), pub->size(), PageBuffer::staggered_offset(i, pub->size()));
  }
  if (op == CA_OP_DECRYPT || op == CA_OP_VERIFY) {
    const int producer = op == CA_OP_DECRYPT ? CA_OP_ENCRYPT : CA_OP_SIGN;
    for (size_t i = 0; i < count; ++i) {
      const Bytes message(pool.messages[i].data(), pool.messages[i].data() + size);
      Call c = call(ctx, producer, message, pool.nonces[i], no_aad, nullptr, cap);
      if (c.status == CA_UNSUPPORTED && unsupported != nullptr) {
        *unsupported = true;
        return ctx.last_error().empty() ? "not offered with these inputs" : ctx.last_error();
      }
      if (c.status != CA_OK) return "preparing inputs: " + status_text(ctx, c.status);
      pool.derived.emplace_back(c.output.data(), c.output.size(),
                                PageBuffer::staggered_offset(i, c.output.size()));
    }
  }
  for (size_t i = 0; i < count; ++i) {
    ca_io io{};
    io.nonce = pool.nonces[i].data();
    io.nonce_len = pool.nonces[i].size();
    const PageBuffer& in = op == CA_OP_DECRYPT || op == CA_OP_AGREE ? pool.derived[i] : pool.messages[i];
    io.input = in.data();
    io.input_len = in.size();
    if (op == CA_OP_VERIFY) {
      io.signature = pool.derived[i].data();
      io.signature_len = pool.derived[i].size();
    }
    io.output = pool.output.data();
    io.output_cap = pool.output.size();
    pool.ios.push_back(io);
  }
  return "";
}

Record record_for(const Backend& backend, const Job& job, size_t size, const std::string& op) {
  Record r;
  r.backend = backend.name();
  r.algorithm = std::string(job.algorithm->name);
  r.key_bits = job.key_bits;
  r.operation = op;
  r.data_bytes = size_independent(op) ? 0 : size;
  r.params = job.params;
  return r;
}

void finish_record(Record& r, const std::string& last_error) {
  if (r.measurement.status != CA_OK) {
    // CA_UNSUPPORTED here is a parameter the backend does not take at this size (e.g. a stream of CBC
    // blocks needs whole blocks): not offered, not broken.
    r.status = r.measurement.status == CA_UNSUPPORTED ? Status::Unsupported : Status::Failed;
    r.error = r.measurement.error + (last_error.empty() ? "" : ": " + last_error);
  }
  summarize_record(r);
  const CycleSource& cycles = cycle_source();
  r.cycles_source = cycles.name();
  if (cycles.kind == CycleSource::Perf && r.measurement.timed_ops > 0)
    r.cycles_per_op = r.measurement.perf_cycles / static_cast<double>(r.measurement.timed_ops);
  else if (cycles.kind == CycleSource::Tsc && r.ok())
    r.cycles_per_op = r.summary.median * cycles.tsc_ghz;
}

// --threads N: thread 0 reuses the single-thread context and inputs; every other thread gets its own
// context (its own key) and inputs derived from it, since backend contexts are not shared between threads.
void measure_threads(const RunPlan& plan, const Backend& backend, const Job& job, size_t size, int code,
                     const Context& ctx, Pool& pool, Record& r) {
  const AlgorithmInfo& a = *job.algorithm;
  std::vector<std::unique_ptr<Context>> contexts;
  std::vector<std::unique_ptr<Pool>> pools;
  std::vector<TimedOperation> timed{{ctx.operation(code), ctx.raw(), &pool.ios, ctx.repeat(code)}};
  for (size_t t = 1; t < plan.threads; ++t) {
    std::string error;
    bool unsupported = false;
    auto extra = make_context(backend, a, job.key_bits, error, unsupported, job.params);
    if (!extra) {
      r.status = Status::Failed;
      r.error = "a context for thread " + std::to_string(t + 1) + ": " + error;
      return;
    }
    auto extra_pool = std::make_unique<Pool>();
    if (std::string e = prepare(*extra_pool, backend, *extra, a, job.key_bits, size, code, plan);
        !e.empty()) {
      r.status = Status::Failed;
      r.error = "thread " + std::to_string(t + 1) + ": " + e;
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
