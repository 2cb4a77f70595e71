// Several reports from one run (--export-json/-csv/-markdown/-html/-gbench-json), `cryptauditor report`
// re-rendering a saved JSON report, and the JSON context's date, host name, project commit and --anonymize.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "tests/support/run_program.hpp"

namespace {

namespace fs = std::filesystem;
using ca::test::ProgramResult;

bool have_openssl() {
  return fs::exists(std::string(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) + "/ca-backend-openssl.so");
}

#define REQUIRE_OPENSSL() \
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built"

ProgramResult run(const std::string& args) { return ca::test::run_cryptauditor(args); }

std::string read(const fs::path& p) {
  std::ifstream f(p);
  return {std::istreambuf_iterator<char>(f), {}};
}

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(testing::TempDir()) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(Exports, OneRunWritesEveryExportAndTheFormatOutput) {
  REQUIRE_OPENSSL();
  const fs::path dir = fresh_dir("exports_all");
  ProgramResult r =
      run("--hash SHA2-256 -r 20 -b openssl --quiet --format markdown -o " + (dir / "run.md").string() +
          " --export-json " + (dir / "a.json").string() + " --export-html " + (dir / "a.html").string() +
          " --export-csv " + (dir / "a.csv").string() + " --export-markdown " + (dir / "a.md").string() +
          " --export-gbench-json " + (dir / "a.gbench.json").string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");  // -o took the markdown report off stdout
  const auto doc = nlohmann::json::parse(read(dir / "a.json"));
  EXPECT_FALSE(doc["results"].empty());
  EXPECT_NE(read(dir / "a.html").find("<html"), std::string::npos);
  EXPECT_EQ(read(dir / "a.csv").rfind("backend,algorithm,", 0), 0u);
  EXPECT_NE(read(dir / "a.gbench.json").find("\"benchmarks\""), std::string::npos);
  EXPECT_EQ(read(dir / "a.md"), read(dir / "run.md"));

  // The saved report renders to the tables the run printed, for each format that depends only on it.
  for (const std::string format : {"markdown", "csv"}) {
    const fs::path out = dir / ("again." + format);
    ProgramResult again =
        run("report " + (dir / "a.json").string() + " --format " + format + " -o " + out.string());
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(read(out), read(dir / (format == "markdown" ? "a.md" : "a.csv"))) << format;
  }
  ProgramResult html = run("report " + (dir / "a.json").string() + " --format html");
  ASSERT_EQ(html.status, 0) << html.err;
  EXPECT_EQ(html.out, read(dir / "a.html"));
  ProgramResult table = run("report " + (dir / "a.json").string());
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_NE(table.out.find("Hash speed ranking:"), std::string::npos) << table.out;
  fs::remove_all(dir);
}

TEST(Exports, ContextNamesDateHostAndCommitAndAnonymizeDropsTheHost) {
  REQUIRE_OPENSSL();
  const fs::path dir = fresh_dir("exports_context");
  ProgramResult r = run("--hash SHA2-256 -r 5 -b openssl --quiet --export-json " + (dir / "a.json").string() +
                        " --format csv");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto context = nlohmann::json::parse(read(dir / "a.json"))["context"];
  EXPECT_TRUE(context["date"].is_string() && context["date"].get<std::string>().size() >= 19)
      << context["date"];
  EXPECT_TRUE(context["project_commit"].is_string() && !context["project_commit"].get<std::string>().empty());
  EXPECT_TRUE(context.contains("host_name"));

  ProgramResult anon =
      run("--hash SHA2-256 -r 5 -b openssl --quiet --anonymize --export-json " + (dir / "b.json").string() +
          " --export-gbench-json " + (dir / "b.gbench.json").string());
  ASSERT_EQ(anon.status, 0) << anon.err;
  EXPECT_FALSE(nlohmann::json::parse(read(dir / "b.json"))["context"].contains("host_name"));
  const std::string host = context.value("host_name", std::string());
  if (!host.empty()) {
    EXPECT_EQ(read(dir / "b.json").find(host), std::string::npos);
    EXPECT_EQ(read(dir / "b.gbench.json").find("\"" + host + "\""), std::string::npos);
    EXPECT_EQ(anon.out.find(host), std::string::npos);
  }
  fs::remove_all(dir);
}

TEST(Exports, GbenchJsonWithRepetitionsWritesEachRepetitionAndTheAggregates) {
  REQUIRE_OPENSSL();
  ProgramResult r = run("--hash SHA2-256 -r 20 --repetitions 3 -b openssl --quiet --format gbench-json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["context"]["load_avg"].size(), 3u) << doc["context"];
  const auto& benchmarks = doc["benchmarks"];
  ASSERT_EQ(benchmarks.size(), 6u) << benchmarks;  // 3 repetitions, then mean, median, stddev
  std::vector<double> times;
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(benchmarks[i]["name"], "openssl/SHA2-256/hash/1024");
    EXPECT_EQ(benchmarks[i]["run_type"], "iteration");
    EXPECT_EQ(benchmarks[i]["repetitions"], 3);
    EXPECT_EQ(benchmarks[i]["repetition_index"], i);
    times.push_back(benchmarks[i]["real_time"].get<double>());
  }
  const double mean = (times[0] + times[1] + times[2]) / 3;
  std::vector<double> sorted = times;
  std::sort(sorted.begin(), sorted.end());
  double squares = 0;
  for (double t : times) squares += (t - mean) * (t - mean);
  const std::vector<std::pair<std::string, double>> aggregates = {
      {"mean", mean}, {"median", sorted[1]}, {"stddev", std::sqrt(squares / 2)}};
  for (size_t i = 0; i < aggregates.size(); ++i) {
    const auto& b = benchmarks[3 + i];
    EXPECT_EQ(b["name"], "openssl/SHA2-256/hash/1024_" + aggregates[i].first);
    EXPECT_EQ(b["run_type"], "aggregate");
    EXPECT_EQ(b["aggregate_name"], aggregates[i].first);
    EXPECT_EQ(b["iterations"], 3);
    EXPECT_NEAR(b["real_time"].get<double>(), aggregates[i].second, 1e-6 * (1 + aggregates[i].second));
  }
}

TEST(Exports, BadExportsAreUsageErrorsBeforeAnythingRuns) {
  const fs::path dir = fresh_dir("exports_bad");
  const std::string a = (dir / "a.json").string();
  for (const std::string& args :
       {"--export-json " + a + " --export-csv " + a, "-o " + a + " --export-json " + a,
        std::string("--export-html /nonexistent/dir/a.html"), std::string("--export-csv -")}) {
    ProgramResult r = run("--hash SHA2-256 -r 5 " + args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    EXPECT_EQ(r.out, "") << args;
  }
  fs::remove_all(dir);
}

TEST(Exports, ReportOfABadFileIsAUsageError) {
  const fs::path dir = fresh_dir("exports_report_bad");
  std::ofstream(dir / "x.json") << "{\"results\": []}";
  for (const std::string& args :
       {"report " + (dir / "x.json").string(), "report " + (dir / "none.json").string(),
        std::string("report"), "report " + (dir / "x.json").string() + " --format pdf"}) {
    ProgramResult r = run(args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
  fs::remove_all(dir);
}

}  // namespace
