// Public-key rows of the Botan 3 backend: RSA encryption (PK_Encryptor_EME / PK_Decryptor_EME), signatures
// (PK_Signer / PK_Verifier) and key agreement (PK_Key_Agreement). A row's keys are generated, imported and
// exported in one place (Keys), through Botan 3's generic key interface: raw_public_key_bits(),
// raw_private_key_bits(), subject_public_key() and private_key_info(), and the key classes' span
// constructors; EC and DL groups come from EC_Group::from_name / DL_Group::from_name.
#include <botan/auto_rng.h>
#include <botan/bigint.h>
#include <botan/dh.h>
#include <botan/dl_group.h>
#include <botan/ec_group.h>
#include <botan/ecc_key.h>
#include <botan/ecdh.h>
#include <botan/ecdsa.h>
#include <botan/ed25519.h>
#include <botan/ed448.h>
#include <botan/exceptn.h>
#include <botan/pk_keys.h>
#include <botan/pkcs8.h>
#include <botan/pubkey.h>
#include <botan/rsa.h>
#include <botan/x25519.h>
#include <botan/x448.h>
#include <botan/x509_key.h>

#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "botan3_backend.hpp"

namespace ca::backend_botan3 {
namespace {

/// The raw key lengths of the families the catalog keeps as raw bytes (RFC 8032, RFC 7748): private,
/// public. 0 for the DER families; Dh: at most the group's size.
struct RawLengths {
  size_t private_bytes;
  size_t public_bytes;
};
RawLengths raw_lengths(KeyFamily family) {
  switch (family) {
    case KeyFamily::Ed25519:
    case KeyFamily::X25519:
      return {32, 32};
    case KeyFamily::Ed448:
      return {57, 57};
    case KeyFamily::X448:
      return {56, 56};
    default:
      return {0, 0};
  }
}

bool is_ec(KeyFamily family) { return family == KeyFamily::Ecdsa || family == KeyFamily::Ecdh; }

void require_length(size_t len, size_t want, const char* what) {
  if (len != want)
    throw std::runtime_error(std::string(what) + " must be " + std::to_string(want) + " raw bytes, got " +
                             std::to_string(len));
}

/// A row's key: a private key (which also serves as the public one), or a public key alone.
class Keys {
 public:
  Keys(const ca_key_spec& spec, KeyType type, Botan::RandomNumberGenerator& rng) : m_type(type) {
    if (spec.secret_key != nullptr)
      m_private = load_private({spec.secret_key, spec.secret_key_len}, spec);
    else if (spec.public_key != nullptr)
      m_public = load_public({spec.public_key, spec.public_key_len}, spec.algorithm);
    else
      m_private = generate(spec.key_bits, rng);
  }

  const Botan::Private_Key* private_key() const { return m_private.get(); }
  const Botan::Public_Key& public_key() const {
    return m_private ? static_cast<const Botan::Public_Key&>(*m_private) : *m_public;
  }

  std::unique_ptr<Botan::Private_Key> generate(uint32_t key_bits, Botan::RandomNumberGenerator& rng) const {
    switch (m_type.family) {
      case KeyFamily::Rsa:
        return std::make_unique<Botan::RSA_PrivateKey>(rng, key_bits);
      case KeyFamily::Ecdsa:
        return std::make_unique<Botan::ECDSA_PrivateKey>(rng, ec_group());
      case KeyFamily::Ecdh:
        return std::make_unique<Botan::ECDH_PrivateKey>(rng, ec_group());
      case KeyFamily::Ed25519:
        return std::make_unique<Botan::Ed25519_PrivateKey>(rng);
      case KeyFamily::Ed448:
        return std::make_unique<Botan::Ed448_PrivateKey>(rng);
      case KeyFamily::X25519:
        return std::make_unique<Botan::X25519_PrivateKey>(rng);
      case KeyFamily::X448:
        return std::make_unique<Botan::X448_PrivateKey>(rng);
      case KeyFamily::Dh:
        return std::make_unique<Botan::DH_PrivateKey>(rng, dl_group());
    }
    throw std::logic_error("unknown key family");
  }

  /// The public key in its CA_KEY_PUBLIC format: SubjectPublicKeyInfo DER for RSA and EC keys, else
  /// Botan's raw_public_key_bits() (the RFC 8032 / 7748 bytes; FFDHE's y padded to the group's size). Botan
  /// writes an ECDH key under the ECDH OID (1.3.132.1.12); the catalog's SPKI is id-ecPublicKey, which
  /// Botan's ECDSA key class writes.
  std::vector<uint8_t> public_bytes(const Botan::Public_Key& key) const {
    if (m_type.family != KeyFamily::Rsa && !is_ec(m_type.family)) return key.raw_public_key_bits();
    if (m_type.family == KeyFamily::Ecdh)
      return Botan::ECDSA_PublicKey(key.algorithm_identifier(), key.public_key_bits()).subject_public_key();
    return key.subject_public_key();
  }

  /// The private key in its CA_KEY_PRIVATE format: the RFC 8032 seed or RFC 7748 scalar, x padded to the
  /// group's size for FFDHE, PKCS#8 DER otherwise (ECDH as id-ecPublicKey, see public_bytes).
  std::vector<uint8_t> export_key(int part) const {
    if (part == CA_KEY_PUBLIC) return public_bytes(public_key());
    if (part != CA_KEY_PRIVATE) throw std::invalid_argument("unknown key part " + std::to_string(part));
    if (!m_private) throw std::runtime_error("this context holds only a public key");
    const Botan::secure_vector<uint8_t> der = [&] {
      if (const size_t raw = raw_lengths(m_type.family).private_bytes; raw != 0) {
        // Ed25519 keeps seed || public key; the catalog's private key is the seed.
        auto bits = m_private->raw_private_key_bits();
        bits.resize(raw);
        return bits;
      }
      if (m_type.family == KeyFamily::Dh)
        return Botan::BigInt::from_bytes(m_private->raw_private_key_bits())
            .serialize<Botan::secure_vector<uint8_t>>(dl_group().p_bytes());
      if (m_type.family == KeyFamily::Ecdh)
        return Botan::ECDSA_PrivateKey(m_private->algorithm_identifier(), m_private->private_key_bits())
            .private_key_info();
      return m_private->private_key_info();
    }();
    return {der.begin(), der.end()};
  }

  /// A peer's public key (CA_KEY_PUBLIC format) as PK_Key_Agreement takes it: the raw value, y for FFDHE,
  /// the uncompressed point for ECDH.
  std::vector<uint8_t> peer_value(std::span<const uint8_t> peer, const char* algorithm) const {
    if (is_ec(m_type.family)) return load_public(peer, algorithm)->raw_public_key_bits();
    if (const size_t raw = raw_lengths(m_type.family).public_bytes; raw != 0)
      require_length(peer.size(), raw, "peer public key");
    else if (peer.empty() || peer.size() > dl_group().p_bytes())
      throw std::runtime_error("peer public key must be at most " + std::to_string(dl_group().p_bytes()) +
                               " raw bytes, got " + std::to_string(peer.size()));
    return {peer.begin(), peer.end()};
  }

 private:
  Botan::EC_Group ec_group() const { return Botan::EC_Group::from_name(m_type.group); }
  const Botan::DL_Group& dl_group() const {
    if (!m_dl_group) m_dl_group = std::make_unique<Botan::DL_Group>(Botan::DL_Group::from_name(m_type.group));
    return *m_dl_group;
  }

  std::unique_ptr<Botan::Private_Key> load_private(std::span<const uint8_t> bytes,
                                                   const ca_key_spec& spec) const {
    const size_t raw = raw_lengths(m_type.family).private_bytes;
    if (raw != 0) require_length(bytes.size(), raw, "private key");
    const Botan::secure_vector<uint8_t> secret(bytes.begin(), bytes.end());
    switch (m_type.family) {
      case KeyFamily::Ed25519:
        return std::make_unique<Botan::Ed25519_PrivateKey>(secret);  // the 32-byte seed
      case KeyFamily::Ed448:
        return std::make_unique<Botan::Ed448_PrivateKey>(bytes);
      case KeyFamily::X25519:
        return std::make_unique<Botan::X25519_PrivateKey>(secret);
      case KeyFamily::X448:
        return std::make_unique<Botan::X448_PrivateKey>(bytes);
      case KeyFamily::Dh:
        if (bytes.empty() || bytes.size() > dl_group().p_bytes())
          throw std::runtime_error("private key must be at most " + std::to_string(dl_group().p_bytes()) +
                                   " raw bytes, got " + std::to_string(bytes.size()));
        return std::make_unique<Botan::DH_PrivateKey>(dl_group(), Botan::BigInt::from_bytes(bytes));
      default:
        break;
    }
    auto key = Botan::PKCS8::load_key(bytes);
    check_family(*key, spec.algorithm, spec.key_bits);
    if (m_type.family == KeyFamily::Ecdh)  // an id-ecPublicKey key loads as ECDSA; key agreement needs ECDH
      return std::make_unique<Botan::ECDH_PrivateKey>(key->algorithm_identifier(), key->private_key_bits());
    return key;
  }

  std::unique_ptr<Botan::Public_Key> load_public(std::span<const uint8_t> bytes,
                                                 const char* algorithm) const {
    if (const size_t raw = raw_lengths(m_type.family).public_bytes; raw != 0)
      require_length(bytes.size(), raw, "public key");
    switch (m_type.family) {
      case KeyFamily::Ed25519:
        return std::make_unique<Botan::Ed25519_PublicKey>(bytes);
      case KeyFamily::Ed448:
        return std::make_unique<Botan::Ed448_PublicKey>(bytes);
      case KeyFamily::X25519:
        return std::make_unique<Botan::X25519_PublicKey>(bytes);
      case KeyFamily::X448:
        return std::make_unique<Botan::X448_PublicKey>(bytes);
      case KeyFamily::Dh:
        return std::make_unique<Botan::DH_PublicKey>(dl_group(), Botan::BigInt::from_bytes(bytes));
      default:
        break;
    }
    auto key = Botan::X509::load_key(bytes);
    check_family(*key, algorithm, 0);
    return key;
  }

  /// An imported DER key must be of the row's family, curve and size: a 3072-bit key in a "-k 2048" run
  /// would silently measure the wrong thing.
  void check_family(const Botan::Public_Key& key, const char* algorithm, uint32_t key_bits) const {
    const std::string algo = key.algo_name();
    if (m_type.family == KeyFamily::Rsa) {
      if (algo != "RSA") throw std::runtime_error(std::string(algorithm) + " needs an RSA key, got " + algo);
      if (key_bits != 0 && key.key_length() != key_bits)
        throw std::runtime_error(std::string(algorithm) + ": the key has " +
                                 std::to_string(key.key_length()) + " bits, the run asks for " +
                                 std::to_string(key_bits));
      return;
    }
    // An id-ecPublicKey key loads as Botan's "ECDSA" type whatever it was made for.
    const auto* ec = dynamic_cast<const Botan::EC_PublicKey*>(&key);
    if ((algo != "ECDSA" && algo != "ECDH") || ec == nullptr)
      throw std::runtime_error(std::string(algorithm) + " needs an EC key, got " + algo);
    if (ec->domain().get_curve_oid() != ec_group().get_curve_oid())
      throw std::runtime_error(std::string(algorithm) + " needs a " + m_type.group + " key, got curve " +
                               ec->domain().get_curve_oid().to_formatted_string());
  }

  KeyType m_type;
  std::unique_ptr<Botan::Private_Key> m_private;
  std::unique_ptr<Botan::Public_Key> m_public;
  mutable std::unique_ptr<Botan::DL_Group> m_dl_group;  // FFDHE: made once, on first use
};

/// What every public-key context has: its own RNG and its key. generate_public is the keygen operation of
/// the signature and key-agreement contexts (the SDK binds a member of the class itself): a fresh key pair
/// each call (for RSA the prime search), its public key exported as the output.
class KeyedContext {
 public:
  KeyedContext(const ca_key_spec& spec, KeyType type)
      : m_algorithm(spec.algorithm), m_key_bits(spec.key_bits), m_keys(spec, type, m_rng) {}

  bool offers(int op) const {
    const bool needs_private = op == CA_OP_SIGN || op == CA_OP_DECRYPT || op == CA_OP_AGREE;
    return !needs_private || m_keys.private_key() != nullptr;
  }
  std::vector<uint8_t> export_key(int part) const { return m_keys.export_key(part); }

  int generate_public(ca_io& io) {
    const auto pub = m_keys.public_bytes(*m_keys.generate(m_key_bits, m_rng));
    return ca::sdk::put_output(io, pub.data(), pub.size());
  }

 protected:
  std::string m_algorithm;
  uint32_t m_key_bits;
  Botan::AutoSeeded_RNG m_rng;  // declared before m_keys, which may use it to generate the key
  Keys m_keys;
};

// Botan takes an OAEP label only inside the padding name ("OAEP(SHA-256,MGF1(SHA-256),label)"), as text
// fixed when the encryptor is made, so a per-message binary label is a parameter it does not offer here.
constexpr const char* kNoLabel =
    "Botan 3 takes an OAEP label only as text in the padding name, fixed at key setup";

class RsaEncryptionContext : public KeyedContext {
 public:
  RsaEncryptionContext(const ca_key_spec& spec, const char* padding)
      : KeyedContext(spec, {KeyFamily::Rsa}), m_encryptor(m_keys.public_key(), m_rng, padding) {
    if (const auto* key = m_keys.private_key())
      m_decryptor = std::make_unique<Botan::PK_Decryptor_EME>(*key, m_rng, padding);
  }

  int encrypt(ca_io& io) {
    ca::sdk::refuse_label(io, kNoLabel);
    const auto ciphertext = m_encryptor.encrypt(std::span<const uint8_t>(io.input, io.input_len), m_rng);
    return ca::sdk::put_output(io, ciphertext.data(), ciphertext.size());
  }

  int decrypt(ca_io& io) {
    ca::sdk::refuse_label(io, kNoLabel);
    try {
      const auto message = m_decryptor->decrypt(io.input, io.input_len);
      return ca::sdk::put_output(io, message.data(), message.size());
    } catch (const Botan::Decoding_Error&) {  // bad padding: a ciphertext this key did not produce
      return CA_REJECTED;
    } catch (const Botan::Invalid_Argument&) {  // not below the modulus
      return CA_REJECTED;
    }
  }

 private:
  Botan::PK_Encryptor_EME m_encryptor;
  std::unique_ptr<Botan::PK_Decryptor_EME> m_decryptor;  // null for a public-key-only context
};

struct SignatureSpec {
  KeyType type;
  const char* padding;
  Botan::Signature_Format format;
};

class SignatureContext : public KeyedContext {
 public:
  // "p1363=1" (ECDSA rows, backend.cpp): Botan's Signature_Format::Standard (r || s) instead of DER; its
  // ECDSA verification refuses a signature that is not twice the order's size.
  SignatureContext(const ca_key_spec& spec, const SignatureSpec& sig)
      : KeyedContext(spec, sig.type),
        m_padding(sig.padding),
        m_format(ca::sdk::p1363_signatures(spec) ? Botan::Signature_Format::Standard : sig.format),
        m_verifier(make_verifier()) {
    if (const auto* key = m_keys.private_key())
      m_signer = std::make_unique<Botan::PK_Signer>(*key, m_rng, m_padding, m_format);
  }

  int keygen(ca_io& io) { return generate_public(io); }

  int sign(ca_io& io) {
    const auto signature = m_signer->sign_message(io.input, io.input_len, m_rng);
    return ca::sdk::put_output(io, signature.data(), signature.size());
  }

  int verify(ca_io& io) {
    if (m_verifier->verify_message(io.input, io.input_len, io.signature, io.signature_len)) return CA_OK;
    // Botan 3.7's Ed25519 verification returns early on a signature that is not 64 bytes, keeping the
    // message it buffered, which would then prefix the next one: after a rejection the verifier is rebuilt.
    // Only rejections pay for it.
    m_verifier = make_verifier();
    return CA_REJECTED;
  }

 private:
  std::unique_ptr<Botan::PK_Verifier> make_verifier() const {
    return std::make_unique<Botan::PK_Verifier>(m_keys.public_key(), m_padding, m_format);
  }

  std::string m_padding;
  Botan::Signature_Format m_format;
  std::unique_ptr<Botan::PK_Verifier> m_verifier;
  std::unique_ptr<Botan::PK_Signer> m_signer;  // null for a public-key-only context
};

/// PK_Key_Agreement with the "Raw" KDF: the shared secret itself (X25519's 32 bytes, ECDH's x coordinate,
/// FFDHE's value padded to the group size). Decoding the peer's key is part of the timed operation.
class KeyAgreementContext : public KeyedContext {
 public:
  KeyAgreementContext(const ca_key_spec& spec, KeyType type) : KeyedContext(spec, type) {
    if (const auto* key = m_keys.private_key())
      m_agreement = std::make_unique<Botan::PK_Key_Agreement>(*key, m_rng, "Raw");
  }

  int keygen(ca_io& io) { return generate_public(io); }

  int agree(ca_io& io) {
    const auto peer = m_keys.peer_value({io.input, io.input_len}, m_algorithm.c_str());
    Botan::SymmetricKey secret;
    try {
      secret = m_agreement->derive_key(0, peer);
    } catch (const Botan::Invalid_Argument& e) {  // a value outside the group, a low-order point
      throw ca::sdk::Rejected(std::string("the peer public key was refused: ") + e.what());
    } catch (const Botan::Decoding_Error& e) {  // a point that does not decode
      throw ca::sdk::Rejected(std::string("the peer public key was refused: ") + e.what());
    }
    return ca::sdk::put_output(io, secret.begin(), secret.size());
  }

 private:
  std::unique_ptr<Botan::PK_Key_Agreement> m_agreement;  // null for a public-key-only context
};

}  // namespace

ca::sdk::Factory rsa_encryption_factory(const char* padding) {
  return ca::sdk::make_factory<RsaEncryptionContext>(padding);
}

ca::sdk::Factory signature_factory(KeyType type, const char* padding, bool der) {
  return ca::sdk::make_factory<SignatureContext>(SignatureSpec{
      type, padding, der ? Botan::Signature_Format::DerSequence : Botan::Signature_Format::Standard});
}

ca::sdk::Factory key_agreement_factory(KeyType type) {
  return ca::sdk::make_factory<KeyAgreementContext>(type);
}

}  // namespace ca::backend_botan3
