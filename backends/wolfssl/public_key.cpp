// RSA-OAEP, RSA PKCS#1 v1.5 encryption and signatures, RSA-PSS, ECDSA (P-256, P-384, P-521, secp256k1), ECDH
// on the NIST curves, Ed25519 and Ed448 through wolfCrypt (rsa.h, ecc.h, ed25519.h, ed448.h), with the key
// import (PKCS#8 / SubjectPublicKeyInfo DER, raw EdDSA keys) and export of asn_public.h and a Hash_DRBG
// (WC_RNG) per context.
#include <wolfssl/options.h>
//
#include <wolfssl/wolfcrypt/asn.h>
#include <wolfssl/wolfcrypt/asn_public.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/ed25519.h>
#include <wolfssl/wolfcrypt/ed448.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/rsa.h>
#include <wolfssl/wolfcrypt/wc_port.h>

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "symmetric.hpp"
#include "wolfssl_backend.hpp"

namespace ca::backend_wolfssl {
namespace {

/// The offset of the key inside a PKCS#8 PrivateKeyInfo, or an error naming the algorithm: the catalog's
/// private keys are PKCS#8 only (wolfCrypt's key decoders alone would also take PKCS#1 / SEC1).
word32 pkcs8_offset(const ca_key_spec& spec) {
  std::vector<byte> copy(spec.secret_key, spec.secret_key + spec.secret_key_len);
  word32 index = 0;
  const int ret = wc_GetPkcs8TraditionalOffset(copy.data(), &index, w32(copy.size()));
  if (ret < 0)
    throw std::runtime_error(
        error_text(std::string(spec.algorithm) + ": private key is not PKCS#8 DER", ret));
  return index;
}

/// Writes DER through a wolfCrypt encoder that returns the length written (or a negative error).
template <class Encode>
std::vector<uint8_t> der(size_t capacity, Encode encode, const char* what) {
  std::vector<uint8_t> out(capacity);
  const int length = encode(out.data(), w32(out.size()));
  if (length < 0) throw std::runtime_error(error_text(what, length));
  out.resize(static_cast<size_t>(length));
  return out;
}

const char* const kPublicOnly = "this context holds only a public key";

// ---- RSA
// ---------------------------------------------------------------------------------------------------

class RsaKeyPair {
 public:
  explicit RsaKeyPair(const ca_key_spec& spec) {
    check(wc_InitRsaKey(&key_, nullptr), "wc_InitRsaKey");
    const std::string name = spec.algorithm;
    switch (key_source(spec)) {
      case KeySource::Private: {
        word32 index = pkcs8_offset(spec);
        check(wc_RsaPrivateKeyDecode(spec.secret_key, &index, &key_, w32(spec.secret_key_len)),
              name + ": wc_RsaPrivateKeyDecode");
        has_private_ = true;
        break;
      }
      case KeySource::PublicOnly: {
        word32 index = 0;
        check(wc_RsaPublicKeyDecode(spec.public_key, &index, &key_, w32(spec.public_key_len)),
              name + ": public key is not SubjectPublicKeyInfo DER (wc_RsaPublicKeyDecode)");
        break;
      }
      case KeySource::Generate:
        check(wc_MakeRsaKey(&key_, static_cast<int>(spec.key_bits), WC_RSA_EXPONENT, rng_.get()),
              name + ": wc_MakeRsaKey");
        has_private_ = true;
        break;
    }
    const int bytes = wc_RsaEncryptSize(&key_);
    if (bytes * 8 != static_cast<int>(spec.key_bits))
      throw std::runtime_error(name + ": key size differs from the requested key bits: key has " +
                               std::to_string(bytes * 8) + ", asked " + std::to_string(spec.key_bits));
    modulus_bytes_ = static_cast<size_t>(bytes);
    // Blinding of private-key operations (WC_RSA_BLINDING is on in Debian's build) needs an RNG.
    check(wc_RsaSetRNG(&key_, rng_.get()), "wc_RsaSetRNG");
  }
  ~RsaKeyPair() { wc_FreeRsaKey(&key_); }
  RsaKeyPair(const RsaKeyPair&) = delete;
  RsaKeyPair& operator=(const RsaKeyPair&) = delete;

  std::vector<uint8_t> export_key(int part) {
    if (part == CA_KEY_PRIVATE) {
      if (!has_private_) throw std::runtime_error(kPublicOnly + std::string(": no private key to export"));
      auto pkcs1 = der(
          9 * modulus_bytes_ + 64, [this](byte* out, word32 n) { return wc_RsaKeyToDer(&key_, out, n); },
          "wc_RsaKeyToDer");
      word32 size = 0;
      wc_CreatePKCS8Key(nullptr, &size, pkcs1.data(), w32(pkcs1.size()), RSAk, nullptr, 0);  // length only
      std::vector<uint8_t> out(size);
      const int ret = wc_CreatePKCS8Key(out.data(), &size, pkcs1.data(), w32(pkcs1.size()), RSAk, nullptr, 0);
      std::fill(pkcs1.begin(), pkcs1.end(), uint8_t{0});
      if (ret < 0) throw std::runtime_error(error_text("wc_CreatePKCS8Key", ret));
      out.resize(static_cast<size_t>(ret));
      return out;
    }
    if (part == CA_KEY_PUBLIC)
      return der(
          2 * modulus_bytes_ + 64,
          [this](byte* out, word32 n) { return wc_RsaKeyToPublicDer(&key_, out, n); },
          "wc_RsaKeyToPublicDer");
    throw std::runtime_error("unknown key part " + std::to_string(part) + " (1 = private, 2 = public)");
  }

  Rng rng_;  // declared first: the key is set up with it
  RsaKey key_{};
  bool has_private_ = false;
  size_t modulus_bytes_ = 0;
};

/// RSAES-OAEP (the label in io.aad, empty by default) or, for WC_RSA_PKCSV15_PAD, RSAES-PKCS1-v1_5 through
/// wc_RsaPublicEncrypt_ex / wc_RsaPrivateDecrypt_ex.
class RsaOaep {
 public:
  RsaOaep(const ca_key_spec& spec, enum wc_HashType hash, int mgf, int pad)
      : key_(std::make_unique<RsaKeyPair>(spec)), hash_(hash), mgf_(mgf), pad_(pad) {
    // RFC 8017 7.1.1 (OAEP: k - 2 hLen - 2) and 7.2.1 (PKCS#1 v1.5: k - 11).
    max_message_ = pad == WC_RSA_OAEP_PAD
                       ? key_->modulus_bytes_ - 2 * static_cast<size_t>(wc_HashGetDigestSize(hash)) - 2
                       : key_->modulus_bytes_ - 11;
    label_ = pad == WC_RSA_OAEP_PAD ? "RSA-OAEP" : "RSA PKCS#1 v1.5";
    if (key_->has_private_) plaintext_.resize(key_->modulus_bytes_);
  }

  int encrypt(ca_io& io) {
    sdk::require_message_at_most(io, max_message_, label_, "this key and padding");
    if (io.input_len == 0)
      throw sdk::Unsupported(std::string("wolfSSL 5.5.4 cannot ") + label_ +
                             "-encrypt an empty message (wc_RsaPublicEncrypt_ex returns BAD_FUNC_ARG for a "
                             "zero-length input)");
    if (io.output_cap < key_->modulus_bytes_) return CA_BUFFER_TOO_SMALL;
    const int ret =
        wc_RsaPublicEncrypt_ex(bytes_or_empty(io.input), w32(io.input_len), io.output, w32(io.output_cap),
                               &key_->key_, key_->rng_.get(), pad_, hash_, mgf_, label(io), w32(io.aad_len));
    if (ret < 0)
      throw std::runtime_error(error_text(std::string(label_) + " encryption (wc_RsaPublicEncrypt_ex)", ret));
    io.output_len = static_cast<size_t>(ret);
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    if (!key_->has_private_) throw std::runtime_error(kPublicOnly);
    if (io.input_len != key_->modulus_bytes_) return CA_REJECTED;
    // Into the context's own k-byte buffer, then copied: wc_RsaPrivateDecrypt_ex wants room for more than the
    // plaintext (the copy of at most k - 2h - 2 bytes is negligible next to the private-key operation).
    const int ret =
        wc_RsaPrivateDecrypt_ex(io.input, w32(io.input_len), plaintext_.data(), w32(plaintext_.size()),
                                &key_->key_, pad_, hash_, mgf_, label(io), w32(io.aad_len));
    if (ret < 0) return CA_REJECTED;  // bad padding, or a ciphertext not below the modulus
    if (static_cast<size_t>(ret) > io.output_cap) return CA_BUFFER_TOO_SMALL;
    if (ret != 0) std::memcpy(io.output, plaintext_.data(), static_cast<size_t>(ret));
    io.output_len = static_cast<size_t>(ret);
    return CA_OK;
  }

  bool offers(int op) const { return op != CA_OP_DECRYPT || key_->has_private_; }
  std::vector<uint8_t> export_key(int part) { return key_->export_key(part); }

 private:
  // The OAEP label (RFC 8017 L): io.aad, nullptr when empty (wolfCrypt's own default).
  byte* label(const ca_io& io) const {
    if (pad_ != WC_RSA_OAEP_PAD) sdk::refuse_label(io, "RSAES-PKCS1-v1_5 has no label");
    return io.aad_len != 0 ? const_cast<byte*>(io.aad) : nullptr;
  }

  std::unique_ptr<RsaKeyPair> key_;
  enum wc_HashType hash_;
  int mgf_;
  int pad_;
  const char* label_;
  size_t max_message_ = 0;
  std::vector<byte> plaintext_;
};

// ---- EC keys: ECDSA and ECDH
// -------------------------------------------------------------------------------

/// An EC key pair on one wolfCrypt curve id (ECC_SECP256R1, ECC_SECP384R1, ECC_SECP521R1, ECC_SECP256K1).
class EccKeyPair {
 public:
  EccKeyPair(const ca_key_spec& spec, int curve) {
    check(wc_ecc_init(&key_), "wc_ecc_init");
    const std::string name = spec.algorithm;
    switch (key_source(spec)) {
      case KeySource::Private: {
        pkcs8_offset(spec);  // PKCS#8 only; wc_EccPrivateKeyDecode reads the curve from its header
        word32 index = 0;
        check(wc_EccPrivateKeyDecode(spec.secret_key, &index, &key_, w32(spec.secret_key_len)),
              name + ": wc_EccPrivateKeyDecode");
        if (key_.type == ECC_PRIVATEKEY_ONLY)
          check(wc_ecc_make_pub(&key_, nullptr), name + ": wc_ecc_make_pub");
        has_private_ = true;
        break;
      }
      case KeySource::PublicOnly: {
        word32 index = 0;
        check(wc_EccPublicKeyDecode(spec.public_key, &index, &key_, w32(spec.public_key_len)),
              name + ": public key is not SubjectPublicKeyInfo DER (wc_EccPublicKeyDecode)");
        break;
      }
      case KeySource::Generate:
        check(wc_ecc_make_key_ex(rng_.get(), wc_ecc_get_curve_size_from_id(curve), &key_, curve),
              name + ": wc_ecc_make_key_ex");
        has_private_ = true;
        break;
    }
    if (key_.dp == nullptr || key_.dp->id != curve)
      throw std::runtime_error(name + ": key is not an EC key on " + wc_ecc_get_name(curve));
    // ECC_TIMING_RESISTANT: signing blinds with the key's RNG.
    check(wc_ecc_set_rng(&key_, rng_.get()), "wc_ecc_set_rng");
  }
  ~EccKeyPair() { wc_ecc_free(&key_); }
  EccKeyPair(const EccKeyPair&) = delete;
  EccKeyPair& operator=(const EccKeyPair&) = delete;

  std::vector<uint8_t> export_key(int part) {
    if (part == CA_KEY_PRIVATE) {
      if (!has_private_) throw std::runtime_error(kPublicOnly + std::string(": no private key to export"));
      word32 size = 0;
      wc_EccKeyToPKCS8(&key_, nullptr, &size);  // length only
      std::vector<uint8_t> out(size);
      const int ret = wc_EccKeyToPKCS8(&key_, out.data(), &size);
      if (ret < 0) throw std::runtime_error(error_text("wc_EccKeyToPKCS8", ret));
      out.resize(static_cast<size_t>(ret));
      return out;
    }
    if (part == CA_KEY_PUBLIC)
      return der(
          256, [this](byte* out, word32 n) { return wc_EccPublicKeyToDer(&key_, out, n, 1); },
          "wc_EccPublicKeyToDer");
    throw std::runtime_error("unknown key part " + std::to_string(part) + " (1 = private, 2 = public)");
  }

  Rng rng_;
  ecc_key key_{};
  bool has_private_ = false;
};

/// Strict DER Ecdsa-Sig-Value: split into r and s (wc_ecc_sig_to_rs) and encoded again (wc_ecc_rs_raw_to_sig,
/// minimal INTEGERs); only a signature that re-encodes to the same bytes is passed on. OpenSSL applies the
/// same check; wolfCrypt's own parser is not relied on for BER variants.
bool canonical_der(const uint8_t* der, size_t length) {
  constexpr size_t kMaxDer = 141;  // P-521: two 67-byte INTEGERs in a SEQUENCE with a two-byte length
  if (der == nullptr || length == 0 || length > kMaxDer) return false;
  std::array<byte, kMaxDer> r{}, s{}, again{};
  word32 r_len = r.size(), s_len = s.size(), again_len = again.size();
  if (wc_ecc_sig_to_rs(der, w32(length), r.data(), &r_len, s.data(), &s_len) != 0) return false;
  if (wc_ecc_rs_raw_to_sig(r.data(), r_len, s.data(), s_len, again.data(), &again_len) != 0) return false;
  return again_len == length && std::memcmp(again.data(), der, length) == 0;
}

// ---- EdDSA keys: Ed25519 and Ed448
// -------------------------------------------------------------------------------------

// wolfCrypt has one set of functions per Edwards curve with the same shapes; a traits struct names them.
struct Ed25519Traits {
  using Key = ed25519_key;
  static constexpr size_t kSeed = ED25519_KEY_SIZE, kPublic = ED25519_PUB_KEY_SIZE,
                          kSignature = ED25519_SIG_SIZE;
  static int init(Key* k) { return wc_ed25519_init(k); }
  static void free(Key* k) { wc_ed25519_free(k); }
  static int import_private_only(const byte* d, Key* k) {
    return wc_ed25519_import_private_only(d, kSeed, k);
  }
  static int make_public(Key* k, byte* pub) { return wc_ed25519_make_public(k, pub, kPublic); }
  static int import_private(const byte* d, const byte* pub, Key* k) {
    return wc_ed25519_import_private_key(d, kSeed, pub, kPublic, k);
  }
  static int import_public(const byte* pub, Key* k) { return wc_ed25519_import_public(pub, kPublic, k); }
  static int make_key(WC_RNG* rng, Key* k) { return wc_ed25519_make_key(rng, kSeed, k); }
  static int export_private_only(Key* k, byte* out, word32* n) {
    return wc_ed25519_export_private_only(k, out, n);
  }
  static int export_public(Key* k, byte* out, word32* n) { return wc_ed25519_export_public(k, out, n); }
  static int sign(const byte* m, word32 n, byte* out, word32* out_len, Key* k) {
    return wc_ed25519_sign_msg(m, n, out, out_len, k);
  }
  static int verify(const byte* sig, const byte* m, word32 n, int* valid, Key* k) {
    return wc_ed25519_verify_msg(sig, kSignature, m, n, valid, k);
  }
};

// Ed448 pure with an empty context (RFC 8032 5.2): context nullptr, length 0.
struct Ed448Traits {
  using Key = ed448_key;
  static constexpr size_t kSeed = ED448_KEY_SIZE, kPublic = ED448_PUB_KEY_SIZE, kSignature = ED448_SIG_SIZE;
  static int init(Key* k) { return wc_ed448_init(k); }
  static void free(Key* k) { wc_ed448_free(k); }
  static int import_private_only(const byte* d, Key* k) { return wc_ed448_import_private_only(d, kSeed, k); }
  static int make_public(Key* k, byte* pub) { return wc_ed448_make_public(k, pub, kPublic); }
  static int import_private(const byte* d, const byte* pub, Key* k) {
    return wc_ed448_import_private_key(d, kSeed, pub, kPublic, k);
  }
  static int import_public(const byte* pub, Key* k) { return wc_ed448_import_public(pub, kPublic, k); }
  static int make_key(WC_RNG* rng, Key* k) { return wc_ed448_make_key(rng, kSeed, k); }
  static int export_private_only(Key* k, byte* out, word32* n) {
    return wc_ed448_export_private_only(k, out, n);
  }
  static int export_public(Key* k, byte* out, word32* n) { return wc_ed448_export_public(k, out, n); }
  static int sign(const byte* m, word32 n, byte* out, word32* out_len, Key* k) {
    return wc_ed448_sign_msg(m, n, out, out_len, k, nullptr, 0);
  }
  static int verify(const byte* sig, const byte* m, word32 n, int* valid, Key* k) {
    return wc_ed448_verify_msg(sig, kSignature, m, n, valid, k, nullptr, 0);
  }
};

/// Raw EdDSA keys (RFC 8032): the seed as the private key, the encoded point as the public key.
template <class T>
class EdKeyPair {
 public:
  explicit EdKeyPair(const ca_key_spec& spec) {
    check(T::init(&key_), std::string(spec.algorithm) + ": key init");
    const std::string name = spec.algorithm;
    switch (key_source(spec)) {
      case KeySource::Private: {
        if (spec.secret_key_len != T::kSeed)
          throw std::runtime_error(name + ": private key must be the raw " + std::to_string(T::kSeed) +
                                   "-byte seed, got " + std::to_string(spec.secret_key_len) + " bytes");
        std::array<byte, T::kPublic> pub{};
        check(T::import_private_only(spec.secret_key, &key_), name + ": import of the private key");
        check(T::make_public(&key_, pub.data()), name + ": public key from the seed");
        check(T::import_private(spec.secret_key, pub.data(), &key_), name + ": import of the key pair");
        has_private_ = true;
        break;
      }
      case KeySource::PublicOnly:
        if (spec.public_key_len != T::kPublic)
          throw std::runtime_error(name + ": public key must be the raw " + std::to_string(T::kPublic) +
                                   " bytes, got " + std::to_string(spec.public_key_len) + " bytes");
        check(T::import_public(spec.public_key, &key_), name + ": import of the public key");
        break;
      case KeySource::Generate:
        check(T::make_key(rng_.get(), &key_), name + ": key generation");
        has_private_ = true;
        break;
    }
  }
  ~EdKeyPair() { T::free(&key_); }
  EdKeyPair(const EdKeyPair&) = delete;
  EdKeyPair& operator=(const EdKeyPair&) = delete;

  std::vector<uint8_t> export_key(int part) {
    std::vector<uint8_t> out(std::max(T::kSeed, T::kPublic));
    word32 size = w32(out.size());
    if (part == CA_KEY_PRIVATE) {
      if (!has_private_) throw std::runtime_error(kPublicOnly + std::string(": no private key to export"));
      check(T::export_private_only(&key_, out.data(), &size), "export of the private key");
    } else if (part == CA_KEY_PUBLIC) {
      check(T::export_public(&key_, out.data(), &size), "export of the public key");
    } else {
      throw std::runtime_error("unknown key part " + std::to_string(part) + " (1 = private, 2 = public)");
    }
    out.resize(size);
    return out;
  }

  int sign(ca_io& io) {
    if (io.output_cap < T::kSignature) return CA_BUFFER_TOO_SMALL;
    word32 size = T::kSignature;
    check(T::sign(bytes_or_empty(io.input), w32(io.input_len), io.output, &size, &key_), "EdDSA signing");
    io.output_len = size;
    return CA_OK;
  }

  int verify(ca_io& io) {
    if (io.signature_len != T::kSignature) return CA_REJECTED;
    int valid = 0;
    const int ret = T::verify(io.signature, bytes_or_empty(io.input), w32(io.input_len), &valid, &key_);
    return ret == 0 && valid == 1 ? CA_OK : CA_REJECTED;
  }

  Rng rng_;
  typename T::Key key_{};
  bool has_private_ = false;
};

// ---- signatures
// --------------------------------------------------------------------------------------------

/// One signature context. RSA-PSS: wc_RsaPSS_Sign_ex / wc_RsaPSS_VerifyCheck (salt = digest length, MGF1
/// with the message's hash). PKCS#1 v1.5: the DigestInfo from wc_EncodeSignature, signed with wc_RsaSSL_Sign;
/// a signature verifies when wc_RsaSSL_Verify recovers exactly that DigestInfo. ECDSA: wc_ecc_sign_hash /
/// wc_ecc_verify_hash (DER). Ed25519 / Ed448: wc_ed*_sign_msg / wc_ed*_verify_msg (pure).
class Signature {
 public:
  Signature(const ca_key_spec& spec, SignatureScheme scheme, enum wc_HashType hash, int curve)
      : scheme_(scheme), hash_(hash), curve_(curve), spec_(generation_spec(spec)) {
    load(spec);
    if (hash != WC_HASH_TYPE_NONE) hash_size_ = static_cast<size_t>(wc_HashGetDigestSize(hash));
    hash_oid_ = hash == WC_HASH_TYPE_SHA ? SHAh : hash == WC_HASH_TYPE_SHA512 ? SHA512h : SHA256h;
  }

  int sign(ca_io& io) {
    if (!has_private_) throw std::runtime_error(kPublicOnly);
    if (ed25519_) return ed25519_->sign(io);
    if (ed448_) return ed448_->sign(io);
    const byte* message = bytes_or_empty(io.input);
    const word32 length = w32(io.input_len);
    std::array<byte, WC_MAX_DIGEST_SIZE> hash{};
    check(wc_Hash(hash_, message, length, hash.data(), w32(hash_size_)), "message digest (wc_Hash)");
    int ret = 0;
    switch (scheme_) {
      case SignatureScheme::RsaPss:
        if (io.output_cap < rsa_->modulus_bytes_) return CA_BUFFER_TOO_SMALL;
        ret = wc_RsaPSS_Sign_ex(hash.data(), w32(hash_size_), io.output, w32(io.output_cap), hash_, pss_mgf(),
                                static_cast<int>(hash_size_), &rsa_->key_, rsa_->rng_.get());
        if (ret < 0) throw std::runtime_error(error_text("RSA-PSS signing (wc_RsaPSS_Sign_ex)", ret));
        break;
      case SignatureScheme::RsaPkcs1v15: {
        if (io.output_cap < rsa_->modulus_bytes_) return CA_BUFFER_TOO_SMALL;
        std::array<byte, MAX_ENCODED_SIG_SZ> encoded{};
        const word32 encoded_len =
            wc_EncodeSignature(encoded.data(), hash.data(), w32(hash_size_), hash_oid_);
        ret = wc_RsaSSL_Sign(encoded.data(), encoded_len, io.output, w32(io.output_cap), &rsa_->key_,
                             rsa_->rng_.get());
        if (ret < 0) throw std::runtime_error(error_text("RSA PKCS#1 v1.5 signing (wc_RsaSSL_Sign)", ret));
        break;
      }
      case SignatureScheme::Ecdsa: {
        word32 size = w32(io.output_cap);
        ret = wc_ecc_sign_hash(hash.data(), w32(hash_size_), io.output, &size, ecc_->rng_.get(), &ecc_->key_);
        if (ret == BUFFER_E) return CA_BUFFER_TOO_SMALL;
        check(ret, "ECDSA signing (wc_ecc_sign_hash)");
        ret = static_cast<int>(size);
        break;
      }
      case SignatureScheme::Ed25519:
      case SignatureScheme::Ed448:
        break;
    }
    io.output_len = static_cast<size_t>(ret);
    return CA_OK;
  }

  int verify(ca_io& io) {
    if (ed25519_) return ed25519_->verify(io);
    if (ed448_) return ed448_->verify(io);
    const byte* message = bytes_or_empty(io.input);
    const word32 length = w32(io.input_len);
    int valid = 0;
    std::array<byte, WC_MAX_DIGEST_SIZE> hash{};
    check(wc_Hash(hash_, message, length, hash.data(), w32(hash_size_)), "message digest (wc_Hash)");
    if (scheme_ == SignatureScheme::Ecdsa) {
      if (!canonical_der(io.signature, io.signature_len)) return CA_REJECTED;
      const int ret = wc_ecc_verify_hash(io.signature, w32(io.signature_len), hash.data(), w32(hash_size_),
                                         &valid, &ecc_->key_);
      return ret == 0 && valid == 1 ? CA_OK : CA_REJECTED;
    }
    // RFC 8017: the signature is exactly k bytes.
    if (io.signature_len != rsa_->modulus_bytes_) return CA_REJECTED;
    recovered_.resize(rsa_->modulus_bytes_);
    if (scheme_ == SignatureScheme::RsaPss) {
      // wc_RsaPSS_VerifyCheck takes a non-const input: it gets a copy (into a buffer kept by the context).
      signature_copy_.assign(io.signature, io.signature + io.signature_len);
      const int ret = wc_RsaPSS_VerifyCheck(signature_copy_.data(), w32(signature_copy_.size()),
                                            recovered_.data(), w32(recovered_.size()), hash.data(),
                                            w32(hash_size_), hash_, pss_mgf(), &rsa_->key_);
      return ret >= 0 ? CA_OK : CA_REJECTED;
    }
    std::array<byte, MAX_ENCODED_SIG_SZ> encoded{};
    const word32 encoded_len = wc_EncodeSignature(encoded.data(), hash.data(), w32(hash_size_), hash_oid_);
    const int ret = wc_RsaSSL_Verify(io.signature, w32(io.signature_len), recovered_.data(),
                                     w32(recovered_.size()), &rsa_->key_);
    return ret == static_cast<int>(encoded_len) &&
                   std::memcmp(recovered_.data(), encoded.data(), encoded_len) == 0
               ? CA_OK
               : CA_REJECTED;
  }

  // A fresh key pair (for RSA: wc_MakeRsaKey's prime search) and its public key, the timed operation.
  int keygen(ca_io& io) {
    Signature fresh(spec_, scheme_, hash_, curve_);
    const auto pub = fresh.export_key(CA_KEY_PUBLIC);
    return sdk::put_output(io, pub.data(), pub.size());
  }

  bool offers(int op) const { return op != CA_OP_SIGN || has_private_; }

  std::vector<uint8_t> export_key(int part) {
    if (rsa_) return rsa_->export_key(part);
    if (ecc_) return ecc_->export_key(part);
    if (ed448_) return ed448_->export_key(part);
    return ed25519_->export_key(part);
  }

 private:
  // RSA-PSS: MGF1 with the message's hash (SHA-256 for RSA-PSS, SHA-512 for RSA-PSS-SHA512), the salt as
  // long as the digest.
  int pss_mgf() const { return hash_ == WC_HASH_TYPE_SHA512 ? WC_MGF1SHA512 : WC_MGF1SHA256; }
  void load(const ca_key_spec& spec) {
    switch (scheme_) {
      case SignatureScheme::RsaPss:
      case SignatureScheme::RsaPkcs1v15:
        rsa_ = std::make_unique<RsaKeyPair>(spec);
        has_private_ = rsa_->has_private_;
        break;
      case SignatureScheme::Ecdsa:
        ecc_ = std::make_unique<EccKeyPair>(spec, curve_);
        has_private_ = ecc_->has_private_;
        break;
      case SignatureScheme::Ed25519:
        ed25519_ = std::make_unique<EdKeyPair<Ed25519Traits>>(spec);
        has_private_ = ed25519_->has_private_;
        break;
      case SignatureScheme::Ed448:
        ed448_ = std::make_unique<EdKeyPair<Ed448Traits>>(spec);
        has_private_ = ed448_->has_private_;
        break;
    }
  }

  SignatureScheme scheme_;
  enum wc_HashType hash_;
  int curve_;
  ca_key_spec spec_;  // algorithm and key bits for keygen, without key pointers
  size_t hash_size_ = 0;
  int hash_oid_ = 0;
  bool has_private_ = false;
  std::unique_ptr<RsaKeyPair> rsa_;
  std::unique_ptr<EccKeyPair> ecc_;
  std::unique_ptr<EdKeyPair<Ed25519Traits>> ed25519_;
  std::unique_ptr<EdKeyPair<Ed448Traits>> ed448_;
  std::vector<byte> recovered_;
  std::vector<byte> signature_copy_;
};

// ---- ECDH
// --------------------------------------------------------------------------------------------------

/// ECDH with wc_ecc_shared_secret (the x coordinate of d Q, the curve's size). The peer's
/// SubjectPublicKeyInfo is decoded (wc_EccPublicKeyDecode, which also checks the point is on the curve) in
/// the timed operation.
class Ecdh {
 public:
  Ecdh(const ca_key_spec& spec, int curve)
      : curve_(curve), spec_(generation_spec(spec)), key_(std::make_unique<EccKeyPair>(spec, curve)) {}

  int agree(ca_io& io) {
    if (!key_->has_private_) throw std::runtime_error(kPublicOnly);
    ecc_key peer;
    check(wc_ecc_init(&peer), "wc_ecc_init");
    word32 index = 0;
    int ret = wc_EccPublicKeyDecode(io.input, &index, &peer, w32(io.input_len));
    if (ret == 0 && (index != io.input_len || peer.dp == nullptr || peer.dp->id != curve_))
      ret = ECC_BAD_ARG_E;
    // wc_EccPublicKeyDecode reads the coordinates without checking them: wc_ecc_check_key does (on the curve,
    // not the point at infinity, order n).
    if (ret == 0) ret = wc_ecc_check_key(&peer);
    if (ret != 0) {
      wc_ecc_free(&peer);
      throw sdk::Rejected(error_text("the peer public key was refused (wc_EccPublicKeyDecode)", ret));
    }
    word32 size = w32(io.output_cap);
    ret = wc_ecc_shared_secret(&key_->key_, &peer, io.output, &size);
    wc_ecc_free(&peer);
    if (ret == BUFFER_E) return CA_BUFFER_TOO_SMALL;
    if (ret != 0) throw sdk::Rejected(error_text("wc_ecc_shared_secret", ret));
    io.output_len = size;
    return CA_OK;
  }

  int keygen(ca_io& io) {
    EccKeyPair fresh(spec_, curve_);
    const auto pub = fresh.export_key(CA_KEY_PUBLIC);
    return sdk::put_output(io, pub.data(), pub.size());
  }

  bool offers(int op) const { return op != CA_OP_AGREE || key_->has_private_; }
  std::vector<uint8_t> export_key(int part) { return key_->export_key(part); }

 private:
  int curve_;
  ca_key_spec spec_;
  std::unique_ptr<EccKeyPair> key_;
};

}  // namespace

sdk::Factory rsa_oaep(enum wc_HashType hash, int mgf) {
  return sdk::make_factory<RsaOaep>(hash, mgf, static_cast<int>(WC_RSA_OAEP_PAD));
}

sdk::Factory rsa_pkcs1v15_encryption() {
  return sdk::make_factory<RsaOaep>(WC_HASH_TYPE_NONE, static_cast<int>(WC_MGF1NONE),
                                    static_cast<int>(WC_RSA_PKCSV15_PAD));
}

sdk::Factory signature(SignatureScheme scheme, enum wc_HashType hash, int curve) {
  return sdk::make_factory<Signature>(scheme, hash, curve);
}

sdk::Factory ecdh(int curve) { return sdk::make_factory<Ecdh>(curve); }

}  // namespace ca::backend_wolfssl
