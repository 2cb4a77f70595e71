// The Botan 3 backend: one row per catalog algorithm Botan 3 offers (docs/CATALOG.md), each naming the
// Botan 3 object and parameters that compute exactly the catalog's function. docs/backends/botan3.md says
// what one timed operation contains and what differs from the Botan 2 backend (backends/botan).
#include <botan/version.h>

#include "botan3_backend.hpp"

namespace ca::backend_botan3 {
namespace {

const char* library_version() noexcept { return Botan::short_version_cstr(); }

/// The catalog's other block ciphers: CBC with PKCS#7 padding, the IV one block long.
ca::sdk::Factory cbc(const char* block_cipher) { return padded_block_factory(block_cipher, true); }

// Rows of algorithms Botan 3.0 removed (its news: "Remove several deprecated algorithms including CAST-256,
// MISTY1, Kasumi, DESX, XTEA, ..."): supports() answers "not offered" with this reason, never the factory.
const char* desx_removed() { return "Botan 3.0 removed DESX (Botan 2 had it; see the botan backend)"; }

const ca::sdk::Takes kAnyNonce = ca::sdk::Takes::nonce_lengths(ca::sdk::Lengths::catalog());
const ca::sdk::Takes kAnyTagAndNonce{.tags = ca::sdk::Lengths::catalog(),
                                     .nonces = ca::sdk::Lengths::catalog()};
// ECDSA rows also take "p1363=1" signatures (r || s), Botan's Signature_Format::Standard.
const ca::sdk::Takes kP1363{.tags = {}, .nonces = {}, .empty_ad_component = false, .p1363_signatures = true};

constexpr KeyType kRsa{KeyFamily::Rsa};

}  // namespace

const ca::sdk::Row kRows[] = {
    // AES. ECB over the block cipher (Botan 3 has no ECB mode); CBC is Botan's CBC with the SDK's PKCS#7.
    {"AES-ECB", padded_block_factory("AES-{bits}", false)},
    {"AES-CBC", cbc("AES-{bits}")},
    {"AES-CFB", length_preserving_mode_factory("AES-{bits}/CFB")},  // CFB-128
    {"AES-OFB", stream_cipher_factory("OFB(AES-{bits})")},
    // CTR-BE with a 16-byte IV counts over the whole 128-bit block, big-endian.
    {"AES-CTR", stream_cipher_factory("CTR-BE(AES-{bits})")},
    // Tag and nonce lengths go into the mode's name (CCM(tag, L), GCM(tag), EAX(tag)); Botan's
    // valid_nonce_length() answers for the nonce. Botan's GCM takes tags of 8 and 12..16 bytes.
    {"AES-CCM", aead_factory("AES-{bits}/CCM({tag},{L})"), kAnyTagAndNonce},
    {"AES-GCM", aead_factory("AES-{bits}/GCM({tag})"),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::range(12, 16), .nonces = ca::sdk::Lengths::catalog()}},
    {"AES-EAX", aead_factory("AES-{bits}/EAX({tag})"), kAnyTagAndNonce},
    {"AES-SIV", siv_factory("AES-{bits}/SIV"),
     ca::sdk::Takes{.tags = {}, .nonces = ca::sdk::Lengths::catalog(), .empty_ad_component = true}},
    {"AES-OCB", aead_factory("AES-{bits}/OCB(16)")},
    // The nonce is the tweak, encrypted with the second key half; ciphertext stealing in finish().
    {"AES-XTS", length_preserving_mode_factory("AES-{bits}/XTS")},

    // A 24-byte nonce turns Botan's ChaCha / Salsa20 into XChaCha20 / XSalsa20, and ChaCha20Poly1305 into
    // XChaCha20-Poly1305; the catalog's nonce length picks which.
    {"CHACHA20", stream_cipher_factory("ChaCha(20)")},
    {"SALSA20", stream_cipher_factory("Salsa20")},
    {"XCHACHA20", stream_cipher_factory("ChaCha(20)")},
    {"XSALSA20", stream_cipher_factory("Salsa20")},
    {"CHACHA20-POLY1305", aead_factory("ChaCha20Poly1305")},
    {"XCHACHA20-POLY1305", aead_factory("ChaCha20Poly1305")},

    // The other block ciphers, all CBC/PKCS7. A 16-byte key makes TripleDES two-key EDE (K3 = K1).
    {"DES", cbc("DES")},
    {"2DES", cbc("TripleDES")},
    {"3DES", cbc("TripleDES")},
    {"DESX", nullptr, &desx_removed},
    {"TWOFISH", cbc("Twofish")},
    {"BLOWFISH", cbc("Blowfish")},
    {"IDEA", cbc("IDEA")},
    {"CAMELLIA", cbc("Camellia-{bits}")},
    {"ARIA", cbc("ARIA-{bits}")},
    {"SM4", cbc("SM4")},
    {"SERPENT", cbc("Serpent")},
    {"CAST5", cbc("CAST-128")},
    // "RC4" is RC4 with no keystream bytes dropped ("RC4(n)" would skip n). No IV: re-keyed per message.
    {"RC4", stream_cipher_factory("RC4")},

    // RSA encryption: OAEP(H) uses MGF1 with the same H and an empty label. Botan 3 spells EME-PKCS1-v1_5
    // "PKCS1v15".
    {"RSA-OAEP", rsa_encryption_factory("OAEP(SHA-1)")},
    {"RSA-OAEP-SHA256", rsa_encryption_factory("OAEP(SHA-256)")},
    {"RSA-PKCS1V15-ENC", rsa_encryption_factory("PKCS1v15")},

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
    {"BLAKE2S", hash_factory("BLAKE2s(256)")},
    {"MD5", hash_factory("MD5")},
    {"RIPEMD-160", hash_factory("RIPEMD-160")},
    {"SM3", hash_factory("SM3")},
    {"WHIRLPOOL", hash_factory("Whirlpool")},

    // Botan 3's padding names: PSS(H,MGF1,salt) and PKCS1v15(H) for RSA (Botan 2's PSSR / EMSA3), the bare
    // hash for ECDSA (Botan 2's EMSA1(H)). The salt length is spelled out: with it Botan also requires a
    // salt of that length when verifying.
    {"RSA-PSS", signature_factory(kRsa, "PSS(SHA-256,MGF1,32)", false)},
    {"RSA-PKCS1V15-SHA1", signature_factory(kRsa, "PKCS1v15(SHA-1)", false)},
    {"RSA-PKCS1V15-SHA256", signature_factory(kRsa, "PKCS1v15(SHA-256)", false)},
    {"RSA-PKCS1V15-SHA512", signature_factory(kRsa, "PKCS1v15(SHA-512)", false)},
    {"RSA-PSS-SHA512", signature_factory(kRsa, "PSS(SHA-512,MGF1,64)", false)},
    {"ECDSA", signature_factory({KeyFamily::Ecdsa, "secp256r1"}, "SHA-256", true), kP1363},
    {"EDDSA", signature_factory({KeyFamily::Ed25519}, "Pure", false)},
    {"ECDSA-P384", signature_factory({KeyFamily::Ecdsa, "secp384r1"}, "SHA-384", true), kP1363},
    {"ECDSA-P521", signature_factory({KeyFamily::Ecdsa, "secp521r1"}, "SHA-512", true), kP1363},
    {"ECDSA-SECP256K1", signature_factory({KeyFamily::Ecdsa, "secp256k1"}, "SHA-256", true), kP1363},
    {"ED448", signature_factory({KeyFamily::Ed448}, "Pure", false)},  // Botan 3.4+

    {"PBKDF2-SHA256", kdf_factory("PBKDF2(SHA-256)")},
    {"PBKDF2-SHA1", kdf_factory("PBKDF2(SHA-1)")},
    {"HKDF-SHA256", kdf_factory("HKDF(SHA-256)")},
    {"HKDF-SHA512", kdf_factory("HKDF(SHA-512)")},
    {"SCRYPT", kdf_factory("Scrypt")},
    {"ARGON2ID", kdf_factory("Argon2id")},
    {"X25519", key_agreement_factory({KeyFamily::X25519})},
    {"X448", key_agreement_factory({KeyFamily::X448})},  // Botan 3.4+
    {"ECDH-P256", key_agreement_factory({KeyFamily::Ecdh, "secp256r1"})},
    {"ECDH-P384", key_agreement_factory({KeyFamily::Ecdh, "secp384r1"})},
    {"ECDH-P521", key_agreement_factory({KeyFamily::Ecdh, "secp521r1"})},
    {"FFDHE2048", key_agreement_factory({KeyFamily::Dh, "ffdhe/ietf/2048"})},  // RFC 7919

    {"HMAC-SHA1", mac_factory("HMAC(SHA-1)")},
    {"HMAC-SHA2-224", mac_factory("HMAC(SHA-224)")},
    {"HMAC-SHA2-256", mac_factory("HMAC(SHA-256)")},
    {"HMAC-SHA2-384", mac_factory("HMAC(SHA-384)")},
    {"HMAC-SHA2-512", mac_factory("HMAC(SHA-512)")},
    {"HMAC-SHA3-256", mac_factory("HMAC(SHA-3(256))")},
    {"HMAC-SHA3-512", mac_factory("HMAC(SHA-3(512))")},
    {"HMAC-MD5", mac_factory("HMAC(MD5)")},
    {"HMAC-RIPEMD-160", mac_factory("HMAC(RIPEMD-160)")},
    {"CMAC-AES", mac_factory("CMAC(AES-{bits})")},
    // Botan 3's GMAC keeps its key across messages (Botan 2.19's wiped it in final()), so the row is
    // Botan's own GMAC: start(nonce), the message, final().
    {"GMAC-AES", mac_factory("GMAC(AES-{bits})"), kAnyNonce},
    {"POLY1305", mac_factory("Poly1305")},
    {"SIPHASH", mac_factory("SipHash(2,4)")},
    // KMAC's name takes the output length in bits; an empty customization string. Botan limits the key to
    // 192 bytes.
    {"KMAC128", ca::sdk::KeyBits::range(8, 1536, 8), mac_factory("KMAC-128({tag})"),
     ca::sdk::Takes::tag_lengths(ca::sdk::Lengths::catalog())},
    {"KMAC256", ca::sdk::KeyBits::range(8, 1536, 8), mac_factory("KMAC-256({tag})"),
     ca::sdk::Takes::tag_lengths(ca::sdk::Lengths::catalog())},
};

}  // namespace ca::backend_botan3

CRYPTAUDITOR_BACKEND("botan3", "Botan", ca::backend_botan3::library_version, ca::backend_botan3::acceleration,
                     ca::backend_botan3::kRows)
