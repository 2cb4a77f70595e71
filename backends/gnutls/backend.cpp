// The GnuTLS 3.7 backend: its table of rows, version and acceleration report. GnuTLS's crypto API names an
// algorithm by enum (gnutls_cipher_algorithm_t with the key size in the name, gnutls_mac_algorithm_t,
// gnutls_sign_algorithm_t) and dispatches to its own accelerated x86 / Arm code where registered, else to
// Nettle's; the contexts are in symmetric.cpp, public_key.cpp and kdf.cpp. docs/backends/gnutls.md says what
// one timed operation contains and what GnuTLS 3.7 lacks.
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#include <string>
#include <string_view>

#include "cryptauditor/backend_sdk.hpp"
#include "deviations.hpp"
#include "gnutls_backend.hpp"

namespace ca::backend_gnutls {
namespace {

using ca::sdk::KeyBits;
using ca::sdk::Row;

gnutls_cipher_algorithm_t aes_cbc(uint32_t bits) {
  return bits == 128   ? GNUTLS_CIPHER_AES_128_CBC
         : bits == 192 ? GNUTLS_CIPHER_AES_192_CBC
         : bits == 256 ? GNUTLS_CIPHER_AES_256_CBC
                       : GNUTLS_CIPHER_UNKNOWN;
}
gnutls_cipher_algorithm_t aes_gcm(uint32_t bits) {
  return bits == 128   ? GNUTLS_CIPHER_AES_128_GCM
         : bits == 192 ? GNUTLS_CIPHER_AES_192_GCM
         : bits == 256 ? GNUTLS_CIPHER_AES_256_GCM
                       : GNUTLS_CIPHER_UNKNOWN;
}
gnutls_cipher_algorithm_t aes_ccm(uint32_t bits) {
  return bits == 128   ? GNUTLS_CIPHER_AES_128_CCM
         : bits == 256 ? GNUTLS_CIPHER_AES_256_CCM
                       : GNUTLS_CIPHER_UNKNOWN;
}
gnutls_cipher_algorithm_t aes_xts(uint32_t bits) {
  return bits == 128   ? GNUTLS_CIPHER_AES_128_XTS
         : bits == 256 ? GNUTLS_CIPHER_AES_256_XTS
                       : GNUTLS_CIPHER_UNKNOWN;
}
gnutls_cipher_algorithm_t camellia_cbc(uint32_t bits) {
  return bits == 128   ? GNUTLS_CIPHER_CAMELLIA_128_CBC
         : bits == 192 ? GNUTLS_CIPHER_CAMELLIA_192_CBC
         : bits == 256 ? GNUTLS_CIPHER_CAMELLIA_256_CBC
                       : GNUTLS_CIPHER_UNKNOWN;
}
gnutls_cipher_algorithm_t des_cbc(uint32_t) { return GNUTLS_CIPHER_DES_CBC; }
gnutls_cipher_algorithm_t des3_cbc(uint32_t) { return GNUTLS_CIPHER_3DES_CBC; }
gnutls_cipher_algorithm_t chacha20(uint32_t) { return GNUTLS_CIPHER_CHACHA20_32; }
gnutls_cipher_algorithm_t chacha20_poly1305(uint32_t) { return GNUTLS_CIPHER_CHACHA20_POLY1305; }
gnutls_mac_algorithm_t aes_cmac(uint32_t bits) {
  return bits == 128 ? GNUTLS_MAC_AES_CMAC_128 : bits == 256 ? GNUTLS_MAC_AES_CMAC_256 : GNUTLS_MAC_UNKNOWN;
}
gnutls_mac_algorithm_t aes_gmac(uint32_t bits) {
  return bits == 128   ? GNUTLS_MAC_AES_GMAC_128
         : bits == 192 ? GNUTLS_MAC_AES_GMAC_192
         : bits == 256 ? GNUTLS_MAC_AES_GMAC_256
                       : GNUTLS_MAC_UNKNOWN;
}

constexpr gnutls_ecc_curve_t kNoCurve = GNUTLS_ECC_CURVE_INVALID;
// RSASSA-PSS: the salt is as long as the digest (the catalog's 32 / 64 bytes), and verification demands
// that length (GNUTLS_VERIFY_RSA_PSS_FIXED_SALT_LENGTH; by default GnuTLS 3.7 accepts any salt length).
constexpr unsigned kPssFixedSalt = GNUTLS_VERIFY_RSA_PSS_FIXED_SALT_LENGTH;

const ca::sdk::Takes kAnyLengths{.tags = ca::sdk::Lengths::catalog(), .nonces = ca::sdk::Lengths::catalog()};

// Key agreement: GnuTLS 3.7.9's public API computes a shared secret only inside a TLS handshake. Named with
// the reason (supports() answers it before any factory).
const char* no_raw_key_agreement() {
  return "GnuTLS 3.7 has no public call that takes a private key and a peer's public key and returns the "
         "shared secret (key agreement runs only inside a TLS handshake; gnutls_privkey_derive_secret "
         "arrived in 3.8.2)";
}

const Row kRows[] = {
    {"X25519", ca::sdk::Factory{}, &no_raw_key_agreement},
    {"X448", ca::sdk::Factory{}, &no_raw_key_agreement},
    {"ECDH-P256", ca::sdk::Factory{}, &no_raw_key_agreement},
    {"ECDH-P384", ca::sdk::Factory{}, &no_raw_key_agreement},
    {"ECDH-P521", ca::sdk::Factory{}, &no_raw_key_agreement},
    {"FFDHE2048", ca::sdk::Factory{}, &no_raw_key_agreement},
    {"AES-CBC", cbc(aes_cbc)},
    // gnutls_aead_cipher_encrypt takes the tag length per call: every tag length the catalog declares. GCM
    // nonces: 12 bytes only. With another length GnuTLS 3.7.9's x86 AES-GCM (its own AES-NI / PCLMUL code)
    // returned success and a wrong ciphertext (113 of Wycheproof's aes_gcm_test.json,
    // docs/backends/gnutls.md).
    {"AES-GCM", aead(aes_gcm), ca::sdk::Takes::tag_lengths(ca::sdk::Lengths::catalog())},
    {"AES-CCM", KeyBits::list({128, 256}), aead(aes_ccm), kAnyLengths},  // no GNUTLS_CIPHER_AES_192_CCM
    {"CHACHA20-POLY1305", aead(chacha20_poly1305)},
    {"AES-XTS", KeyBits::list({128, 256}), xts(aes_xts)},
    {"CHACHA20", keystream(chacha20)},
    {"CAMELLIA", cbc(camellia_cbc)},
    {"DES", cbc(des_cbc)},
    {"3DES", cbc(des3_cbc)},
    {"2DES", two_key_3des_cbc(des3_cbc)},  // GNUTLS_CIPHER_3DES_CBC keyed with K1 || K2 || K1
    {"SHA1", digest(GNUTLS_DIG_SHA1)},
    {"SHA2-224", digest(GNUTLS_DIG_SHA224)},
    {"SHA2-256", digest(GNUTLS_DIG_SHA256)},
    {"SHA2-384", digest(GNUTLS_DIG_SHA384)},
    {"SHA2-512", digest(GNUTLS_DIG_SHA512)},
    {"SHA3-224", digest(GNUTLS_DIG_SHA3_224)},
    {"SHA3-256", digest(GNUTLS_DIG_SHA3_256)},
    {"SHA3-384", digest(GNUTLS_DIG_SHA3_384)},
    {"SHA3-512", digest(GNUTLS_DIG_SHA3_512)},
    {"MD5", digest(GNUTLS_DIG_MD5)},
    {"HMAC-SHA1", hmac(GNUTLS_MAC_SHA1)},
    {"HMAC-SHA2-224", hmac(GNUTLS_MAC_SHA224)},
    {"HMAC-SHA2-256", hmac(GNUTLS_MAC_SHA256)},
    {"HMAC-SHA2-384", hmac(GNUTLS_MAC_SHA384)},
    {"HMAC-SHA2-512", hmac(GNUTLS_MAC_SHA512)},
    {"HMAC-MD5", hmac(GNUTLS_MAC_MD5)},
    {"CMAC-AES", KeyBits::list({128, 256}), cmac(aes_cmac)},  // no 192-bit GNUTLS_MAC_AES_CMAC
    {"GMAC-AES", gmac(aes_gmac), ca::sdk::Takes::nonce_lengths(ca::sdk::Lengths::catalog())},
    {"RSA-PSS", signature({GNUTLS_PK_RSA, GNUTLS_SIGN_RSA_PSS_RSAE_SHA256, kNoCurve, kPssFixedSalt})},
    {"RSA-PSS-SHA512", signature({GNUTLS_PK_RSA, GNUTLS_SIGN_RSA_PSS_RSAE_SHA512, kNoCurve, kPssFixedSalt})},
    // SHA-1 signatures are refused by default since GnuTLS 3.7 marks them insecure; the row asks for them.
    {"RSA-PKCS1V15-SHA1",
     signature({GNUTLS_PK_RSA, GNUTLS_SIGN_RSA_SHA1, kNoCurve, GNUTLS_VERIFY_ALLOW_SIGN_WITH_SHA1})},
    {"RSA-PKCS1V15-SHA256", signature({GNUTLS_PK_RSA, GNUTLS_SIGN_RSA_SHA256, kNoCurve, 0})},
    {"RSA-PKCS1V15-SHA512", signature({GNUTLS_PK_RSA, GNUTLS_SIGN_RSA_SHA512, kNoCurve, 0})},
    // RSAES-PKCS1-v1_5: the same class with no signature algorithm (encrypt / decrypt).
    {"RSA-PKCS1V15-ENC", signature({GNUTLS_PK_RSA, GNUTLS_SIGN_UNKNOWN, kNoCurve, 0})},
    {"ECDSA", signature({GNUTLS_PK_ECDSA, GNUTLS_SIGN_ECDSA_SHA256, GNUTLS_ECC_CURVE_SECP256R1, 0})},
    {"ECDSA-P384", signature({GNUTLS_PK_ECDSA, GNUTLS_SIGN_ECDSA_SHA384, GNUTLS_ECC_CURVE_SECP384R1, 0})},
    {"ECDSA-P521", signature({GNUTLS_PK_ECDSA, GNUTLS_SIGN_ECDSA_SHA512, GNUTLS_ECC_CURVE_SECP521R1, 0})},
    {"EDDSA", signature({GNUTLS_PK_EDDSA_ED25519, GNUTLS_SIGN_EDDSA_ED25519, GNUTLS_ECC_CURVE_ED25519, 0})},
    {"ED448", signature({GNUTLS_PK_EDDSA_ED448, GNUTLS_SIGN_EDDSA_ED448, GNUTLS_ECC_CURVE_ED448, 0})},
    {"PBKDF2-SHA256", pbkdf2(GNUTLS_MAC_SHA256)},
    {"PBKDF2-SHA1", pbkdf2(GNUTLS_MAC_SHA1)},
    {"HKDF-SHA256", hkdf(GNUTLS_MAC_SHA256)},
    {"HKDF-SHA512", hkdf(GNUTLS_MAC_SHA512)},
};

const char* library_version() {
  static const std::string version = gnutls_check_version(nullptr);  // the runtime library's, "3.7.9"
  return version.c_str();
}

// GnuTLS has no call that says which of its accelerated implementations it registered. It does log each
// one at debug level 2 when it registers them in gnutls_global_init ("Intel AES accelerator was detected",
// "Intel GCM accelerator (AVX) was detected", "ARMv8 AES was detected", …, honouring GNUTLS_CPUID_OVERRIDE).
// init() collects those lines once: it drops the load-time initialisation and initialises again with a
// log function installed, then silences logging.
std::string& detected() {
  static std::string s;
  return s;
}

void collect(int, const char* message) {
  std::string_view m(message);
  const size_t at = m.find(" was detected");
  if (at == std::string_view::npos || m.find("random generator") != std::string_view::npos) return;
  detected() += (detected().empty() ? "" : ", ") + std::string(m.substr(0, at));
}

void silent(int, const char*) {}

bool init() {
  gnutls_global_set_log_function(collect);
  gnutls_global_set_log_level(2);
  gnutls_global_deinit();  // the reference taken by GnuTLS's load-time constructor
  const int ret = gnutls_global_init();
  gnutls_global_set_log_level(0);
  gnutls_global_set_log_function(silent);
  if (detected().empty()) detected() = "none logged by gnutls_global_init";
  return ret >= 0;
}

const char* acceleration() { return detected().c_str(); }

}  // namespace
}  // namespace ca::backend_gnutls

CRYPTAUDITOR_DEVIATIONS(ca::backend_gnutls::kDeviations)
CRYPTAUDITOR_BACKEND_INIT("gnutls", "GnuTLS", ca::backend_gnutls::library_version,
                          ca::backend_gnutls::acceleration, ca::backend_gnutls::kRows,
                          ca::backend_gnutls::init)
