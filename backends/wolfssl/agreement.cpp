// Key agreement rows of the wolfSSL backend without DER keys: X25519 and X448 (curve25519.h, curve448.h,
// raw little-endian keys as RFC 7748 writes them) and FFDHE2048 (dh.h with wolfCrypt's built-in RFC 7919
// group, raw big-endian values as TLS 1.3 sends them). ECDH on the NIST curves is in public_key.cpp, next to
// the EC key handling it shares with ECDSA.
#include <wolfssl/options.h>
//
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/curve448.h>
#include <wolfssl/wolfcrypt/dh.h>

#include <array>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "wolfssl_backend.hpp"

namespace ca::backend_wolfssl {
namespace {

const char* const kPublicOnly = "this context holds only a public key";

// ---- X25519 / X448
// ----------------------------------------------------------------------------------------------

// One traits struct per curve: wolfCrypt has the same function shapes for both.
struct X25519Traits {
  using Key = curve25519_key;
  static constexpr size_t kBytes = CURVE25519_KEYSIZE;
  static constexpr int kLittle = EC25519_LITTLE_ENDIAN;
  static int init(Key* k) { return wc_curve25519_init(k); }
  static void free(Key* k) { wc_curve25519_free(k); }
  static int make_key(WC_RNG* rng, Key* k) { return wc_curve25519_make_key(rng, kBytes, k); }
  static int make_pub(byte* pub, const byte* priv) {
    return wc_curve25519_make_pub(kBytes, pub, kBytes, priv);
  }
  static int import_pair(const byte* priv, const byte* pub, Key* k) {
    return wc_curve25519_import_private_raw_ex(priv, kBytes, pub, kBytes, k, kLittle);
  }
  static int import_public(const byte* pub, Key* k) {
    return wc_curve25519_import_public_ex(pub, kBytes, k, kLittle);
  }
  static int export_private(Key* k, byte* out, word32* n) {
    return wc_curve25519_export_private_raw_ex(k, out, n, kLittle);
  }
  static int export_public(Key* k, byte* out, word32* n) {
    return wc_curve25519_export_public_ex(k, out, n, kLittle);
  }
  static int shared(Key* priv, Key* pub, byte* out, word32* n) {
    return wc_curve25519_shared_secret_ex(priv, pub, out, n, kLittle);
  }
  // RFC 7748 decodeScalar25519.
  static void clamp(byte* k) {
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
  }
};

struct X448Traits {
  using Key = curve448_key;
  static constexpr size_t kBytes = CURVE448_KEY_SIZE;
  static constexpr int kLittle = EC448_LITTLE_ENDIAN;
  static int init(Key* k) { return wc_curve448_init(k); }
  static void free(Key* k) { wc_curve448_free(k); }
  static int make_key(WC_RNG* rng, Key* k) { return wc_curve448_make_key(rng, kBytes, k); }
  static int make_pub(byte* pub, const byte* priv) { return wc_curve448_make_pub(kBytes, pub, kBytes, priv); }
  static int import_pair(const byte* priv, const byte* pub, Key* k) {
    return wc_curve448_import_private_raw_ex(priv, kBytes, pub, kBytes, k, kLittle);
  }
  static int import_public(const byte* pub, Key* k) {
    return wc_curve448_import_public_ex(pub, kBytes, k, kLittle);
  }
  static int export_private(Key* k, byte* out, word32* n) {
    return wc_curve448_export_private_raw_ex(k, out, n, kLittle);
  }
  static int export_public(Key* k, byte* out, word32* n) {
    return wc_curve448_export_public_ex(k, out, n, kLittle);
  }
  static int shared(Key* priv, Key* pub, byte* out, word32* n) {
    return wc_curve448_shared_secret_ex(priv, pub, out, n, kLittle);
  }
  // RFC 7748 decodeScalar448.
  static void clamp(byte* k) {
    k[0] &= 252;
    k[55] |= 128;
  }
};

/// An owned wolfCrypt Montgomery key.
template <class T>
struct MontgomeryKey {
  typename T::Key key{};
  MontgomeryKey() { check(T::init(&key), "curve key init"); }
  ~MontgomeryKey() { T::free(&key); }
  MontgomeryKey(const MontgomeryKey&) = delete;
  MontgomeryKey& operator=(const MontgomeryKey&) = delete;
};

template <class T>
class Montgomery {
 public:
  explicit Montgomery(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    switch (key_source(spec)) {
      case KeySource::Private: {
        require_raw(spec.secret_key_len, "private key");
        // wolfCrypt refuses a private key that is not clamped; X25519 / X448 clamp the scalar as their
        // first step (RFC 7748 section 5), so the clamped key is the same key.
        std::array<byte, T::kBytes> priv{}, pub{};
        std::memcpy(priv.data(), spec.secret_key, T::kBytes);
        T::clamp(priv.data());
        check(T::make_pub(pub.data(), priv.data()), algorithm_ + ": public key from the private key");
        check(T::import_pair(priv.data(), pub.data(), &key_.key), algorithm_ + ": import of the key pair");
        has_private_ = true;
        break;
      }
      case KeySource::PublicOnly:
        require_raw(spec.public_key_len, "public key");
        check(T::import_public(spec.public_key, &key_.key), algorithm_ + ": import of the public key");
        break;
      case KeySource::Generate:
        check(T::make_key(rng_.get(), &key_.key), algorithm_ + ": key generation");
        has_private_ = true;
        break;
    }
  }

  bool offers(int op) const { return op != CA_OP_AGREE || has_private_; }

  // Importing the peer's raw key (wolfCrypt checks it) is part of the timed operation.
  int agree(ca_io& io) {
    if (!has_private_) throw std::runtime_error(kPublicOnly);
    if (io.input_len != T::kBytes)
      throw sdk::Rejected(algorithm_ + ": the peer public key must be " + std::to_string(T::kBytes) +
                          " raw bytes, got " + std::to_string(io.input_len));
    if (io.output_cap < T::kBytes) return CA_BUFFER_TOO_SMALL;
    MontgomeryKey<T> peer;
    int ret = T::import_public(io.input, &peer.key);
    if (ret != 0) throw sdk::Rejected(error_text("the peer public key was refused", ret));
    word32 size = w32(io.output_cap);
    ret = T::shared(&key_.key, &peer.key, io.output, &size);
    if (ret != 0) throw sdk::Rejected(error_text(algorithm_ + ": shared secret", ret));
    io.output_len = size;
    return CA_OK;
  }

  int keygen(ca_io& io) {
    MontgomeryKey<T> fresh;
    check(T::make_key(rng_.get(), &fresh.key), algorithm_ + ": key generation");
    word32 size = w32(io.output_cap);
    if (io.output_cap < T::kBytes) return CA_BUFFER_TOO_SMALL;
    check(T::export_public(&fresh.key, io.output, &size), algorithm_ + ": export of the public key");
    io.output_len = size;
    return CA_OK;
  }

  std::vector<uint8_t> export_key(int part) {
    std::vector<uint8_t> out(T::kBytes);
    word32 size = w32(out.size());
    if (part == CA_KEY_PRIVATE) {
      if (!has_private_) throw std::runtime_error(kPublicOnly + std::string(": no private key to export"));
      check(T::export_private(&key_.key, out.data(), &size), "export of the private key");
    } else if (part == CA_KEY_PUBLIC) {
      check(T::export_public(&key_.key, out.data(), &size), "export of the public key");
    } else {
      throw std::runtime_error("unknown key part " + std::to_string(part) + " (1 = private, 2 = public)");
    }
    out.resize(size);
    return out;
  }

 private:
  void require_raw(size_t got, const char* what) const {
    if (got != T::kBytes)
      throw std::runtime_error(algorithm_ + " " + what + " must be the raw " + std::to_string(T::kBytes) +
                               " bytes (RFC 7748), got " + std::to_string(got));
  }

  std::string algorithm_;
  Rng rng_;
  MontgomeryKey<T> key_;
  bool has_private_ = false;
};

// ---- FFDHE2048
// --------------------------------------------------------------------------------------------------

constexpr size_t kFfdheBytes = 256;

/// The big-endian value left-padded with zeros to the group's size, in place (n bytes at the start of a
/// buffer of at least kFfdheBytes).
void pad_left(byte* buffer, size_t n) {
  if (n >= kFfdheBytes) return;
  std::memmove(buffer + (kFfdheBytes - n), buffer, n);
  std::memset(buffer, 0, kFfdheBytes - n);
}

/// Finite-field DH over wolfCrypt's built-in RFC 7919 ffdhe2048 group (wc_DhSetNamedKey). The secret is
/// left-padded to 256 bytes (RFC 8446 7.4.1), as are the exported values.
class Ffdhe {
 public:
  explicit Ffdhe(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    check(wc_InitDhKey(&key_), "wc_InitDhKey");
    check(wc_DhSetNamedKey(&key_, WC_FFDHE_2048), algorithm_ + ": wc_DhSetNamedKey(WC_FFDHE_2048)");
    switch (key_source(spec)) {
      case KeySource::Private: {
        require_raw(spec.secret_key_len, "private key");
        private_.assign(spec.secret_key, spec.secret_key + spec.secret_key_len);
        check(wc_DhCheckPrivKey(&key_, private_.data(), w32(private_.size())),
              algorithm_ + ": wc_DhCheckPrivKey");
        // y = g^x mod p through wolfCrypt's own agreement with the generator (g = 2) as the peer value:
        // wolfSSL 5.5.4 has no call that derives the public value of an imported private one.
        const byte generator = 2;
        public_.resize(kFfdheBytes);
        word32 size = w32(public_.size());
        check(wc_DhAgree(&key_, public_.data(), &size, private_.data(), w32(private_.size()), &generator, 1),
              algorithm_ + ": public value g^x (wc_DhAgree)");
        pad_left(public_.data(), size);
        break;
      }
      case KeySource::PublicOnly:
        require_raw(spec.public_key_len, "public key");
        check(wc_DhCheckPubKey(&key_, spec.public_key, w32(spec.public_key_len)),
              algorithm_ + ": wc_DhCheckPubKey");
        public_.assign(kFfdheBytes - spec.public_key_len, 0);
        public_.insert(public_.end(), spec.public_key, spec.public_key + spec.public_key_len);
        break;
      case KeySource::Generate:
        generate(private_, public_);
        break;
    }
  }
  ~Ffdhe() { wc_FreeDhKey(&key_); }
  Ffdhe(const Ffdhe&) = delete;
  Ffdhe& operator=(const Ffdhe&) = delete;

  bool offers(int op) const { return op != CA_OP_AGREE || !private_.empty(); }

  // wc_DhAgree checks the peer value (2 <= y <= p - 2 and y^q = 1 with the group's q) before the power.
  int agree(ca_io& io) {
    if (private_.empty()) throw std::runtime_error(kPublicOnly);
    if (io.output_cap < kFfdheBytes) return CA_BUFFER_TOO_SMALL;
    if (io.input_len == 0 || io.input_len > kFfdheBytes)
      throw sdk::Rejected(algorithm_ + ": the peer public value must be at most 256 raw bytes, got " +
                          std::to_string(io.input_len));
    word32 size = w32(io.output_cap);
    const int ret = wc_DhAgree(&key_, io.output, &size, private_.data(), w32(private_.size()), io.input,
                               w32(io.input_len));
    if (ret != 0) throw sdk::Rejected(error_text("the peer public value was refused (wc_DhAgree)", ret));
    pad_left(io.output, size);
    io.output_len = kFfdheBytes;
    return CA_OK;
  }

  int keygen(ca_io& io) {
    if (io.output_cap < kFfdheBytes) return CA_BUFFER_TOO_SMALL;
    std::vector<byte> priv, pub;
    generate(priv, pub);
    std::memcpy(io.output, pub.data(), kFfdheBytes);
    io.output_len = kFfdheBytes;
    return CA_OK;
  }

  std::vector<uint8_t> export_key(int part) {
    if (part == CA_KEY_PRIVATE) {
      if (private_.empty()) throw std::runtime_error(kPublicOnly + std::string(": no private key to export"));
      std::vector<uint8_t> out(kFfdheBytes - private_.size(), 0);
      out.insert(out.end(), private_.begin(), private_.end());
      return out;
    }
    if (part == CA_KEY_PUBLIC) return public_;
    throw std::runtime_error("unknown key part " + std::to_string(part) + " (1 = private, 2 = public)");
  }

 private:
  void require_raw(size_t got, const char* what) const {
    if (got == 0 || got > kFfdheBytes)
      throw std::runtime_error(algorithm_ + " " + what + " must be at most 256 raw bytes, got " +
                               std::to_string(got));
  }

  void generate(std::vector<byte>& priv, std::vector<byte>& pub) {
    priv.assign(kFfdheBytes, 0);
    pub.assign(kFfdheBytes, 0);
    word32 priv_size = w32(priv.size()), pub_size = w32(pub.size());
    check(wc_DhGenerateKeyPair(&key_, rng_.get(), priv.data(), &priv_size, pub.data(), &pub_size),
          algorithm_ + ": wc_DhGenerateKeyPair");
    priv.resize(priv_size);
    pad_left(pub.data(), pub_size);
  }

  std::string algorithm_;
  Rng rng_;
  DhKey key_{};
  std::vector<byte> private_, public_;  // private_: big-endian x as wolfCrypt made or was given it
};

}  // namespace

sdk::Factory x25519() { return sdk::make_factory<Montgomery<X25519Traits>>(); }
sdk::Factory x448() { return sdk::make_factory<Montgomery<X448Traits>>(); }
sdk::Factory ffdhe2048() { return sdk::make_factory<Ffdhe>(); }

}  // namespace ca::backend_wolfssl
