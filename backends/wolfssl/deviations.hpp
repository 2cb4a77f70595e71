// wolfSSL's known deviations (docs/VERIFY.md, "Documented library deviations"): Wycheproof tests the library
// itself decides differently from the vector, each with the library versions it was seen in and why it is
// the library's behaviour, not this adapter's. backend.cpp declares them (CRYPTAUDITOR_DEVIATIONS);
// `cryptauditor verify` applies one only while the version the library reports is in its range, and
// otherwise keeps the failure and says the entry was not applied. An adapter bug never belongs here: it is
// a failure until the backend is fixed.
#pragma once

#include "cryptauditor/plugin_abi.h"

namespace ca::backend_wolfssl {

// Seen in wolfSSL 5.5.4 (Debian 12) and 5.7.2 (Debian 13: every entry on kSeenIn still fails the same way under
// `verify`, 2026-12-07); the releases between were not run. Widen it only after checking
// another version against the vectors.
inline constexpr ca_version_range kSeenIn = {"5.5.4", "5.7.2"};
// wolfSSL 5.7.2 (Debian 13) rejects S + L in ed25519_test.json tcId 85: fixed there.
inline constexpr ca_version_range kSeenIn554 = {"5.5.4", "5.5.4"};

// backends/wolfssl hands wolfCrypt the input bytes unchanged.
inline constexpr const char* kWolfsslUnreducedSignature =
    "wolfSSL 5.5.4's RSA verification (wc_RsaSSL_Verify) does not require the signature to be below the "
    "modulus (RFC 8017 8.2.2 step 2, RSAVP1): s + n is reduced mod n and verifies";
inline constexpr const char* kWolfsslSLessThanL =
    "wolfSSL 5.5.4's Ed25519 S < L check stops at the first non-zero byte below S's top byte 0x10 without "
    "rejecting, so an S above L whose top byte is 0x10 verifies (RFC 8032 5.1.7 requires S < L)";
inline constexpr const char* kWolfsslEmptyOaep =
    "wolfSSL 5.5.4 does not handle an empty RSA-OAEP message: wc_RsaPrivateDecrypt_ex fails on this valid "
    "ciphertext of a zero-length plaintext (and wc_RsaPublicEncrypt_ex refuses a zero-length input)";

inline constexpr ca_deviation kDeviations[] = {
    {"rsa_signature_4096_sha512_test.json", 245, kSeenIn, kWolfsslUnreducedSignature},
    {"ed25519_test.json", 85, kSeenIn554, kWolfsslSLessThanL},
    {"rsa_oaep_2048_sha1_mgf1sha1_test.json", 1, kSeenIn, kWolfsslEmptyOaep},
    {"rsa_oaep_2048_sha256_mgf1sha256_test.json", 1, kSeenIn, kWolfsslEmptyOaep},
    {"rsa_oaep_3072_sha256_mgf1sha256_test.json", 1, kSeenIn, kWolfsslEmptyOaep},
    {"rsa_oaep_4096_sha256_mgf1sha256_test.json", 1, kSeenIn, kWolfsslEmptyOaep},
    {"rsa_signature_2048_sha256_test.json", 244, kSeenIn, kWolfsslUnreducedSignature},
};

}  // namespace ca::backend_wolfssl
