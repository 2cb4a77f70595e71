// Crypto++ contexts for ciphers, AEADs and hashes: one class template per API shape, instantiated once per
// row in cryptopp_backend.cpp. Each context keys its Crypto++ object in the constructor; an operation sets
// the IV on the already-keyed object and calls the library's direct API (ProcessData,
// EncryptAndAuthenticate, CalculateDigest). The Filter/Pipeline machinery is never used on the hot path
// because it allocates a chain of objects for every message.
#pragma once

#include <crypto++/cryptlib.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::cryptopp {

/// A Crypto++ scheme with Encryption/Decryption typedefs, checked where the templates are instantiated.
template <class S>
concept CipherScheme = requires {
  typename S::Encryption;
  typename S::Decryption;
};

/// Keys a mode object; SetKeyWithIV for modes that take an IV (the real IV arrives per message through
/// Resynchronize, so a zero IV of the right length stands in here).
template <class Cipher>
void key_cipher(Cipher& cipher, const ca_key_spec& spec, size_t iv_bytes) {
  const size_t key_bytes = spec.key_bits / 8;
  sdk::require_key_bytes(spec, key_bytes);
  if (iv_bytes == 0) {
    cipher.SetKey(spec.secret_key, key_bytes, CryptoPP::g_nullNameValuePairs);
  } else {
    const std::array<CryptoPP::byte, 32> zero_iv{};
    cipher.SetKeyWithIV(spec.secret_key, key_bytes, zero_iv.data(), iv_bytes);
  }
}

/// ECB and CBC with PKCS#7 padding. The whole blocks go straight from input to output; only the last,
/// padded block is assembled on the stack, so neither direction copies the message.
template <CipherScheme Mode, size_t IvBytes>
class PaddedBlockMode {
 public:
  static constexpr size_t kBlock = 16;

  explicit PaddedBlockMode(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    key_cipher(encryptor_, spec, IvBytes);
    key_cipher(decryptor_, spec, IvBytes);
  }

  int encrypt(ca_io& io) {
    const size_t whole = io.input_len - io.input_len % kBlock;
    const size_t padded = sdk::pkcs7_padded_size(io.input_len, kBlock);
    sdk::require_output(io, padded);
    resynchronize(encryptor_, io);
    std::array<CryptoPP::byte, kBlock> last{};
    std::memcpy(last.data(), io.input + whole, io.input_len - whole);
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
    std::memcpy(io.output + whole, last.data(), tail);
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
};

/// Modes and stream ciphers whose output has the input's length: CFB, OFB, CTR, ChaCha20, Salsa20.
template <CipherScheme Scheme, size_t IvBytes>
class StreamCipher {
 public:
  explicit StreamCipher(const ca_key_spec& spec) : algorithm_(spec.algorithm) {
    key_cipher(encryptor_, spec, IvBytes);
    key_cipher(decryptor_, spec, IvBytes);
  }

  int encrypt(ca_io& io) { return process(encryptor_, io); }
  int decrypt(ca_io& io) { return process(decryptor_, io); }

 private:
  template <class Cipher>
  int process(Cipher& cipher, ca_io& io) {
    sdk::require_nonce(io, IvBytes, algorithm_.c_str());
    sdk::require_output(io, io.input_len);
    // Resynchronize restarts the key stream at the IV (for ChaChaTLS: block counter back to 0) and drops
    // the key stream left over from the previous message.
    cipher.Resynchronize(io.nonce, static_cast<int>(IvBytes));
    cipher.ProcessData(io.output, io.input, io.input_len);
    io.output_len = io.input_len;
    return CA_OK;
  }

  std::string algorithm_;
  typename Scheme::Encryption encryptor_;
  typename Scheme::Decryption decryptor_;
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
  }

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
};

/// One-shot digest: CalculateDigest is Update + Final, and Final leaves the object ready for the next
/// message.
template <class Hash>
class Digest {
 public:
  explicit Digest(const ca_key_spec&) {}

  int hash(ca_io& io) {
    sdk::require_output(io, Hash::DIGESTSIZE);
    hash_.CalculateDigest(io.output, io.input, io.input_len);
    io.output_len = Hash::DIGESTSIZE;
    return CA_OK;
  }

 private:
  Hash hash_;
};

}  // namespace ca::cryptopp
