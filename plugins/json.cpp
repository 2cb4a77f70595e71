// The JSON report (docs/report-schema.md), built with nlohmann_json.
#include <cmath>
#include <nlohmann/json.hpp>

#include "report.hpp"

namespace ca {
namespace {

using nlohmann::json;

// JSON has no NaN: undefined statistics become null.
json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

json record_json(const Record& r) {
  json j = {
      {"backend", r.backend},
      {"algorithm", r.algorithm},
      {"key_bits", r.key_bits},
      {"operation", r.operation},
      {"data_bytes", r.data_bytes},
      {"status", std::string(status_name(r.status))},
      {"error", r.error.empty() ? json(nullptr) : json(r.error)},
      {"rounds", r.measurement.timed_ops},
      {"rounds_mode", r.exact_rounds ? "exact" : "adaptive"},
  };
  if (!r.ok()) return j;
  const auto& s = r.summary;
  const bool data_op = r.operation == "encrypt" || r.operation == "decrypt" || r.operation == "hash";
  j["median_ns"] = number(s.median);
  j["mean_ns"] = number(s.mean);
  j["stddev_ns"] = number(s.stddev);
  j["mad_ns"] = number(s.mad);
  j["min_ns"] = number(s.min);
  j["max_ns"] = number(s.max);
  j["ci95_ns"] = json::array({number(s.ci95.low), number(s.ci95.high)});
  j["cv"] = number(s.cv);
  j["mdape"] = number(s.mdape);
  j["outliers"] = s.outliers;
  j["samples"] = s.n;
  j["samples_ns"] = r.measurement.sample_ns;
  j["sample_ops"] = r.measurement.sample_ops;
  j["warmup_ops"] = r.measurement.warmup_ops;
  j["target_met"] = r.measurement.target_met;
  j["ops_per_s"] = number(r.ops_per_s());
  j["throughput_mib_s"] = data_op ? number(r.throughput_mib_s()) : json(nullptr);
  j["throughput_mbit_s"] = data_op ? number(r.throughput_mib_s() * 1048576.0 * 8 / 1e6) : json(nullptr);
  return j;
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
    json settings = {{"unit", std::string(unit_name(in.settings.unit))},
                     {"rounds", in.settings.rounds ? json(*in.settings.rounds) : json(nullptr)},
                     {"budget_s", in.settings.budget_s},
                     {"target_rel_ci", in.settings.target_rel_ci},
                     {"command_line", in.settings.command_line}};
    json context = {{"program", "cryptauditor"},
                    {"program_version", env.program_version},
                    {"cpu_model", env.cpu_model},
                    {"cpu_features", env.cpu_features},
                    {"logical_cpus", env.logical_cpus},
                    {"governor", env.governor},
                    {"turbo", env.turbo},
                    {"virtualized", env.virtualized},
                    {"kernel", env.kernel},
                    {"compiler", env.compiler},
                    {"build_type", env.build_type},
                    {"clock_overhead_ns", number(env.clock_overhead_ns)},
                    {"empty_operation_ns", number(env.empty_operation_ns)},
                    {"warnings", env.warnings},
                    {"backends", backends},
                    {"settings", settings}};
    json results = json::array();
    for (const auto& r : in.records) results.push_back(record_json(r));
    json doc = {{"schema_version", 1}, {"context", context}, {"results", results}};
    out << doc.dump(2) << '\n';
  }
};

const bool registered = register_reporter("json", "JSON report, schema in docs/report-schema.md",
                                          [] { return std::make_unique<JsonReporter>(); });

}  // namespace
}  // namespace ca
