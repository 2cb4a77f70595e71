// A study: what to run and where its reports go, however it was described (flags or a config file), and
// the one function that runs it and writes its reports.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "exec/runner.hpp"
#include "host/environment.hpp"
#include "plugins/report.hpp"

namespace ca {

struct OutputSpec {
  std::string format;  // a registered reporter name
  std::string path;    // empty: standard output
};

struct Study {
  std::string name;
  RunPlan plan;
  /// The run settings (settings/run_settings.hpp) and the command line. The plan measures with the same
  /// settings (apply_to_plan); the reports and the journal name them from here, --pin and --stop-after act
  /// from here.
  ReportSettings settings;
  std::vector<OutputSpec> outputs;
  std::vector<std::string> notes;  // printed to stderr before running
  /// Journal file: each finished record is appended as one JSON line as soon as it is measured. Empty: no
  /// journal.
  std::string journal;
  /// Read the journal first: records it already holds are not measured again, and the reports hold them
  /// with the new ones (`cryptauditor run CONFIG --resume`).
  bool resume = false;
  /// No progress line on stderr (--quiet).
  bool quiet = false;
  /// --anonymize: the host name is left out of the environment, so no report names the machine.
  bool anonymize = false;
  /// --label NAME: the machine's name in merged reports (JSON context "machine_label").
  std::string label;
  /// The command that resumes this study after an interruption, for the message; empty: not resumable.
  std::string resume_command;
  /// Folders the outputs and the journal need (a config's output folders, --output-dir). They are created
  /// by execute_study once every check has passed, so that a usage error leaves nothing behind.
  std::vector<std::string> folders;
  /// `cryptauditor select`: when set, execute_study also hands the finished records and the environment
  /// here (after an interruption too), for a decision made from them.
  std::vector<Record>* records_out = nullptr;
  Environment* environment_out = nullptr;
};

/// Checks that every output format is registered and every output file could be written: not a folder,
/// and in a folder where a file can be created (a temporary file is created and removed: access(2) says
/// yes to root under sysfs). `may_create_folder`: the folder may be missing when the
/// nearest existing one above it is writable (it goes into Study::folders). A UsageError names `where`.
void check_outputs(const std::vector<OutputSpec>& outputs, const std::string& where,
                   bool may_create_folder = false);

/// The file part of check_outputs, for a report that is not the registry's (leaks, select, verify, merge):
/// a file can be created next to `path` (tried: util creation_problem), and `path` is not a folder.
void check_output_file(const std::string& path, const std::string& where, bool may_create_folder = false);

/// The same check for the journal: a regular file (or none yet) in a writable folder.
void check_journal_path(const std::string& journal, bool may_create_folder);

/// Checks that the study's files are distinct once '.', '..' and symbolic links are resolved (and hard
/// links, for files that exist): no two outputs name one file, and no output names the config file
/// (`config`, empty: none) or the journal. A UsageError names both.
void check_distinct_files(const Study& study, const std::string& config);

/// Runs the study and writes every output, each atomically (util/atomic_file.hpp: a reader sees the old
/// report or the complete new one, never a truncated one). Returns kExitOk, or kExitFailure when a
/// measurement failed or a report (or the journal) could not be written. In process, a plugin that calls
/// exit() (host/exit_guard.hpp) or an exception that escapes the runner (std::bad_alloc) still writes the
/// reports with the records finished so far and one line naming the backend and the step; the status is
/// then kExitFailure. SIGINT or SIGTERM stops the run (host/interrupt.hpp):
/// the reports and journal are written with the records finished so far, one line says so, and the
/// status is 128 + the signal (130, 143); the same at the --stop-after deadline, with status 143. A journal
/// that cannot be read or does not match the study's settings is a UsageError, thrown before anything is
/// measured.
int execute_study(const Study& study, std::ostream& out, std::ostream& err);

}  // namespace ca
