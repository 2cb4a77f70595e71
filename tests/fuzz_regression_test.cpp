// Replays every input the fuzzers start from or have found (fuzz/corpus/<target>/,
// fuzz/regressions/<target>/, and configs/ for the config parser) through the fuzz target bodies, in every
// build: a crash fixed once stays fixed without libFuzzer, and under -DCRYPTAUDITOR_SANITIZE=ON the
// sanitizers watch these inputs too.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz/fuzz_targets.hpp"

namespace ca {
namespace {

namespace fs = std::filesystem;
using Target = void (*)(const uint8_t*, size_t);

std::vector<fs::path> inputs_of(const std::string& target, const std::vector<std::string>& extra_dirs = {}) {
  std::vector<std::string> dirs = {std::string(CRYPTAUDITOR_FUZZ_DIR) + "/corpus/" + target,
                                   std::string(CRYPTAUDITOR_FUZZ_DIR) + "/regressions/" + target};
  dirs.insert(dirs.end(), extra_dirs.begin(), extra_dirs.end());
  std::vector<fs::path> out;
  for (const auto& dir : dirs)
    if (fs::is_directory(dir))
      for (const auto& entry : fs::directory_iterator(dir))
        if (entry.is_regular_file()) out.push_back(entry.path());
  return out;
}

void replay(Target target, const std::vector<fs::path>& files) {
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    SCOPED_TRACE(file.string());
    EXPECT_NO_THROW(target(reinterpret_cast<const uint8_t*>(data.data()), data.size()));
  }
}

TEST(FuzzRegression, SizeAndUnit) {
  auto files = inputs_of("size_and_unit");
  ASSERT_GE(files.size(), 5u);
  replay(&fuzz::size_and_unit, files);
}

TEST(FuzzRegression, StudyConfig) {
  auto files = inputs_of("study_config", {CRYPTAUDITOR_CONFIG_DIR});
  ASSERT_GE(files.size(), 7u);
  replay(&fuzz::study_config, files);
}

TEST(FuzzRegression, VectorFile) {
  auto files = inputs_of("vector_file");
  ASSERT_GE(files.size(), 1u);
  replay(&fuzz::vector_file, files);
}

TEST(FuzzRegression, ReportFile) {
  auto files = inputs_of("report_file");
  ASSERT_GE(files.size(), 1u);
  replay(&fuzz::report_file, files);
}

// Truncated JSON is a rejection with the documented error type, not an escape, in every parser.
TEST(FuzzRegression, TruncatedJsonIsRejectedNotThrown) {
  const std::string not_json = "{";
  EXPECT_NO_THROW(fuzz::report_file(reinterpret_cast<const uint8_t*>(not_json.data()), not_json.size()));
  EXPECT_NO_THROW(fuzz::study_config(reinterpret_cast<const uint8_t*>(not_json.data()), not_json.size()));
  EXPECT_NO_THROW(fuzz::vector_file(reinterpret_cast<const uint8_t*>(not_json.data()), not_json.size()));
}

}  // namespace
}  // namespace ca
