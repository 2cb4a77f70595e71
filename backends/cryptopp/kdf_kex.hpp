// Crypto++ contexts for key derivation (PBKDF2, HKDF, scrypt) and key agreement (X25519, ECDH on named
// curves, finite-field DH over RFC 7919 ffdhe2048). Formats follow docs/CATALOG.md so that every value
// crosses to the other backends byte for byte:
//   X25519     raw 32-byte private key / raw 32-byte public key, secret 32 bytes
//   ECDH-P*    PKCS#8 / SubjectPublicKeyInfo DER (named-curve OID), secret = x coordinate, field size
//   FFDHE2048  raw big-endian x (at most 256 bytes) / raw y, 256 bytes; secret left-padded to 256 bytes
// Key agreement goes through Crypto++'s SimpleKeyAgreementDomain (Agree with validateOtherPublicKey =
// true): the domain holds no key, so the context keeps its private key encoded the way Agree reads it.
#pragma once

#include <crypto++/asn.h>
#include <crypto++/dh.h>
#include <crypto++/eccrypto.h>
#include <crypto++/hkdf.h>
#include <crypto++/integer.h>
#include <crypto++/oids.h>
#include <crypto++/osrng.h>
#include <crypto++/pwdbased.h>
#include <crypto++/scrypt.h>
#include <crypto++/xed25519.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "cryptauditor/backend_sdk.hpp"
#include "cryptauditor/der.hpp"
#include "public_key.hpp"

namespace ca::backend_cryptopp {

// ---- KDFs -------------------------------------------------------------------------------------------------

using sdk::bytes_or_empty;

/// PBKDF2 (RFC 8018) with HMAC-H: PKCS5_PBKDF2_HMAC<H>; the iteration count from params.
template <class Hash>
class Pbkdf2 {
 public:
  explicit Pbkdf2(const ca_key_spec& spec) : iterations_(sdk::param_u64(spec, "iterations", 10000)) {
    if (iterations_ == 0 || iterations_ > std::numeric_limits<unsigned int>::max())
      throw std::runtime_error("PBKDF2 iterations=" + std::to_string(iterations_) + " is out of range");
  }

  int derive(ca_io& io) {
    // purpose byte 0 (unused by PBKDF2); timeInSeconds 0: exactly iterations_ rounds.
    kdf_.DeriveKey(io.output, io.output_cap, 0, bytes_or_empty(io.input), io.input_len,
                   bytes_or_empty(io.nonce), io.nonce_len, static_cast<unsigned int>(iterations_), 0);
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  uint64_t iterations_;
  CryptoPP::PKCS5_PBKDF2_HMAC<Hash> kdf_;
};

/// HKDF (RFC 5869) extract and expand: salt in nonce, info in aad. An empty salt is HMAC with an empty key,
/// which equals RFC 5869's HashLen zero bytes (HMAC pads the key with zeros). More than 255 * HashLen bytes
/// make Crypto++ throw InvalidDerivedKeyLength: the call fails.
template <class Hash>
class Hkdf {
 public:
  explicit Hkdf(const ca_key_spec&) {}

  int derive(ca_io& io) {
    kdf_.DeriveKey(io.output, io.output_cap, bytes_or_empty(io.input), io.input_len, bytes_or_empty(io.nonce),
                   io.nonce_len, bytes_or_empty(io.aad), io.aad_len);
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  CryptoPP::HKDF<Hash> kdf_;
};

/// scrypt (RFC 7914): N, r, p from params (the core validated them against the catalog's ranges).
class ScryptKdf {
 public:
  explicit ScryptKdf(const ca_key_spec& spec)
      : n_(sdk::param_u64(spec, "n", 16384)),
        r_(sdk::param_u64(spec, "r", 8)),
        p_(sdk::param_u64(spec, "p", 1)) {}

  int derive(ca_io& io) {
    kdf_.DeriveKey(io.output, io.output_cap, bytes_or_empty(io.input), io.input_len, bytes_or_empty(io.nonce),
                   io.nonce_len, n_, r_, p_);
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  CryptoPP::word64 n_, r_, p_;
  CryptoPP::Scrypt kdf_;
};

// ---- key agreement: groups --------------------------------------------------------------------------------

/// X25519 (RFC 7748) through CryptoPP::x25519, raw keys.
struct X25519Group {
  using Domain = CryptoPP::x25519;
  static constexpr const char* kName = "X25519";

  static Domain domain() {
    const CryptoPP::byte zero[32] = {};
    return Domain(zero);  // the domain object also holds a key; Agree() uses the one it is given
  }
  static std::vector<uint8_t> import_private(const Domain&, std::span<const uint8_t> raw) {
    if (raw.size() != 32)
      throw std::runtime_error("X25519 private key must be 32 raw bytes, got " + std::to_string(raw.size()));
    return {raw.begin(), raw.end()};
  }
  static std::vector<uint8_t> export_private(const Domain&, const std::vector<uint8_t>& x) { return x; }
  static std::vector<uint8_t> encode_public(const Domain&, const std::vector<uint8_t>& raw) { return raw; }
  /// The peer's raw key as Agree reads it, or false when it cannot be one (wrong length).
  static bool decode_peer(const Domain&, std::span<const uint8_t> in, std::vector<uint8_t>& out) {
    if (in.size() != 32) return false;
    out.assign(in.begin(), in.end());
    return true;
  }
};

/// ECDH on a named prime curve through ECDH<ECP>::Domain: Agree takes the scalar as PrivateKeyLength()
/// big-endian bytes and the peer point X9.62-encoded; the secret is the x coordinate.
template <class Curve>
struct EcdhGroup {
  using Domain = CryptoPP::ECDH<CryptoPP::ECP>::Domain;
  static constexpr const char* kName = Curve::kName;

  static Domain domain() { return Domain(named_group<Curve>()); }
  static std::vector<uint8_t> import_private(const Domain& d, std::span<const uint8_t> der) {
    CryptoPP::DL_PrivateKey_EC<CryptoPP::ECP> key;
    load_der(key, der, "ECDH private key (PKCS#8 DER)");
    if (!(key.GetGroupParameters() == d.GetGroupParameters()))
      throw sdk::Unsupported(std::string("ECDH private key is not on ") + Curve::kName);
    const CryptoPP::Integer& x = key.GetPrivateExponent();
    if (x.IsZero() || x >= d.GetGroupParameters().GetSubgroupOrder())
      throw std::runtime_error("ECDH private key is not in [1, n-1]");
    std::vector<uint8_t> out(d.PrivateKeyLength());
    x.Encode(out.data(), out.size());
    return out;
  }
  static std::vector<uint8_t> export_private(const Domain& d, const std::vector<uint8_t>& x) {
    CryptoPP::DL_PrivateKey_EC<CryptoPP::ECP> key;
    key.Initialize(d.GetGroupParameters(), CryptoPP::Integer(x.data(), x.size()));
    key.AccessGroupParameters().SetEncodeAsOID(true);
    return save_der(key);
  }
  /// Our public key (Agree's X9.62 point) as SubjectPublicKeyInfo with the curve's OID.
  static std::vector<uint8_t> encode_public(const Domain& d, const std::vector<uint8_t>& point) {
    const auto& group = d.GetGroupParameters();
    CryptoPP::DL_PublicKey_EC<CryptoPP::ECP> key;
    key.Initialize(group, group.DecodeElement(point.data(), false));
    key.AccessGroupParameters().SetEncodeAsOID(true);
    return save_der(key);
  }
  /// The peer's SubjectPublicKeyInfo as an X9.62 point; false when it is not strict DER naming
  /// id-ecPublicKey and this curve's OID, or the point is not on the curve (Agree then checks the subgroup).
  /// The SPKI is read with the SDK's DER reader, not Crypto++'s X509PublicKey::BERDecode: Crypto++ 8.7
  /// crashes (SIGSEGV in DL_PublicKey_EC<ECP>::BERDecodePublicKey) on some malformed keys of Wycheproof's
  /// ecdh_secp256r1_test.json (docs/backends/cryptopp.md).
  static bool decode_peer(const Domain& d, std::span<const uint8_t> spki, std::vector<uint8_t>& out) {
    namespace der = ca::sdk::der;
    try {
      der::Reader top(spki);
      der::Reader info(top.read(der::kSequence, "SubjectPublicKeyInfo"));
      top.expect_end("SubjectPublicKeyInfo");
      der::Reader algorithm(info.read(der::kSequence, "AlgorithmIdentifier"));
      const auto type = algorithm.read(der::kOid, "algorithm");
      const auto curve = algorithm.read(der::kOid, "named curve");
      algorithm.expect_end("AlgorithmIdentifier");
      const auto bits = info.read(der::kBitString, "subjectPublicKey");
      info.expect_end("SubjectPublicKeyInfo");
      const CryptoPP::OID ours = Curve::oid();
      CryptoPP::ByteQueue encoded_oid;
      ours.DEREncode(encoded_oid);  // 06 len contents
      std::vector<uint8_t> oid(encoded_oid.MaxRetrievable());
      encoded_oid.Get(oid.data(), oid.size());
      if (!std::equal(type.begin(), type.end(), der::kEcPublicKey.begin(), der::kEcPublicKey.end()) ||
          oid.size() < 2 || !std::equal(curve.begin(), curve.end(), oid.begin() + 2, oid.end()) ||
          bits.size() < 2 || bits[0] != 0)
        return false;
      const auto& group = d.GetGroupParameters();
      CryptoPP::ECP::Point point;
      if (!group.GetCurve().DecodePoint(point, bits.data() + 1, bits.size() - 1)) return false;
      out.resize(d.PublicKeyLength());
      group.EncodeElement(true, point, out.data());  // uncompressed (reversible), as Agree reads it
      return true;
    } catch (const std::runtime_error&) {  // der::Malformed
      return false;
    }
  }
};

/// Finite-field DH over RFC 7919 ffdhe2048 (p a safe prime, q = (p - 1) / 2, g = 2) through DH::Domain.
struct Ffdhe2048Group {
  using Domain = CryptoPP::DH;
  static constexpr const char* kName = "FFDHE2048";
  static constexpr size_t kBytes = 256;

  static Domain domain() {
    // RFC 7919 appendix A.1.
    static const CryptoPP::Integer p(
        "0xFFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695A9E13641146433FBCC939DCE249B3EF9"
        "7D2FE363630C75D8F681B202AEC4617AD3DF1ED5D5FD65612433F51F5F066ED0856365553DED1AF3B557135E7F57C935"
        "984F0C70E0E68B77E2A689DAF3EFE8721DF158A136ADE73530ACCA4F483A797ABC0AB182B324FB61D108A94BB2C8E3FB"
        "B96ADAB760D7F4681D4F42A3DE394DF4AE56EDE76372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F61"
        "9172FE9CE98583FF8E4F1232EEF28183C3FE3B1B4C6FAD733BB5FCBC2EC22005C58EF1837D1683B2C6F34A26C1B2EFFA"
        "886B423861285C97FFFFFFFFFFFFFFFF");
    static const CryptoPP::Integer q = (p - 1) >> 1;
    return Domain(p, q, CryptoPP::Integer(2));
  }
  /// The raw x left-padded to the group's size (PrivateKeyLength() = the size of q = 256 bytes).
  static std::vector<uint8_t> import_private(const Domain& d, std::span<const uint8_t> raw) {
    if (raw.empty() || raw.size() > kBytes)
      throw std::runtime_error("FFDHE2048 private key must be 1 to 256 raw bytes, got " +
                               std::to_string(raw.size()));
    const CryptoPP::Integer x(raw.data(), raw.size());
    if (x < 2 || x >= d.GetGroupParameters().GetSubgroupOrder())
      throw std::runtime_error("FFDHE2048 private key is not in [2, q-1]");
    std::vector<uint8_t> out(d.PrivateKeyLength());
    x.Encode(out.data(), out.size());
    return out;
  }
  static std::vector<uint8_t> export_private(const Domain&, const std::vector<uint8_t>& x) { return x; }
  static std::vector<uint8_t> encode_public(const Domain&, const std::vector<uint8_t>& y) { return y; }
  static bool decode_peer(const Domain& d, std::span<const uint8_t> in, std::vector<uint8_t>& out) {
    if (in.empty() || in.size() > kBytes) return false;
    out.assign(d.PublicKeyLength() - in.size(), 0);
    out.insert(out.end(), in.begin(), in.end());
    return true;
  }
};

// ---- key agreement: the context ---------------------------------------------------------------------------

/// A private key (imported or generated) and its public key; agree() with the peer public key of each call;
/// keygen() makes a fresh pair and returns its public key. A context made from a public key alone cannot
/// agree: offers() withdraws agree (keygen needs no key of the context).
template <class Group>
class KeyAgreement {
 public:
  explicit KeyAgreement(const ca_key_spec& spec)
      : domain_(Group::domain()), has_private_(spec.secret_key != nullptr || spec.public_key == nullptr) {
    if (spec.secret_key != nullptr) {
      private_ = Group::import_private(domain_, sdk::secret(spec));
      public_.resize(domain_.PublicKeyLength());
      domain_.GeneratePublicKey(rng_, private_.data(), public_.data());
    } else if (spec.public_key != nullptr) {
      if (!Group::decode_peer(domain_, sdk::public_key(spec), public_))
        throw std::runtime_error(std::string(Group::kName) + " public key could not be read");
    } else {
      generate(private_, public_);
    }
    peer_.reserve(domain_.PublicKeyLength());
    shared_.resize(domain_.AgreedValueLength());
  }

  bool offers(int op) const { return has_private_ || op != CA_OP_AGREE; }

  int agree(ca_io& io) {
    // Decoding the peer's key is part of the operation, as it is for a TLS server receiving a key share.
    if (!Group::decode_peer(domain_, {io.input, io.input_len}, peer_))
      throw sdk::Rejected(std::string(Group::kName) + ": the peer public key could not be read");
    bool agreed = false;
    try {
      agreed = domain_.Agree(shared_.data(), private_.data(), peer_.data(), true);
    } catch (const CryptoPP::Exception& e) {  // DL_BadElement: not a point of the group
      throw sdk::Rejected(std::string(Group::kName) + ": " + e.what());
    }
    if (!agreed) throw sdk::Rejected(std::string(Group::kName) + ": Agree refused the peer public key");
    return sdk::put_output(io, shared_.data(), shared_.size());
  }

  int keygen(ca_io& io) {
    std::vector<uint8_t> x, y;
    generate(x, y);
    const std::vector<uint8_t> out = Group::encode_public(domain_, y);
    return sdk::put_output(io, out.data(), out.size());
  }

  std::vector<uint8_t> export_key(int part) const {
    if (part == CA_KEY_PUBLIC) return Group::encode_public(domain_, public_);
    if (part == CA_KEY_PRIVATE && has_private_) return Group::export_private(domain_, private_);
    throw std::runtime_error(part == CA_KEY_PRIVATE ? "this context holds only a public key"
                                                    : "unknown key part " + std::to_string(part));
  }

 private:
  void generate(std::vector<uint8_t>& x, std::vector<uint8_t>& y) {
    x.resize(domain_.PrivateKeyLength());
    y.resize(domain_.PublicKeyLength());
    domain_.GenerateKeyPair(rng_, x.data(), y.data());
  }

  typename Group::Domain domain_;
  const bool has_private_;
  CryptoPP::AutoSeededRandomPool rng_;
  std::vector<uint8_t> private_, public_, peer_, shared_;
};

}  // namespace ca::backend_cryptopp
