// The JSON form of verify's results (docs/VERIFY.md), built with nlohmann_json.
#include <nlohmann/json.hpp>

#include "report/schema.hpp"
#include "verify_report.hpp"

namespace ca::verify {
namespace {

using nlohmann::json;

json backends_json(const std::vector<BackendInfo>& backends) {
  json out = json::array();
  for (const auto& b : backends)
    out.push_back({{"name", b.name}, {"library", b.library}, {"version", b.version}});
  return out;
}

json reasons_json(const ReasonCounts& reasons) {
  json out = json::array();
  for (const auto& [reason, n] : reasons.items) out.push_back({{"reason", reason}, {"tests", n}});
  return out;
}

json outcome_json(const TestOutcome& t) {
  return {{"tcId", t.tc_id},        {"expected", std::string(expected_name(t.expected))},
          {"accepted", t.accepted}, {"detail", t.detail},
          {"comment", t.comment},   {"flags", t.flags}};
}

json outcomes_json(const std::vector<TestOutcome>& v) {
  json out = json::array();
  for (const auto& t : v) out.push_back(outcome_json(t));
  return out;
}

json file_json(const FileResult& f) {
  json j = {{"file", f.file},
            {"algorithm", f.algorithm},
            {"schema", f.schema},
            {"tests", f.tests},
            {"error", f.error.empty() ? json(nullptr) : json(f.error)},
            {"not_run", reasons_json(f.skipped)}};
  json backends = json::array();
  for (const auto& b : f.backends)
    backends.push_back({{"backend", b.backend},
                        {"passed", b.passed},
                        {"failed", b.failed},
                        {"skipped", b.skipped},
                        {"acceptable", b.acceptable},
                        {"acceptable_accepted", b.acceptable_accepted},
                        {"deviations", b.deviations},
                        {"skip_reasons", reasons_json(b.skip_reasons)},
                        {"failures", outcomes_json(b.failures)},
                        {"documented_deviations", outcomes_json(b.deviation_outcomes)},
                        {"acceptable_tests", outcomes_json(b.acceptable_outcomes)}});
  j["backends"] = std::move(backends);
  json not_offered = json::array();
  for (const auto& n : f.not_offered) not_offered.push_back({{"backend", n.backend}, {"reason", n.reason}});
  j["not_offered"] = std::move(not_offered);
  return j;
}

}  // namespace

void write_vector_json(const VectorReportInput& in, std::ostream& out) {
  json files = json::array();
  for (const auto& f : in.run.files) files.push_back(file_json(f));
  const VectorTotals totals = vector_totals(in.run);
  json doc = {{"verify_schema_version", kVerifySchemaVersion},
              {"kind", "wycheproof"},
              {"vectors", in.vectors},
              {"backends", backends_json(in.backends)},
              {"files", std::move(files)},
              {"summary",
               {{"files", in.run.files.size()},
                {"malformed_files", in.run.file_errors()},
                {"passed", totals.passed},
                {"failed", totals.failed},
                {"skipped", totals.skipped},
                {"acceptable", totals.acceptable},
                {"deviations", totals.deviations},
                {"tests_run", in.run.tests_run()},
                {"ok", in.run.ok()}}}};
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << '\n';
}

void write_interop_json(const InteropReportInput& in, std::ostream& out) {
  json checks = json::array();
  for (const auto& c : in.run.checks)
    checks.push_back({{"algorithm", c.algorithm},
                      {"key_bits", c.key_bits},
                      {"from", c.from},
                      {"to", c.to},
                      {"status", c.ok ? "ok" : "FAIL"},
                      {"detail", c.detail.empty() ? json(nullptr) : json(c.detail)}});
  json doc = {
      {"verify_schema_version", kVerifySchemaVersion},
      {"kind", "interop"},
      {"backends", backends_json(in.backends)},
      {"checks", std::move(checks)},
      {"summary", {{"checks", in.run.checks.size()}, {"failures", in.run.failures()}, {"ok", in.run.ok()}}}};
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << '\n';
}

}  // namespace ca::verify
