// KDFs through EVP_KDF: PBKDF2, HKDF (extract and expand) and scrypt. The EVP_KDF_CTX is set up once with the
// fixed parameters (digest, costs, mode); each derive call passes the password, salt and info that vary per
// call as OSSL_PARAMs to EVP_KDF_derive, which is how OpenSSL's own callers (PKCS5_PBKDF2_HMAC,
// EVP_PBE_scrypt) use it.
#include <openssl/core_names.h>
#include <openssl/kdf.h>

#include <stdexcept>
#include <string>

#include "openssl_backend.hpp"

namespace ca::backend_openssl {
namespace {

using KdfPtr = Ptr<EVP_KDF, EVP_KDF_free>;
using KdfCtxPtr = Ptr<EVP_KDF_CTX, EVP_KDF_CTX_free>;

class Kdf {
 public:
  Kdf(const ca_key_spec& spec, KdfRow row) : row_(row) {
    row_.algorithm = sdk::catalog_name(spec.algorithm);
    KdfPtr kdf(EVP_KDF_fetch(nullptr, row.evp_kdf, nullptr));
    if (!kdf)
      throw sdk::Unsupported(openssl_error(std::string(row.evp_kdf) + " is not offered (EVP_KDF_fetch)"));
    ctx_.reset(EVP_KDF_CTX_new(kdf.get()));
    if (!ctx_) throw_openssl("EVP_KDF_CTX_new");
    const std::string kdf_name = row.evp_kdf;
    if (kdf_name == "PBKDF2") {
      iterations_ = sdk::param_u64(spec, "iterations", 10000);
      // OpenSSL's default "pkcs5" checks enforce SP 800-132 minimums (salt >= 128 bits, >= 1000 iterations,
      // key >= 112 bits) that RFC 6070's vectors do not meet; the catalog's PBKDF2 is RFC 8018's.
      pkcs5_ = 1;
    } else if (kdf_name == "SCRYPT") {
      n_ = sdk::param_u64(spec, "n", 16384);
      r_ = sdk::param_u64(spec, "r", 8);
      p_ = sdk::param_u64(spec, "p", 1);
      // OpenSSL refuses more than 32 MiB by default; the core already bounded n, r and p.
      maxmem_ = 128 * n_ * r_ * (p_ + 1) + (size_t{1} << 20);
    }
  }

  int derive(ca_io& io) {
    OSSL_PARAM params[8];
    size_t n = 0;
    auto octets = [&](const char* name, const uint8_t* data, size_t len) {
      params[n++] = OSSL_PARAM_construct_octet_string(name, const_cast<uint8_t*>(bytes_or_empty(data)), len);
    };
    const std::string kdf_name = row_.evp_kdf;
    if (row_.digest != nullptr)
      params[n++] =
          OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, const_cast<char*>(row_.digest), 0);
    if (kdf_name == "HKDF") {
      octets(OSSL_KDF_PARAM_KEY, io.input, io.input_len);
      octets(OSSL_KDF_PARAM_SALT, io.nonce, io.nonce_len);
      octets(OSSL_KDF_PARAM_INFO, io.aad, io.aad_len);
    } else {
      octets(OSSL_KDF_PARAM_PASSWORD, io.input, io.input_len);
      octets(OSSL_KDF_PARAM_SALT, io.nonce, io.nonce_len);
    }
    if (kdf_name == "PBKDF2") {
      params[n++] = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_ITER, &iterations_);
      params[n++] = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_PKCS5, &pkcs5_);
    } else if (kdf_name == "SCRYPT") {
      params[n++] = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_SCRYPT_N, &n_);
      params[n++] = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_SCRYPT_R, &r_);
      params[n++] = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_SCRYPT_P, &p_);
      params[n++] = OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_SCRYPT_MAXMEM, &maxmem_);
    }
    params[n] = OSSL_PARAM_construct_end();
    if (EVP_KDF_derive(ctx_.get(), io.output, io.output_cap, params) != 1)
      throw_openssl(std::string(row_.algorithm) + ": EVP_KDF_derive");
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  KdfRow row_;
  KdfCtxPtr ctx_;
  uint64_t iterations_ = 0, n_ = 0, r_ = 0, p_ = 0, maxmem_ = 0;
  int pkcs5_ = 1;
};

}  // namespace

sdk::Factory kdf(KdfRow row) { return sdk::make_factory<Kdf>(row); }

}  // namespace ca::backend_openssl
