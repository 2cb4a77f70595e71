// libsodium 1.0.18 backend (docs/backends/libsodium.md).
//
// libsodium has no algorithm objects to fetch: every primitive is a free function over a raw key. So each
// row is a small descriptor (function pointers plus sizes) and four context classes serve them all: one for
// the AEADs, one for the stream ciphers, one for the hashes, one for the MACs. Ed25519 is the one signature
// scheme.
#include <sodium.h>

#include <array>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::backend_libsodium {
namespace {

using ca::sdk::KeyBits;
using ca::sdk::make_factory;

constexpr size_t kKeyBytes = 32;  // every cipher and AEAD libsodium offers takes a 256-bit key
constexpr size_t kTagBytes = 16;  // Poly1305 and GHASH tags alike

// ---- AEADs ---------------------------------------------------------------------------------------------

// What an AEAD context keeps between messages. AES-256-GCM: the expanded key schedule and the GHASH key,
// computed once by crypto_aead_aes256gcm_beforenm, so that the timed operation (*_afternm) excludes key
// setup; crypto_aead_aes256gcm_encrypt would redo that work on every message. The ChaCha20 AEADs have no
// precomputation in libsodium's API (the key feeds every block directly), so they keep the raw key.
union AeadKey {
  crypto_aead_aes256gcm_state gcm;
  unsigned char raw[kKeyBytes];
};

// One AEAD as libsodium exposes it, in combined mode (output = ciphertext || 16-byte tag, the catalog's
// layout), with the key argument normalised to AeadKey so that one context class serves all three.
struct AeadPrimitive {
  const char* algorithm;  // canonical catalog name
  size_t nonce_bytes;
  int (*set_key)(AeadKey& state, const unsigned char* key);
  int (*seal)(unsigned char* c, unsigned long long* clen, const unsigned char* m, unsigned long long mlen,
              const unsigned char* ad, unsigned long long adlen, const unsigned char* nonce,
              const AeadKey& key);
  int (*open)(unsigned char* m, unsigned long long* mlen, const unsigned char* c, unsigned long long clen,
              const unsigned char* ad, unsigned long long adlen, const unsigned char* nonce,
              const AeadKey& key);
};

int keep_raw_key(AeadKey& state, const unsigned char* key) {
  std::memcpy(state.raw, key, kKeyBytes);
  return 0;
}

constexpr AeadPrimitive kAesGcm{
    "AES-GCM",
    crypto_aead_aes256gcm_NPUBBYTES,
    [](AeadKey& state, const unsigned char* key) { return crypto_aead_aes256gcm_beforenm(&state.gcm, key); },
    [](unsigned char* c, unsigned long long* clen, const unsigned char* m, unsigned long long mlen,
       const unsigned char* ad, unsigned long long adlen, const unsigned char* nonce, const AeadKey& key) {
      return crypto_aead_aes256gcm_encrypt_afternm(c, clen, m, mlen, ad, adlen, nullptr, nonce, &key.gcm);
    },
    [](unsigned char* m, unsigned long long* mlen, const unsigned char* c, unsigned long long clen,
       const unsigned char* ad, unsigned long long adlen, const unsigned char* nonce, const AeadKey& key) {
      return crypto_aead_aes256gcm_decrypt_afternm(m, mlen, nullptr, c, clen, ad, adlen, nonce, &key.gcm);
    },
};

constexpr AeadPrimitive kChaCha20Poly1305{
    "CHACHA20-POLY1305",
    crypto_aead_chacha20poly1305_ietf_NPUBBYTES,  // the RFC 8439 (IETF) construction, 96-bit nonce
    &keep_raw_key,
    [](unsigned char* c, unsigned long long* clen, const unsigned char* m, unsigned long long mlen,
       const unsigned char* ad, unsigned long long adlen, const unsigned char* nonce, const AeadKey& key) {
      return crypto_aead_chacha20poly1305_ietf_encrypt(c, clen, m, mlen, ad, adlen, nullptr, nonce, key.raw);
    },
    [](unsigned char* m, unsigned long long* mlen, const unsigned char* c, unsigned long long clen,
       const unsigned char* ad, unsigned long long adlen, const unsigned char* nonce, const AeadKey& key) {
      return crypto_aead_chacha20poly1305_ietf_decrypt(m, mlen, nullptr, c, clen, ad, adlen, nonce, key.raw);
    },
};

constexpr AeadPrimitive kXChaCha20Poly1305{
    "XCHACHA20-POLY1305",
    crypto_aead_xchacha20poly1305_ietf_NPUBBYTES,
    &keep_raw_key,
    [](unsigned char* c, unsigned long long* clen, const unsigned char* m, unsigned long long mlen,
       const unsigned char* ad, unsigned long long adlen, const unsigned char* nonce, const AeadKey& key) {
      return crypto_aead_xchacha20poly1305_ietf_encrypt(c, clen, m, mlen, ad, adlen, nullptr, nonce, key.raw);
    },
    [](unsigned char* m, unsigned long long* mlen, const unsigned char* c, unsigned long long clen,
       const unsigned char* ad, unsigned long long adlen, const unsigned char* nonce, const AeadKey& key) {
      return crypto_aead_xchacha20poly1305_ietf_decrypt(m, mlen, nullptr, c, clen, ad, adlen, nonce, key.raw);
    },
};

// The AES-GCM row's availability hook (ca::sdk::Row::unavailable, asked by supports() and create()):
// libsodium 1.0.18 implements AES-GCM only with AES-NI + PCLMUL; without them it has no fallback.
const char* aes256gcm_unavailable() {
  return crypto_aead_aes256gcm_is_available() == 1 ? nullptr : "needs AES-NI and PCLMUL";
}

class Aead {
 public:
  Aead(const ca_key_spec& spec, const AeadPrimitive* primitive) : primitive_(*primitive) {
    ca::sdk::require_key_bytes(spec, kKeyBytes);
    if (primitive_.set_key(key_, spec.secret_key) != 0)
      throw std::runtime_error(std::string(primitive_.algorithm) + ": libsodium refused the key");
  }
  ~Aead() { sodium_memzero(&key_, sizeof key_); }
  Aead(const Aead&) = delete;
  Aead& operator=(const Aead&) = delete;

  int encrypt(ca_io& io) {
    ca::sdk::require_nonce(io, primitive_.nonce_bytes, primitive_.algorithm);
    ca::sdk::require_output(io, io.input_len + kTagBytes);
    unsigned long long written = 0;
    if (primitive_.seal(io.output, &written, io.input, io.input_len, io.aad, io.aad_len, io.nonce, key_) != 0)
      throw std::runtime_error(std::string(primitive_.algorithm) + ": libsodium failed to encrypt");
    io.output_len = written;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    ca::sdk::require_nonce(io, primitive_.nonce_bytes, primitive_.algorithm);
    if (io.input_len < kTagBytes) return CA_REJECTED;  // too short to hold a tag: nothing authenticates
    ca::sdk::require_output(io, io.input_len - kTagBytes);
    unsigned long long written = 0;
    // libsodium returns -1 for a tag mismatch and writes no plaintext then; it has no other failure here.
    if (primitive_.open(io.output, &written, io.input, io.input_len, io.aad, io.aad_len, io.nonce, key_) != 0)
      return CA_REJECTED;
    io.output_len = written;
    return CA_OK;
  }

 private:
  const AeadPrimitive& primitive_;
  AeadKey key_;
};

// ---- stream ciphers ------------------------------------------------------------------------------------

struct StreamPrimitive {
  const char* algorithm;
  size_t nonce_bytes;
  // XORs the keystream starting at block counter 0 into m.
  int (*xor_stream)(unsigned char* c, const unsigned char* m, unsigned long long mlen,
                    const unsigned char* nonce, const unsigned char* key);
};

constexpr StreamPrimitive kChaCha20{
    "CHACHA20",
    crypto_stream_chacha20_ietf_NONCEBYTES,  // IETF variant: 96-bit nonce, 32-bit counter (RFC 8439)
    [](unsigned char* c, const unsigned char* m, unsigned long long mlen, const unsigned char* nonce,
       const unsigned char* key) { return crypto_stream_chacha20_ietf_xor_ic(c, m, mlen, nonce, 0, key); },
};

constexpr StreamPrimitive kSalsa20{
    "SALSA20",
    crypto_stream_salsa20_NONCEBYTES,  // Salsa20/20, 64-bit nonce, 64-bit counter from 0
    &crypto_stream_salsa20_xor,
};

// HChaCha20 subkey from nonce bytes 0..15, then ChaCha20 with nonce bytes 16..23. libsodium runs the original
// ChaCha20 there (64-bit counter, 64-bit nonce); for fewer than 2^32 blocks (256 GiB) that is exactly the
// catalog's IETF ChaCha20 with nonce 0x00000000 || bytes 16..23, since the counter's high word stays 0.
constexpr StreamPrimitive kXChaCha20{
    "XCHACHA20",
    crypto_stream_xchacha20_NONCEBYTES,
    [](unsigned char* c, const unsigned char* m, unsigned long long mlen, const unsigned char* nonce,
       const unsigned char* key) { return crypto_stream_xchacha20_xor_ic(c, m, mlen, nonce, 0, key); },
};

constexpr StreamPrimitive kXSalsa20{
    "XSALSA20",
    crypto_stream_xsalsa20_NONCEBYTES,  // HSalsa20 subkey from nonce bytes 0..15, Salsa20/20 from counter 0
    &crypto_stream_xsalsa20_xor,
};

class StreamCipher {
 public:
  StreamCipher(const ca_key_spec& spec, const StreamPrimitive* primitive) : primitive_(*primitive) {
    ca::sdk::require_key_bytes(spec, kKeyBytes);
    std::memcpy(key_.data(), spec.secret_key, kKeyBytes);
  }
  ~StreamCipher() { sodium_memzero(key_.data(), key_.size()); }
  StreamCipher(const StreamCipher&) = delete;
  StreamCipher& operator=(const StreamCipher&) = delete;

  int encrypt(ca_io& io) {
    ca::sdk::require_nonce(io, primitive_.nonce_bytes, primitive_.algorithm);
    ca::sdk::require_output(io, io.input_len);
    io.output_len = io.input_len;
    // libsodium declares every pointer nonnull; an empty message may come with null buffers.
    if (io.input_len == 0) return CA_OK;
    if (primitive_.xor_stream(io.output, io.input, io.input_len, io.nonce, key_.data()) != 0)
      throw std::runtime_error(std::string(primitive_.algorithm) + ": libsodium failed to encrypt");
    return CA_OK;
  }
  int decrypt(ca_io& io) { return encrypt(io); }

 private:
  const StreamPrimitive& primitive_;
  std::array<unsigned char, kKeyBytes> key_;
};

// ---- hashes --------------------------------------------------------------------------------------------

struct HashPrimitive {
  const char* algorithm;
  size_t digest_bytes;
  int (*digest)(unsigned char* out, const unsigned char* in, unsigned long long inlen);
};

constexpr HashPrimitive kSha256{"SHA2-256", crypto_hash_sha256_BYTES, &crypto_hash_sha256};
constexpr HashPrimitive kSha512{"SHA2-512", crypto_hash_sha512_BYTES, &crypto_hash_sha512};
// crypto_generichash is BLAKE2b; unkeyed, with its largest output (64 bytes), it is the catalog's BLAKE2B.
constexpr HashPrimitive kBlake2b{
    "BLAKE2B",
    crypto_generichash_blake2b_BYTES_MAX,
    [](unsigned char* out, const unsigned char* in, unsigned long long inlen) {
      return crypto_generichash_blake2b(out, crypto_generichash_blake2b_BYTES_MAX, in, inlen, nullptr, 0);
    },
};

class Hash {
 public:
  Hash(const ca_key_spec& /*spec: hashes take no key*/, const HashPrimitive* primitive)
      : primitive_(*primitive) {}

  int hash(ca_io& io) {
    ca::sdk::require_output(io, primitive_.digest_bytes);
    primitive_.digest(io.output, io.input, io.input_len);  // one-shot: init, update, final
    io.output_len = primitive_.digest_bytes;
    return CA_OK;
  }

 private:
  const HashPrimitive& primitive_;
};

// ---- MACs ----------------------------------------------------------------------------------------------

// What a MAC context keeps between messages. HMAC: the inner and outer SHA-2 states after absorbing the
// padded key block, so that an operation copies them and absorbs the message (crypto_auth_hmacsha*() would
// redo those two compression-function calls on every message; OpenSSL's EVP_MAC restarts from the same kind
// of saved states). Poly1305 and SipHash keep the raw key: their "key setup" is loading a few words, which
// libsodium's one-shot calls do per message (below).
union MacKey {
  crypto_auth_hmacsha256_state hmac_sha256;
  crypto_auth_hmacsha512_state hmac_sha512;
  unsigned char raw[crypto_onetimeauth_poly1305_KEYBYTES];  // Poly1305 (32 bytes), SipHash (16)
};
static_assert(crypto_shorthash_siphash24_KEYBYTES <= sizeof(MacKey::raw));

int keep_raw_mac_key(MacKey& state, const unsigned char* key, size_t key_bytes) {
  std::memcpy(state.raw, key, key_bytes);
  return 0;
}

// One message through a copy of the keyed HMAC state. The *_final functions wipe the copy themselves.
template <class State, int (*Update)(State*, const unsigned char*, unsigned long long),
          int (*Final)(State*, unsigned char*)>
int tag_from_keyed_state(const State& keyed, unsigned char* out, const unsigned char* in,
                         unsigned long long inlen) {
  State state = keyed;
  if (Update(&state, in, inlen) != 0) return -1;
  return Final(&state, out);
}

struct MacPrimitive {
  const char* algorithm;
  size_t key_bytes;  // 0: any length the catalog allows (HMAC)
  size_t tag_bytes;
  int (*set_key)(MacKey& state, const unsigned char* key, size_t key_len);
  // Tags one whole message; in is never null (an empty message points at a dummy byte).
  int (*tag)(unsigned char* out, const unsigned char* in, unsigned long long inlen, const MacKey& key);
};

// The HMAC key has any length the catalog allows (32 bytes by default): the *_init functions are plain
// RFC 2104 HMAC for any key length. The tag is the full digest: crypto_auth_hmacsha512
// writes all 64 bytes (it is crypto_auth = crypto_auth_hmacsha512256 that truncates to 32).
constexpr MacPrimitive kHmacSha256{
    "HMAC-SHA2-256",
    0,
    crypto_auth_hmacsha256_BYTES,
    [](MacKey& state, const unsigned char* key, size_t key_len) {
      return crypto_auth_hmacsha256_init(&state.hmac_sha256, key, key_len);
    },
    [](unsigned char* out, const unsigned char* in, unsigned long long inlen, const MacKey& key) {
      return tag_from_keyed_state<crypto_auth_hmacsha256_state, &crypto_auth_hmacsha256_update,
                                  &crypto_auth_hmacsha256_final>(key.hmac_sha256, out, in, inlen);
    },
};

constexpr MacPrimitive kHmacSha512{
    "HMAC-SHA2-512",
    0,
    crypto_auth_hmacsha512_BYTES,
    [](MacKey& state, const unsigned char* key, size_t key_len) {
      return crypto_auth_hmacsha512_init(&state.hmac_sha512, key, key_len);
    },
    [](unsigned char* out, const unsigned char* in, unsigned long long inlen, const MacKey& key) {
      return tag_from_keyed_state<crypto_auth_hmacsha512_state, &crypto_auth_hmacsha512_update,
                                  &crypto_auth_hmacsha512_final>(key.hmac_sha512, out, in, inlen);
    },
};

// Poly1305 is a one-time MAC: every real use (the AEADs, crypto_secretbox) keys it afresh per message, and
// libsodium's one-shot call is made for that. It clamps r and, in the SSE2 code, computes only the powers of
// r the message length needs (r^2 beyond 16 bytes, r^4 from 96). crypto_onetimeauth_poly1305_init always
// computes both, so copying an initialised state per message would be a saving no application gets.
constexpr MacPrimitive kPoly1305{
    "POLY1305",
    crypto_onetimeauth_poly1305_KEYBYTES,
    crypto_onetimeauth_poly1305_BYTES,
    [](MacKey& state, const unsigned char* key, size_t) {
      return keep_raw_mac_key(state, key, crypto_onetimeauth_poly1305_KEYBYTES);
    },
    [](unsigned char* out, const unsigned char* in, unsigned long long inlen, const MacKey& key) {
      return crypto_onetimeauth_poly1305(out, in, inlen, key.raw);
    },
};

constexpr MacPrimitive kSipHash{
    "SIPHASH",
    crypto_shorthash_siphash24_KEYBYTES,
    crypto_shorthash_siphash24_BYTES,  // SipHash-2-4 with the 64-bit output
    [](MacKey& state, const unsigned char* key, size_t) {
      return keep_raw_mac_key(state, key, crypto_shorthash_siphash24_KEYBYTES);
    },
    [](unsigned char* out, const unsigned char* in, unsigned long long inlen, const MacKey& key) {
      return crypto_shorthash_siphash24(out, in, inlen, key.raw);
    },
};

class Mac {
 public:
  Mac(const ca_key_spec& spec, const MacPrimitive* primitive) : primitive_(*primitive) {
    if (primitive_.key_bytes != 0)
      ca::sdk::require_key_bytes(spec, primitive_.key_bytes);
    else
      ca::sdk::checked_key(spec);
    if (primitive_.set_key(key_, spec.secret_key, spec.secret_key_len) != 0)
      throw std::runtime_error(std::string(primitive_.algorithm) + ": libsodium refused the key");
  }
  ~Mac() { sodium_memzero(&key_, sizeof key_); }
  Mac(const Mac&) = delete;
  Mac& operator=(const Mac&) = delete;

  int mac(ca_io& io) {
    ca::sdk::require_nonce(io, 0, primitive_.algorithm);
    ca::sdk::require_output(io, primitive_.tag_bytes);
    // An empty message may come with a null buffer; hand libsodium a valid pointer all the same.
    static constexpr unsigned char kNoInput = 0;
    const unsigned char* in = io.input_len != 0 ? io.input : &kNoInput;
    if (primitive_.tag(io.output, in, io.input_len, key_) != 0)
      throw std::runtime_error(std::string(primitive_.algorithm) + ": libsodium failed to compute the tag");
    io.output_len = primitive_.tag_bytes;
    return CA_OK;
  }

 private:
  const MacPrimitive& primitive_;
  MacKey key_;
};

// ---- Ed25519 -------------------------------------------------------------------------------------------

class Ed25519 {
 public:
  explicit Ed25519(const ca_key_spec& spec) {
    if (spec.secret_key != nullptr) {
      if (spec.secret_key_len != crypto_sign_ed25519_SEEDBYTES)
        throw std::runtime_error("EDDSA private key must be the raw 32-byte RFC 8032 seed, got " +
                                 std::to_string(spec.secret_key_len) + " bytes");
      crypto_sign_ed25519_seed_keypair(public_key_.data(), secret_key_.data(), spec.secret_key);
      can_sign_ = true;
    } else if (spec.public_key != nullptr) {
      if (spec.public_key_len != crypto_sign_ed25519_PUBLICKEYBYTES)
        throw std::runtime_error("EDDSA public key must be the raw 32-byte RFC 8032 encoding, got " +
                                 std::to_string(spec.public_key_len) + " bytes");
      std::memcpy(public_key_.data(), spec.public_key, public_key_.size());
    } else {
      std::array<unsigned char, crypto_sign_ed25519_SEEDBYTES> seed;
      randombytes_buf(seed.data(), seed.size());
      crypto_sign_ed25519_seed_keypair(public_key_.data(), secret_key_.data(), seed.data());
      sodium_memzero(seed.data(), seed.size());
      can_sign_ = true;
    }
  }
  ~Ed25519() { sodium_memzero(secret_key_.data(), secret_key_.size()); }
  Ed25519(const Ed25519&) = delete;
  Ed25519& operator=(const Ed25519&) = delete;

  // A context made from a public key alone offers verify only (plugin_abi.h).
  bool offers(int op) const { return op != CA_OP_SIGN || can_sign_; }

  // libsodium's secret key is seed || public key; each signature hashes the seed again (SHA-512) to get the
  // scalar and the nonce prefix, as RFC 8032 describes. The API offers no way to keep that expansion.
  int sign(ca_io& io) {
    ca::sdk::require_output(io, crypto_sign_ed25519_BYTES);
    unsigned long long written = 0;
    if (crypto_sign_detached(io.output, &written, io.input, io.input_len, secret_key_.data()) != 0)
      throw std::runtime_error("EDDSA: libsodium failed to sign");
    io.output_len = written;
    return CA_OK;
  }

  int verify(ca_io& io) {
    io.output_len = 0;
    if (io.signature == nullptr || io.signature_len != crypto_sign_ed25519_BYTES) return CA_REJECTED;
    return crypto_sign_verify_detached(io.signature, io.input, io.input_len, public_key_.data()) == 0
               ? CA_OK
               : CA_REJECTED;
  }

  // A fresh key pair per call (crypto_sign_keypair: random seed, SHA-512, base-point multiplication).
  int keygen(ca_io& io) {
    std::array<unsigned char, crypto_sign_ed25519_PUBLICKEYBYTES> pk;
    std::array<unsigned char, crypto_sign_ed25519_SECRETKEYBYTES> sk;
    crypto_sign_ed25519_keypair(pk.data(), sk.data());
    sodium_memzero(sk.data(), sk.size());
    return ca::sdk::put_output(io, pk.data(), pk.size());
  }

  std::vector<uint8_t> export_key(int part) const {
    if (part == CA_KEY_PUBLIC) return {public_key_.begin(), public_key_.end()};
    if (part != CA_KEY_PRIVATE) throw std::runtime_error("unknown key part " + std::to_string(part));
    if (!can_sign_) throw std::runtime_error("this EDDSA context was created from a public key only");
    std::vector<uint8_t> seed(crypto_sign_ed25519_SEEDBYTES);
    crypto_sign_ed25519_sk_to_seed(seed.data(), secret_key_.data());
    return seed;
  }

 private:
  std::array<unsigned char, crypto_sign_ed25519_SECRETKEYBYTES> secret_key_{};  // seed || public key
  std::array<unsigned char, crypto_sign_ed25519_PUBLICKEYBYTES> public_key_{};
  bool can_sign_ = false;
};

// ---- X25519 --------------------------------------------------------------------------------------------

// crypto_scalarmult (X25519, RFC 7748) with raw 32-byte keys; it clamps the scalar itself.
class X25519 {
 public:
  explicit X25519(const ca_key_spec& spec) {
    if (spec.secret_key != nullptr) {
      if (spec.secret_key_len != crypto_scalarmult_curve25519_SCALARBYTES)
        throw std::runtime_error("X25519 private key must be the raw 32 bytes, got " +
                                 std::to_string(spec.secret_key_len));
      std::memcpy(secret_key_.data(), spec.secret_key, secret_key_.size());
      has_private_ = true;
    } else if (spec.public_key != nullptr) {
      if (spec.public_key_len != crypto_scalarmult_curve25519_BYTES)
        throw std::runtime_error("X25519 public key must be the raw 32 bytes, got " +
                                 std::to_string(spec.public_key_len));
      std::memcpy(public_key_.data(), spec.public_key, public_key_.size());
      return;
    } else {
      randombytes_buf(secret_key_.data(), secret_key_.size());
      has_private_ = true;
    }
    crypto_scalarmult_curve25519_base(public_key_.data(), secret_key_.data());
  }
  ~X25519() { sodium_memzero(secret_key_.data(), secret_key_.size()); }
  X25519(const X25519&) = delete;
  X25519& operator=(const X25519&) = delete;

  bool offers(int op) const { return op != CA_OP_AGREE || has_private_; }

  int agree(ca_io& io) {
    if (io.input_len != crypto_scalarmult_curve25519_BYTES)
      throw ca::sdk::Rejected("X25519 peer public key must be 32 bytes, got " + std::to_string(io.input_len));
    ca::sdk::require_output(io, crypto_scalarmult_curve25519_BYTES);
    // -1: the result is all zeros (a small-order peer key), which RFC 7748 section 6.1 lets a party refuse.
    if (crypto_scalarmult_curve25519(io.output, secret_key_.data(), io.input) != 0)
      throw ca::sdk::Rejected("X25519: the shared secret is all zeros (small-order peer public key)");
    io.output_len = crypto_scalarmult_curve25519_BYTES;
    return CA_OK;
  }

  int keygen(ca_io& io) {
    std::array<unsigned char, crypto_scalarmult_curve25519_SCALARBYTES> sk;
    std::array<unsigned char, crypto_scalarmult_curve25519_BYTES> pk;
    randombytes_buf(sk.data(), sk.size());
    crypto_scalarmult_curve25519_base(pk.data(), sk.data());
    sodium_memzero(sk.data(), sk.size());
    return ca::sdk::put_output(io, pk.data(), pk.size());
  }

  std::vector<uint8_t> export_key(int part) const {
    if (part == CA_KEY_PUBLIC) return {public_key_.begin(), public_key_.end()};
    if (part != CA_KEY_PRIVATE) throw std::runtime_error("unknown key part " + std::to_string(part));
    if (!has_private_) throw std::runtime_error("this X25519 context was created from a public key only");
    return {secret_key_.begin(), secret_key_.end()};
  }

 private:
  std::array<unsigned char, crypto_scalarmult_curve25519_SCALARBYTES> secret_key_{};
  std::array<unsigned char, crypto_scalarmult_curve25519_BYTES> public_key_{};
  bool has_private_ = false;
};

// ---- password hashing: Argon2id and scrypt ---------------------------------------------------------------

// crypto_pwhash with the algorithm given explicitly (crypto_pwhash_alg_default() is Argon2id in 1.0.18, but
// the catalog names the variant), and crypto_pwhash_scryptsalsa208sha256_ll, the raw scrypt of RFC 7914
// (the non-_ll call derives N, r, p from opslimit / memlimit and cannot take them as given).
class PasswordHash {
 public:
  PasswordHash(const ca_key_spec& spec, bool argon2) : argon2_(argon2) {
    if (argon2_) {
      t_ = ca::sdk::param_u64(spec, "t", 2);
      m_kib_ = ca::sdk::param_u64(spec, "m", 19456);
      if (ca::sdk::param_u64(spec, "p", 1) != 1)
        throw ca::sdk::Unsupported("libsodium's Argon2id has one lane only (p=1)");
      if (m_kib_ * 1024 < crypto_pwhash_argon2id_MEMLIMIT_MIN)
        throw ca::sdk::Unsupported("libsodium's Argon2id takes m >= " +
                                   std::to_string(crypto_pwhash_argon2id_MEMLIMIT_MIN / 1024) + " KiB");
    } else {
      n_ = ca::sdk::param_u64(spec, "n", 16384);
      r_ = ca::sdk::param_u64(spec, "r", 8);
      p_ = ca::sdk::param_u64(spec, "p", 1);
    }
  }

  int derive(ca_io& io) {
    const char* empty = "";
    const char* password = io.input_len ? reinterpret_cast<const char*>(io.input) : empty;
    if (argon2_) {
      if (io.nonce_len != crypto_pwhash_argon2id_SALTBYTES)
        throw ca::sdk::Unsupported("libsodium's Argon2id takes a 16-byte salt only, got " +
                                   std::to_string(io.nonce_len));
      if (io.output_cap < crypto_pwhash_argon2id_BYTES_MIN)
        throw ca::sdk::Unsupported("libsodium's Argon2id derives at least 16 bytes");
      if (crypto_pwhash(io.output, io.output_cap, password, io.input_len, io.nonce, t_, m_kib_ * 1024,
                        crypto_pwhash_ALG_ARGON2ID13) != 0)
        throw std::runtime_error(
            "crypto_pwhash (Argon2id) failed: out of memory or a parameter out of range");
    } else {
      static const uint8_t no_salt[1] = {0};
      if (crypto_pwhash_scryptsalsa208sha256_ll(reinterpret_cast<const uint8_t*>(password), io.input_len,
                                                io.nonce_len ? io.nonce : no_salt, io.nonce_len, n_,
                                                static_cast<uint32_t>(r_), static_cast<uint32_t>(p_),
                                                io.output, io.output_cap) != 0)
        throw std::runtime_error(
            "crypto_pwhash_scryptsalsa208sha256_ll failed: out of memory or bad parameters");
    }
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  bool argon2_;
  uint64_t t_ = 0, m_kib_ = 0, n_ = 0, r_ = 0, p_ = 0;
};

// ---- the table -----------------------------------------------------------------------------------------

const ca::sdk::Row kRows[] = {
    {kAesGcm.algorithm, KeyBits::list({256}), make_factory<Aead>(&kAesGcm), &aes256gcm_unavailable},
    {kChaCha20Poly1305.algorithm, make_factory<Aead>(&kChaCha20Poly1305)},
    {kXChaCha20Poly1305.algorithm, make_factory<Aead>(&kXChaCha20Poly1305)},
    {kChaCha20.algorithm, make_factory<StreamCipher>(&kChaCha20)},
    {kSalsa20.algorithm, make_factory<StreamCipher>(&kSalsa20)},
    {kXChaCha20.algorithm, make_factory<StreamCipher>(&kXChaCha20)},
    {kXSalsa20.algorithm, make_factory<StreamCipher>(&kXSalsa20)},
    {kSha256.algorithm, make_factory<Hash>(&kSha256)},
    {kSha512.algorithm, make_factory<Hash>(&kSha512)},
    {kBlake2b.algorithm, make_factory<Hash>(&kBlake2b)},
    {kHmacSha256.algorithm, make_factory<Mac>(&kHmacSha256)},
    {kHmacSha512.algorithm, make_factory<Mac>(&kHmacSha512)},
    {kPoly1305.algorithm, make_factory<Mac>(&kPoly1305)},
    {kSipHash.algorithm, make_factory<Mac>(&kSipHash)},
    {"EDDSA", make_factory<Ed25519>()},
    {"X25519", make_factory<X25519>()},
    {"ARGON2ID", make_factory<PasswordHash>(true)},
    {"SCRYPT", make_factory<PasswordHash>(false)},
};

const char* library_version() { return sodium_version_string(); }

// The CPU features libsodium detected in sodium_init() that its implementation choices depend on (which
// feature selects which implementation: docs/backends/libsodium.md). The runtime also reports SSE3, NEON and
// RDRAND; none of them selects code that this backend times (RDRAND only feeds randombytes), so they are
// left out.
const char* acceleration() {
  struct Feature {
    const char* name;
    int (*detected)();
  };
  static constexpr Feature kFeatures[] = {
      {"AES-NI", &sodium_runtime_has_aesni},    {"PCLMUL", &sodium_runtime_has_pclmul},
      {"AVX512F", &sodium_runtime_has_avx512f}, {"AVX2", &sodium_runtime_has_avx2},
      {"AVX", &sodium_runtime_has_avx},         {"SSE4.1", &sodium_runtime_has_sse41},
      {"SSSE3", &sodium_runtime_has_ssse3},     {"SSE2", &sodium_runtime_has_sse2},
  };
  static const std::string detected = [] {
    std::string list;
    for (const Feature& feature : kFeatures)
      if (feature.detected() == 1) list += (list.empty() ? "" : ", ") + std::string(feature.name);
    return list;
  }();
  return detected.c_str();
}

// sodium_init() must run before any other libsodium call: it detects the CPU features and picks the
// ChaCha20, Salsa20 and Poly1305 implementations. It fails only when it cannot take its lock; the SDK's init
// hook then returns a null table, and the loader skips the plugin.
bool initialize() { return sodium_init() >= 0; }

}  // namespace
}  // namespace ca::backend_libsodium

CRYPTAUDITOR_BACKEND_INIT("libsodium", "libsodium", &ca::backend_libsodium::library_version,
                          &ca::backend_libsodium::acceleration, ca::backend_libsodium::kRows,
                          &ca::backend_libsodium::initialize)
