#include "cli/study.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <new>
#include <optional>
#include <set>
#include <sstream>

#include "cli/common.hpp"
#include "cli/output_files.hpp"
#include "cli/progress.hpp"
#include "cli/resume.hpp"
#include "exec/isolated_job.hpp"
#include "exec/memory.hpp"
#include "host/affinity.hpp"
#include "host/environment.hpp"
#include "host/exit_guard.hpp"
#include "host/interrupt.hpp"
#include "measure/measure.hpp"
#include "measure/stopwatch.hpp"
#include "record/journal.hpp"
#include "util/atomic_file.hpp"
#include "util/units.hpp"

namespace ca {

namespace {

namespace fs = std::filesystem;

// Where writing `path` lands: symbolic links followed (also one whose target does not exist yet, which
// weakly_canonical alone would leave as it is, so that a rename would replace the link), '.' and '..'
// resolved. A report written through a link goes to the file the link names, and the link stays.
std::string real_output_path(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  if (ec) return path;
  for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(p, ec)); ++hops) {
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) break;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  const fs::path real = fs::weakly_canonical(p, ec);
  return ec ? p.lexically_normal().string() : real.string();
}

// Why a new file at `path` could not be created: its folder is missing (unless `may_create_folder` and the
// nearest existing folder above it is writable), not a folder, or not writable. Empty when it could.
std::string folder_problem(const std::string& path, bool may_create_folder) {
  const fs::path given = fs::path(path).parent_path();
  const std::string shown = given.empty() ? "." : given.string();
  std::error_code ec;
  const fs::path folder = fs::absolute(path, ec).parent_path();
  if (ec) return "its folder cannot be found: " + ec.message();
  if (fs::is_directory(folder, ec)) {
    const std::string why = creation_problem(folder.string());
    return why.empty() ? "" : "no file can be created in its folder '" + shown + "': " + why;
  }
  if (fs::exists(folder, ec)) return "'" + shown + "' is not a folder";
  if (!may_create_folder) return "its folder '" + shown + "' does not exist";
  fs::path up = folder;
  while (up.has_parent_path() && up != up.parent_path() && !fs::exists(up, ec)) up = up.parent_path();
  if (!fs::is_directory(up, ec)) return "'" + up.string() + "' is not a folder";
  if (const std::string why = creation_problem(up.string()); !why.empty())
    return "the folder '" + shown + "' cannot be created (nothing can be created in '" + up.string() +
           "': " + why + ")";
  return "";
}

// Why the file at `path` could not be written (replaced by a rename, or written in place when it is a
// device or a FIFO); empty when it could.
std::string file_problem(const std::string& path, bool may_create_folder) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return folder_problem(path, may_create_folder);
  if (S_ISDIR(st.st_mode)) return "it is a folder";
  if (!S_ISREG(st.st_mode)) return ::access(path.c_str(), W_OK) == 0 ? "" : "no permission to write it";
  return folder_problem(path, false);
}

}  // namespace

void check_outputs(const std::vector<OutputSpec>& outputs, const std::string& where, bool may_create_folder) {
  for (const auto& o : outputs) {
    if (!make_reporter(o.format)) {
      std::string allowed;
      for (const auto& [name, _] : reporter_names()) allowed += (allowed.empty() ? "" : ", ") + name;
      throw UsageError(where + " '" + o.format + "' is not valid: expected one of " + allowed);
    }
    if (!o.path.empty()) check_output_file(o.path, where, may_create_folder);
  }
}

void check_output_file(const std::string& path, const std::string& where, bool may_create_folder) {
  if (std::string why = file_problem(real_output_path(path), may_create_folder); !why.empty())
    throw UsageError(where + " output file '" + path + "' cannot be written: " + why);
}

void check_journal_path(const std::string& journal, bool may_create_folder) {
  struct stat st {};
  if (::stat(journal.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    throw UsageError("journal '" + journal + "' cannot be written: it is not a regular file");
  if (std::string why = file_problem(journal, may_create_folder); !why.empty())
    throw UsageError("journal '" + journal + "' cannot be written: " + why);
}

void check_distinct_files(const Study& study, const std::string& config) {
  struct File {
    std::string role;
    std::string real;
    bool exists;
    dev_t dev;
    ino_t ino;
  };
  std::vector<File> files;
  auto add = [&](const std::string& role, const std::string& path) {
    struct stat st {};
    const bool exists = ::stat(path.c_str(), &st) == 0;
    files.push_back({role, real_output_path(path), exists, st.st_dev, st.st_ino});
  };
  if (!config.empty()) add("the config file '" + config + "'", config);
  if (!study.journal.empty()) add("the journal '" + study.journal + "'", study.journal);
  for (const OutputSpec& o : study.outputs)
    if (!o.path.empty()) add("the output '" + o.path + "'", o.path);
  for (size_t i = 0; i < files.size(); ++i)
    for (size_t j = i + 1; j < files.size(); ++j) {
      const File &a = files[i], &b = files[j];
      if (a.real == b.real || (a.exists && b.exists && a.dev == b.dev && a.ino == b.ino))
        throw UsageError(a.role + " and " + b.role + " are one file (" + b.real +
                         "): give each output a file of its own");
    }
}

namespace {

// Reads the journal when resuming (a UsageError when it does not fit the study, before anything is
// written); sets plan.skip so the runner leaves out what it holds. Returns the journal's records that
// belong to the plan, and whether new records are appended to it (else it is started afresh).
std::vector<Record> read_journal_for_resume(const Study& study, RunPlan& plan, bool& append,
                                            std::ostream& err) {
  std::vector<Record> resumed;
  append = false;
  if (!study.resume) return resumed;
  if (!std::filesystem::exists(study.journal)) {
    err << "note: no journal at " << study.journal << " yet: starting from the beginning\n";
    return resumed;
  }
  ResumedJournal j = read_resumed_journal(study.journal, plan, study.settings);
  if (j.ignored_partial_line)
    err << "note: ignoring the journal's last line, cut short when the run was interrupted\n";
  if (j.outside_plan > 0)
    err << "note: ignoring " << j.outside_plan << " journal record(s) that are not part of this study\n";
  if (!j.has_settings && !j.records.empty())
    err << "note: the journal does not record its settings (an older cryptauditor wrote it): only the "
           "rounds of its records are checked against this run's\n";
  std::error_code ec;
  std::filesystem::resize_file(study.journal, j.valid_bytes, ec);
  if (ec) throw UsageError("journal '" + study.journal + "' cannot be written: " + ec.message());
  resumed = std::move(j.records);
  err << "note: resuming from " << study.journal << ": " << resumed.size() << " of "
      << planned_keys(plan).size() << " records already measured\n";
  append = j.has_settings || !resumed.empty();
  if (!resumed.empty()) {
    std::set<RecordKey> done;
    for (const Record& r : resumed) done.insert(key_of(r));
    plan.skip = [done = std::move(done)](const Record& r) { return done.count(key_of(r)) > 0; };
  }
  return resumed;
}

// Writes every output: files atomically, standard output directly. False when one failed (said on err); a
// report file that could not be written is kept as one JSON copy (keep_json_copy).
bool write_reports(const Study& study, const ReportInput& input, std::ostream& out, std::ostream& err) {
  bool ok = true;
  bool kept = false;
  for (const auto& o : study.outputs) {
    auto reporter = make_reporter(o.format);
    std::string failure;
    try {
      if (o.path.empty()) {
        reporter->write(input, out);
        out.flush();
        if (!out) failure = "the stream failed";
      } else {
        std::ostringstream text;
        reporter->write(input, text);
        if (Result<void> written = write_file_atomically(real_output_path(o.path), text.view()); !written)
          failure = written.error().message;
        else
          say_wrote(err, o.path, study.quiet);
      }
    } catch (const std::exception& e) {
      failure = e.what();
    }
    if (!failure.empty()) {
      err << "cryptauditor: writing the " << o.format << " report to " << (o.path.empty() ? "stdout" : o.path)
          << " failed: " << failure << '\n';
      // Nothing measured is lost: one JSON copy, which `cryptauditor report` renders in any format.
      if (!o.path.empty() && !kept) {
        std::ostringstream json;
        make_reporter("json")->write(input, json);
        kept = !keep_json_copy(o.path, json.view(), err).empty();
      }
      ok = false;
    }
  }
  return ok;
}

// What a run that stopped early left out: the planned records absent from `records`, in plan order.
PartialRun partial_run(const RunPlan& plan, const std::vector<Record>& records, std::string stopped_by) {
  PartialRun p;
  p.stopped_by = std::move(stopped_by);
  std::set<RecordKey> have;
  for (const Record& r : records) have.insert(key_of(r));
  for (const RecordKey& k : planned_keys(plan)) {
    ++p.planned;
    if (!have.count(k)) p.not_measured.push_back(k);
  }
  return p;
}

// A study that every selected backend declines (supports() says no for every job) would measure nothing:
// a usage error naming each library's reason, thrown before any folder, journal or report is made.
void check_something_is_offered(const RunPlan& plan) {
  std::string reasons;
  for (const Job& job : plan.jobs)
    for (const Backend* b : plan.backends) {
      const auto reason = b->unsupported_reason(std::string(job.algorithm->name), job.key_bits);
      if (!reason) return;
      std::string what = std::string(job.algorithm->name);
      if (job.algorithm->family != Family::Hash && job.algorithm->family != Family::Kdf)
        what += " (" + std::to_string(job.key_bits) + "-bit key)";
      reasons += (reasons.empty() ? "" : "; ") + b->name() + " does not offer " + what + ": " + *reason;
    }
  if (reasons.empty()) return;
  throw UsageError("nothing to measure: " + reasons +
                   " (no report written; cryptauditor list shows which backend offers what)");
}

/// "3.9 GB", "650 MB": a memory figure (GB = 1024 MB, as sizes are).
std::string memory_text(uint64_t bytes) {
  char text[32];
  if (bytes >= (1ull << 30))
    std::snprintf(text, sizeof text, "%.1f GB", static_cast<double>(bytes) / (1ull << 30));
  else
    std::snprintf(text, sizeof text, "%.0f MB", static_cast<double>(bytes) / (1ull << 20));
  return text;
}

/// The run's peak memory so far, for the report's context.
void record_peak_memory(Environment& env) {
  const PeakMemory peak = read_peak_memory();
  env.peak_program_bytes = peak.program_bytes;
  env.peak_worker_bytes = peak.largest_worker_bytes;
}

/// Refuses, before anything starts, a plan whose estimated peak (exec/memory.hpp) exceeds what this process
/// may have: the OOM killer would otherwise end the study halfway with its report unwritten.
/// CRYPTAUDITOR_SYSTEM_ROOT reads /proc/meminfo and the cgroup files under another folder (tests).
void check_memory_fits(const RunPlan& plan) {
  const char* root = std::getenv("CRYPTAUDITOR_SYSTEM_ROOT");
  const auto available = read_memory_available(root != nullptr && *root != '\0' ? root : "/");
  if (!available) return;  // nothing to go by: as before the check existed
  const uint64_t need = estimate_peak_bytes(plan);
  if (need <= available->bytes) return;
  size_t fits = largest_fitting_size(plan, available->bytes);
  const size_t unit = fits >= (1u << 20) ? (1u << 20) : fits >= 1024 ? 1024 : 1;
  fits -= fits % unit;
  throw UsageError("this run would need about " + memory_text(need) +
                   " of memory at its peak, more than the " + memory_text(available->bytes) + " available (" +
                   available->source + "); " +
                   (fits == 0 ? std::string("no data size fits")
                              : "the largest data size that fits is -d " + format_size(fits)) +
                   " (no report written; docs/METHODOLOGY.md \"Memory\")");
}

// --processes N: the workers exec this very program (`cryptauditor __lane SPEC`). False (the line said):
// /proc/self/exe is not readable.
bool find_worker_program(RunPlan& plan, std::ostream& err) {
  if (plan.processes <= 1 || !plan.worker_program.empty()) return true;
  std::error_code error;
  plan.worker_program = std::filesystem::read_symlink("/proc/self/exe", error).string();
  if (!error) return true;
  err << "cryptauditor: --processes " << plan.processes
      << " needs this program's own path, and /proc/self/exe is not readable: " << error.message() << '\n';
  return false;
}

// Every check has passed: the study's folders, and its journal opened (appended to on --resume).
std::unique_ptr<JournalWriter> make_outputs(const Study& study, bool append, std::ostream& err) {
  for (const std::string& folder : study.folders) {
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec) throw UsageError("folder '" + folder + "' cannot be created: " + ec.message());
  }
  if (study.journal.empty()) return nullptr;
  auto opened = JournalWriter::open(study.journal, append, study.settings);
  if (!opened)
    throw UsageError("journal '" + study.journal + "' cannot be written: " + opened.error().message);
  if (!study.quiet) err << "journal: " << study.journal << " (each record as it is measured)\n";
  return std::move(*opened);
}

// Pinned as asked, the machine and its backends as the report's context says them.
Environment study_environment(const Study& study, const RunPlan& plan) {
  if (!study.settings.pin_cpus.empty())
    if (Result<void> pinned = pin_to_cpus(study.settings.pin_cpus); !pinned)
      throw std::runtime_error("cannot pin to CPUs " + format_cpu_list(study.settings.pin_cpus) + ": " +
                               pinned.error().message);
  Environment env = read_environment();
  if (study.anonymize) env.host_name.clear();
  env.machine_label = study.label;
  for (const Backend* b : plan.backends)
    env.backends.push_back({b->name(), b->library(), b->library_version(), b->acceleration(), b->path()});
  for (const BackendInfo& b : env.backends)
    if (std::string gap = acceleration_gap(b.name, b.library, b.acceleration, env.cpu_features); !gap.empty())
      env.warnings.push_back(gap);
  env.clock_overhead_ns = clock_overhead_ns();
  MeasureConfig empty_cfg;
  empty_cfg.budget_s = 0.02;
  env.empty_operation_ns = stats::median(measure_empty_operation(empty_cfg).sample_ns);
  return env;
}

// Every record unsupported (a backend that declines only when the context is made, or the job's shared
// key): nothing was measured, so no report claims otherwise; a usage error as for
// check_something_is_offered. False when something was measured.
bool say_nothing_measured(const std::vector<Record>& records, std::ostream& err) {
  if (interrupt_signal() != 0 || records.empty() ||
      !std::all_of(records.begin(), records.end(),
                   [](const Record& r) { return r.status == Status::Unsupported; }))
    return false;
  std::vector<std::string> said;
  for (const Record& r : records) {
    const std::string line = r.backend + ": " + r.algorithm + " unsupported: " + r.error;
    if (std::find(said.begin(), said.end(), line) == said.end()) said.push_back(line);
  }
  std::string reasons;
  for (const auto& line : said) reasons += (reasons.empty() ? "" : "; ") + line;
  err << "cryptauditor: nothing was measured: " << reasons << " (no report written)\n";
  return true;
}

// The finished run's reports and exit status: 128 + the signal when interrupted (or stopped at the
// deadline), 1 when a record failed or the journal or a report could not be written, else 0.
int report_run(const Study& study, const RunPlan& plan, const std::vector<Record>& records, Environment& env,
               bool journal_failed, std::ostream& out, std::ostream& err) {
  int status = journal_failed ? kExitFailure : kExitOk;
  const int sig = interrupt_signal();
  const std::string stopped_by =
      sig == 0 ? ""
      : stopped_at_deadline()
          ? "stopped at the --stop-after deadline (" + seconds_text(study.settings.stop_after_s) + ")"
          : std::string("interrupted by ") + (sig == SIGINT ? "SIGINT" : "SIGTERM");
  if (study.records_out) *study.records_out = records;
  if (study.environment_out) *study.environment_out = env;
  std::optional<PartialRun> partial;
  if (sig != 0) partial = partial_run(plan, records, stopped_by);
  record_peak_memory(env);
  if (!write_reports(study, {records, env, study.settings, partial ? &*partial : nullptr}, out, err))
    status = kExitFailure;
  if (sig != 0) {
    err << "cryptauditor: " << stopped_by << ": " << records.size() << " of " << planned_keys(plan).size()
        << " records measured, written to the report"
        << (study.journal.empty() ? "" : " and the journal " + study.journal)
        << (study.resume_command.empty() ? std::string() : "; resume with: " + study.resume_command) << '\n';
    return 128 + sig;
  }
  if (std::any_of(records.begin(), records.end(), [](const Record& r) {
        return r.status == Status::Failed || r.status == Status::Disputed;
      })) {
    err << "cryptauditor: some measurements failed (see the report)\n";
    status = kExitFailure;
  }
  return status;
}

}  // namespace

int execute_study(const Study& study, std::ostream& out, std::ostream& err) {
  RunPlan plan = study.plan;
  if (!find_worker_program(plan, err)) return kExitFailure;
  check_something_is_offered(plan);
  check_memory_fits(plan);
  bool append = false;
  std::vector<Record> resumed;
  if (!study.journal.empty()) resumed = read_journal_for_resume(study, plan, append, err);
  // Every check has passed: from here on files and folders may be made.
  std::unique_ptr<JournalWriter> journal = make_outputs(study, append, err);
  Environment env = study_environment(study, plan);
  for (const auto& n : study.notes) err << "note: " << n << '\n';

  const bool progress = !study.quiet && ::isatty(STDERR_FILENO) == 1;
  const Stopwatch stopwatch;
  bool journal_failed = false;
  const ReportSettings& settings = study.settings;
  // Every record as it arrives, so that a run that cannot finish (below) still reports what it measured.
  std::vector<Record> finished;
  auto with_resumed = [&](std::vector<Record> records) {
    if (!resumed.empty()) {
      records.insert(records.begin(), resumed.begin(), resumed.end());
      sort_in_plan_order(records, plan);
    }
    return records;
  };
  // One line naming what stopped the run and where, the partial reports, status 1.
  auto stop_early = [&](const std::string& what, const std::string& step) {
    if (progress) err << "\r\033[K";
    const auto records = with_resumed(finished);
    err << "cryptauditor: " << what << (step.empty() ? "" : " (" + step + ")") << ": the run stopped; "
        << records.size() << " of " << planned_keys(plan).size() << " records measured, written to the report"
        << (study.journal.empty() ? "" : " and the journal " + study.journal) << '\n';
    const PartialRun partial = partial_run(plan, records, what);
    record_peak_memory(env);
    write_reports(study, {records, env, settings, &partial}, out, err);
    out.flush();
    err.flush();
    return kExitFailure;
  };
  std::vector<Record> records;
  const InterruptHandlers interrupt_handlers(study.settings.stop_after_s);
  const ExitGuard exit_guard(
      [&](const std::string& step) { return stop_early("plugin code called exit()", step); });
  try {
    records = run(plan, [&](const Record& r, size_t i, size_t total) {
      finished.push_back(r);
      if (journal && !journal_failed && !journal->append(r)) {
        journal_failed = true;
        err << (progress ? "\r\033[K" : "") << "cryptauditor: writing the journal " << study.journal
            << " failed; the study goes on without it\n";
      }
      if (progress)
        err << '\r' << progress_text(r, i, total, stopwatch.elapsed_s()) << "\033[K" << std::flush;
    });
  } catch (const std::bad_alloc&) {
    const std::string step = current_step();
    clear_step();
    return stop_early("out of memory (std::bad_alloc)", step);
  } catch (const std::exception& e) {
    const std::string step = current_step();
    clear_step();
    return stop_early(e.what(), step);
  }
  if (progress) err << "\r\033[K" << std::flush;
  finished.clear();
  records = with_resumed(std::move(records));
  if (say_nothing_measured(records, err)) return kExitUsage;
  return report_run(study, plan, records, env, journal_failed, out, err);
}

}  // namespace ca
