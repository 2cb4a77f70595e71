// The Mbed TLS backend (2.28 and 3.6; compat.hpp holds what differs): the row table, library_version() and
// acceleration(). Each row instantiates a context from symmetric.hpp or a public-key factory from
// public_key.cpp; docs/backends/mbedtls.md says what one timed operation contains and what each version lacks.
#include <mbedtls/version.h>

#include <string>

#include "compat.hpp"
#include "cryptauditor/backend_sdk.hpp"
#include "mbedtls_backend.hpp"
#include "symmetric.hpp"

namespace {

using ca::sdk::KeyBits;
using ca::sdk::make_factory;
using ca::sdk::Row;
namespace mb = ca::backend_mbedtls;
using Scheme = mb::SignatureScheme;

const Row kRows[] = {
    {"AES-ECB", make_factory<mb::PaddedBlockMode<mb::AesEcbTraits>>()},
    {"AES-CBC", make_factory<mb::PaddedBlockMode<mb::AesTraits>>()},
    {"AES-CFB", make_factory<mb::AesStreamMode<mb::AesStream::Cfb128>>()},
    {"AES-OFB", make_factory<mb::AesStreamMode<mb::AesStream::Ofb>>()},
    {"AES-CTR", make_factory<mb::AesStreamMode<mb::AesStream::Ctr>>()},
    // mbedtls_ccm_* and mbedtls_gcm_* take the nonce and tag lengths per call: every length the catalog
    // declares (GCM IVs of 1 byte or more, tags of 4..16 bytes; CCM SP 800-38C's).
    {"AES-CCM", make_factory<mb::AesCcm>(),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::catalog(), .nonces = ca::sdk::Lengths::catalog()}},
    {"AES-GCM", make_factory<mb::AesGcm>(),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::catalog(), .nonces = ca::sdk::Lengths::catalog()}},
    {"AES-XTS", KeyBits::list({128, 256}),
     make_factory<mb::AesXts>()},  // mbedtls_aes_xts_setkey_*: 256/512-bit keys
    {"CHACHA20", make_factory<mb::ChaCha20>()},
    {"CHACHA20-POLY1305", make_factory<mb::ChaChaPoly>()},
    // The other block ciphers: CBC with PKCS#7 padding, IV = one block (8 or 16 bytes).
    {"DES", make_factory<mb::PaddedBlockMode<mb::DesTraits>>()},
    {"2DES", make_factory<mb::PaddedBlockMode<mb::Des3Traits>>()},  // K1 || K2, K3 = K1
    {"3DES", make_factory<mb::PaddedBlockMode<mb::Des3Traits>>()},  // K1 || K2 || K3
    {"RC4", mb::rc4(), &mb::compat::arc4_unavailable},
    {"BLOWFISH", mb::blowfish_cbc(), &mb::compat::blowfish_unavailable},
    {"CAMELLIA", make_factory<mb::PaddedBlockMode<mb::CamelliaTraits>>()},
    {"ARIA", mb::aria_cbc(), &mb::compat::aria_unavailable},
    {"RSA-OAEP", mb::rsa_oaep(MBEDTLS_MD_SHA1)},
    {"RSA-OAEP-SHA256", mb::rsa_oaep(MBEDTLS_MD_SHA256)},
    {"SHA1", make_factory<mb::Digest>(MBEDTLS_MD_SHA1)},
    {"SHA2-224", make_factory<mb::Digest>(MBEDTLS_MD_SHA224)},
    {"SHA2-256", make_factory<mb::Digest>(MBEDTLS_MD_SHA256)},
    {"SHA2-384", make_factory<mb::Digest>(MBEDTLS_MD_SHA384)},
    {"SHA2-512", make_factory<mb::Digest>(MBEDTLS_MD_SHA512)},
    {"SHA3-224", make_factory<mb::Digest>(mb::compat::sha3(224)), &mb::compat::sha3_unavailable},
    {"SHA3-256", make_factory<mb::Digest>(mb::compat::sha3(256)), &mb::compat::sha3_unavailable},
    {"SHA3-384", make_factory<mb::Digest>(mb::compat::sha3(384)), &mb::compat::sha3_unavailable},
    {"SHA3-512", make_factory<mb::Digest>(mb::compat::sha3(512)), &mb::compat::sha3_unavailable},
    {"MD5", make_factory<mb::Digest>(MBEDTLS_MD_MD5)},
    {"RIPEMD-160", make_factory<mb::Digest>(MBEDTLS_MD_RIPEMD160)},
    {"RSA-PSS", mb::signature(Scheme::RsaPss, MBEDTLS_MD_SHA256)},
    {"RSA-PKCS1V15-SHA1", mb::signature(Scheme::RsaPkcs1v15, MBEDTLS_MD_SHA1)},
    {"RSA-PKCS1V15-SHA256", mb::signature(Scheme::RsaPkcs1v15, MBEDTLS_MD_SHA256)},
    {"RSA-PKCS1V15-SHA512", mb::signature(Scheme::RsaPkcs1v15, MBEDTLS_MD_SHA512)},
    {"RSA-PSS-SHA512", mb::signature(Scheme::RsaPss, MBEDTLS_MD_SHA512)},
    {"RSA-PKCS1V15-ENC", mb::rsa_pkcs1v15_encryption()},
    {"ECDSA", mb::signature(Scheme::Ecdsa, MBEDTLS_MD_SHA256, MBEDTLS_ECP_DP_SECP256R1)},
    {"ECDSA-P384", mb::signature(Scheme::Ecdsa, MBEDTLS_MD_SHA384, MBEDTLS_ECP_DP_SECP384R1)},
    {"ECDSA-P521", mb::signature(Scheme::Ecdsa, MBEDTLS_MD_SHA512, MBEDTLS_ECP_DP_SECP521R1)},
    {"ECDSA-SECP256K1", mb::signature(Scheme::Ecdsa, MBEDTLS_MD_SHA256, MBEDTLS_ECP_DP_SECP256K1)},
    {"PBKDF2-SHA256", mb::kdf(mb::KdfKind::Pbkdf2, MBEDTLS_MD_SHA256)},
    {"PBKDF2-SHA1", mb::kdf(mb::KdfKind::Pbkdf2, MBEDTLS_MD_SHA1)},
    {"HKDF-SHA256", mb::kdf(mb::KdfKind::Hkdf, MBEDTLS_MD_SHA256)},
    {"HKDF-SHA512", mb::kdf(mb::KdfKind::Hkdf, MBEDTLS_MD_SHA512)},
    {"X25519", mb::montgomery(MBEDTLS_ECP_DP_CURVE25519)},
    {"X448", mb::montgomery(MBEDTLS_ECP_DP_CURVE448), &mb::compat::x448_unavailable},
    {"ECDH-P256", mb::ecdh(MBEDTLS_ECP_DP_SECP256R1)},
    {"ECDH-P384", mb::ecdh(MBEDTLS_ECP_DP_SECP384R1)},
    {"ECDH-P521", mb::ecdh(MBEDTLS_ECP_DP_SECP521R1)},
    {"FFDHE2048", mb::ffdhe2048()},
    {"HMAC-SHA1", make_factory<mb::Hmac>(MBEDTLS_MD_SHA1)},
    {"HMAC-SHA2-224", make_factory<mb::Hmac>(MBEDTLS_MD_SHA224)},
    {"HMAC-SHA2-256", make_factory<mb::Hmac>(MBEDTLS_MD_SHA256)},
    {"HMAC-SHA2-384", make_factory<mb::Hmac>(MBEDTLS_MD_SHA384)},
    {"HMAC-SHA2-512", make_factory<mb::Hmac>(MBEDTLS_MD_SHA512)},
    {"HMAC-SHA3-256", make_factory<mb::Hmac>(mb::compat::sha3(256)), &mb::compat::sha3_unavailable},
    {"HMAC-SHA3-512", make_factory<mb::Hmac>(mb::compat::sha3(512)), &mb::compat::sha3_unavailable},
    {"HMAC-MD5", make_factory<mb::Hmac>(MBEDTLS_MD_MD5)},
    {"HMAC-RIPEMD-160", make_factory<mb::Hmac>(MBEDTLS_MD_RIPEMD160)},
    {"CMAC-AES", make_factory<mb::CmacAes>()},
    {"GMAC-AES", make_factory<mb::AesGcm>(true), ca::sdk::Takes::nonce_lengths(ca::sdk::Lengths::catalog())},
    {"POLY1305", make_factory<mb::Poly1305>()},
};

const char* library_version() {
  // The version of the loaded libmbedcrypto, not the headers' MBEDTLS_VERSION_STRING.
  static const std::string version = [] {
    char text[18] = "";  // the documented minimum size of mbedtls_version_get_string's buffer
    mbedtls_version_get_string(text);
    return std::string(text);
  }();
  return version.c_str();
}

const char* acceleration() {
  // compat::aesni_has_support is the CPUID test aes.c and gcm.c make before taking the AES-NI / PCLMULQDQ
  // code paths. Mbed TLS has no other accelerated code on x86-64 (SHA and ChaCha20 are portable C). On
  // aarch64 2.28 has no accelerated code at all; 3.x's Armv8 AES code is not reported (docs/backends).
  static const std::string accel = [] {
    std::string out;
    namespace compat = ca::backend_mbedtls::compat;
    if (compat::aesni_has_support(compat::kAesniAes)) out = "AES-NI";
    if (compat::aesni_has_support(compat::kAesniClmul)) out += out.empty() ? "PCLMUL" : ", PCLMUL";
    return out;
  }();
  return accel.c_str();
}

}  // namespace

CRYPTAUDITOR_BACKEND("mbedtls", "Mbed TLS", library_version, acceleration, kRows)
