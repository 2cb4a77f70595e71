// The 2004 timing test's layout (`--layout 2004`, plugins/timing_2004.cpp): cipher rows averaged over
// encryption and decryption, hash and MAC rows, one column per library and an Average column in Mb/s, the
// public-key table in operations per second and ms; in console text, Markdown and HTML; chosen by the
// flag and the config (configs/timing-test-2004.json).
#include "plugins/timing_2004.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "plugins/report.hpp"
#include "tests/support/run_program.hpp"

namespace ca {
namespace {

Record measured(std::string backend, std::string alg, uint32_t bits, std::string op, size_t bytes,
                double median) {
  Record r;
  r.backend = std::move(backend);
  r.algorithm = std::move(alg);
  r.key_bits = bits;
  r.operation = std::move(op);
  r.data_bytes = bytes;
  r.exact_rounds = true;
  r.rounds_requested = 100;
  for (double f : {-1.0, -0.5, 0.0, 0.0, 0.5, 1.0})
    r.measurement.sample_ns.push_back(median * (1 + f * 0.01));
  r.measurement.sample_ops.assign(r.measurement.sample_ns.size(), 10);
  r.measurement.timed_ops = 10 * r.measurement.sample_ns.size();
  r.summary = stats::summarize(r.measurement.sample_ns);
  return r;
}

Record not_measured(std::string backend, std::string alg, uint32_t bits, std::string op, size_t bytes,
                    Status s) {
  Record r = measured(std::move(backend), std::move(alg), bits, std::move(op), bytes, 1);
  r.status = s;
  r.error = "because";
  r.measurement = {};
  r.summary = {};
  return r;
}

constexpr size_t k64KB = 65536;  // 524288 bits: at 5 ms, 104.8576 Mb/s

std::vector<Record> records() {
  return {
      measured("alpha", "AES-CBC", 128, "encrypt", k64KB, 5e6),
      measured("alpha", "AES-CBC", 128, "decrypt", k64KB, 5e6),
      measured("beta", "AES-CBC", 128, "encrypt", k64KB, 2e6),
      measured("beta", "AES-CBC", 128, "decrypt", k64KB, 6e6),  // mean 4 ms: 131.072 Mb/s
      not_measured("alpha", "DES", 56, "encrypt", k64KB, Status::Unsupported),
      not_measured("beta", "DES", 56, "encrypt", k64KB, Status::Failed),
      measured("alpha", "SHA1", 0, "hash", k64KB, 1e6),      // 524.288 Mb/s
      measured("alpha", "HMAC-SHA1", 0, "mac", k64KB, 2e6),  // 262.144 Mb/s
      measured("beta", "HMAC-SHA1", 0, "mac", k64KB, 8e6),   // 65.536 Mb/s; mean 5 ms: 104.8576
      measured("alpha", "RSA-PKCS1V15-SHA1", 1024, "sign", 1024, 1e6),
      measured("alpha", "RSA-PKCS1V15-SHA1", 1024, "verify", 1024, 5e4),
      measured("alpha", "RSA-PKCS1V15-SHA1", 1024, "keygen", 0, 1e8),
      measured("alpha", "RSA-PKCS1V15-ENC", 1024, "encrypt", 117, 4e4),
      measured("alpha", "RSA-PKCS1V15-ENC", 1024, "decrypt", 117, 8e5),
      not_measured("beta", "RSA-PKCS1V15-SHA1", 1024, "sign", 1024, Status::Unsupported),  // no row
  };
}

std::string render(const std::string& format, const ReportSettings& settings) {
  const auto rs = records();
  Environment env;
  std::ostringstream out;
  make_reporter(format)->write({rs, env, settings}, out);
  return out.str();
}

ReportSettings layout_2004() {
  ReportSettings s;
  s.layout = "2004";
  return s;
}

TEST(Timing2004, MegabitsAreTenToTheSixBitsPerSecond) {
  // The paper's DES row: 65536 bytes in 0.015828 s is 33.1 Mb/s.
  EXPECT_NEAR(megabits_per_second(65536, 0.015828e9), 33.12, 0.01);
  EXPECT_EQ(megabits_per_second(65536, 0), 0);
}

TEST(Timing2004, ConsoleTablesHaveLibraryColumnsAnAverageAndMbits) {
  const std::string out = render("table", layout_2004());
  const size_t at = out.find("\nSymmetric key algorithms (2004 timing test layout):\n");
  ASSERT_NE(at, std::string::npos) << out;
  EXPECT_EQ(out.find("Per-library table"), std::string::npos) << "the 2004 tables replace it";
  const std::string tables = out.substr(at);
  EXPECT_NE(tables.find("algorithm        size  alpha    beta  Average\n"
                        "AES-CBC 128-bit  64KB  104.9   131.1    116.5\n"
                        "DES 56-bit       64KB      -  FAILED        -\n"),
            std::string::npos)
      << tables;
  EXPECT_NE(tables.find("algorithm  size  alpha  beta  Average\n"
                        "SHA1       64KB  524.3     -    524.3\n"
                        "HMAC-SHA1  64KB  262.1  65.5    104.9\n"),
            std::string::npos)
      << tables;
  EXPECT_NE(tables.find("RSA-PKCS1V15-SHA1 1024-bit  1KB   alpha    10.0 op/s (100ms)  1000 op/s (1.00ms)  "
                        "20000 op/s (0.0500ms)                      -                    -\n"),
            std::string::npos)
      << tables;
  EXPECT_NE(tables.find("RSA-PKCS1V15-ENC 1024-bit   117B  alpha                    -                   -  "
                        "                    -  25000 op/s (0.0400ms)  1250 op/s (0.800ms)\n"),
            std::string::npos)
      << tables;
  EXPECT_EQ(tables.find("1KB   beta"), std::string::npos) << "no public-key row for a library offering none";
}

TEST(Timing2004, DefaultLayoutHasNoneOfIt) {
  const std::string out = render("table", ReportSettings{});
  EXPECT_EQ(out.find("2004 timing test layout"), std::string::npos);
  EXPECT_NE(out.find("Summary per algorithm"), std::string::npos)
      << "several libraries: the summary (issue #31)";
  EXPECT_EQ(render("markdown", ReportSettings{}).find("| Average |"), std::string::npos);
  EXPECT_EQ(render("html", ReportSettings{}).find("<th>Average</th>"), std::string::npos);
}

TEST(Timing2004, MarkdownAndHtmlCarryTheSameTables) {
  const std::string md = render("markdown", layout_2004());
  EXPECT_NE(md.find("### Symmetric key algorithms\n"), std::string::npos) << md;
  EXPECT_NE(md.find("| algorithm | size | alpha | beta | Average |\n|---|---|---:|---:|---:|\n"
                    "| AES-CBC 128-bit | 64KB | 104.9 | 131.1 | 116.5 |\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| HMAC-SHA1 | 64KB | 262.1 | 65.5 | 104.9 |"), std::string::npos) << md;
  const std::string html = render("html", layout_2004());
  EXPECT_NE(html.find("<tr><th>algorithm</th><th>size</th><th>alpha</th><th>beta</th><th>Average</th></tr>\n"
                      "<tr><td>AES-CBC 128-bit</td><td>64KB</td><td class=\"num\">104.9</td><td "
                      "class=\"num\">131.1</td><td class=\"num\">116.5</td></tr>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<td class=\"num\">1000 op/s (1.00ms)</td>"), std::string::npos);
}

TEST(Timing2004, UnitFlagSetsThePublicKeyTimes) {
  ReportSettings s = layout_2004();
  s.unit = TimeUnit::Us;
  s.unit_given = true;
  EXPECT_NE(render("table", s).find("1000 op/s (1000us)"), std::string::npos);
}

TEST(Timing2004, ABadLayoutIsAUsageError) {
  const auto r = test::run_cryptauditor("--hash SHA2-256 -r 10 --layout 2005");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err, "cryptauditor: --layout '2005' is not valid: expected default, seed or 2004\n");
  EXPECT_EQ(r.out, "");
}

TEST(Timing2004, TheFlagChoosesTheLayout) {
  const auto r = test::run_cryptauditor("--hash SHA2-256 -r 20 -d 1KB -b openssl --layout 2004");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Hash & MAC algorithms (2004 timing test layout):"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Average"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace ca
