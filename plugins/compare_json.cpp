// `cryptauditor compare --format json` (docs/COMPARE.md, "JSON output"): the same rows and decision as the
// text table, as one JSON document for CI. Times in ns, changes as fractions (0.1 = +10 %), null where a
// row has no such figure (not comparable, not testable, or an infinite t when neither side has spread).
#include <cmath>
#include <nlohmann/json.hpp>

#include "compare_report.hpp"
#include "report/schema.hpp"

namespace ca {
namespace {

using nlohmann::json;

json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Slower:
      return "slower";
    case Verdict::Faster:
      return "faster";
    case Verdict::Unchanged:
      return "unchanged";
    case Verdict::NotTestable:
      return "not_testable";
    case Verdict::NotComparable:
      return "not_comparable";
  }
  return "not_comparable";
}

json median_ns(const Record* r) {
  if (r == nullptr || r->status != Status::Ok || !(r->summary.median > 0)) return nullptr;
  return r->summary.median;
}

json row_json(const ComparedRow& row, bool relative) {
  const Record& r = row.base != nullptr ? *row.base : *row.candidate;
  const bool compared = row.verdict != Verdict::NotComparable;
  const bool tested = compared && row.verdict != Verdict::NotTestable;
  json j = {{"backend", r.backend},
            {"algorithm", r.algorithm},
            {"key_bits", r.key_bits},
            {"operation", r.operation},
            {"data_bytes", r.data_bytes},
            {"base_status", row.base ? json(status_name(row.base->status)) : json(nullptr)},
            {"new_status", row.candidate ? json(status_name(row.candidate->status)) : json(nullptr)},
            {"base_median_ns", median_ns(row.base)},
            {"new_median_ns", median_ns(row.candidate)},
            {"change", compared ? number(row.ratio - 1) : json(nullptr)},
            {"change_absolute", compared ? number(row.absolute_ratio - 1) : json(nullptr)},
            {"base_processes", compared ? json(row.base_processes) : json(nullptr)},
            {"new_processes", compared ? json(row.candidate_processes) : json(nullptr)},
            {"verdict", verdict_name(row.verdict)},
            {"note", row.note}};
  if (relative) {
    j["base_relative"] = compared ? number(row.base_relative) : json(nullptr);
    j["new_relative"] = compared ? number(row.candidate_relative) : json(nullptr);
  }
  if (tested) {
    j["ci95_change"] = {number(row.ratio_ci.low - 1), number(row.ratio_ci.high - 1)};
    j["log_change"] = number(row.log_change);
    j["se"] = number(row.se);
    j["t"] = number(row.t);
    j["df"] = number(row.df);
    j["p"] = number(row.p);
    j["p_adjusted"] = number(row.p_adjusted);
    j["p_mann_whitney"] = number(row.p_u);
    j["detectable"] = number(row.detectable);
  } else {
    for (const char* k :
         {"ci95_change", "log_change", "se", "t", "df", "p", "p_adjusted", "p_mann_whitney", "detectable"})
      j[k] = nullptr;
  }
  return j;
}

json side_json(const ReportFile& f) {
  return {{"file", f.path}, {"machine", f.machine}, {"results", f.records.size()}};
}

}  // namespace

void write_comparison_json(const Comparison& c, const CompareSettings& settings, const ReportFile& base,
                           const ReportFile& candidate, std::ostream& out) {
  json rows = json::array();
  for (const ComparedRow& row : c.rows) rows.push_back(row_json(row, settings.relative));
  json doc = {
      {"compare_schema_version", kCompareSchemaVersion},
      {"base", side_json(base)},
      {"new", side_json(candidate)},
      {"different_machines", different_machines(base, candidate)},
      {"mode", settings.relative ? "relative" : "absolute"},
      {"decision",
       {{"test", "welch_t_log_process_medians"},
        {"correction", "benjamini_hochberg"},
        {"q", settings.alpha},
        {"threshold", settings.threshold},
        {"threshold_on", "point_estimate"},
        {"power", settings.power},
        {"row_alpha", c.testable ? json(c.row_alpha) : json(nullptr)},
        {"text", decision_rule(c, settings)}}},
      {"drift",
       {{"applied", c.drift.applied},
        {"rows", c.drift.rows},
        {"change", c.drift.applied ? number(c.drift.ratio() - 1) : json(nullptr)},
        {"ci",
         c.drift.applied ? json{number(c.drift.ci.low - 1), number(c.drift.ci.high - 1)} : json(nullptr)},
        {"ci_level", c.drift.applied ? number(c.drift.ci_level) : json(nullptr)},
        {"se", c.drift.applied ? number(c.drift.se) : json(nullptr)}}},
      {"rows", rows},
      {"summary",
       {{"rows", c.rows.size()},
        {"compared", c.compared},
        {"testable", c.testable},
        {"slower", c.slower},
        {"faster", c.faster},
        {"missing", c.missing},
        {"insensitive", c.insensitive},
        {"processes_needed", c.processes_needed ? json(c.processes_needed) : json(nullptr)},
        {"beyond", c.beyond},
        {"geomean_ratio", number(c.geomean_ratio)}}},
  };
  out << doc.dump(2) << '\n';
}

}  // namespace ca
