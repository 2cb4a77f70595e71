// What the commands do with the run settings table (setting_table.cpp): look an entry up, check settings
// against each other, set a plan, and write and read the report's and the journal's settings.
#include "settings/run_settings.hpp"

#include <stdexcept>

#include "exec/plan.hpp"

namespace ca {
using nlohmann::json;

RunSettings run_defaults() {
  RunSettings s;
  s.isolate = true;
  return s;
}

std::string RunSetting::long_flag() const {
  const std::string spec = flag;
  const size_t comma = spec.find(',');
  return comma == std::string::npos ? spec : spec.substr(comma + 1);
}

bool RunSetting::same(const RunSettings& a, const RunSettings& b) const {
  if (to_json == nullptr) return true;
  json x = json::object(), y = json::object();
  to_json(a, x);
  to_json(b, y);
  return x == y;
}

const RunSetting* setting_by_flag(const std::string& long_flag) {
  for (const RunSetting& s : run_settings())
    if (s.long_flag() == long_flag || (s.negative_flag != nullptr && long_flag == s.negative_flag)) return &s;
  return nullptr;
}

const RunSetting* setting_by_config_key(const std::string& config_key) {
  for (const RunSetting& s : run_settings())
    if (s.config_key != nullptr && config_key == s.config_key) return &s;
  return nullptr;
}

void apply_to_plan(RunSettings& s, RunPlan& plan) {
  if (s.processes == 0) s.processes = s.rounds ? 1 : kAdaptiveProcesses;
  plan.measure.rounds = s.rounds;
  plan.measure.budget_s = s.budget_s;
  plan.measure.target_rel_ci = s.target_rel_ci;
  plan.measure.warmup_s = s.warmup_s;
  plan.measure.repetitions = s.repetitions;
  plan.processes = s.processes;
  plan.threads = s.threads;
  plan.cipher_stream = s.cipher_stream;
  plan.order = s.order;
  plan.isolate = s.isolate;
  plan.job_timeout_s = s.job_timeout_s;
}

json settings_to_json(const RunSettings& s) {
  json out = json::object();
  for (const RunSetting& setting : run_settings())
    if (setting.report_key != nullptr) setting.to_json(s, out);
  return out;
}

void settings_from_report(const json& object, RunSettings& s) {
  if (!object.is_object()) return;
  for (const RunSetting& setting : run_settings()) {
    if (setting.report_key == nullptr) continue;
    RunSettings read = s;
    if (setting.from_json(object, read)) s = std::move(read);
  }
}

json journal_settings_json(const RunSettings& s) {
  json out = json::object();
  for (const RunSetting& setting : run_settings())
    if (setting.resume_must_match) setting.to_json(s, out);
  return out;
}

std::optional<RunSettings> journal_settings_from_json(const json& object) {
  if (!object.is_object()) return std::nullopt;
  RunSettings s;
  for (const RunSetting& setting : run_settings()) {
    if (!setting.resume_must_match) continue;
    if (!object.contains(setting.report_key) && setting.journal_may_lack) continue;
    if (!setting.from_json(object, s)) return std::nullopt;
  }
  return s;
}

std::string resume_difference(const RunSettings& journal, const RunSettings& run) {
  for (const RunSetting& setting : run_settings())
    if (setting.resume_must_match && !setting.same(journal, run))
      return setting.as_flag(journal) + ", this run uses " + setting.as_flag(run);
  return "";
}

}  // namespace ca
