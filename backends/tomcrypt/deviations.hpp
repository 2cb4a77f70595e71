// LibTomCrypt's known deviations (docs/VERIFY.md, "Documented library deviations"): Wycheproof tests the
// library itself decides differently from the vector, each with the library versions it was seen in and why
// it is the library's behaviour, not this adapter's. backend.cpp declares them (CRYPTAUDITOR_DEVIATIONS);
// `cryptauditor verify` applies one only while the version the library reports is in its range. An adapter
// bug never belongs here: it is a failure until the backend is fixed.
#pragma once

#include "cryptauditor/plugin_abi.h"

namespace ca::backend_tomcrypt {

// Seen in LibTomCrypt 1.18.2 (Debian 12's 1.18.2-6). Widen the range only after checking another version.
inline constexpr ca_version_range kSeenIn = {"1.18.2", "1.18.2"};

// backends/tomcrypt hands rsa_verify_hash_ex the signature and the message digest unchanged.
inline constexpr const char* kDigestInfoSetTag =
    "LibTomCrypt 1.18.2's rsa_verify_hash_ex (LTC_PKCS_1_V1_5) decodes the DigestInfo with "
    "der_decode_sequence, which takes the SET tag 0x31 where DER has the SEQUENCE tag 0x30 (its source: "
    "\"We allow 0x30 SEQUENCE and 0x31 SET since fundamentally they're the same structure\"), instead of "
    "comparing the encoded message with the one it would build (RFC 8017 8.2.2 step 4, 9.2)";

// backends/tomcrypt hands chacha20poly1305_setiv / _add_aad / _encrypt / _done the vector's inputs unchanged;
// the library's one-shot chacha20poly1305_memory gives the same tag.
inline constexpr const char* kChaChaPolyEmptyMessage =
    "LibTomCrypt 1.18.2's ChaCha20-Poly1305 pads the AAD to 16 bytes in chacha20poly1305_encrypt / _decrypt, "
    "which return at once for an empty message, and not in chacha20poly1305_done: with an empty plaintext "
    "and AAD whose length is not a multiple of 16 the tag omits padding1, which RFC 8439 2.8 always MACs";

// backends/tomcrypt reads r and s from the DER signature with the SDK's strict reader and hands them to
// ecc_verify_hash_rfc7518 as r || s; the vectors are valid signatures.
inline constexpr const char* kEccShamirEdgeCase =
    "LibTomCrypt 1.18.2's ECDSA verification rejects this valid signature, crafted so that the Shamir "
    "double-scalar multiplication u1 G + u2 Q (ltc_ecc_mul2add, LTC_ECC_SHAMIR) adds a point to itself: its "
    "ltc_ecc_projective_add_point switches to doubling only when the two projective coordinates are "
    "identical (same z), and has no point at infinity";
inline constexpr const char* kEccExtremeK =
    "LibTomCrypt 1.18.2's ECDSA verification rejects this valid signature (Wycheproof: extreme value for k "
    "and s^-1, ArithmeticError); the verification computes u1 G + u2 Q with ltc_ecc_mul2add over the "
    "projective addition that has no point at infinity and detects P = Q only for identical coordinates, "
    "the path that also fails Wycheproof's Shamir edge case";

// backends/tomcrypt reads the peer's SubjectPublicKeyInfo with the SDK's strict DER reader (an uncompressed
// point of the curve's length) and hands the point to ecc_ansi_x963_import_ex, then ecc_shared_secret.
inline constexpr const char* kEcdhPointNotOnCurve =
    "LibTomCrypt 1.18.2 does not check that an ECDH peer's public point lies on the curve: "
    "ecc_ansi_x963_import_ex reads x and y and sets z = 1, and ecc_shared_secret multiplies the point it is "
    "given, so a point off the curve yields a 'shared secret' (an invalid-curve attack recovers the private "
    "key); SP 800-56A rev. 3 5.6.2.3.4 and SEC 1 v2 3.2.2.1 require the check";

inline constexpr ca_deviation kDeviations[] = {
    {"chacha20_poly1305_test.json", 3, kSeenIn, kChaChaPolyEmptyMessage},
    {"ecdsa_secp256r1_sha256_test.json", 295, kSeenIn, kEccShamirEdgeCase},
    {"ecdsa_secp256r1_sha256_test.json", 433, kSeenIn, kEccExtremeK},
    {"ecdsa_secp256r1_sha256_p1363_test.json", 60, kSeenIn, kEccShamirEdgeCase},
    {"ecdsa_secp256r1_sha256_p1363_test.json", 210, kSeenIn, kEccExtremeK},
    {"ecdsa_secp384r1_sha384_test.json", 295, kSeenIn, kEccShamirEdgeCase},
    {"ecdsa_secp521r1_sha512_test.json", 295, kSeenIn, kEccShamirEdgeCase},
    {"ecdsa_secp521r1_sha512_test.json", 501, kSeenIn, kEccExtremeK},
    {"ecdh_secp256r1_test.json", 333, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp256r1_test.json", 334, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp256r1_test.json", 337, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp256r1_test.json", 338, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp256r1_test.json", 341, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp256r1_test.json", 342, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp256r1_test.json", 345, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp256r1_test.json", 346, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp256r1_test.json", 350, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp384r1_test.json", 774, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp384r1_test.json", 775, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp384r1_test.json", 778, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp384r1_test.json", 779, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp384r1_test.json", 782, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp384r1_test.json", 783, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp384r1_test.json", 786, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp384r1_test.json", 787, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp384r1_test.json", 790, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp521r1_test.json", 635, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp521r1_test.json", 636, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp521r1_test.json", 639, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp521r1_test.json", 640, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp521r1_test.json", 643, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp521r1_test.json", 644, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp521r1_test.json", 647, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp521r1_test.json", 648, kSeenIn, kEcdhPointNotOnCurve},
    {"ecdh_secp521r1_test.json", 651, kSeenIn, kEcdhPointNotOnCurve},
    {"rsa_signature_2048_sha256_test.json", 43, kSeenIn, kDigestInfoSetTag},
    {"rsa_signature_3072_sha256_test.json", 43, kSeenIn, kDigestInfoSetTag},
    {"rsa_signature_4096_sha512_test.json", 43, kSeenIn, kDigestInfoSetTag},
};

}  // namespace ca::backend_tomcrypt
