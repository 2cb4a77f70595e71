// The LibTomCrypt 1.18.2 backend. LibTomCrypt is portable C with no CPU-specific code paths (no AES-NI, no
// SHA extensions): its ciphers, hashes and PRNGs are descriptors the application registers
// (register_cipher, register_hash, register_prng) and then finds by index, and its public-key code runs on
// a math provider chosen at run time (ltc_mp = ltm_desc: LibTomMath). initialize() does both once, before
// the first row is created. This file is the table; the contexts are in symmetric.cpp and public_key.cpp.
// docs/backends/tomcrypt.md says what one timed operation contains.
#include <cstring>
#include <memory>
#include <string>

#include "cryptauditor/backend_sdk.hpp"
#include "deviations.hpp"
#include "tomcrypt_backend.hpp"

namespace ca::backend_tomcrypt {

namespace {
Registry g_registry;
}  // namespace

const Registry& registry() { return g_registry; }

void check(int err, const char* what) {
  if (err != CRYPT_OK) throw std::runtime_error(std::string(what) + ": " + error_to_string(err));
}

bool initialize() {
  ltc_mp = ltm_desc;  // Debian's build leaves the math provider to the application
  Registry& r = g_registry;
  r.aes = register_cipher(&aes_desc);
  r.des = register_cipher(&des_desc);
  r.des3 = register_cipher(&des3_desc);
  r.rc2 = register_cipher(&rc2_desc);
  r.rc5 = register_cipher(&rc5_desc);
  r.rc6 = register_cipher(&rc6_desc);
  r.twofish = register_cipher(&twofish_desc);
  r.blowfish = register_cipher(&blowfish_desc);
  r.camellia = register_cipher(&camellia_desc);
  r.cast5 = register_cipher(&cast5_desc);
  r.md5 = register_hash(&md5_desc);
  r.sha1 = register_hash(&sha1_desc);
  r.sha224 = register_hash(&sha224_desc);
  r.sha256 = register_hash(&sha256_desc);
  r.sha384 = register_hash(&sha384_desc);
  r.sha512 = register_hash(&sha512_desc);
  r.sha512_256 = register_hash(&sha512_256_desc);
  r.sha3_224 = register_hash(&sha3_224_desc);
  r.sha3_256 = register_hash(&sha3_256_desc);
  r.sha3_384 = register_hash(&sha3_384_desc);
  r.sha3_512 = register_hash(&sha3_512_desc);
  r.blake2b = register_hash(&blake2b_512_desc);
  r.blake2s = register_hash(&blake2s_256_desc);
  r.rmd160 = register_hash(&rmd160_desc);
  r.whirlpool = register_hash(&whirlpool_desc);
  r.sprng = register_prng(&sprng_desc);
  for (int index : {r.aes,      r.des,      r.des3,       r.rc2,       r.rc5,      r.rc6,      r.twofish,
                    r.blowfish, r.camellia, r.cast5,      r.md5,       r.sha1,     r.sha224,   r.sha256,
                    r.sha384,   r.sha512,   r.sha512_256, r.sha3_224,  r.sha3_256, r.sha3_384, r.sha3_512,
                    r.blake2b,  r.blake2s,  r.rmd160,     r.whirlpool, r.sprng})
    if (index < 0) return false;  // a registry full (TAB_SIZE): the loader skips the plugin
  return true;
}

namespace {

using ca::sdk::KeyBits;
using ca::sdk::Lengths;
using ca::sdk::Row;
using ca::sdk::Takes;

const Takes kAnyLengths{.tags = Lengths::catalog(), .nonces = Lengths::catalog()};

// Catalog algorithms LibTomCrypt 1.18.2 does not offer, each with its reason (supports() answers it; the
// factory is never reached).
template <const char* Reason>
const char* missing() {
  return Reason;
}
ca::sdk::Factory never() {
  return [](const ca_key_spec&) -> std::unique_ptr<ca::sdk::ContextBase> {
    throw ca::sdk::Unsupported("not offered by LibTomCrypt 1.18.2");
  };
}
constexpr char kNo25519[] = "LibTomCrypt 1.18.2 has no Curve25519 or Ed25519";
constexpr char kNo448[] = "LibTomCrypt 1.18.2 has no Curve448 or Ed448";
constexpr char kNoK1[] = "secp256k1 is not among LibTomCrypt 1.18.2's curves (ltc_ecc_sets)";
constexpr char kNoSiv[] = "LibTomCrypt 1.18.2 has no AES-SIV (RFC 5297) or AES-GCM-SIV";
constexpr char kNoSalsa[] =
    "LibTomCrypt 1.18.2 has ChaCha only: no Salsa20, XSalsa20, XChaCha20 or XChaCha20-Poly1305";
constexpr char kNoCipher[] = "not among LibTomCrypt 1.18.2's block ciphers (cipher_descriptor)";
constexpr char kNoHash[] = "not among LibTomCrypt 1.18.2's hashes (hash_descriptor)";
constexpr char kNoMac[] = "LibTomCrypt 1.18.2 has no SipHash or KMAC";
constexpr char kNoKdf[] = "LibTomCrypt 1.18.2's KDFs are PBKDF1, PBKDF2 and HKDF: no scrypt or Argon2";

const Row kRows[] = {
    {"X25519", never(), &missing<kNo25519>},
    {"EDDSA", never(), &missing<kNo25519>},
    {"X448", never(), &missing<kNo448>},
    {"ED448", never(), &missing<kNo448>},
    {"ECDSA-SECP256K1", never(), &missing<kNoK1>},
    {"AES-SIV", never(), &missing<kNoSiv>},
    {"AES-GCM-SIV", never(), &missing<kNoSiv>},
    {"SALSA20", never(), &missing<kNoSalsa>},
    {"XSALSA20", never(), &missing<kNoSalsa>},
    {"XCHACHA20", never(), &missing<kNoSalsa>},
    {"XCHACHA20-POLY1305", never(), &missing<kNoSalsa>},
    {"DESX", never(), &missing<kNoCipher>},
    {"IDEA", never(), &missing<kNoCipher>},
    {"ARIA", never(), &missing<kNoCipher>},
    {"SM4", never(), &missing<kNoCipher>},
    {"SERPENT", never(), &missing<kNoCipher>},
    {"SM3", never(), &missing<kNoHash>},
    {"SIPHASH", never(), &missing<kNoMac>},
    {"KMAC128", never(), &missing<kNoMac>},
    {"KMAC256", never(), &missing<kNoMac>},
    {"SCRYPT", never(), &missing<kNoKdf>},
    {"ARGON2ID", never(), &missing<kNoKdf>},
    {"ECDH-P256", ecdh(256)},
    {"ECDH-P384", ecdh(384)},
    {"ECDH-P521", ecdh(521)},
    {"FFDHE2048", ffdhe2048()},

    {"AES-ECB", ecb(&Registry::aes)},
    {"AES-CBC", cbc(&Registry::aes)},
    {"AES-CFB", aes_stream(Stream::Cfb)},  // full-block feedback: CFB-128
    {"AES-OFB", aes_stream(Stream::Ofb)},
    {"AES-CTR", aes_stream(Stream::Ctr)},
    // gcm_add_iv, ccm_memory and eax_* take any nonce and tag length the catalog declares.
    {"AES-GCM", aes_aead(Aead::Gcm), kAnyLengths},
    {"AES-CCM", aes_aead(Aead::Ccm), kAnyLengths},
    {"AES-EAX", aes_aead(Aead::Eax), kAnyLengths},
    {"AES-OCB", aes_aead(Aead::Ocb3)},  // OCB3 (RFC 7253)
    {"AES-XTS", aes_stream(Stream::Xts)},
    {"CHACHA20", chacha20()},
    {"CHACHA20-POLY1305", chacha20_poly1305()},
    {"RC4", rc4()},
    // The other block ciphers: CBC with PKCS#7 padding, IV = one block.
    {"DES", cbc(&Registry::des)},
    {"2DES", cbc(&Registry::des3)},  // des3_setup takes a 16-byte key as K1 || K2 || K1
    {"3DES", cbc(&Registry::des3)},
    {"RC2", cbc(&Registry::rc2)},  // rc2_setup: effective key bits = 8 x key length = 128
    {"RC5", cbc(&Registry::rc5)},  // rc5_setup with 0 rounds: its default 12
    {"RC6", cbc(&Registry::rc6)},
    {"TWOFISH", cbc(&Registry::twofish)},
    {"BLOWFISH", cbc(&Registry::blowfish)},
    {"CAMELLIA", cbc(&Registry::camellia)},
    {"CAST5", cbc(&Registry::cast5)},
    {"SHA1", digest(&Registry::sha1)},
    {"SHA2-224", digest(&Registry::sha224)},
    {"SHA2-256", digest(&Registry::sha256)},
    {"SHA2-384", digest(&Registry::sha384)},
    {"SHA2-512", digest(&Registry::sha512)},
    {"SHA2-512/256", digest(&Registry::sha512_256)},
    {"SHA3-224", digest(&Registry::sha3_224)},
    {"SHA3-256", digest(&Registry::sha3_256)},
    {"SHA3-384", digest(&Registry::sha3_384)},
    {"SHA3-512", digest(&Registry::sha3_512)},
    {"SHAKE128", shake(128)},
    {"SHAKE256", shake(256)},
    {"BLAKE2B", digest(&Registry::blake2b)},
    {"BLAKE2S", digest(&Registry::blake2s)},
    {"MD5", digest(&Registry::md5)},
    {"RIPEMD-160", digest(&Registry::rmd160)},
    {"WHIRLPOOL", digest(&Registry::whirlpool)},
    {"RSA-OAEP", rsa_encryption(&Registry::sha1)},
    {"RSA-OAEP-SHA256", rsa_encryption(&Registry::sha256)},
    {"RSA-PKCS1V15-ENC", rsa_encryption(nullptr)},
    {"RSA-PSS", rsa_signature(RsaScheme::Pss, &Registry::sha256, 32)},
    {"RSA-PSS-SHA512", rsa_signature(RsaScheme::Pss, &Registry::sha512, 64)},
    {"RSA-PKCS1V15-SHA1", rsa_signature(RsaScheme::Pkcs1, &Registry::sha1, 0)},
    {"RSA-PKCS1V15-SHA256", rsa_signature(RsaScheme::Pkcs1, &Registry::sha256, 0)},
    {"RSA-PKCS1V15-SHA512", rsa_signature(RsaScheme::Pkcs1, &Registry::sha512, 0)},
    {"ECDSA", ecdsa(256)},
    {"ECDSA-P384", ecdsa(384)},
    {"ECDSA-P521", ecdsa(521)},
    {"HMAC-SHA1", hmac(&Registry::sha1)},
    {"HMAC-SHA2-224", hmac(&Registry::sha224)},
    {"HMAC-SHA2-256", hmac(&Registry::sha256)},
    {"HMAC-SHA2-384", hmac(&Registry::sha384)},
    {"HMAC-SHA2-512", hmac(&Registry::sha512)},
    {"HMAC-SHA3-256", hmac(&Registry::sha3_256)},
    {"HMAC-SHA3-512", hmac(&Registry::sha3_512)},
    {"HMAC-MD5", hmac(&Registry::md5)},
    {"HMAC-RIPEMD-160", hmac(&Registry::rmd160)},
    {"CMAC-AES", cmac_aes()},
    {"GMAC-AES", gmac_aes(), Takes::nonce_lengths(Lengths::catalog())},
    {"POLY1305", poly1305()},
    {"PBKDF2-SHA256", pbkdf2(&Registry::sha256)},
    {"PBKDF2-SHA1", pbkdf2(&Registry::sha1)},
    {"HKDF-SHA256", hkdf(&Registry::sha256)},
    {"HKDF-SHA512", hkdf(&Registry::sha512)},
};

// The runtime library's version, from the first line of crypt_build_settings ("LibTomCrypt 1.18.2 ..."),
// which the shared library itself holds (the SCRYPT macro would be the header's).
const char* library_version() {
  static const std::string version = [] {
    const std::string s = crypt_build_settings;
    const std::string prefix = "LibTomCrypt ";
    if (s.compare(0, prefix.size(), prefix) != 0) return std::string(SCRYPT);
    const size_t end = s.find_first_of(" \n", prefix.size());
    return s.substr(prefix.size(), end - prefix.size());
  }();
  return version.c_str();
}

// LibTomCrypt has no CPU-specific code (only its portable LTC_FAST word-wise XORs); the public-key math
// is LibTomMath.
const char* acceleration() { return "no AES-NI, LTM math"; }

}  // namespace
}  // namespace ca::backend_tomcrypt

CRYPTAUDITOR_DEVIATIONS(ca::backend_tomcrypt::kDeviations)
CRYPTAUDITOR_BACKEND_INIT("tomcrypt", "LibTomCrypt", &ca::backend_tomcrypt::library_version,
                          &ca::backend_tomcrypt::acceleration, ca::backend_tomcrypt::kRows,
                          &ca::backend_tomcrypt::initialize)
