// Symmetric ciphers through EVP_CIPHER: one class for the unauthenticated modes, the other block ciphers
// in CBC, XTS and the stream ciphers, one for the AEADs. The key is set up once, in the constructor; an
// operation sets only the IV / nonce (a copy of the keyed context for SIV and RC4, see
// CipherRow::one_message_per_key), processes the message, and finishes it.
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include <array>
#include <cstring>
#include <stdexcept>
#include <string_view>

#include "openssl_backend.hpp"

namespace ca::backend_openssl {
namespace {

// One keyed EVP_CIPHER_CTX per direction. OpenSSL builds the AES decryption key schedule only for a context
// initialised to decrypt (ECB, CBC, OCB); re-initialising with key NULL keeps whichever schedule the context
// has, so one context switched between directions would decrypt with the encryption schedule.
//
// A third context, keyed the same way for encryption, is the --cipher-mode stream context: it gets its IV on
// the first encrypt_stream call. It is keyed afresh, as `openssl speed` and applications key theirs, rather
// than copied from `encrypt` with EVP_CIPHER_CTX_copy (one run suggested a copied AES-GCM context was
// slower; later runs did not confirm it: docs/FIDELITY.md).
struct KeyedContexts {
  CipherPtr cipher;
  CipherCtxPtr encrypt, decrypt, stream;
};

// configure runs after the cipher is chosen and before the key is set, where CCM needs its IV and tag
// lengths and RC2 its effective key bits.
template <class Configure>
KeyedContexts key_both_directions(const ca_key_spec& spec, const CipherRow& row, Configure configure) {
  KeyedContexts keyed;
  keyed.cipher = fetch_cipher(evp_name_for(row.evp_name, spec.key_bits));
  sdk::require_key_bytes(spec, static_cast<size_t>(EVP_CIPHER_get_key_length(keyed.cipher.get())));
  for (CipherCtxPtr* slot : {&keyed.encrypt, &keyed.decrypt, &keyed.stream}) {
    const int enc = slot == &keyed.decrypt ? 0 : 1;
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    if (!ctx || !EVP_CipherInit_ex2(ctx.get(), keyed.cipher.get(), nullptr, nullptr, enc, nullptr))
      throw_openssl(std::string(row.algorithm) + ": EVP_CipherInit_ex2 with the cipher");
    configure(ctx.get());
    if (!EVP_CipherInit_ex2(ctx.get(), nullptr, spec.secret_key, nullptr, enc, nullptr))
      throw_openssl(std::string(row.algorithm) + ": EVP_CipherInit_ex2 with the key");
    *slot = std::move(ctx);
  }
  return keyed;
}

// RC2's effective key bits (RFC 2268) default to the key length in OpenSSL's provider; the row sets them
// anyway so the catalog's 128 does not rest on a default.
void set_rc2_key_bits(EVP_CIPHER_CTX* ctx, const CipherRow& row) {
  if (row.rc2_key_bits != 0 &&
      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_SET_RC2_KEY_BITS, row.rc2_key_bits, nullptr) <= 0)
    throw_openssl(std::string(row.algorithm) + ": EVP_CTRL_SET_RC2_KEY_BITS");
}

/// AES-ECB/CBC/CFB/OFB/CTR/XTS, the other block ciphers in CBC, ChaCha20 and RC4. Every cipher with a block
/// size above 1 (ECB and CBC) uses EVP's default PKCS#7 padding.
class UnauthenticatedCipher {
 public:
  UnauthenticatedCipher(const ca_key_spec& spec, CipherRow row)
      : row_(with_catalog_facts(row, spec)),
        keyed_(key_both_directions(spec, row_, [&](EVP_CIPHER_CTX* ctx) { set_rc2_key_bits(ctx, row_); })) {
    block_size_ = static_cast<size_t>(EVP_CIPHER_get_block_size(keyed_.cipher.get()));
    const auto iv_len = static_cast<size_t>(EVP_CIPHER_get_iv_length(keyed_.cipher.get()));
    if (iv_len < row_.nonce_len || iv_len > iv_.size())
      throw std::runtime_error(std::string(row_.algorithm) + ": OpenSSL IV of " + std::to_string(iv_len) +
                               " bytes cannot carry the catalog's " + std::to_string(row_.nonce_len) +
                               "-byte nonce");
    has_iv_ = iv_len != 0;
    // ChaCha20's 16-byte IV is a 32-bit little-endian block counter followed by the 96-bit nonce; the
    // counter bytes stay zero (the catalog's counter starts at 0). Every other row has prefix 0.
    counter_prefix_ = iv_len - row_.nonce_len;
    if (row_.one_message_per_key) {
      work_.reset(EVP_CIPHER_CTX_new());
      if (!work_) throw_openssl("EVP_CIPHER_CTX_new");
    }
  }

  int encrypt(ca_io& io) { return run(keyed_.encrypt.get(), io, 1); }
  int decrypt(ca_io& io) { return run(keyed_.decrypt.get(), io, 0); }

  // --cipher-mode stream: EVP_EncryptUpdate through one context started on the first call, as
  // `openssl speed -evp` does (there in place). ECB and CBC without padding, whole blocks only. XTS encrypts
  // each update as a whole data unit under the same tweak, which is not a stream: not offered.
  int encrypt_stream(ca_io& io) {
    if (block_size_ > 1 && io.input_len % block_size_ != 0)
      throw sdk::Unsupported(std::string(row_.algorithm) + " as a stream takes whole " +
                             std::to_string(block_size_) + "-byte blocks, got " +
                             std::to_string(io.input_len) + " bytes");
    if (io.output_cap < io.input_len) return CA_BUFFER_TOO_SMALL;
    if (!stream_) start_stream(io);
    int len = 0;
    if (!EVP_EncryptUpdate(stream_.get(), io.output, &len, bytes_or_empty(io.input),
                           evp_length(io.input_len)))
      throw_openssl(std::string(row_.algorithm) + " stream encryption");
    io.output_len = static_cast<size_t>(len);
    return CA_OK;
  }
  bool offers(int op) const { return op != CA_OP_ENCRYPT_STREAM || !row_.no_stream_form; }

 private:
  void start_stream(const ca_io& io) {
    sdk::require_nonce(io, row_.nonce_len, row_.algorithm);
    CipherCtxPtr ctx = std::move(keyed_.stream);
    if (!ctx) throw std::runtime_error(std::string(row_.algorithm) + ": the stream context was already used");
    if (has_iv_) {
      const uint8_t* iv = io.nonce;
      if (counter_prefix_ != 0) {
        std::memcpy(iv_.data() + counter_prefix_, io.nonce, row_.nonce_len);
        iv = iv_.data();
      }
      if (!EVP_CipherInit_ex2(ctx.get(), nullptr, nullptr, iv, 1, nullptr))
        throw_openssl(std::string(row_.algorithm) + ": EVP_CipherInit_ex2 with the nonce");
    }
    if (!EVP_CIPHER_CTX_set_padding(ctx.get(), 0)) throw_openssl("EVP_CIPHER_CTX_set_padding");
    stream_ = std::move(ctx);
  }

  int run(EVP_CIPHER_CTX* keyed, ca_io& io, int encrypting) {
    sdk::require_nonce(io, row_.nonce_len, row_.algorithm);
    if (io.input_len < row_.min_message)
      throw sdk::Unsupported(std::string(row_.algorithm) + " takes messages of " +
                             std::to_string(row_.min_message) + " bytes or more, got " +
                             std::to_string(io.input_len));
    const bool padded = block_size_ > 1;
    // EVP writes up to the input length during a padded decryption's update, so the cap must cover it.
    const size_t needed =
        encrypting && padded ? sdk::pkcs7_padded_size(io.input_len, block_size_) : io.input_len;
    if (io.output_cap < needed) return CA_BUFFER_TOO_SMALL;
    const int input_len = evp_length(io.input_len);

    const uint8_t* iv = nullptr;
    if (has_iv_) {
      iv = io.nonce;
      if (counter_prefix_ != 0) {
        std::memcpy(iv_.data() + counter_prefix_, io.nonce, row_.nonce_len);
        iv = iv_.data();
      }
    }
    // RC4 has no IV and re-initialising it without the key would continue its keystream: each message
    // starts from a copy of the keyed state instead. For every other cipher the IV (none for ECB) resets
    // the mode state while the key schedule stays.
    EVP_CIPHER_CTX* ctx = keyed;
    if (row_.one_message_per_key) {
      if (!EVP_CIPHER_CTX_copy(work_.get(), keyed)) throw_openssl("EVP_CIPHER_CTX_copy");
      ctx = work_.get();
    }
    uint8_t scratch = 0;
    uint8_t* out = io.output != nullptr ? io.output : &scratch;
    int update_len = 0;
    int final_len = 0;
    const bool needs_init = !row_.one_message_per_key || has_iv_;  // a copied RC4 state is ready as is
    if ((needs_init && !EVP_CipherInit_ex2(ctx, nullptr, nullptr, iv, encrypting, nullptr)) ||
        !EVP_CipherUpdate(ctx, out, &update_len, bytes_or_empty(io.input), input_len))
      throw_openssl(std::string(row_.algorithm) + (encrypting ? " encryption" : " decryption"));
    if (!EVP_CipherFinal_ex(ctx, out + update_len, &final_len)) {
      if (!encrypting && padded) {  // bad PKCS#7 padding or a length that is not a whole block
        ERR_clear_error();
        return CA_REJECTED;
      }
      throw_openssl(std::string(row_.algorithm) + ": EVP_CipherFinal_ex");
    }
    io.output_len = static_cast<size_t>(update_len) + static_cast<size_t>(final_len);
    return CA_OK;
  }

  CipherRow row_;
  KeyedContexts keyed_;
  size_t block_size_ = 1;
  bool has_iv_ = false;
  size_t counter_prefix_ = 0;
  std::array<uint8_t, EVP_MAX_IV_LENGTH> iv_{};
  CipherCtxPtr work_;    // one_message_per_key only
  CipherCtxPtr stream_;  // encrypt_stream, once started
};

AeadRow with_catalog_row(AeadRow row, const ca_key_spec& spec) {
  row.cipher = with_catalog_facts(row.cipher, spec);
  return row;
}

/// AES-GCM, AES-CCM, AES-OCB, ChaCha20-Poly1305 and AES-SIV: the catalog's 16-byte tag, or the spec's
/// "tag=N" (GCM and CCM rows take other lengths, backend.cpp), and its nonce length.
class Aead {
 public:
  Aead(const ca_key_spec& spec, AeadRow row)
      : row_(with_catalog_row(row, spec)),
        tag_bytes_(sdk::tag_length(spec)),
        empty_ad_component_(sdk::empty_ad_component(spec)),
        keyed_(key_both_directions(spec, row_.cipher, [&](EVP_CIPHER_CTX* ctx) { configure(ctx); })) {
    if (row_.cipher.one_message_per_key) {
      work_.reset(EVP_CIPHER_CTX_new());
      if (!work_) throw_openssl("EVP_CIPHER_CTX_new");
    }
  }

  int encrypt(ca_io& io) {
    sdk::require_nonce(io, row_.cipher.nonce_len, row_.cipher.algorithm);
    const size_t len = io.input_len;
    require_plaintext(len);
    if (io.output_cap < len || io.output_cap - len < tag_bytes_) return CA_BUFFER_TOO_SMALL;
    const int input_len = evp_length(len);
    EVP_CIPHER_CTX* ctx = begin(1, io.nonce);
    uint8_t* tag = row_.tag_first ? io.output : io.output + len;
    uint8_t* body = row_.tag_first ? io.output + tag_bytes_ : io.output;
    int update_len = 0;
    int final_len = 0;
    if (!declare_and_authenticate(ctx, input_len, io) ||
        !EVP_EncryptUpdate(ctx, body, &update_len, bytes_or_empty(io.input), input_len) ||
        !EVP_EncryptFinal_ex(ctx, body + update_len, &final_len) ||
        !EVP_CIPHER_CTX_get_params(ctx, tag_param(tag).data()))
      throw_openssl(std::string(row_.cipher.algorithm) + " encryption");
    io.output_len = len + tag_bytes_;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    sdk::require_nonce(io, row_.cipher.nonce_len, row_.cipher.algorithm);
    if (io.input_len < tag_bytes_) return CA_REJECTED;
    const size_t len = io.input_len - tag_bytes_;
    require_plaintext(len);
    if (io.output_cap < len) return CA_BUFFER_TOO_SMALL;
    const int input_len = evp_length(len);
    const uint8_t* tag = row_.tag_first ? io.input : io.input + len;
    const uint8_t* body = row_.tag_first ? io.input + tag_bytes_ : io.input;
    EVP_CIPHER_CTX* ctx = begin(0, io.nonce);
    // The expected tag goes in first: CCM and SIV check it inside the data update, the others in final.
    if (!EVP_CIPHER_CTX_set_params(ctx, tag_param(const_cast<uint8_t*>(tag)).data()) ||
        !declare_and_authenticate(ctx, input_len, io))
      throw_openssl(std::string(row_.cipher.algorithm) + " decryption");
    uint8_t scratch = 0;
    uint8_t* out = io.output != nullptr ? io.output : &scratch;
    int update_len = 0;
    int final_len = 0;
    if (!EVP_DecryptUpdate(ctx, out, &update_len, bytes_or_empty(body), input_len) ||
        !EVP_DecryptFinal_ex(ctx, out + update_len, &final_len)) {
      // GCM, OCB and ChaCha20-Poly1305 have written the plaintext before the tag check in final.
      OPENSSL_cleanse(out, len);
      ERR_clear_error();
      return CA_REJECTED;
    }
    io.output_len = static_cast<size_t>(update_len) + static_cast<size_t>(final_len);
    return CA_OK;
  }

  // --cipher-mode stream: EVP_EncryptUpdate through one context started with the first call's nonce, no
  // associated data, never finalised (no tag), as `openssl speed -evp` times AEADs. CCM needs the total
  // length up front and SIV processes a message at once: neither has a stream form. OCB's update holds back
  // a partial block, so its stream takes whole 16-byte blocks.
  int encrypt_stream(ca_io& io) {
    if (row_.stream_in_whole_blocks && io.input_len % 16 != 0) [[unlikely]]
      not_whole_blocks(io.input_len);
    if (io.output_cap < io.input_len) return CA_BUFFER_TOO_SMALL;
    if (!stream_) [[unlikely]]
      start_stream(io);
    int len = 0;
    if (!EVP_EncryptUpdate(stream_.get(), io.output, &len, bytes_or_empty(io.input),
                           evp_length(io.input_len)))
      throw_openssl(std::string(row_.cipher.algorithm) + " stream encryption");
    io.output_len = static_cast<size_t>(len);
    return CA_OK;
  }
  bool offers(int op) const {
    return op != CA_OP_ENCRYPT_STREAM || (!row_.declare_message_length && !row_.cipher.one_message_per_key);
  }

 private:
  // Out of line, so that the per-update path keeps a small stack frame (bench/overhead_openssl).
  [[gnu::noinline]] void start_stream(const ca_io& io) {
    sdk::require_nonce(io, row_.cipher.nonce_len, row_.cipher.algorithm);
    CipherCtxPtr ctx = std::move(keyed_.stream);
    if (!ctx || !EVP_CipherInit_ex2(ctx.get(), nullptr, nullptr, io.nonce, 1, nullptr))
      throw_openssl(std::string(row_.cipher.algorithm) + ": starting the stream");
    stream_ = std::move(ctx);
  }
  [[noreturn, gnu::noinline, gnu::cold]] void not_whole_blocks(size_t len) const {
    throw sdk::Unsupported(std::string(row_.cipher.algorithm) +
                           " as a stream takes whole 16-byte blocks, got " + std::to_string(len) + " bytes");
  }

 private:
  void configure(EVP_CIPHER_CTX* ctx) const {
    if (row_.cipher.nonce_len != 0 &&
        EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(row_.cipher.nonce_len), nullptr) <=
            0)
      throw_openssl(std::string(row_.cipher.algorithm) + ": EVP_CTRL_AEAD_SET_IVLEN");
    if (row_.set_tag_length &&
        EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag_bytes_), nullptr) <= 0)
      throw_openssl(std::string(row_.cipher.algorithm) + ": EVP_CTRL_AEAD_SET_TAG (tag length)");
  }

  // The tag goes through OSSL_PARAM directly: in OpenSSL 3 EVP_CTRL_AEAD_GET_TAG / SET_TAG are translated
  // into this same parameter, and skipping the translation saves about 0.1 us per message.
  std::array<OSSL_PARAM, 2> tag_param(uint8_t* tag) const {
    return {OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag, tag_bytes_),
            OSSL_PARAM_construct_end()};
  }

  // OpenSSL's SIV provider skips a data update of length 0, so S2V never sees the (empty) plaintext and the
  // final call fails (openssl/openssl#17268, #26580): an empty message is a parameter it does not offer.
  void require_plaintext(size_t len) const {
    if (row_.needs_plaintext && len == 0)
      throw sdk::Unsupported(std::string(row_.cipher.algorithm) +
                             ": OpenSSL cannot process an empty plaintext (openssl/openssl#17268)");
  }

  // The context for one message: the keyed context with the new nonce, or for SIV a fresh copy of the
  // keyed context (OpenSSL's SIV allows one message per key setup; copying keeps the key schedule and the
  // CMAC state and costs an allocation, re-keying would redo both AES key schedules and the CMAC setup).
  EVP_CIPHER_CTX* begin(int encrypting, const uint8_t* nonce) {
    EVP_CIPHER_CTX* keyed = encrypting ? keyed_.encrypt.get() : keyed_.decrypt.get();
    if (row_.cipher.one_message_per_key) {
      if (!EVP_CIPHER_CTX_copy(work_.get(), keyed)) throw_openssl("EVP_CIPHER_CTX_copy");
      return work_.get();
    }
    if (!EVP_CipherInit_ex2(keyed, nullptr, nullptr, nonce, encrypting, nullptr))
      throw_openssl(std::string(row_.cipher.algorithm) + ": EVP_CipherInit_ex2 with the nonce");
    return keyed;
  }

  // CCM's total message length, then the associated data as one component (none when empty, which for
  // SIV means no AD component at all, as docs/CATALOG.md specifies; with "empty_ad=1" one empty component:
  // OpenSSL 3.0's SIV feeds an AAD update of length 0 to S2V as a component).
  bool declare_and_authenticate(EVP_CIPHER_CTX* ctx, int input_len, const ca_io& io) {
    int ignored = 0;
    if (row_.declare_message_length && !EVP_CipherUpdate(ctx, nullptr, &ignored, nullptr, input_len))
      return false;
    if ((io.aad_len != 0 || empty_ad_component_) &&
        !EVP_CipherUpdate(ctx, nullptr, &ignored, bytes_or_empty(io.aad), evp_length(io.aad_len)))
      return false;
    // Nonce-based SIV (RFC 5297 section 3): the nonce is the last AD component.
    return !row_.tag_first || io.nonce_len == 0 ||
           EVP_CipherUpdate(ctx, nullptr, &ignored, io.nonce, evp_length(io.nonce_len));
  }

  AeadRow row_;
  size_t tag_bytes_;
  bool empty_ad_component_;  // AES-SIV's "empty_ad=1"
  KeyedContexts keyed_;
  CipherCtxPtr work_;    // SIV only
  CipherCtxPtr stream_;  // encrypt_stream, once started
};

}  // namespace

sdk::Factory unauthenticated_cipher(CipherRow row) { return sdk::make_factory<UnauthenticatedCipher>(row); }
sdk::Factory aead(AeadRow row) { return sdk::make_factory<Aead>(row); }

}  // namespace ca::backend_openssl
