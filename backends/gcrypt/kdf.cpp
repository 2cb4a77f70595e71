// KDFs of the libgcrypt backend. PBKDF2 and scrypt go through gcry_kdf_derive, Argon2id through the
// gcry_kdf_open / compute / final interface libgcrypt 1.10 added for it (no thread callbacks: one lane is
// computed at a time, as for the other backends). libgcrypt 1.10 has no HKDF (it arrives with the
// GCRY_KDF_HKDF id of later releases), so the HKDF rows are not offered.
#include <stdexcept>
#include <string>

#include "gcrypt_backend.hpp"

namespace ca::backend_gcrypt {
namespace {

using ca::sdk::bytes_or_empty;

class Kdf {
 public:
  Kdf(const ca_key_spec& spec, KdfRow row) : row_(row) {
    require_library();
    switch (row.kind) {
      case KdfKind::Pbkdf2:
        iterations_ = sdk::param_u64(spec, "iterations", 10000);
        break;
      case KdfKind::Scrypt: {
        n_ = sdk::param_u64(spec, "n", 16384);
        p_ = sdk::param_u64(spec, "p", 1);
        // gcry_kdf_derive's scrypt takes N as the sub-algorithm and p as the iterations; r is fixed at 8.
        const uint64_t r = sdk::param_u64(spec, "r", 8);
        if (r != 8)
          throw sdk::Unsupported("SCRYPT r=" + std::to_string(r) +
                                 " not offered: libgcrypt's scrypt fixes r = 8");
        break;
      }
      case KdfKind::Argon2id:
        t_ = sdk::param_u64(spec, "t", 2);
        m_ = sdk::param_u64(spec, "m", 19456);
        p_ = sdk::param_u64(spec, "p", 1);
        break;
    }
  }

  int derive(ca_io& io) {
    const uint8_t* password = bytes_or_empty(io.input);
    const uint8_t* salt = bytes_or_empty(io.nonce);
    switch (row_.kind) {
      case KdfKind::Pbkdf2:
        check(gcry_kdf_derive(password, io.input_len, GCRY_KDF_PBKDF2, row_.hash_algo, salt, io.nonce_len,
                              static_cast<unsigned long>(iterations_), io.output_cap, io.output),
              std::string(row_.algorithm) + ": gcry_kdf_derive");
        break;
      case KdfKind::Scrypt:
        check(gcry_kdf_derive(password, io.input_len, GCRY_KDF_SCRYPT, static_cast<int>(n_), salt,
                              io.nonce_len, static_cast<unsigned long>(p_), io.output_cap, io.output),
              "SCRYPT: gcry_kdf_derive");
        break;
      case KdfKind::Argon2id:
        argon2id(io, password, salt);
        break;
    }
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  // Parameters in libgcrypt's order: tag length, passes, memory (KiB), lanes. The handle allocates the
  // m KiB of memory; it is opened per call, as every Argon2 API does.
  void argon2id(ca_io& io, const uint8_t* password, const uint8_t* salt) const {
    const unsigned long params[4] = {static_cast<unsigned long>(io.output_cap),
                                     static_cast<unsigned long>(t_), static_cast<unsigned long>(m_),
                                     static_cast<unsigned long>(p_)};
    gcry_kdf_hd_t hd = nullptr;
    check(gcry_kdf_open(&hd, GCRY_KDF_ARGON2, GCRY_KDF_ARGON2ID, params, 4, password, io.input_len, salt,
                        io.nonce_len, nullptr, 0, nullptr, 0),
          "ARGON2ID: gcry_kdf_open");
    gcry_error_t err = gcry_kdf_compute(hd, nullptr);
    if (err == 0) err = gcry_kdf_final(hd, io.output_cap, io.output);
    gcry_kdf_close(hd);
    check(err, "ARGON2ID: gcry_kdf_compute / gcry_kdf_final");
  }

  KdfRow row_;
  uint64_t iterations_ = 0, n_ = 0, p_ = 0, t_ = 0, m_ = 0;
};

}  // namespace

sdk::Factory kdf_factory(KdfRow row) { return sdk::make_factory<Kdf>(row); }

}  // namespace ca::backend_gcrypt
