// Private header of the OpenSSL 3 backend: RAII handles, error helpers, and the row descriptions the
// factories in ciphers.cpp, digests.cpp, macs.cpp and public_key.cpp are built from. backend.cpp holds the
// table.
#pragma once

#include <openssl/evp.h>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::backend_openssl {

// ---- owning handles --------------------------------------------------------------------------------------

using sdk::Ptr;
using CipherPtr = Ptr<EVP_CIPHER, EVP_CIPHER_free>;
using CipherCtxPtr = Ptr<EVP_CIPHER_CTX, EVP_CIPHER_CTX_free>;
using MdPtr = Ptr<EVP_MD, EVP_MD_free>;
using MdCtxPtr = Ptr<EVP_MD_CTX, EVP_MD_CTX_free>;
using MacPtr = Ptr<EVP_MAC, EVP_MAC_free>;
using MacCtxPtr = Ptr<EVP_MAC_CTX, EVP_MAC_CTX_free>;
using PkeyPtr = Ptr<EVP_PKEY, EVP_PKEY_free>;
using PkeyCtxPtr = Ptr<EVP_PKEY_CTX, EVP_PKEY_CTX_free>;

// ---- errors ----------------------------------------------------------------------------------------------

/// "<what>: <every entry of OpenSSL's error queue>", draining the queue so the next message starts clean.
std::string openssl_error(std::string_view what);

/// Throws std::runtime_error(openssl_error(what)); the SDK turns it into CA_FAILED with that message.
[[noreturn]] void throw_openssl(std::string_view what);

/// EVP's streaming calls take int lengths; a longer buffer is a parameter OpenSSL does not offer.
inline int evp_length(size_t n) {
  if (n > static_cast<size_t>(INT_MAX))
    throw sdk::Unsupported("OpenSSL EVP takes lengths up to INT_MAX bytes; got " + std::to_string(n));
  return static_cast<int>(n);
}

using sdk::bytes_or_empty;

/// Fetches an implementation once per context: from OpenSSL's default library context (the providers the
/// process configured, normally just "default"), else from the backend's own library context with the
/// "legacy" and "default" providers loaded (DES, DESX, RC2, RC4, Blowfish, CAST5, Whirlpool on a stock
/// Debian). An algorithm neither offers is CA_UNSUPPORTED.
CipherPtr fetch_cipher(const std::string& name);
MdPtr fetch_md(const char* name);
MacPtr fetch_mac(const char* name);

// ---- row descriptions ------------------------------------------------------------------------------------

/// evp_name with its '*' replaced by the key bits: "AES-*-GCM" at 256 bits is "AES-256-GCM".
std::string evp_name_for(const char* pattern, uint32_t key_bits);

/// A cipher row: only what the library needs beyond the catalog. In evp_name a '*' stands for the key bits
/// (evp_name_for).
struct CipherRow {
  const char* evp_name;
  // RC2: the effective key bits (RFC 2268 "T1"), set before the key; 0 for every other cipher.
  int rc2_key_bits = 0;
  // XTS: the shortest message the mode takes (one block); shorter ones are CA_UNSUPPORTED.
  size_t min_message = 0;
  // SIV and RC4: a context processes one message per key setup (SIV's S2V state, RC4's keystream position
  // are reset only by the key), so each message runs on a copy of the keyed context.
  bool one_message_per_key = false;
  // XTS: each update is a whole data unit under the same tweak, which is not a stream (no encrypt_stream).
  bool no_stream_form = false;
  // The catalog's facts, filled from the key spec when a context is created (with_catalog_facts), never
  // written in a row: the canonical name (for messages) and the nonce length. OpenSSL's IV length comes
  // from the fetched cipher.
  const char* algorithm = nullptr;
  size_t nonce_len = 0;
};

/// The row with the catalog's facts of the spec's algorithm filled in.
inline CipherRow with_catalog_facts(CipherRow row, const ca_key_spec& spec) {
  row.algorithm = sdk::catalog_name(spec.algorithm);
  row.nonce_len = sdk::nonce_length(spec);  // the catalog's, or the spec's "nonce=N" (a row's Takes)
  return row;
}

/// Extra behaviour of an AEAD row (output ciphertext || tag unless tag_first; the tag is the catalog's, or
/// the spec's "tag=N" where the row's Takes allow it).
struct AeadRow {
  CipherRow cipher;
  bool set_tag_length = false;          // CCM (default 12) and OCB: the tag length set at init
  bool declare_message_length = false;  // CCM: total message length before AAD and data
  bool tag_first = false;               // SIV: output is V || C (RFC 5297)
  bool needs_plaintext = false;         // SIV: OpenSSL 3 cannot process an empty plaintext
  bool stream_in_whole_blocks = false;  // OCB: its update holds back a partial block
};

enum class KeyType { Rsa, EcP256, EcP384, EcP521, EcSecp256k1, Ed25519, Ed448, X25519, X448, Ffdhe2048 };

/// A key of a public-key context: imported (PKCS#8 / SPKI DER, or raw for the Edwards and Montgomery curves
/// and FFDHE2048 as docs/CATALOG.md says) or generated, with whether it holds the private half.
struct LoadedKey {
  PkeyPtr pkey;
  bool has_private = false;
};
LoadedKey load_key(const ca_key_spec& spec, KeyType type);
/// A fresh key pair of the type and the spec's size.
PkeyPtr generate_key(const ca_key_spec& spec, KeyType type);
/// The key in its CA_KEY_PRIVATE / CA_KEY_PUBLIC format.
std::vector<uint8_t> export_key(const LoadedKey& loaded, KeyType type, int part);
/// The public key a peer sent (CA_KEY_PUBLIC format), checked to be of the type.
PkeyPtr parse_peer(const ca_key_spec& spec, KeyType type, const uint8_t* data, size_t len);

/// A signature row: EVP_DigestSign / EVP_DigestVerify with this digest (nullptr for Ed25519) and padding.
struct SignatureRow {
  KeyType key;
  const char* digest;
  int rsa_padding;  // RSA_PKCS1_PSS_PADDING, RSA_PKCS1_PADDING, or 0 for non-RSA keys
};

/// A hash row: EVP_MD name, and for an extendable-output function the output length read with
/// EVP_DigestFinalXOF (0 for a fixed-length digest).
struct DigestRow {
  const char* evp_name;
  size_t xof_bytes = 0;
};

/// How a MAC context starts the next message without being keyed again (measured per MAC, see
/// docs/backends/openssl.md).
enum class MacRestart {
  Reinit,     // EVP_MAC_init(ctx, NULL, 0, params): the provider resets to its keyed state in place
  CopyKeyed,  // EVP_MAC_CTX_dup of a context keyed once: Poly1305 refuses a re-init without a key, and for
              // KMAC the copy is faster than the re-init (which absorbs the padded key again)
};

/// A MAC row through EVP_MAC. In param_value a '*' stands for the key bits ("AES-*-CBC").
struct MacRow {
  const char* evp_mac;                // "HMAC", "CMAC", "GMAC", "POLY1305", "SIPHASH", "KMAC-128", "KMAC-256"
  const char* param_name = nullptr;   // OSSL_MAC_PARAM_DIGEST or OSSL_MAC_PARAM_CIPHER, set at key setup
  const char* param_value = nullptr;  // its value: "SHA2-256", "AES-*-CBC", "AES-*-GCM"
  size_t size = 0;                    // OSSL_MAC_PARAM_SIZE when not 0: SipHash 8, KMAC 32 / 64
  MacRestart restart = MacRestart::Reinit;
  // Filled from the key spec (the catalog): the canonical name, for messages, and the nonce length (GMAC:
  // the IV, set per message through OSSL_MAC_PARAM_IV).
  const char* algorithm = nullptr;
  size_t nonce_len = 0;
};

sdk::Factory unauthenticated_cipher(CipherRow row);
sdk::Factory aead(AeadRow row);
sdk::Factory digest(DigestRow row);
sdk::Factory mac(MacRow row);
sdk::Factory rsa_oaep(const char* digest);
sdk::Factory rsa_pkcs1v15_encryption();
/// Key agreement (EVP_PKEY_derive) for X25519, X448, ECDH and FFDHE2048, with keygen.
sdk::Factory key_agreement(KeyType type);

/// A KDF row through EVP_KDF: "PBKDF2", "HKDF" or "SCRYPT" with its digest (none for scrypt).
struct KdfRow {
  const char* evp_kdf;
  const char* digest = nullptr;
  const char* algorithm = nullptr;  // filled from the key spec: the canonical name, for messages
};
sdk::Factory kdf(KdfRow row);
sdk::Factory signature(SignatureRow row);

/// Names of the x86 extensions set in OpenSSL's capability vector, in the order listed in backend.cpp.
/// word0 = CPUID(1) EDX | ECX << 32, word1 = CPUID(7,0) EBX | ECX << 32 (OPENSSL_ia32cap(3)).
std::string decode_ia32cap(uint64_t word0, uint64_t word1);

/// Names of the Arm extensions set in OpenSSL's OPENSSL_armcap_P word, in the order listed in backend.cpp.
std::string decode_armcap(uint64_t word);

/// Parses OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS) ("OPENSSL_ia32cap=0x..:0x..[ env:...]" on x86,
/// "OPENSSL_armcap=0x.." on Arm) into the comma-separated list acceleration() returns; "" for other
/// architectures ("N/A") or an unexpected format.
std::string describe_cpu_settings(std::string_view info);

}  // namespace ca::backend_openssl
