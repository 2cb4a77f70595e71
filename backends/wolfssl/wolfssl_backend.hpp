// Private header of the wolfSSL backend: the RNG and key-source helpers the public-key files share, and the
// factories public_key.cpp, agreement.cpp and kdf.cpp define for the row table in backend.cpp.
#pragma once

#include <wolfssl/options.h>
//
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/wc_port.h>

#include "cryptauditor/backend_sdk.hpp"
#include "symmetric.hpp"

namespace ca::backend_wolfssl {

/// A Hash_DRBG seeded from the OS (blinding, OAEP seeds, PSS salts, ECDSA nonces, key generation).
class Rng {
 public:
  Rng() {
    static const int init = wolfCrypt_Init();  // once per process; reference counted by wolfCrypt
    check(init, "wolfCrypt_Init");
    check(wc_InitRng(&rng_), "wc_InitRng");
  }
  ~Rng() { wc_FreeRng(&rng_); }
  Rng(const Rng&) = delete;
  Rng& operator=(const Rng&) = delete;
  WC_RNG* get() { return &rng_; }

 private:
  WC_RNG rng_{};
};

enum class KeySource { Private, PublicOnly, Generate };

inline KeySource key_source(const ca_key_spec& spec) {
  if (spec.secret_key != nullptr && spec.secret_key_len != 0) return KeySource::Private;
  if (spec.public_key != nullptr && spec.public_key_len != 0) return KeySource::PublicOnly;
  return KeySource::Generate;
}

using sdk::generation_spec;

/// RSAES-OAEP with `hash` for the label hash, `mgf` (WC_MGF1SHA1 / WC_MGF1SHA256) for MGF1, empty label.
sdk::Factory rsa_oaep(enum wc_HashType hash, int mgf);

/// RSAES-PKCS1-v1_5 encryption.
sdk::Factory rsa_pkcs1v15_encryption();

enum class SignatureScheme { RsaPss, RsaPkcs1v15, Ecdsa, Ed25519, Ed448 };

/// A signature row: the scheme, the digest the message is hashed with inside the operation
/// (WC_HASH_TYPE_NONE for EdDSA, which hashes inside the library), and for ECDSA the curve (ECC_SECP256R1,
/// ECC_SECP384R1, ECC_SECP521R1, ECC_SECP256K1).
sdk::Factory signature(SignatureScheme scheme, enum wc_HashType hash, int curve = 0);

/// Key agreement with keygen (agreement.cpp): ECDH on a wolfCrypt curve id (wc_ecc_shared_secret), X25519,
/// X448 and FFDHE2048 (wc_DhAgree).
sdk::Factory ecdh(int curve);
sdk::Factory x25519();
sdk::Factory x448();
sdk::Factory ffdhe2048();

/// KDFs (kdf.cpp): wc_PBKDF2, wc_HKDF (hash = WC_SHA256, WC_SHA512, ...), wc_scrypt.
enum class KdfKind { Pbkdf2, Hkdf, Scrypt };
sdk::Factory kdf(KdfKind kind, int hash);

}  // namespace ca::backend_wolfssl
