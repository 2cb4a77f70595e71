// The one place where the Mbed TLS versions this backend builds against differ: 2.28 (Debian 12) and 3.6
// (Debian 13). Mbed TLS 3.0 was a major break (docs/3.0-migration-guide.md upstream): struct fields became
// private (MBEDTLS_PRIVATE), the RSA calls lost their `mode` argument and the verify calls their RNG,
// mbedtls_pk_parse_key gained an RNG, mbedtls_ecdsa_write_signature the signature buffer's size, and ARC4,
// Blowfish and the public AES-NI header were removed. Each difference is one named fact or one inline shim
// here, tested on the library's own MBEDTLS_VERSION_NUMBER; the adapter code calls the shims and never tests a
// version itself. docs/backends/mbedtls.md lists what differs between the versions.
#pragma once

#include <mbedtls/dhm.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/ecp.h>
#include <mbedtls/md.h>
#include <mbedtls/pk.h>
#include <mbedtls/pkcs5.h>
#include <mbedtls/rsa.h>
#include <mbedtls/version.h>

#include <cstddef>

#if MBEDTLS_VERSION_MAJOR < 3
#include <mbedtls/aesni.h>
// Mbed TLS 2 has no private fields: MBEDTLS_PRIVATE(field) is the field itself, as in 3.x's
// private_access.h with MBEDTLS_ALLOW_PRIVATE_ACCESS.
#define MBEDTLS_PRIVATE(member) member
#elif defined(MBEDTLS_AESNI_C) && defined(__x86_64__)
// Declared weak: see compat::aesni_has_support below.
extern "C" int mbedtls_aesni_has_support(unsigned int what) __attribute__((weak));
#endif

namespace ca::backend_mbedtls::compat {

/// Mbed TLS 3.0 removed ARC4 (arc4.h) and Blowfish (blowfish.h): the rows say so on 3.x.
inline constexpr bool kHasArc4AndBlowfish = MBEDTLS_VERSION_MAJOR < 3;
/// mbedtls_ecp_read_key reads a Curve448 (X448) private key from Mbed TLS 3.1 on; before, it answers
/// "feature not available" (2.28 has the curve's arithmetic, but no way to import or export the key).
inline constexpr bool kHasX448Keys = MBEDTLS_VERSION_NUMBER >= 0x03010000;

/// SHA-3 through md.h (MBEDTLS_MD_SHA3_*, so also HMAC-SHA3): Mbed TLS 3.5 on, where the build has
/// MBEDTLS_SHA3_C (Debian 13's 3.6 has it). Elsewhere the digest types are MBEDTLS_MD_NONE, never used: the
/// rows' availability says why.
#if MBEDTLS_VERSION_NUMBER >= 0x03050000 && defined(MBEDTLS_SHA3_C)
inline constexpr bool kHasSha3 = true;
#else
inline constexpr bool kHasSha3 = false;
#endif
/// The md.h type of SHA3-`bits`, or MBEDTLS_MD_NONE where kHasSha3 is false.
inline constexpr mbedtls_md_type_t sha3(unsigned bits) {
#if MBEDTLS_VERSION_NUMBER >= 0x03050000 && defined(MBEDTLS_SHA3_C)
  return bits == 224 ? MBEDTLS_MD_SHA3_224 : bits == 256 ? MBEDTLS_MD_SHA3_256
                                         : bits == 384 ? MBEDTLS_MD_SHA3_384
                                                       : MBEDTLS_MD_SHA3_512;
#else
  (void)bits;
  return MBEDTLS_MD_NONE;
#endif
}
/// ARIA (aria.h): a build option (MBEDTLS_ARIA_C), off in Debian 12's 2.28 and on in Debian 13's 3.6.
#if defined(MBEDTLS_ARIA_C)
inline constexpr bool kHasAria = true;
#else
inline constexpr bool kHasAria = false;
#endif

/// The reasons a row is not offered by the version this plugin was built against (sdk::Availability:
/// nullptr where the row runs).
inline const char* arc4_unavailable() {
  return kHasArc4AndBlowfish ? nullptr : "Mbed TLS 3 removed ARC4 (arc4.h); 2.28 offers it";
}
inline const char* blowfish_unavailable() {
  return kHasArc4AndBlowfish ? nullptr : "Mbed TLS 3 removed Blowfish (blowfish.h); 2.28 offers it";
}
inline const char* sha3_unavailable() {
  return kHasSha3 ? nullptr
                  : "this Mbed TLS has no SHA-3 in md.h (3.5 adds it, with MBEDTLS_SHA3_C; 2.28 has none)";
}
inline const char* aria_unavailable() {
  return kHasAria ? nullptr : "this Mbed TLS was built without MBEDTLS_ARIA_C (Debian 12's 2.28 leaves it off)";
}
inline const char* x448_unavailable() {
  return kHasX448Keys ? nullptr
                      : "Mbed TLS before 3.1 cannot import or export an X448 key (mbedtls_ecp_read_key answers "
                        "'feature not available' for Curve448); 3.1 adds it";
}

// ---- private struct fields (public in 2.28, MBEDTLS_PRIVATE in 3.x; no accessor exists in both) ----------

inline mbedtls_ecp_group& group(mbedtls_ecp_keypair& key) { return key.MBEDTLS_PRIVATE(grp); }
inline mbedtls_mpi& secret(mbedtls_ecp_keypair& key) { return key.MBEDTLS_PRIVATE(d); }
inline mbedtls_ecp_point& public_point(mbedtls_ecp_keypair& key) { return key.MBEDTLS_PRIVATE(Q); }

/// The dhm.h context's fields: the group (P, G and the Montgomery constant RP) and our key pair (X, GX).
/// An imported private key is written into X, which no dhm.h call of either version can do.
struct DhmFields {
  mbedtls_mpi& P;
  mbedtls_mpi& G;
  mbedtls_mpi& RP;
  mbedtls_mpi& X;
  mbedtls_mpi& GX;
};
inline DhmFields fields(mbedtls_dhm_context& dhm) {
  return {dhm.MBEDTLS_PRIVATE(P), dhm.MBEDTLS_PRIVATE(G), dhm.MBEDTLS_PRIVATE(RP), dhm.MBEDTLS_PRIVATE(X),
          dhm.MBEDTLS_PRIVATE(GX)};
}

// ---- calls whose arguments changed in 3.0 ----------------------------------------------------------------

using Rng = int (*)(void*, unsigned char*, size_t);

/// 3.x checks an EC key's public half with the RNG (blinded d G); 2.28 takes no RNG.
inline int pk_parse_key(mbedtls_pk_context* pk, const unsigned char* der, size_t length, Rng rng, void* rng_state) {
#if MBEDTLS_VERSION_MAJOR >= 3
  return mbedtls_pk_parse_key(pk, der, length, nullptr, 0, rng, rng_state);
#else
  (void)rng, (void)rng_state;
  return mbedtls_pk_parse_key(pk, der, length, nullptr, 0);
#endif
}

/// mbedtls_rsa_set_padding: void in 2.28, an int in 3.x (which refuses a digest it does not know).
inline int rsa_set_padding(mbedtls_rsa_context* rsa, int padding, mbedtls_md_type_t digest) {
#if MBEDTLS_VERSION_MAJOR >= 3
  return mbedtls_rsa_set_padding(rsa, padding, digest);
#else
  mbedtls_rsa_set_padding(rsa, padding, static_cast<int>(digest));
  return 0;
#endif
}

// 2.28's RSA calls take a mode (MBEDTLS_RSA_PUBLIC / _PRIVATE), which 3.0 removed (an operation is public or
// private by what it does); 2.28's verify calls also take an RNG, which they never use for a public key.
#if MBEDTLS_VERSION_MAJOR >= 3
#define CA_MBEDTLS_RSA_MODE(mode)
#define CA_MBEDTLS_RSA_VERIFY_RNG
#else
#define CA_MBEDTLS_RSA_MODE(mode) mode,
#define CA_MBEDTLS_RSA_VERIFY_RNG nullptr, nullptr,
#endif

inline int rsa_oaep_encrypt(mbedtls_rsa_context* rsa, Rng rng, void* rng_state, const unsigned char* label,
                            size_t label_length, size_t length, const unsigned char* in, unsigned char* out) {
  return mbedtls_rsa_rsaes_oaep_encrypt(rsa, rng, rng_state, CA_MBEDTLS_RSA_MODE(MBEDTLS_RSA_PUBLIC) label,
                                        label_length, length, in, out);
}
inline int rsa_oaep_decrypt(mbedtls_rsa_context* rsa, Rng rng, void* rng_state, const unsigned char* label,
                            size_t label_length, size_t* written, const unsigned char* in, unsigned char* out,
                            size_t capacity) {
  return mbedtls_rsa_rsaes_oaep_decrypt(rsa, rng, rng_state, CA_MBEDTLS_RSA_MODE(MBEDTLS_RSA_PRIVATE) label,
                                        label_length, written, in, out, capacity);
}
inline int rsa_pkcs1_encrypt(mbedtls_rsa_context* rsa, Rng rng, void* rng_state, size_t length,
                             const unsigned char* in, unsigned char* out) {
  return mbedtls_rsa_rsaes_pkcs1_v15_encrypt(rsa, rng, rng_state, CA_MBEDTLS_RSA_MODE(MBEDTLS_RSA_PUBLIC) length,
                                             in, out);
}
inline int rsa_pkcs1_decrypt(mbedtls_rsa_context* rsa, Rng rng, void* rng_state, size_t* written,
                             const unsigned char* in, unsigned char* out, size_t capacity) {
  return mbedtls_rsa_rsaes_pkcs1_v15_decrypt(rsa, rng, rng_state, CA_MBEDTLS_RSA_MODE(MBEDTLS_RSA_PRIVATE)
                                             written, in, out, capacity);
}
inline int rsa_pkcs1_sign(mbedtls_rsa_context* rsa, Rng rng, void* rng_state, mbedtls_md_type_t digest,
                          unsigned hash_length, const unsigned char* hash, unsigned char* signature) {
  return mbedtls_rsa_rsassa_pkcs1_v15_sign(rsa, rng, rng_state, CA_MBEDTLS_RSA_MODE(MBEDTLS_RSA_PRIVATE) digest,
                                           hash_length, hash, signature);
}
inline int rsa_pkcs1_verify(mbedtls_rsa_context* rsa, mbedtls_md_type_t digest, unsigned hash_length,
                            const unsigned char* hash, const unsigned char* signature) {
  return mbedtls_rsa_rsassa_pkcs1_v15_verify(rsa, CA_MBEDTLS_RSA_VERIFY_RNG CA_MBEDTLS_RSA_MODE(
                                                 MBEDTLS_RSA_PUBLIC) digest,
                                             hash_length, hash, signature);
}
inline int rsa_pss_verify(mbedtls_rsa_context* rsa, mbedtls_md_type_t digest, unsigned hash_length,
                          const unsigned char* hash, mbedtls_md_type_t mgf1_digest, int salt_length,
                          const unsigned char* signature) {
  return mbedtls_rsa_rsassa_pss_verify_ext(rsa, CA_MBEDTLS_RSA_VERIFY_RNG CA_MBEDTLS_RSA_MODE(
                                               MBEDTLS_RSA_PUBLIC) digest,
                                           hash_length, hash, mgf1_digest, salt_length, signature);
}
#undef CA_MBEDTLS_RSA_MODE
#undef CA_MBEDTLS_RSA_VERIFY_RNG

/// 3.x takes the signature buffer's size (and checks it); 2.28 writes up to MBEDTLS_ECDSA_MAX_LEN bytes.
inline int ecdsa_write_signature(mbedtls_ecdsa_context* key, mbedtls_md_type_t digest, const unsigned char* hash,
                                 size_t hash_length, unsigned char* signature, size_t capacity, size_t* written,
                                 Rng rng, void* rng_state) {
#if MBEDTLS_VERSION_MAJOR >= 3
  return mbedtls_ecdsa_write_signature(key, digest, hash, hash_length, signature, capacity, written, rng,
                                       rng_state);
#else
  if (capacity < MBEDTLS_ECDSA_MAX_LEN) return MBEDTLS_ERR_ECP_BUFFER_TOO_SMALL;
  return mbedtls_ecdsa_write_signature(key, digest, hash, hash_length, signature, written, rng, rng_state);
#endif
}

/// The raw private key of a Montgomery key pair (RFC 7748, little-endian): mbedtls_ecp_write_key, which 3.6
/// deprecates for mbedtls_ecp_write_key_ext (the same bytes, and the length written).
inline int ecp_write_private(mbedtls_ecp_keypair* key, unsigned char* out, size_t length) {
#if MBEDTLS_VERSION_NUMBER >= 0x03060000
  size_t written = 0;
  const int ret = mbedtls_ecp_write_key_ext(key, &written, out, length);
  return ret == 0 && written != length ? MBEDTLS_ERR_ECP_BAD_INPUT_DATA : ret;
#else
  return mbedtls_ecp_write_key(key, out, length);
#endif
}

/// PBKDF2-HMAC (PKCS#5). Up to 3.4: mbedtls_pkcs5_pbkdf2_hmac on an HMAC md context set up once, here; 3.5
/// deprecates it for mbedtls_pkcs5_pbkdf2_hmac_ext, which takes the digest and sets up its own md context
/// inside every call (one allocation and free per derivation, next to the thousands of HMAC calls).
class Pbkdf2Hmac {
 public:
  /// The return value of mbedtls_md_setup (0 on success) is in setup_status().
  explicit Pbkdf2Hmac(const mbedtls_md_info_t* md) : digest_(mbedtls_md_get_type(md)) {
#if MBEDTLS_VERSION_NUMBER < 0x03050000
    mbedtls_md_init(&hmac_);
    setup_status_ = mbedtls_md_setup(&hmac_, md, 1);
#endif
  }
  ~Pbkdf2Hmac() {
#if MBEDTLS_VERSION_NUMBER < 0x03050000
    mbedtls_md_free(&hmac_);
#endif
  }
  Pbkdf2Hmac(const Pbkdf2Hmac&) = delete;
  Pbkdf2Hmac& operator=(const Pbkdf2Hmac&) = delete;

  int setup_status() const { return setup_status_; }
  int derive(const unsigned char* password, size_t password_length, const unsigned char* salt,
             size_t salt_length, unsigned iterations, uint32_t length, unsigned char* out) {
#if MBEDTLS_VERSION_NUMBER < 0x03050000
    return mbedtls_pkcs5_pbkdf2_hmac(&hmac_, password, password_length, salt, salt_length, iterations, length,
                                     out);
#else
    return mbedtls_pkcs5_pbkdf2_hmac_ext(digest_, password, password_length, salt, salt_length, iterations,
                                         length, out);
#endif
  }

 private:
  mbedtls_md_type_t digest_;
  int setup_status_ = 0;
#if MBEDTLS_VERSION_NUMBER < 0x03050000
  mbedtls_md_context_t hmac_;
#endif
};

// ---- acceleration --------------------------------------------------------------------------------------

/// mbedtls_aesni_has_support(what), the CPUID test aes.c and gcm.c make before taking the AES-NI / PCLMULQDQ
/// code, where this build of the library has that code; false elsewhere. 2.28 declares it in
/// <mbedtls/aesni.h>. 3.x moved the header into the library's sources, but libmbedcrypto still exports the
/// function where MBEDTLS_AESNI_C is set: it is declared weak above, so a library without it leaves the
/// pointer null and the answer false rather than failing to load.
#if MBEDTLS_VERSION_MAJOR >= 3 && defined(MBEDTLS_AESNI_C) && defined(__x86_64__)
inline constexpr unsigned kAesniAes = 0x02000000u;   // CPUID.1:ECX.AESNI, as 3.x's library/aesni.h
inline constexpr unsigned kAesniClmul = 0x00000002u;  // CPUID.1:ECX.PCLMULQDQ
inline bool aesni_has_support(unsigned what) {
  return mbedtls_aesni_has_support != nullptr && mbedtls_aesni_has_support(what) != 0;
}
#elif MBEDTLS_VERSION_MAJOR < 3 && defined(MBEDTLS_AESNI_C) && defined(MBEDTLS_AESNI_HAVE_CODE)
inline constexpr unsigned kAesniAes = MBEDTLS_AESNI_AES;
inline constexpr unsigned kAesniClmul = MBEDTLS_AESNI_CLMUL;
inline bool aesni_has_support(unsigned what) { return mbedtls_aesni_has_support(what) != 0; }
#else
// No AES-NI code in this build (aarch64: 2.28 has no Armv8 AES code; 3.x's is not reported, see the doc).
inline constexpr unsigned kAesniAes = 0;
inline constexpr unsigned kAesniClmul = 0;
inline bool aesni_has_support(unsigned) { return false; }
#endif

}  // namespace ca::backend_mbedtls::compat
