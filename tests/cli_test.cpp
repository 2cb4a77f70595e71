// The program as a user runs it: output shape, JSON report, and one-line errors with exit status 2.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "host/affinity.hpp"
#include "report/schema.hpp"
#include "tests/support/run_program.hpp"

namespace {

using Result = ca::test::ProgramResult;

Result run(const std::string& args) { return ca::test::run_cryptauditor(args); }

bool have_openssl() {
  return std::filesystem::exists(std::string(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) + "/ca-backend-openssl.so");
}

#define REQUIRE_OPENSSL() \
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built"

size_t lines(const std::string& s) { return static_cast<size_t>(std::count(s.begin(), s.end(), '\n')); }

TEST(Cli, HashOutputHasCryptauditorShape) {
  REQUIRE_OPENSSL();
  Result r = run("--hash SHA-256 -r 50 -b openssl");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Performing 50 rounds of SHA-256 hash on 1KB of random data"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nHash time: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Hash speed ranking:\n1 - SHA2-256 - "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" (+0.0ms)\n"), std::string::npos) << r.out;
}

// Issue #31: the study of the issue, run for real at a tiny budget, reads on one screen (at most 40 lines
// of at most 120 columns) and ends in summary tables; --layout seed gives the original's lines per library.
TEST(Cli, SeveralLibrariesFitOneScreenUnlessLayoutSeed) {
  const std::string dir = CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS;
  for (const char* b : {"openssl", "libsodium", "botan"})
    if (!std::filesystem::exists(dir + "/ca-backend-" + b + ".so")) GTEST_SKIP() << b << " was not built";
  const std::string study =
      "-c AES-GCM,CHACHA20-POLY1305 -d 64B,1KB,16KB -b openssl,libsodium,botan --budget 0.01";
  Result r = run(study);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_LE(lines(r.out), 40u) << r.out;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);)  // columns: UTF-8 code points
    EXPECT_LE(std::count_if(line.begin(), line.end(), [](char c) { return (c & 0xC0) != 0x80; }), 120)
        << line;
  EXPECT_NE(r.out.find("\nAES-GCM 256-bit encrypt, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" #1"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Encryption time"), std::string::npos) << r.out;
  Result seed = run(study + " --layout seed");
  ASSERT_EQ(seed.status, 0) << seed.err;
  EXPECT_NE(seed.out.find("\nlibsodium: Encryption time: "), std::string::npos) << seed.out;
  EXPECT_NE(seed.out.find("\nbotan: Decryption speed ranking (64B):\n1 - "), std::string::npos) << seed.out;
  EXPECT_GT(lines(seed.out), 40u) << seed.out;
}

TEST(Cli, IntervalsSayTheirRealLevelAndOneRoundIsSingular) {
  REQUIRE_OPENSSL();
  Result one = run("--hash SHA-256 -r 1 -b openssl");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_NE(one.out.find("Performing 1 round of SHA-256"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("(no CI from one sample, "), std::string::npos) << one.out;
  EXPECT_NE(one.out.find(", 1 op in 1 sample"), std::string::npos) << one.out;
  EXPECT_EQ(one.out.find("95% CI"), std::string::npos) << one.out;
  // Three samples: the interval is [min, max], a 75 % interval.
  Result three = run("--hash SHA-256 -r 3 -b openssl");
  ASSERT_EQ(three.status, 0) << three.err;
  EXPECT_NE(three.out.find("(75% CI "), std::string::npos) << three.out;
  EXPECT_EQ(three.out.find("95% CI"), std::string::npos) << three.out;
}

TEST(Cli, CipherLineNamesModeAndKey) {
  REQUIRE_OPENSSL();
  Result r = run("-c AES-GCM,AES-CTR -k 128 -d 64KB -r 20 -u us -b openssl");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(
      r.out.find("Performing 20 rounds of AES encryption and decryption in GCM mode with a 128-bit random "
                 "key on 64KB of random data"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Encryption time: "), std::string::npos);
  EXPECT_NE(r.out.find("Decryption speed ranking:"), std::string::npos);
  EXPECT_NE(r.out.find("us ("), std::string::npos) << "unit us is used";
}

TEST(Cli, CryptauditorRsaExampleWorksAndOneByteMoreIsAnError) {
  REQUIRE_OPENSSL();
  Result ok = run("-c RSA -d 470B -k 4096 -r 3 -b openssl");
  ASSERT_EQ(ok.status, 0) << ok.err;
  EXPECT_NE(ok.out.find("of RSA-OAEP encryption and decryption with a 4096-bit random key on 470B"),
            std::string::npos)
      << ok.out;
  Result too_big = run("-c RSA -d 471B -k 4096 -r 3 -b openssl");
  EXPECT_EQ(too_big.status, 2);
  EXPECT_NE(too_big.err.find("at most 470B"), std::string::npos) << too_big.err;
  EXPECT_EQ(lines(too_big.err), 1u) << too_big.err;
}

TEST(Cli, SignAllWithRsaKeyLength) {
  REQUIRE_OPENSSL();
  Result r = run("-s SIGN-ALL -k 2048 -r 5 -b openssl");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("RSA-PSS signature and verification with a 2048-bit random key on 1KB of random data "
                       "hashed with SHA-256\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("EdDSA signature and verification with a 256-bit (Ed25519) elliptic curve on 1KB of "
                       "random data hashed with SHA-512\n"),
            std::string::npos);
  EXPECT_NE(r.out.find("Signature speed ranking:"), std::string::npos);
  EXPECT_NE(r.out.find("\nSignature time: "), std::string::npos);
  EXPECT_NE(r.err.find("note: ECDSA has a fixed 256-bit key"), std::string::npos) << r.err;
}

// Schemes beyond the seed's get lines in its style that tell them apart.
TEST(Cli, NewSchemesHaveLinesThatTellThemApart) {
  REQUIRE_OPENSSL();
  Result r =
      run("-s RSA-PSS,RSA-PKCS1V15-SHA256,ECDSA,ECDSA-SECP256K1 -c RSA-OAEP,RSA-OAEP-SHA256,RSA-PKCS1V15-ENC "
          "-d 32B -r 3 -b openssl");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* line :
       {"Performing 3 rounds of RSA-PSS signature and verification with a 2048-bit random key on 32B of "
        "random "
        "data hashed with SHA-256\n",
        "Performing 3 rounds of RSA-PKCS1V15 signature and verification with a 2048-bit random key on 32B of "
        "random data hashed with SHA-256\n",
        "Performing 3 rounds of ECDSA signature and verification with a 256-bit (P-256) elliptic curve on "
        "32B of "
        "random data hashed with SHA-256\n",
        "Performing 3 rounds of ECDSA signature and verification with a 256-bit (secp256k1) elliptic curve "
        "on 32B "
        "of random data hashed with SHA-256\n",
        "Performing 3 rounds of RSA-OAEP encryption and decryption with a 2048-bit random key on 32B of "
        "random "
        "data\n",
        "Performing 3 rounds of RSA-OAEP-SHA256 encryption and decryption with a 2048-bit random key on 32B "
        "of "
        "random data\n",
        "Performing 3 rounds of RSA-PKCS1V15 encryption and decryption with a 2048-bit random key on 32B of "
        "random data\n"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << r.out;
}

TEST(Cli, KeyGenerationLineHasNoRandomData) {
  REQUIRE_OPENSSL();
  Result r = run("-s EDDSA --operations keygen -r 3 -b openssl");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Performing 3 rounds of EdDSA key pair generation with a 256-bit (Ed25519) elliptic "
                       "curve\nKey generation time: "),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("0B of random data"), std::string::npos) << r.out;
}

// As the RSA library benchmark's print(timeit.repeat(..., repeat=10, number=1000)): N totals, then the
// median.
TEST(Cli, RepetitionsListTheirTotalsAsTimeitDoes) {
  REQUIRE_OPENSSL();
  Result r = run("--hash SHA2-256 -r 200 --repetitions 4 -b openssl");
  ASSERT_EQ(r.status, 0) << r.err;
  std::smatch m;
  ASSERT_TRUE(
      std::regex_search(r.out, m,
                        std::regex("\nHash repetition totals \\(s, 200 operations each\\): \\[([^\\]]*)\\]\n"
                                   "Hash repetition median: ([0-9.e-]+) s\n")))
      << r.out;
  std::vector<double> totals;
  std::istringstream list(m[1].str());
  for (std::string item; std::getline(list, item, ',');) totals.push_back(std::stod(item));
  ASSERT_EQ(totals.size(), 4u) << m[1];
  for (double t : totals) EXPECT_GT(t, 0) << m[1];
  std::sort(totals.begin(), totals.end());
  EXPECT_DOUBLE_EQ(std::stod(m[2].str()), (totals[1] + totals[2]) / 2);
}

TEST(Cli, JsonReportHasTheDocumentedFields) {
  REQUIRE_OPENSSL();
  Result r = run("--hash SHA2-256 -c AES-EAX -r 20 -b openssl --format json");
  ASSERT_EQ(r.status, 0) << r.err;
  auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["schema_version"], ca::kReportSchemaVersion);
  EXPECT_EQ(doc["run"]["complete"], true);
  EXPECT_FALSE(doc["context"]["cpu_model"].get<std::string>().empty());
  EXPECT_EQ(doc["context"]["backends"][0]["name"], "openssl");
  EXPECT_FALSE(doc["context"]["backends"][0]["version"].get<std::string>().empty());
  bool saw_hash = false, saw_unsupported = false;
  for (const auto& res : doc["results"]) {
    for (const char* key :
         {"backend", "algorithm", "key_bits", "operation", "data_bytes", "rounds", "status", "error"})
      EXPECT_TRUE(res.contains(key)) << key;
    if (res["algorithm"] == "SHA2-256") {
      saw_hash = true;
      EXPECT_EQ(res["status"], "ok");
      EXPECT_EQ(res["operation"], "hash");
      EXPECT_EQ(res["rounds"], 20);
      EXPECT_EQ(res["data_bytes"], 1024);
      EXPECT_GT(res["median_ns"].get<double>(), 0);
      EXPECT_GT(res["throughput_mib_s"].get<double>(), 0);
      EXPECT_EQ(res["samples_ns"].size(), res["samples"].get<size_t>());
    }
    if (res["algorithm"] == "AES-EAX") {
      saw_unsupported = true;
      EXPECT_EQ(res["status"], "unsupported");
      EXPECT_FALSE(res["error"].is_null());
    }
  }
  EXPECT_TRUE(saw_hash);
  EXPECT_TRUE(saw_unsupported) << "OpenSSL has no EAX: reported, not dropped";
}

TEST(Cli, ThreadsAddAnAggregateMeasurementToEveryRecord) {
  REQUIRE_OPENSSL();
  Result r = run("-c AES-CTR --hash SHA2-256 -d 1KB -b openssl --threads 2 --budget 0.02 --format json");
  ASSERT_EQ(r.status, 0) << r.err;
  auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["context"]["settings"]["threads"], 2);
  ASSERT_EQ(doc["results"].size(), 3u);
  for (const auto& res : doc["results"]) {
    ASSERT_EQ(res["status"], "ok") << res.dump();
    const auto& t = res["threads"];
    EXPECT_EQ(t["count"], 2);
    EXPECT_EQ(t["samples_ns"].size(), 10u) << "ten rounds";
    EXPECT_EQ(t["one_thread_samples_ns"].size(), 10u);
    EXPECT_GT(t["ops_per_s"].get<double>(), 0);
    EXPECT_GT(t["throughput_mib_s"].get<double>(), 0);
    EXPECT_GT(t["scaling_efficiency"].get<double>(), 0);  // its size depends on the machine's load
  }
  Result one = run("--hash SHA2-256 -d 1KB -b openssl -r 10 --format json");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_FALSE(nlohmann::json::parse(one.out)["results"][0].contains("threads")) << "only with --threads";
}

TEST(Cli, RepetitionsAndPinAreInEveryRecordAndTheContext) {
  REQUIRE_OPENSSL();
  // The last CPU this process may use (a container's cpuset need not include CPU 0).
  ASSERT_FALSE(ca::allowed_cpus().empty());
  const std::string cpu = std::to_string(ca::allowed_cpus().back());
  Result r = run("--hash SHA2-256 -d 64B -b openssl --processes 1 --repetitions 3 --budget 0.01 --pin " +
                 cpu + " --format json");
  ASSERT_EQ(r.status, 0) << r.err;
  auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["context"]["settings"]["repetitions"], 3);
  EXPECT_EQ(doc["context"]["settings"]["pin"], cpu);
  EXPECT_EQ(doc["context"]["cpu_affinity"], cpu) << "the environment is read after pinning";
  ASSERT_EQ(doc["results"].size(), 1u);
  const auto& res = doc["results"][0];
  ASSERT_EQ(res["status"], "ok") << res.dump();
  EXPECT_EQ(res["repetitions"], 3);
  ASSERT_EQ(res["repetition_medians_ns"].size(), 3u);
  const auto& medians = res["repetition_medians_ns"];
  const double lo = std::min({medians[0].get<double>(), medians[1].get<double>(), medians[2].get<double>()});
  const double hi = std::max({medians[0].get<double>(), medians[1].get<double>(), medians[2].get<double>()});
  EXPECT_DOUBLE_EQ(res["ci_ns"][0].get<double>(), lo) << "three medians: the interval is their range";
  EXPECT_DOUBLE_EQ(res["ci_ns"][1].get<double>(), hi);
  EXPECT_DOUBLE_EQ(res["ci_level"].get<double>(), 0.75);

  Result table =
      run("--hash SHA2-256 -d 64B -b openssl --processes 1 --repetitions 2 --budget 0.01 --pin " + cpu);
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_NE(table.out.find("| pinned to CPU " + cpu), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("in 2 repetitions (median and CI over their medians)"), std::string::npos);
  // Two repetition medians: the interval is their range, a 50 % interval, and says so.
  EXPECT_NE(table.out.find("(50% CI "), std::string::npos) << table.out;
  EXPECT_NE(table.out.find(" over 2 repetitions"), std::string::npos) << table.out;
}

// --processes 2 on the default command: the table says so, and each record's median is over 2 processes.
TEST(Cli, ProcessesAreInTheRecordAndTheTable) {
  REQUIRE_OPENSSL();
  Result table = run("--hash SHA2-256 -d 64B -b openssl --processes 2 --budget 0.01");
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_NE(table.out.find("in 2 worker processes each (median and CI over their medians)"),
            std::string::npos)
      << table.out;
  EXPECT_NE(table.out.find("(50% CI "), std::string::npos) << table.out;  // two medians: their range
  EXPECT_NE(table.out.find(" in 2 processes"), std::string::npos) << table.out;
  Result one = run("--hash SHA2-256 -d 64B -b openssl --processes 1 --budget 0.01");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out.find("processes"), std::string::npos) << "1 process: the output as before\n" << one.out;
  // The default (issue #32): three processes when adaptive, one with -r N.
  Result adaptive = run("--hash SHA2-256 -d 64B -b openssl --budget 0.01");
  ASSERT_EQ(adaptive.status, 0) << adaptive.err;
  EXPECT_NE(adaptive.out.find("in 3 worker processes each"), std::string::npos) << adaptive.out;
  Result several = run("--hash SHA2-256 -d 64B -b openssl,botan --budget 0.01");
  ASSERT_EQ(several.status, 0) << several.err;
  EXPECT_NE(
      several.out.find("Each library in 3 worker processes: medians, CIs and ratios are over the processes."),
      std::string::npos)
      << several.out;
  Result exact = run("--hash SHA2-256 -d 64B -b openssl -r 100");
  ASSERT_EQ(exact.status, 0) << exact.err;
  EXPECT_EQ(exact.out.find("processes"), std::string::npos) << "-r N: one process\n" << exact.out;
}

// --processes 2 --repetitions 2 combine: each record keeps 2 processes of 2 repetitions each, its median and
// interval are over the processes' medians of their repetitions' medians, and the report reads back.
TEST(Cli, ProcessesAndRepetitionsCombine) {
  REQUIRE_OPENSSL();
  const std::string path = ::testing::TempDir() + "cli_processes_repetitions.json";
  Result r =
      run("--hash SHA2-256 -d 64B -b openssl,botan --processes 2 --repetitions 2 --budget 0.01 "
          "--format json -o " +
          path);
  ASSERT_EQ(r.status, 0) << r.err;
  std::ifstream in(path);
  const auto doc = nlohmann::json::parse(in);
  EXPECT_EQ(doc["context"]["settings"]["processes"], 2);
  EXPECT_EQ(doc["context"]["settings"]["repetitions"], 2);
  ASSERT_FALSE(doc["results"].empty());
  for (const auto& res : doc["results"]) {
    ASSERT_EQ(res["status"], "ok") << res.dump();
    EXPECT_EQ(res["processes"], 2);
    ASSERT_EQ(res["repetition_samples"].size(), 4u) << "each process's 2 repetitions, in process order";
    const auto& reps = res["repetition_medians_ns"];
    const auto& procs = res["process_medians_ns"];
    ASSERT_EQ(procs.size(), 2u);
    for (size_t p = 0; p < 2; ++p)  // two repetitions: their medians' median is their mean
      EXPECT_DOUBLE_EQ(procs[p].get<double>(),
                       (reps[2 * p].get<double>() + reps[2 * p + 1].get<double>()) / 2);
    EXPECT_DOUBLE_EQ(res["median_ns"].get<double>(), (procs[0].get<double>() + procs[1].get<double>()) / 2);
    EXPECT_DOUBLE_EQ(res["ci_ns"][0].get<double>(),
                     std::min(procs[0].get<double>(), procs[1].get<double>()));
  }
  // The report reads back (each process ends where one of its repetitions ends) with the same summary.
  Result again = run("report " + path + " --format json");
  ASSERT_EQ(again.status, 0) << again.err;
  const auto back = nlohmann::json::parse(again.out);
  ASSERT_EQ(back["results"].size(), doc["results"].size());
  for (size_t i = 0; i < doc["results"].size(); ++i) {
    EXPECT_EQ(back["results"][i]["process_medians_ns"], doc["results"][i]["process_medians_ns"]);
    EXPECT_EQ(back["results"][i]["ci_ns"], doc["results"][i]["ci_ns"]);
  }
  Result table = run("--hash SHA2-256 -d 64B -b openssl --processes 2 --repetitions 2 --budget 0.01");
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_NE(table.out.find("in 2 worker processes of 2 repetitions each"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find(" over 4 repetitions in 2 processes"), std::string::npos) << table.out;
}

TEST(Cli, StreamModeTimesEncryptStreamAndSaysWhyAModeHasNone) {
  REQUIRE_OPENSSL();
  Result r =
      run("-c AES-CTR,AES-CCM --hash SHA2-256 -d 1KB -b openssl -r 20 --cipher-mode stream --format json");
  ASSERT_EQ(r.status, 0) << r.err;
  auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["context"]["settings"]["cipher_mode"], "stream");
  std::map<std::string, nlohmann::json> by_algorithm;
  for (const auto& res : doc["results"]) by_algorithm[res["algorithm"].get<std::string>()] = res;
  ASSERT_EQ(doc["results"].size(), 3u) << "one stream encryption per cipher, the hash as always";
  EXPECT_EQ(by_algorithm["AES-CTR"]["operation"], "encrypt-stream");
  EXPECT_EQ(by_algorithm["AES-CTR"]["status"], "ok");
  EXPECT_GT(by_algorithm["AES-CTR"]["throughput_mib_s"].get<double>(), 0);
  EXPECT_EQ(by_algorithm["AES-CCM"]["status"], "unsupported");
  EXPECT_EQ(by_algorithm["SHA2-256"]["operation"], "hash");
  Result table = run("-c AES-CTR -d 1KB -b openssl -r 20 --cipher-mode stream");
  EXPECT_NE(table.out.find("stream encryption (one long-running context"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("Stream encryption time:"), std::string::npos) << table.out;
}

TEST(Cli, OutputFileReceivesTheReport) {
  REQUIRE_OPENSSL();
  const std::string path = testing::TempDir() + "cli_test_report_" + std::to_string(::getpid()) + ".json";
  std::filesystem::remove(path);
  Result r = run("--hash SHA2-256 -r 10 -b openssl --format json --output " + path);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.out.empty());
  std::ifstream in(path);
  EXPECT_EQ(nlohmann::json::parse(in)["results"].size(), 1u);
}

struct BadInput {
  const char* args;
  const char* must_mention;
};

class CliBadInput : public testing::TestWithParam<BadInput> {};

TEST_P(CliBadInput, OneLineErrorAndExitStatus2) {
  Result r = run(GetParam().args);
  EXPECT_EQ(r.status, 2) << GetParam().args << "\n" << r.err;
  EXPECT_EQ(lines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find(GetParam().must_mention), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

INSTANTIATE_TEST_SUITE_P(
    Table, CliBadInput,
    testing::Values(
        BadInput{"--hash NO-SUCH-HASH", "NO-SUCH-HASH"},
        BadInput{"-c SHA2-256", "'SHA2-256' is a hash, not a cipher: use --hash SHA2-256"},
        BadInput{"-s AES-GCM", "is a cipher, not a signature: use --cipher"},
        BadInput{"-s NO-SUCH-SIGNATURE", "allowed:"}, BadInput{"--hash SHA2-256 -d 12XB", "12XB"},
        BadInput{"--hash SHA2-256 -d 0B", "'0B'"}, BadInput{"-c AES-GCM -k 512", "128, 192, 256"},
        BadInput{"-c CHACHA20 -k 128", "allowed: 256"}, BadInput{"-s RSA -k 512", "1024..16384"},
        BadInput{"-s RSA -k abc", "'abc'"}, BadInput{"--hash SHA2-256 -r 0", "--rounds '0'"},
        BadInput{"--hash SHA2-256 -r -5", "-5"}, BadInput{"--hash SHA2-256 -u min", "'min'"},
        BadInput{"--hash SHA2-256 -b nosuchlib", "'nosuchlib'"},
        BadInput{"--hash SHA2-256 --format xml", "'xml'"}, BadInput{"--no-such-flag", "no-such-flag"},
        BadInput{"--hash SHA2-256 --budget -1", "--budget"}, BadInput{"-c AES-CCM -d 16MB", "at most"},
        BadInput{"--hash", "hash"}, BadInput{"--hash SHA2-256 --ci-target 0", "--ci-target '0'"},
        BadInput{"--hash SHA2-256 --threads 0", "--threads '0'"},
        BadInput{"--hash SHA2-256 --threads many", "--threads 'many'"},
        BadInput{"--hash SHA2-256 --threads 5000", "from 1 to 1024"},
        BadInput{"--hash SHA2-256 --repetitions 0", "--repetitions '0'"},
        BadInput{"--hash SHA2-256 --repetitions 1001", "from 1 to 1000"},
        BadInput{"--hash SHA2-256 --repetitions x", "--repetitions 'x'"},
        BadInput{"--hash SHA2-256 --processes 0", "--processes '0'"},
        BadInput{"--hash SHA2-256 --processes 101", "from 1 to 100"},
        BadInput{"--hash SHA2-256 --pin 4000", "CPU 4000 is not one this process may run on"},
        BadInput{"--hash SHA2-256 --pin 2-1", "--pin '2-1' is not valid"},
        BadInput{"--hash SHA2-256 --pin cpu0", "--pin 'cpu0'"},
        BadInput{"-c AES-GCM --cipher-mode streaming", "expected per-message or stream"},
        BadInput{"--hash SHA2-256 --job-timeout -3", "--job-timeout '-3'"},
        BadInput{"--hash SHA2-256 --isolate --no-isolate", "cannot be given together"},
        BadInput{"--mac NO-SUCH-MAC", "NO-SUCH-MAC"}, BadInput{"--kdf SHA2-256", "not a KDF: use --hash"},
        BadInput{"--kex NO-SUCH-KEX", "NO-SUCH-KEX"},
        BadInput{"--kdf PBKDF2-SHA256 --kdf-params iterations=0", "iterations"},
        BadInput{"--kdf PBKDF2-SHA256 --kdf-params rounds=5", "rounds"},
        BadInput{"-c AES-GCM --param tag=3",
                 "AES-GCM tag=3 is not valid: tag is the tag length in bytes, 4..16"},
        BadInput{"-c AES-CCM --param nonce=14", "AES-CCM nonce=14 is not valid"},
        BadInput{"-c CHACHA20-POLY1305 --param nonce=8", "no selected algorithm takes these parameters"},
        BadInput{"-c AES-GCM --param tag", "'tag' is not name=value"},
        BadInput{"--hash SHA2-256 --operations encrypt,bogus", "'bogus'"},
        BadInput{"--hash SHA2-256 --plugin-dir /nonexistent/plugins", "/nonexistent/plugins"},
        BadInput{"--hash SHA2-256 --format json -o /nonexistent/dir/r.json", "/nonexistent/dir/r.json"},
        // Empty selections measure nothing: a usage error, not a silent success.
        BadInput{"--hash SHA2-256 -d ''", "--data_size '' names nothing"},
        BadInput{"--hash SHA2-256 -d ,,", "--data_size"},
        BadInput{"-c '' -d 1KB", "--cipher '' names nothing"},
        BadInput{"--hash ''", "--hash '' names nothing"},
        BadInput{"--hash SHA2-256 -b ''", "--backend '' names nothing"},
        BadInput{"--hash SHA2-256 --operations ''", "--operations '' names nothing"},
        BadInput{"--operations sign -c AES-GCM", "--operations 'sign' leaves nothing to measure"},
        BadInput{"--operations keygen --hash SHA2-256,SHA3-256", "SHA2-256: hash; SHA3-256: hash"},
        // Errors that suggest (issue #31 item 5).
        BadInput{"-c AES-GMC", "unknown algorithm 'AES-GMC' for --cipher: did you mean AES-GCM?"},
        BadInput{"--mac HMAC-SHA2-265", "did you mean HMAC-SHA2-256?"},
        BadInput{"-c SHA2-265", "did you mean --hash SHA2-256?"},
        BadInput{"--hash HMAC-SHA2-256", "is a MAC, not a hash: use --mac HMAC-SHA2-256"},
        BadInput{"-c X25519", "is a key agreement, not a cipher: use --kex X25519"},
        BadInput{"--kex ED25519", "is a signature, not a key agreement: use --signature ED25519"},
        BadInput{"--hash SHA2-256 -b opensssl", "'opensssl' is not a loaded backend: did you mean openssl?"},
        BadInput{"verfy", "unknown command 'verfy': did you mean verify?"},
        BadInput{"lst", "unknown command 'lst': did you mean list?"},
        BadInput{"benchmark", "unknown command 'benchmark' (commands: list, run,"},
        BadInput{"--cyper AES-GCM", "unknown option '--cyper': did you mean --cipher?"},
        BadInput{"verify --vectros x", "unknown option '--vectros' for verify: did you mean --vectors?"},
        BadInput{"help verfy", "unknown command 'verfy': did you mean verify?"},
        BadInput{"--plugin-dir /nonexistent/plugins list", "--plugin-dir '/nonexistent/plugins'"},
        BadInput{"--no-default-plugins lst", "unknown command 'lst': did you mean list?"},
        BadInput{"--plugin-dir . compare a.json b.json", "unknown option '--plugin-dir' for compare"},
        BadInput{"list AES-GMC",
                 "list 'AES-GMC' is not an algorithm, alias or group: did you mean AES-GCM?"},
        // Issue #39 item 7: each says what to do.
        BadInput{"-b openssl list", "'list': a command comes first, before its flags: cryptauditor list -b openssl"},
        BadInput{"--hash SHA2-256 -b openssl,openssl", "--backend 'openssl,openssl' is not valid: 'openssl' is named twice"},
        BadInput{"--hash SHA2-256 -b openssl,", "--backend 'openssl,' is not valid: an empty name between commas"},
        BadInput{"--hash SHA2-256,SHA2-256", "'SHA2-256' is named twice"},
        BadInput{"--hash SHA2-256 -d 1GB", "--data_size '1GB' is not valid: sizes are in B, KB or MB; write 1024MB"},
        BadInput{"--hash SHA2-256 -o x.foo", "-o 'x.foo' is not valid: the extension .foo names no report format"},
        BadInput{"run no/such/folder/timing-test-2004.json",
                 "a config of that name is shipped: give its name, timing-test-2004"}),
    [](const testing::TestParamInfo<BadInput>& info) {
      std::string name;
      for (const char* c = info.param.args; *c; ++c)
        name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
      return name + "_" + std::to_string(info.index);
    });

TEST(Cli, HelpListsTheFlags) {
  Result r = run("--help");
  EXPECT_EQ(r.status, 0);
  for (const char* flag : {"--cipher", "--hash", "--signature", "--key_length", "--data_size", "--rounds",
                           "--unit", "--backend", "--format", "--output"})
    EXPECT_NE(r.out.find(flag), std::string::npos) << flag;
}

TEST(Cli, ListShowsTheCapabilityMatrix) {
  REQUIRE_OPENSSL();
  Result r = run("list");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("openssl"), std::string::npos);
  EXPECT_NE(r.out.find("AES-GCM"), std::string::npos);
  Result b = run("list --backends");
  EXPECT_NE(b.out.find("OpenSSL 3"), std::string::npos) << b.out;
  // Every '+' in the matrix is explained by the legend: RSA's and HMAC's (issue #13).
  const size_t hmac = r.out.find("\nHMAC-SHA2-256 ");
  ASSERT_NE(hmac, std::string::npos) << r.out;
  EXPECT_NE(r.out.substr(hmac, r.out.find('\n', hmac + 1) - hmac).find("256+"), std::string::npos) << r.out;
  std::string legend = r.out;  // wrapped within 120 columns: read as one line
  std::replace(legend.begin(), legend.end(), '\n', ' ');
  EXPECT_NE(legend.find("HMAC and KMAC the default 256 is probed, any whole number of bytes 8..8192 allowed"),
            std::string::npos)
      << r.out;
}

// The unknown-algorithm line with a suggestion is short: not the list of every name (526 characters
// before).
TEST(Cli, ASuggestionIsOneShortLine) {
  Result r = run("-c AES-GMC");
  EXPECT_EQ(r.status, 2);
  EXPECT_LT(r.err.size(), 120u) << r.err;
  EXPECT_EQ(r.err.find("allowed:"), std::string::npos) << r.err;
}

// Nothing measured is an error: every requested row unsupported exits 2 naming the library, and writes no
// report file (issue #31 item 4).
TEST(Cli, ASelectionNoBackendOffersIsAUsageErrorNamingTheLibrary) {
  if (!std::filesystem::exists(std::string(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) + "/ca-backend-libsodium.so"))
    GTEST_SKIP() << "the libsodium backend was not built";
  Result ocb = run("-c AES-OCB -b libsodium -r 10");
  EXPECT_EQ(ocb.status, 2) << ocb.out << ocb.err;
  EXPECT_EQ(lines(ocb.err), 1u) << ocb.err;
  EXPECT_NE(ocb.err.find("nothing to measure: libsodium does not offer AES-OCB"), std::string::npos)
      << ocb.err;
  EXPECT_TRUE(ocb.out.empty()) << ocb.out;

  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("cli-nothing-" + std::to_string(::getpid()) + ".json");
  std::filesystem::remove(file);
  Result ecdsa = run("-s ECDSA -b libsodium --format json -o " + file.string());
  EXPECT_EQ(ecdsa.status, 2) << ecdsa.err;
  EXPECT_NE(ecdsa.err.find("libsodium does not offer ECDSA"), std::string::npos) << ecdsa.err;
  EXPECT_NE(ecdsa.err.find("no report written"), std::string::npos) << ecdsa.err;
  EXPECT_FALSE(std::filesystem::exists(file)) << "no report file for a run that measured nothing";

  // Offered, but not with these parameters: known only once the context is made, after the run; still no
  // report and exit 2 (libsodium's AES-256-GCM takes 16-byte tags only; it offers AES-GCM with AES-NI).
  const auto offered = nlohmann::json::parse(run("list AES-GCM -b libsodium --format json").out);
  if (offered["algorithms"][0]["backends"]["libsodium"]["offered"] == true) {
    Result tag = run("-c AES-GCM --param tag=12 -b libsodium -r 10 --format json -o " + file.string());
    EXPECT_EQ(tag.status, 2) << tag.err;
    EXPECT_NE(tag.err.find("nothing was measured: libsodium: AES-GCM unsupported: "), std::string::npos)
        << tag.err;
    EXPECT_NE(tag.err.find("(no report written)"), std::string::npos) << tag.err;
    EXPECT_FALSE(std::filesystem::exists(file));
  }

  // With one row measured, the run goes on, and the unsupported line names the library even when it is the
  // only one (before: "unsupported: not offered by this library", by whom unsaid).
  Result mixed = run("-c AES-OCB,CHACHA20-POLY1305 -b libsodium -r 10");
  EXPECT_EQ(mixed.status, 0) << mixed.err;
  EXPECT_NE(mixed.out.find("\nlibsodium: unsupported: not offered by this library\n"), std::string::npos)
      << mixed.out;
}

TEST(Cli, BackendNamesIgnoreCase) {
  REQUIRE_OPENSSL();
  Result r = run("--hash SHA2-256 -r 10 -b OpenSSL --format json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["results"][0]["backend"], "openssl");
}

TEST(Cli, HelpCommandPrintsTheHelpOfACommand) {
  Result list = run("help list");
  ASSERT_EQ(list.status, 0) << list.err;
  EXPECT_EQ(list.out, run("list --help").out);
  Result all = run("help");
  ASSERT_EQ(all.status, 0) << all.err;
  EXPECT_EQ(all.out, run("--help").out);
  Result itself = run("help --help");
  EXPECT_EQ(itself.status, 0);
  EXPECT_NE(itself.out.find("cryptauditor help [COMMAND]"), std::string::npos) << itself.out;
}

TEST(Cli, ListFiltersByAlgorithmAndBackend) {
  REQUIRE_OPENSSL();
  Result r = run("list aes-gcm sha3-256 -b OpenSSL");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\nAES-GCM "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nSHA3-256 "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\nAES-CTR "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("openssl"), std::string::npos) << r.out;
  for (const char* other : {"botan", "libsodium", "wolfssl"})
    EXPECT_EQ(r.out.find(other), std::string::npos) << other << "\n" << r.out;
  // Groups are every family's of that name (LEGACY-ALL: legacy ciphers and hashes), ALL everything.
  Result legacy = run("list LEGACY-ALL -b openssl");
  EXPECT_NE(legacy.out.find("\nDES "), std::string::npos) << legacy.out;
  EXPECT_NE(legacy.out.find("\nMD5 "), std::string::npos) << legacy.out;
  EXPECT_EQ(run("list all -b openssl").out, run("list -b openssl").out);
  Result json = run("list AES-GCM --format json");
  ASSERT_EQ(json.status, 0) << json.err;
  const auto doc = nlohmann::json::parse(json.out);
  ASSERT_EQ(doc["algorithms"].size(), 1u) << json.out;
}

// Issue #40: where Botan 2 and Botan 3 are both installed (Debian 13), both backends load side by side in
// one process -- different sonames, no symbol clash -- and one run ranks them against each other.
TEST(Cli, BothBotanGenerationsLoadAndRankInOneRun) {
  const std::string dir = CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS;
  for (const char* b : {"botan", "botan3"})
    if (!std::filesystem::exists(dir + "/ca-backend-" + b + ".so")) GTEST_SKIP() << b << " was not built";
  Result list = run("list --backends -b botan,botan3");
  ASSERT_EQ(list.status, 0) << list.err;
  EXPECT_NE(list.out.find("botan: Botan 2."), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("botan3: Botan 3."), std::string::npos) << list.out;
  Result ranked = run("-c AES-GCM -d 1KB -b botan,botan3 --processes 1 --budget 0.01");
  ASSERT_EQ(ranked.status, 0) << ranked.err;
  for (const char* b : {"botan ", "botan3 "})
    EXPECT_NE(ranked.out.find(b), std::string::npos) << b << ranked.out;
  EXPECT_EQ(ranked.out.find("FAILED"), std::string::npos) << ranked.out;
}

// The plugin flags are global options: before the subcommand word they mean what they mean after it, as in
// git or cargo (issue #27 item 5; "unexpected argument 'list'" before).
TEST(Cli, PluginFlagsMayComeBeforeTheSubcommand) {
  REQUIRE_OPENSSL();
  const std::string dir = CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS;
  Result after = run("list --plugin-dir " + dir + " --backends");
  ASSERT_EQ(after.status, 0) << after.err;
  for (const std::string& before :
       {"--plugin-dir " + dir + " list --backends", "--plugin-dir=" + dir + " list --backends"}) {
    Result r = run(before);
    ASSERT_EQ(r.status, 0) << before << "\n" << r.err;
    EXPECT_EQ(r.out, after.out) << before;
  }
  // Every plugin flag, and several of them: the backend is only there, under its new name, when they count.
  const std::string file = dir + "/ca-backend-openssl.so";
  Result renamed = run("--no-default-plugins --plugin " + file + "=ssl-before list --backends");
  ASSERT_EQ(renamed.status, 0) << renamed.err;
  EXPECT_NE(renamed.out.find("ssl-before"), std::string::npos) << renamed.out;
  EXPECT_EQ(renamed.out, run("list --backends --no-default-plugins --plugin " + file + "=ssl-before").out);
  Result doctor = run("--no-default-plugins --plugin " + file + " doctor --format json");
  ASSERT_EQ(doctor.status, 0) << doctor.err;
  EXPECT_TRUE(nlohmann::json::parse(doctor.out).contains("machine_checks")) << doctor.out;
}

// Plain text is `table` in every command; `text`, list's, doctor's and compare's word before, still means it;
// a bad format names the allowed ones (issue #27 item 3).
TEST(Cli, PlainTextIsTableInEveryCommand) {
  REQUIRE_OPENSSL();
  Result list = run("list -b openssl");
  ASSERT_EQ(list.status, 0) << list.err;
  for (const char* format : {"table", "text"}) {
    Result r = run(std::string("list -b openssl --format ") + format);
    ASSERT_EQ(r.status, 0) << format << ": " << r.err;
    EXPECT_EQ(r.out, list.out) << format;
  }
  // The machine check reads the load average, which moves between runs: the same lines, numbers aside.
  auto shape = [](const std::string& s) { return std::regex_replace(s, std::regex("[0-9.]+"), "N"); };
  Result doctor = run("doctor --no-backends");
  ASSERT_EQ(doctor.status, 0) << doctor.err;
  for (const char* format : {"table", "text"}) {
    Result r = run(std::string("doctor --no-backends --format ") + format);
    ASSERT_EQ(r.status, 0) << format << ": " << r.err;
    EXPECT_EQ(shape(r.out), shape(doctor.out)) << format;
  }
  for (const auto& [args, allowed] : std::vector<std::pair<std::string, std::string>>{
           {"list --format xml", "list: expected table or json"},
           {"doctor --format xml", "doctor: expected table or json"},
           {"compare a.json b.json --format xml", "compare: expected table or json"},
           {"verify --format xml", "verify: expected table or json"},
           {"leaks --mac HMAC-SHA2-256 --format xml", "leaks: expected table, json or html"}}) {
    Result bad = run(args);
    EXPECT_EQ(bad.status, 2) << args;
    EXPECT_NE(bad.err.find("--format '"), std::string::npos) << bad.err;
    EXPECT_NE(bad.err.find(allowed), std::string::npos) << args << ": " << bad.err;
  }
  // Issue #39: `text` means `table` in every command, the default command, verify, leaks and select included
  // (before, they refused it). Each stops later, at something else, never at --format.
  Result bench = run("--hash SHA2-256 -d 64B -r 50 -b openssl --format text");
  ASSERT_EQ(bench.status, 0) << bench.err;
  EXPECT_EQ(bench.out.rfind("cryptauditor ", 0), 0u) << bench.out.substr(0, 200);
  for (const char* args : {"verify --format text --vectors /no/such/vectors", "leaks --format text -b nosuchlib",
                           "select /no/such/config.json --format text", "report /no/such/report.json --format text",
                           "compare /no/a.json /no/b.json --format text"}) {
    Result r = run(args);
    EXPECT_EQ(r.err.find("--format 'text'"), std::string::npos) << args << ": " << r.err;
  }
  for (const char* sub : {"list", "doctor", "compare"}) {
    Result help = run(std::string(sub) + " --help");
    EXPECT_NE(help.out.find("--format table|json"), std::string::npos) << sub << "\n" << help.out;
  }
}

// Issue #39 item 7: `run default` printed nine "libsodium: unsupported: ...: process N of 3: not offered"
// lines before the tables; one line per library now, its algorithms grouped by reason, never dropped.
TEST(Cli, WhatALibraryDoesNotOfferIsOneLinePerLibrary) {
  REQUIRE_OPENSSL();
  if (!std::filesystem::exists(std::string(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) + "/ca-backend-libsodium.so"))
    GTEST_SKIP() << "libsodium was not built";
  Result r = run("-c AES-CTR,AES-OCB -b libsodium,openssl -d 64B --budget 0.02");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\nlibsodium: unsupported (- in the tables): AES-CTR 256-bit, AES-OCB 256-bit: not offered "
                       "by this library\n"),
            std::string::npos)
      << r.out;
  size_t lines_about = 0;
  for (size_t at = r.out.find("libsodium: unsupported"); at != std::string::npos;
       at = r.out.find("libsodium: unsupported", at + 1))
    ++lines_about;
  EXPECT_EQ(lines_about, 1u) << r.out;
}

// `list` within 120 columns (it was 250 with eleven backends): the backends go into several tables.
TEST(Cli, ListFitsIn120Columns) {
  REQUIRE_OPENSSL();
  Result r = run("list");
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) EXPECT_LE(line.size(), 120u) << line;
}

// `report` names what it expects, renders a merged fleet in its default format, and every command that
// creates a file says so on standard error unless --quiet (issue #31 items 7 and 8).
TEST(Cli, ReportNamesWhatItExpectsAndFilesWrittenAreNamed) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("cli-wrote-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string csv = (dir / "a.csv").string();
  std::ofstream(csv) << "backend,algorithm\nopenssl,AES-GCM\n";
  Result bad = run("report " + csv);
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(lines(bad.err), 1u) << bad.err;
  EXPECT_NE(bad.err.find("report expects a JSON report"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find(csv + " is not JSON"), std::string::npos) << bad.err;

  REQUIRE_OPENSSL();
  const std::string json = (dir / "r.json").string();
  Result measured = run("--hash SHA2-256 -r 10 -b openssl --format json -o " + json);
  ASSERT_EQ(measured.status, 0) << measured.err;
  EXPECT_NE(measured.err.find("wrote " + json + "\n"), std::string::npos) << measured.err;
  Result quiet = run("--hash SHA2-256 -r 10 -b openssl --format json -o " + json + " --quiet");
  ASSERT_EQ(quiet.status, 0) << quiet.err;
  EXPECT_EQ(quiet.err.find("wrote"), std::string::npos) << quiet.err;

  const std::string md = (dir / "r.md").string();
  Result rendered = run("report " + json + " --format markdown -o " + md);
  ASSERT_EQ(rendered.status, 0) << rendered.err;
  EXPECT_EQ(rendered.err, "wrote " + md + "\n");
  EXPECT_TRUE(fs::file_size(md) > 0);

  const std::string fleet = (dir / "fleet.json").string();
  Result merged = run("merge " + json + " -o " + fleet);
  ASSERT_EQ(merged.status, 0) << merged.err;
  EXPECT_EQ(merged.err, "wrote " + fleet + "\n");
  // A fleet renders in its default format (markdown) without --format; before, "table" was refused.
  Result shown = run("report " + fleet);
  EXPECT_EQ(shown.status, 0) << shown.err;
  EXPECT_FALSE(shown.out.empty());
  Result table = run("report " + fleet + " --format table");
  EXPECT_EQ(table.status, 2);
  EXPECT_NE(table.err.find("expected html or markdown"), std::string::npos) << table.err;
  fs::remove_all(dir);
}

}  // namespace
