// The in-process lane (exec/comparison.hpp): a backend's side of a job, called directly. A child lane
// (child_lane.cpp) serves this very lane from its process.
#include <algorithm>
#include <optional>
#include <string>

#include "exec/comparison.hpp"
#include "exec/runner.hpp"
#include "util/units.hpp"

namespace ca {
namespace {

class LocalLane final : public Lane {
 public:
  // renote: name the step again before every warm-up and sample, not only when it starts (in process, where
  // the step names who to blame for an exit() inside a plugin, and several lanes take turns).
  LocalLane(const RunPlan& plan, const Job& job, const Backend& backend, Phase phase, bool renote)
      : plan_(plan), job_(job), backend_(backend), phase_(std::move(phase)), renote_(renote) {}

  Result<void> start() override {
    const AlgorithmInfo& a = *job_.algorithm;
    phase_("the capability query (supports)");
    if (auto reason = backend_.unsupported_reason(std::string(a.name), job_.key_bits))
      return Error{*reason, true};
    phase_("the self-test");
    const auto ops = planned_operations(plan_, a);
    const bool keygen = std::find(ops.begin(), ops.end(), "keygen") != ops.end();
    if (Result<void> passed = self_test(backend_, a, job_.key_bits, keygen); !passed)
      return Error{passed.error().message};
    phase_("key setup");
    auto created = make_context(backend_, a, job_.key_bits, job_.params, key_ ? &*key_ : nullptr);
    if (!created && key_) return Error{"cannot load the job's shared key: " + created.error().message, true};
    if (!created) return created.error();
    ctx_ = std::move(*created);
    return {};
  }

  void use_key(const Bytes& key) override { key_ = key; }

  std::optional<Bytes> export_key() override {
    if (!ctx_) return std::nullopt;
    phase_("exporting the key");
    return ctx_->export_key(CA_KEY_PRIVATE);
  }

  AgreementOutputs agreement_outputs(uint64_t seed) override {
    AgreementOutputs all;
    for (size_t k = 0;; ++k) {
      AgreementOutputs one = forward_output(seed, k);
      if (!one.error.empty() || one.unsupported) {
        all.error = std::move(one.error);
        all.unsupported = one.unsupported;
        return all;
      }
      if (one.outputs.empty()) return all;
      all.outputs.push_back(std::move(one.outputs.front()));
    }
  }

  std::optional<AgreementOutputs> agreement_output(uint64_t seed, size_t k) override {
    return forward_output(seed, k);
  }

  Result<void> agreement_check(uint64_t seed, size_t k, const Bytes& output) override {
    phase_("the agreement check at " + format_size(size_) + " (checking another library's output)");
    struct Back {
      LocalLane& lane;
      ~Back() { lane.phase_(lane.step_); }
    } back{*this};
    const AlgorithmInfo& a = *job_.algorithm;
    const AgreementInputs in = agreement_inputs(a, job_.key_bits, size_, seed, job_.params);
    if (k >= in.lengths.size()) return Error{"no message " + std::to_string(k)};
    const ByteView m = in.at(k);
    const size_t cap = std::max(output.size(), m.size()) + 64;
    if (agreement_forward(code_) == CA_OP_SIGN) {
      const Call v = call(*ctx_, CA_OP_VERIFY, m, in.nonce, {}, output, cap);
      if (v.status != CA_OK) return Error{"does not verify (" + status_text(*ctx_, v.status) + ")"};
      return {};
    }
    const Call d = call(*ctx_, CA_OP_DECRYPT, output, in.nonce, {}, {}, cap);
    if (d.status != CA_OK) return Error{"does not decrypt (" + status_text(*ctx_, d.status) + ")"};
    if (!std::equal(m.begin(), m.end(), d.output.begin(), d.output.end()))
      return Error{"decrypts to other bytes (" + first_difference(Bytes(m.begin(), m.end()), d.output) + ")"};
    return {};
  }

  void share_inputs(std::shared_ptr<SharedPool> slot) override { shared_ = std::move(slot); }

  Result<void> begin(size_t size, const std::string& op) override {
    // The previous comparison's pool is freed while its step is named again (end_comparison); the slot
    // share_inputs() just gave is this comparison's.
    std::shared_ptr<SharedPool> slot = std::move(shared_);
    end_comparison();
    shared_ = std::move(slot);
    step_ = op + " " + format_size(size);
    phase_(step_);
    size_ = size;
    op_ = op;
    code_ = op_code(op);
    if (ctx_->operation(code_) == nullptr)
      return Error{"backend offers no " + op + " operation for " + std::string(job_.algorithm->name), true};
    // With a shared slot the pool is made after the agreement check, so that the check's buffers and the
    // pool are never alive at once (issue #26).
    if (shared_) return {};
    return prepare_inputs();
  }

  Result<void> prepare_inputs() override {
    if (source_) return {};
    phase_(step_);
    if (shared_ && shared_->pool) {
      pool_ = shared_->pool;
    } else {
      auto pool = std::make_shared<Pool>();
      // A child lane given the program's PoolFile makes the comparison's pool there, or maps it.
      const PoolFileUse* file = shared_ && shared_->file.fd >= 0 ? &shared_->file : nullptr;
      if (Result<void> prepared = prepare(*pool, backend_, *ctx_, *job_.algorithm, job_.key_bits, size_,
                                          code_, plan_, job_.params, file);
          !prepared)
        return prepared.error();
      pool_ = std::move(pool);
      if (shared_) shared_->pool = pool_;
      if (file != nullptr) shared_->file.derived_len = pool_->derived_len;
    }
    source_ = make_local_source(
        TimedOperation{ctx_->operation(code_), ctx_->raw(), &pool_->ios, ctx_->repeat(code_)});
    return {};
  }

  void end_comparison() override {
    shared_.reset();
    if (!pool_ && !source_) return;
    // Freed while the comparison's step is named again: a heap it corrupted, which the allocator finds when
    // freeing, is that step's fault, not the next one's.
    phase_(step_);
    source_.reset();
    pool_.reset();
  }

  WarmUp warm_up(const MeasureConfig& cfg) override {
    if (renote_) phase_(step_);
    restore_shared_canary();
    WarmUp w = source_->warm_up(cfg);
    if (w.status != CA_OK) w.error = with_backend_error(w.error);
    if (std::string overrun = overrun_text(); !overrun.empty()) {
      w.status = CA_FAILED;
      w.error = overrun;
    }
    return w;
  }

  SampleResult sample(uint64_t ops, uint64_t settle) override {
    if (renote_) phase_(step_);
    restore_shared_canary();
    SampleResult s = source_->sample(ops, settle);
    if (s.status != CA_OK) s.error = with_backend_error(s.error);
    if (std::string overrun = overrun_text(); !overrun.empty()) {
      s.status = CA_FAILED;
      s.error = overrun;
    }
    return s;
  }

  void threads(Record& r) override {
    phase_(r.operation + " " + format_size(size_) + " on " + std::to_string(plan_.threads) + " threads");
    measure_threads(plan_, backend_, job_, size_, code_, *ctx_, *pool_, r);
  }

  // Checked twice, the second time after one more operation through the timed path, so two different inputs
  // are checked: an output left over from an earlier operation can match one of them by chance, not both.
  Result<void> check_timed_output() override {
    if (!source_ || pool_->ios.empty()) return {};
    if (code_ == CA_OP_VERIFY || code_ == CA_OP_KEYGEN || code_ == CA_OP_ENCRYPT_STREAM) return {};
    phase_("checking the output of the last timed " + op_ + " " + format_size(size_));
    if (shared_) {
      // The output buffer is the comparison's, written by every in-process lane in turn (issue #26): since
      // this lane's last sample another may have written it, so two more operations go through the timed
      // path (the repeat form, when the plugin has one) before the last one's output is checked.
      const SampleResult two = source_->sample(2, 0);
      if (two.status != CA_OK) return Error{op_ + " " + format_size(size_) + ": " + two.error};
    }
    if (Result<void> first = check_last_output(); !first) return first;
    const SampleResult one = source_->sample(1, 0);
    if (one.status != CA_OK) return Error{op_ + " " + format_size(size_) + ": " + one.error};
    return check_last_output();
  }

 private:
  Result<void> check_last_output() {
    const AlgorithmInfo& a = *job_.algorithm;
    const size_t n = pool_->ios.size();
    const ca_io& io = pool_->ios[(source_->next_input() + n - 1) % n];
    const std::string where = op_ + " " + format_size(size_) + ": ";
    if (io.output_len > io.output_cap)
      return Error{where + "the last timed operation reported " + std::to_string(io.output_len) +
                   " bytes of output in a buffer of " + std::to_string(io.output_cap)};
    // Views, not copies: beside the pool only the plain call's output is held (issue #26).
    const ByteView timed(io.output, io.output_len), input(io.input, io.input_len),
        nonce(io.nonce, io.nonce_len);
    const ByteView none;
    const size_t cap = io.output_cap;
    if (code_ == CA_OP_SIGN) {  // ECDSA and RSA-PSS are randomised: the signature must verify
      const Call v = call(*ctx_, CA_OP_VERIFY, input, nonce, none, timed, cap);
      if (v.status != CA_OK)
        return Error{where + "the signature the last timed operation made does not verify"};
      return {};
    }
    if (code_ == CA_OP_ENCRYPT && a.shape == CipherShape::RsaEncryption) {  // randomised padding
      const Call d = call(*ctx_, CA_OP_DECRYPT, timed, nonce, none, {}, cap);
      if (d.status != CA_OK || !std::equal(d.output.begin(), d.output.end(), input.begin(), input.end()))
        return Error{where + "the ciphertext the last timed operation made does not decrypt to its message"};
      return {};
    }
    const Call plain = call(*ctx_, code_, input, nonce, none, {}, cap);
    if (plain.status != CA_OK)
      return Error{where + "one plain call on the last timed input: " + status_text(*ctx_, plain.status)};
    if (std::equal(plain.output.begin(), plain.output.end(), timed.begin(), timed.end())) return {};
    size_t at = 0;
    while (at < plain.output.size() && at < timed.size() && plain.output[at] == timed[at]) ++at;
    return Error{where + "the output of the last timed operation (" + std::to_string(timed.size()) +
                 " bytes) differs from one plain call's on the same input (" +
                 std::to_string(plain.output.size()) + " bytes) from byte " + std::to_string(at) + " on"};
  }

  // The agreement check's forward output for message k of agreement_inputs(seed): at most one; none past the
  // last message, or when the library does not take the shorter message (a restriction, as for XTS).
  AgreementOutputs forward_output(uint64_t seed, size_t k) {
    const AlgorithmInfo& a = *job_.algorithm;
    const int fwd = agreement_forward(code_);
    AgreementOutputs out;
    const AgreementInputs in = agreement_inputs(a, job_.key_bits, size_, seed, job_.params);
    if (k >= in.lengths.size()) return out;
    phase_("the agreement check at " + format_size(size_));
    const ByteView m = in.at(k);
    Call c = call(*ctx_, fwd, m, in.nonce, {}, {}, a.output_capacity(job_.key_bits, m.size()));
    if (c.status == CA_UNSUPPORTED && k == 0) {  // nor the comparison's own inputs: a restriction, not a bug
      out.unsupported = true;
      out.error = ctx_->last_error().empty() ? "not offered with these inputs" : ctx_->last_error();
    } else if (c.status != CA_OK && c.status != CA_UNSUPPORTED) {
      out.error = "agreement check at " + format_size(size_) + ": one " + op_name(fwd) + " of the " +
                  std::to_string(m.size()) + "-byte message: " + status_text(*ctx_, c.status);
      return out;  // the step stays named: the failure is the agreement check's
    } else if (c.status == CA_OK) {
      out.outputs.push_back(std::move(c.output));
    }
    phase_(step_);  // back to the comparison's own step, which a fault in the warm-up or a sample is named by
    return out;
  }

  // After each step that wrote into the output buffer: "" when nothing was written past its end (a write
  // beyond the page it ends in is a SIGSEGV at once, exec/placement.hpp).
  std::string overrun_text() {
    const size_t past = pool_ ? pool_->memory.overrun() : 0;
    if (past == 0) return "";
    pool_->memory.restore_canary();  // the output may be shared: the next library starts with it intact
    return "wrote past the end of its output buffer in " + step_ + " (at least " + std::to_string(past) +
           " bytes after the " + std::to_string(pool_->memory.output_size()) + " it was given)";
  }

  // A child lane sharing the PoolFile's output: a child that crashed writing past it (stopped by the guard
  // page) left the canary as it was, which is not this lane's doing; in process such a crash ends the run.
  void restore_shared_canary() {
    if (pool_ && shared_ && shared_->file.fd >= 0 && pool_->memory.overrun() != 0)
      pool_->memory.restore_canary();
  }

  std::string with_backend_error(const std::string& error) const {
    const std::string why = ctx_->last_error();
    return why.empty() ? error : error + ": " + why;
  }

  const RunPlan& plan_;
  const Job& job_;
  const Backend& backend_;
  Phase phase_;
  bool renote_;
  std::optional<Bytes> key_;
  std::string step_;
  std::unique_ptr<Context> ctx_;
  std::shared_ptr<SharedPool> shared_;  // this comparison's slot (in process), or none
  std::shared_ptr<Pool> pool_;          // this lane's, or the comparison's shared one
  std::unique_ptr<SampleSource> source_;
  size_t size_ = 0;
  int code_ = 0;
  std::string op_;
};

}  // namespace

std::unique_ptr<Lane> make_local_lane(const RunPlan& plan, const Job& job, const Backend& backend,
                                      Phase phase, bool renote_each_sample) {
  return std::make_unique<LocalLane>(plan, job, backend, std::move(phase), renote_each_sample);
}

}  // namespace ca
