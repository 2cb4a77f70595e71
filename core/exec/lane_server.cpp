// The child side of a lane in another process (exec/lane_pipe.hpp): `serve` answers the program's requests
// with the in-process lane (local_lane.cpp), in a forked child (child_lane.cpp) or an exec'd worker
// (worker.cpp).
#include <signal.h>
#include <unistd.h>
// After a libc header, which defines __GLIBC__: without <malloc.h>, M_MMAP_THRESHOLD is undefined and serve()
// silently skips its mallopt (measured: 158 MB summed Pss over nine isolated libraries at -d 10MB, 84 MB
// with).
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <sstream>

#include "exec/lane_pipe.hpp"
#include "exec/memory.hpp"
#include "host/interrupt.hpp"
#include "record/record_json.hpp"
#include "util/bytes.hpp"
#include "util/supervise.hpp"

namespace ca {

// The pipe protocol.
//
// Requests (parent -> child), one line each:   S <key hex or -> | B <size> <op> [<pool file fd>] | W |
//                                              M <ops> <settle> | C | T | Q | E | A <seed> | O <seed> <k> |
//                                              V <seed> <k> | I M | I R <n> <length> x n | D <n> |
//                                              J <cpu> <lane spec JSON>
// Replies (child -> parent), one line each:    K | X <status> <error> | W <batch> <ops> <status> <error> |
//                                              M <ns> <cycles> <status> <error> | C <what differs> |
//                                              R <record JSON> | Y <key hex or -> |
//                                              A <unsupported> <n> <output hex or -> x n <error> |
//                                              O <unsupported> <0 or 1> <error> | V <what went wrong> |
//                                              I <private pools> <n> <length> x n | D <n>
// and at any time P <phase>: the step the child starts, named when it dies in it.
//
// B with a descriptor: the comparison's pool is in that file (the program's PoolFile, inherited), made
// after the agreement check by the child told `I M` (which answers the derived inputs' lengths) and mapped
// by those told `I R` with them (issue #26). J (an exec'd worker of --processes N, which serves one job after
// another with its plugin loaded once): the last job's lane ends and the spec's job is served next, on that
// CPU (-1: where it is); no reply, and a spec the worker cannot read ends it with an E line. O: the agreement
// check's output for one message, so that no side holds every message's at once. D <n>, either way: n raw
// bytes follow the line, the output an O reply (with 1) or a V request checks; raw, not hex, so that neither
// side holds two or four copies of it.

std::string one_line(std::string_view text) {
  std::string line(text);
  std::replace(line.begin(), line.end(), '\n', ' ');
  return line;
}

namespace {

void write_all(int fd, const void* data, size_t size) {
  const auto* bytes = static_cast<const char*>(data);
  for (size_t done = 0; done < size;) {
    const ssize_t n = ::write(fd, bytes + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) ::_exit(3);  // the parent is gone: nobody is left to report to
    done += static_cast<size_t>(n);
  }
}

void write_all(int fd, const std::string& line) { write_all(fd, line.data(), line.size()); }

std::string failure_line(const Result<void>& step) {
  if (step) return "K\n";
  const Status status = step.error().unsupported ? Status::Unsupported : Status::Failed;
  return "X " + std::to_string(static_cast<int>(status)) + " " + one_line(step.error().message) + "\n";
}

// One child's lane and the state between its requests; each request is one method.
class LaneServer {
 public:
  LaneServer(int out, FILE* requests, const RunPlan& plan, const Job& job, const Backend& backend)
      : out_(out),
        requests_(requests),
        plan_(plan),
        job_(job),
        backend_(backend),
        local_(make_local_lane(
            plan, job, backend,
            [out](std::string_view what) { write_all(out, "P " + one_line(what) + "\n"); }, false)),
        lane_(*local_) {}

  // Answers one request; false: Q (or anything unknown), the child is done.
  bool answer(char kind, std::istringstream& req) {
    switch (kind) {
      case 'S':
        start(req);
        return true;
      case 'E':
        export_key();
        return true;
      case 'A':
        agreement_outputs(req);
        return true;
      case 'O':
        agreement_output(req);
        return true;
      case 'D':
        data(req);
        return true;
      case 'I':
        inputs(req);
        return true;
      case 'V':
        agreement_check(req);
        return true;
      case 'B':
        begin(req);
        return true;
      case 'W':
        warm_up();
        return true;
      case 'M':
        sample(req);
        return true;
      case 'C':
        check_timed_output();
        return true;
      case 'T':
        threads(req);
        return true;
      default:
        return false;
    }
  }

 private:
  void start(std::istringstream& req) {
    std::string key;
    req >> key;
    if (key != "-" && !key.empty())
      if (auto k = from_hex(key)) lane_.use_key(*k);
    write_all(out_, failure_line(lane_.start()));
  }

  void export_key() {
    const auto k = lane_.export_key();
    write_all(out_, "Y " + (k && !k->empty() ? to_hex(*k) : std::string("-")) + "\n");
  }

  void agreement_outputs(std::istringstream& req) {
    uint64_t seed = 0;
    req >> seed;
    const AgreementOutputs a = lane_.agreement_outputs(seed);
    std::string reply = "A " + std::to_string(a.unsupported ? 1 : 0) + " " + std::to_string(a.outputs.size());
    for (const Bytes& o : a.outputs) reply += " " + (o.empty() ? std::string("-") : to_hex(o));
    write_all(out_, reply + " " + one_line(a.error) + "\n");
  }

  void agreement_output(std::istringstream& req) {
    uint64_t seed = 0;
    size_t k = 0;
    req >> seed >> k;
    const AgreementOutputs one = lane_.agreement_output(seed, k).value_or(AgreementOutputs{});
    if (!one.outputs.empty()) {
      const Bytes& o = one.outputs.front();
      write_all(out_, "D " + std::to_string(o.size()) + "\n");
      write_all(out_, o.data(), o.size());
    }
    write_all(out_, "O " + std::to_string(one.unsupported ? 1 : 0) + " " +
                        std::to_string(one.outputs.empty() ? 0 : 1) + " " + one_line(one.error) + "\n");
  }

  void data(std::istringstream& req) {
    size_t n = 0;
    req >> n;
    data_.resize(n);
    if (n > 0 && std::fread(data_.data(), 1, n, requests_) != n) ::_exit(4);
  }

  void inputs(std::istringstream& req) {
    char how = 0;
    size_t n = 0;
    req >> how >> n;
    if (slot_) {
      slot_->file.make = how == 'M';
      slot_->file.derived_len.assign(n, 0);
      for (size_t& length : slot_->file.derived_len) req >> length;
    }
    if (const Result<void> prepared = lane_.prepare_inputs(); !prepared) {
      write_all(out_, failure_line(prepared));
      return;
    }
    // The private pools this process mapped since its last report (none when it maps the file).
    std::string reply = "I " + std::to_string(PoolMemory::mapped_so_far() - pools_reported_);
    pools_reported_ = PoolMemory::mapped_so_far();
    const std::vector<size_t> none;
    const auto& lengths = slot_ ? slot_->file.derived_len : none;
    reply += " " + std::to_string(lengths.size());
    for (size_t length : lengths) reply += " " + std::to_string(length);
    write_all(out_, reply + "\n");
  }

  void agreement_check(std::istringstream& req) {
    uint64_t seed = 0;
    size_t k = 0;
    req >> seed >> k;
    // An empty line: it agrees.
    const Result<void> agrees = lane_.agreement_check(seed, k, data_);
    Bytes().swap(data_);
    write_all(out_, "V " + one_line(agrees ? "" : agrees.error().message) + "\n");
  }

  void begin(std::istringstream& req) {
    size_t size = 0;
    std::string op;
    int file = -1;
    req >> size >> op >> file;
    slot_.reset();
    if (file >= 0) {
      slot_ = std::make_shared<SharedPool>();
      slot_->file.fd = file;
    }
    lane_.share_inputs(slot_);
    write_all(out_, failure_line(lane_.begin(size, op)));
  }

  void warm_up() {
    const WarmUp w = lane_.warm_up(plan_.measure);
    write_all(out_, "W " + std::to_string(w.batch) + " " + std::to_string(w.ops) + " " +
                        std::to_string(w.status) + " " + one_line(w.error) + "\n");
  }

  void sample(std::istringstream& req) {
    uint64_t ops = 0, settle = 0;
    req >> ops >> settle;
    const SampleResult s = lane_.sample(ops, settle);
    char numbers[96];
    std::snprintf(numbers, sizeof numbers, "M %.17g %.17g %d ", s.ns, s.cycles, s.status);
    write_all(out_, numbers + one_line(s.error) + "\n");
  }

  void check_timed_output() {
    const Result<void> checked = lane_.check_timed_output();  // an empty line: it agrees
    write_all(out_, "C " + one_line(checked ? "" : checked.error().message) + "\n");
  }

  void threads(std::istringstream& req) {
    std::string op;
    size_t size = 0;
    req >> size >> op;
    Record r = record_for(backend_, job_, size, op);
    lane_.threads(r);
    write_all(out_, "R " + record_to_json(r).dump() + "\n");
  }

  int out_;
  FILE* requests_;
  const RunPlan& plan_;
  const Job& job_;
  const Backend& backend_;
  const std::unique_ptr<Lane> local_;
  Lane& lane_;
  std::shared_ptr<SharedPool> slot_;  // this comparison's, when its pool is in the program's PoolFile
  Bytes data_;                        // the raw bytes of the last D request
  size_t pools_reported_ = PoolMemory::mapped_so_far();  // a forked child starts with the program's count
};

}  // namespace

[[noreturn]] void serve(int in, int out, const RunPlan& plan, const Job& job, const Backend& backend,
                        const NextJob& next) {
  ::setpgid(0, 0);
  // Orphans of this job (a helper whose parent ended) stay below it while it runs (util/supervise.hpp).
  become_subreaper();
  reset_interrupt_handlers_in_child();
  ::signal(SIGPIPE, SIG_DFL);
#if defined(__GLIBC__) && !defined(M_MMAP_THRESHOLD)
#error "<malloc.h> is not included (see the top of this file): serve() would skip its mallopt"
#endif
#ifdef __GLIBC__
  // Buffers of a megabyte or more (an agreement message, output or plain-call output) are mapped and given
  // back when freed, not kept in the heap: glibc's threshold otherwise rises to the largest freed, and
  // each child kept about a message's worth (issue #26: measured 10 MB per child at -d 10MB).
  ::mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
  FILE* requests = ::fdopen(in, "r");
  if (requests == nullptr) ::_exit(4);
  char* line = nullptr;
  size_t cap = 0;
  try {
    std::optional<LaneServer> server;
    server.emplace(out, requests, plan, job, backend);
    std::optional<RunPlan> next_plan;  // the job of the last J request, which server serves
    std::optional<Job> next_job;
    while (::getline(&line, &cap, requests) > 0) {
      std::istringstream req(line);
      char kind = 0;
      req >> kind;
      if (kind == 'J' && next) {  // a worker's next job: the last one's lane (its context) ends first
        server.reset();
        std::string text;
        std::getline(req >> std::ws, text);
        RunPlan p;
        Job j{nullptr, 0};
        next(text, p, j);
        next_plan = std::move(p);
        next_job = std::move(j);
        return_freed_heap();
        server.emplace(out, requests, *next_plan, *next_job, backend);
        continue;
      }
      if (!server->answer(kind, req)) break;  // Q, or anything else: done
      // An A line can be twice a message's size in hex: its buffers are not kept (issue #26).
      if (cap > (size_t{1} << 20)) {
        std::free(line);
        line = nullptr;
        cap = 0;
      }
      if (kind == 'A' || kind == 'O' || kind == 'V') return_freed_heap();
    }
  } catch (const std::exception& e) {
    write_all(out, "E " + one_line(e.what()) + "\n");
    ::_exit(1);
  }
  // _exit, not exit: the parent's stdio buffers and atexit handlers (the libraries' cleanup) are the
  // parent's.
  ::_exit(0);
}

}  // namespace ca
