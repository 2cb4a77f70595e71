// `cryptauditor compare`: matching rows, the verdicts, the text report (golden), report-file errors, and
// the program on real reports: a 2x slowdown injected into one row is flagged, a 1 % shift is not.
#include "compare/compare.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

#include "compare/report_file.hpp"
#include "plugins/compare_text.hpp"
#include "run/record_json.hpp"
#include "tests/support/run_program.hpp"

namespace ca {
namespace {

using nlohmann::json;

// A record whose samples are `median` +- a spread that does not change with the median's scale; with
// `processes` >= 2, split into that many processes whose medians step by `step` ns around `median`.
Record rec(const std::string& backend, const std::string& alg, const std::string& op, double median,
           size_t processes = 1, double step = 1) {
  Record r;
  r.backend = backend;
  r.algorithm = alg;
  r.key_bits = alg == "SHA2-256" ? 0 : 256;
  r.operation = op;
  r.data_bytes = 1024;
  for (size_t p = 0; p < processes; ++p) {
    const double centre = median + (static_cast<double>(p) - static_cast<double>(processes - 1) / 2) *
                                       (processes > 1 ? step : 0);
    for (double d : {-3.0, -2.0, -1.0, 0.0, 0.0, 1.0, 2.0, 3.0, 4.0, -4.0})
      r.measurement.sample_ns.push_back(centre + d);
    if (processes > 1) r.process_samples.push_back(10);
  }
  r.measurement.sample_ops.assign(r.measurement.sample_ns.size(), 100);
  summarize_record(r);
  return r;
}

TEST(Compare, VerdictsFollowSignificanceAndThreshold) {
  // Five processes a side; Holm over the 3 testable rows: the smallest exact p of 5 against 5 is 2/252,
  // adjusted 3 x 2/252 = 0.024 < 0.05.
  std::vector<Record> base{rec("a", "AES-GCM", "encrypt", 1000, 5), rec("a", "AES-GCM", "decrypt", 1000, 5),
                           rec("a", "SHA2-256", "hash", 1000, 5), rec("b", "AES-GCM", "encrypt", 1000, 5)};
  std::vector<Record> next{rec("a", "AES-GCM", "encrypt", 2000, 5),   // 2x: slower
                           rec("a", "AES-GCM", "decrypt", 500, 5),    // half: faster
                           rec("a", "SHA2-256", "hash", 1001, 5, 2),  // within noise: medians interleave
                           rec("c", "AES-GCM", "encrypt", 1000, 5)};  // another backend
  Comparison c = compare_records(base, next, {});
  ASSERT_EQ(c.rows.size(), 5u);
  EXPECT_EQ(c.rows[0].verdict, Verdict::Slower);
  EXPECT_DOUBLE_EQ(c.rows[0].ratio, 2);
  EXPECT_NEAR(c.rows[0].p, 2.0 / 252, 1e-12);
  EXPECT_NEAR(c.rows[0].p_adjusted, 3 * 2.0 / 252, 1e-12);
  EXPECT_EQ(c.rows[0].base_processes, 5u);
  EXPECT_LE(c.rows[0].ratio_ci.low, 2.0);
  EXPECT_GE(c.rows[0].ratio_ci.high, 2.0);
  EXPECT_EQ(c.rows[1].verdict, Verdict::Faster);
  EXPECT_EQ(c.rows[2].verdict, Verdict::Unchanged);
  EXPECT_GT(c.rows[2].p, 0.05);
  EXPECT_EQ(c.rows[3].verdict, Verdict::NotComparable);
  EXPECT_EQ(c.rows[3].note, "only in the base report");
  EXPECT_EQ(c.rows[4].note, "only in the new report");
  EXPECT_EQ(c.compared, 3u);
  EXPECT_EQ(c.testable, 3u);
  EXPECT_EQ(c.slower, 1u);
  EXPECT_EQ(c.faster, 1u);
  EXPECT_EQ(c.underpowered, 0u);
  EXPECT_NEAR(c.geomean_ratio, std::cbrt(2 * 0.5 * 1.001), 1e-12);
}

// The samples of one process are not evidence about the code: a twofold change measured in one process on
// either side is shown, marked, and never called significant.
TEST(Compare, OneProcessOnEitherSideIsNotTestable) {
  std::vector<Record> base{rec("a", "AES-GCM", "encrypt", 1000, 1), rec("a", "AES-GCM", "decrypt", 1000, 5)};
  std::vector<Record> next{rec("a", "AES-GCM", "encrypt", 2000, 5), rec("a", "AES-GCM", "decrypt", 2000, 1)};
  Comparison c = compare_records(base, next, {});
  for (const ComparedRow& row : c.rows) {
    EXPECT_EQ(row.verdict, Verdict::NotTestable);
    EXPECT_EQ(row.note, "not testable: 1 process");
    EXPECT_DOUBLE_EQ(row.ratio, 2);
  }
  EXPECT_EQ(c.compared, 2u);
  EXPECT_EQ(c.testable, 0u);
  EXPECT_EQ(c.slower, 0u);
}

// Holm-Bonferroni: the same 5-against-5 change that is significant alone is not among 7 testable rows
// (7 x 2/252 = 0.056), and the summary counts it as underpowered.
TEST(Compare, HolmAdjustsAcrossTestableRowsOnly) {
  std::vector<Record> base, next;
  for (const char* op : {"encrypt", "decrypt", "hash", "sign", "verify", "mac", "derive"}) {
    base.push_back(rec("a", "AES-GCM", op, 1000, 5));
    next.push_back(rec("a", "AES-GCM", op, op == std::string("encrypt") ? 1500 : 1000, 5, 2));
  }
  Comparison c = compare_records(base, next, {});
  EXPECT_EQ(c.testable, 7u);
  EXPECT_NEAR(c.rows[0].p_adjusted, 7 * 2.0 / 252, 1e-12);
  EXPECT_EQ(c.rows[0].verdict, Verdict::Unchanged);
  EXPECT_EQ(c.underpowered, 7u);
  // Rows with one process do not count in Holm's m.
  for (size_t i = 1; i < base.size(); ++i) base[i] = rec("a", "AES-GCM", base[i].operation, 1000, 1);
  Comparison fewer = compare_records(base, next, {});
  EXPECT_EQ(fewer.testable, 1u);
  EXPECT_NEAR(fewer.rows[0].p_adjusted, 2.0 / 252, 1e-12);
  EXPECT_EQ(fewer.rows[0].verdict, Verdict::Slower);
}

TEST(Compare, SignificantButBelowThresholdIsUnchanged) {
  std::vector<Record> base{rec("a", "AES-GCM", "encrypt", 1000, 5)};
  std::vector<Record> next{rec("a", "AES-GCM", "encrypt", 1030, 5)};  // +3 %: every process median larger
  Comparison c = compare_records(base, next, {});
  EXPECT_LT(c.rows[0].p_adjusted, 0.05);
  EXPECT_EQ(c.rows[0].verdict, Verdict::Unchanged);
  CompareSettings strict;
  strict.threshold = 0.01;
  EXPECT_EQ(compare_records(base, next, strict).rows[0].verdict, Verdict::Slower);
}

TEST(Compare, UnmeasuredRowsAreNotCompared) {
  std::vector<Record> base{rec("a", "AES-GCM", "encrypt", 1000)};
  std::vector<Record> next{rec("a", "AES-GCM", "encrypt", 1000)};
  next[0].status = Status::Failed;
  Comparison c = compare_records(base, next, {});
  EXPECT_EQ(c.rows[0].verdict, Verdict::NotComparable);
  EXPECT_EQ(c.rows[0].note, "failed in new");
  EXPECT_EQ(c.compared, 0u);
  EXPECT_TRUE(std::isnan(c.geomean_ratio));
}

TEST(Compare, TextReportGolden) {
  std::vector<Record> base{
      rec("openssl", "AES-GCM", "encrypt", 1000, 5), rec("openssl", "SHA2-256", "hash", 2000, 5),
      rec("openssl", "AES-GCM", "decrypt", 1000, 1), rec("botan", "AES-GCM", "encrypt", 1500)};
  std::vector<Record> next{rec("openssl", "AES-GCM", "encrypt", 2000, 5),
                           rec("openssl", "SHA2-256", "hash", 2001, 5, 2),
                           rec("openssl", "AES-GCM", "decrypt", 1300, 1)};
  base[3].status = Status::Unsupported;
  std::ostringstream out;
  const CompareSettings settings;
  print_comparison(compare_records(base, next, settings), settings, TimeUnit::Us, "base.json", "new.json",
                   out);
  // AES-GCM encrypt: p = 2/252, Holm x 2 = 0.016. SHA2-256: process medians 1997, 1999, ..., 2005 against
  // 1998, ..., 2002 (two ties): U = 15 of 25, exact p = 2/3 over the 252 splits (enumerated independently),
  // Holm x 1 as the larger of two.
  // Geometric mean: cbrt(2 x 1.0005 x 1.3) = 1.375.
  EXPECT_EQ(
      out.str(),
      "base: base.json\n"
      "new:  new.json\n"
      "\n"
      "backend  algorithm  key  operation  size  base         new      change   95% CI          processes  "
      "p (Holm)\n"
      "openssl  AES-GCM    256  encrypt    1KB   1.000us      2.000us  +100.0%  +99.6..+100.4%  5/5        "
      "0.016     SLOWER\n"
      "openssl  SHA2-256   -    hash       1KB   2.000us      2.001us  +0.0%    -0.1..+0.3%     5/5        "
      "0.667\n"
      "openssl  AES-GCM    256  decrypt    1KB   1.000us      1.300us  +30.0%   -               1/1        "
      "-         not testable: 1 process\n"
      "botan    AES-GCM    256  encrypt    1KB   unsupported  -        -        -               -          "
      "-         only in the base report\n"
      "\n"
      "geometric mean of new/base medians over 3 rows: 1.375 (+37.5%)\n"
      "2 of 3 rows testable (2 or more processes on each side): exact Mann-Whitney U over the processes' "
      "medians, Holm-Bonferroni over the 2 testable rows\n"
      "1 row is significantly (p < 0.05) slower by more than 5%\n");
}

// ---- Report files ---------------------------------------------------------------------------------

std::string temp_dir() {
  std::string dir = testing::TempDir() + "compare_test_XXXXXX";
  if (::mkdtemp(dir.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  return dir;
}

json report_of(const std::vector<Record>& records) {
  json results = json::array();
  for (const Record& r : records) results.push_back(record_to_json(r));
  return {{"schema_version", 1}, {"context", {{"settings", {{"unit", "us"}}}}}, {"results", results}};
}

std::string write(const std::string& text) {
  const std::string path = temp_dir() + "/report.json";
  std::ofstream(path) << text;
  return path;
}

std::string read_error(const std::string& text) {
  const std::string path = write(text);
  const Result<ReportFile> read = read_report_file(path);
  if (read) return "";
  const std::string message = read.error().message;
  EXPECT_EQ(message.rfind(path + ":", 0), 0u) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  return message;
}

#define EXPECT_MENTIONS(message, text) EXPECT_NE((message).find(text), std::string::npos) << (message)

TEST(ReportFile, ReadsRecordsAndUnit) {
  ReportFile f = *read_report_file(write(report_of({rec("a", "AES-GCM", "encrypt", 1000)}).dump()));
  ASSERT_EQ(f.records.size(), 1u);
  EXPECT_EQ(f.unit, TimeUnit::Us);
  EXPECT_DOUBLE_EQ(f.records[0].summary.median, 1000);
}

TEST(ReportFile, ErrorsNameFileAndPointer) {
  json doc = report_of({rec("a", "AES-GCM", "encrypt", 1000), rec("a", "AES-GCM", "decrypt", 1000)});
  json v5 = doc;
  v5["schema_version"] = 5;
  EXPECT_MENTIONS(
      read_error(v5.dump()),
      ": /schema_version: expected 1, 2, 3 or 4 (the versions this cryptauditor reads), got the number 5");
  json bad_processes = doc;
  bad_processes["results"][0]["process_samples"] = json::array({4, 4});  // 10 samples
  EXPECT_MENTIONS(read_error(bad_processes.dump()),
                  ": /results/0/process_samples: expected an array of at least 2 whole numbers > 0 adding up "
                  "to the 10 samples");
  json none = doc;
  none.erase("schema_version");
  EXPECT_MENTIONS(read_error(none.dump()), ": /schema_version: missing");
  json bad_sample = doc;
  bad_sample["results"][1]["samples_ns"][2] = nullptr;
  EXPECT_MENTIONS(read_error(bad_sample.dump()), ": /results/1/samples_ns/2: expected a number, got null");
  json twice = doc;
  twice["results"][1] = twice["results"][0];
  EXPECT_MENTIONS(
      read_error(twice.dump()),
      ": /results/1: a second result for a AES-GCM 256-bit encrypt 1KB (the first is /results/0)");
  json no_results = doc;
  no_results["results"] = json::object();
  EXPECT_MENTIONS(read_error(no_results.dump()), ": /results: expected an array, got an object");
  EXPECT_MENTIONS(read_error("{\"schema_version\": 1,\n \"results\": [}"),
                  "report.json:2:14: JSON syntax error");
  EXPECT_MENTIONS(read_error("[]"), "expected a cryptauditor JSON report");
}

// Reports from different machines: a machine twice as slow for every library changes no library's ratio to
// the others; a library that lost ground against the others on the new machine is found in the ratios.
TEST(Compare, RelativeComparesEachLibrarysRatioToItsRow) {
  std::vector<Record> base{rec("openssl", "AES-GCM", "encrypt", 1000, 5),
                           rec("botan", "AES-GCM", "encrypt", 2000, 5)};
  std::vector<Record> twice{rec("openssl", "AES-GCM", "encrypt", 2000, 5),
                            rec("botan", "AES-GCM", "encrypt", 4000, 5)};
  CompareSettings relative;
  relative.relative = true;
  const Comparison same = compare_records(base, twice, relative);
  ASSERT_EQ(same.compared, 2u);
  for (const auto& row : same.rows) {
    EXPECT_NEAR(row.ratio, 1.0, 0.01) << row.base->backend;
    EXPECT_EQ(row.verdict, Verdict::Unchanged);
  }
  EXPECT_NEAR(same.rows[0].base_relative, 1000 / std::sqrt(1000.0 * 2000.0), 0.01);
  const Comparison absolute = compare_records(base, twice, CompareSettings{});
  EXPECT_EQ(absolute.slower, 2u) << "absolute times: both twice as slow";

  // On the new machine botan caught up: openssl / botan went from 1/2 to 2/3.
  std::vector<Record> shifted{rec("openssl", "AES-GCM", "encrypt", 2000, 5),
                              rec("botan", "AES-GCM", "encrypt", 3000, 5)};
  const Comparison moved = compare_records(base, shifted, relative);
  EXPECT_EQ(moved.rows[0].verdict, Verdict::Slower) << "openssl lost ground relative to its row";
  EXPECT_NEAR(moved.rows[0].ratio, (2000 / std::sqrt(2000.0 * 3000.0)) / (1000 / std::sqrt(1000.0 * 2000.0)),
              0.01);
  EXPECT_EQ(moved.rows[1].verdict, Verdict::Faster);
}

TEST(Compare, RelativeLeavesALibraryAloneInItsRowUncompared) {
  std::vector<Record> base{rec("openssl", "SHA2-256", "hash", 1000, 5)};
  std::vector<Record> next{rec("openssl", "SHA2-256", "hash", 3000, 5)};
  CompareSettings relative;
  relative.relative = true;
  const Comparison c = compare_records(base, next, relative);
  EXPECT_EQ(c.compared, 0u);
  EXPECT_EQ(c.rows[0].verdict, Verdict::NotComparable);
  EXPECT_NE(c.rows[0].note.find("alone in its row"), std::string::npos) << c.rows[0].note;
  EXPECT_EQ(c.missing, 0u);
}

// ---- The program ----------------------------------------------------------------------------------

using Result = ca::test::ProgramResult;

Result run_binary(const std::string& args) { return ca::test::run_cryptauditor(args); }

bool have_openssl() {
  return std::filesystem::exists(std::string(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) + "/ca-backend-openssl.so");
}

// A small real study: adaptive, so each row has several dozen samples; measured in `processes` worker
// processes (--processes), so compare can test it.
std::string small_study(size_t processes) {
  return "--hash SHA2-256 -c AES-GCM -d 1KB -b openssl --budget 0.05 --ci-target 0.5 --quiet --format json "
         "--processes " +
         std::to_string(processes);
}

std::string real_report(const std::string& dir, const std::string& name, size_t processes) {
  const std::string path = dir + "/" + name;
  Result r = run_binary(small_study(processes) + " -o " + path);
  EXPECT_EQ(r.status, 0) << r.err;
  return path;
}

json read_json(const std::string& path) {
  std::ifstream in(path);
  return json::parse(in);
}

// The samples of one row multiplied by `factor`, written next to the report.
std::string slowed_copy(const std::string& path, const std::string& operation, double factor) {
  json doc = read_json(path);
  size_t slowed = 0;
  for (auto& r : doc["results"])
    if (r["algorithm"] == "AES-GCM" && r["operation"] == operation) {
      for (auto& s : r["samples_ns"]) s = s.get<double>() * factor;
      ++slowed;
    }
  EXPECT_EQ(slowed, 1u);
  const std::string slower = path + ".slower.json";
  std::ofstream(slower) << doc.dump();
  return slower;
}

// --processes 5 end to end: every measured row keeps five process medians (schema 3), and compare flags a
// tenfold slowdown of one row in them (3 testable rows: Holm's smallest adjusted p is 3 x 2/252 = 0.024).
// Tenfold, not twofold: the flag needs every slowed process median above every base one, and under a loaded
// ctest -j2 one run's five process medians once spread over more than 2x (p 0.167, 2026-12-02).
TEST(CompareCommand, FlagsAnInjectedTenfoldSlowdownAcrossProcesses) {
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built";
  const std::string dir = temp_dir();
  const std::string base = real_report(dir, "base.json", 5);
  const json doc = read_json(base);
  EXPECT_EQ(doc["schema_version"], 4);
  EXPECT_EQ(doc["context"]["settings"]["processes"], 5);
  ASSERT_EQ(doc["results"].size(), 3u);
  for (const auto& r : doc["results"]) {
    ASSERT_EQ(r["status"], "ok") << r.dump();
    EXPECT_EQ(r["processes"], 5);
    ASSERT_EQ(r["process_medians_ns"].size(), 5u);
    size_t total = 0;
    for (const auto& n : r["process_samples"]) total += n.get<size_t>();
    EXPECT_EQ(total, r["samples_ns"].size());
  }
  const std::string slower = slowed_copy(base, "decrypt", 10);

  Result r = run_binary("compare " + base + " " + slower);
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  std::istringstream lines(r.out);
  size_t flagged = 0;
  for (std::string line; std::getline(lines, line);)
    if (line.find("SLOWER") != std::string::npos) {
      ++flagged;
      EXPECT_NE(line.find("AES-GCM"), std::string::npos) << line;
      EXPECT_NE(line.find("decrypt"), std::string::npos) << line;
      EXPECT_NE(line.find("+900.0%"), std::string::npos) << line;
      EXPECT_NE(line.find("5/5"), std::string::npos) << line;
    }
  EXPECT_EQ(flagged, 1u) << r.out;
  EXPECT_NE(r.out.find("3 of 3 rows testable"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 row is significantly (p < 0.05) slower by more than 5%"), std::string::npos)
      << r.out;

  Result same = run_binary("compare " + base + " " + base + " --strict");
  EXPECT_EQ(same.status, 0) << same.out;
  EXPECT_NE(same.out.find("(+0.0%)"), std::string::npos) << same.out;
}

// One process per row: the samples of one process are not evidence about the code, so even a twofold
// change is shown, marked "not testable", and the exit status is 0; --strict makes that an error (3).
TEST(CompareCommand, OneProcessReportsAreNotTestable) {
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built";
  const std::string dir = temp_dir();
  const std::string base = real_report(dir, "base.json", 1);
  const json doc = read_json(base);
  EXPECT_FALSE(doc["results"][0].contains("process_medians_ns"));
  const std::string slower = slowed_copy(base, "decrypt", 2);
  Result r = run_binary("compare " + base + " " + slower);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.out.find("SLOWER"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("+100.0%"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("not testable: 1 process"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no row is testable"), std::string::npos) << r.out;
  Result strict = run_binary("compare " + base + " " + slower + " --strict");
  EXPECT_EQ(strict.status, 3) << strict.out << strict.err;
  EXPECT_MENTIONS(strict.err, "--strict: none of the 3 compared rows is testable");
  EXPECT_EQ(std::count(strict.err.begin(), strict.err.end(), '\n'), 1);
}

// A report whose process medians are its own, 1 % slower, is no regression (whether or not the shift is
// significant: 1 % is below the threshold; Compare.SignificantButBelowThresholdIsUnchanged has both sides).
// (Two real runs are not compared here: on a shared machine their difference is whatever the neighbours did;
// bench/aa_calibration.py measures that false-alarm rate instead.)
TEST(CompareCommand, ASmallShiftBelowTheThresholdIsNotARegression) {
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built";
  const std::string dir = temp_dir();
  const std::string base = real_report(dir, "base.json", 5);
  json doc = read_json(base);
  size_t rows = 0;
  for (auto& r : doc["results"]) {
    for (auto& s : r["samples_ns"]) s = s.get<double>() * 1.01;
    ++rows;
  }
  ASSERT_GE(rows, 3u);
  const std::string shifted = dir + "/shifted.json";
  std::ofstream(shifted) << doc.dump();
  Result r = run_binary("compare " + base + " " + shifted + " --threshold 5%");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("no row is significantly (p < 0.05) slower by more than 5%"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("SLOWER"), std::string::npos) << r.out;
}

// Reports of two machines: compare says so and compares ratios; --absolute compares the times.
TEST(CompareCommand, ReportsFromDifferentMachinesAreComparedByRatios) {
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built";
  const std::string dir = testing::TempDir() + "ca-compare-machines-" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  const std::string a = dir + "/a.json";
  Result made = run_binary(
      "--hash SHA2-256 -c AES-GCM -d 1KB -b openssl,botan --budget 0.05 --ci-target 0.5 "
      "--quiet --format json -o " +
      a);
  ASSERT_EQ(made.status, 0) << made.err;
  json doc = read_json(a);
  doc["context"]["cpu_model"] = "Another CPU";
  doc["context"]["machine_label"] = "m2";
  const std::string b = dir + "/b.json";
  std::ofstream(b) << doc.dump();
  Result r = run_binary("compare " + a + " " + b);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("The reports come from different machines (base: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("; new: Another CPU, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("comparing the libraries' ratios, not their absolute times"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Relative comparison:"), std::string::npos) << r.out;
  Result abs = run_binary("compare " + a + " " + b + " --absolute");
  EXPECT_NE(abs.out.find("comparing absolute times, as --absolute asks"), std::string::npos) << abs.out;
  EXPECT_EQ(abs.out.find("Relative comparison:"), std::string::npos) << abs.out;
  Result same = run_binary("compare " + a + " " + a);
  EXPECT_EQ(same.out.find("different machines"), std::string::npos) << same.out;
  EXPECT_EQ(run_binary("compare " + a + " " + b + " --absolute --relative").status, 2);
  std::filesystem::remove_all(dir);
}

TEST(CompareCommand, UsageErrors) {
  Result one = run_binary("compare a.json");
  EXPECT_EQ(one.status, 2);
  EXPECT_MENTIONS(one.err, "compare needs two reports, got 1");
  const std::string good = write(report_of({rec("a", "AES-GCM", "encrypt", 1000)}).dump());
  Result threshold = run_binary("compare " + good + " " + good + " --threshold abc");
  EXPECT_EQ(threshold.status, 2);
  EXPECT_MENTIONS(threshold.err, "--threshold");
  json v5 = report_of({});
  v5["schema_version"] = 5;
  const std::string bad = write(v5.dump());
  Result schema = run_binary("compare " + good + " " + bad);
  EXPECT_EQ(schema.status, 2);
  EXPECT_MENTIONS(schema.err, bad + ": /schema_version: expected 1, 2, 3 or 4");
  EXPECT_EQ(std::count(schema.err.begin(), schema.err.end(), '\n'), 1);
  Result missing = run_binary("compare " + good + " /nonexistent/x.json");
  EXPECT_EQ(missing.status, 2);
  EXPECT_MENTIONS(missing.err, "/nonexistent/x.json: cannot be read");
}

// A comparison that compares nothing must not pass as "no regression": the new report empty, all failed,
// or sharing no row with the base is a usage error (exit 2) saying so.
TEST(CompareCommand, NothingComparableIsAnErrorNotAPass) {
  const std::string base = write(report_of({rec("a", "AES-GCM", "encrypt", 1000)}).dump());
  const std::string empty = write(report_of({}).dump());
  Record failed = rec("a", "AES-GCM", "encrypt", 1000);
  failed.status = Status::Failed;
  failed.error = "killed by signal 11 (SIGSEGV) in encrypt 1KB";
  const std::string all_failed = write(report_of({failed}).dump());
  const std::string other = write(report_of({rec("b", "AES-GCM", "encrypt", 1000)}).dump());
  const std::pair<std::string, const char*> cases[] = {
      {empty, "has no results: nothing to compare"},
      {all_failed, "results was measured (all unsupported or failed): nothing to compare"},
      {other, "share no measured row"},
  };
  for (const auto& [candidate, message] : cases) {
    Result r = run_binary("compare " + base + " " + candidate);
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_MENTIONS(r.err, message);
    // --allow-missing does not make an empty comparison a pass.
    EXPECT_EQ(run_binary("compare " + base + " " + candidate + " --allow-missing").status, 2);
  }
}

// Rows the base measured that the new report lacks or failed are a regression too: exit 1, unless
// --allow-missing.
TEST(CompareCommand, MissingOrFailedRowsOfTheBaseFailUnlessAllowed) {
  const std::string base =
      write(report_of({rec("a", "AES-GCM", "encrypt", 1000), rec("a", "AES-GCM", "decrypt", 1000)}).dump());
  Record failed = rec("a", "AES-GCM", "decrypt", 1000);
  failed.status = Status::Failed;
  failed.error = "killed by signal 6 (SIGABRT) in decrypt 1KB";
  const std::string with_failed = write(report_of({rec("a", "AES-GCM", "encrypt", 1000), failed}).dump());
  const std::string with_missing = write(report_of({rec("a", "AES-GCM", "encrypt", 1000)}).dump());
  for (const std::string& candidate : {with_failed, with_missing}) {
    Result r = run_binary("compare " + base + " " + candidate);
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    EXPECT_MENTIONS(r.err, "1 row measured in " + base + " missing or not measured in " + candidate);
    EXPECT_MENTIONS(r.out, "1 row measured in the base report is missing or not measured in the new one");
    Result allowed = run_binary("compare " + base + " " + candidate + " --allow-missing");
    EXPECT_EQ(allowed.status, 0) << allowed.out << allowed.err;
  }
  // Rows only in the new report, or not measured in the base either, are not missing.
  const std::string more =
      write(report_of({rec("a", "AES-GCM", "encrypt", 1000), rec("a", "AES-GCM", "decrypt", 1000),
                       rec("b", "AES-GCM", "encrypt", 1000)})
                .dump());
  EXPECT_EQ(run_binary("compare " + base + " " + more).status, 0);
}

// Input files are read with a size cap (util/input_file.hpp): /dev/zero or a huge file is refused at once.
TEST(CompareCommand, AnInputLargerThanTheCapIsRefused) {
  const std::string base = write(report_of({rec("a", "AES-GCM", "encrypt", 1000)}).dump());
  // `timeout`: without the cap, reading /dev/zero never ends; the test then fails instead of hanging.
  Result zero = ca::test::run_program("CRYPTAUDITOR_MAX_INPUT_MB=8 timeout 120 " + ca::test::binary() +
                                      " compare " + base + " /dev/zero");
  EXPECT_EQ(zero.status, 2) << zero.err;
  EXPECT_EQ(std::count(zero.err.begin(), zero.err.end(), '\n'), 1) << zero.err;
  EXPECT_MENTIONS(zero.err, "/dev/zero: larger than 8 MiB, the limit for input files");
  // A regular file over the cap: refused by its size, before it is read.
  std::string padded = report_of({rec("a", "AES-GCM", "encrypt", 1000)}).dump();
  padded += std::string((size_t{1} << 20) + 10, ' ');
  const std::string big = write(padded);
  Result capped = ca::test::run_program("CRYPTAUDITOR_MAX_INPUT_MB=1 " + ca::test::binary() + " compare " +
                                        base + " " + big);
  EXPECT_EQ(capped.status, 2) << capped.err;
  EXPECT_MENTIONS(capped.err, big + ": larger than 1 MiB");
  EXPECT_MENTIONS(capped.err, "CRYPTAUDITOR_MAX_INPUT_MB");
  // The same file under the default cap is fine.
  EXPECT_EQ(run_binary("compare " + base + " " + big).status, 0);
  Result bad_env = ca::test::run_program("CRYPTAUDITOR_MAX_INPUT_MB=lots " + ca::test::binary() +
                                         " compare " + base + " " + base);
  EXPECT_EQ(bad_env.status, 2) << bad_env.err;
  EXPECT_MENTIONS(bad_env.err, "CRYPTAUDITOR_MAX_INPUT_MB 'lots' is not valid");
}

}  // namespace
}  // namespace ca
