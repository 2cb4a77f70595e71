// The Mbed TLS 2.28 backend: the row table, library_version() and acceleration(). Each row instantiates a
// context from symmetric.hpp or a public-key factory from public_key.cpp; docs/backends/mbedtls.md says what
// one timed operation contains and what Mbed TLS 2.28 lacks.
#include "mbedtls_backend.hpp"

#include <mbedtls/aesni.h>
#include <mbedtls/version.h>

#include <string>

#include "cryptauditor/backend_sdk.hpp"
#include "symmetric.hpp"

namespace {

using ca::sdk::KeyBits;
using ca::sdk::make_factory;
using ca::sdk::Row;
namespace mb = ca::mbedtls;
using Scheme = mb::SignatureScheme;

const KeyBits kAesBits = KeyBits::list({128, 192, 256});
const KeyBits k64Bits = KeyBits::list({64});
const KeyBits k128Bits = KeyBits::list({128});
const KeyBits k192Bits = KeyBits::list({192});
const KeyBits k256Bits = KeyBits::list({256});
const KeyBits kXtsBits = KeyBits::list({128, 256});
const KeyBits kRsaBits = KeyBits::range(1024, 16384, 8);
const KeyBits kNoKey = KeyBits::list({0});

const Row kRows[] = {
    {"AES-ECB", kAesBits, make_factory<mb::PaddedBlockMode<mb::AesTraits, true>>()},
    {"AES-CBC", kAesBits, make_factory<mb::PaddedBlockMode<mb::AesTraits>>()},
    {"AES-CFB", kAesBits, make_factory<mb::AesStreamMode<mb::AesStream::Cfb128>>()},
    {"AES-OFB", kAesBits, make_factory<mb::AesStreamMode<mb::AesStream::Ofb>>()},
    {"AES-CTR", kAesBits, make_factory<mb::AesStreamMode<mb::AesStream::Ctr>>()},
    {"AES-CCM", kAesBits, make_factory<mb::AesCcm>()},
    {"AES-GCM", kAesBits, make_factory<mb::AesGcm>()},
    {"AES-XTS", kXtsBits, make_factory<mb::AesXts>()},
    {"CHACHA20", k256Bits, make_factory<mb::ChaCha20>()},
    {"CHACHA20-POLY1305", k256Bits, make_factory<mb::ChaChaPoly>()},
    // The other block ciphers: CBC with PKCS#7 padding, IV = one block (8 or 16 bytes).
    {"DES", k64Bits, make_factory<mb::PaddedBlockMode<mb::DesTraits>>()},
    {"2DES", k128Bits, make_factory<mb::PaddedBlockMode<mb::Des3Traits>>()},  // K1 || K2, K3 = K1
    {"3DES", k192Bits, make_factory<mb::PaddedBlockMode<mb::Des3Traits>>()},  // K1 || K2 || K3
    {"RC4", k128Bits, make_factory<mb::Rc4>()},
    {"BLOWFISH", k128Bits, make_factory<mb::PaddedBlockMode<mb::BlowfishTraits>>()},
    {"CAMELLIA", kAesBits, make_factory<mb::PaddedBlockMode<mb::CamelliaTraits>>()},
    {"RSA-OAEP", kRsaBits, mb::rsa_oaep(MBEDTLS_MD_SHA1)},
    {"RSA-OAEP-SHA256", kRsaBits, mb::rsa_oaep(MBEDTLS_MD_SHA256)},
    {"SHA1", kNoKey, make_factory<mb::Digest>(MBEDTLS_MD_SHA1)},
    {"SHA2-224", kNoKey, make_factory<mb::Digest>(MBEDTLS_MD_SHA224)},
    {"SHA2-256", kNoKey, make_factory<mb::Digest>(MBEDTLS_MD_SHA256)},
    {"SHA2-384", kNoKey, make_factory<mb::Digest>(MBEDTLS_MD_SHA384)},
    {"SHA2-512", kNoKey, make_factory<mb::Digest>(MBEDTLS_MD_SHA512)},
    {"MD5", kNoKey, make_factory<mb::Digest>(MBEDTLS_MD_MD5)},
    {"RIPEMD-160", kNoKey, make_factory<mb::Digest>(MBEDTLS_MD_RIPEMD160)},
    {"RSA-PSS", kRsaBits, mb::signature(Scheme::RsaPss, MBEDTLS_MD_SHA256)},
    {"RSA-PKCS1V15-SHA1", kRsaBits, mb::signature(Scheme::RsaPkcs1v15, MBEDTLS_MD_SHA1)},
    {"RSA-PKCS1V15-SHA256", kRsaBits, mb::signature(Scheme::RsaPkcs1v15, MBEDTLS_MD_SHA256)},
    {"RSA-PKCS1V15-ENC", kRsaBits, mb::rsa_pkcs1v15_encryption()},
    {"ECDSA", k256Bits, mb::signature(Scheme::Ecdsa, MBEDTLS_MD_SHA256, MBEDTLS_ECP_DP_SECP256R1)},
    {"ECDSA-P384", KeyBits::list({384}),
     mb::signature(Scheme::Ecdsa, MBEDTLS_MD_SHA384, MBEDTLS_ECP_DP_SECP384R1)},
    {"ECDSA-P521", KeyBits::list({521}),
     mb::signature(Scheme::Ecdsa, MBEDTLS_MD_SHA512, MBEDTLS_ECP_DP_SECP521R1)},
    {"ECDSA-SECP256K1", k256Bits, mb::signature(Scheme::Ecdsa, MBEDTLS_MD_SHA256, MBEDTLS_ECP_DP_SECP256K1)},
    {"PBKDF2-SHA256", kNoKey, mb::kdf(mb::KdfKind::Pbkdf2, MBEDTLS_MD_SHA256)},
    {"PBKDF2-SHA1", kNoKey, mb::kdf(mb::KdfKind::Pbkdf2, MBEDTLS_MD_SHA1)},
    {"HKDF-SHA256", kNoKey, mb::kdf(mb::KdfKind::Hkdf, MBEDTLS_MD_SHA256)},
    {"HKDF-SHA512", kNoKey, mb::kdf(mb::KdfKind::Hkdf, MBEDTLS_MD_SHA512)},
    {"X25519", k256Bits, mb::montgomery(MBEDTLS_ECP_DP_CURVE25519)},
    {"ECDH-P256", k256Bits, mb::ecdh(MBEDTLS_ECP_DP_SECP256R1)},
    {"ECDH-P384", KeyBits::list({384}), mb::ecdh(MBEDTLS_ECP_DP_SECP384R1)},
    {"FFDHE2048", KeyBits::list({2048}), mb::ffdhe2048()},
    {"HMAC-SHA1", k256Bits, make_factory<mb::Hmac>(MBEDTLS_MD_SHA1)},
    {"HMAC-SHA2-224", k256Bits, make_factory<mb::Hmac>(MBEDTLS_MD_SHA224)},
    {"HMAC-SHA2-256", k256Bits, make_factory<mb::Hmac>(MBEDTLS_MD_SHA256)},
    {"HMAC-SHA2-384", k256Bits, make_factory<mb::Hmac>(MBEDTLS_MD_SHA384)},
    {"HMAC-SHA2-512", k256Bits, make_factory<mb::Hmac>(MBEDTLS_MD_SHA512)},
    {"HMAC-MD5", k256Bits, make_factory<mb::Hmac>(MBEDTLS_MD_MD5)},
    {"HMAC-RIPEMD-160", k256Bits, make_factory<mb::Hmac>(MBEDTLS_MD_RIPEMD160)},
    {"CMAC-AES", kAesBits, make_factory<mb::CmacAes>()},
    {"GMAC-AES", kAesBits, make_factory<mb::AesGcm>(true)},
    {"POLY1305", k256Bits, make_factory<mb::Poly1305>()},
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
  // mbedtls_aesni_has_support is the CPUID test aes.c and gcm.c make before taking the AES-NI / PCLMULQDQ
  // code paths. Mbed TLS 2.28 has no other accelerated code on x86-64 (SHA and ChaCha20 are portable C).
  // The test is declared only where aesni.h has AES-NI code for the target (MBEDTLS_AESNI_HAVE_CODE): on
  // aarch64 Mbed TLS 2.28 has no accelerated code at all (its Armv8 AES code came in 3.x), so "".
  static const std::string accel = [] {
    std::string out;
#if defined(MBEDTLS_AESNI_C) && defined(MBEDTLS_AESNI_HAVE_CODE)
    if (mbedtls_aesni_has_support(MBEDTLS_AESNI_AES)) out = "AES-NI";
    if (mbedtls_aesni_has_support(MBEDTLS_AESNI_CLMUL)) out += out.empty() ? "PCLMUL" : ", PCLMUL";
#endif
    return out;
  }();
  return accel.c_str();
}

}  // namespace

CRYPTAUDITOR_BACKEND("mbedtls", "Mbed TLS", library_version, acceleration, kRows)
