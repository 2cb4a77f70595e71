// The run settings table (setting_table.cpp): every setting that says how a study is measured, run or
// reported, declared once (STYLE.md habit 11). A declaration names the setting's command-line flag, its key
// in a study config (docs/CONFIG.md), its key in the report's context.settings and in the journal's settings
// line, its help line, its default, its validation (one line naming the value, exit 2) and whether `run
// --resume` must use the same value as the journal. The command line (app/cli/setting_flags.cpp), the config
// parser (app/config/study_config.cpp), the JSON report (plugins/json.cpp) and `report` reading it back, the
// journal (record/journal.cpp) and --help all read this table: a new setting is one entry here plus the
// code that uses it. What a study selects (algorithms, key sizes, data sizes, operations, backends, a key
// file) is in the selection table (settings/selection.hpp): lists resolved against the catalog.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "measure/measure.hpp"
#include "util/units.hpp"
#include "util/usage_error.hpp"

namespace ca {

struct RunPlan;

/// The value of every run setting. A default here is the setting's default everywhere (the default
/// command's --help shows it); `run` starts from run_defaults().
struct RunSettings {
  std::optional<uint64_t> rounds;  // -r N; nullopt: adaptive
  double budget_s = 0.25;          // adaptive: seconds of timed work per measurement at most
  double target_rel_ci = 0.01;     // adaptive: CI half-width / median to stop at (--ci-target in %)
  double warmup_s = MeasureConfig{}.warmup_s;  // untimed work before each measurement's calibration
  size_t repetitions = 1;
  /// 0: automatic, resolved by apply_to_plan: kAdaptiveProcesses in adaptive mode, 1 with -r N (the seeds'
  /// exact rounds, timeit's interface, measured one process).
  size_t processes = 0;
  size_t threads = 1;
  bool cipher_stream = false;  // --cipher-mode stream
  Order order = Order::Interleaved;
  TimeUnit unit = TimeUnit::Ms;
  bool unit_given = false;         // -u or "unit": tables use `unit`; else each picks a readable one
  std::string layout = "default";  // "default", "seed" or "2004" (docs/REPORTS.md)
  std::vector<int> pin_cpus;       // empty: not pinned
  bool isolate = false;            // each job in a child process
  double job_timeout_s = 300;      // isolated jobs; 0: no limit
  double stop_after_s = 0;         // the run's deadline after measuring begins; 0: none
  bool operator==(const RunSettings&) const = default;
};

/// `run` and `select`'s defaults: as RunSettings, but every job isolated.
RunSettings run_defaults();

/// The commands whose flags the table declares.
enum class SettingsCommand { Bench, Run, Select, Report, Compare };

/// One run setting. Function members are the typed accessors: they read or write the setting's fields of a
/// RunSettings and judge its values (throwing UsageError).
struct RunSetting {
  const char* flag;  // cxxopts spec: "r,rounds", "budget"; the long name is the part after the comma
  /// A second flag that turns a switch off ("no-isolate"); nullptr: none.
  const char* negative_flag;
  /// The key in a study config, as a JSON pointer ("/threads", "/stopping/budget_s"); nullptr: none.
  const char* config_key;
  /// The key in the report's context.settings and the journal's settings line; nullptr: not reported.
  const char* report_key;
  /// `run --resume` refuses a journal whose value differs (it shapes the records).
  bool resume_must_match;
  /// Absent from journals written before the setting existed: read as its default there.
  bool journal_may_lack;
  /// Given on the command line, the setting turns the config's "rounds" off (adaptive mode) unless -r is
  /// given too.
  bool drops_rounds;
  const char* bench_default;  // the default command's default, as its --help shows it; nullptr: none
  /// Help lines per command (SettingsCommand order: bench, run, select, report, compare); nullptr: not a
  /// flag there.
  const char* help[5];
  const char* negative_help[5];  // the negative flag's help lines
  /// The values a completion offers; empty: free text or a number.
  std::vector<std::string> choices;

  /// Reads the flag's text (`where` is "--budget"); a switch gets "true" (or "false" for negative_flag).
  void (*from_flag)(const std::string& where, const std::string& text, RunSettings& s);
  /// Reads the config value at `where` ("study.json: /threads").
  void (*from_config)(const nlohmann::json& value, const std::string& where, RunSettings& s);
  /// Writes the report key(s) into an object (the report's settings, the journal's settings line).
  void (*to_json)(const RunSettings& s, nlohmann::json& object);
  /// Reads them back; false when the value is not one to_json writes (the setting is then left as it was).
  bool (*from_json)(const nlohmann::json& object, RunSettings& s);
  /// The setting as a flag for messages ("--threads 2"); nullptr when it has none.
  std::string (*as_flag)(const RunSettings& s);

  std::string long_flag() const;                                // "rounds"
  bool same(const RunSettings& a, const RunSettings& b) const;  // equal as the report key writes them
};

/// The settings, in table order: a command names the flag it adds at a place in its --help by this.
enum class SettingId {
  Rounds,
  Repetitions,
  Processes,
  Threads,
  CipherMode,
  Budget,
  CiTarget,
  Warmup,
  Order,
  Unit,
  Layout,
  Pin,
  Isolate,
  JobTimeout,
  StopAfter,
  Count
};
const RunSetting& run_setting(SettingId id);

/// The table, in the order a resumed journal's settings are compared (the first difference is named).
std::span<const RunSetting> run_settings();

/// The entry whose long flag or negative flag is `long_flag`, or whose config key is `config_key`; nullptr.
const RunSetting* setting_by_flag(const std::string& long_flag);
const RunSetting* setting_by_config_key(const std::string& config_key);

/// The settings a plan measures with: rounds, budget, CI target, warm-up, repetitions, threads, cipher
/// mode, order, isolation, job timeout and processes.
inline constexpr size_t kAdaptiveProcesses = 3;
/// Resolves the automatic values of `s` (processes), then copies it into `plan`.
void apply_to_plan(RunSettings& s, RunPlan& plan);

/// The report's context.settings keys of every reported setting.
nlohmann::json settings_to_json(const RunSettings& s);
/// Reads a report's settings back: each setting absent or malformed keeps its default.
void settings_from_report(const nlohmann::json& object, RunSettings& s);

/// The journal's settings line: the settings `run --resume` must match.
nlohmann::json journal_settings_json(const RunSettings& s);
/// Reads a journal's settings line; nullopt when a setting the journal must hold is absent or malformed.
std::optional<RunSettings> journal_settings_from_json(const nlohmann::json& object);
/// The first setting `run --resume` must match that differs, as "--threads 2, this run uses --threads 1";
/// empty when none does.
std::string resume_difference(const RunSettings& journal, const RunSettings& run);

// The validators the table uses, also used by the commands' own flags (leaks, select). `where` names the
// source ("--threads", "study.json: /threads").
double parse_positive(const std::string& where, const std::string& text, const char* what);
uint64_t parse_rounds(const std::string& where, const std::string& text);
constexpr size_t kMaxThreads = 1024;
size_t parse_threads(const std::string& where, const std::string& text);
constexpr size_t kMaxRepetitions = 1000;
size_t parse_repetitions(const std::string& where, const std::string& text);
constexpr size_t kMaxProcesses = 100;
size_t parse_processes(const std::string& where, const std::string& text);
/// A CPU list ("1", "0-3", "0,2") of CPUs this process may run on.
std::vector<int> parse_pin(const std::string& where, const std::string& text);
bool parse_cipher_mode(const std::string& where, const std::string& text);  // "stream": true
Order parse_order(const std::string& where, const std::string& text);
/// The layouts `--layout` accepts, in the order `--help` lists them.
inline constexpr const char* kReportLayouts[] = {"default", "seed", "2004"};
bool valid_layout(std::string_view name);
/// --layout: one of kReportLayouts; a UsageError naming the value otherwise.
std::string parse_layout(const std::string& where, const std::string& text);
double parse_job_timeout(const std::string& where, const std::string& text);  // >= 0; 0: no limit
double parse_stop_after(const std::string& where, const std::string& text);   // >= 0, at most 1e9
double parse_warmup(const std::string& where, const std::string& text);       // >= 0, at most 60

}  // namespace ca
