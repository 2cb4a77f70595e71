// The run-wide parts of --processes N (exec/lane_pipe.hpp): the registry of the run's persistent workers
// (one per process index and library, idle between jobs) with each process index's PoolFile, and the join of
// a row's N records into one.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <map>
#include <memory>
#include <utility>

#include "exec/lane_pipe.hpp"
#include "record/record_key.hpp"
#include "util/supervise.hpp"

namespace ca {
namespace {

using WorkerKey = std::pair<size_t, std::string>;

struct Workers {
  std::map<WorkerKey, IdleWorker> idle;
  std::map<size_t, std::unique_ptr<PoolFile>> pool_files;
  size_t started = 0;
  // At exit without end_workers(): the pipes close, and each worker ends at the end of its requests.
  ~Workers() {
    for (auto& [key, w] : idle) {
      ::close(w.to);
      ::close(w.from);
    }
  }
};

Workers& workers() {
  static Workers w;
  return w;
}

}  // namespace

void kill_group(pid_t pid) {
  ::kill(-pid, SIGKILL);
  ::kill(pid, SIGKILL);  // in case the child had not yet made its own group
}

std::optional<IdleWorker> take_idle_worker(size_t process, const std::string& library) {
  auto& idle = workers().idle;
  const auto at = idle.find(WorkerKey{process, library});
  if (at == idle.end()) return std::nullopt;
  const IdleWorker w = at->second;
  idle.erase(at);
  return w;
}

void keep_idle_worker(size_t process, const std::string& library, const IdleWorker& worker) {
  workers().idle[WorkerKey{process, library}] = worker;
}

void count_worker_started() { ++workers().started; }

size_t workers_started() { return workers().started; }

int worker_pool_file(size_t process) {
  auto& pool = workers().pool_files[process];
  if (!pool) pool = std::make_unique<PoolFile>();
  return pool->fd();
}

void empty_worker_pool_file(size_t process) {
  if (auto& pool = workers().pool_files[process]) pool->empty();
}

void end_workers() {
  Workers& all = workers();
  ::signal(SIGPIPE, SIG_IGN);  // a worker may be gone already
  for (auto& [key, w] : all.idle) {
    [[maybe_unused]] ssize_t n = ::write(w.to, "Q\n", 2);
    ::close(w.to);
    ::close(w.from);
  }
  for (auto& [key, w] : all.idle) {
    int status = 0;
    while (::waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
    }
    forget_child(w.pid);
    kill_group(w.pid);  // anything the library left behind in the worker's group
    if (w.exit_fd >= 0) ::close(w.exit_fd);
  }
  if (!all.idle.empty()) kill_strays();
  all.idle.clear();
  all.pool_files.clear();
}

// A row that failed or was unsupported in any process is that process's record (its error naming the
// process); otherwise the samples are concatenated in process order, process p's rounds tagged
// p * kRoundsPerProcess + round (so pairs stay within a process; the processes' lanes were sampled in the
// same rounds), the comparison id is the first process's (the same for all), process_samples keeps each
// process's count and repetition_samples (--repetitions M) every process's repetitions in process order.
std::vector<Record> join_processes(std::vector<std::vector<Record>>& passes) {
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
    // --repetitions M: each process's repetitions, in process order (stats::summarize_processes nests them).
    bool repeated = !m.repetition_samples.empty();
    for (size_t p = 1; p < n; ++p) {
      Measurement& more = list[p]->measurement;
      repeated = repeated && !more.repetition_samples.empty();
      m.repetition_samples.insert(m.repetition_samples.end(), more.repetition_samples.begin(),
                                  more.repetition_samples.end());
      m.sample_ns.insert(m.sample_ns.end(), more.sample_ns.begin(), more.sample_ns.end());
      m.sample_ops.insert(m.sample_ops.end(), more.sample_ops.begin(), more.sample_ops.end());
      // A pass whose comparison had this lane alone (the others failed there) has no rounds: numbered in
      // order, they pair with nothing, as no other record of that pass is ok.
      const bool rounds = more.sample_round.size() == more.sample_ns.size();
      if (paired)
        for (size_t i = 0; i < more.sample_ns.size(); ++i)
          m.sample_round.push_back(static_cast<uint32_t>(p) * Record::kRoundsPerProcess +
                                   (rounds ? more.sample_round[i] : static_cast<uint32_t>(i)));
      m.timed_ops += more.timed_ops;
      m.warmup_ops += more.warmup_ops;
      m.timed_ns += more.timed_ns;
      m.perf_cycles += more.perf_cycles;
      m.target_met = m.target_met && more.target_met;
      r.process_samples.push_back(more.sample_ns.size());
    }
    if (!repeated) m.repetition_samples.clear();
    finish_record(r, "");
    joined.push_back(std::move(r));
  }
  return joined;
}

}  // namespace ca
