// GnuTLS's known deviations (docs/VERIFY.md, "Documented library deviations"): Wycheproof tests the library
// itself decides differently from the vector, each with the library versions it was seen in and why it is
// the library's behaviour, not this adapter's. backend.cpp declares them (CRYPTAUDITOR_DEVIATIONS);
// `cryptauditor verify` applies one only while the version the library reports is in its range. An adapter
// bug never belongs here: it is a failure until the backend is fixed.
#pragma once

#include "cryptauditor/plugin_abi.h"

namespace ca::backend_gnutls {

// Seen in GnuTLS 3.7.9 (Debian 12, libgnutls30 3.7.9-2+deb12u7) and 3.8.9 (Debian 13, 3.8.9-3+deb13u4: every entry
// on kSeenIn still fails the same way under `verify`, 2026-12-07); the releases between were not run. Widen
// only after checking another version.
inline constexpr ca_version_range kSeenIn = {"3.7.9", "3.8.9"};
// GnuTLS 3.8.9 on Nettle 3.10 (Debian 13) accepts the valid PointDuplication signatures: fixed there.
inline constexpr ca_version_range kSeenIn379 = {"3.7.9", "3.7.9"};

// ECDSA signatures reach GnuTLS as DER; gnutls_pubkey_verify_data2 decodes them itself.
inline constexpr const char* kBerSignature =
    "GnuTLS 3.7.9 decodes the ECDSA Ecdsa-Sig-Value with libtasn1's asn1_der_decoding (lib/pk.c, "
    "_gnutls_decode_ber_rs: BER, as its name says), which accepts long-form and indefinite lengths, "
    "non-minimal tags, leading zeros and a negative s read as unsigned; RFC 3279 2.2.3 and X9.62 require DER";
inline constexpr const char* kPointDuplication =
    "GnuTLS 3.7.9 verifies ECDSA with Nettle's ecdsa_verify, which rejects this valid signature, crafted so "
    "that u1 G and u2 Q are the same point: its point addition does not handle the doubling case (the Nettle "
    "backend declares the same for P-256)";
inline constexpr const char* kEd448FinalByte =
    "GnuTLS 3.7.9 (Ed448 verified by Nettle's ed448_shake256_verify) accepts this signature whose S was "
    "replaced by S + 2^448, a nonzero final byte, as a decoder that ignores S's final byte would; RFC 8032 "
    "5.2.7 step 1 decodes all 57 bytes of S and requires S < L";

inline constexpr ca_deviation kDeviations[] = {
    {"ecdsa_secp256r1_sha256_p1363_test.json", 204, kSeenIn379, kPointDuplication},
    {"ecdsa_secp256r1_sha256_test.json", 6, kSeenIn, kBerSignature},
    {"ecdsa_secp256r1_sha256_test.json", 8, kSeenIn, kBerSignature},
    {"ecdsa_secp256r1_sha256_test.json", 9, kSeenIn, kBerSignature},
    {"ecdsa_secp256r1_sha256_test.json", 48, kSeenIn, kBerSignature},
    {"ecdsa_secp256r1_sha256_test.json", 67, kSeenIn, kBerSignature},
    {"ecdsa_secp256r1_sha256_test.json", 68, kSeenIn, kBerSignature},
    {"ecdsa_secp256r1_sha256_test.json", 84, kSeenIn, kBerSignature},
    {"ecdsa_secp256r1_sha256_test.json", 114, kSeenIn, kBerSignature},
    {"ecdsa_secp256r1_sha256_test.json", 115, kSeenIn, kBerSignature},
    {"ecdsa_secp256r1_sha256_test.json", 128, kSeenIn, kBerSignature},
    {"ecdsa_secp256r1_sha256_test.json", 427, kSeenIn379, kPointDuplication},
    {"ecdsa_secp256r1_sha256_test.json", 472, kSeenIn, kBerSignature},
    {"ecdsa_secp256r1_sha256_test.json", 473, kSeenIn, kBerSignature},
    {"ecdsa_secp256r1_sha256_test.json", 474, kSeenIn, kBerSignature},
    {"ecdsa_secp384r1_sha384_test.json", 6, kSeenIn, kBerSignature},
    {"ecdsa_secp384r1_sha384_test.json", 8, kSeenIn, kBerSignature},
    {"ecdsa_secp384r1_sha384_test.json", 9, kSeenIn, kBerSignature},
    {"ecdsa_secp384r1_sha384_test.json", 48, kSeenIn, kBerSignature},
    {"ecdsa_secp384r1_sha384_test.json", 67, kSeenIn, kBerSignature},
    {"ecdsa_secp384r1_sha384_test.json", 68, kSeenIn, kBerSignature},
    {"ecdsa_secp384r1_sha384_test.json", 84, kSeenIn, kBerSignature},
    {"ecdsa_secp384r1_sha384_test.json", 114, kSeenIn, kBerSignature},
    {"ecdsa_secp384r1_sha384_test.json", 115, kSeenIn, kBerSignature},
    {"ecdsa_secp384r1_sha384_test.json", 128, kSeenIn, kBerSignature},
    {"ecdsa_secp384r1_sha384_test.json", 453, kSeenIn379, kPointDuplication},
    {"ecdsa_secp384r1_sha384_test.json", 492, kSeenIn, kBerSignature},
    {"ecdsa_secp384r1_sha384_test.json", 493, kSeenIn, kBerSignature},
    {"ecdsa_secp384r1_sha384_test.json", 494, kSeenIn, kBerSignature},
    {"ecdsa_secp521r1_sha512_test.json", 7, kSeenIn, kBerSignature},
    {"ecdsa_secp521r1_sha512_test.json", 46, kSeenIn, kBerSignature},
    {"ecdsa_secp521r1_sha512_test.json", 65, kSeenIn, kBerSignature},
    {"ecdsa_secp521r1_sha512_test.json", 66, kSeenIn, kBerSignature},
    {"ecdsa_secp521r1_sha512_test.json", 82, kSeenIn, kBerSignature},
    {"ecdsa_secp521r1_sha512_test.json", 112, kSeenIn, kBerSignature},
    {"ecdsa_secp521r1_sha512_test.json", 113, kSeenIn, kBerSignature},
    {"ecdsa_secp521r1_sha512_test.json", 126, kSeenIn, kBerSignature},
    {"ecdsa_secp521r1_sha512_test.json", 494, kSeenIn379, kPointDuplication},
    {"ecdsa_secp521r1_sha512_test.json", 530, kSeenIn, kBerSignature},
    {"ecdsa_secp521r1_sha512_test.json", 531, kSeenIn, kBerSignature},
    {"ecdsa_secp521r1_sha512_test.json", 532, kSeenIn, kBerSignature},
    {"ed448_test.json", 76, kSeenIn, kEd448FinalByte},
};

}  // namespace ca::backend_gnutls
