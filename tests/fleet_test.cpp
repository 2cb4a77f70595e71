// `cryptauditor merge` and the fleet report: two runs labelled m1 and m2 merge into one document whose HTML
// and Markdown have a machine x library table with one winner per machine.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <regex>

#include "tests/support/run_program.hpp"

namespace {

namespace fs = std::filesystem;
using ca::test::ProgramResult;

const std::string kBackends = CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS;

bool have_openssl() { return fs::exists(kBackends + "/ca-backend-openssl.so"); }

ProgramResult run(const std::string& args) { return ca::test::run_cryptauditor(args); }

std::string read(const fs::path& p) {
  std::ifstream f(p);
  return {std::istreambuf_iterator<char>(f), {}};
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

class Fleet : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!have_openssl()) return;
    // One folder per process: ctest runs each test of this suite in its own process, in parallel.
    dir_ = fs::path(testing::TempDir()) / ("fleet_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    // Two libraries on each "machine": openssl, and the same plugin under a second name.
    for (const std::string label : {"m1", "m2"}) {
      ProgramResult r =
          run("--hash SHA2-256 -d 64B,1KB -r 20 --quiet --format csv --label " + label + " --plugin " +
              kBackends + "/ca-backend-openssl.so=openssl-copy -b openssl,openssl-copy" + " --export-json " +
              (dir_ / (label + ".json")).string());
      ASSERT_EQ(r.status, 0) << r.err;
    }
  }
  void SetUp() override {
    if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built";
  }
  static void TearDownTestSuite() {
    if (!dir_.empty()) fs::remove_all(dir_);
  }
  static fs::path dir_;
};
fs::path Fleet::dir_;

TEST_F(Fleet, LabelIsInTheJsonContext) {
  EXPECT_EQ(nlohmann::json::parse(read(dir_ / "m1.json"))["context"]["machine_label"], "m1");
}

TEST_F(Fleet, MergeKeepsEachMachinesResults) {
  const fs::path fleet = dir_ / "fleet.json";
  ProgramResult r = run("merge " + (dir_ / "m1.json").string() + " " + (dir_ / "m2.json").string() + " -o " +
                        fleet.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto doc = nlohmann::json::parse(read(fleet));
  ASSERT_EQ(doc["machines"].size(), 2u);
  EXPECT_EQ(doc["machines"][0]["label"], "m1");
  EXPECT_EQ(doc["machines"][1]["label"], "m2");
  EXPECT_EQ(doc["machines"][0]["results"], nlohmann::json::parse(read(dir_ / "m1.json"))["results"]);
}

TEST_F(Fleet, HtmlHasAMachineByLibraryTableWithOneWinnerPerMachine) {
  const fs::path fleet = dir_ / "fleet-html.json";
  ASSERT_EQ(run("merge " + (dir_ / "m1.json").string() + " " + (dir_ / "m2.json").string() + " -o " +
                fleet.string())
                .status,
            0);
  ProgramResult r = run("report " + fleet.string() + " --format html");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string& html = r.out;
  // One table per (algorithm, key, operation, size): SHA2-256 hash at 64B and 1KB.
  EXPECT_EQ(count(html, "<table class=\"fleet\">"), 2u) << html;
  EXPECT_EQ(count(html, "<tr><th>machine</th><th>openssl</th><th>openssl-copy</th></tr>"), 2u);
  // Each table: a row per machine, each with exactly one winner cell, and a chart.
  const std::regex row("<tr><th>(m1|m2)</th>((?:<td[^>]*>[^<]*</td>)+)</tr>");
  size_t rows = 0;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), row); it != std::sregex_iterator(); ++it) {
    ++rows;
    EXPECT_EQ(count((*it)[2].str(), "class=\"num winner\""), 1u) << (*it)[0];
    EXPECT_EQ(count((*it)[2].str(), "<td"), 2u) << (*it)[0];
  }
  EXPECT_EQ(rows, 4u);
  EXPECT_EQ(count(html, "<svg"), 2u);
  EXPECT_NE(html.find("</html>"), std::string::npos);

  ProgramResult md = run("report " + fleet.string() + " --format markdown");
  ASSERT_EQ(md.status, 0) << md.err;
  EXPECT_EQ(count(md.out, "| machine | openssl | openssl-copy |"), 2u) << md.out;
  EXPECT_EQ(count(md.out, "** ★ |"), 4u) << md.out;  // one winner cell per machine per table
}

TEST_F(Fleet, SameLabelTwiceAndBadFormatsAreUsageErrors) {
  ProgramResult twice = run("merge " + (dir_ / "m1.json").string() + " " + (dir_ / "m1.json").string());
  EXPECT_EQ(twice.status, 2);
  EXPECT_NE(twice.err.find("machine 'm1' is already in"), std::string::npos) << twice.err;
  EXPECT_EQ(twice.out, "");
  ASSERT_EQ(run("merge " + (dir_ / "m1.json").string() + " -o " + (dir_ / "one.json").string()).status, 0);
  ProgramResult csv = run("report " + (dir_ / "one.json").string() + " --format csv");
  EXPECT_EQ(csv.status, 2);
  EXPECT_NE(csv.err.find("expected html or markdown"), std::string::npos) << csv.err;
  EXPECT_EQ(run("merge").status, 2);
  EXPECT_EQ(run("--hash SHA2-256 --label ''").status, 2);
}

}  // namespace
