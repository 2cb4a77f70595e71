// PKCS#8 for an EC private key on a named curve, built from the raw scalar that Wycheproof's EcdhTest gives:
// our CA_KEY_PRIVATE format for ECDH (docs/CATALOG.md), so that a test's private key reaches every backend
// through the same create() a benchmark uses.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "util/bytes.hpp"

namespace ca::verify {

/// The named curve of a catalog ECDH entry: its OID contents and its scalar size in bytes.
struct NamedCurve {
  std::string_view name;  // Wycheproof's spelling: "secp256r1"
  Bytes oid;
  size_t scalar_bytes = 0;
};

/// The curve Wycheproof calls `name` ("secp256r1", "secp384r1", "secp521r1", "secp256k1"), or nullopt.
std::optional<NamedCurve> named_curve(std::string_view name);

/// PrivateKeyInfo (RFC 5208) { version 0, id-ecPublicKey with the named curve, ECPrivateKey (RFC 5915)
/// { version 1, privateKey: the scalar left-padded to the curve's size } } without the optional public key,
/// which every library recomputes from the scalar. `scalar` is a big-endian magnitude and may carry leading
/// zero bytes (Wycheproof writes it as an ASN.1 INTEGER's contents); nullopt when it does not fit the curve.
std::optional<Bytes> ec_private_key_pkcs8(const NamedCurve& curve, std::span<const uint8_t> scalar);

}  // namespace ca::verify
