// Key agreement rows of the Mbed TLS backend with raw keys: X25519 and X448 on Mbed TLS's Montgomery curves
// (ecp.h / ecdh.h; little-endian keys as RFC 7748 writes them) and FFDHE2048 (dhm.h with the RFC 7919 group
// Mbed TLS ships as MBEDTLS_DHM_RFC7919_FFDHE2048_P_BIN; big-endian values as TLS 1.3 sends them). ECDH on
// the Weierstrass curves is in public_key.cpp, next to the PKCS#8 / SPKI key handling it shares with ECDSA.
#include <mbedtls/dhm.h>
#include <mbedtls/ecdh.h>
#include <mbedtls/ecp.h>

#include <array>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "compat.hpp"
#include "mbedtls_backend.hpp"

namespace ca::backend_mbedtls {
namespace {

const char* const kPublicOnly = "this context holds only a public key";

using Mpi = Owned<mbedtls_mpi, mbedtls_mpi_init, mbedtls_mpi_free>;
using Point = Owned<mbedtls_ecp_point, mbedtls_ecp_point_init, mbedtls_ecp_point_free>;
using EcKeyPair = Owned<mbedtls_ecp_keypair, mbedtls_ecp_keypair_init, mbedtls_ecp_keypair_free>;

enum class KeySource { Private, PublicOnly, Generate };

KeySource key_source(const ca_key_spec& spec) {
  if (spec.secret_key != nullptr && spec.secret_key_len != 0) return KeySource::Private;
  if (spec.public_key != nullptr && spec.public_key_len != 0) return KeySource::PublicOnly;
  return KeySource::Generate;
}

// ---- X25519 / X448
// ----------------------------------------------------------------------------------------------

/// X25519 / X448: mbedtls_ecdh_compute_shared on MBEDTLS_ECP_DP_CURVE25519 / CURVE448, the peer's raw u
/// coordinate read with mbedtls_ecp_point_read_binary (which masks X25519's top bit, RFC 7748 section 5)
/// inside the timed operation.
class Montgomery {
 public:
  Montgomery(const ca_key_spec& spec, mbedtls_ecp_group_id curve)
      : algorithm_(spec.algorithm), curve_(curve), bytes_(curve == MBEDTLS_ECP_DP_CURVE25519 ? 32 : 56) {
    mbedtls_ecp_keypair* key = key_.get();
    switch (key_source(spec)) {
      case KeySource::Private:
        require_raw(spec.secret_key_len, "private key");
        // mbedtls_ecp_read_key reads the little-endian scalar and clamps it (RFC 7748 decodeScalar).
        check(mbedtls_ecp_read_key(curve, key, spec.secret_key, spec.secret_key_len),
              algorithm_ + ": mbedtls_ecp_read_key");
        check(mbedtls_ecp_mul(&compat::group(*key), &compat::public_point(*key), &compat::secret(*key),
                              &compat::group(*key).G, Rng::random, &rng_),
              algorithm_ + ": public key from the private key (mbedtls_ecp_mul)");
        has_private_ = true;
        break;
      case KeySource::PublicOnly:
        require_raw(spec.public_key_len, "public key");
        check(mbedtls_ecp_group_load(&compat::group(*key), curve), algorithm_ + ": mbedtls_ecp_group_load");
        check(mbedtls_ecp_point_read_binary(&compat::group(*key), &compat::public_point(*key), spec.public_key,
                                            spec.public_key_len),
              algorithm_ + ": mbedtls_ecp_point_read_binary");
        break;
      case KeySource::Generate:
        check(mbedtls_ecp_gen_key(curve, key, Rng::random, &rng_), algorithm_ + ": mbedtls_ecp_gen_key");
        has_private_ = true;
        break;
    }
  }

  bool offers(int op) const { return op != CA_OP_AGREE || has_private_; }

  int agree(ca_io& io) {
    if (!has_private_) throw std::runtime_error(kPublicOnly);
    if (io.input_len != bytes_)
      throw sdk::Rejected(algorithm_ + ": the peer public key must be " + std::to_string(bytes_) +
                          " raw bytes, got " + std::to_string(io.input_len));
    if (io.output_cap < bytes_) return CA_BUFFER_TOO_SMALL;
    mbedtls_ecp_keypair* key = key_.get();
    Point peer;
    int ret = mbedtls_ecp_point_read_binary(&compat::group(*key), peer.get(), io.input, io.input_len);
    if (ret != 0) throw sdk::Rejected(error_text("the peer public key was refused", ret));
    Mpi z;
    // Refuses a peer key that gives the all-zero secret (a small-order point), as RFC 7748 section 6 allows.
    ret = mbedtls_ecdh_compute_shared(&compat::group(*key), z.get(), peer.get(), &compat::secret(*key),
                                      Rng::random, &rng_);
    if (ret != 0) throw sdk::Rejected(error_text(algorithm_ + ": mbedtls_ecdh_compute_shared", ret));
    check(mbedtls_mpi_write_binary_le(z.get(), io.output, bytes_), "mbedtls_mpi_write_binary_le");
    io.output_len = bytes_;
    return CA_OK;
  }

  int keygen(ca_io& io) {
    EcKeyPair fresh;
    check(mbedtls_ecp_gen_key(curve_, fresh.get(), Rng::random, &rng_), algorithm_ + ": mbedtls_ecp_gen_key");
    const auto pub = public_of(fresh.get());
    return sdk::put_output(io, pub.data(), pub.size());
  }

  std::vector<uint8_t> export_key(int part) {
    if (part == CA_KEY_PRIVATE) {
      if (!has_private_) throw std::runtime_error(kPublicOnly + std::string(": no private key to export"));
      std::vector<uint8_t> out(bytes_);
      check(compat::ecp_write_private(key_.get(), out.data(), out.size()), "mbedtls_ecp_write_key");
      return out;
    }
    if (part == CA_KEY_PUBLIC) return public_of(key_.get());
    throw std::runtime_error("unknown key part " + std::to_string(part) + " (1 = private, 2 = public)");
  }

 private:
  void require_raw(size_t got, const char* what) const {
    if (got != bytes_)
      throw std::runtime_error(algorithm_ + " " + what + " must be the raw " + std::to_string(bytes_) +
                               " bytes (RFC 7748), got " + std::to_string(got));
  }

  std::vector<uint8_t> public_of(mbedtls_ecp_keypair* key) const {
    std::vector<uint8_t> out(bytes_);
    size_t written = 0;
    check(mbedtls_ecp_point_write_binary(&compat::group(*key), &compat::public_point(*key),
                                         MBEDTLS_ECP_PF_UNCOMPRESSED, &written, out.data(), out.size()),
          "mbedtls_ecp_point_write_binary");
    out.resize(written);
    return out;
  }

  std::string algorithm_;
  mbedtls_ecp_group_id curve_;
  size_t bytes_;
  Rng rng_;
  EcKeyPair key_;
  bool has_private_ = false;
};

// ---- FFDHE2048
// --------------------------------------------------------------------------------------------------

constexpr size_t kFfdheBytes = 256;
constexpr size_t kPrivateBytes = 255;  // x < 2^2040 < q

/// Finite-field DH over RFC 7919's ffdhe2048 with dhm.h. Key pairs come from mbedtls_dhm_make_public with a
/// 255-byte private exponent: one byte short of the size Mbed TLS's TLS code asks for (mbedtls_mpi_size(&P)),
/// so that x < q = (p - 1) / 2 and every other library takes the exported key (Crypto++ requires it); the
/// secret (mbedtls_dhm_calc_secret, with blinding) and the exported values are left-padded to 256 bytes.
class Ffdhe {
 public:
  explicit Ffdhe(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    set_group(dhm_.get());
    mbedtls_dhm_context* dhm = dhm_.get();
    const compat::DhmFields f = compat::fields(*dhm);
    switch (key_source(spec)) {
      case KeySource::Private:
        require_raw(spec.secret_key_len, "private key");
        check(mbedtls_mpi_read_binary(&f.X, spec.secret_key, spec.secret_key_len), "mbedtls_mpi_read_binary");
        // GX = G^X mod P, the public value of an imported private key (dhm.h computes it only for a new X).
        check(mbedtls_mpi_exp_mod(&f.GX, &f.G, &f.X, &f.P, &f.RP), algorithm_ + ": g^x mod p");
        has_private_ = true;
        break;
      case KeySource::PublicOnly:
        require_raw(spec.public_key_len, "public key");
        check(mbedtls_mpi_read_binary(&f.GX, spec.public_key, spec.public_key_len), "mbedtls_mpi_read_binary");
        break;
      case KeySource::Generate: {
        std::array<unsigned char, kFfdheBytes> pub{};
        check(mbedtls_dhm_make_public(dhm, static_cast<int>(kPrivateBytes), pub.data(), pub.size(),
                                      Rng::random, &rng_),
              algorithm_ + ": mbedtls_dhm_make_public");
        has_private_ = true;
        break;
      }
    }
  }

  bool offers(int op) const { return op != CA_OP_AGREE || has_private_; }

  // mbedtls_dhm_read_public checks 2 <= y <= p - 2 before the secret is computed.
  int agree(ca_io& io) {
    if (!has_private_) throw std::runtime_error(kPublicOnly);
    if (io.output_cap < kFfdheBytes) return CA_BUFFER_TOO_SMALL;
    mbedtls_dhm_context* dhm = dhm_.get();
    int ret = mbedtls_dhm_read_public(dhm, io.input, io.input_len);
    if (ret != 0)
      throw sdk::Rejected(error_text("the peer public value was refused (mbedtls_dhm_read_public)", ret));
    size_t written = 0;
    ret = mbedtls_dhm_calc_secret(dhm, io.output, io.output_cap, &written, Rng::random, &rng_);
    if (ret != 0) throw sdk::Rejected(error_text("mbedtls_dhm_calc_secret", ret));
    if (written < kFfdheBytes) {  // RFC 8446 7.4.1: the secret keeps its leading zeros
      std::memmove(io.output + (kFfdheBytes - written), io.output, written);
      std::memset(io.output, 0, kFfdheBytes - written);
    }
    io.output_len = kFfdheBytes;
    return CA_OK;
  }

  int keygen(ca_io& io) {
    if (io.output_cap < kFfdheBytes) return CA_BUFFER_TOO_SMALL;
    Dhm fresh;
    set_group(fresh.get());
    check(mbedtls_dhm_make_public(fresh.get(), static_cast<int>(kPrivateBytes), io.output, kFfdheBytes,
                                  Rng::random, &rng_),
          algorithm_ + ": mbedtls_dhm_make_public");
    io.output_len = kFfdheBytes;
    return CA_OK;
  }

  std::vector<uint8_t> export_key(int part) {
    std::vector<uint8_t> out(kFfdheBytes);
    if (part == CA_KEY_PRIVATE) {
      if (!has_private_) throw std::runtime_error(kPublicOnly + std::string(": no private key to export"));
      check(mbedtls_mpi_write_binary(&compat::fields(*dhm_.get()).X, out.data(), out.size()),
            "mbedtls_mpi_write_binary");
    } else if (part == CA_KEY_PUBLIC) {
      check(mbedtls_mpi_write_binary(&compat::fields(*dhm_.get()).GX, out.data(), out.size()),
            "mbedtls_mpi_write_binary");
    } else {
      throw std::runtime_error("unknown key part " + std::to_string(part) + " (1 = private, 2 = public)");
    }
    return out;
  }

 private:
  using Dhm = Owned<mbedtls_dhm_context, mbedtls_dhm_init, mbedtls_dhm_free>;

  static void set_group(mbedtls_dhm_context* dhm) {
    static const unsigned char p[] = MBEDTLS_DHM_RFC7919_FFDHE2048_P_BIN;
    static const unsigned char g[] = MBEDTLS_DHM_RFC7919_FFDHE2048_G_BIN;
    Mpi P, G;
    check(mbedtls_mpi_read_binary(P.get(), p, sizeof p), "ffdhe2048 p");
    check(mbedtls_mpi_read_binary(G.get(), g, sizeof g), "ffdhe2048 g");
    check(mbedtls_dhm_set_group(dhm, P.get(), G.get()), "mbedtls_dhm_set_group");
  }

  void require_raw(size_t got, const char* what) const {
    if (got == 0 || got > kFfdheBytes)
      throw std::runtime_error(algorithm_ + " " + what + " must be at most 256 raw bytes, got " +
                               std::to_string(got));
  }

  std::string algorithm_;
  Rng rng_;
  Dhm dhm_;
  bool has_private_ = false;
};

}  // namespace

sdk::Factory montgomery(mbedtls_ecp_group_id curve) { return sdk::make_factory<Montgomery>(curve); }
sdk::Factory ffdhe2048() { return sdk::make_factory<Ffdhe>(); }

}  // namespace ca::backend_mbedtls
