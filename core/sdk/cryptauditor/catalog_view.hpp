// GENERATED from core/catalog/catalog.cpp by tests/catalog_view_test.cpp: do not edit by hand.
// Regenerate: run catalog_view_test, then copy the header it writes (the failure message says where).
//
// The catalog's facts that backends need, as constants: each algorithm's canonical name, the key sizes
// it allows (a list, or a range for RSA), and its nonce, tag and digest lengths in bytes. A backend row
// names its algorithm once and takes these through ca::sdk (backend_sdk.hpp); it states key sizes only
// where the library offers fewer than the catalog.
// The layout is the generator's (the test compares the file with what it writes), so clang-format
// leaves it alone:
// clang-format off
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ca::sdk::catalog {

struct Entry {
  std::string_view name;
  uint32_t key_count;  // entries of key_bits in use; 0 means the range key_min..key_max by key_step
  uint32_t key_bits[3];
  uint32_t key_min, key_max, key_step;
  uint32_t key_parts;  // symmetric keys: 2 where the key is two keys of key_bits (SIV, XTS), else 1
  size_t nonce_bytes, tag_bytes, digest_bytes;  // the defaults benchmarks use
  size_t nonce_min, nonce_max;          // the nonce lengths the algorithm's definition takes
  size_t tag_min, tag_max, tag_step;    // the AEAD or MAC tag lengths it takes
  bool tag_truncates;  // a shorter MAC tag is the full tag's leftmost bytes (the core truncates)
};

inline constexpr Entry kEntries[] = {
    {"AES-ECB", 3, {128, 192, 256}, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"AES-CBC", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0, 16, 16, 0, 0, 1, false},
    {"AES-CFB", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0, 16, 16, 0, 0, 1, false},
    {"AES-OFB", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0, 16, 16, 0, 0, 1, false},
    {"AES-CTR", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0, 16, 16, 0, 0, 1, false},
    {"AES-CCM", 3, {128, 192, 256}, 0, 0, 0, 1, 12, 16, 0, 7, 13, 4, 16, 2, false},
    {"AES-GCM", 3, {128, 192, 256}, 0, 0, 0, 1, 12, 16, 0, 1, 1024, 4, 16, 1, false},
    {"AES-EAX", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 16, 0, 0, 1024, 1, 16, 1, false},
    {"AES-SIV", 3, {128, 192, 256}, 0, 0, 0, 2, 0, 16, 0, 0, 1024, 16, 16, 1, false},
    {"AES-OCB", 3, {128, 192, 256}, 0, 0, 0, 1, 12, 16, 0, 12, 12, 16, 16, 1, false},
    {"AES-GCM-SIV", 2, {128, 256}, 0, 0, 0, 1, 12, 16, 0, 12, 12, 16, 16, 1, false},
    {"CHACHA20", 1, {256}, 0, 0, 0, 1, 12, 0, 0, 12, 12, 0, 0, 1, false},
    {"SALSA20", 1, {256}, 0, 0, 0, 1, 8, 0, 0, 8, 8, 0, 0, 1, false},
    {"XCHACHA20", 1, {256}, 0, 0, 0, 1, 24, 0, 0, 24, 24, 0, 0, 1, false},
    {"XSALSA20", 1, {256}, 0, 0, 0, 1, 24, 0, 0, 24, 24, 0, 0, 1, false},
    {"AES-XTS", 3, {128, 192, 256}, 0, 0, 0, 2, 16, 0, 0, 16, 16, 0, 0, 1, false},
    {"CHACHA20-POLY1305", 1, {256}, 0, 0, 0, 1, 12, 16, 0, 12, 12, 16, 16, 1, false},
    {"XCHACHA20-POLY1305", 1, {256}, 0, 0, 0, 1, 24, 16, 0, 24, 24, 16, 16, 1, false},
    {"DES", 1, {64}, 0, 0, 0, 1, 8, 0, 0, 8, 8, 0, 0, 1, false},
    {"2DES", 1, {128}, 0, 0, 0, 1, 8, 0, 0, 8, 8, 0, 0, 1, false},
    {"3DES", 1, {192}, 0, 0, 0, 1, 8, 0, 0, 8, 8, 0, 0, 1, false},
    {"DESX", 1, {192}, 0, 0, 0, 1, 8, 0, 0, 8, 8, 0, 0, 1, false},
    {"RC2", 1, {128}, 0, 0, 0, 1, 8, 0, 0, 8, 8, 0, 0, 1, false},
    {"RC4", 1, {128}, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"RC5", 1, {128}, 0, 0, 0, 1, 8, 0, 0, 8, 8, 0, 0, 1, false},
    {"RC6", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0, 16, 16, 0, 0, 1, false},
    {"TWOFISH", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0, 16, 16, 0, 0, 1, false},
    {"BLOWFISH", 1, {128}, 0, 0, 0, 1, 8, 0, 0, 8, 8, 0, 0, 1, false},
    {"IDEA", 1, {128}, 0, 0, 0, 1, 8, 0, 0, 8, 8, 0, 0, 1, false},
    {"CAMELLIA", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0, 16, 16, 0, 0, 1, false},
    {"ARIA", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0, 16, 16, 0, 0, 1, false},
    {"SM4", 1, {128}, 0, 0, 0, 1, 16, 0, 0, 16, 16, 0, 0, 1, false},
    {"SERPENT", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0, 16, 16, 0, 0, 1, false},
    {"CAST5", 1, {128}, 0, 0, 0, 1, 8, 0, 0, 8, 8, 0, 0, 1, false},
    {"RSA-OAEP", 0, {}, 1024, 16384, 8, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"RSA-OAEP-SHA256", 0, {}, 1024, 16384, 8, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"RSA-PKCS1V15-ENC", 0, {}, 1024, 16384, 8, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"SHA1", 1, {0}, 0, 0, 0, 1, 0, 0, 20, 0, 0, 0, 0, 1, false},
    {"SHA2-224", 1, {0}, 0, 0, 0, 1, 0, 0, 28, 0, 0, 0, 0, 1, false},
    {"SHA2-256", 1, {0}, 0, 0, 0, 1, 0, 0, 32, 0, 0, 0, 0, 1, false},
    {"SHA2-384", 1, {0}, 0, 0, 0, 1, 0, 0, 48, 0, 0, 0, 0, 1, false},
    {"SHA2-512", 1, {0}, 0, 0, 0, 1, 0, 0, 64, 0, 0, 0, 0, 1, false},
    {"SHA3-224", 1, {0}, 0, 0, 0, 1, 0, 0, 28, 0, 0, 0, 0, 1, false},
    {"SHA3-256", 1, {0}, 0, 0, 0, 1, 0, 0, 32, 0, 0, 0, 0, 1, false},
    {"SHA3-384", 1, {0}, 0, 0, 0, 1, 0, 0, 48, 0, 0, 0, 0, 1, false},
    {"SHA3-512", 1, {0}, 0, 0, 0, 1, 0, 0, 64, 0, 0, 0, 0, 1, false},
    {"SHA2-512/256", 1, {0}, 0, 0, 0, 1, 0, 0, 32, 0, 0, 0, 0, 1, false},
    {"SHAKE128", 1, {0}, 0, 0, 0, 1, 0, 0, 32, 0, 0, 0, 0, 1, false},
    {"SHAKE256", 1, {0}, 0, 0, 0, 1, 0, 0, 64, 0, 0, 0, 0, 1, false},
    {"BLAKE2B", 1, {0}, 0, 0, 0, 1, 0, 0, 64, 0, 0, 0, 0, 1, false},
    {"BLAKE2S", 1, {0}, 0, 0, 0, 1, 0, 0, 32, 0, 0, 0, 0, 1, false},
    {"MD5", 1, {0}, 0, 0, 0, 1, 0, 0, 16, 0, 0, 0, 0, 1, false},
    {"RIPEMD-160", 1, {0}, 0, 0, 0, 1, 0, 0, 20, 0, 0, 0, 0, 1, false},
    {"SM3", 1, {0}, 0, 0, 0, 1, 0, 0, 32, 0, 0, 0, 0, 1, false},
    {"WHIRLPOOL", 1, {0}, 0, 0, 0, 1, 0, 0, 64, 0, 0, 0, 0, 1, false},
    {"RSA-PSS", 0, {}, 1024, 16384, 8, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"RSA-PKCS1V15-SHA1", 0, {}, 1024, 16384, 8, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"RSA-PKCS1V15-SHA256", 0, {}, 1024, 16384, 8, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"RSA-PKCS1V15-SHA512", 0, {}, 1024, 16384, 8, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"RSA-PSS-SHA512", 0, {}, 1024, 16384, 8, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"ECDSA", 1, {256}, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"EDDSA", 1, {256}, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"ECDSA-P384", 1, {384}, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"ECDSA-P521", 1, {521}, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"ECDSA-SECP256K1", 1, {256}, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"ED448", 1, {448}, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, false},
    {"HMAC-SHA1", 0, {}, 8, 8192, 8, 1, 0, 0, 20, 0, 0, 10, 20, 1, true},
    {"HMAC-SHA2-224", 0, {}, 8, 8192, 8, 1, 0, 0, 28, 0, 0, 14, 28, 1, true},
    {"HMAC-SHA2-256", 0, {}, 8, 8192, 8, 1, 0, 0, 32, 0, 0, 16, 32, 1, true},
    {"HMAC-SHA2-384", 0, {}, 8, 8192, 8, 1, 0, 0, 48, 0, 0, 24, 48, 1, true},
    {"HMAC-SHA2-512", 0, {}, 8, 8192, 8, 1, 0, 0, 64, 0, 0, 32, 64, 1, true},
    {"HMAC-SHA3-256", 0, {}, 8, 8192, 8, 1, 0, 0, 32, 0, 0, 16, 32, 1, true},
    {"HMAC-SHA3-512", 0, {}, 8, 8192, 8, 1, 0, 0, 64, 0, 0, 32, 64, 1, true},
    {"HMAC-MD5", 0, {}, 8, 8192, 8, 1, 0, 0, 16, 0, 0, 10, 16, 1, true},
    {"HMAC-RIPEMD-160", 0, {}, 8, 8192, 8, 1, 0, 0, 20, 0, 0, 10, 20, 1, true},
    {"CMAC-AES", 3, {128, 192, 256}, 0, 0, 0, 1, 0, 0, 16, 0, 0, 4, 16, 1, true},
    {"GMAC-AES", 3, {128, 192, 256}, 0, 0, 0, 1, 12, 0, 16, 1, 1024, 4, 16, 1, true},
    {"POLY1305", 1, {256}, 0, 0, 0, 1, 0, 0, 16, 0, 0, 16, 16, 1, false},
    {"SIPHASH", 1, {128}, 0, 0, 0, 1, 0, 0, 8, 0, 0, 8, 8, 1, false},
    {"KMAC128", 0, {}, 8, 8192, 8, 1, 0, 0, 32, 0, 0, 4, 128, 1, false},
    {"KMAC256", 0, {}, 8, 8192, 8, 1, 0, 0, 64, 0, 0, 4, 128, 1, false},
    {"PBKDF2-SHA256", 1, {0}, 0, 0, 0, 1, 16, 0, 32, 16, 16, 0, 0, 1, false},
    {"PBKDF2-SHA1", 1, {0}, 0, 0, 0, 1, 16, 0, 32, 16, 16, 0, 0, 1, false},
    {"HKDF-SHA256", 1, {0}, 0, 0, 0, 1, 16, 0, 32, 16, 16, 0, 0, 1, false},
    {"HKDF-SHA512", 1, {0}, 0, 0, 0, 1, 16, 0, 32, 16, 16, 0, 0, 1, false},
    {"SCRYPT", 1, {0}, 0, 0, 0, 1, 16, 0, 32, 16, 16, 0, 0, 1, false},
    {"ARGON2ID", 1, {0}, 0, 0, 0, 1, 16, 0, 32, 16, 16, 0, 0, 1, false},
    {"X25519", 1, {256}, 0, 0, 0, 1, 0, 0, 32, 0, 0, 0, 0, 1, false},
    {"X448", 1, {448}, 0, 0, 0, 1, 0, 0, 56, 0, 0, 0, 0, 1, false},
    {"ECDH-P256", 1, {256}, 0, 0, 0, 1, 0, 0, 32, 0, 0, 0, 0, 1, false},
    {"ECDH-P384", 1, {384}, 0, 0, 0, 1, 0, 0, 48, 0, 0, 0, 0, 1, false},
    {"ECDH-P521", 1, {521}, 0, 0, 0, 1, 0, 0, 66, 0, 0, 0, 0, 1, false},
    {"FFDHE2048", 1, {2048}, 0, 0, 0, 1, 0, 0, 256, 0, 0, 0, 0, 1, false},
};

/// The entry of a canonical name, or nullptr.
constexpr const Entry* find(std::string_view name) {
  for (const Entry& e : kEntries)
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace ca::sdk::catalog
