// KDFs of the wolfSSL backend: wc_PBKDF2 (pwdbased.h), wc_HKDF (hmac.h, extract and expand) and wc_scrypt.
// wolfSSL 5.5.4 has no Argon2.
#include <wolfssl/options.h>
//
#include <wolfssl/wolfcrypt/hmac.h>
#include <wolfssl/wolfcrypt/pwdbased.h>

#include <bit>
#include <climits>
#include <stdexcept>
#include <string>

#include "wolfssl_backend.hpp"

namespace ca::backend_wolfssl {
namespace {

/// wolfCrypt's password-based functions take int lengths.
int int_length(size_t n) {
  if (n > static_cast<size_t>(INT_MAX))
    throw sdk::Unsupported("wolfCrypt's KDFs take lengths up to INT_MAX; got " + std::to_string(n));
  return static_cast<int>(n);
}

class Kdf {
 public:
  Kdf(const ca_key_spec& spec, KdfKind kind, int hash)
      : algorithm_(spec.algorithm), kind_(kind), hash_(hash) {
    if (kind == KdfKind::Pbkdf2) {
      iterations_ = int_length(sdk::param_u64(spec, "iterations", 10000));
    } else if (kind == KdfKind::Scrypt) {
      // wc_scrypt takes log2(N) ("cost"); the catalog's N is a power of two.
      const uint64_t n = sdk::param_u64(spec, "n", 16384);
      if (n < 2 || !std::has_single_bit(n)) throw std::runtime_error("SCRYPT n must be a power of two");
      cost_ = std::countr_zero(n);
      r_ = int_length(sdk::param_u64(spec, "r", 8));
      p_ = int_length(sdk::param_u64(spec, "p", 1));
    }
  }

  int derive(ca_io& io) {
    int ret = 0;
    const byte* input = bytes_or_empty(io.input);
    const byte* salt = bytes_or_empty(io.nonce);
    switch (kind_) {
      case KdfKind::Pbkdf2:
        ret = wc_PBKDF2(io.output, input, int_length(io.input_len), salt, int_length(io.nonce_len),
                        iterations_, int_length(io.output_cap), hash_);
        break;
      case KdfKind::Hkdf:
        ret = wc_HKDF(hash_, input, w32(io.input_len), io.nonce_len != 0 ? salt : nullptr, w32(io.nonce_len),
                      bytes_or_empty(io.aad), w32(io.aad_len), io.output, w32(io.output_cap));
        break;
      case KdfKind::Scrypt:
        ret = wc_scrypt(io.output, input, int_length(io.input_len), salt, int_length(io.nonce_len), cost_, r_,
                        p_, int_length(io.output_cap));
        break;
    }
    check(ret, algorithm_ + ": derivation");
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  KdfKind kind_;
  int hash_;
  int iterations_ = 0, cost_ = 0, r_ = 0, p_ = 0;
};

}  // namespace

sdk::Factory kdf(KdfKind kind, int hash) { return sdk::make_factory<Kdf>(kind, hash); }

}  // namespace ca::backend_wolfssl
