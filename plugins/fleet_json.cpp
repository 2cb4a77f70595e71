// `cryptauditor merge`'s document (docs/FLEET.md): every machine's label, source, context and records, the
// records as the JSON report writes them (record/record_json.hpp); the version is report/schema.hpp's.
#include <nlohmann/json.hpp>

#include "fleet_report.hpp"
#include "record/record_json.hpp"
#include "report/schema.hpp"

namespace ca {

void write_fleet_json(const Fleet& fleet, std::ostream& out) {
  using nlohmann::json;
  json machines = json::array();
  for (const auto& m : fleet.machines) {
    json results = json::array();
    for (const auto& r : m.records) results.push_back(record_to_json(r));
    machines.push_back(
        {{"label", m.label}, {"source", m.source}, {"context", m.context}, {"results", results}});
  }
  const json doc = {{"fleet_schema_version", kFleetSchemaVersion}, {"machines", machines}};
  out << doc.dump(2) << "\n";
}

}  // namespace ca
