// `cryptauditor list --format json` (docs/REPORTS.md, "cryptauditor list --format json"): schema_version 1,
// built with nlohmann_json.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "list_report.hpp"
#include "report/schema.hpp"

namespace ca {
namespace {

nlohmann::json backends_json(const std::vector<BackendLine>& backends) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& b : backends)
    list.push_back({{"name", b.name},
                    {"library", b.library},
                    {"version", b.version},
                    {"acceleration", b.acceleration},
                    {"acceleration_gap", b.gap.empty() ? nlohmann::json(nullptr) : nlohmann::json(b.gap)},
                    {"path", b.path}});
  return list;
}

nlohmann::json algorithms_json(const CapabilityMatrix& matrix) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& row : matrix.rows) {
    const AlgorithmInfo& a = *row.algorithm;
    nlohmann::json keys;
    std::vector<uint32_t> catalog_bits;
    for (uint32_t bits : a.key_bits)
      if (bits != 0) catalog_bits.push_back(bits);
    if (a.key_bits.empty())
      keys = {{"min", a.key_min}, {"max", a.key_max}, {"step", a.key_step}};
    else
      keys = catalog_bits;
    nlohmann::json offered = nlohmann::json::object();
    for (size_t i = 0; i < matrix.backends.size(); ++i) {
      std::vector<uint32_t> bits = row.offered[i];
      const bool any = !bits.empty();
      std::erase(bits, 0u);
      offered[matrix.backends[i]] = {{"offered", any}, {"key_bits", bits}};
    }
    list.push_back({{"name", std::string(a.name)},
                    {"flag", std::string(family_flag(a.family))},
                    {"key_bits", keys},
                    {"default_key_bits", a.default_key_bits},
                    {"backends", offered}});
  }
  return list;
}

}  // namespace

void write_list_json(const std::vector<BackendLine>& backends, const CapabilityMatrix* matrix,
                     std::ostream& out) {
  nlohmann::json doc = {{"schema_version", kListSchemaVersion}, {"backends", backends_json(backends)}};
  if (matrix != nullptr) doc["algorithms"] = algorithms_json(*matrix);
  out << doc.dump(2) << '\n';
}

void write_alias_json(std::ostream& out) {
  nlohmann::json doc = {{"aliases", nlohmann::json::array()}, {"groups", nlohmann::json::array()}};
  for (const auto& a : aliases())
    doc["aliases"].push_back({{"alias", std::string(a.alias)},
                              {"canonical", std::string(a.canonical)},
                              {"only_for", a.only_for ? nlohmann::json(std::string(family_flag(*a.only_for)))
                                                      : nlohmann::json(nullptr)}});
  for (const auto& g : groups()) {
    std::vector<std::string> members(g.members.begin(), g.members.end());
    doc["groups"].push_back(
        {{"name", std::string(g.name)}, {"flag", std::string(family_flag(g.family))}, {"members", members}});
  }
  doc["schema_version"] = kListSchemaVersion;
  out << doc.dump(2) << '\n';
}

}  // namespace ca
