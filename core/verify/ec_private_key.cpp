#include "verify/ec_private_key.hpp"

#include <array>

#include "cryptauditor/der.hpp"

namespace ca::verify {

namespace der = ca::sdk::der;

std::optional<NamedCurve> named_curve(std::string_view name) {
  // OID contents (X.690 encoding of the arcs): SEC 2 / RFC 5480.
  static const std::array<NamedCurve, 4> kCurves = {{
      {"secp256r1", {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07}, 32},  // 1.2.840.10045.3.1.7
      {"secp384r1", {0x2b, 0x81, 0x04, 0x00, 0x22}, 48},                    // 1.3.132.0.34
      {"secp521r1", {0x2b, 0x81, 0x04, 0x00, 0x23}, 66},                    // 1.3.132.0.35
      {"secp256k1", {0x2b, 0x81, 0x04, 0x00, 0x0a}, 32},                    // 1.3.132.0.10
  }};
  for (const NamedCurve& c : kCurves)
    if (c.name == name) return c;
  return std::nullopt;
}

std::optional<Bytes> ec_private_key_pkcs8(const NamedCurve& curve, std::span<const uint8_t> scalar) {
  size_t skip = 0;
  while (skip < scalar.size() && scalar[skip] == 0) ++skip;
  if (scalar.size() - skip > curve.scalar_bytes) return std::nullopt;
  // RFC 5915: privateKey is an OCTET STRING of ceiling(log2(n)/8) bytes, the scalar left-padded with zeros.
  Bytes padded(curve.scalar_bytes - (scalar.size() - skip), 0);
  padded.insert(padded.end(), scalar.begin() + static_cast<std::ptrdiff_t>(skip), scalar.end());
  const Bytes ec_private_key = der::sequence({der::small_integer(1), der::tlv(der::kOctetString, padded)});
  const Bytes algorithm =
      der::sequence({der::tlv(der::kOid, der::kEcPublicKey), der::tlv(der::kOid, curve.oid)});
  return der::sequence({der::small_integer(0), algorithm, der::tlv(der::kOctetString, ec_private_key)});
}

}  // namespace ca::verify
