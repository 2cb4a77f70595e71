// KDFs and the Montgomery-curve key agreements of the Nettle backend: PBKDF2 (pbkdf2_hmac_sha256 / _sha1),
// HKDF (hkdf_extract and hkdf_expand over Nettle's HMAC) and X25519 / X448 (curve25519_mul, curve448_mul,
// which clamp the scalar and take the raw little-endian u coordinate as RFC 7748 defines them). Nettle 3.8
// has no scrypt or Argon2, and no finite-field DH.
#include <nettle/curve25519.h>
#include <nettle/curve448.h>
#include <nettle/hkdf.h>
#include <nettle/hmac.h>
#include <nettle/pbkdf2.h>
#include <sys/random.h>

#include <array>
#include <cerrno>
#include <climits>
#include <stdexcept>
#include <string>
#include <vector>

#include "nettle_backend.hpp"

namespace ca::backend_nettle {
namespace {

const char* const kPublicOnly = "this context holds only a public key";

// ---- KDFs
// ---------------------------------------------------------------------------------------------------

/// HKDF's two steps over one HMAC hash: the context type, its key setup, update and digest.
template <class Ctx, void (*SetKey)(Ctx*, size_t, const uint8_t*),
          void (*Update)(Ctx*, size_t, const uint8_t*), void (*Digest)(Ctx*, size_t, uint8_t*),
          size_t DigestSize>
struct HmacHash {
  using Context = Ctx;
  static constexpr size_t kDigest = DigestSize;
  static void set_key(Ctx* c, size_t n, const uint8_t* k) { SetKey(c, n, k); }
  static auto update() { return reinterpret_cast<nettle_hash_update_func*>(Update); }
  static auto digest() { return reinterpret_cast<nettle_hash_digest_func*>(Digest); }
};
using HmacSha256 = HmacHash<hmac_sha256_ctx, hmac_sha256_set_key, hmac_sha256_update, hmac_sha256_digest,
                            SHA256_DIGEST_SIZE>;
using HmacSha512 = HmacHash<hmac_sha512_ctx, hmac_sha512_set_key, hmac_sha512_update, hmac_sha512_digest,
                            SHA512_DIGEST_SIZE>;

/// HKDF (RFC 5869): PRK = HMAC(salt, IKM) with hkdf_extract, then hkdf_expand with PRK as the HMAC key.
template <class H>
class Hkdf {
 public:
  explicit Hkdf(const ca_key_spec&) {}

  int derive(ca_io& io) {
    // RFC 5869 2.3: L <= 255 HashLen; Nettle's hkdf_expand does not check it.
    if (io.output_cap > 255 * H::kDigest)
      throw std::runtime_error("HKDF output of " + std::to_string(io.output_cap) +
                               " bytes is longer than 255 * " + std::to_string(H::kDigest) + " (RFC 5869)");
    // An empty salt is HashLen zero bytes (RFC 5869 2.2), which HMAC's key padding makes the same key.
    H::set_key(&ctx_, io.nonce_len, io.nonce);
    std::array<uint8_t, H::kDigest> prk;
    hkdf_extract(&ctx_, H::update(), H::digest(), H::kDigest, io.input_len, io.input, prk.data());
    H::set_key(&ctx_, prk.size(), prk.data());
    hkdf_expand(&ctx_, H::update(), H::digest(), H::kDigest, io.aad_len, io.aad, io.output_cap, io.output);
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  typename H::Context ctx_{};
};

using Pbkdf2Fn = void (*)(size_t, const uint8_t*, unsigned, size_t, const uint8_t*, size_t, uint8_t*);

class Pbkdf2 {
 public:
  Pbkdf2(const ca_key_spec& spec, Pbkdf2Fn fn) : fn_(fn) {
    const uint64_t iterations = sdk::param_u64(spec, "iterations", 10000);
    if (iterations > UINT_MAX) throw sdk::Unsupported("Nettle takes PBKDF2 iteration counts up to UINT_MAX");
    iterations_ = static_cast<unsigned>(iterations);
  }

  int derive(ca_io& io) {
    fn_(io.input_len, io.input, iterations_, io.nonce_len, io.nonce, io.output_cap, io.output);
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  Pbkdf2Fn fn_;
  unsigned iterations_ = 0;
};

// ---- X25519 / X448
// ----------------------------------------------------------------------------------------------

void kernel_random(uint8_t* dst, size_t length) {
  while (length != 0) {
    const ssize_t n = getrandom(dst, length, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("getrandom failed");
    }
    dst += n;
    length -= static_cast<size_t>(n);
  }
}

using MulFn = void (*)(uint8_t*, const uint8_t*, const uint8_t*);
using MulGFn = void (*)(uint8_t*, const uint8_t*);

struct MontgomeryCurve {
  size_t bytes;
  MulFn mul;
  MulGFn mul_g;
};

/// Raw keys (RFC 7748); a key pair is a random scalar from the kernel and its product with the base point.
class Montgomery {
 public:
  Montgomery(const ca_key_spec& spec, MontgomeryCurve curve) : algorithm_(spec.algorithm), c_(curve) {
    if (spec.secret_key != nullptr && spec.secret_key_len != 0) {
      require_raw(spec.secret_key_len, "private key");
      private_.assign(spec.secret_key, spec.secret_key + c_.bytes);
    } else if (spec.public_key != nullptr && spec.public_key_len != 0) {
      require_raw(spec.public_key_len, "public key");
      public_.assign(spec.public_key, spec.public_key + c_.bytes);
      return;
    } else {
      private_.resize(c_.bytes);
      kernel_random(private_.data(), private_.size());
    }
    public_.resize(c_.bytes);
    c_.mul_g(public_.data(), private_.data());
  }

  bool offers(int op) const { return op != CA_OP_AGREE || !private_.empty(); }

  int agree(ca_io& io) {
    if (private_.empty()) throw std::runtime_error(kPublicOnly);
    if (io.input_len != c_.bytes)
      throw sdk::Rejected(algorithm_ + ": the peer public key must be " + std::to_string(c_.bytes) +
                          " raw bytes, got " + std::to_string(io.input_len));
    if (io.output_cap < c_.bytes) return CA_BUFFER_TOO_SMALL;
    c_.mul(io.output, private_.data(), io.input);
    // RFC 7748 section 6: an all-zero secret means a small-order peer key; refused, as OpenSSL and
    // libsodium refuse it (Nettle returns it).
    uint8_t any = 0;
    for (size_t i = 0; i < c_.bytes; ++i) any |= io.output[i];
    sdk::declassify(&any, sizeof any);  // whether the secret is all zero is public (the peer key is refused)
    if (any == 0) throw sdk::Rejected(algorithm_ + ": the peer public key gives the all-zero secret");
    io.output_len = c_.bytes;
    return CA_OK;
  }

  int keygen(ca_io& io) {
    if (io.output_cap < c_.bytes) return CA_BUFFER_TOO_SMALL;
    std::array<uint8_t, CURVE448_SIZE> scalar;
    kernel_random(scalar.data(), c_.bytes);
    c_.mul_g(io.output, scalar.data());
    io.output_len = c_.bytes;
    return CA_OK;
  }

  std::vector<uint8_t> export_key(int part) const {
    if (part == CA_KEY_PRIVATE) {
      if (private_.empty()) throw std::runtime_error(kPublicOnly + std::string(": no private key to export"));
      return private_;
    }
    if (part == CA_KEY_PUBLIC) return public_;
    throw std::runtime_error("unknown key part " + std::to_string(part) + " (1 = private, 2 = public)");
  }

 private:
  void require_raw(size_t got, const char* what) const {
    if (got != c_.bytes)
      throw std::runtime_error(algorithm_ + " " + what + " must be the raw " + std::to_string(c_.bytes) +
                               " bytes (RFC 7748), got " + std::to_string(got));
  }

  std::string algorithm_;
  MontgomeryCurve c_;
  std::vector<uint8_t> private_, public_;
};

}  // namespace

sdk::Factory pbkdf2_sha256_factory() { return sdk::make_factory<Pbkdf2>(Pbkdf2Fn{pbkdf2_hmac_sha256}); }
sdk::Factory pbkdf2_sha1_factory() { return sdk::make_factory<Pbkdf2>(Pbkdf2Fn{pbkdf2_hmac_sha1}); }
sdk::Factory hkdf_sha256_factory() { return sdk::make_factory<Hkdf<HmacSha256>>(); }
sdk::Factory hkdf_sha512_factory() { return sdk::make_factory<Hkdf<HmacSha512>>(); }
sdk::Factory x25519_factory() {
  return sdk::make_factory<Montgomery>(MontgomeryCurve{CURVE25519_SIZE, curve25519_mul, curve25519_mul_g});
}
sdk::Factory x448_factory() {
  return sdk::make_factory<Montgomery>(MontgomeryCurve{CURVE448_SIZE, curve448_mul, curve448_mul_g});
}

}  // namespace ca::backend_nettle
