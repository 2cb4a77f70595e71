// Private header of the Mbed TLS backend: the public-key, key-agreement and KDF factories public_key.cpp,
// agreement.cpp and kdf.cpp define for the row table in backend.cpp.
#pragma once

#include <mbedtls/ctr_drbg.h>
#include <mbedtls/ecp.h>
#include <mbedtls/entropy.h>
#include <mbedtls/md.h>

#include <stdexcept>

#include "cryptauditor/backend_sdk.hpp"
#include "symmetric.hpp"

namespace ca::backend_mbedtls {

/// A CTR_DRBG (AES-256) seeded from the platform entropy source (getrandom / /dev/urandom). One per context:
/// the DRBG is not shared between contexts, so contexts used from different threads do not contend.
class Rng {
 public:
  Rng() {
    mbedtls_entropy_init(&entropy_);
    mbedtls_ctr_drbg_init(&drbg_);
    static const unsigned char personalization[] = "cryptauditor-mbedtls";
    const int ret = mbedtls_ctr_drbg_seed(&drbg_, mbedtls_entropy_func, &entropy_, personalization,
                                          sizeof personalization - 1);
    if (ret != 0) {
      mbedtls_ctr_drbg_free(&drbg_);
      mbedtls_entropy_free(&entropy_);
      throw std::runtime_error(error_text("mbedtls_ctr_drbg_seed", ret));
    }
  }
  ~Rng() {
    mbedtls_ctr_drbg_free(&drbg_);
    mbedtls_entropy_free(&entropy_);
  }
  Rng(const Rng&) = delete;
  Rng& operator=(const Rng&) = delete;

  static int random(void* self, unsigned char* out, size_t n) {
    return mbedtls_ctr_drbg_random(&static_cast<Rng*>(self)->drbg_, out, n);
  }

 private:
  mbedtls_entropy_context entropy_;
  mbedtls_ctr_drbg_context drbg_;
};

/// RSAES-OAEP with `digest` for OAEP and MGF1 and an empty label.
sdk::Factory rsa_oaep(mbedtls_md_type_t digest);

/// RSAES-PKCS1-v1_5 encryption.
sdk::Factory rsa_pkcs1v15_encryption();

enum class SignatureScheme { RsaPss, RsaPkcs1v15, Ecdsa };

/// A signature row: the scheme, the digest the message is hashed with inside the operation, and for ECDSA
/// the curve.
sdk::Factory signature(SignatureScheme scheme, mbedtls_md_type_t digest,
                       mbedtls_ecp_group_id curve = MBEDTLS_ECP_DP_NONE);

/// Key agreement with keygen: ECDH on a Weierstrass curve with PKCS#8 / SPKI keys (public_key.cpp);
/// X25519 / X448 with raw keys and FFDHE2048 (agreement.cpp).
sdk::Factory ecdh(mbedtls_ecp_group_id curve);
sdk::Factory montgomery(mbedtls_ecp_group_id curve);
sdk::Factory ffdhe2048();

/// KDFs (kdf.cpp): PBKDF2 (mbedtls_pkcs5_pbkdf2_hmac) and HKDF (mbedtls_hkdf) with a digest.
enum class KdfKind { Pbkdf2, Hkdf };
sdk::Factory kdf(KdfKind kind, mbedtls_md_type_t digest);

}  // namespace ca::backend_mbedtls
