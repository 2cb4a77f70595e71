// The Botan 2 backend: one row per catalog algorithm Botan offers (docs/CATALOG.md), each naming the Botan
// object and parameters that compute exactly the catalog's function. docs/backends/botan.md explains the
// choices and what one timed operation contains.
#include <botan/version.h>

#include "botan_backend.hpp"

namespace ca::botan_backend {
namespace {

using ca::sdk::KeyBits;

const KeyBits kAesBits = KeyBits::list({128, 192, 256});
const KeyBits k256Bits = KeyBits::list({256});
const KeyBits k128Bits = KeyBits::list({128});
const KeyBits kNoKey = KeyBits::list({0});
const KeyBits kRsaBits = KeyBits::range(1024, 16384, 8);
// Botan's XTS also takes AES-192 (a 48-byte key); the catalog defines 128 and 256 only.
const KeyBits kXtsBits = KeyBits::list({128, 256});

/// The catalog's other block ciphers: CBC with PKCS#7 padding, the IV one block long.
ca::sdk::Factory cbc(const char* botan_name, size_t block_bytes, size_t swapped_key_words = 0) {
  return cipher_mode_factory(
      {.botan_name = botan_name, .nonce_len = block_bytes, .swapped_key_words = swapped_key_words});
}

ca::sdk::Factory hmac(const char* botan_name) { return mac_factory({.botan_name = botan_name}); }

const char* library_version() noexcept { return Botan::short_version_cstr(); }

}  // namespace

const ca::sdk::Row kRows[] = {
    // AES; "{bits}" becomes the key size.
    {"AES-ECB", kAesBits, aes_ecb_factory()},
    {"AES-CBC", kAesBits, cipher_mode_factory({.botan_name = "AES-{bits}/CBC/PKCS7", .nonce_len = 16})},
    {"AES-CFB", kAesBits, cipher_mode_factory({.botan_name = "AES-{bits}/CFB", .nonce_len = 16})},  // CFB-128
    {"AES-OFB", kAesBits, stream_cipher_factory({.botan_name = "OFB(AES-{bits})", .nonce_len = 16})},
    // CTR-BE with a 16-byte IV counts over the whole 128-bit block, big-endian.
    {"AES-CTR", kAesBits, stream_cipher_factory({.botan_name = "CTR-BE(AES-{bits})", .nonce_len = 16})},
    {"AES-CCM", kAesBits,
     cipher_mode_factory(
         {.botan_name = "AES-{bits}/CCM(16,3)", .nonce_len = 12, .aead = true, .buffers_message = true})},
    {"AES-GCM", kAesBits,
     cipher_mode_factory({.botan_name = "AES-{bits}/GCM(16)", .nonce_len = 12, .aead = true})},
    {"AES-EAX", kAesBits,
     cipher_mode_factory({.botan_name = "AES-{bits}/EAX(16)", .nonce_len = 16, .aead = true})},
    {"AES-SIV", kAesBits,
     cipher_mode_factory({.botan_name = "AES-{bits}/SIV",
                          .nonce_len = 0,
                          .key_multiple = 2,
                          .aead = true,
                          .buffers_message = true,
                          .empty_aad_is_absent = true})},
    {"AES-OCB", kAesBits,
     cipher_mode_factory({.botan_name = "AES-{bits}/OCB(16)", .nonce_len = 12, .aead = true})},
    // The nonce is the tweak, encrypted with the second key half; ciphertext stealing in finish().
    {"AES-XTS", kXtsBits,
     cipher_mode_factory({.botan_name = "AES-{bits}/XTS", .nonce_len = 16, .key_multiple = 2})},

    // ChaCha / Salsa; ChaCha20Poly1305 picks the XChaCha20 construction from the 24-byte nonce.
    {"CHACHA20", k256Bits, stream_cipher_factory({.botan_name = "ChaCha(20)", .nonce_len = 12})},
    {"SALSA20", k256Bits, stream_cipher_factory({.botan_name = "Salsa20", .nonce_len = 8})},
    // A 24-byte nonce turns Botan's ChaCha / Salsa20 into XChaCha20 / XSalsa20 (HChaCha20 / HSalsa20 subkey).
    {"XCHACHA20", k256Bits, stream_cipher_factory({.botan_name = "ChaCha(20)", .nonce_len = 24})},
    {"XSALSA20", k256Bits, stream_cipher_factory({.botan_name = "Salsa20", .nonce_len = 24})},
    {"CHACHA20-POLY1305", k256Bits,
     cipher_mode_factory({.botan_name = "ChaCha20Poly1305", .nonce_len = 12, .aead = true})},
    {"XCHACHA20-POLY1305", k256Bits,
     cipher_mode_factory({.botan_name = "ChaCha20Poly1305", .nonce_len = 24, .aead = true})},

    // The other block ciphers, all CBC/PKCS7. A 16-byte key makes TripleDES two-key EDE (K3 = K1).
    {"DES", KeyBits::list({64}), cbc("DES/CBC/PKCS7", 8)},
    {"2DES", k128Bits, cbc("TripleDES/CBC/PKCS7", 8)},
    {"3DES", KeyBits::list({192}), cbc("TripleDES/CBC/PKCS7", 8)},
    {"DESX", KeyBits::list({192}), cbc("DESX/CBC/PKCS7", 8, /*swapped_key_words=*/8)},
    {"TWOFISH", kAesBits, cbc("Twofish/CBC/PKCS7", 16)},
    {"BLOWFISH", k128Bits, cbc("Blowfish/CBC/PKCS7", 8)},
    {"IDEA", k128Bits, cbc("IDEA/CBC/PKCS7", 8)},
    {"CAMELLIA", kAesBits, cbc("Camellia-{bits}/CBC/PKCS7", 16)},
    {"ARIA", kAesBits, cbc("ARIA-{bits}/CBC/PKCS7", 16)},
    {"SM4", k128Bits, cbc("SM4/CBC/PKCS7", 16)},
    {"SERPENT", kAesBits, cbc("Serpent/CBC/PKCS7", 16)},
    {"CAST5", k128Bits, cbc("CAST-128/CBC/PKCS7", 8)},
    // "RC4" is RC4 with no keystream bytes dropped ("RC4(n)" would skip n; "MARK-4" skips 256).
    {"RC4", k128Bits,
     stream_cipher_factory({.botan_name = "RC4", .nonce_len = 0, .rekey_per_message = true})},

    // RSA encryption: OAEP(H) uses MGF1 with the same H and an empty label.
    {"RSA-OAEP", kRsaBits, rsa_encryption_factory("OAEP(SHA-1)")},
    {"RSA-OAEP-SHA256", kRsaBits, rsa_encryption_factory("OAEP(SHA-256)")},
    {"RSA-PKCS1V15-ENC", kRsaBits, rsa_encryption_factory("EME-PKCS1-v1_5")},

    {"SHA1", kNoKey, hash_factory("SHA-1")},
    {"SHA2-224", kNoKey, hash_factory("SHA-224")},
    {"SHA2-256", kNoKey, hash_factory("SHA-256")},
    {"SHA2-384", kNoKey, hash_factory("SHA-384")},
    {"SHA2-512", kNoKey, hash_factory("SHA-512")},
    {"SHA3-224", kNoKey, hash_factory("SHA-3(224)")},
    {"SHA3-256", kNoKey, hash_factory("SHA-3(256)")},
    {"SHA3-384", kNoKey, hash_factory("SHA-3(384)")},
    {"SHA3-512", kNoKey, hash_factory("SHA-3(512)")},
    {"SHA2-512/256", kNoKey, hash_factory("SHA-512-256")},  // FIPS 180-4's own IV, not truncated SHA-512
    {"SHAKE128", kNoKey, hash_factory("SHAKE-128(256)")},   // output length in bits, fixed at creation
    {"SHAKE256", kNoKey, hash_factory("SHAKE-256(512)")},
    {"BLAKE2B", kNoKey, hash_factory("BLAKE2b(512)")},
    {"MD5", kNoKey, hash_factory("MD5")},
    {"RIPEMD-160", kNoKey, hash_factory("RIPEMD-160")},
    {"SM3", kNoKey, hash_factory("SM3")},
    {"WHIRLPOOL", kNoKey, hash_factory("Whirlpool")},

    // The salt length is spelled out: with it Botan also requires a 32-byte salt when verifying.
    {"RSA-PSS", kRsaBits, signature_factory(KeyKind::Rsa, "PSSR(SHA-256,MGF1,32)", false)},
    {"RSA-PKCS1V15-SHA1", kRsaBits, signature_factory(KeyKind::Rsa, "EMSA3(SHA-1)", false)},
    {"RSA-PKCS1V15-SHA256", kRsaBits, signature_factory(KeyKind::Rsa, "EMSA3(SHA-256)", false)},
    {"ECDSA", k256Bits, signature_factory(KeyKind::EcdsaP256, "EMSA1(SHA-256)", true)},
    {"EDDSA", k256Bits, signature_factory(KeyKind::Ed25519, "Pure", false)},
    {"ECDSA-P384", KeyBits::list({384}), signature_factory(KeyKind::EcdsaP384, "EMSA1(SHA-384)", true)},
    {"ECDSA-P521", KeyBits::list({521}), signature_factory(KeyKind::EcdsaP521, "EMSA1(SHA-512)", true)},
    {"ECDSA-SECP256K1", k256Bits, signature_factory(KeyKind::EcdsaSecp256k1, "EMSA1(SHA-256)", true)},
    // Not in Botan 2.19: Ed448 and X448 (Botan 3.4+).

    {"PBKDF2-SHA256", kNoKey, kdf_factory("PBKDF2(SHA-256)")},
    {"PBKDF2-SHA1", kNoKey, kdf_factory("PBKDF2(SHA-1)")},
    {"HKDF-SHA256", kNoKey, kdf_factory("HKDF(SHA-256)")},
    {"HKDF-SHA512", kNoKey, kdf_factory("HKDF(SHA-512)")},
    {"SCRYPT", kNoKey, kdf_factory("Scrypt")},
    {"ARGON2ID", kNoKey, kdf_factory("Argon2id")},
    {"X25519", k256Bits, key_agreement_factory(KeyKind::X25519)},
    {"ECDH-P256", k256Bits, key_agreement_factory(KeyKind::EcdhP256)},
    {"ECDH-P384", KeyBits::list({384}), key_agreement_factory(KeyKind::EcdhP384)},
    {"FFDHE2048", KeyBits::list({2048}), key_agreement_factory(KeyKind::Ffdhe2048)},

    // MACs. Not in Botan 2: KMAC128 / KMAC256 (and, above, RC2, RC5, RC6, BLAKE2s), all Botan 3 additions.
    {"HMAC-SHA1", k256Bits, hmac("HMAC(SHA-1)")},
    {"HMAC-SHA2-224", k256Bits, hmac("HMAC(SHA-224)")},
    {"HMAC-SHA2-256", k256Bits, hmac("HMAC(SHA-256)")},
    {"HMAC-SHA2-384", k256Bits, hmac("HMAC(SHA-384)")},
    {"HMAC-SHA2-512", k256Bits, hmac("HMAC(SHA-512)")},
    {"HMAC-SHA3-256", k256Bits, hmac("HMAC(SHA-3(256))")},
    {"HMAC-SHA3-512", k256Bits, hmac("HMAC(SHA-3(512))")},
    {"HMAC-MD5", k256Bits, hmac("HMAC(MD5)")},
    {"HMAC-RIPEMD-160", k256Bits, hmac("HMAC(RIPEMD-160)")},
    {"CMAC-AES", kAesBits, mac_factory({.botan_name = "CMAC(AES-{bits})"})},
    {"GMAC-AES", kAesBits,
     aead_tag_factory({.botan_name = "AES-{bits}/GCM(16)", .nonce_len = 12, .aead = true})},
    {"POLY1305", k256Bits, mac_factory({.botan_name = "Poly1305", .rekey_per_message = true})},
    {"SIPHASH", k128Bits, mac_factory({.botan_name = "SipHash(2,4)", .rekey_per_message = true})},
};

}  // namespace ca::botan_backend

CRYPTAUDITOR_BACKEND("botan", "Botan", ca::botan_backend::library_version, ca::botan_backend::acceleration,
                     ca::botan_backend::kRows)
