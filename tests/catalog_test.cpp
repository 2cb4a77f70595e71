#include "catalog/catalog.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "catalog/curves.hpp"

namespace ca {
namespace {

std::string resolve_one(std::string_view typed, Family f) {
  auto r = resolve(typed, f);
  if (!r) {
    ADD_FAILURE() << r.error().message;
    return "";
  }
  EXPECT_EQ(r->algorithms.size(), 1u);
  return r->algorithms.empty() ? "" : std::string(r->algorithms[0]->name);
}

TEST(Catalog, CanonicalNamesAreUniqueAndSelfResolving) {
  std::set<std::string_view> seen;
  for (const auto& a : catalog()) {
    EXPECT_TRUE(seen.insert(a.name).second) << a.name;
    EXPECT_EQ(resolve_one(a.name, a.family), a.name);
  }
  EXPECT_GE(seen.size(), 25u);
}

TEST(Catalog, AliasesInAnyCase) {
  EXPECT_EQ(resolve_one("SHA-256", Family::Hash), "SHA2-256");
  EXPECT_EQ(resolve_one("sha256", Family::Hash), "SHA2-256");
  EXPECT_EQ(resolve_one("sha3-512", Family::Hash), "SHA3-512");
  EXPECT_EQ(resolve_one("aes-gcm", Family::Cipher), "AES-GCM");
  EXPECT_EQ(resolve_one("gcm", Family::Cipher), "AES-GCM");
  EXPECT_EQ(resolve_one("Ed25519", Family::Signature), "EDDSA");
  EXPECT_EQ(resolve_one("sha-1", Family::Hash), "SHA1");
}

TEST(Catalog, RsaMeansOaepForCiphersAndPssForSignatures) {
  EXPECT_EQ(resolve_one("RSA", Family::Cipher), "RSA-OAEP");
  EXPECT_EQ(resolve_one("rsa", Family::Signature), "RSA-PSS");
}

TEST(Catalog, NameOfAnotherFamilyIsAnError) {
  auto r = resolve("SHA2-256", Family::Cipher);
  ASSERT_FALSE(r.ok());
  // The flag that takes it, instead of the list of ciphers (issue #31 item 5).
  EXPECT_EQ(r.error().message, "'SHA2-256' is a hash, not a cipher: use --hash SHA2-256");
  // Aliases and groups of another family too; names of no family still list what is allowed.
  EXPECT_EQ(resolve("sha-256", Family::Mac).error().message,
            "'sha-256' is a hash, not a MAC: use --hash sha-256");
  EXPECT_EQ(resolve("SIGN-ALL", Family::Cipher).error().message,
            "'SIGN-ALL' is a signature, not a cipher: use --signature SIGN-ALL");
  const std::string unknown = resolve("NO-SUCH-CIPHER", Family::Cipher).error().message;
  EXPECT_NE(unknown.find("--cipher"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("AES-GCM"), std::string::npos) << "the error lists what is allowed";
}

TEST(Catalog, ANearNameIsSuggested) {
  EXPECT_EQ(
      resolve("AES-GMC", Family::Cipher).error().message,
      "unknown algorithm 'AES-GMC' for --cipher: did you mean AES-GCM? (every name: cryptauditor list)");
  // Nearest in another family: named with its flag.
  EXPECT_EQ(resolve("SHA2-265", Family::Cipher).error().message,
            "unknown algorithm 'SHA2-265' for --cipher: did you mean --hash SHA2-256? (every name: "
            "cryptauditor list)");
}

TEST(Catalog, UnknownNameIsAnError) {
  auto r = resolve("NO-SUCH-HASH", Family::Hash);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("NO-SUCH-HASH"), std::string::npos);
}

TEST(Catalog, Groups) {
  EXPECT_EQ(resolve("AES-ALL", Family::Cipher)->algorithms.size(), 10u);
  EXPECT_EQ(resolve("HASH-ALL", Family::Hash)->algorithms.size(), 8u);
  EXPECT_EQ(resolve("SIGN-EXTENDED", Family::Signature)->algorithms.size(), 11u);
  EXPECT_EQ(resolve("SYMMETRIC-EXTENDED", Family::Cipher)->algorithms.size(), 14u);
  EXPECT_EQ(resolve("AEAD-ALL", Family::Cipher)->algorithms.size(), 8u);
  EXPECT_EQ(resolve("KDF-ALL", Family::Kdf)->algorithms.size(), 4u);
  EXPECT_EQ(resolve("KEX-ALL", Family::KeyAgreement)->algorithms.size(), 6u);
  EXPECT_FALSE(resolve("HASH-ALL", Family::Cipher).ok());
}

// The original cryptauditor's groups, member for member, in its order (its README: SYMMETRIC-ALL prints 12
// "Performing" lines, SIGN-ALL three); larger sets have their own names.
TEST(Catalog, SeedGroupsMeanWhatTheSeedSays) {
  auto members = [](std::string_view group, Family f) {
    std::vector<std::string> out;
    const auto resolved = resolve(group, f);  // kept: a range-for over a temporary's member would dangle
    EXPECT_TRUE(resolved.ok()) << group;
    if (resolved)
      for (const AlgorithmInfo* a : resolved->algorithms) out.emplace_back(a->name);
    return out;
  };
  using Names = std::vector<std::string>;
  const Names aes{"AES-ECB", "AES-CBC", "AES-CFB", "AES-OFB", "AES-CTR",
                  "AES-CCM", "AES-GCM", "AES-EAX", "AES-SIV", "AES-OCB"};
  EXPECT_EQ(members("AES-ALL", Family::Cipher), aes);
  Names symmetric = aes;
  symmetric.insert(symmetric.end(), {"CHACHA20", "SALSA20"});
  EXPECT_EQ(members("SYMMETRIC-ALL", Family::Cipher), symmetric);
  EXPECT_EQ(members("HASH-ALL", Family::Hash), (Names{"SHA2-224", "SHA2-256", "SHA2-384", "SHA2-512",
                                                      "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512"}));
  const Resolution sign = *resolve("SIGN-ALL", Family::Signature);
  EXPECT_TRUE(sign.is_group);
  EXPECT_EQ(members("SIGN-ALL", Family::Signature), (Names{"RSA-PSS", "ECDSA", "EDDSA"}));
  // Every group name is listed once per flag (`list --aliases` prints this table).
  std::set<std::pair<std::string, Family>> seen;
  for (const Group& g : groups()) EXPECT_TRUE(seen.insert({std::string(g.name), g.family}).second) << g.name;
  for (const char* larger : {"SYMMETRIC-EXTENDED", "AEAD-ALL"})
    EXPECT_TRUE(seen.count({larger, Family::Cipher})) << larger;
  EXPECT_TRUE(seen.count({"SIGN-EXTENDED", Family::Signature}));
}

// The names cryptauditor's "Performing" line and rankings use (tests/seed_lines_test.cpp runs them).
TEST(Catalog, SeedWordsForEachAlgorithm) {
  EXPECT_EQ(find_algorithm("SHA2-256")->line_name(), "SHA-256");
  EXPECT_EQ(find_algorithm("SHA3-256")->line_name(), "SHA3-256");
  EXPECT_EQ(find_algorithm("CHACHA20")->line_name(), "CHACHA20");
  EXPECT_EQ(find_algorithm("RSA-OAEP")->line_name(), "RSA-OAEP");
  EXPECT_NE(find_algorithm("RSA-OAEP-SHA256")->line_name(), find_algorithm("RSA-OAEP")->line_name());
  EXPECT_NE(find_algorithm("RSA-PKCS1V15-ENC")->line_name(), find_algorithm("RSA-OAEP")->line_name());
  EXPECT_EQ(find_algorithm("RSA-PSS")->line_name(), "RSA-PSS");
  EXPECT_NE(find_algorithm("RSA-PKCS1V15-SHA256")->line_name(), "RSA-PSS");
  EXPECT_EQ(find_algorithm("EDDSA")->display_name(), "EdDSA");
  EXPECT_EQ(find_algorithm("EDDSA")->curve, "Ed25519");
  EXPECT_EQ(find_algorithm("EDDSA")->message_hash, "SHA-512");
  EXPECT_EQ(find_algorithm("ECDSA")->curve, "P-256");
  EXPECT_EQ(find_algorithm("ECDSA-SECP256K1")->curve, "secp256k1");
  EXPECT_EQ(find_algorithm("AES-GCM")->display_name(), "AES-GCM");
  // Every signature names its message hash, and every elliptic-curve one its curve.
  for (const AlgorithmInfo& a : catalog()) {
    if (a.family != Family::Signature) continue;
    EXPECT_FALSE(a.message_hash.empty()) << a.name;
    EXPECT_EQ(a.curve.empty(), a.primitive == "RSA") << a.name;
  }
}

// Every curve a row names has its other names in the catalog (catalog/curves.hpp): code outside the catalog
// reads them there instead of matching algorithm or curve names.
TEST(Catalog, EveryCurveHasItsNames) {
  for (const AlgorithmInfo& a : catalog()) {
    const CurveInfo* curve = curve_of(a);
    if (a.curve.empty()) {
      EXPECT_EQ(curve, nullptr) << a.name;
      continue;
    }
    ASSERT_NE(curve, nullptr) << a.name << "'s curve " << a.curve << " is not in curves()";
    EXPECT_EQ(curve->name, a.curve);
    EXPECT_FALSE(curve->key_kind.empty()) << a.curve;
  }
  EXPECT_EQ(curve_of(*find_algorithm("ECDSA"))->sec_name, "secp256r1");
  EXPECT_EQ(curve_of(*find_algorithm("ECDH-P256"))->sec_name, "secp256r1");
  EXPECT_EQ(curve_of(*find_algorithm("ECDH-P384"))->sec_name, "secp384r1");
  EXPECT_EQ(curve_of(*find_algorithm("ECDSA-P521"))->sec_name, "secp521r1");
  EXPECT_EQ(curve_of(*find_algorithm("ECDSA-SECP256K1"))->sec_name, "secp256k1");
  EXPECT_EQ(curve_of(*find_algorithm("EDDSA"))->sec_name, "");
  EXPECT_EQ(curve_of(*find_algorithm("X25519"))->key_kind, "X25519");
  EXPECT_EQ(curve_of(*find_algorithm("RSA-PSS")), nullptr);
  EXPECT_EQ(curve_of(*find_algorithm("FFDHE2048")), nullptr);
}

TEST(Catalog, KeyLengthRules) {
  const AlgorithmInfo* aes = find_algorithm("AES-GCM");
  ASSERT_NE(aes, nullptr);
  EXPECT_TRUE(aes->allows_key(128));
  EXPECT_TRUE(aes->allows_key(192));
  EXPECT_FALSE(aes->allows_key(512));
  EXPECT_EQ(aes->default_key_bits, 256u);
  const AlgorithmInfo* rsa = find_algorithm("RSA-PSS");
  EXPECT_TRUE(rsa->allows_key(1024));
  EXPECT_TRUE(rsa->allows_key(4096));
  EXPECT_FALSE(rsa->allows_key(512));
  EXPECT_FALSE(rsa->allows_key(2049));
  EXPECT_EQ(rsa->default_key_bits, 2048u);
  EXPECT_TRUE(find_algorithm("ECDSA")->fixed_key());
  EXPECT_TRUE(find_algorithm("EDDSA")->fixed_key());
  EXPECT_EQ(find_algorithm("AES-SIV")->key_bytes(256), 64u);
  EXPECT_EQ(find_algorithm("AES-GCM")->key_bytes(128), 16u);
}

TEST(Catalog, OaepMessageLimitMatchesCryptauditorExample) {
  // cryptauditor's README example: -c RSA -d 470B -k 4096.
  EXPECT_EQ(find_algorithm("RSA-OAEP")->message_limit(4096), 470u);
  EXPECT_EQ(find_algorithm("RSA-OAEP-SHA256")->message_limit(2048), 190u);
  EXPECT_EQ(find_algorithm("AES-GCM")->message_limit(256), SIZE_MAX);
  EXPECT_LT(find_algorithm("AES-CCM")->message_limit(256), size_t{1} << 24);
}

// Issue #13 item 3: each entry declares the range of its key, nonce and tag lengths and keeps the defaults.
TEST(CatalogParameters, RangesDefaultsAndParamsStrings) {
  const AlgorithmInfo& gcm = *find_algorithm("AES-GCM");
  EXPECT_EQ(gcm.nonce_bytes, 12u);
  EXPECT_EQ(gcm.nonce_range.describe(), "1..1024");
  EXPECT_EQ(gcm.tag_range.describe(), "4..16");
  EXPECT_EQ(find_algorithm("AES-CCM")->tag_range.describe(), "4..16 in steps of 2");
  EXPECT_TRUE(find_algorithm("AES-CCM")->nonce_range.allows(7));
  EXPECT_FALSE(find_algorithm("AES-CCM")->nonce_range.allows(14));
  EXPECT_TRUE(find_algorithm("CHACHA20-POLY1305")->nonce_range.fixed());
  // Lengths appear in a resolved string only when they differ from the default, tag first.
  EXPECT_EQ(*resolve_params(gcm, ""), "");
  EXPECT_EQ(*resolve_params(gcm, "tag=16,nonce=12"), "");
  EXPECT_EQ(*resolve_params(gcm, "nonce=8,tag=12"), "tag=12,nonce=8");
  EXPECT_EQ(chosen_tag_bytes(gcm, "tag=12,nonce=8"), 12u);
  EXPECT_EQ(chosen_nonce_bytes(gcm, "tag=12,nonce=8"), 8u);
  EXPECT_EQ(chosen_nonce_bytes(gcm, ""), 12u);
  const auto refused = resolve_params(gcm, "tag=17");
  ASSERT_FALSE(refused.ok()) << "tag=17 accepted";
  EXPECT_EQ(refused.error().message,
            "AES-GCM tag=17 is not valid: tag is the tag length in bytes, 4..16 (default 16)");
  EXPECT_FALSE(resolve_params(*find_algorithm("CHACHA20-POLY1305"), "nonce=8").ok());
  // HMAC and KMAC take keys of any whole number of bytes; HMAC's truncated tag is the core's business.
  const AlgorithmInfo& hmac = *find_algorithm("HMAC-SHA1");
  EXPECT_TRUE(hmac.allows_key(160) && hmac.allows_key(8) && hmac.allows_key(1040));
  EXPECT_FALSE(hmac.allows_key(12));
  EXPECT_EQ(hmac.default_key_bits, 256u);
  EXPECT_TRUE(hmac.tag_truncates);
  EXPECT_EQ(hmac.tag_range.describe(), "10..20");
  EXPECT_TRUE(param_names(hmac).empty());
  EXPECT_EQ(param_names(*find_algorithm("KMAC128")), std::vector<std::string>{"tag"});
  EXPECT_EQ(param_names(*find_algorithm("PBKDF2-SHA256")), std::vector<std::string>{"iterations"});
  EXPECT_TRUE(find_algorithm("RSA-OAEP")->takes_label);
  for (const char* added : {"RSA-PKCS1V15-SHA512", "RSA-PSS-SHA512", "ECDH-P521"})
    EXPECT_NE(find_algorithm(added), nullptr) << added;
}

}  // namespace
}  // namespace ca
