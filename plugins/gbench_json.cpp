// google/benchmark's JSON output (what `--benchmark_format=json` writes, as of benchmark 1.7), so that its
// tools/compare.py can diff two cryptauditor runs, or a cryptauditor run against a google/benchmark one.
// compare.py pairs entries by "name" and reads "real_time", "cpu_time", "time_unit" and "run_type"; the
// field mapping is in docs/REPORTS.md. Built with nlohmann_json.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <tuple>

#include "report.hpp"

namespace ca {
namespace {

// ordered_json keeps google/benchmark's field order, so a diff against its own output reads line by line.
using json = nlohmann::ordered_json;

json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

// "openssl/AES-GCM-256/encrypt/16384": google/benchmark names an instance "family/arg"; here the family is
// backend/algorithm[-key bits]/operation and the argument the message size in bytes.
std::string family_name(const Record& r) {
  std::string name = r.backend + "/" + r.algorithm;
  if (r.key_bits != 0) name.append("-").append(std::to_string(r.key_bits));
  return name.append("/").append(r.operation);
}

json context_json(const ReportInput& in) {
  const auto& env = in.environment;
  // google/benchmark says "release" when built with NDEBUG; our Release-like CMake builds define it.
  const bool release =
      env.build_type == "Release" || env.build_type == "RelWithDebInfo" || env.build_type == "MinSizeRel";
  json context = {
      {"date", env.date},
      {"host_name", env.host_name},
      {"executable", in.settings.command_line.empty() ? "cryptauditor" : in.settings.command_line.front()},
      {"num_cpus", env.logical_cpus},
      {"mhz_per_cpu", static_cast<long long>(std::llround(env.cpu_mhz))},
      {"cpu_scaling_enabled", !env.governor.empty() && env.governor != "performance"},
      {"caches", json::array()},
      {"load_avg", env.load_avg},
      {"library_build_type", release ? "release" : "debug"},
      // Custom context (google/benchmark's AddCustomContext): string values only.
      {"cryptauditor_version", env.program_version},
      {"cpu_model", env.cpu_model},
  };
  for (const auto& b : env.backends)
    context["backend_" + b.name] =
        b.library + " " + b.version + (b.acceleration.empty() ? "" : " [" + b.acceleration + "]");
  return context;
}

void add_rates(json& b, const Record& r, double ns) {
  if (is_data_operation(r.operation) && ns > 0)
    b["bytes_per_second"] = static_cast<double>(r.data_bytes) * 1e9 / ns;
  b["items_per_second"] = ns > 0 ? number(1e9 / ns) : json(nullptr);
}

// The entries google/benchmark writes for --benchmark_repetitions=N: N runs, then the mean, median and
// stddev aggregates over the runs' times (aggregate_name, aggregate_unit "time", iterations = N).
void append_repetitions(const json& base, const Record& r, json& benchmarks) {
  const std::vector<double>& medians = r.summary.repetition_medians;
  const size_t n = medians.size();
  for (size_t i = 0; i < n; ++i) {
    json b = base;
    b["repetitions"] = n;
    b["repetition_index"] = i;
    b["iterations"] = r.measurement.timed_ops / n;
    b["real_time"] = number(medians[i]);
    b["cpu_time"] = number(medians[i]);
    b["time_unit"] = "ns";
    add_rates(b, r, medians[i]);
    benchmarks.push_back(std::move(b));
  }
  double mean = 0;
  for (double m : medians) mean += m;
  mean /= static_cast<double>(n);
  double squares = 0;
  for (double m : medians) squares += (m - mean) * (m - mean);
  std::vector<double> sorted = medians;
  std::sort(sorted.begin(), sorted.end());
  const double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  // Sample standard deviation (n - 1), as google/benchmark's StatisticsStdDev.
  const double stddev = std::sqrt(squares / static_cast<double>(n - 1));
  for (const auto& [aggregate, value] : {std::pair{"mean", mean}, {"median", median}, {"stddev", stddev}}) {
    json b = base;
    b["name"] = base["name"].get<std::string>() + "_" + aggregate;
    b["run_type"] = "aggregate";
    b["repetitions"] = n;
    b.erase("repetition_index");
    b["aggregate_name"] = aggregate;
    b["aggregate_unit"] = "time";
    b["iterations"] = n;
    b["real_time"] = number(value);
    b["cpu_time"] = number(value);
    b["time_unit"] = "ns";
    if (std::string(aggregate) != "stddev") add_rates(b, r, value);
    benchmarks.push_back(std::move(b));
  }
}

class GbenchJsonReporter : public Reporter {
 public:
  void write(const ReportInput& in, std::ostream& out) const override {
    std::vector<std::string> families;
    std::vector<std::vector<size_t>> family_sizes;
    json benchmarks = json::array();
    for (const auto& r : in.records) {
      // google/benchmark lists only benchmarks that exist; an unsupported pair has nothing to compare.
      if (r.status == Status::Unsupported) continue;
      const std::string family = family_name(r);
      auto f = std::find(families.begin(), families.end(), family);
      if (f == families.end()) {
        families.push_back(family);
        family_sizes.emplace_back();
        f = families.end() - 1;
      }
      const size_t family_index = static_cast<size_t>(f - families.begin());
      auto& sizes = family_sizes[family_index];
      auto s = std::find(sizes.begin(), sizes.end(), r.data_bytes);
      if (s == sizes.end()) s = sizes.insert(sizes.end(), r.data_bytes);
      const std::string name = family + "/" + std::to_string(r.data_bytes);

      json b = {{"name", name},
                {"family_index", family_index},
                {"per_family_instance_index", static_cast<size_t>(s - sizes.begin())},
                {"run_name", name},
                {"run_type", "iteration"},
                {"repetitions", 1},
                {"repetition_index", 0},
                {"threads", 1}};
      if (!r.ok()) {
        // As google/benchmark reports a benchmark that called SkipWithError.
        b["error_occurred"] = true;
        b["error_message"] = r.error;
        b["iterations"] = 0;
        b["real_time"] = 0.0;
        b["cpu_time"] = 0.0;
        b["time_unit"] = "ns";
        benchmarks.push_back(std::move(b));
        continue;
      }
      const auto& sm = r.summary;
      const size_t repetitions = sm.repetition_medians.size();
      if (repetitions > 1) {
        // --repetitions N: one "iteration" entry per repetition (its median), then google/benchmark's
        // aggregates, so that compare.py sees N values per side and runs its Mann-Whitney U test.
        append_repetitions(b, r, benchmarks);
        continue;
      }
      b["iterations"] = r.measurement.timed_ops;
      // We time wall-clock only (a monotonic clock, in core/measure): cpu_time repeats real_time so
      // compare.py's CPU column is the same comparison rather than a missing field.
      b["real_time"] = number(sm.median);
      b["cpu_time"] = number(sm.median);
      b["time_unit"] = "ns";
      const bool data_op = is_data_operation(r.operation);
      if (data_op && sm.median > 0)
        b["bytes_per_second"] = static_cast<double>(r.data_bytes) * 1e9 / sm.median;
      b["items_per_second"] = number(r.ops_per_s());
      // User counters, as google/benchmark prints state.counters: extra numbers compare.py ignores.
      // The median's interval and its exact level (the record's ci_ns and ci_level).
      b["ci_low_ns"] = number(sm.ci.low);
      b["ci_high_ns"] = number(sm.ci.high);
      b["ci_level"] = number(sm.ci_level);
      b["mad_ns"] = number(sm.mad);
      b["samples"] = sm.n;
      for (const auto& info : in.environment.backends)
        if (info.name == r.backend) b["label"] = info.library + " " + info.version;
      benchmarks.push_back(std::move(b));
    }
    json doc = {{"context", context_json(in)}, {"benchmarks", benchmarks}};
    out << doc.dump(2) << '\n';
  }
};

const bool registered =
    register_reporter("gbench-json", "google/benchmark JSON, readable by its tools/compare.py",
                      [] { return std::make_unique<GbenchJsonReporter>(); });

}  // namespace
}  // namespace ca
