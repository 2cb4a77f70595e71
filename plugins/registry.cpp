#include <cstdio>
#include <map>

#include "host/affinity.hpp"
#include "report.hpp"

namespace ca {
namespace {

struct Entry {
  std::string description;
  ReporterFactory factory;
};

std::map<std::string, Entry>& registry() {
  static std::map<std::string, Entry> r;  // function-local: safe from static-initialisation order
  return r;
}

}  // namespace

std::string measurement_mode(const ReportSettings& s) {
  std::string m;
  if (s.rounds) {
    m = "exactly " + std::to_string(*s.rounds) +
        (*s.rounds == 1 ? " timed operation per measurement" : " timed operations per measurement");
  } else {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "adaptive: until the 95%% CI of the median is within %.3g%% of it, or %.3g s of timed work",
                  s.target_rel_ci * 100, s.budget_s);
    m = buf;
  }
  if (s.repetitions > 1)
    m += "; " + std::to_string(s.repetitions) + " repetitions back to back, each for " +
         (s.rounds ? "those operations" : "the whole budget") +
         ", median and CI over the repetitions' medians";
  if (s.processes > 1)
    m += "; each comparison in " + std::to_string(s.processes) +
         " fresh worker processes, median and CI over the processes' medians";
  if (!s.pin_cpus.empty()) m += "; pinned to CPU " + format_cpu_list(s.pin_cpus);
  return m;
}

TimeUnit table_unit(const ReportSettings& s, const std::vector<double>& ns) {
  return s.unit_given ? s.unit : readable_unit(ns);
}

bool register_reporter(const std::string& name, const std::string& description, ReporterFactory factory) {
  registry()[name] = {description, std::move(factory)};
  return true;
}

std::unique_ptr<Reporter> make_reporter(const std::string& name) {
  auto it = registry().find(name);
  return it == registry().end() ? nullptr : it->second.factory();
}

std::vector<std::pair<std::string, std::string>> reporter_names() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [name, e] : registry()) out.emplace_back(name, e.description);
  return out;
}

}  // namespace ca
