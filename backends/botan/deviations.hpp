// Botan's known deviations (docs/VERIFY.md, "Documented library deviations"): Wycheproof tests the library
// itself decides differently from the vector, each with the library versions it was seen in and why it is
// the library's behaviour, not this adapter's. backend.cpp declares them (CRYPTAUDITOR_DEVIATIONS);
// `cryptauditor verify` applies one only while the version the library reports is in its range, and
// otherwise keeps the failure and says the entry was not applied. An adapter bug never belongs here: it is
// a failure until the backend is fixed.
#pragma once

#include "cryptauditor/plugin_abi.h"

namespace ca::backend_botan {

// Seen in Botan 2.19.3 (Debian 12): the range is that release series. Widen it only after checking another
// version against the vectors.
inline constexpr ca_version_range kSeenIn = {"2.19", "2.19"};

// Each entry was checked against the adapter: backends/botan passes the input to Botan unchanged, and
// Botan's own code makes the decision. Botan 3 added the S < L check; the others were not tried on another
// version.
inline constexpr const char* kBotanSLessThanL =
    "Botan 2's ed25519_verify only rejects a signature whose S has one of its top 3 bits set (sig[63] & "
    "224); it does not check S < L (RFC 8032 5.1.7), so S + L verifies. Botan 3 added the check";
inline constexpr const char* kBotanLongRsaInput =
    "Botan 2's RSA operations read the input as an integer and only require it to be below the modulus; they "
    "do not require exactly k bytes (RFC 8017 7.1.2 step 1, 8.1.2 step 1), so zero bytes prepended to a "
    "valid input are accepted";
inline constexpr const char* kBotanHkdfLength =
    "Botan 2.19's HKDF (Botan::KDF::derive_key) does not refuse an output longer than 255 x HashLen (RFC "
    "5869 2.3): the call returns without error";

inline constexpr ca_deviation kDeviations[] = {
    {"ed25519_test.json", 63, kSeenIn, kBotanSLessThanL},
    {"ed25519_test.json", 85, kSeenIn, kBotanSLessThanL},
    {"rsa_oaep_2048_sha1_mgf1sha1_test.json", 30, kSeenIn, kBotanLongRsaInput},
    {"rsa_oaep_2048_sha256_mgf1sha256_test.json", 30, kSeenIn, kBotanLongRsaInput},
    {"rsa_oaep_3072_sha256_mgf1sha256_test.json", 30, kSeenIn, kBotanLongRsaInput},
    {"rsa_oaep_4096_sha256_mgf1sha256_test.json", 30, kSeenIn, kBotanLongRsaInput},
    {"rsa_pss_2048_sha256_mgf1_32_test.json", 104, kSeenIn, kBotanLongRsaInput},
    {"rsa_pss_3072_sha256_mgf1_32_test.json", 104, kSeenIn, kBotanLongRsaInput},
    {"hkdf_sha256_test.json", 25, kSeenIn, kBotanHkdfLength},
    {"hkdf_sha256_test.json", 48, kSeenIn, kBotanHkdfLength},
    {"hkdf_sha256_test.json", 74, kSeenIn, kBotanHkdfLength},
    {"hkdf_sha512_test.json", 22, kSeenIn, kBotanHkdfLength},
    {"hkdf_sha512_test.json", 45, kSeenIn, kBotanHkdfLength},
    {"hkdf_sha512_test.json", 68, kSeenIn, kBotanHkdfLength},
    {"rsa_pss_4096_sha512_mgf1_64_test.json", 174, kSeenIn, kBotanLongRsaInput},
};

}  // namespace ca::backend_botan
