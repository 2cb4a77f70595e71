// --key-file: the user's own private key, loaded into every backend (issue #13), as the RSA library
// benchmark loads one pk.pem into every library. Reads PEM or DER: PKCS#8 ("BEGIN PRIVATE KEY", unencrypted)
// for RSA, EC (P-256, P-384, P-521, secp256k1), Ed25519, Ed448, X25519 and X448, and PKCS#1 ("BEGIN RSA
// PRIVATE KEY"). Only the outer structure is parsed (to know the key's type and size); the backends parse
// the key itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "catalog/catalog.hpp"
#include "util/bytes.hpp"
#include "util/result.hpp"

namespace ca {

struct KeyFile {
  std::string path;
  std::string kind;   // "RSA", "EC P-256", "EC P-384", "EC P-521", "EC secp256k1", "Ed25519", "Ed448",
                      // "X25519", "X448"
  uint32_t bits = 0;  // RSA: the modulus's bits; else the curve's
  Bytes private_key;  // in the plugin ABI's CA_KEY_PRIVATE format: PKCS#8 DER, or the raw key for Ed*/X*

  /// Whether this key is one `a` takes (at any key size for RSA; the caller checks bits).
  bool fits(const AlgorithmInfo& a) const;
};

/// Parses a key file's contents; an Error is one line naming what is wrong and what is accepted.
Result<KeyFile> parse_key_file(const std::string& path, const std::string& contents);

/// Reads and parses `path`.
Result<KeyFile> load_key_file(const std::string& path);

}  // namespace ca
