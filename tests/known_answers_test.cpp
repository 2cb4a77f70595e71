// The known-answer vector files (core/catalog/vectors/*.json, embedded at build time): they parse, every
// vector names a catalog algorithm and key size and cites its source, every MAC and hash of the catalog has
// known answers, the reader refuses a malformed file with one line naming the place, and the self-test runs
// what the files say (an altered expected value fails it).
#include "catalog/known_answers.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

#include "catalog/catalog.hpp"
#include "exec/self_test.hpp"
#include "plugin/backend.hpp"

namespace ca {
namespace {

std::string file_text(std::string_view name) {
  for (const VectorFile& f : known_answer_files())
    if (f.name == name) return std::string(f.text);
  ADD_FAILURE() << name << " is not embedded";
  return "";
}

// The one-line error parse_known_answers gives for `text`, or "" when it parses.
std::string parse_error(const std::string& text) {
  const auto parsed = parse_known_answers(text, "test.json");
  return parsed ? "" : parsed.error().message;
}

TEST(KnownAnswerFiles, EveryFileParsesAndEveryVectorIsCited) {
  std::set<std::string> names;
  for (const VectorFile& f : known_answer_files()) names.insert(std::string(f.name));
  EXPECT_EQ(names, (std::set<std::string>{"ciphers.json", "hashes.json", "signatures.json", "macs.json",
                                          "kdfs.json", "key_agreement.json"}));
  ASSERT_NO_THROW(known_answers());
  // 227 vectors when the table became data; more may be added, none may be lost silently.
  EXPECT_GE(known_answers().size(), 227u);
  for (const KnownAnswer& ka : known_answers()) {
    const AlgorithmInfo* a = find_algorithm(ka.algorithm);
    ASSERT_NE(a, nullptr) << ka.algorithm;
    EXPECT_TRUE(a->allows_key(ka.key_bits)) << ka.algorithm << " " << ka.key_bits;
    EXPECT_FALSE(ka.source.empty()) << ka.algorithm;
    EXPECT_FALSE(ka.output_hex.empty()) << ka.source;
  }
}

// Every MAC and every hash of the catalog is checked against a known answer at each of its key sizes
// before it is timed (the signatures, RSA encryption and ECDSA whose outputs are randomised are checked by
// round trip and agreement instead: docs/CATALOG.md).
TEST(KnownAnswerFiles, EveryMacAndHashHasKnownAnswersAtEachKeySize) {
  std::map<std::pair<std::string, uint32_t>, int> count;
  for (const KnownAnswer& ka : known_answers()) ++count[std::make_pair(ka.algorithm, ka.key_bits)];
  for (const AlgorithmInfo& a : catalog()) {
    if (a.family != Family::Mac && a.family != Family::Hash) continue;
    for (uint32_t bits : a.key_bits)
      EXPECT_GE(count[std::make_pair(std::string(a.name), bits)], 1)
          << a.name << " at " << bits << " bits has no known answer";
  }
}

TEST(KnownAnswerFiles, SharedValuesExpandWhereTheyAreNamed) {
  const auto vectors = *parse_known_answers(file_text("ciphers.json"), "ciphers.json");
  bool found = false;
  for (const KnownAnswer& ka : vectors)
    if (ka.algorithm == "AES-CBC" && ka.key_bits == 128 && ka.source.find("F.2.1") != std::string::npos) {
      found = true;
      EXPECT_EQ(ka.input_hex,
                "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");
    }
  EXPECT_TRUE(found) << "the SP 800-38A F.2.1 AES-CBC vector";
}

constexpr const char* kGood =
    R"({"format": "cryptauditor-known-answers-1", "shared": {"m": {"hex": ["61", "62"]}},
  "groups": [{"note": "n", "vectors": [{"algorithm": "SHA2-256", "key_bits": 0, "input": "@m",
  "output": ["fb8e20fc2e4c3f248c60c39bd652f3c1", "347298bb977b8b4d5903b85055620603"], "source": ["RFC ", "x"]}]}]})";

TEST(KnownAnswerFiles, TheReaderJoinsArraysAndDefaultsEmptyFields) {
  const auto v = *parse_known_answers(kGood, "test.json");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].input_hex, "6162");
  EXPECT_EQ(v[0].output_hex, "fb8e20fc2e4c3f248c60c39bd652f3c1347298bb977b8b4d5903b85055620603");
  EXPECT_EQ(v[0].source, "RFC x");
  EXPECT_EQ(v[0].key_hex, "");
  EXPECT_EQ(v[0].nonce_hex, "");
}

TEST(KnownAnswerFiles, AMalformedFileIsOneLineNamingThePlace) {
  auto with = [](std::string from, std::string to) {
    std::string text = kGood;
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  };
  EXPECT_EQ(parse_error(kGood), "");
  EXPECT_EQ(
      parse_error(with("\"input\"", "\"inptu\"")),
      "test.json: /groups/0/vectors/0/inptu: unknown key (allowed: algorithm, key_bits, key, nonce, aad, "
      "input, output, params, source)");
  EXPECT_EQ(parse_error(with("347298bb", "347298bx")),
            "test.json: /groups/0/vectors/0/output: not hex (an even number of the digits 0-9, a-f)");
  EXPECT_EQ(parse_error(with("@m", "@n")),
            "test.json: /groups/0/vectors/0/input: \"@n\" names no entry of /shared");
  EXPECT_EQ(parse_error(with("SHA2-256", "SHA-256")),
            "test.json: /groups/0/vectors/0/algorithm: \"SHA-256\" is not a canonical catalog name");
  EXPECT_EQ(parse_error(with("\"key_bits\": 0", "\"key_bits\": 128")),
            "test.json: /groups/0/vectors/0/key_bits: 128 is not a key size of SHA2-256 (" +
                find_algorithm("SHA2-256")->describe_keys() + ")");
  EXPECT_EQ(
      parse_error(with("[\"RFC \", \"x\"]", "\"\"")),
      "test.json: /groups/0/vectors/0/source: missing or empty: every vector cites where it comes from");
  EXPECT_EQ(parse_error(with("known-answers-1", "known-answers-2")),
            "test.json: /format: expected \"cryptauditor-known-answers-1\"");
  const std::string syntax = parse_error(with("\"groups\": [", "\"groups\": [,"));
  EXPECT_TRUE(syntax.starts_with("test.json:2:") && syntax.find("JSON syntax error") != std::string::npos)
      << syntax;
}

// The self-test runs the files' vectors: the HMAC-SHA2-256 file entry with one expected digit changed makes
// a backend that passes with the real file fail, naming the vector's source.
TEST(KnownAnswerFiles, AnAlteredExpectedValueFailsTheSelfTest) {
  static PluginScan scan = load_plugins(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS);
  const AlgorithmInfo& hmac = *find_algorithm("HMAC-SHA2-256");
  const Backend* backend = nullptr;
  for (const auto& b : scan.backends)
    if (!b->unsupported_reason(std::string(hmac.name), 256)) {
      backend = b.get();
      break;
    }
  if (backend == nullptr) GTEST_SKIP() << "no backend built offers HMAC-SHA2-256";
  const std::string text = file_text("macs.json");
  const std::string expected = "b175b57d89ea6cb606fb3363f2538abd73a4c00b4a1386905bac809004cf1933";  // tcId 1
  const size_t at = text.find(expected);
  ASSERT_NE(at, std::string::npos) << "Wycheproof hmac_sha256_test.json tcId 1 is no longer in macs.json";
  std::string altered = text;
  altered[at + expected.size() - 1] = '4';  // ...1933 -> ...1934
  const auto real = *parse_known_answers(text, "macs.json");
  const auto wrong = *parse_known_answers(altered, "macs.json");
  const Result<void> passed = self_test(*backend, hmac, 256, false, real);
  EXPECT_TRUE(passed.ok()) << backend->name() << ": " << (passed ? "" : passed.error().message);
  const Result<void> failed = self_test(*backend, hmac, 256, false, wrong);
  ASSERT_FALSE(failed.ok());
  const std::string failure = failed.error().message;
  EXPECT_NE(failure.find("known answer [Wycheproof hmac_sha256_test.json tcId 1 "), std::string::npos)
      << failure;
  EXPECT_NE(failure.find("differs from the expected " + expected.substr(0, expected.size() - 1) + "4"),
            std::string::npos)
      << failure;
}

}  // namespace
}  // namespace ca
