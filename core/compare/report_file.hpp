// Reading a JSON report (docs/report-schema.md, schema_version 1, 2 or 3) back into records, for
// `cryptauditor compare`. Every problem is one line naming the file and the JSON pointer.
#pragma once

#include <string>
#include <vector>

#include "run/record.hpp"
#include "util/units.hpp"

namespace ca {

struct ReportFile {
  std::string path;
  std::vector<Record> records;   // in the report's order
  TimeUnit unit = TimeUnit::Ms;  // /context/settings/unit when present and valid
};

/// Reads and checks a report: schema_version 1, 2 or 3, results[] of well-formed records, at most one record
/// per (backend, algorithm, key_bits, operation, data_bytes). Throws std::invalid_argument
/// ("report.json: /results/4/samples_ns/2: expected a number, got null").
ReportFile read_report_file(const std::string& path);

/// The same checks on a report held in memory; `name` stands for the file in messages.
ReportFile read_report_text(const std::string& text, const std::string& name);

}  // namespace ca
