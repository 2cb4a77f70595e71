// Where plugins come from: the default folder, --plugin-dir added to it, --no-default-plugins, --plugin
// FILE[=NAME], $CRYPTAUDITOR_PLUGIN_DIR, and one warning line per file or row that is not used.
#include <gtest/gtest.h>
#include <sched.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "plugin/backend.hpp"
#include "tests/support/run_program.hpp"

namespace {

namespace fs = std::filesystem;
using ca::test::ProgramResult;

const std::string kBackends = CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS;
const std::string kTestPlugins = CRYPTAUDITOR_TEST_PLUGIN_DIR;
const std::string kAliasPlugins = CRYPTAUDITOR_ALIAS_PLUGIN_DIR;

bool have_openssl() { return fs::exists(kBackends + "/ca-backend-openssl.so"); }

#define REQUIRE_OPENSSL() \
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built"

// The backend column of a CSV report, as a set.
std::set<std::string> csv_backends(const std::string& csv) {
  std::set<std::string> names;
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);  // header: backend is the first column
  while (std::getline(lines, line))
    if (!line.empty()) names.insert(line.substr(0, line.find(',')));
  return names;
}

// `list --backends` names, one per line starting with the name.
ProgramResult run(const std::string& args) { return ca::test::run_cryptauditor(args); }

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(PluginSources, PluginDirAddsToTheDefaultFolder) {
  REQUIRE_OPENSSL();
  // The fake backend computes SHA2-256 wrongly: it is loaded (and excluded by the correctness gate), and the
  // built-in openssl backend from the default folder is still there.
  ProgramResult r = run("list --backends --plugin-dir " + kTestPlugins);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("fake"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("openssl"), std::string::npos) << r.out;
}

TEST(PluginSources, TheDefaultFolderGivenAgainIsLoadedOnce) {
  REQUIRE_OPENSSL();
  ProgramResult r = run("list --backends --plugin-dir " + kBackends);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(count(r.out, "ca-backend-openssl.so"), 1u) << r.out;
}

TEST(PluginSources, NoDefaultPluginsSwapsTheFolder) {
  ProgramResult r = run("list --backends --no-default-plugins --plugin-dir " + kTestPlugins);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("fake"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("openssl"), std::string::npos) << r.out;
}

TEST(PluginSources, NoDefaultPluginsWithNothingElseIsAUsageError) {
  ProgramResult r = run("list --backends --no-default-plugins");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--no-default-plugins leaves no plugin to load"), std::string::npos) << r.err;
  EXPECT_EQ(count(r.err, "\n"), 1u) << r.err;
}

TEST(PluginSources, PluginFileUnderAnotherNameIsRankedBesideTheOriginal) {
  REQUIRE_OPENSSL();
  ProgramResult r = run("--hash SHA2-256 -r 20 --format csv --quiet -b openssl,openssl-copy --plugin " +
                        kBackends + "/ca-backend-openssl.so=openssl-copy");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(csv_backends(r.out), (std::set<std::string>{"openssl", "openssl-copy"})) << r.out;
  EXPECT_EQ(r.err, "");
}

// Lanes in child processes (--isolate, --processes N) are separate processes: each comparison puts all of
// them on one CPU, or the paired ratio measures two CPUs of a shared host instead of two libraries (10 of 20
// A/A runs off by 15-20 % before, bench/aa_calibration.py --in-one-run). The calibration plugin, loaded
// twice, writes the CPUs each context's process may use.
TEST(PluginSources, ChildLanesOfOneComparisonShareOneCpu) {
  const std::string calib = fs::path(kBackends).parent_path() / "calibration-plugins" / "ca-backend-calib.so";
  if (!fs::exists(calib)) GTEST_SKIP() << calib << " was not built (needs OpenSSL 3)";
  cpu_set_t mine;
  CPU_ZERO(&mine);
  if (sched_getaffinity(0, sizeof mine, &mine) != 0 || CPU_COUNT(&mine) < 2)
    GTEST_SKIP() << "this process may run on one CPU only: nothing to share";
  const std::string dir = testing::TempDir() + "lane_cpu_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string copy = dir + "/ca-backend-calib-b.so";
  fs::copy_file(calib, copy);
  for (const std::string how : {"--isolate", "--processes 2"}) {
    const std::string file = dir + "/affinity.txt";
    fs::remove(file);
    ::setenv("CA_CALIBRATION_AFFINITY_FILE", file.c_str(), 1);
    ProgramResult r = run("--no-default-plugins --plugin " + calib + " --plugin " + copy +
                          "=calib-b --hash SHA2-256 -d 64B --budget 0.01 --quiet --format json " + how);
    ::unsetenv("CA_CALIBRATION_AFFINITY_FILE");
    ASSERT_EQ(r.status, 0) << how << ": " << r.err;
    std::ifstream in(file);
    std::map<std::string, std::string> cpus_of;  // pid -> its CPU list
    for (std::string pid, cpus; in >> pid >> cpus;) cpus_of[pid] = cpus;
    ASSERT_GE(cpus_of.size(), 2u) << how << ": one line per lane process expected";
    for (const auto& [pid, cpus] : cpus_of)
      EXPECT_EQ(cpus.find(','), std::string::npos) << how << ": process " << pid << " may run on " << cpus;
    if (how == "--isolate") {  // one comparison: both lanes on the same CPU
      EXPECT_EQ(cpus_of.begin()->second, std::next(cpus_of.begin())->second) << how;
    }
  }
  fs::remove_all(dir);
}

// A/B in one run (docs/COMPARE.md): two builds of one library under two names are one interleaved
// comparison, paired round by round, and the ranking gives the paired ratio with its interval. With
// --processes 3 the pairs of all three processes are kept apart (each process's rounds after the previous
// one's), and the ratio is over the three processes.
TEST(PluginSources, TwoBuildsOfOneLibraryAreMeasuredAsAPair) {
  REQUIRE_OPENSSL();
  for (const std::string processes : {"1", "3"}) {
    ProgramResult r =
        run("--hash SHA2-256 -d 1KB --budget 0.03 --format json --quiet -b openssl,openssl-b "
            "--processes " +
            processes + " --plugin " + kBackends + "/ca-backend-openssl.so=openssl-b");
    ASSERT_EQ(r.status, 0) << r.err;
    const auto doc = nlohmann::json::parse(r.out);
    ASSERT_EQ(doc["results"].size(), 2u) << r.out;
    const auto& a = doc["results"][0];
    const auto& b = doc["results"][1];
    ASSERT_EQ(a["status"], "ok");
    ASSERT_EQ(b["status"], "ok");
    EXPECT_EQ(a["comparison"], b["comparison"]);
    for (const auto* rec : {&a, &b}) {
      const auto rounds = (*rec)["sample_rounds"].get<std::vector<uint64_t>>();
      EXPECT_TRUE(std::adjacent_find(rounds.begin(), rounds.end(), std::greater_equal<>()) == rounds.end())
          << "rounds must increase, also across processes";
      EXPECT_EQ(rec->contains("process_medians_ns"), processes == "3");
    }
    ASSERT_EQ(doc["pairwise_ratios"].size(), 1u) << r.out;
    const auto& pair = doc["pairwise_ratios"][0];
    EXPECT_EQ(pair["a"], "openssl");
    EXPECT_EQ(pair["b"], "openssl-b");
    // Nearly every sample is paired: in each process a few rounds may hold one of the two only (the last
    // rounds before one of them has timed its own budget, which the other may not have yet).
    const size_t unpaired = 2 * static_cast<size_t>(std::stoul(processes));
    EXPECT_GE(pair["pairs"].get<size_t>(),
              std::min(a["samples"].get<size_t>(), b["samples"].get<size_t>()) - unpaired);
    EXPECT_LE(pair["ci_low"].get<double>(), pair["ratio"].get<double>());
    EXPECT_GE(pair["ci_high"].get<double>(), pair["ratio"].get<double>());
  }
  ProgramResult table =
      run("--hash SHA2-256 -d 1KB --budget 0.03 --quiet --layout seed -b openssl,openssl-b --plugin " +
          kBackends + "/ca-backend-openssl.so=openssl-b");
  ASSERT_EQ(table.status, 0) << table.err;
  // The second entry of the library ranking: ", 1.01x slower, 95% CI 0.99–1.03" (or "1.00x, 95% CI ...").
  EXPECT_TRUE(table.out.find("x slower, 95% CI ") != std::string::npos ||
              table.out.find("x, 95% CI ") != std::string::npos)
      << table.out;
}

TEST(PluginSources, PluginFileUnderItsOwnNameCollidesWithTheDefaultFolder) {
  REQUIRE_OPENSSL();
  ProgramResult r = run("list --backends --plugin " + kBackends + "/ca-backend-openssl.so");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("ca-backend-openssl.so: already loaded from "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--plugin FILE=NAME"), std::string::npos) << r.err;
}

TEST(PluginSources, BadPluginFlagsAreUsageErrors) {
  for (const std::string& args : {std::string("--plugin /nonexistent/ca-backend-x.so"),
                                  "--plugin " + kBackends + "/ca-backend-openssl.so=bad/name",
                                  "--plugin " + kBackends + "/ca-backend-openssl.so=",
                                  std::string("--plugin-dir /nonexistent/plugins")}) {
    ProgramResult r = run("list --backends " + args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(count(r.err, "\n"), 1u) << args << ": " << r.err;
  }
}

TEST(PluginSources, EnvironmentFolderReplacesTheBuiltInLookup) {
  ProgramResult r = ca::test::run_program("CRYPTAUDITOR_PLUGIN_DIR=" + kTestPlugins + " " +
                                          CRYPTAUDITOR_BINARY + " list --backends");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("fake"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("openssl"), std::string::npos) << r.out;
}

TEST(PluginSources, AFileInAPluginFolderThatIsNotLoadedGetsOneWarning) {
  const fs::path dir = fs::path(testing::TempDir()) / "plugin_sources_skipped";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(kTestPlugins + "/ca-backend-fake.so", dir / "ca-backend-fake.so");
  fs::copy_file(kTestPlugins + "/ca-backend-fake.so", dir / "libfake.so");  // not named ca-backend-*.so
  std::ofstream(dir / "README") << "notes\n";
  fs::permissions(dir, fs::perms::group_write | fs::perms::others_write, fs::perm_options::remove);
  ca::PluginScan scan = ca::load_plugins(dir.string());
  ASSERT_EQ(scan.backends.size(), 1u);
  // The library with another name is named; a file that is no library (README) is not a plugin at all.
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_NE(scan.problems[0].find("libfake.so skipped (plugins are files named ca-backend-<name>.so)"),
            std::string::npos)
      << scan.problems[0];
  fs::remove_all(dir);
}

TEST(PluginSources, ARowNamedByAnAliasGetsOneWarning) {
  ca::PluginScan scan = ca::load_plugins(kAliasPlugins);
  ASSERT_EQ(scan.backends.size(), 1u);
  ASSERT_EQ(scan.problems.size(), 1u) << testing::PrintToString(scan.problems);
  EXPECT_NE(scan.problems[0].find("row 'SHA-512' is not a catalog name (the catalog calls it SHA2-512)"),
            std::string::npos)
      << scan.problems[0];
  // Rows with catalog names are not mentioned.
  EXPECT_EQ(ca::load_plugins(kTestPlugins).problems.size(), 1u);  // only wrong_abi
}

TEST(PluginSources, FoldersLoadInOrderAndTheFirstNameWins) {
  // The same folder twice: every file in it loads once, and each second copy gets one line.
  ca::PluginScan scan = ca::load_plugins(std::vector<std::string>{kTestPlugins, kTestPlugins}, {});
  ASSERT_EQ(scan.backends.size(), 1u);
  EXPECT_EQ(scan.backends[0]->name(), "fake");
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(kTestPlugins))
    files += e.path().filename().string().starts_with("ca-backend-") && e.path().extension() == ".so";
  EXPECT_EQ(static_cast<size_t>(std::count_if(
                scan.problems.begin(), scan.problems.end(),
                [](const std::string& p) { return p.find("already loaded") != std::string::npos; })),
            files);
}

TEST(PluginSources, InstalledFolderFollowsTheConfiguredLibdir) {
  // CRYPTAUDITOR_PLUGIN_DIR_FROM_BINDIR comes from CMAKE_INSTALL_LIBDIR; the install test runs the
  // installed program. Here: the path is <bin>/<relative>/cryptauditor/backends, normalised.
  const std::string dir = ca::installed_plugin_dir("/opt/x/bin/cryptauditor");
  EXPECT_TRUE(dir.ends_with("/cryptauditor/backends")) << dir;
  EXPECT_EQ(dir.find(".."), std::string::npos) << dir;
}

}  // namespace
