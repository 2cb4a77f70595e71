// GENERATED from core/catalog/catalog.cpp by tests/catalog_view_test.cpp: do not edit by hand.
// Regenerate: run catalog_view_test, then copy the header it writes (the failure message says where).
//
// The catalog's facts that backends need, as constants: each algorithm's canonical name, the key sizes
// it allows (a list, or a range for RSA), and its nonce, tag and digest lengths in bytes. A backend row
// names its algorithm once and takes these through ca::sdk (backend_sdk.hpp); it states key sizes only
// where the library offers fewer than the catalog.
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
  size_t nonce_bytes, tag_bytes, digest_bytes;
};

inline constexpr Entry kEntries[] = {
    {"AES-ECB", 3, {128, 192, 256}, 0, 0, 0, 1, 0, 0, 0},
    {"AES-CBC", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0},
    {"AES-CFB", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0},
    {"AES-OFB", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0},
    {"AES-CTR", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0},
    {"AES-CCM", 3, {128, 192, 256}, 0, 0, 0, 1, 12, 16, 0},
    {"AES-GCM", 3, {128, 192, 256}, 0, 0, 0, 1, 12, 16, 0},
    {"AES-EAX", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 16, 0},
    {"AES-SIV", 3, {128, 192, 256}, 0, 0, 0, 2, 0, 16, 0},
    {"AES-OCB", 3, {128, 192, 256}, 0, 0, 0, 1, 12, 16, 0},
    {"AES-GCM-SIV", 2, {128, 256}, 0, 0, 0, 1, 12, 16, 0},
    {"CHACHA20", 1, {256}, 0, 0, 0, 1, 12, 0, 0},
    {"SALSA20", 1, {256}, 0, 0, 0, 1, 8, 0, 0},
    {"XCHACHA20", 1, {256}, 0, 0, 0, 1, 24, 0, 0},
    {"XSALSA20", 1, {256}, 0, 0, 0, 1, 24, 0, 0},
    {"AES-XTS", 2, {128, 256}, 0, 0, 0, 2, 16, 0, 0},
    {"CHACHA20-POLY1305", 1, {256}, 0, 0, 0, 1, 12, 16, 0},
    {"XCHACHA20-POLY1305", 1, {256}, 0, 0, 0, 1, 24, 16, 0},
    {"DES", 1, {64}, 0, 0, 0, 1, 8, 0, 0},
    {"2DES", 1, {128}, 0, 0, 0, 1, 8, 0, 0},
    {"3DES", 1, {192}, 0, 0, 0, 1, 8, 0, 0},
    {"DESX", 1, {192}, 0, 0, 0, 1, 8, 0, 0},
    {"RC2", 1, {128}, 0, 0, 0, 1, 8, 0, 0},
    {"RC4", 1, {128}, 0, 0, 0, 1, 0, 0, 0},
    {"RC5", 1, {128}, 0, 0, 0, 1, 8, 0, 0},
    {"RC6", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0},
    {"TWOFISH", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0},
    {"BLOWFISH", 1, {128}, 0, 0, 0, 1, 8, 0, 0},
    {"IDEA", 1, {128}, 0, 0, 0, 1, 8, 0, 0},
    {"CAMELLIA", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0},
    {"ARIA", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0},
    {"SM4", 1, {128}, 0, 0, 0, 1, 16, 0, 0},
    {"SERPENT", 3, {128, 192, 256}, 0, 0, 0, 1, 16, 0, 0},
    {"CAST5", 1, {128}, 0, 0, 0, 1, 8, 0, 0},
    {"RSA-OAEP", 0, {}, 1024, 16384, 8, 1, 0, 0, 0},
    {"RSA-OAEP-SHA256", 0, {}, 1024, 16384, 8, 1, 0, 0, 0},
    {"RSA-PKCS1V15-ENC", 0, {}, 1024, 16384, 8, 1, 0, 0, 0},
    {"SHA1", 1, {0}, 0, 0, 0, 1, 0, 0, 20},
    {"SHA2-224", 1, {0}, 0, 0, 0, 1, 0, 0, 28},
    {"SHA2-256", 1, {0}, 0, 0, 0, 1, 0, 0, 32},
    {"SHA2-384", 1, {0}, 0, 0, 0, 1, 0, 0, 48},
    {"SHA2-512", 1, {0}, 0, 0, 0, 1, 0, 0, 64},
    {"SHA3-224", 1, {0}, 0, 0, 0, 1, 0, 0, 28},
    {"SHA3-256", 1, {0}, 0, 0, 0, 1, 0, 0, 32},
    {"SHA3-384", 1, {0}, 0, 0, 0, 1, 0, 0, 48},
    {"SHA3-512", 1, {0}, 0, 0, 0, 1, 0, 0, 64},
    {"SHA2-512/256", 1, {0}, 0, 0, 0, 1, 0, 0, 32},
    {"SHAKE128", 1, {0}, 0, 0, 0, 1, 0, 0, 32},
    {"SHAKE256", 1, {0}, 0, 0, 0, 1, 0, 0, 64},
    {"BLAKE2B", 1, {0}, 0, 0, 0, 1, 0, 0, 64},
    {"BLAKE2S", 1, {0}, 0, 0, 0, 1, 0, 0, 32},
    {"MD5", 1, {0}, 0, 0, 0, 1, 0, 0, 16},
    {"RIPEMD-160", 1, {0}, 0, 0, 0, 1, 0, 0, 20},
    {"SM3", 1, {0}, 0, 0, 0, 1, 0, 0, 32},
    {"WHIRLPOOL", 1, {0}, 0, 0, 0, 1, 0, 0, 64},
    {"RSA-PSS", 0, {}, 1024, 16384, 8, 1, 0, 0, 0},
    {"RSA-PKCS1V15-SHA1", 0, {}, 1024, 16384, 8, 1, 0, 0, 0},
    {"RSA-PKCS1V15-SHA256", 0, {}, 1024, 16384, 8, 1, 0, 0, 0},
    {"ECDSA", 1, {256}, 0, 0, 0, 1, 0, 0, 0},
    {"EDDSA", 1, {256}, 0, 0, 0, 1, 0, 0, 0},
    {"ECDSA-P384", 1, {384}, 0, 0, 0, 1, 0, 0, 0},
    {"ECDSA-P521", 1, {521}, 0, 0, 0, 1, 0, 0, 0},
    {"ECDSA-SECP256K1", 1, {256}, 0, 0, 0, 1, 0, 0, 0},
    {"ED448", 1, {448}, 0, 0, 0, 1, 0, 0, 0},
    {"HMAC-SHA1", 1, {256}, 0, 0, 0, 1, 0, 0, 20},
    {"HMAC-SHA2-224", 1, {256}, 0, 0, 0, 1, 0, 0, 28},
    {"HMAC-SHA2-256", 1, {256}, 0, 0, 0, 1, 0, 0, 32},
    {"HMAC-SHA2-384", 1, {256}, 0, 0, 0, 1, 0, 0, 48},
    {"HMAC-SHA2-512", 1, {256}, 0, 0, 0, 1, 0, 0, 64},
    {"HMAC-SHA3-256", 1, {256}, 0, 0, 0, 1, 0, 0, 32},
    {"HMAC-SHA3-512", 1, {256}, 0, 0, 0, 1, 0, 0, 64},
    {"HMAC-MD5", 1, {256}, 0, 0, 0, 1, 0, 0, 16},
    {"HMAC-RIPEMD-160", 1, {256}, 0, 0, 0, 1, 0, 0, 20},
    {"CMAC-AES", 3, {128, 192, 256}, 0, 0, 0, 1, 0, 0, 16},
    {"GMAC-AES", 3, {128, 192, 256}, 0, 0, 0, 1, 12, 0, 16},
    {"POLY1305", 1, {256}, 0, 0, 0, 1, 0, 0, 16},
    {"SIPHASH", 1, {128}, 0, 0, 0, 1, 0, 0, 8},
    {"KMAC128", 1, {256}, 0, 0, 0, 1, 0, 0, 32},
    {"KMAC256", 1, {256}, 0, 0, 0, 1, 0, 0, 64},
    {"PBKDF2-SHA256", 1, {0}, 0, 0, 0, 1, 16, 0, 32},
    {"PBKDF2-SHA1", 1, {0}, 0, 0, 0, 1, 16, 0, 32},
    {"HKDF-SHA256", 1, {0}, 0, 0, 0, 1, 16, 0, 32},
    {"HKDF-SHA512", 1, {0}, 0, 0, 0, 1, 16, 0, 32},
    {"SCRYPT", 1, {0}, 0, 0, 0, 1, 16, 0, 32},
    {"ARGON2ID", 1, {0}, 0, 0, 0, 1, 16, 0, 32},
    {"X25519", 1, {256}, 0, 0, 0, 1, 0, 0, 32},
    {"X448", 1, {448}, 0, 0, 0, 1, 0, 0, 56},
    {"ECDH-P256", 1, {256}, 0, 0, 0, 1, 0, 0, 32},
    {"ECDH-P384", 1, {384}, 0, 0, 0, 1, 0, 0, 48},
    {"FFDHE2048", 1, {2048}, 0, 0, 0, 1, 0, 0, 256},
};

/// The entry of a canonical name, or nullptr.
constexpr const Entry* find(std::string_view name) {
  for (const Entry& e : kEntries)
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace ca::sdk::catalog
