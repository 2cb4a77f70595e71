// KDFs of the Mbed TLS backend: PBKDF2 (compat::Pbkdf2Hmac: mbedtls_pkcs5_pbkdf2_hmac on an HMAC md context
// set up once, or from 3.5 on mbedtls_pkcs5_pbkdf2_hmac_ext) and
// HKDF (mbedtls_hkdf, extract and expand). Mbed TLS 2.28 and 3.6 have no scrypt or Argon2.
#include <mbedtls/hkdf.h>
#include <mbedtls/pkcs5.h>

#include <climits>
#include <memory>
#include <stdexcept>
#include <string>

#include "compat.hpp"
#include "mbedtls_backend.hpp"

namespace ca::backend_mbedtls {
namespace {

class Kdf {
 public:
  Kdf(const ca_key_spec& spec, KdfKind kind, mbedtls_md_type_t digest)
      : algorithm_(spec.algorithm), kind_(kind), md_(md_info(digest, spec.algorithm)) {
    if (kind == KdfKind::Pbkdf2) {
      const uint64_t iterations = sdk::param_u64(spec, "iterations", 10000);
      if (iterations > UINT_MAX)
        throw sdk::Unsupported("Mbed TLS takes PBKDF2 iteration counts up to UINT_MAX");
      iterations_ = static_cast<unsigned>(iterations);
      pbkdf2_ = std::make_unique<compat::Pbkdf2Hmac>(md_);
      check(pbkdf2_->setup_status(), algorithm_ + ": mbedtls_md_setup");
    }
  }

  int derive(ca_io& io) {
    if (kind_ == KdfKind::Pbkdf2) {
      if (io.output_cap > UINT32_MAX)
        throw sdk::Unsupported("Mbed TLS derives at most 2^32 - 1 PBKDF2 bytes");
      check(pbkdf2_->derive(io.input, io.input_len, io.nonce, io.nonce_len, iterations_,
                            static_cast<uint32_t>(io.output_cap), io.output),
            algorithm_ + ": mbedtls_pkcs5_pbkdf2_hmac");
    } else {
      check(mbedtls_hkdf(md_, io.nonce, io.nonce_len, io.input, io.input_len, io.aad, io.aad_len, io.output,
                         io.output_cap),
            algorithm_ + ": mbedtls_hkdf");
    }
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  KdfKind kind_;
  const mbedtls_md_info_t* md_;
  std::unique_ptr<compat::Pbkdf2Hmac> pbkdf2_;  // PBKDF2 rows only
  unsigned iterations_ = 0;
};

}  // namespace

sdk::Factory kdf(KdfKind kind, mbedtls_md_type_t digest) { return sdk::make_factory<Kdf>(kind, digest); }

}  // namespace ca::backend_mbedtls
