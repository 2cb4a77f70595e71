#include "catalog/catalog.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <stdexcept>

#include "util/suggest.hpp"

namespace ca {
namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

const std::vector<uint32_t> kAesKeys{128, 192, 256};

AlgorithmInfo base(std::string_view name, Family family, CipherShape shape, std::string_view primitive,
                   std::string_view mode, std::vector<uint32_t> keys) {
  AlgorithmInfo a;
  a.name = name;
  a.family = family;
  a.shape = shape;
  a.primitive = primitive;
  a.mode = mode;
  a.key_bits = std::move(keys);
  return a;
}

AlgorithmInfo aes(std::string_view name, CipherShape shape, std::string_view mode, size_t nonce, size_t tag,
                  std::string_view summary, size_t max_message = 0) {
  AlgorithmInfo a = base(name, Family::Cipher, shape, "AES", mode, kAesKeys);
  a.default_key_bits = 256;
  a.nonce_bytes = nonce;
  a.tag_bytes = tag;
  a.max_message = max_message;
  a.summary = summary;
  return a;
}

AlgorithmInfo fixed(std::string_view name, Family family, CipherShape shape, std::string_view primitive,
                    uint32_t bits, size_t nonce, size_t tag, std::string_view summary) {
  AlgorithmInfo a = base(name, family, shape, primitive, "", {bits});
  a.default_key_bits = bits;
  a.nonce_bytes = nonce;
  a.tag_bytes = tag;
  a.summary = summary;
  return a;
}

AlgorithmInfo rsa(std::string_view name, Family family, CipherShape shape, size_t overhead,
                  std::string_view summary) {
  AlgorithmInfo a = base(name, family, shape, "RSA", "", {});
  a.key_min = 1024;
  a.key_max = 16384;
  a.key_step = 8;
  a.default_key_bits = 2048;
  a.rsa_overhead = overhead;
  a.summary = summary;
  a.randomized = shape == CipherShape::RsaEncryption;  // OAEP and PKCS#1 v1.5 encryption padding
  return a;
}

AlgorithmInfo randomized(AlgorithmInfo a) {
  a.randomized = true;
  return a;
}

// The name cryptauditor's "Performing" line gives the algorithm (AlgorithmInfo::subject): "SHA-256" for
// SHA2-256, "CHACHA20", "RSA-OAEP" (README of the original cryptauditor, docs/COMPAT.md).
AlgorithmInfo said_as(std::string_view subject, AlgorithmInfo a) {
  a.subject = subject;
  return a;
}

// A signature's words in the "Performing" line: its curve (empty: an RSA key) and the hash of the message,
// as "ECDSA signature and verification with a 256-bit (P-256) elliptic curve on 1KB of random data hashed
// with SHA-256".
AlgorithmInfo signs(std::string_view curve, std::string_view message_hash, AlgorithmInfo a) {
  a.curve = curve;
  a.message_hash = message_hash;
  return a;
}

// The name rankings give the algorithm (AlgorithmInfo::ranking_name), as the original cryptauditor's "EdDSA".
AlgorithmInfo ranked_as(std::string_view ranking_name, AlgorithmInfo a) {
  a.ranking_name = ranking_name;
  return a;
}

// Key agreement over an elliptic curve: "X25519 key agreement with a 256-bit (Curve25519) elliptic curve".
AlgorithmInfo on_curve(std::string_view curve, AlgorithmInfo a) {
  a.curve = curve;
  return a;
}

// A block cipher other than AES, in CBC mode with PKCS#7 padding (the 2004 timing test's mode).
AlgorithmInfo cbc(std::string_view name, std::string_view primitive, std::vector<uint32_t> keys, uint32_t def,
                  size_t block, std::string_view summary) {
  AlgorithmInfo a = base(name, Family::Cipher, CipherShape::BlockPadded, primitive, "CBC", std::move(keys));
  a.default_key_bits = def;
  a.nonce_bytes = block;
  a.summary = summary;
  return a;
}

AlgorithmInfo mac(std::string_view name, std::string_view primitive, std::vector<uint32_t> keys, uint32_t def,
                  size_t nonce, size_t tag, std::string_view summary) {
  AlgorithmInfo a = base(name, Family::Mac, CipherShape::None, primitive, "", std::move(keys));
  a.default_key_bits = def;
  a.nonce_bytes = nonce;
  a.digest_bytes = tag;
  a.summary = summary;
  return a;
}

AlgorithmInfo hash(std::string_view name, std::string_view primitive, size_t digest,
                   std::string_view summary) {
  AlgorithmInfo a = base(name, Family::Hash, CipherShape::None, primitive, "", {0});
  a.digest_bytes = digest;
  a.summary = summary;
  return a;
}

// RFC 8452: AES-128 and AES-256 only; a message of at most 2^36 bytes.
AlgorithmInfo gcm_siv() {
  AlgorithmInfo a = base("AES-GCM-SIV", Family::Cipher, CipherShape::Aead, "AES", "GCM-SIV", {128, 256});
  a.default_key_bits = 256;
  a.nonce_bytes = 12;
  a.tag_bytes = 16;
  a.summary = "AES-GCM-SIV (RFC 8452), nonce-misuse resistant, 12-byte nonce, 16-byte tag";
  return a;
}

AlgorithmInfo xts() {
  // IEEE 1619 names AES-128 and AES-256; XTS over AES-192 is the same construction (NIST SP 800-38E allows
  // any AES key; Wycheproof has vectors for it), so 192 is in the range and libraries without it say so.
  AlgorithmInfo a = base("AES-XTS", Family::Cipher, CipherShape::Xts, "AES", "XTS", {128, 192, 256});
  a.default_key_bits = 256;
  a.nonce_bytes = 16;
  a.min_message = 16;
  a.max_message = size_t{1} << 24;  // IEEE 1619: a data unit holds at most 2^20 blocks
  a.summary =
      "AES-XTS (IEEE 1619): two AES keys, the nonce is the 16-byte tweak; messages of 16 bytes or more";
  return a;
}

// A KDF: no key (the password / input keying material is the message), a 16-byte salt in the nonce, a
// fixed derived length, and its cost parameters with their catalog defaults.
AlgorithmInfo kdf(std::string_view name, std::string_view primitive, std::vector<ParamRule> params,
                  std::string_view summary) {
  AlgorithmInfo a = base(name, Family::Kdf, CipherShape::None, primitive, "", {0});
  a.nonce_bytes = 16;
  a.digest_bytes = 32;
  a.params = std::move(params);
  a.summary = summary;
  return a;
}

// Key agreement over a fixed group: the key size is the group's, the output the shared secret.
AlgorithmInfo kex(std::string_view name, std::string_view primitive, uint32_t bits, size_t secret_bytes,
                  std::string_view summary) {
  AlgorithmInfo a = fixed(name, Family::KeyAgreement, CipherShape::None, primitive, bits, 0, 0, summary);
  a.digest_bytes = secret_bytes;
  return a;
}

// The declared ranges of an algorithm's length parameters (docs/CATALOG.md "Parameter ranges"): every other
// entry takes only its default nonce and tag (normalised() below).
AlgorithmInfo ranged(AlgorithmInfo a, LengthRange nonces, LengthRange tags) {
  a.nonce_range = nonces;
  a.tag_range = tags;
  return a;
}

// A MAC whose tag may be truncated to its leftmost bytes.
AlgorithmInfo truncatable(AlgorithmInfo a, size_t min_tag) {
  a.tag_range = {min_tag, a.digest_bytes, 1};
  a.tag_truncates = true;
  return a;
}

// HMAC and KMAC take a key of any length (RFC 2104 section 2, SP 800-185 section 4.3); the catalog's range
// is whole bytes from 1 to 1024, the 256-bit default is what benchmarks use.
AlgorithmInfo any_key(AlgorithmInfo a) {
  a.key_bits.clear();
  a.key_min = 8;
  a.key_max = 8192;
  a.key_step = 8;
  return a;
}

// HMAC: a truncated tag keeps at least half of the digest and at least 80 bits (RFC 2104 section 5).
AlgorithmInfo hmac(std::string_view name, std::string_view primitive, size_t digest,
                   std::string_view summary) {
  return truncatable(any_key(mac(name, primitive, {256}, 256, 0, digest, summary)),
                     std::max<size_t>(10, digest / 2));
}

// KMAC: the output length L is an input of the function (SP 800-185 4.3), so a shorter tag is a different
// tag, computed by the library: 4 to 128 bytes here.
AlgorithmInfo kmac(std::string_view name, size_t output, std::string_view summary) {
  AlgorithmInfo a = any_key(mac(name, name, {256}, 256, 0, output, summary));
  a.tag_range = {4, 128, 1};
  return a;
}

AlgorithmInfo labelled(AlgorithmInfo a) {
  a.takes_label = true;
  return a;
}

// Fills the ranges an entry does not declare with its default lengths.
std::vector<AlgorithmInfo> normalised(std::vector<AlgorithmInfo> entries) {
  for (AlgorithmInfo& a : entries) {
    if (a.nonce_range.max == 0) a.nonce_range = {a.nonce_bytes, a.nonce_bytes, 1};
    if (a.tag_range.max == 0 && (a.family == Family::Mac || a.tag_bytes != 0))
      a.tag_range = {a.default_tag(), a.default_tag(), 1};
  }
  return entries;
}

const ParamRule kPbkdf2Iterations{"iterations", 10000, 1, 100000000, false, "PBKDF2 iteration count"};

const std::vector<AlgorithmInfo>& table() {
  // CCM with a 12-byte nonce has a 3-byte length field: messages below 2^24 bytes.
  static const std::vector<AlgorithmInfo> kTable = normalised({
      aes("AES-ECB", CipherShape::BlockPadded, "ECB", 0, 0, "AES in ECB mode, PKCS#7 padding"),
      aes("AES-CBC", CipherShape::BlockPadded, "CBC", 16, 0, "AES in CBC mode, PKCS#7 padding"),
      aes("AES-CFB", CipherShape::Stream, "CFB", 16, 0, "AES in CFB mode, 128-bit feedback"),
      aes("AES-OFB", CipherShape::Stream, "OFB", 16, 0, "AES in OFB mode"),
      aes("AES-CTR", CipherShape::Stream, "CTR", 16, 0, "AES in CTR mode, 128-bit big-endian counter"),
      // SP 800-38C: nonces of 7 to 13 bytes, tags of 4 to 16 bytes in steps of 2.
      ranged(aes("AES-CCM", CipherShape::Aead, "CCM", 12, 16, "AES-CCM, 12-byte nonce, 16-byte tag",
                 (size_t{1} << 24) - 1),
             {7, 13, 1}, {4, 16, 2}),
      // SP 800-38D: any IV of at least one byte (1 KiB here), tags of 4 to 16 bytes.
      ranged(aes("AES-GCM", CipherShape::Aead, "GCM", 12, 16, "AES-GCM, 12-byte nonce, 16-byte tag"),
             {1, 1024, 1}, {4, 16, 1}),
      // EAX (Bellare-Rogaway-Wagner): a nonce of any length, the empty one included; tags of 1 to 16 bytes.
      ranged(aes("AES-EAX", CipherShape::Aead, "EAX", 16, 16, "AES-EAX, 16-byte nonce, 16-byte tag"),
             {0, 1024, 1}, {1, 16, 1}),
      // RFC 5297 section 3: nonce-based AEAD use passes a nonce as the last AD component; none by default.
      ranged(aes("AES-SIV", CipherShape::Siv, "SIV", 0, 16, "AES-SIV-CMAC (RFC 5297), deterministic, 2x key"),
             {0, 1024, 1}, {16, 16, 1}),
      aes("AES-OCB", CipherShape::Aead, "OCB", 12, 16, "AES-OCB3 (RFC 7253), 12-byte nonce, 16-byte tag"),
      gcm_siv(),
      said_as("CHACHA20", fixed("CHACHA20", Family::Cipher, CipherShape::Stream, "ChaCha20", 256, 12, 0,
                                "ChaCha20 (RFC 8439 IETF variant), 12-byte nonce")),
      said_as("SALSA20", fixed("SALSA20", Family::Cipher, CipherShape::Stream, "Salsa20", 256, 8, 0,
                               "Salsa20/20, 8-byte nonce")),
      said_as("XCHACHA20", fixed("XCHACHA20", Family::Cipher, CipherShape::Stream, "XChaCha20", 256, 24, 0,
                                 "XChaCha20 (draft-irtf-cfrg-xchacha), 24-byte nonce, counter from 0")),
      said_as("XSALSA20", fixed("XSALSA20", Family::Cipher, CipherShape::Stream, "XSalsa20", 256, 24, 0,
                                "XSalsa20 (Bernstein), 24-byte nonce")),
      xts(),
      said_as("CHACHA20-POLY1305",
              fixed("CHACHA20-POLY1305", Family::Cipher, CipherShape::Aead, "ChaCha20-Poly1305", 256, 12, 16,
                    "ChaCha20-Poly1305 AEAD (RFC 8439)")),
      said_as("XCHACHA20-POLY1305",
              fixed("XCHACHA20-POLY1305", Family::Cipher, CipherShape::Aead, "XChaCha20-Poly1305", 256, 24,
                    16, "XChaCha20-Poly1305 AEAD, 24-byte nonce")),
      cbc("DES", "DES", {64}, 64, 8, "DES (FIPS 46-3) in CBC mode; 64-bit key incl. parity; legacy"),
      cbc("2DES", "2DES", {128}, 128, 8, "two-key triple DES (EDE, K3 = K1) in CBC mode; legacy"),
      cbc("3DES", "3DES", {192}, 192, 8, "three-key triple DES (EDE) in CBC mode; legacy"),
      cbc("DESX", "DESX", {192}, 192, 8,
          "DESX (Rivest): key = K || K1 (pre-whitening) || K2 (post), CBC; legacy"),
      cbc("RC2", "RC2", {128}, 128, 8, "RC2 (RFC 2268), effective key bits 128, CBC; legacy"),
      fixed("RC4", Family::Cipher, CipherShape::Stream, "RC4", 128, 0, 0,
            "RC4 stream cipher; broken, legacy"),
      cbc("RC5", "RC5", {128}, 128, 8, "RC5-32/12/16 (RFC 2040: 32-bit words, 12 rounds, 16-byte key), CBC"),
      cbc("RC6", "RC6", {128, 192, 256}, 128, 16, "RC6 (20 rounds), CBC"),
      cbc("TWOFISH", "Twofish", {128, 192, 256}, 256, 16, "Twofish, CBC"),
      cbc("BLOWFISH", "Blowfish", {128}, 128, 8, "Blowfish with a 128-bit key, CBC; legacy"),
      cbc("IDEA", "IDEA", {128}, 128, 8, "IDEA, CBC; legacy"),
      cbc("CAMELLIA", "Camellia", {128, 192, 256}, 256, 16, "Camellia (RFC 3713), CBC"),
      cbc("ARIA", "ARIA", {128, 192, 256}, 256, 16, "ARIA (RFC 5794), CBC"),
      cbc("SM4", "SM4", {128}, 128, 16, "SM4 (GB/T 32907-2016), CBC"),
      cbc("SERPENT", "Serpent", {128, 192, 256}, 256, 16, "Serpent (AES finalist), CBC"),
      cbc("CAST5", "CAST5", {128}, 128, 8, "CAST-128 (RFC 2144) with a 128-bit key, CBC; legacy"),
      said_as("RSA-OAEP", labelled(rsa("RSA-OAEP", Family::Cipher, CipherShape::RsaEncryption, 42,
                                       "RSAES-OAEP, SHA-1 and MGF1-SHA-1"))),
      said_as("RSA-OAEP-SHA256", labelled(rsa("RSA-OAEP-SHA256", Family::Cipher, CipherShape::RsaEncryption,
                                              66, "RSAES-OAEP, SHA-256 and MGF1-SHA-256"))),
      said_as("RSA-PKCS1V15", rsa("RSA-PKCS1V15-ENC", Family::Cipher, CipherShape::RsaEncryption, 11,
                                  "RSAES-PKCS1-v1_5 encryption (RFC 8017 7.2); legacy")),
      hash("SHA1", "SHA-1", 20, "SHA-1 (FIPS 180-4); legacy"),
      said_as("SHA-224", hash("SHA2-224", "SHA2-224", 28, "SHA-224 (FIPS 180-4)")),
      said_as("SHA-256", hash("SHA2-256", "SHA2-256", 32, "SHA-256 (FIPS 180-4)")),
      said_as("SHA-384", hash("SHA2-384", "SHA2-384", 48, "SHA-384 (FIPS 180-4)")),
      said_as("SHA-512", hash("SHA2-512", "SHA2-512", 64, "SHA-512 (FIPS 180-4)")),
      hash("SHA3-224", "SHA3-224", 28, "SHA3-224 (FIPS 202)"),
      hash("SHA3-256", "SHA3-256", 32, "SHA3-256 (FIPS 202)"),
      hash("SHA3-384", "SHA3-384", 48, "SHA3-384 (FIPS 202)"),
      hash("SHA3-512", "SHA3-512", 64, "SHA3-512 (FIPS 202)"),
      said_as("SHA-512/256", hash("SHA2-512/256", "SHA2-512/256", 32, "SHA-512/256 (FIPS 180-4)")),
      hash("SHAKE128", "SHAKE128", 32, "SHAKE128 (FIPS 202) with 256 bits of output"),
      hash("SHAKE256", "SHAKE256", 64, "SHAKE256 (FIPS 202) with 512 bits of output"),
      hash("BLAKE2B", "BLAKE2b", 64, "BLAKE2b-512 (RFC 7693), unkeyed"),
      hash("BLAKE2S", "BLAKE2s", 32, "BLAKE2s-256 (RFC 7693), unkeyed"),
      hash("MD5", "MD5", 16, "MD5 (RFC 1321); broken, legacy"),
      hash("RIPEMD-160", "RIPEMD-160", 20, "RIPEMD-160 (ISO/IEC 10118-3)"),
      hash("SM3", "SM3", 32, "SM3 (GB/T 32905-2016)"),
      hash("WHIRLPOOL", "Whirlpool", 64, "Whirlpool (ISO/IEC 10118-3:2004)"),
      said_as("RSA-PSS", signs("", "SHA-256",
                               randomized(rsa("RSA-PSS", Family::Signature, CipherShape::None, 0,
                                              "RSASSA-PSS, SHA-256, MGF1-SHA-256, 32-byte salt")))),
      said_as("RSA-PKCS1V15", signs("", "SHA-1",
                                    rsa("RSA-PKCS1V15-SHA1", Family::Signature, CipherShape::None, 0,
                                        "RSASSA-PKCS1-v1_5 with SHA-1"))),
      said_as("RSA-PKCS1V15", signs("", "SHA-256",
                                    rsa("RSA-PKCS1V15-SHA256", Family::Signature, CipherShape::None, 0,
                                        "RSASSA-PKCS1-v1_5 with SHA-256"))),
      said_as("RSA-PKCS1V15", signs("", "SHA-512",
                                    rsa("RSA-PKCS1V15-SHA512", Family::Signature, CipherShape::None, 0,
                                        "RSASSA-PKCS1-v1_5 with SHA-512"))),
      said_as("RSA-PSS", signs("", "SHA-512",
                               randomized(rsa("RSA-PSS-SHA512", Family::Signature, CipherShape::None, 0,
                                              "RSASSA-PSS, SHA-512, MGF1-SHA-512, 64-byte salt")))),
      signs("P-256", "SHA-256",
            randomized(fixed("ECDSA", Family::Signature, CipherShape::None, "ECDSA", 256, 0, 0,
                             "ECDSA over P-256 with SHA-256, DER signature"))),
      ranked_as("EdDSA", signs("Ed25519", "SHA-512",
                               fixed("EDDSA", Family::Signature, CipherShape::None, "EdDSA", 256, 0, 0,
                                     "Ed25519 (RFC 8032), pure"))),
      signs("P-384", "SHA-384",
            randomized(fixed("ECDSA-P384", Family::Signature, CipherShape::None, "ECDSA", 384, 0, 0,
                             "ECDSA over P-384 with SHA-384, DER signature"))),
      signs("P-521", "SHA-512",
            randomized(fixed("ECDSA-P521", Family::Signature, CipherShape::None, "ECDSA", 521, 0, 0,
                             "ECDSA over P-521 with SHA-512, DER signature"))),
      signs("secp256k1", "SHA-256",
            randomized(fixed("ECDSA-SECP256K1", Family::Signature, CipherShape::None, "ECDSA", 256, 0, 0,
                             "ECDSA over secp256k1 with SHA-256, DER signature"))),
      // Ed448 hashes with SHAKE256 (RFC 8032 5.2).
      signs("Ed448", "SHAKE256",
            fixed("ED448", Family::Signature, CipherShape::None, "EdDSA", 448, 0, 0,
                  "Ed448 (RFC 8032), pure, empty context")),
      hmac("HMAC-SHA1", "HMAC-SHA-1", 20, "HMAC (RFC 2104) with SHA-1, any key length (default 256 bits)"),
      hmac("HMAC-SHA2-224", "HMAC-SHA2-224", 28, "HMAC with SHA-224, any key length (default 256 bits)"),
      hmac("HMAC-SHA2-256", "HMAC-SHA2-256", 32, "HMAC with SHA-256, any key length (default 256 bits)"),
      hmac("HMAC-SHA2-384", "HMAC-SHA2-384", 48, "HMAC with SHA-384, any key length (default 256 bits)"),
      hmac("HMAC-SHA2-512", "HMAC-SHA2-512", 64, "HMAC with SHA-512, any key length (default 256 bits)"),
      hmac("HMAC-SHA3-256", "HMAC-SHA3-256", 32, "HMAC with SHA3-256, any key length (default 256 bits)"),
      hmac("HMAC-SHA3-512", "HMAC-SHA3-512", 64, "HMAC with SHA3-512, any key length (default 256 bits)"),
      hmac("HMAC-MD5", "HMAC-MD5", 16, "HMAC with MD5, any key length (default 256 bits); legacy"),
      hmac("HMAC-RIPEMD-160", "HMAC-RIPEMD-160", 20,
           "HMAC with RIPEMD-160, any key length (default 256 bits)"),
      truncatable(mac("CMAC-AES", "CMAC-AES", {128, 192, 256}, 256, 0, 16,
                      "CMAC (SP 800-38B) with AES, full 16-byte tag"),
                  4),
      ranged(
          truncatable(mac("GMAC-AES", "GMAC-AES", {128, 192, 256}, 256, 12, 16,
                          "GMAC (SP 800-38D): AES-GCM over the message as AAD, 12-byte nonce, 16-byte tag"),
                      4),
          {1, 1024, 1}, {4, 16, 1}),
      mac("POLY1305", "Poly1305", {256}, 256, 0, 16, "Poly1305 (RFC 8439 2.5) with a 256-bit one-time key"),
      mac("SIPHASH", "SipHash-2-4", {128}, 128, 0, 8, "SipHash-2-4, 128-bit key, 64-bit output"),
      kmac("KMAC128", 32,
           "KMAC128 (SP 800-185), any key length (default 256 bits), 256-bit output, no customization"),
      kmac("KMAC256", 64,
           "KMAC256 (SP 800-185), any key length (default 256 bits), 512-bit output, no customization"),
      kdf("PBKDF2-SHA256", "PBKDF2-HMAC-SHA256", {kPbkdf2Iterations},
          "PBKDF2 (RFC 8018) with HMAC-SHA-256, 16-byte salt, 32-byte output"),
      kdf("PBKDF2-SHA1", "PBKDF2-HMAC-SHA1", {kPbkdf2Iterations},
          "PBKDF2 (RFC 8018) with HMAC-SHA-1, 16-byte salt, 32-byte output; legacy"),
      kdf("HKDF-SHA256", "HKDF-SHA256", {},
          "HKDF (RFC 5869) extract and expand with SHA-256, 32-byte output"),
      kdf("HKDF-SHA512", "HKDF-SHA512", {},
          "HKDF (RFC 5869) extract and expand with SHA-512, 32-byte output"),
      kdf("SCRYPT", "scrypt",
          {{"n", 16384, 2, 1u << 24, true, "CPU/memory cost N"},
           {"r", 8, 1, 1024, false, "block size r"},
           {"p", 1, 1, 64, false, "parallelism p"}},
          "scrypt (RFC 7914), 16-byte salt, 32-byte output"),
      kdf("ARGON2ID", "Argon2id",
          {{"t", 2, 1, 1u << 20, false, "passes (time cost)"},
           {"m", 19456, 8, 4u << 20, false, "memory in KiB"},
           {"p", 1, 1, 64, false, "lanes (parallelism)"}},
          "Argon2id version 0x13 (RFC 9106), no secret or associated data, 16-byte salt, 32-byte output"),
      on_curve("Curve25519", kex("X25519", "X25519", 256, 32, "X25519 (RFC 7748), raw 32-byte keys")),
      on_curve("Curve448", kex("X448", "X448", 448, 56, "X448 (RFC 7748), raw 56-byte keys")),
      on_curve("P-256",
               kex("ECDH-P256", "ECDH", 256, 32, "ECDH over P-256, shared secret = x coordinate (32 bytes)")),
      on_curve("P-384",
               kex("ECDH-P384", "ECDH", 384, 48, "ECDH over P-384, shared secret = x coordinate (48 bytes)")),
      on_curve("P-521",
               kex("ECDH-P521", "ECDH", 521, 66, "ECDH over P-521, shared secret = x coordinate (66 bytes)")),
      kex("FFDHE2048", "DH", 2048, 256,
          "finite-field DH over the RFC 7919 ffdhe2048 group, raw 256-byte public values and secret"),
  });
  return kTable;
}

// One table of aliases. Canonical names and the plain spellings below resolve in any letter case.
const std::vector<Alias> kAliases = {
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

// The first four are the original cryptauditor's groups, member for member (its README: "AES-ALL",
// "SYMMETRIC-ALL" of 12 ciphers, "HASH-ALL", "SIGN-ALL" = RSA-PSS, ECDSA and EdDSA); larger sets have names
// of their own, so a seed command still times what it timed (docs/COMPAT.md).
const std::vector<Group> kGroups = {
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
     {"RSA-PSS", "RSA-PSS-SHA512", "RSA-PKCS1V15-SHA1", "RSA-PKCS1V15-SHA256", "RSA-PKCS1V15-SHA512", "ECDSA",
      "ECDSA-P384", "ECDSA-P521", "ECDSA-SECP256K1", "EDDSA", "ED448"}},
    {"KDF-ALL", Family::Kdf, {"PBKDF2-SHA256", "HKDF-SHA256", "SCRYPT", "ARGON2ID"}},
    {"KEX-ALL", Family::KeyAgreement, {"X25519", "X448", "ECDH-P256", "ECDH-P384", "ECDH-P521", "FFDHE2048"}},
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

}  // namespace

bool AlgorithmInfo::allows_key(uint32_t bits) const {
  if (!key_bits.empty()) return std::find(key_bits.begin(), key_bits.end(), bits) != key_bits.end();
  return bits >= key_min && bits <= key_max && (bits - key_min) % key_step == 0;
}

std::string AlgorithmInfo::describe_keys() const {
  if (key_bits.empty())
    return std::to_string(key_min) + ".." + std::to_string(key_max) + " in steps of " +
           std::to_string(key_step);
  std::string out;
  for (auto b : key_bits) out += (out.empty() ? "" : ", ") + std::to_string(b);
  return out;
}

size_t AlgorithmInfo::key_bytes(uint32_t bits) const {
  return (shape == CipherShape::Siv || shape == CipherShape::Xts ? 2 : 1) * bits / 8;
}

size_t AlgorithmInfo::message_limit(uint32_t bits) const {
  if (shape == CipherShape::RsaEncryption) return bits / 8 - rsa_overhead;
  return max_message == 0 ? SIZE_MAX : max_message;
}

size_t AlgorithmInfo::output_capacity(uint32_t bits, size_t n) const {
  // Room for padding, a tag, an RSA block or a DER signature; generous on purpose, checked by backends.
  // A KDF derives exactly output_cap bytes (plugin_abi.h): the catalog's derived length.
  if (family == Family::Kdf) return digest_bytes;
  // Public keys (keygen) in SubjectPublicKeyInfo DER need the key's size plus the encoding.
  if (family == Family::Signature || family == Family::KeyAgreement || shape == CipherShape::RsaEncryption)
    return std::max<size_t>(n + 128, 2 * bits / 8 + 256);
  return std::max<size_t>(n + 64, bits / 8 + 64) + 64;
}

std::span<const AlgorithmInfo> catalog() { return table(); }

const AlgorithmInfo* find_algorithm(std::string_view canonical) {
  for (const auto& a : table())
    if (a.name == canonical) return &a;
  return nullptr;
}

std::span<const Alias> aliases() { return kAliases; }
std::span<const Group> groups() { return kGroups; }

std::string_view family_flag(Family f) {
  switch (f) {
    case Family::Cipher:
      return "--cipher";
    case Family::Hash:
      return "--hash";
    case Family::Signature:
      return "--signature";
    case Family::Mac:
      return "--mac";
    case Family::Kdf:
      return "--kdf";
    case Family::KeyAgreement:
      return "--kex";
  }
  return "";
}

std::string LengthRange::describe() const {
  if (fixed()) return std::to_string(min);
  return std::to_string(min) + ".." + std::to_string(max) +
         (step == 1 ? "" : " in steps of " + std::to_string(step));
}

std::string default_params(const AlgorithmInfo& a) {
  std::string out;
  for (const ParamRule& p : a.params)
    out += (out.empty() ? "" : ",") + std::string(p.name) + "=" + std::to_string(p.default_value);
  return out;
}

namespace {

// The length parameters an algorithm takes beyond its default: "tag" and "nonce" where its declared range
// holds more than one length.
struct LengthParam {
  std::string_view name;
  const LengthRange* range;
  size_t default_value;
  std::string_view meaning;
};

std::vector<LengthParam> length_params(const AlgorithmInfo& a) {
  std::vector<LengthParam> out;
  // A truncatable MAC's shorter tag costs what the full one costs (the core truncates): no parameter.
  if (!a.tag_range.fixed() && !a.tag_truncates)
    out.push_back({"tag", &a.tag_range, a.default_tag(), "tag length in bytes"});
  if (!a.nonce_range.fixed())
    out.push_back({"nonce", &a.nonce_range, a.nonce_bytes, "nonce length in bytes"});
  return out;
}

std::optional<uint64_t> whole_number(const std::string& value) {
  if (value.empty() || value.size() > 19 || value.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoull(value);
}

}  // namespace

Result<std::string> resolve_params(const AlgorithmInfo& a, std::string_view typed) {
  std::vector<uint64_t> values;
  for (const ParamRule& p : a.params) values.push_back(p.default_value);
  const std::vector<LengthParam> lengths = length_params(a);
  std::vector<size_t> chosen;
  for (const LengthParam& l : lengths) chosen.push_back(l.default_value);
  auto allowed_names = [&] {
    std::string names;
    for (const ParamRule& p : a.params) names += (names.empty() ? "" : ", ") + std::string(p.name);
    for (const LengthParam& l : lengths) names += (names.empty() ? "" : ", ") + std::string(l.name);
    return names.empty() ? std::string("none: it has no parameters") : names;
  };
  std::string_view text = typed;
  while (!text.empty()) {
    const size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos)
      return Error{"'" + std::string(item) + "' is not name=value (" + std::string(a.name) + " takes " +
                   allowed_names() + ")"};
    const std::string name = upper(item.substr(0, eq)), value(item.substr(eq + 1));
    auto length = std::find_if(lengths.begin(), lengths.end(),
                               [&](const LengthParam& l) { return upper(l.name) == name; });
    if (length != lengths.end()) {
      const auto v = whole_number(value);
      if (!v || !length->range->allows(*v))
        return Error{std::string(a.name) + " " + std::string(item) + " is not valid: " +
                     std::string(length->name) + " is the " + std::string(length->meaning) + ", " +
                     length->range->describe() + " (default " + std::to_string(length->default_value) + ")"};
      chosen[static_cast<size_t>(length - lengths.begin())] = *v;
      continue;
    }
    auto rule = std::find_if(a.params.begin(), a.params.end(),
                             [&](const ParamRule& p) { return upper(p.name) == name; });
    if (rule == a.params.end())
      return Error{"unknown parameter '" + std::string(item.substr(0, eq)) + "' for " + std::string(a.name) +
                   " (allowed: " + allowed_names() + ")"};
    const std::string range = std::string(rule->name) + " is the " + std::string(rule->meaning) +
                              ": a whole number from " + std::to_string(rule->min) + " to " +
                              std::to_string(rule->max) + (rule->power_of_two ? ", a power of two" : "");
    const auto v = whole_number(value);
    if (!v || *v < rule->min || *v > rule->max || (rule->power_of_two && (*v & (*v - 1)) != 0))
      return Error{std::string(a.name) + " " + std::string(item) + " is not valid: " + range};
    values[static_cast<size_t>(rule - a.params.begin())] = *v;
  }
  std::string out;
  for (size_t i = 0; i < a.params.size(); ++i)
    out += (out.empty() ? "" : ",") + std::string(a.params[i].name) + "=" + std::to_string(values[i]);
  // Lengths only when they differ from the default: a default job's params stay what they were.
  for (size_t i = 0; i < lengths.size(); ++i)
    if (chosen[i] != lengths[i].default_value)
      out += (out.empty() ? "" : ",") + std::string(lengths[i].name) + "=" + std::to_string(chosen[i]);
  return out;
}

std::vector<std::string> param_names(const AlgorithmInfo& a) {
  std::vector<std::string> out;
  for (const ParamRule& p : a.params) out.emplace_back(p.name);
  for (const LengthParam& l : length_params(a)) out.emplace_back(l.name);
  return out;
}

namespace {

// The value of name=... in a resolved params string, or nullopt.
std::optional<uint64_t> param_value(std::string_view params, std::string_view name) {
  while (!params.empty()) {
    const size_t comma = params.find(',');
    const std::string_view item = params.substr(0, comma);
    params = comma == std::string_view::npos ? std::string_view() : params.substr(comma + 1);
    if (item.size() > name.size() && item.substr(0, name.size()) == name && item[name.size()] == '=')
      return whole_number(std::string(item.substr(name.size() + 1)));
  }
  return std::nullopt;
}

}  // namespace

size_t chosen_tag_bytes(const AlgorithmInfo& a, std::string_view params) {
  return static_cast<size_t>(param_value(params, "tag").value_or(a.default_tag()));
}

size_t chosen_nonce_bytes(const AlgorithmInfo& a, std::string_view params) {
  return static_cast<size_t>(param_value(params, "nonce").value_or(a.nonce_bytes));
}

namespace {

constexpr Family kFamilies[] = {Family::Cipher, Family::Hash, Family::Signature,
                                Family::Mac,    Family::Kdf,  Family::KeyAgreement};

// The name, alias or group `key` (upper case) means for a flag, or nothing.
std::optional<Resolution> resolve_exact(const std::string& key, Family family) {
  Resolution r;
  if (key == "ALL") {  // every catalog entry of the flag's family
    r.is_group = true;
    for (const auto& a : table())
      if (a.family == family) r.algorithms.push_back(&a);
    return r;
  }
  for (const auto& g : kGroups) {
    if (g.family == family && g.name == key) {
      r.is_group = true;
      for (auto m : g.members) r.algorithms.push_back(find_algorithm(m));
      return r;
    }
  }
  std::string_view canonical;
  for (const auto& a : table())
    if (a.family == family && a.name == key) canonical = a.name;
  if (canonical.empty())
    for (const auto& al : kAliases)
      if (al.alias == key && (!al.only_for || *al.only_for == family)) canonical = al.canonical;
  if (const AlgorithmInfo* info = canonical.empty() ? nullptr : find_algorithm(canonical);
      info != nullptr && info->family == family) {
    r.algorithms.push_back(info);
    return r;
  }
  return std::nullopt;
}

// Every name a flag takes: catalog names, aliases and groups of the family.
std::vector<std::string> names_for(Family family) {
  std::vector<std::string> names;
  for (const auto& a : table())
    if (a.family == family) names.emplace_back(a.name);
  for (const auto& al : kAliases)
    if (const AlgorithmInfo* info = find_algorithm(al.canonical);
        info != nullptr && info->family == family && (!al.only_for || *al.only_for == family))
      names.emplace_back(al.alias);
  for (const auto& g : kGroups)
    if (g.family == family) names.emplace_back(g.name);
  return names;
}

}  // namespace

std::string_view family_noun(Family f) {
  switch (f) {
    case Family::Cipher:
      return "a cipher";
    case Family::Hash:
      return "a hash";
    case Family::Signature:
      return "a signature";
    case Family::Mac:
      return "a MAC";
    case Family::Kdf:
      return "a KDF";
    case Family::KeyAgreement:
      return "a key agreement";
  }
  return "";
}

Result<Resolution> resolve(std::string_view typed, Family family) {
  const std::string key = upper(typed);
  if (auto r = resolve_exact(key, family)) return *r;
  const std::string flag(family_flag(family));
  // A name of another family: say which flag takes it ("SHA2-256 is a hash: use --hash").
  for (Family other : kFamilies)
    if (other != family && key != "ALL" && resolve_exact(key, other))
      return Error{"'" + std::string(typed) + "' is " + std::string(family_noun(other)) + ", not " +
                   std::string(family_noun(family)) + ": use " + std::string(family_flag(other)) + " " +
                   std::string(typed)};
  // A typo: the nearest names of this family, else of another family with the flag that takes them.
  if (auto near = closest_names(typed, names_for(family)); !near.empty())
    return Error{"unknown algorithm '" + std::string(typed) + "' for " + flag + ": " + did_you_mean(near) +
                 " (every name: cryptauditor list)"};
  for (Family other : kFamilies) {
    if (other == family) continue;
    auto near = closest_names(typed, names_for(other));
    if (near.empty()) continue;
    for (auto& n : near) n = std::string(family_flag(other)) + " " + n;
    return Error{"unknown algorithm '" + std::string(typed) + "' for " + flag + ": " + did_you_mean(near) +
                 " (every name: cryptauditor list)"};
  }
  std::string allowed;
  for (const auto& a : table())
    if (a.family == family) allowed += (allowed.empty() ? "" : ", ") + std::string(a.name);
  for (const auto& g : kGroups)
    if (g.family == family) allowed += ", " + std::string(g.name);
  allowed += ", ALL";
  return Error{"unknown algorithm '" + std::string(typed) + "' for " + flag + " (allowed: " + allowed +
               "; aliases: cryptauditor list --aliases)"};
}

}  // namespace ca
