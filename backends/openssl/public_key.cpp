// RSA-OAEP (EVP_PKEY_encrypt / EVP_PKEY_decrypt) and signatures (EVP_DigestSign / EVP_DigestVerify), with
// the key import, generation and export they share.
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/dh.h>
#include <openssl/err.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include <cstring>
#include <stdexcept>
#include <vector>

#include "openssl_backend.hpp"

namespace ca::backend_openssl {
namespace {

struct KeyTypeInfo {
  KeyType type;
  const char* label;      // for messages
  const char* evp_type;   // EVP_PKEY_is_a / keygen name
  const char* group;      // EC group (OpenSSL's name) or FFDHE group; nullptr otherwise
  const char* alt_group;  // the other spelling EVP_PKEY_get_group_name may return
  size_t raw_private;     // raw key formats (docs/CATALOG.md); 0 for PKCS#8 / SPKI DER
  size_t raw_public;
};

constexpr KeyTypeInfo kKeyTypes[] = {
    {KeyType::Rsa, "RSA", "RSA", nullptr, nullptr, 0, 0},
    {KeyType::EcP256, "EC P-256", "EC", "P-256", "prime256v1", 0, 0},
    {KeyType::EcP384, "EC P-384", "EC", "P-384", "secp384r1", 0, 0},
    {KeyType::EcP521, "EC P-521", "EC", "P-521", "secp521r1", 0, 0},
    {KeyType::EcSecp256k1, "EC secp256k1", "EC", "secp256k1", "secp256k1", 0, 0},
    {KeyType::Ed25519, "Ed25519", "ED25519", nullptr, nullptr, 32, 32},
    {KeyType::Ed448, "Ed448", "ED448", nullptr, nullptr, 57, 57},
    {KeyType::X25519, "X25519", "X25519", nullptr, nullptr, 32, 32},
    {KeyType::X448, "X448", "X448", nullptr, nullptr, 56, 56},
    // FFDHE2048: raw big-endian values, 256 bytes (RFC 7919 / RFC 8446 key_share encoding).
    {KeyType::Ffdhe2048, "FFDHE2048", "DH", "ffdhe2048", "ffdhe2048", 256, 256},
};

const KeyTypeInfo& info(KeyType type) {
  for (const auto& k : kKeyTypes)
    if (k.type == type) return k;
  throw std::logic_error("unknown key type");
}

enum class KeySource { Private, PublicOnly, Generate };

KeySource key_source(const ca_key_spec& spec) {
  if (spec.secret_key != nullptr && spec.secret_key_len != 0) return KeySource::Private;
  if (spec.public_key != nullptr && spec.public_key_len != 0) return KeySource::PublicOnly;
  return KeySource::Generate;
}

std::string describe(const ca_key_spec& spec, KeyType type, const char* what) {
  return std::string(spec.algorithm) + ": " + what + " (" + info(type).label + ")";
}

using BnPtr = Ptr<BIGNUM, BN_free>;
using BnCtxPtr = Ptr<BN_CTX, BN_CTX_free>;
using ParamBldPtr = Ptr<OSSL_PARAM_BLD, OSSL_PARAM_BLD_free>;
using ParamsPtr = Ptr<OSSL_PARAM, OSSL_PARAM_free>;

// FFDHE2048 from raw values: the named group plus y (and x). OpenSSL does not derive y from x on import,
// so a private key gets y = g^x mod p computed here from the group's own p and g.
PkeyPtr ffdhe_from_raw(const ca_key_spec& spec, const uint8_t* priv, size_t priv_len, const uint8_t* pub,
                       size_t pub_len) {
  BnPtr x(priv ? BN_bin2bn(priv, static_cast<int>(priv_len), nullptr) : nullptr);
  BnPtr y(pub ? BN_bin2bn(pub, static_cast<int>(pub_len), nullptr) : nullptr);
  if (x) {
    PkeyCtxPtr pctx(EVP_PKEY_CTX_new_from_name(nullptr, "DH", nullptr));
    BIGNUM *p = nullptr, *g = nullptr;
    if (!pctx || EVP_PKEY_paramgen_init(pctx.get()) <= 0 ||
        EVP_PKEY_CTX_set_group_name(pctx.get(), "ffdhe2048") <= 0)
      throw_openssl(describe(spec, KeyType::Ffdhe2048, "group setup"));
    EVP_PKEY* params = nullptr;
    if (EVP_PKEY_paramgen(pctx.get(), &params) <= 0) throw_openssl("FFDHE2048 parameters");
    PkeyPtr owned(params);
    if (!EVP_PKEY_get_bn_param(params, OSSL_PKEY_PARAM_FFC_P, &p) ||
        !EVP_PKEY_get_bn_param(params, OSSL_PKEY_PARAM_FFC_G, &g))
      throw_openssl("FFDHE2048 p and g");
    BnPtr p_owned(p), g_owned(g);
    BnCtxPtr bn(BN_CTX_new());
    y.reset(BN_new());
    if (!bn || !y || !BN_mod_exp(y.get(), g, x.get(), p, bn.get())) throw_openssl("FFDHE2048 y = g^x mod p");
  }
  if (!y) throw std::runtime_error(describe(spec, KeyType::Ffdhe2048, "no key value given"));
  ParamBldPtr bld(OSSL_PARAM_BLD_new());
  if (!bld || !OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, "ffdhe2048", 0) ||
      !OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, y.get()) ||
      (x && !OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PRIV_KEY, x.get())))
    throw_openssl("FFDHE2048 key parameters");
  ParamsPtr params(OSSL_PARAM_BLD_to_param(bld.get()));
  PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(nullptr, "DH", nullptr));
  EVP_PKEY* key = nullptr;
  if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0 ||
      EVP_PKEY_fromdata(ctx.get(), &key, x ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params.get()) <= 0)
    throw_openssl(describe(spec, KeyType::Ffdhe2048, "EVP_PKEY_fromdata"));
  return PkeyPtr(key);
}

void check_raw_length(const ca_key_spec& spec, KeyType type, size_t got, size_t want, const char* what) {
  const bool ffdhe = type == KeyType::Ffdhe2048;
  if (ffdhe ? (got == 0 || got > want) : got != want)
    throw std::runtime_error(describe(spec, type, what) + " must be " + (ffdhe ? "at most " : "") +
                             std::to_string(want) + " raw bytes, got " + std::to_string(got));
}

// PKCS#8 DER only (not OpenSSL's "traditional" formats), as docs/CATALOG.md specifies; the Edwards and
// Montgomery curves take the raw private key, FFDHE2048 the raw x.
PkeyPtr parse_private(const ca_key_spec& spec, KeyType type) {
  const KeyTypeInfo& t = info(type);
  if (t.raw_private != 0) {
    check_raw_length(spec, type, spec.secret_key_len, t.raw_private, "private key");
    if (type == KeyType::Ffdhe2048)
      return ffdhe_from_raw(spec, spec.secret_key, spec.secret_key_len, nullptr, 0);
    PkeyPtr key(
        EVP_PKEY_new_raw_private_key_ex(nullptr, t.evp_type, nullptr, spec.secret_key, t.raw_private));
    if (!key) throw_openssl(describe(spec, type, "EVP_PKEY_new_raw_private_key_ex"));
    return key;
  }
  const unsigned char* p = spec.secret_key;
  PKCS8_PRIV_KEY_INFO* p8 = d2i_PKCS8_PRIV_KEY_INFO(nullptr, &p, static_cast<long>(spec.secret_key_len));
  if (p8 == nullptr) throw_openssl(describe(spec, type, "private key is not PKCS#8 DER"));
  const bool trailing = p != spec.secret_key + spec.secret_key_len;
  PkeyPtr key(EVP_PKCS82PKEY_ex(p8, nullptr, nullptr));
  PKCS8_PRIV_KEY_INFO_free(p8);
  if (!key) throw_openssl(describe(spec, type, "EVP_PKCS82PKEY_ex could not read the PKCS#8 key"));
  if (trailing) throw std::runtime_error(describe(spec, type, "private key has bytes after the PKCS#8 DER"));
  return key;
}

// SubjectPublicKeyInfo DER; raw for the Edwards and Montgomery curves and FFDHE2048.
PkeyPtr parse_public(const ca_key_spec& spec, KeyType type, const uint8_t* data, size_t len) {
  const KeyTypeInfo& t = info(type);
  if (t.raw_public != 0) {
    check_raw_length(spec, type, len, t.raw_public, "public key");
    if (type == KeyType::Ffdhe2048) return ffdhe_from_raw(spec, nullptr, 0, data, len);
    PkeyPtr key(EVP_PKEY_new_raw_public_key_ex(nullptr, t.evp_type, nullptr, data, len));
    if (!key) throw_openssl(describe(spec, type, "EVP_PKEY_new_raw_public_key_ex"));
    return key;
  }
  const unsigned char* p = data;
  PkeyPtr key(d2i_PUBKEY_ex(nullptr, &p, static_cast<long>(len), nullptr, nullptr));
  if (!key) throw_openssl(describe(spec, type, "public key is not SubjectPublicKeyInfo DER"));
  if (p != data + len)
    throw std::runtime_error(describe(spec, type, "public key has bytes after the SubjectPublicKeyInfo DER"));
  return key;
}

// An imported key must be what the row's name promises, at the size the caller asked for.
void check_key(const EVP_PKEY* key, const ca_key_spec& spec, KeyType type) {
  const KeyTypeInfo& t = info(type);
  const char* found = EVP_PKEY_get0_type_name(key);
  const std::string found_name = found != nullptr ? found : "unknown";
  if (!EVP_PKEY_is_a(key, t.evp_type))
    throw std::runtime_error(describe(spec, type, "key is of another type") + ": " + found_name);
  if (type == KeyType::Rsa && EVP_PKEY_get_bits(key) != static_cast<int>(spec.key_bits))
    throw std::runtime_error(describe(spec, type, "key size differs from the requested key bits") +
                             ": key has " + std::to_string(EVP_PKEY_get_bits(key)) + ", asked " +
                             std::to_string(spec.key_bits));
  if (t.group != nullptr && type != KeyType::Ffdhe2048) {
    char group[64] = "";
    size_t group_len = 0;
    if (!EVP_PKEY_get_group_name(key, group, sizeof group, &group_len) ||
        (std::strcmp(group, t.group) != 0 && std::strcmp(group, t.alt_group) != 0))
      throw std::runtime_error(describe(spec, type, "key is on another curve") + ": " + group);
  }
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

std::vector<uint8_t> bn_param(const EVP_PKEY* key, const char* name, size_t width) {
  BIGNUM* v = nullptr;
  if (!EVP_PKEY_get_bn_param(key, name, &v)) throw_openssl(std::string("EVP_PKEY_get_bn_param ") + name);
  BnPtr owned(v);
  std::vector<uint8_t> out(width);
  if (BN_bn2binpad(v, out.data(), static_cast<int>(width)) < 0) throw_openssl("BN_bn2binpad");
  return out;
}

}  // namespace

PkeyPtr generate_key(const ca_key_spec& spec, KeyType type) {
  const KeyTypeInfo& t = info(type);
  PkeyPtr key;
  if (type == KeyType::Rsa)
    key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", static_cast<size_t>(spec.key_bits)));
  else if (type == KeyType::Ffdhe2048) {
    PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(nullptr, "DH", nullptr));
    EVP_PKEY* out = nullptr;
    if (ctx && EVP_PKEY_keygen_init(ctx.get()) > 0 &&
        EVP_PKEY_CTX_set_group_name(ctx.get(), "ffdhe2048") > 0 && EVP_PKEY_generate(ctx.get(), &out) > 0)
      key.reset(out);
  } else if (t.group != nullptr)
    key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", t.group));
  else
    key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, t.evp_type));
  if (!key) throw_openssl(describe(spec, type, "key generation"));
  return key;
}

LoadedKey load_key(const ca_key_spec& spec, KeyType type) {
  LoadedKey loaded;
  switch (key_source(spec)) {
    case KeySource::Private:
      loaded.pkey = parse_private(spec, type);
      loaded.has_private = true;
      break;
    case KeySource::PublicOnly:
      loaded.pkey = parse_public(spec, type, spec.public_key, spec.public_key_len);
      break;
    case KeySource::Generate:
      loaded.pkey = generate_key(spec, type);
      loaded.has_private = true;
      break;
  }
  check_key(loaded.pkey.get(), spec, type);
  return loaded;
}

PkeyPtr parse_peer(const ca_key_spec& spec, KeyType type, const uint8_t* data, size_t len) {
  PkeyPtr key = parse_public(spec, type, data, len);
  check_key(key.get(), spec, type);
  return key;
}

std::vector<uint8_t> export_key(const LoadedKey& loaded, KeyType type, int part) {
  EVP_PKEY* key = loaded.pkey.get();
  const KeyTypeInfo& t = info(type);
  if (part == CA_KEY_PRIVATE) {
    if (!loaded.has_private)
      throw std::runtime_error("this context holds only a public key: no private key to export");
    if (type == KeyType::Ffdhe2048) return bn_param(key, OSSL_PKEY_PARAM_PRIV_KEY, t.raw_private);
    if (t.raw_private != 0) return raw(EVP_PKEY_get_raw_private_key, key, "EVP_PKEY_get_raw_private_key");
    PKCS8_PRIV_KEY_INFO* p8 = EVP_PKEY2PKCS8(key);
    if (p8 == nullptr) throw_openssl("EVP_PKEY2PKCS8");
    auto out =
        der([p8](unsigned char** p) { return i2d_PKCS8_PRIV_KEY_INFO(p8, p); }, "i2d_PKCS8_PRIV_KEY_INFO");
    PKCS8_PRIV_KEY_INFO_free(p8);
    return out;
  }
  if (part == CA_KEY_PUBLIC) {
    if (type == KeyType::Ffdhe2048) return bn_param(key, OSSL_PKEY_PARAM_PUB_KEY, t.raw_public);
    if (t.raw_public != 0) return raw(EVP_PKEY_get_raw_public_key, key, "EVP_PKEY_get_raw_public_key");
    return der([key](unsigned char** p) { return i2d_PUBKEY(key, p); }, "i2d_PUBKEY");
  }
  throw std::runtime_error("unknown key part " + std::to_string(part) + " (1 = private, 2 = public)");
}

namespace {

/// keygen (CA_OP_KEYGEN): a fresh key pair each call, its public key exported as the output; the whole
/// generation (for RSA: prime search) and the export are the timed operation.
int keygen_into(const ca_key_spec& spec, KeyType type, ca_io& io) {
  LoadedKey fresh{generate_key(spec, type), true};
  const auto pub = export_key(fresh, type, CA_KEY_PUBLIC);
  return sdk::put_output(io, pub.data(), pub.size());
}

const char* const kPublicOnly = "this context holds only a public key";

/// RSAES-OAEP with one digest for OAEP and MGF1 and the label in io.aad (empty by default), or (digest
/// nullptr) RSAES-PKCS1-v1_5.
class RsaOaep {
 public:
  RsaOaep(const ca_key_spec& spec, const char* digest) : digest_(digest), key_(load_key(spec, KeyType::Rsa)) {
    modulus_bytes_ = static_cast<size_t>(EVP_PKEY_get_size(key_.pkey.get()));
    // RFC 8017 7.1.1 (OAEP: k - 2 hLen - 2) and 7.2.1 (PKCS#1 v1.5: k - 11); k >= 128 bytes here.
    const size_t overhead =
        digest != nullptr ? 2 * static_cast<size_t>(EVP_MD_get_size(fetch_md(digest).get())) + 2 : 11;
    max_message_ = modulus_bytes_ - overhead;
    encrypt_ = prepare(EVP_PKEY_encrypt_init, digest);
    if (key_.has_private) {
      decrypt_ = prepare(EVP_PKEY_decrypt_init, digest);
      plaintext_.resize(modulus_bytes_);
    }
  }

  int encrypt(ca_io& io) {
    sdk::require_message_at_most(io, max_message_, digest_ ? "RSA-OAEP" : "RSA PKCS#1 v1.5",
                                 "this key and digest");
    if (!sdk::fits(io, modulus_bytes_)) return CA_BUFFER_TOO_SMALL;
    set_label(encrypt_.get(), io, encrypt_label_);
    size_t written = io.output_cap;
    if (EVP_PKEY_encrypt(encrypt_.get(), io.output, &written, bytes_or_empty(io.input), io.input_len) <= 0)
      throw_openssl("RSA encryption (EVP_PKEY_encrypt)");
    io.output_len = written;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    if (!decrypt_) throw std::runtime_error(kPublicOnly);
    // OpenSSL 3.0 wants room for k bytes even though a plaintext is shorter; a smaller caller buffer
    // gets the plaintext through the context's own buffer.
    const bool direct = io.output_cap >= modulus_bytes_;
    uint8_t* out = direct ? io.output : plaintext_.data();
    size_t written = modulus_bytes_;
    set_label(decrypt_.get(), io, decrypt_label_);
    if (EVP_PKEY_decrypt(decrypt_.get(), out, &written, io.input, io.input_len) <= 0) {
      ERR_clear_error();
      return CA_REJECTED;
    }
    if (!direct) {
      if (written > io.output_cap) return CA_BUFFER_TOO_SMALL;
      ca::sdk::copy_bytes(io.output, plaintext_.data(), written);
    }
    io.output_len = written;
    return CA_OK;
  }

  std::vector<uint8_t> export_key(int part) const {
    return backend_openssl::export_key(key_, KeyType::Rsa, part);
  }

 private:
  // The OAEP label of this message (io.aad): set on the context only when it is not empty or the previous
  // one was not, so a message without a label costs nothing. OpenSSL takes ownership of a malloc'd copy.
  void set_label(EVP_PKEY_CTX* ctx, const ca_io& io, bool& labelled) const {
    if (digest_ == nullptr) sdk::refuse_label(io, "RSAES-PKCS1-v1_5 has no label");
    if (io.aad_len == 0 && !labelled) return;
    void* copy = nullptr;
    if (io.aad_len != 0) {
      copy = OPENSSL_memdup(io.aad, io.aad_len);
      if (copy == nullptr) throw_openssl("OPENSSL_memdup (OAEP label)");
    }
    if (EVP_PKEY_CTX_set0_rsa_oaep_label(ctx, copy, static_cast<int>(io.aad_len)) <= 0) {
      OPENSSL_free(copy);
      throw_openssl("RSA-OAEP: EVP_PKEY_CTX_set0_rsa_oaep_label");
    }
    labelled = io.aad_len != 0;
  }

  // The EVP_PKEY_CTX is set up once and reused: OpenSSL's RSA provider keeps no per-message state in it.
  PkeyCtxPtr prepare(int (*init)(EVP_PKEY_CTX*), const char* digest) {
    PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, key_.pkey.get(), nullptr));
    if (digest == nullptr) {
      if (!ctx || init(ctx.get()) <= 0 || EVP_PKEY_CTX_set_rsa_padding(ctx.get(), RSA_PKCS1_PADDING) <= 0)
        throw_openssl("RSA PKCS#1 v1.5 encryption: EVP_PKEY_CTX setup");
      return ctx;
    }
    if (!ctx || init(ctx.get()) <= 0 ||
        EVP_PKEY_CTX_set_rsa_padding(ctx.get(), RSA_PKCS1_OAEP_PADDING) <= 0 ||
        EVP_PKEY_CTX_set_rsa_oaep_md_name(ctx.get(), digest, nullptr) <= 0 ||
        EVP_PKEY_CTX_set_rsa_mgf1_md_name(ctx.get(), digest, nullptr) <= 0)
      throw_openssl(std::string("RSA-OAEP with ") + digest + ": EVP_PKEY_CTX setup");
    return ctx;
  }

  const char* digest_;
  LoadedKey key_;
  size_t modulus_bytes_ = 0;
  size_t max_message_ = 0;
  PkeyCtxPtr encrypt_, decrypt_;
  std::vector<uint8_t> plaintext_;
  bool encrypt_label_ = false, decrypt_label_ = false;  // the context holds a non-empty label
};

/// EVP_DigestSign / EVP_DigestVerify over the message, for RSA (PSS or PKCS#1 v1.5), ECDSA and Ed25519.
class Signer {
 public:
  Signer(const ca_key_spec& spec, SignatureRow row)
      : row_(row), spec_(spec), key_(load_key(spec, row.key)), work_(EVP_MD_CTX_new()) {
    if (!work_) throw_openssl("EVP_MD_CTX_new");
    max_signature_ = static_cast<size_t>(EVP_PKEY_get_size(key_.pkey.get()));
    verify_template_ = prepare(false, spec.algorithm);
    if (key_.has_private) sign_template_ = prepare(true, spec.algorithm);
  }

  int sign(ca_io& io) {
    if (!sign_template_) throw std::runtime_error(kPublicOnly);
    if (io.output_cap < max_signature_) return CA_BUFFER_TOO_SMALL;
    size_t written = io.output_cap;
    copy_template(*sign_template_);
    if (EVP_DigestSign(work_.get(), io.output, &written, io.input, io.input_len) != 1)
      throw_openssl("EVP_DigestSign");
    io.output_len = written;
    return CA_OK;
  }

  int verify(ca_io& io) {
    copy_template(*verify_template_);
    // 1 is a valid signature; 0 an invalid one, and a negative value one OpenSSL could not even parse
    // (bad DER, wrong length): both are a signature that does not verify.
    if (EVP_DigestVerify(work_.get(), io.signature, io.signature_len, io.input, io.input_len) == 1)
      return CA_OK;
    ERR_clear_error();
    return CA_REJECTED;
  }

  int keygen(ca_io& io) { return keygen_into(spec_, row_.key, io); }

  std::vector<uint8_t> export_key(int part) const {
    return backend_openssl::export_key(key_, row_.key, part);
  }

 private:
  // The work context becomes a whole copy of the template, its EVP_PKEY_CTX (the provider's signature
  // context: key, padding, the digest's state) duplicated with it. It is reset first because OpenSSL 3.5's
  // EVP_MD_CTX_copy_ex, when both contexts name the same digest, takes a shortcut that copies the digest's
  // own context (the provider's copyctx) and assumes both have one. A DigestSign context has none (the
  // signature provider hashes), so the second message on one work context copied NULL to NULL: SIGSEGV
  // (OpenSSL issue 31831, fixed on its master in July 2026; 3.5.10 still crashes). Reset, the work context
  // names no digest and gets the full copy; 3.0's EVP_MD_CTX_copy_ex resets the destination itself first.
  void copy_template(const EVP_MD_CTX& from) {
    if (!EVP_MD_CTX_reset(work_.get()) || !EVP_MD_CTX_copy_ex(work_.get(), &from))
      throw_openssl("EVP_MD_CTX_copy_ex");
  }

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
          (EVP_PKEY_CTX_set_rsa_pss_saltlen(pkey_ctx, RSA_PSS_SALTLEN_DIGEST) <= 0 ||
           EVP_PKEY_CTX_set_rsa_mgf1_md_name(pkey_ctx, row_.digest, nullptr) <= 0))
        throw_openssl(std::string(algorithm) + ": PSS salt length / MGF1 digest");
    }
    EVP_MD_CTX_set_flags(ctx.get(), EVP_MD_CTX_FLAG_FINALISE);
    return ctx;
  }

  SignatureRow row_;
  ca_key_spec spec_;  // algorithm and key bits for keygen (the key pointers are not kept)
  LoadedKey key_;
  MdCtxPtr sign_template_, verify_template_, work_;
  size_t max_signature_ = 0;
};

/// EVP_PKEY_derive between the context's private key and the peer public key of each call. Decoding the
/// peer's key is part of the timed operation, as it is of a protocol's key exchange.
class Agreer {
 public:
  Agreer(const ca_key_spec& spec, KeyType type) : type_(type), spec_(spec), key_(load_key(spec, type)) {}

  int agree(ca_io& io) {
    if (!key_.has_private) throw std::runtime_error(kPublicOnly);
    PkeyPtr peer = parse_peer(spec_, type_, io.input, io.input_len);
    PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, key_.pkey.get(), nullptr));
    if (!ctx || EVP_PKEY_derive_init(ctx.get()) <= 0) throw_openssl("EVP_PKEY_derive_init");
    // FFDHE: the secret left-padded to the group's size (RFC 8446 7.4.1), as docs/CATALOG.md specifies.
    if (type_ == KeyType::Ffdhe2048 && EVP_PKEY_CTX_set_dh_pad(ctx.get(), 1) <= 0)
      throw_openssl("EVP_PKEY_CTX_set_dh_pad");
    if (EVP_PKEY_derive_set_peer(ctx.get(), peer.get()) <= 0) {
      ERR_clear_error();
      throw sdk::Rejected("the peer public key was refused (EVP_PKEY_derive_set_peer)");
    }
    size_t written = io.output_cap;
    if (EVP_PKEY_derive(ctx.get(), io.output, &written) <= 0) throw_openssl("EVP_PKEY_derive");
    io.output_len = written;
    return CA_OK;
  }

  int keygen(ca_io& io) { return keygen_into(spec_, type_, io); }

  std::vector<uint8_t> export_key(int part) const { return backend_openssl::export_key(key_, type_, part); }

 private:
  KeyType type_;
  ca_key_spec spec_;
  LoadedKey key_;
};

// The SDK offers every operation the class has; a context made from a public key alone offers none that
// needs the private key, so the core sees NULL for them instead of a call that can only fail.
sdk::Factory without_private_operations_for_public_keys(sdk::Factory inner) {
  return [inner = std::move(inner)](const ca_key_spec& spec) {
    auto context = inner(spec);
    if (key_source(spec) == KeySource::PublicOnly) {
      context->ops[CA_OP_SIGN] = nullptr;
      context->ops[CA_OP_DECRYPT] = nullptr;
      context->ops[CA_OP_AGREE] = nullptr;
    }
    return context;
  };
}

}  // namespace

sdk::Factory rsa_oaep(const char* digest) {
  return without_private_operations_for_public_keys(sdk::make_factory<RsaOaep>(digest));
}

sdk::Factory rsa_pkcs1v15_encryption() {
  return without_private_operations_for_public_keys(
      sdk::make_factory<RsaOaep>(static_cast<const char*>(nullptr)));
}

sdk::Factory key_agreement(KeyType type) {
  return without_private_operations_for_public_keys(sdk::make_factory<Agreer>(type));
}

sdk::Factory signature(SignatureRow row) {
  return without_private_operations_for_public_keys(sdk::make_factory<Signer>(row));
}

}  // namespace ca::backend_openssl
