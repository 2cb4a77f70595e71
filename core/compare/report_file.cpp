#include "compare/report_file.hpp"

#include <map>
#include <stdexcept>

#include "record/record_json.hpp"
#include "record/record_key.hpp"
#include "report/schema.hpp"
#include "util/json_text.hpp"

namespace ca {

namespace {

ReportFile read_report_document(const nlohmann::json& doc, const std::string& path) {
  using nlohmann::json;
  auto fail = [&](const std::string& pointer, const std::string& what) {
    throw std::invalid_argument(path + ": " + pointer + ": " + what);
  };
  if (!doc.is_object())
    fail("", "expected a cryptauditor JSON report (an object), got " + json_type_phrase(doc));
  auto version = doc.find("schema_version");
  if (version == doc.end())
    fail("/schema_version",
         "missing: not a cryptauditor JSON report (cryptauditor --format json writes one)");
  // What each version added: report/schema.hpp. A record of 1 has no interleaving fields and reads as
  // measured one after another; a record of 1 or 2 reads as measured in one process.
  bool readable = false;
  std::string versions;
  for (int v = kOldestReadReportSchemaVersion; v <= kReportSchemaVersion; ++v) {
    readable = readable || *version == v;
    versions += (v == kOldestReadReportSchemaVersion ? ""
                 : v == kReportSchemaVersion         ? " or "
                                                     : ", ") +
                std::to_string(v);
  }
  if (!readable) {
    fail("/schema_version", "expected " + versions + " (the versions this cryptauditor reads), got " +
                                json_type_phrase(*version));
  }
  auto results = doc.find("results");
  if (results == doc.end()) fail("/results", "missing");
  if (!results->is_array()) fail("/results", "expected an array, got " + json_type_phrase(*results));

  ReportFile report;
  report.path = path;
  const json::json_pointer unit_pointer("/context/settings/unit");
  if (doc.contains(unit_pointer) && doc[unit_pointer].is_string())
    if (auto unit = parse_unit(doc[unit_pointer].get<std::string>())) report.unit = *unit;
  const json::json_pointer given_pointer("/context/settings/unit_given");
  if (doc.contains(given_pointer) && doc[given_pointer].is_boolean())
    report.unit_given = doc[given_pointer].get<bool>();
  if (auto context = doc.find("context"); context != doc.end() && context->is_object()) {
    auto text = [&](const char* key) {
      auto it = context->find(key);
      return it != context->end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    std::string features;
    if (auto f = context->find("cpu_features"); f != context->end() && f->is_array())
      for (const auto& x : *f)
        if (x.is_string()) features += (features.empty() ? "" : ", ") + x.get<std::string>();
    const auto cpus = context->find("logical_cpus");
    report.machine_identity = text("cpu_model") + "|" +
                              (cpus != context->end() && cpus->is_number() ? cpus->dump() : std::string()) +
                              "|" + features;
    report.machine_name = text("machine_label").empty() ? text("host_name") : text("machine_label");
    report.machine =
        text("cpu_model") +
        (cpus != context->end() && cpus->is_number() ? ", " + cpus->dump() + " logical CPUs" : "") +
        (features.empty() ? "" : " (" + features + ")") +
        (report.machine_name.empty() ? "" : ", " + report.machine_name);
  }
  std::map<RecordKey, size_t> seen;
  for (size_t i = 0; i < results->size(); ++i) {
    const std::string pointer = "/results/" + std::to_string(i);
    auto record = record_from_json((*results)[i]);
    if (!record) throw std::invalid_argument(path + ": " + pointer + record.error().message);
    auto [it, inserted] = seen.emplace(key_of(*record), i);
    if (!inserted)
      fail(pointer, "a second result for " + record->backend + " " + record->algorithm + " " +
                        std::to_string(record->key_bits) + "-bit " + record->operation + " " +
                        format_size(record->data_bytes) + " (the first is /results/" +
                        std::to_string(it->second) + ")");
    report.records.push_back(std::move(*record));
  }
  return report;
}

}  // namespace

bool different_machines(const ReportFile& a, const ReportFile& b) {
  if (a.machine_identity.empty() || b.machine_identity.empty()) return false;
  if (a.machine_identity != b.machine_identity) return true;
  return !a.machine_name.empty() && !b.machine_name.empty() && a.machine_name != b.machine_name;
}

namespace {

// The checks unwind with std::invalid_argument inside this file; it stops here.
Result<ReportFile> checked(const Result<nlohmann::json>& doc, const std::string& name) {
  if (!doc) return doc.error();
  try {
    return read_report_document(*doc, name);
  } catch (const std::invalid_argument& e) {
    return Error{e.what()};
  }
}

}  // namespace

Result<ReportFile> read_report_file(const std::string& path) { return checked(read_json_file(path), path); }

Result<ReportFile> read_report_text(const std::string& text, const std::string& name) {
  return checked(parse_json_text(text, name), name);
}

}  // namespace ca
