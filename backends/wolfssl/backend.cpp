// The wolfSSL 5.5.4 backend (wolfCrypt): the row table, library_version() and acceleration(). Only what
// Debian's build compiled in (/usr/include/wolfssl/options.h) has a row; docs/backends/wolfssl.md lists
// what one timed operation contains and what is missing.
#include <wolfssl/options.h>
//
#include <wolfssl/ssl.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/md5.h>
#include <wolfssl/wolfcrypt/sha.h>
#include <wolfssl/wolfcrypt/sha256.h>
#include <wolfssl/wolfcrypt/sha3.h>
#include <wolfssl/wolfcrypt/sha512.h>

#include <string>

#include "cryptauditor/backend_sdk.hpp"
#include "deviations.hpp"
#include "symmetric.hpp"
#include "wolfssl_backend.hpp"

namespace {

using ca::sdk::KeyBits;
using ca::sdk::make_factory;
using ca::sdk::Row;
namespace ws = ca::backend_wolfssl;

// Digests without a one-shot wc_*Hash function in 5.5.4, in the HashFn shape.
int ripemd160(const byte* data, word32 length, byte* out) {
  RipeMd ctx;
  int ret = wc_InitRipeMd(&ctx);
  if (ret == 0) ret = wc_RipeMdUpdate(&ctx, data, length);
  if (ret == 0) ret = wc_RipeMdFinal(&ctx, out);
  return ret;
}
int blake2b(const byte* data, word32 length, byte* out) {
  Blake2b ctx;
  int ret = wc_InitBlake2b(&ctx, BLAKE2B_OUTBYTES);
  if (ret == 0) ret = wc_Blake2bUpdate(&ctx, data, length);
  if (ret == 0) ret = wc_Blake2bFinal(&ctx, out, BLAKE2B_OUTBYTES);
  return ret;
}
int blake2s(const byte* data, word32 length, byte* out) {
  Blake2s ctx;
  int ret = wc_InitBlake2s(&ctx, BLAKE2S_OUTBYTES);
  if (ret == 0) ret = wc_Blake2sUpdate(&ctx, data, length);
  if (ret == 0) ret = wc_Blake2sFinal(&ctx, out, BLAKE2S_OUTBYTES);
  return ret;
}
int shake256_64(const byte* data, word32 length, byte* out) { return wc_Shake256Hash(data, length, out, 64); }

// RSA_MAX_SIZE 4096 in Debian's options.h (SP_INT_BITS 4096): larger keys do not fit wolfCrypt's integers.
const KeyBits kRsaUpTo4096Bits = KeyBits::range(1024, 4096, 8);

const Row kRows[] = {
    {"AES-ECB", make_factory<ws::PaddedBlockMode<ws::AesEcbTraits, false>>()},
    {"AES-CBC", make_factory<ws::PaddedBlockMode<ws::AesCbcTraits>>()},
    {"AES-CFB", make_factory<ws::AesStreamMode<ws::AesStream::Cfb128>>()},
    {"AES-OFB", make_factory<ws::AesStreamMode<ws::AesStream::Ofb>>()},
    {"AES-CTR", make_factory<ws::AesStreamMode<ws::AesStream::Ctr>>()},
    // wc_AesCcm* take SP 800-38C's nonces and tags; wc_AesGcm* IVs of any non-zero length and tags of
    // WOLFSSL_MIN_AUTH_TAG_SZ (12 in this build's default) to 16 bytes.
    {"AES-CCM", make_factory<ws::AesAead<ws::AesAeadMode::Ccm>>(),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::catalog(), .nonces = ca::sdk::Lengths::catalog()}},
    {"AES-GCM", make_factory<ws::AesAead<ws::AesAeadMode::Gcm>>(),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::range(12, 16), .nonces = ca::sdk::Lengths::catalog()}},
    {"AES-SIV", make_factory<ws::AesSiv>(),
     ca::sdk::Takes{.tags = {}, .nonces = ca::sdk::Lengths::catalog(), .empty_ad_component = true}},
    {"AES-XTS", KeyBits::list({128, 256}),
     make_factory<ws::AesXts>()},  // wc_AesXtsSetKey: 32- or 64-byte keys
    {"CHACHA20", make_factory<ws::ChaCha20>()},
    {"CHACHA20-POLY1305", make_factory<ws::ChaChaPoly>()},
    {"XCHACHA20-POLY1305", make_factory<ws::XChaChaPoly>()},
    {"XCHACHA20", make_factory<ws::XChaCha20>()},
    // The other block ciphers: CBC with PKCS#7 padding, IV = one block (8 or 16 bytes).
    {"DES", make_factory<ws::PaddedBlockMode<ws::DesTraits>>()},
    {"2DES", make_factory<ws::PaddedBlockMode<ws::Des3Traits>>()},  // K1 || K2 || K1
    {"3DES", make_factory<ws::PaddedBlockMode<ws::Des3Traits>>()},
    {"RC4", make_factory<ws::Rc4>()},
    {"CAMELLIA", make_factory<ws::PaddedBlockMode<ws::CamelliaTraits>>()},
    {"SHA1", make_factory<ws::Digest>(&wc_ShaHash)},
    {"SHA2-224", make_factory<ws::Digest>(&wc_Sha224Hash)},
    {"SHA2-256", make_factory<ws::Digest>(&wc_Sha256Hash)},
    {"SHA2-384", make_factory<ws::Digest>(&wc_Sha384Hash)},
    {"SHA2-512", make_factory<ws::Digest>(&wc_Sha512Hash)},
    {"SHA2-512/256", make_factory<ws::Digest>(&wc_Sha512_256Hash)},
    {"SHA3-224", make_factory<ws::Digest>(&wc_Sha3_224Hash)},
    {"SHA3-256", make_factory<ws::Digest>(&wc_Sha3_256Hash)},
    {"SHA3-384", make_factory<ws::Digest>(&wc_Sha3_384Hash)},
    {"SHA3-512", make_factory<ws::Digest>(&wc_Sha3_512Hash)},
    // No SHAKE128: Debian configures WOLFSSL_NO_SHAKE128.
    {"SHAKE256", make_factory<ws::Digest>(&shake256_64)},
    {"BLAKE2B", make_factory<ws::Digest>(&blake2b)},
    {"BLAKE2S", make_factory<ws::Digest>(&blake2s)},
    {"MD5", make_factory<ws::Digest>(&wc_Md5Hash)},
    {"RIPEMD-160", make_factory<ws::Digest>(&ripemd160)},
    {"HMAC-SHA1", make_factory<ws::KeyedHmac>(int{WC_SHA})},
    {"HMAC-SHA2-224", make_factory<ws::KeyedHmac>(int{WC_SHA224})},
    {"HMAC-SHA2-256", make_factory<ws::KeyedHmac>(int{WC_SHA256})},
    {"HMAC-SHA2-384", make_factory<ws::KeyedHmac>(int{WC_SHA384})},
    {"HMAC-SHA2-512", make_factory<ws::KeyedHmac>(int{WC_SHA512})},
    {"HMAC-SHA3-256", make_factory<ws::KeyedHmac>(int{WC_SHA3_256})},
    {"HMAC-SHA3-512", make_factory<ws::KeyedHmac>(int{WC_SHA3_512})},
    {"HMAC-MD5", make_factory<ws::KeyedHmac>(int{WC_MD5})},
    {"CMAC-AES", make_factory<ws::CmacAes>()},
    {"GMAC-AES", make_factory<ws::GmacAes>(), ca::sdk::Takes::nonce_lengths(ca::sdk::Lengths::catalog())},
    {"POLY1305", make_factory<ws::Poly1305Mac>()},
    {"SIPHASH", make_factory<ws::SipHashMac>()},
    {"RSA-OAEP", kRsaUpTo4096Bits, ws::rsa_oaep(WC_HASH_TYPE_SHA, WC_MGF1SHA1)},
    {"RSA-OAEP-SHA256", kRsaUpTo4096Bits, ws::rsa_oaep(WC_HASH_TYPE_SHA256, WC_MGF1SHA256)},
    {"RSA-PSS", kRsaUpTo4096Bits, ws::signature(ws::SignatureScheme::RsaPss, WC_HASH_TYPE_SHA256)},
    {"RSA-PKCS1V15-SHA1", kRsaUpTo4096Bits,
     ws::signature(ws::SignatureScheme::RsaPkcs1v15, WC_HASH_TYPE_SHA)},
    {"RSA-PKCS1V15-SHA256", kRsaUpTo4096Bits,
     ws::signature(ws::SignatureScheme::RsaPkcs1v15, WC_HASH_TYPE_SHA256)},
    {"RSA-PKCS1V15-SHA512", kRsaUpTo4096Bits,
     ws::signature(ws::SignatureScheme::RsaPkcs1v15, WC_HASH_TYPE_SHA512)},
    {"RSA-PSS-SHA512", kRsaUpTo4096Bits, ws::signature(ws::SignatureScheme::RsaPss, WC_HASH_TYPE_SHA512)},
    {"RSA-PKCS1V15-ENC", kRsaUpTo4096Bits, ws::rsa_pkcs1v15_encryption()},
    {"ECDSA", ws::signature(ws::SignatureScheme::Ecdsa, WC_HASH_TYPE_SHA256, ECC_SECP256R1)},
    {"ECDSA-P384", ws::signature(ws::SignatureScheme::Ecdsa, WC_HASH_TYPE_SHA384, ECC_SECP384R1)},
    {"ECDSA-P521", ws::signature(ws::SignatureScheme::Ecdsa, WC_HASH_TYPE_SHA512, ECC_SECP521R1)},
    {"EDDSA", ws::signature(ws::SignatureScheme::Ed25519, WC_HASH_TYPE_NONE)},
    {"ED448", ws::signature(ws::SignatureScheme::Ed448, WC_HASH_TYPE_NONE)},
    {"PBKDF2-SHA256", ws::kdf(ws::KdfKind::Pbkdf2, WC_SHA256)},
    {"PBKDF2-SHA1", ws::kdf(ws::KdfKind::Pbkdf2, WC_SHA)},
    {"HKDF-SHA256", ws::kdf(ws::KdfKind::Hkdf, WC_SHA256)},
    {"HKDF-SHA512", ws::kdf(ws::KdfKind::Hkdf, WC_SHA512)},
    {"SCRYPT", ws::kdf(ws::KdfKind::Scrypt, 0)},
    {"X25519", ws::x25519()},
    {"X448", ws::x448()},
    {"ECDH-P256", ws::ecdh(ECC_SECP256R1)},
    {"ECDH-P384", ws::ecdh(ECC_SECP384R1)},
    {"ECDH-P521", ws::ecdh(ECC_SECP521R1)},
    {"FFDHE2048", ws::ffdhe2048()},
};

const char* library_version() { return wolfSSL_lib_version(); }  // of the loaded libwolfssl.so

const char* acceleration() {
  // wolfCrypt has no run-time query, but its build flags are in options.h: read from them. Debian builds it
  // without --enable-aesni / --enable-intelasm (neither WOLFSSL_AESNI nor USE_INTEL_SPEEDUP), so AES, GHASH,
  // SHA-2 and ChaCha20 run portable C; only the big-integer code has x86-64 assembly (WOLFSSL_SP_X86_64),
  // which is not a CPU extension. The same holds for Debian's arm64 build: no WOLFSSL_ARMASM (ARMv8
  // AES/PMULL/SHA-2 code), only the big-integer assembly (WOLFSSL_SP_ARM64). "none: why" is the SDK's
  // spelling of "this build has none", which the report and `list --backends` hold against the CPU's
  // extensions (core/host/machine_check.hpp).
#if defined(WOLFSSL_AESNI) || defined(USE_INTEL_SPEEDUP) || defined(WOLFSSL_ARMASM)
  static const std::string names = [] {
    std::string out;
#if defined(WOLFSSL_AESNI)
    out += "AES-NI (WOLFSSL_AESNI)";
#endif
#if defined(USE_INTEL_SPEEDUP)
    out += std::string(out.empty() ? "" : ", ") + "AVX/AVX2 (USE_INTEL_SPEEDUP)";
#endif
#if defined(WOLFSSL_ARMASM)
    out += std::string(out.empty() ? "" : ", ") + "ARMv8 crypto (WOLFSSL_ARMASM)";
#endif
    return out;
  }();
  return names.c_str();
#else
  return "none: built without WOLFSSL_AESNI, USE_INTEL_SPEEDUP and WOLFSSL_ARMASM (wolfssl/options.h), so "
         "AES, GHASH, SHA-2 and ChaCha20 run portable C";
#endif
}

}  // namespace

CRYPTAUDITOR_DEVIATIONS(ca::backend_wolfssl::kDeviations)
CRYPTAUDITOR_BACKEND("wolfssl", "wolfSSL", library_version, acceleration, kRows)
