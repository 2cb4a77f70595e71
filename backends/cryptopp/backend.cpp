// The Crypto++ 8.7 backend. Crypto++ has no by-name factory, so each row instantiates one of the context
// templates in symmetric.hpp / public_key.hpp with the Crypto++ classes that compute exactly the catalog's
// function (docs/CATALOG.md). docs/backends/cryptopp.md says what one timed operation contains.

// MD5 and ARC4 live in CryptoPP::Weak only with this defined before their headers (else they are imported
// into CryptoPP with a deprecation #warning, which -Werror turns into an error).
#define CRYPTOPP_ENABLE_NAMESPACE_WEAK 1

#include <crypto++/aes.h>
#include <crypto++/arc4.h>
#include <crypto++/aria.h>
#include <crypto++/blake2.h>
#include <crypto++/blowfish.h>
#include <crypto++/camellia.h>
#include <crypto++/cast.h>
#include <crypto++/ccm.h>
#include <crypto++/chacha.h>
#include <crypto++/chachapoly.h>
#include <crypto++/cmac.h>
#include <crypto++/cpu.h>
#include <crypto++/des.h>
#include <crypto++/eax.h>
#include <crypto++/gcm.h>
#include <crypto++/hmac.h>
#include <crypto++/idea.h>
#include <crypto++/md5.h>
#include <crypto++/modes.h>
#include <crypto++/oaep.h>
#include <crypto++/poly1305.h>
#include <crypto++/pssr.h>
#include <crypto++/rc2.h>
#include <crypto++/rc5.h>
#include <crypto++/rc6.h>
#include <crypto++/ripemd.h>
#include <crypto++/salsa.h>
#include <crypto++/serpent.h>
#include <crypto++/sha.h>
#include <crypto++/sha3.h>
#include <crypto++/shake.h>
#include <crypto++/siphash.h>
#include <crypto++/sm3.h>
#include <crypto++/sm4.h>
#include <crypto++/twofish.h>
#include <crypto++/whrlpool.h>
#include <crypto++/xts.h>

#include <string>
#include <utility>

#include "cryptauditor/backend_sdk.hpp"
#include "deviations.hpp"
#include "kdf_kex.hpp"
#include "public_key.hpp"
#include "symmetric.hpp"

namespace {

using namespace CryptoPP;
using ca::sdk::KeyBits;
using ca::sdk::make_factory;
using ca::sdk::Row;
namespace cc = ca::backend_cryptopp;

// GCM<AES> uses GCM_2K_Tables. With CLMUL (checked at run time by Crypto++) the table option is ignored:
// GHASH runs on PCLMULQDQ with an 8-block table of powers of H either way; the docs give the measurement.
const Row kRows[] = {
    {"AES-ECB", make_factory<cc::PaddedBlockMode<ECB_Mode<AES>>>()},
    {"AES-CBC", make_factory<cc::PaddedBlockMode<CBC_Mode<AES>>>()},
    {"AES-CFB", make_factory<cc::StreamCipher<CFB_Mode<AES>>>()},  // feedback = block size
    {"AES-OFB", make_factory<cc::StreamCipher<OFB_Mode<AES>>>()},
    {"AES-CTR", make_factory<cc::StreamCipher<CTR_Mode<AES>>>()},  // 128-bit big-endian counter
    // CCM<AES, 16> fixes the tag at 16 bytes (a template argument); its nonces are SP 800-38C's 7..13.
    // GCM and EAX truncate the tag in EncryptAndAuthenticate; they need a non-empty IV at key setup.
    {"AES-CCM", make_factory<cc::Aead<CCM<AES, 16>>>(),
     ca::sdk::Takes::nonce_lengths(ca::sdk::Lengths::catalog())},
    {"AES-GCM", make_factory<cc::Aead<GCM<AES>>>(),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::catalog(), .nonces = ca::sdk::Lengths::range(1, 1024)}},
    {"AES-EAX", make_factory<cc::Aead<EAX<AES>>>(),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::catalog(), .nonces = ca::sdk::Lengths::range(1, 1024)}},
    {"CHACHA20", make_factory<cc::StreamCipher<ChaChaTLS>>()},  // RFC 8439, counter from 0
    {"SALSA20", make_factory<cc::StreamCipher<Salsa20>>()},     // 20 rounds by default
    {"CHACHA20-POLY1305", make_factory<cc::Aead<ChaCha20Poly1305>>()},
    {"XCHACHA20-POLY1305", make_factory<cc::Aead<XChaCha20Poly1305>>()},
    // HChaCha20 on the first 16 nonce bytes, then ChaCha20 (64-bit counter, the same bytes as the IETF
    // 32-bit one below 256 GiB) from block 0: Crypto++'s default first block is 1.
    {"XCHACHA20", make_factory<cc::StreamCipher<XChaCha20>>(cc::Keying{.initial_block = 0})},
    {"XSALSA20", make_factory<cc::StreamCipher<XSalsa20>>()},
    {"AES-XTS", make_factory<cc::TweakedBlockMode<XTS_Mode<AES>>>()},
    // The other block ciphers: CBC with PKCS#7 padding, IV = one block (8 or 16 bytes).
    {"DES", make_factory<cc::PaddedBlockMode<CBC_Mode<DES>>>()},        // parity bits ignored
    {"2DES", make_factory<cc::PaddedBlockMode<CBC_Mode<DES_EDE2>>>()},  // K1 || K2, K3 = K1
    {"3DES", make_factory<cc::PaddedBlockMode<CBC_Mode<DES_EDE3>>>()},  // K1 || K2 || K3
    {"DESX",
     make_factory<cc::PaddedBlockMode<CBC_Mode<DES_XEX3>>>(cc::Keying{.swap_first_two_des_keys = true})},
    {"RC2", make_factory<cc::PaddedBlockMode<CBC_Mode<RC2>>>(cc::Keying{.effective_key_bits = 128})},
    {"RC4", make_factory<cc::StreamCipher<Weak::ARC4, false>>()},  // no bytes dropped (MARC4 drops 256)
    {"RC5", make_factory<cc::PaddedBlockMode<CBC_Mode<RC5>>>(cc::Keying{.rounds = 12})},  // 32-bit
    {"RC6", make_factory<cc::PaddedBlockMode<CBC_Mode<RC6>>>()},                          // 20 rounds, fixed
    {"TWOFISH", make_factory<cc::PaddedBlockMode<CBC_Mode<Twofish>>>()},
    {"BLOWFISH", make_factory<cc::PaddedBlockMode<CBC_Mode<Blowfish>>>()},
    {"IDEA", make_factory<cc::PaddedBlockMode<CBC_Mode<IDEA>>>()},
    {"CAMELLIA", make_factory<cc::PaddedBlockMode<CBC_Mode<Camellia>>>()},
    {"ARIA", make_factory<cc::PaddedBlockMode<CBC_Mode<ARIA>>>()},
    {"SM4", make_factory<cc::PaddedBlockMode<CBC_Mode<SM4>>>()},
    {"SERPENT", make_factory<cc::PaddedBlockMode<CBC_Mode<Serpent>>>()},
    {"CAST5", make_factory<cc::PaddedBlockMode<CBC_Mode<CAST128>>>()},
    // OAEP<H> uses MGF1 with the same H and an empty label.
    {"RSA-OAEP", make_factory<cc::RsaEncryption<RSAES<OAEP<SHA1>>>>()},
    {"RSA-OAEP-SHA256", make_factory<cc::RsaEncryption<RSAES<OAEP<SHA256>>>>()},
    {"RSA-PKCS1V15-ENC", make_factory<cc::RsaEncryption<RSAES<PKCS1v15>>>()},
    {"SHA1", make_factory<cc::Digest<SHA1>>()},
    {"SHA2-224", make_factory<cc::Digest<SHA224>>()},
    {"SHA2-256", make_factory<cc::Digest<SHA256>>()},
    {"SHA2-384", make_factory<cc::Digest<SHA384>>()},
    {"SHA2-512", make_factory<cc::Digest<SHA512>>()},
    {"SHA3-224", make_factory<cc::Digest<SHA3_224>>()},  // FIPS 202 padding (Keccak_224 is the other)
    {"SHA3-256", make_factory<cc::Digest<SHA3_256>>()},
    {"SHA3-384", make_factory<cc::Digest<SHA3_384>>()},
    {"SHA3-512", make_factory<cc::Digest<SHA3_512>>()},
    // No SHA-512/256 in Crypto++ 8.7 (SHA512 only; a truncated SHA-512 would have the wrong initial values).
    {"SHAKE128", make_factory<cc::Digest<SHAKE128>>(32u)},  // output length in bytes
    {"SHAKE256", make_factory<cc::Digest<SHAKE256>>(64u)},
    {"BLAKE2B", make_factory<cc::Digest<BLAKE2b>>()},  // unkeyed, 64-byte digest by default
    {"BLAKE2S", make_factory<cc::Digest<BLAKE2s>>()},  // unkeyed, 32-byte digest by default
    {"MD5", make_factory<cc::Digest<Weak::MD5>>()},
    {"RIPEMD-160", make_factory<cc::Digest<RIPEMD160>>()},
    {"SM3", make_factory<cc::Digest<SM3>>()},
    {"WHIRLPOOL", make_factory<cc::Digest<Whirlpool>>()},  // the final (2003) version
    // PSS = PSSR_MEM<false> with SALT_LEN = -1: salt as long as the digest (32 bytes), MGF1 with SHA-256.
    {"RSA-PSS", make_factory<cc::Signature<RSASS<PSS, SHA256>, cc::RsaFamily>>()},
    {"RSA-PKCS1V15-SHA1", make_factory<cc::Signature<RSASS<PKCS1v15, SHA1>, cc::RsaFamily>>()},
    {"RSA-PKCS1V15-SHA256", make_factory<cc::Signature<RSASS<PKCS1v15, SHA256>, cc::RsaFamily>>()},
    {"RSA-PKCS1V15-SHA512", make_factory<cc::Signature<RSASS<PKCS1v15, SHA512>, cc::RsaFamily>>()},
    {"RSA-PSS-SHA512", make_factory<cc::Signature<RSASS<PSS, SHA512>, cc::RsaFamily>>()},  // 64-byte salt
    {"ECDSA", make_factory<cc::Signature<ECDSA<ECP, SHA256>, cc::P256Family>>()},
    {"EDDSA", make_factory<cc::Signature<ed25519, cc::Ed25519Family>>()},
    {"ECDSA-P384", make_factory<cc::Signature<ECDSA<ECP, SHA384>, cc::EcFamily<cc::CurveP384>>>()},
    {"ECDSA-P521", make_factory<cc::Signature<ECDSA<ECP, SHA512>, cc::EcFamily<cc::CurveP521>>>()},
    {"ECDSA-SECP256K1", make_factory<cc::Signature<ECDSA<ECP, SHA256>, cc::EcFamily<cc::CurveSecp256k1>>>()},
    // No Ed448 / X448 in Crypto++ 8.7 (xed25519.h has the 25519 curves only), no Argon2.
    {"PBKDF2-SHA256", make_factory<cc::Pbkdf2<SHA256>>()},
    {"PBKDF2-SHA1", make_factory<cc::Pbkdf2<SHA1>>()},
    {"HKDF-SHA256", make_factory<cc::Hkdf<SHA256>>()},
    {"HKDF-SHA512", make_factory<cc::Hkdf<SHA512>>()},
    {"SCRYPT", make_factory<cc::ScryptKdf>()},
    {"X25519", make_factory<cc::KeyAgreement<cc::X25519Group>>()},
    {"ECDH-P256", make_factory<cc::KeyAgreement<cc::EcdhGroup<cc::CurveP256>>>()},
    {"ECDH-P384", make_factory<cc::KeyAgreement<cc::EcdhGroup<cc::CurveP384>>>()},
    {"ECDH-P521", make_factory<cc::KeyAgreement<cc::EcdhGroup<cc::CurveP521>>>()},
    {"FFDHE2048", make_factory<cc::KeyAgreement<cc::Ffdhe2048Group>>()},
    // MACs. No KMAC in Crypto++ 8.7.
    {"HMAC-SHA1", make_factory<cc::KeyedMac<HMAC<SHA1>>>()},
    {"HMAC-SHA2-224", make_factory<cc::KeyedMac<HMAC<SHA224>>>()},
    {"HMAC-SHA2-256", make_factory<cc::KeyedMac<HMAC<SHA256>>>()},
    {"HMAC-SHA2-384", make_factory<cc::KeyedMac<HMAC<SHA384>>>()},
    {"HMAC-SHA2-512", make_factory<cc::KeyedMac<HMAC<SHA512>>>()},
    {"HMAC-SHA3-256", make_factory<cc::KeyedMac<HMAC<SHA3_256>>>()},
    {"HMAC-SHA3-512", make_factory<cc::KeyedMac<HMAC<SHA3_512>>>()},
    {"HMAC-MD5", make_factory<cc::KeyedMac<HMAC<Weak::MD5>>>()},
    {"HMAC-RIPEMD-160", make_factory<cc::KeyedMac<HMAC<RIPEMD160>>>()},
    {"CMAC-AES", make_factory<cc::KeyedMac<CMAC<AES>>>()},
    {"GMAC-AES", make_factory<cc::AadOnlyMac<GCM<AES>>>(),
     ca::sdk::Takes::nonce_lengths(ca::sdk::Lengths::range(1, 1024))},
    // RFC 8439 Poly1305 with the 32-byte one-time key r || s (Poly1305<AES> is Poly1305-AES, another MAC).
    {"POLY1305", make_factory<cc::KeyedMac<Poly1305TLS>>()},
    {"SIPHASH", make_factory<cc::KeyedMac<SipHash<2, 4>>>()},  // 64-bit tag (T_128bit = false)
};

const char* library_version() {
  // LibraryVersion() is the version compiled into libcrypto++.so (870 for 8.7.0), not the headers'.
  static const std::string version = [] {
    const int v = CryptoPP::LibraryVersion();
    return std::to_string(v / 100) + "." + std::to_string(v / 10 % 10) + "." + std::to_string(v % 10);
  }();
  return version.c_str();
}

/// AlgorithmProvider() of an unkeyed object, called through the interface that declares it (stream
/// ciphers inherit it twice, from the cipher and from its policy).
template <class Object, class Interface = Object>
std::string provider_of() {
  const Object object;
  return static_cast<const Interface&>(object).AlgorithmProvider();
}

const char* acceleration() {
  // What the library's own objects report through AlgorithmProvider() on this CPU, in the spelling the
  // other backends use. GHASH has no provider string of its own (GCM reports its block cipher's), so
  // PCLMUL comes from HasCLMUL(), the test gcm.cpp itself makes before choosing the CLMUL code.
  static const std::string accel = [] {
    const std::pair<bool, const char*> features[] = {
#if defined(__x86_64__) || defined(__i386__)
      {provider_of<AES::Encryption>() == "AESNI", "AES-NI"},
      {HasCLMUL(), "PCLMUL"},
      {provider_of<SHA256>() == "SHANI", "SHA-NI"},
      {provider_of<ChaChaTLS::Encryption, SymmetricCipher>() == "AVX2", "AVX2"},
      {provider_of<SHA512>() == "SSE2", "SSE2"},       // also Salsa20 / XSalsa20, Whirlpool
      {provider_of<BLAKE2b>() == "SSE4.1", "SSE4.1"},  // BLAKE2b and BLAKE2s
#elif defined(__aarch64__)
      // The same objects name their Arm code "ARMv8" (crypto extensions) and "NEON"; GHASH again
      // follows HasPMULL(), the test gcm.cpp makes.
      {provider_of<AES::Encryption>() == "ARMv8", "ARMv8-AES"},
      {HasPMULL(), "ARMv8-PMULL"},
      {provider_of<SHA1>() == "ARMv8", "ARMv8-SHA1"},
      {provider_of<SHA256>() == "ARMv8", "ARMv8-SHA2"},
      {provider_of<ChaChaTLS::Encryption, SymmetricCipher>() == "NEON" || provider_of<BLAKE2b>() == "NEON",
       "NEON"},
#else
      {false, ""},  // no other architecture's names are known here
#endif
    };
    std::string out;
    for (const auto& [used, name] : features)
      if (used) out += (out.empty() ? "" : ", ") + std::string(name);
    return out;
  }();
  return accel.c_str();
}

}  // namespace

CRYPTAUDITOR_DEVIATIONS(ca::backend_cryptopp::kDeviations)
CRYPTAUDITOR_BACKEND("cryptopp", "Crypto++", library_version, acceleration, kRows)
