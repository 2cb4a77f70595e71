// LibTomCrypt symmetric contexts: ECB / CBC with PKCS#7 (ca::sdk::Pkcs7BlockMode over symmetric_ECB /
// symmetric_CBC), AES in CFB, OFB, CTR and XTS, ChaCha20 and RC4, the AEADs (GCM, CCM, EAX, OCB3,
// ChaCha20-Poly1305), the hashes, the MACs (HMAC, CMAC = OMAC, GMAC, Poly1305) and the KDFs (PBKDF2, HKDF).
// docs/backends/tomcrypt.md says what one timed operation contains.
//
// LibTomCrypt checks its pointer arguments with LTC_ARGCHK, which in Debian's build (ARGTYPE=0) aborts the
// process on a null pointer even with a zero length: every buffer that may be empty goes through
// sdk::bytes_or_empty / writable().
#include <array>
#include <climits>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "tomcrypt_backend.hpp"

namespace ca::backend_tomcrypt {
namespace {

using ca::sdk::bytes_or_empty;
using ca::sdk::Direction;
using ca::sdk::make_factory;

constexpr size_t kTagBytes = 16;

/// A writable pointer for an output that may be empty (LTC_ARGCHK refuses null even for 0 bytes).
uint8_t* writable(uint8_t* p) {
  static thread_local uint8_t no_bytes[1];
  return p != nullptr ? p : no_bytes;
}
const uint8_t* in(const uint8_t* p) { return bytes_or_empty(p); }

int cipher_index(const ca_key_spec& spec, CipherField field) {
  const int index = registry().*field;
  if (index < 0) throw std::runtime_error(std::string(spec.algorithm) + ": cipher not registered");
  return index;
}

/// A LibTomCrypt mode state with its *_done function, called once.
template <class State, int (*Done)(State*)>
class ModeState {
 public:
  ModeState() = default;
  ~ModeState() {
    if (started_) Done(&state_);
    zeromem(&state_, sizeof state_);
  }
  ModeState(const ModeState&) = delete;
  ModeState& operator=(const ModeState&) = delete;
  State* get() { return &state_; }
  void started() { started_ = true; }

 private:
  State state_{};
  bool started_ = false;
};

// ---- ECB / CBC with PKCS#7 padding ------------------------------------------------------------------------

/// The block operations of ca::sdk::Pkcs7BlockMode. One keyed symmetric_ECB or symmetric_CBC serves both
/// directions (LibTomCrypt's key schedule holds the encryption and the decryption keys); CBC takes each
/// message's IV with cbc_setiv.
class EcbOps {
 public:
  EcbOps(const ca_key_spec& spec, CipherField field) {
    const int cipher = cipher_index(spec, field);
    block_ = static_cast<size_t>(cipher_descriptor[cipher].block_length);
    check(ecb_start(cipher, spec.secret_key, static_cast<int>(spec.secret_key_len), 0, ecb_.get()),
          "ecb_start");
    ecb_.started();
  }
  size_t block_size() const { return block_; }
  size_t iv_bytes() const { return 0; }
  void start(Direction, const uint8_t*) {}
  void process(Direction d, uint8_t* out, const uint8_t* data, size_t n) {
    check(d == Direction::Encrypt ? ecb_encrypt(data, out, n, ecb_.get())
                                  : ecb_decrypt(data, out, n, ecb_.get()),
          "ecb");
  }
  void stream_start(const uint8_t*) {}
  void stream(uint8_t* out, const uint8_t* data, size_t n) {
    if (n != 0) process(Direction::Encrypt, out, data, n);
  }

 private:
  size_t block_ = 0;
  ModeState<symmetric_ECB, ecb_done> ecb_;
};

class CbcOps {
 public:
  CbcOps(const ca_key_spec& spec, CipherField field) {
    const int cipher = cipher_index(spec, field);
    block_ = static_cast<size_t>(cipher_descriptor[cipher].block_length);
    const std::array<uint8_t, MAXBLOCKSIZE> zero_iv{};
    check(cbc_start(cipher, zero_iv.data(), spec.secret_key, static_cast<int>(spec.secret_key_len), 0,
                    cbc_.get()),
          "cbc_start");
    cbc_.started();
  }
  size_t block_size() const { return block_; }
  size_t iv_bytes() const { return block_; }
  void start(Direction, const uint8_t* iv) { check(cbc_setiv(iv, block_, cbc_.get()), "cbc_setiv"); }
  void process(Direction d, uint8_t* out, const uint8_t* data, size_t n) {
    check(d == Direction::Encrypt ? cbc_encrypt(data, out, n, cbc_.get())
                                  : cbc_decrypt(data, out, n, cbc_.get()),
          "cbc");
  }
  void stream_start(const uint8_t* iv) { start(Direction::Encrypt, iv); }
  void stream(uint8_t* out, const uint8_t* data, size_t n) {
    if (n != 0) process(Direction::Encrypt, out, data, n);
  }

 private:
  size_t block_ = 0;
  ModeState<symmetric_CBC, cbc_done> cbc_;
};

// ---- AES in CFB-128, OFB, CTR and XTS ---------------------------------------------------------------------

/// StreamOps (ca::sdk::StreamMode): one keyed mode state, the message's IV set with *_setiv (which also
/// restarts the key stream).
class AesStreamOps {
 public:
  AesStreamOps(const ca_key_spec& spec, Stream mode) : mode_(mode) {
    const int aes = cipher_index(spec, &Registry::aes);
    const std::array<uint8_t, 16> zero_iv{};
    const int keylen = static_cast<int>(spec.secret_key_len);
    switch (mode_) {
      case Stream::Cfb:
        check(cfb_start(aes, zero_iv.data(), spec.secret_key, keylen, 0, &cfb_), "cfb_start");
        break;
      case Stream::Ofb:
        check(ofb_start(aes, zero_iv.data(), spec.secret_key, keylen, 0, &ofb_), "ofb_start");
        break;
      case Stream::Ctr:  // the whole 16-byte block is the counter, incremented big-endian (ctrlen 0)
        check(ctr_start(aes, zero_iv.data(), spec.secret_key, keylen, 0, CTR_COUNTER_BIG_ENDIAN, &ctr_),
              "ctr_start");
        break;
      case Stream::Xts: {  // K1 || K2: K1 the data, K2 the tweak
        const size_t half = spec.secret_key_len / 2;
        check(xts_start(aes, spec.secret_key, spec.secret_key + half, half, 0, &xts_), "xts_start");
        break;
      }
    }
  }
  ~AesStreamOps() {
    switch (mode_) {
      case Stream::Cfb:
        cfb_done(&cfb_);
        break;
      case Stream::Ofb:
        ofb_done(&ofb_);
        break;
      case Stream::Ctr:
        ctr_done(&ctr_);
        break;
      case Stream::Xts:
        xts_done(&xts_);
        break;
    }
  }
  AesStreamOps(const AesStreamOps&) = delete;
  AesStreamOps& operator=(const AesStreamOps&) = delete;

  bool offers(int op) const { return !(mode_ == Stream::Xts && op == CA_OP_ENCRYPT_STREAM); }

  void check_length(const ca_io& io) const {
    if (mode_ == Stream::Xts && io.input_len < 16)
      throw ca::sdk::Unsupported("AES-XTS takes messages of 16 bytes or more, got " +
                                 std::to_string(io.input_len));
  }

  void crypt(Direction d, const ca_io& io, uint8_t* out) {
    if (io.input_len == 0) return;
    if (mode_ == Stream::Xts) {
      std::array<uint8_t, 16> tweak;  // xts_encrypt takes the tweak as a non-const pointer
      std::memcpy(tweak.data(), io.nonce, tweak.size());
      check(d == Direction::Encrypt ? xts_encrypt(io.input, io.input_len, out, tweak.data(), &xts_)
                                    : xts_decrypt(io.input, io.input_len, out, tweak.data(), &xts_),
            "xts");
      return;
    }
    stream_start(io.nonce);
    run(d, out, io.input, io.input_len);
  }

  void stream_start(const uint8_t* iv) {
    switch (mode_) {
      case Stream::Cfb:
        check(cfb_setiv(iv, 16, &cfb_), "cfb_setiv");
        break;
      case Stream::Ofb:
        check(ofb_setiv(iv, 16, &ofb_), "ofb_setiv");
        break;
      case Stream::Ctr:
        check(ctr_setiv(iv, 16, &ctr_), "ctr_setiv");
        break;
      case Stream::Xts:
        throw ca::sdk::Unsupported("AES-XTS has no running stream form");
    }
  }
  void stream(uint8_t* out, const uint8_t* data, size_t n) {
    if (n != 0) run(Direction::Encrypt, out, data, n);
  }

 private:
  void run(Direction d, uint8_t* out, const uint8_t* data, size_t n) {
    const bool enc = d == Direction::Encrypt;
    switch (mode_) {
      case Stream::Cfb:
        check(enc ? cfb_encrypt(data, out, n, &cfb_) : cfb_decrypt(data, out, n, &cfb_), "cfb");
        break;
      case Stream::Ofb:
        check(enc ? ofb_encrypt(data, out, n, &ofb_) : ofb_decrypt(data, out, n, &ofb_), "ofb");
        break;
      case Stream::Ctr:
        check(enc ? ctr_encrypt(data, out, n, &ctr_) : ctr_decrypt(data, out, n, &ctr_), "ctr");
        break;
      case Stream::Xts:
        break;
    }
  }

  Stream mode_;
  symmetric_CFB cfb_{};
  symmetric_OFB ofb_{};
  symmetric_CTR ctr_{};
  symmetric_xts xts_{};
};

// ChaCha20 (RFC 8439): keyed once; each message sets its 12-byte nonce and block counter 0.
class ChaCha20Ops {
 public:
  explicit ChaCha20Ops(const ca_key_spec& spec) {
    check(chacha_setup(&state_, spec.secret_key, spec.secret_key_len, 20), "chacha_setup");
  }
  ~ChaCha20Ops() { chacha_done(&state_); }
  ChaCha20Ops(const ChaCha20Ops&) = delete;
  ChaCha20Ops& operator=(const ChaCha20Ops&) = delete;
  void crypt(Direction, const ca_io& io, uint8_t* out) {
    stream_start(io.nonce);
    stream(out, io.input, io.input_len);
  }
  void stream_start(const uint8_t* nonce) { check(chacha_ivctr32(&state_, nonce, 12, 0), "chacha_ivctr32"); }
  void stream(uint8_t* out, const uint8_t* data, size_t n) {
    if (n != 0) check(chacha_crypt(&state_, data, n, out), "chacha_crypt");
  }

 private:
  chacha_state state_{};
};

// RC4 has no IV: every message starts at keystream byte 0, from a copy of the keyed state.
class Rc4Ops {
 public:
  explicit Rc4Ops(const ca_key_spec& spec) {
    check(rc4_stream_setup(&keyed_, spec.secret_key, spec.secret_key_len), "rc4_stream_setup");
  }
  ~Rc4Ops() {
    zeromem(&keyed_, sizeof keyed_);
    zeromem(&work_, sizeof work_);
  }
  Rc4Ops(const Rc4Ops&) = delete;
  Rc4Ops& operator=(const Rc4Ops&) = delete;
  void crypt(Direction, const ca_io& io, uint8_t* out) {
    work_ = keyed_;
    if (io.input_len != 0) check(rc4_stream_crypt(&work_, io.input, io.input_len, out), "rc4_stream_crypt");
  }
  void stream_start(const uint8_t*) { work_ = keyed_; }
  void stream(uint8_t* out, const uint8_t* data, size_t n) {
    if (n != 0) check(rc4_stream_crypt(&work_, data, n, out), "rc4_stream_crypt");
  }

 private:
  rc4_state keyed_{}, work_{};
};

// ---- AEADs ------------------------------------------------------------------------------------------------

/// AES-GCM: gcm_init once (AES key schedule, H and the 64 KiB multiplication tables of Debian's
/// LTC_GCM_TABLES build), then per message gcm_reset, gcm_add_iv, gcm_add_aad, gcm_process and gcm_done, as
/// gcm_memory does after its own gcm_init. Any nonce and tag length the catalog declares.
class GcmOps {
 public:
  explicit GcmOps(const ca_key_spec& spec) : state_(std::make_unique<gcm_state>()) {
    check(gcm_init(state_.get(), cipher_index(spec, &Registry::aes), spec.secret_key,
                   static_cast<int>(spec.secret_key_len)),
          "gcm_init");
  }
  ~GcmOps() { zeromem(state_.get(), sizeof(gcm_state)); }
  GcmOps(const GcmOps&) = delete;
  GcmOps& operator=(const GcmOps&) = delete;

  void seal(const ca_io& io, uint8_t* out, std::span<uint8_t> tag) {
    start(io.nonce, io.nonce_len, io.aad, io.aad_len);
    if (io.input_len != 0)
      check(gcm_process(state_.get(), const_cast<uint8_t*>(io.input), io.input_len, out, GCM_ENCRYPT),
            "gcm_process");
    finish(tag.data(), tag.size());
  }
  bool open(const ca_io& io, size_t length, std::span<const uint8_t> received, uint8_t* out) {
    start(io.nonce, io.nonce_len, io.aad, io.aad_len);
    if (length != 0)
      check(gcm_process(state_.get(), out, length, const_cast<uint8_t*>(io.input), GCM_DECRYPT),
            "gcm_process");
    std::array<uint8_t, kTagBytes> expected{};
    finish(expected.data(), received.size());
    // gcm_done only computes the tag (in 1.18.2 gcm_memory does not compare either): compared here in
    // constant time with the library's mem_neq.
    if (mem_neq(expected.data(), received.data(), received.size()) != 0) {
      if (length != 0) zeromem(out, length);
      return false;
    }
    return true;
  }
  /// GMAC: the message as associated data (not named tag_only, so that the AES-GCM rows offer no MAC).
  void gmac(const ca_io& io, std::span<uint8_t> tag) {
    start(io.nonce, io.nonce_len, io.input, io.input_len);
    finish(tag.data(), tag.size());
  }

 private:
  void start(const uint8_t* nonce, size_t nonce_len, const uint8_t* aad, size_t aad_len) {
    check(gcm_reset(state_.get()), "gcm_reset");
    check(gcm_add_iv(state_.get(), in(nonce), nonce_len), "gcm_add_iv");
    check(gcm_add_aad(state_.get(), in(aad), aad_len), "gcm_add_aad");
  }
  void finish(uint8_t* tag, size_t n) {
    unsigned long len = n;
    check(gcm_done(state_.get(), tag, &len), "gcm_done");
    if (len != n) throw std::runtime_error("gcm_done wrote a tag of " + std::to_string(len) + " bytes");
  }

  std::unique_ptr<gcm_state> state_;  // about 70 KB with the tables
};

/// AES-CCM: ccm_memory with the AES key scheduled once (its uskey argument); it checks the tag itself on
/// decryption (CRYPT_ERROR on a mismatch).
class CcmOps {
 public:
  explicit CcmOps(const ca_key_spec& spec) : cipher_(cipher_index(spec, &Registry::aes)), key_(spec) {
    check(cipher_descriptor[cipher_].setup(spec.secret_key, static_cast<int>(spec.secret_key_len), 0,
                                           &schedule_),
          "AES key setup");
  }
  ~CcmOps() {
    cipher_descriptor[cipher_].done(&schedule_);
    zeromem(&schedule_, sizeof schedule_);
  }
  CcmOps(const CcmOps&) = delete;
  CcmOps& operator=(const CcmOps&) = delete;

  void seal(const ca_io& io, uint8_t* out, std::span<uint8_t> tag) {
    unsigned long len = tag.size();
    check(ccm_memory(cipher_, key_.data(), key_.size(), &schedule_, io.nonce, io.nonce_len, in(io.aad),
                     io.aad_len, const_cast<uint8_t*>(in(io.input)), io.input_len, writable(out), tag.data(),
                     &len, CCM_ENCRYPT),
          "ccm_memory");
  }
  bool open(const ca_io& io, size_t length, std::span<const uint8_t> received, uint8_t* out) {
    std::array<uint8_t, kTagBytes> tag{};
    std::memcpy(tag.data(), received.data(), received.size());
    unsigned long len = received.size();
    const int err = ccm_memory(cipher_, key_.data(), key_.size(), &schedule_, io.nonce, io.nonce_len,
                               in(io.aad), io.aad_len, writable(out), length,
                               const_cast<uint8_t*>(in(io.input)), tag.data(), &len, CCM_DECRYPT);
    if (err == CRYPT_ERROR) return false;  // the tag did not verify; ccm_memory has wiped the plaintext
    check(err, "ccm_memory");
    return true;
  }

 private:
  int cipher_;
  ca::sdk::RawKey key_;
  symmetric_key schedule_{};
};

/// AES-EAX and AES-OCB3: LibTomCrypt's eax_init / ocb3_init take the key together with the nonce, so every
/// message schedules the key again; the one-shot *_memory calls are that API.
class KeyPerMessageAead {
 public:
  KeyPerMessageAead(const ca_key_spec& spec, Aead mode)
      : mode_(mode), cipher_(cipher_index(spec, &Registry::aes)), key_(spec) {}

  void seal(const ca_io& io, uint8_t* out, std::span<uint8_t> tag) {
    unsigned long len = tag.size();
    if (mode_ == Aead::Eax)
      check(eax_encrypt_authenticate_memory(cipher_, key_.data(), key_.size(), in(io.nonce), io.nonce_len,
                                            in(io.aad), io.aad_len, in(io.input), io.input_len, writable(out),
                                            tag.data(), &len),
            "eax_encrypt_authenticate_memory");
    else
      check(ocb3_encrypt_authenticate_memory(cipher_, key_.data(), key_.size(), io.nonce, io.nonce_len,
                                             in(io.aad), io.aad_len, in(io.input), io.input_len,
                                             writable(out), tag.data(), &len),
            "ocb3_encrypt_authenticate_memory");
    if (len != tag.size())
      throw std::runtime_error("the library wrote a tag of " + std::to_string(len) + " bytes");
  }
  bool open(const ca_io& io, size_t length, std::span<const uint8_t> received, uint8_t* out) {
    int ok = 0;
    if (mode_ == Aead::Eax) {
      std::array<uint8_t, kTagBytes> tag{};  // eax_decrypt_verify_memory takes a non-const tag
      std::memcpy(tag.data(), received.data(), received.size());
      check(eax_decrypt_verify_memory(cipher_, key_.data(), key_.size(), in(io.nonce), io.nonce_len,
                                      in(io.aad), io.aad_len, in(io.input), length, writable(out), tag.data(),
                                      received.size(), &ok),
            "eax_decrypt_verify_memory");
    } else {
      check(ocb3_decrypt_verify_memory(cipher_, key_.data(), key_.size(), io.nonce, io.nonce_len, in(io.aad),
                                       io.aad_len, in(io.input), length, writable(out), received.data(),
                                       received.size(), &ok),
            "ocb3_decrypt_verify_memory");
    }
    if (ok != 1 && length != 0) zeromem(out, length);
    return ok == 1;
  }

 private:
  Aead mode_;
  int cipher_;
  ca::sdk::RawKey key_;
};

/// ChaCha20-Poly1305 (RFC 8439): chacha20poly1305_init once (the ChaCha20 key), per message
/// chacha20poly1305_setiv (the Poly1305 key from block 0), _add_aad, _encrypt / _decrypt and _done, the steps
/// chacha20poly1305_memory takes after its own init. _done only computes the tag: compared here in constant
/// time.
class ChaChaPolyOps {
 public:
  explicit ChaChaPolyOps(const ca_key_spec& spec) {
    check(chacha20poly1305_init(&keyed_, spec.secret_key, spec.secret_key_len), "chacha20poly1305_init");
  }
  ~ChaChaPolyOps() {
    zeromem(&keyed_, sizeof keyed_);
    zeromem(&work_, sizeof work_);
  }
  ChaChaPolyOps(const ChaChaPolyOps&) = delete;
  ChaChaPolyOps& operator=(const ChaChaPolyOps&) = delete;

  void seal(const ca_io& io, uint8_t* out, std::span<uint8_t> tag) {
    start(io);
    // Called for an empty message too: LibTomCrypt 1.18 pads the AAD to 16 bytes in the first
    // _encrypt / _decrypt call, not in _done (chacha20poly1305_memory calls it unconditionally as well).
    check(chacha20poly1305_encrypt(&work_, in(io.input), io.input_len, writable(out)),
          "chacha20poly1305_encrypt");
    unsigned long len = tag.size();
    check(chacha20poly1305_done(&work_, tag.data(), &len), "chacha20poly1305_done");
  }
  bool open(const ca_io& io, size_t length, std::span<const uint8_t> received, uint8_t* out) {
    start(io);
    check(chacha20poly1305_decrypt(&work_, in(io.input), length, writable(out)), "chacha20poly1305_decrypt");
    std::array<uint8_t, kTagBytes> expected{};
    unsigned long len = expected.size();
    check(chacha20poly1305_done(&work_, expected.data(), &len), "chacha20poly1305_done");
    if (mem_neq(expected.data(), received.data(), kTagBytes) != 0) {
      if (length != 0) zeromem(out, length);
      return false;
    }
    return true;
  }

 private:
  void start(const ca_io& io) {
    work_ = keyed_;  // the keyed ChaCha20 state; setiv rewrites the nonce words and restarts Poly1305
    check(chacha20poly1305_setiv(&work_, io.nonce, io.nonce_len), "chacha20poly1305_setiv");
    if (io.aad_len != 0)
      check(chacha20poly1305_add_aad(&work_, io.aad, io.aad_len), "chacha20poly1305_add_aad");
  }

  chacha20poly1305_state keyed_{}, work_{};
};

// ---- hashes -----------------------------------------------------------------------------------------------

/// A hash through its hash_descriptor: init, process, done on a local hash_state (init only loads the
/// initial values).
class DigestOps {
 public:
  DigestOps(const ca_key_spec& spec, int Registry::*hash) : index_(registry().*hash) {
    if (index_ < 0) throw std::runtime_error(std::string(spec.algorithm) + ": hash not registered");
  }
  void hash(const ca_io& io, std::span<uint8_t> out) {
    const ltc_hash_descriptor& d = hash_descriptor[index_];
    if (d.hashsize != out.size()) throw std::runtime_error(std::string(d.name) + ": unexpected digest size");
    hash_state md;
    check(d.init(&md), "hash init");
    check(d.process(&md, in(io.input), io.input_len), "hash process");
    check(d.done(&md, out.data()), "hash done");
  }

 private:
  int index_;
};

/// SHAKE128 / SHAKE256 with the catalog's output length (32 / 64 bytes).
class ShakeOps {
 public:
  ShakeOps(const ca_key_spec&, int bits) : bits_(bits) {}
  void hash(const ca_io& io, std::span<uint8_t> out) {
    hash_state md;
    check(sha3_shake_init(&md, bits_), "sha3_shake_init");
    check(sha3_process(&md, in(io.input), io.input_len), "sha3_process");
    check(sha3_shake_done(&md, out.data(), out.size()), "sha3_shake_done");
  }

 private:
  int bits_;
};

// ---- MACs -------------------------------------------------------------------------------------------------

/// HMAC: hmac_init, hmac_process, hmac_done per message, which is what hmac_memory does. LibTomCrypt's
/// hmac_state keeps a heap copy of the padded key that hmac_done frees, so a keyed state cannot be copied
/// and reused: every tag hashes the key block again (docs/backends/tomcrypt.md).
class HmacOps {
 public:
  HmacOps(const ca_key_spec& spec, int Registry::*hash)
      : index_(registry().*hash), key_(spec.secret_key, spec.secret_key + spec.secret_key_len) {
    if (index_ < 0) throw std::runtime_error(std::string(spec.algorithm) + ": hash not registered");
  }
  ~HmacOps() { zeromem(key_.data(), key_.size()); }
  HmacOps(const HmacOps&) = delete;
  HmacOps& operator=(const HmacOps&) = delete;
  void mac(const ca_io& io, std::span<uint8_t> tag) {
    hmac_state state;
    check(hmac_init(&state, index_, key_.data(), key_.size()), "hmac_init");
    check(hmac_process(&state, in(io.input), io.input_len), "hmac_process");
    unsigned long len = tag.size();
    check(hmac_done(&state, tag.data(), &len), "hmac_done");
  }

 private:
  int index_;
  std::vector<uint8_t> key_;
};

/// CMAC (LibTomCrypt's OMAC1): omac_init once; each message runs on a copy of the keyed state (omac_state
/// holds the key schedule and the subkeys, no pointers).
class CmacOps {
 public:
  explicit CmacOps(const ca_key_spec& spec) {
    check(omac_init(&keyed_, cipher_index(spec, &Registry::aes), spec.secret_key, spec.secret_key_len),
          "omac_init");
  }
  ~CmacOps() {
    zeromem(&keyed_, sizeof keyed_);
    zeromem(&work_, sizeof work_);
  }
  CmacOps(const CmacOps&) = delete;
  CmacOps& operator=(const CmacOps&) = delete;
  void mac(const ca_io& io, std::span<uint8_t> tag) {
    work_ = keyed_;
    check(omac_process(&work_, in(io.input), io.input_len), "omac_process");
    unsigned long len = tag.size();
    check(omac_done(&work_, tag.data(), &len), "omac_done");
  }

 private:
  omac_state keyed_{}, work_{};
};

/// GMAC through the keyed GCM state.
class GmacOps {
 public:
  explicit GmacOps(const ca_key_spec& spec) : gcm_(spec) {}
  void mac(const ca_io& io, std::span<uint8_t> tag) { gcm_.gmac(io, tag); }

 private:
  GcmOps gcm_;
};

/// Poly1305 is a one-time MAC: poly1305_memory keys it per message, as every real use does.
class Poly1305Ops {
 public:
  explicit Poly1305Ops(const ca_key_spec& spec) : key_(spec) {}
  void mac(const ca_io& io, std::span<uint8_t> tag) {
    unsigned long len = tag.size();
    check(poly1305_memory(key_.data(), key_.size(), in(io.input), io.input_len, tag.data(), &len),
          "poly1305_memory");
  }

 private:
  ca::sdk::RawKey key_;
};

// ---- KDFs -------------------------------------------------------------------------------------------------

/// PBKDF2 (RFC 8018) with HMAC: pkcs_5_alg2.
class Pbkdf2 {
 public:
  Pbkdf2(const ca_key_spec& spec, int Registry::*hash) : index_(registry().*hash) {
    const uint64_t iterations = ca::sdk::param_u64(spec, "iterations", 10000);
    if (iterations > static_cast<uint64_t>(INT_MAX))
      throw ca::sdk::Unsupported("LibTomCrypt's pkcs_5_alg2 takes iteration counts up to INT_MAX");
    iterations_ = static_cast<int>(iterations);
  }
  int derive(ca_io& io) {
    // LibTomCrypt 1.18's hmac_init refuses a zero-length key (CRYPT_INVALID_KEYSIZE), so PBKDF2 cannot take
    // an empty password.
    if (io.input_len == 0)
      throw ca::sdk::Unsupported(
          "LibTomCrypt's PBKDF2 cannot take an empty password (its HMAC refuses a "
          "zero-length key)");
    unsigned long len = io.output_cap;
    check(pkcs_5_alg2(io.input, io.input_len, in(io.nonce), io.nonce_len, iterations_, index_,
                      writable(io.output), &len),
          "pkcs_5_alg2");
    io.output_len = len;
    return CA_OK;
  }

 private:
  int index_;
  int iterations_ = 0;
};

/// HKDF (RFC 5869): hkdf(), extract then expand. It refuses more than 255 * HashLen bytes itself.
class Hkdf {
 public:
  Hkdf(const ca_key_spec&, int Registry::*hash) : index_(registry().*hash) {}
  int derive(ca_io& io) {
    check(::hkdf(index_, in(io.nonce), io.nonce_len, in(io.aad), io.aad_len, in(io.input), io.input_len,
                 writable(io.output), io.output_cap),
          "hkdf");
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  int index_;
};

}  // namespace

sdk::Factory ecb(CipherField c) { return make_factory<ca::sdk::Pkcs7BlockMode<EcbOps>>(c); }
sdk::Factory cbc(CipherField c) { return make_factory<ca::sdk::Pkcs7BlockMode<CbcOps>>(c); }
sdk::Factory aes_stream(Stream m) { return make_factory<ca::sdk::StreamMode<AesStreamOps>>(m); }
sdk::Factory aes_aead(Aead m) {
  switch (m) {
    case Aead::Gcm:
      return make_factory<ca::sdk::TaggedAead<GcmOps>>();
    case Aead::Ccm:
      return make_factory<ca::sdk::TaggedAead<CcmOps>>();
    case Aead::Eax:
    case Aead::Ocb3:
      break;
  }
  return make_factory<ca::sdk::TaggedAead<KeyPerMessageAead>>(m);
}
sdk::Factory chacha20() { return make_factory<ca::sdk::StreamMode<ChaCha20Ops>>(); }
sdk::Factory rc4() { return make_factory<ca::sdk::StreamMode<Rc4Ops>>(); }
sdk::Factory chacha20_poly1305() { return make_factory<ca::sdk::TaggedAead<ChaChaPolyOps>>(); }
sdk::Factory digest(int Registry::*hash) { return make_factory<ca::sdk::HashMode<DigestOps>>(hash); }
sdk::Factory shake(int bits) { return make_factory<ca::sdk::HashMode<ShakeOps>>(bits); }
sdk::Factory hmac(int Registry::*hash) { return make_factory<ca::sdk::MacMode<HmacOps>>(hash); }
sdk::Factory cmac_aes() { return make_factory<ca::sdk::MacMode<CmacOps>>(); }
sdk::Factory gmac_aes() { return make_factory<ca::sdk::MacMode<GmacOps>>(); }
sdk::Factory poly1305() { return make_factory<ca::sdk::MacMode<Poly1305Ops>>(); }
sdk::Factory pbkdf2(int Registry::*hash) { return make_factory<Pbkdf2>(hash); }
sdk::Factory hkdf(int Registry::*hash) { return make_factory<Hkdf>(hash); }

}  // namespace ca::backend_tomcrypt
