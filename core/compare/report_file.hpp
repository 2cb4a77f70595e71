// Reading a JSON report (docs/report-schema.md, schema_version 1 to 4: report/schema.hpp) back into records,
// for `cryptauditor compare`. Every problem is one line naming the file and the JSON pointer.
#pragma once

#include <string>
#include <vector>

#include "record/record.hpp"
#include "util/result.hpp"
#include "util/units.hpp"

namespace ca {

struct ReportFile {
  std::string path;
  std::vector<Record> records;   // in the report's order
  TimeUnit unit = TimeUnit::Ms;  // /context/settings/unit when present and valid
  /// /context/settings/unit_given: whether the run was given its unit (-u); reports without the field are
  /// taken to have been (their unit was used everywhere). When false, readers pick a readable unit.
  bool unit_given = true;
  /// The machine the report was made on, from /context: "AMD EPYC, 2 logical CPUs (aes, avx2, ...), label
  /// m1" (the label, else the host name, when the report has one); empty when the report has no context.
  std::string machine;
  std::string machine_identity;  // CPU model | logical CPUs | features: what different_machines compares
  std::string machine_name;      // machine_label, else host_name; empty when anonymized
};

/// Whether two reports describe different machines: their CPU model, logical CPUs or CPU features differ,
/// or both name their machine (label or host name) and the names differ. Reports without a context are
/// taken to be from the same machine.
bool different_machines(const ReportFile& a, const ReportFile& b);

/// Reads and checks a report: schema_version 1 to 4, results[] of well-formed records, at most one record
/// per (backend, algorithm, key_bits, operation, data_bytes). An Error names the file and the JSON pointer
/// ("report.json: /results/4/samples_ns/2: expected a number, got null").
Result<ReportFile> read_report_file(const std::string& path);

/// The same checks on a report held in memory; `name` stands for the file in messages.
Result<ReportFile> read_report_text(const std::string& text, const std::string& name);

}  // namespace ca
