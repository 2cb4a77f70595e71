// The run settings table (core/settings/setting_table.cpp, run_settings.hpp): every run setting's flag,
// config key and report/journal key are declared there and nowhere else in core/, app/ or plugins/; the
// table's accessors round-trip; and the setting added through it, --warmup, reaches the plan, the report and
// the journal.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "exec/plan.hpp"
#include "settings/run_settings.hpp"
#include "tests/support/run_program.hpp"

namespace ca {
namespace {

namespace fs = std::filesystem;
using ca::test::run_cryptauditor;

// The quoted forms a setting's names take in C++ source: "rounds" (a cxxopts name, args.count), "--rounds
// (the start of a message), "r,rounds" (a cxxopts spec), "/stopping/budget_s" (a config pointer),
// "stopping" and "budget_s" (its keys), "budget_s" (a report key).
std::set<std::string> quoted_names(const RunSetting& s) {
  std::set<std::string> out;
  auto flag = [&](const std::string& spec) {
    const std::string name = spec.substr(spec.find(',') == std::string::npos ? 0 : spec.find(',') + 1);
    out.insert("\"" + spec + "\"");
    out.insert("\"" + name + "\"");
    out.insert("\"--" + name);
  };
  flag(s.flag);
  if (s.negative_flag != nullptr) flag(s.negative_flag);
  if (s.config_key != nullptr) {
    const std::string pointer = s.config_key;
    out.insert("\"" + pointer + "\"");
    std::stringstream segments(pointer.substr(1));
    for (std::string segment; std::getline(segments, segment, '/');) out.insert("\"" + segment + "\"");
  }
  if (s.report_key != nullptr) out.insert("\"" + std::string(s.report_key) + "\"");
  return out;
}

// Places where one of those words names something other than a run setting, each with the reason.
const std::map<std::string, std::set<std::string>> kNotARunSetting = {
    // The leak screen's own flags and config keys (--budget per test, --repetitions, --pin of the screen).
    {"app/cli/leaks_command.cpp",
     {"\"budget\"", "\"--budget", "\"repetitions\"", "\"--repetitions", "\"pin\"", "\"--pin"}},
    {"app/config/study_config.cpp", {"\"budget_s\"", "\"repetitions\""}},  // "leaks": {"budget_s", ...}
    {"plugins/leaks_report.cpp", {"\"budget_s\"", "\"repetitions\"", "\"unit\""}},
    // A record's own fields (what one measurement was: its rounds, threads, repetitions, processes) in the
    // record JSON, its CSV columns, google/benchmark's format and compare's column header.
    {"core/record/record_json.cpp", {"\"rounds\"", "\"threads\"", "\"repetitions\"", "\"processes\""}},
    {"plugins/csv.cpp", {"\"rounds\"", "\"threads\""}},
    {"plugins/gbench_json.cpp", {"\"repetitions\"", "\"threads\""}},
    {"plugins/compare_text.cpp", {"\"processes\""}},
    // The parent-to-worker pipe protocol of --processes (a MeasureConfig on the wire), not a file format.
    {"core/exec/worker.cpp",
     {"\"rounds\"", "\"budget_s\"", "\"target_rel_ci\"", "\"warmup_s\"", "\"repetitions\"", "\"threads\""}},
    // The word a count is counted in ("a whole number of threads from 1 to 1024"), in the validators.
    {"core/settings/setting_values.cpp", {"\"threads\"", "\"repetitions\"", "\"processes\""}},
    // An internal invariant's logic_error, not a message about user input.
    {"core/exec/job_pipeline.cpp", {"\"--processes"}},
};

TEST(SettingsTable, FlagsConfigKeysAndReportKeysAreDeclaredOnlyInTheTable) {
  std::map<std::string, std::string> owner;  // quoted name -> the setting's flag
  for (const RunSetting& s : run_settings())
    for (const std::string& name : quoted_names(s)) owner.emplace(name, s.flag);
  const fs::path root = CRYPTAUDITOR_SOURCE_DIR;
  std::vector<std::string> found;
  size_t files = 0;
  for (const char* top : {"core", "app", "plugins"})
    for (const auto& entry : fs::recursive_directory_iterator(root / top)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".h" && ext != ".c"))
        continue;
      const std::string rel = fs::relative(entry.path(), root).generic_string();
      // The table itself, and its header's comments on what an entry holds.
      if (rel == "core/settings/setting_table.cpp" || rel == "core/settings/run_settings.hpp") continue;
      ++files;
      const auto allowed = kNotARunSetting.find(rel);
      std::ifstream in(entry.path());
      size_t number = 0;
      for (std::string line; std::getline(in, line);) {
        ++number;
        const size_t text = line.find_first_not_of(" \t");
        if (text != std::string::npos && line.compare(text, 2, "//") == 0) continue;  // a comment line
        for (const auto& [name, flag] : owner)
          if (line.find(name) != std::string::npos &&
              (allowed == kNotARunSetting.end() || allowed->second.count(name) == 0))
            found.push_back(rel + ":" + std::to_string(number) + ": " + name + " (the setting " + flag + ")");
      }
    }
  EXPECT_GT(files, 100u) << "the source tree was not found at " << root;
  std::string list;
  for (const auto& f : found) list += f + "\n";
  EXPECT_TRUE(found.empty()) << "run setting names restated outside core/settings/setting_table.cpp (use the "
                                "table's entry instead):\n"
                             << list;
}

TEST(SettingsTable, OneIdPerEntryAndEveryNameIsUnique) {
  ASSERT_EQ(run_settings().size(), static_cast<size_t>(SettingId::Count));
  std::set<std::string> flags, config_keys, report_keys;
  for (const RunSetting& s : run_settings()) {
    EXPECT_TRUE(flags.insert(s.long_flag()).second) << s.flag;
    if (s.config_key != nullptr) {
      EXPECT_TRUE(config_keys.insert(s.config_key).second) << s.config_key;
    }
    if (s.report_key != nullptr) {
      EXPECT_TRUE(report_keys.insert(s.report_key).second) << s.report_key;
    }
    if (s.resume_must_match) {
      EXPECT_NE(s.report_key, nullptr) << s.flag << ": the journal keeps it by its key";
    }
  }
  EXPECT_EQ(run_setting(SettingId::Warmup).long_flag(), "warmup");
  EXPECT_EQ(setting_by_flag("no-isolate"), &run_setting(SettingId::Isolate));
}

// A report written with every reported setting away from its default reads back the same.
RunSettings unusual() {
  RunSettings s;
  s.rounds = 123;
  s.budget_s = 0.5;
  s.target_rel_ci = 0.03;
  s.warmup_s = 0.125;
  s.repetitions = 3;
  s.processes = 4;
  s.threads = 5;
  s.cipher_stream = true;
  s.order = Order::Sequential;
  s.unit = TimeUnit::Us;
  s.unit_given = true;
  s.layout = "seed";
  s.pin_cpus = {0};
  return s;
}

TEST(SettingsTable, ReportKeysRoundTrip) {
  const RunSettings written = unusual();
  RunSettings read;
  settings_from_report(settings_to_json(written), read);
  EXPECT_EQ(read, written);
}

TEST(SettingsTable, JournalKeepsWhatResumeMustMatchAndNamesTheFirstDifference) {
  const RunSettings run = unusual();
  const auto read = journal_settings_from_json(journal_settings_json(run));
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(resume_difference(*read, run), "");
  RunSettings other = run;
  other.warmup_s = 0.25;
  EXPECT_EQ(resume_difference(run, other), "--warmup 0.125, this run uses --warmup 0.25");
  other = run;
  other.layout = "2004";  // how a report looks: resuming may change it
  EXPECT_EQ(resume_difference(run, other), "");
  // A journal written before --warmup existed: read as the default warm-up.
  nlohmann::json old = journal_settings_json(RunSettings{});
  old.erase("warmup_s");
  const auto from_old = journal_settings_from_json(old);
  ASSERT_TRUE(from_old.has_value());
  EXPECT_EQ(from_old->warmup_s, MeasureConfig{}.warmup_s);
  old.erase("threads");  // a setting every journal has: without it, the line is not a settings line
  EXPECT_FALSE(journal_settings_from_json(old).has_value());
}

TEST(SettingsTable, WarmupReachesThePlan) {
  RunSettings s;
  s.warmup_s = 0.3;
  RunPlan plan;
  apply_to_plan(s, plan);
  EXPECT_EQ(plan.measure.warmup_s, 0.3);
  EXPECT_EQ(RunSettings{}.warmup_s, MeasureConfig{}.warmup_s) << "the default is the measurement's own";
}

bool have_openssl() {
  return fs::exists(std::string(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) + "/ca-backend-openssl.so");
}

TEST(SettingsTable, WarmupFlagAndConfigKeyReachTheReport) {
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built";
  const std::string dir = testing::TempDir() + "settings_table_" + std::to_string(::getpid());
  fs::create_directories(dir);
  auto warmup_in_report = [&](const std::string& args) {
    const auto r = run_cryptauditor(args + " --format json -o " + dir + "/r.json");
    EXPECT_EQ(r.status, 0) << r.err;
    std::ifstream in(dir + "/r.json");
    return nlohmann::json::parse(in).at("context").at("settings").at("warmup_s").get<double>();
  };
  EXPECT_EQ(warmup_in_report("-c AES-GCM -b openssl -d 16B -r 50 --warmup 0.005"), 0.005);
  EXPECT_EQ(warmup_in_report("-c AES-GCM -b openssl -d 16B -r 50"), 0.02);
  std::ofstream(dir + "/c.json") << R"({"algorithms": [{"cipher": "AES-GCM"}], "backends": ["openssl"],
    "data_sizes": ["16B"], "rounds": 50, "warmup": 0.004, "isolate": false})";
  EXPECT_EQ(warmup_in_report("run " + dir + "/c.json --quiet"), 0.004);

  auto bad = run_cryptauditor("-c AES-GCM -b openssl --warmup -1");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err,
            "cryptauditor: --warmup '-1' is not valid: expected seconds >= 0 and at most 60, e.g. 0.02\n");
  std::ofstream(dir + "/bad.json") << R"({"warmup": "0.1"})";
  bad = run_cryptauditor("run " + dir + "/bad.json");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("/warmup: expected a number of seconds, got a string"), std::string::npos)
      << bad.err;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace ca
