// The report interface: what core hands a report writer and what a writer implements. The writers (the
// formats) live in plugins/, one file each; app/ (the composition root) picks one by name and calls it. Core
// never includes a writer. The other commands' writers take core's result data the same way: compare's
// Comparison (compare/compare.hpp), verify's VectorReportInput / InteropReportInput
// (verify/verify_report.hpp), the leak screen's results (leaks/screen.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "host/environment.hpp"
#include "record/record.hpp"
#include "record/record_key.hpp"
#include "settings/run_settings.hpp"
#include "util/units.hpp"

namespace ca {

/// What the user asked for, as far as a report needs to know it: the run settings
/// (settings/run_settings.hpp, whose table writes and reads the report's context.settings) and the command
/// line.
struct ReportSettings : RunSettings {
  std::vector<std::string> command_line;
};

/// A run that stopped before its plan was done (SIGINT, SIGTERM, the --stop-after deadline, a plugin's
/// exit(), an exception): its report is partial, and every writer says so with a banner and lists the
/// planned records it did not measure apart from those a library does not offer (docs/report-schema.md,
/// "run").
struct PartialRun {
  std::string stopped_by;  // "interrupted by SIGINT", "stopped at the --stop-after deadline (60 s)"
  size_t planned = 0;      // records the plan holds
  std::vector<RecordKey> not_measured;       // planned records absent from the report, in plan order
  bool missing(const RecordKey& key) const;  // whether the key is among not_measured
};

struct ReportInput {
  const std::vector<Record>& records;
  const Environment& environment;
  const ReportSettings& settings;
  const PartialRun* partial = nullptr;  // null: the run finished its plan
};

inline bool PartialRun::missing(const RecordKey& key) const {
  for (const RecordKey& k : not_measured)
    if (k == key) return true;
  return false;
}

class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual void write(const ReportInput& input, std::ostream& out) const = 0;
};

}  // namespace ca
