// NSS's known deviations (docs/VERIFY.md, "Documented library deviations"): Wycheproof tests the library
// itself decides differently from the vector, each with the library versions it was seen in and why it is
// the library's behaviour, not this adapter's. backend.cpp declares them (CRYPTAUDITOR_DEVIATIONS);
// `cryptauditor verify` applies one only while the version the library reports is in its range, and
// otherwise keeps the failure and says the entry was not applied. An adapter bug never belongs here: it is
// a failure until the backend is fixed.
#pragma once

#include "cryptauditor/plugin_abi.h"

namespace ca::backend_nss {

// Seen in NSS 3.87 (3.87.1 on Debian 12) and 3.110 (Debian 13: both entries still fail the same way under
// `verify`, 2026-12-07); the releases between were not run. Widen it only after checking another version
// against the vectors.
inline constexpr ca_version_range kSeenIn = {"3.87", "3.110"};

// backends/nss hands DSAU_DecodeDerSigToLen (the decoder VFY_* use) the DER signature as it is.
inline constexpr const char* kNssUnsignedDerInteger =
    "NSS 3.87 decodes an ECDSA signature's DER (DSAU_DecodeDerSigToLen, SEC_QuickDERDecodeItem) taking "
    "each INTEGER as an unsigned magnitude, so an s whose top bit is set without the leading 0x00, a "
    "negative INTEGER in DER (X.690 8.3.3), is read as the positive value and the signature verifies";

inline constexpr ca_deviation kDeviations[] = {
    {"ecdsa_secp256r1_sha256_test.json", 6, kSeenIn, kNssUnsignedDerInteger},
    {"ecdsa_secp384r1_sha384_test.json", 6, kSeenIn, kNssUnsignedDerInteger},
};

}  // namespace ca::backend_nss
