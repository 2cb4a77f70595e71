// Symmetric rows of the Botan 3 backend. Each context is one of the SDK's mode templates around a small
// "Ops" class over a Botan 3 object made by its ::create_or_throw (Botan 3 has no per-algorithm headers):
// Pkcs7BlockMode over BlockCipher (ECB) or a CBC/NoPadding Cipher_Mode, StreamMode over StreamCipher and
// the length-preserving Cipher_Modes (CFB, XTS), TaggedAead over AEAD_Mode, HashMode over HashFunction and
// MacMode over MessageAuthenticationCode. Objects are created and keyed in the constructor; an operation
// only starts a message (nonce, associated data) and processes it.
#include <botan/aead.h>
#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <botan/exceptn.h>
#include <botan/hash.h>
#include <botan/mac.h>
#include <botan/secmem.h>
#include <botan/stream_cipher.h>

#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "botan3_backend.hpp"

namespace ca::backend_botan3 {
namespace {

using ca::sdk::Direction;

/// A Botan name with its placeholders filled in (botan3_backend.hpp): "{bits}" from the key size, "{tag}"
/// from the spec's tag length (in bits for KMAC, whose name counts bits), "{L}" from its nonce length.
std::string botan_name(std::string_view pattern, const ca_key_spec& spec) {
  std::string name(pattern);
  const size_t tag_bytes = ca::sdk::tag_length(spec);
  const size_t nonce_bytes = ca::sdk::nonce_length(spec);
  const bool tag_in_bits = name.starts_with("KMAC");
  const std::pair<std::string_view, size_t> fields[] = {{"{bits}", spec.key_bits},
                                                        {"{tag}", tag_in_bits ? 8 * tag_bytes : tag_bytes},
                                                        {"{L}", nonce_bytes < 15 ? 15 - nonce_bytes : 0}};
  for (const auto& [placeholder, value] : fields)
    if (auto at = name.find(placeholder); at != std::string::npos)
      name.replace(at, placeholder.size(), std::to_string(value));
  return name;
}

std::span<const uint8_t> key_of(const ca_key_spec& spec) { return {spec.secret_key, spec.secret_key_len}; }

Botan::Cipher_Dir cipher_dir(Direction direction) {
  return direction == Direction::Encrypt ? Botan::Cipher_Dir::Encryption : Botan::Cipher_Dir::Decryption;
}

/// A keyed Cipher_Mode that takes the spec's nonce length.
std::unique_ptr<Botan::Cipher_Mode> keyed_mode(const std::string& name, const ca_key_spec& spec,
                                               Direction direction) {
  auto mode = Botan::Cipher_Mode::create_or_throw(name, cipher_dir(direction));
  const size_t nonce = ca::sdk::nonce_length(spec);
  if (!mode->valid_nonce_length(nonce))
    throw ca::sdk::Unsupported(name + " does not take a " + std::to_string(nonce) + "-byte nonce");
  mode->set_key(key_of(spec));
  return mode;
}

/// One message through a started Cipher_Mode into out. Botan's in-place process() takes whole
/// update_granularity() chunks, and finish() appends to a resizable buffer, so the bulk is copied into out
/// and processed there, and only the rest -- at least minimum_final_size(): the tag, CBC's or XTS's last
/// block -- goes through finish() in `tail`, whose capacity is kept between messages. A mode that needs the
/// entire message before it can output anything (CCM, SIV: requires_entire_message()) takes it all in
/// finish(). Returns the bytes written; out must hold them (the caller checked).
size_t run_message(Botan::Cipher_Mode& mode, const uint8_t* in, size_t n, uint8_t* out,
                   Botan::secure_vector<uint8_t>& tail, size_t& processed) {
  processed = 0;
  if (!mode.requires_entire_message() && n > mode.minimum_final_size()) {
    const size_t granule = mode.update_granularity();
    processed = (n - mode.minimum_final_size()) / granule * granule;
    if (out != in) ca::sdk::copy_bytes(out, in, processed);
    processed = mode.process(out, processed);
  }
  tail.assign(in + processed, in + n);
  mode.finish(tail);
  ca::sdk::copy_bytes(out + processed, tail.data(), tail.size());
  return processed + tail.size();
}

/// --cipher-mode stream of a Cipher_Mode: process() in place, never finish() (no tag, no padding). Botan's
/// process() takes whole update_granularity() chunks only, so other sizes are a parameter it does not take.
void process_granules(Botan::Cipher_Mode& mode, uint8_t* out, const uint8_t* in, size_t n,
                      const std::string& what) {
  const size_t granule = mode.update_granularity();
  if (n % granule != 0)
    throw ca::sdk::Unsupported(what + " as a Botan stream takes multiples of " + std::to_string(granule) +
                               " bytes (update_granularity), got " + std::to_string(n));
  if (out != in) ca::sdk::copy_bytes(out, in, n);
  mode.process(out, n);
}

// ---- ECB and CBC with PKCS#7 padding ---------------------------------------------------------------------

/// BlockOps (backend_sdk.hpp) for Pkcs7BlockMode. ECB: BlockCipher's encrypt_n / decrypt_n over the whole
/// blocks (Botan 3 has no ECB Cipher_Mode). CBC: Botan's own CBC with no padding, one object per direction
/// and a third for --cipher-mode stream, each processing whole blocks in place.
class BlockOps {
 public:
  BlockOps(const ca_key_spec& spec, const char* cipher_name, bool cbc)
      : m_cipher(Botan::BlockCipher::create_or_throw(botan_name(cipher_name, spec))) {
    m_cipher->set_key(key_of(spec));
    if (!cbc) return;
    const std::string mode = m_cipher->name() + "/CBC/NoPadding";
    for (Direction direction : {Direction::Encrypt, Direction::Decrypt}) {
      m_cbc[index(direction)] = Botan::Cipher_Mode::create_or_throw(mode, cipher_dir(direction));
      m_cbc[index(direction)]->set_key(key_of(spec));
    }
    m_stream = Botan::Cipher_Mode::create_or_throw(mode, Botan::Cipher_Dir::Encryption);
    m_stream->set_key(key_of(spec));
  }

  size_t block_size() const { return m_cipher->block_size(); }
  size_t iv_bytes() const { return m_stream ? m_cipher->block_size() : 0; }

  void start(Direction direction, const uint8_t* iv) {
    if (m_stream) m_cbc[index(direction)]->start(iv, block_size());
  }
  void process(Direction direction, uint8_t* out, const uint8_t* in, size_t n) {
    if (m_stream) {
      if (out != in) ca::sdk::copy_bytes(out, in, n);
      m_cbc[index(direction)]->process(out, n);
    } else if (direction == Direction::Encrypt) {
      m_cipher->encrypt_n(in, out, n / block_size());
    } else {
      m_cipher->decrypt_n(in, out, n / block_size());
    }
  }

  void stream_start(const uint8_t* iv) {
    if (m_stream) m_stream->start(iv, block_size());
  }
  void stream(uint8_t* out, const uint8_t* in, size_t n) {
    if (!m_stream) return process(Direction::Encrypt, out, in, n);
    if (out != in) ca::sdk::copy_bytes(out, in, n);
    m_stream->process(out, n);
  }

 private:
  static size_t index(Direction direction) { return direction == Direction::Encrypt ? 0 : 1; }

  std::unique_ptr<Botan::BlockCipher> m_cipher;
  std::unique_ptr<Botan::Cipher_Mode> m_cbc[2];  // CBC only: encryption, decryption
  std::unique_ptr<Botan::Cipher_Mode> m_stream;  // CBC only: --cipher-mode stream
};

// ---- StreamCipher: OFB, CTR, (X)ChaCha20, (X)Salsa20, RC4 ------------------------------------------------

/// Keystream ciphers write from the input straight into the output. A 24-byte IV turns Botan's ChaCha and
/// Salsa20 into XChaCha20 / XSalsa20. A cipher that takes no IV (RC4) cannot be rewound (Botan's set_iv
/// refuses a zero-length IV), so each of its messages runs the key schedule again from the kept key.
class KeystreamOps {
 public:
  KeystreamOps(const ca_key_spec& spec, const char* name)
      : m_key(spec),
        m_cipher(Botan::StreamCipher::create_or_throw(botan_name(name, spec))),
        m_stream(m_cipher->new_object()),
        m_nonce_len(ca::sdk::nonce_length(spec)) {
    if (m_nonce_len != 0 ? !m_cipher->valid_iv_length(m_nonce_len) : m_cipher->default_iv_length() != 0)
      throw ca::sdk::Unsupported(m_cipher->name() + " does not take a " + std::to_string(m_nonce_len) +
                                 "-byte nonce");
    m_cipher->set_key(key_of(spec));
    m_stream->set_key(key_of(spec));
  }

  void crypt(Direction, const ca_io& io, uint8_t* out) {
    if (m_nonce_len != 0)
      m_cipher->set_iv(io.nonce, io.nonce_len);
    else
      m_cipher->set_key(m_key.data(), m_key.size());  // back to keystream byte 0
    m_cipher->cipher(io.input, out, io.input_len);
  }

  void stream_start(const uint8_t* nonce) {
    if (m_nonce_len != 0) m_stream->set_iv(nonce, m_nonce_len);
  }
  void stream(uint8_t* out, const uint8_t* in, size_t n) { m_stream->cipher(in, out, n); }

 private:
  ca::sdk::RawKey m_key;
  std::unique_ptr<Botan::StreamCipher> m_cipher;
  std::unique_ptr<Botan::StreamCipher> m_stream;  // --cipher-mode stream
  size_t m_nonce_len;                             // 0: no IV, re-keyed per message (RC4)
};

// ---- Cipher_Mode rows: CFB, XTS (StreamMode) and the AEADs but SIV (TaggedAead) ------------------------

/// The Cipher_Mode objects of one row: one per direction, keyed once, and a third for --cipher-mode stream
/// where the mode has a stream form -- one that outputs as it goes (not CCM or SIV,
/// requires_entire_message()) and needs nothing held back for finish() when encrypting (not XTS, which
/// steals ciphertext from its last block): process() in place, never finish(), so no tag and no padding.
class ModeObjects {
 public:
  ModeObjects(const ca_key_spec& spec, const char* pattern)
      : m_name(botan_name(pattern, spec)),
        m_nonce(ca::sdk::nonce_length(spec)),
        m_encryptor(keyed_mode(m_name, spec, Direction::Encrypt)),
        m_decryptor(keyed_mode(m_name, spec, Direction::Decrypt)) {
    if (!m_encryptor->requires_entire_message() && m_encryptor->minimum_final_size() == 0)
      m_stream = keyed_mode(m_name, spec, Direction::Encrypt);
  }

  bool offers(int op) const { return op != CA_OP_ENCRYPT_STREAM || m_stream != nullptr; }
  void stream_start(const uint8_t* nonce) { m_stream->start(nonce, m_nonce); }
  void stream(uint8_t* out, const uint8_t* in, size_t n) { process_granules(*m_stream, out, in, n, m_name); }

 protected:
  Botan::Cipher_Mode& mode(Direction direction) {
    return direction == Direction::Encrypt ? *m_encryptor : *m_decryptor;
  }
  /// run_message on the direction's object, which the caller has started.
  void run(Direction direction, const uint8_t* in, size_t n, uint8_t* out, size_t& processed) {
    run_message(mode(direction), in, n, out, m_tail, processed);
  }

  std::string m_name;
  size_t m_nonce;

 private:
  std::unique_ptr<Botan::Cipher_Mode> m_encryptor;
  std::unique_ptr<Botan::Cipher_Mode> m_decryptor;
  std::unique_ptr<Botan::Cipher_Mode> m_stream;  // null where the mode has no stream form
  Botan::secure_vector<uint8_t> m_tail;
};

/// StreamOps for CFB and XTS, which keep the message's length; XTS takes at least one block.
class LengthPreservingOps : public ModeObjects {
 public:
  using ModeObjects::ModeObjects;

  void check_length(const ca_io& io) {
    const size_t minimum = mode(Direction::Encrypt).minimum_final_size();
    if (io.input_len < minimum)
      throw ca::sdk::Unsupported(m_name + " needs messages of at least " + std::to_string(minimum) +
                                 " bytes");
  }

  void crypt(Direction direction, const ca_io& io, uint8_t* out) {
    mode(direction).start(io.nonce, io.nonce_len);
    size_t processed = 0;
    run(direction, io.input, io.input_len, out, processed);
  }
};

/// AeadOps for TaggedAead: Botan writes ciphertext || tag, the layout TaggedAead hands over (the tag span
/// follows the ciphertext in the same buffer), so a message goes through run_message in one piece.
class AeadOps : public ModeObjects {
 public:
  AeadOps(const ca_key_spec& spec, const char* pattern) : ModeObjects(spec, pattern) {
    if (dynamic_cast<Botan::AEAD_Mode*>(&mode(Direction::Encrypt)) == nullptr)
      throw std::logic_error(m_name + " is not an AEAD_Mode");
  }

  void seal(const ca_io& io, uint8_t* out, std::span<uint8_t> tag) {
    if (tag.data() != out + io.input_len || tag.size() != aead(Direction::Encrypt).tag_size())
      throw std::logic_error(m_name + ": the tag does not follow the ciphertext");
    begin(Direction::Encrypt, io);
    size_t processed = 0;
    run(Direction::Encrypt, io.input, io.input_len, out, processed);
  }

  bool open(const ca_io& io, size_t length, std::span<const uint8_t> tag, uint8_t* out) {
    begin(Direction::Decrypt, io);
    size_t processed = 0;
    try {
      run(Direction::Decrypt, io.input, length + tag.size(), out, processed);
      return true;
    } catch (const Botan::Invalid_Authentication_Tag&) {
      // No unauthenticated plaintext stays in the caller's buffer (volatile: the store is not dropped).
      std::fill_n(static_cast<volatile uint8_t*>(out), processed, uint8_t{0});
      return false;
    }
  }

 private:
  Botan::AEAD_Mode& aead(Direction direction) { return static_cast<Botan::AEAD_Mode&>(mode(direction)); }

  /// Botan keeps the last associated data until it is replaced, so it is set for every message. reset()
  /// first: EAX refuses new associated data while its nonce MAC from the last message is still set.
  void begin(Direction direction, const ca_io& io) {
    aead(direction).reset();
    aead(direction).set_associated_data(io.aad, io.aad_len);
    aead(direction).start(io.nonce, io.nonce_len);
  }
};

// ---- AES-SIV ---------------------------------------------------------------------------------------------

/// SIV's output is V || C, not ciphertext || tag, and Botan's SIV collects the whole message before
/// finish() (requires_entire_message()), so the message goes through finish() in one member buffer.
/// Associated data: an empty aad is no AD component, unless the spec says "empty_ad=1" (RFC 5297's S2V
/// counts the components); reset() drops the previous message's components.
class SivContext {
 public:
  SivContext(const ca_key_spec& spec, const char* name)
      : m_algorithm(ca::sdk::checked_key(spec)),
        m_nonce(ca::sdk::nonce_length(spec)),
        m_empty_ad_component(ca::sdk::empty_ad_component(spec)),
        m_encryptor(keyed_mode(botan_name(name, spec), spec, Direction::Encrypt)),
        m_decryptor(keyed_mode(botan_name(name, spec), spec, Direction::Decrypt)) {}

  int encrypt(ca_io& io) { return run(*m_encryptor, io); }
  int decrypt(ca_io& io) {
    try {
      return run(*m_decryptor, io);
    } catch (const Botan::Invalid_Authentication_Tag&) {
      io.output_len = 0;
      return CA_REJECTED;
    }
  }

 private:
  int run(Botan::Cipher_Mode& mode, ca_io& io) {
    ca::sdk::require_nonce(io, m_nonce, m_algorithm.c_str());
    if (io.input_len < mode.minimum_final_size()) return CA_REJECTED;  // shorter than V
    auto& aead = static_cast<Botan::AEAD_Mode&>(mode);
    aead.reset();
    if (io.aad_len != 0 || m_empty_ad_component) aead.set_associated_data(io.aad, io.aad_len);
    aead.start(io.nonce, io.nonce_len);
    m_buffer.assign(io.input, io.input + io.input_len);
    aead.finish(m_buffer);
    return ca::sdk::put_output(io, m_buffer.data(), m_buffer.size());
  }

  std::string m_algorithm;
  size_t m_nonce;
  bool m_empty_ad_component;
  std::unique_ptr<Botan::Cipher_Mode> m_encryptor;
  std::unique_ptr<Botan::Cipher_Mode> m_decryptor;
  Botan::secure_vector<uint8_t> m_buffer;
};

// ---- HashFunction ----------------------------------------------------------------------------------------

class HashOps {
 public:
  HashOps(const ca_key_spec& spec, const char* name) : m_hash(Botan::HashFunction::create_or_throw(name)) {
    if (m_hash->output_length() != ca::sdk::digest_bytes(spec.algorithm))
      throw std::logic_error(std::string(spec.algorithm) + ": " + m_hash->name() + " has a " +
                             std::to_string(m_hash->output_length()) + "-byte output");
  }
  void hash(const ca_io& io, std::span<uint8_t> out) {
    m_hash->update(io.input, io.input_len);
    m_hash->final(out);  // also resets the object for the next message
  }

 private:
  std::unique_ptr<Botan::HashFunction> m_hash;
};

// ---- MessageAuthenticationCode: HMAC, CMAC, GMAC, KMAC, Poly1305, SipHash --------------------------------

/// Every message starts with start(nonce): GMAC's nonce, KMAC's (empty) customization string, nothing for
/// the others. Poly1305 is a one-time MAC: Botan 3 clears its key in final() and says so through
/// fresh_key_required_per_message(), so it is keyed again before every message.
class MacOps {
 public:
  MacOps(const ca_key_spec& spec, const char* name)
      : m_mac(Botan::MessageAuthenticationCode::create_or_throw(botan_name(name, spec))) {
    m_mac->set_key(key_of(spec));
    if (m_mac->fresh_key_required_per_message())
      m_key.assign(spec.secret_key, spec.secret_key + spec.secret_key_len);
  }
  void mac(const ca_io& io, std::span<uint8_t> tag) {
    if (tag.size() != m_mac->output_length())
      throw std::logic_error(m_mac->name() + " has a " + std::to_string(m_mac->output_length()) +
                             "-byte tag, not " + std::to_string(tag.size()));
    if (!m_key.empty()) m_mac->set_key(m_key);
    m_mac->start(io.nonce, io.nonce_len);
    m_mac->update(io.input, io.input_len);
    m_mac->final(tag);
  }

 private:
  std::unique_ptr<Botan::MessageAuthenticationCode> m_mac;
  Botan::secure_vector<uint8_t> m_key;  // kept only where every message needs a fresh key (Poly1305)
};

}  // namespace

ca::sdk::Factory padded_block_factory(const char* block_cipher, bool cbc) {
  return ca::sdk::make_factory<ca::sdk::Pkcs7BlockMode<BlockOps>>(block_cipher, cbc);
}
ca::sdk::Factory stream_cipher_factory(const char* botan_name) {
  return ca::sdk::make_factory<ca::sdk::StreamMode<KeystreamOps>>(botan_name);
}
ca::sdk::Factory length_preserving_mode_factory(const char* botan_name) {
  return ca::sdk::make_factory<ca::sdk::StreamMode<LengthPreservingOps>>(botan_name);
}
ca::sdk::Factory aead_factory(const char* botan_name) {
  return ca::sdk::make_factory<ca::sdk::TaggedAead<AeadOps>>(botan_name);
}
ca::sdk::Factory siv_factory(const char* botan_name) { return ca::sdk::make_factory<SivContext>(botan_name); }
ca::sdk::Factory hash_factory(const char* botan_name) {
  return ca::sdk::make_factory<ca::sdk::HashMode<HashOps>>(botan_name);
}
ca::sdk::Factory mac_factory(const char* botan_name) {
  return ca::sdk::make_factory<ca::sdk::MacMode<MacOps>>(botan_name);
}

}  // namespace ca::backend_botan3
