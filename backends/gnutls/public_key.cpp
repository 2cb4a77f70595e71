// Public-key rows of the GnuTLS backend: RSASSA-PKCS1-v1_5 and RSASSA-PSS, ECDSA on P-256 / P-384 / P-521,
// Ed25519 / Ed448, and RSAES-PKCS1-v1_5 encryption, through the abstract key API as GnuTLS's users call it:
// gnutls_privkey_sign_data2 and gnutls_pubkey_verify_data2, which hash the message themselves, and
// gnutls_pubkey_encrypt_data / gnutls_privkey_decrypt_data. Keys come in once, in create(): the job's PKCS#8
// through gnutls_x509_privkey_import_pkcs8 (the raw EdDSA seeds wrapped in RFC 8410's PKCS#8 first), a
// SubjectPublicKeyInfo through gnutls_pubkey_import, or a new pair from gnutls_x509_privkey_generate.
#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <nettle/bignum.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cryptauditor/der.hpp"
#include "gnutls_backend.hpp"

namespace ca::backend_gnutls {
namespace {

using Bytes = std::vector<uint8_t>;
namespace der = ca::sdk::der;

using X509KeyPtr = sdk::Ptr<std::remove_pointer_t<gnutls_x509_privkey_t>, gnutls_x509_privkey_deinit>;
using PrivKeyPtr = sdk::Ptr<std::remove_pointer_t<gnutls_privkey_t>, gnutls_privkey_deinit>;
using PubKeyPtr = sdk::Ptr<std::remove_pointer_t<gnutls_pubkey_t>, gnutls_pubkey_deinit>;

/// A datum GnuTLS allocated, freed with gnutls_free.
class Allocated {
 public:
  Allocated() = default;
  Allocated(const Allocated&) = delete;
  Allocated& operator=(const Allocated&) = delete;
  ~Allocated() { gnutls_free(d_.data); }
  gnutls_datum_t* get() { return &d_; }
  Bytes bytes() const { return Bytes(d_.data, d_.data + d_.size); }
  const gnutls_datum_t& datum() const { return d_; }

 private:
  gnutls_datum_t d_{nullptr, 0};
};

bool is_eddsa(gnutls_pk_algorithm_t pk) {
  return pk == GNUTLS_PK_EDDSA_ED25519 || pk == GNUTLS_PK_EDDSA_ED448;
}

/// RFC 8410 section 7's PKCS#8 around a raw EdDSA private key (the RFC 8032 seed).
Bytes eddsa_pkcs8(gnutls_pk_algorithm_t pk, std::span<const uint8_t> seed) {
  const Bytes oid = pk == GNUTLS_PK_EDDSA_ED25519 ? Bytes{0x2b, 0x65, 0x70} : Bytes{0x2b, 0x65, 0x71};
  return der::sequence(
      {der::small_integer(0), der::sequence({der::tlv(der::kOid, oid)}),
       der::tlv(der::kOctetString, der::tlv(der::kOctetString, Bytes(seed.begin(), seed.end())))});
}

const der::Curve& der_curve(gnutls_ecc_curve_t c) {
  switch (c) {
    case GNUTLS_ECC_CURVE_SECP256R1:
      return der::kCurveP256;
    case GNUTLS_ECC_CURVE_SECP384R1:
      return der::kCurveP384;
    case GNUTLS_ECC_CURVE_SECP521R1:
      return der::kCurveP521;
    default:
      throw std::logic_error("no DER curve for this GnuTLS curve");
  }
}

const ecc_curve* nettle_curve(gnutls_ecc_curve_t c) {
  switch (c) {
    case GNUTLS_ECC_CURVE_SECP256R1:
      return nettle_get_secp_256r1();
    case GNUTLS_ECC_CURVE_SECP384R1:
      return nettle_get_secp_384r1();
    case GNUTLS_ECC_CURVE_SECP521R1:
      return nettle_get_secp_521r1();
    default:
      throw std::logic_error("no Nettle curve for this GnuTLS curve");
  }
}

/// Q = d G as X and Y magnitudes, with Nettle (GnuTLS's own arithmetic library): only for an EC private key
/// whose PKCS#8 carries no public point (RFC 5915 makes it optional), which GnuTLS 3.7 cannot import.
std::pair<Bytes, Bytes> public_point_of(gnutls_ecc_curve_t curve, const Bytes& d) {
  const ecc_curve* c = nettle_curve(curve);
  mpz_t k, x, y;
  mpz_init(k);
  mpz_init(x);
  mpz_init(y);
  nettle_mpz_set_str_256_u(k, d.size(), d.data());
  ecc_scalar scalar;
  ecc_point point;
  ecc_scalar_init(&scalar, c);
  ecc_point_init(&point, c);
  const bool ok = ecc_scalar_set(&scalar, k) != 0;
  if (ok) {
    ecc_point_mul_g(&point, &scalar);
    ecc_point_get(&point, x, y);
  }
  auto bytes_of = [](mpz_srcptr v) {
    Bytes out(nettle_mpz_sizeinbase_256_u(v));
    nettle_mpz_get_str_256(out.size(), out.data(), v);
    return out;
  };
  std::pair<Bytes, Bytes> out{bytes_of(x), bytes_of(y)};
  ecc_point_clear(&point);
  ecc_scalar_clear(&scalar);
  mpz_clear(k);
  mpz_clear(x);
  mpz_clear(y);
  if (!ok) throw std::runtime_error("the EC private key is not in [1, n-1]");
  return out;
}

class Signature {
 public:
  Signature(const ca_key_spec& spec, SignScheme scheme) : algorithm_(spec.algorithm), s_(scheme) {
    gnutls_pubkey_t pub = nullptr;
    check(gnutls_pubkey_init(&pub), "gnutls_pubkey_init");
    pub_.reset(pub);
    if (spec.secret_key != nullptr && spec.secret_key_len != 0) {
      if (is_eddsa(s_.pk)) {
        const size_t size = gnutls_ecc_curve_get_size(s_.curve);
        if (spec.secret_key_len != size)
          throw std::runtime_error(algorithm_ + " private key must be the raw " + std::to_string(size) +
                                   " bytes (RFC 8032), got " + std::to_string(spec.secret_key_len));
        load_private(eddsa_pkcs8(s_.pk, sdk::secret(spec)));
      } else if (s_.pk == GNUTLS_PK_ECDSA) {
        load_ec_private(Bytes(spec.secret_key, spec.secret_key + spec.secret_key_len));
      } else {
        load_private(Bytes(spec.secret_key, spec.secret_key + spec.secret_key_len));
      }
    } else if (spec.public_key != nullptr && spec.public_key_len != 0) {
      load_public(spec);
    } else {
      generate(spec);
    }
    check_size(spec);
  }

  // A signature row signs and verifies; the RSAES-PKCS1-v1_5 row (no signature algorithm) encrypts and
  // decrypts. Signing and decrypting need the private key.
  bool offers(int op) const {
    const bool encryption = s_.sign == GNUTLS_SIGN_UNKNOWN;
    if (op == CA_OP_SIGN || op == CA_OP_VERIFY)
      return !encryption && (op == CA_OP_VERIFY || priv_ != nullptr);
    if (op == CA_OP_ENCRYPT || op == CA_OP_DECRYPT)
      return encryption && (op == CA_OP_ENCRYPT || priv_ != nullptr);
    return true;
  }

  int sign(ca_io& io) {
    const gnutls_datum_t data = datum(io.input, io.input_len);
    Allocated sig;
    check(gnutls_privkey_sign_data2(priv_.get(), s_.sign, 0, &data, sig.get()), "gnutls_privkey_sign_data2");
    return sdk::put_output(io, sig.datum().data, sig.datum().size);
  }

  int verify(ca_io& io) {
    const gnutls_datum_t data = datum(io.input, io.input_len);
    const gnutls_datum_t sig = datum(io.signature, io.signature_len);
    const int ret = gnutls_pubkey_verify_data2(pub_.get(), s_.sign, s_.verify_flags, &data, &sig);
    if (ret < 0) throw sdk::Rejected(algorithm_ + ": gnutls_pubkey_verify_data2: " + gnutls_strerror(ret));
    return CA_OK;
  }

  // RSAES-PKCS1-v1_5 (RFC 8017 7.2): gnutls_pubkey_encrypt_data, the ciphertext written as k bytes.
  int encrypt(ca_io& io) {
    const size_t k = modulus_bytes();
    if (io.output_cap < k) return CA_BUFFER_TOO_SMALL;
    sdk::refuse_label(io, "RSAES-PKCS1-v1_5 has no label");
    sdk::require_message_at_most(io, k - 11, "RSA PKCS#1 v1.5", "RSAES-PKCS1-v1_5 with this modulus");
    const gnutls_datum_t m = datum(io.input, io.input_len);
    Allocated c;
    check(gnutls_pubkey_encrypt_data(pub_.get(), 0, &m, c.get()), "gnutls_pubkey_encrypt_data");
    const Bytes out = der::fixed_width(c.bytes(), k, "RSA ciphertext");
    return sdk::put_output(io, out.data(), out.size());
  }

  // gnutls_privkey_decrypt_data; a ciphertext that is not k bytes (RFC 8017 7.2.2 step 1) or does not
  // decrypt to a valid padding is CA_REJECTED.
  int decrypt(ca_io& io) {
    if (io.input_len != modulus_bytes()) return CA_REJECTED;
    sdk::refuse_label(io, "RSAES-PKCS1-v1_5 has no label");
    const gnutls_datum_t c = datum(io.input, io.input_len);
    Allocated m;
    const int ret = gnutls_privkey_decrypt_data(priv_.get(), 0, &c, m.get());
    if (ret < 0) throw sdk::Rejected(algorithm_ + ": gnutls_privkey_decrypt_data: " + gnutls_strerror(ret));
    return sdk::put_output(io, m.datum().data, m.datum().size);
  }

  Bytes export_key(int part) const {
    if (part == CA_KEY_PRIVATE) {
      if (!x509_) throw std::runtime_error("this context holds only a public key");
      if (is_eddsa(s_.pk)) return raw_eddsa(true);
      if (s_.pk == GNUTLS_PK_ECDSA) return ec_pkcs8();
      Allocated out;
      check(gnutls_x509_privkey_export2_pkcs8(x509_.get(), GNUTLS_X509_FMT_DER, nullptr, GNUTLS_PKCS_PLAIN,
                                              out.get()),
            "gnutls_x509_privkey_export2_pkcs8");
      return out.bytes();
    }
    if (part == CA_KEY_PUBLIC) {
      if (is_eddsa(s_.pk)) return raw_eddsa(false);
      Allocated out;
      check(gnutls_pubkey_export2(pub_.get(), GNUTLS_X509_FMT_DER, out.get()), "gnutls_pubkey_export2");
      return out.bytes();
    }
    throw std::runtime_error("unknown key part " + std::to_string(part));
  }

 private:
  void load_private(const Bytes& pkcs8) {
    gnutls_x509_privkey_t x = nullptr;
    check(gnutls_x509_privkey_init(&x), "gnutls_x509_privkey_init");
    x509_.reset(x);
    const gnutls_datum_t der_key = datum(pkcs8.data(), pkcs8.size());
    check(gnutls_x509_privkey_import_pkcs8(x, &der_key, GNUTLS_X509_FMT_DER, nullptr, GNUTLS_PKCS_PLAIN),
          algorithm_ + ": the private key is not PKCS#8 GnuTLS reads (gnutls_x509_privkey_import_pkcs8)");
    finish_private();
  }

  // GnuTLS 3.7 reads an EC PKCS#8 only with the public point in its ECPrivateKey ("Element was not found"
  // otherwise); RFC 5915 makes the point optional and some libraries leave it out. Such a key is imported
  // from its raw scalar and the point computed with Nettle (gnutls_x509_privkey_import_ecc_raw).
  void load_ec_private(const Bytes& pkcs8) {
    der::EcPrivate k;
    try {
      k = der::parse_ec_pkcs8(pkcs8, der_curve(s_.curve));
    } catch (const der::Malformed& e) {
      throw std::runtime_error(algorithm_ + ": key is not PKCS#8 DER on " +
                               gnutls_ecc_curve_get_name(s_.curve) + ": " + e.what());
    }
    if (!k.public_point.empty()) {
      load_private(pkcs8);
      return;
    }
    const auto [x, y] = public_point_of(s_.curve, k.d);
    gnutls_x509_privkey_t key = nullptr;
    check(gnutls_x509_privkey_init(&key), "gnutls_x509_privkey_init");
    x509_.reset(key);
    const gnutls_datum_t dx = datum(x.data(), x.size()), dy = datum(y.data(), y.size()),
                         dk = datum(k.d.data(), k.d.size());
    check(gnutls_x509_privkey_import_ecc_raw(key, s_.curve, &dx, &dy, &dk),
          algorithm_ + ": gnutls_x509_privkey_import_ecc_raw");
    finish_private();
  }

  void generate(const ca_key_spec& spec) {
    gnutls_x509_privkey_t x = nullptr;
    check(gnutls_x509_privkey_init(&x), "gnutls_x509_privkey_init");
    x509_.reset(x);
    const unsigned bits = s_.pk == GNUTLS_PK_RSA ? spec.key_bits : GNUTLS_CURVE_TO_BITS(s_.curve);
    check(gnutls_x509_privkey_generate(x, s_.pk, bits, 0), algorithm_ + ": gnutls_x509_privkey_generate");
    finish_private();
  }

  // The abstract private key over a copy of the X.509 key, and the public key derived from it.
  void finish_private() {
    if (gnutls_x509_privkey_get_pk_algorithm(x509_.get()) != static_cast<int>(s_.pk))
      throw std::runtime_error(algorithm_ + ": the private key is of another algorithm");
    gnutls_privkey_t p = nullptr;
    check(gnutls_privkey_init(&p), "gnutls_privkey_init");
    priv_.reset(p);
    check(gnutls_privkey_import_x509(p, x509_.get(), GNUTLS_PRIVKEY_IMPORT_COPY),
          "gnutls_privkey_import_x509");
    check(gnutls_pubkey_import_privkey(pub_.get(), p, 0, 0), "gnutls_pubkey_import_privkey");
  }

  void load_public(const ca_key_spec& spec) {
    if (is_eddsa(s_.pk)) {
      const size_t size = gnutls_ecc_curve_get_size(s_.curve);
      if (spec.public_key_len != size)
        throw std::runtime_error(algorithm_ + " public key must be the raw " + std::to_string(size) +
                                 " bytes (RFC 8032), got " + std::to_string(spec.public_key_len));
      const gnutls_datum_t x = datum(spec.public_key, spec.public_key_len);
      check(gnutls_pubkey_import_ecc_raw(pub_.get(), s_.curve, &x, nullptr),
            algorithm_ + ": gnutls_pubkey_import_ecc_raw");
      return;
    }
    const gnutls_datum_t d = datum(spec.public_key, spec.public_key_len);
    check(gnutls_pubkey_import(pub_.get(), &d, GNUTLS_X509_FMT_DER),
          algorithm_ + ": the public key is not a SubjectPublicKeyInfo GnuTLS reads (gnutls_pubkey_import)");
  }

  // The key must be the run's: its algorithm and curve, or for RSA its modulus size.
  void check_size(const ca_key_spec& spec) {
    unsigned bits = 0;
    const int pk = gnutls_pubkey_get_pk_algorithm(pub_.get(), &bits);
    if (pk != static_cast<int>(s_.pk))
      throw std::runtime_error(algorithm_ + ": the key is of another algorithm");
    bits_ = bits;
    if (s_.pk == GNUTLS_PK_RSA && bits != spec.key_bits)
      throw std::runtime_error(algorithm_ + ": the key has " + std::to_string(bits) +
                               " bits, the run asks for " + std::to_string(spec.key_bits));
    if (s_.pk == GNUTLS_PK_ECDSA) {
      gnutls_ecc_curve_t curve = GNUTLS_ECC_CURVE_INVALID;
      check(gnutls_pubkey_export_ecc_raw2(pub_.get(), &curve, nullptr, nullptr, 0),
            "gnutls_pubkey_export_ecc_raw2");
      if (curve != s_.curve)
        throw std::runtime_error(algorithm_ + ": the key is on " + gnutls_ecc_curve_get_name(curve) +
                                 ", not " + gnutls_ecc_curve_get_name(s_.curve));
    }
  }

  // PKCS#8 of an EC key written by the SDK from GnuTLS's raw scalar and point, so that the scalar has the
  // curve's fixed width (RFC 5915 section 3), whatever GnuTLS's own encoder does with leading zeros.
  Bytes ec_pkcs8() const {
    Allocated x, y, k;
    gnutls_ecc_curve_t curve = GNUTLS_ECC_CURVE_INVALID;
    check(gnutls_x509_privkey_export_ecc_raw(x509_.get(), &curve, x.get(), y.get(), k.get()),
          "gnutls_x509_privkey_export_ecc_raw");
    const der::Curve& c = der_curve(curve);
    Bytes point{0x04};
    for (const Allocated* coord : {&x, &y}) {
      const Bytes b = der::fixed_width(coord->bytes(), c.bytes, "EC coordinate");
      point.insert(point.end(), b.begin(), b.end());
    }
    return der::ec_pkcs8(c, k.bytes(), point);
  }

  Bytes raw_eddsa(bool private_part) const {
    Allocated x, k;
    gnutls_ecc_curve_t curve = GNUTLS_ECC_CURVE_INVALID;
    if (private_part) {
      check(gnutls_x509_privkey_export_ecc_raw(x509_.get(), &curve, x.get(), nullptr, k.get()),
            "gnutls_x509_privkey_export_ecc_raw");
      return k.bytes();
    }
    check(gnutls_pubkey_export_ecc_raw2(pub_.get(), &curve, x.get(), nullptr, 0),
          "gnutls_pubkey_export_ecc_raw2");
    return x.bytes();
  }

  size_t modulus_bytes() const { return (bits_ + 7) / 8; }

  std::string algorithm_;
  SignScheme s_;
  unsigned bits_ = 0;
  X509KeyPtr x509_;
  PrivKeyPtr priv_;
  PubKeyPtr pub_;
};

}  // namespace

sdk::Factory signature(SignScheme s) { return sdk::make_factory<Signature>(s); }

}  // namespace ca::backend_gnutls
