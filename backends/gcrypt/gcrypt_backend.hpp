// Private header of the libgcrypt backend: initialisation check, error helpers, owning handles, and the
// public-key factories (public_key.cpp). gcrypt_backend.cpp holds the symmetric contexts and the table.
#pragma once

#include <gcrypt.h>

#include <memory>
#include <string>
#include <type_traits>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::gcrypt {

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

struct SexpReleaser {
  void operator()(gcry_sexp_t s) const noexcept { gcry_sexp_release(s); }
};
using Sexp = std::unique_ptr<std::remove_pointer_t<gcry_sexp_t>, SexpReleaser>;

struct MpiReleaser {
  void operator()(gcry_mpi_t m) const noexcept { gcry_mpi_release(m); }
};
using Mpi = std::unique_ptr<std::remove_pointer_t<gcry_mpi_t>, MpiReleaser>;

/// Ed25519 and Ed448 (raw keys, RFC 8032).
sdk::Factory ed25519_factory();
sdk::Factory ed448_factory();
/// RSAES-OAEP with `hash` ("sha1", "sha256") for OAEP and MGF1 and an empty label.
sdk::Factory rsa_oaep_factory(const char* hash);
/// RSAES-PKCS1-v1_5 encryption.
sdk::Factory rsa_pkcs1v15_encryption_factory();

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

}  // namespace ca::gcrypt
