// Symmetric rows of the GnuTLS backend: gnutls_cipher_* (CBC, ChaCha20, XTS), gnutls_aead_cipher_*
// (AES-GCM, AES-CCM, ChaCha20-Poly1305), gnutls_hash_* and gnutls_hmac_* (HMAC, CMAC, GMAC). Every handle is
// keyed once, in the constructor; an operation sets the IV or nonce, processes the message and finishes it,
// as GnuTLS's own record layer does.
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>

#include <array>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "gnutls_backend.hpp"

namespace ca::backend_gnutls {
namespace {

using sdk::Direction;
using CipherPtr = sdk::Ptr<std::remove_pointer_t<gnutls_cipher_hd_t>, gnutls_cipher_deinit>;
using AeadPtr = sdk::Ptr<std::remove_pointer_t<gnutls_aead_cipher_hd_t>, gnutls_aead_cipher_deinit>;

void hash_deinit(gnutls_hash_hd_t h) { gnutls_hash_deinit(h, nullptr); }
void hmac_deinit(gnutls_hmac_hd_t h) { gnutls_hmac_deinit(h, nullptr); }
using HashPtr = sdk::Ptr<std::remove_pointer_t<gnutls_hash_hd_t>, hash_deinit>;
using HmacPtr = sdk::Ptr<std::remove_pointer_t<gnutls_hmac_hd_t>, hmac_deinit>;

gnutls_cipher_algorithm_t chosen(const ca_key_spec& spec, CipherChoice choose) {
  const gnutls_cipher_algorithm_t c = choose(spec.key_bits);
  if (c == GNUTLS_CIPHER_UNKNOWN)
    throw sdk::Unsupported(std::string(spec.algorithm) + ": no GnuTLS cipher for a " +
                           std::to_string(spec.key_bits) + "-bit key");
  return c;
}

CipherPtr open_cipher(const ca_key_spec& spec, gnutls_cipher_algorithm_t c) {
  sdk::require_key_bytes(spec, gnutls_cipher_get_key_size(c));
  const gnutls_datum_t key = datum(spec.secret_key, spec.secret_key_len);
  gnutls_cipher_hd_t h = nullptr;
  check(gnutls_cipher_init(&h, c, &key, nullptr), std::string(spec.algorithm) + ": gnutls_cipher_init");
  return CipherPtr(h);
}

// 2DES is two-key triple DES (SP 800-67 keying option 2, K3 = K1): GnuTLS has no such cipher, but its
// 3DES-CBC keyed with K1 || K2 || K1 is exactly it. The 24-byte copy lives only while GnuTLS copies the key.
CipherPtr open_cbc(const ca_key_spec& spec, gnutls_cipher_algorithm_t c, bool two_key) {
  if (!two_key) return open_cipher(spec, c);
  sdk::require_key_bytes(spec, 16);
  std::array<uint8_t, 24> key{};
  std::memcpy(key.data(), spec.secret_key, 16);
  std::memcpy(key.data() + 16, spec.secret_key, 8);
  ca_key_spec three_key = spec;
  three_key.secret_key = key.data();
  three_key.secret_key_len = key.size();
  CipherPtr handle = open_cipher(three_key, c);
  gnutls_memset(key.data(), 0, key.size());
  return handle;
}

void crypt(gnutls_cipher_hd_t h, Direction d, uint8_t* out, const uint8_t* in, size_t n) {
  const int ret = d == Direction::Encrypt ? gnutls_cipher_encrypt2(h, sdk::bytes_or_empty(in), n, out, n)
                                          : gnutls_cipher_decrypt2(h, sdk::bytes_or_empty(in), n, out, n);
  check(ret, d == Direction::Encrypt ? "gnutls_cipher_encrypt2" : "gnutls_cipher_decrypt2");
}

// ---- CBC: sdk::Pkcs7BlockMode over one gnutls_cipher handle ---------------------------------------------

/// gnutls_cipher_init keys a block cipher for both directions (one handle); gnutls_cipher_set_iv starts a
/// message in either. A second handle is the --cipher-mode stream context.
class CbcOps {
 public:
  CbcOps(const ca_key_spec& spec, CipherChoice choose, bool two_key_3des = false)
      : cipher_(chosen(spec, choose)),
        block_(static_cast<size_t>(gnutls_cipher_get_block_size(cipher_))),
        iv_(static_cast<size_t>(gnutls_cipher_get_iv_size(cipher_))),
        handle_(open_cbc(spec, cipher_, two_key_3des)),
        stream_(open_cbc(spec, cipher_, two_key_3des)) {}

  size_t block_size() const { return block_; }
  size_t iv_bytes() const { return iv_; }
  void start(Direction, const uint8_t* iv) {
    gnutls_cipher_set_iv(handle_.get(), const_cast<uint8_t*>(iv), iv_);
  }
  void process(Direction d, uint8_t* out, const uint8_t* in, size_t n) {
    crypt(handle_.get(), d, out, in, n);
  }
  void stream_start(const uint8_t* iv) { gnutls_cipher_set_iv(stream_.get(), const_cast<uint8_t*>(iv), iv_); }
  void stream(uint8_t* out, const uint8_t* in, size_t n) {
    crypt(stream_.get(), Direction::Encrypt, out, in, n);
  }

 private:
  gnutls_cipher_algorithm_t cipher_;
  size_t block_, iv_;
  CipherPtr handle_, stream_;
};

// ---- stream ciphers and XTS: sdk::StreamMode -------------------------------------------------------------

/// ChaCha20 (GNUTLS_CIPHER_CHACHA20_32: a 16-byte IV, the 32-bit little-endian block counter then RFC 8439's
/// 96-bit nonce; the counter bytes stay zero, the catalog's counter starts at 0). Each message sets the IV
/// afresh on the keyed handle.
class KeystreamOps {
 public:
  KeystreamOps(const ca_key_spec& spec, CipherChoice choose)
      : cipher_(chosen(spec, choose)),
        iv_bytes_(static_cast<size_t>(gnutls_cipher_get_iv_size(cipher_))),
        nonce_(sdk::nonce_bytes(spec.algorithm)),
        handle_(open_cipher(spec, cipher_)),
        stream_(open_cipher(spec, cipher_)) {
    if (iv_bytes_ < nonce_ || iv_bytes_ > iv_.size())
      throw std::runtime_error(std::string(spec.algorithm) + ": GnuTLS IV of " + std::to_string(iv_bytes_) +
                               " bytes cannot carry the catalog's " + std::to_string(nonce_) + "-byte nonce");
  }

  void crypt(Direction d, const ca_io& io, uint8_t* out) {
    set_iv(handle_.get(), io.nonce);
    backend_gnutls::crypt(handle_.get(), d, out, io.input, io.input_len);
  }
  void stream_start(const uint8_t* nonce) { set_iv(stream_.get(), nonce); }
  void stream(uint8_t* out, const uint8_t* in, size_t n) {
    backend_gnutls::crypt(stream_.get(), Direction::Encrypt, out, in, n);
  }

 private:
  void set_iv(gnutls_cipher_hd_t h, const uint8_t* nonce) {
    std::memcpy(iv_.data() + (iv_bytes_ - nonce_), nonce, nonce_);  // counter prefix stays zero
    gnutls_cipher_set_iv(h, iv_.data(), iv_bytes_);
  }

  gnutls_cipher_algorithm_t cipher_;
  size_t iv_bytes_, nonce_;
  std::array<uint8_t, 16> iv_{};
  CipherPtr handle_, stream_;
};

/// AES-XTS: the nonce is the tweak (gnutls_cipher_set_iv); each gnutls_cipher_encrypt2 call is one whole
/// data unit (Nettle's xts_*_message underneath, with ciphertext stealing), so there is no stream form.
class XtsOps {
 public:
  XtsOps(const ca_key_spec& spec, CipherChoice choose) : handle_(open_cipher(spec, chosen(spec, choose))) {}

  void check_length(const ca_io& io) const {
    if (io.input_len < 16)
      throw sdk::Unsupported("AES-XTS takes messages of 16 bytes or more (IEEE 1619), got " +
                             std::to_string(io.input_len));
  }
  void crypt(Direction d, const ca_io& io, uint8_t* out) {
    gnutls_cipher_set_iv(handle_.get(), const_cast<uint8_t*>(io.nonce), io.nonce_len);
    backend_gnutls::crypt(handle_.get(), d, out, io.input, io.input_len);
  }

 private:
  CipherPtr handle_;
};

// ---- AEADs: sdk::TaggedAead --------------------------------------------------------------------------

/// gnutls_aead_cipher_encrypt / _decrypt, one call per message with the nonce, the associated data and the
/// tag length; the ciphertext and tag are contiguous, as the catalog's layout has them.
class AeadOps {
 public:
  AeadOps(const ca_key_spec& spec, CipherChoice choose) {
    const gnutls_cipher_algorithm_t c = chosen(spec, choose);
    sdk::require_key_bytes(spec, gnutls_cipher_get_key_size(c));
    const gnutls_datum_t key = datum(spec.secret_key, spec.secret_key_len);
    gnutls_aead_cipher_hd_t h = nullptr;
    check(gnutls_aead_cipher_init(&h, c, &key), std::string(spec.algorithm) + ": gnutls_aead_cipher_init");
    handle_.reset(h);
  }

  void seal(const ca_io& io, uint8_t* out, std::span<uint8_t> tag) {
    if (tag.data() != out + io.input_len)
      throw std::logic_error("GnuTLS writes the tag right after the ciphertext");
    size_t len = io.input_len + tag.size();
    check(gnutls_aead_cipher_encrypt(handle_.get(), io.nonce, io.nonce_len, sdk::bytes_or_empty(io.aad),
                                     io.aad_len, tag.size(), sdk::bytes_or_empty(io.input), io.input_len, out,
                                     &len),
          "gnutls_aead_cipher_encrypt");
  }

  bool open(const ca_io& io, size_t length, std::span<const uint8_t> tag, uint8_t* out) {
    uint8_t scratch = 0;
    size_t len = length;
    const int ret = gnutls_aead_cipher_decrypt(
        handle_.get(), io.nonce, io.nonce_len, sdk::bytes_or_empty(io.aad), io.aad_len, tag.size(),
        sdk::bytes_or_empty(io.input), length + tag.size(), out != nullptr ? out : &scratch, &len);
    if (ret == GNUTLS_E_DECRYPTION_FAILED) return false;
    check(ret, "gnutls_aead_cipher_decrypt");
    return true;
  }

 private:
  AeadPtr handle_;
};

// ---- hashes and MACs ------------------------------------------------------------------------------------

/// One gnutls_hash handle; gnutls_hash_output writes the digest and resets the handle for the next message.
class DigestOps {
 public:
  DigestOps(const ca_key_spec& spec, gnutls_digest_algorithm_t d) {
    gnutls_hash_hd_t h = nullptr;
    check(gnutls_hash_init(&h, d), std::string(spec.algorithm) + ": gnutls_hash_init");
    handle_.reset(h);
  }
  void hash(const ca_io& io, std::span<uint8_t> out) {
    check(gnutls_hash(handle_.get(), sdk::bytes_or_empty(io.input), io.input_len), "gnutls_hash");
    gnutls_hash_output(handle_.get(), out.data());
  }

 private:
  HashPtr handle_;
};

/// One keyed gnutls_hmac handle (HMAC, CMAC, GMAC); gnutls_hmac_output writes the tag and resets the handle
/// to its keyed state. GMAC takes each message's nonce with gnutls_hmac_set_nonce. A truncated tag (the
/// row's Takes) is the full tag's first bytes (SP 800-38B 6.2, SP 800-38D 7.1).
class MacOps {
 public:
  /// HMAC: any key length.
  MacOps(const ca_key_spec& spec, gnutls_mac_algorithm_t m) : MacOps(spec, m, false, false) {}
  /// CMAC and GMAC: the algorithm chosen by the AES key's size, which must be its length.
  MacOps(const ca_key_spec& spec, MacChoice choose, bool nonce)
      : MacOps(spec, choose(spec.key_bits), nonce, true) {}

  void mac(const ca_io& io, std::span<uint8_t> tag) {
    if (nonce_) gnutls_hmac_set_nonce(handle_.get(), io.nonce, io.nonce_len);
    check(gnutls_hmac(handle_.get(), sdk::bytes_or_empty(io.input), io.input_len), "gnutls_hmac");
    if (tag.size() == full_) {
      gnutls_hmac_output(handle_.get(), tag.data());
      return;
    }
    std::array<uint8_t, 64> whole;
    gnutls_hmac_output(handle_.get(), whole.data());
    std::memcpy(tag.data(), whole.data(), tag.size());
  }

 private:
  MacOps(const ca_key_spec& spec, gnutls_mac_algorithm_t m, bool nonce, bool fixed_key) : nonce_(nonce) {
    if (m == GNUTLS_MAC_UNKNOWN)
      throw sdk::Unsupported(std::string(spec.algorithm) + ": no GnuTLS MAC for a " +
                             std::to_string(spec.key_bits) + "-bit key");
    if (fixed_key) sdk::require_key_bytes(spec, gnutls_hmac_get_key_size(m));
    full_ = gnutls_hmac_get_len(m);
    if (full_ == 0 || full_ > 64)
      throw std::runtime_error(std::string(spec.algorithm) + ": unexpected GnuTLS tag size");
    gnutls_hmac_hd_t h = nullptr;
    check(gnutls_hmac_init(&h, m, sdk::bytes_or_empty(spec.secret_key), spec.secret_key_len),
          std::string(spec.algorithm) + ": gnutls_hmac_init");
    handle_.reset(h);
  }

  bool nonce_;
  size_t full_ = 0;
  HmacPtr handle_;
};

}  // namespace

sdk::Factory cbc(CipherChoice c) { return sdk::make_factory<sdk::Pkcs7BlockMode<CbcOps>>(c); }
sdk::Factory two_key_3des_cbc(CipherChoice c) {
  return sdk::make_factory<sdk::Pkcs7BlockMode<CbcOps>>(c, true);
}
sdk::Factory keystream(CipherChoice c) { return sdk::make_factory<sdk::StreamMode<KeystreamOps>>(c); }
sdk::Factory xts(CipherChoice c) { return sdk::make_factory<sdk::StreamMode<XtsOps>>(c); }
sdk::Factory aead(CipherChoice c) { return sdk::make_factory<sdk::TaggedAead<AeadOps>>(c); }
sdk::Factory digest(gnutls_digest_algorithm_t d) { return sdk::make_factory<sdk::HashMode<DigestOps>>(d); }
sdk::Factory hmac(gnutls_mac_algorithm_t m) { return sdk::make_factory<sdk::MacMode<MacOps>>(m); }
sdk::Factory cmac(MacChoice m) { return sdk::make_factory<sdk::MacMode<MacOps>>(m, false); }
sdk::Factory gmac(MacChoice m) { return sdk::make_factory<sdk::MacMode<MacOps>>(m, true); }

}  // namespace ca::backend_gnutls
