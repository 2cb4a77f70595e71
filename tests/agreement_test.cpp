// Correct where it is measured (issue #13): the agreement decision (exec/agreement.hpp), the inputs every
// backend gets, the --key-file reader (record/key_file.hpp), and, through the program with the real backends,
// one key shared by every library.
#include "exec/agreement.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cryptauditor/plugin_abi.h"
#include "record/key_file.hpp"
#include "tests/support/run_program.hpp"

namespace ca {
namespace {

namespace fs = std::filesystem;

std::vector<AgreementVerdict> decide(const std::vector<std::string>& names, const std::vector<int>& group) {
  // Backends agree when they are in the same group (deterministic outputs: equal bytes).
  return decide_agreement(
      names, [&](size_t i, size_t j) { return group[i] == group[j]; },
      [&](size_t i, size_t j) { return names[i] + " differs from " + names[j]; });
}

TEST(Agreement, AllAgreeingIsAllOk) {
  for (const auto& v : decide({"a", "b", "c"}, {1, 1, 1})) EXPECT_EQ(v.status, Status::Ok);
}

TEST(Agreement, TheOneOutsideTheMajorityIsFailedAndTheMessageNamesTheMajority) {
  const auto v = decide({"openssl", "botan", "wrong"}, {1, 1, 2});
  EXPECT_EQ(v[0].status, Status::Ok);
  EXPECT_EQ(v[1].status, Status::Ok);
  ASSERT_EQ(v[2].status, Status::Failed);
  EXPECT_EQ(v[2].error, "disagrees with openssl and botan: wrong differs from openssl");
}

TEST(Agreement, NoMajorityDisputesEveryoneWhoDisagrees) {
  const auto two = decide({"a", "b"}, {1, 2});
  EXPECT_EQ(two[0].status, Status::Disputed);
  EXPECT_EQ(two[1].status, Status::Disputed);
  EXPECT_NE(two[0].error.find("no majority of the 2 libraries"), std::string::npos) << two[0].error;
  const auto tie = decide({"a", "b", "c", "d"}, {1, 1, 2, 2});
  for (const auto& v : tie) EXPECT_EQ(v.status, Status::Disputed);
  // Three different answers among three: no two agree.
  for (const auto& v : decide({"a", "b", "c"}, {1, 2, 3})) EXPECT_EQ(v.status, Status::Disputed);
}

TEST(Agreement, ARandomisedOutputRejectedByOneOfThreeLeavesTheLargestAgreeingSet) {
  // a accepts b and c, b and c reject each other: {a, b} (or {a, c}) is a majority of three.
  const std::set<std::pair<size_t, size_t>> bad{{1, 2}, {2, 1}};
  const auto v = decide_agreement(
      {"a", "b", "c"},
      [&](size_t i, size_t j) {
        return !bad.count({i, j});
      },
      [](size_t, size_t) { return std::string("does not verify"); });
  EXPECT_EQ(v[0].status, Status::Ok);
  EXPECT_EQ(std::count_if(v.begin(), v.end(), [](const auto& x) { return x.status == Status::Failed; }), 1);
}

TEST(Agreement, InputsAreTheSameForOneSeedAndCoverAnOddLength) {
  const AlgorithmInfo& gcm = *find_algorithm("AES-GCM");
  const AgreementInputs a = agreement_inputs(gcm, 256, 16384, 42), b = agreement_inputs(gcm, 256, 16384, 42);
  ASSERT_EQ(a.lengths, (std::vector<size_t>{16384, 16383}));
  EXPECT_EQ(a.message.size(), 16384u);
  EXPECT_EQ(a.at(1).size(), 16383u);
  EXPECT_EQ(a.at(1).data(), a.message.data());  // the shorter message is the longer one's prefix, held once
  EXPECT_EQ(a.message, b.message);
  EXPECT_EQ(a.nonce, b.nonce);
  EXPECT_EQ(a.nonce.size(), gcm.nonce_bytes);
  EXPECT_NE(agreement_inputs(gcm, 256, 16384, 43).message, a.message);
  // XTS takes no message below one block: at 16 bytes only the measured size.
  EXPECT_EQ(agreement_inputs(*find_algorithm("AES-XTS"), 256, 16, 1).lengths.size(), 1u);
  // A KDF derives once (its message is the password).
  EXPECT_EQ(agreement_inputs(*find_algorithm("PBKDF2-SHA256"), 0, 64, 1).lengths.size(), 1u);
}

TEST(Agreement, ForwardOperations) {
  EXPECT_EQ(agreement_forward(CA_OP_DECRYPT), CA_OP_ENCRYPT);
  EXPECT_EQ(agreement_forward(CA_OP_VERIFY), CA_OP_SIGN);
  EXPECT_EQ(agreement_forward(CA_OP_HASH), CA_OP_HASH);
  EXPECT_EQ(agreement_forward(CA_OP_AGREE), -1);
  EXPECT_EQ(agreement_forward(CA_OP_ENCRYPT_STREAM), -1);
  EXPECT_TRUE(agreement_needs_inverse(*find_algorithm("ECDSA"), CA_OP_SIGN));
  EXPECT_FALSE(agreement_needs_inverse(*find_algorithm("EDDSA"), CA_OP_SIGN));
  EXPECT_TRUE(agreement_needs_inverse(*find_algorithm("EDDSA"), CA_OP_VERIFY));
}

TEST(Agreement, FirstDifference) {
  EXPECT_EQ(first_difference({1, 2, 3}, {1, 2, 4}), "from byte 2 on");
  EXPECT_EQ(first_difference({1, 2}, {1, 2, 3}), "one is 2 bytes, the other 3");
  EXPECT_EQ(first_difference({1}, {1}), "equal");
}

// --- --key-file
// ---------------------------------------------------------------------------------------------

std::string base64(const Bytes& b) {
  static const char* t = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (size_t i = 0; i < b.size(); i += 3) {
    const uint32_t v =
        b[i] << 16 | (i + 1 < b.size() ? b[i + 1] << 8 : 0) | (i + 2 < b.size() ? b[i + 2] : 0);
    out += t[v >> 18 & 63];
    out += t[v >> 12 & 63];
    out += i + 1 < b.size() ? t[v >> 6 & 63] : '=';
    out += i + 2 < b.size() ? t[v & 63] : '=';
  }
  return out;
}

std::string shipped_key() {
  std::ifstream in(fs::path(CRYPTAUDITOR_SOURCE_DIR) / "configs/keys/rsa2048.pem");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// parse_key_file with its Error as text, for the expectations below.
std::optional<KeyFile> parse_key_text(const std::string& path, const std::string& contents,
                                      std::string& error) {
  auto key = parse_key_file(path, contents);
  if (key) return std::move(*key);
  error = key.error().message;
  return std::nullopt;
}

TEST(KeyFile, ReadsThePkcs8RsaKeyShippedForTheRsaLibraryBenchmark) {
  std::string error;
  const auto key = parse_key_text("rsa2048.pem", shipped_key(), error);
  ASSERT_TRUE(key) << error;
  EXPECT_EQ(key->kind, "RSA");
  EXPECT_EQ(key->bits, 2048u);
  EXPECT_TRUE(key->fits(*find_algorithm("RSA-PKCS1V15-SHA1")));
  EXPECT_TRUE(key->fits(*find_algorithm("RSA-OAEP")));
  EXPECT_FALSE(key->fits(*find_algorithm("ECDSA")));
  EXPECT_EQ(key->private_key[0], 0x30);
}

TEST(KeyFile, APkcs1RsaKeyBecomesTheSamePkcs8Key) {
  std::string error;
  const auto pkcs8 = parse_key_text("k", shipped_key(), error);
  ASSERT_TRUE(pkcs8) << error;
  // The PKCS#1 key is the PKCS#8 key's OCTET STRING, the last element: 4 bytes of header for 1.2 KB.
  const Bytes& der = pkcs8->private_key;
  size_t at = der.size();
  for (size_t i = 0; i + 4 < der.size(); ++i)
    if (der[i] == 0x04 && der[i + 1] == 0x82 &&
        i + 4 + (size_t(der[i + 2]) << 8 | der[i + 3]) == der.size()) {
      at = i + 4;
      break;
    }
  ASSERT_LT(at, der.size());
  const Bytes pkcs1(der.begin() + static_cast<long>(at), der.end());
  const std::string pem =
      "-----BEGIN RSA PRIVATE KEY-----\n" + base64(pkcs1) + "\n-----END RSA PRIVATE KEY-----\n";
  const auto wrapped = parse_key_text("k1", pem, error);
  ASSERT_TRUE(wrapped) << error;
  EXPECT_EQ(wrapped->bits, 2048u);
  EXPECT_EQ(wrapped->private_key, der);
}

TEST(KeyFile, AnEd25519KeyGivesTheRawSeed) {
  // RFC 8410, section 10.3: an Ed25519 private key in PKCS#8.
  const std::string pem =
      "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n"
      "-----END PRIVATE KEY-----\n";
  std::string error;
  const auto key = parse_key_text("ed.pem", pem, error);
  ASSERT_TRUE(key) << error;
  EXPECT_EQ(key->kind, "Ed25519");
  EXPECT_EQ(to_hex(key->private_key), "d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a88f44755842");
  EXPECT_TRUE(key->fits(*find_algorithm("EDDSA")));
  EXPECT_FALSE(key->fits(*find_algorithm("X25519")));
}

TEST(KeyFile, RefusesWhatItCannotUseWithOneLineSayingWhatItTakes) {
  std::string error;
  EXPECT_FALSE(parse_key_text(
      "e.pem", "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n", error));
  EXPECT_NE(error.find("encrypted"), std::string::npos) << error;
  EXPECT_FALSE(parse_key_text("ec.pem",
                              "-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n", error));
  EXPECT_NE(error.find("openssl pkcs8 -topk8"), std::string::npos) << error;
  EXPECT_FALSE(parse_key_text("x.txt", "hello", error));
  EXPECT_NE(error.find("x.txt: not a DER key; cryptauditor takes an unencrypted PKCS#8"), std::string::npos)
      << error;
  EXPECT_EQ(error.find('\n'), std::string::npos);
}

// --- Through the program
// -------------------------------------------------------------------------------------

// The RSA library benchmark's case: one key in every library. PKCS#1 v1.5 signatures are deterministic, so
// the agreement check passes only when every library signed with that same key (byte-identical signatures)
// and each verified the others'.
TEST(SharedKey, KeyFileSignsWithThatOneKeyInEveryLibrary) {
  const std::string key = (fs::path(CRYPTAUDITOR_SOURCE_DIR) / "configs/keys/rsa2048.pem").string();
  const test::ProgramResult r = test::run_program(
      test::binary() + " -s RSA-PKCS1V15-SHA1 -d 1KB -r 20 --key-file " + key + " --format json --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  size_t signers = 0;
  for (const auto& rec : doc["results"]) {
    if (rec["status"] == "unsupported") continue;
    EXPECT_EQ(rec["status"], "ok") << rec.dump();
    EXPECT_EQ(rec["key"], "shared, from " + key);
    signers += rec["operation"] == "sign";
    EXPECT_NE(rec.value("agreement", "").find("agreed with"), std::string::npos) << rec.dump();
  }
  EXPECT_GE(signers, 2u) << "needs two RSA backends";
}

TEST(SharedKey, WithoutAKeyFileOneBackendMakesTheKeyEveryOtherUses) {
  const test::ProgramResult r =
      test::run_program(test::binary() + " -s EDDSA -d 64B -r 20 --format json --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  std::set<std::string> keys;
  for (const auto& rec : doc["results"])
    if (rec["status"] == "ok") keys.insert(rec["key"].get<std::string>());
  ASSERT_EQ(keys.size(), 1u);
  EXPECT_EQ(keys.begin()->rfind("shared, made by ", 0), 0u) << *keys.begin();
}

TEST(SharedKey, AKeyFileNoSelectedAlgorithmTakesIsAUsageError) {
  const std::string key = (fs::path(CRYPTAUDITOR_SOURCE_DIR) / "configs/keys/rsa2048.pem").string();
  const test::ProgramResult r = test::run_program(test::binary() + " -s ECDSA --key-file " + key);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("holds an RSA key, which none of the selected algorithms (ECDSA) takes"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace ca
