// Mbed TLS 2.28 contexts for ciphers, AEADs, hashes and MACs: one class template per API shape, instantiated
// once per row in mbedtls_backend.cpp. Every context uses the algorithm's own module (aes.h, gcm.h,
// camellia.h, ...), not the generic cipher.h layer: the cipher layer processes ECB one block per call and
// copies every partial block through its own buffer, the module functions take the whole message.
#pragma once

#include <mbedtls/aes.h>
#include <mbedtls/arc4.h>
#include <mbedtls/blowfish.h>
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
#include <stdexcept>
#include <string>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::mbedtls {

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

/// An Mbed TLS context struct with its init / free pair, so that every context is freed exactly once.
template <class Ctx, void (*Init)(Ctx*), void (*Free)(Ctx*)>
class Owned {
 public:
  Owned() { Init(&ctx_); }
  ~Owned() { Free(&ctx_); }
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  Ctx* get() { return &ctx_; }

 private:
  Ctx ctx_;
};

// ---- block ciphers in ECB / CBC with PKCS#7 padding ------------------------------------------------------

// One traits struct per block cipher module: the context, its block size, key setup for each direction
// (the catalog's key bytes as given), and the module's CBC function (mode 1 = encrypt, 0 = decrypt in every
// module). ECB exists only for AES (the catalog has no other ECB row).
struct AesTraits {
  using Ctx = Owned<mbedtls_aes_context, mbedtls_aes_init, mbedtls_aes_free>;
  static constexpr size_t kBlock = 16;
  static int set_encrypt_key(Ctx& c, const uint8_t* k, size_t n) {
    return mbedtls_aes_setkey_enc(c.get(), k, static_cast<unsigned>(n * 8));
  }
  static int set_decrypt_key(Ctx& c, const uint8_t* k, size_t n) {
    return mbedtls_aes_setkey_dec(c.get(), k, static_cast<unsigned>(n * 8));
  }
  static int cbc(Ctx& c, int mode, size_t n, uint8_t* iv, const uint8_t* in, uint8_t* out) {
    return mbedtls_aes_crypt_cbc(c.get(), mode ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT, n, iv, in, out);
  }
  static int ecb(Ctx& c, int mode, const uint8_t* in, uint8_t* out) {
    return mbedtls_aes_crypt_ecb(c.get(), mode ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT, in, out);
  }
};

struct CamelliaTraits {
  using Ctx = Owned<mbedtls_camellia_context, mbedtls_camellia_init, mbedtls_camellia_free>;
  static constexpr size_t kBlock = 16;
  static int set_encrypt_key(Ctx& c, const uint8_t* k, size_t n) {
    return mbedtls_camellia_setkey_enc(c.get(), k, static_cast<unsigned>(n * 8));
  }
  static int set_decrypt_key(Ctx& c, const uint8_t* k, size_t n) {
    return mbedtls_camellia_setkey_dec(c.get(), k, static_cast<unsigned>(n * 8));
  }
  static int cbc(Ctx& c, int mode, size_t n, uint8_t* iv, const uint8_t* in, uint8_t* out) {
    return mbedtls_camellia_crypt_cbc(c.get(), mode ? MBEDTLS_CAMELLIA_ENCRYPT : MBEDTLS_CAMELLIA_DECRYPT, n,
                                      iv, in, out);
  }
};

struct BlowfishTraits {
  using Ctx = Owned<mbedtls_blowfish_context, mbedtls_blowfish_init, mbedtls_blowfish_free>;
  static constexpr size_t kBlock = 8;
  // Blowfish uses the same subkeys in both directions.
  static int set_encrypt_key(Ctx& c, const uint8_t* k, size_t n) {
    return mbedtls_blowfish_setkey(c.get(), k, static_cast<unsigned>(n * 8));
  }
  static int set_decrypt_key(Ctx& c, const uint8_t* k, size_t n) { return set_encrypt_key(c, k, n); }
  static int cbc(Ctx& c, int mode, size_t n, uint8_t* iv, const uint8_t* in, uint8_t* out) {
    return mbedtls_blowfish_crypt_cbc(c.get(), mode ? MBEDTLS_BLOWFISH_ENCRYPT : MBEDTLS_BLOWFISH_DECRYPT, n,
                                      iv, in, out);
  }
};

/// Single DES; parity bits are ignored by mbedtls_des_setkey_* (mbedtls_des_key_check_key_parity is
/// separate).
struct DesTraits {
  using Ctx = Owned<mbedtls_des_context, mbedtls_des_init, mbedtls_des_free>;
  static constexpr size_t kBlock = 8;
  static int set_encrypt_key(Ctx& c, const uint8_t* k, size_t) { return mbedtls_des_setkey_enc(c.get(), k); }
  static int set_decrypt_key(Ctx& c, const uint8_t* k, size_t) { return mbedtls_des_setkey_dec(c.get(), k); }
  static int cbc(Ctx& c, int mode, size_t n, uint8_t* iv, const uint8_t* in, uint8_t* out) {
    return mbedtls_des_crypt_cbc(c.get(), mode ? MBEDTLS_DES_ENCRYPT : MBEDTLS_DES_DECRYPT, n, iv, in, out);
  }
};

/// Triple DES, EDE: a 16-byte key is two-key 3DES (K3 = K1), a 24-byte key three-key.
struct Des3Traits {
  using Ctx = Owned<mbedtls_des3_context, mbedtls_des3_init, mbedtls_des3_free>;
  static constexpr size_t kBlock = 8;
  static int set_encrypt_key(Ctx& c, const uint8_t* k, size_t n) {
    return n == 16 ? mbedtls_des3_set2key_enc(c.get(), k) : mbedtls_des3_set3key_enc(c.get(), k);
  }
  static int set_decrypt_key(Ctx& c, const uint8_t* k, size_t n) {
    return n == 16 ? mbedtls_des3_set2key_dec(c.get(), k) : mbedtls_des3_set3key_dec(c.get(), k);
  }
  static int cbc(Ctx& c, int mode, size_t n, uint8_t* iv, const uint8_t* in, uint8_t* out) {
    return mbedtls_des3_crypt_cbc(c.get(), mode ? MBEDTLS_DES_ENCRYPT : MBEDTLS_DES_DECRYPT, n, iv, in, out);
  }
};

/// ECB (Ecb = true, AES only) or CBC with PKCS#7 padding. The whole blocks go straight from input to output
/// in one module call (CBC) or one call per block (ECB: Mbed TLS has no multi-block ECB function); only the
/// last, padded block is assembled on the stack.
template <class Traits, bool Ecb = false>
class PaddedBlockMode {
 public:
  static constexpr size_t kBlock = Traits::kBlock;

  explicit PaddedBlockMode(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    check(Traits::set_encrypt_key(encryptor_, spec.secret_key, spec.secret_key_len),
          algorithm_ + " key setup");
    check(Traits::set_decrypt_key(decryptor_, spec.secret_key, spec.secret_key_len),
          algorithm_ + " key setup");
  }

  int encrypt(ca_io& io) {
    const size_t whole = io.input_len - io.input_len % kBlock;
    const size_t padded = sdk::pkcs7_padded_size(io.input_len, kBlock);
    sdk::require_output(io, padded);
    std::array<uint8_t, kBlock> iv{};
    load_iv(io, iv);
    std::array<uint8_t, kBlock> last{};
    sdk::copy_bytes(last.data(), io.input + whole, io.input_len - whole);
    sdk::pkcs7_pad_in_place(last.data(), io.input_len - whole, kBlock);
    run(encryptor_, 1, whole, iv, io.input, io.output);
    run(encryptor_, 1, kBlock, iv, last.data(), io.output + whole);
    io.output_len = padded;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    if (io.input_len == 0 || io.input_len % kBlock != 0) return CA_REJECTED;
    const size_t whole = io.input_len - kBlock;
    std::array<uint8_t, kBlock> iv{};
    load_iv(io, iv);
    // The last block decrypts into a stack buffer so that the caller's buffer only has to hold the
    // plaintext, whose length is known once the padding has been read.
    sdk::require_output(io, whole);
    std::array<uint8_t, kBlock> last{};
    run(decryptor_, 0, whole, iv, io.input, io.output);
    run(decryptor_, 0, kBlock, iv, io.input + whole, last.data());
    const size_t tail = sdk::pkcs7_unpadded_size(last.data(), kBlock, kBlock);
    if (tail == SIZE_MAX) return CA_REJECTED;
    sdk::require_output(io, whole + tail);
    sdk::copy_bytes(io.output + whole, last.data(), tail);
    io.output_len = whole + tail;
    return CA_OK;
  }

 private:
  void load_iv(const ca_io& io, std::array<uint8_t, kBlock>& iv) const {
    if constexpr (!Ecb) {
      sdk::require_nonce(io, kBlock, algorithm_.c_str());
      std::memcpy(iv.data(), io.nonce, kBlock);
    }
  }

  void run(typename Traits::Ctx& ctx, int mode, size_t n, std::array<uint8_t, kBlock>& iv, const uint8_t* in,
           uint8_t* out) {
    if (n == 0) return;
    if constexpr (Ecb) {
      for (size_t i = 0; i < n; i += kBlock) check(Traits::ecb(ctx, mode, in + i, out + i), algorithm_);
    } else {
      check(Traits::cbc(ctx, mode, n, iv.data(), in, out), algorithm_);  // iv is updated in place
    }
  }

  std::string algorithm_;
  typename Traits::Ctx encryptor_;
  typename Traits::Ctx decryptor_;
};

// ---- AES stream modes, XTS ------------------------------------------------------------------------------

enum class AesStream { Cfb128, Ofb, Ctr };

/// AES-CFB (128-bit feedback), AES-OFB, AES-CTR (the 16-byte nonce is the whole counter block, incremented
/// big-endian over all 128 bits by mbedtls_aes_crypt_ctr). All three use the encryption key schedule in
/// both directions.
template <AesStream Mode>
class AesStreamMode {
 public:
  explicit AesStreamMode(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    check(mbedtls_aes_setkey_enc(aes_.get(), spec.secret_key, spec.key_bits), algorithm_ + " key setup");
  }

  int encrypt(ca_io& io) { return process(io, MBEDTLS_AES_ENCRYPT); }
  int decrypt(ca_io& io) { return process(io, MBEDTLS_AES_DECRYPT); }

 private:
  int process(ca_io& io, int mode) {
    sdk::require_nonce(io, 16, algorithm_.c_str());
    sdk::require_output(io, io.input_len);
    std::array<uint8_t, 16> iv;
    std::memcpy(iv.data(), io.nonce, 16);
    size_t offset = 0;  // position inside the current key stream block: 0 at every new message
    int ret = 0;
    if constexpr (Mode == AesStream::Cfb128) {
      ret = mbedtls_aes_crypt_cfb128(aes_.get(), mode, io.input_len, &offset, iv.data(), io.input, io.output);
    } else if constexpr (Mode == AesStream::Ofb) {
      (void)mode;
      ret = mbedtls_aes_crypt_ofb(aes_.get(), io.input_len, &offset, iv.data(), io.input, io.output);
    } else {
      (void)mode;
      std::array<uint8_t, 16> stream_block;
      ret = mbedtls_aes_crypt_ctr(aes_.get(), io.input_len, &offset, iv.data(), stream_block.data(), io.input,
                                  io.output);
    }
    check(ret, algorithm_);
    io.output_len = io.input_len;
    return CA_OK;
  }

  std::string algorithm_;
  AesTraits::Ctx aes_;
};

/// AES-XTS: key = K1 (data) || K2 (tweak); mbedtls_aes_crypt_xts takes the 16-byte tweak ("data unit") as is
/// and steals ciphertext for a partial last block. Messages of 16 bytes to 16 MiB (2^20 blocks, the limit of
/// IEEE 1619 the module enforces).
class AesXts {
 public:
  explicit AesXts(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, 2 * spec.key_bits / 8);
    const auto bits = static_cast<unsigned>(2 * spec.key_bits);
    check(mbedtls_aes_xts_setkey_enc(encryptor_.get(), spec.secret_key, bits), algorithm_ + " key setup");
    check(mbedtls_aes_xts_setkey_dec(decryptor_.get(), spec.secret_key, bits), algorithm_ + " key setup");
  }

  int encrypt(ca_io& io) { return process(encryptor_, MBEDTLS_AES_ENCRYPT, io); }
  int decrypt(ca_io& io) { return process(decryptor_, MBEDTLS_AES_DECRYPT, io); }

 private:
  using Ctx = Owned<mbedtls_aes_xts_context, mbedtls_aes_xts_init, mbedtls_aes_xts_free>;
  static constexpr size_t kMaxLength = size_t{1} << 24;

  int process(Ctx& ctx, int mode, ca_io& io) {
    sdk::require_nonce(io, 16, algorithm_.c_str());
    if (io.input_len < 16 || io.input_len > kMaxLength)
      throw sdk::Unsupported(algorithm_ + " takes 16 bytes to 16 MiB per message (Mbed TLS), got " +
                             std::to_string(io.input_len));
    sdk::require_output(io, io.input_len);
    check(mbedtls_aes_crypt_xts(ctx.get(), mode, io.input_len, io.nonce, io.input, io.output), algorithm_);
    io.output_len = io.input_len;
    return CA_OK;
  }

  std::string algorithm_;
  Ctx encryptor_;
  Ctx decryptor_;
};

// ---- stream ciphers --------------------------------------------------------------------------------------

/// ChaCha20 (RFC 8439): 12-byte nonce, 32-bit block counter from 0. The key is set once; each message calls
/// mbedtls_chacha20_starts (nonce, counter 0), which also drops the previous message's key stream.
class ChaCha20 {
 public:
  explicit ChaCha20(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, 32);
    check(mbedtls_chacha20_setkey(ctx_.get(), spec.secret_key), algorithm_ + " key setup");
  }
  int encrypt(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    sdk::require_output(io, io.input_len);
    check(mbedtls_chacha20_starts(ctx_.get(), io.nonce, 0), algorithm_);
    check(mbedtls_chacha20_update(ctx_.get(), io.input_len, io.input, io.output), algorithm_);
    io.output_len = io.input_len;
    return CA_OK;
  }
  int decrypt(ca_io& io) { return encrypt(io); }

 private:
  std::string algorithm_;
  Owned<mbedtls_chacha20_context, mbedtls_chacha20_init, mbedtls_chacha20_free> ctx_;
};

/// RC4 (ARCFOUR), no bytes dropped. RC4 has no IV: every message starts at key stream byte 0, from a copy
/// of the state the key schedule left (258 bytes; the key schedule itself stays in create(), as with
/// OpenSSL's EVP_CIPHER_CTX_copy).
class Rc4 {
 public:
  explicit Rc4(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    mbedtls_arc4_setup(keyed_.get(), spec.secret_key, static_cast<unsigned>(spec.secret_key_len));
  }
  int encrypt(ca_io& io) {
    sdk::require_output(io, io.input_len);
    *working_.get() = *keyed_.get();  // a plain struct of the S-box and two indices
    check(mbedtls_arc4_crypt(working_.get(), io.input_len, io.input, io.output), algorithm_);
    io.output_len = io.input_len;
    return CA_OK;
  }
  int decrypt(ca_io& io) { return encrypt(io); }

 private:
  using Ctx = Owned<mbedtls_arc4_context, mbedtls_arc4_init, mbedtls_arc4_free>;
  std::string algorithm_;
  Ctx keyed_;
  Ctx working_;
};

// ---- AEADs -----------------------------------------------------------------------------------------------

/// AES-GCM: mbedtls_gcm_crypt_and_tag / mbedtls_gcm_auth_decrypt (one call per message, 12-byte nonce,
/// 16-byte tag). The tag check in mbedtls_gcm_auth_decrypt is constant time and zeroes the output on failure.
class AesGcm {
 public:
  explicit AesGcm(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    check(mbedtls_gcm_setkey(ctx_.get(), MBEDTLS_CIPHER_ID_AES, spec.secret_key, spec.key_bits),
          algorithm_ + " key setup");
  }
  int encrypt(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    sdk::require_output(io, io.input_len + 16);
    check(mbedtls_gcm_crypt_and_tag(ctx_.get(), MBEDTLS_GCM_ENCRYPT, io.input_len, io.nonce, 12, io.aad,
                                    io.aad_len, io.input, io.output, 16, io.output + io.input_len),
          algorithm_);
    io.output_len = io.input_len + 16;
    return CA_OK;
  }
  int decrypt(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    if (io.input_len < 16) return CA_REJECTED;
    const size_t length = io.input_len - 16;
    sdk::require_output(io, length);
    const int ret = mbedtls_gcm_auth_decrypt(ctx_.get(), length, io.nonce, 12, io.aad, io.aad_len,
                                             io.input + length, 16, io.input, io.output);
    if (ret == MBEDTLS_ERR_GCM_AUTH_FAILED) return CA_REJECTED;
    check(ret, algorithm_);
    io.output_len = length;
    return CA_OK;
  }
  /// GMAC-AES: the message as associated data, nothing encrypted; the tag is the MAC.
  int mac(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    sdk::require_output(io, 16);
    check(mbedtls_gcm_crypt_and_tag(ctx_.get(), MBEDTLS_GCM_ENCRYPT, 0, io.nonce, 12, io.input, io.input_len,
                                    nullptr, nullptr, 16, io.output),
          algorithm_);
    io.output_len = 16;
    return CA_OK;
  }
  bool offers(int op) const { return gmac_ ? op == CA_OP_MAC : op != CA_OP_MAC; }

  AesGcm(const ca_key_spec& spec, bool gmac) : AesGcm(spec) { gmac_ = gmac; }

 private:
  std::string algorithm_;
  bool gmac_ = false;
  Owned<mbedtls_gcm_context, mbedtls_gcm_init, mbedtls_gcm_free> ctx_;
};

/// AES-CCM: mbedtls_ccm_encrypt_and_tag / mbedtls_ccm_auth_decrypt, 12-byte nonce (L = 3), 16-byte tag.
class AesCcm {
 public:
  explicit AesCcm(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    check(mbedtls_ccm_setkey(ctx_.get(), MBEDTLS_CIPHER_ID_AES, spec.secret_key, spec.key_bits),
          algorithm_ + " key setup");
  }
  int encrypt(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    sdk::require_output(io, io.input_len + 16);
    check(mbedtls_ccm_encrypt_and_tag(ctx_.get(), io.input_len, io.nonce, 12, io.aad, io.aad_len, io.input,
                                      io.output, io.output + io.input_len, 16),
          algorithm_);
    io.output_len = io.input_len + 16;
    return CA_OK;
  }
  int decrypt(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    if (io.input_len < 16) return CA_REJECTED;
    const size_t length = io.input_len - 16;
    sdk::require_output(io, length);
    const int ret = mbedtls_ccm_auth_decrypt(ctx_.get(), length, io.nonce, 12, io.aad, io.aad_len, io.input,
                                             io.output, io.input + length, 16);
    if (ret == MBEDTLS_ERR_CCM_AUTH_FAILED) return CA_REJECTED;
    check(ret, algorithm_);
    io.output_len = length;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  Owned<mbedtls_ccm_context, mbedtls_ccm_init, mbedtls_ccm_free> ctx_;
};

/// ChaCha20-Poly1305 (RFC 8439): mbedtls_chachapoly_encrypt_and_tag / mbedtls_chachapoly_auth_decrypt.
class ChaChaPoly {
 public:
  explicit ChaChaPoly(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, 32);
    check(mbedtls_chachapoly_setkey(ctx_.get(), spec.secret_key), algorithm_ + " key setup");
  }
  int encrypt(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    sdk::require_output(io, io.input_len + 16);
    check(mbedtls_chachapoly_encrypt_and_tag(ctx_.get(), io.input_len, io.nonce, io.aad, io.aad_len, io.input,
                                             io.output, io.output + io.input_len),
          algorithm_);
    io.output_len = io.input_len + 16;
    return CA_OK;
  }
  int decrypt(ca_io& io) {
    sdk::require_nonce(io, 12, algorithm_.c_str());
    if (io.input_len < 16) return CA_REJECTED;
    const size_t length = io.input_len - 16;
    sdk::require_output(io, length);
    const int ret = mbedtls_chachapoly_auth_decrypt(ctx_.get(), length, io.nonce, io.aad, io.aad_len,
                                                    io.input + length, io.input, io.output);
    if (ret == MBEDTLS_ERR_CHACHAPOLY_AUTH_FAILED) return CA_REJECTED;
    check(ret, algorithm_);
    io.output_len = length;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  Owned<mbedtls_chachapoly_context, mbedtls_chachapoly_init, mbedtls_chachapoly_free> ctx_;
};

// ---- hashes and MACs -------------------------------------------------------------------------------------

/// Looks up an md.h digest, which must be compiled into this libmbedcrypto.
inline const mbedtls_md_info_t* md_info(mbedtls_md_type_t type, const char* algorithm) {
  const mbedtls_md_info_t* info = mbedtls_md_info_from_type(type);
  if (info == nullptr) throw sdk::Unsupported(std::string(algorithm) + ": digest not compiled into Mbed TLS");
  return info;
}

/// One-shot digest through mbedtls_md (the md.h dispatcher: one indirect call to mbedtls_sha256_ret etc.).
class Digest {
 public:
  Digest(const ca_key_spec& spec, mbedtls_md_type_t type)
      : algorithm_(spec.algorithm), info_(md_info(type, spec.algorithm)), size_(mbedtls_md_get_size(info_)) {}

  int hash(ca_io& io) {
    sdk::require_output(io, size_);
    check(mbedtls_md(info_, io.input, io.input_len, io.output), algorithm_);
    io.output_len = size_;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  const mbedtls_md_info_t* info_;
  size_t size_;
};

/// HMAC through md.h: mbedtls_md_hmac_starts once (inner and outer pads hashed), then per message
/// mbedtls_md_hmac_reset (back to the keyed inner state) + update + finish.
class Hmac {
 public:
  Hmac(const ca_key_spec& spec, mbedtls_md_type_t type) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    const mbedtls_md_info_t* info = md_info(type, spec.algorithm);
    size_ = mbedtls_md_get_size(info);
    check(mbedtls_md_setup(ctx_.get(), info, 1), algorithm_ + " setup");
    check(mbedtls_md_hmac_starts(ctx_.get(), spec.secret_key, spec.secret_key_len),
          algorithm_ + " key setup");
  }

  int mac(ca_io& io) {
    sdk::require_output(io, size_);
    check(mbedtls_md_hmac_reset(ctx_.get()), algorithm_);
    check(mbedtls_md_hmac_update(ctx_.get(), io.input, io.input_len), algorithm_);
    check(mbedtls_md_hmac_finish(ctx_.get(), io.output), algorithm_);
    io.output_len = size_;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  size_t size_ = 0;
  Owned<mbedtls_md_context_t, mbedtls_md_init, mbedtls_md_free> ctx_;
};

/// CMAC-AES through cmac.h on a cipher.h context: mbedtls_cipher_cmac_starts once (AES key schedule), then
/// per message mbedtls_cipher_cmac_reset + update + finish (the subkeys K1, K2 are derived inside finish).
class CmacAes {
 public:
  explicit CmacAes(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    const mbedtls_cipher_type_t type = spec.key_bits == 128   ? MBEDTLS_CIPHER_AES_128_ECB
                                       : spec.key_bits == 192 ? MBEDTLS_CIPHER_AES_192_ECB
                                                              : MBEDTLS_CIPHER_AES_256_ECB;
    check(mbedtls_cipher_setup(ctx_.get(), mbedtls_cipher_info_from_type(type)), algorithm_ + " setup");
    check(mbedtls_cipher_cmac_starts(ctx_.get(), spec.secret_key, spec.key_bits), algorithm_ + " key setup");
  }

  int mac(ca_io& io) {
    sdk::require_output(io, 16);
    check(mbedtls_cipher_cmac_reset(ctx_.get()), algorithm_);
    // mbedtls_cipher_cmac_update refuses a NULL input even with length 0.
    if (io.input_len != 0) check(mbedtls_cipher_cmac_update(ctx_.get(), io.input, io.input_len), algorithm_);
    check(mbedtls_cipher_cmac_finish(ctx_.get(), io.output), algorithm_);
    io.output_len = 16;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  Owned<mbedtls_cipher_context_t, mbedtls_cipher_init, mbedtls_cipher_free> ctx_;
};

/// Poly1305 (RFC 8439) with the 32-byte one-time key r || s. mbedtls_poly1305_mac is the one-shot call; the
/// key is clamped inside it on every message (a few instructions), because Poly1305 is a one-time MAC and
/// the module offers no way to restart a keyed context.
class Poly1305 {
 public:
  explicit Poly1305(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    sdk::require_key_bytes(spec, 32);
    std::memcpy(key_.data(), spec.secret_key, 32);
  }
  ~Poly1305() { std::memset(key_.data(), 0, key_.size()); }

  int mac(ca_io& io) {
    sdk::require_output(io, 16);
    check(mbedtls_poly1305_mac(key_.data(), io.input, io.input_len, io.output), algorithm_);
    io.output_len = 16;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  std::array<uint8_t, 32> key_{};
};

}  // namespace ca::mbedtls
