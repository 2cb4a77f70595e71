#include "cli/study.hpp"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>

#include "cli/common.hpp"
#include "cli/progress.hpp"
#include "cli/resume.hpp"
#include "measure/measure.hpp"
#include "measure/stopwatch.hpp"
#include "run/affinity.hpp"
#include "run/environment.hpp"
#include "run/interrupt.hpp"
#include "run/journal.hpp"

namespace ca {

void check_outputs(const std::vector<OutputSpec>& outputs, const std::string& where) {
  for (const auto& o : outputs) {
    if (!make_reporter(o.format)) {
      std::string allowed;
      for (const auto& [name, _] : reporter_names()) allowed += (allowed.empty() ? "" : ", ") + name;
      throw UsageError(where + " '" + o.format + "' is not valid: expected one of " + allowed);
    }
    if (!o.path.empty()) {
      std::ofstream probe(o.path, std::ios::app);
      if (!probe) throw UsageError(where + " output file '" + o.path + "' cannot be written");
    }
  }
}

namespace {

// Opens the journal, reading it first when resuming; sets plan.skip so the runner leaves out what it holds.
// Returns the journal's records that belong to the plan.
std::vector<Record> open_journal(const Study& study, RunPlan& plan, std::optional<JournalWriter>& journal,
                                 std::ostream& err) {
  std::vector<Record> resumed;
  bool append = false;
  if (study.resume) {
    if (std::filesystem::exists(study.journal)) {
      ResumedJournal j = read_resumed_journal(study.journal, plan);
      if (j.ignored_partial_line)
        err << "note: ignoring the journal's last line, cut short when the run was interrupted\n";
      if (j.outside_plan > 0)
        err << "note: ignoring " << j.outside_plan << " journal record(s) that are not part of this study\n";
      std::error_code ec;
      std::filesystem::resize_file(study.journal, j.valid_bytes, ec);
      if (ec) throw UsageError("journal '" + study.journal + "' cannot be written: " + ec.message());
      resumed = std::move(j.records);
      err << "note: resuming from " << study.journal << ": " << resumed.size() << " of "
          << planned_keys(plan).size() << " records already measured\n";
      append = true;
    } else {
      err << "note: no journal at " << study.journal << " yet: starting from the beginning\n";
    }
  }
  journal.emplace(study.journal, append);
  if (!journal->ok()) throw UsageError("journal '" + study.journal + "' cannot be written");
  if (!resumed.empty()) {
    std::set<RecordKey> done;
    for (const Record& r : resumed) done.insert(key_of(r));
    plan.skip = [done = std::move(done)](const Record& r) { return done.count(key_of(r)) > 0; };
  }
  return resumed;
}

// What the reports say about how the study was measured, read from the plan that ran; the commands set only
// the unit and the command line.
ReportSettings report_settings(const Study& study) {
  ReportSettings s = study.settings;
  s.rounds = study.plan.measure.rounds;
  s.budget_s = study.plan.measure.budget_s;
  s.target_rel_ci = study.plan.measure.target_rel_ci;
  s.repetitions = study.plan.measure.repetitions;
  s.threads = study.plan.threads;
  s.cipher_stream = study.plan.cipher_stream;
  s.sequential = study.plan.order == Order::Sequential;
  s.pinned_cpus = format_cpu_list(study.pin_cpus);
  return s;
}

}  // namespace

int execute_study(const Study& study, std::ostream& out, std::ostream& err) {
  RunPlan plan = study.plan;
  std::optional<JournalWriter> journal;
  std::vector<Record> resumed;
  if (!study.journal.empty()) resumed = open_journal(study, plan, journal, err);

  if (!study.pin_cpus.empty())
    if (std::string why = pin_to_cpus(study.pin_cpus); !why.empty())
      throw std::runtime_error("cannot pin to CPUs " + format_cpu_list(study.pin_cpus) + ": " + why);
  Environment env = read_environment();
  if (study.anonymize) env.host_name.clear();
  env.machine_label = study.label;
  for (const Backend* b : plan.backends)
    env.backends.push_back({b->name(), b->library(), b->library_version(), b->acceleration(), b->path()});
  env.clock_overhead_ns = clock_overhead_ns();
  MeasureConfig empty_cfg;
  empty_cfg.budget_s = 0.02;
  env.empty_operation_ns = stats::median(measure_empty_operation(empty_cfg).sample_ns);
  for (const auto& n : study.notes) err << "note: " << n << '\n';

  const bool progress = !study.quiet && ::isatty(STDERR_FILENO) == 1;
  const Stopwatch stopwatch;
  bool journal_failed = false;
  const InterruptHandlers interrupt_handlers;
  auto records = run(plan, [&](const Record& r, size_t i, size_t total) {
    if (journal && !journal_failed && !journal->append(r)) {
      journal_failed = true;
      err << (progress ? "\r\033[K" : "") << "cryptauditor: writing the journal " << study.journal
          << " failed; the study goes on without it\n";
    }
    if (progress) err << '\r' << progress_text(r, i, total, stopwatch.elapsed_s()) << "\033[K" << std::flush;
  });
  if (progress) err << "\r\033[K" << std::flush;
  if (!resumed.empty()) {
    records.insert(records.begin(), std::make_move_iterator(resumed.begin()),
                   std::make_move_iterator(resumed.end()));
    sort_in_plan_order(records, plan);
  }

  int status = journal_failed ? kExitFailure : kExitOk;
  const ReportSettings settings = report_settings(study);
  for (const auto& o : study.outputs) {
    auto reporter = make_reporter(o.format);
    std::ofstream file;
    std::ostream* dest = &out;
    if (!o.path.empty()) {
      file.open(o.path);
      dest = &file;
    }
    if (*dest) reporter->write({records, env, settings}, *dest);
    dest->flush();
    if (!*dest) {
      err << "cryptauditor: writing the " << o.format << " report to " << (o.path.empty() ? "stdout" : o.path)
          << " failed\n";
      status = kExitFailure;
    }
  }
  if (const int sig = interrupt_signal(); sig != 0) {
    err << "cryptauditor: interrupted by " << (sig == SIGINT ? "SIGINT" : "SIGTERM") << ": " << records.size()
        << " of " << planned_keys(plan).size() << " records measured, written to the report"
        << (study.journal.empty() ? "" : " and the journal " + study.journal)
        << (study.resume_command.empty() ? std::string() : "; resume with: " + study.resume_command) << '\n';
    return 128 + sig;
  }
  if (std::any_of(records.begin(), records.end(),
                  [](const Record& r) { return r.status == Status::Failed; })) {
    err << "cryptauditor: some measurements failed (see the report)\n";
    status = kExitFailure;
  }
  return status;
}

}  // namespace ca
