// Crypto++ contexts for RSA encryption and for signatures. A context is a (private operation, public
// operation) pair such as (Signer, Verifier) or (Decryptor, Encryptor), keyed in the constructor from a
// "key family" that knows how its keys are generated, imported and exported:
//   RsaFamily      PKCS#8 / SubjectPublicKeyInfo DER, public exponent 65537
//   EcFamily<C>    PKCS#8 / SubjectPublicKeyInfo DER on a named curve (P-256, P-384, P-521, secp256k1),
//                  DER signatures
//   Ed25519Family  raw 32-byte seed / raw 32-byte public key (RFC 8032)
// A context made from a public key alone drops sign / decrypt through the SDK's per-instance offers(), so
// the core sees those operations as absent rather than failing.
#pragma once

#include <crypto++/algparam.h>
#include <crypto++/dsa.h>
#include <crypto++/eccrypto.h>
#include <crypto++/filters.h>
#include <crypto++/oids.h>
#include <crypto++/osrng.h>
#include <crypto++/rsa.h>
#include <crypto++/xed25519.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::backend_cryptopp {

// ---- DER keys ---------------------------------------------------------------------------------------------

/// Loads a key with Crypto++'s BER decoder: PKCS#8 PrivateKeyInfo for private keys (PKCS8PrivateKey),
/// SubjectPublicKeyInfo for public keys (X509PublicKey).
template <class Key>
void load_der(Key& key, std::span<const uint8_t> der, const char* what) {
  try {
    CryptoPP::ArraySource source(der.data(), der.size(), true);
    key.Load(source);
    if (source.MaxRetrievable() != 0) throw std::runtime_error("trailing bytes after the key");
  } catch (const CryptoPP::Exception& e) {
    throw std::runtime_error(std::string(what) + ": " + e.what());
  }
}

/// Saves a key as DER: PKCS#8 for private keys, SubjectPublicKeyInfo for public keys.
template <class Key>
std::vector<uint8_t> save_der(const Key& key) {
  std::vector<uint8_t> der;
  CryptoPP::VectorSink sink(der);
  key.Save(sink);
  return der;
}

template <class Key>
void require_valid(const Key& key, CryptoPP::RandomNumberGenerator& rng, unsigned level, const char* what) {
  if (!key.Validate(rng, level)) throw std::runtime_error(std::string(what) + " failed Crypto++ validation");
}

// ---- key families -----------------------------------------------------------------------------------------

struct RsaFamily {
  static constexpr bool kDerSignatures = false;

  static void generate(CryptoPP::InvertibleRSAFunction& key, CryptoPP::RandomNumberGenerator& rng,
                       uint32_t bits) {
    key.Initialize(rng, bits, CryptoPP::Integer(65537));
  }
  static void load_private(CryptoPP::InvertibleRSAFunction& key, std::span<const uint8_t> der,
                           CryptoPP::RandomNumberGenerator& rng) {
    load_der(key, der, "RSA private key (PKCS#8 DER)");
    require_valid(key, rng, 1, "RSA private key");  // level 1: consistency checks, no primality tests
  }
  static void load_public(CryptoPP::RSAFunction& key, std::span<const uint8_t> der,
                          CryptoPP::RandomNumberGenerator& rng) {
    load_der(key, der, "RSA public key (SubjectPublicKeyInfo DER)");
    require_valid(key, rng, 1, "RSA public key");
  }
  static void derive_public(CryptoPP::RSAFunction& pub, const CryptoPP::InvertibleRSAFunction& priv) {
    pub.AssignFrom(priv);
  }
  static void precompute(CryptoPP::RSAFunction&) {}  // RSA keys have no precomputation in Crypto++
  static std::vector<uint8_t> save_private(const CryptoPP::InvertibleRSAFunction& key) {
    return save_der(key);
  }
  static std::vector<uint8_t> save_public(const CryptoPP::RSAFunction& key) { return save_der(key); }

  /// RFC 8017 wants a k-byte representative below n (RSAVP1 and RSADP, step 1). Crypto++ 8.7 skips that
  /// check: it accepts a signature s + n as valid (Wycheproof "the signature is not reduced") and answers a
  /// ciphertext >= n with a generic "computational error during private key operation".
  static bool below_modulus(const CryptoPP::RSAFunction& key, const CryptoPP::byte* value, size_t length) {
    const CryptoPP::Integer& n = key.GetModulus();
    if (length != n.ByteCount()) return false;
    std::array<CryptoPP::byte, 16384 / 8> modulus;  // the largest key the row accepts; no allocation
    if (length > modulus.size()) return CryptoPP::Integer(value, length) < n;
    n.Encode(modulus.data(), length);
    return std::memcmp(value, modulus.data(), length) < 0;
  }
  static bool signature_in_range(const CryptoPP::RSAFunction& key, const CryptoPP::byte* signature,
                                 size_t length) {
    return below_modulus(key, signature, length);
  }
};

/// A named prime curve: its OID (Crypto++'s ASN1 functions) and its scalar / coordinate size.
struct CurveP256 {
  static CryptoPP::OID oid() { return CryptoPP::ASN1::secp256r1(); }
  static constexpr const char* kName = "P-256 (secp256r1)";
  static constexpr size_t kBytes = 32;
};
struct CurveP384 {
  static CryptoPP::OID oid() { return CryptoPP::ASN1::secp384r1(); }
  static constexpr const char* kName = "P-384 (secp384r1)";
  static constexpr size_t kBytes = 48;
};
struct CurveP521 {
  static CryptoPP::OID oid() { return CryptoPP::ASN1::secp521r1(); }
  static constexpr const char* kName = "P-521 (secp521r1)";
  static constexpr size_t kBytes = 66;
};
struct CurveSecp256k1 {
  static CryptoPP::OID oid() { return CryptoPP::ASN1::secp256k1(); }
  static constexpr const char* kName = "secp256k1";
  static constexpr size_t kBytes = 32;
};

/// The curve's parameters, encoded as its named-curve OID: Crypto++ can also write the curve as explicit
/// parameters, which other libraries refuse to read.
template <class Curve>
const CryptoPP::DL_GroupParameters_EC<CryptoPP::ECP>& named_group() {
  static const CryptoPP::DL_GroupParameters_EC<CryptoPP::ECP> group = [] {
    CryptoPP::DL_GroupParameters_EC<CryptoPP::ECP> params(Curve::oid());
    params.SetEncodeAsOID(true);
    return params;
  }();
  return group;
}

template <class Curve>
struct EcFamily {
  static constexpr bool kDerSignatures = true;
  static constexpr size_t kP1363Bytes = 2 * Curve::kBytes;  // r || s
  // SEQUENCE { INTEGER r, INTEGER s } with both one byte longer than the order (a leading zero).
  static constexpr size_t kDerContent = 2 * (2 + Curve::kBytes + 1);
  static constexpr size_t kMaxDerBytes = kDerContent + (kDerContent < 128 ? 2 : 3);

  using PrivateKey = CryptoPP::DL_PrivateKey_EC<CryptoPP::ECP>;
  using PublicKey = CryptoPP::DL_PublicKey_EC<CryptoPP::ECP>;

  static const CryptoPP::DL_GroupParameters_EC<CryptoPP::ECP>& group() { return named_group<Curve>(); }

  static void generate(PrivateKey& key, CryptoPP::RandomNumberGenerator& rng, uint32_t) {
    key.Initialize(rng, group());
  }
  static void load_private(PrivateKey& key, std::span<const uint8_t> der,
                           CryptoPP::RandomNumberGenerator& rng) {
    load_der(key, der, "ECDSA private key (PKCS#8 DER)");
    require_curve(key.GetGroupParameters());
    const CryptoPP::Integer x = key.GetPrivateExponent();
    key.Initialize(group(), x);  // named-curve parameters even if the input spelled the curve out
    require_valid(key, rng, 3, "ECDSA private key");
  }
  static void load_public(PublicKey& key, std::span<const uint8_t> der,
                          CryptoPP::RandomNumberGenerator& rng) {
    load_der(key, der, "ECDSA public key (SubjectPublicKeyInfo DER)");
    require_curve(key.GetGroupParameters());
    const CryptoPP::ECP::Point q = key.GetPublicElement();
    key.Initialize(group(), q);
    require_valid(key, rng, 3, "ECDSA public key");  // level 3: the point is on the curve, in the subgroup
  }
  static void derive_public(PublicKey& pub, const PrivateKey& priv) {
    priv.MakePublicKey(pub);
    pub.AccessGroupParameters().SetEncodeAsOID(true);
  }
  /// Fixed-base tables for G (and Q on a public key), built once here so that signing and verifying use
  /// them: the same setting as cryptest's "with precomputation" lines.
  template <class Key>
  static void precompute(Key& key) {
    key.Precompute(16);
  }
  static std::vector<uint8_t> save_private(const PrivateKey& key) { return save_der(key); }
  static std::vector<uint8_t> save_public(const PublicKey& key) { return save_der(key); }
  /// Crypto++'s verifier itself requires 1 <= r, s < n.
  static bool signature_in_range(const PublicKey&, const CryptoPP::byte*, size_t) { return true; }

 private:
  static void require_curve(const CryptoPP::DL_GroupParameters_EC<CryptoPP::ECP>& params) {
    if (!(params == group())) throw sdk::Unsupported(std::string("ECDSA key is not on ") + Curve::kName);
  }
};

using P256Family = EcFamily<CurveP256>;

struct Ed25519Family {
  static constexpr bool kDerSignatures = false;
  static constexpr size_t kKeyBytes = 32;

  // ed25519Signer / ed25519Verifier expose their keys through the abstract PrivateKey / PublicKey.
  static CryptoPP::ed25519PrivateKey& as_ed25519(CryptoPP::PrivateKey& key) {
    return static_cast<CryptoPP::ed25519PrivateKey&>(key);
  }
  static const CryptoPP::ed25519PrivateKey& as_ed25519(const CryptoPP::PrivateKey& key) {
    return static_cast<const CryptoPP::ed25519PrivateKey&>(key);
  }
  static CryptoPP::ed25519PublicKey& as_ed25519(CryptoPP::PublicKey& key) {
    return static_cast<CryptoPP::ed25519PublicKey&>(key);
  }
  static const CryptoPP::ed25519PublicKey& as_ed25519(const CryptoPP::PublicKey& key) {
    return static_cast<const CryptoPP::ed25519PublicKey&>(key);
  }

  static void generate(CryptoPP::PrivateKey& key, CryptoPP::RandomNumberGenerator& rng, uint32_t) {
    as_ed25519(key).GenerateRandom(rng, CryptoPP::g_nullNameValuePairs);
  }
  static void load_private(CryptoPP::PrivateKey& key, std::span<const uint8_t> seed,
                           CryptoPP::RandomNumberGenerator&) {
    require_raw(seed, "EDDSA private key (raw seed)");
    as_ed25519(key).SetPrivateExponent(seed.data());  // also derives the public key
  }
  static void load_public(CryptoPP::PublicKey& key, std::span<const uint8_t> raw,
                          CryptoPP::RandomNumberGenerator&) {
    require_raw(raw, "EDDSA public key (raw)");
    as_ed25519(key).SetPublicElement(raw.data());
  }
  static void derive_public(CryptoPP::PublicKey& pub, const CryptoPP::PrivateKey& priv) {
    as_ed25519(pub).SetPublicElement(as_ed25519(priv).GetPublicKeyBytePtr());
  }
  template <class Key>
  static void precompute(Key&) {}
  static std::vector<uint8_t> save_private(const CryptoPP::PrivateKey& key) {
    const CryptoPP::byte* seed = as_ed25519(key).GetPrivateKeyBytePtr();
    return {seed, seed + kKeyBytes};
  }
  static std::vector<uint8_t> save_public(const CryptoPP::PublicKey& key) {
    const CryptoPP::byte* raw = as_ed25519(key).GetPublicKeyBytePtr();
    return {raw, raw + kKeyBytes};
  }

  /// RFC 8032 section 5.1.7 rejects S >= L (S is the little-endian second half of the signature).
  /// Crypto++ 8.7's verifier (curve25519-donna) only tests the top three bits of S, so it accepts S + L,
  /// a second valid-looking encoding of the same signature (Wycheproof ed25519 tcId 63 and 85).
  static bool signature_in_range(const CryptoPP::PublicKey&, const CryptoPP::byte* signature, size_t length) {
    static constexpr std::array<CryptoPP::byte, 32> kOrderL = {
        // L = 2^252 + 27742317777372353535851937790883648493
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};
    if (length != 2 * kKeyBytes) return false;
    const CryptoPP::byte* s = signature + kKeyBytes;
    for (size_t i = kKeyBytes; i-- > 0;)
      if (s[i] != kOrderL[i]) return s[i] < kOrderL[i];
    return false;  // S == L
  }

 private:
  static void require_raw(std::span<const uint8_t> key, const char* what) {
    if (key.size() != kKeyBytes)
      throw std::runtime_error(std::string(what) + " must be 32 bytes, got " + std::to_string(key.size()));
  }
};

// ---- the key pair every public-key context holds ----------------------------------------------------------

/// The private operation, the public operation and the context's own RNG (AutoSeededRandomPool: OAEP
/// and PSS padding, RSA blinding, ECDSA nonces). With only a public key in the spec, the private operation
/// stays unkeyed and offers() withdraws sign and decrypt.
template <class PrivateOp, class PublicOp, class Family>
class KeyPair {
 public:
  explicit KeyPair(const ca_key_spec& spec)
      : has_private_(spec.secret_key != nullptr || spec.public_key == nullptr), key_bits_(spec.key_bits) {
    if (has_private_) {
      if (spec.secret_key != nullptr)
        Family::load_private(private_op_.AccessKey(), sdk::secret(spec), rng_);
      else
        Family::generate(private_op_.AccessKey(), rng_, spec.key_bits);
      Family::derive_public(public_op_.AccessKey(), private_op_.GetKey());
      Family::precompute(private_op_.AccessKey());
    } else {
      Family::load_public(public_op_.AccessKey(), sdk::public_key(spec), rng_);
    }
    Family::precompute(public_op_.AccessKey());
  }

  bool offers(int op) const { return has_private_ || (op != CA_OP_SIGN && op != CA_OP_DECRYPT); }

  std::vector<uint8_t> export_key(int part) const {
    if (part == CA_KEY_PUBLIC) return Family::save_public(public_op_.GetKey());
    if (part == CA_KEY_PRIVATE && has_private_) return Family::save_private(private_op_.GetKey());
    throw std::runtime_error(part == CA_KEY_PRIVATE ? "this context holds only a public key"
                                                    : "unknown key part " + std::to_string(part));
  }

 protected:
  /// keygen: a fresh key pair of the context's size (for RSA the prime search), its public key in the
  /// CA_KEY_PUBLIC format as the output; the context's own keys stay as they are. Each derived class names
  /// it keygen (the SDK's trampoline takes a member of the class itself).
  int generate_public(ca_io& io) {
    PrivateOp fresh_private;
    PublicOp fresh_public;
    Family::generate(fresh_private.AccessKey(), rng_, key_bits_);
    Family::derive_public(fresh_public.AccessKey(), fresh_private.GetKey());
    const std::vector<uint8_t> out = Family::save_public(fresh_public.GetKey());
    return sdk::put_output(io, out.data(), out.size());
  }

  const bool has_private_;
  const uint32_t key_bits_;
  CryptoPP::AutoSeededRandomPool rng_;
  PrivateOp private_op_;
  PublicOp public_op_;
};

// ---- contexts ---------------------------------------------------------------------------------------------

/// RSAES (OAEP): Encrypt with the public key, Decrypt with the private key (blinded, CRT).
template <class Scheme>
class RsaEncryption : public KeyPair<typename Scheme::Decryptor, typename Scheme::Encryptor, RsaFamily> {
  using Base = KeyPair<typename Scheme::Decryptor, typename Scheme::Encryptor, RsaFamily>;

 public:
  explicit RsaEncryption(const ca_key_spec& spec)
      : Base(spec), plaintext_(this->public_op_.FixedMaxPlaintextLength()) {}

  int encrypt(ca_io& io) {
    const size_t max_message = this->public_op_.FixedMaxPlaintextLength();
    if (io.input_len > max_message)
      throw std::runtime_error(std::string(this->public_op_.AlgorithmName()) + " takes at most " +
                               std::to_string(max_message) + " bytes with this key, got " +
                               std::to_string(io.input_len));
    const size_t length = this->public_op_.FixedCiphertextLength();
    sdk::require_output(io, length);
    if (io.aad_len != 0) {
      this->public_op_.Encrypt(this->rng_, io.input, io.input_len, io.output, label(io));
      io.output_len = length;
      return CA_OK;
    }
    this->public_op_.Encrypt(this->rng_, io.input, io.input_len, io.output);
    io.output_len = length;
    return CA_OK;
  }

  int keygen(ca_io& io) { return this->generate_public(io); }

  int decrypt(ca_io& io) {
    if (io.input_len != this->private_op_.FixedCiphertextLength()) return CA_REJECTED;
    if (!RsaFamily::below_modulus(this->private_op_.GetKey(), io.input, io.input_len)) return CA_REJECTED;
    // The plaintext length is only known afterwards, and Decrypt writes up to the maximum: decrypt into
    // a buffer of that size kept from construction, then copy the message out.
    const CryptoPP::DecodingResult result =
        io.aad_len != 0
            ? this->private_op_.Decrypt(this->rng_, io.input, io.input_len, plaintext_.data(), label(io))
            : this->private_op_.Decrypt(this->rng_, io.input, io.input_len, plaintext_.data());
    if (!result.isValidCoding) return CA_REJECTED;
    return sdk::put_output(io, plaintext_.data(), result.messageLength);
  }

 private:
  // The OAEP label (RFC 8017 L) is io.aad: OAEP's EncodingParameters; RSAES-PKCS1-v1_5 has none.
  static CryptoPP::AlgorithmParameters label(const ca_io& io) {
    if constexpr (std::is_same_v<Scheme, CryptoPP::RSAES<CryptoPP::PKCS1v15>>)
      sdk::refuse_label(io, "RSAES-PKCS1-v1_5 has no label");
    return CryptoPP::MakeParameters(CryptoPP::Name::EncodingParameters(),
                                    CryptoPP::ConstByteArrayParameter(io.aad, io.aad_len));
  }

  CryptoPP::SecByteBlock plaintext_;
};

/// r || s of a family's DER signatures (1 for families whose signatures are not converted).
template <class Family>
constexpr size_t raw_signature_bytes() {
  if constexpr (Family::kDerSignatures)
    return Family::kP1363Bytes;
  else
    return 1;
}

/// Signatures through one message accumulator per direction, made once here and reused: SignMessage and
/// VerifyMessage would allocate a new accumulator (hash object, buffers) for every message.
template <class Scheme, class Family>
class Signature : public KeyPair<typename Scheme::Signer, typename Scheme::Verifier, Family> {
  using Base = KeyPair<typename Scheme::Signer, typename Scheme::Verifier, Family>;

 public:
  explicit Signature(const ca_key_spec& spec) : Base(spec) {
    if constexpr (Family::kDerSignatures) {
      if (this->public_op_.SignatureLength() != Family::kP1363Bytes)
        throw std::runtime_error("unexpected ECDSA signature length");
    }
    reset_accumulators();
  }

  int keygen(ca_io& io) { return this->generate_public(io); }

  int sign(ca_io& io) {
    if constexpr (!Family::kDerSignatures) sdk::require_output(io, this->private_op_.SignatureLength());
    try {
      sign_accumulator_->Update(io.input, io.input_len);
      if constexpr (Family::kDerSignatures) {
        // Crypto++ signs in IEEE P1363 form (r || s); the catalog wants DER, so the conversion is part of
        // the timed operation, as it is for a Crypto++ application that talks to other libraries.
        std::array<CryptoPP::byte, Family::kP1363Bytes> raw;
        this->private_op_.SignAndRestart(this->rng_, *sign_accumulator_, raw.data(), true);
        std::array<CryptoPP::byte, Family::kMaxDerBytes> der;
        const size_t der_length = CryptoPP::DSAConvertSignatureFormat(
            der.data(), der.size(), CryptoPP::DSA_DER, raw.data(), raw.size(), CryptoPP::DSA_P1363);
        return sdk::put_output(io, der.data(), der_length);
      } else {
        io.output_len = this->private_op_.SignAndRestart(this->rng_, *sign_accumulator_, io.output, true);
        return CA_OK;
      }
    } catch (...) {
      reset_accumulators();  // a half-fed accumulator would corrupt the next message
      throw;
    }
  }

  int verify(ca_io& io) {
    const CryptoPP::byte* signature = io.signature;
    size_t signature_length = io.signature_len;
    [[maybe_unused]] RawSignature raw;
    if constexpr (Family::kDerSignatures) {
      if (!der_to_p1363(io.signature, io.signature_len, raw)) return CA_REJECTED;
      signature = raw.data();
      signature_length = raw.size();
    }
    // RFC 8017 and RFC 8032 require the exact length. Crypto++ accepts an RSA signature shortened by its
    // leading zero bytes, and ed25519's InputSignature copies a short one over the start of the 64 bytes
    // left in the accumulator by the previous message.
    if (signature_length != this->public_op_.SignatureLength()) return CA_REJECTED;
    if (!Family::signature_in_range(this->public_op_.GetKey(), signature, signature_length))
      return CA_REJECTED;
    try {
      this->public_op_.InputSignature(*verify_accumulator_, signature, signature_length);
      verify_accumulator_->Update(io.input, io.input_len);
      return this->public_op_.VerifyAndRestart(*verify_accumulator_) ? CA_OK : CA_REJECTED;
    } catch (...) {
      reset_accumulators();
      throw;
    }
  }

 private:
  using RawSignature = std::array<CryptoPP::byte, raw_signature_bytes<Family>()>;

  void reset_accumulators() {
    verify_accumulator_.reset(this->public_op_.NewVerificationAccumulator());
    if (this->has_private_) sign_accumulator_.reset(this->private_op_.NewSignatureAccumulator(this->rng_));
  }

  /// DER Ecdsa-Sig-Value to r || s. Only the canonical DER encoding is accepted (re-encoding must give
  /// the same bytes back): DSAConvertSignatureFormat alone would accept BER variants and silently cut an
  /// oversized r or s down to 32 bytes. OpenSSL applies the same re-encoding check.
  static bool der_to_p1363(const CryptoPP::byte* der, size_t length, RawSignature& raw) {
    if constexpr (Family::kDerSignatures) {
      if (length > Family::kMaxDerBytes) return false;
      try {
        if (CryptoPP::DSAConvertSignatureFormat(raw.data(), raw.size(), CryptoPP::DSA_P1363, der, length,
                                                CryptoPP::DSA_DER) != raw.size())
          return false;
        std::array<CryptoPP::byte, Family::kMaxDerBytes> again;
        const size_t again_length = CryptoPP::DSAConvertSignatureFormat(
            again.data(), again.size(), CryptoPP::DSA_DER, raw.data(), raw.size(), CryptoPP::DSA_P1363);
        return again_length == length && std::memcmp(again.data(), der, length) == 0;
      } catch (const CryptoPP::Exception&) {
        return false;  // not DER at all
      }
    }
    return false;
  }

  std::unique_ptr<CryptoPP::PK_MessageAccumulator> sign_accumulator_;
  std::unique_ptr<CryptoPP::PK_MessageAccumulator> verify_accumulator_;
};

}  // namespace ca::backend_cryptopp
