// Known-answer vectors from standards, kept as data. The self-test that runs before any timing and the
// backend conformance tests both read this one table, so a backend is judged by the same facts everywhere.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace ca {

/// One published vector. Hex strings may be empty. For ciphers: encrypt(key, nonce, aad, input) = output
/// (output layout as in docs/CATALOG.md, tag included). For hashes: hash(input) = output. For EDDSA:
/// key = 32-byte seed, sign(input) = output (Ed25519 is deterministic).
/// For MACs: key = the MAC key, nonce = GMAC's IV (else empty), input = the message, output = the tag.
/// For KDFs: input = password / input keying material, nonce = salt, aad = HKDF's info, params = the costs,
/// output = the derived bytes (its length is the one asked for). For key agreement: key = the raw private
/// key (X25519, X448), input = the peer's public key, output = the shared secret.
struct KnownAnswer {
  std::string_view algorithm;  // canonical catalog name
  uint32_t key_bits;
  std::string_view key_hex;
  std::string_view nonce_hex;
  std::string_view aad_hex;
  std::string_view input_hex;
  std::string_view output_hex;
  std::string_view source;       // document and section the vector comes from
  std::string_view params = {};  // KDF cost parameters ("iterations=4096"); empty: the catalog defaults
};

/// Every vector, in catalog order.
std::span<const KnownAnswer> known_answers();

}  // namespace ca
