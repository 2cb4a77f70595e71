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
  doc["warnings"] = ctx.warnings;
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

bool is_scorecard_document(const nlohmann::json& doc) {
  return doc.is_object() && doc.value("schema", nlohmann::json()).is_string() &&
         doc["schema"] == "cryptauditor-scorecard";
}

Result<ScorecardDocument> read_scorecard_json(const nlohmann::json& doc) {
  using nlohmann::json;
  if (!is_scorecard_document(doc)) return Error{"not a scorecard: /schema is not \"cryptauditor-scorecard\""};
  ScorecardDocument out;
  // Reads one field; a missing optional one (warnings, written since issue #39) keeps its default.
  try {
    out.ctx.study = doc.value("study", "");
    out.ctx.machine = doc.value("machine", "");
    out.ctx.vectors = doc.value("vectors", json()).is_string() ? doc["vectors"].get<std::string>() : "";
    out.card.rule = doc.at("rule").get<std::string>();
    out.ctx.notes = doc.value("notes", std::vector<std::string>{});
    out.ctx.warnings = doc.value("warnings", std::vector<std::string>{});
    out.ctx.command_line = doc.value("command_line", std::vector<std::string>{});
    for (const json& a : doc.at("algorithms")) {
      Card c;
      c.algorithm = a.at("algorithm").get<std::string>();
      c.key_bits = a.at("key_bits").get<uint32_t>();
      c.decision_operation = a.at("decision_row").at("operation").get<std::string>();
      c.decision_bytes = a.at("decision_row").at("data_bytes").get<size_t>();
      for (const json& l : a.at("libraries")) {
        Row r;
        r.backend.name = l.at("backend").get<std::string>();
        r.backend.library = l.value("library", "");
        r.backend.version = l.value("version", "");
        r.backend.acceleration = l.value("acceleration", "");
        const std::string decision = l.at("decision").get<std::string>();
        r.decision = decision == decision_name(Decision::Recommended)  ? Decision::Recommended
                     : decision == decision_name(Decision::Acceptable) ? Decision::Acceptable
                                                                        : Decision::PassedOver;
        r.reasons = l.value("reasons", std::vector<std::string>{});
        r.notes = l.value("notes", std::vector<std::string>{});
        r.conformance = l.value("conformance", "");
        r.leak = l.value("leak", "");
        r.decision_rank = l.value("decision_rank", json()).is_number() ? l["decision_rank"].get<size_t>() : 0;
        r.decision_ratio = l.value("decision_ratio", json()).is_number() ? l["decision_ratio"].get<double>() : 0;
        for (const json& x : l.at("speed")) {
          Speed s;
          s.operation = x.at("operation").get<std::string>();
          s.data_bytes = x.at("data_bytes").get<size_t>();
          s.status = x.at("status").get<std::string>();
          if (s.status == "ok") {
            s.median_ns = x.at("median_ns").get<double>();
            s.ratio = x.at("ratio").get<double>();
            s.paired = x.value("paired", false);
            if (s.paired && x.value("ci95", json()).is_array())
              s.ci = {x["ci95"].at(0).get<double>(), x["ci95"].at(1).get<double>()};
            s.rank = x.value("rank", size_t{0});
          }
          r.speed.push_back(std::move(s));
        }
        c.rows.push_back(std::move(r));
      }
      out.card.cards.push_back(std::move(c));
    }
  } catch (const json::exception& e) {
    return Error{std::string("a scorecard field is missing or of the wrong type: ") + e.what()};
  }
  return out;
}

}  // namespace ca::select
