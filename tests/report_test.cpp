// Reporters against fixed records: the console lines and the JSON document.
#include "plugins/report.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

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

std::string render(const std::string& format, const std::vector<Record>& records) {
  Environment env;
  env.cpu_model = "Test CPU";
  env.program_version = "0.1.0";
  env.build_type = "Release";
  env.backends = {{"alpha", "Alpha", "1.0", "AES-NI", "/x"}};
  ReportSettings settings;
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
  EXPECT_NE(out.find("Encryption speed ranking:\n1 - AES-CTR - 0.00400ms (+0.000ms)\n2 - AES-GCM - 0.00500ms "
                     "(+0.00100ms, 1.25x slower)\n"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("library ranking"), std::string::npos);
}

TEST(ConsoleReport, SeveralBackendsNameThemAndRankLibraries) {
  std::vector<Record> rs{rec("alpha", "AES-GCM", "encrypt", 5000), rec("beta", "AES-GCM", "encrypt", 2500)};
  rs.push_back(rec("gamma", "AES-GCM", "encrypt", 1));
  rs.back().status = Status::Unsupported;
  rs.back().error = "not offered by this library";
  std::string out = render("table", rs);
  EXPECT_NE(out.find("alpha: Encryption time: 0.00500ms"), std::string::npos) << out;
  EXPECT_NE(out.find("gamma: unsupported: not offered by this library"), std::string::npos) << out;
  EXPECT_NE(
      out.find("AES-GCM 256-bit encrypt, 1KB — library ranking:\n1 - beta - 0.00250ms (+0.000ms)\n2 - alpha"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("1 - AES-GCM-256 (beta)"), std::string::npos) << out;
}

TEST(JsonReport, RecordFields) {
  std::vector<Record> rs{rec("alpha", "SHA2-256", "hash", 1e6)};
  auto doc = nlohmann::json::parse(render("json", rs));
  EXPECT_EQ(doc["schema_version"], 3);
  EXPECT_EQ(doc["context"]["cpu_model"], "Test CPU");
  const auto& r = doc["results"][0];
  EXPECT_EQ(r["median_ns"], 1e6);
  EXPECT_EQ(r["rounds"], 1000);
  EXPECT_EQ(r["rounds_mode"], "exact");
  EXPECT_NEAR(r["throughput_mib_s"].get<double>(), 1024 / 1e-3 / 1048576.0, 1e-9);
  EXPECT_EQ(r["status"], "ok");
  EXPECT_TRUE(r["error"].is_null());
  EXPECT_EQ(r["ci95_ns"].size(), 2u);
}

TEST(JsonReport, NanBecomesNull) {
  Record r = rec("alpha", "SHA2-256", "hash", 10);
  r.measurement.sample_ns = {10};
  r.summary = stats::summarize(r.measurement.sample_ns);  // stddev of one sample is NaN
  auto doc = nlohmann::json::parse(render("json", {r}));
  EXPECT_TRUE(doc["results"][0]["stddev_ns"].is_null());
}

}  // namespace
}  // namespace ca
