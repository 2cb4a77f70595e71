// The catalog's curves: each `AlgorithmInfo::curve` with the other names it goes by, so that no code outside
// the catalog matches curves, or algorithms by their curve, by name.
#pragma once

#include <span>
#include <string_view>

#include "catalog/catalog.hpp"

namespace ca {

/// A named elliptic curve.
struct CurveInfo {
  std::string_view
      name;  // the catalog's (AlgorithmInfo::curve): "P-256", "secp256k1", "Curve25519", "Ed25519"
  /// SEC 2's name, which OpenSSL, Wycheproof and an EC key's named-curve OID use: "secp256r1" for P-256;
  /// empty for the RFC 7748 and RFC 8032 curves, whose keys are raw bytes.
  std::string_view sec_name;
  /// What record/key_file.hpp calls a private key on this curve: "EC P-256", "Ed25519", "X25519".
  std::string_view key_kind;
};

/// Every curve a catalog entry names (names.cpp).
std::span<const CurveInfo> curves();

/// The curve of an algorithm (its `curve` field), or nullptr when it has none (RSA, finite-field DH,
/// symmetric algorithms).
const CurveInfo* curve_of(const AlgorithmInfo& a);

}  // namespace ca
