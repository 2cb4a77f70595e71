// A minimal DER reader and writer for the key and signature formats cryptauditor exchanges (docs/CATALOG.md):
// PKCS#8 PrivateKeyInfo and SubjectPublicKeyInfo for RSA (rsaEncryption) and the named curves P-256, P-384,
// P-521 and secp256k1 (id-ecPublicKey, RFC 5480 / RFC 5915), and the X9.62 Ecdsa-Sig-Value. For backends
// whose library has the primitives but no parser for these wrappers (libgcrypt keeps keys as S-expressions,
// Nettle as bignums).
//
// The reader is strict DER: definite minimal lengths, minimal non-negative INTEGERs, no trailing bytes.
// A malformed encoding throws std::runtime_error (a key) or is reported as nullopt (a signature, which a
// verifier rejects rather than fails on).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace ca::sdk::der {

using Bytes = std::vector<uint8_t>;

enum Tag : uint8_t {
  kInteger = 0x02,
  kBitString = 0x03,
  kOctetString = 0x04,
  kNull = 0x05,
  kOid = 0x06,
  kSequence = 0x30,
  kContext0 = 0xa0,
  kContext1 = 0xa1,
};

// OBJECT IDENTIFIER contents.
inline const Bytes kRsaEncryption = {0x2a, 0x86, 0x48, 0x86, 0xf7,
                                     0x0d, 0x01, 0x01, 0x01};                       // 1.2.840.113549.1.1.1
inline const Bytes kEcPublicKey = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};       // 1.2.840.10045.2.1
inline const Bytes kPrime256v1 = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07};  // 1.2.840.10045.3.1.7

struct Malformed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Reads consecutive TLVs from a buffer.
class Reader {
 public:
  explicit Reader(std::span<const uint8_t> data) : data_(data) {}

  bool at_end() const { return pos_ == data_.size(); }
  bool next_is(uint8_t tag) const { return pos_ < data_.size() && data_[pos_] == tag; }

  /// The contents of the next element, which must have this tag.
  std::span<const uint8_t> read(uint8_t tag, const char* what) {
    if (pos_ >= data_.size() || data_[pos_] != tag) throw Malformed(std::string("DER: expected ") + what);
    ++pos_;
    if (pos_ >= data_.size()) throw Malformed(std::string("DER: truncated length of ") + what);
    size_t len = data_[pos_++];
    if (len & 0x80) {
      const size_t count = len & 0x7f;
      if (count == 0 || count > 4 || data_.size() - pos_ < count)
        throw Malformed(std::string("DER: bad length of ") + what);
      if (data_[pos_] == 0) throw Malformed(std::string("DER: non-minimal length of ") + what);
      len = 0;
      for (size_t i = 0; i < count; ++i) len = len << 8 | data_[pos_++];
      if (len < 0x80) throw Malformed(std::string("DER: non-minimal length of ") + what);
    }
    if (data_.size() - pos_ < len) throw Malformed(std::string("DER: truncated ") + what);
    const auto out = data_.subspan(pos_, len);
    pos_ += len;
    return out;
  }

  /// A non-negative INTEGER as its big-endian magnitude without leading zero bytes (empty for 0).
  std::span<const uint8_t> read_unsigned(const char* what) {
    auto c = read(kInteger, what);
    if (c.empty()) throw Malformed(std::string("DER: empty INTEGER ") + what);
    if (c[0] & 0x80) throw Malformed(std::string("DER: negative INTEGER ") + what);
    if (c.size() > 1 && c[0] == 0 && !(c[1] & 0x80))
      throw Malformed(std::string("DER: non-minimal INTEGER ") + what);
    return c[0] == 0 ? c.subspan(1) : c;
  }

  void expect_end(const char* what) const {
    if (!at_end()) throw Malformed(std::string("DER: bytes after ") + what);
  }

 private:
  std::span<const uint8_t> data_;
  size_t pos_ = 0;
};

// ---- writer
// ------------------------------------------------------------------------------------------------

inline Bytes tlv(uint8_t tag, std::span<const uint8_t> contents) {
  // The header in a small array, then one allocation of the exact size: g++ 14 reports false
  // -Warray-bounds errors for a vector grown by push_back and then by insert or resize (an error with
  // -DCRYPTAUDITOR_WERROR=ON on Debian 13).
  const size_t n = contents.size();
  uint8_t header[2 + sizeof(size_t)];
  size_t h = 0;
  header[h++] = tag;
  if (n < 0x80) {
    header[h++] = static_cast<uint8_t>(n);
  } else {
    uint8_t len[sizeof(size_t)];
    size_t count = 0;
    for (size_t v = n; v != 0; v >>= 8) len[count++] = static_cast<uint8_t>(v);
    header[h++] = static_cast<uint8_t>(0x80 | count);
    while (count != 0) header[h++] = len[--count];
  }
  Bytes out(h + n);
  std::memcpy(out.data(), header, h);
  if (n != 0) std::memcpy(out.data() + h, contents.data(), n);
  return out;
}

inline Bytes cat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

/// INTEGER of a non-negative big-endian magnitude (leading zeros dropped, one added if the top bit is set).
inline Bytes integer(std::span<const uint8_t> magnitude) {
  size_t skip = 0;
  while (skip < magnitude.size() && magnitude[skip] == 0) ++skip;
  Bytes c;
  if (skip == magnitude.size() || (magnitude[skip] & 0x80)) c.push_back(0);
  c.insert(c.end(), magnitude.begin() + static_cast<std::ptrdiff_t>(skip), magnitude.end());
  return tlv(kInteger, c);
}
inline Bytes small_integer(uint8_t v) { return integer(std::span<const uint8_t>(&v, 1)); }
inline Bytes sequence(std::initializer_list<Bytes> parts) { return tlv(kSequence, cat(parts)); }
inline Bytes bit_string(std::span<const uint8_t> bytes) {
  Bytes c{0};  // no unused bits
  c.insert(c.end(), bytes.begin(), bytes.end());
  return tlv(kBitString, c);
}

/// The big-endian magnitude left-padded with zeros to `width` bytes (throws if it does not fit).
inline Bytes fixed_width(std::span<const uint8_t> magnitude, size_t width, const char* what) {
  size_t skip = 0;
  while (skip < magnitude.size() && magnitude[skip] == 0) ++skip;
  if (magnitude.size() - skip > width)
    throw Malformed(std::string(what) + " is longer than " + std::to_string(width) + " bytes");
  Bytes out(width - (magnitude.size() - skip), 0);
  out.insert(out.end(), magnitude.begin() + static_cast<std::ptrdiff_t>(skip), magnitude.end());
  return out;
}

// ---- RSA
// ---------------------------------------------------------------------------------------------------

/// RSAPrivateKey (RFC 8017 A.1.2) components, each a big-endian magnitude.
struct RsaPrivate {
  Bytes n, e, d, p, q, dp, dq, qinv;
};
struct RsaPublic {
  Bytes n, e;
};

inline Bytes rsa_algorithm() { return sequence({tlv(kOid, kRsaEncryption), tlv(kNull, {})}); }

inline void expect_rsa_algorithm(Reader& outer) {
  Reader alg(outer.read(kSequence, "AlgorithmIdentifier"));
  auto oid = alg.read(kOid, "algorithm OID");
  if (!std::equal(oid.begin(), oid.end(), kRsaEncryption.begin(), kRsaEncryption.end()))
    throw Malformed("the key is not an rsaEncryption key");
  if (!alg.at_end()) alg.read(kNull, "NULL parameters");
  alg.expect_end("AlgorithmIdentifier");
}

inline Bytes to_bytes(std::span<const uint8_t> s) { return Bytes(s.begin(), s.end()); }

/// PKCS#8 PrivateKeyInfo (v1 or v2; attributes and the v2 public key ignored) holding an RSAPrivateKey.
inline RsaPrivate parse_rsa_pkcs8(std::span<const uint8_t> der) {
  Reader top(der);
  Reader info(top.read(kSequence, "PrivateKeyInfo"));
  top.expect_end("PrivateKeyInfo");
  auto version = info.read_unsigned("PrivateKeyInfo version");
  if (version.size() > 1 || (version.size() == 1 && version[0] > 1))
    throw Malformed("unknown PKCS#8 version");
  expect_rsa_algorithm(info);
  Reader body(info.read(kOctetString, "privateKey"));
  Reader key(body.read(kSequence, "RSAPrivateKey"));
  body.expect_end("RSAPrivateKey");
  if (!key.read_unsigned("RSAPrivateKey version").empty())
    throw Malformed("multi-prime RSA keys are not supported");
  RsaPrivate k;
  for (Bytes* part : {&k.n, &k.e, &k.d, &k.p, &k.q, &k.dp, &k.dq, &k.qinv})
    *part = to_bytes(key.read_unsigned("RSA key component"));
  key.expect_end("RSAPrivateKey");
  return k;
}

inline Bytes rsa_pkcs8(const RsaPrivate& k) {
  const Bytes key = sequence({small_integer(0), integer(k.n), integer(k.e), integer(k.d), integer(k.p),
                              integer(k.q), integer(k.dp), integer(k.dq), integer(k.qinv)});
  return sequence({small_integer(0), rsa_algorithm(), tlv(kOctetString, key)});
}

/// SubjectPublicKeyInfo holding an RSAPublicKey.
inline RsaPublic parse_rsa_spki(std::span<const uint8_t> der) {
  Reader top(der);
  Reader info(top.read(kSequence, "SubjectPublicKeyInfo"));
  top.expect_end("SubjectPublicKeyInfo");
  expect_rsa_algorithm(info);
  auto bits = info.read(kBitString, "subjectPublicKey");
  info.expect_end("SubjectPublicKeyInfo");
  if (bits.empty() || bits[0] != 0) throw Malformed("DER: subjectPublicKey has unused bits");
  Reader outer(bits.subspan(1));
  Reader key(outer.read(kSequence, "RSAPublicKey"));
  outer.expect_end("RSAPublicKey");
  RsaPublic k;
  k.n = to_bytes(key.read_unsigned("modulus"));
  k.e = to_bytes(key.read_unsigned("publicExponent"));
  key.expect_end("RSAPublicKey");
  return k;
}

inline Bytes rsa_spki(const RsaPublic& k) {
  return sequence({rsa_algorithm(), bit_string(sequence({integer(k.n), integer(k.e)}))});
}

// ---- elliptic-curve keys (named curves)
// -----------------------------------------------------------------------------------

/// A named prime curve: its OID (RFC 5480) and the byte length of a field element / private scalar.
struct Curve {
  const char* name;  // for messages: "P-256"
  Bytes oid;
  size_t bytes;
};

inline const Curve kCurveP256{"P-256", kPrime256v1, 32};
inline const Curve kCurveP384{"P-384", {0x2b, 0x81, 0x04, 0x00, 0x22}, 48};           // 1.3.132.0.34
inline const Curve kCurveP521{"P-521", {0x2b, 0x81, 0x04, 0x00, 0x23}, 66};           // 1.3.132.0.35
inline const Curve kCurveSecp256k1{"secp256k1", {0x2b, 0x81, 0x04, 0x00, 0x0a}, 32};  // 1.3.132.0.10

constexpr size_t kP256Bytes = 32;

inline Bytes ec_algorithm(const Curve& c) { return sequence({tlv(kOid, kEcPublicKey), tlv(kOid, c.oid)}); }

inline void expect_ec_algorithm(Reader& outer, const Curve& c) {
  Reader alg(outer.read(kSequence, "AlgorithmIdentifier"));
  auto oid = alg.read(kOid, "algorithm OID");
  if (!std::equal(oid.begin(), oid.end(), kEcPublicKey.begin(), kEcPublicKey.end()))
    throw Malformed("the key is not an id-ecPublicKey key");
  auto curve = alg.read(kOid, "named curve (explicit parameters are not supported)");
  if (!std::equal(curve.begin(), curve.end(), c.oid.begin(), c.oid.end()))
    throw Malformed(std::string("the key is not on ") + c.name);
  alg.expect_end("AlgorithmIdentifier");
}

/// An uncompressed point 04 || X || Y of the curve from a BIT STRING's contents (first byte: unused bits).
inline Bytes uncompressed_point(std::span<const uint8_t> bits, const Curve& c, const char* what) {
  if (bits.size() != 2 + 2 * c.bytes || bits[0] != 0 || bits[1] != 0x04)
    throw Malformed(std::string(what) + " is not an uncompressed " + c.name + " point");
  return to_bytes(bits.subspan(1));
}

/// PKCS#8 holding an ECPrivateKey (RFC 5915): the private scalar (the curve's length), and the uncompressed
/// public point when the key carries one (empty otherwise).
struct EcPrivate {
  Bytes d;
  Bytes public_point;
};
using P256Private = EcPrivate;

inline EcPrivate parse_ec_pkcs8(std::span<const uint8_t> der, const Curve& c) {
  Reader top(der);
  Reader info(top.read(kSequence, "PrivateKeyInfo"));
  top.expect_end("PrivateKeyInfo");
  auto version = info.read_unsigned("PrivateKeyInfo version");
  if (version.size() > 1 || (version.size() == 1 && version[0] > 1))
    throw Malformed("unknown PKCS#8 version");
  expect_ec_algorithm(info, c);
  Reader body(info.read(kOctetString, "privateKey"));
  Reader key(body.read(kSequence, "ECPrivateKey"));
  body.expect_end("ECPrivateKey");
  auto v = key.read_unsigned("ECPrivateKey version");
  if (v.size() != 1 || v[0] != 1) throw Malformed("ECPrivateKey version is not 1");
  EcPrivate k;
  // RFC 5915 fixes the length at the curve's size; some writers drop leading zero bytes (for P-521 the top
  // byte holds one bit), so a shorter scalar is read and left-padded, a longer one refused.
  auto d = key.read(kOctetString, "privateKey");
  if (d.empty() || d.size() > c.bytes)
    throw Malformed(std::string(c.name) + " private key is not " + std::to_string(c.bytes) + " bytes");
  k.d = fixed_width(d, c.bytes, "EC private key");
  if (key.next_is(kContext0)) {  // parameters: must name the same curve
    Reader params(key.read(kContext0, "ECPrivateKey parameters"));
    auto curve = params.read(kOid, "named curve");
    if (!std::equal(curve.begin(), curve.end(), c.oid.begin(), c.oid.end()))
      throw Malformed("ECPrivateKey parameters name another curve");
  }
  if (key.next_is(kContext1)) {
    Reader pub(key.read(kContext1, "ECPrivateKey publicKey"));
    k.public_point = uncompressed_point(pub.read(kBitString, "publicKey"), c, "ECPrivateKey publicKey");
  }
  key.expect_end("ECPrivateKey");
  return k;
}

/// PKCS#8 of an EC key: ECPrivateKey version 1 with the private scalar and the public point (the curve is
/// named in the AlgorithmIdentifier only, as OpenSSL writes it).
inline Bytes ec_pkcs8(const Curve& c, std::span<const uint8_t> d, std::span<const uint8_t> public_point) {
  const Bytes key = sequence({small_integer(1), tlv(kOctetString, fixed_width(d, c.bytes, "EC private key")),
                              tlv(kContext1, bit_string(public_point))});
  return sequence({small_integer(0), ec_algorithm(c), tlv(kOctetString, key)});
}

/// SubjectPublicKeyInfo on the curve: the uncompressed point 04 || X || Y.
inline Bytes parse_ec_spki(std::span<const uint8_t> der, const Curve& c) {
  Reader top(der);
  Reader info(top.read(kSequence, "SubjectPublicKeyInfo"));
  top.expect_end("SubjectPublicKeyInfo");
  expect_ec_algorithm(info, c);
  auto bits = info.read(kBitString, "subjectPublicKey");
  info.expect_end("SubjectPublicKeyInfo");
  return uncompressed_point(bits, c, "the public key");
}

inline Bytes ec_spki(const Curve& c, std::span<const uint8_t> public_point) {
  return sequence({ec_algorithm(c), bit_string(public_point)});
}

// P-256 spellings of the above, for the adapters written before the other curves.
inline P256Private parse_p256_pkcs8(std::span<const uint8_t> der) { return parse_ec_pkcs8(der, kCurveP256); }
inline Bytes p256_pkcs8(std::span<const uint8_t> d, std::span<const uint8_t> public_point) {
  return ec_pkcs8(kCurveP256, d, public_point);
}
inline Bytes parse_p256_spki(std::span<const uint8_t> der) { return parse_ec_spki(der, kCurveP256); }
inline Bytes p256_spki(std::span<const uint8_t> public_point) { return ec_spki(kCurveP256, public_point); }

// ---- ECDSA signatures
// --------------------------------------------------------------------------------------

/// r and s of a DER Ecdsa-Sig-Value, as big-endian magnitudes; nullopt when it is not strict DER.
struct EcdsaSignature {
  Bytes r, s;
};

inline std::optional<EcdsaSignature> parse_ecdsa_signature(std::span<const uint8_t> der) {
  try {
    Reader top(der);
    Reader seq(top.read(kSequence, "Ecdsa-Sig-Value"));
    top.expect_end("Ecdsa-Sig-Value");
    EcdsaSignature sig;
    sig.r = to_bytes(seq.read_unsigned("r"));
    sig.s = to_bytes(seq.read_unsigned("s"));
    seq.expect_end("Ecdsa-Sig-Value");
    return sig;
  } catch (const Malformed&) {
    return std::nullopt;
  }
}

inline Bytes ecdsa_signature(std::span<const uint8_t> r, std::span<const uint8_t> s) {
  return sequence({integer(r), integer(s)});
}

}  // namespace ca::sdk::der
