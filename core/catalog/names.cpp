// The catalog's alias and group tables (docs/CATALOG.md), which `resolve` reads and `cryptauditor list
// --aliases` prints, and the catalog's curves (curves.hpp).
#include "catalog/curves.hpp"
#include "catalog/rows.hpp"

namespace ca::catalog_rows {

// One table of aliases. Canonical names and the plain spellings below resolve in any letter case.
const std::vector<Alias>& alias_rows() {
  static const std::vector<Alias> kAliases = {
      {"ECB", "AES-ECB", {}},
      {"CBC", "AES-CBC", {}},
      {"CFB", "AES-CFB", {}},
      {"OFB", "AES-OFB", {}},
      {"CTR", "AES-CTR", {}},
      {"CCM", "AES-CCM", {}},
      {"GCM", "AES-GCM", {}},
      {"EAX", "AES-EAX", {}},
      {"SIV", "AES-SIV", {}},
      {"OCB", "AES-OCB", {}},
      {"CHACHA", "CHACHA20", {}},
      {"CHACHA20POLY1305", "CHACHA20-POLY1305", {}},
      {"XCHACHA20POLY1305", "XCHACHA20-POLY1305", {}},
      {"RSA", "RSA-OAEP", Family::Cipher},
      {"RSA", "RSA-PSS", Family::Signature},
      {"RSA-OAEP-SHA1", "RSA-OAEP", {}},
      {"SHA-1", "SHA1", {}},
      {"SHA-160", "SHA1", {}},
      {"SHA-224", "SHA2-224", {}},
      {"SHA224", "SHA2-224", {}},
      {"SHA-256", "SHA2-256", {}},
      {"SHA256", "SHA2-256", {}},
      {"SHA-384", "SHA2-384", {}},
      {"SHA384", "SHA2-384", {}},
      {"SHA-512", "SHA2-512", {}},
      {"SHA512", "SHA2-512", {}},
      {"SHA3_224", "SHA3-224", {}},
      {"SHA-3-224", "SHA3-224", {}},
      {"SHA3_256", "SHA3-256", {}},
      {"SHA-3-256", "SHA3-256", {}},
      {"SHA3_384", "SHA3-384", {}},
      {"SHA-3-384", "SHA3-384", {}},
      {"SHA3_512", "SHA3-512", {}},
      {"SHA-3-512", "SHA3-512", {}},
      {"RSA-PKCS1-SHA1", "RSA-PKCS1V15-SHA1", {}},
      {"RSA-PKCS1-SHA256", "RSA-PKCS1V15-SHA256", {}},
      {"PKCS1V15", "RSA-PKCS1V15-SHA256", Family::Signature},
      {"PSS", "RSA-PSS", {}},
      {"ECDSA-P256", "ECDSA", {}},
      {"P-256", "ECDSA", {}},
      {"ED25519", "EDDSA", {}},
      {"TDES", "3DES", {}},
      {"DES-EDE3", "3DES", {}},
      {"TRIPLEDES", "3DES", {}},
      {"DES-EDE", "2DES", {}},
      {"ARC4", "RC4", {}},
      {"BF", "BLOWFISH", {}},
      {"CAST-128", "CAST5", {}},
      {"XTS", "AES-XTS", {}},
      {"GCM-SIV", "AES-GCM-SIV", {}},
      {"SHA-512/256", "SHA2-512/256", {}},
      {"SHA512-256", "SHA2-512/256", {}},
      {"SHAKE-128", "SHAKE128", {}},
      {"SHAKE-256", "SHAKE256", {}},
      {"BLAKE2B-512", "BLAKE2B", {}},
      {"BLAKE2S-256", "BLAKE2S", {}},
      {"RIPEMD160", "RIPEMD-160", {}},
      {"RIPEMD", "RIPEMD-160", {}},
      {"HMAC-SHA256", "HMAC-SHA2-256", {}},
      {"HMAC-SHA-256", "HMAC-SHA2-256", {}},
      {"HMAC-SHA384", "HMAC-SHA2-384", {}},
      {"HMAC-SHA512", "HMAC-SHA2-512", {}},
      {"HMAC-SHA224", "HMAC-SHA2-224", {}},
      {"HMAC-SHA-1", "HMAC-SHA1", {}},
      {"HMAC", "HMAC-SHA2-256", {}},
      {"CMAC", "CMAC-AES", {}},
      {"GMAC", "GMAC-AES", {}},
      {"SIPHASH-2-4", "SIPHASH", {}},
      {"EDDSA-ED25519", "EDDSA", {}},
      {"RSA-PKCS1V15", "RSA-PKCS1V15-ENC", Family::Cipher},
      {"RSA-PKCS1", "RSA-PKCS1V15-ENC", Family::Cipher},
      {"PKCS1V15", "RSA-PKCS1V15-ENC", Family::Cipher},
      {"P-384", "ECDSA-P384", Family::Signature},
      {"P-521", "ECDSA-P521", Family::Signature},
      {"SECP256K1", "ECDSA-SECP256K1", Family::Signature},
      {"EDDSA-ED448", "ED448", {}},
      {"PBKDF2", "PBKDF2-SHA256", {}},
      {"PBKDF2-HMAC-SHA256", "PBKDF2-SHA256", {}},
      {"PBKDF2-SHA-256", "PBKDF2-SHA256", {}},
      {"PBKDF2-HMAC-SHA1", "PBKDF2-SHA1", {}},
      {"PBKDF2-SHA-1", "PBKDF2-SHA1", {}},
      {"HKDF", "HKDF-SHA256", {}},
      {"HKDF-SHA-256", "HKDF-SHA256", {}},
      {"HKDF-SHA-512", "HKDF-SHA512", {}},
      {"ARGON2", "ARGON2ID", {}},
      {"CURVE25519", "X25519", {}},
      {"ECDH", "ECDH-P256", {}},
      {"P-256", "ECDH-P256", Family::KeyAgreement},
      {"P-384", "ECDH-P384", Family::KeyAgreement},
      {"ECDH-SECP256R1", "ECDH-P256", {}},
      {"ECDH-SECP384R1", "ECDH-P384", {}},
      {"P-521", "ECDH-P521", Family::KeyAgreement},
      {"ECDH-SECP521R1", "ECDH-P521", {}},
      {"RSA-PKCS1-SHA512", "RSA-PKCS1V15-SHA512", {}},
      {"PSS-SHA512", "RSA-PSS-SHA512", {}},
      {"DH", "FFDHE2048", {}},
      {"FFDHE-2048", "FFDHE2048", {}},
  };
  return kAliases;
}

// The first four are the original cryptauditor's groups, member for member (its README: "AES-ALL",
// "SYMMETRIC-ALL" of 12 ciphers, "HASH-ALL", "SIGN-ALL" = RSA-PSS, ECDSA and EdDSA); larger sets have names
// of their own, so a seed command still times what it timed (docs/COMPAT.md).
const std::vector<Group>& group_rows() {
  static const std::vector<Group> kGroups = {
      {"AES-ALL",
       Family::Cipher,
       {"AES-ECB", "AES-CBC", "AES-CFB", "AES-OFB", "AES-CTR", "AES-CCM", "AES-GCM", "AES-EAX", "AES-SIV",
        "AES-OCB"}},
      {"SYMMETRIC-ALL",
       Family::Cipher,
       {"AES-ECB", "AES-CBC", "AES-CFB", "AES-OFB", "AES-CTR", "AES-CCM", "AES-GCM", "AES-EAX", "AES-SIV",
        "AES-OCB", "CHACHA20", "SALSA20"}},
      {"HASH-ALL",
       Family::Hash,
       {"SHA2-224", "SHA2-256", "SHA2-384", "SHA2-512", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512"}},
      {"SIGN-ALL", Family::Signature, {"RSA-PSS", "ECDSA", "EDDSA"}},
      {"SYMMETRIC-EXTENDED",
       Family::Cipher,
       {"AES-ECB", "AES-CBC", "AES-CFB", "AES-OFB", "AES-CTR", "AES-CCM", "AES-GCM", "AES-EAX", "AES-SIV",
        "AES-OCB", "CHACHA20", "SALSA20", "CHACHA20-POLY1305", "XCHACHA20-POLY1305"}},
      {"AEAD-ALL",
       Family::Cipher,
       {"AES-CCM", "AES-GCM", "AES-EAX", "AES-SIV", "AES-OCB", "AES-GCM-SIV", "CHACHA20-POLY1305",
        "XCHACHA20-POLY1305"}},
      {"SIGN-EXTENDED",
       Family::Signature,
       {"RSA-PSS", "RSA-PSS-SHA512", "RSA-PKCS1V15-SHA1", "RSA-PKCS1V15-SHA256", "RSA-PKCS1V15-SHA512",
        "ECDSA", "ECDSA-P384", "ECDSA-P521", "ECDSA-SECP256K1", "EDDSA", "ED448"}},
      {"KDF-ALL", Family::Kdf, {"PBKDF2-SHA256", "HKDF-SHA256", "SCRYPT", "ARGON2ID"}},
      {"KEX-ALL",
       Family::KeyAgreement,
       {"X25519", "X448", "ECDH-P256", "ECDH-P384", "ECDH-P521", "FFDHE2048"}},
      {"LEGACY-ALL",
       Family::Cipher,
       {"DES", "2DES", "3DES", "DESX", "RC2", "RC4", "RC5", "BLOWFISH", "IDEA", "CAST5"}},
      {"BLOCK-ALL",
       Family::Cipher,
       {"AES-CBC", "DES", "2DES", "3DES", "DESX", "RC2", "RC5", "RC6", "TWOFISH", "BLOWFISH", "IDEA",
        "CAMELLIA", "ARIA", "SM4", "SERPENT", "CAST5"}},
      {"LEGACY-ALL", Family::Hash, {"MD5", "SHA1", "RIPEMD-160"}},
      {"MAC-ALL",
       Family::Mac,
       {"HMAC-SHA1", "HMAC-SHA2-224", "HMAC-SHA2-256", "HMAC-SHA2-384", "HMAC-SHA2-512", "HMAC-SHA3-256",
        "HMAC-SHA3-512", "HMAC-MD5", "HMAC-RIPEMD-160", "CMAC-AES", "GMAC-AES", "POLY1305", "SIPHASH",
        "KMAC128", "KMAC256"}},
  };
  return kGroups;
}

}  // namespace ca::catalog_rows

namespace ca {
namespace {

// Every `curve` of a catalog row (catalog_test checks that each has its entry here).
const std::vector<CurveInfo> kCurves = {
    {"P-256", "secp256r1", "EC P-256"}, {"P-384", "secp384r1", "EC P-384"},
    {"P-521", "secp521r1", "EC P-521"}, {"secp256k1", "secp256k1", "EC secp256k1"},
    {"Ed25519", "", "Ed25519"},         {"Ed448", "", "Ed448"},
    {"Curve25519", "", "X25519"},       {"Curve448", "", "X448"},
};

}  // namespace

std::span<const CurveInfo> curves() { return kCurves; }

const CurveInfo* curve_of(const AlgorithmInfo& a) {
  if (a.curve.empty()) return nullptr;
  for (const CurveInfo& c : kCurves)
    if (c.name == a.curve) return &c;
  return nullptr;
}

}  // namespace ca
