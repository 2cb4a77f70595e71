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
const KeyBits kNoKey = KeyBits::list({0});
const KeyBits kRsaBits = KeyBits::range(1024, 16384, 8);

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

    // ChaCha / Salsa; ChaCha20Poly1305 picks the XChaCha20 construction from the 24-byte nonce.
    {"CHACHA20", k256Bits, stream_cipher_factory({.botan_name = "ChaCha(20)", .nonce_len = 12})},
    {"SALSA20", k256Bits, stream_cipher_factory({.botan_name = "Salsa20", .nonce_len = 8})},
    {"CHACHA20-POLY1305", k256Bits,
     cipher_mode_factory({.botan_name = "ChaCha20Poly1305", .nonce_len = 12, .aead = true})},
    {"XCHACHA20-POLY1305", k256Bits,
     cipher_mode_factory({.botan_name = "ChaCha20Poly1305", .nonce_len = 24, .aead = true})},

    // RSA encryption: OAEP(H) uses MGF1 with the same H and an empty label.
    {"RSA-OAEP", kRsaBits, rsa_encryption_factory("OAEP(SHA-1)")},
    {"RSA-OAEP-SHA256", kRsaBits, rsa_encryption_factory("OAEP(SHA-256)")},

    {"SHA1", kNoKey, hash_factory("SHA-1")},
    {"SHA2-224", kNoKey, hash_factory("SHA-224")},
    {"SHA2-256", kNoKey, hash_factory("SHA-256")},
    {"SHA2-384", kNoKey, hash_factory("SHA-384")},
    {"SHA2-512", kNoKey, hash_factory("SHA-512")},
    {"SHA3-224", kNoKey, hash_factory("SHA-3(224)")},
    {"SHA3-256", kNoKey, hash_factory("SHA-3(256)")},
    {"SHA3-384", kNoKey, hash_factory("SHA-3(384)")},
    {"SHA3-512", kNoKey, hash_factory("SHA-3(512)")},

    // The salt length is spelled out: with it Botan also requires a 32-byte salt when verifying.
    {"RSA-PSS", kRsaBits, signature_factory(KeyKind::Rsa, "PSSR(SHA-256,MGF1,32)", false)},
    {"RSA-PKCS1V15-SHA1", kRsaBits, signature_factory(KeyKind::Rsa, "EMSA3(SHA-1)", false)},
    {"RSA-PKCS1V15-SHA256", kRsaBits, signature_factory(KeyKind::Rsa, "EMSA3(SHA-256)", false)},
    {"ECDSA", k256Bits, signature_factory(KeyKind::EcdsaP256, "EMSA1(SHA-256)", true)},
    {"EDDSA", k256Bits, signature_factory(KeyKind::Ed25519, "Pure", false)},
};

}  // namespace ca::botan_backend

CRYPTAUDITOR_BACKEND("botan", "Botan", ca::botan_backend::library_version, ca::botan_backend::acceleration,
                     ca::botan_backend::kRows)
