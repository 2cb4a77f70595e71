// Every built backend plugin against the catalog: the self-test (known answers from standards, round
// trip, tamper rejection) for every algorithm and key size it offers, and agreement between every pair of
// backends that offer the same algorithm: identical ciphertexts and digests for the same key, nonce and
// data; ciphertexts of one decrypt in every other; signatures of one verify in every other; keys exported
// by one import in every other. And every signature context serves message after message.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "catalog/catalog.hpp"
#include "exec/runner.hpp"
#include "exec/self_test.hpp"
#include "plugin/backend.hpp"
#include "plugin/call.hpp"

namespace ca {
namespace {

const PluginScan& plugins() {
  static PluginScan scan = load_plugins(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS);
  return scan;
}

std::vector<uint32_t> sizes_to_test(const AlgorithmInfo& a) {
  // A range: its default (RSA 2048 bits, one size keeps key generation cheap; HMAC and KMAC 256 bits, the
  // other key lengths are ParameterRanges' business below).
  if (a.key_bits.empty()) return {a.default_key_bits};
  return a.key_bits;
}

struct Case {
  std::string backend;  // empty for agreement cases
  const AlgorithmInfo* algorithm;
  uint32_t key_bits;
};

std::string case_name(const testing::TestParamInfo<Case>& info) {
  std::string n = (info.param.backend.empty() ? "" : info.param.backend + "_") +
                  std::string(info.param.algorithm->name) + "_" + std::to_string(info.param.key_bits);
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

const Backend* backend_named(const std::string& name) {
  for (const auto& b : plugins().backends)
    if (b->name() == name) return b.get();
  return nullptr;
}

std::vector<const Backend*> supporting(const AlgorithmInfo& a, uint32_t bits) {
  std::vector<const Backend*> out;
  for (const auto& b : plugins().backends)
    if (!b->unsupported_reason(std::string(a.name), bits)) out.push_back(b.get());
  return out;
}

std::vector<Case> self_test_cases() {
  std::vector<Case> out;
  for (const auto& b : plugins().backends)
    for (const auto& a : catalog())
      for (uint32_t bits : sizes_to_test(a))
        if (!b->unsupported_reason(std::string(a.name), bits)) out.push_back({b->name(), &a, bits});
  return out;
}

std::vector<Case> agreement_cases() {
  std::vector<Case> out;
  for (const auto& a : catalog())
    for (uint32_t bits : sizes_to_test(a))
      if (supporting(a, bits).size() >= 2) out.push_back({"", &a, bits});
  return out;
}

TEST(Plugins, AllBuiltBackendsLoad) {
  for (const auto& p : plugins().problems) ADD_FAILURE() << p;
  EXPECT_FALSE(plugins().backends.empty()) << "no backend was built; is any crypto library installed?";
}

// A catalog algorithm a library lacks is answered with the library's reason where the backend names one, not
// the generic "not offered by this library" (docs/backends/nss.md, gnutls.md). Checked for the backends
// built.
TEST(Plugins, MissingAlgorithmsNameTheirReason) {
  const struct {
    const char* backend;
    const char* algorithm;
    uint32_t bits;
    const char* says;
  } expected[] = {
      {"nss", "AES-CCM", 256, "no CKM_AES_CCM"},
      {"nss", "AES-XTS", 256, "no AES-XTS"},
      {"nss", "AES-OFB", 256, "neither CKM_AES_CFB128 nor CKM_AES_OFB"},
      {"nss", "IDEA", 128, "CKM_IDEA_CBC_PAD"},
      {"gnutls", "X25519", 256, "gnutls_privkey_derive_secret arrived in 3.8.2"},
      {"gnutls", "ECDH-P256", 256, "only inside a TLS handshake"},
      {"botan3", "DESX", 192, "Botan 3.0 removed DESX"},
  };
  int checked = 0;
  for (const auto& e : expected) {
    const Backend* b = backend_named(e.backend);
    if (b == nullptr) continue;
    ++checked;
    const auto reason = b->unsupported_reason(e.algorithm, e.bits);
    ASSERT_TRUE(reason.has_value()) << e.backend << " " << e.algorithm << " should be unsupported";
    EXPECT_NE(reason->find(e.says), std::string::npos) << e.backend << " " << e.algorithm << ": " << *reason;
  }
  if (checked == 0) GTEST_SKIP() << "none of the nss, gnutls and botan3 backends was built";
}

// Issue #40: the Botan 3 backend offers every row the Botan 2 backend offers, at every key size, except the
// algorithms Botan 3 removed, which it answers with that reason (docs/backends/botan3.md). Both are built
// where botan-2 and botan-3 are installed side by side (Debian 13).
TEST(Plugins, Botan3OffersEveryRowOfBotan2) {
  const Backend* botan2 = backend_named("botan");
  const Backend* botan3 = backend_named("botan3");
  if (botan2 == nullptr || botan3 == nullptr) GTEST_SKIP() << "needs both the botan and the botan3 backend";
  size_t rows = 0;
  for (const auto& a : catalog())
    for (uint32_t bits : sizes_to_test(a)) {
      if (botan2->unsupported_reason(std::string(a.name), bits)) continue;
      ++rows;
      const auto reason = botan3->unsupported_reason(std::string(a.name), bits);
      if (reason) {
        EXPECT_NE(reason->find("Botan 3.0 removed"), std::string::npos)
            << a.name << " " << bits << ": " << *reason;
      }
    }
  EXPECT_GT(rows, 0u);
}

// The Mbed TLS backend builds against 2.28 (Debian 12) and 3.6 (Debian 13): the rows one version lacks say
// why with that version's reason, never the generic "not offered", and the rows it adds are offered
// (backends/mbedtls/compat.hpp, docs/backends/mbedtls.md).
TEST(Plugins, MbedTlsRowsFollowTheLibraryVersion) {
  const Backend* b = backend_named("mbedtls");
  if (b == nullptr) GTEST_SKIP() << "the mbedtls backend was not built";
  const std::string version = b->library_version();
  const bool three = !version.empty() && version[0] >= '3';
  const struct {
    const char* algorithm;
    uint32_t bits;
    bool offered;
    const char* says;  // the reason when not offered
  } expected_2[] = {
      {"RC4", 128, true, ""},
      {"BLOWFISH", 128, true, ""},
      {"X448", 448, false, "3.1 adds it"},
      {"SHA3-256", 0, false, "3.5 adds it"},
      {"HMAC-SHA3-256", 256, false, "3.5 adds it"},
  },
    expected_3[] = {
        {"RC4", 128, false, "Mbed TLS 3 removed ARC4"},
        {"BLOWFISH", 128, false, "Mbed TLS 3 removed Blowfish"},
        {"X448", 448, true, ""},
        {"SHA3-256", 0, true, ""},
        {"HMAC-SHA3-256", 256, true, ""},
    };
  for (const auto& e : three ? std::span(expected_3) : std::span(expected_2)) {
    const auto reason = b->unsupported_reason(e.algorithm, e.bits);
    if (e.offered) {
      EXPECT_FALSE(reason.has_value()) << "Mbed TLS " << version << " " << e.algorithm << ": " << *reason;
      continue;
    }
    ASSERT_TRUE(reason.has_value()) << "Mbed TLS " << version << " " << e.algorithm << " should be unsupported";
    EXPECT_NE(reason->find(e.says), std::string::npos) << "Mbed TLS " << version << " " << e.algorithm << ": "
                                                       << *reason;
  }
}

// NSS's softoken decrypts a modified RSAES-PKCS1-v1_5 ciphertext with implicit rejection (a synthetic
// message, the same each time): the self-test passes it and says so (docs/backends/nss.md).
TEST(Plugins, NssDecryptsModifiedPkcs1CiphertextsWithImplicitRejection) {
  const Backend* nss = backend_named("nss");
  if (nss == nullptr) GTEST_SKIP() << "the nss backend was not built";
  std::vector<std::string> notes;
  const Result<void> passed =
      self_test(*nss, *find_algorithm("RSA-PKCS1V15-ENC"), 2048, false, known_answers(), &notes);
  ASSERT_TRUE(passed.ok()) << passed.error().message;
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].rfind("implicit rejection: ", 0), 0u) << notes[0];
}

class SelfTest : public testing::TestWithParam<Case> {};

TEST_P(SelfTest, PassesKnownAnswersRoundTripAndTamperChecks) {
  const Case& c = GetParam();
  // keygen too (only signature and key-agreement contexts offer it; RSA at 2048 bits keeps it quick).
  const Result<void> passed = self_test(*backend_named(c.backend), *c.algorithm, c.key_bits, /*keygen=*/true);
  EXPECT_TRUE(passed.ok()) << passed.error().message;
}

INSTANTIATE_TEST_SUITE_P(Backends, SelfTest, testing::ValuesIn(self_test_cases()), case_name);

// ---- agreement -------------------------------------------------------------------------------------------

std::unique_ptr<Context> create(const Backend& b, const AlgorithmInfo& a, uint32_t bits, const Bytes* secret,
                                const Bytes* pub) {
  const ca_key_spec spec =
      key_spec(a, bits, secret ? ByteView(*secret) : ByteView(), pub ? ByteView(*pub) : ByteView());
  auto ctx = b.create(spec);
  if (!ctx) {
    ADD_FAILURE() << b.name() << " " << a.name << ": " << ctx.error().message;
    return nullptr;
  }
  return std::move(*ctx);
}

// ---- one signature context, message after message --------------------------------------------------------

std::vector<Case> signature_cases() {
  std::vector<Case> out;
  for (const Case& c : self_test_cases())
    if (c.algorithm->family == Family::Signature) out.push_back(c);
  return out;
}

// A measurement runs thousands of operations on one context, signing and verifying in turn (the self-test
// signs, then verifies three times). Each sign and verify must leave the context ready for the next: the
// OpenSSL backend's reused work context crashed on the second operation with OpenSSL 3.5
// (docs/backends/openssl.md, "Versions"). Signatures from earlier messages still verify afterwards, on the
// context and on one holding only the public key, and never over another message.
class SignatureContext : public testing::TestWithParam<Case> {};

TEST_P(SignatureContext, SignsAndVerifiesMessageAfterMessage) {
  const Case& c = GetParam();
  const AlgorithmInfo& a = *c.algorithm;
  auto ctx = create(*backend_named(c.backend), a, c.key_bits, nullptr, nullptr);
  ASSERT_TRUE(ctx);
  auto pub = ctx->export_key(CA_KEY_PUBLIC);
  ASSERT_TRUE(pub) << "cannot export the public key";
  auto verifier = create(*backend_named(c.backend), a, c.key_bits, nullptr, &*pub);
  ASSERT_TRUE(verifier);
  const Bytes none;
  std::vector<std::pair<Bytes, Bytes>> signed_messages;  // message, signature
  for (size_t wanted : {size_t{0}, size_t{1}, size_t{100}, size_t{1000}, size_t{64}}) {
    const size_t size = std::min(wanted, a.message_limit(c.key_bits));
    const Bytes msg = random_bytes(size);
    const size_t cap = a.output_capacity(c.key_bits, size);
    Call sig = call(*ctx, CA_OP_SIGN, msg, none, none, {}, cap);
    ASSERT_EQ(sig.status, CA_OK) << "signing message " << signed_messages.size() + 1 << " (" << size
                                 << " bytes): " << status_text(*ctx, sig.status);
    for (const auto& [m, s] : signed_messages)  // the earlier signatures, after this signing
      ASSERT_EQ(call(*ctx, CA_OP_VERIFY, m, none, none, s, cap).status, CA_OK) << m.size() << "-byte message";
    signed_messages.emplace_back(msg, sig.output);
    Bytes other = msg;
    other.push_back(1);
    for (const Context* v : {ctx.get(), verifier.get()}) {
      EXPECT_EQ(call(*v, CA_OP_VERIFY, msg, none, none, sig.output, cap).status, CA_OK)
          << size << "-byte message, " << (v == verifier.get() ? "public-key context" : "signing context");
      EXPECT_EQ(call(*v, CA_OP_VERIFY, other, none, none, sig.output, cap).status, CA_REJECTED)
          << "verified over another message";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, SignatureContext, testing::ValuesIn(signature_cases()), case_name);

class Agreement : public testing::TestWithParam<Case> {};

TEST_P(Agreement, BackendsComputeTheSameFunction) {
  const AlgorithmInfo& a = *GetParam().algorithm;
  const uint32_t bits = GetParam().key_bits;
  const auto backends = supporting(a, bits);
  const bool public_key = a.family == Family::Signature || a.shape == CipherShape::RsaEncryption;

  if (a.family == Family::Kdf) {
    // Same password, salt and info (and the catalog's default costs): the same derived bytes everywhere.
    Bytes salt = random_bytes(a.nonce_bytes), info = random_bytes(10);
    for (size_t size : {size_t{1}, size_t{16}, size_t{200}}) {
      Bytes password = random_bytes(size);
      std::optional<Bytes> first;
      for (const Backend* b : backends) {
        auto ctx = create(*b, a, bits, nullptr, nullptr);
        ASSERT_TRUE(ctx);
        // HKDF takes the info; the password-based KDFs have none (plugin_abi.h: info in aad).
        const Bytes& aad = a.name.rfind("HKDF", 0) == 0 ? info : Bytes{};
        Call k = call(*ctx, CA_OP_DERIVE, password, salt, aad, {}, a.digest_bytes);
        ASSERT_EQ(k.status, CA_OK) << b->name() << ": " << ctx->last_error();
        if (!first) first = k.output;
        EXPECT_EQ(to_hex(k.output), to_hex(*first))
            << b->name() << " derives other bytes from a " << size << "-byte password";
      }
    }
    return;
  }

  if (a.family == Family::KeyAgreement) {
    // Every backend's key pair against every other's: both sides derive the same secret, and a private key
    // exported by one backend gives the same secret in another.
    const Bytes none;
    const size_t cap = a.output_capacity(bits, 0);
    for (const Backend* owner : backends) {
      auto mine = create(*owner, a, bits, nullptr, nullptr);
      ASSERT_TRUE(mine);
      auto priv = mine->export_key(CA_KEY_PRIVATE), pub = mine->export_key(CA_KEY_PUBLIC);
      ASSERT_TRUE(priv && pub) << owner->name() << " cannot export its " << a.name << " key";
      for (const Backend* other : backends) {
        if (other == owner) continue;
        const std::string pair = owner->name() + " -> " + other->name();
        auto theirs = create(*other, a, bits, nullptr, nullptr);
        auto imported = create(*other, a, bits, &*priv, nullptr);
        ASSERT_TRUE(theirs && imported);
        auto their_pub = theirs->export_key(CA_KEY_PUBLIC);
        ASSERT_TRUE(their_pub) << other->name() << " cannot export its public key";
        Call s1 = call(*mine, CA_OP_AGREE, *their_pub, none, none, {}, cap);
        Call s2 = call(*theirs, CA_OP_AGREE, *pub, none, none, {}, cap);
        Call s3 = call(*imported, CA_OP_AGREE, *their_pub, none, none, {}, cap);
        ASSERT_EQ(s1.status, CA_OK) << pair << ": " << mine->last_error();
        ASSERT_EQ(s2.status, CA_OK) << pair << ": " << theirs->last_error();
        ASSERT_EQ(s3.status, CA_OK) << pair << ": " << imported->last_error();
        EXPECT_EQ(s1.output.size(), a.digest_bytes) << pair;
        EXPECT_EQ(to_hex(s1.output), to_hex(s2.output)) << pair << ": the two sides derive different secrets";
        EXPECT_EQ(to_hex(s1.output), to_hex(s3.output))
            << pair << ": the imported private key gives another secret";
      }
    }
    return;
  }

  if (a.family == Family::Hash) {
    for (size_t size : {size_t{0}, size_t{1}, size_t{1000}, size_t{65537}}) {
      Bytes msg = random_bytes(size), none;
      std::optional<Bytes> first;
      for (const Backend* b : backends) {
        auto ctx = create(*b, a, bits, nullptr, nullptr);
        ASSERT_TRUE(ctx);
        Call d = call(*ctx, CA_OP_HASH, msg, none, none, {}, 256);
        ASSERT_EQ(d.status, CA_OK) << b->name() << ": " << ctx->last_error();
        if (!first) first = d.output;
        EXPECT_EQ(to_hex(d.output), to_hex(*first)) << b->name() << " digest of " << size << " bytes differs";
      }
    }
    return;
  }

  if (a.family == Family::Mac) {
    Bytes key = random_bytes(a.key_bytes(bits)), nonce = random_bytes(a.nonce_bytes), none;
    for (size_t size : {size_t{1}, size_t{64}, size_t{1000}, size_t{65537}}) {
      Bytes msg = random_bytes(size);
      std::optional<Bytes> first;
      for (const Backend* b : backends) {
        auto ctx = create(*b, a, bits, &key, nullptr);
        ASSERT_TRUE(ctx);
        Call t = call(*ctx, CA_OP_MAC, msg, nonce, none, {}, 256);
        ASSERT_EQ(t.status, CA_OK) << b->name() << ": " << ctx->last_error();
        if (!first) first = t.output;
        EXPECT_EQ(to_hex(t.output), to_hex(*first)) << b->name() << " tag over " << size << " bytes differs";
      }
    }
    return;
  }

  if (!public_key) {
    Bytes key = random_bytes(a.key_bytes(bits)), nonce = random_bytes(a.nonce_bytes);
    Bytes aad = a.tag_bytes ? random_bytes(20) : Bytes{};
    for (size_t size : {size_t{1}, size_t{16}, size_t{1003}}) {
      if (size < a.min_message) continue;
      Bytes msg = random_bytes(size);
      const size_t cap = a.output_capacity(bits, size);
      std::vector<std::unique_ptr<Context>> ctxs;
      std::vector<Bytes> cts;
      for (const Backend* b : backends) {
        ctxs.push_back(create(*b, a, bits, &key, nullptr));
        ASSERT_TRUE(ctxs.back());
        Call ct = call(*ctxs.back(), CA_OP_ENCRYPT, msg, nonce, aad, {}, cap);
        ASSERT_EQ(ct.status, CA_OK) << b->name() << ": " << ctxs.back()->last_error();
        cts.push_back(ct.output);
        EXPECT_EQ(to_hex(ct.output), to_hex(cts.front()))
            << b->name() << " and " << backends[0]->name() << " disagree on a " << size << "-byte message";
      }
      for (size_t i = 0; i < backends.size(); ++i)
        for (size_t j = 0; j < backends.size(); ++j) {
          Call pt = call(*ctxs[j], CA_OP_DECRYPT, cts[i], nonce, aad, {}, cap);
          EXPECT_EQ(pt.status, CA_OK) << backends[j]->name() << " cannot decrypt " << backends[i]->name();
          EXPECT_EQ(pt.output, msg) << backends[j]->name() << " decrypting " << backends[i]->name();
        }
    }
    return;
  }

  // Public key: every backend makes a key pair; every other imports the public key (and the private key).
  const size_t size = std::min<size_t>(100, a.message_limit(bits));
  Bytes msg = random_bytes(size), none;
  const size_t cap = a.output_capacity(bits, size);
  for (const Backend* owner : backends) {
    auto mine = create(*owner, a, bits, nullptr, nullptr);
    ASSERT_TRUE(mine);
    auto priv = mine->export_key(CA_KEY_PRIVATE), pub = mine->export_key(CA_KEY_PUBLIC);
    ASSERT_TRUE(priv && pub) << owner->name() << " cannot export its " << a.name << " key";
    for (const Backend* other : backends) {
      if (other == owner) continue;
      auto theirs_pub = create(*other, a, bits, nullptr, &*pub);
      auto theirs_priv = create(*other, a, bits, &*priv, nullptr);
      ASSERT_TRUE(theirs_pub && theirs_priv);
      const std::string pair = owner->name() + " -> " + other->name();
      if (a.family == Family::Signature) {
        Call sig = call(*mine, CA_OP_SIGN, msg, none, none, {}, cap);
        ASSERT_EQ(sig.status, CA_OK);
        EXPECT_EQ(call(*theirs_pub, CA_OP_VERIFY, msg, none, none, sig.output, cap).status, CA_OK)
            << pair << ": signature does not verify";
        Call sig2 = call(*theirs_priv, CA_OP_SIGN, msg, none, none, {}, cap);
        ASSERT_EQ(sig2.status, CA_OK) << pair << ": " << theirs_priv->last_error();
        EXPECT_EQ(call(*mine, CA_OP_VERIFY, msg, none, none, sig2.output, cap).status, CA_OK)
            << pair << ": signature with the imported private key does not verify at the owner";
        Bytes other_msg = msg;
        other_msg[0] ^= 1;
        EXPECT_EQ(call(*theirs_pub, CA_OP_VERIFY, other_msg, none, none, sig.output, cap).status, CA_REJECTED)
            << pair;
        // Deterministic schemes give byte-identical signatures from the same key.
        if (a.name == "EDDSA" || a.name == "ED448" || a.name.rfind("RSA-PKCS1V15-SHA", 0) == 0) {
          EXPECT_EQ(to_hex(sig.output), to_hex(sig2.output)) << pair;
        }
      } else {
        Call ct = call(*theirs_pub, CA_OP_ENCRYPT, msg, none, none, {}, cap);
        ASSERT_EQ(ct.status, CA_OK) << pair << ": " << theirs_pub->last_error();
        Call pt = call(*mine, CA_OP_DECRYPT, ct.output, none, none, {}, cap);
        EXPECT_EQ(pt.status, CA_OK) << pair;
        EXPECT_EQ(pt.output, msg) << pair;
        Call ct2 = call(*mine, CA_OP_ENCRYPT, msg, none, none, {}, cap);
        Call pt2 = call(*theirs_priv, CA_OP_DECRYPT, ct2.output, none, none, {}, cap);
        EXPECT_EQ(pt2.output, msg) << pair << ": imported private key cannot decrypt";
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Pairs, Agreement, testing::ValuesIn(agreement_cases()), case_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Agreement);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SelfTest);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SignatureContext);

}  // namespace
}  // namespace ca
