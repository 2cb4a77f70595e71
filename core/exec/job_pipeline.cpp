// The job pipeline of the interleaved order (exec/comparison.hpp): one pass of a job sets up every backend's
// lane (in process, exec/local_lane.cpp; in a child, exec/child_lane.cpp), agrees on the outputs, measures
// each comparison, checks the timed outputs and records; --processes N runs N passes and joins them.
#include <sched.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <exception>
#include <functional>
#include <map>
#include <random>
#include <stdexcept>
#include <tuple>

#include "exec/comparison.hpp"
#include "exec/lane_pipe.hpp"
#include "exec/memory.hpp"
#include "exec/runner.hpp"
#include "host/affinity.hpp"
#include "host/exit_guard.hpp"
#include "host/interrupt.hpp"
#include "record/record_key.hpp"
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
// (isolated) or an exec'd worker (exec_program); isolated lanes are given the comparison's pool file.
std::vector<Entry> make_entries(const RunPlan& plan, const Job& job,
                                const std::vector<const Backend*>& backends, const Wanted& wanted,
                                const std::string& exec_program, int pool_fd) {
  const auto ops = planned_operations(plan, *job.algorithm);
  const auto& sizes = planned_sizes(plan, job);
  const bool isolated = !exec_program.empty() || plan.isolate;
  const int cpu = isolated ? lane_cpu(plan) : -1;
  std::vector<Entry> entries;
  for (const Backend* b : backends) {
    bool anything = false;
    for (size_t size : sizes)
      for (const auto& op : ops) anything = anything || wanted(*b, job, size, op);
    if (!anything) continue;
    // In process, each step is noted for host/exit_guard.hpp: a plugin that calls exit() is blamed with it.
    std::unique_ptr<Lane> lane;
    if (isolated)
      lane = make_child_lane(plan, job, *b, exec_program, cpu, pool_fd);
    else
      lane = make_local_lane(
          plan, job, *b, [name = b->name()](std::string_view what) { note_step(name, what); }, true);
    entries.push_back({b, std::move(lane)});
  }
  return entries;
}

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

// The lanes `in`, agreed, measured: interleaved in shared rounds, or sequential, each on its own; then
// each record's timed output checked and, with --threads N, its parallel pass. The records go to `done`.
void measure_lanes(const RunPlan& plan, size_t size, const std::string& op, const std::string& agreement,
                   const std::vector<Entry*>& in, std::vector<Record>& done, const RecordMaker& make_record) {
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
}

// One comparison (size, operation) of the job: begin, agree, inputs, measure, emit. False: interrupted
// (nothing of the comparison is emitted, so --resume measures it again).
bool run_comparison(const RunPlan& plan, const Job& job, size_t size, const std::string& op,
                    std::vector<Entry>& entries, const std::shared_ptr<SharedPool>& slot,
                    const Wanted& wanted, const Emit& emit, const RecordMaker& make_record) {
  std::vector<Entry*> in;
  std::vector<Record> done;
  for (auto& e : entries) {
    if (!e.ready || !wanted(*e.backend, job, size, op)) continue;
    e.lane->share_inputs(slot);
    const Result<void> begun = e.lane->begin(size, op);
    if (interrupt_signal() != 0) return false;
    if (begun)
      in.push_back(&e);
    else
      emit(make_record.failed(*e.backend, size, op, begun.error()));
  }
  if (in.empty()) return true;
  const std::optional<std::string> agreement =
      agree(*job.algorithm, op_code(op), size, op, in, done, make_record);
  if (!agreement) return false;
  // The inputs, after the agreement check so that its buffers and the pool are not alive at once: in
  // process the first lane asked makes the comparison's pool and the others take it.
  return_freed_heap();
  std::vector<Entry*> prepared;
  for (Entry* e : in) {
    const Result<void> inputs = e->lane->prepare_inputs();
    if (interrupt_signal() != 0) return false;
    if (inputs)
      prepared.push_back(e);
    else
      done.push_back(make_record.failed(*e->backend, size, op, inputs.error()));
  }
  measure_lanes(plan, size, op, *agreement, prepared, done, make_record);
  // Interrupted during the comparison (its children killed, their steps failed): nothing of it is emitted.
  if (interrupt_signal() != 0) return false;
  for (auto& e : entries) e.lane->end_comparison();  // before the next comparison's pool is made
  return_freed_heap();
  for (Record& r : done) emit(std::move(r));
  return true;
}

// One pass of a job: its lanes in this process, in forked children (isolate), or, with exec_program, in
// exec'd worker processes (--processes N).
bool run_job_once(const RunPlan& plan, const Job& job, const std::vector<const Backend*>& backends,
                  const Wanted& wanted, const Emit& emit, const std::string& exec_program) {
  const auto ops = planned_operations(plan, *job.algorithm);
  const auto& sizes = planned_sizes(plan, job);
  struct ClearStep {  // back in cryptauditor's own code; an exception in flight keeps it, to be named
    ~ClearStep() {
      if (std::uncaught_exceptions() == 0) clear_step();
    }
  } clear_at_end;
  // Isolated, the comparison's one pool goes into this file, made before the children so that they inherit
  // it (issue #26); none where memfd_create is unavailable: each child then builds its own.
  const bool isolated = !exec_program.empty() || plan.isolate;
  std::optional<PoolFile> pool_file;
  if (isolated) pool_file.emplace();
  const int pool_fd = pool_file ? pool_file->fd() : -1;
  std::vector<Entry> entries = make_entries(plan, job, backends, wanted, exec_program, pool_fd);

  JobKey key = job_key(plan, *job.algorithm, job);
  const RecordMaker make_record{job, key};
  const auto fail_lane = [&](const Entry& e, const Error& failure) {
    for (size_t size : sizes)
      for (const auto& op : ops)
        if (wanted(*e.backend, job, size, op)) emit(make_record.failed(*e.backend, size, op, failure));
  };
  if (!start_lanes(entries, key, fail_lane)) return false;

  // One input pool per comparison for every lane (issue #26), in process or, isolated, in the PoolFile, when
  // the inputs mean the same to every library: under one shared key (a backend that could not export its
  // key pair signs with its own), and not for key agreement, whose input is each backend's own peer key.
  const bool one_pool = key.key.has_value() && (!isolated || pool_fd >= 0);
  for (size_t size : sizes)
    for (const auto& op : ops) {
      const auto slot = one_pool && op != "agree" ? std::make_shared<SharedPool>() : nullptr;
      if (slot) slot->file.fd = pool_fd;
      if (!run_comparison(plan, job, size, op, entries, slot, wanted, emit, make_record)) return false;
      if (pool_file) pool_file->empty();
    }
  return true;
}

// --processes N: the N passes' records of one row joined into one. A row that failed or was unsupported in
// any pass is that pass's record (its error naming the process); otherwise the samples are concatenated in
// pass order, each pass's rounds moved past the previous passes' (so pairs stay within a process), the
// comparison id is the first pass's, process_samples keeps each pass's count and repetition_samples
// (--repetitions M) every pass's repetitions in pass order.
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
