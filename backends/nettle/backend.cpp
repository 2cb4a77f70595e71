// The Nettle 3.8 backend. Nettle is a toolkit of low-level functions with no by-name factory: a block
// cipher is a (context, set-key, encrypt, decrypt) quadruple, and the modes (CBC, CFB, CTR, XTS, GCM, CCM,
// EAX, CMAC) are generic functions taking that cipher's context and encrypt function. Each row therefore
// names a BlockCipher description (from Nettle's own `nettle_cipher` tables where it has one) and the mode;
// the stream ciphers, hashes and HMAC use Nettle's functions directly. This file is the table; the contexts
// are in symmetric.cpp, public_key.cpp and kdf_kex.cpp. docs/backends/nettle.md says what one timed
// operation contains.
#include <nettle/nettle-meta.h>
#include <nettle/version.h>

#include <string>

#include "cryptauditor/backend_sdk.hpp"
#include "deviations.hpp"
#include "nettle_backend.hpp"

namespace ca::backend_nettle {
namespace {

using ca::sdk::KeyBits;
using ca::sdk::Row;

const ca::sdk::Takes kAnyLengths{.tags = ca::sdk::Lengths::catalog(), .nonces = ca::sdk::Lengths::catalog()};

const Row kRows[] = {
    {"AES-ECB", ecb(aes)},
    {"AES-CBC", cbc(aes)},                 // cbc_aesN_encrypt / cbc_decrypt
    {"AES-CFB", stream(StreamMode::Cfb)},  // cfb_encrypt is CFB-128 (cfb8_* is CFB-8)
    {"AES-CTR", stream(StreamMode::Ctr)},
    // Nettle's gcm_*, ccm_* and eax_* take the nonce and tag lengths per call: every length the catalog
    // declares.
    {"AES-CCM", block_aead(AeadMode::Ccm), kAnyLengths},
    {"AES-GCM", block_aead(AeadMode::Gcm), kAnyLengths},
    {"AES-EAX", block_aead(AeadMode::Eax), kAnyLengths},
    {"CHACHA20", chacha20()},
    {"SALSA20", salsa20()},
    {"CHACHA20-POLY1305", chacha20_poly1305()},
    {"AES-XTS", KeyBits::list({128, 256}), stream(StreamMode::Xts)},  // xts_aes128 / xts_aes256 only
    // The other block ciphers: CBC with PKCS#7 padding, IV = one block.
    {"DES", cbc(des_any)},
    {"2DES", cbc(des2_any)},
    {"3DES", cbc(des3_any)},
    {"RC2", cbc(rc2)},
    {"RC4", rc4()},
    {"TWOFISH", cbc(twofish)},
    {"BLOWFISH", cbc(blowfish_any)},
    {"CAMELLIA", cbc(camellia)},
    {"SERPENT", cbc(serpent)},
    {"CAST5", cbc(cast5)},
    {"SHA1", digest(nettle_sha1)},
    {"SHA2-224", digest(nettle_sha224)},
    {"SHA2-256", digest(nettle_sha256)},
    {"SHA2-384", digest(nettle_sha384)},
    {"SHA2-512", digest(nettle_sha512)},
    {"SHA2-512/256", digest(nettle_sha512_256)},  // its own initial values (FIPS 180-4)
    {"SHA3-224", digest(nettle_sha3_224)},
    {"SHA3-256", digest(nettle_sha3_256)},
    {"SHA3-384", digest(nettle_sha3_384)},
    {"SHA3-512", digest(nettle_sha3_512)},
    {"SHAKE256", shake256()},
    {"MD5", digest(nettle_md5)},
    {"RIPEMD-160", digest(nettle_ripemd160)},
    {"SM3", digest(nettle_sm3)},
    {"RSA-PSS", rsa_pss_sha256_factory()},  // MGF1-SHA-256, 32-byte salt
    {"RSA-PKCS1V15-SHA1", rsa_pkcs1_sha1_factory()},
    {"RSA-PKCS1V15-SHA256", rsa_pkcs1_sha256_factory()},
    {"RSA-PKCS1V15-SHA512", rsa_pkcs1_sha512_factory()},
    {"RSA-PSS-SHA512", rsa_pss_sha512_factory()},  // MGF1-SHA-512, 64-byte salt
    {"ECDSA", ecdsa_factory()},
    {"EDDSA", ed25519_factory()},
    {"PBKDF2-SHA256", pbkdf2_sha256_factory()},
    {"PBKDF2-SHA1", pbkdf2_sha1_factory()},
    {"HKDF-SHA256", hkdf_sha256_factory()},
    {"HKDF-SHA512", hkdf_sha512_factory()},
    {"X25519", x25519_factory()},
    {"X448", x448_factory()},
    {"HMAC-SHA1", hmac(nettle_sha1)},
    {"HMAC-SHA2-224", hmac(nettle_sha224)},
    {"HMAC-SHA2-256", hmac(nettle_sha256)},
    {"HMAC-SHA2-384", hmac(nettle_sha384)},
    {"HMAC-SHA2-512", hmac(nettle_sha512)},
    {"HMAC-SHA3-256", hmac(nettle_sha3_256)},  // generic HMAC, SHA-3's 136-byte block
    {"HMAC-SHA3-512", hmac(nettle_sha3_512)},
    {"HMAC-MD5", hmac(nettle_md5)},
    {"HMAC-RIPEMD-160", hmac(nettle_ripemd160)},
    {"CMAC-AES", cmac_aes()},
    {"GMAC-AES", gmac_aes(), ca::sdk::Takes::nonce_lengths(ca::sdk::Lengths::catalog())},
};

const char* library_version() {
  // The runtime library's version (nettle_version_major / _minor; Nettle reports no patch level).
  static const std::string version =
      std::to_string(nettle_version_major()) + "." + std::to_string(nettle_version_minor());
  return version.c_str();
}

// Nettle chooses its AES-NI, PCLMUL and SHA-NI code at load time (a "fat" build, as Debian's is) but has no
// call that says which it chose: unknown.
const char* acceleration() { return ""; }

}  // namespace
}  // namespace ca::backend_nettle

CRYPTAUDITOR_DEVIATIONS(ca::backend_nettle::kDeviations)
CRYPTAUDITOR_BACKEND("nettle", "Nettle", ca::backend_nettle::library_version,
                     ca::backend_nettle::acceleration, ca::backend_nettle::kRows)
