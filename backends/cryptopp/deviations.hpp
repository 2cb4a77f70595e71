// Crypto++'s known deviations (docs/VERIFY.md, "Documented library deviations"): Wycheproof tests the library
// itself decides differently from the vector, each with the library versions it was seen in and why it is
// the library's behaviour, not this adapter's. backend.cpp declares them (CRYPTAUDITOR_DEVIATIONS);
// `cryptauditor verify` applies one only while the version the library reports is in its range, and
// otherwise keeps the failure and says the entry was not applied. An adapter bug never belongs here: it is
// a failure until the backend is fixed.
#pragma once

#include "cryptauditor/plugin_abi.h"

namespace ca::backend_cryptopp {

// Seen in Crypto++ 8.7.0 (Debian 12) and 8.9.0 (Debian 13: every entry on kSeenIn still fails the same way under
// `verify`, 2026-12-07); 8.8 was not run. Widen it only after checking
// another version against the vectors.
inline constexpr ca_version_range kSeenIn = {"8.7", "8.9"};

// Found once verify ran the parameter ranges (issue #13 item 3): GCM IVs other than 96 bits.
inline constexpr const char* kCryptoppGcmCounterWrap =
    "Crypto++ 8.7's GCM, for an IV that is not 96 bits, increments the whole 128-bit counter block where SP "
    "800-38D's inc32 increments only its last 32 bits mod 2^32: the keystream differs once those bits wrap "
    "(the vectors' J0 ends in ffffffff)";

inline constexpr ca_deviation kDeviations[] = {
    {"aes_gcm_test.json", 79, kSeenIn, kCryptoppGcmCounterWrap},
    {"aes_gcm_test.json", 82, kSeenIn, kCryptoppGcmCounterWrap},
    {"aes_gcm_test.json", 159, kSeenIn, kCryptoppGcmCounterWrap},
    {"aes_gcm_test.json", 162, kSeenIn, kCryptoppGcmCounterWrap},
    {"aes_gcm_test.json", 242, kSeenIn, kCryptoppGcmCounterWrap},
    {"aes_gcm_test.json", 245, kSeenIn, kCryptoppGcmCounterWrap},
};

}  // namespace ca::backend_cryptopp
