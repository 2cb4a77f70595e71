// The run settings table (core/settings/setting_table.cpp, run_settings.hpp) and the selection table
// (core/settings/selection_table.cpp, selection.hpp): every setting's flag, config key and report/journal key
// are declared there and nowhere else in core/, app/ or plugins/; the tables' accessors round-trip; and the
// setting added through the run settings table, --warmup, reaches the plan, the report and the journal.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "catalog/catalog.hpp"
#include "exec/plan.hpp"
#include "settings/run_settings.hpp"
#include "settings/selection.hpp"
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

// The quoted forms of a selection setting's names: its flag as for a run setting, its top-level config key
// and its key in a config's "algorithms" entries. The bare words that are also the words of the record
// schema ("backend", "key_bits", "params": a record's fields in core/record/record_json.cpp, restated by
// every report writer in plugins/ and by the known-answer files) or operations ("hash", "mac":
// core/plugin/call.cpp) go into `bare_words_elsewhere`: those are checked in app/ only, the code that reads
// flags and configs (a cxxopts name or a config key is spelled nowhere else); the flag's "--name" form and
// its cxxopts spec are checked everywhere.
std::set<std::string> quoted_names(const SelectionSetting& s, std::set<std::string>& bare_words_elsewhere) {
  std::set<std::string> out;
  if (!s.flag.empty()) {
    const std::string name = s.long_flag();
    out.insert("\"" + s.flag + "\"");
    out.insert("\"--" + name);
    out.insert("\"" + name + "\"");
    bare_words_elsewhere.insert("\"" + name + "\"");
  }
  for (const std::string& key : {s.config_key, s.entry_key})
    if (!key.empty()) {
      out.insert("\"" + key + "\"");
      out.insert("\"/" + key + "\"");  // a JSON pointer
      bare_words_elsewhere.insert("\"" + key + "\"");
      bare_words_elsewhere.insert("\"/" + key + "\"");
    }
  return out;
}

// Whether `line` holds `name`; a name that opens a flag ("--backend) must end there, so that "--backends
// (list's own flag) is not taken for "--backend.
bool mentions(const std::string& line, const std::string& name) {
  for (size_t at = line.find(name); at != std::string::npos; at = line.find(name, at + 1)) {
    const size_t end = at + name.size();
    if (name.back() == '"' || end == line.size() ||
        !(std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '-' || line[end] == '_'))
      return true;
  }
  return false;
}

const std::set<std::string> kFamilyFlags = {"\"--cipher", "\"--hash", "\"--signature",
                                            "\"--mac",    "\"--kdf",  "\"--kex"};

// Places where one of those words names something other than a run setting, each with the reason.
const std::map<std::string, std::set<std::string>> kNotARunSetting = {
    // The leak screen's own flags and config keys (--budget per test, --repetitions, --pin of the screen).
    {"app/cli/leaks_command.cpp",
     {"\"budget\"", "\"--budget", "\"repetitions\"", "\"--repetitions", "\"pin\"", "\"--pin"}},
    // "leaks": {"budget_s", ...}, below with select's "data_size".
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
    // The selection's words in app/ that name something else: list's own --backends switch and its ALGORITHM
    // arguments; select's "select": {"data_size"} (the decision row's size); `report` reading a saved
    // report's
    // records and context ("backend", "key_bits", "backends": the record schema's fields).
    {"app/cli/list_command.cpp", {"\"backends\"", "\"algorithms\""}},
    {"app/config/study_config.cpp", {"\"budget_s\"", "\"repetitions\"", "\"data_size\""}},
    {"app/cli/report_command.cpp", {"\"backend\"", "\"key_bits\"", "\"backends\""}},
    // The catalog names the families' flags (family_flag, for its own messages and `list`); the selection
    // table makes the algorithm flags from it.
    {"core/catalog/catalog.cpp", kFamilyFlags},
    {"core/catalog/catalog.hpp", kFamilyFlags},
    // The leaks subcommand's one-line example in the subcommand table.
    {"app/cli/help.cpp", {"\"--mac"}},
};

TEST(SettingsTable, FlagsConfigKeysAndReportKeysAreDeclaredOnlyInTheTable) {
  std::map<std::string, std::string> owner;  // quoted name -> the setting's flag
  for (const RunSetting& s : run_settings())
    for (const std::string& name : quoted_names(s)) owner.emplace(name, s.flag);
  std::set<std::string> bare_words_elsewhere;
  for (const SelectionSetting& s : selection_settings())
    for (const std::string& name : quoted_names(s, bare_words_elsewhere))
      owner.emplace(name, s.flag.empty() ? "\"" + s.config_key + "\"" : s.flag);
  const fs::path root = CRYPTAUDITOR_SOURCE_DIR;
  std::vector<std::string> found;
  size_t files = 0;
  for (const char* top : {"core", "app", "plugins"})
    for (const auto& entry : fs::recursive_directory_iterator(root / top)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".h" && ext != ".c"))
        continue;
      const std::string rel = fs::relative(entry.path(), root).generic_string();
      // The tables themselves, and their headers' comments on what an entry holds.
      if (rel == "core/settings/setting_table.cpp" || rel == "core/settings/run_settings.hpp" ||
          rel == "core/settings/selection_table.cpp" || rel == "core/settings/selection.hpp")
        continue;
      ++files;
      const auto allowed = kNotARunSetting.find(rel);
      std::ifstream in(entry.path());
      size_t number = 0;
      for (std::string line; std::getline(in, line);) {
        ++number;
        const size_t text = line.find_first_not_of(" \t");
        if (text != std::string::npos && line.compare(text, 2, "//") == 0) continue;  // a comment line
        for (const auto& [name, flag] : owner)
          if (mentions(line, name) &&
              (allowed == kNotARunSetting.end() || allowed->second.count(name) == 0) &&
              !(bare_words_elsewhere.count(name) && rel.rfind("app/", 0) != 0))
            found.push_back(rel + ":" + std::to_string(number) + ": " + name + " (the setting " + flag + ")");
      }
    }
  EXPECT_GT(files, 100u) << "the source tree was not found at " << root;
  std::string list;
  for (const auto& f : found) list += f + "\n";
  EXPECT_TRUE(found.empty()) << "setting names restated outside core/settings/setting_table.cpp and "
                                "selection_table.cpp (use the table's entry instead):\n"
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

namespace ca {
namespace {

TEST(SelectionTable, OneEntryPerIdEveryFamilyAFlagAndNoNameTwice) {
  ASSERT_EQ(selection_settings().size(), static_cast<size_t>(SelectionId::Count));
  std::set<std::string> flags, config_keys, entry_keys;
  for (const RunSetting& s : run_settings()) flags.insert(s.long_flag());
  for (const SelectionSetting& s : selection_settings()) {
    if (!s.flag.empty()) {
      EXPECT_TRUE(flags.insert(s.long_flag()).second) << s.flag << " is also another setting's flag";
    }
    if (!s.config_key.empty()) {
      EXPECT_TRUE(config_keys.insert(s.config_key).second) << s.config_key;
    }
    if (!s.entry_key.empty()) {
      EXPECT_TRUE(entry_keys.insert(s.entry_key).second) << s.entry_key;
    }
    if (s.list) {
      EXPECT_FALSE(s.expected.empty()) << s.flag << ": a list flag says what a value is";
    }
  }
  for (const AlgorithmInfo& a : catalog()) {
    const SelectionSetting& f = family_setting(a.family);
    EXPECT_EQ(f.dashed(), family_flag(a.family)) << a.name;
    EXPECT_EQ(f.entry_key, f.long_flag()) << "a config entry names its algorithm by the flag's name";
    EXPECT_EQ(selection_by_flag(f.long_flag()), &f);
  }
  EXPECT_EQ(selection_setting(SelectionId::Cipher).usage(), "-c CIPHER");
  EXPECT_EQ(selection_setting(SelectionId::Hash).usage(), "--hash HASH");
  EXPECT_EQ(config_pointer(SelectionId::KeyBits), "/key_bits");
}

// Each command's --help lists the selection flags the table gives it, and a bad value is named by the flag.
TEST(SelectionTable, EveryCommandListsItsFlagsAndMessagesNameThem) {
  const std::pair<const char*, SelectionCommand> commands[] = {
      {"", SelectionCommand::Bench},         {"run ", SelectionCommand::Run},
      {"select ", SelectionCommand::Select}, {"leaks ", SelectionCommand::Leaks},
      {"verify ", SelectionCommand::Verify}, {"list ", SelectionCommand::List}};
  for (const auto& [word, command] : commands) {
    const auto help = run_cryptauditor(std::string(word) + "--help");
    ASSERT_EQ(help.status, 0) << word << help.err;
    for (const SelectionSetting& s : selection_settings()) {
      if (s.flag.empty()) continue;
      const bool listed = help.out.find(s.dashed() + " ") != std::string::npos;
      EXPECT_EQ(listed, s.on(command)) << "`" << word << "--help` and " << s.dashed();
    }
  }
  const auto bad = run_cryptauditor("-c AES-GCM -k 17 --plugin-dir /nonexistent");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find(selection_setting(SelectionId::KeyBits).dashed() + " "), std::string::npos)
      << bad.err;
  // The leak screen's own list of its algorithm flags, made from the table.
  const auto none = run_cryptauditor("leaks");
  EXPECT_EQ(none.status, 2);
  EXPECT_EQ(none.err,
            "cryptauditor: leaks: no algorithm selected: give -c, -s, --mac or --kex (see cryptauditor leaks "
            "--help)\n");
}

}  // namespace
}  // namespace ca
