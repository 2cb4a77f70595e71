// Symmetric rows of the Botan backend: AES-ECB over the raw block cipher (Botan 2 has no ECB mode), the
// other block-cipher modes (AES, the CBC rows of the other block ciphers, XTS) and ChaCha20-Poly1305
// through Cipher_Mode, the keystream ciphers through StreamCipher, the hashes through HashFunction and the
// MACs through MessageAuthenticationCode (GMAC through GCM's tag). Every object is created and keyed in
// the constructor; an operation only sets the nonce (and associated data) and processes one message.
#include <botan/aead.h>
#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <botan/exceptn.h>
#include <botan/hash.h>
#include <botan/mac.h>
#include <botan/secmem.h>
#include <botan/stream_cipher.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "botan_backend.hpp"

namespace ca::backend_botan {
namespace {

using ca::sdk::require_key_bytes;
using ca::sdk::require_nonce;
using ca::sdk::require_output;

/// Botan algorithm name for a row: "{bits}" in the pattern becomes the key size ("AES-{bits}/GCM").
std::string botan_name(std::string_view pattern, uint32_t key_bits) {
  std::string name(pattern);
  constexpr std::string_view placeholder = "{bits}";
  if (auto at = name.find(placeholder); at != std::string::npos)
    name.replace(at, placeholder.size(), std::to_string(key_bits));
  return name;
}

/// The row's key as Botan takes it: the catalog's bytes, with the first two words swapped when the row
/// says so (DESX).
Botan::secure_vector<uint8_t> botan_key(const ca_key_spec& spec, size_t swapped_key_words = 0) {
  Botan::secure_vector<uint8_t> key(spec.secret_key, spec.secret_key + spec.secret_key_len);
  if (swapped_key_words != 0) {
    if (key.size() < 2 * swapped_key_words)
      throw std::logic_error(std::string(spec.algorithm) + ": key too short to reorder");
    std::swap_ranges(key.begin(), key.begin() + swapped_key_words, key.begin() + swapped_key_words);
  }
  return key;
}

/// The row's lengths with the key spec's "nonce=N" and "tag=N" (a row's Takes, backend.cpp) in place.
ModeSpec with_spec_lengths(ModeSpec mode, const ca_key_spec& spec) {
  mode.nonce_len = static_cast<size_t>(ca::sdk::param_u64(spec, "nonce", mode.nonce_len));
  mode.tag_len = static_cast<size_t>(ca::sdk::param_u64(spec, "tag", mode.tag_len));
  return mode;
}

/// The Cipher_Mode name of a row: "{bits}", "{tag}" and "{L}" filled in.
std::string mode_name(const ModeSpec& mode, uint32_t key_bits) {
  std::string name = botan_name(mode.botan_name, key_bits);
  for (auto [placeholder, value] :
       {std::pair<std::string_view, size_t>{"{tag}", mode.tag_len},
        std::pair<std::string_view, size_t>{"{L}", 15 - std::min<size_t>(mode.nonce_len, 15)}})
    if (auto at = name.find(placeholder); at != std::string::npos)
      name.replace(at, placeholder.size(), std::to_string(value));
  return name;
}

/// A keyed Cipher_Mode for a row; checks the nonce length and the key length against the catalog.
std::unique_ptr<Botan::Cipher_Mode> create_mode(const ca_key_spec& spec, const ModeSpec& mode,
                                                Botan::Cipher_Dir direction) {
  const std::string name = mode_name(mode, spec.key_bits);
  auto cipher = Botan::Cipher_Mode::create_or_throw(name, direction);
  if (!cipher->valid_nonce_length(mode.nonce_len))
    throw ca::sdk::Unsupported(name + " does not take a " + std::to_string(mode.nonce_len) + "-byte nonce");
  if (mode.aead && dynamic_cast<Botan::AEAD_Mode*>(cipher.get()) == nullptr)
    throw std::logic_error(name + " is not an AEAD_Mode");
  require_key_bytes(spec, spec.key_bits / 8 * mode.key_multiple);
  cipher->set_key(botan_key(spec, mode.swapped_key_words));
  return cipher;
}

// ---- AES-ECB -------------------------------------------------------------------------------------------

/// Botan 2 has no ECB Cipher_Mode, so ECB is the block cipher's encrypt_n over the whole blocks, which
/// takes the same AES-NI path (several blocks in flight) that the modes use, plus PKCS#7 on the last block.
class AesEcb {
 public:
  explicit AesEcb(const ca_key_spec& spec)
      : m_cipher(Botan::BlockCipher::create_or_throw("AES-" + std::to_string(spec.key_bits))) {
    require_key_bytes(spec, spec.key_bits / 8);
    m_cipher->set_key(spec.secret_key, spec.secret_key_len);
  }

  int encrypt(ca_io& io) {
    require_nonce(io, 0, "AES-ECB");
    const size_t whole = io.input_len / kBlock * kBlock;
    require_output(io, ca::sdk::pkcs7_padded_size(io.input_len, kBlock));
    m_cipher->encrypt_n(io.input, io.output, whole / kBlock);
    uint8_t last[kBlock];
    ca::sdk::copy_bytes(last, io.input + whole, io.input_len - whole);
    ca::sdk::pkcs7_pad_in_place(last, io.input_len - whole, kBlock);
    m_cipher->encrypt(last, io.output + whole);
    io.output_len = whole + kBlock;
    return CA_OK;
  }

  // --cipher-mode stream: whole blocks through encrypt_n, no padding.
  int encrypt_stream(ca_io& io) {
    if (io.input_len % kBlock != 0)
      throw ca::sdk::Unsupported("AES-ECB as a stream takes whole 16-byte blocks, got " +
                                 std::to_string(io.input_len) + " bytes");
    require_output(io, io.input_len);
    m_cipher->encrypt_n(io.input, io.output, io.input_len / kBlock);
    io.output_len = io.input_len;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    require_nonce(io, 0, "AES-ECB");
    if (io.input_len == 0 || io.input_len % kBlock != 0) return CA_REJECTED;
    // The last block first: its padding decides the output length, so a caller buffer sized for the
    // plaintext suffices and nothing is written before the padding is known to be good.
    const size_t head = io.input_len - kBlock;
    uint8_t last[kBlock];
    m_cipher->decrypt(io.input + head, last);
    const size_t kept = ca::sdk::pkcs7_unpadded_size(last, kBlock, kBlock);
    if (kept == SIZE_MAX) return CA_REJECTED;
    require_output(io, head + kept);
    m_cipher->decrypt_n(io.input, io.output, head / kBlock);
    ca::sdk::copy_bytes(io.output + head, last, kept);
    io.output_len = head + kept;
    return CA_OK;
  }

 private:
  static constexpr size_t kBlock = 16;
  std::unique_ptr<Botan::BlockCipher> m_cipher;
};

// ---- Cipher_Mode: CBC (AES and the other block ciphers), CFB, CCM, GCM, EAX, SIV, OCB, XTS, ------------
// ---- (X)ChaCha20-Poly1305 ---------------------------------------------------------------------------

/// One Botan Cipher_Mode object per direction, keyed once. Botan 2's only in-place entry points are
/// process(uint8_t*, n) for whole update_granularity() chunks and finish(secure_vector&) for the rest, so
/// an operation copies the input into io.output, process()es the bulk there, and finish()es only the tail
/// (at most one granule plus minimum_final_size(): the tag, or CBC's last block) in a member secure_vector
/// whose capacity is kept across calls. CCM and SIV collect the whole message inside Botan anyway, so they
/// go through finish() on the member buffer in one piece.
class CipherModeContext {
 public:
  CipherModeContext(const ca_key_spec& spec, const ModeSpec& mode)
      : m_mode(mode),
        m_empty_ad_component(ca::sdk::empty_ad_component(spec)),
        m_algorithm(spec.algorithm),
        m_encryptor(create_mode(spec, mode, Botan::ENCRYPTION)),
        m_decryptor(create_mode(spec, mode, Botan::DECRYPTION)) {
    // A third object for the stream form, where there is one: CCM and SIV only work on whole messages, and
    // XTS processes each call as a whole data unit under the same tweak.
    if (!mode.buffers_message && std::string_view(mode.botan_name).find("/XTS") == std::string_view::npos)
      m_stream = create_mode(spec, mode, Botan::ENCRYPTION);
  }

  int encrypt(ca_io& io) { return run(*m_encryptor, io, false); }

  // --cipher-mode stream: start() with the first call's nonce (no associated data), then process() in place
  // on every call, never finish() (no tag, no padding). Botan's process() takes whole
  // update_granularity() chunks only, so other sizes are a parameter this library does not take.
  int encrypt_stream(ca_io& io) {
    const size_t granule = m_stream->update_granularity();
    if (io.input_len % granule != 0)
      throw ca::sdk::Unsupported(m_algorithm + " as a Botan stream takes multiples of " +
                                 std::to_string(granule) + " bytes (update_granularity), got " +
                                 std::to_string(io.input_len));
    require_output(io, io.input_len);
    if (!m_stream_started) {
      require_nonce(io, m_mode.nonce_len, m_algorithm.c_str());
      m_stream->start(io.nonce, io.nonce_len);
      m_stream_started = true;
    }
    if (io.output != io.input) ca::sdk::copy_bytes(io.output, io.input, io.input_len);
    m_stream->process(io.output, io.input_len);
    io.output_len = io.input_len;
    return CA_OK;
  }
  bool offers(int op) const { return op != CA_OP_ENCRYPT_STREAM || m_stream != nullptr; }

  int decrypt(ca_io& io) {
    try {
      return run(*m_decryptor, io, true);
    } catch (const Botan::Invalid_Authentication_Tag&) {  // AEAD tag mismatch
      return reject(io);
    } catch (const Botan::Decoding_Error&) {  // CBC: bad padding or not whole blocks
      return reject(io);
    }
  }

 private:
  int run(Botan::Cipher_Mode& cipher, ca_io& io, bool decrypting) {
    require_nonce(io, m_mode.nonce_len, m_algorithm.c_str());
    m_bulk = 0;
    if (io.input_len < cipher.minimum_final_size()) {
      // XTS needs one whole block in either direction: a shorter message is outside the algorithm.
      if (!decrypting)
        throw ca::sdk::Unsupported(m_algorithm + " needs messages of at least " +
                                   std::to_string(cipher.minimum_final_size()) + " bytes");
      // Otherwise only decryption has a minimum (the tag, CBC's last block): a shorter input is a
      // forgery, which Botan would report as a usage error.
      return reject(io);
    }
    if (m_mode.aead) {
      // Botan keeps the last associated data until it is replaced, so it is set for every message, empty
      // or not. reset() first: EAX refuses new AD once a message has gone through (its nonce MAC stays
      // set after finish()), and for SIV it drops the previous AD components.
      auto& aead = static_cast<Botan::AEAD_Mode&>(cipher);
      aead.reset();
      // SIV with "empty_ad=1": set_associated_data of 0 bytes is one empty AD component in Botan's S2V.
      if (io.aad_len != 0 || !m_mode.empty_aad_is_absent || m_empty_ad_component)
        aead.set_associated_data(io.aad, io.aad_len);
    }
    cipher.start(io.nonce, io.nonce_len);

    size_t written = 0;
    if (!m_mode.buffers_message && io.input_len > cipher.minimum_final_size()) {
      const size_t granule = cipher.update_granularity();
      m_bulk = (io.input_len - cipher.minimum_final_size()) / granule * granule;
      require_output(io, m_bulk);
      if (io.output != io.input) ca::sdk::copy_bytes(io.output, io.input, m_bulk);
      written = cipher.process(io.output, m_bulk);  // bytes written in place
    }
    m_tail.assign(io.input + m_bulk, io.input + io.input_len);
    cipher.finish(m_tail);
    if (written + m_tail.size() > io.output_cap) return CA_BUFFER_TOO_SMALL;
    ca::sdk::copy_bytes(io.output + written, m_tail.data(), m_tail.size());
    io.output_len = written + m_tail.size();
    return CA_OK;
  }

  /// A failed decryption leaves no unauthenticated plaintext behind in the caller's buffer.
  int reject(ca_io& io) {
    if (m_bulk != 0) Botan::secure_scrub_memory(io.output, m_bulk);
    io.output_len = 0;
    return CA_REJECTED;
  }

  ModeSpec m_mode;
  bool m_empty_ad_component;  // AES-SIV's "empty_ad=1"
  std::string m_algorithm;
  std::unique_ptr<Botan::Cipher_Mode> m_encryptor;
  std::unique_ptr<Botan::Cipher_Mode> m_decryptor;
  std::unique_ptr<Botan::Cipher_Mode> m_stream;  // encrypt_stream; null where there is no stream form
  bool m_stream_started = false;
  Botan::secure_vector<uint8_t> m_tail;
  size_t m_bulk = 0;  // bytes of io.output written by process() in the current operation
};

// ---- StreamCipher: OFB, CTR, (X)ChaCha20, (X)Salsa20, RC4 ----------------------------------------------

/// Keystream ciphers write from io.input straight into io.output: no staging buffer. (Cipher_Mode's
/// "AES-n/OFB" and "AES-n/CTR" wrap these same StreamCipher objects.) Botan's ChaCha and Salsa20 switch to
/// XChaCha20 / XSalsa20 when set_iv() is given 24 bytes.
class StreamCipherContext {
 public:
  StreamCipherContext(const ca_key_spec& spec, const StreamSpec& stream)
      : m_nonce_len(stream.nonce_len),
        m_algorithm(spec.algorithm),
        m_cipher(Botan::StreamCipher::create_or_throw(botan_name(stream.botan_name, spec.key_bits))) {
    if (!m_cipher->valid_iv_length(m_nonce_len))
      throw ca::sdk::Unsupported(m_cipher->name() + " does not take a " + std::to_string(m_nonce_len) +
                                 "-byte nonce");
    require_key_bytes(spec, spec.key_bits / 8);
    m_cipher->set_key(spec.secret_key, spec.secret_key_len);
    if (stream.rekey_per_message) m_key = botan_key(spec);
    m_stream.reset(m_cipher->clone());
    m_stream->set_key(spec.secret_key, spec.secret_key_len);
  }

  int encrypt(ca_io& io) { return apply(io); }
  int decrypt(ca_io& io) { return apply(io); }

  // --cipher-mode stream: one key stream on its own object, set to the first call's IV (RC4: the key's
  // stream from byte 0), continued by every later call.
  int encrypt_stream(ca_io& io) {
    require_output(io, io.input_len);
    if (!m_stream_started) {
      require_nonce(io, m_nonce_len, m_algorithm.c_str());
      if (m_key.empty()) m_stream->set_iv(io.nonce, io.nonce_len);
      m_stream_started = true;
    }
    m_stream->cipher(io.input, io.output, io.input_len);
    io.output_len = io.input_len;
    return CA_OK;
  }

 private:
  int apply(ca_io& io) {
    require_nonce(io, m_nonce_len, m_algorithm.c_str());
    require_output(io, io.input_len);
    if (!m_key.empty())
      m_cipher->set_key(m_key);  // RC4: back to keystream byte 0 (the key schedule is part of a message)
    else
      m_cipher->set_iv(io.nonce, io.nonce_len);
    m_cipher->cipher(io.input, io.output, io.input_len);
    io.output_len = io.input_len;
    return CA_OK;
  }

  size_t m_nonce_len;
  std::string m_algorithm;
  std::unique_ptr<Botan::StreamCipher> m_cipher;
  std::unique_ptr<Botan::StreamCipher> m_stream;  // encrypt_stream
  bool m_stream_started = false;
  Botan::secure_vector<uint8_t> m_key;  // kept only when every message re-keys
};

// ---- HashFunction --------------------------------------------------------------------------------------

class HashContext {
 public:
  HashContext(const ca_key_spec&, const char* name) : m_hash(Botan::HashFunction::create_or_throw(name)) {}

  int hash(ca_io& io) {
    require_output(io, m_hash->output_length());
    m_hash->update(io.input, io.input_len);
    m_hash->final(io.output);  // also resets the object for the next message
    io.output_len = m_hash->output_length();
    return CA_OK;
  }

 private:
  std::unique_ptr<Botan::HashFunction> m_hash;
};

// ---- MessageAuthenticationCode: HMAC, CMAC, Poly1305, SipHash -------------------------------------------

class MacContext {
 public:
  MacContext(const ca_key_spec& spec, const MacSpec& mac)
      : m_algorithm(spec.algorithm),
        m_mac(Botan::MessageAuthenticationCode::create_or_throw(botan_name(mac.botan_name, spec.key_bits))) {
    require_key_bytes(spec, spec.key_bits / 8);
    m_mac->set_key(spec.secret_key, spec.secret_key_len);
    if (mac.rekey_per_message) m_key = botan_key(spec);
  }

  int mac(ca_io& io) {
    require_nonce(io, 0, m_algorithm.c_str());
    require_output(io, m_mac->output_length());
    if (!m_key.empty()) m_mac->set_key(m_key);  // the previous final() wiped it
    m_mac->update(io.input, io.input_len);
    m_mac->final(io.output);  // HMAC and CMAC are ready for the next message with the same key
    io.output_len = m_mac->output_length();
    return CA_OK;
  }

 private:
  std::string m_algorithm;
  std::unique_ptr<Botan::MessageAuthenticationCode> m_mac;
  Botan::secure_vector<uint8_t> m_key;  // kept only when every message re-keys
};

// ---- GMAC: GCM over associated data only -----------------------------------------------------------------

/// Botan 2.19's "GMAC(AES-n)" MessageAuthenticationCode wipes its key in final(), so every message would
/// pay the AES key schedule and GHASH key setup again; GCM's Cipher_Mode keeps its key, and its tag over
/// associated data alone with an empty plaintext is GMAC by definition (SP 800-38D).
class AeadTagContext {
 public:
  AeadTagContext(const ca_key_spec& spec, const ModeSpec& mode)
      : m_nonce_len(mode.nonce_len),
        m_algorithm(spec.algorithm),
        m_mode(create_mode(spec, mode, Botan::ENCRYPTION)) {
    if (!mode.aead) throw std::logic_error(m_algorithm + ": an AEAD tag needs an AEAD mode");
  }

  int mac(ca_io& io) {
    require_nonce(io, m_nonce_len, m_algorithm.c_str());
    auto& aead = static_cast<Botan::AEAD_Mode&>(*m_mode);
    aead.set_associated_data(io.input, io.input_len);
    aead.start(io.nonce, io.nonce_len);
    m_tag.clear();  // keeps its capacity: no allocation after the first message
    aead.finish(m_tag);
    return ca::sdk::put_output(io, m_tag.data(), m_tag.size());
  }

 private:
  size_t m_nonce_len;
  std::string m_algorithm;
  std::unique_ptr<Botan::Cipher_Mode> m_mode;
  Botan::secure_vector<uint8_t> m_tag;
};

}  // namespace

ca::sdk::Factory aes_ecb_factory() { return ca::sdk::make_factory<AesEcb>(); }
ca::sdk::Factory cipher_mode_factory(ModeSpec spec) {
  return [spec](const ca_key_spec& key) {
    return ca::sdk::make_factory<CipherModeContext>(with_spec_lengths(spec, key))(key);
  };
}
ca::sdk::Factory stream_cipher_factory(StreamSpec spec) {
  return ca::sdk::make_factory<StreamCipherContext>(spec);
}
ca::sdk::Factory hash_factory(const char* botan_name) {
  return ca::sdk::make_factory<HashContext>(botan_name);
}
ca::sdk::Factory mac_factory(MacSpec spec) { return ca::sdk::make_factory<MacContext>(spec); }
ca::sdk::Factory aead_tag_factory(ModeSpec spec) {
  return [spec](const ca_key_spec& key) {
    return ca::sdk::make_factory<AeadTagContext>(with_spec_lengths(spec, key))(key);
  };
}

}  // namespace ca::backend_botan
