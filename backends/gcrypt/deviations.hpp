// libgcrypt's known deviations (docs/VERIFY.md, "Documented library deviations"): Wycheproof tests the
// library itself decides differently from the vector, each with the library versions it was seen in and why
// it is the library's behaviour, not this adapter's. backend.cpp declares them (CRYPTAUDITOR_DEVIATIONS);
// `cryptauditor verify` applies one only while the version the library reports is in its range, and
// otherwise keeps the failure and says the entry was not applied. An adapter bug never belongs here: it is
// a failure until the backend is fixed.
#pragma once

#include "cryptauditor/plugin_abi.h"

namespace ca::backend_gcrypt {

// Seen in libgcrypt 1.10.1 (Debian 12) and 1.11.0 (Debian 13: every entry on kSeenIn still fails the same way
// under `verify`, 2026-12-07): the range is those release series. Widen it only after checking
// another version against the vectors.
inline constexpr ca_version_range kSeenIn = {"1.10", "1.11"};
// Ed448 (a row this backend withholds, so verify runs none of its tests) was only seen in 1.10.
inline constexpr ca_version_range kSeenIn110 = {"1.10", "1.10"};

// backends/gcrypt hands libgcrypt the input bytes unchanged (as an MPI or an S-expression string) and
// reports libgcrypt's own answer.
inline constexpr const char* kGcryptEd448SLessThanL =
    "libgcrypt 1.10's Ed448 verification does not check S < L (RFC 8032 5.2.7): S + kL verifies";
inline constexpr const char* kGcryptSLessThanL =
    "libgcrypt 1.10's Ed25519 verification does not check S < L (RFC 8032 5.1.7): S + kL verifies";
inline constexpr const char* kGcryptOaepPaddingString =
    "libgcrypt 1.10's OAEP decoding skips to the 0x01 separator without requiring the padding string before "
    "it to be zero bytes (RFC 8017 7.1.2 step 3g): a modified padding string still decrypts";
inline constexpr const char* kGcryptUnreducedInput =
    "libgcrypt's RSA decryption and verification do not require the k-byte input to be below the modulus "
    "(RFC 8017 5.1.2 / 5.2.2 step 1): c + n or s + n is reduced mod n and accepted";

// The Ed448 entries apply once the ED448 row, withheld for now (docs/backends/gcrypt.md), runs again.
inline constexpr ca_deviation kDeviations[] = {
    {"ed448_test.json", 70, kSeenIn110, kGcryptEd448SLessThanL},
    {"ed448_test.json", 71, kSeenIn110, kGcryptEd448SLessThanL},
    {"ed448_test.json", 72, kSeenIn110, kGcryptEd448SLessThanL},
    {"ed448_test.json", 73, kSeenIn110, kGcryptEd448SLessThanL},
    {"ed25519_test.json", 63, kSeenIn, kGcryptSLessThanL},
    {"ed25519_test.json", 64, kSeenIn, kGcryptSLessThanL},
    {"ed25519_test.json", 65, kSeenIn, kGcryptSLessThanL},
    {"ed25519_test.json", 66, kSeenIn, kGcryptSLessThanL},
    {"ed25519_test.json", 85, kSeenIn, kGcryptSLessThanL},
    {"rsa_oaep_2048_sha1_mgf1sha1_test.json", 16, kSeenIn, kGcryptOaepPaddingString},
    {"rsa_oaep_2048_sha1_mgf1sha1_test.json", 17, kSeenIn, kGcryptOaepPaddingString},
    {"rsa_oaep_2048_sha1_mgf1sha1_test.json", 27, kSeenIn, kGcryptUnreducedInput},
    {"rsa_oaep_2048_sha256_mgf1sha256_test.json", 16, kSeenIn, kGcryptOaepPaddingString},
    {"rsa_oaep_2048_sha256_mgf1sha256_test.json", 17, kSeenIn, kGcryptOaepPaddingString},
    {"rsa_oaep_2048_sha256_mgf1sha256_test.json", 27, kSeenIn, kGcryptUnreducedInput},
    {"rsa_oaep_3072_sha256_mgf1sha256_test.json", 16, kSeenIn, kGcryptOaepPaddingString},
    {"rsa_oaep_3072_sha256_mgf1sha256_test.json", 17, kSeenIn, kGcryptOaepPaddingString},
    {"rsa_oaep_3072_sha256_mgf1sha256_test.json", 27, kSeenIn, kGcryptUnreducedInput},
    {"rsa_oaep_4096_sha256_mgf1sha256_test.json", 16, kSeenIn, kGcryptOaepPaddingString},
    {"rsa_oaep_4096_sha256_mgf1sha256_test.json", 17, kSeenIn, kGcryptOaepPaddingString},
    {"rsa_oaep_4096_sha256_mgf1sha256_test.json", 27, kSeenIn, kGcryptUnreducedInput},
    {"rsa_signature_2048_sha256_test.json", 244, kSeenIn, kGcryptUnreducedInput},
    {"rsa_signature_4096_sha512_test.json", 245, kSeenIn, kGcryptUnreducedInput},
};

}  // namespace ca::backend_gcrypt
