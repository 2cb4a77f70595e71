// The run settings table itself: one entry per setting (settings/run_settings.hpp says what an entry holds).
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "exec/plan.hpp"
#include "host/affinity.hpp"
#include "record/record_json.hpp"
#include "settings/run_settings.hpp"

namespace ca {
namespace {

using nlohmann::json;

template <typename T>
std::string text(T v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

// A config value of the wrong JSON type: "study.json: /threads: expected ..., got a string".
[[noreturn]] void wrong_type(const json& value, const std::string& where, const std::string& expected) {
  throw UsageError(where + ": expected " + expected + ", got " + json_type_phrase(value));
}

std::string config_string(const json& value, const std::string& where, const std::string& expected) {
  if (!value.is_string()) wrong_type(value, where, expected);
  return value.get<std::string>();
}

// The number's text, so the flags' validators judge it ("1000", "2.5", "-3").
std::string config_number(const json& value, const std::string& where, const std::string& expected) {
  if (!value.is_number()) wrong_type(value, where, expected);
  return value.dump();
}

// A whole number of `what` from 1 to max in a config.
size_t config_count(const json& value, const std::string& where, const char* what, size_t max) {
  const std::string allowed = "a whole number of " + std::string(what) + " from 1 to " + std::to_string(max);
  if (!value.is_number_unsigned()) wrong_type(value, where, allowed);
  if (value.get<uint64_t>() < 1 || value.get<uint64_t>() > max)
    throw UsageError(where + ": " + value.dump() + " is not valid: expected " + allowed);
  return value.get<size_t>();
}

// One of two words in a config, the message quoting both.
std::string config_choice(const json& value, const std::string& where, const char* a, const char* b) {
  const std::string allowed = "\"" + std::string(a) + "\" or \"" + b + "\"";
  const std::string typed = config_string(value, where, allowed);
  if (typed != a && typed != b)
    throw UsageError(where + ": '" + typed + "' is not valid: expected " + allowed);
  return typed;
}

// A count in a report or a journal: any JSON number.
bool count_from(const json& object, const char* key, size_t& out) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_number()) return false;
  out = it->get<size_t>();
  return true;
}

bool seconds_from(const json& object, const char* key, double& out) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_number()) return false;
  out = it->get<double>();
  return true;
}

const char* cipher_mode_name(bool stream) { return stream ? "stream" : "per-message"; }
const char* order_name(Order o) { return o == Order::Sequential ? "sequential" : "interleaved"; }

constexpr const char* kTargetFraction = "a fraction of the median > 0 and < 1, e.g. 0.01 for 1%";

// The table. Each entry: flags, config key, report key, resume rule, the default command's default, help
// lines (default command, run, select, report, compare), completion choices, then its typed accessors.
// NOLINTNEXTLINE(readability-function-size): a data table, one entry per setting.
const std::vector<RunSetting>& table() {
  static const std::vector<RunSetting> kTable = {
      {"r,rounds",
       nullptr,
       "/rounds",
       "rounds",
       true,
       false,
       false,
       nullptr,
       {"timed operations per measurement (default: adaptive, until the 95% CI of the median is within "
        "--ci-target or --budget is spent)",
        "exactly N timed operations per measurement, instead of the config's rounds or stopping", nullptr},
       {},
       {},
       [](const std::string& where, const std::string& t, RunSettings& s) {
         s.rounds = parse_rounds(where, t);
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         s.rounds = parse_rounds(where, config_number(v, where, "a whole number of timed operations"));
       },
       [](const RunSettings& s, json& o) { o["rounds"] = s.rounds ? json(*s.rounds) : json(nullptr); },
       [](const json& o, RunSettings& s) {
         const auto it = o.find("rounds");
         if (it == o.end() || !(it->is_null() || it->is_number_unsigned())) return false;
         s.rounds = it->is_null() ? std::nullopt : std::optional<uint64_t>(it->get<uint64_t>());
         return true;
       },
       [](const RunSettings& s) {
         return s.rounds ? "--rounds " + std::to_string(*s.rounds)
                         : std::string("adaptive rounds (no --rounds)");
       }},
      {"repetitions",
       nullptr,
       "/repetitions",
       "repetitions",
       true,
       false,
       false,
       "1",
       {"repeat each measurement N times back to back, each for the whole --budget (or -r rounds); the "
        "median "
        "and its CI are then over the repetitions' medians, so they cover what drifts between repetitions",
        "repeat each measurement N times, instead of the config's \"repetitions\"", nullptr},
       {},
       {},
       [](const std::string& where, const std::string& t, RunSettings& s) {
         s.repetitions = parse_repetitions(where, t);
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         s.repetitions = config_count(v, where, "repetitions", kMaxRepetitions);
       },
       [](const RunSettings& s, json& o) { o["repetitions"] = s.repetitions; },
       [](const json& o, RunSettings& s) { return count_from(o, "repetitions", s.repetitions); },
       [](const RunSettings& s) { return "--repetitions " + text(s.repetitions); }},
      {"processes",
       nullptr,
       "/processes",
       "processes",
       true,
       true,
       false,
       "3; 1 with -r",
       {"measure every backend in N worker processes (exec'd, so memory layout and ASLR differ; kept for the "
        "run, their lanes interleaved, budget / N each); reports keep each process's median, which `compare` "
        "tests, and the median and CI are "
        "over the processes' medians. With --repetitions M each process runs M repetitions and its median is "
        "their medians' median (docs/COMPARE.md). Default 3, so that the CI covers what differs between "
        "processes; 1 with -r N (exact rounds, measured in one process as the seeds did). 1: one process, "
        "whose CI "
        "covers its rounds only",
        "measure every backend in N worker processes, instead of the config's \"processes\"; "
        "with --repetitions M each process runs M repetitions (docs/COMPARE.md)",
        nullptr},
       {},
       {},
       [](const std::string& where, const std::string& t, RunSettings& s) {
         s.processes = parse_processes(where, t);
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         s.processes = config_count(v, where, "processes", kMaxProcesses);
       },
       [](const RunSettings& s, json& o) { o["processes"] = s.processes; },
       [](const json& o, RunSettings& s) { return count_from(o, "processes", s.processes); },
       [](const RunSettings& s) { return "--processes " + text(s.processes); }},
      {"threads",
       nullptr,
       "/threads",
       "threads",
       true,
       false,
       false,
       "1",
       {"also run each operation on N threads at once (own context and inputs each, for --budget in 10 "
        "rounds) and report the aggregate throughput and the scaling efficiency, as `openssl speed -multi`",
        "also run each operation on N threads at once, instead of the config's \"threads\"", nullptr},
       {},
       {},
       [](const std::string& where, const std::string& t, RunSettings& s) {
         s.threads = parse_threads(where, t);
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         s.threads = config_count(v, where, "threads", kMaxThreads);
       },
       [](const RunSettings& s, json& o) { o["threads"] = s.threads; },
       [](const json& o, RunSettings& s) { return count_from(o, "threads", s.threads); },
       [](const RunSettings& s) { return "--threads " + text(s.threads); }},
      {"cipher-mode",
       nullptr,
       "/cipher_mode",
       "cipher_mode",
       true,
       false,
       false,
       "per-message",
       {"per-message (default: new nonce, whole message, tag, as applications encrypt) or stream (one "
        "long-running context, updates only, as `openssl speed -evp` times): ciphers then time "
        "encrypt-stream",
        "per-message or stream, instead of the config's \"cipher_mode\"", nullptr},
       {},
       {"per-message", "stream"},
       [](const std::string& where, const std::string& t, RunSettings& s) {
         s.cipher_stream = parse_cipher_mode(where, t);
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         s.cipher_stream = config_choice(v, where, "per-message", "stream") == "stream";
       },
       [](const RunSettings& s, json& o) { o["cipher_mode"] = cipher_mode_name(s.cipher_stream); },
       [](const json& o, RunSettings& s) {
         const auto it = o.find("cipher_mode");
         if (it == o.end() || !it->is_string() || (*it != "stream" && *it != "per-message")) return false;
         s.cipher_stream = *it == "stream";
         return true;
       },
       [](const RunSettings& s) {
         return std::string("--cipher-mode ") + cipher_mode_name(s.cipher_stream);
       }},
      {"budget",
       nullptr,
       "/stopping/budget_s",
       "budget_s",
       true,
       false,
       true,
       "0.25",
       {"adaptive mode: seconds of timed work per measurement at most",
        "adaptive mode (drops the config's rounds): seconds of timed work per measurement at most",
        "speed: seconds of timed work per measurement at most, instead of the config's stopping"},
       {},
       {},
       [](const std::string& where, const std::string& t, RunSettings& s) {
         s.budget_s = parse_positive(where, t, "seconds > 0, e.g. 0.25");
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         s.budget_s =
             parse_positive(where, config_number(v, where, "a number of seconds"), "seconds > 0, e.g. 0.25");
       },
       [](const RunSettings& s, json& o) { o["budget_s"] = s.budget_s; },
       [](const json& o, RunSettings& s) { return seconds_from(o, "budget_s", s.budget_s); },
       [](const RunSettings& s) { return "--budget " + text(s.budget_s); }},
      {"ci-target",
       nullptr,
       "/stopping/target_rel_ci",
       "target_rel_ci",
       true,
       false,
       true,
       "1",
       {"adaptive mode: stop when the 95% CI half-width is within this % of the median",
        "adaptive mode (drops the config's rounds): stop when the 95% CI half-width is within this % of the "
        "median",
        nullptr},
       {},
       {},
       [](const std::string& where, const std::string& t, RunSettings& s) {
         s.target_rel_ci = parse_positive(where, t, "a percentage > 0, e.g. 1") / 100.0;
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         const std::string t = config_number(v, where, "a number");
         s.target_rel_ci = parse_positive(where, t, kTargetFraction);
         if (s.target_rel_ci >= 1)
           throw UsageError(where + " '" + t + "' is not valid: expected " + kTargetFraction);
       },
       [](const RunSettings& s, json& o) { o["target_rel_ci"] = s.target_rel_ci; },
       [](const json& o, RunSettings& s) { return seconds_from(o, "target_rel_ci", s.target_rel_ci); },
       [](const RunSettings& s) { return "--ci-target " + text(s.target_rel_ci * 100); }},
      {"warmup",
       nullptr,
       "/warmup",
       "warmup_s",
       true,
       true,
       false,
       "0.02",
       {"seconds of untimed warm-up of each measurement before its batch is calibrated (caches, lazy library "
        "initialisation, the CPU clock ramp); at least one operation, and with -r N at most N; in "
        "interleaved "
        "order every backend of a comparison warms up before the first round",
        "seconds of untimed warm-up of each measurement, instead of the config's \"warmup\" (default 0.02)",
        nullptr},
       {},
       {},
       [](const std::string& where, const std::string& t, RunSettings& s) {
         s.warmup_s = parse_warmup(where, t);
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         s.warmup_s = parse_warmup(where, config_number(v, where, "a number of seconds"));
       },
       [](const RunSettings& s, json& o) { o["warmup_s"] = s.warmup_s; },
       [](const json& o, RunSettings& s) { return seconds_from(o, "warmup_s", s.warmup_s); },
       [](const RunSettings& s) { return "--warmup " + text(s.warmup_s); }},
      {"order",
       nullptr,
       "/order",
       "order",
       false,
       false,
       false,
       "interleaved",
       {"interleaved (default: the backends of each comparison are sampled in shuffled rounds, so they share "
        "the host's phases, and ranked by paired ratios) or sequential (each backend on its own, one after "
        "another)",
        "interleaved or sequential, instead of the config's \"order\" (default interleaved)", nullptr},
       {},
       {"interleaved", "sequential"},
       [](const std::string& where, const std::string& t, RunSettings& s) {
         s.order = parse_order(where, t);
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         s.order = config_choice(v, where, "interleaved", "sequential") == "sequential" ? Order::Sequential
                                                                                        : Order::Interleaved;
       },
       [](const RunSettings& s, json& o) { o["order"] = order_name(s.order); },
       [](const json& o, RunSettings& s) {
         const auto it = o.find("order");
         if (it == o.end() || !it->is_string()) return false;
         s.order = *it == "sequential" ? Order::Sequential : Order::Interleaved;
         return true;
       },
       [](const RunSettings& s) { return std::string("--order ") + order_name(s.order); }},
      {"u,unit",
       nullptr,
       "/unit",
       "unit",
       false,
       false,
       false,
       "ms",
       {"time unit: ns, us, ms, s", "time unit: ns, us, ms, s, instead of the config's", nullptr,
        "time unit: ns, us, ms, s, instead of the report's",
        "time unit of the medians: ns, us, ms, s (default: the base report's)"},
       {},
       {"ns", "us", "ms", "s"},
       [](const std::string& where, const std::string& t, RunSettings& s) {
         const auto unit = parse_unit(t);
         if (!unit) throw UsageError(where + " '" + t + "' is not valid: expected ns, us, ms or s");
         s.unit = *unit;
         s.unit_given = true;
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         const std::string t = config_string(v, where, "one of \"ns\", \"us\", \"ms\", \"s\"");
         const auto unit = parse_unit(t);
         if (!unit) throw UsageError(where + " '" + t + "' is not valid: expected ns, us, ms or s");
         s.unit = *unit;
         s.unit_given = true;
       },
       [](const RunSettings& s, json& o) {
         o["unit"] = std::string(unit_name(s.unit));
         o["unit_given"] = s.unit_given;
       },
       [](const json& o, RunSettings& s) {
         // Reports written before "unit_given" existed: -u's unit was always used.
         const auto given = o.find("unit_given");
         s.unit_given = given == o.end() || !given->is_boolean() || given->get<bool>();
         const auto it = o.find("unit");
         const auto unit =
             it != o.end() && it->is_string() ? parse_unit(it->get<std::string>()) : std::nullopt;
         if (unit) s.unit = *unit;
         return true;  // `report` renders in its own -u or the report's unit: nothing here is malformed
       },
       nullptr},
      {"layout",
       nullptr,
       "/layout",
       "layout",
       false,
       false,
       false,
       "default",
       {"report layout: default (with several libraries the console ends in one summary table per algorithm, "
        "key and operation: libraries ranked per size, ratio to the fastest with its 95% CI), seed (the "
        "original's per-line output and rankings, for every library), or 2004 (the 2004 timing test's "
        "tables: "
        "algorithm rows, library columns, an Average column, Mb/s; public-key operations per second)",
        "report layout: default (with several libraries the console ends in summary tables), seed (the "
        "original's per-line output and rankings for every library), or 2004 (the 2004 timing test's "
        "tables), "
        "instead of the config's",
        nullptr, "report layout: default, seed or 2004 (default: the run's)"},
       {},
       {},  // completion offers no layouts (as before the table)
       [](const std::string& where, const std::string& t, RunSettings& s) {
         s.layout = parse_layout(where, t);
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         const std::string t = config_string(v, where, "\"default\", \"seed\" or \"2004\"");
         if (!valid_layout(t))
           throw UsageError(where + " '" + t + "' is not valid: expected \"default\", \"seed\" or \"2004\"");
         s.layout = t;
       },
       [](const RunSettings& s, json& o) { o["layout"] = s.layout; },
       [](const json& o, RunSettings& s) {
         const auto it = o.find("layout");
         if (it == o.end() || !it->is_string() || !valid_layout(it->get<std::string>())) return false;
         s.layout = it->get<std::string>();
         return true;
       },
       nullptr},
      {"pin",
       nullptr,
       "/pin",
       "pin",
       false,
       false,
       false,
       nullptr,
       {"run on these CPUs only, as taskset -c takes them: 1, 0-3, 0,2 (default: wherever the OS says)",
        "run on these CPUs only (1, 0-3, 0,2), instead of the config's \"pin\"", nullptr},
       {},
       {},
       [](const std::string& where, const std::string& t, RunSettings& s) {
         s.pin_cpus = parse_pin(where, t);
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         s.pin_cpus =
             parse_pin(where, config_string(v, where, "a CPU list as a string, e.g. \"1\" or \"0-3\""));
       },
       [](const RunSettings& s, json& o) {
         o["pin"] = s.pin_cpus.empty() ? json(nullptr) : json(format_cpu_list(s.pin_cpus));
       },
       [](const json& o, RunSettings& s) {
         const auto it = o.find("pin");
         if (it == o.end() || !it->is_string()) return false;
         auto cpus = parse_cpu_list(it->get<std::string>());
         if (!cpus) return false;
         s.pin_cpus = *cpus;
         return true;
       },
       nullptr},
      {"isolate",
       "no-isolate",
       "/isolate",
       nullptr,
       false,
       false,
       false,
       nullptr,
       {"run each job (backend x algorithm x key size) in a child process: a backend that crashes, aborts "
        "or hangs is recorded as failed and the run goes on (default for `run`)",
        "run each job (backend x algorithm x key size) in a child process, so a backend that crashes, "
        "aborts or hangs is recorded as failed and the study goes on (the default; config \"isolate\")",
        nullptr},
       {"run every job in this process (the default here): a crashing backend ends the program",
        "run every job in this process: faster to start, but a crashing backend ends the study", nullptr},
       {},
       [](const std::string&, const std::string& t, RunSettings& s) { s.isolate = t == "true"; },
       [](const json& v, const std::string& where, RunSettings& s) {
         if (!v.is_boolean()) wrong_type(v, where, "true or false");
         s.isolate = v.get<bool>();
       },
       nullptr,
       nullptr,
       nullptr},
      {"job-timeout",
       nullptr,
       "/job_timeout_s",
       nullptr,
       false,
       false,
       false,
       "300",
       {"isolated jobs: seconds a job may take before it is killed and recorded as failed; 0: no limit",
        "isolated jobs: seconds a job may take before it is killed and recorded as failed, instead of the "
        "config's \"job_timeout_s\" (default 300); 0: no limit",
        nullptr},
       {},
       {},
       [](const std::string& where, const std::string& t, RunSettings& s) {
         s.job_timeout_s = parse_job_timeout(where, t);
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         s.job_timeout_s =
             parse_job_timeout(where, config_number(v, where, "a number of seconds (0: no limit)"));
       },
       nullptr,
       nullptr,
       nullptr},
      {"stop-after",
       nullptr,
       "/stop_after_s",
       nullptr,
       false,
       false,
       false,
       "0",
       {"stop the run S seconds after measuring begins, at the next batch boundary, and write the report "
        "with every record finished, exit status 143 (as SIGTERM); 0: no limit",
        "stop the run S seconds after measuring begins, at the next batch boundary, and write the report "
        "with every record finished, exit status 143 (as SIGTERM), instead of the config's \"stop_after_s\"; "
        "0: no limit",
        nullptr},
       {},
       {},
       [](const std::string& where, const std::string& t, RunSettings& s) {
         s.stop_after_s = parse_stop_after(where, t);
       },
       [](const json& v, const std::string& where, RunSettings& s) {
         s.stop_after_s =
             parse_stop_after(where, config_number(v, where, "a number of seconds (0: no limit)"));
       },
       nullptr,
       nullptr,
       nullptr},
  };
  return kTable;
}

}  // namespace

std::span<const RunSetting> run_settings() { return table(); }

const RunSetting& run_setting(SettingId id) {
  static_assert(static_cast<size_t>(SettingId::Count) == 15, "one SettingId per table entry, in its order");
  return table().at(static_cast<size_t>(id));
}

}  // namespace ca
