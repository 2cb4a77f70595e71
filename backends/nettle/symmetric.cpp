// Nettle symmetric contexts: block ciphers as Nettle's generic modes take them (BlockCipher), ECB / CBC with
// PKCS#7 (the SDK's ca::sdk::Pkcs7BlockMode), CFB / CTR / XTS, the stream ciphers, the AEADs, the hashes and
// the MACs, behind the factories nettle_backend.hpp declares for the table in backend.cpp.
#include <nettle/aes.h>
#include <nettle/arcfour.h>
#include <nettle/blowfish.h>
#include <nettle/cbc.h>
#include <nettle/ccm.h>
#include <nettle/cfb.h>
#include <nettle/chacha-poly1305.h>
#include <nettle/chacha.h>
#include <nettle/cmac.h>
#include <nettle/ctr.h>
#include <nettle/des.h>
#include <nettle/eax.h>
#include <nettle/gcm.h>
#include <nettle/hmac.h>
#include <nettle/memops.h>
#include <nettle/nettle-meta.h>
#include <nettle/salsa20.h>
#include <nettle/sha3.h>
#include <nettle/version.h>
#include <nettle/xts.h>

#include <array>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "cryptauditor/backend_sdk.hpp"
#include "nettle_backend.hpp"

namespace ca::backend_nettle {

using ca::sdk::make_factory;

constexpr size_t kTagBytes = 16;

// ---- block ciphers
// -----------------------------------------------------------------------------------------

/// A block cipher as Nettle's generic modes take it. Same fields as Nettle's `struct nettle_cipher`, which
/// has no entry for DES, triple DES and Blowfish (their set-key functions report weak keys); those get one
/// here.
struct BlockCipher {
  size_t context_size;
  size_t block_size;
  size_t key_size;
  nettle_set_key_func* set_encrypt_key;
  nettle_set_key_func* set_decrypt_key;
  nettle_cipher_func* encrypt;
  nettle_cipher_func* decrypt;
  /// AES only: Nettle's dedicated CBC encryption (cbc_aes128_encrypt …), else nullptr and cbc_encrypt.
  void (*cbc_encrypt)(const void* ctx, uint8_t* iv, size_t length, uint8_t* dst,
                      const uint8_t* src) = nullptr;
};

BlockCipher from_meta(const nettle_cipher& m) {
  return {m.context_size,    m.block_size, m.key_size, m.set_encrypt_key,
          m.set_decrypt_key, m.encrypt,    m.decrypt};
}

BlockCipher aes(uint32_t bits) {
  BlockCipher c;
  switch (bits) {
    case 128:
      c = from_meta(nettle_aes128);
      c.cbc_encrypt = [](const void* ctx, uint8_t* iv, size_t n, uint8_t* dst, const uint8_t* src) {
        cbc_aes128_encrypt(static_cast<const aes128_ctx*>(ctx), iv, n, dst, src);
      };
      return c;
    case 192:
      c = from_meta(nettle_aes192);
      c.cbc_encrypt = [](const void* ctx, uint8_t* iv, size_t n, uint8_t* dst, const uint8_t* src) {
        cbc_aes192_encrypt(static_cast<const aes192_ctx*>(ctx), iv, n, dst, src);
      };
      return c;
    case 256:
      c = from_meta(nettle_aes256);
      c.cbc_encrypt = [](const void* ctx, uint8_t* iv, size_t n, uint8_t* dst, const uint8_t* src) {
        cbc_aes256_encrypt(static_cast<const aes256_ctx*>(ctx), iv, n, dst, src);
      };
      return c;
  }
  throw ca::sdk::Unsupported("AES with a " + std::to_string(bits) + "-bit key");
}

BlockCipher by_bits(uint32_t bits, const nettle_cipher& b128, const nettle_cipher& b192,
                    const nettle_cipher& b256) {
  return from_meta(bits == 128 ? b128 : bits == 192 ? b192 : b256);
}

// DES and triple DES: the key schedule is set whatever des_set_key answers; its 0 only flags a weak key,
// which the catalog's DES computes like any other (as the other backends do). Parity bits are ignored.
BlockCipher des() {
  return {sizeof(des_ctx),
          DES_BLOCK_SIZE,
          DES_KEY_SIZE,
          [](void* ctx, const uint8_t* key) { des_set_key(static_cast<des_ctx*>(ctx), key); },
          [](void* ctx, const uint8_t* key) { des_set_key(static_cast<des_ctx*>(ctx), key); },
          reinterpret_cast<nettle_cipher_func*>(des_encrypt),
          reinterpret_cast<nettle_cipher_func*>(des_decrypt)};
}
BlockCipher des3() {
  return {sizeof(des3_ctx),
          DES3_BLOCK_SIZE,
          DES3_KEY_SIZE,
          [](void* ctx, const uint8_t* key) { des3_set_key(static_cast<des3_ctx*>(ctx), key); },
          [](void* ctx, const uint8_t* key) { des3_set_key(static_cast<des3_ctx*>(ctx), key); },
          reinterpret_cast<nettle_cipher_func*>(des3_encrypt),
          reinterpret_cast<nettle_cipher_func*>(des3_decrypt)};
}
// 2DES: Nettle's triple DES takes K1 || K2 || K3; the catalog's K1 || K2 becomes K1 || K2 || K1.
BlockCipher des2() {
  BlockCipher c = des3();
  c.key_size = 16;
  c.set_encrypt_key = c.set_decrypt_key = [](void* ctx, const uint8_t* key) {
    std::array<uint8_t, DES3_KEY_SIZE> k3{};
    std::memcpy(k3.data(), key, 16);
    std::memcpy(k3.data() + 16, key, 8);
    des3_set_key(static_cast<des3_ctx*>(ctx), k3.data());
  };
  return c;
}
BlockCipher blowfish() {
  return {sizeof(blowfish_ctx),
          BLOWFISH_BLOCK_SIZE,
          BLOWFISH128_KEY_SIZE,
          [](void* ctx, const uint8_t* key) { blowfish128_set_key(static_cast<blowfish_ctx*>(ctx), key); },
          [](void* ctx, const uint8_t* key) { blowfish128_set_key(static_cast<blowfish_ctx*>(ctx), key); },
          reinterpret_cast<nettle_cipher_func*>(blowfish_encrypt),
          reinterpret_cast<nettle_cipher_func*>(blowfish_decrypt)};
}

/// One keyed block cipher: an encryption context and, when the mode decrypts with the inverse cipher (ECB,
/// CBC, XTS), a decryption context. Contexts are opaque byte blocks of Nettle's context size.
class KeyedCipher {
 public:
  KeyedCipher(const ca_key_spec& spec, CipherChoice choice, size_t key_multiple = 1)
      : cipher_(choice(spec.key_bits)) {
    ca::sdk::require_key_bytes(spec, cipher_.key_size * key_multiple);
  }
  const BlockCipher& cipher() const { return cipher_; }

  /// A context keyed for encryption (or decryption) with `key` (key_size bytes).
  std::vector<uint64_t> context(const uint8_t* key, bool decrypt) const {
    std::vector<uint64_t> ctx((cipher_.context_size + 7) / 8);
    (decrypt ? cipher_.set_decrypt_key : cipher_.set_encrypt_key)(ctx.data(), key);
    return ctx;
  }

 private:
  BlockCipher cipher_;
};

// ---- ECB / CBC with PKCS#7 padding
// ---------------------------------------------------------------------------

/// The block operations of ca::sdk::Pkcs7BlockMode: ECB, or CBC through Nettle's cbc_encrypt / cbc_decrypt
/// (AES: the dedicated cbc_aesN_encrypt). Nettle's CBC advances the IV in place, so each message starts
/// from a copy of its nonce.
class CbcOrEcbOps {
 public:
  CbcOrEcbOps(const ca_key_spec& spec, CipherChoice choice, bool cbc) : keyed_(spec, choice), cbc_(cbc) {
    enc_ = keyed_.context(spec.secret_key, false);
    dec_ = keyed_.context(spec.secret_key, true);
  }

  size_t block_size() const { return keyed_.cipher().block_size; }
  size_t iv_bytes() const { return cbc_ ? block_size() : 0; }
  void start(ca::sdk::Direction, const uint8_t* iv) {
    if (cbc_) std::memcpy(iv_.data(), iv, block_size());
  }
  void process(ca::sdk::Direction direction, uint8_t* out, const uint8_t* in, size_t n) {
    const BlockCipher& c = keyed_.cipher();
    if (direction == ca::sdk::Direction::Encrypt) {
      if (!cbc_)
        c.encrypt(enc_.data(), n, out, in);
      else if (c.cbc_encrypt != nullptr)
        c.cbc_encrypt(enc_.data(), iv_.data(), n, out, in);
      else
        cbc_encrypt(enc_.data(), c.encrypt, c.block_size, iv_.data(), n, out, in);
    } else if (cbc_) {
      cbc_decrypt(dec_.data(), c.decrypt, c.block_size, iv_.data(), n, out, in);
    } else {
      c.decrypt(dec_.data(), n, out, in);
    }
  }

 private:
  KeyedCipher keyed_;
  bool cbc_;
  std::vector<uint64_t> enc_, dec_;
  std::array<uint8_t, 16> iv_{};
};
using PaddedBlockMode = ca::sdk::Pkcs7BlockMode<CbcOrEcbOps>;

// ---- CFB-128, CTR and XTS
// --------------------------------------------------------------------------------------

class BlockStreamMode {
 public:
  BlockStreamMode(const ca_key_spec& spec, CipherChoice choice, StreamMode mode)
      : algorithm_(ca::sdk::catalog_name(spec.algorithm)),
        mode_(mode),
        keyed_(spec, choice, mode == StreamMode::Xts ? 2 : 1) {
    enc_ = keyed_.context(spec.secret_key, false);
    if (mode == StreamMode::Xts) {
      // K1 || K2: K1 encrypts the data (and its inverse decrypts it), K2 encrypts the tweak.
      const size_t half = keyed_.cipher().key_size;
      dec_ = keyed_.context(spec.secret_key, true);
      tweak_ = keyed_.context(spec.secret_key + half, false);
    }
  }

  int encrypt(ca_io& io) { return run(io, true); }
  int decrypt(ca_io& io) { return run(io, false); }

 private:
  int run(ca_io& io, bool encrypting) {
    const BlockCipher& c = keyed_.cipher();
    ca::sdk::require_nonce(io, c.block_size, algorithm_);
    if (mode_ == StreamMode::Xts && io.input_len < XTS_BLOCK_SIZE)
      throw ca::sdk::Unsupported(std::string(algorithm_) + " takes messages of 16 bytes or more, got " +
                                 std::to_string(io.input_len));
    if (io.output_cap < io.input_len) return CA_BUFFER_TOO_SMALL;
    io.output_len = io.input_len;
    if (io.input_len == 0) return CA_OK;
    std::memcpy(iv_.data(), io.nonce, c.block_size);  // the modes advance IV / counter in place
    switch (mode_) {
      case StreamMode::Cfb:
        (encrypting ? cfb_encrypt : cfb_decrypt)(enc_.data(), c.encrypt, c.block_size, iv_.data(),
                                                 io.input_len, io.output, io.input);
        break;
      case StreamMode::Ctr:  // the whole block is the counter, incremented big-endian
        ctr_crypt(enc_.data(), c.encrypt, c.block_size, iv_.data(), io.input_len, io.output, io.input);
        break;
      case StreamMode::Xts:
        if (encrypting)
          xts_encrypt_message(enc_.data(), tweak_.data(), c.encrypt, io.nonce, io.input_len, io.output,
                              io.input);
        else
          xts_decrypt_message(dec_.data(), tweak_.data(), c.decrypt, c.encrypt, io.nonce, io.input_len,
                              io.output, io.input);
        break;
    }
    return CA_OK;
  }

  const char* algorithm_;
  StreamMode mode_;
  KeyedCipher keyed_;
  std::vector<uint64_t> enc_, dec_, tweak_;
  std::array<uint8_t, 16> iv_{};
};

// ---- stream ciphers
// ------------------------------------------------------------------------------------------

class ChaCha20 {
 public:
  explicit ChaCha20(const ca_key_spec& spec) {
    ca::sdk::require_key_bytes(spec, CHACHA_KEY_SIZE);
    chacha_set_key(&ctx_, spec.secret_key);
  }
  int encrypt(ca_io& io) {
    ca::sdk::require_nonce(io, CHACHA_NONCE96_SIZE, "CHACHA20");
    if (io.output_cap < io.input_len) return CA_BUFFER_TOO_SMALL;
    chacha_set_nonce96(&ctx_, io.nonce);  // also sets the 32-bit block counter to 0 (RFC 8439)
    chacha_crypt32(&ctx_, io.input_len, io.output, io.input);
    io.output_len = io.input_len;
    return CA_OK;
  }
  int decrypt(ca_io& io) { return encrypt(io); }

 private:
  chacha_ctx ctx_{};
};

class Salsa20 {
 public:
  explicit Salsa20(const ca_key_spec& spec) {
    ca::sdk::require_key_bytes(spec, SALSA20_256_KEY_SIZE);
    salsa20_256_set_key(&ctx_, spec.secret_key);
  }
  int encrypt(ca_io& io) {
    ca::sdk::require_nonce(io, SALSA20_NONCE_SIZE, "SALSA20");
    if (io.output_cap < io.input_len) return CA_BUFFER_TOO_SMALL;
    salsa20_set_nonce(&ctx_, io.nonce);                       // block counter 0
    salsa20_crypt(&ctx_, io.input_len, io.output, io.input);  // 20 rounds
    io.output_len = io.input_len;
    return CA_OK;
  }
  int decrypt(ca_io& io) { return encrypt(io); }

 private:
  salsa20_ctx ctx_{};
};

class Rc4 {
 public:
  explicit Rc4(const ca_key_spec& spec) {
    ca::sdk::require_key_bytes(spec, ARCFOUR128_KEY_SIZE);
    arcfour128_set_key(&keyed_, spec.secret_key);
  }
  int encrypt(ca_io& io) {
    ca::sdk::require_nonce(io, 0, "RC4");
    if (io.output_cap < io.input_len) return CA_BUFFER_TOO_SMALL;
    // RC4 has no IV: every message starts at keystream byte 0, from a copy of the keyed state (258 bytes),
    // instead of running the key schedule again.
    work_ = keyed_;
    arcfour_crypt(&work_, io.input_len, io.output, io.input);
    io.output_len = io.input_len;
    return CA_OK;
  }
  int decrypt(ca_io& io) { return encrypt(io); }

 private:
  arcfour_ctx keyed_{}, work_{};
};

// ---- AEADs
// ---------------------------------------------------------------------------------------------------

/// AES-GCM, AES-CCM and AES-EAX through Nettle's generic mode functions over the AES context; the nonce and
/// tag lengths are the context's (the catalog's 12 or 16 and 16 bytes by default).
class BlockAead {
 public:
  BlockAead(const ca_key_spec& spec, AeadMode mode)
      : algorithm_(ca::sdk::catalog_name(spec.algorithm)),
        mode_(mode),
        nonce_len_(ca::sdk::nonce_length(spec)),
        tag_(ca::sdk::tag_length(spec)),
        keyed_(spec, aes) {
    enc_ = keyed_.context(spec.secret_key, false);
    const BlockCipher& c = keyed_.cipher();
    if (mode == AeadMode::Gcm) gcm_set_key(&gcm_key_, enc_.data(), c.encrypt);
    if (mode == AeadMode::Eax) eax_set_key(&eax_key_, enc_.data(), c.encrypt);
  }

  int encrypt(ca_io& io) {
    ca::sdk::require_nonce(io, nonce_len_, algorithm_);
    const size_t len = io.input_len;
    if (const int room = ca::sdk::sealed_room(io, tag_); room != CA_OK) return room;
    const void* cipher = enc_.data();
    nettle_cipher_func* f = keyed_.cipher().encrypt;
    switch (mode_) {
      case AeadMode::Gcm:
        gcm_set_iv(&gcm_, &gcm_key_, io.nonce_len, io.nonce);
        if (io.aad_len != 0) gcm_update(&gcm_, &gcm_key_, io.aad_len, io.aad);
        gcm_encrypt(&gcm_, &gcm_key_, cipher, f, len, io.output, io.input);
        gcm_digest(&gcm_, &gcm_key_, cipher, f, tag_, io.output + len);
        break;
      case AeadMode::Ccm:  // one call: nonce, lengths, AAD, data and the tag after the ciphertext
        ccm_encrypt_message(cipher, f, io.nonce_len, io.nonce, io.aad_len, io.aad, tag_, len + tag_,
                            io.output, io.input);
        break;
      case AeadMode::Eax:
        eax_set_nonce(&eax_, &eax_key_, cipher, f, io.nonce_len, io.nonce);
        if (io.aad_len != 0) eax_update(&eax_, &eax_key_, cipher, f, io.aad_len, io.aad);
        eax_encrypt(&eax_, &eax_key_, cipher, f, len, io.output, io.input);
        eax_digest(&eax_, &eax_key_, cipher, f, tag_, io.output + len);
        break;
    }
    io.output_len = len + tag_;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    ca::sdk::require_nonce(io, nonce_len_, algorithm_);
    size_t len = 0;
    if (const int st = ca::sdk::opened_length(io, tag_, len); st != CA_OK) return st;
    const void* cipher = enc_.data();
    nettle_cipher_func* f = keyed_.cipher().encrypt;
    const uint8_t* tag = io.input + len;
    std::array<uint8_t, kTagBytes> expected{};  // the full tag's room; tag_ <= 16 (catalog)
    bool valid = false;
    switch (mode_) {
      case AeadMode::Gcm:
        gcm_set_iv(&gcm_, &gcm_key_, io.nonce_len, io.nonce);
        if (io.aad_len != 0) gcm_update(&gcm_, &gcm_key_, io.aad_len, io.aad);
        gcm_decrypt(&gcm_, &gcm_key_, cipher, f, len, io.output, io.input);
        gcm_digest(&gcm_, &gcm_key_, cipher, f, tag_, expected.data());
        valid = memeql_sec(expected.data(), tag, tag_) != 0;
        break;
      case AeadMode::Ccm:  // compares the tag itself, in constant time
        valid = ccm_decrypt_message(cipher, f, io.nonce_len, io.nonce, io.aad_len, io.aad, tag_, len,
                                    io.output, io.input) != 0;
        break;
      case AeadMode::Eax:
        eax_set_nonce(&eax_, &eax_key_, cipher, f, io.nonce_len, io.nonce);
        if (io.aad_len != 0) eax_update(&eax_, &eax_key_, cipher, f, io.aad_len, io.aad);
        eax_decrypt(&eax_, &eax_key_, cipher, f, len, io.output, io.input);
        eax_digest(&eax_, &eax_key_, cipher, f, tag_, expected.data());
        valid = memeql_sec(expected.data(), tag, tag_) != 0;
        break;
    }
    if (!valid) {
      if (len != 0) std::memset(io.output, 0, len);  // the plaintext was written before the check
      return CA_REJECTED;
    }
    io.output_len = len;
    return CA_OK;
  }

 private:
  const char* algorithm_;
  AeadMode mode_;
  size_t nonce_len_;
  size_t tag_;  // the catalog's 16 bytes, or the spec's "tag=N" (backend.cpp: the rows' Takes)
  KeyedCipher keyed_;
  std::vector<uint64_t> enc_;
  gcm_key gcm_key_{};
  gcm_ctx gcm_{};
  eax_key eax_key_{};
  eax_ctx eax_{};
};

class ChaCha20Poly1305 {
 public:
  explicit ChaCha20Poly1305(const ca_key_spec& spec) {
    ca::sdk::require_key_bytes(spec, CHACHA_POLY1305_KEY_SIZE);
    chacha_poly1305_set_key(&ctx_, spec.secret_key);
  }

  int encrypt(ca_io& io) {
    const size_t len = io.input_len;
    if (const int room = ca::sdk::sealed_room(io, kTagBytes); room != CA_OK) return room;
    start(io);
    chacha_poly1305_encrypt(&ctx_, len, io.output, io.input);
    chacha_poly1305_digest(&ctx_, kTagBytes, io.output + len);
    io.output_len = len + kTagBytes;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    size_t len = 0;
    if (const int st = ca::sdk::opened_length(io, kTagBytes, len); st != CA_OK) return st;
    start(io);
    chacha_poly1305_decrypt(&ctx_, len, io.output, io.input);
    std::array<uint8_t, kTagBytes> expected{};
    chacha_poly1305_digest(&ctx_, kTagBytes, expected.data());
    if (!memeql_sec(expected.data(), io.input + len, kTagBytes)) {
      if (len != 0) std::memset(io.output, 0, len);
      return CA_REJECTED;
    }
    io.output_len = len;
    return CA_OK;
  }

 private:
  void start(const ca_io& io) {
    ca::sdk::require_nonce(io, CHACHA_POLY1305_NONCE_SIZE, "CHACHA20-POLY1305");
    chacha_poly1305_set_nonce(&ctx_, io.nonce);
    if (io.aad_len != 0) chacha_poly1305_update(&ctx_, io.aad_len, io.aad);
  }

  chacha_poly1305_ctx ctx_{};
};

// ---- hashes
// --------------------------------------------------------------------------------------------------

/// A hash through Nettle's `nettle_hash` table: init once, then update and digest per message (digest
/// re-initialises the context).
class Digest {
 public:
  Digest(const ca_key_spec&, const nettle_hash* hash) : hash_(hash), ctx_((hash->context_size + 7) / 8) {
    hash_->init(ctx_.data());
  }
  int hash(ca_io& io) {
    if (io.output_cap < hash_->digest_size) return CA_BUFFER_TOO_SMALL;
    hash_->update(ctx_.data(), io.input_len, io.input);
    hash_->digest(ctx_.data(), hash_->digest_size, io.output);
    io.output_len = hash_->digest_size;
    return CA_OK;
  }

 private:
  const nettle_hash* hash_;
  std::vector<uint64_t> ctx_;
};

class Shake256 {
 public:
  explicit Shake256(const ca_key_spec&) { sha3_256_init(&ctx_); }
  int hash(ca_io& io) {
    constexpr size_t kOut = 64;
    if (io.output_cap < kOut) return CA_BUFFER_TOO_SMALL;
    sha3_256_update(&ctx_, io.input_len, io.input);
    sha3_256_shake(&ctx_, kOut, io.output);  // SHAKE256 padding; re-initialises the context
    io.output_len = kOut;
    return CA_OK;
  }

 private:
  sha3_256_ctx ctx_{};
};

// ---- MACs
// ----------------------------------------------------------------------------------------------------

/// HMAC over any Nettle hash (hmac_set_key / hmac_update / hmac_digest, which restarts from the keyed
/// inner state): the hash-specific hmac_sha256_* functions are these same calls.
class Hmac {
 public:
  Hmac(const ca_key_spec& spec, const nettle_hash* hash)
      : hash_(hash), outer_(words(hash)), inner_(words(hash)), state_(words(hash)) {
    ca::sdk::require_key_bytes(spec, spec.key_bits / 8);
    hmac_set_key(outer_.data(), inner_.data(), state_.data(), hash, spec.secret_key_len, spec.secret_key);
  }
  int mac(ca_io& io) {
    ca::sdk::require_nonce(io, 0, "HMAC");
    if (io.output_cap < hash_->digest_size) return CA_BUFFER_TOO_SMALL;
    hmac_update(state_.data(), hash_, io.input_len, io.input);
    hmac_digest(outer_.data(), inner_.data(), state_.data(), hash_, hash_->digest_size, io.output);
    io.output_len = hash_->digest_size;
    return CA_OK;
  }

 private:
  static size_t words(const nettle_hash* h) { return (h->context_size + 7) / 8; }
  const nettle_hash* hash_;
  std::vector<uint64_t> outer_, inner_, state_;
};

/// CMAC-AES through cmac128 (Nettle's cmac_aes128 / cmac_aes256 are these calls; it has no cmac_aes192).
class CmacAes {
 public:
  explicit CmacAes(const ca_key_spec& spec) : keyed_(spec, aes) {
    enc_ = keyed_.context(spec.secret_key, false);
    cmac128_set_key(&key_, enc_.data(), keyed_.cipher().encrypt);
    cmac128_init(&ctx_);
  }
  int mac(ca_io& io) {
    ca::sdk::require_nonce(io, 0, "CMAC-AES");
    if (io.output_cap < kTagBytes) return CA_BUFFER_TOO_SMALL;
    nettle_cipher_func* f = keyed_.cipher().encrypt;
    cmac128_update(&ctx_, enc_.data(), f, io.input_len, io.input);
    cmac128_digest(&ctx_, &key_, enc_.data(), f, kTagBytes, io.output);  // resets ctx_ for the next message
    io.output_len = kTagBytes;
    return CA_OK;
  }

 private:
  KeyedCipher keyed_;
  std::vector<uint64_t> enc_;
  cmac128_key key_{};
  cmac128_ctx ctx_{};
};

/// GMAC: GCM with the message as associated data and no plaintext.
class GmacAes {
 public:
  explicit GmacAes(const ca_key_spec& spec) : nonce_len_(ca::sdk::nonce_length(spec)), keyed_(spec, aes) {
    enc_ = keyed_.context(spec.secret_key, false);
    gcm_set_key(&key_, enc_.data(), keyed_.cipher().encrypt);
  }
  int mac(ca_io& io) {
    ca::sdk::require_nonce(io, nonce_len_, "GMAC-AES");  // GCM_IV_SIZE, or the spec's "nonce=N"
    if (io.output_cap < kTagBytes) return CA_BUFFER_TOO_SMALL;
    gcm_set_iv(&ctx_, &key_, io.nonce_len, io.nonce);
    gcm_update(&ctx_, &key_, io.input_len, io.input);
    gcm_digest(&ctx_, &key_, enc_.data(), keyed_.cipher().encrypt, kTagBytes, io.output);
    io.output_len = kTagBytes;
    return CA_OK;
  }

 private:
  size_t nonce_len_;
  KeyedCipher keyed_;
  std::vector<uint64_t> enc_;
  gcm_key key_{};
  gcm_ctx ctx_{};
};

BlockCipher camellia(uint32_t bits) {
  return by_bits(bits, nettle_camellia128, nettle_camellia192, nettle_camellia256);
}
BlockCipher serpent(uint32_t bits) {
  return by_bits(bits, nettle_serpent128, nettle_serpent192, nettle_serpent256);
}
BlockCipher twofish(uint32_t bits) {
  return by_bits(bits, nettle_twofish128, nettle_twofish192, nettle_twofish256);
}
// nettle_arctwo128 keys with arctwo128_set_key: effective key bits = 8 × 16 = 128 (RFC 2268's T1).
BlockCipher rc2(uint32_t) { return from_meta(nettle_arctwo128); }
BlockCipher cast5(uint32_t) { return from_meta(nettle_cast128); }
BlockCipher des_any(uint32_t) { return des(); }
BlockCipher des2_any(uint32_t) { return des2(); }
BlockCipher des3_any(uint32_t) { return des3(); }
BlockCipher blowfish_any(uint32_t) { return blowfish(); }

sdk::Factory ecb(CipherChoice c) { return make_factory<PaddedBlockMode>(c, false); }
sdk::Factory cbc(CipherChoice c) { return make_factory<PaddedBlockMode>(c, true); }
sdk::Factory stream(StreamMode m) { return make_factory<BlockStreamMode>(aes, m); }
sdk::Factory block_aead(AeadMode m) { return make_factory<BlockAead>(m); }
sdk::Factory digest(const nettle_hash& h) { return make_factory<Digest>(&h); }
sdk::Factory hmac(const nettle_hash& h) { return make_factory<Hmac>(&h); }

sdk::Factory chacha20() { return make_factory<ChaCha20>(); }
sdk::Factory salsa20() { return make_factory<Salsa20>(); }
sdk::Factory rc4() { return make_factory<Rc4>(); }
sdk::Factory chacha20_poly1305() { return make_factory<ChaCha20Poly1305>(); }
sdk::Factory shake256() { return make_factory<Shake256>(); }
sdk::Factory cmac_aes() { return make_factory<CmacAes>(); }
sdk::Factory gmac_aes() { return make_factory<GmacAes>(); }

}  // namespace ca::backend_nettle
