#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>

#include "catalog/catalog.hpp"
#include "exec/runner.hpp"
#include "plugin/backend.hpp"
#include "rank/ranking.hpp"
#include "tests/support/load_plugin.hpp"

namespace ca {
namespace {

const std::string kTestPlugins = CRYPTAUDITOR_TEST_PLUGIN_DIR;

TEST(PluginLoader, WrongAbiVersionIsRefusedWithAClearMessage) {
  std::string problem;
  auto b = ca::test::load_or_say(kTestPlugins + "/ca-backend-wrong_abi.so", problem);
  EXPECT_EQ(b, nullptr);
  EXPECT_NE(problem.find("ABI version 999"), std::string::npos) << problem;
  EXPECT_NE(problem.find("needs 1"), std::string::npos) << problem;
}

TEST(PluginLoader, MissingFileIsReportedNotFatal) {
  std::string problem;
  EXPECT_EQ(ca::test::load_or_say(kTestPlugins + "/ca-backend-nonexistent.so", problem), nullptr);
  EXPECT_NE(problem.find("not loaded"), std::string::npos) << problem;
}

TEST(PluginLoader, ScanLoadsGoodPluginsAndListsRefusedOnes) {
  PluginScan scan = load_plugins(kTestPlugins);
  ASSERT_EQ(scan.backends.size(), 1u);
  EXPECT_EQ(scan.backends[0]->name(), "fake");
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_NE(scan.problems[0].find("wrong_abi"), std::string::npos);
}

TEST(PluginLoader, MissingDirectoryIsAProblemNotACrash) {
  PluginScan scan = load_plugins("/nonexistent/plugins");
  EXPECT_TRUE(scan.backends.empty());
  ASSERT_EQ(scan.problems.size(), 1u);
}

TEST(PluginLoader, WorldWritablePluginIsRefused) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("ca-plugin-trust-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  ::chmod(dir.c_str(), 0755);
  fs::path copy = dir / "ca-backend-fake.so";
  fs::copy_file(kTestPlugins + "/ca-backend-fake.so", copy, fs::copy_options::overwrite_existing);
  ::chmod(copy.c_str(), 0777);
  std::string problem;
  EXPECT_EQ(ca::test::load_or_say(copy.string(), problem), nullptr);
  EXPECT_NE(problem.find("writable by group or others"), std::string::npos) << problem;
  fs::remove_all(dir);
}

TEST(PluginLoader, UnsupportedAlgorithmHasAReason) {
  std::string problem;
  auto fake = ca::test::load_or_say(kTestPlugins + "/ca-backend-fake.so", problem);
  ASSERT_NE(fake, nullptr) << problem;
  EXPECT_FALSE(fake->unsupported_reason("AES-CTR", 256).has_value());
  auto reason = fake->unsupported_reason("AES-GCM", 256);
  ASSERT_TRUE(reason.has_value());
  EXPECT_NE(reason->find("not offered"), std::string::npos);
  auto bits = fake->unsupported_reason("AES-CTR", 512);
  ASSERT_TRUE(bits.has_value());
  EXPECT_NE(bits->find("512-bit key not offered"), std::string::npos) << *bits;
}

// Correctness before timing: a backend whose output is wrong is recorded as failed and never ranked.
TEST(CorrectnessGate, WrongOutputIsNeverTimedOrRanked) {
  std::string problem;
  auto fake = ca::test::load_or_say(kTestPlugins + "/ca-backend-fake.so", problem);
  ASSERT_NE(fake, nullptr) << problem;
  RunPlan plan;
  plan.jobs = {{find_algorithm("AES-CTR"), 128}, {find_algorithm("SHA2-256"), 0}};
  plan.data_sizes = {64};
  plan.backends = {fake.get()};
  plan.measure.rounds = 10;
  auto records = run(plan);
  ASSERT_EQ(records.size(), 3u);  // encrypt, decrypt, hash
  for (const auto& r : records) {
    EXPECT_EQ(r.status, Status::Failed) << r.algorithm << ' ' << r.operation;
    EXPECT_NE(r.error.find("known answer"), std::string::npos) << r.error;
    EXPECT_EQ(r.measurement.timed_ops, 0u);
  }
  EXPECT_TRUE(algorithm_rankings(records).empty());
}

}  // namespace
}  // namespace ca
