// The NSS 3.87 backend. NSS is used as its own users use it: NSS_NoDB_Init (no certificate or key database),
// every key imported through PKCS#11 into the internal slot (softoken), and the operations through the PK11
// layer: PK11_Encrypt / PK11_Decrypt for the AEADs, GMAC and one-shot modes, PK11 contexts for hashes, HMAC,
// CMAC, AES-ECB and the stream forms. This file is the table; the contexts are in symmetric.cpp,
// public_key.cpp (EC keys completed by ec_point.cpp), x25519.cpp, ffdhe.cpp and kdf.cpp. docs/backends/nss.md
// says what one timed operation contains, and the per-call PKCS#11 cost it includes.
#include <nss.h>

#include "cryptauditor/backend_sdk.hpp"
#include "deviations.hpp"
#include "nss_backend.hpp"

namespace ca::backend_nss {
namespace {

using ca::sdk::Row;

// Catalog modes NSS 3.87 does not have, named with the reason (supports() answers it before any factory).
const char* no_ccm() {
  return "NSS 3.87's softoken has no CKM_AES_CCM: PK11_DoesMechanism on the internal slot answers false and "
         "PK11_Encrypt fails with SEC_ERROR_INVALID_ALGORITHM (pkcs11t.h declares CK_CCM_PARAMS, but no NSS "
         "token implements it)";
}
const char* no_xts() {
  return "NSS 3.87 has no AES-XTS: no CKM_AES_XTS in its pkcs11t.h or softoken, and no XTS code in freebl";
}

const char* no_aes_feedback() {
  return "NSS 3.87.1's softoken has neither CKM_AES_CFB128 nor CKM_AES_OFB: PK11_DoesMechanism on the "
         "internal "
         "slot answers false for both (pkcs11t.h has no names for them either)";
}
const char* no_legacy_cipher() {
  return "NSS 3.87.1's softoken does not implement it: pkcs11t.h declares CKM_IDEA_CBC_PAD, "
         "CKM_CAST5_CBC_PAD "
         "and CKM_RC5_CBC_PAD, but PK11_DoesMechanism on the internal slot answers false for each";
}

const Row kRows[] = {
    {"AES-CCM", ca::sdk::Factory{}, &no_ccm},
    {"AES-XTS", ca::sdk::Factory{}, &no_xts},
    {"AES-CFB", ca::sdk::Factory{}, &no_aes_feedback},
    {"AES-OFB", ca::sdk::Factory{}, &no_aes_feedback},
    {"IDEA", ca::sdk::Factory{}, &no_legacy_cipher},
    {"CAST5", ca::sdk::Factory{}, &no_legacy_cipher},
    {"RC5", ca::sdk::Factory{}, &no_legacy_cipher},
    // CK_GCM_PARAMS carries the IV length and tag bits per call: every length the catalog declares.
    {"AES-GCM", aes_gcm(),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::catalog(), .nonces = ca::sdk::Lengths::catalog()}},
    {"GMAC-AES", gmac_aes(), ca::sdk::Takes::nonce_lengths(ca::sdk::Lengths::catalog())},  // CKM_AES_GCM
    {"CHACHA20-POLY1305", chacha20_poly1305()},  // CKM_NSS_CHACHA20_POLY1305 (HACL*)
    {"AES-CBC", cbc_pad({CKM_AES_CBC_PAD, CKM_AES_CBC, 16, 0})},
    {"AES-ECB", aes_ecb()},    // CKM_AES_ECB, PKCS#7 padding by the SDK
    {"AES-CTR", aes_ctr()},    // CKM_AES_CTR, 128-bit counter
    {"CHACHA20", chacha20()},  // CKM_CHACHA20 (PKCS#11 v3), block counter from 0
    // Legacy ciphers softoken still has, CBC with PKCS#7 padding (CKM_*_CBC_PAD). 2DES is CKM_DES3 with a
    // 16-byte key, which softoken takes as a CKK_DES2 key (K3 = K1).
    {"DES", cbc_pad({CKM_DES_CBC_PAD, CKM_DES_CBC, 8, 0})},
    {"2DES", cbc_pad({CKM_DES3_CBC_PAD, CKM_DES3_CBC, 8, 0})},
    {"3DES", cbc_pad({CKM_DES3_CBC_PAD, CKM_DES3_CBC, 8, 0})},
    {"RC2", cbc_pad({CKM_RC2_CBC_PAD, CKM_RC2_CBC, 8, 128})},  // effective key bits 128 (the catalog's)
    {"CAMELLIA", cbc_pad({CKM_CAMELLIA_CBC_PAD, CKM_CAMELLIA_CBC, 16, 0})},
    {"RC4", rc4()},  // CKM_RC4
    {"SHA1", digest(SEC_OID_SHA1)},
    {"SHA2-224", digest(SEC_OID_SHA224)},
    {"SHA2-256", digest(SEC_OID_SHA256)},
    {"SHA2-384", digest(SEC_OID_SHA384)},
    {"SHA2-512", digest(SEC_OID_SHA512)},
    {"MD5", digest(SEC_OID_MD5)},
    {"HMAC-SHA1", mac(CKM_SHA_1_HMAC)},
    {"HMAC-SHA2-224", mac(CKM_SHA224_HMAC)},
    {"HMAC-SHA2-256", mac(CKM_SHA256_HMAC)},
    {"HMAC-SHA2-384", mac(CKM_SHA384_HMAC)},
    {"HMAC-SHA2-512", mac(CKM_SHA512_HMAC)},
    {"HMAC-MD5", mac(CKM_MD5_HMAC)},
    {"CMAC-AES", mac(CKM_AES_CMAC)},
    {"RSA-PKCS1V15-SHA1", rsa_pkcs1(SEC_OID_SHA1, CKM_SHA1_RSA_PKCS)},
    {"RSA-PKCS1V15-SHA256", rsa_pkcs1(SEC_OID_SHA256, CKM_SHA256_RSA_PKCS)},
    {"RSA-PKCS1V15-SHA512", rsa_pkcs1(SEC_OID_SHA512, CKM_SHA512_RSA_PKCS)},
    {"RSA-OAEP", rsa_oaep(CKM_SHA_1, CKG_MGF1_SHA1, 20)},
    {"RSA-OAEP-SHA256", rsa_oaep(CKM_SHA256, CKG_MGF1_SHA256, 32)},
    // CKM_RSA_PKCS; decryption with implicit rejection, which the self-test accepts and notes.
    {"RSA-PKCS1V15-ENC", rsa_pkcs1_encryption()},
    {"RSA-PSS", rsa_pss(SEC_OID_SHA256, CKM_SHA256_RSA_PKCS_PSS, CKM_SHA256, CKG_MGF1_SHA256, 32)},
    {"RSA-PSS-SHA512", rsa_pss(SEC_OID_SHA512, CKM_SHA512_RSA_PKCS_PSS, CKM_SHA512, CKG_MGF1_SHA512, 64)},
    {"ECDSA", ecdsa(SEC_OID_SHA256, SEC_OID_SECG_EC_SECP256R1)},
    {"ECDSA-P384", ecdsa(SEC_OID_SHA384, SEC_OID_SECG_EC_SECP384R1)},
    {"ECDSA-P521", ecdsa(SEC_OID_SHA512, SEC_OID_SECG_EC_SECP521R1)},
    {"HKDF-SHA256", hkdf(CKM_SHA256)},
    {"HKDF-SHA512", hkdf(CKM_SHA512)},
    {"PBKDF2-SHA256", pbkdf2(SEC_OID_HMAC_SHA256)},
    {"PBKDF2-SHA1", pbkdf2(SEC_OID_HMAC_SHA1)},
    {"ECDH-P256", ecdh(SEC_OID_SECG_EC_SECP256R1)},
    {"ECDH-P384", ecdh(SEC_OID_SECG_EC_SECP384R1)},
    {"ECDH-P521", ecdh(SEC_OID_SECG_EC_SECP521R1)},
    {"X25519", x25519()},        // CKM_ECDH1_DERIVE on SEC_OID_CURVE25519 keys (x25519.cpp)
    {"FFDHE2048", ffdhe2048()},  // CKM_DH_PKCS_DERIVE on RFC 7919's group (ffdhe.cpp)
};

// The runtime library's version: NSS_GetVersion() ("3.87.1").
const char* library_version() { return NSS_GetVersion(); }

// NSS's freebl picks AES-NI / PCLMUL, ARMv8 AES and the HACL* AVX2 ChaCha20-Poly1305 at run time, but no
// public call says which it chose: unknown.
const char* acceleration() { return ""; }

}  // namespace
}  // namespace ca::backend_nss

CRYPTAUDITOR_DEVIATIONS(ca::backend_nss::kDeviations)
CRYPTAUDITOR_BACKEND_INIT("nss", "NSS", ca::backend_nss::library_version, ca::backend_nss::acceleration,
                          ca::backend_nss::kRows, &ca::backend_nss::initialise)
