#include "compare/fleet.hpp"

#include <filesystem>
#include <stdexcept>

#include "compare/report_file.hpp"
#include "report/schema.hpp"
#include "util/json_text.hpp"

namespace ca {

using nlohmann::json;

bool is_fleet_document(const json& doc) { return doc.is_object() && doc.contains("fleet_schema_version"); }

namespace {

std::string string_at(const json& object, const char* name) {
  auto it = object.find(name);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

FleetMachine machine_from_report(const json& report, const std::string& name, const std::string& source) {
  // The records go through the report reader, so a merged file holds only reports `compare` accepts.
  Result<ReportFile> read = read_report_text(report.dump(), name);
  if (!read) throw std::invalid_argument(read.error().message);
  ReportFile& file = *read;
  FleetMachine m;
  m.source = source;
  m.context = report.value("context", json::object());
  if (!m.context.is_object()) m.context = json::object();
  m.label = string_at(m.context, "machine_label");
  if (m.label.empty()) m.label = string_at(m.context, "host_name");
  if (m.label.empty()) m.label = std::filesystem::path(source).stem().string();
  m.records = std::move(file.records);
  m.unit = file.unit;
  m.unit_given = file.unit_given;
  return m;
}

// The checks unwind with std::invalid_argument inside this file; read_fleet_inputs stops it.
std::vector<FleetMachine> fleet_inputs(const std::string& path) {
  const Result<json> read = read_json_file(path);
  if (!read) throw std::invalid_argument(read.error().message);
  const json& doc = *read;
  if (!is_fleet_document(doc)) return {machine_from_report(doc, path, path)};
  if (doc["fleet_schema_version"] != kFleetSchemaVersion)
    throw std::invalid_argument(path + ": /fleet_schema_version: expected " +
                                std::to_string(kFleetSchemaVersion) +
                                " (the version this cryptauditor reads)");
  auto machines = doc.find("machines");
  if (machines == doc.end() || !machines->is_array())
    throw std::invalid_argument(path + ": /machines: expected an array of machines");
  std::vector<FleetMachine> out;
  for (size_t i = 0; i < machines->size(); ++i) {
    const json& m = (*machines)[i];
    const std::string pointer = path + ": /machines/" + std::to_string(i);
    if (!m.is_object()) throw std::invalid_argument(pointer + ": expected an object");
    // Each machine's records go through the report reader as a report of the oldest version it reads, so
    // that every record a report of any readable version could hold is taken.
    json report = {{"schema_version", kOldestReadReportSchemaVersion},
                   {"context", m.value("context", json::object())},
                   {"results", m.value("results", json::array())}};
    FleetMachine machine = machine_from_report(report, pointer, path);
    if (auto label = string_at(m, "label"); !label.empty()) machine.label = label;
    if (auto source = string_at(m, "source"); !source.empty()) machine.source = source;
    out.push_back(std::move(machine));
  }
  return out;
}

}  // namespace

Result<std::vector<FleetMachine>> read_fleet_inputs(const std::string& path) {
  try {
    return fleet_inputs(path);
  } catch (const std::invalid_argument& e) {
    return Error{e.what()};
  }
}

Result<Fleet> merge_fleet(const std::vector<std::string>& paths) {
  Fleet fleet;
  for (const auto& path : paths) {
    auto machines = read_fleet_inputs(path);
    if (!machines) return machines.error();
    for (auto& machine : *machines) {
      for (const auto& m : fleet.machines)
        if (m.label == machine.label)
          return Error{path + ": machine '" + machine.label + "' is already in " + m.source +
                       " (run each machine with its own --label NAME)"};
      fleet.machines.push_back(std::move(machine));
    }
  }
  return fleet;
}

}  // namespace ca
