// A study: what to run and where its reports go, however it was described (flags or a config file), and
// the one function that runs it and writes its reports.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "plugins/report.hpp"
#include "run/runner.hpp"

namespace ca {

struct OutputSpec {
  std::string format;  // a registered reporter name
  std::string path;    // empty: standard output
};

struct Study {
  std::string name;
  RunPlan plan;
  ReportSettings settings;  // unit and command line; execute_study fills the rest from the plan
  std::vector<OutputSpec> outputs;
  std::vector<std::string> notes;  // printed to stderr before running
  /// Journal file: each finished record is appended as one JSON line as soon as it is measured. Empty: no
  /// journal.
  std::string journal;
  /// Read the journal first: records it already holds are not measured again, and the reports hold them
  /// with the new ones (`cryptauditor run CONFIG --resume`).
  bool resume = false;
  /// --pin: the CPUs the process is pinned to before anything is measured; empty: not pinned.
  std::vector<int> pin_cpus;
  /// No progress line on stderr (--quiet).
  bool quiet = false;
  /// --anonymize: the host name is left out of the environment, so no report names the machine.
  bool anonymize = false;
  /// --label NAME: the machine's name in merged reports (JSON context "machine_label").
  std::string label;
  /// The command that resumes this study after an interruption, for the message; empty: not resumable.
  std::string resume_command;
};

/// Checks every output format is registered and every output file can be opened, before anything runs.
void check_outputs(const std::vector<OutputSpec>& outputs, const std::string& where);

/// Runs the study and writes every output. Returns kExitOk, or kExitFailure when a measurement failed or
/// a report (or the journal) could not be written. SIGINT or SIGTERM stops the run (run/interrupt.hpp):
/// the reports and journal are written with the records finished so far, one line says so, and the
/// status is 128 + the signal (130, 143). A journal that cannot be read or does not match the
/// study's settings is a UsageError, thrown before anything is measured.
int execute_study(const Study& study, std::ostream& out, std::ostream& err);

}  // namespace ca
