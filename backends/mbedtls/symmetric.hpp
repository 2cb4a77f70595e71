// Mbed TLS 2.28 / 3.6 contexts for ciphers, AEADs, hashes and MACs: one class template per API shape, instantiated
// once per row in backend.cpp. Every context uses the algorithm's own module (aes.h, gcm.h,
// camellia.h, ...), not the generic cipher.h layer: the cipher layer processes ECB one block per call and
// copies every partial block through its own buffer, the module functions take the whole message.
#pragma once

#include <mbedtls/aes.h>
#include <mbedtls/aria.h>
#include <mbedtls/camellia.h>
#include <mbedtls/ccm.h>
#include <mbedtls/chacha20.h>
#include <mbedtls/chachapoly.h>
#include <mbedtls/cmac.h>
#include <mbedtls/des.h>
#include <mbedtls/error.h>
#include <mbedtls/gcm.h>
#include <mbedtls/md.h>
#include <mbedtls/poly1305.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>

#include "compat.hpp"
#include "cryptauditor/backend_sdk.hpp"

#if MBEDTLS_VERSION_MAJOR < 3  // compat::kHasArc4AndBlowfish: Mbed TLS 3.0 removed both modules
#include <mbedtls/arc4.h>
#include <mbedtls/blowfish.h>
#endif

namespace ca::backend_mbedtls {

/// "<what>: <mbedtls_strerror text> (-0x....)".
inline std::string error_text(const std::string& what, int code) {
  char text[160] = "";
  mbedtls_strerror(code, text, sizeof text);
  char hex[16];
  std::snprintf(hex, sizeof hex, "-0x%04X", static_cast<unsigned>(-code));
  return what + ": " + text + " (" + hex + ")";
}

/// Throws std::runtime_error (CA_FAILED) unless an Mbed TLS call returned 0.
inline void check(int ret, const std::string& what) {
  if (ret != 0) throw std::runtime_error(error_text(what, ret));
}
/// The same with the message in two parts, joined only on failure: per-operation calls build no string.
inline void check(int ret, const std::string& what, const char* detail) {
  if (ret != 0) [[unlikely]]
    throw std::runtime_error(error_text(what + detail, ret));
}

using sdk::Owned;

// ---- block ciphers in ECB / CBC with PKCS#7 padding ------------------------------------------------------

// One traits struct per block cipher module, for sdk::DirectionalBlockOps: the context, its block size, key
// setup for each direction (the catalog's key bytes as given), and the module's CBC function (which takes
// the IV per call and updates it in place). ECB exists only for AES (the catalog has no other ECB row).
// Every module names its directions 1 = encrypt, 0 = decrypt.
inline int mode_of(sdk::Direction direction) { return direction == sdk::Direction::Encrypt ? 1 : 0; }

/// The traits' shared part: the CBC IV is one block, errors through check().
template <size_t Block>
struct CbcModule {
  static constexpr size_t kBlock = Block;
  static constexpr size_t kIvBytes = Block;
  static void check(int ret, const std::string& what, const char* detail) {
    ::ca::backend_mbedtls::check(ret, what, detail);
  }
};

/// A 16-byte block cipher module with a key schedule per direction and a CBC call, all of one shape (aes.h,
/// camellia.h, aria.h).
template <class Context, void (*Init)(Context*), void (*Free)(Context*),
          int (*SetKeyEnc)(Context*, const unsigned char*, unsigned),
          int (*SetKeyDec)(Context*, const unsigned char*, unsigned),
          int (*CryptCbc)(Context*, int, size_t, unsigned char*, const unsigned char*, unsigned char*)>
struct SplitKeyCbcTraits : CbcModule<16> {
  using Ctx = Owned<Context, Init, Free>;
  static int set_key(Ctx& c, sdk::Direction d, const uint8_t* k, size_t n) {
    const auto bits = static_cast<unsigned>(n * 8);
    return mode_of(d) ? SetKeyEnc(c.get(), k, bits) : SetKeyDec(c.get(), k, bits);
  }
  static int process(Ctx& c, sdk::Direction d, uint8_t* iv, uint8_t* out, const uint8_t* in, size_t n) {
    return CryptCbc(c.get(), mode_of(d), n, iv, in, out);
  }
};

using AesTraits = SplitKeyCbcTraits<mbedtls_aes_context, mbedtls_aes_init, mbedtls_aes_free,
                                    mbedtls_aes_setkey_enc, mbedtls_aes_setkey_dec, mbedtls_aes_crypt_cbc>;

/// AES-ECB: one module call per block (Mbed TLS has no multi-block ECB function).
struct AesEcbTraits : AesTraits {
  static constexpr size_t kIvBytes = 0;
  static int process(Ctx& c, sdk::Direction d, uint8_t*, uint8_t* out, const uint8_t* in, size_t n) {
    for (size_t i = 0; i < n; i += kBlock)
      if (const int ret = mbedtls_aes_crypt_ecb(c.get(), mode_of(d), in + i, out + i); ret != 0) return ret;
    return 0;
  }
};

using CamelliaTraits =
    SplitKeyCbcTraits<mbedtls_camellia_context, mbedtls_camellia_init, mbedtls_camellia_free,
                      mbedtls_camellia_setkey_enc, mbedtls_camellia_setkey_dec, mbedtls_camellia_crypt_cbc>;

/// Single DES; parity bits are ignored by mbedtls_des_setkey_* (mbedtls_des_key_check_key_parity is
/// separate).
struct DesTraits : CbcModule<8> {
  using Ctx = Owned<mbedtls_des_context, mbedtls_des_init, mbedtls_des_free>;
  static int set_key(Ctx& c, sdk::Direction d, const uint8_t* k, size_t) {
    return mode_of(d) ? mbedtls_des_setkey_enc(c.get(), k) : mbedtls_des_setkey_dec(c.get(), k);
  }
  static int process(Ctx& c, sdk::Direction d, uint8_t* iv, uint8_t* out, const uint8_t* in, size_t n) {
    return mbedtls_des_crypt_cbc(c.get(), mode_of(d), n, iv, in, out);
  }
};

/// Triple DES, EDE: a 16-byte key is two-key 3DES (K3 = K1), a 24-byte key three-key.
struct Des3Traits : CbcModule<8> {
  using Ctx = Owned<mbedtls_des3_context, mbedtls_des3_init, mbedtls_des3_free>;
  static int set_key(Ctx& c, sdk::Direction d, const uint8_t* k, size_t n) {
    if (mode_of(d))
      return n == 16 ? mbedtls_des3_set2key_enc(c.get(), k) : mbedtls_des3_set3key_enc(c.get(), k);
    return n == 16 ? mbedtls_des3_set2key_dec(c.get(), k) : mbedtls_des3_set3key_dec(c.get(), k);
  }
  static int process(Ctx& c, sdk::Direction d, uint8_t* iv, uint8_t* out, const uint8_t* in, size_t n) {
    return mbedtls_des3_crypt_cbc(c.get(), mode_of(d), n, iv, in, out);
  }
};

/// ECB or CBC with PKCS#7 padding: the whole blocks in one module call (CBC) or one call per block (ECB).
template <class Traits>
using PaddedBlockMode = sdk::Pkcs7BlockMode<sdk::DirectionalBlockOps<Traits>>;

// ---- AES stream modes, XTS ------------------------------------------------------------------------------

enum class AesStream { Cfb128, Ofb, Ctr };

/// AES-CFB (128-bit feedback), AES-OFB, AES-CTR (the 16-byte nonce is the whole counter block, incremented
/// big-endian over all 128 bits by mbedtls_aes_crypt_ctr). All three use the encryption key schedule in
/// both directions.
template <AesStream Mode>
class AesStreamOps {
 public:
  explicit AesStreamOps(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    check(mbedtls_aes_setkey_enc(aes_.get(), spec.secret_key, spec.key_bits), algorithm_ + " key setup");
  }

  void crypt(sdk::Direction direction, const ca_io& io, uint8_t* out) {
    std::array<uint8_t, 16> iv;
    std::memcpy(iv.data(), io.nonce, 16);
    size_t offset = 0;  // position inside the current key stream block: 0 at every new message
    int ret = 0;
    if constexpr (Mode == AesStream::Cfb128) {
      const int mode = direction == sdk::Direction::Encrypt ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT;
      ret = mbedtls_aes_crypt_cfb128(aes_.get(), mode, io.input_len, &offset, iv.data(), io.input, out);
    } else if constexpr (Mode == AesStream::Ofb) {
      (void)direction;
      ret = mbedtls_aes_crypt_ofb(aes_.get(), io.input_len, &offset, iv.data(), io.input, out);
    } else {
      (void)direction;
      std::array<uint8_t, 16> stream_block;
      ret = mbedtls_aes_crypt_ctr(aes_.get(), io.input_len, &offset, iv.data(), stream_block.data(), io.input,
                                  out);
    }
    check(ret, algorithm_);
  }

 private:
  std::string algorithm_;
  AesTraits::Ctx aes_;
};
template <AesStream Mode>
using AesStreamMode = sdk::StreamMode<AesStreamOps<Mode>>;

/// AES-XTS: key = K1 (data) || K2 (tweak); mbedtls_aes_crypt_xts takes the 16-byte tweak ("data unit") as is
/// and steals ciphertext for a partial last block. Messages of 16 bytes to 16 MiB (2^20 blocks, the limit of
/// IEEE 1619 the module enforces).
class AesXtsOps {
 public:
  explicit AesXtsOps(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    const auto bits = static_cast<unsigned>(2 * spec.key_bits);
    check(mbedtls_aes_xts_setkey_enc(encryptor_.get(), spec.secret_key, bits), algorithm_ + " key setup");
    check(mbedtls_aes_xts_setkey_dec(decryptor_.get(), spec.secret_key, bits), algorithm_ + " key setup");
  }

  void check_length(const ca_io& io) const {
    if (io.input_len < 16 || io.input_len > kMaxLength)
      throw sdk::Unsupported(algorithm_ + " takes 16 bytes to 16 MiB per message (Mbed TLS), got " +
                             std::to_string(io.input_len));
  }
  void crypt(sdk::Direction direction, const ca_io& io, uint8_t* out) {
    const bool encrypt = direction == sdk::Direction::Encrypt;
    check(mbedtls_aes_crypt_xts(encrypt ? encryptor_.get() : decryptor_.get(),
                                encrypt ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT, io.input_len, io.nonce,
                                io.input, out),
          algorithm_);
  }

 private:
  using Ctx = Owned<mbedtls_aes_xts_context, mbedtls_aes_xts_init, mbedtls_aes_xts_free>;
  static constexpr size_t kMaxLength = size_t{1} << 24;

  std::string algorithm_;
  Ctx encryptor_;
  Ctx decryptor_;
};
using AesXts = sdk::StreamMode<AesXtsOps>;

// ---- stream ciphers --------------------------------------------------------------------------------------

/// ChaCha20 (RFC 8439): 12-byte nonce, 32-bit block counter from 0. The key is set once; each message calls
/// mbedtls_chacha20_starts (nonce, counter 0), which also drops the previous message's key stream.
class ChaCha20Ops {
 public:
  explicit ChaCha20Ops(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    check(mbedtls_chacha20_setkey(ctx_.get(), spec.secret_key), algorithm_ + " key setup");
  }
  void crypt(sdk::Direction, const ca_io& io, uint8_t* out) {
    check(mbedtls_chacha20_starts(ctx_.get(), io.nonce, 0), algorithm_);
    check(mbedtls_chacha20_update(ctx_.get(), io.input_len, io.input, out), algorithm_);
  }

 private:
  std::string algorithm_;
  Owned<mbedtls_chacha20_context, mbedtls_chacha20_init, mbedtls_chacha20_free> ctx_;
};
using ChaCha20 = sdk::StreamMode<ChaCha20Ops>;

/// ARIA (RFC 5794) in CBC, where the library was built with it (compat::kHasAria).
#if defined(MBEDTLS_ARIA_C)
using AriaTraits = SplitKeyCbcTraits<mbedtls_aria_context, mbedtls_aria_init, mbedtls_aria_free,
                                     mbedtls_aria_setkey_enc, mbedtls_aria_setkey_dec, mbedtls_aria_crypt_cbc>;
inline sdk::Factory aria_cbc() { return sdk::make_factory<PaddedBlockMode<AriaTraits>>(); }
#else
inline sdk::Factory aria_cbc() { return {}; }  // the row's availability (compat::aria_unavailable) says why
#endif

// ---- ciphers Mbed TLS 3.0 removed ---------------------------------------------------------------------

#if MBEDTLS_VERSION_MAJOR < 3
struct BlowfishTraits : CbcModule<8> {
  using Ctx = Owned<mbedtls_blowfish_context, mbedtls_blowfish_init, mbedtls_blowfish_free>;
  // Blowfish uses the same subkeys in both directions.
  static int set_key(Ctx& c, sdk::Direction, const uint8_t* k, size_t n) {
    return mbedtls_blowfish_setkey(c.get(), k, static_cast<unsigned>(n * 8));
  }
  static int process(Ctx& c, sdk::Direction d, uint8_t* iv, uint8_t* out, const uint8_t* in, size_t n) {
    return mbedtls_blowfish_crypt_cbc(c.get(), mode_of(d), n, iv, in, out);
  }
};

/// RC4 (ARCFOUR), no bytes dropped. RC4 has no IV: every message starts at key stream byte 0, from a copy
/// of the state the key schedule left (258 bytes; the key schedule itself stays in create(), as with
/// OpenSSL's EVP_CIPHER_CTX_copy).
class Rc4Ops {
 public:
  explicit Rc4Ops(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    mbedtls_arc4_setup(keyed_.get(), spec.secret_key, static_cast<unsigned>(spec.secret_key_len));
  }
  void crypt(sdk::Direction, const ca_io& io, uint8_t* out) {
    *working_.get() = *keyed_.get();  // a plain struct of the S-box and two indices
    check(mbedtls_arc4_crypt(working_.get(), io.input_len, io.input, out), algorithm_);
  }

 private:
  using Ctx = Owned<mbedtls_arc4_context, mbedtls_arc4_init, mbedtls_arc4_free>;
  std::string algorithm_;
  Ctx keyed_;
  Ctx working_;
};

inline sdk::Factory rc4() { return sdk::make_factory<sdk::StreamMode<Rc4Ops>>(); }
inline sdk::Factory blowfish_cbc() { return sdk::make_factory<PaddedBlockMode<BlowfishTraits>>(); }
#else
// No factory: the rows' availability (compat::arc4_unavailable, blowfish_unavailable) says why.
inline sdk::Factory rc4() { return {}; }
inline sdk::Factory blowfish_cbc() { return {}; }
#endif

// ---- AEADs -----------------------------------------------------------------------------------------------

/// AES-GCM: mbedtls_gcm_crypt_and_tag / mbedtls_gcm_auth_decrypt (one call per message; the nonce and tag
/// lengths are the context's, 12 and 16 bytes by default). The tag check in mbedtls_gcm_auth_decrypt is
/// constant time and zeroes the output on failure. The same context is GMAC-AES (gmac = true): the message as
/// associated data, nothing encrypted.
class GcmOps {
 public:
  explicit GcmOps(const ca_key_spec& spec, bool gmac = false) : algorithm_(spec.algorithm), gmac_(gmac) {
    check(mbedtls_gcm_setkey(ctx_.get(), MBEDTLS_CIPHER_ID_AES, spec.secret_key, spec.key_bits),
          algorithm_ + " key setup");
  }
  void seal(const ca_io& io, uint8_t* out, std::span<uint8_t> tag) {
    check(mbedtls_gcm_crypt_and_tag(ctx_.get(), MBEDTLS_GCM_ENCRYPT, io.input_len, io.nonce, io.nonce_len,
                                    io.aad, io.aad_len, io.input, out, tag.size(), tag.data()),
          algorithm_);
  }
  bool open(const ca_io& io, size_t length, std::span<const uint8_t> tag, uint8_t* out) {
    const int ret = mbedtls_gcm_auth_decrypt(ctx_.get(), length, io.nonce, io.nonce_len, io.aad, io.aad_len,
                                             tag.data(), tag.size(), io.input, out);
    if (ret == MBEDTLS_ERR_GCM_AUTH_FAILED) return false;
    check(ret, algorithm_);
    return true;
  }
  void tag_only(const ca_io& io, std::span<uint8_t> tag) {
    check(mbedtls_gcm_crypt_and_tag(ctx_.get(), MBEDTLS_GCM_ENCRYPT, 0, io.nonce, io.nonce_len, io.input,
                                    io.input_len, nullptr, nullptr, tag.size(), tag.data()),
          algorithm_);
  }
  bool offers(int op) const { return gmac_ ? op == CA_OP_MAC : op != CA_OP_MAC; }

 private:
  std::string algorithm_;
  bool gmac_;
  Owned<mbedtls_gcm_context, mbedtls_gcm_init, mbedtls_gcm_free> ctx_;
};
using AesGcm = sdk::TaggedAead<GcmOps>;

/// AES-CCM: mbedtls_ccm_encrypt_and_tag / mbedtls_ccm_auth_decrypt; 12-byte nonce (L = 3) and 16-byte tag by
/// default, or the context's lengths.
class CcmOps {
 public:
  explicit CcmOps(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    check(mbedtls_ccm_setkey(ctx_.get(), MBEDTLS_CIPHER_ID_AES, spec.secret_key, spec.key_bits),
          algorithm_ + " key setup");
  }
  void seal(const ca_io& io, uint8_t* out, std::span<uint8_t> tag) {
    check(mbedtls_ccm_encrypt_and_tag(ctx_.get(), io.input_len, io.nonce, io.nonce_len, io.aad, io.aad_len,
                                      io.input, out, tag.data(), tag.size()),
          algorithm_);
  }
  bool open(const ca_io& io, size_t length, std::span<const uint8_t> tag, uint8_t* out) {
    const int ret = mbedtls_ccm_auth_decrypt(ctx_.get(), length, io.nonce, io.nonce_len, io.aad, io.aad_len,
                                             io.input, out, tag.data(), tag.size());
    if (ret == MBEDTLS_ERR_CCM_AUTH_FAILED) return false;
    check(ret, algorithm_);
    return true;
  }

 private:
  std::string algorithm_;
  Owned<mbedtls_ccm_context, mbedtls_ccm_init, mbedtls_ccm_free> ctx_;
};
using AesCcm = sdk::TaggedAead<CcmOps>;

/// ChaCha20-Poly1305 (RFC 8439): mbedtls_chachapoly_encrypt_and_tag / mbedtls_chachapoly_auth_decrypt.
class ChaChaPolyOps {
 public:
  explicit ChaChaPolyOps(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    check(mbedtls_chachapoly_setkey(ctx_.get(), spec.secret_key), algorithm_ + " key setup");
  }
  void seal(const ca_io& io, uint8_t* out, std::span<uint8_t> tag) {
    check(mbedtls_chachapoly_encrypt_and_tag(ctx_.get(), io.input_len, io.nonce, io.aad, io.aad_len, io.input,
                                             out, tag.data()),
          algorithm_);
  }
  bool open(const ca_io& io, size_t length, std::span<const uint8_t> tag, uint8_t* out) {
    const int ret = mbedtls_chachapoly_auth_decrypt(ctx_.get(), length, io.nonce, io.aad, io.aad_len,
                                                    tag.data(), io.input, out);
    if (ret == MBEDTLS_ERR_CHACHAPOLY_AUTH_FAILED) return false;
    check(ret, algorithm_);
    return true;
  }

 private:
  std::string algorithm_;
  Owned<mbedtls_chachapoly_context, mbedtls_chachapoly_init, mbedtls_chachapoly_free> ctx_;
};
using ChaChaPoly = sdk::TaggedAead<ChaChaPolyOps>;

// ---- hashes and MACs -------------------------------------------------------------------------------------

/// Looks up an md.h digest, which must be compiled into this libmbedcrypto.
inline const mbedtls_md_info_t* md_info(mbedtls_md_type_t type, const char* algorithm) {
  const mbedtls_md_info_t* info = mbedtls_md_info_from_type(type);
  if (info == nullptr) throw sdk::Unsupported(std::string(algorithm) + ": digest not compiled into Mbed TLS");
  return info;
}

/// One-shot digest through mbedtls_md (the md.h dispatcher: one indirect call to mbedtls_sha256_ret, 3.x
/// mbedtls_sha256, etc.).
class DigestOps {
 public:
  DigestOps(const ca_key_spec& spec, mbedtls_md_type_t type)
      : algorithm_(spec.algorithm), info_(md_info(type, spec.algorithm)) {}
  void hash(const ca_io& io, std::span<uint8_t> out) {
    check(mbedtls_md(info_, io.input, io.input_len, out.data()), algorithm_);
  }

 private:
  std::string algorithm_;
  const mbedtls_md_info_t* info_;
};
using Digest = sdk::HashMode<DigestOps>;

/// HMAC through md.h: mbedtls_md_hmac_starts once (inner and outer pads hashed), then per message
/// mbedtls_md_hmac_reset (back to the keyed inner state) + update + finish.
class HmacOps {
 public:
  HmacOps(const ca_key_spec& spec, mbedtls_md_type_t type) : algorithm_(spec.algorithm) {
    check(mbedtls_md_setup(ctx_.get(), md_info(type, spec.algorithm), 1), algorithm_ + " setup");
    check(mbedtls_md_hmac_starts(ctx_.get(), spec.secret_key, spec.secret_key_len),
          algorithm_ + " key setup");
  }
  void mac(const ca_io& io, std::span<uint8_t> tag) {
    check(mbedtls_md_hmac_reset(ctx_.get()), algorithm_);
    check(mbedtls_md_hmac_update(ctx_.get(), io.input, io.input_len), algorithm_);
    check(mbedtls_md_hmac_finish(ctx_.get(), tag.data()), algorithm_);
  }

 private:
  std::string algorithm_;
  Owned<mbedtls_md_context_t, mbedtls_md_init, mbedtls_md_free> ctx_;
};
using Hmac = sdk::MacMode<HmacOps>;

/// CMAC-AES through cmac.h on a cipher.h context: mbedtls_cipher_cmac_starts once (AES key schedule), then
/// per message mbedtls_cipher_cmac_reset + update + finish (the subkeys K1, K2 are derived inside finish).
class CmacAesOps {
 public:
  explicit CmacAesOps(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    const mbedtls_cipher_type_t type = spec.key_bits == 128   ? MBEDTLS_CIPHER_AES_128_ECB
                                       : spec.key_bits == 192 ? MBEDTLS_CIPHER_AES_192_ECB
                                                              : MBEDTLS_CIPHER_AES_256_ECB;
    check(mbedtls_cipher_setup(ctx_.get(), mbedtls_cipher_info_from_type(type)), algorithm_ + " setup");
    check(mbedtls_cipher_cmac_starts(ctx_.get(), spec.secret_key, spec.key_bits), algorithm_ + " key setup");
  }
  void mac(const ca_io& io, std::span<uint8_t> tag) {
    check(mbedtls_cipher_cmac_reset(ctx_.get()), algorithm_);
    // mbedtls_cipher_cmac_update refuses a NULL input even with length 0.
    if (io.input_len != 0) check(mbedtls_cipher_cmac_update(ctx_.get(), io.input, io.input_len), algorithm_);
    check(mbedtls_cipher_cmac_finish(ctx_.get(), tag.data()), algorithm_);
  }

 private:
  std::string algorithm_;
  Owned<mbedtls_cipher_context_t, mbedtls_cipher_init, mbedtls_cipher_free> ctx_;
};
using CmacAes = sdk::MacMode<CmacAesOps>;

/// Poly1305 (RFC 8439) with the 32-byte one-time key r || s. mbedtls_poly1305_mac is the one-shot call; the
/// key is clamped inside it on every message (a few instructions), because Poly1305 is a one-time MAC and
/// the module offers no way to restart a keyed context.
class Poly1305Ops {
 public:
  explicit Poly1305Ops(const ca_key_spec& spec) : algorithm_(spec.algorithm), key_(spec) {}
  void mac(const ca_io& io, std::span<uint8_t> tag) {
    check(mbedtls_poly1305_mac(key_.data(), io.input, io.input_len, tag.data()), algorithm_);
  }

 private:
  std::string algorithm_;
  sdk::RawKey key_;
};
using Poly1305 = sdk::MacMode<Poly1305Ops>;

}  // namespace ca::backend_mbedtls
