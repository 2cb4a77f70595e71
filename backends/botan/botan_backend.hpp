// Internal interface between the files of the Botan 2 backend. backend.cpp holds the rows; the factories
// below build the contexts, whose classes stay private to symmetric.cpp and public_key.cpp.
#pragma once

#include <cstddef>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::botan_backend {

/// A cipher reached through Botan::Cipher_Mode. The catalog name and key length come from ca_key_spec.
struct ModeSpec {
  /// Cipher_Mode::create name; "{bits}" stands for the AES key size (key_bits).
  const char* botan_name;
  size_t nonce_len;
  /// Raw key bytes = key_bits / 8 * key_multiple (AES-SIV takes two AES keys).
  size_t key_multiple = 1;
  /// The mode is an AEAD_Mode: associated data is set before every message.
  bool aead = false;
  /// Botan's process() only collects the message and finish() does all the work (CCM, SIV): the whole
  /// message goes through finish() instead of being processed in place first.
  bool buffers_message = false;
  /// An empty aad means "no AD component" rather than "one empty AD component" (SIV's S2V counts the
  /// components, RFC 5297): set_associated_data() is skipped, reset() having dropped the previous AD.
  bool empty_aad_is_absent = false;
};

/// A keystream cipher reached through Botan::StreamCipher (set_iv then cipher, straight into the output).
struct StreamSpec {
  const char* botan_name;  // "{bits}" as in ModeSpec
  size_t nonce_len;
};

/// Key families of the public-key rows; each fixes how keys are generated, imported and exported.
enum class KeyKind { Rsa, EcdsaP256, Ed25519 };

ca::sdk::Factory aes_ecb_factory();
ca::sdk::Factory cipher_mode_factory(ModeSpec spec);
ca::sdk::Factory stream_cipher_factory(StreamSpec spec);
ca::sdk::Factory hash_factory(const char* botan_name);
/// RSA encryption with the given EME string ("OAEP(SHA-256)").
ca::sdk::Factory rsa_encryption_factory(const char* eme);
/// Signatures with the given EMSA / padding string; der_signature selects Botan's DER_SEQUENCE format.
ca::sdk::Factory signature_factory(KeyKind kind, const char* padding, bool der_signature);

/// What Botan reports it uses on this CPU, as the ca_backend.acceleration() string.
const char* acceleration() noexcept;

}  // namespace ca::botan_backend
