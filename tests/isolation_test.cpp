// Isolated jobs and clean interruption, as a user meets them: a study timing the openssl backend next to a
// plugin that segfaults, aborts, hangs or computes wrongly still reports every other result, and SIGINT or
// SIGTERM leaves a partial report and journal. The misbehaving plugins (tests/plugins/fault_plugin.c) are
// built from plugin_abi.h alone, as a third party would build them. Every case here runs one process
// (`--processes 1`): in process, or in forked children with --isolate; the workers of --processes N, the
// default, meet the same faults in workers_test.cpp.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "plugin/backend.hpp"
#include "tests/support/load_plugin.hpp"
#include "tests/support/run_program.hpp"
#include "tests/support/sanitizers.hpp"

extern char** environ;

namespace {

namespace fs = std::filesystem;
using ca::test::ProgramResult;
using nlohmann::json;

size_t lines(const std::string& s) { return static_cast<size_t>(std::count(s.begin(), s.end(), '\n')); }

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), {}};
}

// A plugin folder holding the openssl backend, the fault plugins and the fake (wrong output) plugin, and a
// folder for the study's files.
class Isolation : public testing::Test {
 protected:
  void SetUp() override {
    const fs::path openssl = fs::path(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) / "ca-backend-openssl.so";
    if (!fs::exists(openssl)) GTEST_SKIP() << "the openssl backend was not built";
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    root_ = fs::path(testing::TempDir()) / ("ca-isolation-" + std::to_string(::getpid()) + "-" +
                                            info->test_suite_name() + "-" + info->name());
    fs::remove_all(root_);
    plugins_ = root_ / "plugins";
    fs::create_directories(plugins_);
    ::chmod(root_.c_str(), 0755);
    ::chmod(plugins_.c_str(), 0755);  // the loader refuses folders others may write to
    auto copy = [&](const fs::path& from) {
      const fs::path to = plugins_ / from.filename();
      fs::copy_file(from, to, fs::copy_options::overwrite_existing);
      ::chmod(to.c_str(), 0755);
    };
    copy(openssl);
    for (const char* name : {"segfault", "abort", "hang", "exit", "wrong_repeat"})
      copy(fs::path(CRYPTAUDITOR_FAULT_PLUGIN_DIR) / ("ca-backend-" + std::string(name) + ".so"));
    copy(fs::path(CRYPTAUDITOR_TEST_PLUGIN_DIR) / "ca-backend-fake.so");
    report_ = root_ / "report.json";
    journal_ = root_ / "report.json.journal";
  }
  void TearDown() override {
    if (!root_.empty()) fs::remove_all(root_);
  }

  // Puts the botan backend into the plugin folder: a second correct ChaCha20 beside openssl.
  void add_botan() {
    const fs::path from = fs::path(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) / "ca-backend-botan.so";
    if (!fs::exists(from)) GTEST_SKIP() << "the botan backend was not built";
    fs::copy_file(from, plugins_ / from.filename(), fs::copy_options::overwrite_existing);
    ::chmod((plugins_ / from.filename()).c_str(), 0755);
  }

  // Puts one more fault plugin into the plugin folder (under another file name when `as` is given).
  void add_fault_plugin(const std::string& fault, const std::string& as = "") {
    const fs::path from = fs::path(CRYPTAUDITOR_FAULT_PLUGIN_DIR) / ("ca-backend-" + fault + ".so");
    const fs::path to = plugins_ / (as.empty() ? from.filename().string() : as);
    fs::copy_file(from, to, fs::copy_options::overwrite_existing);
    ::chmod(to.c_str(), 0755);
  }

  // Writes a study config: `extra` is spliced into the object (e.g. "\"job_timeout_s\": 2,").
  std::string config(const std::string& algorithms, const std::string& backends, const std::string& sizes,
                     const std::string& extra) {
    const fs::path path = root_ / "study.json";
    std::ofstream(path) << "{" << extra << "\"algorithms\": " << algorithms << ", \"backends\": " << backends
                        << ", \"data_sizes\": " << sizes
                        << ", \"outputs\": [{\"format\": \"json\", \"path\": \"" << report_.string()
                        << "\"}]}";
    return path.string();
  }

  // In a sanitizer build (tests/run_all.sh asan) ASan's own SIGSEGV handler would turn the plugin's crash
  // into its report and an abort; handle_segv=0 lets the signal kill the job as it does in a normal build.
  ProgramResult run(const std::string& args, const std::string& env = "") {
    return ca::test::run_program(
        env + " ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0\" " + ca::test::binary() + " " +
        args + " --quiet --processes 1 --no-default-plugins --plugin-dir " + plugins_.string());
  }

  json report() {
    std::ifstream in(report_);
    return json::parse(in);
  }

  static std::vector<json> of(const json& doc, const std::string& backend) {
    std::vector<json> out;
    for (const auto& r : doc["results"])
      if (r["backend"] == backend) out.push_back(r);
    return out;
  }

  static const json* find(const json& doc, const std::string& backend, const std::string& op, size_t bytes) {
    for (const auto& r : doc["results"])
      if (r["backend"] == backend && r["operation"] == op && r["data_bytes"] == bytes) return &r;
    return nullptr;
  }

  static void expect_all_ok(const json& doc, const std::string& backend, size_t count) {
    const auto records = of(doc, backend);
    EXPECT_EQ(records.size(), count) << backend;
    for (const auto& r : records) {
      EXPECT_EQ(r["status"], "ok") << r.dump();
      EXPECT_GT(r["median_ns"].get<double>(), 0) << r.dump();
    }
  }

  fs::path root_, plugins_, report_, journal_;
};

const char* kChaCha = "[{\"cipher\": \"CHACHA20\"}]";
const char* kTwoSizes = "[\"1KB\", \"16KB\"]";

TEST_F(Isolation, SegfaultInEncryptKeepsEveryOtherResult) {
  ProgramResult r =
      run("run " + config(kChaCha, "[\"openssl\", \"segfault\"]", kTwoSizes, "\"rounds\": 20,"));
  EXPECT_EQ(r.status, 1) << r.err;  // a failed record makes the run fail, as a failed self-test does
  EXPECT_NE(r.err.find("some measurements failed"), std::string::npos) << r.err;
  const json doc = report();
  expect_all_ok(doc, "openssl", 4);
  ASSERT_EQ(of(doc, "segfault").size(), 4u);
  // Measured before the crash: kept. Interleaved with openssl's, each backend in its own child process.
  for (const char* op : {"encrypt", "decrypt"}) {
    const json* small = find(doc, "segfault", op, 1024);
    ASSERT_NE(small, nullptr);
    EXPECT_EQ((*small)["status"], "ok") << small->dump();
    const json* theirs = find(doc, "openssl", op, 1024);
    ASSERT_TRUE(small->contains("comparison")) << small->dump();
    EXPECT_EQ((*small)["comparison"], (*theirs)["comparison"]);
    EXPECT_EQ((*small)["sample_rounds"].size(), (*small)["samples_ns"].size());
  }
  // The comparison the crash interrupted still gave openssl its full rounds.
  for (const char* op : {"encrypt", "decrypt"}) EXPECT_EQ((*find(doc, "openssl", op, 16384))["rounds"], 20);
  for (const char* op : {"encrypt", "decrypt"}) {
    const json* big = find(doc, "segfault", op, 16384);
    ASSERT_NE(big, nullptr);
    EXPECT_EQ((*big)["status"], "failed");
    EXPECT_EQ((*big)["error"], "killed by signal 11 (SIGSEGV) in encrypt 16KB") << big->dump();
  }
}

TEST_F(Isolation, AbortInTheSelfTestIsContainedAndSaysWhere) {
  ProgramResult r = run("run " + config(kChaCha, "[\"abort\", \"openssl\"]", kTwoSizes, "\"rounds\": 20,"));
  EXPECT_EQ(r.status, 1) << r.err;
  const json doc = report();
  expect_all_ok(doc, "openssl", 4);
  const auto aborted = of(doc, "abort");
  ASSERT_EQ(aborted.size(), 4u);
  for (const auto& rec : aborted) {
    EXPECT_EQ(rec["status"], "failed");
    EXPECT_EQ(rec["error"], "killed by signal 6 (SIGABRT) in the self-test") << rec.dump();
  }
}

TEST_F(Isolation, HangIsKilledAtTheJobTimeout) {
  const auto start = std::chrono::steady_clock::now();
  ProgramResult r = run("run " + config(kChaCha, "[\"hang\", \"openssl\"]", kTwoSizes,
                                        "\"rounds\": 20, \"job_timeout_s\": 2,"));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::minutes(5));
  const json doc = report();
  expect_all_ok(doc, "openssl", 4);
  const json* hung = find(doc, "hang", "decrypt", 16384);
  ASSERT_NE(hung, nullptr);
  EXPECT_EQ((*hung)["status"], "failed");
  EXPECT_EQ((*hung)["error"], "timed out after 2 s in decrypt 16KB") << hung->dump();
  // Whatever finished within the 2 s stays; on a slow machine that may be less than the 1KB records.
  for (const auto& rec : of(doc, "hang")) {
    if (rec["status"] == "ok") continue;
    EXPECT_NE(rec["error"].get<std::string>().find("timed out after 2 s in "), std::string::npos)
        << rec.dump();
  }
}

TEST_F(Isolation, ExitInTheMiddleOfAJobIsAFailureNotAGap) {
  ProgramResult r = run("run " + config(kChaCha, "[\"exit\", \"openssl\"]", kTwoSizes, "\"rounds\": 20,"));
  EXPECT_EQ(r.status, 1) << r.err;
  const json doc = report();
  expect_all_ok(doc, "openssl", 4);
  ASSERT_EQ(of(doc, "exit").size(), 4u) << "every planned record is in the report";
  EXPECT_EQ((*find(doc, "exit", "encrypt", 1024))["status"], "ok");
  for (const char* op : {"encrypt", "decrypt"}) {
    const json* big = find(doc, "exit", op, 16384);
    ASSERT_NE(big, nullptr);
    EXPECT_EQ((*big)["error"], "the job's process exited (status 0) before finishing in encrypt 16KB")
        << big->dump();
  }
}

TEST_F(Isolation, WrongOutputFailsTheSelfTestInTheChildToo) {
  ProgramResult r = run("run " + config("[{\"cipher\": \"AES-CTR\", \"key_bits\": 128}]",
                                        "[\"fake\", \"openssl\"]", "[\"1KB\"]", "\"rounds\": 20,"));
  EXPECT_EQ(r.status, 1) << r.err;
  const json doc = report();
  expect_all_ok(doc, "openssl", 2);
  for (const auto& rec : of(doc, "fake")) {
    EXPECT_EQ(rec["status"], "failed");
    EXPECT_NE(rec["error"].get<std::string>().find("known answer"), std::string::npos) << rec.dump();
  }
}

// Correct where it is measured: a backend right in every single call (the self-test passes) whose timed
// path, the repeat loop, stops computing is failed, named with its size, and never ranked. In process and
// isolated alike.
TEST_F(Isolation, WrongOnlyInTheTimedPathIsFailedAndNotRanked) {
  for (const char* mode : {"--no-isolate", "--isolate"}) {
    ProgramResult r =
        run(std::string("-c CHACHA20 -d 1KB -r 200 -b openssl,wrong_repeat --format json ") + mode);
    EXPECT_EQ(r.status, 1) << mode << r.err;
    const json doc = json::parse(r.out);
    const json* bad = find(doc, "wrong_repeat", "encrypt", 1024);
    ASSERT_NE(bad, nullptr);
    EXPECT_EQ((*bad)["status"], "failed") << bad->dump();
    EXPECT_NE(
        (*bad)["error"].get<std::string>().find("timed output check: encrypt 1KB: the output of the last "
                                                "timed operation"),
        std::string::npos)
        << bad->dump();
    EXPECT_EQ((*find(doc, "wrong_repeat", "decrypt", 1024))["status"], "ok") << "decrypt has no repeat form";
    EXPECT_EQ((*find(doc, "openssl", "encrypt", 1024))["status"], "ok");
    for (const auto& p : doc["pairwise_ratios"])
      EXPECT_FALSE(p["operation"] == "encrypt" && (p["a"] == "wrong_repeat" || p["b"] == "wrong_repeat"));
  }
  ProgramResult table = run("-c CHACHA20 -d 1KB -r 200 -b openssl,wrong_repeat --layout seed");
  EXPECT_EQ(table.out.find("wrong_repeat - "), table.out.rfind("wrong_repeat - "))
      << "ranked once (decrypt) only";
}

// Correct where it is measured: a backend wrong only above 4 KiB (right in every call, so the self-test, the
// round trip and the timed-output check pass) is failed at 16 KB by comparing its output with the other
// libraries' on the same key, nonce and message, named with the size and the first differing byte, and
// never ranked there; at 1 KB it is right and ranked. In process and isolated alike.
TEST_F(Isolation, WrongOnlyAboveFourKibIsFailedAtTheMeasuredSizeAndNotRanked) {
  add_botan();
  if (IsSkipped()) return;
  add_fault_plugin("wrong_large");
  for (const char* mode : {"--no-isolate", "--isolate"}) {
    ProgramResult r =
        run(std::string("-c CHACHA20 -d 1KB,16KB -r 100 -b openssl,botan,wrong_large --format json ") + mode);
    EXPECT_EQ(r.status, 1) << mode << r.err;
    const json doc = json::parse(r.out);
    for (const char* op : {"encrypt", "decrypt"}) {
      const json* bad = find(doc, "wrong_large", op, 16384);
      ASSERT_NE(bad, nullptr);
      EXPECT_EQ((*bad)["status"], "failed") << bad->dump();
      EXPECT_EQ(
          (*bad)["error"],
          "agreement check at 16KB: disagrees with openssl and botan: its encrypt output for the 16384-byte "
          "message differs from openssl's from byte 4096 on");
      EXPECT_EQ((*find(doc, "wrong_large", op, 1024))["status"], "ok") << "right below 4 KiB";
      const json* good = find(doc, "openssl", op, 16384);
      EXPECT_EQ((*good)["status"], "ok");
      EXPECT_EQ((*good)["agreement"], "agreed with 1 other library at 16KB");
    }
    for (const auto& p : doc["pairwise_ratios"])
      EXPECT_FALSE(p["data_bytes"] == 16384 && (p["a"] == "wrong_large" || p["b"] == "wrong_large"))
          << p.dump();
  }
}

// Two against two: no majority, so every backend that disagrees is disputed, none is ranked, and the run
// exits 1.
TEST_F(Isolation, NoMajorityAtTheMeasuredSizeDisputesThemAll) {
  add_botan();
  if (IsSkipped()) return;
  add_fault_plugin("wrong_large");
  add_fault_plugin("wrong_large2");
  ProgramResult r = run("-c CHACHA20 -d 16KB -r 100 -b openssl,botan,wrong_large,wrong_large2 --format json");
  EXPECT_EQ(r.status, 1) << r.err;
  const json doc = json::parse(r.out);
  for (const char* b : {"openssl", "botan", "wrong_large", "wrong_large2"}) {
    const json* rec = find(doc, b, "encrypt", 16384);
    ASSERT_NE(rec, nullptr) << b;
    EXPECT_EQ((*rec)["status"], "disputed") << rec->dump();
    EXPECT_NE((*rec)["error"].get<std::string>().find("no majority of the 4 libraries agrees"),
              std::string::npos);
  }
  EXPECT_TRUE(doc["pairwise_ratios"].empty()) << doc["pairwise_ratios"].dump();
}

TEST_F(Isolation, DefaultBenchCommandIsolatesOnRequest) {
  ProgramResult r =
      run("-c CHACHA20 -d 1KB,16KB -r 20 -b openssl,segfault --isolate --job-timeout 120 --format json");
  EXPECT_EQ(r.status, 1) << r.err;
  const json doc = json::parse(r.out);
  expect_all_ok(doc, "openssl", 4);
  const json* big = find(doc, "segfault", "encrypt", 16384);
  ASSERT_NE(big, nullptr);
  EXPECT_EQ((*big)["error"], "killed by signal 11 (SIGSEGV) in encrypt 16KB");
}

TEST_F(Isolation, IsolatedAndInProcessRecordsAgreeInShape) {
  // The isolated path streams records through JSON; what reports read must survive it.
  const std::string cfg = config(kChaCha, "[\"openssl\"]", "[\"1KB\"]", "\"rounds\": 50,");
  ProgramResult isolated = run("run " + cfg);
  ASSERT_EQ(isolated.status, 0) << isolated.err;
  const json a = report();
  ProgramResult in_process = run("run " + cfg + " --no-isolate");
  ASSERT_EQ(in_process.status, 0) << in_process.err;
  const json b = report();
  ASSERT_EQ(a["results"].size(), b["results"].size());
  for (size_t i = 0; i < a["results"].size(); ++i) {
    const json &x = a["results"][i], &y = b["results"][i];
    // The same fields both ways: a field the record JSON does not carry would be lost in the child.
    for (const auto& [key, value] : x.items()) EXPECT_TRUE(y.contains(key)) << key;
    for (const auto& [key, value] : y.items()) EXPECT_TRUE(x.contains(key)) << "lost in the child: " << key;
    EXPECT_EQ(x["key_bits"], y["key_bits"]);
    EXPECT_EQ(x["cycles_source"], y["cycles_source"]);
    EXPECT_EQ(x["rounds"], 50);
    EXPECT_EQ(y["rounds"], 50);
    EXPECT_EQ(x["rounds_mode"], "exact");
    EXPECT_EQ(x["samples_ns"].size(), x["samples"].get<size_t>());
  }
}

struct BadValue {
  const char* args;  // after "run CONFIG" or for the default command
  const char* config_extra;
  const char* must_mention;
};

TEST_F(Isolation, BadValuesAreOneLineUsageErrors) {
  const BadValue cases[] = {
      {"--job-timeout -1", "", "--job-timeout '-1'"},
      {"--job-timeout abc", "", "--job-timeout 'abc'"},
      {"--isolate --no-isolate", "", "cannot be given together"},
      {"", "\"isolate\": \"yes\",", "/isolate: expected true or false"},
      {"", "\"job_timeout_s\": -5,", "/job_timeout_s '-5'"},
      {"", "\"job_timeout_s\": \"60s\",", "/job_timeout_s: expected a number of seconds"},
      {"--order random", "", "--order 'random' is not valid: expected interleaved or sequential"},
      {"", "\"order\": \"shuffled\",", "/order"},
  };
  for (const BadValue& c : cases) {
    ProgramResult r =
        run("run " + config(kChaCha, "[\"openssl\"]", "[\"1KB\"]", c.config_extra) + " " + c.args);
    EXPECT_EQ(r.status, 2) << c.args << c.config_extra << "\n" << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find(c.must_mention), std::string::npos) << r.err;
  }
  for (const char* args : {"--hash SHA2-256 --job-timeout -1", "--hash SHA2-256 --isolate --no-isolate",
                           "--hash SHA2-256 --order backwards"}) {
    ProgramResult r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
  }
}

// --- Plugins that must not load --------------------------------------------------------------------------

// A copy of a test plugin in a fresh folder with the given modes, loaded the way the program loads it.
std::string load_problem(const fs::path& plugin, mode_t folder_mode, mode_t file_mode) {
  const fs::path dir = fs::path(testing::TempDir()) / ("ca-refused-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path copy = dir / plugin.filename();
  fs::copy_file(plugin, copy);
  ::chmod(copy.c_str(), file_mode);
  ::chmod(dir.c_str(), folder_mode);
  std::string problem;
  const bool loaded = ca::test::load_or_say(copy.string(), problem) != nullptr;
  fs::remove_all(dir);
  return loaded ? "loaded" : problem;
}

const fs::path kFaultPlugins = CRYPTAUDITOR_FAULT_PLUGIN_DIR;

TEST(RefusedPlugin, TableSmallerThanThisCoreKnows) {
  const std::string problem = load_problem(kFaultPlugins / "ca-backend-short_table.so", 0755, 0755);
  EXPECT_NE(problem.find("refused: backend table of "), std::string::npos) << problem;
  const size_t required = offsetof(ca_backend, last_error) + sizeof(ca_backend::last_error);
  EXPECT_NE(problem.find("this cryptauditor needs at least " + std::to_string(required)), std::string::npos)
      << problem;
}

// The fault plugins other than short_table end their table before the optional `repeat` entry (as if built
// before it existed): they load, and the isolation tests time them one call per operation.
TEST(RefusedPlugin, TableEndingBeforeAnOptionalEntryStillLoads) {
  EXPECT_EQ(load_problem(kFaultPlugins / "ca-backend-segfault.so", 0755, 0755), "loaded");
}

// A worker of --processes N loads its plugin without the probe (PluginProbe::Skip): its parent probed the
// file, and a crash there fails only the worker. With the probe, a constructor that crashes is an Error;
// without it, the crash is the loading process's own (here a forked child, as the worker is).
TEST(RefusedPlugin, AWorkerLoadsWithoutTheProbeSoACrashIsItsOwn) {
  const fs::path dir = fs::path(testing::TempDir()) / ("ca-noprobe-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path copy = dir / "ca-backend-ctor_crash.so";
  fs::copy_file(kFaultPlugins / "ca-backend-ctor_crash.so", copy);
  ::chmod(copy.c_str(), 0755);
  ::chmod(dir.c_str(), 0755);
  // Under AddressSanitizer the probe's child and this test's end by SIGABRT (tests/support/sanitizers.hpp).
  const int crash = ca::test::kCrashSignal;
  const std::string killed =
      "killed by signal " + std::to_string(crash) + " (" + ca::test::kCrashSignalName + ") while loading it";
  auto probed = ca::load_plugin(copy.string(), "", ca::PluginProbe::First);
  ASSERT_FALSE(probed);
  EXPECT_NE(probed.error().message.find(killed), std::string::npos) << probed.error().message;
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    [[maybe_unused]] auto loaded = ca::load_plugin(copy.string(), "", ca::PluginProbe::Skip);
    ::_exit(42);  // reached only if the constructor did not crash this process
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  fs::remove_all(dir);
  // Killed by the crash: load_plugin did not return.
  EXPECT_FALSE(WIFEXITED(status) && WEXITSTATUS(status) == 42)
      << "with the probe skipped, the loading process itself crashes";
  ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
  EXPECT_EQ(WTERMSIG(status), crash);
}

TEST(RefusedPlugin, NullFunctionInTheTable) {
  const std::string problem = load_problem(kFaultPlugins / "ca-backend-null_entry.so", 0755, 0755);
  EXPECT_NE(problem.find("refused: backend table has null entries"), std::string::npos) << problem;
}

TEST(RefusedPlugin, GroupWritableFileOrFolder) {
  const fs::path fake = fs::path(CRYPTAUDITOR_TEST_PLUGIN_DIR) / "ca-backend-fake.so";
  EXPECT_EQ(load_problem(fake, 0755, 0755), "loaded");  // the control: same copy, safe modes
  const std::string file = load_problem(fake, 0755, 0775);
  EXPECT_NE(file.find("ca-backend-fake.so is writable by group or others (chmod go-w it)"), std::string::npos)
      << file;
  const std::string folder = load_problem(fake, 0775, 0755);
  EXPECT_NE(folder.find("is writable by group or others"), std::string::npos) << folder;
}

// --- Hostile plugins: nothing a plugin does may lose a report -------------------------------------------

// In process (the default command's default, `run --no-isolate`), a plugin that calls exit(0) in encrypt
// ended the run with status 0 and an empty report. The exit guard writes the partial report and fails,
// naming the plugin and the step.
TEST_F(Isolation, ExitInProcessWritesThePartialReportAndNamesThePluginAndStep) {
  ProgramResult r = run("run " + config(kChaCha, "[\"openssl\", \"exit\"]", kTwoSizes, "\"rounds\": 20,") +
                        " --no-isolate");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("plugin code called exit() (backend 'exit' in encrypt 16KB): the run stopped"),
            std::string::npos)
      << r.err;
  // In process the backends of a comparison are measured together (the interleaved order): the comparison
  // the exit ended (encrypt 16KB) is lost for every backend; everything measured before it is reported.
  const json doc = report();
  expect_all_ok(doc, "openssl", 2);
  EXPECT_EQ((*find(doc, "exit", "encrypt", 1024))["status"], "ok");
  EXPECT_EQ((*find(doc, "exit", "decrypt", 1024))["status"], "ok");

  // The default command, report on standard output.
  ProgramResult bench = run("-c CHACHA20 -d 1KB,16KB -r 20 -b openssl,exit --format json");
  EXPECT_EQ(bench.status, 1) << bench.err;
  const json out = json::parse(bench.out);
  expect_all_ok(out, "openssl", 2);
  EXPECT_NE(bench.err.find("backend 'exit' in encrypt 16KB"), std::string::npos) << bench.err;
}

// Memory exhaustion in process: std::bad_alloc escaped the runner and the program exited without a report.
TEST_F(Isolation, OutOfMemoryInProcessWritesThePartialReport) {
#ifdef CA_UNDER_ASAN
  GTEST_SKIP() << "ASan's allocator does not return null under RLIMIT_AS; the Release stage runs this";
#endif
  add_fault_plugin("oom");
  ProgramResult r =
      run("run " + config(kChaCha, "[\"openssl\", \"oom\"]", kTwoSizes, "\"rounds\": 20,") + " --no-isolate");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("out of memory (std::bad_alloc) (backend 'oom' in "), std::string::npos) << r.err;
  const json doc = report();
  expect_all_ok(doc, "openssl", 2);  // the comparison in progress is lost, as above
  EXPECT_EQ((*find(doc, "oom", "encrypt", 1024))["status"], "ok");
}

// A plugin's writes to standard output landed inside a JSON report written there. Now descriptor 1 is the
// standard error for the whole run, in process and in isolated jobs.
TEST_F(Isolation, APluginPrintingToStdoutDoesNotCorruptTheReport) {
  add_fault_plugin("print");
  for (const char* isolate : {"--no-isolate", "--isolate"}) {
    ProgramResult r = run(std::string("-c CHACHA20 -d 1KB -r 20 -b openssl,print --format json ") + isolate);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.find("PLUGIN-NOISE"), std::string::npos) << isolate << "\n" << r.out;
    EXPECT_NE(r.err.find("PLUGIN-NOISE from library_version"), std::string::npos) << r.err;
    const json doc = json::parse(r.out);  // throws if anything else is in it
    expect_all_ok(doc, "print", 2);
  }
}

// A crash while loading (a constructor) or in library_version() killed even an isolated run with no
// message: loading happened in the parent. Each plugin is probed in a child first.
TEST_F(Isolation, APluginCrashingAtLoadOrInLibraryVersionIsNotLoadedAndTheRunGoesOn) {
  add_fault_plugin("ctor_crash");
  add_fault_plugin("version_crash");
  for (const std::string& command :
       {"run " + config(kChaCha, "[\"openssl\"]", "[\"1KB\"]", "\"rounds\": 20,"),
        std::string("-c CHACHA20 -d 1KB -r 20 -b openssl --format json --no-isolate")}) {
    ProgramResult r = run(command);
    EXPECT_EQ(r.status, 0) << command << "\n" << r.err;
    EXPECT_NE(r.err.find("plugin ca-backend-ctor_crash.so not loaded: killed by signal 11 (SIGSEGV) while "
                         "loading it (dlopen runs its constructors)"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("plugin ca-backend-version_crash.so not loaded: killed by signal 11 (SIGSEGV) in "
                         "library_version()"),
              std::string::npos)
        << r.err;
    const json doc = command.starts_with("run") ? report() : json::parse(r.out);
    expect_all_ok(doc, "openssl", 2);
    EXPECT_TRUE(of(doc, "version_crash").empty());
  }
}

// A plugin named `openssl` in a file that sorts first displaced the real OpenSSL backend, with a warning.
TEST_F(Isolation, TwoPluginsWithOneNameAreBothRefusedNamingTheFiles) {
  add_fault_plugin("dup_openssl", "ca-backend-0penssl.so");
  ProgramResult r = run("-c CHACHA20 -d 1KB -r 20 -b openssl --format json");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("plugin ca-backend-0penssl.so refused: it calls itself 'openssl', and so does "
                       "ca-backend-openssl.so"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("plugin ca-backend-openssl.so refused: it calls itself 'openssl', and so does "
                       "ca-backend-0penssl.so"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("--backend 'openssl' is not a loaded backend"), std::string::npos) << r.err;
}

// -b takes backend names in any case, so two plugins whose names differ only in case would be one name to
// it: both are refused, as for one name (issue #31 item 5).
TEST_F(Isolation, TwoPluginsWhoseNamesDifferOnlyInCaseAreBothRefused) {
  const std::string fake = (plugins_ / "ca-backend-fake.so").string();
  ProgramResult r = ca::test::run_cryptauditor("list --backends --no-default-plugins --plugin-dir " +
                                               plugins_.string() + " --plugin " + fake + "=FAKE");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("refused: it calls itself 'FAKE', and so does"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("refused: it calls itself 'fake', and so does"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("names differing only in case are one name"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("fake"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("FAKE"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("openssl"), std::string::npos) << r.out;
}

// verify and verify --interop ran every backend in the program itself: one segfault ended the whole
// verification with no output. Each backend's share (per file, per algorithm, per pair) is isolated.
TEST_F(Isolation, VerifyRecordsACrashAsThatBackendsFailure) {
  const fs::path vectors =
      fs::path(CRYPTAUDITOR_WYCHEPROOF_DIR) / "testvectors_v1" / "chacha20_poly1305_test.json";
  if (!fs::exists(vectors)) GTEST_SKIP() << "no Wycheproof vectors at " << vectors;
  add_fault_plugin("verify_crash");
  auto verify = [&](const std::string& args) {
    return ca::test::run_program("ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0\" " +
                                 ca::test::binary() + " verify " + args +
                                 " --no-default-plugins --plugin-dir " + plugins_.string());
  };
  ProgramResult r = verify("--vectors " + vectors.string() + " -b openssl,verify_crash --format json");
  EXPECT_EQ(r.status, 1) << r.err;
  const json doc = json::parse(r.out);
  ASSERT_EQ(doc["files"].size(), 1u);
  bool saw_openssl = false, saw_crash = false;
  for (const auto& b : doc["files"][0]["backends"]) {
    if (b["backend"] == "openssl") {
      saw_openssl = true;
      EXPECT_GT(b["passed"].get<size_t>(), 100u) << b.dump();
      EXPECT_EQ(b["failed"], 0) << b.dump();
    } else if (b["backend"] == "verify_crash") {
      saw_crash = true;
      EXPECT_EQ(b["failed"], 1);
      EXPECT_NE(b["failures"][0]["detail"].get<std::string>().find(
                    "killed by signal 11 (SIGSEGV) while running chacha20_poly1305_test.json"),
                std::string::npos)
          << b.dump();
    }
  }
  EXPECT_TRUE(saw_openssl && saw_crash) << r.out;

  ProgramResult interop = verify("--interop -b openssl,verify_crash --format json");
  EXPECT_EQ(interop.status, 1) << interop.err;
  const json checks = json::parse(interop.out)["checks"];
  size_t chacha_ok = 0, poly_crashed = 0;
  for (const auto& c : checks) {
    if (c["algorithm"] == "CHACHA20" && c["status"] == "ok") ++chacha_ok;
    if (c["algorithm"] == "CHACHA20-POLY1305" && c["status"] == "FAIL" &&
        c["detail"].get<std::string>().find("killed by signal 11 (SIGSEGV)") != std::string::npos)
      ++poly_crashed;
  }
  EXPECT_EQ(chacha_ok, 2u) << "both directions of the pair that works: " << checks.dump();
  EXPECT_EQ(poly_crashed, 2u) << checks.dump();
}

// The trust check looked at the plugin's own folder only: a symlink into a world-writable folder, or a
// 0755 folder inside a 0777 one, loaded.
TEST(RefusedPlugin, EveryFolderUpToTheRootAndSymlinkTargetsAreChecked) {
  const fs::path fake = fs::path(CRYPTAUDITOR_TEST_PLUGIN_DIR) / "ca-backend-fake.so";
  const fs::path root = fs::path(testing::TempDir()) / ("ca-trust-" + std::to_string(::getpid()));
  fs::remove_all(root);
  const fs::path open = root / "open", inner = open / "inner", safe = root / "safe";
  fs::create_directories(inner);
  fs::create_directories(safe);
  ::chmod(root.c_str(), 0755);
  ::chmod(safe.c_str(), 0755);
  ::chmod(inner.c_str(), 0755);
  ::chmod(open.c_str(), 0777);  // writable by anyone, not sticky
  fs::copy_file(fake, inner / fake.filename());
  ::chmod((inner / fake.filename()).c_str(), 0755);
  std::string problem;
  EXPECT_EQ(ca::test::load_or_say((inner / fake.filename()).string(), problem), nullptr);
  EXPECT_NE(problem.find(open.string() + " is writable by group or others"), std::string::npos) << problem;

  fs::create_symlink(inner / fake.filename(), safe / fake.filename());
  problem.clear();
  EXPECT_EQ(ca::test::load_or_say((safe / fake.filename()).string(), problem), nullptr);
  EXPECT_NE(problem.find(open.string() + " is writable by group or others"), std::string::npos) << problem;

  // The control: the same folders, none writable by others, load.
  ::chmod(open.c_str(), 0755);
  problem.clear();
  EXPECT_NE(ca::test::load_or_say((safe / fake.filename()).string(), problem), nullptr) << problem;
  fs::remove_all(root);
}

// --- Interruption -------------------------------------------------------------------------------------

// Starts the program with its output in files, so the test can signal it.
pid_t spawn(const std::vector<std::string>& args, const fs::path& out, const fs::path& err) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return rc == 0 ? pid : -1;
}

// Waits for the process; kills it after `limit` so a broken handler fails the test instead of hanging it.
int wait_for(pid_t pid, std::chrono::seconds limit, bool& timed_out) {
  const auto end = std::chrono::steady_clock::now() + limit;
  int status = 0;
  timed_out = false;
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > end) {
      timed_out = true;
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return status;
}

size_t complete_lines(const fs::path& p) {
  const std::string text = slurp(p);
  return lines(text);
}

struct InterruptCase {
  bool isolate;
  int sig;
};

class Interrupt : public Isolation, public testing::WithParamInterface<InterruptCase> {};

TEST_P(Interrupt, WritesThePartialReportAndJournalAndExits128PlusTheSignal) {
  const auto [isolate, sig] = GetParam();
  std::string cfg;
  if (isolate) {
    // openssl's records come first, then the hang plugin hangs in decrypt 16KB with no job timeout: the
    // study cannot end unless the interruption works.
    cfg = config(kChaCha, "[\"openssl\", \"hang\"]", kTwoSizes, "\"rounds\": 20, \"job_timeout_s\": 0,");
  } else {
    // In-process: the flag is checked between measurements, so use many long ones (about 1 s each).
    cfg = config("[{\"cipher\": \"AES-CTR\"}, {\"cipher\": \"CHACHA20\"}, {\"hash\": \"SHA2-256\"}]",
                 "[\"openssl\"]", "[\"64B\", \"256B\", \"1KB\", \"4KB\", \"16KB\", \"64KB\"]",
                 "\"stopping\": {\"budget_s\": 1, \"target_rel_ci\": 0.000001},");
  }
  const fs::path out = root_ / "stdout", err = root_ / "stderr";
  std::vector<std::string> args = {ca::test::binary(),
                                   "run",
                                   cfg,
                                   "--quiet",
                                   "--processes",
                                   "1",
                                   "--no-default-plugins",
                                   "--plugin-dir",
                                   plugins_.string(),
                                   isolate ? "--isolate" : "--no-isolate"};
  const pid_t pid = spawn(args, out, err);
  ASSERT_GT(pid, 0);
  // Until the journal holds a record after its settings line (no fixed sleep: the machine may be slow).
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  while (complete_lines(journal_) < 2 && std::chrono::steady_clock::now() < give_up) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, WNOHANG), 0) << "ended before the signal:\n" << slurp(err);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_GE(complete_lines(journal_), 2u) << slurp(err);
  ASSERT_EQ(::kill(pid, sig), 0);
  bool timed_out = false;
  const int status = wait_for(pid, std::chrono::minutes(2), timed_out);
  ASSERT_FALSE(timed_out) << "the program did not stop after the signal\n" << slurp(err);
  ASSERT_TRUE(WIFEXITED(status)) << "ended by a signal instead of exiting: " << status;
  EXPECT_EQ(WEXITSTATUS(status), 128 + sig);

  const std::string message = slurp(err);
  EXPECT_EQ(lines(message), 1u) << message;
  EXPECT_NE(message.find(sig == SIGINT ? "interrupted by SIGINT" : "interrupted by SIGTERM"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("--resume"), std::string::npos) << message;

  const json doc = report();
  const size_t reported = doc["results"].size();
  EXPECT_GE(reported, 1u);
  EXPECT_EQ(complete_lines(journal_), 1 + reported)
      << "the journal (after its settings line) and the report hold the same records";
  const size_t planned = isolate ? 8 : 2 * 6 + 2 * 6 + 6;
  EXPECT_LT(reported, planned) << "the study was stopped early";
  for (const auto& rec : doc["results"])
    EXPECT_EQ(rec["status"], "ok") << "nothing is marked failed by an interruption";

  // The report says it is partial and lists what the run did not reach, apart from "not offered": in its
  // JSON, and in the Markdown, HTML and console made from it (issue #31 item 3).
  const std::string stopped_by = sig == SIGINT ? "interrupted by SIGINT" : "interrupted by SIGTERM";
  EXPECT_EQ(doc["run"]["complete"], false);
  EXPECT_EQ(doc["run"]["stopped_by"], stopped_by);
  EXPECT_EQ(doc["run"]["planned_records"], planned);
  EXPECT_EQ(doc["run"]["not_measured"].size(), planned - reported);
  for (const char* format : {"markdown", "html", "table"}) {
    ProgramResult shown = ca::test::run_cryptauditor("report " + report_.string() + " --format " + format);
    EXPECT_EQ(shown.status, 0) << shown.err;
    EXPECT_NE(shown.out.find("PARTIAL REPORT: " + stopped_by), std::string::npos) << format << shown.out;
    EXPECT_NE(shown.out.find(std::string(format) == "table" ? "Not measured (interrupted):\n"
                                                            : "not measured (interrupted)"),
              std::string::npos)
        << format << shown.out;
  }
}

INSTANTIATE_TEST_SUITE_P(Signals, Interrupt,
                         testing::Values(InterruptCase{true, SIGINT}, InterruptCase{true, SIGTERM},
                                         InterruptCase{false, SIGINT}, InterruptCase{false, SIGTERM}),
                         [](const testing::TestParamInfo<InterruptCase>& info) {
                           return std::string(info.param.isolate ? "Isolated" : "InProcess") +
                                  (info.param.sig == SIGINT ? "Sigint" : "Sigterm");
                         });

// --- Stopping an in-process measurement (issue #14 item 8) ---------------------------------------------

// A run that cannot finish by itself: the fake backend fails its self-test at once (so the journal soon
// holds its records, finished), then openssl's first comparison asks for 10^12 timed operations (hours).
// Only stopping the measurement in progress can end it.
class StopMeasurement : public Isolation {
 protected:
  std::vector<std::string> endless_run(const std::string& mode, const std::string& extra = "") {
    const std::string cfg =
        config(kChaCha, "[\"fake\", \"openssl\"]", "[\"1KB\"]", "\"rounds\": 999999999999," + extra);
    return {
        ca::test::binary(), "run", cfg, "--quiet", "--processes", "1", "--no-default-plugins", "--plugin-dir",
        plugins_.string(),  mode};
  }

  // Starts the program; returns once the journal holds a finished record (then openssl is being set up
  // or measured), plus half a second so that its measurement has begun.
  pid_t start(const std::vector<std::string>& args) {
    const pid_t pid = spawn(args, root_ / "stdout", root_ / "stderr");
    if (pid <= 0) return pid;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(3);
    while (complete_lines(journal_) < 2 && std::chrono::steady_clock::now() < give_up) {
      int status = 0;
      if (::waitpid(pid, &status, WNOHANG) != 0) return -1;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    return pid;
  }

  // The report holds the fake backend's records (failed in the self-test) and nothing of the abandoned
  // comparison; the journal the same.
  void expect_finished_records_only() {
    const json doc = report();
    ASSERT_EQ(of(doc, "fake").size(), 2u) << doc.dump();
    EXPECT_EQ(of(doc, "openssl").size(), 0u) << "the stopped comparison is abandoned, not reported";
    EXPECT_EQ(complete_lines(journal_), 1 + doc["results"].size());
  }
};

// Before: the first SIGINT/SIGTERM only stopped the run between comparisons, and the handlers were
// one-shot, so the second ended the program at once without a report (SIGTERM waited without bound for
// `-r 999999999999`). Now the second stops the measurement at its next batch boundary, and the report is
// written with everything finished.
TEST_F(StopMeasurement, ASecondSignalStopsAnInProcessMeasurementAtTheNextBatch) {
  for (const int sig : {SIGTERM, SIGINT}) {
    const pid_t pid = start(endless_run("--no-isolate"));
    ASSERT_GT(pid, 0) << slurp(root_ / "stderr");
    ASSERT_EQ(::kill(pid, sig), 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, WNOHANG), 0) << "one signal does not stop a measurement in process";
    ASSERT_EQ(::kill(pid, sig), 0);
    bool timed_out = false;
    status = wait_for(pid, std::chrono::minutes(2), timed_out);
    ASSERT_FALSE(timed_out) << "the second signal did not stop the measurement\n" << slurp(root_ / "stderr");
    ASSERT_TRUE(WIFEXITED(status)) << "ended by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0)
                                   << " instead of writing its report";
    EXPECT_EQ(WEXITSTATUS(status), 128 + sig);
    const std::string message = slurp(root_ / "stderr");
    EXPECT_NE(message.find(sig == SIGINT ? "interrupted by SIGINT" : "interrupted by SIGTERM"),
              std::string::npos)
        << message;
    expect_finished_records_only();
    fs::remove(report_);
    fs::remove(journal_);
  }
}

// The escape for a backend stuck inside one call stays: a third signal ends the program at once. The hang
// backend sleeps forever inside decrypt 16KB, in process, where no batch boundary comes.
TEST_F(StopMeasurement, AThirdSignalEndsAProgramStuckInAPluginCall) {
  const std::string cfg = config(kChaCha, "[\"openssl\", \"hang\"]", kTwoSizes, "\"rounds\": 20,");
  const pid_t pid = start({ca::test::binary(), "run", cfg, "--quiet", "--processes", "1",
                           "--no-default-plugins", "--plugin-dir", plugins_.string(), "--no-isolate"});
  ASSERT_GT(pid, 0) << slurp(root_ / "stderr");
  // Until encrypt 16KB is in (the settings line and six records): then decrypt 16KB runs, and hangs.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  while (complete_lines(journal_) < 7 && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::this_thread::sleep_for(std::chrono::seconds(1));
  for (int i = 0; i < 2; ++i) {
    ASSERT_EQ(::kill(pid, SIGTERM), 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, WNOHANG), 0) << "two signals wait for the batch boundary";
  ASSERT_EQ(::kill(pid, SIGTERM), 0);
  bool timed_out = false;
  status = wait_for(pid, std::chrono::minutes(1), timed_out);
  ASSERT_FALSE(timed_out);
  ASSERT_TRUE(WIFSIGNALED(status)) << status;
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
}

// --stop-after S (config "stop_after_s"): at the deadline, the measurement in progress stops at its next
// batch boundary (in process) or its job is killed (isolated); the report holds every finished record and
// the status is 143, as for SIGTERM. Before, there was no such flag.
TEST_F(StopMeasurement, TheStopAfterDeadlineStopsTheRunAndWritesTheReport) {
  for (const char* mode : {"--no-isolate", "--isolate"}) {
    for (const bool from_config : {false, true}) {
      std::vector<std::string> args = endless_run(mode, from_config ? "\"stop_after_s\": 2," : "");
      if (!from_config) args.insert(args.end(), {"--stop-after", "2"});
      const pid_t pid = spawn(args, root_ / "stdout", root_ / "stderr");
      ASSERT_GT(pid, 0);
      bool timed_out = false;
      const int status = wait_for(pid, std::chrono::minutes(3), timed_out);
      ASSERT_FALSE(timed_out) << mode << ": the deadline did not stop the run\n" << slurp(root_ / "stderr");
      ASSERT_TRUE(WIFEXITED(status)) << mode << ": " << status;
      EXPECT_EQ(WEXITSTATUS(status), 143) << mode << slurp(root_ / "stderr");
      const std::string message = slurp(root_ / "stderr");
      EXPECT_NE(message.find("stopped at the --stop-after deadline (2 s)"), std::string::npos) << message;
      EXPECT_EQ(lines(message), 1u) << message;
      expect_finished_records_only();
      fs::remove(report_);
      fs::remove(journal_);
    }
  }
  // The default command, report on standard output.
  ProgramResult bench = run("-c CHACHA20 -d 1KB -r 999999999999 -b openssl --stop-after 1 --format json");
  EXPECT_EQ(bench.status, 143) << bench.err;
  const json partial = json::parse(bench.out);
  EXPECT_TRUE(partial["results"].empty()) << bench.out;
  EXPECT_NE(bench.err.find("stopped at the --stop-after deadline (1 s)"), std::string::npos) << bench.err;
  // The report is marked partial: both planned records (encrypt, decrypt) are listed as not measured.
  EXPECT_EQ(partial["run"]["complete"], false) << bench.out;
  EXPECT_EQ(partial["run"]["stopped_by"], "stopped at the --stop-after deadline (1 s)");
  EXPECT_EQ(partial["run"]["not_measured"].size(), 2u) << bench.out;
  ProgramResult console = run("-c CHACHA20 -d 1KB -r 999999999999 -b openssl --stop-after 1");
  EXPECT_EQ(console.status, 143) << console.err;
  EXPECT_NE(console.out.find("PARTIAL REPORT: stopped at the --stop-after deadline (1 s); 0 of 2 planned"),
            std::string::npos)
      << console.out;
  EXPECT_NE(console.out.find("Not measured (interrupted):\n  CHACHA20 256-bit encrypt, 1KB: openssl\n"),
            std::string::npos)
      << console.out;
}

TEST_F(StopMeasurement, BadStopAfterValuesAreOneLineUsageErrors) {
  for (const char* bad : {"-1", "abc", "1e10", "nan"}) {
    ProgramResult r = run("-c CHACHA20 -d 1KB -r 10 -b openssl --stop-after " + std::string(bad));
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find("--stop-after '" + std::string(bad) + "' is not valid: expected seconds >= 0"),
              std::string::npos)
        << r.err;
  }
  ProgramResult r = run("run " + config(kChaCha, "[\"openssl\"]", "[\"1KB\"]", "\"stop_after_s\": -5,"));
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("/stop_after_s"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(report_));
}

// --- Job supervision (issue #14 item 9) ----------------------------------------------------------------

// Whether `pid` is a live process (not gone, not a zombie waiting to be reaped).
bool alive(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), {});
  const auto close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() && text[close + 2] != 'Z';
}

// The helper plugin (fault_plugin.c, FAULT_helper) leaves a helper behind in a session of its own, holding
// the job's pipe, and its encrypt calls exit(0) on 16KB messages. Before: each job whose process ended
// this way waited for --job-timeout (the pipe never reached its end), and the helpers outlived the run,
// re-parented to init. Now the parent watches the child's exit, and every process a job left behind is
// killed when the job ends (util/supervise.hpp), isolated or in process.
class Supervision : public Isolation {
 protected:
  void SetUp() override {
    Isolation::SetUp();
    if (IsSkipped()) return;
    add_fault_plugin("helper");
    pids_ = root_ / "helper.pids";
  }
  void TearDown() override {
    for (pid_t p : helpers())
      if (alive(p)) ::kill(p, SIGKILL);  // never leave one behind, even when the test fails
    Isolation::TearDown();
  }
  std::vector<pid_t> helpers() {
    std::vector<pid_t> pids;
    std::ifstream in(pids_);
    for (long p; in >> p;) pids.push_back(static_cast<pid_t>(p));
    return pids;
  }
  // Output to files, not a pipe: a helper holds every descriptor it inherited, the program's copy of its
  // standard output among them, so a pipe would not end while one lives (the test would hang instead of
  // failing). Killed after three minutes.
  ProgramResult run_with_helpers(const std::string& args) {
    checked_ = helpers().size();  // the pids file keeps every helper, so TearDown can kill them all
    const fs::path out = root_ / "helper.out", err = root_ / "helper.err";
    const pid_t pid =
        spawn({"/bin/sh", "-c",
               "CA_TEST_HELPER_PIDS='" + pids_.string() + "' exec " + ca::test::binary() + " " + args +
                   " --quiet --processes 1 --no-default-plugins --plugin-dir " + plugins_.string()},
              out, err);
    if (pid <= 0) return {-1, "", "cannot start the program"};
    bool timed_out = false;
    const int status = wait_for(pid, std::chrono::minutes(3), timed_out);
    return {!timed_out && WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  }
  // The helpers the last run started.
  void expect_no_helper_left(const std::string& what) {
    const auto pids = helpers();
    ASSERT_GT(pids.size(), checked_) << what << ": the plugin started no helper, so this proves nothing";
    for (size_t i = checked_; i < pids.size(); ++i)
      EXPECT_FALSE(alive(pids[i])) << what << ": helper " << pids[i] << " outlived the run";
  }
  fs::path pids_;
  size_t checked_ = 0;
};

TEST_F(Supervision, AJobWhoseProcessEndsIsNotHeldByItsHelperUntilTheTimeout) {
  ProgramResult r = run_with_helpers("run " + config(kChaCha, "[\"helper\", \"openssl\"]", kTwoSizes,
                                                     "\"rounds\": 20, \"job_timeout_s\": 30,"));
  EXPECT_EQ(r.status, 1) << r.err;
  const json doc = report();
  expect_all_ok(doc, "openssl", 4);
  EXPECT_EQ((*find(doc, "helper", "encrypt", 1024))["status"], "ok");
  for (const char* op : {"encrypt", "decrypt"}) {
    const json* big = find(doc, "helper", op, 16384);
    ASSERT_NE(big, nullptr);
    EXPECT_EQ((*big)["error"], "the job's process exited (status 0) before finishing in encrypt 16KB")
        << "not held until the job timeout: " << big->dump();
  }
  expect_no_helper_left("isolated, the job's process exited");
}

TEST_F(Supervision, NoHelperOutlivesTheRun) {
  const std::string one_size = config(kChaCha, "[\"helper\", \"openssl\"]", "[\"1KB\"]", "\"rounds\": 20,");
  ProgramResult isolated = run_with_helpers("run " + one_size + " --isolate");
  EXPECT_EQ(isolated.status, 0) << isolated.err;
  expect_all_ok(report(), "helper", 2);
  expect_no_helper_left("isolated, the job finished");

  ProgramResult in_process = run_with_helpers("run " + one_size + " --no-isolate");
  EXPECT_EQ(in_process.status, 0) << in_process.err;
  expect_all_ok(report(), "helper", 2);
  expect_no_helper_left("in process, the run finished");

  // In process, the plugin's exit(0) in encrypt 16KB: the exit guard writes the report, and the helper
  // goes too.
  ProgramResult exited = run_with_helpers(
      "run " + config(kChaCha, "[\"openssl\", \"helper\"]", kTwoSizes, "\"rounds\": 20,") + " --no-isolate");
  EXPECT_EQ(exited.status, 1) << exited.err;
  EXPECT_NE(exited.err.find("backend 'helper' in encrypt 16KB"), std::string::npos) << exited.err;
  expect_no_helper_left("in process, the plugin called exit()");

  // The default command.
  ProgramResult bench = run_with_helpers("-c CHACHA20 -d 1KB -r 20 -b openssl,helper --format json");
  EXPECT_EQ(bench.status, 0) << bench.err;
  expect_all_ok(json::parse(bench.out), "helper", 2);
  expect_no_helper_left("the default command");
}

// --- Faults blamed on the right step (issue #14 item 10) ---------------------------------------------

// The overrun plugin's timed path (its repeat form of encrypt) writes past the end of its output buffer.
// Before, a write beyond the buffer's last page corrupted the heap unseen until the next step freed it
// ("killed by signal 6 (SIGABRT) in decrypt 16KB" while encrypt 16KB stayed ok), and a short one went unseen
// altogether. Now a guard page follows the buffer's last page (a SIGSEGV inside the faulty call), and a
// canary fills the rest of that page, checked after each step (exec/placement.hpp).
TEST_F(Isolation, AnOutputBufferOverrunIsBlamedOnTheStepThatMadeIt) {
  add_fault_plugin("overrun");
  ProgramResult far =
      run("run " + config(kChaCha, "[\"overrun\", \"openssl\"]", kTwoSizes, "\"rounds\": 20,"));
  EXPECT_EQ(far.status, 1) << far.err;
  json doc = report();
  expect_all_ok(doc, "openssl", 4);
  EXPECT_EQ((*find(doc, "overrun", "encrypt", 1024))["status"], "ok");
  const json* encrypt = find(doc, "overrun", "encrypt", 16384);
  ASSERT_NE(encrypt, nullptr);
  EXPECT_EQ((*encrypt)["error"], "killed by signal 11 (SIGSEGV) in encrypt 16KB") << encrypt->dump();

  // 16 bytes past the end, within the buffer's last page: the canary, in process and isolated.
  for (const char* mode : {"--isolate", "--no-isolate"}) {
    ProgramResult near =
        run("run " + config(kChaCha, "[\"overrun\", \"openssl\"]", "[\"1KB\", \"32KB\"]", "\"rounds\": 20,") +
            " " + mode);
    EXPECT_EQ(near.status, 1) << mode << near.err;
    doc = report();
    expect_all_ok(doc, "openssl", 4);
    const json* big = find(doc, "overrun", "encrypt", 32768);
    ASSERT_NE(big, nullptr);
    EXPECT_EQ((*big)["status"], "failed") << mode;
    EXPECT_EQ((*big)["error"],
              "wrote past the end of its output buffer in encrypt 32KB (at least 16 bytes after the 32896 it "
              "was given)")
        << mode << big->dump();
    EXPECT_EQ((*find(doc, "overrun", "decrypt", 32768))["status"], "ok")
        << mode << "the next step is not blamed";
  }
}

}  // namespace
