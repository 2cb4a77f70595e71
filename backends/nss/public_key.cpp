// The signature rows: keys through PKCS#11 (PK11_ImportDERPrivateKeyInfoAndReturnKey for the job's PKCS#8,
// SECKEY_DecodeDERSubjectPublicKeyInfo + SECKEY_ExtractPublicKey for a SubjectPublicKeyInfo,
// PK11_GenerateKeyPair for a fresh pair), RSA through PK11_SignWithMechanism / PK11_VerifyWithMechanism with
// softoken's hash-and-sign mechanisms (CKM_SHA256_RSA_PKCS, CKM_SHA256_RSA_PKCS_PSS), ECDSA as Firefox's
// WebCrypto and libssl call it: PK11_HashBuf, then PK11_SignWithMechanism / PK11_VerifyWithMechanism
// (CKM_ECDSA) on the context's key objects, the signature DER-encoded (DSAU_EncodeDerSigWithLen) or decoded
// (DSAU_DecodeDerSigToLen, the decoder VFY_* use). Not VFY_VerifyDataDirect: it copies the public key per
// call, and the copy is imported into softoken again each time (docs/backends/nss.md).
#include <cryptohi.h>
#include <keyhi.h>
#include <secerr.h>
#include <sechash.h>

#include <cstring>
#include <optional>
#include <vector>

#include "cryptauditor/der.hpp"
#include "nss_backend.hpp"

namespace ca::backend_nss {
namespace {

using PrivateKeyPtr = sdk::Ptr<SECKEYPrivateKey, SECKEY_DestroyPrivateKey>;
using PublicKeyPtr = sdk::Ptr<SECKEYPublicKey, SECKEY_DestroyPublicKey>;
using SpkiPtr = sdk::Ptr<CERTSubjectPublicKeyInfo, SECKEY_DestroySubjectPublicKeyInfo>;
inline void free_item(SECItem* i) { SECITEM_FreeItem(i, PR_TRUE); }
using ItemPtr = sdk::Ptr<SECItem, free_item>;

enum class Scheme { Pkcs1, Pss, Ecdsa };

/// An RSA encryption row's padding: CKM_RSA_PKCS_OAEP with its hash (CKM_SHA_1 ...), MGF1 and the hash's
/// length, or CKM_RSA_PKCS (PKCS#1 v1.5) with the other three 0.
struct RsaPadding {
  CK_MECHANISM_TYPE mechanism;
  CK_MECHANISM_TYPE hash;
  CK_RSA_PKCS_MGF_TYPE mgf;
  size_t hash_bytes;
};

struct Signature {
  Scheme scheme;
  SECOidTag hash;                // SEC_OID_SHA256 ...
  CK_MECHANISM_TYPE mechanism;   // RSA: the hash-and-sign mechanism
  CK_MECHANISM_TYPE pss_hash;    // PSS: CKM_SHA256 ...
  CK_RSA_PKCS_MGF_TYPE pss_mgf;  // PSS: CKG_MGF1_SHA256 ...
  CK_ULONG pss_salt;             // PSS: salt length in bytes
  SECOidTag curve;               // ECDSA: SEC_OID_SECG_EC_SECP256R1 ...
};

std::vector<uint8_t> to_vector(const SECItem* i) { return std::vector<uint8_t>(i->data, i->data + i->len); }

// The curve's parameters as PKCS#11 takes them: the DER of its OID.
std::vector<uint8_t> curve_parameters(SECOidTag curve) {
  const SECOidData* oid = SECOID_FindOIDByTag(curve);
  if (oid == nullptr) fail("SECOID_FindOIDByTag");
  std::vector<uint8_t> der(2 + oid->oid.len);
  der[0] = 0x06;  // OBJECT IDENTIFIER, short length (every curve OID is shorter than 128 bytes)
  der[1] = static_cast<uint8_t>(oid->oid.len);
  std::memcpy(der.data() + 2, oid->oid.data, oid->oid.len);
  return der;
}

/// A key pair (or a public key alone) on the internal slot, from the spec: the job's PKCS#8, a
/// SubjectPublicKeyInfo, or a fresh pair. `curve` is SEC_OID_UNKNOWN for RSA.
class KeyPair {
 public:
  KeyPair(const ca_key_spec& spec, SECOidTag curve) : algorithm_(spec.algorithm), curve_(curve) {
    if (spec.secret_key != nullptr) {
      import_private(spec);
    } else if (spec.public_key != nullptr) {
      public_ = import_public(spec.public_key, spec.public_key_len);
      public_der_.assign(spec.public_key, spec.public_key + spec.public_key_len);
    } else {
      generate(spec);
    }
  }

  SECKEYPrivateKey* private_key() const { return private_.get(); }
  SECKEYPublicKey* public_key() const { return public_.get(); }
  const std::vector<uint8_t>& public_der() const { return public_der_; }
  uint32_t bits() const { return static_cast<uint32_t>(SECKEY_PublicKeyStrengthInBits(public_.get())); }

  std::vector<uint8_t> export_key(int part) const {
    if (part == CA_KEY_PUBLIC) return public_der_;
    if (part != CA_KEY_PRIVATE) throw std::runtime_error("unknown key part " + std::to_string(part));
    if (!private_der_.empty()) return private_der_;
    if (!private_) throw std::runtime_error("this context holds only a public key");
    ItemPtr der(PK11_ExportDERPrivateKeyInfo(private_.get(), nullptr));
    if (!der) fail("PK11_ExportDERPrivateKeyInfo");
    return to_vector(der.get());
  }

  /// A SubjectPublicKeyInfo as a public key of the row's kind (and, for EC, on the row's curve): NSS would
  /// otherwise use whatever the SubjectPublicKeyInfo names. Throws sdk::Rejected for another key.
  PublicKeyPtr import_public(const uint8_t* data, size_t len) const {
    SECItem der = item(data, len);
    SpkiPtr spki(SECKEY_DecodeDERSubjectPublicKeyInfo(&der));
    if (!spki)
      throw sdk::Rejected(std::string(algorithm_) +
                          ": SECKEY_DecodeDERSubjectPublicKeyInfo failed: " + last_error_name());
    PublicKeyPtr key(SECKEY_ExtractPublicKey(spki.get()));
    if (!key)
      throw sdk::Rejected(std::string(algorithm_) + ": SECKEY_ExtractPublicKey failed: " + last_error_name());
    check(key.get());
    return key;
  }

 private:
  void import_private(const ca_key_spec& spec) {
    // NSS 3.87 imports an ECPrivateKey only with its optional public point (RFC 5915 section 3): a key
    // without it is completed first (ec_point.cpp). A PKCS#8 the reader cannot parse goes to NSS as it is.
    std::vector<uint8_t> completed;
    if (curve_ != SEC_OID_UNKNOWN) {
      const sdk::der::Curve& c = der_curve();
      std::optional<sdk::der::EcPrivate> parsed;
      try {
        parsed = sdk::der::parse_ec_pkcs8({spec.secret_key, spec.secret_key_len}, c);
      } catch (const sdk::der::Malformed&) {
      }
      if (parsed && parsed->public_point.empty())
        completed = sdk::der::ec_pkcs8(c, parsed->d, ec_public_point(curve_, parsed->d));
    }
    SlotPtr slot = internal_slot();
    SECItem der = completed.empty() ? item(spec.secret_key, spec.secret_key_len)
                                    : item(completed.data(), completed.size());
    SECKEYPrivateKey* key = nullptr;
    if (PK11_ImportDERPrivateKeyInfoAndReturnKey(slot.get(), &der, nullptr, nullptr, PR_FALSE, PR_TRUE,
                                                 KU_ALL, &key, nullptr) != SECSuccess ||
        key == nullptr)
      fail(std::string(spec.algorithm) + ": PK11_ImportDERPrivateKeyInfoAndReturnKey");
    private_.reset(key);
    private_der_.assign(spec.secret_key, spec.secret_key + spec.secret_key_len);
    public_.reset(SECKEY_ConvertToPublicKey(private_.get()));
    if (!public_) fail("SECKEY_ConvertToPublicKey");
    check(public_.get());
    encode_public();
  }

  const sdk::der::Curve& der_curve() const {
    return curve_ == SEC_OID_SECG_EC_SECP256R1   ? sdk::der::kCurveP256
           : curve_ == SEC_OID_SECG_EC_SECP384R1 ? sdk::der::kCurveP384
                                                 : sdk::der::kCurveP521;
  }

  void generate(const ca_key_spec& spec) {
    SlotPtr slot = internal_slot();
    SECKEYPublicKey* pub = nullptr;
    SECKEYPrivateKey* priv = nullptr;
    if (curve_ != SEC_OID_UNKNOWN) {
      std::vector<uint8_t> params = curve_parameters(curve_);
      SECItem p = item(params.data(), params.size());
      priv = PK11_GenerateKeyPair(slot.get(), CKM_EC_KEY_PAIR_GEN, &p, &pub, PR_FALSE, PR_FALSE, nullptr);
    } else {
      PK11RSAGenParams p{static_cast<int>(spec.key_bits), 65537};
      priv =
          PK11_GenerateKeyPair(slot.get(), CKM_RSA_PKCS_KEY_PAIR_GEN, &p, &pub, PR_FALSE, PR_FALSE, nullptr);
    }
    private_.reset(priv);
    public_.reset(pub);
    if (!private_ || !public_) fail(std::string(spec.algorithm) + ": PK11_GenerateKeyPair");
    encode_public();
  }

  void encode_public() {
    ItemPtr der(SECKEY_EncodeDERSubjectPublicKeyInfo(public_.get()));
    if (!der) fail("SECKEY_EncodeDERSubjectPublicKeyInfo");
    public_der_ = to_vector(der.get());
  }

  void check(SECKEYPublicKey* key) const {
    const KeyType type = SECKEY_GetPublicKeyType(key);
    if (curve_ != SEC_OID_UNKNOWN) {
      if (type != ecKey) throw sdk::Rejected(std::string(algorithm_) + ": not an EC key");
      const std::vector<uint8_t> want = curve_parameters(curve_);
      const SECItem& have = key->u.ec.DEREncodedParams;
      if (have.len != want.size() || std::memcmp(have.data, want.data(), want.size()) != 0)
        throw sdk::Rejected(std::string(algorithm_) + ": the key is not on the row's named curve");
    } else if (type != rsaKey) {
      throw sdk::Rejected(std::string(algorithm_) + ": not an RSA key");
    }
  }

  const char* algorithm_;
  SECOidTag curve_;
  PrivateKeyPtr private_;
  PublicKeyPtr public_;
  std::vector<uint8_t> private_der_, public_der_;
};

class Signer {
 public:
  Signer(const ca_key_spec& spec, Signature s)
      : s_(s), algorithm_(spec.algorithm), keys_((reseed_after_fork(), spec), s.curve) {
    // The public key's softoken object, made here rather than in the first timed verification
    // (PK11_VerifyWithMechanism imports a key that has none and keeps the handle on the key). A key softoken
    // refuses is left without one: each verification then tries again and is rejected with NSS's error.
    SlotPtr slot = internal_slot();
    (void)PK11_ImportPublicKey(slot.get(), keys_.public_key(), PR_FALSE);
  }

  bool offers(int op) const {
    if (op == CA_OP_SIGN) return keys_.private_key() != nullptr;
    return op == CA_OP_VERIFY || op == CA_OP_KEYGEN;
  }

  int sign(ca_io& io) {
    SECItem data = item(io.input, io.input_len);
    if (s_.scheme == Scheme::Ecdsa) {
      Digest h = digest(io);
      SECItem hash{siBuffer, h.bytes, h.len};
      uint8_t raw_bytes[kMaxEcdsaRaw];
      SECItem raw{siBuffer, raw_bytes, static_cast<unsigned>(PK11_SignatureLen(keys_.private_key()))};
      if (raw.len == 0 || raw.len > sizeof raw_bytes) fail("PK11_SignatureLen");
      if (PK11_SignWithMechanism(keys_.private_key(), CKM_ECDSA, nullptr, &raw, &hash) != SECSuccess)
        fail("PK11_SignWithMechanism");
      SECItem out{siBuffer, nullptr, 0};
      if (DSAU_EncodeDerSigWithLen(&out, &raw, raw.len) != SECSuccess) fail("DSAU_EncodeDerSigWithLen");
      const int st = sdk::put_output(io, out.data, out.len);
      SECITEM_FreeItem(&out, PR_FALSE);
      return st;
    }
    const unsigned length = static_cast<unsigned>(PK11_SignatureLen(keys_.private_key()));
    if (!sdk::fits(io, length)) return CA_BUFFER_TOO_SMALL;
    SECItem out{siBuffer, io.output, length};
    auto pss = pss_params();
    SECItem param{siBuffer, reinterpret_cast<unsigned char*>(&pss), sizeof pss};
    if (PK11_SignWithMechanism(keys_.private_key(), s_.mechanism, s_.scheme == Scheme::Pss ? &param : nullptr,
                               &out, &data) != SECSuccess)
      fail("PK11_SignWithMechanism");
    io.output_len = out.len;
    return CA_OK;
  }

  int verify(ca_io& io) {
    SECItem data = item(io.input, io.input_len);
    SECItem signature = item(io.signature, io.signature_len);
    SECStatus st;
    if (s_.scheme == Scheme::Ecdsa) {
      // r || s at the key's length, as VFY_* decode it (a DER form of another length is refused).
      const unsigned raw_len = SECKEY_SignatureLen(keys_.public_key());
      ItemPtr raw(DSAU_DecodeDerSigToLen(&signature, raw_len));
      if (!raw || raw->len != raw_len) throw sdk::Rejected("signature rejected: " + last_error_name());
      Digest h = digest(io);
      SECItem hash{siBuffer, h.bytes, h.len};
      st = PK11_VerifyWithMechanism(keys_.public_key(), CKM_ECDSA, nullptr, raw.get(), &hash, nullptr);
    } else {
      auto pss = pss_params();
      SECItem param{siBuffer, reinterpret_cast<unsigned char*>(&pss), sizeof pss};
      st = PK11_VerifyWithMechanism(keys_.public_key(), s_.mechanism,
                                    s_.scheme == Scheme::Pss ? &param : nullptr, &signature, &data, nullptr);
    }
    if (st == SECSuccess) return CA_OK;
    throw sdk::Rejected("signature rejected: " + last_error_name());
  }

  int keygen(ca_io& io) {
    ca_key_spec fresh{};
    fresh.struct_size = sizeof fresh;
    fresh.algorithm = algorithm_;
    fresh.key_bits = keys_.bits();
    KeyPair pair(fresh, s_.curve);
    return sdk::put_output(io, pair.public_der().data(), pair.public_der().size());
  }

  std::vector<uint8_t> export_key(int part) const { return keys_.export_key(part); }

 private:
  static constexpr size_t kMaxEcdsaRaw = 2 * 66;  // r || s on P-521
  struct Digest {
    uint8_t bytes[HASH_LENGTH_MAX];
    unsigned len;
  };
  Digest digest(const ca_io& io) const {
    Digest d{};
    d.len = HASH_ResultLenByOidTag(s_.hash);
    if (d.len == 0 || d.len > sizeof d.bytes ||
        PK11_HashBuf(s_.hash, d.bytes, sdk::bytes_or_empty(io.input), static_cast<PRInt32>(io.input_len)) !=
            SECSuccess)
      fail("PK11_HashBuf");
    return d;
  }

  CK_RSA_PKCS_PSS_PARAMS pss_params() const {
    return CK_RSA_PKCS_PSS_PARAMS{s_.pss_hash, s_.pss_mgf, s_.pss_salt};
  }

  Signature s_;
  const char* algorithm_;
  KeyPair keys_;
};

/// RSAES-OAEP (CKM_RSA_PKCS_OAEP) and RSAES-PKCS1-v1_5 (CKM_RSA_PKCS) through softoken: PK11_PubEncrypt /
/// PK11_PrivDecrypt, the mechanism-generic calls of pk11pub.h (what WebCrypto's RSA-OAEP calls; PKCS#1 v1.5
/// through the same pair rather than the older PK11_PubEncryptPKCS1, which NSS keeps for compatibility).
/// OAEP: CK_RSA_PKCS_OAEP_PARAMS with the label (RFC 8017 L, ca_io.aad) as CKZ_DATA_SPECIFIED.
class RsaEncryption {
 public:
  RsaEncryption(const ca_key_spec& spec, RsaPadding padding)
      : padding_(padding), keys_((reseed_after_fork(), spec), SEC_OID_UNKNOWN) {
    modulus_bytes_ = SECKEY_PublicKeyStrength(keys_.public_key());
    // RFC 8017 7.1.1: a message of at most k - 2 hLen - 2 bytes (OAEP); 7.2.1: k - 11 (PKCS#1 v1.5).
    const size_t overhead = oaep() ? 2 * padding.hash_bytes + 2 : 11;
    if (modulus_bytes_ < overhead + 1) throw std::runtime_error("the RSA key is too short for its padding");
    max_message_ = modulus_bytes_ - overhead;
  }

  bool offers(int op) const { return op != CA_OP_DECRYPT || keys_.private_key() != nullptr; }

  int encrypt(ca_io& io) {
    sdk::require_message_at_most(io, max_message_, oaep() ? "RSA-OAEP" : "RSAES-PKCS1-v1_5",
                                 oaep() ? "this key and hash" : "this key");
    if (!sdk::fits(io, modulus_bytes_)) return CA_BUFFER_TOO_SMALL;
    auto p = params(io);
    SECItem param{siBuffer, reinterpret_cast<unsigned char*>(&p), sizeof p};
    unsigned written = 0;
    if (PK11_PubEncrypt(keys_.public_key(), padding_.mechanism, oaep() ? &param : nullptr, io.output,
                        &written, static_cast<unsigned>(modulus_bytes_), sdk::bytes_or_empty(io.input),
                        static_cast<unsigned>(io.input_len), nullptr) != SECSuccess)
      fail("PK11_PubEncrypt");
    io.output_len = written;
    return CA_OK;
  }

  // PKCS#1 v1.5: softoken decrypts a ciphertext whose padding does not decode with implicit rejection
  // (docs/backends/nss.md): SECSuccess and a synthetic message, which this returns as CA_OK like any other.
  int decrypt(ca_io& io) {
    if (!keys_.private_key()) throw std::runtime_error("this context holds only a public key");
    if (io.input_len != modulus_bytes_) return CA_REJECTED;  // RFC 8017 7.1.2 step 1b, 7.2.2 step 1
    auto p = params(io);
    SECItem param{siBuffer, reinterpret_cast<unsigned char*>(&p), sizeof p};
    unsigned written = 0;
    // Softoken writes the decoded message into a k-byte buffer; the caller's may hold only the message.
    scratch_.resize(modulus_bytes_);
    if (PK11_PrivDecrypt(keys_.private_key(), padding_.mechanism, oaep() ? &param : nullptr, scratch_.data(),
                         &written, static_cast<unsigned>(scratch_.size()), io.input,
                         static_cast<unsigned>(io.input_len)) != SECSuccess)
      return CA_REJECTED;  // a padding or label that does not decode, or a ciphertext not below n
    return sdk::put_output(io, scratch_.data(), written);
  }

  std::vector<uint8_t> export_key(int part) const { return keys_.export_key(part); }

 private:
  bool oaep() const { return padding_.mechanism == CKM_RSA_PKCS_OAEP; }

  // Softoken refuses (CKR_MECHANISM_PARAM_INVALID, SEC_ERROR_BAD_DATA) a label pointer with length 0: an
  // empty label is a null pointer.
  CK_RSA_PKCS_OAEP_PARAMS params(const ca_io& io) const {
    return CK_RSA_PKCS_OAEP_PARAMS{padding_.hash, padding_.mgf, CKZ_DATA_SPECIFIED,
                                   io.aad_len != 0 ? const_cast<CK_BYTE_PTR>(io.aad) : nullptr, io.aad_len};
  }

  RsaPadding padding_;
  KeyPair keys_;
  size_t modulus_bytes_ = 0;
  size_t max_message_ = 0;
  std::vector<uint8_t> scratch_;
};

/// ECDH on a NIST curve: PK11_PubDeriveWithKDF (CKM_ECDH1_DERIVE, no KDF) between the context's private key
/// and the peer's SubjectPublicKeyInfo of each call, whose decoding is part of the timed operation (as in a
/// protocol's key exchange); the secret is the x coordinate, extracted from the derived PK11SymKey.
class Agreer {
 public:
  Agreer(const ca_key_spec& spec, SECOidTag curve)
      : algorithm_(spec.algorithm), curve_(curve), keys_((reseed_after_fork(), spec), curve) {}

  bool offers(int op) const {
    if (op == CA_OP_AGREE) return keys_.private_key() != nullptr;
    return op == CA_OP_KEYGEN;
  }

  int agree(ca_io& io) {
    PublicKeyPtr peer = keys_.import_public(io.input, io.input_len);
    SymKeyPtr secret(PK11_PubDeriveWithKDF(keys_.private_key(), peer.get(), PR_FALSE, nullptr, nullptr,
                                           CKM_ECDH1_DERIVE, CKM_GENERIC_SECRET_KEY_GEN, CKA_DERIVE, 0,
                                           CKD_NULL, nullptr, nullptr));
    if (!secret)
      throw sdk::Rejected(std::string(algorithm_) + ": PK11_PubDeriveWithKDF failed: " + last_error_name());
    if (PK11_ExtractKeyValue(secret.get()) != SECSuccess) fail("PK11_ExtractKeyValue");
    const SECItem* value = PK11_GetKeyData(secret.get());
    if (value == nullptr) fail("PK11_GetKeyData");
    return sdk::put_output(io, value->data, value->len);
  }

  int keygen(ca_io& io) {
    ca_key_spec fresh{};
    fresh.struct_size = sizeof fresh;
    fresh.algorithm = algorithm_;
    KeyPair pair(fresh, curve_);
    return sdk::put_output(io, pair.public_der().data(), pair.public_der().size());
  }

  std::vector<uint8_t> export_key(int part) const { return keys_.export_key(part); }

 private:
  const char* algorithm_;
  SECOidTag curve_;
  KeyPair keys_;
};

}  // namespace

sdk::Factory rsa_pkcs1(SECOidTag hash, CK_MECHANISM_TYPE mechanism) {
  return sdk::make_factory<Signer>(Signature{Scheme::Pkcs1, hash, mechanism, 0, 0, 0, SEC_OID_UNKNOWN});
}
sdk::Factory rsa_pss(SECOidTag hash, CK_MECHANISM_TYPE mechanism, CK_MECHANISM_TYPE pss_hash,
                     CK_RSA_PKCS_MGF_TYPE mgf, CK_ULONG salt) {
  return sdk::make_factory<Signer>(
      Signature{Scheme::Pss, hash, mechanism, pss_hash, mgf, salt, SEC_OID_UNKNOWN});
}
sdk::Factory rsa_oaep(CK_MECHANISM_TYPE hash, CK_RSA_PKCS_MGF_TYPE mgf, size_t hash_bytes) {
  return sdk::make_factory<RsaEncryption>(RsaPadding{CKM_RSA_PKCS_OAEP, hash, mgf, hash_bytes});
}
sdk::Factory rsa_pkcs1_encryption() {
  return sdk::make_factory<RsaEncryption>(RsaPadding{CKM_RSA_PKCS, 0, 0, 0});
}
sdk::Factory ecdh(SECOidTag curve) { return sdk::make_factory<Agreer>(curve); }
sdk::Factory ecdsa(SECOidTag hash, SECOidTag curve) {
  return sdk::make_factory<Signer>(Signature{Scheme::Ecdsa, hash, 0, 0, 0, 0, curve});
}

}  // namespace ca::backend_nss
