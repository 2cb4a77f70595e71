// Crypto++ contexts for ciphers, AEADs, hashes and MACs: one class template per API shape, instantiated
// once per row in backend.cpp. Each context keys its Crypto++ object in the constructor; an
// operation sets the IV on the already-keyed object and calls the library's direct API (ProcessData,
// EncryptAndAuthenticate, CalculateDigest). The Filter/Pipeline machinery is never used on the hot path
// because it allocates a chain of objects for every message.
#pragma once

#include <crypto++/algparam.h>
#include <crypto++/argnames.h>
#include <crypto++/ccm.h>
#include <crypto++/cryptlib.h>
#include <crypto++/modes.h>
#include <crypto++/secblock.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::backend_cryptopp {

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
  const std::vector<CryptoPP::byte> zero_iv(iv_bytes);  // any nonce length a row takes (GCM: up to 1 KiB)
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

/// ECB has no IV; CBC's IV is one block.
template <class Mode>
constexpr bool kChained = true;
template <class Cipher>
constexpr bool kChained<CryptoPP::ECB_Mode<Cipher>> = false;

/// The block operations of sdk::Pkcs7BlockMode: ECB and CBC for any block size (8 or 16 bytes), through
/// ProcessData on mode objects keyed once. The IV arrives per message through Resynchronize.
template <CipherScheme Mode>
class ModeBlockOps {
 public:
  static constexpr size_t kBlock = ModeCipher<typename Mode::Encryption>::type::BLOCKSIZE;
  static constexpr size_t kIvBytes = kChained<Mode> ? kBlock : 0;
  static constexpr size_t IvBytes = kIvBytes;

  explicit ModeBlockOps(const ca_key_spec& spec, const Keying& keying = {}) {
    key_cipher(encryptor_, spec, IvBytes, keying);
    key_cipher(decryptor_, spec, IvBytes, keying);
    key_cipher(stream_, spec, IvBytes, keying);
  }

  void start(sdk::Direction direction, const uint8_t* iv) {
    if (direction == sdk::Direction::Encrypt)
      resynchronize(encryptor_, iv);
    else
      resynchronize(decryptor_, iv);
  }
  void process(sdk::Direction direction, uint8_t* out, const uint8_t* in, size_t n) {
    if (direction == sdk::Direction::Encrypt)
      encryptor_.ProcessData(out, in, n);
    else
      decryptor_.ProcessData(out, in, n);
  }
  // --cipher-mode stream: whole blocks through one object, resynchronised only by the first call.
  void stream_start(const uint8_t* iv) { resynchronize(stream_, iv); }
  void stream(uint8_t* out, const uint8_t* in, size_t n) { stream_.ProcessData(out, in, n); }

 private:
  template <class Cipher>
  static void resynchronize(Cipher& cipher, const uint8_t* iv) {
    if constexpr (IvBytes != 0) cipher.Resynchronize(iv, static_cast<int>(IvBytes));
  }

  typename Mode::Encryption encryptor_;
  typename Mode::Decryption decryptor_;
  typename Mode::Encryption stream_;  // encrypt_stream
};

template <CipherScheme Mode>
using PaddedBlockMode = sdk::Pkcs7BlockMode<ModeBlockOps<Mode>>;

/// Modes and stream ciphers whose output has the input's length: CFB, OFB, CTR, ChaCha20, XChaCha20,
/// Salsa20, XSalsa20 (the catalog's nonce length), and RC4 (HasIv = false).
template <CipherScheme Scheme, bool HasIv = true>
class StreamCipherOps {
 public:
  explicit StreamCipherOps(const ca_key_spec& spec, const Keying& keying = {})
      : iv_bytes_(static_cast<int>(sdk::nonce_bytes(spec.algorithm))) {
    key_cipher(encryptor_, spec, static_cast<size_t>(iv_bytes_), keying);
    key_cipher(decryptor_, spec, static_cast<size_t>(iv_bytes_), keying);
    key_cipher(stream_, spec, static_cast<size_t>(iv_bytes_), keying);
    if constexpr (!HasIv) keyed_ = encryptor_;
  }

  void crypt(sdk::Direction direction, const ca_io& io, uint8_t* out) {
    if (direction == sdk::Direction::Encrypt)
      process(encryptor_, io, out);
    else
      process(decryptor_, io, out);
  }

  // --cipher-mode stream: one key stream, started at the first call's IV (RC4: at the key), continued after.
  void stream_start(const uint8_t* iv) {
    if constexpr (HasIv) stream_.Resynchronize(iv, iv_bytes_);
  }
  void stream(uint8_t* out, const uint8_t* in, size_t n) { stream_.ProcessData(out, in, n); }

 private:
  template <class Cipher>
  void process(Cipher& cipher, const ca_io& io, uint8_t* out) {
    if constexpr (!HasIv) {
      // RC4 has no IV: every message starts at key stream byte 0, from a copy of the state the key
      // schedule left (256 bytes and two indices; the key schedule itself stays in create(), as with
      // OpenSSL's EVP_CIPHER_CTX_copy). Encryption and decryption are the same object type.
      cipher = keyed_;
    } else {
      // Resynchronize restarts the key stream at the IV (for ChaChaTLS: block counter back to 0) and drops
      // the key stream left over from the previous message.
      cipher.Resynchronize(io.nonce, iv_bytes_);
    }
    cipher.ProcessData(out, io.input, io.input_len);
  }

  struct NoCopy {};
  int iv_bytes_;
  typename Scheme::Encryption encryptor_;
  typename Scheme::Decryption decryptor_;
  typename Scheme::Encryption stream_;  // encrypt_stream
  [[no_unique_address]] std::conditional_t<!HasIv, typename Scheme::Encryption, NoCopy> keyed_;
};
template <CipherScheme Scheme, bool HasIv = true>
using StreamCipher = sdk::StreamMode<StreamCipherOps<Scheme, HasIv>>;

/// XTS (IEEE 1619): key = K1 (data) || K2 (tweak), the 16-byte nonce is the tweak as is, output as long as
/// the input (at least one block), ciphertext stealing for a partial last block.
template <CipherScheme Mode>
class TweakedBlockOps {
 public:
  explicit TweakedBlockOps(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    const Keying two_keys{.key_multiple = 2};
    key_cipher(encryptor_, spec, kBlock, two_keys);
    key_cipher(decryptor_, spec, kBlock, two_keys);
  }

  void check_length(const ca_io& io) const {
    if (io.input_len < kBlock)
      throw sdk::Unsupported(algorithm_ + " needs at least 16 bytes, got " + std::to_string(io.input_len));
  }
  void crypt(sdk::Direction direction, const ca_io& io, uint8_t* out) {
    if (direction == sdk::Direction::Encrypt)
      process(encryptor_, io, out);
    else
      process(decryptor_, io, out);
  }

 private:
  static constexpr size_t kBlock = 16;

  template <class Cipher>
  void process(Cipher& cipher, const ca_io& io, uint8_t* out) {
    // Resynchronize encrypts the tweak with K2. XTS_ModeBase::ProcessLastBlock (xts.cpp, 8.7) processes
    // the wrong number of whole blocks before the stolen tail when the message has 2 or 4+ whole blocks and
    // a partial one (its ProcessData call covers inLength - head bytes instead of head), so the whole
    // blocks but the last go through ProcessData here and ProcessLastBlock only sees the final 17..31
    // bytes, the case it gets right (IEEE 1619 vectors 15-18).
    cipher.Resynchronize(io.nonce, static_cast<int>(kBlock));
    const size_t tail = io.input_len % kBlock;
    if (tail == 0) {
      cipher.ProcessData(out, io.input, io.input_len);
    } else {
      const size_t head = io.input_len - tail - kBlock;
      cipher.ProcessData(out, io.input, head);
      cipher.ProcessLastBlock(out + head, kBlock + tail, io.input + head, kBlock + tail);
    }
  }

  std::string algorithm_;
  typename Mode::Encryption encryptor_;
  typename Mode::Decryption decryptor_;
};
template <CipherScheme Mode>
using TweakedBlockMode = sdk::StreamMode<TweakedBlockOps<Mode>>;

/// CCM declares the message length before the first byte (SpecifyDataLengths), so it has no stream form.
template <class Scheme>
constexpr bool kDeclaresLengthFirst = false;
template <class Cipher, int TagBytes>
constexpr bool kDeclaresLengthFirst<CryptoPP::CCM<Cipher, TagBytes>> = true;

/// AEADs through AuthenticatedSymmetricCipher::EncryptAndAuthenticate / DecryptAndVerify, which take the
/// nonce per call (and, for CCM, declare the data lengths first). Output is ciphertext || tag (the tag's
/// length is TaggedAead's: EncryptAndAuthenticate truncates, DecryptAndVerify checks the truncated tag).
template <CipherScheme Scheme>
class AeadOps {
 public:
  explicit AeadOps(const ca_key_spec& spec) : nonce_(static_cast<int>(sdk::nonce_length(spec))) {
    const size_t NonceBytes = static_cast<size_t>(nonce_);
    // Crypto++ refuses SetKey without an IV for AEADs ("this object requires an IV").
    key_cipher(encryptor_, spec, NonceBytes);
    key_cipher(decryptor_, spec, NonceBytes);
    // EAX_Base::Resync feeds the new nonce into a CMAC that still holds the state left by the IV given at
    // SetKeyWithIV until a message completes, so the first message's tag would be wrong (it disagrees
    // with the EAX paper's vectors and Wycheproof). One empty message per object completes that state;
    // every later message ends in Final(), which leaves the CMAC clean, even when the tag is rejected.
    const std::vector<CryptoPP::byte> zero_nonce(NonceBytes);
    std::array<CryptoPP::byte, 16> tag{};  // every AEAD row's tag (the catalog's)
    encryptor_.EncryptAndAuthenticate(nullptr, tag.data(), tag.size(), zero_nonce.data(), nonce_, nullptr, 0,
                                      nullptr, 0);
    (void)decryptor_.DecryptAndVerify(nullptr, tag.data(), tag.size(), zero_nonce.data(), nonce_, nullptr, 0,
                                      nullptr, 0);
    if (offers(CA_OP_ENCRYPT_STREAM)) {
      key_cipher(stream_, spec, NonceBytes);
      stream_.EncryptAndAuthenticate(nullptr, tag.data(), tag.size(), zero_nonce.data(), nonce_, nullptr, 0,
                                     nullptr, 0);
    }
  }

  void seal(const ca_io& io, uint8_t* out, std::span<uint8_t> tag) {
    encryptor_.EncryptAndAuthenticate(out, tag.data(), tag.size(), io.nonce, nonce_, io.aad, io.aad_len,
                                      io.input, io.input_len);
  }
  bool open(const ca_io& io, size_t length, std::span<const uint8_t> tag, uint8_t* out) {
    return decryptor_.DecryptAndVerify(out, tag.data(), tag.size(), io.nonce, nonce_, io.aad, io.aad_len,
                                       io.input, length);
  }

  // --cipher-mode stream: Resynchronize with the first call's nonce, then ProcessData through the running
  // message, no associated data and never a tag.
  void stream_start(const uint8_t* nonce) { stream_.Resynchronize(nonce, nonce_); }
  void stream(uint8_t* out, const uint8_t* in, size_t n) { stream_.ProcessData(out, in, n); }
  bool offers(int op) const { return op != CA_OP_ENCRYPT_STREAM || !kDeclaresLengthFirst<Scheme>; }

 private:
  int nonce_;  // the catalog's nonce length, or the spec's "nonce=N"
  typename Scheme::Encryption encryptor_;
  typename Scheme::Decryption decryptor_;
  typename Scheme::Encryption stream_;  // encrypt_stream (not keyed for CCM)
};

template <CipherScheme Scheme>
using Aead = sdk::TaggedAead<AeadOps<Scheme>>;

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
template <CipherScheme Scheme>
class AadOnlyMacOps {
 public:
  explicit AadOnlyMacOps(const ca_key_spec& spec) {
    key_cipher(encryptor_, spec, sdk::nonce_bytes(spec.algorithm));
  }
  void mac(const ca_io& io, std::span<uint8_t> tag) {
    encryptor_.EncryptAndAuthenticate(nullptr, tag.data(), tag.size(), io.nonce,
                                      static_cast<int>(io.nonce_len), io.input, io.input_len, nullptr, 0);
  }

 private:
  typename Scheme::Encryption encryptor_;
};
template <CipherScheme Scheme>
using AadOnlyMac = sdk::MacMode<AadOnlyMacOps<Scheme>>;

}  // namespace ca::backend_cryptopp
