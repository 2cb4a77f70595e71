// Private header of the OpenSSL 3 backend: RAII handles, error helpers, and the row descriptions the
// factories in ciphers.cpp, digests.cpp and public_key.cpp are built from. backend.cpp holds the table.
#pragma once

#include <openssl/evp.h>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::openssl {

// ---- owning handles --------------------------------------------------------------------------------------

template <auto Free>
struct Deleter {
  template <class T>
  void operator()(T* p) const noexcept {
    Free(p);
  }
};
using CipherPtr = std::unique_ptr<EVP_CIPHER, Deleter<EVP_CIPHER_free>>;
using CipherCtxPtr = std::unique_ptr<EVP_CIPHER_CTX, Deleter<EVP_CIPHER_CTX_free>>;
using MdPtr = std::unique_ptr<EVP_MD, Deleter<EVP_MD_free>>;
using MdCtxPtr = std::unique_ptr<EVP_MD_CTX, Deleter<EVP_MD_CTX_free>>;
using PkeyPtr = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY_free>>;
using PkeyCtxPtr = std::unique_ptr<EVP_PKEY_CTX, Deleter<EVP_PKEY_CTX_free>>;

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

/// EVP treats a NULL input pointer as a request of its own (AAD, or "finish" for CCM), so an empty message
/// still gets a real pointer.
inline const uint8_t* bytes_or_empty(const uint8_t* p) {
  static const uint8_t no_bytes[1] = {0};
  return p != nullptr ? p : no_bytes;
}

/// Fetches an implementation once per context; a missing one (no provider offers it) is CA_UNSUPPORTED.
CipherPtr fetch_cipher(const std::string& name);
MdPtr fetch_md(const char* name);

// ---- row descriptions ------------------------------------------------------------------------------------

/// A cipher row. In evp_name a '*' stands for the key bits: "AES-*-GCM" at 256 bits is "AES-256-GCM".
struct CipherRow {
  const char* algorithm;  // catalog name, for messages
  const char* evp_name;
  size_t nonce_len;  // the catalog's nonce length; OpenSSL's IV length comes from the fetched cipher
};

/// Extra behaviour of an AEAD row (all of them: 16-byte tag, output ciphertext || tag unless tag_first).
struct AeadRow {
  CipherRow cipher;
  bool set_tag_length = false;          // CCM (default 12) and OCB: tag length 16 set at init
  bool declare_message_length = false;  // CCM: total message length before AAD and data
  bool one_message_per_key = false;     // SIV: OpenSSL resets its S2V state only in a key setup
  bool tag_first = false;               // SIV: output is V || C (RFC 5297)
  bool needs_plaintext = false;         // SIV: OpenSSL 3 cannot process an empty plaintext
};

enum class KeyType { Rsa, EcP256, Ed25519 };

/// A signature row: EVP_DigestSign / EVP_DigestVerify with this digest (nullptr for Ed25519) and padding.
struct SignatureRow {
  KeyType key;
  const char* digest;
  int rsa_padding;  // RSA_PKCS1_PSS_PADDING, RSA_PKCS1_PADDING, or 0 for non-RSA keys
};

sdk::Factory unauthenticated_cipher(CipherRow row);
sdk::Factory aead(AeadRow row);
sdk::Factory digest(const char* evp_name);
sdk::Factory rsa_oaep(const char* digest);
sdk::Factory signature(SignatureRow row);

/// Names of the x86 extensions set in OpenSSL's capability vector, in the order listed in backend.cpp.
/// word0 = CPUID(1) EDX | ECX << 32, word1 = CPUID(7,0) EBX | ECX << 32 (OPENSSL_ia32cap(3)).
std::string decode_ia32cap(uint64_t word0, uint64_t word1);

/// Parses OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS) ("OPENSSL_ia32cap=0x..:0x..[ env:...]") into the
/// comma-separated list acceleration() returns; "" for other architectures or an unexpected format.
std::string describe_cpu_settings(std::string_view info);

}  // namespace ca::openssl
