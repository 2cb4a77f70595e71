// The OpenSSL 3 backend: its table of rows, version and acceleration report. What each operation does and
// costs is described in docs/backends/openssl.md.
//
// Not offered, so supports() answers "not offered by this library": AES-EAX, SALSA20, XCHACHA20-POLY1305,
// XCHACHA20, XSALSA20, RC6, TWOFISH, SERPENT (OpenSSL 3.0 implements none of them), IDEA and RC5 (compiled
// out of Debian's OpenSSL: `openssl list -disabled`), and AES-XTS with 192-bit keys (no AES-192-XTS).
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/rsa.h>

#include <cstdlib>

#include "deviations.hpp"
#include "openssl_backend.hpp"

namespace ca::backend_openssl {

// ---- acceleration ----------------------------------------------------------------------------------------

namespace {

// Bits of OpenSSL's x86 capability vector, as OPENSSL_ia32cap(3) numbers them: word 0 is CPUID(EAX=1)
// EDX (bits 0-31) and ECX (bits 32-63), word 1 is CPUID(EAX=7,ECX=0) EBX (64+0..31) and ECX (64+32..63).
// OpenSSL clears the AVX family when the OS does not save YMM/ZMM state, and applies any OPENSSL_ia32cap
// environment override, before it dispatches on (and reports) the vector.
struct CapabilityBit {
  int word;
  int bit;
  const char* name;
};
constexpr CapabilityBit kIa32CapBits[] = {
    {0, 57, "AES-NI"},      // #57  AES-NI
    {0, 33, "PCLMULQDQ"},   // #33  carry-less multiply (GHASH)
    {0, 60, "AVX"},         // #60  AVX
    {1, 5, "AVX2"},         // #64+5
    {1, 8, "BMI2"},         // #64+8  MULX/RORX (RSA, P-256, SHA-2 code paths)
    {1, 19, "ADX"},         // #64+19 ADCX/ADOX (RSA, P-256)
    {1, 29, "SHA-NI"},      // #64+29 SHA extensions
    {1, 41, "VAES"},        // #64+41
    {1, 42, "VPCLMULQDQ"},  // #64+42
    {1, 16, "AVX-512F"},    // #64+16
};

// Bits of OpenSSL's Arm capability word (OPENSSL_armcap_P, crypto/arm_arch.h), which OpenSSL fills from
// getauxval(AT_HWCAP) (or SIGILL probes) and the OPENSSL_armcap environment override. Bits 0-7 are those of
// OpenSSL 3.0; SM3, SM4, SHA3, SVE and SVE2 were added in later releases with these numbers.
constexpr CapabilityBit kArmCapBits[] = {
    {0, 0, "NEON"},  {0, 2, "AES"}, {0, 5, "PMULL"}, {0, 3, "SHA1"}, {0, 4, "SHA256"}, {0, 6, "SHA512"},
    {0, 11, "SHA3"}, {0, 9, "SM3"}, {0, 10, "SM4"},  {0, 13, "SVE"}, {0, 14, "SVE2"},
};

}  // namespace

std::string decode_armcap(uint64_t word) {
  std::string names;
  for (const auto& cap : kArmCapBits) {
    if (((word >> cap.bit) & 1u) == 0) continue;
    if (!names.empty()) names += ", ";
    names += cap.name;
  }
  return names;
}

std::string decode_ia32cap(uint64_t word0, uint64_t word1) {
  std::string names;
  for (const auto& cap : kIa32CapBits) {
    const uint64_t word = cap.word == 0 ? word0 : word1;
    if (((word >> cap.bit) & 1u) == 0) continue;
    if (!names.empty()) names += ", ";
    names += cap.name;
  }
  return names;
}

std::string describe_cpu_settings(std::string_view info) {
  constexpr std::string_view arm_prefix = "OPENSSL_armcap=";
  if (info.substr(0, arm_prefix.size()) == arm_prefix) {  // Arm: one word, "OPENSSL_armcap=0x3d"
    const std::string text(info.substr(arm_prefix.size()));
    char* end = nullptr;
    const uint64_t word = std::strtoull(text.c_str(), &end, 16);
    return end == text.c_str() ? "" : decode_armcap(word);
  }
  constexpr std::string_view prefix = "OPENSSL_ia32cap=";
  if (info.substr(0, prefix.size()) != prefix) return "";  // no CPU detection compiled in ("N/A")
  const std::string text(info.substr(prefix.size()));
  char* end = nullptr;
  const uint64_t word0 = std::strtoull(text.c_str(), &end, 16);
  if (end == text.c_str() || *end != ':') return "";
  const char* second = end + 1;
  const uint64_t word1 = std::strtoull(second, &end, 16);
  if (end == second) return "";
  std::string names = decode_ia32cap(word0, word1);
  // OpenSSL appends " env:<value>" when OPENSSL_ia32cap masked the vector: results should say so.
  constexpr std::string_view env = " env:";
  if (const auto at = text.find(env); at != std::string::npos)
    names += (names.empty() ? "" : ", ") + std::string("OPENSSL_ia32cap=") + text.substr(at + env.size());
  return names;
}

namespace {

const char* library_version() { return OpenSSL_version(OPENSSL_FULL_VERSION_STRING); }

// OpenSSL 3 has no public accessor for the vector (OPENSSL_ia32cap(3): OPENSSL_ia32cap_loc() is gone);
// OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS) prints the live one, and is what `openssl version -c` shows.
const char* acceleration() {
  static const std::string names = [] {
    const char* info = OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS);
    return describe_cpu_settings(info != nullptr ? info : "");
  }();
  return names.c_str();
}

// ---- the rows ------------------------------------------------------------------------------------------

const sdk::Row kRows[] = {
    {"AES-ECB", unauthenticated_cipher({"AES-*-ECB"})},
    {"AES-CBC", unauthenticated_cipher({"AES-*-CBC"})},
    {"AES-CFB", unauthenticated_cipher({"AES-*-CFB"})},  // CFB128
    {"AES-OFB", unauthenticated_cipher({"AES-*-OFB"})},
    {"AES-CTR", unauthenticated_cipher({"AES-*-CTR"})},
    // CCM: every nonce (7..13) and tag (4..16, even) SP 800-38C allows; GCM: tags of 4..16 bytes, IVs of
    // 1..128 bytes (GCM_IV_MAX_SIZE of OpenSSL's provider).
    {"AES-CCM", aead({.cipher = {"AES-*-CCM"}, .set_tag_length = true, .declare_message_length = true}),
     sdk::Takes{.tags = sdk::Lengths::catalog(), .nonces = sdk::Lengths::catalog()}},
    {"AES-GCM", aead({.cipher = {"AES-*-GCM"}}),
     sdk::Takes{.tags = sdk::Lengths::catalog(), .nonces = sdk::Lengths::range(1, 128)}},
    // AES-SIV takes a nonce as its last AD component (RFC 5297 section 3), and an empty AD component.
    {"AES-SIV",
     aead({.cipher = {.evp_name = "AES-*-SIV", .one_message_per_key = true},
           .tag_first = true,
           .needs_plaintext = true}),
     sdk::Takes{.tags = {}, .nonces = sdk::Lengths::catalog(), .empty_ad_component = true}},
    {"AES-OCB", aead({.cipher = {"AES-*-OCB"}, .set_tag_length = true, .stream_in_whole_blocks = true})},
    {"CHACHA20", unauthenticated_cipher({"ChaCha20"})},
    {"CHACHA20-POLY1305", aead({.cipher = {"ChaCha20-Poly1305"}})},
    // The other block ciphers: CBC with PKCS#7 padding, IV = one block. DES, DESX, RC2, BF and CAST5 (and
    // the stream cipher RC4) come from the legacy provider (support.cpp); 2DES / 3DES ("DES-EDE-CBC" /
    // "DES-EDE3-CBC"), Camellia, ARIA and SM4 from the default one.
    {"DES", unauthenticated_cipher({"DES-CBC"})},
    {"2DES", unauthenticated_cipher({"DES-EDE-CBC"})},
    {"3DES", unauthenticated_cipher({"DES-EDE3-CBC"})},
    {"DESX", unauthenticated_cipher({"DESX-CBC"})},
    {"RC2", unauthenticated_cipher({.evp_name = "RC2-CBC", .rc2_key_bits = 128})},
    {"RC4", unauthenticated_cipher({.evp_name = "RC4", .one_message_per_key = true})},
    {"BLOWFISH", unauthenticated_cipher({"BF-CBC"})},
    {"CAST5", unauthenticated_cipher({"CAST5-CBC"})},
    {"CAMELLIA", unauthenticated_cipher({"CAMELLIA-*-CBC"})},
    {"ARIA", unauthenticated_cipher({"ARIA-*-CBC"})},
    {"SM4", unauthenticated_cipher({"SM4-CBC"})},
    // Key K1 || K2 (2 x key bits), the nonce is the tweak; OpenSSL has no AES-192-XTS.
    {"AES-XTS", sdk::KeyBits::list({128, 256}),  // no AES-192-XTS in OpenSSL
     unauthenticated_cipher({.evp_name = "AES-*-XTS", .min_message = 16, .no_stream_form = true})},
    {"RSA-OAEP", rsa_oaep("SHA1")},
    {"RSA-OAEP-SHA256", rsa_oaep("SHA256")},
    {"RSA-PKCS1V15-ENC", rsa_pkcs1v15_encryption()},
    {"SHA1", digest({"SHA1"})},
    {"SHA2-224", digest({"SHA2-224"})},
    {"SHA2-256", digest({"SHA2-256"})},
    {"SHA2-384", digest({"SHA2-384"})},
    {"SHA2-512", digest({"SHA2-512"})},
    {"SHA3-224", digest({"SHA3-224"})},
    {"SHA3-256", digest({"SHA3-256"})},
    {"SHA3-384", digest({"SHA3-384"})},
    {"SHA3-512", digest({"SHA3-512"})},
    {"SHA2-512/256", digest({"SHA2-512/256"})},
    {"SHAKE128", digest({"SHAKE-128", 32})},
    {"SHAKE256", digest({"SHAKE-256", 64})},
    {"BLAKE2B", digest({"BLAKE2B-512"})},
    {"BLAKE2S", digest({"BLAKE2S-256"})},
    {"MD5", digest({"MD5"})},
    {"RIPEMD-160", digest({"RIPEMD-160"})},
    {"SM3", digest({"SM3"})},
    {"WHIRLPOOL", digest({"WHIRLPOOL"})},  // legacy provider
    {"RSA-PSS", signature({KeyType::Rsa, "SHA256", RSA_PKCS1_PSS_PADDING})},
    {"RSA-PKCS1V15-SHA1", signature({KeyType::Rsa, "SHA1", RSA_PKCS1_PADDING})},
    {"RSA-PKCS1V15-SHA256", signature({KeyType::Rsa, "SHA256", RSA_PKCS1_PADDING})},
    {"RSA-PKCS1V15-SHA512", signature({KeyType::Rsa, "SHA512", RSA_PKCS1_PADDING})},
    {"RSA-PSS-SHA512", signature({KeyType::Rsa, "SHA512", RSA_PKCS1_PSS_PADDING})},
    {"ECDSA", signature({KeyType::EcP256, "SHA256", 0})},
    {"EDDSA", signature({KeyType::Ed25519, nullptr, 0})},
    {"ECDSA-P384", signature({KeyType::EcP384, "SHA384", 0})},
    {"ECDSA-P521", signature({KeyType::EcP521, "SHA512", 0})},
    {"ECDSA-SECP256K1", signature({KeyType::EcSecp256k1, "SHA256", 0})},
    {"ED448", signature({KeyType::Ed448, nullptr, 0})},
    // OpenSSL 3.0 has no Argon2 (3.2+).
    {"PBKDF2-SHA256", kdf({"PBKDF2", "SHA2-256"})},
    {"PBKDF2-SHA1", kdf({"PBKDF2", "SHA1"})},
    {"HKDF-SHA256", kdf({"HKDF", "SHA2-256"})},
    {"HKDF-SHA512", kdf({"HKDF", "SHA2-512"})},
    {"SCRYPT", kdf({"SCRYPT"})},
    {"X25519", key_agreement(KeyType::X25519)},
    {"X448", key_agreement(KeyType::X448)},
    {"ECDH-P256", key_agreement(KeyType::EcP256)},
    {"ECDH-P384", key_agreement(KeyType::EcP384)},
    {"ECDH-P521", key_agreement(KeyType::EcP521)},
    {"FFDHE2048", key_agreement(KeyType::Ffdhe2048)},
    // How each MAC restarts per message (MacRestart) was measured: docs/backends/openssl.md.
    {"HMAC-SHA1", mac({"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA1"})},
    {"HMAC-SHA2-224", mac({"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA2-224"})},
    {"HMAC-SHA2-256", mac({"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA2-256"})},
    {"HMAC-SHA2-384", mac({"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA2-384"})},
    {"HMAC-SHA2-512", mac({"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA2-512"})},
    {"HMAC-SHA3-256", mac({"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA3-256"})},
    {"HMAC-SHA3-512", mac({"HMAC", OSSL_MAC_PARAM_DIGEST, "SHA3-512"})},
    {"HMAC-MD5", mac({"HMAC", OSSL_MAC_PARAM_DIGEST, "MD5"})},
    {"HMAC-RIPEMD-160", mac({"HMAC", OSSL_MAC_PARAM_DIGEST, "RIPEMD-160"})},
    {"CMAC-AES", mac({"CMAC", OSSL_MAC_PARAM_CIPHER, "AES-*-CBC"})},
    {"GMAC-AES", mac({.evp_mac = "GMAC", .param_name = OSSL_MAC_PARAM_CIPHER, .param_value = "AES-*-GCM"}),
     sdk::Takes::nonce_lengths(sdk::Lengths::range(1, 128))},
    {"POLY1305", mac({.evp_mac = "POLY1305", .restart = MacRestart::CopyKeyed})},
    {"SIPHASH", mac({.evp_mac = "SIPHASH", .size = 8})},
    {"KMAC128", mac({.evp_mac = "KMAC-128", .size = 32, .restart = MacRestart::CopyKeyed}),
     sdk::Takes::tag_lengths(sdk::Lengths::catalog())},
    {"KMAC256", mac({.evp_mac = "KMAC-256", .size = 64, .restart = MacRestart::CopyKeyed}),
     sdk::Takes::tag_lengths(sdk::Lengths::catalog())},
};

}  // namespace
}  // namespace ca::backend_openssl

CRYPTAUDITOR_DEVIATIONS(ca::backend_openssl::kDeviations)
CRYPTAUDITOR_BACKEND("openssl", "OpenSSL", &ca::backend_openssl::library_version,
                     &ca::backend_openssl::acceleration, ca::backend_openssl::kRows)
