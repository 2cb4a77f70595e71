// The self-test's tamper check of RSAES-PKCS1-v1_5 (core/exec/self_test.hpp): a modified ciphertext passes
// when its decryption is refused, or when it decrypts to a message other than the original and to the same
// message again (implicit rejection, noted as such); it fails when it decrypts to the original plaintext, or
// to a different message each time. One in-process backend built with the SDK's table, its behaviour chosen
// per test.
#include "exec/self_test.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "catalog/catalog.hpp"
#include "cryptauditor/backend_sdk.hpp"
#include "plugin/backend.hpp"

namespace ca {
namespace {

enum class Tampered { Refused, Synthetic, Original, Random };

// A stand-in for RSAES-PKCS1-v1_5 (and, below, for an AEAD) with the self-test's shape: a ciphertext of the
// message's length in two bytes, the message XOR 0x5a, and a checksum byte that any one-byte change breaks.
// What decryption does with a broken checksum is the behaviour under test.
Tampered g_mode = Tampered::Refused;  // what the fake backend's decryption does with a broken checksum

struct FakeCipher {
  std::vector<uint8_t> last_message;  // Original: what the last encryption took
  uint8_t counter = 0;                // Random: a new message per call

  explicit FakeCipher(const ca_key_spec&) {}

  static uint8_t checksum(const uint8_t* c, size_t n) {
    uint8_t sum = 0x33;
    for (size_t i = 0; i < n; ++i) sum = static_cast<uint8_t>((sum ^ c[i]) * 167 + 1);
    return sum;
  }

  int encrypt(ca_io& io) {
    if (io.input_len > 0xffff) return CA_UNSUPPORTED;
    std::vector<uint8_t> c(io.input_len + 3);
    c[0] = static_cast<uint8_t>(io.input_len >> 8);
    c[1] = static_cast<uint8_t>(io.input_len);
    for (size_t i = 0; i < io.input_len; ++i) c[2 + i] = io.input[i] ^ 0x5a;
    c.back() = checksum(c.data(), c.size() - 1);
    last_message.assign(io.input, io.input + io.input_len);
    return sdk::put_output(io, c.data(), c.size());
  }

  int decrypt(ca_io& io) {
    const uint8_t* c = io.input;
    const size_t n = io.input_len;
    if (n < 51) return CA_REJECTED;
    if (checksum(c, n - 1) == c[n - 1]) {
      const size_t len = (size_t{c[0]} << 8) | c[1];
      if (len + 3 != n) return CA_REJECTED;
      std::vector<uint8_t> m(len);
      for (size_t i = 0; i < len; ++i) m[i] = c[2 + i] ^ 0x5a;
      return sdk::put_output(io, m.data(), m.size());
    }
    switch (g_mode) {
      case Tampered::Refused:
        return CA_REJECTED;
      case Tampered::Synthetic: {  // a function of the ciphertext alone
        std::vector<uint8_t> m(48);
        for (size_t i = 0; i < m.size(); ++i) m[i] = static_cast<uint8_t>(c[i] * 7 + c[n - 1 - i]);
        return sdk::put_output(io, m.data(), m.size());
      }
      case Tampered::Original:
        return sdk::put_output(io, last_message.data(), last_message.size());
      case Tampered::Random: {
        std::vector<uint8_t> m(48, ++counter);
        return sdk::put_output(io, m.data(), m.size());
      }
    }
    return CA_FAILED;
  }
};

const char* version() { return "0.0-test"; }
const char* acceleration() { return ""; }
const sdk::Row kRows[] = {
    {"RSA-PKCS1V15-ENC", sdk::KeyBits::list({2048}), sdk::make_factory<FakeCipher>()},
    {"AES-GCM", sdk::KeyBits::list({128}), sdk::make_factory<FakeCipher>()},
    {"RSA-OAEP", sdk::KeyBits::list({2048}), sdk::make_factory<FakeCipher>()},
};

}  // namespace
}  // namespace ca

CRYPTAUDITOR_BACKEND("fakepkcs1", "Fake PKCS#1 v1.5 (tests only)", ca::version, ca::acceleration, ca::kRows)

namespace ca {
namespace {

// The self-test of `algorithm` on the fake backend, without the embedded known answers (the fake computes
// no real cipher).
Result<void> run(Tampered mode, std::vector<std::string>& notes, const char* algorithm = "RSA-PKCS1V15-ENC",
                 uint32_t bits = 2048) {
  static Backend backend(nullptr, cryptauditor_backend_entry(), "(in process)");
  g_mode = mode;
  const AlgorithmInfo* a = find_algorithm(algorithm);
  EXPECT_NE(a, nullptr);
  return self_test(backend, *a, bits, false, {}, &notes);
}

std::string joined(const std::vector<std::string>& notes) {
  std::string all;
  for (const auto& n : notes) all += n + "\n";
  return all;
}

TEST(SelfTestPkcs1Tamper, ARefusedCiphertextPassesWithoutANote) {
  std::vector<std::string> notes;
  const Result<void> r = run(Tampered::Refused, notes);
  EXPECT_TRUE(r.ok()) << r.error().message;
  EXPECT_TRUE(notes.empty()) << joined(notes);
}

TEST(SelfTestPkcs1Tamper, TheSameSyntheticMessageTwiceIsImplicitRejection) {
  std::vector<std::string> notes;
  const Result<void> r = run(Tampered::Synthetic, notes);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(notes.size(), 1u) << joined(notes);
  EXPECT_EQ(notes[0].rfind("implicit rejection: ", 0), 0u) << notes[0];
  EXPECT_NE(notes[0].find("48-byte"), std::string::npos) << notes[0];
}

TEST(SelfTestPkcs1Tamper, TheOriginalPlaintextFails) {
  std::vector<std::string> notes;
  const Result<void> r = run(Tampered::Original, notes);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("decrypted to the original plaintext"), std::string::npos)
      << r.error().message;
  EXPECT_TRUE(notes.empty()) << joined(notes);
}

TEST(SelfTestPkcs1Tamper, ADifferentMessageEachTimeFails) {
  std::vector<std::string> notes;
  const Result<void> r = run(Tampered::Random, notes);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("two different messages"), std::string::npos) << r.error().message;
  EXPECT_TRUE(notes.empty()) << joined(notes);
}

// RSA-OAEP and the AEADs keep the strict check: the same deterministic synthetic message from a modified
// ciphertext is a forgery accepted, not implicit rejection.
TEST(SelfTestPkcs1Tamper, OaepAndAeadsThatDecryptAModifiedCiphertextStillFail) {
  for (const auto& [algorithm, bits] : {std::pair{"RSA-OAEP", 2048u}, std::pair{"AES-GCM", 128u}}) {
    std::vector<std::string> notes;
    const Result<void> r = run(Tampered::Synthetic, notes, algorithm, bits);
    ASSERT_FALSE(r.ok()) << algorithm;
    EXPECT_NE(r.error().message.find("a modified ciphertext was accepted"), std::string::npos)
        << algorithm << ": " << r.error().message;
    EXPECT_TRUE(notes.empty()) << algorithm << ": " << joined(notes);
  }
}

}  // namespace
}  // namespace ca
