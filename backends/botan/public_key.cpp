// Public-key rows of the Botan backend: RSA encryption through PK_Encryptor_EME / PK_Decryptor_EME and
// signatures through PK_Signer / PK_Verifier. Keys are imported, generated and exported in one place
// (KeyPair); the key, the RNG and the padding objects are built in the constructor.
#include <botan/auto_rng.h>
#include <botan/data_src.h>
#include <botan/ec_group.h>
#include <botan/ecc_key.h>
#include <botan/ecdsa.h>
#include <botan/ed25519.h>
#include <botan/exceptn.h>
#include <botan/pk_keys.h>
#include <botan/pkcs8.h>
#include <botan/pubkey.h>
#include <botan/rsa.h>
#include <botan/x509_key.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "botan_backend.hpp"

namespace ca::botan_backend {
namespace {

constexpr size_t kEd25519KeyBytes = 32;

/// The key of a public-key context: a private key (which also serves as the public one), or a public key
/// alone when create() was given only that.
class KeyPair {
 public:
  KeyPair(const ca_key_spec& spec, KeyKind kind, Botan::RandomNumberGenerator& rng) : m_kind(kind) {
    if (spec.secret_key != nullptr)
      m_private = load_private(spec);
    else if (spec.public_key != nullptr)
      m_public = load_public(spec);
    else
      m_private = generate(spec, rng);
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
      const auto der = Botan::PKCS8::BER_encode(*m_private);
      return {der.begin(), der.end()};
    }
    if (part == CA_KEY_PUBLIC) {
      if (m_kind == KeyKind::Ed25519)
        return dynamic_cast<const Botan::Ed25519_PublicKey&>(public_key()).get_public_key();
      return Botan::X509::BER_encode(public_key());
    }
    throw std::invalid_argument("unknown key part " + std::to_string(part));
  }

 private:
  std::unique_ptr<Botan::Private_Key> load_private(const ca_key_spec& spec) const {
    if (m_kind == KeyKind::Ed25519) {
      // Botan 2.19's Ed25519_PrivateKey(secure_vector) takes either the 32-byte RFC 8032 seed or seed||pub.
      require_raw_ed25519(spec.secret_key_len, "private key (seed)");
      return std::make_unique<Botan::Ed25519_PrivateKey>(
          Botan::secure_vector<uint8_t>(spec.secret_key, spec.secret_key + spec.secret_key_len));
    }
    Botan::DataSource_Memory der(spec.secret_key, spec.secret_key_len);
    auto key = Botan::PKCS8::load_key(der);
    check_family(*key, spec);
    return key;
  }

  std::unique_ptr<Botan::Public_Key> load_public(const ca_key_spec& spec) const {
    if (m_kind == KeyKind::Ed25519) {
      require_raw_ed25519(spec.public_key_len, "public key");
      return std::make_unique<Botan::Ed25519_PublicKey>(spec.public_key, spec.public_key_len);
    }
    Botan::DataSource_Memory der(spec.public_key, spec.public_key_len);
    std::unique_ptr<Botan::Public_Key> key(Botan::X509::load_key(der));
    check_family(*key, spec);
    return key;
  }

  std::unique_ptr<Botan::Private_Key> generate(const ca_key_spec& spec,
                                               Botan::RandomNumberGenerator& rng) const {
    switch (m_kind) {
      case KeyKind::Rsa:
        return std::make_unique<Botan::RSA_PrivateKey>(rng, spec.key_bits);
      case KeyKind::EcdsaP256:
        return std::make_unique<Botan::ECDSA_PrivateKey>(rng, Botan::EC_Group("secp256r1"));
      case KeyKind::Ed25519:
        return std::make_unique<Botan::Ed25519_PrivateKey>(rng);
    }
    throw std::logic_error("unknown key kind");
  }

  /// An imported DER key must be of the row's family and size: a 3072-bit key in a "-k 2048" run would
  /// silently measure the wrong thing.
  void check_family(const Botan::Public_Key& key, const ca_key_spec& spec) const {
    const std::string algo = key.algo_name();
    if (m_kind == KeyKind::Rsa) {
      if (algo != "RSA")
        throw std::runtime_error(std::string(spec.algorithm) + " needs an RSA key, got " + algo);
      if (key.key_length() != spec.key_bits)
        throw std::runtime_error(std::string(spec.algorithm) + ": the key has " +
                                 std::to_string(key.key_length()) + " bits, the run asks for " +
                                 std::to_string(spec.key_bits));
    } else if (m_kind == KeyKind::EcdsaP256) {
      // An id-ecPublicKey key loads as Botan's "ECDSA" type whatever it was made for.
      const auto* ec = dynamic_cast<const Botan::EC_PublicKey*>(&key);
      if (algo != "ECDSA" || ec == nullptr) throw std::runtime_error("ECDSA needs an EC key, got " + algo);
      if (ec->domain().get_curve_oid() != Botan::OID::from_string("secp256r1"))
        throw std::runtime_error("ECDSA needs a P-256 (secp256r1) key, got curve " +
                                 ec->domain().get_curve_oid().to_formatted_string());
    }
  }

  static void require_raw_ed25519(size_t len, const char* what) {
    if (len != kEd25519KeyBytes)
      throw std::runtime_error(std::string("EDDSA ") + what + " must be the raw 32 bytes (RFC 8032), got " +
                               std::to_string(len));
  }

  KeyKind m_kind;
  std::unique_ptr<Botan::Private_Key> m_private;
  std::unique_ptr<Botan::Public_Key> m_public;
};

/// What every public-key context has: its own RNG (seeded once, here) and its key.
class KeyedContext {
 public:
  KeyedContext(const ca_key_spec& spec, KeyKind kind) : m_keys(spec, kind, m_rng) {}

  bool has_private_key() const { return m_keys.private_key() != nullptr; }
  std::vector<uint8_t> export_key(int part) const { return m_keys.export_part(part); }

 protected:
  Botan::AutoSeeded_RNG m_rng;  // declared before m_keys, which may use it to generate the key
  KeyPair m_keys;
};

class RsaEncryptionContext : public KeyedContext {
 public:
  RsaEncryptionContext(const ca_key_spec& spec, const char* eme)
      : KeyedContext(spec, KeyKind::Rsa), m_encryptor(m_keys.public_key(), m_rng, eme) {
    if (const auto* key = m_keys.private_key())
      m_decryptor = std::make_unique<Botan::PK_Decryptor_EME>(*key, m_rng, eme);
  }

  int encrypt(ca_io& io) {
    const std::vector<uint8_t> ciphertext = m_encryptor.encrypt(io.input, io.input_len, m_rng);
    return ca::sdk::put_output(io, ciphertext.data(), ciphertext.size());
  }

  int decrypt(ca_io& io) {
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

class SignatureContext : public KeyedContext {
 public:
  SignatureContext(const ca_key_spec& spec, const SignatureSpec& sig)
      : KeyedContext(spec, sig.kind), m_spec(sig), m_verifier(make_verifier()) {
    if (const auto* key = m_keys.private_key())
      m_signer = std::make_unique<Botan::PK_Signer>(*key, m_rng, sig.padding, sig.format);
  }

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
    }
    return context;
  };
}

}  // namespace

ca::sdk::Factory rsa_encryption_factory(const char* eme) { return keyed_factory<RsaEncryptionContext>(eme); }

ca::sdk::Factory signature_factory(KeyKind kind, const char* padding, bool der_signature) {
  return keyed_factory<SignatureContext>(
      SignatureSpec{kind, padding, der_signature ? Botan::DER_SEQUENCE : Botan::IEEE_1363});
}

}  // namespace ca::botan_backend
