#include "verify/deviations.hpp"

#include <vector>

namespace ca::verify {
namespace {

// Botan 2.19 (Debian 12). Each entry was checked against the adapter: backends/botan passes the input to
// Botan unchanged, and Botan's own code makes the decision.
constexpr std::string_view kBotanSLessThanL =
    "Botan 2's ed25519_verify only rejects a signature whose S has one of its top 3 bits set (sig[63] & "
    "224); "
    "it does not check S < L (RFC 8032 5.1.7), so S + L verifies. Botan 3 added the check";
constexpr std::string_view kBotanLongRsaInput =
    "Botan 2's RSA operations read the input as an integer and only require it to be below the modulus; "
    "they do not require exactly k bytes (RFC 8017 7.1.2 step 1, 8.1.2 step 1), so zero bytes prepended to a "
    "valid input are accepted";

// libgcrypt 1.10.1 (Debian 12), through backends/gcrypt, which hands libgcrypt the input bytes unchanged
// (as an MPI or an S-expression string) and reports libgcrypt's own answer.
constexpr std::string_view kGcryptSLessThanL =
    "libgcrypt 1.10's Ed25519 verification does not check S < L (RFC 8032 5.1.7): S + kL verifies";
constexpr std::string_view kGcryptOaepPaddingString =
    "libgcrypt 1.10's OAEP decoding skips to the 0x01 separator without requiring the padding string before "
    "it "
    "to be zero bytes (RFC 8017 7.1.2 step 3g): a modified padding string still decrypts";
constexpr std::string_view kGcryptUnreducedInput =
    "libgcrypt's RSA decryption and verification do not require the k-byte input to be below the modulus "
    "(RFC 8017 5.1.2 / 5.2.2 step 1): c + n or s + n is reduced mod n and accepted";
// Nettle 3.8 (Debian 12), through backends/nettle, which hands ecdsa_verify the DER-decoded r and s.
constexpr std::string_view kNettlePointDuplication =
    "Nettle 3.8's ecdsa_verify rejects this valid signature, crafted so that u1 G and u2 Q are the same "
    "point; "
    "its point addition in the verification does not handle the doubling case";

// wolfSSL 5.5.4 (Debian 12), through backends/wolfssl, which hands wolfCrypt the input bytes unchanged.
constexpr std::string_view kWolfsslSLessThanL =
    "wolfSSL 5.5.4's Ed25519 S < L check stops at the first non-zero byte below S's top byte 0x10 "
    "without rejecting, so an S above L whose top byte is 0x10 verifies (RFC 8032 5.1.7 requires S < L)";
constexpr std::string_view kWolfsslEmptyOaep =
    "wolfSSL 5.5.4 does not handle an empty RSA-OAEP message: wc_RsaPrivateDecrypt_ex fails on this valid "
    "ciphertext of a zero-length plaintext (and wc_RsaPublicEncrypt_ex refuses a zero-length input)";
constexpr std::string_view kWolfsslUnreducedSignature =
    "wolfSSL 5.5.4's RSA verification (wc_RsaSSL_Verify) does not require the signature to be below the "
    "modulus (RFC 8017 8.2.2 step 2, RSAVP1): s + n is reduced mod n and verifies";

// Observed through `cryptauditor verify` with the adapters passing the input to the library unchanged.
constexpr std::string_view kOpensslExplicitCofactor =
    "OpenSSL 3.0 reads this SubjectPublicKeyInfo, whose explicit curve parameters have no cofactor or "
    "cofactor = n, as cofactor 1 (`openssl pkey -text` prints 'Cofactor: 1'), names the group as the "
    "named curve (the adapter's curve check passes) and derives the shared secret";
constexpr std::string_view kBotanHkdfLength =
    "Botan 2.19's HKDF (Botan::KDF::derive_key) does not refuse an output longer than 255 x HashLen "
    "(RFC 5869 2.3): the call returns without error";
constexpr std::string_view kGcryptEd448SLessThanL =
    "libgcrypt 1.10's Ed448 verification does not check S < L (RFC 8032 5.2.7): S + kL verifies";

// Found once verify ran the parameter ranges (issue #13 item 3): other GCM IV lengths, RSA-4096 with SHA-512,
// ECDH P-521.
constexpr std::string_view kCryptoppGcmCounterWrap =
    "Crypto++ 8.7's GCM, for an IV that is not 96 bits, increments the whole 128-bit counter block where "
    "SP 800-38D's inc32 increments only its last 32 bits mod 2^32: the keystream differs once those bits "
    "wrap (the vectors' J0 ends in ffffffff)";

const std::vector<Deviation> kDeviations = {
    {"botan", "ed25519_test.json", 63, kBotanSLessThanL},
    {"botan", "ed25519_test.json", 85, kBotanSLessThanL},
    {"botan", "rsa_oaep_2048_sha1_mgf1sha1_test.json", 30, kBotanLongRsaInput},
    {"botan", "rsa_oaep_2048_sha256_mgf1sha256_test.json", 30, kBotanLongRsaInput},
    {"botan", "rsa_oaep_3072_sha256_mgf1sha256_test.json", 30, kBotanLongRsaInput},
    {"botan", "rsa_oaep_4096_sha256_mgf1sha256_test.json", 30, kBotanLongRsaInput},
    {"botan", "rsa_pss_2048_sha256_mgf1_32_test.json", 104, kBotanLongRsaInput},
    {"botan", "rsa_pss_3072_sha256_mgf1_32_test.json", 104, kBotanLongRsaInput},
    {"botan", "hkdf_sha256_test.json", 25, kBotanHkdfLength},
    {"botan", "hkdf_sha256_test.json", 48, kBotanHkdfLength},
    {"botan", "hkdf_sha256_test.json", 74, kBotanHkdfLength},
    {"botan", "hkdf_sha512_test.json", 22, kBotanHkdfLength},
    {"botan", "hkdf_sha512_test.json", 45, kBotanHkdfLength},
    {"botan", "hkdf_sha512_test.json", 68, kBotanHkdfLength},
    {"gcrypt", "ed448_test.json", 70, kGcryptEd448SLessThanL},
    {"gcrypt", "ed448_test.json", 71, kGcryptEd448SLessThanL},
    {"gcrypt", "ed448_test.json", 72, kGcryptEd448SLessThanL},
    {"gcrypt", "ed448_test.json", 73, kGcryptEd448SLessThanL},
    {"gcrypt", "ed25519_test.json", 63, kGcryptSLessThanL},
    {"gcrypt", "ed25519_test.json", 64, kGcryptSLessThanL},
    {"gcrypt", "ed25519_test.json", 65, kGcryptSLessThanL},
    {"gcrypt", "ed25519_test.json", 66, kGcryptSLessThanL},
    {"gcrypt", "ed25519_test.json", 85, kGcryptSLessThanL},
    {"gcrypt", "rsa_oaep_2048_sha1_mgf1sha1_test.json", 16, kGcryptOaepPaddingString},
    {"gcrypt", "rsa_oaep_2048_sha1_mgf1sha1_test.json", 17, kGcryptOaepPaddingString},
    {"gcrypt", "rsa_oaep_2048_sha1_mgf1sha1_test.json", 27, kGcryptUnreducedInput},
    {"gcrypt", "rsa_oaep_2048_sha256_mgf1sha256_test.json", 16, kGcryptOaepPaddingString},
    {"gcrypt", "rsa_oaep_2048_sha256_mgf1sha256_test.json", 17, kGcryptOaepPaddingString},
    {"gcrypt", "rsa_oaep_2048_sha256_mgf1sha256_test.json", 27, kGcryptUnreducedInput},
    {"gcrypt", "rsa_oaep_3072_sha256_mgf1sha256_test.json", 16, kGcryptOaepPaddingString},
    {"gcrypt", "rsa_oaep_3072_sha256_mgf1sha256_test.json", 17, kGcryptOaepPaddingString},
    {"gcrypt", "rsa_oaep_3072_sha256_mgf1sha256_test.json", 27, kGcryptUnreducedInput},
    {"gcrypt", "rsa_oaep_4096_sha256_mgf1sha256_test.json", 16, kGcryptOaepPaddingString},
    {"gcrypt", "rsa_oaep_4096_sha256_mgf1sha256_test.json", 17, kGcryptOaepPaddingString},
    {"gcrypt", "rsa_oaep_4096_sha256_mgf1sha256_test.json", 27, kGcryptUnreducedInput},
    {"gcrypt", "rsa_signature_2048_sha256_test.json", 244, kGcryptUnreducedInput},
    {"nettle", "ecdsa_secp256r1_sha256_test.json", 427, kNettlePointDuplication},
    {"openssl", "ecdh_secp256r1_test.json", 359, kOpensslExplicitCofactor},
    {"openssl", "ecdh_secp256r1_test.json", 361, kOpensslExplicitCofactor},
    {"openssl", "ecdh_secp384r1_test.json", 799, kOpensslExplicitCofactor},
    {"openssl", "ecdh_secp384r1_test.json", 801, kOpensslExplicitCofactor},
    {"openssl", "ecdh_secp521r1_test.json", 660, kOpensslExplicitCofactor},
    {"openssl", "ecdh_secp521r1_test.json", 662, kOpensslExplicitCofactor},
    {"botan", "rsa_pss_4096_sha512_mgf1_64_test.json", 174, kBotanLongRsaInput},
    {"gcrypt", "rsa_signature_4096_sha512_test.json", 245, kGcryptUnreducedInput},
    {"wolfssl", "rsa_signature_4096_sha512_test.json", 245, kWolfsslUnreducedSignature},
    {"cryptopp", "aes_gcm_test.json", 79, kCryptoppGcmCounterWrap},
    {"cryptopp", "aes_gcm_test.json", 82, kCryptoppGcmCounterWrap},
    {"cryptopp", "aes_gcm_test.json", 159, kCryptoppGcmCounterWrap},
    {"cryptopp", "aes_gcm_test.json", 162, kCryptoppGcmCounterWrap},
    {"cryptopp", "aes_gcm_test.json", 242, kCryptoppGcmCounterWrap},
    {"cryptopp", "aes_gcm_test.json", 245, kCryptoppGcmCounterWrap},
    {"nettle", "ecdsa_secp256r1_sha256_p1363_test.json", 204, kNettlePointDuplication},
    {"wolfssl", "ed25519_test.json", 85, kWolfsslSLessThanL},
    {"wolfssl", "rsa_oaep_2048_sha1_mgf1sha1_test.json", 1, kWolfsslEmptyOaep},
    {"wolfssl", "rsa_oaep_2048_sha256_mgf1sha256_test.json", 1, kWolfsslEmptyOaep},
    {"wolfssl", "rsa_oaep_3072_sha256_mgf1sha256_test.json", 1, kWolfsslEmptyOaep},
    {"wolfssl", "rsa_oaep_4096_sha256_mgf1sha256_test.json", 1, kWolfsslEmptyOaep},
    {"wolfssl", "rsa_signature_2048_sha256_test.json", 244, kWolfsslUnreducedSignature},
};

}  // namespace

std::span<const Deviation> documented_deviations() { return kDeviations; }

const Deviation* find_deviation(std::string_view backend, std::string_view file, int64_t tc_id) {
  for (const Deviation& d : kDeviations)
    if (d.backend == backend && d.file == file && d.tc_id == tc_id) return &d;
  return nullptr;
}

}  // namespace ca::verify
