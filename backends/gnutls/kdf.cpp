// KDF rows of the GnuTLS backend: HKDF (RFC 5869) through gnutls_hkdf_extract and gnutls_hkdf_expand, and
// PBKDF2 (RFC 8018) through gnutls_pbkdf2, each one call per derive on the job's inputs.
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>

#include <array>
#include <climits>
#include <string>

#include "gnutls_backend.hpp"

namespace ca::backend_gnutls {
namespace {

/// HKDF: PRK = HMAC(salt, IKM) (gnutls_hkdf_extract), then OKM of the output's length (gnutls_hkdf_expand
/// with info). An empty salt is HashLen zero bytes (RFC 5869 2.2), which HMAC's key padding makes the same.
class Hkdf {
 public:
  Hkdf(const ca_key_spec&, gnutls_mac_algorithm_t m) : mac_(m), hash_len_(gnutls_hmac_get_len(m)) {}

  int derive(ca_io& io) {
    // RFC 5869 2.3: L <= 255 HashLen.
    if (io.output_cap > 255 * hash_len_)
      throw std::runtime_error("HKDF output of " + std::to_string(io.output_cap) +
                               " bytes is longer than 255 * " + std::to_string(hash_len_) + " (RFC 5869)");
    const gnutls_datum_t ikm = datum(io.input, io.input_len);
    const gnutls_datum_t salt = datum(io.nonce, io.nonce_len);
    check(gnutls_hkdf_extract(mac_, &ikm, &salt, prk_.data()), "gnutls_hkdf_extract");
    const gnutls_datum_t prk = datum(prk_.data(), hash_len_);
    const gnutls_datum_t info = datum(io.aad, io.aad_len);
    check(gnutls_hkdf_expand(mac_, &prk, &info, io.output, io.output_cap), "gnutls_hkdf_expand");
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  gnutls_mac_algorithm_t mac_;
  size_t hash_len_;
  std::array<uint8_t, 64> prk_{};
};

class Pbkdf2 {
 public:
  Pbkdf2(const ca_key_spec& spec, gnutls_mac_algorithm_t m) : mac_(m) {
    const uint64_t iterations = sdk::param_u64(spec, "iterations", 10000);
    if (iterations > UINT_MAX) throw sdk::Unsupported("GnuTLS takes PBKDF2 iteration counts up to UINT_MAX");
    iterations_ = static_cast<unsigned>(iterations);
  }

  int derive(ca_io& io) {
    const gnutls_datum_t password = datum(io.input, io.input_len);
    const gnutls_datum_t salt = datum(io.nonce, io.nonce_len);
    check(gnutls_pbkdf2(mac_, &password, &salt, iterations_, io.output, io.output_cap), "gnutls_pbkdf2");
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  gnutls_mac_algorithm_t mac_;
  unsigned iterations_ = 0;
};

}  // namespace

sdk::Factory hkdf(gnutls_mac_algorithm_t m) { return sdk::make_factory<Hkdf>(m); }
sdk::Factory pbkdf2(gnutls_mac_algorithm_t m) { return sdk::make_factory<Pbkdf2>(m); }

}  // namespace ca::backend_gnutls
