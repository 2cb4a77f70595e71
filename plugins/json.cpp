// The JSON report (docs/report-schema.md), built with nlohmann_json.
#include <cmath>
#include <nlohmann/json.hpp>

#include "rank/ranking.hpp"
#include "record/record_json.hpp"
#include "report.hpp"
#include "report/schema.hpp"

namespace ca {
namespace {

using nlohmann::json;

// JSON has no NaN: undefined statistics become null.
json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

// docs/report-schema.md: context.machine_checks, the machine check when the run started.
json machine_checks_json(const std::vector<MachineCheck>& checks) {
  json out = json::array();
  for (const MachineCheck& c : checks)
    out.push_back({{"check", c.name},
                   {"status", status_name(c.status)},
                   {"finding", c.finding},
                   {"fix", c.fix},
                   {"short_fix", c.short_fix}});
  return out;
}

class JsonReporter : public Reporter {
 public:
  void write(const ReportInput& in, std::ostream& out) const override {
    const auto& env = in.environment;
    json backends = json::array();
    for (const auto& b : env.backends)
      backends.push_back({{"name", b.name},
                          {"library", b.library},
                          {"version", b.version},
                          {"acceleration", b.acceleration},
                          {"path", b.path}});
    // The run settings' keys come from their table (settings/run_settings.hpp).
    json settings = settings_to_json(in.settings);
    settings["command_line"] = in.settings.command_line;
    json context = {{"program", "cryptauditor"},
                    {"program_version", env.program_version},
                    {"project_commit", env.project_commit},
                    {"date", env.date},
                    {"cpu_model", env.cpu_model},
                    {"cpu_features", env.cpu_features},
                    {"cpu_mhz", env.cpu_mhz},
                    {"logical_cpus", env.logical_cpus},
                    {"cpu_affinity", env.cpu_affinity},
                    {"governor", env.governor},
                    {"turbo", env.turbo},
                    {"virtualized", env.virtualized},
                    {"kernel", env.kernel},
                    {"compiler", env.compiler},
                    {"build_type", env.build_type},
                    {"clock_overhead_ns", number(env.clock_overhead_ns)},
                    {"empty_operation_ns", number(env.empty_operation_ns)},
                    {"warnings", env.warnings},
                    {"machine_checks", machine_checks_json(env.machine_checks)},
                    {"backends", backends},
                    {"settings", settings}};
    // --anonymize clears the host name: the key is then left out rather than written empty.
    if (!env.host_name.empty()) context["host_name"] = env.host_name;
    if (!env.machine_label.empty()) context["machine_label"] = env.machine_label;
    if (env.peak_program_bytes != 0)
      context["peak_memory"] = {{"program_bytes", env.peak_program_bytes},
                                {"largest_worker_bytes", env.peak_worker_bytes},
                                {"total_bytes", env.peak_program_bytes + env.peak_worker_bytes}};
    json results = json::array();
    for (const auto& r : in.records) results.push_back(record_to_json(r));
    // Every pair of backends measured in one interleaved comparison: a / b per round, with its interval.
    json pairs = json::array();
    for (const auto& p : pairwise_ratios(in.records)) {
      const Record& a = *p.a;
      pairs.push_back({{"comparison", a.comparison},
                       {"algorithm", a.algorithm},
                       {"key_bits", a.key_bits},
                       {"operation", a.operation},
                       {"data_bytes", a.data_bytes},
                       {"a", a.backend},
                       {"b", p.b->backend},
                       {"ratio", number(p.ratio.ratio)},
                       {"ci_low", number(p.ratio.ci.low)},
                       {"ci_high", number(p.ratio.ci.high)},
                       {"ci_level", number(p.ratio.coverage)},
                       {"pairs", p.ratio.pairs}});
    }
    // docs/report-schema.md "run": whether the plan was done, and what a run that stopped early left out.
    json not_measured = json::array();
    if (in.partial != nullptr)
      for (const auto& [backend, algorithm, key_bits, operation, data_bytes] : in.partial->not_measured)
        not_measured.push_back({{"backend", backend},
                                {"algorithm", algorithm},
                                {"key_bits", key_bits},
                                {"operation", operation},
                                {"data_bytes", data_bytes}});
    json run = {{"complete", in.partial == nullptr},
                {"stopped_by", in.partial != nullptr ? json(in.partial->stopped_by) : json(nullptr)},
                {"planned_records", in.partial != nullptr ? json(in.partial->planned) : json(nullptr)},
                {"not_measured", not_measured}};
    json doc = {{"schema_version", kReportSchemaVersion},
                {"run", run},
                {"context", context},
                {"results", results},
                {"pairwise_ratios", pairs}};
    out << doc.dump(2) << '\n';
  }
};

const bool registered = register_reporter("json", "JSON report, schema in docs/report-schema.md",
                                          [] { return std::make_unique<JsonReporter>(); });

}  // namespace
}  // namespace ca
