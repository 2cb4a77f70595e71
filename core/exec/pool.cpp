#include <algorithm>
#include <cstring>

#include "exec/job_parts.hpp"
#include "measure/cycles.hpp"
#include "util/units.hpp"

namespace ca {

Result<void> prepare(Pool& pool, const Backend& backend, const Context& ctx, const AlgorithmInfo& a,
                     uint32_t bits, size_t size, int op, const RunPlan& plan, const std::string& params,
                     const PoolFileUse* file) {
  if (op == CA_OP_AGREE || op == CA_OP_KEYGEN) size = 0;  // no message
  const size_t count =
      std::clamp<size_t>(plan.pool_bytes / std::max<size_t>(size, 1), 1, plan.pool_max_messages);
  const size_t cap = a.output_capacity(bits, size);
  const size_t nonce_bytes = chosen_nonce_bytes(a, params);
  // The mapping's layout depends only on the sizes (exec/placement.hpp): derived inputs get a slot of the
  // output's capacity whatever this library produces, so every library of the comparison has the same
  // placement. Inputs are written straight into it, one derived input at a time, so that preparing holds no
  // second copy of the pool (issue #26).
  Bytes peer_public;
  size_t derived_slot = op == CA_OP_DECRYPT || op == CA_OP_VERIFY ? cap : 0;
  if (op == CA_OP_AGREE) {
    // The peer: a key pair of the same backend made before timing; its public key is every call's input.
    auto peer = backend.create(key_spec(a, bits));
    if (!peer) return Error{"preparing inputs: the peer's key pair: " + peer.error().message};
    auto pub = (*peer)->export_key(CA_KEY_PUBLIC);
    if (!pub) return Error{"preparing inputs: the peer's public key could not be exported"};
    peer_public = std::move(*pub);
    derived_slot = std::max(cap, peer_public.size());
  }
  const PoolShape shape{count, size, derived_slot, nonce_bytes, cap};
  const bool reading = file != nullptr && !file->make;  // another lane made the file's inputs
  if (reading && file->derived_len.size() != count)
    return Error{"preparing inputs: " + std::to_string(file->derived_len.size()) +
                 " derived input lengths for a pool of " + std::to_string(count)};
  pool.memory = file != nullptr ? PoolMemory(shape, op != CA_OP_DECRYPT, file->fd, file->make)
                                : PoolMemory(shape, op != CA_OP_DECRYPT);
  std::vector<size_t> derived_len(count, peer_public.size());
  if (reading) derived_len = file->derived_len;
  for (size_t i = 0; i < count && !reading; ++i) {
    if (size != 0 && op != CA_OP_DECRYPT) fill_random(pool.memory.message(i), size);
    if (nonce_bytes != 0) fill_random(pool.memory.nonce(i), nonce_bytes);
    if (!peer_public.empty()) std::memcpy(pool.memory.derived(i), peer_public.data(), peer_public.size());
  }
  if ((op == CA_OP_DECRYPT || op == CA_OP_VERIFY) && !reading) {
    const int producer = op == CA_OP_DECRYPT ? CA_OP_ENCRYPT : CA_OP_SIGN;
    for (size_t i = 0; i < count; ++i) {
      if (size != 0 && op == CA_OP_DECRYPT) fill_random(pool.memory.message(i), size);
      // Made straight into its slot: no second buffer of the message's size.
      ca_io io{};
      io.input = size != 0 ? pool.memory.message(i) : nullptr;
      io.input_len = size;
      io.nonce = nonce_bytes != 0 ? pool.memory.nonce(i) : nullptr;
      io.nonce_len = nonce_bytes;
      io.output = pool.memory.derived(i);
      io.output_cap = derived_slot;
      const int status = ctx.call(producer, io);
      if (status == CA_UNSUPPORTED)
        return Error{ctx.last_error().empty() ? "not offered with these inputs" : ctx.last_error(), true};
      if (status != CA_OK) return Error{"preparing inputs: " + status_text(ctx, status)};
      if (io.output_len > derived_slot)
        return Error{"preparing inputs: " + op_name(producer) + " reported " + std::to_string(io.output_len) +
                     " bytes of output in a buffer of " + std::to_string(derived_slot)};
      derived_len[i] = io.output_len;
      // Decrypting reads only the ciphertexts: the message's whole huge pages go back to the kernel before
      // the next is written (the layout, and so the placement, stays as it is).
      if (op == CA_OP_DECRYPT) pool.memory.release_message(i);
    }
  }
  pool.memory.seal();  // a file's inputs: read-only from now on, in the maker too
  pool.derived_len = derived_len;
  for (size_t i = 0; i < count; ++i) {
    ca_io io{};
    io.nonce = nonce_bytes != 0 ? pool.memory.nonce(i) : nullptr;
    io.nonce_len = nonce_bytes;
    const bool from_derived = op == CA_OP_DECRYPT || op == CA_OP_AGREE;
    io.input = from_derived ? pool.memory.derived(i) : pool.memory.message(i);
    io.input_len = from_derived ? derived_len[i] : size;
    if (op == CA_OP_VERIFY) {
      io.signature = pool.memory.derived(i);
      io.signature_len = derived_len[i];
    }
    io.output = pool.memory.output();
    io.output_cap = pool.memory.output_size();
    pool.ios.push_back(io);
  }
  return {};
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

}  // namespace ca
