#include "run/comparison.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "measure/stopwatch.hpp"
#include "run/affinity.hpp"
#include "run/exit_guard.hpp"
#include "run/interrupt.hpp"
#include "run/isolated_job.hpp"
#include "run/record_json.hpp"
#include "run/record_key.hpp"
#include "util/child_call.hpp"
#include "util/supervise.hpp"
#include "util/units.hpp"

namespace ca {
namespace {

// ---- In process -------------------------------------------------------------------------------------------

class LocalLane final : public Lane {
 public:
  // renote: name the step again before every warm-up and sample, not only when it starts (in process, where
  // the step names who to blame for an exit() inside a plugin, and several lanes take turns).
  LocalLane(const RunPlan& plan, const Job& job, const Backend& backend, Phase phase, bool renote)
      : plan_(plan), job_(job), backend_(backend), phase_(std::move(phase)), renote_(renote) {}

  std::optional<LaneFailure> start() override {
    const AlgorithmInfo& a = *job_.algorithm;
    phase_("the capability query (supports)");
    if (auto reason = backend_.unsupported_reason(std::string(a.name), job_.key_bits))
      return LaneFailure{Status::Unsupported, *reason};
    phase_("the self-test");
    const auto ops = planned_operations(plan_, a);
    const bool keygen = std::find(ops.begin(), ops.end(), "keygen") != ops.end();
    if (Result<void> passed = self_test(backend_, a, job_.key_bits, keygen); !passed)
      return LaneFailure{Status::Failed, passed.error().message};
    phase_("key setup");
    auto created = make_context(backend_, a, job_.key_bits, job_.params, key_ ? &*key_ : nullptr);
    if (!created && key_)
      return LaneFailure{Status::Unsupported, "cannot load the job's shared key: " + created.error().message};
    if (!created)
      return LaneFailure{created.error().unsupported ? Status::Unsupported : Status::Failed,
                         created.error().message};
    ctx_ = std::move(*created);
    return std::nullopt;
  }

  void use_key(const Bytes& key) override { key_ = key; }

  std::optional<Bytes> export_key() override {
    if (!ctx_) return std::nullopt;
    phase_("exporting the key");
    return ctx_->export_key(CA_KEY_PRIVATE);
  }

  AgreementOutputs agreement_outputs(uint64_t seed) override {
    const AlgorithmInfo& a = *job_.algorithm;
    const int fwd = agreement_forward(code_);
    phase_("the agreement check at " + format_size(size_));
    const AgreementInputs in = agreement_inputs(a, job_.key_bits, size_, seed, job_.params);
    AgreementOutputs out;
    const Bytes none;
    for (size_t k = 0; k < in.messages.size(); ++k) {
      const Bytes& m = in.messages[k];
      const Call c = call(*ctx_, fwd, m, in.nonce, none, {}, a.output_capacity(job_.key_bits, m.size()));
      if (c.status == CA_UNSUPPORTED && k > 0) break;  // the library does not take the shorter message
      if (c.status == CA_UNSUPPORTED) {  // nor the comparison's own inputs: a restriction, not a bug
        out.unsupported = true;
        out.error = ctx_->last_error().empty() ? "not offered with these inputs" : ctx_->last_error();
        phase_(step_);
        return out;
      }
      if (c.status != CA_OK) {
        out.error = "agreement check at " + format_size(size_) + ": one " + op_name(fwd) + " of the " +
                    std::to_string(m.size()) + "-byte message: " + status_text(*ctx_, c.status);
        return out;
      }
      out.outputs.push_back(c.output);
    }
    phase_(step_);  // back to the comparison's own step, which a fault in the warm-up or a sample is named by
    return out;
  }

  Result<void> agreement_check(uint64_t seed, size_t k, const Bytes& output) override {
    phase_("the agreement check at " + format_size(size_) + " (checking another library's output)");
    struct Back {
      LocalLane& lane;
      ~Back() { lane.phase_(lane.step_); }
    } back{*this};
    const AlgorithmInfo& a = *job_.algorithm;
    const AgreementInputs in = agreement_inputs(a, job_.key_bits, size_, seed, job_.params);
    if (k >= in.messages.size()) return Error{"no message " + std::to_string(k)};
    const Bytes& m = in.messages[k];
    const Bytes none;
    const size_t cap = std::max(output.size(), m.size()) + 64;
    if (agreement_forward(code_) == CA_OP_SIGN) {
      const Call v = call(*ctx_, CA_OP_VERIFY, m, in.nonce, none, output, cap);
      if (v.status != CA_OK) return Error{"does not verify (" + status_text(*ctx_, v.status) + ")"};
      return {};
    }
    const Call d = call(*ctx_, CA_OP_DECRYPT, output, in.nonce, none, {}, cap);
    if (d.status != CA_OK) return Error{"does not decrypt (" + status_text(*ctx_, d.status) + ")"};
    if (d.output != m) return Error{"decrypts to other bytes (" + first_difference(m, d.output) + ")"};
    return {};
  }

  std::optional<LaneFailure> begin(size_t size, const std::string& op) override {
    // The previous comparison's pool is freed while its step is named again: a heap it corrupted, which
    // the allocator finds when freeing, is that step's fault, not the next one's.
    if (pool_) {
      phase_(step_);
      source_.reset();
      pool_.reset();
    }
    step_ = op + " " + format_size(size);
    phase_(step_);
    pool_ = std::make_unique<Pool>();
    size_ = size;
    op_ = op;
    code_ = op_code(op);
    if (Result<void> prepared =
            prepare(*pool_, backend_, *ctx_, *job_.algorithm, job_.key_bits, size, code_, plan_, job_.params);
        !prepared)
      return LaneFailure{prepared.error().unsupported ? Status::Unsupported : Status::Failed,
                         prepared.error().message};
    const TimedOperation timed{ctx_->operation(code_), ctx_->raw(), &pool_->ios, ctx_->repeat(code_)};
    if (timed.fn == nullptr)
      return LaneFailure{Status::Unsupported,
                         "backend offers no " + op + " operation for " + std::string(job_.algorithm->name)};
    source_ = make_local_source(timed);
    return std::nullopt;
  }

  WarmUp warm_up(const MeasureConfig& cfg) override {
    if (renote_) phase_(step_);
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
    const Bytes timed(io.output, io.output + io.output_len);
    const Bytes input(io.input, io.input + io.input_len), nonce(io.nonce, io.nonce + io.nonce_len), none;
    const size_t cap = io.output_cap;
    if (code_ == CA_OP_SIGN) {  // ECDSA and RSA-PSS are randomised: the signature must verify
      const Call v = call(*ctx_, CA_OP_VERIFY, input, nonce, none, timed, cap);
      if (v.status != CA_OK)
        return Error{where + "the signature the last timed operation made does not verify"};
      return {};
    }
    if (code_ == CA_OP_ENCRYPT && a.shape == CipherShape::RsaEncryption) {  // randomised padding
      const Call d = call(*ctx_, CA_OP_DECRYPT, timed, nonce, none, {}, cap);
      if (d.status != CA_OK || d.output != input)
        return Error{where + "the ciphertext the last timed operation made does not decrypt to its message"};
      return {};
    }
    const Call plain = call(*ctx_, code_, input, nonce, none, {}, cap);
    if (plain.status != CA_OK)
      return Error{where + "one plain call on the last timed input: " + status_text(*ctx_, plain.status)};
    if (plain.output == timed) return {};
    size_t at = 0;
    while (at < plain.output.size() && at < timed.size() && plain.output[at] == timed[at]) ++at;
    return Error{where + "the output of the last timed operation (" + std::to_string(timed.size()) +
                 " bytes) differs from one plain call's on the same input (" +
                 std::to_string(plain.output.size()) + " bytes) from byte " + std::to_string(at) + " on"};
  }

  // After each step that wrote into the output buffer: "" when nothing was written past its end (a write
  // beyond the page it ends in is a SIGSEGV at once, run/placement.hpp).
  std::string overrun_text() const {
    const size_t past = pool_ ? pool_->memory.overrun() : 0;
    if (past == 0) return "";
    return "wrote past the end of its output buffer in " + step_ + " (at least " + std::to_string(past) +
           " bytes after the " + std::to_string(pool_->memory.output_size()) + " it was given)";
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
  std::unique_ptr<Pool> pool_;
  std::unique_ptr<SampleSource> source_;
  size_t size_ = 0;
  int code_ = 0;
  std::string op_;
};

// ---- In a child process
// -------------------------------------------------------------------------------------
//
// Requests (parent -> child), one line each:   S <key hex or -> | B <size> <op> | W | M <ops> <settle> | C |
//                                              T | Q | E | A <seed> | V <seed> <k> <output hex or ->
// Replies (child -> parent), one line each:    K | X <status> <error> | W <batch> <ops> <status> <error> |
//                                              M <ns> <cycles> <status> <error> | C <what differs> |
//                                              R <record JSON> | Y <key hex or -> |
//                                              A <n> <output hex or -> x n <error> | V <what went wrong>
// and at any time P <phase>: the step the child starts, named when it dies in it.

std::string one_line(std::string_view text) {
  std::string line(text);
  std::replace(line.begin(), line.end(), '\n', ' ');
  return line;
}

void write_all(int fd, const std::string& line) {
  for (size_t done = 0; done < line.size();) {
    const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) ::_exit(3);  // the parent is gone: nobody is left to report to
    done += static_cast<size_t>(n);
  }
}

std::string failure_line(const std::optional<LaneFailure>& f) {
  if (!f) return "K\n";
  return "X " + std::to_string(static_cast<int>(f->status)) + " " + one_line(f->error) + "\n";
}

// The requests and replies of an exec'd lane travel on descriptors 3 and 4.
constexpr int kLaneIn = 3, kLaneOut = 4;

// In the forked child: moves the pipe ends to kLaneIn / kLaneOut (without close-on-exec) and execs the
// worker. Never returns: a failed exec ends the child with a line the parent reads as its error.
[[noreturn]] void exec_lane(int in, int out, const std::string& program, const std::string& spec) {
  const int high_in = ::fcntl(in, F_DUPFD, 10), high_out = ::fcntl(out, F_DUPFD, 10);
  if (high_in < 0 || high_out < 0 || ::dup2(high_in, kLaneIn) < 0 || ::dup2(high_out, kLaneOut) < 0)
    ::_exit(5);
  ::close(high_in);
  ::close(high_out);
  const char* argv[] = {program.c_str(), "__lane", spec.c_str(), nullptr};
  ::execv(program.c_str(), const_cast<char* const*>(argv));
  const std::string why = "E cannot start the worker " + program + ": " + std::strerror(errno) + "\n";
  [[maybe_unused]] ssize_t n = ::write(kLaneOut, why.data(), why.size());
  ::_exit(1);
}

[[noreturn]] void serve(int in, int out, const RunPlan& plan, const Job& job, const Backend& backend) {
  ::setpgid(0, 0);
  // Orphans of this job (a helper whose parent ended) stay below it while it runs (util/supervise.hpp).
  become_subreaper();
  reset_interrupt_handlers_in_child();
  ::signal(SIGPIPE, SIG_DFL);
  LocalLane lane(
      plan, job, backend, [out](std::string_view what) { write_all(out, "P " + one_line(what) + "\n"); },
      false);
  FILE* requests = ::fdopen(in, "r");
  if (requests == nullptr) ::_exit(4);
  char* line = nullptr;
  size_t cap = 0;
  try {
    while (::getline(&line, &cap, requests) > 0) {
      std::istringstream req(line);
      char kind = 0;
      req >> kind;
      if (kind == 'S') {
        std::string key;
        req >> key;
        if (key != "-" && !key.empty())
          if (auto k = from_hex(key)) lane.use_key(*k);
        write_all(out, failure_line(lane.start()));
      } else if (kind == 'E') {
        const auto k = lane.export_key();
        write_all(out, "Y " + (k && !k->empty() ? to_hex(*k) : std::string("-")) + "\n");
      } else if (kind == 'A') {
        uint64_t seed = 0;
        req >> seed;
        const AgreementOutputs a = lane.agreement_outputs(seed);
        std::string reply =
            "A " + std::to_string(a.unsupported ? 1 : 0) + " " + std::to_string(a.outputs.size());
        for (const Bytes& o : a.outputs) reply += " " + (o.empty() ? std::string("-") : to_hex(o));
        write_all(out, reply + " " + one_line(a.error) + "\n");
      } else if (kind == 'V') {
        uint64_t seed = 0;
        size_t k = 0;
        std::string hex;
        req >> seed >> k >> hex;
        const auto output = hex == "-" ? std::optional<Bytes>(Bytes()) : from_hex(hex);
        // An empty line: it agrees.
        const Result<void> agrees =
            output ? lane.agreement_check(seed, k, *output) : Error{"unreadable output"};
        write_all(out, "V " + one_line(agrees ? "" : agrees.error().message) + "\n");
      } else if (kind == 'B') {
        size_t size = 0;
        std::string op;
        req >> size >> op;
        write_all(out, failure_line(lane.begin(size, op)));
      } else if (kind == 'W') {
        const WarmUp w = lane.warm_up(plan.measure);
        write_all(out, "W " + std::to_string(w.batch) + " " + std::to_string(w.ops) + " " +
                           std::to_string(w.status) + " " + one_line(w.error) + "\n");
      } else if (kind == 'M') {
        uint64_t ops = 0, settle = 0;
        req >> ops >> settle;
        const SampleResult s = lane.sample(ops, settle);
        char numbers[96];
        std::snprintf(numbers, sizeof numbers, "M %.17g %.17g %d ", s.ns, s.cycles, s.status);
        write_all(out, numbers + one_line(s.error) + "\n");
      } else if (kind == 'C') {
        const Result<void> checked = lane.check_timed_output();  // an empty line: it agrees
        write_all(out, "C " + one_line(checked ? "" : checked.error().message) + "\n");
      } else if (kind == 'T') {
        std::string op;
        size_t size = 0;
        req >> size >> op;
        Record r = record_for(backend, job, size, op);
        lane.threads(r);
        write_all(out, "R " + record_to_json(r).dump() + "\n");
      } else {  // Q, or anything else: done
        break;
      }
    }
  } catch (const std::exception& e) {
    write_all(out, "E " + one_line(e.what()) + "\n");
    ::_exit(1);
  }
  // _exit, not exit: the parent's stdio buffers and atexit handlers (the libraries' cleanup) are the
  // parent's.
  ::_exit(0);
}

void kill_group(pid_t pid) {
  ::kill(-pid, SIGKILL);
  ::kill(pid, SIGKILL);  // in case the child had not yet made its own group
}

// --processes N: the argument of `cryptauditor __lane SPEC`, all a fresh worker needs to serve the lane.
std::string lane_spec(const RunPlan& plan, const Job& job, const Backend& backend) {
  const MeasureConfig& m = plan.measure;
  nlohmann::json measure = {{"budget_s", m.budget_s},
                            {"target_rel_ci", m.target_rel_ci},
                            {"sample_target_ns", m.sample_target_ns},
                            {"warmup_s", m.warmup_s},
                            {"warmup_max_s", m.warmup_max_s},
                            {"settle_fraction", m.settle_fraction},
                            {"min_samples", m.min_samples},
                            {"max_samples", m.max_samples},
                            {"repetitions", m.repetitions},
                            {"jitter_seed", m.jitter_seed}};
  if (m.rounds) measure["rounds"] = *m.rounds;
  return nlohmann::json{{"plugin", backend.path()},
                        {"name", backend.name()},
                        {"algorithm", std::string(job.algorithm->name)},
                        {"key_bits", job.key_bits},
                        {"job_sizes", job.data_sizes},
                        {"params", job.params},
                        {"data_sizes", plan.data_sizes},
                        {"operations", plan.operations},
                        {"pool_bytes", plan.pool_bytes},
                        {"pool_max_messages", plan.pool_max_messages},
                        {"threads", plan.threads},
                        {"thread_rounds", plan.thread_rounds},
                        {"cipher_stream", plan.cipher_stream},
                        {"measure", measure}}
      .dump();
}

class ChildLane final : public Lane {
 public:
  // exec_program non-empty: the child execs it as `PROGRAM __lane SPEC` (a fresh process image: its own
  // address layout, ASLR and heap, as --processes N wants) instead of serving from the fork.
  // cpu >= 0: the child runs on that CPU alone (lane_cpu below), set before it execs or serves.
  ChildLane(const RunPlan& plan, const Job& job, const Backend& backend, const std::string& exec_program = "",
            int cpu = -1)
      : timeout_s_(plan.job_timeout_s) {
    const std::string spec = exec_program.empty() ? std::string() : lane_spec(plan, job, backend);
    std::fflush(nullptr);  // else what stdio holds is written twice if a backend calls exit() in the child
    int down[2], up[2];
    if (::pipe2(down, O_CLOEXEC) != 0)
      throw std::system_error(errno, std::generic_category(), "creating the pipe to an isolated job");
    if (::pipe2(up, O_CLOEXEC) != 0) {
      const int e = errno;
      ::close(down[0]);
      ::close(down[1]);
      throw std::system_error(e, std::generic_category(), "creating the pipe from an isolated job");
    }
    pid_ = ::fork();
    if (pid_ < 0) {
      const int e = errno;
      for (int fd : {down[0], down[1], up[0], up[1]}) ::close(fd);
      throw std::system_error(e, std::generic_category(), "starting an isolated job (fork)");
    }
    if (pid_ == 0) {
      ::close(down[1]);
      ::close(up[0]);
      if (cpu >= 0) (void)pin_to_cpus({cpu});  // best effort: a refusal leaves the child where it may run
      if (!exec_program.empty()) exec_lane(down[0], up[1], exec_program, spec);
      serve(down[0], up[1], plan, job, backend);
    }
    ::setpgid(pid_, pid_);  // also here, so the group exists before any kill(-pid) below
    supervise_child(pid_);
    exit_fd_ = open_exit_fd(pid_);
    ::close(down[0]);
    ::close(up[1]);
    to_ = down[1];
    from_ = up[0];
  }

  ~ChildLane() override {
    if (!dead()) {
      ::signal(SIGPIPE, SIG_IGN);  // the child may be gone already
      const std::string quit = "Q\n";
      [[maybe_unused]] ssize_t n = ::write(to_, quit.data(), quit.size());
    }
    ::close(to_);
    ::close(from_);
    kill_group(pid_);  // anything the backend left behind in the child's group goes with it
    if (!reaped_) reap();
    if (exit_fd_ >= 0) ::close(exit_fd_);
  }

  void request_start() override {
    send(start_line());
    start_requested_ = true;
  }

  std::optional<LaneFailure> start() override {
    if (!start_requested_) send(start_line());
    start_requested_ = false;
    return failure_reply(receive('K', 'X'));
  }

  void use_key(const Bytes& key) override { key_hex_ = key.empty() ? "-" : to_hex(key); }

  std::optional<Bytes> export_key() override {
    send("E\n");
    const auto reply = receive('Y');
    if (!reply || *reply == "-") return std::nullopt;
    return from_hex(*reply);
  }

  AgreementOutputs agreement_outputs(uint64_t seed) override {
    send("A " + std::to_string(seed) + "\n");
    const auto reply = receive('A');
    AgreementOutputs out;
    if (!reply) {
      out.error = failure_;
      return out;
    }
    std::istringstream in(*reply);
    size_t n = 0;
    int unsupported = 0;
    in >> unsupported >> n;
    out.unsupported = unsupported != 0;
    for (size_t k = 0; k < n && k < 8; ++k) {
      std::string hex;
      in >> hex;
      auto bytes = hex == "-" ? std::optional<Bytes>(Bytes()) : from_hex(hex);
      if (!bytes) {
        out.error = "the job's process sent an unreadable output in " + phase_;
        return out;
      }
      out.outputs.push_back(std::move(*bytes));
    }
    std::getline(in >> std::ws, out.error);
    return out;
  }

  Result<void> agreement_check(uint64_t seed, size_t k, const Bytes& output) override {
    send("V " + std::to_string(seed) + " " + std::to_string(k) + " " +
         (output.empty() ? "-" : to_hex(output)) + "\n");
    return passed(receive('V'));
  }

  std::optional<LaneFailure> begin(size_t size, const std::string& op) override {
    size_ = size;
    op_ = op;
    send("B " + std::to_string(size) + " " + op + "\n");
    return failure_reply(receive('K', 'X'));
  }

  WarmUp warm_up(const MeasureConfig&) override {
    WarmUp w;
    send("W\n");
    const auto reply = receive('W');
    if (!reply) return {0, 0, CA_FAILED, failure_};
    std::istringstream in(*reply);
    in >> w.batch >> w.ops >> w.status;
    std::getline(in >> std::ws, w.error);
    return w;
  }

  SampleResult sample(uint64_t ops, uint64_t settle) override {
    SampleResult s;
    send("M " + std::to_string(ops) + " " + std::to_string(settle) + "\n");
    const auto reply = receive('M');
    if (!reply) return {0, 0, CA_FAILED, failure_};
    std::istringstream in(*reply);
    in >> s.ns >> s.cycles >> s.status;
    std::getline(in >> std::ws, s.error);
    return s;
  }

  Result<void> check_timed_output() override {
    send("C\n");
    return passed(receive('C'));
  }

  // A check's reply: an empty line passes; no reply is the lane's failure.
  Result<void> passed(const std::optional<std::string>& reply) const {
    if (!reply) return Error{failure_};
    if (!reply->empty()) return Error{*reply};
    return {};
  }

  void threads(Record& r) override {
    send("T " + std::to_string(size_) + " " + op_ + "\n");
    const auto reply = receive('R');
    auto j = reply ? nlohmann::json::parse(*reply, nullptr, /*allow_exceptions=*/false) : nlohmann::json();
    auto got = reply && !j.is_discarded() ? record_from_json(j) : Result<Record>(Error{"no record"});
    if (!got) {
      r.status = Status::Failed;
      r.error = reply ? "the job's process sent an unreadable record in " + phase_ : failure_;
      return;
    }
    if (!got->ok()) {
      r.status = got->status;
      r.error = got->error;
      return;
    }
    r.parallel = std::move(got->parallel);
    r.parallel_summary = got->parallel_summary;
    r.parallel_one = std::move(got->parallel_one);
    r.parallel_one_summary = got->parallel_one_summary;
  }

  bool dead() const { return !failure_.empty(); }
  std::string start_line() const { return "S " + key_hex_ + "\n"; }

 private:
  void send(const std::string& line) {
    if (dead()) return;
    for (size_t done = 0; done < line.size();) {
      const ssize_t n = ::write(to_, line.data() + done, line.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;  // the child is gone; receive() says how
      done += static_cast<size_t>(n);
    }
  }

  std::optional<LaneFailure> failure_reply(const std::optional<std::pair<char, std::string>>& reply) {
    if (!reply) return LaneFailure{Status::Failed, failure_};
    if (reply->first == 'K') return std::nullopt;
    std::istringstream in(reply->second);
    int status = static_cast<int>(Status::Failed);
    in >> status;
    LaneFailure f;
    f.status = status == static_cast<int>(Status::Unsupported) ? Status::Unsupported : Status::Failed;
    std::getline(in >> std::ws, f.error);
    return f;
  }

  std::optional<std::string> receive(char kind) {
    auto r = receive(kind, kind);
    if (!r) return std::nullopt;
    return r->second;
  }

  // The next reply of one of two kinds; phase lines update phase_ on the way. nullopt when the child died,
  // timed out or the run was interrupted: failure_ says which, naming the step.
  std::optional<std::pair<char, std::string>> receive(char a, char b) {
    if (dead()) return std::nullopt;
    // The job's time counts only while the parent waits for this child: in lockstep the child also waits
    // while the other lanes sample, and that is not its time.
    const Stopwatch waiting;
    struct Count {
      double& total;
      const Stopwatch& since;
      const Stopwatch*& current;
      ~Count() {
        total += since.elapsed_s();
        current = nullptr;
      }
    } count{waited_s_, waiting, waiting_};
    waiting_ = &waiting;
    for (;;) {
      for (size_t end; (end = pending_.find('\n')) != std::string::npos;) {
        const std::string line = pending_.substr(0, end);
        pending_.erase(0, end + 1);
        const char kind = line.empty() ? ' ' : line[0];
        std::string text = line.size() > 2 ? line.substr(2) : std::string();
        if (kind == 'P') {
          phase_ = std::move(text);
        } else if (kind == 'E') {
          child_error_ = std::move(text);
        } else if (kind == a || kind == b) {
          return std::make_pair(kind, std::move(text));
        } else {
          die("the job's process sent an unexpected reply in " + phase_);
          return std::nullopt;
        }
      }
      if (interrupt_signal() != 0) {
        die("interrupted");
        return std::nullopt;
      }
      int wait_ms = -1;
      if (timeout_s_ > 0) {
        const double left_ms = (timeout_s_ - busy_s()) * 1e3;
        if (left_ms <= 0) {
          die("timed out after " + seconds_text(timeout_s_) + " in " + phase_);
          return std::nullopt;
        }
        wait_ms = static_cast<int>(std::min(left_ms + 1, double(1 << 30)));
      }
      // The child's exit, not only the pipe's end, says the job is over: a helper the plugin started may
      // hold the pipe open (util/supervise.hpp). Once the child is gone, what it wrote before is read
      // without waiting, then the job ends.
      if (child_gone_)
        wait_ms = 0;
      else if (exit_fd_ < 0 && (wait_ms < 0 || wait_ms > 50))
        wait_ms = 50;
      pollfd waits[3] = {{from_, POLLIN, 0}, {interrupt_wakeup_fd(), POLLIN, 0}, {exit_fd_, POLLIN, 0}};
      const int n = ::poll(waits, 3, wait_ms);
      if (n < 0 && errno != EINTR) {
        die(std::string("waiting for the job failed: ") + std::strerror(errno));
        return std::nullopt;
      }
      if (n > 0 && (waits[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
        char buffer[1 << 16];
        const ssize_t got = ::read(from_, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
          exited();
          return std::nullopt;
        }
        pending_.append(buffer, static_cast<size_t>(got));
        continue;
      }
      if (child_gone_) {  // gone, and nothing more to read
        exited();
        return std::nullopt;
      }
      child_gone_ = exit_fd_ >= 0 ? (waits[2].revents & POLLIN) != 0 : child_has_exited(pid_);
    }
  }

  // Seconds this lane's job has taken so far: the child's start-up and every wait for one of its replies.
  double busy_s() const { return waited_s_ + (waiting_ != nullptr ? waiting_->elapsed_s() : 0); }

  void die(std::string why) {
    failure_ = std::move(why);
    kill_group(pid_);
    reap();
  }

  // The pipe closed: the child is exiting (or closed it and lives on, until the job's time runs out).
  void exited() {
    for (;;) {
      int status = 0;
      const pid_t r = ::waitpid(pid_, &status, WNOHANG);
      if (r == pid_) {
        reaped_ = true;
        forget_child(pid_);
        kill_group(pid_);
        kill_strays();
        if (WIFSIGNALED(status))
          failure_ = "killed by " + signal_text(WTERMSIG(status)) + " in " + phase_;
        else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
          failure_ = (child_error_.empty()
                          ? "the job's process exited with status " + std::to_string(WEXITSTATUS(status))
                          : child_error_) +
                     " in " + phase_;
        else  // e.g. a backend that calls exit(0)
          failure_ = "the job's process exited (status 0) before finishing in " + phase_;
        return;
      }
      if (interrupt_signal() != 0) return die("interrupted");
      if (timeout_s_ > 0 && busy_s() >= timeout_s_)
        return die("timed out after " + seconds_text(timeout_s_) + " in " + phase_);
      ::poll(nullptr, 0, 20);
    }
  }

  // Reaps the child, then kills what the job left behind outside its group (util/supervise.hpp).
  void reap() {
    if (reaped_) return;
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
    forget_child(pid_);
    kill_strays();
  }

  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  int exit_fd_ = -1;         // readable once the child has exited (util/supervise.hpp); -1: polled instead
  bool child_gone_ = false;  // the child has exited; what it wrote is being read
  double timeout_s_;
  // core/measure's clock: the job timeout is a watchdog, not a measurement.
  double waited_s_ = 0;
  const Stopwatch* waiting_ = nullptr;  // the wait in progress, if any
  std::string phase_ = "starting the job", pending_, failure_, child_error_, op_, key_hex_ = "-";
  size_t size_ = 0;
  bool reaped_ = false, start_requested_ = false;
};

std::string new_comparison_id() {
  static std::mt19937_64 rng{std::random_device{}()};
  char id[17];
  std::snprintf(id, sizeof id, "%016" PRIx64, static_cast<uint64_t>(rng()));
  return id;
}

}  // namespace

std::unique_ptr<Lane> make_local_lane(const RunPlan& plan, const Job& job, const Backend& backend,
                                      Phase phase, bool renote_each_sample) {
  return std::make_unique<LocalLane>(plan, job, backend, std::move(phase), renote_each_sample);
}

// The CPU every child lane of one comparison runs on, or -1 to leave them where the parent may run. Lanes in
// child processes are separate processes that the scheduler may put on different CPUs, and one CPU of a
// shared host can be slower than another for seconds (an SMT sibling or another guest busy there): then the
// paired ratio measures the CPUs, not the libraries. Measured on the project's 2-vCPU VM, 2026-12-02, the
// calibration backend loaded twice with --processes 5 (bench/aa_calibration.py --in-one-run): 10 of 20 A/A
// runs gave a paired ratio of 0.80-0.83 or 1.15-1.21 with a narrow interval; in process (one CPU at a time)
// 0 of 40. The lanes run in lockstep, one at a time, so sharing one CPU costs no parallelism. Not with
// --threads (its lanes run threads side by side) and not when the process is pinned to one CPU already.
int lane_cpu(const RunPlan& plan) {
  if (plan.threads > 1) return -1;
  const std::vector<int> allowed = allowed_cpus();
  if (allowed.size() <= 1) return -1;
  const int now = ::sched_getcpu();
  return std::find(allowed.begin(), allowed.end(), now) != allowed.end() ? now : allowed.front();
}

int serve_exec_lane(const std::string& spec_text) {
  try {
    const auto spec = nlohmann::json::parse(spec_text);
    auto loaded = load_plugin(spec.at("plugin").get<std::string>(), spec.at("name").get<std::string>());
    if (!loaded) throw std::runtime_error(loaded.error().message);
    auto backend = std::move(*loaded);
    Job job{find_algorithm(spec.at("algorithm").get<std::string>()), spec.at("key_bits").get<uint32_t>(),
            spec.at("job_sizes").get<std::vector<size_t>>(), spec.at("params").get<std::string>()};
    if (job.algorithm == nullptr) throw std::runtime_error("unknown algorithm in the lane's spec");
    RunPlan plan;
    plan.data_sizes = spec.at("data_sizes").get<std::vector<size_t>>();
    plan.operations = spec.at("operations").get<std::vector<std::string>>();
    plan.pool_bytes = spec.at("pool_bytes").get<size_t>();
    plan.pool_max_messages = spec.at("pool_max_messages").get<size_t>();
    plan.threads = spec.at("threads").get<size_t>();
    plan.thread_rounds = spec.at("thread_rounds").get<size_t>();
    plan.cipher_stream = spec.at("cipher_stream").get<bool>();
    const auto& m = spec.at("measure");
    MeasureConfig& cfg = plan.measure;
    if (m.contains("rounds")) cfg.rounds = m.at("rounds").get<uint64_t>();
    cfg.budget_s = m.at("budget_s").get<double>();
    cfg.target_rel_ci = m.at("target_rel_ci").get<double>();
    cfg.sample_target_ns = m.at("sample_target_ns").get<double>();
    cfg.warmup_s = m.at("warmup_s").get<double>();
    cfg.warmup_max_s = m.at("warmup_max_s").get<double>();
    cfg.settle_fraction = m.at("settle_fraction").get<double>();
    cfg.min_samples = m.at("min_samples").get<size_t>();
    cfg.max_samples = m.at("max_samples").get<size_t>();
    cfg.repetitions = m.at("repetitions").get<size_t>();
    cfg.jitter_seed = m.at("jitter_seed").get<uint64_t>();
    serve(kLaneIn, kLaneOut, plan, job, *backend);
  } catch (const std::exception& e) {
    const std::string why =
        std::string("E the worker could not start its lane: ") + one_line(e.what()) + "\n";
    [[maybe_unused]] ssize_t n = ::write(kLaneOut, why.data(), why.size());
  }
  return 1;
}

namespace {

// The agreement check of one comparison (run/agreement.hpp) over the lanes in `in`: the verdicts, in the
// order of `in`. A lane that could not compute its outputs is failed outright.
struct Entry {
  const Backend* backend;
  std::unique_ptr<Lane> lane;
  bool ready = false;
};

std::vector<AgreementVerdict> check_agreement(const AlgorithmInfo& a, int code, size_t size,
                                              const std::vector<Entry*>& in, uint64_t seed) {
  const size_t n = in.size();
  std::vector<AgreementVerdict> verdicts(n);
  std::vector<AgreementOutputs> outs;
  for (Entry* e : in) outs.push_back(e->lane->agreement_outputs(seed));
  std::vector<size_t> able;  // indexes into `in` of the lanes that computed their outputs
  for (size_t i = 0; i < n; ++i) {
    if (outs[i].error.empty() && !outs[i].outputs.empty()) {
      able.push_back(i);
      continue;
    }
    verdicts[i].status = outs[i].unsupported ? Status::Unsupported : Status::Failed;
    verdicts[i].error = outs[i].error.empty() ? "computed no output" : outs[i].error;
  }
  if (able.size() < 2) return verdicts;

  const int fwd = agreement_forward(code);
  const bool inverse = agreement_needs_inverse(a, code);
  size_t messages = SIZE_MAX;
  for (size_t i : able) messages = std::min(messages, outs[i].outputs.size());
  auto length = [&](size_t k) { return std::to_string(k == 0 ? size : size - 1) + "-byte message"; };
  auto same = [&](size_t i, size_t j, size_t& k) {
    for (k = 0; k < messages; ++k)
      if (outs[i].outputs[k] != outs[j].outputs[k]) return false;
    return true;
  };
  // check(i, j): lane i verifies or decrypts lane j's outputs ("" = accepted). Deterministic outputs are
  // checked once per distinct value; randomised ones on the measured size's message only (n^2 calls).
  const size_t checked = a.randomized ? 1 : messages;
  std::map<std::pair<size_t, size_t>, std::string> memo;
  auto representative = [&](size_t j) {
    if (a.randomized) return j;
    size_t k = 0;
    for (size_t r : able)
      if (same(r, j, k)) return r;
    return j;
  };
  auto check = [&](size_t i, size_t j) -> const std::string& {
    const auto key = std::make_pair(i, representative(j));
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    std::string result;
    for (size_t k = 0; k < checked && result.empty(); ++k) {
      const Result<void> r = in[i]->lane->agreement_check(seed, k, outs[key.second].outputs[k]);
      if (!r) result = "for the " + length(k) + " " + r.error().message;
    }
    return memo[key] = result;
  };
  std::vector<std::string> names;
  for (size_t i : able) names.push_back(in[i]->backend->name());
  const auto consistent = [&](size_t x, size_t y) {
    const size_t i = able[x], j = able[y];
    size_t k = 0;
    if (!a.randomized && !same(i, j, k)) return false;
    return !inverse || (check(i, j).empty() && check(j, i).empty());
  };
  const auto why = [&](size_t x, size_t y) -> std::string {
    const size_t i = able[x], j = able[y];
    size_t k = 0;
    if (!a.randomized && !same(i, j, k))
      return "its " + op_name(fwd) + " output for the " + length(k) + " differs from " + names[y] + "'s " +
             first_difference(outs[i].outputs[k], outs[j].outputs[k]);
    if (const std::string& r = check(j, i); !r.empty())
      return "its " + op_name(fwd) + " output, checked by " + names[y] + ", " + r;
    return "it rejects " + names[y] + "'s " + op_name(fwd) + " output: " + check(i, j);
  };
  const auto decided = decide_agreement(names, consistent, why);
  for (size_t x = 0; x < able.size(); ++x) {
    verdicts[able[x]] = decided[x];
    if (decided[x].status != Status::Ok)
      verdicts[able[x]].error =
          (decided[x].status == Status::Disputed ? "disputed at " : "agreement check at ") +
          format_size(size) + ": " + decided[x].error;
  }
  return verdicts;
}

// One pass of a job: its lanes in this process, in forked children (isolate), or, with exec_program, in
// exec'd worker processes (--processes N).
bool run_job_once(const RunPlan& plan, const Job& job, const std::vector<const Backend*>& backends,
                  const Wanted& wanted, const Emit& emit, const std::string& exec_program) {
  const AlgorithmInfo& a = *job.algorithm;
  const auto ops = planned_operations(plan, a);
  const auto& sizes = planned_sizes(plan, job);
  struct ClearStep {  // back in cryptauditor's own code; an exception in flight keeps it, to be named
    ~ClearStep() {
      if (std::uncaught_exceptions() == 0) clear_step();
    }
  } clear_at_end;

  std::vector<Entry> entries;
  const int cpu = exec_program.empty() && !plan.isolate ? -1 : lane_cpu(plan);
  for (const Backend* b : backends) {
    bool anything = false;
    for (size_t size : sizes)
      for (const auto& op : ops) anything = anything || wanted(*b, job, size, op);
    if (!anything) continue;
    // In process, each step is noted for run/exit_guard.hpp: a plugin that calls exit() is blamed with it.
    std::unique_ptr<Lane> lane;
    if (!exec_program.empty() || plan.isolate)
      lane = std::make_unique<ChildLane>(plan, job, *b, exec_program, cpu);
    else
      lane = make_local_lane(
          plan, job, *b, [name = b->name()](std::string_view what) { note_step(name, what); }, true);
    entries.push_back({b, std::move(lane)});
  }

  // One key for every library (issue #13): a symmetric key drawn here, the user's --key-file, or a key pair
  // the first backend that starts makes and exports, which the others import.
  std::optional<Bytes> key;
  std::string key_label;
  bool make_key = false;
  if (a.symmetric_key()) {
    key = random_bytes(a.key_bytes(job.key_bits));
    key_label = "shared, random";
  } else if (a.public_key()) {
    if (plan.key_file && plan.key_file->fits(a)) {
      key = plan.key_file->private_key;
      key_label = "shared, from " + plan.key_file->path;
    } else {
      make_key = true;
    }
  }
  const auto make_record = [&](const Backend& b, size_t size, const std::string& op) {
    Record r = record_for(b, job, size, op);
    r.key = key_label;
    return r;
  };
  const auto fail_lane = [&](const Entry& e, const LaneFailure& failure) {
    for (size_t size : sizes)
      for (const auto& op : ops) {
        if (!wanted(*e.backend, job, size, op)) continue;
        Record r = make_record(*e.backend, size, op);
        r.status = failure.status;
        r.error = failure.error;
        emit(std::move(r));
      }
  };
  size_t first = 0;
  if (make_key)
    while (first < entries.size()) {
      Entry& e = entries[first++];
      const auto failure = e.lane->start();
      if (interrupt_signal() != 0) return false;
      if (failure) {
        fail_lane(e, *failure);
        continue;
      }
      e.ready = true;
      if (auto k = e.lane->export_key(); k && !k->empty()) {
        key = std::move(*k);
        key_label = "shared, made by " + e.backend->name();
      } else {
        key_label = "own (" + e.backend->name() + " cannot export its key)";
      }
      break;
    }
  // Isolated: every child starts its self-test at once (nothing is timed yet), then the replies are read.
  for (size_t i = first; i < entries.size(); ++i) {
    if (key) entries[i].lane->use_key(*key);
    entries[i].lane->request_start();
  }
  for (size_t i = first; i < entries.size(); ++i) {
    Entry& e = entries[i];
    const auto failure = e.lane->start();
    if (interrupt_signal() != 0) return false;
    if (!failure) {
      e.ready = true;
      continue;
    }
    fail_lane(e, *failure);
  }

  static std::mt19937_64 seeds{std::random_device{}()};
  for (size_t size : sizes)
    for (const auto& op : ops) {
      std::vector<Entry*> in;
      std::vector<Record> done;
      for (auto& e : entries) {
        if (!e.ready || !wanted(*e.backend, job, size, op)) continue;
        const auto failure = e.lane->begin(size, op);
        if (interrupt_signal() != 0) return false;
        if (!failure) {
          in.push_back(&e);
          continue;
        }
        Record r = make_record(*e.backend, size, op);
        r.status = failure->status;
        r.error = failure->error;
        emit(std::move(r));
      }
      if (in.empty()) continue;
      // Correct where it is measured: the backends agree on this size before any of them is timed.
      const int code = op_code(op);
      std::string agreement;
      if (agreement_forward(code) >= 0) {
        if (in.size() == 1) {
          agreement = "alone: known answers and round trip only";
        } else {
          const auto verdicts = check_agreement(a, code, size, in, seeds());
          if (interrupt_signal() != 0) return false;
          std::vector<Entry*> agreed;
          bool some_disagreed = false;
          for (size_t k = 0; k < in.size(); ++k) {
            if (verdicts[k].status == Status::Ok) {
              agreed.push_back(in[k]);
              continue;
            }
            some_disagreed = some_disagreed || verdicts[k].status != Status::Unsupported;
            Record r = make_record(*in[k]->backend, size, op);
            r.status = verdicts[k].status;
            r.error = verdicts[k].error;
            done.push_back(std::move(r));
          }
          if (agreed.size() >= 2)
            agreement = "agreed with " + std::to_string(agreed.size() - 1) + " other librar" +
                        (agreed.size() == 2 ? "y" : "ies") + " at " + format_size(size);
          else if (agreed.size() == 1)
            agreement =
                some_disagreed
                    ? "alone after the others failed the agreement check: known answers and round trip only"
                    : "alone: known answers and round trip only";
          in = std::move(agreed);
        }
      }
      // Interleaved: all backends in shared rounds. Sequential: each on its own, one after another.
      std::vector<std::vector<Entry*>> groups;
      if (plan.order == Order::Interleaved) {
        if (!in.empty()) groups.push_back(in);
      } else {
        for (Entry* e : in) groups.push_back({e});
      }
      for (const auto& group : groups) {
        std::vector<SampleSource*> sources;
        for (Entry* e : group) sources.push_back(e->lane.get());
        MeasureConfig cfg = plan.measure;
        if (group.size() == 1) cfg.settle_fraction = 0;  // no other backend runs between its samples
        InterleavedRun run = measure_interleaved(sources, cfg);
        const std::string id = group.size() > 1 ? new_comparison_id() : std::string();
        for (size_t k = 0; k < group.size(); ++k) {
          Record r = make_record(*group[k]->backend, size, op);
          r.agreement = agreement;
          r.measurement = std::move(run.per_source[k]);
          finish_record(r, "");
          // Correct where it is measured: the timed path (the plugin's repeat loop) must compute what one
          // plain call computes, or the figure is not ranked.
          if (r.ok())
            if (Result<void> checked = group[k]->lane->check_timed_output(); !checked) {
              r.status = Status::Failed;
              r.error = "timed output check: " + checked.error().message;
            }
          if (!id.empty()) {
            r.comparison = id;
          } else {
            r.measurement.sample_round.clear();
          }
          if (r.ok() && plan.threads > 1) group[k]->lane->threads(r);
          done.push_back(std::move(r));
        }
      }
      // Interrupted during the comparison (its children killed, their steps failed): nothing of it is
      // emitted, so --resume measures it again.
      if (interrupt_signal() != 0) return false;
      for (Record& r : done) emit(std::move(r));
    }
  return true;
}

// --processes N: the N passes' records of one row joined into one. A row that failed or was unsupported in
// any pass is that pass's record (its error naming the process); otherwise the samples are concatenated in
// pass order, each pass's rounds moved past the previous passes' (so pairs stay within a process), the
// comparison id is the first pass's, and process_samples keeps each pass's count.
std::vector<Record> join_processes(std::vector<std::vector<Record>>& passes) {
  constexpr uint32_t kRoundsPerPass = 1u << 24;  // more than max_samples rounds of any pass
  std::vector<RecordKey> order;
  std::map<RecordKey, std::vector<Record*>> by_key;
  for (auto& pass : passes)
    for (Record& r : pass) {
      auto& list = by_key[key_of(r)];
      if (list.empty()) order.push_back(key_of(r));
      list.push_back(&r);
    }
  const size_t n = passes.size();
  std::vector<Record> joined;
  for (const RecordKey& key : order) {
    auto& list = by_key[key];
    auto bad = std::find_if(list.begin(), list.end(), [](const Record* r) { return !r->ok(); });
    if (bad != list.end()) {
      Record r = std::move(**bad);
      if (list.size() == n)  // one record per pass, in pass order
        r.error =
            "process " + std::to_string(bad - list.begin() + 1) + " of " + std::to_string(n) + ": " + r.error;
      joined.push_back(std::move(r));
      continue;
    }
    Record r = std::move(*list.front());
    if (list.size() != n) {
      r.status = Status::Failed;
      r.error = "measured in " + std::to_string(list.size()) + " of the " + std::to_string(n) + " processes";
      joined.push_back(std::move(r));
      continue;
    }
    Measurement& m = r.measurement;
    const bool paired = !r.comparison.empty();
    if (!paired) m.sample_round.clear();
    r.process_samples = {m.sample_ns.size()};
    for (size_t p = 1; p < n; ++p) {
      Measurement& more = list[p]->measurement;
      m.sample_ns.insert(m.sample_ns.end(), more.sample_ns.begin(), more.sample_ns.end());
      m.sample_ops.insert(m.sample_ops.end(), more.sample_ops.begin(), more.sample_ops.end());
      // A pass whose comparison had this lane alone (the others failed there) has no rounds: numbered in
      // order, they pair with nothing, as no other record of that pass is ok.
      const bool rounds = more.sample_round.size() == more.sample_ns.size();
      if (paired)
        for (size_t i = 0; i < more.sample_ns.size(); ++i)
          m.sample_round.push_back(static_cast<uint32_t>(p) * kRoundsPerPass +
                                   (rounds ? more.sample_round[i] : static_cast<uint32_t>(i)));
      m.timed_ops += more.timed_ops;
      m.warmup_ops += more.warmup_ops;
      m.timed_ns += more.timed_ns;
      m.perf_cycles += more.perf_cycles;
      m.target_met = m.target_met && more.target_met;
      r.process_samples.push_back(more.sample_ns.size());
    }
    finish_record(r, "");
    joined.push_back(std::move(r));
  }
  return joined;
}

}  // namespace

bool run_interleaved_job(const RunPlan& plan, const Job& job, const std::vector<const Backend*>& backends,
                         const Wanted& wanted, const Emit& emit) {
  if (plan.processes <= 1) return run_job_once(plan, job, backends, wanted, emit, "");
  if (plan.worker_program.empty())
    throw std::logic_error("--processes " + std::to_string(plan.processes) +
                           " needs RunPlan::worker_program");
  std::vector<std::vector<Record>> passes(plan.processes);
  for (size_t p = 0; p < plan.processes; ++p) {
    RunPlan pass = plan;  // each pass its own batch jitter and round order
    pass.measure.jitter_seed = plan.measure.jitter_seed + 0x9e3779b97f4a7c15ull * p;
    if (!run_job_once(
            pass, job, backends, wanted, [&](Record r) { passes[p].push_back(std::move(r)); },
            plan.worker_program))
      return false;
  }
  for (Record& r : join_processes(passes)) emit(std::move(r));
  return true;
}

}  // namespace ca
