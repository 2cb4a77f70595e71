// A lane in a child process (exec/comparison.hpp): forked after the plugins are loaded, it serves the
// in-process lane (local_lane.cpp) over a pipe (lane_server.cpp, which has the protocol), or execs the
// worker (worker.cpp) that does the same.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <system_error>

#include "exec/isolated_job.hpp"
#include "exec/lane_pipe.hpp"
#include "exec/memory.hpp"
#include "host/affinity.hpp"
#include "host/child_call.hpp"
#include "host/interrupt.hpp"
#include "measure/stopwatch.hpp"
#include "record/record_json.hpp"
#include "util/supervise.hpp"

namespace ca {

namespace {

std::atomic<size_t> private_pools_of_children{0};

// In the forked child: moves the pipe ends to kLaneIn / kLaneOut (without close-on-exec) and execs the
// worker. Never returns: a failed exec ends the child with a line the parent reads as its error.
[[noreturn]] void exec_lane(int in, int out, int pool_file, const std::string& program,
                            const std::string& spec) {
  const int high_in = ::fcntl(in, F_DUPFD, 10), high_out = ::fcntl(out, F_DUPFD, 10);
  const int high_pool = pool_file >= 0 ? ::fcntl(pool_file, F_DUPFD, 10) : -1;
  if (high_in < 0 || high_out < 0 || ::dup2(high_in, kLaneIn) < 0 || ::dup2(high_out, kLaneOut) < 0)
    ::_exit(5);
  if (pool_file >= 0 && (high_pool < 0 || ::dup2(high_pool, kLanePool) < 0)) ::_exit(5);
  ::close(high_in);
  ::close(high_out);
  if (high_pool >= 0) ::close(high_pool);
  const char* argv[] = {program.c_str(), "__lane", spec.c_str(), nullptr};
  ::execv(program.c_str(), const_cast<char* const*>(argv));
  const std::string why = "E cannot start the worker " + program + ": " + std::strerror(errno) + "\n";
  [[maybe_unused]] ssize_t n = ::write(kLaneOut, why.data(), why.size());
  ::_exit(1);
}

}  // namespace

namespace {

class ChildLane final : public Lane {
 public:
  // exec_program non-empty: the child execs it as `PROGRAM __lane SPEC` (a fresh process image: its own
  // address layout, ASLR and heap, as --processes N wants) instead of serving from the fork.
  // cpu >= 0: the child runs on that CPU alone (lane_cpu, job_pipeline.cpp), set before it execs or serves.
  // pool_file >= 0: the program's PoolFile, which the child inherits (exec'd, as descriptor kLanePool).
  ChildLane(const RunPlan& plan, const Job& job, const Backend& backend, const std::string& exec_program = "",
            int cpu = -1, int pool_file = -1)
      : timeout_s_(plan.job_timeout_s),
        pool_file_(pool_file < 0          ? -1
                   : exec_program.empty() ? pool_file
                                          : kLanePool) {
    spawn(plan, job, backend, exec_program, cpu, pool_file);
  }

  // --processes N: the lane of process `process` in the run's worker for (process, plugin): the idle one,
  // told the job (J request), or else a new one, started with it.
  ChildLane(const RunPlan& plan, const Job& job, const Backend& backend, const std::string& exec_program,
            int cpu, size_t process)
      : timeout_s_(plan.job_timeout_s), worker_(backend.path() + "\n" + backend.name()), process_(process) {
    const int pool = worker_pool_file(process);
    pool_file_ = pool >= 0 ? kLanePool : -1;
    if (const auto idle = take_idle_worker(process, *worker_)) {
      pid_ = idle->pid;
      to_ = idle->to;
      from_ = idle->from;
      exit_fd_ = idle->exit_fd;
      ::signal(SIGPIPE, SIG_IGN);  // it may have died while idle: then receive() says how
      send("J " + std::to_string(cpu) + " " + lane_spec(plan, job, backend) + "\n");
      return;
    }
    spawn(plan, job, backend, exec_program, cpu, pool);
    count_worker_started();
  }

  // Forks the child (which execs exec_program, or serves from the fork) and keeps its pipes.
  void spawn(const RunPlan& plan, const Job& job, const Backend& backend, const std::string& exec_program,
             int cpu, int pool_file) {
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
      if (!exec_program.empty()) exec_lane(down[0], up[1], pool_file, exec_program, spec);
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
    // --processes N: a worker whose job went well serves the next one; after a failure, a fresh one does.
    if (worker_ && !dead() && clean_ && pending_.empty() && data_left_ == 0 && !child_gone_ &&
        interrupt_signal() == 0) {
      keep_idle_worker(process_, *worker_, IdleWorker{pid_, to_, from_, exit_fd_});
      return;
    }
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

  Result<void> start() override {
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
    clean_ = clean_ && (out.error.empty() || out.unsupported);
    return out;
  }

  std::optional<AgreementOutputs> agreement_output(uint64_t seed, size_t k) override {
    send("O " + std::to_string(seed) + " " + std::to_string(k) + "\n");
    const auto reply = receive('O');
    AgreementOutputs out;
    if (!reply) {
      out.error = failure_;
      return out;
    }
    std::istringstream in(*reply);
    int unsupported = 0, n = 0;
    in >> unsupported >> n;
    out.unsupported = unsupported != 0;
    if (n > 0) out.outputs.push_back(std::move(payload_));  // the D before it
    payload_ = Bytes();
    std::getline(in >> std::ws, out.error);
    clean_ = clean_ && (out.error.empty() || out.unsupported);
    return out;
  }

  Result<void> agreement_check(uint64_t seed, size_t k, const Bytes& output) override {
    send("D " + std::to_string(output.size()) + "\n");
    send(output.data(), output.size());
    send("V " + std::to_string(seed) + " " + std::to_string(k) + "\n");
    return passed(receive('V'));
  }

  void share_inputs(std::shared_ptr<SharedPool> slot) override {
    slot_ = slot && slot->file.fd >= 0 && pool_file_ >= 0 ? std::move(slot) : nullptr;
  }

  Result<void> begin(size_t size, const std::string& op) override {
    size_ = size;
    op_ = op;
    send("B " + std::to_string(size) + " " + op + (slot_ ? " " + std::to_string(pool_file_) : "") + "\n");
    return failure_reply(receive('K', 'X'));
  }

  // The first child asked makes the comparison's pool in the file; the others map it, given the lengths of
  // the derived inputs the maker reports.
  // Without the file, the child has built its own pool in begin() already: it only says so.
  Result<void> prepare_inputs() override {
    std::string request = !slot_ ? "I - 0" : slot_->made ? "I R " : "I M ";
    if (slot_) request += std::to_string(slot_->file.derived_len.size());
    if (slot_ && slot_->made)
      for (size_t length : slot_->file.derived_len) request += " " + std::to_string(length);
    send(request + "\n");
    const auto reply = receive('I', 'X');
    if (!reply || reply->first == 'X') return failure_reply(reply);
    std::istringstream in(reply->second);
    size_t private_pools = 0, n = 0;
    in >> private_pools >> n;
    private_pools_of_children += private_pools;
    if (slot_ && !slot_->made) {
      slot_->file.derived_len.assign(n, 0);
      for (size_t& length : slot_->file.derived_len) in >> length;
      slot_->made = static_cast<bool>(in);
    }
    return {};
  }

  void end_comparison() override { slot_.reset(); }

  WarmUp warm_up(const MeasureConfig&) override {
    WarmUp w;
    send("W\n");
    const auto reply = receive('W');
    if (!reply) return {0, 0, CA_FAILED, failure_};
    std::istringstream in(*reply);
    in >> w.batch >> w.ops >> w.status;
    std::getline(in >> std::ws, w.error);
    clean_ = clean_ && w.status == CA_OK;
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
    clean_ = clean_ && s.status == CA_OK;
    return s;
  }

  Result<void> check_timed_output() override {
    send("C\n");
    return passed(receive('C'));
  }

  // A check's reply: an empty line passes; no reply is the lane's failure.
  Result<void> passed(const std::optional<std::string>& reply) {
    if (!reply) return Error{failure_};
    if (!reply->empty()) {
      clean_ = false;
      return Error{*reply};
    }
    return {};
  }

  void threads(Record& r) override {
    send("T " + std::to_string(size_) + " " + op_ + "\n");
    const auto reply = receive('R');
    auto j = reply ? nlohmann::json::parse(*reply, nullptr, /*allow_exceptions=*/false) : nlohmann::json();
    auto got = reply && !j.is_discarded() ? record_from_json(j) : Result<Record>(Error{"no record"});
    clean_ = clean_ && got && got->ok();
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
  void send(const std::string& line) { send(line.data(), line.size()); }

  void send(const void* data, size_t size) {
    if (dead()) return;
    const auto* bytes = static_cast<const char*>(data);
    for (size_t done = 0; done < size;) {
      const ssize_t n = ::write(to_, bytes + done, size - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;  // the child is gone; receive() says how
      done += static_cast<size_t>(n);
    }
  }

  Result<void> failure_reply(const std::optional<std::pair<char, std::string>>& reply) {
    if (!reply) return Error{failure_};
    if (reply->first == 'K') return {};
    std::istringstream in(reply->second);
    int status = static_cast<int>(Status::Failed);
    in >> status;
    Error e;
    e.unsupported = status == static_cast<int>(Status::Unsupported);
    clean_ = clean_ && e.unsupported;
    std::getline(in >> std::ws, e.message);
    return e;
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
      for (size_t end; data_left_ == 0 && (end = pending_.find('\n')) != std::string::npos;) {
        const char kind = end == 0 ? ' ' : pending_[0];
        std::string text;
        if (end + 1 == pending_.size()) {  // the last line read, taken without a copy (an A reply's hex
          text = std::move(pending_);      // is twice a message's size; issue #26)
          pending_ = std::string();
          text.resize(end);
          text.erase(0, std::min<size_t>(2, end));
        } else {
          text = end > 2 ? pending_.substr(2, end - 2) : std::string();
          pending_.erase(0, end + 1);
        }
        if (kind == 'D') {  // raw bytes follow, read straight into payload_
          data_left_ = std::strtoull(text.c_str(), nullptr, 10);
          payload_ = Bytes();
          payload_.reserve(data_left_);
          const size_t take = std::min(data_left_, pending_.size());
          payload_.insert(payload_.end(), pending_.begin(), pending_.begin() + static_cast<ptrdiff_t>(take));
          pending_.erase(0, take);
          data_left_ -= take;
        } else if (kind == 'P') {
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
        const size_t at = payload_.size();
        if (data_left_ > 0) payload_.resize(at + data_left_);  // within what was reserved
        const ssize_t got = data_left_ > 0 ? ::read(from_, payload_.data() + at, data_left_)
                                           : ::read(from_, buffer, sizeof buffer);
        if (data_left_ > 0) payload_.resize(at + static_cast<size_t>(std::max<ssize_t>(got, 0)));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
          exited();
          return std::nullopt;
        }
        if (data_left_ > 0)
          data_left_ -= static_cast<size_t>(got);
        else
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
  int pool_file_ = -1;                // the PoolFile's descriptor in the child, or -1
  std::shared_ptr<SharedPool> slot_;  // this comparison's, when its pool is in the PoolFile
  // core/measure's clock: the job timeout is a watchdog, not a measurement.
  double waited_s_ = 0;
  const Stopwatch* waiting_ = nullptr;  // the wait in progress, if any
  Bytes payload_;                       // the raw bytes of the last D reply
  size_t data_left_ = 0;                // of them, still to read
  std::string phase_ = "starting the job", pending_, failure_, child_error_, op_, key_hex_ = "-";
  size_t size_ = 0;
  bool reaped_ = false, start_requested_ = false;
  bool clean_ = true;  // no step failed (unsupported is no failure): the worker may serve the next job
  std::optional<std::string> worker_;  // --processes N: the library of the run's worker this lane is in
  size_t process_ = 0;                 // and its process index
};

}  // namespace

std::unique_ptr<Lane> make_child_lane(const RunPlan& plan, const Job& job, const Backend& backend,
                                      const std::string& exec_program, int cpu, int pool_file) {
  return std::make_unique<ChildLane>(plan, job, backend, exec_program, cpu, pool_file);
}

std::unique_ptr<Lane> make_worker_lane(const RunPlan& plan, const Job& job, const Backend& backend,
                                       size_t process, int cpu) {
  return std::make_unique<ChildLane>(plan, job, backend, plan.worker_program, cpu, process);
}

size_t private_pools_in_children() { return private_pools_of_children.load(); }

}  // namespace ca
