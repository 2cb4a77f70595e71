// Private header of the NSS backend: initialisation and RAII handles (support.cpp), and the factories of
// symmetric.cpp for the table in backend.cpp. Every key goes through PKCS#11 on NSS's internal slot
// (softoken), as NSS's own users (Firefox's WebCrypto, libssl) create and use them.
#pragma once

#include <keyhi.h>
#include <pk11pub.h>
#include <pkcs11n.h>
#include <secoidt.h>

#include <span>
#include <string>
#include <vector>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::backend_nss {

/// NSS_NoDB_Init once per process, unless the host already initialised NSS (NSS_IsInitialized).
/// The init hook of CRYPTAUDITOR_BACKEND_INIT; false (plugin not loaded) when NSS cannot start.
bool initialise();

/// After a fork(), the child's NSS random generator is a copy of the parent's: the factories of contexts that
/// draw random numbers (key generation, ECDSA, PSS) call this, which mixes fresh entropy into it once per
/// process (PK11_RandomUpdate).
void reseed_after_fork();

/// "SEC_ERROR_BAD_DATA" and the like: NSS's name for the thread's last error.
std::string last_error_name();
/// Throws std::runtime_error "<what> failed: <NSS error name>".
[[noreturn]] void fail(const std::string& what);

using SlotPtr = sdk::Ptr<PK11SlotInfo, PK11_FreeSlot>;
using SymKeyPtr = sdk::Ptr<PK11SymKey, PK11_FreeSymKey>;
inline void destroy_context(PK11Context* c) { PK11_DestroyContext(c, PR_TRUE); }
using ContextPtr = sdk::Ptr<PK11Context, destroy_context>;

/// The internal (softoken) slot, which offers every mechanism this backend uses.
SlotPtr internal_slot();

/// The spec's raw key as a PKCS#11 secret key for `mechanism`, usable for `flags` (CKF_ENCRYPT | ...).
SymKeyPtr import_key(CK_MECHANISM_TYPE mechanism, CK_FLAGS flags, std::span<const uint8_t> key);

/// A SECItem over caller-owned bytes (NSS takes non-const pointers where it only reads).
inline SECItem item(const uint8_t* data, size_t len) {
  return SECItem{siBuffer, const_cast<unsigned char*>(sdk::bytes_or_empty(data)), static_cast<unsigned>(len)};
}

// ---- symmetric.cpp --------------------------------------------------------------------------------------
sdk::Factory aes_gcm();
/// GMAC-AES: AES-GCM (CKM_AES_GCM) over an empty message with the MAC's message as the associated data.
sdk::Factory gmac_aes();
sdk::Factory chacha20_poly1305();

/// A block cipher in CBC mode with PKCS#7 padding: its softoken mechanisms and block size.
struct CbcCipher {
  CK_MECHANISM_TYPE padded;     // CKM_AES_CBC_PAD ...: one PK11_Encrypt / PK11_Decrypt per message
  CK_MECHANISM_TYPE unpadded;   // CKM_AES_CBC ...: the `--cipher-mode stream` context
  size_t block;                 // bytes, also the IV's length
  CK_ULONG rc2_effective_bits;  // RC2 only (CK_RC2_CBC_PARAMS, RFC 2268); 0 for the others
};
sdk::Factory cbc_pad(CbcCipher cipher);
/// AES-ECB with PKCS#7 padding (sdk::Pkcs7BlockMode) over one CKM_AES_ECB context per direction.
sdk::Factory aes_ecb();
/// Key streams through PK11_Encrypt / PK11_Decrypt: AES-CTR (CKM_AES_CTR, 128-bit counter), ChaCha20
/// (CKM_CHACHA20, RFC 8439 with the block counter from 0), RC4 (CKM_RC4).
sdk::Factory aes_ctr();
sdk::Factory chacha20();
sdk::Factory rc4();
sdk::Factory digest(SECOidTag hash);
/// HMAC (CKM_SHAx_HMAC) and CMAC-AES (CKM_AES_CMAC): one signing context per key, restarted per message.
sdk::Factory mac(CK_MECHANISM_TYPE mechanism);

// ---- public_key.cpp -------------------------------------------------------------------------------------
/// RSASSA-PKCS1-v1_5 through softoken's hash-and-sign mechanism (CKM_SHA256_RSA_PKCS ...).
sdk::Factory rsa_pkcs1(SECOidTag hash, CK_MECHANISM_TYPE mechanism);
/// RSASSA-PSS (CKM_SHA256_RSA_PKCS_PSS ...), MGF1 with the same hash, salt of `salt` bytes.
sdk::Factory rsa_pss(SECOidTag hash, CK_MECHANISM_TYPE mechanism, CK_MECHANISM_TYPE pss_hash,
                     CK_RSA_PKCS_MGF_TYPE mgf, CK_ULONG salt);
/// RSAES-PKCS1-v1_5 (CKM_RSA_PKCS) through the calls of rsa_oaep below. Softoken's decryption does implicit
/// rejection: a ciphertext whose padding does not decode gives a synthetic message, not an error.
sdk::Factory rsa_pkcs1_encryption();
/// RSAES-OAEP (CKM_RSA_PKCS_OAEP) with `hash` (CKM_SHA_1 ...) for the label and MGF1 (`mgf`); `hash_bytes`
/// is its output length. PK11_PubEncrypt / PK11_PrivDecrypt; the label is ca_io.aad.
sdk::Factory rsa_oaep(CK_MECHANISM_TYPE hash, CK_RSA_PKCS_MGF_TYPE mgf, size_t hash_bytes);
/// ECDSA on `curve` with `hash`, DER signatures (PK11_HashBuf, then PK11_SignWithMechanism or
/// PK11_VerifyWithMechanism with CKM_ECDSA, as WebCrypto calls them).
sdk::Factory ecdsa(SECOidTag hash, SECOidTag curve);
/// ECDH on `curve` (CKM_ECDH1_DERIVE through PK11_PubDeriveWithKDF): the x coordinate.
sdk::Factory ecdh(SECOidTag curve);

/// X25519 (x25519.cpp): curve25519 keys through PKCS#11, CKM_ECDH1_DERIVE; raw 32-byte keys.
sdk::Factory x25519();

/// FFDHE2048 (ffdhe.cpp): RFC 7919's group as softoken DH keys, CKM_DH_PKCS_DERIVE; raw big-endian values.
sdk::Factory ffdhe2048();

/// The uncompressed public point 04 || X || Y of the scalar d on `curve` (ec_point.cpp), for a PKCS#8 that
/// omits it.
std::vector<uint8_t> ec_public_point(SECOidTag curve, std::span<const uint8_t> d);

// ---- kdf.cpp --------------------------------------------------------------------------------------------
/// HKDF (CKM_HKDF_DERIVE) with CKM_SHA256 / CKM_SHA512; PBKDF2 with SEC_OID_HMAC_SHA256 / SEC_OID_HMAC_SHA1.
sdk::Factory hkdf(CK_MECHANISM_TYPE hash);
sdk::Factory pbkdf2(SECOidTag prf);

}  // namespace ca::backend_nss
