// Public-key rows of the Nettle backend (libhogweed): RSA-PSS and RSA PKCS#1 v1.5 signatures, ECDSA on
// P-256, and Ed25519. Nettle keeps keys as GMP integers and reads no PKCS#8 or SubjectPublicKeyInfo, so RSA
// and P-256 keys go through the SDK's DER reader and writer (cryptauditor/der.hpp), once, in create().
// Nettle has no random generator of its own: blinding, PSS salts, ECDSA nonces and new keys take bytes from
// the kernel (getrandom).
#include <nettle/bignum.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>
#include <nettle/ecdsa.h>
#include <nettle/eddsa.h>
#include <nettle/rsa.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <sys/random.h>

#include <array>
#include <cstring>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cryptauditor/der.hpp"
#include "nettle_backend.hpp"

namespace ca::backend_nettle {
namespace {

using Bytes = std::vector<uint8_t>;
namespace der = ca::sdk::der;

/// nettle_random_func over getrandom(2).
void kernel_random(void*, size_t length, uint8_t* dst) {
  while (length != 0) {
    const ssize_t n = getrandom(dst, length, 0);
    if (n <= 0) std::terminate();  // called from Nettle's C code, where no exception may pass
    dst += n;
    length -= static_cast<size_t>(n);
  }
}

/// An mpz_t that clears itself.
class Integer {
 public:
  Integer() { mpz_init(v_); }
  explicit Integer(const Bytes& magnitude) {
    mpz_init(v_);
    nettle_mpz_set_str_256_u(v_, magnitude.size(), magnitude.data());
  }
  Integer(const Integer&) = delete;
  Integer& operator=(const Integer&) = delete;
  ~Integer() { mpz_clear(v_); }
  mpz_ptr get() { return v_; }
  mpz_srcptr get() const { return v_; }
  Bytes magnitude() const { return bytes_of(v_); }

  static Bytes bytes_of(mpz_srcptr x) {
    Bytes out(nettle_mpz_sizeinbase_256_u(x));
    nettle_mpz_get_str_256(out.size(), out.data(), x);
    return out;
  }

 private:
  mpz_t v_;
};

// ---- RSA
// ----------------------------------------------------------------------------------------------------------

class RsaKeys {
 public:
  explicit RsaKeys(const ca_key_spec& spec) {
    rsa_public_key_init(&pub_);
    rsa_private_key_init(&priv_);
    try {
      load(spec);
    } catch (...) {
      rsa_public_key_clear(&pub_);
      rsa_private_key_clear(&priv_);
      throw;
    }
  }
  RsaKeys(const RsaKeys&) = delete;
  RsaKeys& operator=(const RsaKeys&) = delete;
  ~RsaKeys() {
    rsa_public_key_clear(&pub_);
    rsa_private_key_clear(&priv_);
  }

  const rsa_public_key& pub() const { return pub_; }
  const rsa_private_key& priv() const { return priv_; }
  bool has_private() const { return has_private_; }

  Bytes export_part(int part) const {
    if (part == CA_KEY_PRIVATE) {
      if (!has_private_) throw std::runtime_error("this context holds only a public key");
      der::RsaPrivate k;
      k.n = Integer::bytes_of(pub_.n);
      k.e = Integer::bytes_of(pub_.e);
      k.d = Integer::bytes_of(priv_.d);
      k.p = Integer::bytes_of(priv_.p);
      k.q = Integer::bytes_of(priv_.q);
      k.dp = Integer::bytes_of(priv_.a);  // Nettle's a, b, c are PKCS#1's dP, dQ, qInv
      k.dq = Integer::bytes_of(priv_.b);
      k.qinv = Integer::bytes_of(priv_.c);
      return der::rsa_pkcs8(k);
    }
    if (part == CA_KEY_PUBLIC) return der::rsa_spki({Integer::bytes_of(pub_.n), Integer::bytes_of(pub_.e)});
    throw std::runtime_error("unknown key part " + std::to_string(part));
  }

 private:
  void load(const ca_key_spec& spec) {
    const std::string algorithm = spec.algorithm;
    try {
      if (spec.secret_key != nullptr && spec.secret_key_len != 0) {
        const der::RsaPrivate k = der::parse_rsa_pkcs8({spec.secret_key, spec.secret_key_len});
        set(pub_.n, k.n);
        set(pub_.e, k.e);
        set(priv_.d, k.d);
        set(priv_.p, k.p);
        set(priv_.q, k.q);
        set(priv_.a, k.dp);
        set(priv_.b, k.dq);
        set(priv_.c, k.qinv);
        has_private_ = true;
        if (!rsa_private_key_prepare(&priv_))
          throw std::runtime_error(algorithm + ": Nettle refused the private key (rsa_private_key_prepare)");
      } else if (spec.public_key != nullptr && spec.public_key_len != 0) {
        const der::RsaPublic k = der::parse_rsa_spki({spec.public_key, spec.public_key_len});
        set(pub_.n, k.n);
        set(pub_.e, k.e);
      } else {
        mpz_set_ui(pub_.e, 65537);
        if (!rsa_generate_keypair(&pub_, &priv_, nullptr, kernel_random, nullptr, nullptr, spec.key_bits, 0))
          throw std::runtime_error(algorithm + ": rsa_generate_keypair failed");
        has_private_ = true;
      }
    } catch (const der::Malformed& e) {
      throw std::runtime_error(algorithm +
                               ": key is not PKCS#8 / SubjectPublicKeyInfo DER of an RSA key: " + e.what());
    }
    if (!rsa_public_key_prepare(&pub_))
      throw std::runtime_error(algorithm + ": Nettle refused the public key (rsa_public_key_prepare)");
    const size_t bits = mpz_sizeinbase(pub_.n, 2);
    if (bits != spec.key_bits)
      throw std::runtime_error(algorithm + ": the key has " + std::to_string(bits) +
                               " bits, the run asks for " + std::to_string(spec.key_bits));
  }

  static void set(mpz_t x, const Bytes& magnitude) {
    nettle_mpz_set_str_256_u(x, magnitude.size(), magnitude.data());
  }

  rsa_public_key pub_{};
  rsa_private_key priv_{};
  bool has_private_ = false;
};

enum class RsaScheme { PssSha256, Pkcs1Sha1, Pkcs1Sha256, PssSha512, Pkcs1Sha512 };

class RsaSignature {
 public:
  RsaSignature(const ca_key_spec& spec, RsaScheme scheme) : scheme_(scheme), keys_(spec) {}

  bool offers(int op) const { return op != CA_OP_SIGN || keys_.has_private(); }
  Bytes export_key(int part) const { return keys_.export_part(part); }

  int sign(ca_io& io) {
    const size_t k = keys_.pub().size;
    if (io.output_cap < k) return CA_BUFFER_TOO_SMALL;
    std::array<uint8_t, SHA512_DIGEST_SIZE> digest{};
    hash(io, digest.data());
    int ok = 0;
    switch (scheme_) {
      case RsaScheme::PssSha256: {
        std::array<uint8_t, kSaltBytes> salt{};
        kernel_random(nullptr, salt.size(), salt.data());
        ok = rsa_pss_sha256_sign_digest_tr(&keys_.pub(), &keys_.priv(), nullptr, kernel_random, salt.size(),
                                           salt.data(), digest.data(), s_.get());
        break;
      }
      case RsaScheme::PssSha512: {
        std::array<uint8_t, kSalt512Bytes> salt{};
        kernel_random(nullptr, salt.size(), salt.data());
        ok = rsa_pss_sha512_sign_digest_tr(&keys_.pub(), &keys_.priv(), nullptr, kernel_random, salt.size(),
                                           salt.data(), digest.data(), s_.get());
        break;
      }
      case RsaScheme::Pkcs1Sha512:
        ok = rsa_sha512_sign_digest_tr(&keys_.pub(), &keys_.priv(), nullptr, kernel_random, digest.data(),
                                       s_.get());
        break;
      case RsaScheme::Pkcs1Sha1:
        ok = rsa_sha1_sign_digest_tr(&keys_.pub(), &keys_.priv(), nullptr, kernel_random, digest.data(),
                                     s_.get());
        break;
      case RsaScheme::Pkcs1Sha256:
        ok = rsa_sha256_sign_digest_tr(&keys_.pub(), &keys_.priv(), nullptr, kernel_random, digest.data(),
                                       s_.get());
        break;
    }
    if (!ok) throw std::runtime_error("Nettle RSA signing failed");
    nettle_mpz_get_str_256(k, io.output, s_.get());  // left-padded to k bytes
    io.output_len = k;
    return CA_OK;
  }

  int verify(ca_io& io) {
    // RFC 8017 8.1.2 / 8.2.2 step 1: the signature is exactly k bytes.
    if (io.signature_len != keys_.pub().size) return CA_REJECTED;
    nettle_mpz_set_str_256_u(s_.get(), io.signature_len, io.signature);
    std::array<uint8_t, SHA512_DIGEST_SIZE> digest{};
    hash(io, digest.data());
    int ok = 0;
    switch (scheme_) {
      case RsaScheme::PssSha256:
        ok = rsa_pss_sha256_verify_digest(&keys_.pub(), kSaltBytes, digest.data(), s_.get());
        break;
      case RsaScheme::PssSha512:
        ok = rsa_pss_sha512_verify_digest(&keys_.pub(), kSalt512Bytes, digest.data(), s_.get());
        break;
      case RsaScheme::Pkcs1Sha512:
        ok = rsa_sha512_verify_digest(&keys_.pub(), digest.data(), s_.get());
        break;
      case RsaScheme::Pkcs1Sha1:
        ok = rsa_sha1_verify_digest(&keys_.pub(), digest.data(), s_.get());
        break;
      case RsaScheme::Pkcs1Sha256:
        ok = rsa_sha256_verify_digest(&keys_.pub(), digest.data(), s_.get());
        break;
    }
    return ok ? CA_OK : CA_REJECTED;
  }

 private:
  static constexpr size_t kSaltBytes = 32;     // RSA-PSS: the salt is as long as SHA-256's digest
  static constexpr size_t kSalt512Bytes = 64;  // RSA-PSS-SHA512: as long as SHA-512's digest

  // The message is hashed here, inside the operation (Nettle's *_digest functions take the digest).
  void hash(const ca_io& io, uint8_t* digest) const {
    if (scheme_ == RsaScheme::Pkcs1Sha1) {
      sha1_ctx ctx;
      sha1_init(&ctx);
      sha1_update(&ctx, io.input_len, io.input);
      sha1_digest(&ctx, SHA1_DIGEST_SIZE, digest);
    } else if (scheme_ == RsaScheme::PssSha512 || scheme_ == RsaScheme::Pkcs1Sha512) {
      sha512_ctx ctx;
      sha512_init(&ctx);
      sha512_update(&ctx, io.input_len, io.input);
      sha512_digest(&ctx, SHA512_DIGEST_SIZE, digest);
    } else {
      sha256_ctx ctx;
      sha256_init(&ctx);
      sha256_update(&ctx, io.input_len, io.input);
      sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
    }
  }

  RsaScheme scheme_;
  RsaKeys keys_;
  Integer s_;
};

// ---- ECDSA P-256
// ------------------------------------------------------------------------------------------------

class Ecdsa {
 public:
  explicit Ecdsa(const ca_key_spec& spec) {
    const ecc_curve* curve = nettle_get_secp_256r1();
    ecc_point_init(&pub_, curve);
    ecc_scalar_init(&key_, curve);
    dsa_signature_init(&sig_);
    try {
      load(spec);
    } catch (...) {
      clear();
      throw;
    }
  }
  Ecdsa(const Ecdsa&) = delete;
  Ecdsa& operator=(const Ecdsa&) = delete;
  ~Ecdsa() { clear(); }

  bool offers(int op) const { return op != CA_OP_SIGN || has_private_; }

  int sign(ca_io& io) {
    std::array<uint8_t, SHA256_DIGEST_SIZE> digest{};
    hash(io, digest.data());
    ecdsa_sign(&key_, nullptr, kernel_random, digest.size(), digest.data(), &sig_);  // random nonce
    const Bytes out = der::ecdsa_signature(Integer::bytes_of(sig_.r), Integer::bytes_of(sig_.s));
    return ca::sdk::put_output(io, out.data(), out.size());
  }

  int verify(ca_io& io) {
    const auto parsed = der::parse_ecdsa_signature({io.signature, io.signature_len});
    if (!parsed || parsed->r.size() > der::kP256Bytes || parsed->s.size() > der::kP256Bytes)
      return CA_REJECTED;
    nettle_mpz_set_str_256_u(sig_.r, parsed->r.size(), parsed->r.data());
    nettle_mpz_set_str_256_u(sig_.s, parsed->s.size(), parsed->s.data());
    std::array<uint8_t, SHA256_DIGEST_SIZE> digest{};
    hash(io, digest.data());
    return ecdsa_verify(&pub_, digest.size(), digest.data(), &sig_) ? CA_OK
                                                                    : CA_REJECTED;  // checks 0 < r, s < n
  }

  Bytes export_key(int part) const {
    if (part == CA_KEY_PRIVATE) {
      if (!has_private_) throw std::runtime_error("this context holds only a public key");
      Integer d;
      ecc_scalar_get(&key_, d.get());
      return der::p256_pkcs8(d.magnitude(), point());
    }
    if (part == CA_KEY_PUBLIC) return der::p256_spki(point());
    throw std::runtime_error("unknown key part " + std::to_string(part));
  }

 private:
  void clear() {
    ecc_point_clear(&pub_);
    ecc_scalar_clear(&key_);
    dsa_signature_clear(&sig_);
  }

  static void hash(const ca_io& io, uint8_t* digest) {
    sha256_ctx ctx;
    sha256_init(&ctx);
    sha256_update(&ctx, io.input_len, io.input);
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
  }

  void set_point(const Bytes& uncompressed) {
    const Bytes x(uncompressed.begin() + 1, uncompressed.begin() + 1 + der::kP256Bytes);
    const Bytes y(uncompressed.begin() + 1 + der::kP256Bytes, uncompressed.end());
    const Integer xi(x), yi(y);
    if (!ecc_point_set(&pub_, xi.get(), yi.get()))
      throw std::runtime_error("ECDSA: the public key is not on P-256");
  }

  Bytes point() const {
    Integer x, y;
    ecc_point_get(&pub_, x.get(), y.get());
    Bytes out{0x04};
    for (const Integer* c : {&x, &y}) {
      const Bytes b = der::fixed_width(c->magnitude(), der::kP256Bytes, "P-256 coordinate");
      out.insert(out.end(), b.begin(), b.end());
    }
    return out;
  }

  void load(const ca_key_spec& spec) {
    try {
      if (spec.secret_key != nullptr && spec.secret_key_len != 0) {
        const der::P256Private k = der::parse_p256_pkcs8({spec.secret_key, spec.secret_key_len});
        const Integer d(k.d);
        if (!ecc_scalar_set(&key_, d.get()))
          throw std::runtime_error("ECDSA: private key is not in [1, n-1]");
        has_private_ = true;
        ecc_point_mul_g(&pub_, &key_);  // Q = d G; a public point in the PKCS#8 must be this one
        if (!k.public_point.empty() && k.public_point != point())
          throw std::runtime_error("ECDSA: the PKCS#8 public key does not belong to its private key");
      } else if (spec.public_key != nullptr && spec.public_key_len != 0) {
        set_point(der::parse_p256_spki({spec.public_key, spec.public_key_len}));
      } else {
        ecdsa_generate_keypair(&pub_, &key_, nullptr, kernel_random);
        has_private_ = true;
      }
    } catch (const der::Malformed& e) {
      throw std::runtime_error(std::string("ECDSA: key is not PKCS#8 / SubjectPublicKeyInfo DER on P-256: ") +
                               e.what());
    }
  }

  ecc_point pub_{};
  ecc_scalar key_{};
  dsa_signature sig_{};
  bool has_private_ = false;
};

// ---- Ed25519
// ------------------------------------------------------------------------------------------------------

class Ed25519 {
 public:
  explicit Ed25519(const ca_key_spec& spec) {
    if (spec.secret_key != nullptr && spec.secret_key_len != 0) {
      require_raw(spec.secret_key_len, "private key (seed)");
      seed_.assign(spec.secret_key, spec.secret_key + ED25519_KEY_SIZE);
    } else if (spec.public_key != nullptr && spec.public_key_len != 0) {
      require_raw(spec.public_key_len, "public key");
      public_.assign(spec.public_key, spec.public_key + ED25519_KEY_SIZE);
      return;
    } else {
      seed_.resize(ED25519_KEY_SIZE);
      kernel_random(nullptr, seed_.size(), seed_.data());
    }
    public_.resize(ED25519_KEY_SIZE);
    ed25519_sha512_public_key(public_.data(), seed_.data());
  }

  bool offers(int op) const { return op != CA_OP_SIGN || !seed_.empty(); }

  // Nettle's sign takes the seed and the public key and hashes the seed again for every signature
  // (RFC 8032 5.1.6 step 1); it keeps no expanded private key between calls.
  int sign(ca_io& io) {
    if (io.output_cap < ED25519_SIGNATURE_SIZE) return CA_BUFFER_TOO_SMALL;
    ed25519_sha512_sign(public_.data(), seed_.data(), io.input_len, io.input, io.output);
    io.output_len = ED25519_SIGNATURE_SIZE;
    return CA_OK;
  }

  int verify(ca_io& io) {
    if (io.signature_len != ED25519_SIGNATURE_SIZE) return CA_REJECTED;
    return ed25519_sha512_verify(public_.data(), io.input_len, io.input, io.signature) ? CA_OK : CA_REJECTED;
  }

  Bytes export_key(int part) const { return sdk::export_raw_key(part, seed_, public_); }

 private:
  static void require_raw(size_t len, const char* what) {
    if (len != ED25519_KEY_SIZE)
      throw std::runtime_error(std::string("EDDSA ") + what + " must be the raw 32 bytes (RFC 8032), got " +
                               std::to_string(len));
  }

  Bytes seed_, public_;
};

}  // namespace

sdk::Factory ed25519_factory() { return sdk::make_factory<Ed25519>(); }
sdk::Factory ecdsa_factory() { return sdk::make_factory<Ecdsa>(); }
sdk::Factory rsa_pss_sha256_factory() { return sdk::make_factory<RsaSignature>(RsaScheme::PssSha256); }
sdk::Factory rsa_pkcs1_sha1_factory() { return sdk::make_factory<RsaSignature>(RsaScheme::Pkcs1Sha1); }
sdk::Factory rsa_pkcs1_sha256_factory() { return sdk::make_factory<RsaSignature>(RsaScheme::Pkcs1Sha256); }
sdk::Factory rsa_pss_sha512_factory() { return sdk::make_factory<RsaSignature>(RsaScheme::PssSha512); }
sdk::Factory rsa_pkcs1_sha512_factory() { return sdk::make_factory<RsaSignature>(RsaScheme::Pkcs1Sha512); }

}  // namespace ca::backend_nettle
