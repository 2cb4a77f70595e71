// Internal interface between the files of the Botan 3 backend. backend.cpp holds the rows; the factories
// below build the contexts, whose classes stay private to symmetric.cpp, public_key.cpp and kdf.cpp. The
// symmetric contexts are the SDK's mode templates (Pkcs7BlockMode, StreamMode, TaggedAead, HashMode,
// MacMode) over Botan 3's ::create objects; only AES-SIV, whose output is V || C, has a class of its own.
#pragma once

#include <cstddef>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::backend_botan3 {

// Every Botan name below may contain "{bits}", the key size in bits (key_bits of the key spec, "AES-{bits}"),
// "{tag}", the tag length in bytes, and "{L}", CCM's length-field size (15 - nonce length); tag and nonce are
// the spec's ("tag=N", "nonce=N") or the catalog's.

/// A block cipher with PKCS#7 padding: ECB over Botan::BlockCipher, or CBC over Botan's "<cipher>/CBC/
/// NoPadding" Cipher_Mode (the padding is the SDK's Pkcs7BlockMode).
ca::sdk::Factory padded_block_factory(const char* block_cipher, bool cbc);
/// A length-preserving cipher: a Botan::StreamCipher ("CTR-BE(AES-{bits})", "ChaCha(20)", "RC4"; a cipher
/// without an IV is re-keyed for every message), started afresh at every message's nonce.
ca::sdk::Factory stream_cipher_factory(const char* botan_name);
/// A length-preserving Cipher_Mode ("AES-{bits}/CFB", "AES-{bits}/XTS"); XTS takes at least one block.
ca::sdk::Factory length_preserving_mode_factory(const char* botan_name);
/// An AEAD_Mode whose output is ciphertext || tag ("AES-{bits}/GCM({tag})", "ChaCha20Poly1305").
ca::sdk::Factory aead_factory(const char* botan_name);
/// AES-SIV ("AES-{bits}/SIV"): the output is the synthetic IV followed by the ciphertext (RFC 5297).
ca::sdk::Factory siv_factory(const char* botan_name);
ca::sdk::Factory hash_factory(const char* botan_name);
/// A MessageAuthenticationCode ("HMAC(SHA-256)", "GMAC(AES-{bits})", "KMAC-128({tag})" with {tag} in bits
/// here: KMAC's name takes the output length in bits).
ca::sdk::Factory mac_factory(const char* botan_name);

/// How a public-key row's keys are made, imported and exported.
enum class KeyFamily { Rsa, Ecdsa, Ecdh, Ed25519, Ed448, X25519, X448, Dh };
struct KeyType {
  KeyFamily family;
  /// EC_Group::from_name ("secp256r1") or DL_Group::from_name ("ffdhe/ietf/2048"); nullptr otherwise.
  const char* group = nullptr;
};

/// RSA encryption with the given padding ("OAEP(SHA-256)", "PKCS1v15").
ca::sdk::Factory rsa_encryption_factory(const char* padding);
/// Signatures through PK_Signer / PK_Verifier with Botan 3's padding string ("PSS(SHA-256,MGF1,32)",
/// "PKCS1v15(SHA-256)", "SHA-256" for ECDSA, "Pure" for EdDSA); der selects Signature_Format::DerSequence.
ca::sdk::Factory signature_factory(KeyType type, const char* padding, bool der);
/// Key agreement through PK_Key_Agreement with the "Raw" KDF, and keygen.
ca::sdk::Factory key_agreement_factory(KeyType type);
/// "PBKDF2(SHA-256)", "Scrypt", "Argon2id" (PasswordHashFamily, costs from the spec's params) or
/// "HKDF(SHA-256)" (KDF).
ca::sdk::Factory kdf_factory(const char* botan_name);

/// What Botan 3 reports it uses on this CPU, as the ca_backend.acceleration() string.
const char* acceleration() noexcept;

}  // namespace ca::backend_botan3
