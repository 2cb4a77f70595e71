// Private header of the libgcrypt backend: initialisation check, error helpers, owning handles, the row
// descriptions and factories of symmetric.cpp (ciphers, AEADs, hashes, MACs), public_key.cpp and kdf.cpp.
// backend.cpp holds the table.
#pragma once

#include <gcrypt.h>

#include <memory>
#include <string>
#include <type_traits>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::backend_gcrypt {

/// Throws unless libgcrypt was initialised (support.cpp does it when the plugin is loaded).
void require_library();

/// "<what>: <libgcrypt's message for err>".
std::string gcrypt_error(const std::string& what, gcry_error_t err);

/// Throws std::runtime_error(gcrypt_error(what, err)) when err is not 0.
void check(gcry_error_t err, const std::string& what);
/// The same with the message in two parts, joined only on failure: per-operation calls build no string.
[[noreturn]] void check_failed(gcry_error_t err, const char* what, const char* detail);
inline void check(gcry_error_t err, const char* what, const char* detail) {
  if (err != 0) [[unlikely]]
    check_failed(err, what, detail);
}

using Sexp = sdk::Ptr<std::remove_pointer_t<gcry_sexp_t>, gcry_sexp_release>;
using Mpi = sdk::Ptr<std::remove_pointer_t<gcry_mpi_t>, gcry_mpi_release>;

/// Ed25519 and Ed448 (raw keys, RFC 8032).
sdk::Factory ed25519_factory();
sdk::Factory ed448_factory();
/// RSAES-OAEP with `hash` ("sha1", "sha256") for OAEP and MGF1, the label in io.aad (empty by default).
sdk::Factory rsa_oaep_factory(const char* hash);
/// RSAES-PKCS1-v1_5 encryption.
sdk::Factory rsa_pkcs1v15_encryption_factory();

/// A libgcrypt cipher id, per key size for the families that have one id per size (AES, Camellia, Serpent,
/// Twofish) or one id for every size.
struct CipherId {
  int id128 = 0, id192 = 0, id256 = 0;
  int fixed = 0;
  int for_bits(uint32_t bits) const {
    if (fixed != 0) return fixed;
    const int id = bits == 128 ? id128 : bits == 192 ? id192 : bits == 256 ? id256 : 0;
    if (id == 0) throw ca::sdk::Unsupported(std::to_string(bits) + "-bit key not offered by libgcrypt");
    return id;
  }
};
inline constexpr CipherId kAes{GCRY_CIPHER_AES, GCRY_CIPHER_AES192, GCRY_CIPHER_AES256};
inline constexpr CipherId kCamellia{GCRY_CIPHER_CAMELLIA128, GCRY_CIPHER_CAMELLIA192,
                                    GCRY_CIPHER_CAMELLIA256};
inline constexpr CipherId kSerpent{GCRY_CIPHER_SERPENT128, GCRY_CIPHER_SERPENT192, GCRY_CIPHER_SERPENT256};
inline constexpr CipherId kTwofish{GCRY_CIPHER_TWOFISH128, 0, GCRY_CIPHER_TWOFISH};
constexpr CipherId fixed_id(int id) { return CipherId{0, 0, 0, id}; }

/// How the raw catalog key becomes the key libgcrypt is given.
enum class KeyLayout {
  AsIs,
  TwoKeyTripleDes,  // 2DES: K1 || K2 becomes K1 || K2 || K1 (libgcrypt's 3DES takes 24 bytes only)
};

/// A cipher row: only what libgcrypt needs beyond the catalog.
struct CipherRow {
  CipherId cipher;
  int mode;
  size_t key_multiple = 1;  // AES-SIV and AES-XTS take two AES keys
  KeyLayout layout = KeyLayout::AsIs;
  size_t min_message = 0;  // XTS: one block
  // DES and triple DES: libgcrypt refuses the DES weak keys at setkey unless told to allow them; the
  // catalog's DES is the plain function for every key, as in the other backends.
  bool allow_weak_keys = false;
  // The catalog's facts, filled from the key spec when a context is created (with_catalog_facts), never
  // written in a row: the canonical name (for messages) and the nonce length.
  const char* algorithm = nullptr;
  size_t nonce_len = 0;
};

/// Symmetric factories (symmetric.cpp): ECB / CBC with PKCS#7 (ca::sdk::Pkcs7BlockMode), the modes without
/// padding (CFB, OFB, CTR, XTS, stream ciphers), AEADs, hashes (by GCRY_MD id) and MACs (by GCRY_MAC id).
sdk::Factory padded(CipherRow row);
sdk::Factory unpadded(CipherRow row);
sdk::Factory aead(CipherRow row);
sdk::Factory cbc(CipherId id, bool weak = false);
sdk::Factory digest(int algo);
sdk::Factory mac(int algo);

/// The Weierstrass curves of the ECDSA and ECDH rows (PKCS#8 / SubjectPublicKeyInfo keys).
enum class EcCurve { P256, P384, P521, Secp256k1 };

/// What a signature row hashes and how it pads.
enum class SignatureScheme { RsaPss, RsaPkcs1, Ecdsa };
struct SignatureRow {
  SignatureScheme scheme;
  const char* hash_name;  // libgcrypt's name in the data S-expression: "sha1", "sha256"
  int hash_algo;          // GCRY_MD_SHA1, GCRY_MD_SHA256: the message is hashed with it inside the operation
  EcCurve curve = EcCurve::P256;  // ECDSA only
};
sdk::Factory signature_factory(SignatureRow row);

/// Key agreement with keygen: ECDH on a NIST curve (gcry_pk_decrypt), X25519 / X448 (gcry_ecc_mul_point).
sdk::Factory ecdh_factory(EcCurve curve);
sdk::Factory x25519_factory();
sdk::Factory x448_factory();

/// KDFs (kdf.cpp): PBKDF2 with an HMAC hash, scrypt (gcry_kdf_derive) and Argon2id (gcry_kdf_open).
enum class KdfKind { Pbkdf2, Scrypt, Argon2id };
struct KdfRow {
  const char* algorithm;  // catalog name, for messages
  KdfKind kind;
  int hash_algo = 0;  // PBKDF2: GCRY_MD_SHA256, GCRY_MD_SHA1
};
sdk::Factory kdf_factory(KdfRow row);

}  // namespace ca::backend_gcrypt
