// The Botan 2 backend: one row per catalog algorithm Botan offers (docs/CATALOG.md), each naming the Botan
// object and parameters that compute exactly the catalog's function. docs/backends/botan.md explains the
// choices and what one timed operation contains.
#include <botan/version.h>

#include "botan_backend.hpp"
#include "deviations.hpp"

namespace ca::backend_botan {
namespace {

using ca::sdk::KeyBits;

/// The catalog's other block ciphers: CBC with PKCS#7 padding, the IV one block long.
ca::sdk::Factory cbc(const char* botan_name, size_t block_bytes, size_t swapped_key_words = 0) {
  return cipher_mode_factory(
      {.botan_name = botan_name, .nonce_len = block_bytes, .swapped_key_words = swapped_key_words});
}

ca::sdk::Factory hmac(const char* botan_name) { return mac_factory({.botan_name = botan_name}); }

const char* library_version() noexcept { return Botan::short_version_cstr(); }

}  // namespace

// ECDSA rows also take "p1363=1" signatures (r || s), Botan's IEEE_1363 format, checked by Botan itself.
const ca::sdk::Takes kP1363{.tags = {}, .nonces = {}, .empty_ad_component = false, .p1363_signatures = true};

const ca::sdk::Row kRows[] = {
    // AES; "{bits}" becomes the key size.
    {"AES-ECB", aes_ecb_factory()},
    {"AES-CBC", cipher_mode_factory({.botan_name = "AES-{bits}/CBC/PKCS7", .nonce_len = 16})},
    {"AES-CFB", cipher_mode_factory({.botan_name = "AES-{bits}/CFB", .nonce_len = 16})},  // CFB-128
    {"AES-OFB", stream_cipher_factory({.botan_name = "OFB(AES-{bits})", .nonce_len = 16})},
    // CTR-BE with a 16-byte IV counts over the whole 128-bit block, big-endian.
    {"AES-CTR", stream_cipher_factory({.botan_name = "CTR-BE(AES-{bits})", .nonce_len = 16})},
    // Tag and nonce lengths go into the mode's name (CCM(tag, L), GCM(tag), EAX(tag)); Botan's
    // valid_nonce_length() answers for the nonce. Botan 2's GCM takes tags of 8 and 12..16 bytes.
    {"AES-CCM",
     cipher_mode_factory(
         {.botan_name = "AES-{bits}/CCM({tag},{L})", .nonce_len = 12, .aead = true, .buffers_message = true}),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::catalog(), .nonces = ca::sdk::Lengths::catalog()}},
    {"AES-GCM", cipher_mode_factory({.botan_name = "AES-{bits}/GCM({tag})", .nonce_len = 12, .aead = true}),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::range(12, 16), .nonces = ca::sdk::Lengths::catalog()}},
    {"AES-EAX", cipher_mode_factory({.botan_name = "AES-{bits}/EAX({tag})", .nonce_len = 16, .aead = true}),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::catalog(), .nonces = ca::sdk::Lengths::catalog()}},
    {"AES-SIV",
     cipher_mode_factory({.botan_name = "AES-{bits}/SIV",
                          .nonce_len = 0,
                          .key_multiple = 2,
                          .aead = true,
                          .buffers_message = true,
                          .empty_aad_is_absent = true}),
     ca::sdk::Takes{.tags = {}, .nonces = ca::sdk::Lengths::catalog(), .empty_ad_component = true}},
    {"AES-OCB", cipher_mode_factory({.botan_name = "AES-{bits}/OCB(16)", .nonce_len = 12, .aead = true})},
    // The nonce is the tweak, encrypted with the second key half; ciphertext stealing in finish().
    {"AES-XTS", cipher_mode_factory({.botan_name = "AES-{bits}/XTS", .nonce_len = 16, .key_multiple = 2})},

    // ChaCha / Salsa; ChaCha20Poly1305 picks the XChaCha20 construction from the 24-byte nonce.
    {"CHACHA20", stream_cipher_factory({.botan_name = "ChaCha(20)", .nonce_len = 12})},
    {"SALSA20", stream_cipher_factory({.botan_name = "Salsa20", .nonce_len = 8})},
    // A 24-byte nonce turns Botan's ChaCha / Salsa20 into XChaCha20 / XSalsa20 (HChaCha20 / HSalsa20 subkey).
    {"XCHACHA20", stream_cipher_factory({.botan_name = "ChaCha(20)", .nonce_len = 24})},
    {"XSALSA20", stream_cipher_factory({.botan_name = "Salsa20", .nonce_len = 24})},
    {"CHACHA20-POLY1305",
     cipher_mode_factory({.botan_name = "ChaCha20Poly1305", .nonce_len = 12, .aead = true})},
    {"XCHACHA20-POLY1305",
     cipher_mode_factory({.botan_name = "ChaCha20Poly1305", .nonce_len = 24, .aead = true})},

    // The other block ciphers, all CBC/PKCS7. A 16-byte key makes TripleDES two-key EDE (K3 = K1).
    {"DES", cbc("DES/CBC/PKCS7", 8)},
    {"2DES", cbc("TripleDES/CBC/PKCS7", 8)},
    {"3DES", cbc("TripleDES/CBC/PKCS7", 8)},
    {"DESX", cbc("DESX/CBC/PKCS7", 8, /*swapped_key_words=*/8)},
    {"TWOFISH", cbc("Twofish/CBC/PKCS7", 16)},
    {"BLOWFISH", cbc("Blowfish/CBC/PKCS7", 8)},
    {"IDEA", cbc("IDEA/CBC/PKCS7", 8)},
    {"CAMELLIA", cbc("Camellia-{bits}/CBC/PKCS7", 16)},
    {"ARIA", cbc("ARIA-{bits}/CBC/PKCS7", 16)},
    {"SM4", cbc("SM4/CBC/PKCS7", 16)},
    {"SERPENT", cbc("Serpent/CBC/PKCS7", 16)},
    {"CAST5", cbc("CAST-128/CBC/PKCS7", 8)},
    // "RC4" is RC4 with no keystream bytes dropped ("RC4(n)" would skip n; "MARK-4" skips 256).
    {"RC4", stream_cipher_factory({.botan_name = "RC4", .nonce_len = 0, .rekey_per_message = true})},

    // RSA encryption: OAEP(H) uses MGF1 with the same H and an empty label.
    {"RSA-OAEP", rsa_encryption_factory("OAEP(SHA-1)")},
    {"RSA-OAEP-SHA256", rsa_encryption_factory("OAEP(SHA-256)")},
    {"RSA-PKCS1V15-ENC", rsa_encryption_factory("EME-PKCS1-v1_5")},

    {"SHA1", hash_factory("SHA-1")},
    {"SHA2-224", hash_factory("SHA-224")},
    {"SHA2-256", hash_factory("SHA-256")},
    {"SHA2-384", hash_factory("SHA-384")},
    {"SHA2-512", hash_factory("SHA-512")},
    {"SHA3-224", hash_factory("SHA-3(224)")},
    {"SHA3-256", hash_factory("SHA-3(256)")},
    {"SHA3-384", hash_factory("SHA-3(384)")},
    {"SHA3-512", hash_factory("SHA-3(512)")},
    {"SHA2-512/256", hash_factory("SHA-512-256")},  // FIPS 180-4's own IV, not truncated SHA-512
    {"SHAKE128", hash_factory("SHAKE-128(256)")},   // output length in bits, fixed at creation
    {"SHAKE256", hash_factory("SHAKE-256(512)")},
    {"BLAKE2B", hash_factory("BLAKE2b(512)")},
    {"MD5", hash_factory("MD5")},
    {"RIPEMD-160", hash_factory("RIPEMD-160")},
    {"SM3", hash_factory("SM3")},
    {"WHIRLPOOL", hash_factory("Whirlpool")},

    // The salt length is spelled out: with it Botan also requires a 32-byte salt when verifying.
    {"RSA-PSS", signature_factory(KeyKind::Rsa, "PSSR(SHA-256,MGF1,32)", false)},
    {"RSA-PKCS1V15-SHA1", signature_factory(KeyKind::Rsa, "EMSA3(SHA-1)", false)},
    {"RSA-PKCS1V15-SHA256", signature_factory(KeyKind::Rsa, "EMSA3(SHA-256)", false)},
    {"RSA-PKCS1V15-SHA512", signature_factory(KeyKind::Rsa, "EMSA3(SHA-512)", false)},
    {"RSA-PSS-SHA512", signature_factory(KeyKind::Rsa, "PSSR(SHA-512,MGF1,64)", false)},
    {"ECDSA", signature_factory(KeyKind::EcdsaP256, "EMSA1(SHA-256)", true), kP1363},
    {"EDDSA", signature_factory(KeyKind::Ed25519, "Pure", false)},
    {"ECDSA-P384", signature_factory(KeyKind::EcdsaP384, "EMSA1(SHA-384)", true), kP1363},
    {"ECDSA-P521", signature_factory(KeyKind::EcdsaP521, "EMSA1(SHA-512)", true), kP1363},
    {"ECDSA-SECP256K1", signature_factory(KeyKind::EcdsaSecp256k1, "EMSA1(SHA-256)", true), kP1363},
    // Not in Botan 2.19: Ed448 and X448 (Botan 3.4+).

    {"PBKDF2-SHA256", kdf_factory("PBKDF2(SHA-256)")},
    {"PBKDF2-SHA1", kdf_factory("PBKDF2(SHA-1)")},
    {"HKDF-SHA256", kdf_factory("HKDF(SHA-256)")},
    {"HKDF-SHA512", kdf_factory("HKDF(SHA-512)")},
    {"SCRYPT", kdf_factory("Scrypt")},
    {"ARGON2ID", kdf_factory("Argon2id")},
    {"X25519", key_agreement_factory(KeyKind::X25519)},
    {"ECDH-P256", key_agreement_factory(KeyKind::EcdhP256)},
    {"ECDH-P384", key_agreement_factory(KeyKind::EcdhP384)},
    {"ECDH-P521", key_agreement_factory(KeyKind::EcdhP521)},
    {"FFDHE2048", key_agreement_factory(KeyKind::Ffdhe2048)},

    // MACs. Not in Botan 2: KMAC128 / KMAC256 (and, above, RC2, RC5, RC6, BLAKE2s), all Botan 3 additions.
    {"HMAC-SHA1", hmac("HMAC(SHA-1)")},
    {"HMAC-SHA2-224", hmac("HMAC(SHA-224)")},
    {"HMAC-SHA2-256", hmac("HMAC(SHA-256)")},
    {"HMAC-SHA2-384", hmac("HMAC(SHA-384)")},
    {"HMAC-SHA2-512", hmac("HMAC(SHA-512)")},
    {"HMAC-SHA3-256", hmac("HMAC(SHA-3(256))")},
    {"HMAC-SHA3-512", hmac("HMAC(SHA-3(512))")},
    {"HMAC-MD5", hmac("HMAC(MD5)")},
    {"HMAC-RIPEMD-160", hmac("HMAC(RIPEMD-160)")},
    {"CMAC-AES", mac_factory({.botan_name = "CMAC(AES-{bits})"})},
    {"GMAC-AES", aead_tag_factory({.botan_name = "AES-{bits}/GCM(16)", .nonce_len = 12, .aead = true}),
     ca::sdk::Takes::nonce_lengths(ca::sdk::Lengths::catalog())},
    {"POLY1305", mac_factory({.botan_name = "Poly1305", .rekey_per_message = true})},
    {"SIPHASH", mac_factory({.botan_name = "SipHash(2,4)", .rekey_per_message = true})},
};

}  // namespace ca::backend_botan

CRYPTAUDITOR_DEVIATIONS(ca::backend_botan::kDeviations)
CRYPTAUDITOR_BACKEND("botan", "Botan", ca::backend_botan::library_version, ca::backend_botan::acceleration,
                     ca::backend_botan::kRows)
