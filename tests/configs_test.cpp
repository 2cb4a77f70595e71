// Every study in configs/ validates and produces its outputs (with -r 5 so CI stays quick).
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "config/study_config.hpp"
#include "report/schema.hpp"

namespace ca {
namespace {

std::vector<std::string> shipped_configs() {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(CRYPTAUDITOR_CONFIG_DIR))
    if (entry.path().extension() == ".json") names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(ShippedConfigs, TheOnesTheDocsNameAreThere) {
  const auto names = shipped_configs();
  for (const char* name : {"default.json", "aes-modes.json", "hash-family.json", "signatures.json",
                           "library-selection-aead.json", "library-selection-signatures.json",
                           "timing-test-2004.json", "rsa-library-benchmark.json"})
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
}

TEST(ShippedConfigs, DefaultMatchesTheDefaultSelection) {
  StudyConfig cfg = load_study_config(std::string(CRYPTAUDITOR_CONFIG_DIR) + "/default.json");
  const Selection def = default_selection();
  ASSERT_EQ(cfg.selection.jobs.size(), def.jobs.size());
  for (size_t i = 0; i < def.jobs.size(); ++i) {
    EXPECT_EQ(cfg.selection.jobs[i].algorithm, def.jobs[i].algorithm);
    EXPECT_EQ(cfg.selection.jobs[i].key_bits, def.jobs[i].key_bits);
    EXPECT_EQ(cfg.selection.jobs[i].data_sizes, std::vector<size_t>{1024});
  }
}

class ShippedConfig : public testing::TestWithParam<std::string> {};

TEST_P(ShippedConfig, ValidatesAndProducesItsOutputs) {
  const std::string config = std::string(CRYPTAUDITOR_CONFIG_DIR) + "/" + GetParam();
  const StudyConfig cfg = load_study_config(config);  // throws (and fails) on any error
  EXPECT_FALSE(cfg.description.empty()) << "every shipped study says what it is";

  std::string dir = testing::TempDir() + "configs_test_XXXXXX";
  ASSERT_NE(::mkdtemp(dir.data()), nullptr);
  const std::string cmd = std::string(CRYPTAUDITOR_BINARY) + " run " + config +
                          " -r 5 --quiet --output-dir " + dir + " 2>" + dir + "/stderr.txt";
  std::string out;
  FILE* p = ::popen(cmd.c_str(), "r");
  std::array<char, 4096> buf{};
  for (size_t n; (n = std::fread(buf.data(), 1, buf.size(), p)) > 0;) out.append(buf.data(), n);
  const int raw = ::pclose(p);
  std::ifstream err_file(dir + "/stderr.txt");
  const std::string err(std::istreambuf_iterator<char>(err_file), {});
  ASSERT_TRUE(WIFEXITED(raw)) << err;
  EXPECT_EQ(WEXITSTATUS(raw), 0) << err;

  for (const ConfigOutput& o : cfg.outputs) {
    if (o.spec.path.empty()) {
      // The original's lines, or with several libraries the summary tables (issue #31).
      EXPECT_TRUE(out.find("Performing 5 rounds of") != std::string::npos ||
                  out.find("\nSummary per algorithm, key and operation") != std::string::npos)
          << "the table on standard output\n"
          << out;
      continue;
    }
    const std::string path = dir + "/" + o.spec.path;
    ASSERT_TRUE(std::filesystem::exists(path)) << path;
    if (o.spec.format == "json") {
      std::ifstream in(path);
      const auto doc = nlohmann::json::parse(in);
      EXPECT_EQ(doc["schema_version"], kReportSchemaVersion);
      EXPECT_FALSE(doc["results"].empty());
      bool measured = false;
      for (const auto& r : doc["results"]) measured = measured || r["status"] == "ok";
      EXPECT_TRUE(measured) << "at least one record measured";
    }
  }
  EXPECT_TRUE(std::filesystem::exists(dir + "/" + cfg.outputs.front().spec.path + ".journal") ||
              cfg.outputs.front().spec.path.empty());
}

INSTANTIATE_TEST_SUITE_P(Configs, ShippedConfig, testing::ValuesIn(shipped_configs()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name;
                           for (char c : info.param.substr(0, info.param.size() - 5))
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

}  // namespace
}  // namespace ca
