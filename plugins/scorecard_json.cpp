// The scorecard as JSON (schema: docs/SELECT.md "JSON").
#include <nlohmann/json.hpp>

#include "plugins/scorecard_report.hpp"
#include "report/schema.hpp"

namespace ca::select {

std::string scorecard_json(const Scorecard& card, const ScorecardContext& ctx) {
  using nlohmann::json;
  json doc;
  doc["schema"] = "cryptauditor-scorecard";
  doc["scorecard_version"] = kScorecardSchemaVersion;
  doc["study"] = ctx.study;
  doc["machine"] = ctx.machine;
  doc["vectors"] = ctx.vectors.empty() ? json(nullptr) : json(ctx.vectors);
  doc["rule"] = card.rule;
  doc["notes"] = ctx.notes;
  doc["command_line"] = ctx.command_line;
  doc["algorithms"] = json::array();
  for (const Card& c : card.cards) {
    json a;
    a["algorithm"] = c.algorithm;
    a["key_bits"] = c.key_bits;
    a["decision_row"] = {{"operation", c.decision_operation}, {"data_bytes", c.decision_bytes}};
    a["recommended"] = c.recommended();
    a["runner_up"] = c.runner_up().empty() ? json(nullptr) : json(c.runner_up());
    a["libraries"] = json::array();
    for (const Row& r : c.rows) {
      json l;
      l["backend"] = r.backend.name;
      l["library"] = r.backend.library;
      l["version"] = r.backend.version;
      l["acceleration"] = r.backend.acceleration;
      l["decision"] = decision_name(r.decision);
      l["reasons"] = r.reasons;
      l["notes"] = r.notes;
      l["conformance"] = r.conformance;
      l["leak"] = r.leak;
      l["decision_rank"] = r.decision_rank ? json(r.decision_rank) : json(nullptr);
      l["decision_ratio"] = r.decision_ratio > 0 ? json(r.decision_ratio) : json(nullptr);
      l["speed"] = json::array();
      for (const Speed& s : r.speed) {
        json x = {{"operation", s.operation}, {"data_bytes", s.data_bytes}, {"status", s.status}};
        if (s.status == "ok") {
          x["median_ns"] = s.median_ns;
          x["ratio"] = s.ratio;
          x["paired"] = s.paired;
          x["ci95"] = s.paired ? json::array({s.ci.low, s.ci.high}) : json(nullptr);
          x["rank"] = s.rank;
        }
        l["speed"].push_back(x);
      }
      a["libraries"].push_back(l);
    }
    doc["algorithms"].push_back(a);
  }
  return doc.dump(2) + "\n";
}

}  // namespace ca::select
