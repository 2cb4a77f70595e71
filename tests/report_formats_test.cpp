// The report formats added beside table and json: CSV, Markdown and google/benchmark JSON against golden
// files rendered from fixed records and a fixed environment; the HTML report's structure and escaping; the
// SVG helpers (scales, ticks); the console's per-library table; and a real run's HTML rendered by headless
// Chromium.
//
// To regenerate the golden files after an intended change: CRYPTAUDITOR_UPDATE_GOLDEN=1 ctest -R
// ReportGolden, then review the diff of tests/golden/.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "plugins/report.hpp"
#include "plugins/svg_chart.hpp"

namespace ca {
namespace {

namespace fs = std::filesystem;

// A measured record whose samples spread ±spread around median, so the CI and MAD are not degenerate.
Record measured(std::string backend, std::string alg, uint32_t bits, std::string op, size_t bytes,
                double median, double spread = 0.02) {
  Record r;
  r.backend = std::move(backend);
  r.algorithm = std::move(alg);
  r.key_bits = bits;
  r.operation = std::move(op);
  r.data_bytes = bytes;
  r.exact_rounds = true;
  r.rounds_requested = 1000;
  for (double f : {-1.0, -0.5, -0.25, 0.0, 0.0, 0.25, 0.5, 1.0, 0.1, -0.1})
    r.measurement.sample_ns.push_back(median * (1 + f * spread));
  r.measurement.sample_ops.assign(r.measurement.sample_ns.size(), 100);
  r.measurement.timed_ops = 100 * r.measurement.sample_ns.size();
  r.summary = stats::summarize(r.measurement.sample_ns);
  return r;
}

Record not_measured(std::string backend, std::string alg, uint32_t bits, std::string op, size_t bytes,
                    Status status, std::string error) {
  Record r;
  r.backend = std::move(backend);
  r.algorithm = std::move(alg);
  r.key_bits = bits;
  r.operation = std::move(op);
  r.data_bytes = bytes;
  r.status = status;
  r.error = std::move(error);
  r.exact_rounds = true;
  r.rounds_requested = 1000;
  return r;
}

// Three libraries, AES-GCM at two sizes, a hash, a signature; one library without AES-GCM (its reason
// needs CSV quoting) and one failed measurement.
std::vector<Record> fixture_records() {
  std::vector<Record> rs;
  for (auto [backend, scale] : {std::pair{"alpha", 1.0}, std::pair{"beta", 0.5}}) {
    rs.push_back(measured(backend, "AES-GCM", 256, "encrypt", 1024, 1000 * scale));
    rs.push_back(measured(backend, "AES-GCM", 256, "decrypt", 1024, 1100 * scale));
    rs.push_back(measured(backend, "AES-GCM", 256, "encrypt", 16384, 9000 * scale));
    rs.push_back(measured(backend, "AES-GCM", 256, "decrypt", 16384, 9500 * scale));
    rs.push_back(measured(backend, "SHA2-256", 0, "hash", 1024, 2000 * scale + 1000));
    rs.push_back(measured(backend, "ECDSA", 256, "sign", 1024, 30000 / scale));
    rs.push_back(measured(backend, "ECDSA", 256, "verify", 1024, 90000));
  }
  for (const char* op : {"encrypt", "decrypt"})
    for (size_t size : {1024, 16384})
      rs.push_back(not_measured("gamma", "AES-GCM", 256, op, size, Status::Unsupported,
                                "not offered by this library, \"gamma\" has no GCM"));
  rs.push_back(measured("gamma", "SHA2-256", 0, "hash", 1024, 1500));
  rs.push_back(not_measured("gamma", "ECDSA", 256, "sign", 1024, Status::Failed, "signing failed: bad key"));
  rs.push_back(measured("gamma", "ECDSA", 256, "verify", 1024, 45000));
  return rs;
}

Environment fixture_environment() {
  Environment env;
  env.cpu_model = "Test CPU @ 3.00GHz";
  env.cpu_features = {"aes", "avx2"};
  env.logical_cpus = 4;
  env.governor = "performance";
  env.turbo = "off";
  env.kernel = "Linux 6.1.0";
  env.compiler = "g++ 12.2.0";
  env.build_type = "Release";
  env.program_version = "0.1.0";
  env.date = "2024-01-02T03:04:05+00:00";
  env.host_name = "testhost";
  env.cpu_mhz = 2999.6;
  env.backends = {{"alpha", "Alpha", "1.0", "AES-NI", "/p/alpha.so"},
                  {"beta", "Beta", "2.5", "", "/p/beta.so"},
                  {"gamma", "Gamma", "0.9", "AVX2", "/p/gamma.so"}};
  return env;
}

ReportSettings fixture_settings() {
  ReportSettings s;
  s.unit = TimeUnit::Us;
  s.rounds = 1000;
  s.processes = 1;  // the fixture's records are one process's
  s.command_line = {"cryptauditor", "-r", "1000"};
  return s;
}

std::string render(const std::string& format, const std::vector<Record>& records,
                   const Environment& env = fixture_environment(),
                   const ReportSettings& settings = fixture_settings()) {
  auto reporter = make_reporter(format);
  EXPECT_NE(reporter, nullptr) << format;
  if (!reporter) return "";
  std::ostringstream out;
  reporter->write({records, env, settings}, out);
  return out.str();
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void expect_golden(const std::string& actual, const std::string& name) {
  const fs::path path = fs::path(CRYPTAUDITOR_GOLDEN_DIR) / name;
  if (std::getenv("CRYPTAUDITOR_UPDATE_GOLDEN")) {
    std::ofstream(path, std::ios::binary) << actual;
    GTEST_SKIP() << "rewrote " << path;
  }
  ASSERT_TRUE(fs::exists(path)) << path << " is missing; run with CRYPTAUDITOR_UPDATE_GOLDEN=1 to create it";
  EXPECT_EQ(actual, read_file(path)) << "differs from " << path
                                     << " (CRYPTAUDITOR_UPDATE_GOLDEN=1 rewrites it)";
}

size_t count(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size()))
    ++n;
  return n;
}

TEST(ReportGolden, Csv) { expect_golden(render("csv", fixture_records()), "report.csv"); }
TEST(ReportGolden, Markdown) { expect_golden(render("markdown", fixture_records()), "report.md"); }
TEST(ReportGolden, GbenchJson) {
  expect_golden(render("gbench-json", fixture_records()), "report.gbench.json");
}

TEST(CsvReport, QuotesPerRfc4180AndKeepsOneRowPerRecord) {
  auto records = fixture_records();
  records[0].backend = "multi\nline";
  const std::string csv = render("csv", records);
  EXPECT_EQ(
      csv.substr(0, csv.find('\n')),
      "backend,algorithm,key_bits,operation,data_bytes,status,error,rounds,samples,median_ns,ci_low_ns,"
      "ci_high_ns,ci_level,mad_ns,mdape,ops_per_s,throughput_mib_s,throughput_mbit_s,threads,threads_ops_per_s,"
      "threads_throughput_mib_s,scaling_efficiency");
  EXPECT_EQ(csv.find("\"multi\nline\",AES-GCM,256,encrypt,1024,ok,,1000,10,1000,"), csv.find('\n') + 1)
      << csv;
  EXPECT_NE(
      csv.find(",unsupported,\"not offered by this library, \"\"gamma\"\" has no GCM\",0,,,,,,,,,,,,,,\n"),
      std::string::npos)
      << csv;
  // Every record's row has the header's 22 fields (the quoted line break belongs to one field).
  EXPECT_EQ(count(csv, "\n"), records.size() + 2);
}

TEST(GbenchJsonReport, HasTheFieldsCompareReads) {
  const auto records = fixture_records();
  const auto doc = nlohmann::json::parse(render("gbench-json", records));
  const auto& ctx = doc.at("context");
  EXPECT_EQ(ctx.at("date"), "2024-01-02T03:04:05+00:00");
  EXPECT_EQ(ctx.at("host_name"), "testhost");
  EXPECT_EQ(ctx.at("num_cpus"), 4);
  EXPECT_EQ(ctx.at("mhz_per_cpu"), 3000);
  EXPECT_EQ(ctx.at("cpu_scaling_enabled"), false);
  EXPECT_EQ(ctx.at("library_build_type"), "release");
  const auto& benchmarks = doc.at("benchmarks");
  EXPECT_EQ(benchmarks.size(), records.size() - 4) << "the four unsupported records are left out";
  std::set<std::string> names;
  for (const auto& b : benchmarks) {
    for (const char* field :
         {"name", "run_name", "run_type", "iterations", "real_time", "cpu_time", "time_unit"})
      EXPECT_TRUE(b.contains(field)) << field << " missing in " << b.dump();
    EXPECT_EQ(b.at("run_type"), "iteration");
    EXPECT_EQ(b.at("time_unit"), "ns");
    EXPECT_TRUE(names.insert(b.at("name").get<std::string>()).second) << "duplicate name " << b.at("name");
  }
  const auto& first = benchmarks.at(0);
  EXPECT_EQ(first.at("name"), "alpha/AES-GCM-256/encrypt/1024");
  EXPECT_EQ(first.at("real_time"), 1000.0);
  EXPECT_EQ(first.at("iterations"), 1000);
  EXPECT_DOUBLE_EQ(first.at("bytes_per_second").get<double>(), 1024 * 1e9 / 1000);
  EXPECT_TRUE(names.count("alpha/SHA2-256/hash/1024")) << "no key size in a hash's name";
  const auto failed = std::find_if(benchmarks.begin(), benchmarks.end(),
                                   [](const auto& b) { return b.at("name") == "gamma/ECDSA-256/sign/1024"; });
  ASSERT_NE(failed, benchmarks.end());
  EXPECT_EQ(failed->at("error_occurred"), true);
  EXPECT_EQ(failed->at("error_message"), "signing failed: bad key");
}

// google/benchmark's own compare.py (Debian: libbenchmark-tools, python3-scipy) reading two of our files.
TEST(GbenchJsonReport, CompareToolReadsIt) {
  const char* compare = "/usr/share/benchmark/compare.py";
  if (!fs::exists(compare) || !fs::exists("/usr/bin/python3"))
    GTEST_SKIP() << "google/benchmark's compare.py is not installed (apt-get install libbenchmark-tools "
                    "python3-scipy)";
  auto faster = fixture_records();
  for (auto& r : faster)
    if (r.ok()) {
      for (auto& s : r.measurement.sample_ns) s /= 2;
      r.summary = stats::summarize(r.measurement.sample_ns);
    }
  const fs::path dir = fs::path(testing::TempDir()) / ("gbench_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "old.json") << render("gbench-json", fixture_records());
  std::ofstream(dir / "new.json") << render("gbench-json", faster);
  const std::string cmd = "/usr/bin/python3 " + std::string(compare) + " --no-color benchmarks " +
                          (dir / "old.json").string() + " " + (dir / "new.json").string() + " 2>&1";
  std::string output;
  FILE* p = ::popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) output.append(buf, n);
  const int status = ::pclose(p);
  fs::remove_all(dir);
  if (output.find("No module named") != std::string::npos) GTEST_SKIP() << output;
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << output;
  // Halved times: every measured benchmark shows a -0.5000 change in the Time and CPU columns.
  EXPECT_TRUE(std::regex_search(output, std::regex("alpha/AES-GCM-256/encrypt/1024 +-0\\.5000 +-0\\.5000")))
      << output;
  EXPECT_TRUE(std::regex_search(output, std::regex("gamma/ECDSA-256/verify/1024 +-0\\.5000 +-0\\.5000")))
      << output;
}

// Checks that the tags of an HTML document nest: every opened element is closed in order, except HTML's
// void elements and self-closed SVG elements. Returns "" or what is wrong.
std::string nesting_error(const std::string& html) {
  static const std::set<std::string> kVoid{"meta", "br", "hr", "img", "input", "link", "!doctype"};
  std::vector<std::string> open;
  static const std::regex tag(R"(<(/?)([A-Za-z!][A-Za-z0-9]*)[^>]*?(/?)>)");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), tag); it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    std::string name = m[2];
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    if (m[1] == "/") {
      if (open.empty() || open.back() != name)
        return "</" + name + "> closes <" + (open.empty() ? "nothing" : open.back()) + "> at offset " +
               std::to_string(m.position());
      open.pop_back();
    } else if (m[3] != "/" && !kVoid.count(name)) {
      open.push_back(name);
    }
  }
  return open.empty() ? "" : "<" + open.back() + "> is never closed";
}

TEST(HtmlReport, IsSelfContainedAndWellNested) {
  const std::string html = render("html", fixture_records());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(nesting_error(html), "");
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg")) << "only the SVG namespace URI";
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);
  EXPECT_EQ(html.find("url("), std::string::npos);
}

TEST(HtmlReport, OneSvgPerChart) {
  const std::string html = render("html", fixture_records());
  // Bar charts: AES-GCM encrypt, decrypt; SHA2-256 hash; ECDSA sign, verify. Lines: AES-GCM encrypt and
  // decrypt, the only ones measured at two sizes.
  EXPECT_EQ(count(html, "<svg "), 7u);
  EXPECT_EQ(count(html, "</svg>"), 7u);
  EXPECT_EQ(count(html, "<figure>"), 7u);
  EXPECT_EQ(count(html, "<polyline "), 2u * 2u) << "two libraries per line chart";
  const std::regex figure(R"(<figure>\s*<svg [^]*?</svg>\s*</figure>)");
  EXPECT_EQ(std::distance(std::sregex_iterator(html.begin(), html.end(), figure), std::sregex_iterator()), 7);
  EXPECT_NE(html.find("aria-label=\"AES-GCM 256-bit — Encryption\""), std::string::npos);
  EXPECT_NE(html.find("throughput, MiB/s (higher is better)"), std::string::npos);
  EXPECT_NE(html.find("time per operation, us (lower is better)"), std::string::npos);
  EXPECT_NE(html.find("message size (log scale)"), std::string::npos);
  EXPECT_NE(html.find("class=\"whisker\""), std::string::npos);
  EXPECT_NE(html.find("Encryption speed ranking"), std::string::npos);
  EXPECT_NE(html.find("AES-GCM 256-bit encrypt, 1KB — library ranking"), std::string::npos);
}

TEST(HtmlReport, EscapesEveryRecordString) {
  auto records = fixture_records();
  for (auto& r : records)
    if (r.backend == "alpha") r.backend = "<script>";
  records.back().error = "a & b <img src=x>";
  records.back().status = Status::Failed;
  Environment env = fixture_environment();
  env.cpu_model = "CPU \"<b>\"";
  env.backends[0].name = "<script>";
  const std::string html = render("html", records, env);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;"), std::string::npos);
  EXPECT_NE(html.find("a &amp; b &lt;img src=x&gt;"), std::string::npos);
  EXPECT_NE(html.find("CPU &quot;&lt;b&gt;&quot;"), std::string::npos);
  EXPECT_EQ(nesting_error(html), "");
}

TEST(MarkdownReport, EscapesTableBreakingText) {
  auto records = fixture_records();
  records[0].backend = "a|b";
  const std::string md = render("markdown", records);
  EXPECT_NE(md.find("| a\\|b |"), std::string::npos) << md;
  EXPECT_EQ(md.find("| a|b |"), std::string::npos) << md;
}

// --layout seed (issue #31: the default layout ends in summary tables instead).
TEST(ConsoleReport, PerLibraryTableComesLastWhenSeveralBackendsRan) {
  ReportSettings seed = fixture_settings();
  seed.layout = "seed";
  const std::string out = render("table", fixture_records(), fixture_environment(), seed);
  const size_t table = out.find("\nPer-library table (median time per operation, us):\n");
  ASSERT_NE(table, std::string::npos) << out;
  EXPECT_GT(table, out.rfind("library ranking:")) << "after every ranking";
  EXPECT_EQ(out.substr(table),
            // One unit for the table (us: the typical figure), three significant digits.
            "\nPer-library table (median time per operation, us):\n"
            "algorithm  key  operation  size  alpha   beta   gamma\n"
            "AES-GCM    256  encrypt    1KB    1.00  0.500       -\n"
            "AES-GCM    256  decrypt    1KB    1.10  0.550       -\n"
            "AES-GCM    256  encrypt    16KB   9.00   4.50       -\n"
            "AES-GCM    256  decrypt    16KB   9.50   4.75       -\n"
            "SHA2-256   -    hash       1KB    3.00   2.00    1.50\n"
            "ECDSA      256  sign       1KB    30.0   60.0  FAILED\n"
            "ECDSA      256  verify     1KB    90.0   90.0    45.0\n");
}

// Issue #13: parameters other than the catalog's defaults (--param) are shown next to the entry; the
// defaults are not.
TEST(TextReports, ShowParametersThatDifferFromTheDefaults) {
  auto records = fixture_records();
  for (auto& r : records)
    if (r.algorithm == "AES-GCM") r.params = "tag=12,nonce=8";
  const std::string console = render("table", records);
  EXPECT_NE(console.find("Parameters (not the catalog's defaults): tag=12, nonce=8\n"), std::string::npos)
      << console;
  const std::string md = render("markdown", records);
  EXPECT_NE(md.find("### AES-GCM 256-bit (tag=12, nonce=8), 1KB"), std::string::npos) << md;
  // Defaults, spelled out or left out, say nothing.
  for (auto& r : records)
    if (r.algorithm == "AES-GCM") r.params = "tag=16";
  EXPECT_EQ(render("table", records).find("Parameters"), std::string::npos);
  EXPECT_EQ(render("markdown", records).find("(tag="), std::string::npos);
}

// Issue #41: every format labels a record's interval with the level the record holds (Summary::ci_level).
// Three processes' medians: the interval is their range at 75 %, and no format may call it 95 %.
Record in_three_processes(std::string backend, double median) {
  Record r = measured(std::move(backend), "SHA2-256", 0, "hash", 1024, median);
  r.process_samples = {4, 3, 3};
  summarize_record(r);
  return r;
}

TEST(IntervalLevels, EveryFormatLabelsTheRecordsLevel) {
  const std::vector<Record> records{in_three_processes("alpha", 1000), in_three_processes("beta", 2000)};
  ASSERT_DOUBLE_EQ(records[0].summary.ci_level, 0.75);
  ReportSettings settings = fixture_settings();
  settings.processes = 3;
  settings.layout = "seed";
  const std::string console = render("table", records, fixture_environment(), settings);
  EXPECT_TRUE(std::regex_search(console, std::regex(R"(alpha: Hash time: [^(]+\(75% CI )"))) << console;
  EXPECT_EQ(console.find("95% CI 0."), std::string::npos) << console;
  const std::string md = render("markdown", records, fixture_environment(), settings);
  EXPECT_NE(md.find("with its 75 % confidence interval in brackets"), std::string::npos) << md;
  EXPECT_EQ(md.find("95 % confidence"), std::string::npos) << md;
  const std::string html = render("html", records, fixture_environment(), settings);
  EXPECT_NE(html.find("whiskers its 75 % confidence interval"), std::string::npos);
  EXPECT_NE(html.find("with its 75 % confidence interval"), std::string::npos);
  EXPECT_NE(html.find("(75% CI "), std::string::npos) << "the tooltips";
  EXPECT_EQ(html.find("95 % confidence"), std::string::npos);
  EXPECT_EQ(html.find("95% CI"), std::string::npos);
  const std::string csv = render("csv", records, fixture_environment(), settings);
  const std::string header = csv.substr(0, csv.find('\n'));
  EXPECT_NE(header.find(",ci_low_ns,ci_high_ns,ci_level,"), std::string::npos) << header;
  EXPECT_EQ(count(csv, ",0.75,"), 2u) << csv;
  const auto gbench = nlohmann::json::parse(render("gbench-json", records, fixture_environment(), settings));
  EXPECT_DOUBLE_EQ(gbench["benchmarks"][0]["ci_level"].get<double>(), 0.75);
  const auto json = nlohmann::json::parse(render("json", records, fixture_environment(), settings));
  EXPECT_DOUBLE_EQ(json["results"][0]["ci_level"].get<double>(), 0.75);
  EXPECT_FALSE(json["results"][0].contains("ci95_ns")) << "schema 5 names no level in the key";
  EXPECT_EQ(json["results"][0]["ci_ns"].size(), 2u);
}

// Records whose levels differ: the legends name no single level and each cell names its own.
TEST(IntervalLevels, MixedLevelsAreNamedPerCell) {
  const std::vector<Record> records{in_three_processes("alpha", 1000),
                                    measured("beta", "SHA2-256", 0, "hash", 1024, 2000)};
  ASSERT_NEAR(records[1].summary.ci_level, 0.979, 0.001);  // ten samples
  const std::string md = render("markdown", records);
  EXPECT_NE(md.find("each cell's level after it"), std::string::npos) << md;
  EXPECT_NE(md.find("] 75 % |"), std::string::npos) << md;
  EXPECT_NE(md.find("] 97 % |"), std::string::npos) << md;
  const std::string html = render("html", records);
  EXPECT_NE(html.find("] 75 %</small>"), std::string::npos);
  EXPECT_NE(html.find("] 97 %</small>"), std::string::npos);
}

TEST(ConsoleReport, NoPerLibraryTableForOneBackend) {
  std::vector<Record> one{measured("alpha", "SHA2-256", 0, "hash", 1024, 1000)};
  EXPECT_EQ(render("table", one).find("Per-library table"), std::string::npos);
}

TEST(SvgChart, LinearScaleMapsDomainOntoRange) {
  const svg::LinearScale y{0, 100, 300, 40};  // SVG's y grows downwards
  EXPECT_DOUBLE_EQ(y(0), 300);
  EXPECT_DOUBLE_EQ(y(100), 40);
  EXPECT_DOUBLE_EQ(y(50), 170);
  EXPECT_DOUBLE_EQ((svg::LinearScale{5, 5, 10, 20})(7), 10) << "degenerate domain";
}

TEST(SvgChart, LogScaleIsProportionalToTheLogarithm) {
  const svg::LogScale x{64, 1024 * 1024, 0, 700};
  EXPECT_DOUBLE_EQ(x(64), 0);
  EXPECT_DOUBLE_EQ(x(1024 * 1024), 700);
  EXPECT_NEAR(x(1024 * 8), 700.0 * 7 / 14, 1e-9);  // 2^13 is halfway between 2^6 and 2^20
  EXPECT_DOUBLE_EQ(x(0), 0) << "non-positive values clamp to the start";
}

TEST(SvgChart, NiceTicksCoverTheDataInRoundSteps) {
  EXPECT_EQ(svg::nice_ticks(0, 97, 5), (std::vector<double>{0, 20, 40, 60, 80, 100}));
  EXPECT_EQ(svg::nice_ticks(0, 1, 5), (std::vector<double>{0, 0.2, 0.4, 0.6000000000000001, 0.8, 1}));
  EXPECT_EQ(svg::nice_ticks(0, 4200, 5), (std::vector<double>{0, 1000, 2000, 3000, 4000, 5000}));
  EXPECT_EQ(svg::nice_ticks(0, 0, 5), (std::vector<double>{0, 0.2, 0.4, 0.6000000000000001, 0.8, 1}));
  for (double hi : {0.37, 3.0, 12.5, 999.0, 123456.0, 7.7e9}) {
    const auto t = svg::nice_ticks(0, hi, 5);
    EXPECT_LE(t.size(), 6u) << hi;
    EXPECT_GE(t.back(), hi) << hi;
    EXPECT_EQ(t.front(), 0) << hi;
  }
}

TEST(SvgChart, Log2TicksSpanTheSizes) {
  EXPECT_EQ(svg::log2_ticks(64, 1024, 8), (std::vector<double>{64, 128, 256, 512, 1024}));
  EXPECT_EQ(svg::log2_ticks(470, 1024, 8), (std::vector<double>{256, 512, 1024}));
  EXPECT_EQ(svg::log2_ticks(1024, 1024, 8), (std::vector<double>{1024, 2048}));
  const auto wide = svg::log2_ticks(16, 64 * 1024 * 1024, 8);  // 2^4 .. 2^26: every 4th power
  EXPECT_LE(wide.size(), 9u);
  EXPECT_EQ(wide.front(), 16);
  EXPECT_GE(wide.back(), 64.0 * 1024 * 1024);
}

TEST(SvgChart, TickLabelsAreShort) {
  EXPECT_EQ(svg::tick_label(0), "0");
  EXPECT_EQ(svg::tick_label(0.25), "0.25");
  EXPECT_EQ(svg::tick_label(250), "250");
  EXPECT_EQ(svg::tick_label(2500), "2500");
  EXPECT_EQ(svg::tick_label(12000), "12k");
  EXPECT_EQ(svg::tick_label(3.2e6), "3.2M");
  EXPECT_EQ(svg::tick_label(1.5e9), "1.5G");
}

TEST(SvgChart, EscapeCoversMarkupCharacters) {
  EXPECT_EQ(svg::escape("<a href=\"x\">&'</a>"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
}

TEST(SvgChart, BarChartDrawsOneBarAndWhiskerPerValue) {
  svg::BarChart chart{"t <1>", "size", "MiB/s", {"a", "b"}, {}, {}};
  chart.groups.push_back({"1KB", {{0, 100, 90, 110, "a"}, {1, 200, 190, 210, "b"}}});
  chart.groups.push_back({"16KB", {{1, 400, 380, 420, "b"}}});
  const std::string s = svg::bar_chart(chart);
  EXPECT_EQ(count(s, "<svg "), 1u);
  EXPECT_EQ(count(s, "class=\"bar\""), 3u);
  EXPECT_EQ(count(s, "class=\"whisker\""), 3u);
  EXPECT_NE(s.find("aria-label=\"t &lt;1&gt;\""), std::string::npos);
  EXPECT_EQ(nesting_error(s), "");
}

TEST(SvgChart, LineChartDrawsOnePolylinePerSeries) {
  svg::LineChart chart{"t", "size", "MiB/s", {"a", "b"}, {}, {}, nullptr};
  chart.lines.push_back({0, {{64, 10, 9, 11, ""}, {1024, 100, 95, 105, ""}}});
  chart.lines.push_back({1, {{64, 20, 19, 21, ""}, {1024, 150, 140, 160, ""}}});
  const std::string s = svg::line_chart(chart);
  EXPECT_EQ(count(s, "<polyline "), 2u);
  EXPECT_EQ(count(s, "class=\"marker\""), 4u + 2u) << "a marker per point and per legend entry";
  EXPECT_EQ(count(s, "<circle "), 2u + 1u) << "series a's points and legend marker are circles";
  EXPECT_EQ(nesting_error(s), "");
}

// Issue #39 item 8: ticks at the measured sizes only (no tick where nothing was measured), and a line
// breaks where its series has no value at a size another series measured.
TEST(SvgChart, LineChartTicksAtMeasuredSizesAndBreaksWhereASeriesHasNoValue) {
  svg::LineChart chart{"t", "size", "ns", {"a", "b"}, {}, {}, [](double v) { return std::to_string(int(v)) + "B"; }};
  chart.lines.push_back({0, {{16, 10, 9, 11, ""}, {16384, 100, 95, 105, ""}}});
  chart.lines.push_back({1, {{16, 20, 19, 21, ""}, {1024, 60, 58, 62, ""}, {16384, 150, 140, 160, ""}}});
  const std::string s = svg::line_chart(chart);
  EXPECT_EQ(count(s, "<polyline "), 1u) << "a has no 1KB value: its two points stand apart; b is one line";
  EXPECT_NE(s.find(">1024B<"), std::string::npos);
  EXPECT_EQ(s.find(">64B<"), std::string::npos) << "a tick where nothing was measured";
  EXPECT_EQ(s.find(">256B<"), std::string::npos);
  EXPECT_EQ(nesting_error(s), "");
}

TEST(SvgChart, EightSeriesNeverShareColourAndMarker) {
  std::set<std::pair<std::string, std::string>> pairs;
  std::set<std::string> colours;
  for (size_t i = 0; i < 64; ++i)
    pairs.emplace(std::string(svg::series_color(i)), std::string(svg::marker_name(svg::series_marker(i))));
  for (size_t i = 0; i < 8; ++i) colours.emplace(svg::series_color(i));
  EXPECT_EQ(colours.size(), 8u) << "eight colours, so eight libraries differ in colour alone";
  EXPECT_EQ(pairs.size(), 64u);

  svg::BarChart chart{"t", "size", "MiB/s", {}, {}, {}};
  svg::BarGroup group{"1KB", {}};
  for (size_t i = 0; i < 8; ++i) {
    chart.series.push_back("library-" + std::to_string(i));
    group.bars.push_back({i, 100.0 + static_cast<double>(i), 99, 110, ""});
  }
  chart.groups.push_back(group);
  const std::string s = svg::bar_chart(chart);
  const std::regex entry(R"re(class="legend-entry" data-color="([^"]+)" data-marker="([^"]+)")re");
  std::set<std::string> seen;
  for (auto it = std::sregex_iterator(s.begin(), s.end(), entry); it != std::sregex_iterator(); ++it)
    seen.insert((*it)[1].str() + "/" + (*it)[2].str());
  EXPECT_EQ(seen.size(), 8u) << s;
}

TEST(SvgChart, LegendWrapsInsideTheChart) {
  svg::BarChart chart{"t", "size", "MiB/s", {}, {}, {}};
  for (size_t i = 0; i < 8; ++i) chart.series.push_back("a-long-library-name-" + std::to_string(i));
  chart.groups.push_back({"1KB", {{0, 1, 0.9, 1.1, ""}}});
  const std::string s = svg::bar_chart(chart);
  const std::regex text_x(R"re(<text x="([0-9.]+)" y="([0-9.]+)">a-long-library-name-)re");
  std::set<std::string> rows;
  for (auto it = std::sregex_iterator(s.begin(), s.end(), text_x); it != std::sregex_iterator(); ++it) {
    // 7.2 units per character is the estimate the layout uses; the name must end inside the 720 width.
    EXPECT_LE(std::stod((*it)[1].str()) + 7.2 * 21, 720.0) << s;
    rows.insert((*it)[2].str());
  }
  EXPECT_GE(rows.size(), 2u) << "wrapped to more than one row";
  const std::regex height(R"re(viewBox="0 0 720.0 ([0-9.]+)")re");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(s, m, height));
  double lowest = 0;
  for (const auto& r : rows) lowest = std::max(lowest, std::stod(r));
  EXPECT_GT(std::stod(m[1].str()), lowest) << "the drawing grows to hold every legend row";
}

TEST(SvgChart, LogScaleYWhenValuesSpanMoreThanTenTimes) {
  EXPECT_EQ(svg::log_ticks(3, 70), (std::vector<double>{1, 2, 5, 10, 20, 50, 100}));
  EXPECT_EQ(svg::log_ticks(5, 20000), (std::vector<double>{1, 10, 100, 1000, 10000, 100000}));
  svg::BarChart chart{"t", "size", "MiB/s", {"a"}, {}, {}};
  chart.groups.push_back({"64B", {{0, 5, 4.9, 5.1, ""}}});
  chart.groups.push_back({"16KB", {{0, 45, 44, 46, ""}}});
  EXPECT_EQ(svg::bar_chart(chart).find("log scale"), std::string::npos) << "9x: linear";
  chart.groups.push_back({"1MB", {{0, 600, 590, 610, ""}}});
  EXPECT_NE(svg::bar_chart(chart).find("MiB/s, log scale"), std::string::npos) << "120x: log";
  const svg::YScale y{true, 1, 1000, 300, 0};
  EXPECT_DOUBLE_EQ(y(10), 200);
  EXPECT_DOUBLE_EQ(y(0.5), 300) << "below the axis clamps to its bottom";
}

TEST(SvgChart, ValueLabelsAreTurnedOrLeftOutWhenBarsAreNarrow) {
  auto chart_with = [](size_t series, double value) {
    svg::BarChart chart{"t", "size", "MiB/s", {}, {}, {}};
    svg::BarGroup group{"1KB", {}};
    for (size_t i = 0; i < series; ++i) {
      chart.series.push_back(std::string(1, static_cast<char>('a' + i)));
      group.bars.push_back({i, value, value, value, ""});
    }
    for (int g = 0; g < 3; ++g) chart.groups.push_back(group);
    return svg::bar_chart(chart);
  };
  const std::string wide = chart_with(2, 1234);  // bars 56 units wide: "1234" fits above each
  EXPECT_EQ(count(wide, "class=\"value\" x="), 6u);
  EXPECT_EQ(count(wide, "rotate(-90)\" text-anchor=\"end\""), 0u);
  const std::string narrow = chart_with(8, 1234);  // 20.7 units: upright inside the bar
  EXPECT_EQ(count(narrow, "class=\"value\" x="), 0u) << narrow;
  EXPECT_EQ(count(narrow, "class=\"value\" style="), 24u) << narrow;
  const std::string crowded = chart_with(40, 1234);  // 4 units: no room at all
  EXPECT_EQ(count(crowded, "class=\"value\""), 0u);
}

// A real run's report, opened by a real browser: the charts must be in the DOM Chromium builds.
TEST(HtmlReportInBrowser, ChromiumRendersTheCharts) {
  const char* chromium = "/usr/bin/chromium";
  if (!fs::exists(chromium)) GTEST_SKIP() << chromium << " is not installed (apt-get install chromium)";
  bool any_backend = false;
  for (const auto& e : fs::directory_iterator(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS))
    any_backend |= e.path().filename().string().rfind("ca-backend-", 0) == 0;
  if (!any_backend) GTEST_SKIP() << "no backend plugin was built";

  const fs::path dir = fs::path(testing::TempDir()) / ("html_e2e_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path report = dir / "report.html", dom = dir / "dom.html", log = dir / "chromium.log";
  const std::string run = std::string(CRYPTAUDITOR_BINARY) +
                          " --hash SHA2-256,SHA3-256 -d 64B,1KB -r 50 --format html -o " + report.string() +
                          " >" + (dir / "run.log").string() + " 2>&1";
  ASSERT_EQ(std::system(run.c_str()), 0) << read_file(dir / "run.log");
  const std::string html = read_file(report);
  // Two algorithms, each with a bar chart and (two sizes) a line chart.
  ASSERT_EQ(count(html, "<svg "), 4u) << html;

  const std::string browse = "timeout 120 " + std::string(chromium) +
                             " --headless --no-sandbox --disable-gpu --disable-background-networking"
                             " --disable-component-update --disable-sync --no-first-run --user-data-dir=" +
                             (dir / "profile").string() + " --dump-dom file://" + report.string() + " >" +
                             dom.string() + " 2>" + log.string();
  ASSERT_EQ(std::system(browse.c_str()), 0) << read_file(log);
  const std::string rendered = read_file(dom);
  EXPECT_EQ(count(rendered, "<svg "), 4u) << rendered.substr(0, 2000) << "\n" << read_file(log);
  EXPECT_EQ(count(rendered, "</svg>"), 4u);
  EXPECT_GE(count(rendered, "class=\"bar\""), 4u) << "a bar per library and size";
  EXPECT_GE(count(rendered, "<polyline "), 2u);
  EXPECT_NE(rendered.find("SHA2-256 — Hash"), std::string::npos);
  EXPECT_NE(rendered.find("SHA3-256 — Hash vs message size"), std::string::npos);
  EXPECT_NE(rendered.find("throughput, MiB/s (higher is better)"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace ca
