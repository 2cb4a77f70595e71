// wolfSSL 5.5.4 (wolfCrypt) contexts for ciphers, AEADs, hashes and MACs: one class per API shape,
// instantiated per row in wolfssl_backend.cpp. Every context calls wolfCrypt's own functions (wc_Aes*,
// wc_Des3_*, wc_Chacha_*, ...); the OpenSSL compatibility layer (EVP) is never used, it adds a dispatch
// and copies of its own.
#pragma once

// options.h first: it carries the configure flags of Debian's build, which change the layout of the
// structs below (Aes, Hmac, ...). Compiling against the headers without it gives wrong struct sizes.
#include <wolfssl/options.h>
//
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/arc4.h>
#include <wolfssl/wolfcrypt/blake2.h>
#include <wolfssl/wolfcrypt/camellia.h>
#include <wolfssl/wolfcrypt/chacha.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>
#include <wolfssl/wolfcrypt/cmac.h>
#include <wolfssl/wolfcrypt/des3.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/hmac.h>
#include <wolfssl/wolfcrypt/poly1305.h>
#include <wolfssl/wolfcrypt/ripemd.h>
#include <wolfssl/wolfcrypt/siphash.h>

#include <array>
#include <climits>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::wolfssl {

/// "<what>: <wc_GetErrorString text> (<code>)".
inline std::string error_text(const std::string& what, int code) {
  return what + ": " + wc_GetErrorString(code) + " (" + std::to_string(code) + ")";
}

/// Throws std::runtime_error (CA_FAILED) unless a wolfCrypt call returned 0.
inline void check(int ret, const std::string& what) {
  if (ret != 0) throw std::runtime_error(error_text(what, ret));
}
/// The same with the message in two parts, joined only on failure: per-operation calls build no string.
[[noreturn, gnu::cold, gnu::noinline]] inline void check_failed(int ret, const std::string& what,
                                                                const char* detail) {
  throw std::runtime_error(error_text(what + detail, ret));
}
inline void check(int ret, const std::string& what, const char* detail) {
  if (ret != 0) [[unlikely]]
    check_failed(ret, what, detail);
}

/// wolfCrypt takes word32 lengths; a longer message is a parameter the library does not offer.
inline word32 w32(size_t n) {
  if (n > UINT32_MAX) throw sdk::Unsupported("wolfCrypt takes lengths below 4 GiB; got " + std::to_string(n));
  return static_cast<word32>(n);
}

using sdk::bytes_or_empty;

// ---- block ciphers in ECB / CBC with PKCS#7 padding ------------------------------------------------------

// One traits struct per block cipher: the context with its init / free, key setup per direction, IV setup
// and the multi-block encrypt / decrypt calls (CBC, or ECB for AES-ECB).
struct AesCbcTraits {
  using Ctx = Aes;
  static constexpr size_t kBlock = 16;
  static void init(Ctx* c) { check(wc_AesInit(c, nullptr, INVALID_DEVID), "wc_AesInit"); }
  static void free(Ctx* c) { wc_AesFree(c); }
  static int set_key(Ctx* c, const uint8_t* k, size_t n, bool encrypt) {
    return wc_AesSetKey(c, k, w32(n), nullptr, encrypt ? AES_ENCRYPTION : AES_DECRYPTION);
  }
  static int set_iv(Ctx* c, const uint8_t* iv) { return wc_AesSetIV(c, iv); }
  static int encrypt(Ctx* c, uint8_t* out, const uint8_t* in, size_t n) {
    return wc_AesCbcEncrypt(c, out, in, w32(n));
  }
  static int decrypt(Ctx* c, uint8_t* out, const uint8_t* in, size_t n) {
    return wc_AesCbcDecrypt(c, out, in, w32(n));
  }
};

struct AesEcbTraits : AesCbcTraits {
  static int set_iv(Ctx*, const uint8_t*) { return 0; }
  static int encrypt(Ctx* c, uint8_t* out, const uint8_t* in, size_t n) {
    return wc_AesEcbEncrypt(c, out, in, w32(n));
  }
  static int decrypt(Ctx* c, uint8_t* out, const uint8_t* in, size_t n) {
    return wc_AesEcbDecrypt(c, out, in, w32(n));
  }
};

struct CamelliaTraits {
  using Ctx = Camellia;
  static constexpr size_t kBlock = 16;
  static void init(Ctx*) {}
  static void free(Ctx* c) { std::memset(c, 0, sizeof *c); }
  // wc_CamelliaSetKey computes the one schedule both directions use.
  static int set_key(Ctx* c, const uint8_t* k, size_t n, bool) {
    return wc_CamelliaSetKey(c, k, w32(n), nullptr);
  }
  static int set_iv(Ctx* c, const uint8_t* iv) { return wc_CamelliaSetIV(c, iv); }
  static int encrypt(Ctx* c, uint8_t* out, const uint8_t* in, size_t n) {
    return wc_CamelliaCbcEncrypt(c, out, in, w32(n));
  }
  static int decrypt(Ctx* c, uint8_t* out, const uint8_t* in, size_t n) {
    return wc_CamelliaCbcDecrypt(c, out, in, w32(n));
  }
};

/// Single DES; wc_Des_SetKey ignores the parity bits.
struct DesTraits {
  using Ctx = Des;
  static constexpr size_t kBlock = 8;
  static void init(Ctx*) {}
  static void free(Ctx* c) { std::memset(c, 0, sizeof *c); }
  static int set_key(Ctx* c, const uint8_t* k, size_t, bool encrypt) {
    return wc_Des_SetKey(c, k, nullptr, encrypt ? DES_ENCRYPTION : DES_DECRYPTION);
  }
  static int set_iv(Ctx* c, const uint8_t* iv) {
    wc_Des_SetIV(c, iv);
    return 0;
  }
  static int encrypt(Ctx* c, uint8_t* out, const uint8_t* in, size_t n) {
    return wc_Des_CbcEncrypt(c, out, in, w32(n));
  }
  static int decrypt(Ctx* c, uint8_t* out, const uint8_t* in, size_t n) {
    return wc_Des_CbcDecrypt(c, out, in, w32(n));
  }
};

/// Triple DES, EDE. wc_Des3_SetKey takes 24 bytes only, so a 16-byte two-key 3DES key K1 || K2 is handed
/// over as K1 || K2 || K1 (the same function).
struct Des3Traits {
  using Ctx = Des3;
  static constexpr size_t kBlock = 8;
  static void init(Ctx* c) { check(wc_Des3Init(c, nullptr, INVALID_DEVID), "wc_Des3Init"); }
  static void free(Ctx* c) { wc_Des3Free(c); }
  static int set_key(Ctx* c, const uint8_t* k, size_t n, bool encrypt) {
    std::array<uint8_t, 24> key{};
    std::memcpy(key.data(), k, n == 16 ? 16 : 24);
    if (n == 16) std::memcpy(key.data() + 16, k, 8);
    const int ret = wc_Des3_SetKey(c, key.data(), nullptr, encrypt ? DES_ENCRYPTION : DES_DECRYPTION);
    std::memset(key.data(), 0, key.size());
    return ret;
  }
  static int set_iv(Ctx* c, const uint8_t* iv) { return wc_Des3_SetIV(c, iv); }
  static int encrypt(Ctx* c, uint8_t* out, const uint8_t* in, size_t n) {
    return wc_Des3_CbcEncrypt(c, out, in, w32(n));
  }
  static int decrypt(Ctx* c, uint8_t* out, const uint8_t* in, size_t n) {
    return wc_Des3_CbcDecrypt(c, out, in, w32(n));
  }
};

/// A wolfCrypt context struct owned by a traits type (init in the constructor, free in the destructor).
template <class Traits>
class Owned {
 public:
  Owned() {
    std::memset(&ctx_, 0, sizeof ctx_);
    Traits::init(&ctx_);
  }
  ~Owned() { Traits::free(&ctx_); }
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  typename Traits::Ctx* get() { return &ctx_; }

 private:
  typename Traits::Ctx ctx_;
};

/// ECB or CBC with PKCS#7 padding. The whole blocks go from input to output in one wolfCrypt call; only the
/// last, padded block is assembled on the stack. The IV is set per message with the cipher's SetIV.
template <class Traits, bool HasIv = true>
class PaddedBlockMode {
 public:
  static constexpr size_t kBlock = Traits::kBlock;

  explicit PaddedBlockMode(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    check(Traits::set_key(encryptor_.get(), spec.secret_key, spec.secret_key_len, true),
          algorithm_ + " key setup");
    check(Traits::set_key(decryptor_.get(), spec.secret_key, spec.secret_key_len, false),
          algorithm_ + " key setup");
  }

  int encrypt(ca_io& io) {
    const size_t whole = io.input_len - io.input_len % kBlock;
    const size_t padded = sdk::pkcs7_padded_size(io.input_len, kBlock);
    sdk::require_output(io, padded);
    set_iv(encryptor_, io);
    std::array<uint8_t, kBlock> last{};
    sdk::copy_bytes(last.data(), io.input + whole, io.input_len - whole);
    sdk::pkcs7_pad_in_place(last.data(), io.input_len - whole, kBlock);
    if (whole != 0) check(Traits::encrypt(encryptor_.get(), io.output, io.input, whole), algorithm_);
    check(Traits::encrypt(encryptor_.get(), io.output + whole, last.data(), kBlock), algorithm_);
    io.output_len = padded;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    if (io.input_len == 0 || io.input_len % kBlock != 0) return CA_REJECTED;
    const size_t whole = io.input_len - kBlock;
    set_iv(decryptor_, io);
    // The last block decrypts into a stack buffer so that the caller's buffer only has to hold the
    // plaintext, whose length is known once the padding has been read.
    sdk::require_output(io, whole);
    std::array<uint8_t, kBlock> last{};
    if (whole != 0) check(Traits::decrypt(decryptor_.get(), io.output, io.input, whole), algorithm_);
    check(Traits::decrypt(decryptor_.get(), last.data(), io.input + whole, kBlock), algorithm_);
    const size_t tail = sdk::pkcs7_unpadded_size(last.data(), kBlock, kBlock);
    if (tail == SIZE_MAX) return CA_REJECTED;
    sdk::require_output(io, whole + tail);
    sdk::copy_bytes(io.output + whole, last.data(), tail);
    io.output_len = whole + tail;
    return CA_OK;
  }

 private:
  void set_iv(Owned<Traits>& ctx, const ca_io& io) {
    if constexpr (HasIv) {
      sdk::require_nonce(io, kBlock, algorithm_.c_str());
      check(Traits::set_iv(ctx.get(), io.nonce), algorithm_, " IV");
    }
  }

  std::string algorithm_;
  Owned<Traits> encryptor_;
  Owned<Traits> decryptor_;
};

// ---- AES stream modes, XTS, SIV --------------------------------------------------------------------------

enum class AesStream { Cfb128, Ofb, Ctr };

/// AES-CFB (128-bit feedback), AES-OFB, AES-CTR (wolfCrypt increments the whole 16-byte counter block
/// big-endian). All three run the AES encryption schedule in both directions. wc_AesSetIV loads the IV and
/// drops the key stream left over from the previous message (aes->left = 0).
template <AesStream Mode>
class AesStreamMode {
 public:
  explicit AesStreamMode(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    check(AesCbcTraits::set_key(aes_.get(), spec.secret_key, spec.secret_key_len, true),
          algorithm_ + " key setup");
  }

  int encrypt(ca_io& io) { return process(io, true); }
  int decrypt(ca_io& io) { return process(io, false); }

 private:
  int process(ca_io& io, bool encrypt) {
    sdk::require_nonce(io, 16, algorithm_.c_str());
    sdk::require_output(io, io.input_len);
    check(wc_AesSetIV(aes_.get(), io.nonce), algorithm_, " IV");
    const word32 n = w32(io.input_len);
    const byte* in = bytes_or_empty(io.input);
    int ret = 0;
    if constexpr (Mode == AesStream::Cfb128)
      ret = encrypt ? wc_AesCfbEncrypt(aes_.get(), io.output, in, n)
                    : wc_AesCfbDecrypt(aes_.get(), io.output, in, n);
    else if constexpr (Mode == AesStream::Ofb)
      ret = encrypt ? wc_AesOfbEncrypt(aes_.get(), io.output, in, n)
                    : wc_AesOfbDecrypt(aes_.get(), io.output, in, n);
    else
      ret = wc_AesCtrEncrypt(aes_.get(), io.output, in, n);
    check(ret, algorithm_);
    io.output_len = io.input_len;
    return CA_OK;
  }

  std::string algorithm_;
  Owned<AesCbcTraits> aes_;
};

/// AES-XTS: key = K1 (data) || K2 (tweak), keyed once per direction (wc_AesXtsSetKey); the 16-byte tweak
/// is passed as is per message; ciphertext stealing for a partial last block.
class AesXts {
 public:
  explicit AesXts(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, 2 * spec.key_bits / 8);
    check(wc_AesXtsSetKey(&encryptor_, spec.secret_key, w32(spec.secret_key_len), AES_ENCRYPTION, nullptr,
                          INVALID_DEVID),
          algorithm_ + " key setup");
    encryptor_keyed_ = true;
    check(wc_AesXtsSetKey(&decryptor_, spec.secret_key, w32(spec.secret_key_len), AES_DECRYPTION, nullptr,
                          INVALID_DEVID),
          algorithm_ + " key setup");
    decryptor_keyed_ = true;
  }
  ~AesXts() {
    if (encryptor_keyed_) wc_AesXtsFree(&encryptor_);
    if (decryptor_keyed_) wc_AesXtsFree(&decryptor_);
  }
  AesXts(const AesXts&) = delete;
  AesXts& operator=(const AesXts&) = delete;

  int encrypt(ca_io& io) { return process(io, true); }
  int decrypt(ca_io& io) { return process(io, false); }

 private:
  int process(ca_io& io, bool encrypt) {
    sdk::require_nonce(io, 16, algorithm_.c_str());
    if (io.input_len < 16)
      throw sdk::Unsupported(algorithm_ + " needs at least 16 bytes, got " + std::to_string(io.input_len));
    sdk::require_output(io, io.input_len);
    const word32 n = w32(io.input_len);
    check(encrypt ? wc_AesXtsEncrypt(&encryptor_, io.output, io.input, n, io.nonce, 16)
                  : wc_AesXtsDecrypt(&decryptor_, io.output, io.input, n, io.nonce, 16),
          algorithm_);
    io.output_len = io.input_len;
    return CA_OK;
  }

  std::string algorithm_;
  XtsAes encryptor_{};
  XtsAes decryptor_{};
  bool encryptor_keyed_ = false;
  bool decryptor_keyed_ = false;
};

/// AES-SIV (RFC 5297) through wc_AesSivEncrypt / wc_AesSivDecrypt. These are one-shot functions that take
/// the raw key: both AES key schedules (CMAC and CTR) are redone inside every timed call, as wolfCrypt
/// offers no keyed SIV object. One AD component (the aad), no nonce component. With an empty aad the catalog's
/// AES-SIV has no AD component at all (S2V over the plaintext alone), which wolfSSL 5.5's one-shot functions
/// cannot express: they still take the empty aad as one component, and their output differed from Botan's,
/// libgcrypt's and OpenSSL's from byte 0 (found by the agreement check at the measured size). So an empty
/// aad is unsupported here.
class AesSiv {
 public:
  explicit AesSiv(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, 2 * spec.key_bits / 8);
    std::memcpy(key_.data(), spec.secret_key, spec.secret_key_len);
    key_len_ = spec.secret_key_len;
  }
  ~AesSiv() { std::memset(key_.data(), 0, key_.size()); }

  int encrypt(ca_io& io) {
    no_empty_aad(io);
    sdk::require_output(io, io.input_len + 16);
    check(wc_AesSivEncrypt(key_.data(), w32(key_len_), io.aad, w32(io.aad_len), nullptr, 0,
                           bytes_or_empty(io.input), w32(io.input_len), io.output, io.output + 16),
          algorithm_);
    io.output_len = io.input_len + 16;
    return CA_OK;
  }
  int decrypt(ca_io& io) {
    no_empty_aad(io);
    if (io.input_len < 16) return CA_REJECTED;
    const size_t length = io.input_len - 16;
    sdk::require_output(io, length);
    std::array<byte, 16> v;  // wc_AesSivDecrypt takes the synthetic IV through a non-const pointer
    std::memcpy(v.data(), io.input, 16);
    const int ret = wc_AesSivDecrypt(key_.data(), w32(key_len_), io.aad, w32(io.aad_len), nullptr, 0,
                                     io.input + 16, w32(length), v.data(), io.output);
    if (ret == AES_SIV_AUTH_E) return CA_REJECTED;
    check(ret, algorithm_);
    io.output_len = length;
    return CA_OK;
  }

 private:
  static void no_empty_aad(const ca_io& io) {
    if (io.aad_len == 0)
      throw sdk::Unsupported(
          "AES-SIV without associated data: wolfSSL 5.5's wc_AesSivEncrypt takes an empty aad as one AD "
          "component, not none");
  }
  std::string algorithm_;
  std::array<uint8_t, 64> key_{};
  size_t key_len_ = 0;
};

// ---- stream ciphers --------------------------------------------------------------------------------------

/// ChaCha20 (RFC 8439): key set once; wc_Chacha_SetIV(nonce, counter 0) per message, which also drops the
/// previous message's key stream.
class ChaCha20 {
 public:
  explicit ChaCha20(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, 32);
    check(wc_Chacha_SetKey(&ctx_, spec.secret_key, 32), algorithm_ + " key setup");
  }
  ~ChaCha20() { std::memset(&ctx_, 0, sizeof ctx_); }
  int encrypt(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    sdk::require_output(io, io.input_len);
    check(wc_Chacha_SetIV(&ctx_, io.nonce, 0), algorithm_, " IV");
    if (io.input_len != 0)
      check(wc_Chacha_Process(&ctx_, io.output, io.input, w32(io.input_len)), algorithm_);
    io.output_len = io.input_len;
    return CA_OK;
  }
  int decrypt(ca_io& io) { return encrypt(io); }

 private:
  std::string algorithm_;
  ChaCha ctx_{};
};

/// XChaCha20: wc_XChacha_SetKey derives the HChaCha20 subkey from the key and the first 16 nonce bytes and
/// loads the last 8 (IETF nonce 0x00000000 || nonce[16..24]) with the counter at 0. The subkey depends on
/// the nonce, so this derivation is part of every timed message (as in every library).
class XChaCha20 {
 public:
  explicit XChaCha20(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, 32);
    std::memcpy(key_.data(), spec.secret_key, 32);
  }
  ~XChaCha20() {
    std::memset(key_.data(), 0, key_.size());
    std::memset(&ctx_, 0, sizeof ctx_);
  }
  int encrypt(ca_io& io) {
    sdk::require_nonce(io, 24, algorithm_.c_str());
    sdk::require_output(io, io.input_len);
    check(wc_XChacha_SetKey(&ctx_, key_.data(), 32, io.nonce, 24, 0), algorithm_, " key and nonce");
    if (io.input_len != 0)
      check(wc_Chacha_Process(&ctx_, io.output, io.input, w32(io.input_len)), algorithm_);
    io.output_len = io.input_len;
    return CA_OK;
  }
  int decrypt(ca_io& io) { return encrypt(io); }

 private:
  std::string algorithm_;
  std::array<uint8_t, 32> key_{};
  ChaCha ctx_{};
};

/// RC4 (ARCFOUR), no bytes dropped. No IV: every message starts at key stream byte 0 from a copy of the
/// keyed state (x, y and the 256-byte S-box; the key schedule itself stays in create()).
class Rc4 {
 public:
  explicit Rc4(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    check(wc_Arc4Init(&keyed_, nullptr, INVALID_DEVID), "wc_Arc4Init");
    check(wc_Arc4SetKey(&keyed_, spec.secret_key, w32(spec.secret_key_len)), algorithm_ + " key setup");
  }
  ~Rc4() {
    wc_Arc4Free(&keyed_);
    std::memset(&working_, 0, sizeof working_);
  }
  int encrypt(ca_io& io) {
    sdk::require_output(io, io.input_len);
    working_ = keyed_;
    if (io.input_len != 0)
      check(wc_Arc4Process(&working_, io.output, io.input, w32(io.input_len)), algorithm_);
    io.output_len = io.input_len;
    return CA_OK;
  }
  int decrypt(ca_io& io) { return encrypt(io); }

 private:
  std::string algorithm_;
  Arc4 keyed_{};
  Arc4 working_{};
};

// ---- AEADs -----------------------------------------------------------------------------------------------

enum class AesAeadMode { Gcm, Ccm };

/// AES-GCM (wc_AesGcmEncrypt / wc_AesGcmDecrypt; key schedule and GHASH table at wc_AesGcmSetKey) and
/// AES-CCM (wc_AesCcmEncrypt / wc_AesCcmDecrypt), 12-byte nonce, 16-byte tag, one call per message.
template <AesAeadMode Mode>
class AesAead {
 public:
  explicit AesAead(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    const word32 n = w32(spec.secret_key_len);
    check(Mode == AesAeadMode::Gcm ? wc_AesGcmSetKey(aes_.get(), spec.secret_key, n)
                                   : wc_AesCcmSetKey(aes_.get(), spec.secret_key, n),
          algorithm_ + " key setup");
  }

  int encrypt(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    sdk::require_output(io, io.input_len + 16);
    const word32 n = w32(io.input_len);
    const word32 a = w32(io.aad_len);
    const byte* in = bytes_or_empty(io.input);
    check(Mode == AesAeadMode::Gcm
              ? wc_AesGcmEncrypt(aes_.get(), io.output, in, n, io.nonce, 12, io.output + n, 16, io.aad, a)
              : wc_AesCcmEncrypt(aes_.get(), io.output, in, n, io.nonce, 12, io.output + n, 16, io.aad, a),
          algorithm_);
    io.output_len = io.input_len + 16;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    if (io.input_len < 16) return CA_REJECTED;
    const size_t length = io.input_len - 16;
    sdk::require_output(io, length);
    const word32 n = w32(length);
    const word32 a = w32(io.aad_len);
    const byte* tag = io.input + length;
    const int ret =
        Mode == AesAeadMode::Gcm
            ? wc_AesGcmDecrypt(aes_.get(), io.output, io.input, n, io.nonce, 12, tag, 16, io.aad, a)
            : wc_AesCcmDecrypt(aes_.get(), io.output, io.input, n, io.nonce, 12, tag, 16, io.aad, a);
    if (ret == AES_GCM_AUTH_E || ret == AES_CCM_AUTH_E) return CA_REJECTED;
    check(ret, algorithm_);
    io.output_len = length;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  Owned<AesCbcTraits> aes_;
};

/// ChaCha20-Poly1305 (RFC 8439) through the one-shot wc_ChaCha20Poly1305_Encrypt / _Decrypt, which take the
/// raw key (ChaCha20 has no key schedule: the key is copied into the state).
class ChaChaPoly {
 public:
  explicit ChaChaPoly(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, 32);
    std::memcpy(key_.data(), spec.secret_key, 32);
  }
  ~ChaChaPoly() { std::memset(key_.data(), 0, key_.size()); }

  int encrypt(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    sdk::require_output(io, io.input_len + 16);
    check(
        wc_ChaCha20Poly1305_Encrypt(key_.data(), io.nonce, io.aad, w32(io.aad_len), bytes_or_empty(io.input),
                                    w32(io.input_len), io.output, io.output + io.input_len),
        algorithm_);
    io.output_len = io.input_len + 16;
    return CA_OK;
  }
  int decrypt(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    if (io.input_len < 16) return CA_REJECTED;
    const size_t length = io.input_len - 16;
    sdk::require_output(io, length);
    const int ret = wc_ChaCha20Poly1305_Decrypt(key_.data(), io.nonce, io.aad, w32(io.aad_len), io.input,
                                                w32(length), io.input + length, io.output);
    if (ret == MAC_CMP_FAILED_E) return CA_REJECTED;
    check(ret, algorithm_);
    io.output_len = length;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  std::array<uint8_t, 32> key_{};
};

/// XChaCha20-Poly1305 through wc_XChaCha20Poly1305_Encrypt / _Decrypt (output ciphertext || tag; the
/// HChaCha20 subkey is derived per message, as the construction requires).
class XChaChaPoly {
 public:
  explicit XChaChaPoly(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, 32);
    std::memcpy(key_.data(), spec.secret_key, 32);
  }
  ~XChaChaPoly() { std::memset(key_.data(), 0, key_.size()); }

  int encrypt(ca_io& io) {
    sdk::require_nonce(io, 24, algorithm_.c_str());
    sdk::require_output(io, io.input_len + 16);
    check(wc_XChaCha20Poly1305_Encrypt(io.output, io.input_len + 16, bytes_or_empty(io.input), io.input_len,
                                       bytes_or_empty(io.aad), io.aad_len, io.nonce, 24, key_.data(), 32),
          algorithm_);
    io.output_len = io.input_len + 16;
    return CA_OK;
  }
  int decrypt(ca_io& io) {
    sdk::require_nonce(io, 24, algorithm_.c_str());
    if (io.input_len < 16) return CA_REJECTED;
    const size_t length = io.input_len - 16;
    sdk::require_output(io, length);
    const int ret =
        wc_XChaCha20Poly1305_Decrypt(io.output, io.output_cap, io.input, io.input_len, bytes_or_empty(io.aad),
                                     io.aad_len, io.nonce, 24, key_.data(), 32);
    if (ret == MAC_CMP_FAILED_E) return CA_REJECTED;
    check(ret, algorithm_);
    io.output_len = length;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  std::array<uint8_t, 32> key_{};
};

// ---- hashes and MACs -------------------------------------------------------------------------------------

/// A one-shot wolfCrypt digest function (wc_Sha256Hash and its siblings: init, update, final on a stack
/// object), or one of the small wrappers in wolfssl_backend.cpp for the digests without one.
using HashFn = int (*)(const byte* data, word32 length, byte* out);

class Digest {
 public:
  Digest(const ca_key_spec& spec, HashFn fn, size_t size)
      : algorithm_(spec.algorithm), fn_(fn), size_(size) {}

  int hash(ca_io& io) {
    sdk::require_output(io, size_);
    check(fn_(bytes_or_empty(io.input), w32(io.input_len), io.output), algorithm_);
    io.output_len = size_;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  HashFn fn_;
  size_t size_;
};

/// HMAC: wc_HmacSetKey once (ipad / opad stored); per message wc_HmacUpdate + wc_HmacFinal. wolfCrypt hashes
/// the stored ipad block again at the first Update after a Final (one compression), inside the timed call.
class KeyedHmac {
 public:
  KeyedHmac(const ca_key_spec& spec, int type) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    check(wc_HmacInit(&hmac_, nullptr, INVALID_DEVID), "wc_HmacInit");
    initialized_ = true;
    check(wc_HmacSetKey(&hmac_, type, spec.secret_key, w32(spec.secret_key_len)), algorithm_ + " key setup");
    size_ = static_cast<size_t>(wc_HmacSizeByType(type));
  }
  ~KeyedHmac() {
    if (initialized_) wc_HmacFree(&hmac_);
  }
  KeyedHmac(const KeyedHmac&) = delete;
  KeyedHmac& operator=(const KeyedHmac&) = delete;

  int mac(ca_io& io) {
    sdk::require_output(io, size_);
    check(wc_HmacUpdate(&hmac_, bytes_or_empty(io.input), w32(io.input_len)), algorithm_);
    check(wc_HmacFinal(&hmac_, io.output), algorithm_);
    io.output_len = size_;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  ::Hmac hmac_{};
  bool initialized_ = false;
  size_t size_ = 0;
};

/// CMAC-AES: wc_InitCmac once (AES key schedule, subkeys K1 and K2); per message a copy of that keyed
/// struct is updated and finalised, because wc_CmacFinal leaves the object unusable until re-keyed.
class CmacAes {
 public:
  explicit CmacAes(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    check(wc_InitCmac(&keyed_, spec.secret_key, w32(spec.secret_key_len), WC_CMAC_AES, nullptr),
          algorithm_ + " key setup");
  }
  ~CmacAes() {
    std::memset(&keyed_, 0, sizeof keyed_);
    std::memset(&working_, 0, sizeof working_);
  }

  int mac(ca_io& io) {
    sdk::require_output(io, 16);
    working_ = keyed_;
    word32 size = 16;
    check(wc_CmacUpdate(&working_, bytes_or_empty(io.input), w32(io.input_len)), algorithm_);
    check(wc_CmacFinal(&working_, io.output, &size), algorithm_);
    io.output_len = size;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  Cmac keyed_{};
  Cmac working_{};
};

/// GMAC-AES: wc_GmacSetKey once (AES schedule and GHASH table); wc_GmacUpdate(iv, message as AAD) per
/// message returns the tag.
class GmacAes {
 public:
  explicit GmacAes(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    check(wc_AesInit(&gmac_.aes, nullptr, INVALID_DEVID), "wc_AesInit");
    check(wc_GmacSetKey(&gmac_, spec.secret_key, w32(spec.secret_key_len)), algorithm_ + " key setup");
  }
  ~GmacAes() { wc_AesFree(&gmac_.aes); }
  GmacAes(const GmacAes&) = delete;
  GmacAes& operator=(const GmacAes&) = delete;

  int mac(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    sdk::require_output(io, 16);
    check(wc_GmacUpdate(&gmac_, io.nonce, 12, bytes_or_empty(io.input), w32(io.input_len), io.output, 16),
          algorithm_);
    io.output_len = 16;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  Gmac gmac_{};
};

/// Poly1305 (RFC 8439), one-time key r || s: wc_Poly1305SetKey + Update + Final per message (a one-time
/// MAC has no reusable keyed state; SetKey only clamps r and copies s).
class Poly1305Mac {
 public:
  explicit Poly1305Mac(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, 32);
    std::memcpy(key_.data(), spec.secret_key, 32);
  }
  ~Poly1305Mac() {
    std::memset(key_.data(), 0, key_.size());
    std::memset(&ctx_, 0, sizeof ctx_);
  }

  int mac(ca_io& io) {
    sdk::require_output(io, 16);
    check(wc_Poly1305SetKey(&ctx_, key_.data(), 32), algorithm_ + " key");
    check(wc_Poly1305Update(&ctx_, bytes_or_empty(io.input), w32(io.input_len)), algorithm_);
    check(wc_Poly1305Final(&ctx_, io.output), algorithm_);
    io.output_len = 16;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  std::array<uint8_t, 32> key_{};
  Poly1305 ctx_{};
};

/// SipHash-2-4 with an 8-byte tag through the one-shot wc_SipHash (the key is two words loaded per call).
class SipHashMac {
 public:
  explicit SipHashMac(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, 16);
    std::memcpy(key_.data(), spec.secret_key, 16);
  }
  ~SipHashMac() { std::memset(key_.data(), 0, key_.size()); }

  int mac(ca_io& io) {
    sdk::require_output(io, 8);
    check(wc_SipHash(key_.data(), bytes_or_empty(io.input), w32(io.input_len), io.output, 8), algorithm_);
    io.output_len = 8;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  std::array<uint8_t, 16> key_{};
};

}  // namespace ca::wolfssl
