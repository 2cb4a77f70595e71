// The Crypto++ 8.7 backend. Crypto++ has no by-name factory, so each row instantiates one of the context
// templates in symmetric.hpp / public_key.hpp with the Crypto++ classes that compute exactly the catalog's
// function (docs/CATALOG.md). docs/backends/cryptopp.md says what one timed operation contains.
#include <crypto++/aes.h>
#include <crypto++/ccm.h>
#include <crypto++/chacha.h>
#include <crypto++/chachapoly.h>
#include <crypto++/cpu.h>
#include <crypto++/eax.h>
#include <crypto++/gcm.h>
#include <crypto++/modes.h>
#include <crypto++/oaep.h>
#include <crypto++/pssr.h>
#include <crypto++/salsa.h>
#include <crypto++/sha.h>
#include <crypto++/sha3.h>

#include <string>
#include <vector>

#include "cryptauditor/backend_sdk.hpp"
#include "public_key.hpp"
#include "symmetric.hpp"

namespace {

using namespace CryptoPP;
using ca::sdk::KeyBits;
using ca::sdk::make_factory;
using ca::sdk::Row;
namespace cc = ca::cryptopp;

const KeyBits kAesBits = KeyBits::list({128, 192, 256});
const KeyBits k256Bits = KeyBits::list({256});
const KeyBits kRsaBits = KeyBits::range(1024, 16384, 8);
const KeyBits kNoKey = KeyBits::list({0});

// GCM<AES> uses GCM_2K_Tables. With CLMUL (checked at run time by Crypto++) the table option is ignored:
// GHASH runs on PCLMULQDQ with an 8-block table of powers of H either way; the docs give the measurement.
const Row kRows[] = {
    {"AES-ECB", kAesBits, make_factory<cc::PaddedBlockMode<ECB_Mode<AES>, 0>>()},
    {"AES-CBC", kAesBits, make_factory<cc::PaddedBlockMode<CBC_Mode<AES>, 16>>()},
    {"AES-CFB", kAesBits, make_factory<cc::StreamCipher<CFB_Mode<AES>, 16>>()},  // feedback = block size
    {"AES-OFB", kAesBits, make_factory<cc::StreamCipher<OFB_Mode<AES>, 16>>()},
    {"AES-CTR", kAesBits, make_factory<cc::StreamCipher<CTR_Mode<AES>, 16>>()},  // 128-bit big-endian counter
    {"AES-CCM", kAesBits, make_factory<cc::Aead<CCM<AES, 16>, 12>>()},
    {"AES-GCM", kAesBits, make_factory<cc::Aead<GCM<AES>, 12>>()},
    {"AES-EAX", kAesBits, make_factory<cc::Aead<EAX<AES>, 16>>()},
    {"CHACHA20", k256Bits, make_factory<cc::StreamCipher<ChaChaTLS, 12>>()},  // RFC 8439, counter from 0
    {"SALSA20", k256Bits, make_factory<cc::StreamCipher<Salsa20, 8>>()},      // 20 rounds by default
    {"CHACHA20-POLY1305", k256Bits, make_factory<cc::Aead<ChaCha20Poly1305, 12>>()},
    {"XCHACHA20-POLY1305", k256Bits, make_factory<cc::Aead<XChaCha20Poly1305, 24>>()},
    // OAEP<H> uses MGF1 with the same H and an empty label.
    {"RSA-OAEP", kRsaBits, cc::key_pair_factory<cc::RsaEncryption, RSAES<OAEP<SHA1>>, cc::RsaFamily>()},
    {"RSA-OAEP-SHA256", kRsaBits,
     cc::key_pair_factory<cc::RsaEncryption, RSAES<OAEP<SHA256>>, cc::RsaFamily>()},
    {"SHA1", kNoKey, make_factory<cc::Digest<SHA1>>()},
    {"SHA2-224", kNoKey, make_factory<cc::Digest<SHA224>>()},
    {"SHA2-256", kNoKey, make_factory<cc::Digest<SHA256>>()},
    {"SHA2-384", kNoKey, make_factory<cc::Digest<SHA384>>()},
    {"SHA2-512", kNoKey, make_factory<cc::Digest<SHA512>>()},
    {"SHA3-224", kNoKey, make_factory<cc::Digest<SHA3_224>>()},  // FIPS 202 padding (Keccak_224 is the other)
    {"SHA3-256", kNoKey, make_factory<cc::Digest<SHA3_256>>()},
    {"SHA3-384", kNoKey, make_factory<cc::Digest<SHA3_384>>()},
    {"SHA3-512", kNoKey, make_factory<cc::Digest<SHA3_512>>()},
    // PSS = PSSR_MEM<false> with SALT_LEN = -1: salt as long as the digest (32 bytes), MGF1 with SHA-256.
    {"RSA-PSS", kRsaBits, cc::key_pair_factory<cc::Signature, RSASS<PSS, SHA256>, cc::RsaFamily>()},
    {"RSA-PKCS1V15-SHA1", kRsaBits,
     cc::key_pair_factory<cc::Signature, RSASS<PKCS1v15, SHA1>, cc::RsaFamily>()},
    {"RSA-PKCS1V15-SHA256", kRsaBits,
     cc::key_pair_factory<cc::Signature, RSASS<PKCS1v15, SHA256>, cc::RsaFamily>()},
    {"ECDSA", k256Bits, cc::key_pair_factory<cc::Signature, ECDSA<ECP, SHA256>, cc::P256Family>()},
    {"EDDSA", k256Bits, cc::key_pair_factory<cc::Signature, ed25519, cc::Ed25519Family>()},
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
    struct Probe {
      std::string provider;
      const char* expected;
      const char* feature;
    };
    const std::vector<Probe> probes = {
        {provider_of<AES::Encryption>(), "AESNI", "AES-NI"},
        {HasCLMUL() ? "CLMUL" : "", "CLMUL", "PCLMUL"},
        {provider_of<SHA256>(), "SHANI", "SHA-NI"},
        {provider_of<ChaChaTLS::Encryption, SymmetricCipher>(), "AVX2", "AVX2"},
        {provider_of<SHA512>(), "SSE2", "SSE2"},
    };
    std::string out;
    for (const Probe& probe : probes)
      if (probe.provider == probe.expected) out += (out.empty() ? "" : ", ") + std::string(probe.feature);
    return out;
  }();
  return accel.c_str();
}

}  // namespace

CRYPTAUDITOR_BACKEND("cryptopp", "Crypto++", library_version, acceleration, kRows)
