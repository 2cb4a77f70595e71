// Internal interface between the files of the Botan 2 backend. backend.cpp holds the rows; the factories
// below build the contexts, whose classes stay private to symmetric.cpp and public_key.cpp.
#pragma once

#include <cstddef>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::backend_botan {

/// A cipher reached through Botan::Cipher_Mode. The catalog name and key length come from ca_key_spec.
struct ModeSpec {
  /// Cipher_Mode::create name; "{bits}" stands for the AES key size (key_bits), "{tag}" for the tag length
  /// and "{L}" for CCM's length-field size (15 - nonce_len), both from the key spec's "tag=N" / "nonce=N".
  const char* botan_name;
  size_t nonce_len;  // the catalog's; the key spec's "nonce=N" replaces it
  size_t tag_len = 16;
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
  /// Non-zero: the key's first two words of this many bytes are swapped before Botan gets them (DESX: the
  /// catalog follows OpenSSL, K || K1 || K2; Botan's DESX wants K1 || K || K2).
  size_t swapped_key_words = 0;
};

/// A keystream cipher reached through Botan::StreamCipher (set_iv then cipher, straight into the output).
struct StreamSpec {
  const char* botan_name;  // "{bits}" as in ModeSpec
  size_t nonce_len;
  /// The cipher has no IV (RC4): every message starts a fresh keystream, so each operation runs the key
  /// schedule again; set_iv() of a zero-length IV does not rewind Botan's RC4.
  bool rekey_per_message = false;
};

/// A MAC reached through Botan::MessageAuthenticationCode, keyed in the constructor.
struct MacSpec {
  const char* botan_name;  // "{bits}" as in ModeSpec
  /// Botan 2.19 wipes the key of this MAC in final() (Poly1305, SipHash): set_key() before every message.
  bool rekey_per_message = false;
};

/// Key families of the public-key rows; each fixes how keys are generated, imported and exported.
enum class KeyKind {
  Rsa,
  EcdsaP256,
  EcdsaP384,
  EcdsaP521,
  EcdsaSecp256k1,
  Ed25519,
  X25519,
  EcdhP256,
  EcdhP384,
  EcdhP521,
  Ffdhe2048
};

ca::sdk::Factory aes_ecb_factory();
ca::sdk::Factory cipher_mode_factory(ModeSpec spec);
ca::sdk::Factory stream_cipher_factory(StreamSpec spec);
ca::sdk::Factory hash_factory(const char* botan_name);
ca::sdk::Factory mac_factory(MacSpec spec);
/// A MAC that is the tag of an AEAD mode over associated data only, with an empty plaintext (GMAC = GCM):
/// the message becomes the associated data and the nonce the mode's nonce.
ca::sdk::Factory aead_tag_factory(ModeSpec spec);
/// RSA encryption with the given EME string ("OAEP(SHA-256)").
ca::sdk::Factory rsa_encryption_factory(const char* eme);
/// Signatures with the given EMSA / padding string; der_signature selects Botan's DER_SEQUENCE format.
ca::sdk::Factory signature_factory(KeyKind kind, const char* padding, bool der_signature);
/// Key agreement through PK_Key_Agreement ("Raw": the shared secret as is), with keygen.
ca::sdk::Factory key_agreement_factory(KeyKind kind);
/// A password hash / KDF: "PBKDF2(SHA-256)", "Scrypt", "Argon2id" (PasswordHashFamily) or "HKDF(SHA-256)"
/// (KDF); the costs come from ca_key_spec.params.
ca::sdk::Factory kdf_factory(const char* botan_name);

/// What Botan reports it uses on this CPU, as the ca_backend.acceleration() string.
const char* acceleration() noexcept;

}  // namespace ca::backend_botan
