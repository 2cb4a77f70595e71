// RSA-OAEP, RSA-PSS, RSA PKCS#1 v1.5 signatures, ECDSA P-256 and Ed25519 through wolfCrypt (rsa.h, ecc.h,
// ed25519.h), with the key import (PKCS#8 / SubjectPublicKeyInfo DER, raw Ed25519) and export of asn_public.h
// and a Hash_DRBG (WC_RNG) per context.
#include <wolfssl/options.h>
//
#include <wolfssl/wolfcrypt/asn.h>
#include <wolfssl/wolfcrypt/asn_public.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/ed25519.h>
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

namespace ca::wolfssl {
namespace {

/// A Hash_DRBG seeded from the OS (blinding, OAEP seeds, PSS salts, ECDSA nonces, key generation).
class Rng {
 public:
  Rng() {
    static const int init = wolfCrypt_Init();  // once per process; reference counted by wolfCrypt
    check(init, "wolfCrypt_Init");
    check(wc_InitRng(&rng_), "wc_InitRng");
  }
  ~Rng() { wc_FreeRng(&rng_); }
  Rng(const Rng&) = delete;
  Rng& operator=(const Rng&) = delete;
  WC_RNG* get() { return &rng_; }

 private:
  WC_RNG rng_{};
};

enum class KeySource { Private, PublicOnly, Generate };

KeySource key_source(const ca_key_spec& spec) {
  if (spec.secret_key != nullptr && spec.secret_key_len != 0) return KeySource::Private;
  if (spec.public_key != nullptr && spec.public_key_len != 0) return KeySource::PublicOnly;
  return KeySource::Generate;
}

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

/// RSAES-OAEP through wc_RsaPublicEncrypt_ex / wc_RsaPrivateDecrypt_ex with an empty label.
class RsaOaep {
 public:
  RsaOaep(const ca_key_spec& spec, enum wc_HashType hash, int mgf)
      : key_(std::make_unique<RsaKeyPair>(spec)), hash_(hash), mgf_(mgf) {
    max_message_ = key_->modulus_bytes_ - 2 * static_cast<size_t>(wc_HashGetDigestSize(hash)) - 2;
    if (key_->has_private_) plaintext_.resize(key_->modulus_bytes_);
  }

  int encrypt(ca_io& io) {
    if (io.input_len > max_message_)
      throw std::runtime_error("RSA-OAEP message of " + std::to_string(io.input_len) +
                               " bytes is longer than " + std::to_string(max_message_) +
                               ", the most this key and digest can take");
    if (io.input_len == 0)
      throw sdk::Unsupported(
          "wolfSSL 5.5.4 cannot RSA-OAEP-encrypt an empty message (wc_RsaPublicEncrypt_ex "
          "returns BAD_FUNC_ARG for a zero-length input)");
    if (io.output_cap < key_->modulus_bytes_) return CA_BUFFER_TOO_SMALL;
    const int ret =
        wc_RsaPublicEncrypt_ex(bytes_or_empty(io.input), w32(io.input_len), io.output, w32(io.output_cap),
                               &key_->key_, key_->rng_.get(), WC_RSA_OAEP_PAD, hash_, mgf_, nullptr, 0);
    if (ret < 0) throw std::runtime_error(error_text("RSA-OAEP encryption (wc_RsaPublicEncrypt_ex)", ret));
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
                                &key_->key_, WC_RSA_OAEP_PAD, hash_, mgf_, nullptr, 0);
    if (ret < 0) return CA_REJECTED;  // bad padding, or a ciphertext not below the modulus
    if (static_cast<size_t>(ret) > io.output_cap) return CA_BUFFER_TOO_SMALL;
    if (ret != 0) std::memcpy(io.output, plaintext_.data(), static_cast<size_t>(ret));
    io.output_len = static_cast<size_t>(ret);
    return CA_OK;
  }

  bool offers(int op) const { return op != CA_OP_DECRYPT || key_->has_private_; }
  std::vector<uint8_t> export_key(int part) { return key_->export_key(part); }

 private:
  std::unique_ptr<RsaKeyPair> key_;
  enum wc_HashType hash_;
  int mgf_;
  size_t max_message_ = 0;
  std::vector<byte> plaintext_;
};

// ---- ECDSA P-256
// -------------------------------------------------------------------------------------------

class EccKeyPair {
 public:
  explicit EccKeyPair(const ca_key_spec& spec) {
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
        check(wc_ecc_make_key_ex(rng_.get(), 32, &key_, ECC_SECP256R1), name + ": wc_ecc_make_key_ex");
        has_private_ = true;
        break;
    }
    if (key_.dp == nullptr || key_.dp->id != ECC_SECP256R1)
      throw std::runtime_error(name + ": key is not an EC key on P-256");
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
          160, [this](byte* out, word32 n) { return wc_EccPublicKeyToDer(&key_, out, n, 1); },
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
  constexpr size_t kMaxDer = 72;
  if (der == nullptr || length == 0 || length > kMaxDer) return false;
  std::array<byte, kMaxDer> r{}, s{}, again{};
  word32 r_len = r.size(), s_len = s.size(), again_len = again.size();
  if (wc_ecc_sig_to_rs(der, w32(length), r.data(), &r_len, s.data(), &s_len) != 0) return false;
  if (wc_ecc_rs_raw_to_sig(r.data(), r_len, s.data(), s_len, again.data(), &again_len) != 0) return false;
  return again_len == length && std::memcmp(again.data(), der, length) == 0;
}

// ---- Ed25519
// -----------------------------------------------------------------------------------------------

class Ed25519KeyPair {
 public:
  explicit Ed25519KeyPair(const ca_key_spec& spec) {
    check(wc_ed25519_init(&key_), "wc_ed25519_init");
    const std::string name = spec.algorithm;
    switch (key_source(spec)) {
      case KeySource::Private: {
        if (spec.secret_key_len != ED25519_KEY_SIZE)
          throw std::runtime_error(name + ": private key must be the raw 32-byte seed, got " +
                                   std::to_string(spec.secret_key_len) + " bytes");
        std::array<byte, ED25519_PUB_KEY_SIZE> pub{};
        check(wc_ed25519_import_private_only(spec.secret_key, ED25519_KEY_SIZE, &key_),
              name + ": wc_ed25519_import_private_only");
        check(wc_ed25519_make_public(&key_, pub.data(), pub.size()), name + ": wc_ed25519_make_public");
        check(wc_ed25519_import_private_key(spec.secret_key, ED25519_KEY_SIZE, pub.data(), pub.size(), &key_),
              name + ": wc_ed25519_import_private_key");
        has_private_ = true;
        break;
      }
      case KeySource::PublicOnly:
        if (spec.public_key_len != ED25519_PUB_KEY_SIZE)
          throw std::runtime_error(name + ": public key must be the raw 32 bytes, got " +
                                   std::to_string(spec.public_key_len) + " bytes");
        check(wc_ed25519_import_public(spec.public_key, ED25519_PUB_KEY_SIZE, &key_),
              name + ": wc_ed25519_import_public");
        break;
      case KeySource::Generate:
        check(wc_ed25519_make_key(rng_.get(), ED25519_KEY_SIZE, &key_), name + ": wc_ed25519_make_key");
        has_private_ = true;
        break;
    }
  }
  ~Ed25519KeyPair() { wc_ed25519_free(&key_); }
  Ed25519KeyPair(const Ed25519KeyPair&) = delete;
  Ed25519KeyPair& operator=(const Ed25519KeyPair&) = delete;

  std::vector<uint8_t> export_key(int part) {
    std::vector<uint8_t> out(ED25519_KEY_SIZE);
    word32 size = w32(out.size());
    if (part == CA_KEY_PRIVATE) {
      if (!has_private_) throw std::runtime_error(kPublicOnly + std::string(": no private key to export"));
      check(wc_ed25519_export_private_only(&key_, out.data(), &size), "wc_ed25519_export_private_only");
    } else if (part == CA_KEY_PUBLIC) {
      check(wc_ed25519_export_public(&key_, out.data(), &size), "wc_ed25519_export_public");
    } else {
      throw std::runtime_error("unknown key part " + std::to_string(part) + " (1 = private, 2 = public)");
    }
    out.resize(size);
    return out;
  }

  Rng rng_;
  ed25519_key key_{};
  bool has_private_ = false;
};

// ---- signatures
// --------------------------------------------------------------------------------------------

/// One signature context. RSA-PSS: wc_RsaPSS_Sign_ex (salt 32, MGF1-SHA-256) / wc_RsaPSS_VerifyCheck (salt =
/// digest length = 32). PKCS#1 v1.5: the DigestInfo from wc_EncodeSignature, signed with wc_RsaSSL_Sign; a
/// signature verifies when wc_RsaSSL_Verify recovers exactly that DigestInfo. ECDSA: wc_ecc_sign_hash /
/// wc_ecc_verify_hash (DER). Ed25519: wc_ed25519_sign_msg / wc_ed25519_verify_msg (pure).
class Signature {
 public:
  Signature(const ca_key_spec& spec, SignatureScheme scheme, enum wc_HashType hash)
      : scheme_(scheme), hash_(hash) {
    switch (scheme) {
      case SignatureScheme::RsaPss:
      case SignatureScheme::RsaPkcs1v15:
        rsa_ = std::make_unique<RsaKeyPair>(spec);
        has_private_ = rsa_->has_private_;
        break;
      case SignatureScheme::EcdsaP256:
        ecc_ = std::make_unique<EccKeyPair>(spec);
        has_private_ = ecc_->has_private_;
        break;
      case SignatureScheme::Ed25519:
        ed_ = std::make_unique<Ed25519KeyPair>(spec);
        has_private_ = ed_->has_private_;
        break;
    }
    if (hash != WC_HASH_TYPE_NONE) hash_size_ = static_cast<size_t>(wc_HashGetDigestSize(hash));
    hash_oid_ = hash == WC_HASH_TYPE_SHA ? SHAh : SHA256h;
  }

  int sign(ca_io& io) {
    if (!has_private_) throw std::runtime_error(kPublicOnly);
    const byte* message = bytes_or_empty(io.input);
    const word32 length = w32(io.input_len);
    if (scheme_ == SignatureScheme::Ed25519) {
      if (io.output_cap < ED25519_SIG_SIZE) return CA_BUFFER_TOO_SMALL;
      word32 size = ED25519_SIG_SIZE;
      check(wc_ed25519_sign_msg(message, length, io.output, &size, &ed_->key_),
            "Ed25519 signing (wc_ed25519_sign_msg)");
      io.output_len = size;
      return CA_OK;
    }
    std::array<byte, WC_MAX_DIGEST_SIZE> hash{};
    check(wc_Hash(hash_, message, length, hash.data(), w32(hash_size_)), "message digest (wc_Hash)");
    int ret = 0;
    switch (scheme_) {
      case SignatureScheme::RsaPss:
        if (io.output_cap < rsa_->modulus_bytes_) return CA_BUFFER_TOO_SMALL;
        ret = wc_RsaPSS_Sign_ex(hash.data(), w32(hash_size_), io.output, w32(io.output_cap), hash_,
                                WC_MGF1SHA256, static_cast<int>(hash_size_), &rsa_->key_, rsa_->rng_.get());
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
      case SignatureScheme::EcdsaP256: {
        word32 size = w32(io.output_cap);
        ret = wc_ecc_sign_hash(hash.data(), w32(hash_size_), io.output, &size, ecc_->rng_.get(), &ecc_->key_);
        if (ret == BUFFER_E) return CA_BUFFER_TOO_SMALL;
        check(ret, "ECDSA signing (wc_ecc_sign_hash)");
        ret = static_cast<int>(size);
        break;
      }
      case SignatureScheme::Ed25519:
        break;
    }
    io.output_len = static_cast<size_t>(ret);
    return CA_OK;
  }

  int verify(ca_io& io) {
    const byte* message = bytes_or_empty(io.input);
    const word32 length = w32(io.input_len);
    int valid = 0;
    if (scheme_ == SignatureScheme::Ed25519) {
      if (io.signature_len != ED25519_SIG_SIZE) return CA_REJECTED;
      const int ret =
          wc_ed25519_verify_msg(io.signature, ED25519_SIG_SIZE, message, length, &valid, &ed_->key_);
      return ret == 0 && valid == 1 ? CA_OK : CA_REJECTED;
    }
    std::array<byte, WC_MAX_DIGEST_SIZE> hash{};
    check(wc_Hash(hash_, message, length, hash.data(), w32(hash_size_)), "message digest (wc_Hash)");
    if (scheme_ == SignatureScheme::EcdsaP256) {
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
                                            w32(hash_size_), hash_, WC_MGF1SHA256, &rsa_->key_);
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

  bool offers(int op) const { return op != CA_OP_SIGN || has_private_; }

  std::vector<uint8_t> export_key(int part) {
    if (rsa_) return rsa_->export_key(part);
    if (ecc_) return ecc_->export_key(part);
    return ed_->export_key(part);
  }

 private:
  SignatureScheme scheme_;
  enum wc_HashType hash_;
  size_t hash_size_ = 0;
  int hash_oid_ = 0;
  bool has_private_ = false;
  std::unique_ptr<RsaKeyPair> rsa_;
  std::unique_ptr<EccKeyPair> ecc_;
  std::unique_ptr<Ed25519KeyPair> ed_;
  std::vector<byte> recovered_;
  std::vector<byte> signature_copy_;
};

}  // namespace

sdk::Factory rsa_oaep(enum wc_HashType hash, int mgf) { return sdk::make_factory<RsaOaep>(hash, mgf); }

sdk::Factory signature(SignatureScheme scheme, enum wc_HashType hash) {
  return sdk::make_factory<Signature>(scheme, hash);
}

}  // namespace ca::wolfssl
