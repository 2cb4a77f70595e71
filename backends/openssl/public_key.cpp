// RSA-OAEP (EVP_PKEY_encrypt / EVP_PKEY_decrypt) and signatures (EVP_DigestSign / EVP_DigestVerify), with
// the key import, generation and export they share.
#include <openssl/err.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include <cstring>
#include <stdexcept>
#include <vector>

#include "openssl_backend.hpp"

namespace ca::openssl {
namespace {

const char* key_type_name(KeyType type) {
  switch (type) {
    case KeyType::Rsa:
      return "RSA";
    case KeyType::EcP256:
      return "EC P-256";
    case KeyType::Ed25519:
      return "Ed25519";
  }
  return "?";
}

enum class KeySource { Private, PublicOnly, Generate };

KeySource key_source(const ca_key_spec& spec) {
  if (spec.secret_key != nullptr && spec.secret_key_len != 0) return KeySource::Private;
  if (spec.public_key != nullptr && spec.public_key_len != 0) return KeySource::PublicOnly;
  return KeySource::Generate;
}

struct LoadedKey {
  PkeyPtr pkey;
  bool has_private = false;
};

std::string describe(const ca_key_spec& spec, KeyType type, const char* what) {
  return std::string(spec.algorithm) + ": " + what + " (" + key_type_name(type) + ")";
}

// PKCS#8 DER only (not OpenSSL's "traditional" formats), as docs/CATALOG.md specifies; Ed25519 is the raw
// seed.
PkeyPtr parse_private(const ca_key_spec& spec, KeyType type) {
  if (type == KeyType::Ed25519) {
    if (spec.secret_key_len != 32)
      throw std::runtime_error(describe(spec, type, "private key must be the raw 32-byte seed") + ", got " +
                               std::to_string(spec.secret_key_len) + " bytes");
    PkeyPtr key(EVP_PKEY_new_raw_private_key_ex(nullptr, "ED25519", nullptr, spec.secret_key, 32));
    if (!key) throw_openssl(describe(spec, type, "EVP_PKEY_new_raw_private_key_ex"));
    return key;
  }
  const unsigned char* p = spec.secret_key;
  PKCS8_PRIV_KEY_INFO* info = d2i_PKCS8_PRIV_KEY_INFO(nullptr, &p, static_cast<long>(spec.secret_key_len));
  if (info == nullptr) throw_openssl(describe(spec, type, "private key is not PKCS#8 DER"));
  const bool trailing = p != spec.secret_key + spec.secret_key_len;
  PkeyPtr key(EVP_PKCS82PKEY_ex(info, nullptr, nullptr));
  PKCS8_PRIV_KEY_INFO_free(info);
  if (!key) throw_openssl(describe(spec, type, "EVP_PKCS82PKEY_ex could not read the PKCS#8 key"));
  if (trailing) throw std::runtime_error(describe(spec, type, "private key has bytes after the PKCS#8 DER"));
  return key;
}

// SubjectPublicKeyInfo DER; Ed25519 is the raw 32-byte public key.
PkeyPtr parse_public(const ca_key_spec& spec, KeyType type) {
  if (type == KeyType::Ed25519) {
    if (spec.public_key_len != 32)
      throw std::runtime_error(describe(spec, type, "public key must be the raw 32 bytes") + ", got " +
                               std::to_string(spec.public_key_len) + " bytes");
    PkeyPtr key(EVP_PKEY_new_raw_public_key_ex(nullptr, "ED25519", nullptr, spec.public_key, 32));
    if (!key) throw_openssl(describe(spec, type, "EVP_PKEY_new_raw_public_key_ex"));
    return key;
  }
  const unsigned char* p = spec.public_key;
  PkeyPtr key(d2i_PUBKEY_ex(nullptr, &p, static_cast<long>(spec.public_key_len), nullptr, nullptr));
  if (!key) throw_openssl(describe(spec, type, "public key is not SubjectPublicKeyInfo DER"));
  if (p != spec.public_key + spec.public_key_len)
    throw std::runtime_error(describe(spec, type, "public key has bytes after the SubjectPublicKeyInfo DER"));
  return key;
}

PkeyPtr generate(const ca_key_spec& spec, KeyType type) {
  PkeyPtr key;
  switch (type) {
    case KeyType::Rsa:
      key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", static_cast<size_t>(spec.key_bits)));
      break;
    case KeyType::EcP256:
      key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
      break;
    case KeyType::Ed25519:
      key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"));
      break;
  }
  if (!key) throw_openssl(describe(spec, type, "key generation (EVP_PKEY_Q_keygen)"));
  return key;
}

// An imported key must be what the row's name promises, at the size the caller asked for.
void check_key(const EVP_PKEY* key, const ca_key_spec& spec, KeyType type) {
  const char* found = EVP_PKEY_get0_type_name(key);
  const std::string found_name = found != nullptr ? found : "unknown";
  switch (type) {
    case KeyType::Rsa:
      if (!EVP_PKEY_is_a(key, "RSA"))
        throw std::runtime_error(describe(spec, type, "key is not an rsaEncryption key") + ": " + found_name);
      if (EVP_PKEY_get_bits(key) != static_cast<int>(spec.key_bits))
        throw std::runtime_error(describe(spec, type, "key size differs from the requested key bits") +
                                 ": key has " + std::to_string(EVP_PKEY_get_bits(key)) + ", asked " +
                                 std::to_string(spec.key_bits));
      return;
    case KeyType::EcP256: {
      char group[64] = "";
      size_t group_len = 0;
      if (!EVP_PKEY_is_a(key, "EC") || !EVP_PKEY_get_group_name(key, group, sizeof group, &group_len) ||
          (std::strcmp(group, "prime256v1") != 0 && std::strcmp(group, "P-256") != 0))
        throw std::runtime_error(describe(spec, type, "key is not on P-256") + ": " + found_name + " " +
                                 group);
      return;
    }
    case KeyType::Ed25519:
      if (!EVP_PKEY_is_a(key, "ED25519"))
        throw std::runtime_error(describe(spec, type, "key is not an Ed25519 key") + ": " + found_name);
      return;
  }
}

LoadedKey load_key(const ca_key_spec& spec, KeyType type) {
  LoadedKey loaded;
  switch (key_source(spec)) {
    case KeySource::Private:
      loaded.pkey = parse_private(spec, type);
      loaded.has_private = true;
      break;
    case KeySource::PublicOnly:
      loaded.pkey = parse_public(spec, type);
      break;
    case KeySource::Generate:
      loaded.pkey = generate(spec, type);
      loaded.has_private = true;
      break;
  }
  check_key(loaded.pkey.get(), spec, type);
  return loaded;
}

template <class Encode>
std::vector<uint8_t> der(Encode encode, const char* what) {
  const int size = encode(nullptr);
  if (size <= 0) throw_openssl(what);
  std::vector<uint8_t> out(static_cast<size_t>(size));
  unsigned char* p = out.data();
  if (encode(&p) != size) throw_openssl(what);
  return out;
}

template <class GetRaw>
std::vector<uint8_t> raw(GetRaw get, const EVP_PKEY* key, const char* what) {
  size_t size = 0;
  if (!get(key, nullptr, &size)) throw_openssl(what);
  std::vector<uint8_t> out(size);
  if (!get(key, out.data(), &size)) throw_openssl(what);
  out.resize(size);
  return out;
}

std::vector<uint8_t> export_key(const LoadedKey& loaded, KeyType type, int part) {
  EVP_PKEY* key = loaded.pkey.get();
  if (part == CA_KEY_PRIVATE) {
    if (!loaded.has_private)
      throw std::runtime_error("this context holds only a public key: no private key to export");
    if (type == KeyType::Ed25519)
      return raw(EVP_PKEY_get_raw_private_key, key, "EVP_PKEY_get_raw_private_key");
    PKCS8_PRIV_KEY_INFO* info = EVP_PKEY2PKCS8(key);
    if (info == nullptr) throw_openssl("EVP_PKEY2PKCS8");
    auto out = der([info](unsigned char** p) { return i2d_PKCS8_PRIV_KEY_INFO(info, p); },
                   "i2d_PKCS8_PRIV_KEY_INFO");
    PKCS8_PRIV_KEY_INFO_free(info);
    return out;
  }
  if (part == CA_KEY_PUBLIC) {
    if (type == KeyType::Ed25519) return raw(EVP_PKEY_get_raw_public_key, key, "EVP_PKEY_get_raw_public_key");
    return der([key](unsigned char** p) { return i2d_PUBKEY(key, p); }, "i2d_PUBKEY");
  }
  throw std::runtime_error("unknown key part " + std::to_string(part) + " (1 = private, 2 = public)");
}

const char* const kPublicOnly = "this context holds only a public key";

/// RSAES-OAEP with one digest for OAEP and MGF1 and an empty label.
class RsaOaep {
 public:
  RsaOaep(const ca_key_spec& spec, const char* digest) : key_(load_key(spec, KeyType::Rsa)) {
    modulus_bytes_ = static_cast<size_t>(EVP_PKEY_get_size(key_.pkey.get()));
    const auto hash_bytes = static_cast<size_t>(EVP_MD_get_size(fetch_md(digest).get()));
    max_message_ = modulus_bytes_ - 2 * hash_bytes - 2;  // RFC 8017 §7.1.1; k >= 128 bytes here
    encrypt_ = prepare(EVP_PKEY_encrypt_init, digest);
    if (key_.has_private) {
      decrypt_ = prepare(EVP_PKEY_decrypt_init, digest);
      plaintext_.resize(modulus_bytes_);
    }
  }

  int encrypt(ca_io& io) {
    if (io.input_len > max_message_)
      throw std::runtime_error("RSA-OAEP message of " + std::to_string(io.input_len) +
                               " bytes is longer than " + std::to_string(max_message_) +
                               ", the most this key and digest can take");
    if (io.output_cap < modulus_bytes_) return CA_BUFFER_TOO_SMALL;
    size_t written = io.output_cap;
    if (EVP_PKEY_encrypt(encrypt_.get(), io.output, &written, bytes_or_empty(io.input), io.input_len) <= 0)
      throw_openssl("RSA-OAEP encryption (EVP_PKEY_encrypt)");
    io.output_len = written;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    if (!decrypt_) throw std::runtime_error(kPublicOnly);
    // OpenSSL 3.0 wants room for k bytes even though an OAEP plaintext is shorter; a smaller caller buffer
    // gets the plaintext through the context's own buffer.
    const bool direct = io.output_cap >= modulus_bytes_;
    uint8_t* out = direct ? io.output : plaintext_.data();
    size_t written = modulus_bytes_;
    if (EVP_PKEY_decrypt(decrypt_.get(), out, &written, io.input, io.input_len) <= 0) {
      ERR_clear_error();
      return CA_REJECTED;
    }
    if (!direct) {
      if (written > io.output_cap) return CA_BUFFER_TOO_SMALL;
      std::memcpy(io.output, plaintext_.data(), written);
    }
    io.output_len = written;
    return CA_OK;
  }

  std::vector<uint8_t> export_key(int part) const { return openssl::export_key(key_, KeyType::Rsa, part); }

 private:
  // The EVP_PKEY_CTX is set up once and reused: OpenSSL's RSA provider keeps no per-message state in it.
  PkeyCtxPtr prepare(int (*init)(EVP_PKEY_CTX*), const char* digest) {
    PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, key_.pkey.get(), nullptr));
    if (!ctx || init(ctx.get()) <= 0 ||
        EVP_PKEY_CTX_set_rsa_padding(ctx.get(), RSA_PKCS1_OAEP_PADDING) <= 0 ||
        EVP_PKEY_CTX_set_rsa_oaep_md_name(ctx.get(), digest, nullptr) <= 0 ||
        EVP_PKEY_CTX_set_rsa_mgf1_md_name(ctx.get(), digest, nullptr) <= 0)
      throw_openssl(std::string("RSA-OAEP with ") + digest + ": EVP_PKEY_CTX setup");
    return ctx;
  }

  LoadedKey key_;
  size_t modulus_bytes_ = 0;
  size_t max_message_ = 0;
  PkeyCtxPtr encrypt_, decrypt_;
  std::vector<uint8_t> plaintext_;
};

/// EVP_DigestSign / EVP_DigestVerify over the message, for RSA (PSS or PKCS#1 v1.5), ECDSA and Ed25519.
class Signer {
 public:
  Signer(const ca_key_spec& spec, SignatureRow row)
      : row_(row), key_(load_key(spec, row.key)), work_(EVP_MD_CTX_new()) {
    if (!work_) throw_openssl("EVP_MD_CTX_new");
    max_signature_ = static_cast<size_t>(EVP_PKEY_get_size(key_.pkey.get()));
    verify_template_ = prepare(false, spec.algorithm);
    if (key_.has_private) sign_template_ = prepare(true, spec.algorithm);
  }

  int sign(ca_io& io) {
    if (!sign_template_) throw std::runtime_error(kPublicOnly);
    if (io.output_cap < max_signature_) return CA_BUFFER_TOO_SMALL;
    size_t written = io.output_cap;
    if (!EVP_MD_CTX_copy_ex(work_.get(), sign_template_.get()) ||
        EVP_DigestSign(work_.get(), io.output, &written, io.input, io.input_len) != 1)
      throw_openssl("EVP_DigestSign");
    io.output_len = written;
    return CA_OK;
  }

  int verify(ca_io& io) {
    if (!EVP_MD_CTX_copy_ex(work_.get(), verify_template_.get())) throw_openssl("EVP_MD_CTX_copy_ex");
    // 1 is a valid signature; 0 an invalid one, and a negative value one OpenSSL could not even parse
    // (bad DER, wrong length): both are a signature that does not verify.
    if (EVP_DigestVerify(work_.get(), io.signature, io.signature_len, io.input, io.input_len) == 1)
      return CA_OK;
    ERR_clear_error();
    return CA_REJECTED;
  }

  std::vector<uint8_t> export_key(int part) const { return openssl::export_key(key_, row_.key, part); }

 private:
  // A context initialised once (digest, padding, salt length, MGF1) and copied for each message: the copy
  // costs well under a microsecond, a fresh EVP_DigestSignInit_ex several (docs/backends/openssl.md).
  // EVP_MD_CTX_FLAG_FINALISE lets EVP_DigestSign / EVP_DigestVerify finish the copy itself instead of
  // duplicating it once more to keep it usable, which a copy thrown away after one message does not need.
  MdCtxPtr prepare(bool signing, const char* algorithm) {
    MdCtxPtr ctx(EVP_MD_CTX_new());
    EVP_PKEY_CTX* pkey_ctx = nullptr;  // owned by ctx
    const int ok = ctx && (signing ? EVP_DigestSignInit_ex(ctx.get(), &pkey_ctx, row_.digest, nullptr,
                                                           nullptr, key_.pkey.get(), nullptr)
                                   : EVP_DigestVerifyInit_ex(ctx.get(), &pkey_ctx, row_.digest, nullptr,
                                                             nullptr, key_.pkey.get(), nullptr));
    if (ok != 1)
      throw_openssl(std::string(algorithm) +
                    (signing ? ": EVP_DigestSignInit_ex" : ": EVP_DigestVerifyInit_ex"));
    if (row_.rsa_padding != 0) {
      if (EVP_PKEY_CTX_set_rsa_padding(pkey_ctx, row_.rsa_padding) <= 0)
        throw_openssl(std::string(algorithm) + ": EVP_PKEY_CTX_set_rsa_padding");
      if (row_.rsa_padding == RSA_PKCS1_PSS_PADDING &&
          (EVP_PKEY_CTX_set_rsa_pss_saltlen(pkey_ctx, 32) <= 0 ||
           EVP_PKEY_CTX_set_rsa_mgf1_md_name(pkey_ctx, row_.digest, nullptr) <= 0))
        throw_openssl(std::string(algorithm) + ": PSS salt length / MGF1 digest");
    }
    EVP_MD_CTX_set_flags(ctx.get(), EVP_MD_CTX_FLAG_FINALISE);
    return ctx;
  }

  SignatureRow row_;
  LoadedKey key_;
  MdCtxPtr sign_template_, verify_template_, work_;
  size_t max_signature_ = 0;
};

// The SDK offers every operation the class has; a context made from a public key alone offers none that
// needs the private key, so the core sees NULL for them instead of a call that can only fail.
sdk::Factory without_private_operations_for_public_keys(sdk::Factory inner) {
  return [inner = std::move(inner)](const ca_key_spec& spec) {
    auto context = inner(spec);
    if (key_source(spec) == KeySource::PublicOnly) {
      context->ops[CA_OP_SIGN] = nullptr;
      context->ops[CA_OP_DECRYPT] = nullptr;
    }
    return context;
  };
}

}  // namespace

sdk::Factory rsa_oaep(const char* digest) {
  return without_private_operations_for_public_keys(sdk::make_factory<RsaOaep>(digest));
}

sdk::Factory signature(SignatureRow row) {
  return without_private_operations_for_public_keys(sdk::make_factory<Signer>(row));
}

}  // namespace ca::openssl
