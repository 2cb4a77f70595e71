// Nettle's known deviations (docs/VERIFY.md, "Documented library deviations"): Wycheproof tests the library
// itself decides differently from the vector, each with the library versions it was seen in and why it is
// the library's behaviour, not this adapter's. backend.cpp declares them (CRYPTAUDITOR_DEVIATIONS);
// `cryptauditor verify` applies one only while the version the library reports is in its range, and
// otherwise keeps the failure and says the entry was not applied. An adapter bug never belongs here: it is
// a failure until the backend is fixed.
#pragma once

#include "cryptauditor/plugin_abi.h"

namespace ca::backend_nettle {

// Seen in Nettle 3.8 (Debian 12; Nettle reports no patch level): the range is that release series. Widen
// it only after checking another version against the vectors.
inline constexpr ca_version_range kSeenIn = {"3.8", "3.8"};

// backends/nettle hands ecdsa_verify the DER-decoded r and s.
inline constexpr const char* kNettlePointDuplication =
    "Nettle 3.8's ecdsa_verify rejects this valid signature, crafted so that u1 G and u2 Q are the same "
    "point; its point addition in the verification does not handle the doubling case";

inline constexpr ca_deviation kDeviations[] = {
    {"ecdsa_secp256r1_sha256_test.json", 427, kSeenIn, kNettlePointDuplication},
    {"ecdsa_secp256r1_sha256_p1363_test.json", 204, kSeenIn, kNettlePointDuplication},
};

}  // namespace ca::backend_nettle
