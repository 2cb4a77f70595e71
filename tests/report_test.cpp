// Reporters against fixed records: the console lines and the JSON document.
#include "plugins/report.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>
#include <tuple>

#include "plugins/text_table.hpp"

namespace ca {
namespace {

Record rec(std::string backend, std::string alg, std::string op, double median) {
  Record r;
  r.backend = std::move(backend);
  r.algorithm = std::move(alg);
  r.key_bits = 256;
  r.operation = std::move(op);
  r.data_bytes = 1024;
  r.exact_rounds = true;
  r.rounds_requested = 1000;
  r.measurement.sample_ns = {median, median, median};
  r.measurement.sample_ops = {400, 300, 300};
  r.measurement.timed_ops = 1000;
  r.summary = stats::summarize(r.measurement.sample_ns);
  return r;
}

ReportSettings thousand_rounds() {
  ReportSettings settings;
  settings.rounds = 1000;
  settings.processes = 1;  // the fixture's records are one process's
  return settings;
}

// The original's per-line layout, which several libraries get with --layout seed.
ReportSettings seed_layout() {
  ReportSettings settings = thousand_rounds();
  settings.layout = "seed";
  return settings;
}

std::string render(const std::string& format, const std::vector<Record>& records,
                   ReportSettings settings = thousand_rounds()) {
  Environment env;
  env.cpu_model = "Test CPU";
  env.program_version = "0.1.0";
  env.build_type = "Release";
  env.backends = {{"alpha", "Alpha", "1.0", "AES-NI", "/x"}};
  settings.rounds = 1000;
  std::ostringstream out;
  make_reporter(format)->write({records, env, settings}, out);
  return out.str();
}

TEST(ConsoleReport, SingleBackendKeepsCryptauditorLines) {
  std::vector<Record> rs{rec("alpha", "AES-GCM", "encrypt", 5000), rec("alpha", "AES-GCM", "decrypt", 6000),
                         rec("alpha", "AES-CTR", "encrypt", 4000), rec("alpha", "AES-CTR", "decrypt", 4000)};
  std::string out = render("table", rs);
  EXPECT_NE(
      out.find(
          "Performing 1000 rounds of AES encryption and decryption in GCM mode with a 256-bit random key "
          "on 1KB of random data\nEncryption time: 0.00500ms"),
      std::string::npos)
      << out;
  // The seed's "N - NAME - X ms (+Y ms)" first, with the delta to three significant digits; the ratio after.
  EXPECT_NE(out.find("Encryption speed ranking:\n1 - AES-CTR - 0.00400ms (+0.0ms)\n2 - AES-GCM - 0.00500ms "
                     "(+0.00100ms), 1.25x slower\n"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("library ranking"), std::string::npos);
  EXPECT_EQ(out.find("Per-library table"), std::string::npos);
}

TEST(ConsoleReport, SeedNamesAndDeltasWithThreeSignificantDigits) {
  std::vector<Record> rs{rec("alpha", "EDDSA", "sign", 681000),    rec("alpha", "EDDSA", "verify", 2066000),
                         rec("alpha", "RSA-PSS", "sign", 4008000), rec("alpha", "RSA-PSS", "verify", 689000),
                         rec("alpha", "ECDSA", "sign", 795000),    rec("alpha", "ECDSA", "verify", 1573000)};
  rs[2].key_bits = rs[3].key_bits = 3072;
  std::string out = render("table", rs);
  EXPECT_NE(
      out.find("Signature speed ranking:\n1 - EdDSA - 0.681ms (+0.0ms)\n2 - ECDSA - 0.795ms (+0.114ms), "
               "1.17x slower\n3 - RSA-PSS - 4.008ms (+3.33ms), 5.89x slower\n"),
      std::string::npos)
      << out;
  EXPECT_NE(
      out.find("Performing 1000 rounds of RSA-PSS signature and verification with a 3072-bit random key on "
               "1KB of random data hashed with SHA-256\nSignature time: 4.008ms ("),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("Performing 1000 rounds of ECDSA signature and verification with a 256-bit (P-256) "
                     "elliptic curve on 1KB of random data hashed with SHA-256\n"),
            std::string::npos)
      << out;
}

TEST(ConsoleReport, OneAlgorithmAtTwoKeySizesIsNamedWithTheSize) {
  std::vector<Record> rs{rec("alpha", "AES-GCM", "encrypt", 5000), rec("alpha", "AES-GCM", "encrypt", 6000)};
  rs[0].key_bits = 128;
  std::string out = render("table", rs);
  EXPECT_NE(out.find("\n1 - AES-GCM-128 - 0.00500ms (+0.0ms)\n2 - AES-GCM-256 - "), std::string::npos) << out;
}

TEST(ConsoleReport, KeyGenerationSaysNothingAboutData) {
  Record keygen = rec("alpha", "ECDSA", "keygen", 20000);
  keygen.data_bytes = 0;
  std::string out = render("table", {keygen});
  EXPECT_NE(out.find("Performing 1000 rounds of ECDSA key pair generation with a 256-bit (P-256) elliptic "
                     "curve\nKey generation time: 0.0200ms ("),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("random data"), std::string::npos) << out;
  EXPECT_EQ(out.find("0B"), std::string::npos) << out;
}

// The RSA library benchmark prints timeit.repeat's list: each repetition's total seconds, then the median.
TEST(ConsoleReport, RepetitionTotalsAsTimeitPrintsThem) {
  Record r = rec("alpha", "SHA2-256", "hash", 0);
  r.measurement.sample_ns = {1e6, 2e6, 3e6};
  r.measurement.sample_ops = {500, 500, 1000};
  r.measurement.timed_ops = 2000;
  r.measurement.repetition_samples = {2, 1};
  summarize_record(r);
  std::string out = render("table", {r});
  EXPECT_NE(
      out.find("\nHash repetition totals (s, 1000 operations each): [1.5, 3.0]\nHash repetition median: "
               "2.25 s\n"),
      std::string::npos)
      << out;
  r.measurement.sample_ops = {500, 500, 900};
  out = render("table", {r});
  EXPECT_NE(out.find("Hash repetition totals (s, operations: 1000, 900): [1.5, 2.7]\n"), std::string::npos)
      << out;
}

TEST(ConsoleReport, PerLibraryTablePicksAReadableUnitUnlessOneIsGiven) {
  std::vector<Record> rs{rec("alpha", "SHA2-256", "hash", 83.4), rec("beta", "SHA2-256", "hash", 91.2),
                         rec("alpha", "SHA2-512", "hash", 120), rec("beta", "SHA2-512", "hash", 2500)};
  for (Record& r : rs) r.key_bits = 0;  // hashes have no key
  std::string out = render("table", rs, seed_layout());
  const size_t table = out.find("Per-library table (median time per operation, ns):\n");
  ASSERT_NE(table, std::string::npos) << out;
  const std::string rows = out.substr(table);
  EXPECT_TRUE(std::regex_search(rows, std::regex("\nSHA2-256 +- +hash +1KB +83\\.4 +91\\.2\n"))) << out;
  EXPECT_TRUE(std::regex_search(rows, std::regex("\nSHA2-512 +- +hash +1KB +120 +2500\n"))) << out;
  EXPECT_EQ(out.find("0.0000", table), std::string::npos) << out;
  ReportSettings ms = seed_layout();
  ms.unit_given = true;
  out = render("table", rs, ms);
  EXPECT_NE(out.find("Per-library table (median time per operation, ms):\n"), std::string::npos) << out;
  EXPECT_NE(out.find("0.0000834"), std::string::npos) << out;
}

TEST(ConsoleReport, SeveralBackendsNameThemAndRankLibraries) {
  std::vector<Record> rs{rec("alpha", "AES-GCM", "encrypt", 5000), rec("beta", "AES-GCM", "encrypt", 2500)};
  rs.push_back(rec("gamma", "AES-GCM", "encrypt", 1));
  rs.back().status = Status::Unsupported;
  rs.back().error = "not offered by this library";
  std::string out = render("table", rs, seed_layout());
  EXPECT_NE(out.find("alpha: Encryption time: 0.00500ms"), std::string::npos) << out;
  EXPECT_NE(out.find("gamma: unsupported: not offered by this library"), std::string::npos) << out;
  EXPECT_NE(
      out.find("AES-GCM 256-bit encrypt, 1KB — library ranking:\n1 - beta - 0.00250ms (+0.0ms)\n2 - alpha"),
      std::string::npos)
      << out;
  // One algorithm per library: no per-library algorithm ranking of one line, and never one ranking that
  // mixes (algorithm, library) pairs.
  EXPECT_EQ(out.find("Encryption speed ranking"), std::string::npos) << out;
  EXPECT_EQ(out.find("(beta)"), std::string::npos) << out;
}

// Several libraries and algorithms: the seed's ranking per library, then one library ranking per algorithm.
TEST(ConsoleReport, SeveralBackendsGetTheSeedRankingEachThenLibraryRankings) {
  std::vector<Record> rs{rec("alpha", "SHA2-256", "hash", 4000), rec("alpha", "SHA2-512", "hash", 3000),
                         rec("beta", "SHA2-256", "hash", 2000), rec("beta", "SHA2-512", "hash", 5000)};
  for (Record& r : rs) r.key_bits = 0;  // hashes have no key
  std::string out = render("table", rs, seed_layout());
  const size_t alpha =
      out.find("\nalpha: Hash speed ranking:\n1 - SHA2-512 - 0.00300ms (+0.0ms)\n2 - SHA2-256 - ");
  const size_t beta =
      out.find("\nbeta: Hash speed ranking:\n1 - SHA2-256 - 0.00200ms (+0.0ms)\n2 - SHA2-512 - ");
  const size_t library =
      out.find("\nSHA2-256 hash, 1KB — library ranking:\n1 - beta - 0.00200ms (+0.0ms)\n2 - alpha");
  ASSERT_NE(alpha, std::string::npos) << out;
  ASSERT_NE(beta, std::string::npos) << out;
  ASSERT_NE(library, std::string::npos) << out;
  EXPECT_LT(alpha, beta);
  EXPECT_LT(beta, library);
  EXPECT_EQ(out.find("(alpha)"), std::string::npos) << "no interleaved ranking\n" << out;
}

// Issue #31: the study `-c AES-GCM,CHACHA20-POLY1305 -d 64B,1KB,16KB -b openssl,libsodium,botan` (adaptive)
// reads on one screen by default: at most 40 lines of at most 120 columns, ending in one table per algorithm,
// key and operation with each library's throughput, rank and ratio to the fastest with its interval.
std::vector<Record> study_records() {
  std::vector<Record> rs;
  for (const char* alg : {"AES-GCM", "CHACHA20-POLY1305"})
    for (size_t size : {64, 1024, 16384})
      for (const char* op : {"encrypt", "decrypt"})
        for (const auto& [backend, factor] :
             {std::pair<const char*, double>{"openssl", 1.0}, {"libsodium", 1.01}, {"botan", 2.0}}) {
          const double m = (200 + static_cast<double>(size) * 0.3) * factor;
          Record r = rec(backend, alg, op, m);
          r.data_bytes = size;
          r.exact_rounds = false;
          r.measurement.sample_ns = {m * 0.98, m * 0.99, m, m, m * 1.01, m * 1.02};
          r.measurement.sample_ops = {100, 100, 100, 100, 100, 100};
          summarize_record(r);
          rs.push_back(r);
        }
  return rs;
}

std::string render_study(const std::string& layout, std::optional<TimeUnit> unit = std::nullopt) {
  Environment env;
  env.cpu_model = "Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz";
  env.logical_cpus = 2;
  env.cpu_features = {"aes", "pclmulqdq", "avx", "avx2", "sha", "vaes", "vpclmulqdq", "avx512f"};
  env.program_version = "0.1.0";
  env.build_type = "Release";
  env.backends = {{"openssl", "OpenSSL", "3.0.13", "AES-NI", "/x"},
                  {"libsodium", "libsodium", "1.0.18", "AES-NI", "/x"},
                  {"botan", "Botan", "2.19.3", "AES-NI", "/x"}};
  ReportSettings s;  // adaptive, as the issue's command
  s.budget_s = 0.05;
  s.target_rel_ci = 0.05;
  s.layout = layout;
  if (unit) {
    s.unit = *unit;
    s.unit_given = true;
  }
  const std::vector<Record> rs = study_records();
  std::ostringstream out;
  make_reporter("table")->write({rs, env, s}, out);
  return out.str();
}

TEST(ConsoleReport, SeveralLibrariesFitOneScreenAndEndInSummaryTables) {
  const std::string out = render_study("default");
  std::istringstream lines(out);
  size_t count = 0;
  for (std::string line; std::getline(lines, line); ++count) EXPECT_LE(display_width(line), 120u) << line;
  EXPECT_LE(count, 40u) << out;
  // The adaptive rule once, no per-line output, no per-library seed rankings.
  EXPECT_EQ(out.find("Adaptive rounds:"), out.rfind("Adaptive rounds:")) << out;
  EXPECT_EQ(out.find("Encryption time"), std::string::npos) << out;
  EXPECT_EQ(out.find("speed ranking"), std::string::npos) << out;
  // One table per algorithm and operation, sizes as columns, in a readable throughput unit; openssl and
  // libsodium 1 % apart with ±2 % samples share rank 1, botan is twice as slow.
  const size_t table = out.find("\nAES-GCM 256-bit encrypt, GiB/s (higher is faster):\n");
  ASSERT_NE(table, std::string::npos) << out;
  EXPECT_NE(out.find("\nCHACHA20-POLY1305 256-bit decrypt, GiB/s (higher is faster):\n"), std::string::npos)
      << out;
  const std::string rows = out.substr(table);
  EXPECT_TRUE(std::regex_search(rows, std::regex(R"(\n +64B +1KB +16KB\n)"))) << rows;
  // 64 B in (200 + 19.2) ns: 0.272 GiB/s; 16 KB in 5115 ns: 2.98 GiB/s (the table's median rate, 1.88 GiB/s
  // at 1 KB, is above 1 GiB/s). Time over the fastest's: 1.01 within ±4 % (±2 % samples), 2.00.
  EXPECT_TRUE(std::regex_search(rows, std::regex(R"(\n  openssl +0\.272 +=1 +1\.88 +=1 +2\.98 +=1\n)")))
      << rows;
  EXPECT_TRUE(std::regex_search(
      rows, std::regex(R"(\n  libsodium +0\.269 +=1 1\.01x 0\.97–1\.05 \(93%\) +1\.86 +=1 1\.01x 0\.97–1\.05 \(93%\) +2\.95 +=1 )")))
      << rows;
  // Unpaired ratios (fixed records, not interleaved): the interval is built from the two medians' 96.9 %
  // intervals and holds at least their product, 93 %, which it says (issue #41).
  EXPECT_TRUE(
      std::regex_search(rows, std::regex(R"(\n  botan +0\.136 +#3 2\.00x 1\.92–2\.08 \(93%\) +0\.940 +#3 )")))
      << rows;
  EXPECT_EQ(out.find("0.00"), std::string::npos) << "no figure in a unit too large for it\n" << out;
}

// Issue #41 item 3: summary rows fastest first (by rank, then ratio, at the largest size), whatever order the
// libraries ran in; a rank its interval does not show says why.
TEST(ConsoleReport, SummaryRowsAreFastestFirstAndRanksSayWhy) {
  std::vector<Record> rs;
  // Grid order: slowest first. At 16KB: gamma fastest, then beta, then alpha; at 1KB alpha is fastest.
  for (const auto& [backend, at_1k, at_16k] : {std::tuple<const char*, double, double>{"alpha", 100, 4000},
                                               {"beta", 200, 2000},
                                               {"gamma", 300, 1000}})
    for (const auto& [size, m] : {std::pair<size_t, double>{1024, at_1k}, {16384, at_16k}}) {
      Record r = rec(backend, "AES-GCM", "encrypt", m);
      r.data_bytes = size;
      r.measurement.sample_ns = {m * 0.99, m, m, m * 1.01, m * 0.995, m * 1.005};
      r.measurement.sample_ops.assign(6, 100);
      summarize_record(r);
      rs.push_back(r);
    }
  const std::string out = render("table", rs, thousand_rounds());
  const size_t table = out.find("\nAES-GCM 256-bit encrypt,");
  ASSERT_NE(table, std::string::npos) << out;
  const std::string rows = out.substr(table);
  const size_t gamma = rows.find("\n  gamma"), beta = rows.find("\n  beta"), alpha = rows.find("\n  alpha");
  ASSERT_NE(alpha, std::string::npos) << rows;
  EXPECT_LT(gamma, beta) << rows;
  EXPECT_LT(beta, alpha) << rows;
  EXPECT_NE(out.find("rows fastest first at the largest size"), std::string::npos) << out;
  // --layout seed keeps the grid's order (its lines are per library in the order they ran).
  const std::string seed = render("table", rs, seed_layout());
  EXPECT_LT(seed.find("alpha: Encryption time"), seed.find("gamma: Encryption time")) << seed;
}

TEST(ConsoleReport, ARankAboveOneItsIntervalDoesNotShowNamesTheFasterLibrary) {
  // a: wide; b: tight, wholly faster than c; c's interval against a (the first) holds 1.
  std::vector<Record> rs;
  for (const auto& [backend, m, spread] :
       {std::tuple<const char*, double, double>{"a", 100, 0.5}, {"b", 101, 0.01}, {"c", 120, 0.08}}) {
    Record r = rec(backend, "SHA2-256", "hash", m);
    r.key_bits = 0;
    r.measurement.sample_ns = {m * (1 - spread), m, m, m * (1 + spread), m * (1 - spread / 2), m};
    r.measurement.sample_ops.assign(6, 100);
    summarize_record(r);
    rs.push_back(r);
  }
  const std::string out = render("table", rs, thousand_rounds());
  EXPECT_TRUE(std::regex_search(out, std::regex(R"(\n  c +[0-9.]+ +#2 [^\n]*\(slower than b\))"))) << out;
  const std::string seed = render("table", rs, seed_layout());
  EXPECT_NE(seed.find("- c - "), std::string::npos) << seed;
  EXPECT_NE(seed.find(", significantly slower than b\n"), std::string::npos) << seed;
  const std::string md = render("markdown", rs);
  EXPECT_NE(md.find("significantly slower than b"), std::string::npos) << md;
}

// -u forces its time unit on the summary tables, as on every other figure.
TEST(ConsoleReport, SummaryTablesUseTheGivenUnit) {
  const std::string out = render_study("default", TimeUnit::Ms);
  const size_t table = out.find("\nAES-GCM 256-bit encrypt, median time per operation, ms:\n");
  ASSERT_NE(table, std::string::npos) << out;
  // 64 B in 219.2 ns: 0.000219 ms.
  EXPECT_TRUE(std::regex_search(out.substr(table), std::regex(R"(\n  openssl +0\.000219 +=1 )"))) << out;
  EXPECT_EQ(out.find("GiB/s"), std::string::npos) << out;
}

// --layout seed with several libraries: the original's per-line output for each library, its rankings per
// library, the library rankings and the per-library table, as before the summary existed; the adaptive rule
// is said once, not on every "Performing" line.
TEST(ConsoleReport, LayoutSeedKeepsTheOriginalLinesForEveryLibrary) {
  const std::string out = render_study("seed");
  EXPECT_NE(
      out.find("\nPerforming adaptive rounds of AES encryption and decryption in GCM mode with a 256-bit "
               "random key on 64B of random data\nopenssl: Encryption time: "),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("\nbotan: Decryption time: "), std::string::npos) << out;
  EXPECT_NE(out.find("\nopenssl: Encryption speed ranking (64B):\n1 - "), std::string::npos) << out;
  EXPECT_NE(out.find("AES-GCM 256-bit encrypt, 16KB — library ranking:\n"), std::string::npos) << out;
  EXPECT_NE(out.find("\nPer-library table (median time per operation, "), std::string::npos) << out;
  EXPECT_EQ(out.find("Summary per algorithm"), std::string::npos) << out;
  EXPECT_EQ(out.find("Adaptive rounds:"), out.rfind("Adaptive rounds:")) << out;
  EXPECT_NE(out.find("Adaptive rounds:"), std::string::npos) << out;
}

TEST(JsonReport, RecordFields) {
  std::vector<Record> rs{rec("alpha", "SHA2-256", "hash", 1e6)};
  auto doc = nlohmann::json::parse(render("json", rs));
  EXPECT_EQ(doc["schema_version"], 5);
  EXPECT_EQ(doc["run"]["complete"], true) << "a run that finished its plan";
  EXPECT_TRUE(doc["run"]["not_measured"].empty());
  EXPECT_EQ(doc["context"]["cpu_model"], "Test CPU");
  const auto& r = doc["results"][0];
  EXPECT_EQ(r["median_ns"], 1e6);
  EXPECT_EQ(r["rounds"], 1000);
  EXPECT_EQ(r["rounds_mode"], "exact");
  EXPECT_NEAR(r["throughput_mib_s"].get<double>(), 1024 / 1e-3 / 1048576.0, 1e-9);
  EXPECT_EQ(r["status"], "ok");
  EXPECT_TRUE(r["error"].is_null());
  EXPECT_EQ(r["ci_ns"].size(), 2u);
}

TEST(JsonReport, NanBecomesNull) {
  Record r = rec("alpha", "SHA2-256", "hash", 10);
  r.measurement.sample_ns = {10};
  r.summary = stats::summarize(r.measurement.sample_ns);  // stddev of one sample is NaN
  auto doc = nlohmann::json::parse(render("json", {r}));
  EXPECT_TRUE(doc["results"][0]["stddev_ns"].is_null());
}

// A partial run (issue #31 item 3): every writer says so, and a planned record the run did not reach is
// "not measured (interrupted)", not "-" (which means "not offered").
TEST(PartialReport, EveryWriterSaysInterruptedAndListsWhatItDidNotMeasure) {
  std::vector<Record> rs{rec("alpha", "AES-GCM", "encrypt", 1e3), rec("beta", "AES-GCM", "decrypt", 2e3)};
  const PartialRun partial{"interrupted by SIGINT",
                           5,
                           {{"beta", "AES-GCM", 256, "encrypt", 1024},
                            {"alpha", "AES-GCM", 256, "decrypt", 1024},
                            {"alpha", "AES-CCM", 256, "encrypt", 1024}}};
  auto render_partial = [&](const std::string& format, const PartialRun* p) {
    Environment env;
    env.cpu_model = "Test CPU";
    ReportSettings settings = thousand_rounds();
    std::ostringstream out;
    make_reporter(format)->write({rs, env, settings, p}, out);
    return out.str();
  };
  for (const char* format : {"table", "markdown", "html"}) {
    const std::string out = render_partial(format, &partial);
    EXPECT_NE(
        out.find("PARTIAL REPORT: interrupted by SIGINT; 2 of 5 planned records measured, 3 not measured"),
        std::string::npos)
        << format << "\n"
        << out;
    EXPECT_NE(out.find("not measured (interrupted)"), std::string::npos) << format << "\n" << out;
    EXPECT_NE(out.find("AES-CCM 256-bit encrypt, 1KB: alpha"), std::string::npos) << format << "\n" << out;
    const std::string complete = render_partial(format, nullptr);
    EXPECT_EQ(complete.find("PARTIAL"), std::string::npos) << format << "\n" << complete;
    EXPECT_EQ(complete.find("not measured (interrupted)"), std::string::npos) << format << "\n" << complete;
  }
  // The grid cell of a planned record not reached: "not measured", where a complete run shows "-".
  const std::string md = render_partial("markdown", &partial);
  EXPECT_NE(md.find("| Encryption | 1.00us [1.00, 1.00] | not measured (interrupted) |"), std::string::npos)
      << md;
  EXPECT_NE(render_partial("markdown", nullptr).find("| Encryption | 1.00us [1.00, 1.00] | - |"),
            std::string::npos)
      << render_partial("markdown", nullptr);

  const auto doc = nlohmann::json::parse(render_partial("json", &partial));
  EXPECT_EQ(doc["run"]["complete"], false);
  EXPECT_EQ(doc["run"]["stopped_by"], "interrupted by SIGINT");
  EXPECT_EQ(doc["run"]["planned_records"], 5);
  ASSERT_EQ(doc["run"]["not_measured"].size(), 3u);
  EXPECT_EQ(doc["run"]["not_measured"][2], nlohmann::json({{"backend", "alpha"},
                                                           {"algorithm", "AES-CCM"},
                                                           {"key_bits", 256},
                                                           {"operation", "encrypt"},
                                                           {"data_bytes", 1024}}));
}

}  // namespace
}  // namespace ca
