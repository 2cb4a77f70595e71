// Public-key rows of the Botan backend: RSA encryption through PK_Encryptor_EME / PK_Decryptor_EME and
// signatures through PK_Signer / PK_Verifier. Keys are imported, generated and exported in one place
// (KeyPair); the key, the RNG and the padding objects are built in the constructor.
#include <botan/auto_rng.h>
#include <botan/curve25519.h>
#include <botan/data_src.h>
#include <botan/dh.h>
#include <botan/dl_group.h>
#include <botan/ec_group.h>
#include <botan/ecc_key.h>
#include <botan/ecdh.h>
#include <botan/ecdsa.h>
#include <botan/ed25519.h>
#include <botan/exceptn.h>
#include <botan/kdf.h>
#include <botan/pk_keys.h>
#include <botan/pkcs8.h>
#include <botan/pubkey.h>
#include <botan/pwdhash.h>
#include <botan/rsa.h>
#include <botan/x509_key.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "botan_backend.hpp"

namespace ca::backend_botan {
namespace {

constexpr size_t kEd25519KeyBytes = 32;
constexpr size_t kFfdheBytes = 256;

const char* curve_of(KeyKind kind) {
  switch (kind) {
    case KeyKind::EcdsaP256:
    case KeyKind::EcdhP256:
      return "secp256r1";
    case KeyKind::EcdsaP384:
    case KeyKind::EcdhP384:
      return "secp384r1";
    case KeyKind::EcdsaP521:
    case KeyKind::EcdhP521:
      return "secp521r1";
    case KeyKind::EcdsaSecp256k1:
      return "secp256k1";
    default:
      return nullptr;
  }
}

bool is_ecdh(KeyKind kind) {
  return kind == KeyKind::EcdhP256 || kind == KeyKind::EcdhP384 || kind == KeyKind::EcdhP521;
}

const Botan::DL_Group& ffdhe2048() {
  static const Botan::DL_Group group("ffdhe/ietf/2048");  // RFC 7919
  return group;
}

/// The key of a public-key context: a private key (which also serves as the public one), or a public key
/// alone when create() was given only that.
class KeyPair {
 public:
  KeyPair(const ca_key_spec& spec, KeyKind kind, Botan::RandomNumberGenerator& rng)
      : m_kind(kind), m_rng(rng) {
    if (spec.secret_key != nullptr)
      m_private = load_private(spec);
    else if (spec.public_key != nullptr)
      m_public = load_public(spec.algorithm, spec.public_key, spec.public_key_len);
    else
      m_private = generate(spec, rng);
  }

  /// A peer's public key (CA_KEY_PUBLIC format), as the bytes PK_Key_Agreement takes: X25519's raw value,
  /// the uncompressed point for ECDH, y for FFDHE.
  std::vector<uint8_t> peer_value(const char* algorithm, const uint8_t* data, size_t len) const {
    if (m_kind == KeyKind::X25519 || m_kind == KeyKind::Ffdhe2048) {
      require_raw(len, m_kind == KeyKind::X25519 ? 32 : kFfdheBytes, "peer public key",
                  m_kind == KeyKind::Ffdhe2048);
      return {data, data + len};
    }
    auto key = load_public(algorithm, data, len);
    return dynamic_cast<const Botan::EC_PublicKey&>(*key).public_point().encode(
        Botan::PointGFp::UNCOMPRESSED);
  }

  std::unique_ptr<Botan::Private_Key> generate(const ca_key_spec& spec,
                                               Botan::RandomNumberGenerator& rng) const {
    if (const char* curve = curve_of(m_kind)) {
      if (is_ecdh(m_kind)) return std::make_unique<Botan::ECDH_PrivateKey>(rng, Botan::EC_Group(curve));
      return std::make_unique<Botan::ECDSA_PrivateKey>(rng, Botan::EC_Group(curve));
    }
    switch (m_kind) {
      case KeyKind::Rsa:
        return std::make_unique<Botan::RSA_PrivateKey>(rng, spec.key_bits);
      case KeyKind::Ed25519:
        return std::make_unique<Botan::Ed25519_PrivateKey>(rng);
      case KeyKind::X25519:
        return std::make_unique<Botan::Curve25519_PrivateKey>(rng);
      case KeyKind::Ffdhe2048:
        return std::make_unique<Botan::DH_PrivateKey>(rng, ffdhe2048());
      default:
        throw std::logic_error("unknown key kind");
    }
  }

  /// The public key alone in its CA_KEY_PUBLIC format (keygen's output).
  std::vector<uint8_t> public_part(const Botan::Public_Key& key) const {
    switch (m_kind) {
      case KeyKind::Ed25519:
        return dynamic_cast<const Botan::Ed25519_PublicKey&>(key).get_public_key();
      case KeyKind::X25519:
        return dynamic_cast<const Botan::Curve25519_PublicKey&>(key).public_value();
      case KeyKind::Ffdhe2048: {
        const auto y =
            Botan::BigInt::encode_1363(dynamic_cast<const Botan::DH_PublicKey&>(key).get_y(), kFfdheBytes);
        return {y.begin(), y.end()};
      }
      default:
        break;
    }
    if (is_ecdh(m_kind)) {
      // Botan encodes an ECDH key under the ECDH OID (1.3.132.1.12); the catalog's SPKI is id-ecPublicKey.
      const auto& ec = dynamic_cast<const Botan::EC_PublicKey&>(key);
      return Botan::X509::BER_encode(Botan::ECDSA_PublicKey(ec.domain(), ec.public_point()));
    }
    return Botan::X509::BER_encode(key);
  }

  const Botan::Private_Key* private_key() const { return m_private.get(); }
  const Botan::Public_Key& public_key() const {
    return m_private ? static_cast<const Botan::Public_Key&>(*m_private) : *m_public;
  }

  /// PKCS#8 / SubjectPublicKeyInfo DER, or for Ed25519 the raw seed / public key (docs/CATALOG.md).
  std::vector<uint8_t> export_part(int part) const {
    if (part == CA_KEY_PRIVATE) {
      if (!m_private) throw std::runtime_error("this context holds only a public key");
      if (m_kind == KeyKind::Ed25519) {
        // Botan keeps seed || public key (64 bytes); the catalog's private key is the 32-byte seed.
        const auto& both = dynamic_cast<const Botan::Ed25519_PrivateKey&>(*m_private).get_private_key();
        return {both.begin(), both.begin() + kEd25519KeyBytes};
      }
      if (m_kind == KeyKind::X25519) {
        const auto& x = dynamic_cast<const Botan::Curve25519_PrivateKey&>(*m_private).get_x();
        return {x.begin(), x.end()};
      }
      if (m_kind == KeyKind::Ffdhe2048) {
        const auto x = Botan::BigInt::encode_1363(
            dynamic_cast<const Botan::DH_PrivateKey&>(*m_private).get_x(), kFfdheBytes);
        return {x.begin(), x.end()};
      }
      if (is_ecdh(m_kind)) {  // as id-ecPublicKey, like every other library (see public_part)
        const auto& ec = dynamic_cast<const Botan::EC_PrivateKey&>(*m_private);
        const auto der =
            Botan::PKCS8::BER_encode(Botan::ECDSA_PrivateKey(m_rng, ec.domain(), ec.private_value()));
        return {der.begin(), der.end()};
      }
      const auto der = Botan::PKCS8::BER_encode(*m_private);
      return {der.begin(), der.end()};
    }
    if (part == CA_KEY_PUBLIC) return public_part(public_key());
    throw std::invalid_argument("unknown key part " + std::to_string(part));
  }

 private:
  std::unique_ptr<Botan::Private_Key> load_private(const ca_key_spec& spec) const {
    if (m_kind == KeyKind::X25519) {
      require_raw(spec.secret_key_len, 32, "private key", false);
      return std::make_unique<Botan::Curve25519_PrivateKey>(
          Botan::secure_vector<uint8_t>(spec.secret_key, spec.secret_key + spec.secret_key_len));
    }
    if (m_kind == KeyKind::Ffdhe2048) {
      require_raw(spec.secret_key_len, kFfdheBytes, "private key", true);
      return std::make_unique<Botan::DH_PrivateKey>(m_rng, ffdhe2048(),
                                                    Botan::BigInt(spec.secret_key, spec.secret_key_len));
    }
    if (m_kind == KeyKind::Ed25519) {
      // Botan 2.19's Ed25519_PrivateKey(secure_vector) takes either the 32-byte RFC 8032 seed or seed||pub.
      require_raw_ed25519(spec.secret_key_len, "private key (seed)");
      return std::make_unique<Botan::Ed25519_PrivateKey>(
          Botan::secure_vector<uint8_t>(spec.secret_key, spec.secret_key + spec.secret_key_len));
    }
    Botan::DataSource_Memory der(spec.secret_key, spec.secret_key_len);
    auto key = Botan::PKCS8::load_key(der);
    check_family(*key, spec.algorithm, spec.key_bits);
    if (is_ecdh(m_kind)) {  // an id-ecPublicKey key loads as ECDSA; PK_Key_Agreement needs an ECDH key
      const auto& ec = dynamic_cast<const Botan::EC_PrivateKey&>(*key);
      return std::make_unique<Botan::ECDH_PrivateKey>(m_rng, ec.domain(), ec.private_value());
    }
    return key;
  }

  std::unique_ptr<Botan::Public_Key> load_public(const char* algorithm, const uint8_t* data,
                                                 size_t len) const {
    if (m_kind == KeyKind::Ed25519) {
      require_raw_ed25519(len, "public key");
      return std::make_unique<Botan::Ed25519_PublicKey>(data, len);
    }
    if (m_kind == KeyKind::X25519) {
      require_raw(len, 32, "public key", false);
      return std::make_unique<Botan::Curve25519_PublicKey>(std::vector<uint8_t>(data, data + len));
    }
    if (m_kind == KeyKind::Ffdhe2048) {
      require_raw(len, kFfdheBytes, "public key", true);
      return std::make_unique<Botan::DH_PublicKey>(ffdhe2048(), Botan::BigInt(data, len));
    }
    Botan::DataSource_Memory der(data, len);
    std::unique_ptr<Botan::Public_Key> key(Botan::X509::load_key(der));
    check_family(*key, algorithm, 0);
    return key;
  }

  /// An imported DER key must be of the row's family and size: a 3072-bit key in a "-k 2048" run would
  /// silently measure the wrong thing.
  void check_family(const Botan::Public_Key& key, const char* algorithm, uint32_t key_bits) const {
    const std::string algo = key.algo_name();
    if (m_kind == KeyKind::Rsa) {
      if (algo != "RSA") throw std::runtime_error(std::string(algorithm) + " needs an RSA key, got " + algo);
      if (key_bits != 0 && key.key_length() != key_bits)
        throw std::runtime_error(std::string(algorithm) + ": the key has " +
                                 std::to_string(key.key_length()) + " bits, the run asks for " +
                                 std::to_string(key_bits));
    } else if (const char* curve = curve_of(m_kind)) {
      // An id-ecPublicKey key loads as Botan's "ECDSA" type whatever it was made for.
      const auto* ec = dynamic_cast<const Botan::EC_PublicKey*>(&key);
      if ((algo != "ECDSA" && algo != "ECDH") || ec == nullptr)
        throw std::runtime_error(std::string(algorithm) + " needs an EC key, got " + algo);
      if (ec->domain().get_curve_oid() != Botan::OID::from_string(curve))
        throw std::runtime_error(std::string(algorithm) + " needs a " + curve + " key, got curve " +
                                 ec->domain().get_curve_oid().to_formatted_string());
    }
  }

  static void require_raw(size_t len, size_t want, const char* what, bool at_most) {
    if (at_most ? (len == 0 || len > want) : len != want)
      throw std::runtime_error(std::string(what) + " must be " + (at_most ? "at most " : "") +
                               std::to_string(want) + " raw bytes, got " + std::to_string(len));
  }

  static void require_raw_ed25519(size_t len, const char* what) {
    if (len != kEd25519KeyBytes)
      throw std::runtime_error(std::string("EDDSA ") + what + " must be the raw 32 bytes (RFC 8032), got " +
                               std::to_string(len));
  }

  KeyKind m_kind;
  Botan::RandomNumberGenerator& m_rng;
  std::unique_ptr<Botan::Private_Key> m_private;
  std::unique_ptr<Botan::Public_Key> m_public;
};

/// What every public-key context has: its own RNG (seeded once, here) and its key.
class KeyedContext {
 public:
  KeyedContext(const ca_key_spec& spec, KeyKind kind) : m_spec(spec), m_keys(spec, kind, m_rng) {
    m_spec.secret_key = m_spec.public_key = nullptr;  // not kept: keygen needs only algorithm and size
    m_spec.params = nullptr;
  }

  bool has_private_key() const { return m_keys.private_key() != nullptr; }
  std::vector<uint8_t> export_key(int part) const { return m_keys.export_part(part); }

  /// keygen: a fresh key pair each call (for RSA the prime search), its public key exported as the output.
  /// (Each derived class names it keygen: the SDK's trampoline takes a member of the class itself.)
  int generate_public(ca_io& io) {
    const auto fresh = m_keys.generate(m_spec, m_rng);
    const auto pub = m_keys.public_part(*fresh);
    return ca::sdk::put_output(io, pub.data(), pub.size());
  }

 protected:
  ca_key_spec m_spec;
  Botan::AutoSeeded_RNG m_rng;  // declared before m_keys, which may use it to generate the key
  KeyPair m_keys;
};

// Botan 2 takes an OAEP label only inside the padding name ("OAEP(SHA-256,MGF1(SHA-256),label)"), as text
// fixed when the encryptor is made, so a per-message binary label is a parameter it does not offer here.
constexpr const char* kNoLabel =
    "Botan 2 takes an OAEP label only as text in the padding name, fixed at key setup";

class RsaEncryptionContext : public KeyedContext {
 public:
  RsaEncryptionContext(const ca_key_spec& spec, const char* eme)
      : KeyedContext(spec, KeyKind::Rsa), m_encryptor(m_keys.public_key(), m_rng, eme) {
    if (const auto* key = m_keys.private_key())
      m_decryptor = std::make_unique<Botan::PK_Decryptor_EME>(*key, m_rng, eme);
  }

  int encrypt(ca_io& io) {
    ca::sdk::refuse_label(io, kNoLabel);
    const std::vector<uint8_t> ciphertext = m_encryptor.encrypt(io.input, io.input_len, m_rng);
    return ca::sdk::put_output(io, ciphertext.data(), ciphertext.size());
  }

  int decrypt(ca_io& io) {
    ca::sdk::refuse_label(io, kNoLabel);
    try {
      const Botan::secure_vector<uint8_t> message = m_decryptor->decrypt(io.input, io.input_len);
      return ca::sdk::put_output(io, message.data(), message.size());
    } catch (const Botan::Invalid_Argument&) {
      // Decoding_Error for a bad OAEP encoding, Invalid_Argument for a ciphertext that is not below the
      // modulus: both are a ciphertext this key did not produce.
      return CA_REJECTED;
    }
  }

 private:
  Botan::PK_Encryptor_EME m_encryptor;
  std::unique_ptr<Botan::PK_Decryptor_EME> m_decryptor;  // null for a public-key-only context
};

struct SignatureSpec {
  KeyKind kind;
  const char* padding;
  Botan::Signature_Format format;
};

SignatureSpec with_format(SignatureSpec sig, const ca_key_spec& spec) {
  if (ca::sdk::p1363_signatures(spec)) sig.format = Botan::IEEE_1363;
  return sig;
}

class SignatureContext : public KeyedContext {
 public:
  // "p1363=1" (ECDSA rows, backend.cpp): Botan's own IEEE 1363 form (r || s) instead of DER; its ECDSA
  // verification refuses a signature that is not twice the order's size.
  SignatureContext(const ca_key_spec& spec, const SignatureSpec& sig)
      : KeyedContext(spec, sig.kind), m_spec(with_format(sig, spec)), m_verifier(make_verifier()) {
    if (const auto* key = m_keys.private_key())
      m_signer = std::make_unique<Botan::PK_Signer>(*key, m_rng, sig.padding, sig.format);
  }

  int keygen(ca_io& io) { return generate_public(io); }

  int sign(ca_io& io) {
    const std::vector<uint8_t> signature = m_signer->sign_message(io.input, io.input_len, m_rng);
    return ca::sdk::put_output(io, signature.data(), signature.size());
  }

  int verify(ca_io& io) {
    bool valid = false;
    try {
      valid = m_verifier->verify_message(io.input, io.input_len, io.signature, io.signature_len);
    } catch (const Botan::Invalid_Argument&) {  // some malformed signatures are reported by exception
    }
    if (valid) return CA_OK;
    // Botan 2.19's PK_Verifier hashes the message first and gives up on a malformed signature (DER that
    // does not decode, an Ed25519 signature that is not 64 bytes) before finishing that hash, which then
    // prefixes the next message: after a rejection the verifier is rebuilt. Only rejections pay for it.
    m_verifier = make_verifier();
    return CA_REJECTED;
  }

 private:
  std::unique_ptr<Botan::PK_Verifier> make_verifier() const {
    return std::make_unique<Botan::PK_Verifier>(m_keys.public_key(), m_spec.padding, m_spec.format);
  }

  SignatureSpec m_spec;
  std::unique_ptr<Botan::PK_Verifier> m_verifier;
  std::unique_ptr<Botan::PK_Signer> m_signer;  // null for a public-key-only context
};

/// PK_Key_Agreement with the "Raw" KDF: the shared secret itself (X25519's 32 bytes, ECDH's x coordinate,
/// FFDHE's value padded to the group size). Decoding the peer's key is part of the timed operation.
class KeyAgreementContext : public KeyedContext {
 public:
  KeyAgreementContext(const ca_key_spec& spec, KeyKind kind) : KeyedContext(spec, kind) {
    if (const auto* key = m_keys.private_key())
      m_agreement = std::make_unique<Botan::PK_Key_Agreement>(*key, m_rng, "Raw");
  }

  int keygen(ca_io& io) { return generate_public(io); }

  int agree(ca_io& io) {
    const auto peer = m_keys.peer_value(m_spec.algorithm, io.input, io.input_len);
    Botan::SymmetricKey secret;
    try {
      secret = m_agreement->derive_key(0, peer);
    } catch (const Botan::Invalid_Argument& e) {  // a peer value outside the group, an invalid point
      throw ca::sdk::Rejected(std::string("the peer public key was refused: ") + e.what());
    }
    return ca::sdk::put_output(io, secret.begin(), secret.size());
  }

 private:
  std::unique_ptr<Botan::PK_Key_Agreement> m_agreement;  // null for a public-key-only context
};

/// Password hashes (PBKDF2, scrypt, Argon2id) through PasswordHashFamily::from_params with the costs of
/// ca_key_spec.params, built once; HKDF through Botan::KDF. Each derive writes output_cap bytes.
class KdfContext {
 public:
  KdfContext(const ca_key_spec& spec, const char* botan_name) {
    const std::string name = botan_name;
    if (name.rfind("HKDF", 0) == 0) {
      m_kdf = Botan::KDF::create_or_throw(name);
      return;
    }
    auto family = Botan::PasswordHashFamily::create_or_throw(name);
    if (name.rfind("PBKDF2", 0) == 0)
      m_hash = family->from_params(ca::sdk::param_u64(spec, "iterations", 10000));
    else if (name == "Scrypt")
      m_hash = family->from_params(ca::sdk::param_u64(spec, "n", 16384), ca::sdk::param_u64(spec, "r", 8),
                                   ca::sdk::param_u64(spec, "p", 1));
    else  // Argon2id: memory in KiB, passes, lanes
      m_hash = family->from_params(ca::sdk::param_u64(spec, "m", 19456), ca::sdk::param_u64(spec, "t", 2),
                                   ca::sdk::param_u64(spec, "p", 1));
  }

  int derive(ca_io& io) {
    static const uint8_t none[1] = {0};
    const uint8_t* salt = io.nonce_len ? io.nonce : none;
    if (m_kdf) {
      m_kdf->kdf(io.output, io.output_cap, io.input_len ? io.input : none, io.input_len, salt, io.nonce_len,
                 io.aad_len ? io.aad : none, io.aad_len);
    } else {
      m_hash->derive_key(io.output, io.output_cap,
                         reinterpret_cast<const char*>(io.input_len ? io.input : none), io.input_len, salt,
                         io.nonce_len);
    }
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  std::unique_ptr<Botan::KDF> m_kdf;
  std::unique_ptr<Botan::PasswordHash> m_hash;
};

/// make_factory offers every operation the class defines; a context created from a public key alone
/// cannot sign or decrypt, so those operations are withdrawn (operation() then returns NULL, as the ABI
/// asks) instead of failing when called.
template <class T, class Extra>
ca::sdk::Factory keyed_factory(Extra extra) {
  return [inner = ca::sdk::make_factory<T>(extra)](const ca_key_spec& spec) {
    auto context = inner(spec);
    if (!static_cast<ca::sdk::Holder<T>&>(*context).impl.has_private_key()) {
      context->ops[CA_OP_SIGN] = nullptr;
      context->ops[CA_OP_DECRYPT] = nullptr;
      context->ops[CA_OP_AGREE] = nullptr;
    }
    return context;
  };
}

}  // namespace

ca::sdk::Factory rsa_encryption_factory(const char* eme) { return keyed_factory<RsaEncryptionContext>(eme); }

ca::sdk::Factory key_agreement_factory(KeyKind kind) { return keyed_factory<KeyAgreementContext>(kind); }

ca::sdk::Factory kdf_factory(const char* botan_name) { return ca::sdk::make_factory<KdfContext>(botan_name); }

ca::sdk::Factory signature_factory(KeyKind kind, const char* padding, bool der_signature) {
  return keyed_factory<SignatureContext>(
      SignatureSpec{kind, padding, der_signature ? Botan::DER_SEQUENCE : Botan::IEEE_1363});
}

}  // namespace ca::backend_botan
