// OpenSSL's known deviations (docs/VERIFY.md, "Documented library deviations"): Wycheproof tests the library
// itself decides differently from the vector, each with the library versions it was seen in and why it is
// the library's behaviour, not this adapter's. backend.cpp declares them (CRYPTAUDITOR_DEVIATIONS);
// `cryptauditor verify` applies one only while the version the library reports is in its range, and
// otherwise keeps the failure and says the entry was not applied. An adapter bug never belongs here: it is
// a failure until the backend is fixed.
#pragma once

#include "cryptauditor/plugin_abi.h"

namespace ca::backend_openssl {

// Seen in OpenSSL 3.0.22 (Debian 12) and 3.5.10 (Debian 13): each of the six keys below derives the same
// secret in both (`openssl pkeyutl -derive -peerkey`, the d2i_PUBKEY + EVP_PKEY_derive path the adapter
// takes). The releases between were not run; widen the range only after checking another version.
inline constexpr ca_version_range kSeenIn = {"3.0", "3.5"};

// Observed through `cryptauditor verify` with the adapter passing the input to the library unchanged.
inline constexpr const char* kOpensslExplicitCofactor =
    "OpenSSL 3.0 and 3.5 read this SubjectPublicKeyInfo, whose explicit curve parameters have no cofactor or "
    "cofactor = n, as cofactor 1 (`openssl pkey -text` prints 'Cofactor: 1'), name the group as the named "
    "curve (the adapter's curve check passes) and derive the shared secret";

inline constexpr ca_deviation kDeviations[] = {
    {"ecdh_secp256r1_test.json", 359, kSeenIn, kOpensslExplicitCofactor},
    {"ecdh_secp256r1_test.json", 361, kSeenIn, kOpensslExplicitCofactor},
    {"ecdh_secp384r1_test.json", 799, kSeenIn, kOpensslExplicitCofactor},
    {"ecdh_secp384r1_test.json", 801, kSeenIn, kOpensslExplicitCofactor},
    {"ecdh_secp521r1_test.json", 660, kSeenIn, kOpensslExplicitCofactor},
    {"ecdh_secp521r1_test.json", 662, kSeenIn, kOpensslExplicitCofactor},
};

}  // namespace ca::backend_openssl
