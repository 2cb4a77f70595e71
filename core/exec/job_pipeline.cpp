// The job pipeline of the interleaved order (exec/comparison.hpp): a job sets up every backend's lane (in
// process, exec/local_lane.cpp; in a child, exec/child_lane.cpp), agrees on the outputs, measures each
// comparison, checks the timed outputs and records; --processes N gives every library N lanes, one in each
// of N persistent workers, measures them together and joins each row's N records.
#include <sched.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <exception>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <tuple>

#include "exec/comparison.hpp"
#include "exec/lane_pipe.hpp"
#include "exec/memory.hpp"
#include "exec/runner.hpp"
#include "host/affinity.hpp"
#include "host/exit_guard.hpp"
#include "host/interrupt.hpp"
#include "util/units.hpp"

namespace ca {
namespace {

std::string new_comparison_id() {
  static std::mt19937_64 rng{std::random_device{}()};
  char id[17];
  std::snprintf(id, sizeof id, "%016" PRIx64, static_cast<uint64_t>(rng()));
  return id;
}
}  // namespace

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
namespace {

// The agreement check of one comparison (exec/agreement.hpp) over the lanes in `in`: the verdicts, in the
// order of `in`. A lane that could not compute its outputs is failed outright.
struct Entry {
  const Backend* backend;
  std::unique_ptr<Lane> lane;
  bool ready = false;
};

// A lane's forward outputs, message by message. An in-process lane computes each when asked, so that the
// check holds one output of each distinct value and the one being compared, never every library's
// (issue #26); a child lane answers all of its outputs in one reply, kept here until the check ends.
class ForwardOutputs {
 public:
  ForwardOutputs(Lane& lane, uint64_t seed) : lane_(lane), seed_(seed) {}
  AgreementOutputs at(size_t k) {
    if (!all_) {
      if (auto one = lane_.agreement_output(seed_, k)) return std::move(*one);
      all_ = lane_.agreement_outputs(seed_);
    }
    AgreementOutputs one;
    // Each message is asked for once: its output moves out, and is freed once compared.
    if (k < all_->outputs.size()) one.outputs.push_back(std::move(all_->outputs[k]));
    if (k >= all_->outputs.size() || k == 0) {
      one.error = all_->error;  // a failure is the lane's, whichever message it came at
      one.unsupported = all_->unsupported;
    }
    return one;
  }

 private:
  Lane& lane_;
  uint64_t seed_;
  std::optional<AgreementOutputs> all_;
};

// The agreement check of one comparison (exec/agreement.hpp) over the lanes in `in`: the verdicts, in the
// order of `in`. A lane that could not compute its outputs is failed outright. Message by message: every
// lane's output for message k is compared with the distinct outputs seen so far (deterministic outputs) and,
// where outputs must also verify or decrypt elsewhere, checked by every lane, before message k + 1 is
// computed; what the decision needs afterwards is kept as words and class numbers, not bytes.
std::vector<AgreementVerdict> check_agreement(const AlgorithmInfo& a, int code, size_t size,
                                              const std::vector<Entry*>& in, uint64_t seed) {
  const size_t n = in.size();
  std::vector<AgreementVerdict> verdicts(n);
  std::vector<bool> failed(n, false);
  std::vector<ForwardOutputs> forward;
  for (Entry* e : in) forward.emplace_back(*e->lane, seed);
  const int fwd = agreement_forward(code);
  const bool inverse = agreement_needs_inverse(a, code);
  auto length = [&](size_t k) { return std::to_string(k == 0 ? size : size - 1) + "-byte message"; };
  // kind[i][k]: which distinct output lane i gave for message k (every lane its own when randomised).
  std::vector<std::vector<size_t>> kind(n);
  // differs[{k, x, y}]: how distinct output x of message k differs from y.
  std::map<std::tuple<size_t, size_t, size_t>, std::string> differs;
  // rejected[i][j]: why lane i does not accept lane j's outputs ("" = it accepts them).
  std::vector<std::vector<std::string>> rejected(n, std::vector<std::string>(n));
  size_t messages = 0;  // compared messages: those every lane able to compute gave an output for
  for (size_t k = 0;; ++k) {
    std::vector<Bytes> distinct;
    std::vector<size_t> given;  // lanes with an output for message k
    bool some_without = false;
    for (size_t i = 0; i < n; ++i) {
      if (failed[i]) continue;
      AgreementOutputs o = forward[i].at(k);
      if (!o.error.empty() || (k == 0 && o.outputs.empty())) {
        failed[i] = true;
        verdicts[i].status = o.unsupported ? Status::Unsupported : Status::Failed;
        verdicts[i].error = o.error.empty() ? "computed no output" : o.error;
        continue;
      }
      if (o.outputs.empty()) {
        some_without = true;  // the library does not take message k: it is compared for no one
        continue;
      }
      Bytes& out = o.outputs.front();
      size_t x = 0;
      while (!a.randomized && x < distinct.size() && distinct[x] != out) ++x;
      if (a.randomized || x == distinct.size()) {
        for (size_t y = 0; y < distinct.size() && !a.randomized; ++y) {
          differs[{k, x, y}] = first_difference(out, distinct[y]);
          differs[{k, y, x}] = first_difference(distinct[y], out);
        }
        x = distinct.size();
        distinct.push_back(std::move(out));
      }
      kind[i].push_back(x);
      given.push_back(i);
    }
    if (some_without || given.empty()) break;
    messages = k + 1;
    // Randomised outputs are checked on the measured size's message only (n^2 calls); deterministic ones
    // once per distinct value.
    if (inverse && (!a.randomized || k == 0))
      for (size_t i : given)
        for (size_t x = 0; x < distinct.size(); ++x) {
          if (a.randomized && x == kind[i][k]) continue;  // its own signature or ciphertext
          bool wanted_here = false;
          for (size_t j : given) wanted_here = wanted_here || (kind[j][k] == x && rejected[i][j].empty());
          if (!wanted_here) continue;
          const Result<void> r = in[i]->lane->agreement_check(seed, k, distinct[x]);
          if (r) continue;
          for (size_t j : given)
            if (kind[j][k] == x && rejected[i][j].empty())
              rejected[i][j] = "for the " + length(k) + " " + r.error().message;
        }
  }
  std::vector<size_t> able;  // indexes into `in` of the lanes that computed their outputs
  for (size_t i = 0; i < n; ++i)
    if (!failed[i]) able.push_back(i);
  if (able.size() < 2) return verdicts;

  std::vector<std::string> names;
  for (size_t i : able) names.push_back(in[i]->backend->name());
  auto first_unlike = [&](size_t i, size_t j) {  // the first message whose outputs differ, or `messages`
    size_t k = 0;
    while (k < messages && kind[i][k] == kind[j][k]) ++k;
    return k;
  };
  const auto consistent = [&](size_t x, size_t y) {
    const size_t i = able[x], j = able[y];
    if (!a.randomized && first_unlike(i, j) < messages) return false;
    return !inverse || (rejected[i][j].empty() && rejected[j][i].empty());
  };
  const auto why = [&](size_t x, size_t y) -> std::string {
    const size_t i = able[x], j = able[y];
    if (const size_t k = first_unlike(i, j); !a.randomized && k < messages)
      return "its " + op_name(fwd) + " output for the " + length(k) + " differs from " + names[y] + "'s " +
             differs[{k, kind[i][k], kind[j][k]}];
    if (!rejected[j][i].empty())
      return "its " + op_name(fwd) + " output, checked by " + names[y] + ", " + rejected[j][i];
    return "it rejects " + names[y] + "'s " + op_name(fwd) + " output: " + rejected[i][j];
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

// The job's key for every library (issue #13): a symmetric key drawn here, the user's --key-file, or (make)
// a key pair the first backend that starts makes and exports, which the others import.
struct JobKey {
  std::optional<Bytes> key;
  std::string label;
  bool make = false;
};

JobKey job_key(const RunPlan& plan, const AlgorithmInfo& a, const Job& job) {
  JobKey k;
  if (a.symmetric_key()) {
    k.key = random_bytes(a.key_bytes(job.key_bits));
    k.label = "shared, random";
  } else if (a.public_key()) {
    if (plan.key_file && plan.key_file->fits(a)) {
      k.key = plan.key_file->private_key;
      k.label = "shared, from " + plan.key_file->path;
    } else {
      k.make = true;
    }
  }
  return k;
}

// A record of this job for one backend, size and operation, naming the job's key.
struct RecordMaker {
  const Job& job;
  const JobKey& key;
  Record operator()(const Backend& b, size_t size, const std::string& op) const {
    Record r = record_for(b, job, size, op);
    r.key = key.label;
    return r;
  }
  Record failed(const Backend& b, size_t size, const std::string& op, const Error& failure) const {
    Record r = (*this)(b, size, op);
    r.status = failure.unsupported ? Status::Unsupported : Status::Failed;
    r.error = failure.message;
    return r;
  }
};

// One lane per backend that has something of the job to measure: in this process, in a forked child
// (isolated, given the program's pool file) or, with --processes N, in the run's exec'd worker of process
// index `process` for that library.
std::vector<Entry> make_entries(const RunPlan& plan, const Job& job,
                                const std::vector<const Backend*>& backends, const Wanted& wanted,
                                size_t process, int pool_fd) {
  const auto ops = planned_operations(plan, *job.algorithm);
  const auto& sizes = planned_sizes(plan, job);
  const bool workers = plan.processes > 1;
  const bool isolated = workers || plan.isolate;
  const int cpu = isolated ? lane_cpu(plan) : -1;
  std::vector<Entry> entries;
  for (const Backend* b : backends) {
    bool anything = false;
    for (size_t size : sizes)
      for (const auto& op : ops) anything = anything || wanted(*b, job, size, op);
    if (!anything) continue;
    // In process, each step is noted for host/exit_guard.hpp: a plugin that calls exit() is blamed with it.
    std::unique_ptr<Lane> lane;
    if (workers)
      lane = make_worker_lane(plan, job, *b, process, cpu);
    else if (isolated)
      lane = make_child_lane(plan, job, *b, "", cpu, pool_fd);
    else
      lane = make_local_lane(
          plan, job, *b, [name = b->name()](std::string_view what) { note_step(name, what); }, true);
    entries.push_back({b, std::move(lane)});
  }
  return entries;
}

// The least warm-up of a lane of --processes N (seconds): --warmup / N, but not below this.
constexpr double kMinWorkerWarmupS = 0.005;

// One process index's side of a job: its lanes, its key (each process its own, --processes N) and the maker
// of its records, which names that key. Process 0 alone without --processes.
struct ProcessSide {
  ProcessSide(const Job& job, JobKey k) : key(std::move(k)), make_record{job, key} {}
  JobKey key;
  RecordMaker make_record;
  std::vector<Entry> entries;
  int pool_fd = -1;  // isolated: the file this process's comparisons' one pool goes in, or -1
  bool one_pool = false;
};
using Sides = std::vector<std::unique_ptr<ProcessSide>>;
// A record of process p's side (0 without --processes).
using Done = std::function<void(size_t p, Record)>;

// Starts every lane (self-test, key setup): with key.make, the first that starts makes the key pair the
// others import. A lane that fails to start has its records failed through fail_lane. False: interrupted.
bool start_lanes(std::vector<Entry>& entries, JobKey& key,
                 const std::function<void(const Entry&, const Error&)>& fail_lane) {
  size_t first = 0;
  if (key.make)
    while (first < entries.size()) {
      Entry& e = entries[first++];
      const Result<void> started = e.lane->start();
      if (interrupt_signal() != 0) return false;
      if (!started) {
        fail_lane(e, started.error());
        continue;
      }
      e.ready = true;
      if (auto k = e.lane->export_key(); k && !k->empty()) {
        key.key = std::move(*k);
        key.label = "shared, made by " + e.backend->name();
      } else {
        key.label = "own (" + e.backend->name() + " cannot export its key)";
      }
      break;
    }
  // Isolated: every child starts its self-test at once (nothing is timed yet), then the replies are read.
  for (size_t i = first; i < entries.size(); ++i) {
    if (key.key) entries[i].lane->use_key(*key.key);
    entries[i].lane->request_start();
  }
  for (size_t i = first; i < entries.size(); ++i) {
    Entry& e = entries[i];
    const Result<void> started = e.lane->start();
    if (interrupt_signal() != 0) return false;
    if (started) {
      e.ready = true;
      continue;
    }
    fail_lane(e, started.error());
  }
  return true;
}

// Correct where it is measured: the lanes `in` agree on this size before any of them is timed. Those that
// do not are taken out of `in`, their records into `done`; the agreement line of the others' records, or
// nullopt when interrupted.
std::optional<std::string> agree(const AlgorithmInfo& a, int code, size_t size, const std::string& op,
                                 std::vector<Entry*>& in, std::vector<Record>& done,
                                 const RecordMaker& make_record) {
  static std::mt19937_64 seeds{std::random_device{}()};
  if (agreement_forward(code) < 0) return std::string();
  if (in.size() == 1) return std::string("alone: known answers and round trip only");
  const auto verdicts = check_agreement(a, code, size, in, seeds());
  if (interrupt_signal() != 0) return std::nullopt;
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
  std::string agreement;
  if (agreed.size() >= 2)
    agreement = "agreed with " + std::to_string(agreed.size() - 1) + " other librar" +
                (agreed.size() == 2 ? "y" : "ies") + " at " + format_size(size);
  else if (agreed.size() == 1)
    agreement = some_disagreed
                    ? "alone after the others failed the agreement check: known answers and round trip only"
                    : "alone: known answers and round trip only";
  in = std::move(agreed);
  return agreement;
}

// A lane ready to be measured: its process index, and its side's agreement line.
struct Ready {
  Entry* entry;
  size_t process;
  const std::string* agreement;
};

// The lanes `in`, agreed, measured: interleaved in shared rounds, or sequential, each library on its own;
// then each record's timed output checked and, with --threads N, its parallel pass. --processes N: a
// library's N lanes share one stopping rule and each lane has budget / N. The records go to `done`.
void measure_lanes(const RunPlan& plan, size_t size, const std::string& op, const std::vector<Ready>& in,
                   const Sides& sides, const Done& done) {
  std::vector<const Backend*> libraries;  // in first appearance
  for (const Ready& x : in)
    if (std::find(libraries.begin(), libraries.end(), x.entry->backend) == libraries.end())
      libraries.push_back(x.entry->backend);
  const auto library = [&](const Ready& x) {
    return static_cast<size_t>(std::find(libraries.begin(), libraries.end(), x.entry->backend) -
                               libraries.begin());
  };
  std::vector<std::vector<Ready>> groups;
  if (plan.order == Order::Interleaved) {
    if (!in.empty()) groups.push_back(in);
  } else {
    groups.resize(libraries.size());
    for (const Ready& x : in) groups[library(x)].push_back(x);
  }
  const size_t processes = std::max<size_t>(1, plan.processes);
  for (const auto& group : groups) {
    std::vector<SampleSource*> sources;
    std::vector<SourceTag> tags;
    std::set<size_t> group_libraries;
    for (const Ready& x : group) {
      sources.push_back(x.entry->lane.get());
      tags.push_back({library(x), static_cast<uint32_t>(x.process)});
      group_libraries.insert(library(x));
    }
    MeasureConfig cfg = plan.measure;
    if (group.size() == 1) cfg.settle_fraction = 0;  // no other lane runs between its samples
    if (processes > 1) {
      cfg.budget_s /= static_cast<double>(processes);  // a library's lanes share its budget
      cfg.lanes_per_library = processes;
    }
    InterleavedRun run = measure_interleaved(
        sources, cfg, processes > 1 ? std::span<const SourceTag>(tags) : std::span<const SourceTag>());
    const std::string id = group_libraries.size() > 1 ? new_comparison_id() : std::string();
    for (size_t k = 0; k < group.size(); ++k) {
      const Ready& x = group[k];
      Record r = sides[x.process]->make_record(*x.entry->backend, size, op);
      r.agreement = *x.agreement;
      r.measurement = std::move(run.per_source[k]);
      finish_record(r, "");
      // Correct where it is measured: the timed path (the plugin's repeat loop) must compute what one
      // plain call computes, or the figure is not ranked.
      if (r.ok())
        if (Result<void> checked = x.entry->lane->check_timed_output(); !checked) {
          r.status = Status::Failed;
          r.error = "timed output check: " + checked.error().message;
        }
      if (!id.empty()) {
        r.comparison = id;
      } else {
        r.measurement.sample_round.clear();
      }
      if (r.ok() && plan.threads > 1) x.entry->lane->threads(r);
      done(x.process, std::move(r));
    }
  }
}

// One comparison (size, operation) of the job: begin, agree, inputs (each process's side on its own: its
// key, its pool), then every side's lanes measured together, and the records given to `emit`. False:
// interrupted (nothing of the comparison is emitted, so --resume measures it again).
bool run_comparison(const RunPlan& plan, const Job& job, size_t size, const std::string& op, Sides& sides,
                    const Wanted& wanted, const Done& emit) {
  std::vector<std::pair<size_t, Record>> done;
  const auto keep = [&](size_t p, Record r) { done.emplace_back(p, std::move(r)); };
  std::vector<std::string> agreements(sides.size());
  std::vector<Ready> ready;
  for (size_t p = 0; p < sides.size(); ++p) {
    ProcessSide& side = *sides[p];
    const auto slot = side.one_pool && op != "agree" ? std::make_shared<SharedPool>() : nullptr;
    if (slot) slot->file.fd = side.pool_fd;
    std::vector<Entry*> in;
    for (auto& e : side.entries) {
      if (!e.ready || !wanted(*e.backend, job, size, op)) continue;
      e.lane->share_inputs(slot);
      const Result<void> begun = e.lane->begin(size, op);
      if (interrupt_signal() != 0) return false;
      if (begun)
        in.push_back(&e);
      else
        emit(p, side.make_record.failed(*e.backend, size, op, begun.error()));
    }
    if (in.empty()) continue;
    std::vector<Record> disagreed;
    const std::optional<std::string> agreement =
        agree(*job.algorithm, op_code(op), size, op, in, disagreed, side.make_record);
    if (!agreement) return false;
    for (Record& r : disagreed) keep(p, std::move(r));
    agreements[p] = *agreement;
    // The inputs, after the agreement check so that its buffers and the pool are not alive at once: in
    // process the first lane asked makes the comparison's pool and the others take it.
    return_freed_heap();
    for (Entry* e : in) {
      const Result<void> inputs = e->lane->prepare_inputs();
      if (interrupt_signal() != 0) return false;
      if (inputs)
        ready.push_back({e, p, &agreements[p]});
      else
        keep(p, side.make_record.failed(*e->backend, size, op, inputs.error()));
    }
  }
  measure_lanes(plan, size, op, ready, sides, keep);
  // Interrupted during the comparison (its children killed, their steps failed): nothing of it is emitted.
  if (interrupt_signal() != 0) return false;
  for (auto& side : sides)
    for (auto& e : side->entries) e.lane->end_comparison();  // before the next comparison's pool is made
  return_freed_heap();
  for (auto& [p, r] : done) emit(p, std::move(r));
  return true;
}

// A job: its lanes in this process, in forked children (isolate) or, with --processes N, in the run's
// exec'd workers, N sides of one lane per library each; records go to `emit` with their process index.
bool run_job_sides(const RunPlan& plan, const Job& job, const std::vector<const Backend*>& backends,
                   const Wanted& wanted, const Done& emit) {
  const auto ops = planned_operations(plan, *job.algorithm);
  const auto& sizes = planned_sizes(plan, job);
  struct ClearStep {  // back in cryptauditor's own code; an exception in flight keeps it, to be named
    ~ClearStep() {
      if (std::uncaught_exceptions() == 0) clear_step();
    }
  } clear_at_end;
  // Isolated, the comparison's one pool goes into a file the children inherit (issue #26): this job's,
  // forked; each process index's own, --processes N (the workers live across jobs). None where
  // memfd_create is unavailable: each child then builds its own.
  const bool workers = plan.processes > 1;
  const bool isolated = workers || plan.isolate;
  std::optional<PoolFile> pool_file;
  if (isolated && !workers) pool_file.emplace();
  const size_t n = workers ? plan.processes : 1;
  // --processes N: a library's N lanes run on the one CPU of the comparison's lanes and share its code pages,
  // so each warms up for --warmup / N, at least kMinWorkerWarmupS (docs/METHODOLOGY.md, "`--processes N`":
  // the ratios did not move with it).
  RunPlan lanes_plan = plan;
  if (workers) {
    lanes_plan.measure.warmup_s =
        std::max(std::min(plan.measure.warmup_s, kMinWorkerWarmupS), plan.measure.warmup_s / double(n));
    lanes_plan.measure.lanes_per_library = n;  // and each lane's steady-state windows batch / N
  }
  Sides sides;
  for (size_t p = 0; p < n; ++p) {
    auto side = std::make_unique<ProcessSide>(job, job_key(plan, *job.algorithm, job));
    side->pool_fd = workers ? worker_pool_file(p) : pool_file ? pool_file->fd() : -1;
    side->entries = make_entries(lanes_plan, job, backends, wanted, p, side->pool_fd);
    sides.push_back(std::move(side));
  }
  for (size_t p = 0; p < n; ++p) {
    ProcessSide& side = *sides[p];
    const auto fail_lane = [&](const Entry& e, const Error& failure) {
      for (size_t size : sizes)
        for (const auto& op : ops)
          if (wanted(*e.backend, job, size, op))
            emit(p, side.make_record.failed(*e.backend, size, op, failure));
    };
    if (!start_lanes(side.entries, side.key, fail_lane)) return false;
    // One input pool per comparison for every lane of the side (issue #26), in process or, isolated, in
    // the pool file, when the inputs mean the same to every library: under one shared key (a backend that
    // could not export its key pair signs with its own), and not for key agreement, whose input is each
    // backend's own peer key.
    side.one_pool = side.key.key.has_value() && (!isolated || side.pool_fd >= 0);
  }
  for (size_t size : sizes)
    for (const auto& op : ops) {
      if (!run_comparison(plan, job, size, op, sides, wanted, emit)) return false;
      if (pool_file) pool_file->empty();
      if (workers)
        for (size_t p = 0; p < n; ++p) empty_worker_pool_file(p);
    }
  return true;
}

}  // namespace

bool run_interleaved_job(const RunPlan& plan, const Job& job, const std::vector<const Backend*>& backends,
                         const Wanted& wanted, const Emit& emit) {
  if (plan.processes <= 1)
    return run_job_sides(plan, job, backends, wanted, [&](size_t, Record r) { emit(std::move(r)); });
  if (plan.worker_program.empty())
    throw std::logic_error("--processes " + std::to_string(plan.processes) +
                           " needs RunPlan::worker_program");
  std::vector<std::vector<Record>> passes(plan.processes);
  if (!run_job_sides(plan, job, backends, wanted,
                     [&](size_t p, Record r) { passes[p].push_back(std::move(r)); }))
    return false;
  for (Record& r : join_processes(passes)) emit(std::move(r));
  return true;
}

}  // namespace ca
