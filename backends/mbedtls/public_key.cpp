// RSA-OAEP, RSA PKCS#1 v1.5 encryption and signatures, RSA-PSS, ECDSA and ECDH on the NIST curves and
// secp256k1 through Mbed TLS's pk.h (key import and export), rsa.h, ecdsa.h and ecdh.h (the operations), with
// a CTR_DRBG per context for blinding, OAEP seeds, PSS salts and key generation.
#include <mbedtls/asn1.h>
#include <mbedtls/asn1write.h>
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/ecdh.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/entropy.h>
#include <mbedtls/oid.h>
#include <mbedtls/pk.h>
#include <mbedtls/rsa.h>

#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "compat.hpp"
#include "mbedtls_backend.hpp"
#include "symmetric.hpp"

namespace ca::backend_mbedtls {
namespace {

enum class KeyType { Rsa, Ec };

using Pk = Owned<mbedtls_pk_context, mbedtls_pk_init, mbedtls_pk_free>;

/// The key of one context, and whether it holds the private half.
struct Key {
  std::unique_ptr<Pk> pk = std::make_unique<Pk>();
  std::unique_ptr<Rng> rng = std::make_unique<Rng>();
  bool has_private = false;
  mbedtls_ecp_group_id curve = MBEDTLS_ECP_DP_NONE;  // EC keys: the curve the row names

  mbedtls_rsa_context* rsa() { return mbedtls_pk_rsa(*pk->get()); }
  mbedtls_ecp_keypair* ec() { return mbedtls_pk_ec(*pk->get()); }
};

std::string describe(const ca_key_spec& spec, KeyType type, const char* what) {
  return std::string(spec.algorithm) + ": " + what + (type == KeyType::Rsa ? " (RSA)" : " (EC)");
}

void generate(Key& key, const ca_key_spec& spec, KeyType type) {
  mbedtls_pk_context* pk = key.pk->get();
  const auto kind = type == KeyType::Rsa ? MBEDTLS_PK_RSA : MBEDTLS_PK_ECKEY;
  check(mbedtls_pk_setup(pk, mbedtls_pk_info_from_type(kind)), describe(spec, type, "mbedtls_pk_setup"));
  if (type == KeyType::Rsa)
    check(mbedtls_rsa_gen_key(key.rsa(), Rng::random, key.rng.get(), spec.key_bits, 65537),
          describe(spec, type, "mbedtls_rsa_gen_key"));
  else
    check(mbedtls_ecp_gen_key(key.curve, key.ec(), Rng::random, key.rng.get()),
          describe(spec, type, "mbedtls_ecp_gen_key"));
}

// An imported key must be what the row's name promises, at the size the caller asked for.
void check_key(Key& key, const ca_key_spec& spec, KeyType type) {
  const mbedtls_pk_context* pk = key.pk->get();
  if (type == KeyType::Rsa) {
    if (mbedtls_pk_get_type(pk) != MBEDTLS_PK_RSA)
      throw std::runtime_error(describe(spec, type, "key is not an rsaEncryption key"));
    if (mbedtls_pk_get_bitlen(pk) != spec.key_bits)
      throw std::runtime_error(describe(spec, type, "key size differs from the requested key bits") +
                               ": key has " + std::to_string(mbedtls_pk_get_bitlen(pk)) + ", asked " +
                               std::to_string(spec.key_bits));
    return;
  }
  if (mbedtls_pk_get_type(pk) != MBEDTLS_PK_ECKEY || compat::group(*key.ec()).id != key.curve)
    throw std::runtime_error(describe(spec, type, "key is not an EC key on the row's curve"));
}

/// Private key: PKCS#8 DER (mbedtls_pk_parse_key also takes PKCS#1 / SEC1 DER and PEM; see the doc).
/// Public key only: SubjectPublicKeyInfo DER. Neither: a fresh key pair.
Key load_key(const ca_key_spec& spec, KeyType type, mbedtls_ecp_group_id curve = MBEDTLS_ECP_DP_NONE) {
  Key key;
  key.curve = curve;
  if (spec.secret_key != nullptr && spec.secret_key_len != 0) {
    check(compat::pk_parse_key(key.pk->get(), spec.secret_key, spec.secret_key_len, Rng::random, key.rng.get()),
          describe(spec, type, "private key is not PKCS#8 DER Mbed TLS can read"));
    key.has_private = true;
  } else if (spec.public_key != nullptr && spec.public_key_len != 0) {
    check(mbedtls_pk_parse_public_key(key.pk->get(), spec.public_key, spec.public_key_len),
          describe(spec, type, "public key is not SubjectPublicKeyInfo DER Mbed TLS can read"));
  } else {
    generate(key, spec, type);
    key.has_private = true;
  }
  check_key(key, spec, type);
  return key;
}

/// Runs an mbedtls_asn1_write_* call (which writes backwards from *p) and adds its length to total.
void add(size_t& total, int ret, const char* what) {
  if (ret < 0) throw std::runtime_error(error_text(what, ret));
  total += static_cast<size_t>(ret);
}

/// PKCS#8 PrivateKeyInfo around the PKCS#1 RSAPrivateKey / SEC1 ECPrivateKey that mbedtls_pk_write_key_der
/// writes (Mbed TLS 2.28 and 3.6 have no PKCS#8 writer): SEQUENCE { INTEGER 0, AlgorithmIdentifier, OCTET STRING }.
/// The AlgorithmIdentifier is rsaEncryption with NULL parameters, or id-ecPublicKey with the named curve.
std::vector<uint8_t> export_pkcs8(Key& key, KeyType type) {
  mbedtls_pk_context* pk = key.pk->get();
  std::vector<uint8_t> buffer(16 * ((mbedtls_pk_get_bitlen(pk) + 7) / 8) + 256);
  unsigned char* const start = buffer.data();
  size_t total = 0;
  add(total, mbedtls_pk_write_key_der(pk, start, buffer.size()), "mbedtls_pk_write_key_der");
  unsigned char* p = start + buffer.size() - total;
  add(total, mbedtls_asn1_write_len(&p, start, total), "PKCS#8 privateKey length");
  add(total, mbedtls_asn1_write_tag(&p, start, MBEDTLS_ASN1_OCTET_STRING), "PKCS#8 privateKey tag");
  const char* oid = nullptr;
  size_t oid_len = 0;
  size_t parameters = 0;  // 0: mbedtls_asn1_write_algorithm_identifier writes NULL parameters
  if (type == KeyType::Ec) {
    check(mbedtls_oid_get_oid_by_ec_grp(key.curve, &oid, &oid_len), "curve OID");
    add(parameters, mbedtls_asn1_write_oid(&p, start, oid, oid_len), "PKCS#8 curve OID");
  }
  check(
      mbedtls_oid_get_oid_by_pk_alg(type == KeyType::Rsa ? MBEDTLS_PK_RSA : MBEDTLS_PK_ECKEY, &oid, &oid_len),
      "key algorithm OID");
  // The returned length includes the parameters written just above.
  add(total, mbedtls_asn1_write_algorithm_identifier(&p, start, oid, oid_len, parameters),
      "PKCS#8 AlgorithmIdentifier");
  add(total, mbedtls_asn1_write_int(&p, start, 0), "PKCS#8 version");
  add(total, mbedtls_asn1_write_len(&p, start, total), "PKCS#8 length");
  add(total, mbedtls_asn1_write_tag(&p, start, MBEDTLS_ASN1_CONSTRUCTED | MBEDTLS_ASN1_SEQUENCE),
      "PKCS#8 tag");
  std::vector<uint8_t> out(p, p + total);
  mbedtls_platform_zeroize(buffer.data(), buffer.size());
  return out;
}

std::vector<uint8_t> export_key(Key& key, KeyType type, int part) {
  if (part == CA_KEY_PRIVATE) {
    if (!key.has_private)
      throw std::runtime_error("this context holds only a public key: no private key to export");
    return export_pkcs8(key, type);
  }
  if (part == CA_KEY_PUBLIC) {
    mbedtls_pk_context* pk = key.pk->get();
    std::vector<uint8_t> buffer(2 * ((mbedtls_pk_get_bitlen(pk) + 7) / 8) + 128);
    size_t total = 0;
    add(total, mbedtls_pk_write_pubkey_der(pk, buffer.data(), buffer.size()), "mbedtls_pk_write_pubkey_der");
    return {buffer.end() - static_cast<std::ptrdiff_t>(total), buffer.end()};
  }
  throw std::runtime_error("unknown key part " + std::to_string(part) + " (1 = private, 2 = public)");
}

const char* const kPublicOnly = "this context holds only a public key";

using sdk::generation_spec;

/// RSAES-OAEP: the padding mode and digest (OAEP label hash and MGF1) are set once on the rsa context. With
/// digest MBEDTLS_MD_NONE: RSAES-PKCS1-v1_5 (mbedtls_rsa_rsaes_pkcs1_v15_encrypt / _decrypt).
class RsaOaep {
 public:
  RsaOaep(const ca_key_spec& spec, mbedtls_md_type_t digest)
      : oaep_(digest != MBEDTLS_MD_NONE), key_(load_key(spec, KeyType::Rsa)) {
    if (oaep_)
      check(compat::rsa_set_padding(key_.rsa(), MBEDTLS_RSA_PKCS_V21, digest),
            std::string(spec.algorithm) + ": mbedtls_rsa_set_padding");
    modulus_bytes_ = mbedtls_rsa_get_len(key_.rsa());
    // RFC 8017 7.1.1 (OAEP: k - 2 hLen - 2) and 7.2.1 (PKCS#1 v1.5: k - 11).
    max_message_ = oaep_ ? modulus_bytes_ - 2 * mbedtls_md_get_size(md_info(digest, spec.algorithm)) - 2
                         : modulus_bytes_ - 11;
  }

  int encrypt(ca_io& io) {
    sdk::require_message_at_most(io, max_message_, oaep_ ? "RSA-OAEP" : "RSA PKCS#1 v1.5",
                                 "this key and padding");
    if (!sdk::fits(io, modulus_bytes_)) return CA_BUFFER_TOO_SMALL;
    if (!oaep_) sdk::refuse_label(io, "RSAES-PKCS1-v1_5 has no label");
    if (oaep_)
      check(compat::rsa_oaep_encrypt(key_.rsa(), Rng::random, key_.rng.get(), io.aad, io.aad_len, io.input_len,
                                     io.input, io.output),
            "RSA-OAEP encryption (mbedtls_rsa_rsaes_oaep_encrypt)");
    else
      check(compat::rsa_pkcs1_encrypt(key_.rsa(), Rng::random, key_.rng.get(), io.input_len, io.input,
                                      io.output),
            "RSA PKCS#1 v1.5 encryption (mbedtls_rsa_rsaes_pkcs1_v15_encrypt)");
    io.output_len = modulus_bytes_;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    if (!key_.has_private) throw std::runtime_error(kPublicOnly);
    // mbedtls_rsa_rsaes_oaep_decrypt reads exactly k bytes of ciphertext; any other length is not one.
    if (io.input_len != modulus_bytes_) return CA_REJECTED;
    if (!oaep_) sdk::refuse_label(io, "RSAES-PKCS1-v1_5 has no label");
    size_t written = 0;
    // The OAEP label (RFC 8017 L) is io.aad, empty by default.
    const int ret = oaep_ ? compat::rsa_oaep_decrypt(key_.rsa(), Rng::random, key_.rng.get(), io.aad,
                                                     io.aad_len, &written, io.input, io.output, io.output_cap)
                          : compat::rsa_pkcs1_decrypt(key_.rsa(), Rng::random, key_.rng.get(), &written,
                                                      io.input, io.output, io.output_cap);
    if (ret == MBEDTLS_ERR_RSA_OUTPUT_TOO_LARGE) return CA_BUFFER_TOO_SMALL;
    if (ret != 0) return CA_REJECTED;  // bad padding, or a ciphertext not below the modulus
    io.output_len = written;
    return CA_OK;
  }

  bool offers(int op) const { return op != CA_OP_DECRYPT || key_.has_private; }
  std::vector<uint8_t> export_key(int part) { return backend_mbedtls::export_key(key_, KeyType::Rsa, part); }

 private:
  bool oaep_;
  Key key_;
  size_t modulus_bytes_ = 0;
  size_t max_message_ = 0;
};

/// Strict DER Ecdsa-Sig-Value: parsed with asn1.h, then re-encoded with asn1write.h; only a signature that
/// re-encodes to the same bytes is accepted (mbedtls_ecdsa_read_signature alone takes BER variants: long-form
/// lengths, leading zero bytes, negative integers read as positive). OpenSSL applies the same check.
bool parse_der_signature(const uint8_t* der, size_t length, mbedtls_mpi& r, mbedtls_mpi& s) {
  constexpr size_t kMaxDer = 141;  // P-521: two 67-byte INTEGERs with their headers, in a SEQUENCE
  if (der == nullptr || length == 0 || length > kMaxDer) return false;
  auto* p = const_cast<unsigned char*>(der);
  const unsigned char* end = der + length;
  size_t body = 0;
  if (mbedtls_asn1_get_tag(&p, end, &body, MBEDTLS_ASN1_CONSTRUCTED | MBEDTLS_ASN1_SEQUENCE) != 0)
    return false;
  if (p + body != end) return false;
  if (mbedtls_asn1_get_mpi(&p, end, &r) != 0 || mbedtls_asn1_get_mpi(&p, end, &s) != 0 || p != end)
    return false;
  std::array<unsigned char, kMaxDer + 8> again;
  unsigned char* q = again.data() + again.size();
  size_t total = 0;
  const auto step = [&total](int ret) {
    if (ret < 0) return false;
    total += static_cast<size_t>(ret);
    return true;
  };
  if (!step(mbedtls_asn1_write_mpi(&q, again.data(), &s)) ||
      !step(mbedtls_asn1_write_mpi(&q, again.data(), &r)) ||
      !step(mbedtls_asn1_write_len(&q, again.data(), total)) ||
      !step(mbedtls_asn1_write_tag(&q, again.data(), MBEDTLS_ASN1_CONSTRUCTED | MBEDTLS_ASN1_SEQUENCE)))
    return false;
  return total == length && std::memcmp(q, der, length) == 0;
}

using Mpi = Owned<mbedtls_mpi, mbedtls_mpi_init, mbedtls_mpi_free>;

/// RSASSA-PSS (salt 32 bytes, MGF1 with the message digest), RSASSA-PKCS1-v1_5, or ECDSA with a DER
/// signature. The message is hashed inside the operation with mbedtls_md.
class Signature {
 public:
  Signature(const ca_key_spec& spec, SignatureScheme scheme, mbedtls_md_type_t digest,
            mbedtls_ecp_group_id curve)
      : scheme_(scheme),
        type_(scheme == SignatureScheme::Ecdsa ? KeyType::Ec : KeyType::Rsa),
        digest_(digest),
        curve_(curve),
        spec_(generation_spec(spec)),
        md_(md_info(digest, spec.algorithm)),
        hash_size_(mbedtls_md_get_size(md_)),
        key_(load_key(spec, type_, curve)) {
    if (type_ == KeyType::Rsa) {
      const int padding = scheme == SignatureScheme::RsaPss ? MBEDTLS_RSA_PKCS_V21 : MBEDTLS_RSA_PKCS_V15;
      check(compat::rsa_set_padding(key_.rsa(), padding, digest),
            std::string(spec.algorithm) + ": mbedtls_rsa_set_padding");
      signature_bytes_ = mbedtls_rsa_get_len(key_.rsa());
    }
  }

  int sign(ca_io& io) {
    if (!key_.has_private) throw std::runtime_error(kPublicOnly);
    std::array<unsigned char, MBEDTLS_MD_MAX_SIZE> hash;
    check(mbedtls_md(md_, io.input, io.input_len, hash.data()), "message digest");
    const auto hash_len = static_cast<unsigned>(hash_size_);
    switch (scheme_) {
      case SignatureScheme::RsaPss:
        if (io.output_cap < signature_bytes_) return CA_BUFFER_TOO_SMALL;
        check(mbedtls_rsa_rsassa_pss_sign_ext(key_.rsa(), Rng::random, key_.rng.get(), digest_, hash_len,
                                              hash.data(), static_cast<int>(hash_size_), io.output),
              "RSA-PSS signing (mbedtls_rsa_rsassa_pss_sign_ext)");
        io.output_len = signature_bytes_;
        return CA_OK;
      case SignatureScheme::RsaPkcs1v15:
        if (io.output_cap < signature_bytes_) return CA_BUFFER_TOO_SMALL;
        check(compat::rsa_pkcs1_sign(key_.rsa(), Rng::random, key_.rng.get(), digest_, hash_len, hash.data(),
                                     io.output),
              "RSA PKCS#1 v1.5 signing (mbedtls_rsa_rsassa_pkcs1_v15_sign)");
        io.output_len = signature_bytes_;
        return CA_OK;
      case SignatureScheme::Ecdsa: {
        std::array<unsigned char, MBEDTLS_ECDSA_MAX_LEN> der;
        size_t length = 0;
        check(compat::ecdsa_write_signature(key_.ec(), digest_, hash.data(), hash_size_, der.data(), der.size(),
                                            &length, Rng::random, key_.rng.get()),
              "ECDSA signing (mbedtls_ecdsa_write_signature)");
        return sdk::put_output(io, der.data(), length);
      }
    }
    return CA_FAILED;
  }

  int verify(ca_io& io) {
    std::array<unsigned char, MBEDTLS_MD_MAX_SIZE> hash;
    check(mbedtls_md(md_, io.input, io.input_len, hash.data()), "message digest");
    const auto hash_len = static_cast<unsigned>(hash_size_);
    if (scheme_ == SignatureScheme::Ecdsa) {
      Mpi r, s;
      if (!parse_der_signature(io.signature, io.signature_len, *r.get(), *s.get())) return CA_REJECTED;
      mbedtls_ecp_keypair* ec = key_.ec();
      return mbedtls_ecdsa_verify(&compat::group(*ec), hash.data(), hash_size_, &compat::public_point(*ec),
                                  r.get(), s.get()) == 0
                 ? CA_OK
                 : CA_REJECTED;
    }
    // The rsa.h verify functions read exactly k bytes of signature (RFC 8017 requires that length).
    if (io.signature_len != signature_bytes_) return CA_REJECTED;
    const int ret =
        scheme_ == SignatureScheme::RsaPss
            ? compat::rsa_pss_verify(key_.rsa(), digest_, hash_len, hash.data(), digest_,
                                     static_cast<int>(hash_size_), io.signature)
            : compat::rsa_pkcs1_verify(key_.rsa(), digest_, hash_len, hash.data(), io.signature);
    return ret == 0 ? CA_OK : CA_REJECTED;
  }

  // A fresh key pair (for RSA: mbedtls_rsa_gen_key's prime search) and its public key: the timed operation.
  int keygen(ca_io& io) {
    Key fresh = load_key(spec_, type_, curve_);
    const auto pub = backend_mbedtls::export_key(fresh, type_, CA_KEY_PUBLIC);
    return sdk::put_output(io, pub.data(), pub.size());
  }

  bool offers(int op) const { return op != CA_OP_SIGN || key_.has_private; }
  std::vector<uint8_t> export_key(int part) { return backend_mbedtls::export_key(key_, type_, part); }

 private:
  SignatureScheme scheme_;
  KeyType type_;
  mbedtls_md_type_t digest_;
  mbedtls_ecp_group_id curve_;
  ca_key_spec spec_;  // algorithm and key bits for keygen, without key pointers
  const mbedtls_md_info_t* md_;
  size_t hash_size_;
  Key key_;
  size_t signature_bytes_ = 0;
};

/// ECDH on a Weierstrass curve: the peer's SubjectPublicKeyInfo is parsed (mbedtls_pk_parse_public_key, which
/// checks the point) inside the timed operation, then mbedtls_ecdh_compute_shared gives the x coordinate of
/// d Q, written at the curve's size.
class Ecdh {
 public:
  Ecdh(const ca_key_spec& spec, mbedtls_ecp_group_id curve)
      : curve_(curve), spec_(generation_spec(spec)), key_(load_key(spec, KeyType::Ec, curve)) {}

  int agree(ca_io& io) {
    if (!key_.has_private) throw std::runtime_error(kPublicOnly);
    mbedtls_ecp_keypair* ec = key_.ec();
    const size_t width = (compat::group(*ec).pbits + 7) / 8;
    if (io.output_cap < width) return CA_BUFFER_TOO_SMALL;
    Pk peer;
    int ret = mbedtls_pk_parse_public_key(peer.get(), io.input, io.input_len);
    if (ret != 0)
      throw sdk::Rejected(error_text("the peer public key was refused (mbedtls_pk_parse_public_key)", ret));
    if (mbedtls_pk_get_type(peer.get()) != MBEDTLS_PK_ECKEY ||
        compat::group(*mbedtls_pk_ec(*peer.get())).id != curve_)
      throw sdk::Rejected("the peer public key is not an EC key on this curve");
    Mpi z;
    ret = mbedtls_ecdh_compute_shared(&compat::group(*ec), z.get(), &compat::public_point(*mbedtls_pk_ec(*peer.get())),
                                      &compat::secret(*ec), Rng::random, key_.rng.get());
    if (ret != 0) throw sdk::Rejected(error_text("mbedtls_ecdh_compute_shared", ret));
    check(mbedtls_mpi_write_binary(z.get(), io.output, width), "mbedtls_mpi_write_binary");
    io.output_len = width;
    return CA_OK;
  }

  int keygen(ca_io& io) {
    Key fresh = load_key(spec_, KeyType::Ec, curve_);
    const auto pub = backend_mbedtls::export_key(fresh, KeyType::Ec, CA_KEY_PUBLIC);
    return sdk::put_output(io, pub.data(), pub.size());
  }

  bool offers(int op) const { return op != CA_OP_AGREE || key_.has_private; }
  std::vector<uint8_t> export_key(int part) { return backend_mbedtls::export_key(key_, KeyType::Ec, part); }

 private:
  mbedtls_ecp_group_id curve_;
  ca_key_spec spec_;
  Key key_;
};

}  // namespace

sdk::Factory rsa_oaep(mbedtls_md_type_t digest) { return sdk::make_factory<RsaOaep>(digest); }

sdk::Factory rsa_pkcs1v15_encryption() { return sdk::make_factory<RsaOaep>(MBEDTLS_MD_NONE); }

sdk::Factory signature(SignatureScheme scheme, mbedtls_md_type_t digest, mbedtls_ecp_group_id curve) {
  return sdk::make_factory<Signature>(scheme, digest, curve);
}

sdk::Factory ecdh(mbedtls_ecp_group_id curve) { return sdk::make_factory<Ecdh>(curve); }

}  // namespace ca::backend_mbedtls
