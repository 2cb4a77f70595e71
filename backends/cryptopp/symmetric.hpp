// Crypto++ contexts for ciphers, AEADs, hashes and MACs: one class template per API shape, instantiated
// once per row in cryptopp_backend.cpp. Each context keys its Crypto++ object in the constructor; an
// operation sets the IV on the already-keyed object and calls the library's direct API (ProcessData,
// EncryptAndAuthenticate, CalculateDigest). The Filter/Pipeline machinery is never used on the hot path
// because it allocates a chain of objects for every message.
#pragma once

#include <crypto++/algparam.h>
#include <crypto++/argnames.h>
#include <crypto++/cryptlib.h>
#include <crypto++/modes.h>
#include <crypto++/secblock.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::cryptopp {

/// A Crypto++ scheme with Encryption/Decryption typedefs, checked where the templates are instantiated.
template <class S>
concept CipherScheme = requires {
  typename S::Encryption;
  typename S::Decryption;
};

/// Keying details of a row where the catalog's definition differs from Crypto++'s defaults; passed to the
/// row's factory (make_factory<T>(Keying{...})). Every field is handed to SetKey as a parameter that must be
/// used, so a field given to a cipher that ignores it is an error at create(), not a silent no-op.
struct Keying {
  int effective_key_bits = 0;  // RC2: Name::EffectiveKeyLength() (Crypto++'s default is 1024)
  int rounds = 0;              // RC5: Name::Rounds() (Crypto++'s default is 16)
  // DESX: the catalog's key is K || K1 || K2 (DES key, pre-whitening, post-whitening: OpenSSL's order);
  // DES_XEX3 reads K1 || K || K2, so the first two 8-byte parts swap places.
  bool swap_first_two_des_keys = false;
  size_t key_multiple = 1;  // XTS: two keys of key_bits each, K1 (data) || K2 (tweak)
  // XChaCha20: parameter "InitialBlock" (a word64). Crypto++ starts XChaCha20's block counter at 1 (the
  // AEAD's convention, block 0 being the Poly1305 key); the catalog's stream cipher starts at 0.
  std::optional<CryptoPP::word64> initial_block = std::nullopt;
};

/// Keys a mode object; an IV parameter for modes that take one (the real IV arrives per message through
/// Resynchronize, so a zero IV of the right length stands in here).
template <class Cipher>
void key_cipher(Cipher& cipher, const ca_key_spec& spec, size_t iv_bytes, const Keying& keying = {}) {
  const size_t key_bytes = keying.key_multiple * spec.key_bits / 8;
  sdk::require_key_bytes(spec, key_bytes);
  const std::array<CryptoPP::byte, 32> zero_iv{};
  CryptoPP::AlgorithmParameters params;
  if (iv_bytes != 0)
    params(CryptoPP::Name::IV(), CryptoPP::ConstByteArrayParameter(zero_iv.data(), iv_bytes), true);
  if (keying.effective_key_bits != 0)
    params(CryptoPP::Name::EffectiveKeyLength(), keying.effective_key_bits, true);
  if (keying.rounds != 0) params(CryptoPP::Name::Rounds(), keying.rounds, true);
  if (keying.initial_block) params("InitialBlock", *keying.initial_block, true);  // no Name:: for it in 8.7
  if (keying.swap_first_two_des_keys) {
    if (key_bytes != 24)
      throw std::runtime_error(std::string(spec.algorithm) + ": DESX key must be 24 bytes");
    CryptoPP::FixedSizeSecBlock<CryptoPP::byte, 24> key;
    std::memcpy(key.data(), spec.secret_key + 8, 8);
    std::memcpy(key.data() + 8, spec.secret_key, 8);
    std::memcpy(key.data() + 16, spec.secret_key + 16, 8);
    cipher.SetKey(key.data(), key.size(), params);
  } else {
    cipher.SetKey(spec.secret_key, key_bytes, params);
  }
}

/// The block cipher inside a Crypto++ mode object (CBC_Mode<DES>::Encryption holds DES::Encryption), so that
/// the padding code knows the block size at compile time.
template <class ModeObject>
struct ModeCipher;
template <class Cipher, class ModeBase>
struct ModeCipher<CryptoPP::CipherModeFinalTemplate_CipherHolder<Cipher, ModeBase>> {
  using type = Cipher;
};

/// ECB and CBC with PKCS#7 padding, for any block size (8 or 16 bytes). The whole blocks go straight from
/// input to output; only the last, padded block is assembled on the stack, so neither direction copies the
/// message. IvBytes is 0 (ECB) or the block size (CBC).
template <CipherScheme Mode, size_t IvBytes>
class PaddedBlockMode {
 public:
  static constexpr size_t kBlock = ModeCipher<typename Mode::Encryption>::type::BLOCKSIZE;
  static_assert(IvBytes == 0 || IvBytes == kBlock, "the CBC IV is one block");

  explicit PaddedBlockMode(const ca_key_spec& spec, const Keying& keying = {}) : algorithm_(spec.algorithm) {
    key_cipher(encryptor_, spec, IvBytes, keying);
    key_cipher(decryptor_, spec, IvBytes, keying);
    key_cipher(stream_, spec, IvBytes, keying);
  }

  // --cipher-mode stream: whole blocks through one object, resynchronised only by the first call.
  int encrypt_stream(ca_io& io) {
    if (io.input_len % kBlock != 0)
      throw sdk::Unsupported(algorithm_ + " as a stream takes whole " + std::to_string(kBlock) +
                             "-byte blocks, got " + std::to_string(io.input_len) + " bytes");
    sdk::require_output(io, io.input_len);
    if (!started_) {
      resynchronize(stream_, io);
      started_ = true;
    }
    stream_.ProcessData(io.output, io.input, io.input_len);
    io.output_len = io.input_len;
    return CA_OK;
  }

  int encrypt(ca_io& io) {
    const size_t whole = io.input_len - io.input_len % kBlock;
    const size_t padded = sdk::pkcs7_padded_size(io.input_len, kBlock);
    sdk::require_output(io, padded);
    resynchronize(encryptor_, io);
    std::array<CryptoPP::byte, kBlock> last{};
    sdk::copy_bytes(last.data(), io.input + whole, io.input_len - whole);
    sdk::pkcs7_pad_in_place(last.data(), io.input_len - whole, kBlock);
    encryptor_.ProcessData(io.output, io.input, whole);
    encryptor_.ProcessData(io.output + whole, last.data(), kBlock);
    io.output_len = padded;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    if (io.input_len == 0 || io.input_len % kBlock != 0) return CA_REJECTED;
    const size_t whole = io.input_len - kBlock;
    resynchronize(decryptor_, io);
    // The last block decrypts into a stack buffer so that the caller's buffer only has to hold the
    // plaintext, whose length is known once the padding has been read.
    std::array<CryptoPP::byte, kBlock> last{};
    sdk::require_output(io, whole);
    decryptor_.ProcessData(io.output, io.input, whole);
    decryptor_.ProcessData(last.data(), io.input + whole, kBlock);
    const size_t tail = sdk::pkcs7_unpadded_size(last.data(), kBlock, kBlock);
    if (tail == SIZE_MAX) return CA_REJECTED;
    sdk::require_output(io, whole + tail);
    sdk::copy_bytes(io.output + whole, last.data(), tail);
    io.output_len = whole + tail;
    return CA_OK;
  }

 private:
  template <class Cipher>
  void resynchronize(Cipher& cipher, const ca_io& io) {
    if constexpr (IvBytes != 0) {
      sdk::require_nonce(io, IvBytes, algorithm_.c_str());
      cipher.Resynchronize(io.nonce, static_cast<int>(IvBytes));
    }
  }

  std::string algorithm_;
  typename Mode::Encryption encryptor_;
  typename Mode::Decryption decryptor_;
  typename Mode::Encryption stream_;  // encrypt_stream
  bool started_ = false;
};

/// Modes and stream ciphers whose output has the input's length: CFB, OFB, CTR, ChaCha20, XChaCha20,
/// Salsa20, XSalsa20, and RC4 (IvBytes = 0).
template <CipherScheme Scheme, size_t IvBytes>
class StreamCipher {
 public:
  explicit StreamCipher(const ca_key_spec& spec, const Keying& keying = {}) : algorithm_(spec.algorithm) {
    key_cipher(encryptor_, spec, IvBytes, keying);
    key_cipher(decryptor_, spec, IvBytes, keying);
    key_cipher(stream_, spec, IvBytes, keying);
    if constexpr (IvBytes == 0) keyed_ = encryptor_;
  }

  int encrypt(ca_io& io) { return process(encryptor_, io); }
  int decrypt(ca_io& io) { return process(decryptor_, io); }

  // --cipher-mode stream: one key stream, started at the first call's IV (RC4: at the key), continued after.
  int encrypt_stream(ca_io& io) {
    sdk::require_output(io, io.input_len);
    if (!started_) {
      sdk::require_nonce(io, IvBytes, algorithm_.c_str());
      if constexpr (IvBytes != 0) stream_.Resynchronize(io.nonce, static_cast<int>(IvBytes));
      started_ = true;
    }
    stream_.ProcessData(io.output, io.input, io.input_len);
    io.output_len = io.input_len;
    return CA_OK;
  }

 private:
  template <class Cipher>
  int process(Cipher& cipher, ca_io& io) {
    sdk::require_nonce(io, IvBytes, algorithm_.c_str());
    sdk::require_output(io, io.input_len);
    if constexpr (IvBytes == 0) {
      // RC4 has no IV: every message starts at key stream byte 0, from a copy of the state the key
      // schedule left (256 bytes and two indices; the key schedule itself stays in create(), as with
      // OpenSSL's EVP_CIPHER_CTX_copy). Encryption and decryption are the same object type.
      cipher = keyed_;
    } else {
      // Resynchronize restarts the key stream at the IV (for ChaChaTLS: block counter back to 0) and drops
      // the key stream left over from the previous message.
      cipher.Resynchronize(io.nonce, static_cast<int>(IvBytes));
    }
    cipher.ProcessData(io.output, io.input, io.input_len);
    io.output_len = io.input_len;
    return CA_OK;
  }

  struct NoCopy {};
  std::string algorithm_;
  typename Scheme::Encryption encryptor_;
  typename Scheme::Decryption decryptor_;
  typename Scheme::Encryption stream_;  // encrypt_stream
  bool started_ = false;
  [[no_unique_address]] std::conditional_t<IvBytes == 0, typename Scheme::Encryption, NoCopy> keyed_;
};

/// XTS (IEEE 1619): key = K1 (data) || K2 (tweak), the 16-byte nonce is the tweak as is, output as long as
/// the input (at least one block), ciphertext stealing for a partial last block.
template <CipherScheme Mode>
class TweakedBlockMode {
 public:
  static constexpr size_t kBlock = 16;

  explicit TweakedBlockMode(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    const Keying two_keys{.key_multiple = 2};
    key_cipher(encryptor_, spec, kBlock, two_keys);
    key_cipher(decryptor_, spec, kBlock, two_keys);
  }

  int encrypt(ca_io& io) { return process(encryptor_, io); }
  int decrypt(ca_io& io) { return process(decryptor_, io); }

 private:
  template <class Cipher>
  int process(Cipher& cipher, ca_io& io) {
    sdk::require_nonce(io, kBlock, algorithm_.c_str());
    if (io.input_len < kBlock)
      throw sdk::Unsupported(algorithm_ + " needs at least 16 bytes, got " + std::to_string(io.input_len));
    sdk::require_output(io, io.input_len);
    // Resynchronize encrypts the tweak with K2. XTS_ModeBase::ProcessLastBlock (xts.cpp, 8.7) processes
    // the wrong number of whole blocks before the stolen tail when the message has 2 or 4+ whole blocks and
    // a partial one (its ProcessData call covers inLength - head bytes instead of head), so the whole
    // blocks but the last go through ProcessData here and ProcessLastBlock only sees the final 17..31
    // bytes, the case it gets right (IEEE 1619 vectors 15-18).
    cipher.Resynchronize(io.nonce, static_cast<int>(kBlock));
    const size_t tail = io.input_len % kBlock;
    if (tail == 0) {
      cipher.ProcessData(io.output, io.input, io.input_len);
    } else {
      const size_t head = io.input_len - tail - kBlock;
      cipher.ProcessData(io.output, io.input, head);
      cipher.ProcessLastBlock(io.output + head, kBlock + tail, io.input + head, kBlock + tail);
    }
    io.output_len = io.input_len;
    return CA_OK;
  }

  std::string algorithm_;
  typename Mode::Encryption encryptor_;
  typename Mode::Decryption decryptor_;
};

/// AEADs through AuthenticatedSymmetricCipher::EncryptAndAuthenticate / DecryptAndVerify, which take the
/// nonce per call (and, for CCM, declare the data lengths first). Output is ciphertext || 16-byte tag.
template <CipherScheme Scheme, size_t NonceBytes>
class Aead {
 public:
  static constexpr size_t kTag = 16;

  explicit Aead(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    // Crypto++ refuses SetKey without an IV for AEADs ("this object requires an IV").
    key_cipher(encryptor_, spec, NonceBytes);
    key_cipher(decryptor_, spec, NonceBytes);
    // EAX_Base::Resync feeds the new nonce into a CMAC that still holds the state left by the IV given at
    // SetKeyWithIV until a message completes, so the first message's tag would be wrong (it disagrees
    // with the EAX paper's vectors and Wycheproof). One empty message per object completes that state;
    // every later message ends in Final(), which leaves the CMAC clean, even when the tag is rejected.
    const std::array<CryptoPP::byte, NonceBytes> zero_nonce{};
    std::array<CryptoPP::byte, kTag> tag{};
    encryptor_.EncryptAndAuthenticate(nullptr, tag.data(), kTag, zero_nonce.data(),
                                      static_cast<int>(NonceBytes), nullptr, 0, nullptr, 0);
    (void)decryptor_.DecryptAndVerify(nullptr, tag.data(), kTag, zero_nonce.data(),
                                      static_cast<int>(NonceBytes), nullptr, 0, nullptr, 0);
    if (offers(CA_OP_ENCRYPT_STREAM)) {
      key_cipher(stream_, spec, NonceBytes);
      stream_.EncryptAndAuthenticate(nullptr, tag.data(), kTag, zero_nonce.data(),
                                     static_cast<int>(NonceBytes), nullptr, 0, nullptr, 0);
    }
  }

  // --cipher-mode stream: Resynchronize with the first call's nonce, then ProcessData through the running
  // message, no associated data and never a tag. CCM must declare the message length first: no stream form.
  int encrypt_stream(ca_io& io) {
    sdk::require_output(io, io.input_len);
    if (!started_) {
      sdk::require_nonce(io, NonceBytes, algorithm_.c_str());
      stream_.Resynchronize(io.nonce, static_cast<int>(NonceBytes));
      started_ = true;
    }
    stream_.ProcessData(io.output, io.input, io.input_len);
    io.output_len = io.input_len;
    return CA_OK;
  }
  bool offers(int op) const { return op != CA_OP_ENCRYPT_STREAM || algorithm_ != "AES-CCM"; }

  int encrypt(ca_io& io) {
    sdk::require_nonce(io, NonceBytes, algorithm_.c_str());
    sdk::require_output(io, io.input_len + kTag);
    encryptor_.EncryptAndAuthenticate(io.output, io.output + io.input_len, kTag, io.nonce,
                                      static_cast<int>(NonceBytes), io.aad, io.aad_len, io.input,
                                      io.input_len);
    io.output_len = io.input_len + kTag;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    sdk::require_nonce(io, NonceBytes, algorithm_.c_str());
    if (io.input_len < kTag) return CA_REJECTED;
    const size_t length = io.input_len - kTag;
    sdk::require_output(io, length);
    const bool authentic =
        decryptor_.DecryptAndVerify(io.output, io.input + length, kTag, io.nonce,
                                    static_cast<int>(NonceBytes), io.aad, io.aad_len, io.input, length);
    if (!authentic) return CA_REJECTED;
    io.output_len = length;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  typename Scheme::Encryption encryptor_;
  typename Scheme::Decryption decryptor_;
  typename Scheme::Encryption stream_;  // encrypt_stream (not keyed for CCM)
  bool started_ = false;
};

/// One-shot digest: CalculateDigest is Update + Final, and Final leaves the object ready for the next
/// message. Extra factory arguments go to the hash's constructor (SHAKE128(32): the output length).
template <class Hash>
class Digest {
 public:
  template <class... Args>
  explicit Digest(const ca_key_spec&, Args... args) : hash_(args...), size_(hash_.DigestSize()) {}

  int hash(ca_io& io) {
    sdk::require_output(io, size_);
    hash_.CalculateDigest(io.output, io.input, io.input_len);
    io.output_len = size_;
    return CA_OK;
  }

 private:
  Hash hash_;
  size_t size_;
};

/// A MessageAuthenticationCode keyed once with the raw key (HMAC<H>, CMAC<AES>, Poly1305TLS, SipHash<2,4>).
/// CalculateDigest = Update + Final; Final returns the object to its keyed initial state, so the key
/// schedule (HMAC's inner and outer pads, CMAC's subkeys, Poly1305's clamped r and s) is not redone.
template <class Mac>
class KeyedMac {
 public:
  explicit KeyedMac(const ca_key_spec& spec) : size_(mac_.DigestSize()) {
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    mac_.SetKey(spec.secret_key, spec.secret_key_len);
  }

  int mac(ca_io& io) {
    sdk::require_output(io, size_);
    mac_.CalculateDigest(io.output, io.input, io.input_len);
    io.output_len = size_;
    return CA_OK;
  }

 private:
  Mac mac_;
  size_t size_;
};

/// GMAC: an authenticated-encryption mode with the message as associated data and nothing to encrypt;
/// the tag is the MAC. Crypto++ has no GMAC class; this is what its own benchmark calls "GMAC(AES)".
template <CipherScheme Scheme, size_t NonceBytes>
class AadOnlyMac {
 public:
  static constexpr size_t kTag = 16;

  explicit AadOnlyMac(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    key_cipher(encryptor_, spec, NonceBytes);
  }

  int mac(ca_io& io) {
    sdk::require_nonce(io, NonceBytes, algorithm_.c_str());
    sdk::require_output(io, kTag);
    encryptor_.EncryptAndAuthenticate(nullptr, io.output, kTag, io.nonce, static_cast<int>(NonceBytes),
                                      io.input, io.input_len, nullptr, 0);
    io.output_len = kTag;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  typename Scheme::Encryption encryptor_;
};

}  // namespace ca::cryptopp
