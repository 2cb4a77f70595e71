// Public-key rows of the libgcrypt backend: RSA-OAEP, RSA-PSS, RSA PKCS#1 v1.5 and ECDSA P-256 through
// gcry_pk_encrypt / decrypt / sign / verify, and Ed25519. libgcrypt keeps keys and data as S-expressions and
// reads no PKCS#8 or SubjectPublicKeyInfo, so the RSA and P-256 keys go through the SDK's DER reader and
// writer (cryptauditor/der.hpp) into and out of S-expressions, once, in create().
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "cryptauditor/der.hpp"
#include "gcrypt_backend.hpp"

namespace ca::backend_gcrypt {
namespace {

using Bytes = std::vector<uint8_t>;
namespace der = ca::sdk::der;

template <class... Args>
Sexp build(const char* what, const char* format, Args... args) {
  gcry_sexp_t out = nullptr;
  check(gcry_sexp_build(&out, nullptr, format, args...), std::string(what) + ": gcry_sexp_build");
  return Sexp(out);
}

/// An unsigned big-endian magnitude as an MPI.
Mpi mpi_from(const Bytes& magnitude) {
  gcry_mpi_t out = nullptr;
  check(gcry_mpi_scan(&out, GCRYMPI_FMT_USG, magnitude.data(), magnitude.size(), nullptr), "gcry_mpi_scan");
  return Mpi(out);
}

/// An MPI as its unsigned big-endian magnitude (empty for 0).
Bytes bytes_of(gcry_mpi_t m) {
  size_t len = 0;
  check(gcry_mpi_print(GCRYMPI_FMT_USG, nullptr, 0, &len, m), "gcry_mpi_print");
  Bytes out(len);
  check(gcry_mpi_print(GCRYMPI_FMT_USG, out.data(), out.size(), &len, m), "gcry_mpi_print");
  out.resize(len);
  return out;
}

/// The value of token `name` in `sexp` as an MPI (unsigned).
Mpi token_mpi(gcry_sexp_t sexp, const char* name) {
  Sexp token(gcry_sexp_find_token(sexp, name, 0));
  gcry_mpi_t m = token ? gcry_sexp_nth_mpi(token.get(), 1, GCRYMPI_FMT_USG) : nullptr;
  if (m == nullptr) throw std::runtime_error(std::string("no '") + name + "' in libgcrypt's S-expression");
  return Mpi(m);
}

/// The raw bytes of token `name` in `sexp`, left-padded with zeros to `width` when width is not 0 (libgcrypt
/// drops leading zero bytes of values it holds as MPIs).
Bytes token_bytes(gcry_sexp_t sexp, const char* name, size_t width = 0) {
  Sexp token(gcry_sexp_find_token(sexp, name, 0));
  size_t len = 0;
  const char* data = token ? gcry_sexp_nth_data(token.get(), 1, &len) : nullptr;
  if (data == nullptr) throw std::runtime_error(std::string("no '") + name + "' in libgcrypt's S-expression");
  if (width == 0) return Bytes(data, data + len);
  return der::fixed_width(std::span(reinterpret_cast<const uint8_t*>(data), len), width, name);
}

Bytes magnitude(const Mpi& m) { return bytes_of(m.get()); }

/// libgcrypt's error codes that mean "this signature, ciphertext or point is not valid", as opposed to a
/// failure of the library itself.
bool is_rejection(gcry_error_t err) {
  switch (gcry_err_code(err)) {
    case GPG_ERR_BAD_SIGNATURE:
    case GPG_ERR_BAD_DATA:
    case GPG_ERR_INV_DATA:
    case GPG_ERR_INV_OBJ:
    case GPG_ERR_ENCODING_PROBLEM:
    case GPG_ERR_BROKEN_PUBKEY:
    case GPG_ERR_DECRYPT_FAILED:
    case GPG_ERR_TOO_SHORT:
    case GPG_ERR_TOO_LARGE:
      return true;
    default:
      return false;
  }
}

using ca::sdk::bytes_or_empty;
using ca::sdk::generation_spec;

// ---- keys
// -------------------------------------------------------------------------------------------------------

enum class KeyFamily { Rsa, Ec };

/// A named Weierstrass curve: its DER description and libgcrypt's name for it.
struct CurveInfo {
  const der::Curve* der;
  const char* gcry_name;
};

CurveInfo curve_info(EcCurve curve) {
  switch (curve) {
    case EcCurve::P256:
      return {&der::kCurveP256, "NIST P-256"};
    case EcCurve::P384:
      return {&der::kCurveP384, "NIST P-384"};
    case EcCurve::P521:
      return {&der::kCurveP521, "NIST P-521"};
    case EcCurve::Secp256k1:
      return {&der::kCurveSecp256k1, "secp256k1"};
  }
  throw std::logic_error("unknown curve");
}

/// The key pair of an RSA or EC context as S-expressions, imported from or exported to DER.
class KeyPair {
 public:
  KeyPair(const ca_key_spec& spec, KeyFamily family, EcCurve curve = EcCurve::P256)
      : family_(family), curve_(curve_info(curve)), algorithm_(spec.algorithm) {
    require_library();
    if (spec.secret_key != nullptr && spec.secret_key_len != 0)
      import_private(std::span(spec.secret_key, spec.secret_key_len));
    else if (spec.public_key != nullptr && spec.public_key_len != 0)
      import_public(std::span(spec.public_key, spec.public_key_len));
    else
      generate(spec.key_bits);
    if (family_ == KeyFamily::Rsa) {
      const unsigned bits = gcry_pk_get_nbits(public_key());
      if (bits != spec.key_bits)
        throw std::runtime_error(algorithm_ + ": the key has " + std::to_string(bits) +
                                 " bits, the run asks for " + std::to_string(spec.key_bits));
      modulus_bytes_ = (bits + 7) / 8;
    }
  }

  gcry_sexp_t public_key() const { return public_.get(); }
  gcry_sexp_t private_key() const { return private_.get(); }
  bool has_private() const { return private_ != nullptr; }
  size_t modulus_bytes() const { return modulus_bytes_; }

  Bytes export_part(int part) const {
    if (part == CA_KEY_PRIVATE) {
      if (!private_) throw std::runtime_error("this context holds only a public key");
      if (family_ == KeyFamily::Ec)
        return der::ec_pkcs8(*curve_.der, magnitude(token_mpi(private_.get(), "d")), public_point());
      // libgcrypt's p < q and u = p^-1 mod q is PKCS#1's (Q, P, qInv) with qInv = Q^-1 mod P.
      der::RsaPrivate k;
      const Mpi d = token_mpi(private_.get(), "d"), p = token_mpi(private_.get(), "p"),
                q = token_mpi(private_.get(), "q");
      k.n = magnitude(token_mpi(private_.get(), "n"));
      k.e = magnitude(token_mpi(private_.get(), "e"));
      k.d = magnitude(d);
      k.p = magnitude(q);
      k.q = magnitude(p);
      k.dp = magnitude(d_mod_prime_minus_one(d.get(), q.get()));
      k.dq = magnitude(d_mod_prime_minus_one(d.get(), p.get()));
      k.qinv = magnitude(token_mpi(private_.get(), "u"));
      return der::rsa_pkcs8(k);
    }
    if (part == CA_KEY_PUBLIC) {
      if (family_ == KeyFamily::Ec) return der::ec_spki(*curve_.der, public_point());
      return der::rsa_spki(
          {magnitude(token_mpi(public_.get(), "n")), magnitude(token_mpi(public_.get(), "e"))});
    }
    throw std::runtime_error("unknown key part " + std::to_string(part));
  }

  /// The uncompressed public point 04 || X || Y of an EC key.
  Bytes public_point() const {
    return der::fixed_width(magnitude(token_mpi(public_.get(), "q")), 1 + 2 * curve_.der->bytes,
                            "EC public point");
  }

  const CurveInfo& curve() const { return curve_; }

 private:
  static Mpi d_mod_prime_minus_one(gcry_mpi_t d, gcry_mpi_t prime) {
    Mpi pm1(gcry_mpi_new(0)), out(gcry_mpi_new(0));
    gcry_mpi_sub_ui(pm1.get(), prime, 1);
    gcry_mpi_mod(out.get(), d, pm1.get());
    return out;
  }

  void import_private(std::span<const uint8_t> der_key) {
    try {
      if (family_ == KeyFamily::Rsa) {
        const der::RsaPrivate k = der::parse_rsa_pkcs8(der_key);
        // PKCS#1 (P, Q, qInv = Q^-1 mod P) becomes libgcrypt's (p, q, u = p^-1 mod q) as p = Q, q = P.
        Mpi n = mpi_from(k.n), e = mpi_from(k.e), d = mpi_from(k.d), p = mpi_from(k.q), q = mpi_from(k.p),
            u = mpi_from(k.qinv);
        // libgcrypt's own keys have p < q (gcry_pk_genkey orders them); a key with p > q gave wrong CRT
        // signatures for some imported keys, so order them and recompute u = p^-1 mod q.
        if (gcry_mpi_cmp(p.get(), q.get()) > 0) {
          std::swap(p, q);
          gcry_mpi_invm(u.get(), p.get(), q.get());
        }
        private_ = build(algorithm_.c_str(), "(private-key (rsa (n %m)(e %m)(d %m)(p %m)(q %m)(u %m)))",
                         n.get(), e.get(), d.get(), p.get(), q.get(), u.get());
        public_ = build(algorithm_.c_str(), "(public-key (rsa (n %m)(e %m)))", n.get(), e.get());
      } else {
        der::EcPrivate k = der::parse_ec_pkcs8(der_key, *curve_.der);
        const Mpi d = mpi_from(k.d);
        if (k.public_point.empty()) k.public_point = ec_public_from(d.get());
        const int qlen = static_cast<int>(k.public_point.size());
        private_ = build(algorithm_.c_str(), "(private-key (ecc (curve %s)(q %b)(d %m)))", curve_.gcry_name,
                         qlen, k.public_point.data(), d.get());
        public_ = build(algorithm_.c_str(), "(public-key (ecc (curve %s)(q %b)))", curve_.gcry_name, qlen,
                        k.public_point.data());
      }
    } catch (const der::Malformed& e) {
      throw std::runtime_error(algorithm_ + ": private key is not PKCS#8 DER of this family: " + e.what());
    }
    // libgcrypt's own consistency check of the private key (RSA: n = p q, the exponents; EC: Q = d G).
    check(gcry_pk_testkey(private_.get()), algorithm_ + ": gcry_pk_testkey");
  }

  void import_public(std::span<const uint8_t> der_key) {
    try {
      if (family_ == KeyFamily::Rsa) {
        const der::RsaPublic k = der::parse_rsa_spki(der_key);
        const Mpi n = mpi_from(k.n), e = mpi_from(k.e);
        public_ = build(algorithm_.c_str(), "(public-key (rsa (n %m)(e %m)))", n.get(), e.get());
      } else {
        const Bytes q = der::parse_ec_spki(der_key, *curve_.der);
        public_ = build(algorithm_.c_str(), "(public-key (ecc (curve %s)(q %b)))", curve_.gcry_name,
                        static_cast<int>(q.size()), q.data());
      }
    } catch (const der::Malformed& e) {
      throw std::runtime_error(algorithm_ +
                               ": public key is not SubjectPublicKeyInfo DER of this family: " + e.what());
    }
  }

  void generate(uint32_t bits) {
    const Sexp params =
        family_ == KeyFamily::Rsa
            ? build(algorithm_.c_str(), "(genkey (rsa (nbits %u)))", static_cast<unsigned>(bits))
            : build(algorithm_.c_str(), "(genkey (ecc (curve %s)))", curve_.gcry_name);
    gcry_sexp_t pair = nullptr;
    check(gcry_pk_genkey(&pair, params.get()), algorithm_ + ": gcry_pk_genkey");
    const Sexp owned(pair);
    private_.reset(gcry_sexp_find_token(pair, "private-key", 0));
    public_.reset(gcry_sexp_find_token(pair, "public-key", 0));
    if (!private_ || !public_) throw std::runtime_error(algorithm_ + ": gcry_pk_genkey gave no key pair");
  }

  // Q = d G, for a PKCS#8 key written without its public point.
  Bytes ec_public_from(gcry_mpi_t d) const {
    const Sexp key = build(algorithm_.c_str(), "(private-key (ecc (curve %s)(d %m)))", curve_.gcry_name, d);
    gcry_ctx_t ctx = nullptr;
    check(gcry_mpi_ec_new(&ctx, key.get(), nullptr), algorithm_ + ": gcry_mpi_ec_new");
    const Mpi q(gcry_mpi_ec_get_mpi("q", ctx, 1));
    gcry_ctx_release(ctx);
    if (!q) throw std::runtime_error(algorithm_ + ": libgcrypt could not derive the public point");
    return der::fixed_width(bytes_of(q.get()), 1 + 2 * curve_.der->bytes, "EC public point");
  }

  KeyFamily family_;
  CurveInfo curve_;
  std::string algorithm_;
  Sexp private_, public_;
  size_t modulus_bytes_ = 0;
};

// ---- RSA-OAEP
// -----------------------------------------------------------------------------------------------------

/// RSAES-OAEP with one hash for OAEP and MGF1 and the label in io.aad (libgcrypt's "label" token; none when
/// empty), or (hash nullptr) RSAES-PKCS1-v1_5.
class RsaOaep {
 public:
  RsaOaep(const ca_key_spec& spec, const char* hash)
      : hash_(hash), label_(hash != nullptr ? "RSA-OAEP" : "RSA PKCS#1 v1.5"), keys_(spec, KeyFamily::Rsa) {}

  bool offers(int op) const { return op != CA_OP_DECRYPT || keys_.has_private(); }
  Bytes export_key(int part) const { return keys_.export_part(part); }

  int encrypt(ca_io& io) {
    const size_t k = keys_.modulus_bytes();
    if (io.output_cap < k) return CA_BUFFER_TOO_SMALL;
    const int len = static_cast<int>(io.input_len);
    if (hash_ == nullptr) ca::sdk::refuse_label(io, "RSAES-PKCS1-v1_5 has no label");
    const int label_len = static_cast<int>(io.aad_len);
    const Sexp data =
        hash_ == nullptr  ? build(label_, "(data (flags pkcs1)(value %b))", len, bytes_or_empty(io.input))
        : io.aad_len == 0 ? build(label_, "(data (flags oaep)(hash-algo %s)(value %b))", hash_, len,
                                  bytes_or_empty(io.input))
                          : build(label_, "(data (flags oaep)(hash-algo %s)(label %b)(value %b))", hash_,
                                  label_len, io.aad, len, bytes_or_empty(io.input));
    gcry_sexp_t result = nullptr;
    check(gcry_pk_encrypt(&result, data.get(), keys_.public_key()),
          std::string(label_) + ": gcry_pk_encrypt");
    const Sexp owned(result);
    const Bytes c = der::fixed_width(magnitude(token_mpi(result, "a")), k, "RSA ciphertext");
    std::memcpy(io.output, c.data(), k);
    io.output_len = k;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    const size_t k = keys_.modulus_bytes();
    // RFC 8017 7.1.2 step 1: exactly k bytes (libgcrypt would read a longer input as the same integer).
    if (io.input_len != k) return CA_REJECTED;
    const Mpi c = mpi_from(Bytes(io.input, io.input + io.input_len));
    if (hash_ == nullptr) ca::sdk::refuse_label(io, "RSAES-PKCS1-v1_5 has no label");
    const int label_len = static_cast<int>(io.aad_len);
    const Sexp data = hash_ == nullptr ? build(label_, "(enc-val (flags pkcs1)(rsa (a %m)))", c.get())
                      : io.aad_len == 0
                          ? build(label_, "(enc-val (flags oaep)(hash-algo %s)(rsa (a %m)))", hash_, c.get())
                          : build(label_, "(enc-val (flags oaep)(hash-algo %s)(label %b)(rsa (a %m)))", hash_,
                                  label_len, io.aad, c.get());
    gcry_sexp_t result = nullptr;
    const gcry_error_t err = gcry_pk_decrypt(&result, data.get(), keys_.private_key());
    if (err != 0) {
      if (is_rejection(err)) return CA_REJECTED;
      throw std::runtime_error(gcrypt_error(std::string(label_) + ": gcry_pk_decrypt", err));
    }
    const Sexp owned(result);
    const Bytes m = token_bytes(result, "value");
    return ca::sdk::put_output(io, m.data(), m.size());
  }

 private:
  const char* hash_;
  const char* label_;
  KeyPair keys_;
};

// ---- signatures
// ---------------------------------------------------------------------------------------------------

class Signer {
 public:
  Signer(const ca_key_spec& spec, SignatureRow row)
      : row_(row),
        spec_(generation_spec(spec)),
        keys_(spec, row.scheme == SignatureScheme::Ecdsa ? KeyFamily::Ec : KeyFamily::Rsa, row.curve),
        digest_len_(gcry_md_get_algo_dlen(row.hash_algo)) {}

  bool offers(int op) const { return op != CA_OP_SIGN || keys_.has_private(); }
  Bytes export_key(int part) const { return keys_.export_part(part); }

  // A fresh key pair (gcry_pk_genkey; for RSA the prime search) and its public key, the timed operation.
  int keygen(ca_io& io) {
    const KeyPair fresh(spec_, family(), row_.curve);
    const Bytes pub = fresh.export_part(CA_KEY_PUBLIC);
    return ca::sdk::put_output(io, pub.data(), pub.size());
  }

  int sign(ca_io& io) {
    const Sexp data = hashed(io);
    gcry_sexp_t sig = nullptr;
    check(gcry_pk_sign(&sig, data.get(), keys_.private_key()), "gcry_pk_sign");
    const Sexp owned(sig);
    if (row_.scheme == SignatureScheme::Ecdsa) {
      const Bytes out = der::ecdsa_signature(magnitude(token_mpi(sig, "r")), magnitude(token_mpi(sig, "s")));
      return ca::sdk::put_output(io, out.data(), out.size());
    }
    const Bytes s = der::fixed_width(magnitude(token_mpi(sig, "s")), keys_.modulus_bytes(), "RSA signature");
    return ca::sdk::put_output(io, s.data(), s.size());
  }

  int verify(ca_io& io) {
    Sexp sig;
    if (row_.scheme == SignatureScheme::Ecdsa) {
      const size_t width = keys_.curve().der->bytes;
      const auto parsed = der::parse_ecdsa_signature({io.signature, io.signature_len});
      if (!parsed || parsed->r.size() > width || parsed->s.size() > width) return CA_REJECTED;
      const Mpi r = mpi_from(parsed->r), s = mpi_from(parsed->s);
      sig = build("ECDSA", "(sig-val (ecdsa (r %m)(s %m)))", r.get(), s.get());
    } else {
      // RFC 8017 8.1.2 / 8.2.2 step 1: the signature is exactly k bytes.
      if (io.signature_len != keys_.modulus_bytes()) return CA_REJECTED;
      const Mpi s = mpi_from(Bytes(io.signature, io.signature + io.signature_len));
      sig = build("RSA", "(sig-val (rsa (s %m)))", s.get());
    }
    const Sexp data = hashed(io);
    const gcry_error_t err = gcry_pk_verify(sig.get(), data.get(), keys_.public_key());
    if (err == 0) return CA_OK;
    if (is_rejection(err)) return CA_REJECTED;
    throw std::runtime_error(gcrypt_error("gcry_pk_verify", err));
  }

 private:
  // The message is hashed here, inside the operation (gcry_pk_sign takes the digest), and wrapped in the
  // data S-expression of the scheme: PSS with MGF1 of the same hash and a salt of the digest's length (32
  // bytes for SHA-256, 64 for SHA-512), PKCS#1 v1.5 with the
  // hash's DigestInfo, or the bare digest for ECDSA (a random nonce per signature; no RFC 6979 flag).
  Sexp hashed(const ca_io& io) const {
    uint8_t digest[64];
    gcry_md_hash_buffer(row_.hash_algo, digest, io.input, io.input_len);
    const int len = static_cast<int>(digest_len_);
    switch (row_.scheme) {
      case SignatureScheme::RsaPss:
        return build("RSA-PSS", "(data (flags pss)(hash %s %b)(salt-length %u))", row_.hash_name, len, digest,
                     static_cast<unsigned>(digest_len_));  // the salt is as long as the digest
      case SignatureScheme::RsaPkcs1:
        return build("RSA-PKCS1V15", "(data (flags pkcs1)(hash %s %b))", row_.hash_name, len, digest);
      case SignatureScheme::Ecdsa: {
        const Mpi value = mpi_from(Bytes(digest, digest + len));
        return build("ECDSA", "(data (flags raw)(value %m))", value.get());
      }
    }
    throw std::logic_error("unknown signature scheme");
  }

  KeyFamily family() const { return row_.scheme == SignatureScheme::Ecdsa ? KeyFamily::Ec : KeyFamily::Rsa; }

  SignatureRow row_;
  ca_key_spec spec_;  // algorithm and key bits for keygen; with no key pointers, so keygen generates
  KeyPair keys_;
  size_t digest_len_;
};

// ---- EdDSA: Ed25519 and Ed448
// -------------------------------------------------------------------------------------

/// The S-expression spellings of one Edwards curve. Ed25519 needs libgcrypt's "eddsa" flag and names its
/// hash; Ed448 is EdDSA by default and hashes with SHAKE256 inside (pure, empty context: RFC 8032 5.2).
struct EdwardsCurve {
  const char* label;  // catalog name, for messages
  size_t bytes;       // raw seed, public key and each signature half: 32 / 57
  const char* genkey;
  const char* public_key;   // (q %b)
  const char* private_key;  // (q %b)(d %b)
  const char* seed_only;    // (d %b)
  const char* data;         // (value %b)
};

constexpr EdwardsCurve kEd25519{"EDDSA",
                                32,
                                "(genkey (ecc (curve Ed25519)(flags eddsa)))",
                                "(public-key (ecc (curve Ed25519)(flags eddsa)(q %b)))",
                                "(private-key (ecc (curve Ed25519)(flags eddsa)(q %b)(d %b)))",
                                "(private-key (ecc (curve Ed25519)(flags eddsa)(d %b)))",
                                "(data (flags eddsa)(hash-algo sha512)(value %b))"};
constexpr EdwardsCurve kEd448{"ED448",
                              57,
                              "(genkey (ecc (curve Ed448)))",
                              "(public-key (ecc (curve Ed448)(q %b)))",
                              "(private-key (ecc (curve Ed448)(q %b)(d %b)))",
                              "(private-key (ecc (curve Ed448)(d %b)))",
                              "(data (value %b))"};

/// A raw key pair of an Edwards curve: imported (raw seed or raw public key, RFC 8032) or generated.
struct EdwardsKeys {
  Bytes seed, public_key;

  static EdwardsKeys generate(const EdwardsCurve& c) {
    const Sexp params = build(c.label, c.genkey);
    gcry_sexp_t key = nullptr;
    check(gcry_pk_genkey(&key, params.get()), std::string(c.label) + ": gcry_pk_genkey");
    const Sexp owned(key);
    return {token_bytes(key, "d", c.bytes), token_bytes(key, "q", c.bytes)};
  }
};

class Edwards {
 public:
  Edwards(const ca_key_spec& spec, const EdwardsCurve* curve) : c_(*curve) {
    require_library();
    if (spec.secret_key != nullptr && spec.secret_key_len != 0) {
      require_raw(spec.secret_key_len, "private key (seed)");
      keys_.seed.assign(spec.secret_key, spec.secret_key + c_.bytes);
      keys_.public_key = public_from_seed(keys_.seed);
    } else if (spec.public_key != nullptr && spec.public_key_len != 0) {
      require_raw(spec.public_key_len, "public key");
      keys_.public_key.assign(spec.public_key, spec.public_key + c_.bytes);
    } else {
      keys_ = EdwardsKeys::generate(c_);
    }
    // The private key carries Q so that signing does not derive it from the seed every time.
    public_sexp_ = build(c_.label, c_.public_key, len(), keys_.public_key.data());
    if (!keys_.seed.empty())
      private_sexp_ =
          build(c_.label, c_.private_key, len(), keys_.public_key.data(), len(), keys_.seed.data());
  }

  bool offers(int op) const { return op != CA_OP_SIGN || private_sexp_ != nullptr; }

  int sign(ca_io& io) {
    if (io.output_cap < 2 * c_.bytes) return CA_BUFFER_TOO_SMALL;
    const Sexp data = message(io);
    gcry_sexp_t sig = nullptr;
    check(gcry_pk_sign(&sig, data.get(), private_sexp_.get()), std::string(c_.label) + ": gcry_pk_sign");
    const Sexp owned(sig);
    const Bytes r = token_bytes(sig, "r", c_.bytes);
    const Bytes s = token_bytes(sig, "s", c_.bytes);
    std::memcpy(io.output, r.data(), c_.bytes);
    std::memcpy(io.output + c_.bytes, s.data(), c_.bytes);
    io.output_len = 2 * c_.bytes;
    return CA_OK;
  }

  int verify(ca_io& io) {
    if (io.signature_len != 2 * c_.bytes) return CA_REJECTED;
    const Sexp data = message(io);
    const Sexp sig = build(c_.label, "(sig-val (eddsa (r %b)(s %b)))", len(), io.signature, len(),
                           io.signature + c_.bytes);
    const gcry_error_t err = gcry_pk_verify(sig.get(), data.get(), public_sexp_.get());
    if (err == 0) return CA_OK;
    if (is_rejection(err)) return CA_REJECTED;
    throw std::runtime_error(gcrypt_error(std::string(c_.label) + ": gcry_pk_verify", err));
  }

  int keygen(ca_io& io) {
    const EdwardsKeys fresh = EdwardsKeys::generate(c_);
    return ca::sdk::put_output(io, fresh.public_key.data(), fresh.public_key.size());
  }

  Bytes export_key(int part) const { return sdk::export_raw_key(part, keys_.seed, keys_.public_key); }

 private:
  int len() const { return static_cast<int>(c_.bytes); }

  void require_raw(size_t got, const char* what) const {
    if (got != c_.bytes)
      throw std::runtime_error(std::string(c_.label) + " " + what + " must be the raw " +
                               std::to_string(c_.bytes) + " bytes (RFC 8032), got " + std::to_string(got));
  }

  // Pure EdDSA: the whole message goes into the data S-expression (libgcrypt copies it) and the hash is run
  // inside gcry_pk_sign / gcry_pk_verify.
  Sexp message(const ca_io& io) const {
    return build(c_.label, c_.data, static_cast<int>(io.input_len), bytes_or_empty(io.input));
  }

  Bytes public_from_seed(const Bytes& seed) const {
    const Sexp key = build(c_.label, c_.seed_only, len(), seed.data());
    gcry_ctx_t ctx = nullptr;
    check(gcry_mpi_ec_new(&ctx, key.get(), nullptr), std::string(c_.label) + ": gcry_mpi_ec_new");
    const Mpi q(gcry_mpi_ec_get_mpi("q@eddsa", ctx, 1));  // derived from d, in RFC 8032 encoding
    gcry_ctx_release(ctx);
    unsigned int bits = 0;
    const auto* data = q ? static_cast<const uint8_t*>(gcry_mpi_get_opaque(q.get(), &bits)) : nullptr;
    if (data == nullptr || bits != 8 * c_.bytes)
      throw std::runtime_error(std::string(c_.label) + ": libgcrypt could not derive the public key");
    return Bytes(data, data + c_.bytes);
  }

  const EdwardsCurve& c_;
  EdwardsKeys keys_;
  Sexp public_sexp_, private_sexp_;
};

// ---- key agreement
// ------------------------------------------------------------------------------------------------

/// ECDH on a NIST curve. libgcrypt's ECDH is its ECC "decryption": gcry_pk_decrypt of (enc-val (ecdh (e P)))
/// with our private key d gives the point d P (libgcrypt checks that P is on the curve first); the shared
/// secret is its x coordinate. Decoding the peer's SubjectPublicKeyInfo is part of the timed operation.
class Ecdh {
 public:
  Ecdh(const ca_key_spec& spec, EcCurve curve)
      : spec_(generation_spec(spec)), curve_(curve), keys_(spec, KeyFamily::Ec, curve) {}

  bool offers(int op) const { return op != CA_OP_AGREE || keys_.has_private(); }
  Bytes export_key(int part) const { return keys_.export_part(part); }

  int agree(ca_io& io) {
    const size_t width = keys_.curve().der->bytes;
    if (io.output_cap < width) return CA_BUFFER_TOO_SMALL;
    Bytes peer;
    try {
      peer = der::parse_ec_spki({io.input, io.input_len}, *keys_.curve().der);
    } catch (const der::Malformed& e) {
      throw ca::sdk::Rejected(std::string(spec_.algorithm) + ": peer public key: " + e.what());
    }
    const Sexp data =
        build(spec_.algorithm, "(enc-val (ecdh (e %b)))", static_cast<int>(peer.size()), peer.data());
    gcry_sexp_t result = nullptr;
    const gcry_error_t err = gcry_pk_decrypt(&result, data.get(), keys_.private_key());
    if (err != 0) {
      if (is_rejection(err)) throw ca::sdk::Rejected(gcrypt_error("the peer public key was refused", err));
      throw std::runtime_error(gcrypt_error(std::string(spec_.algorithm) + ": gcry_pk_decrypt", err));
    }
    const Sexp owned(result);
    const Bytes point =
        der::fixed_width(magnitude(token_mpi(result, "value")), 1 + 2 * width, "shared point");
    std::memcpy(io.output, point.data() + 1, width);
    io.output_len = width;
    return CA_OK;
  }

  int keygen(ca_io& io) {
    const KeyPair fresh(spec_, KeyFamily::Ec, curve_);
    const Bytes pub = fresh.export_part(CA_KEY_PUBLIC);
    return ca::sdk::put_output(io, pub.data(), pub.size());
  }

 private:
  ca_key_spec spec_;
  EcCurve curve_;
  KeyPair keys_;
};

/// X25519 / X448 (RFC 7748) with gcry_ecc_mul_point, libgcrypt's Montgomery-ladder scalar multiplication:
/// raw keys; a key pair is a random scalar (gcry_randomize) and its product with the base point.
class Montgomery {
 public:
  Montgomery(const ca_key_spec& spec, int curve_id)
      : algorithm_(spec.algorithm), curve_id_(curve_id), bytes_(gcry_ecc_get_algo_keylen(curve_id)) {
    require_library();
    if (spec.secret_key != nullptr && spec.secret_key_len != 0) {
      require_raw(spec.secret_key_len, "private key");
      private_.assign(spec.secret_key, spec.secret_key + bytes_);
      public_ = public_from(private_);
    } else if (spec.public_key != nullptr && spec.public_key_len != 0) {
      require_raw(spec.public_key_len, "public key");
      public_.assign(spec.public_key, spec.public_key + bytes_);
    } else {
      private_ = random_scalar();
      public_ = public_from(private_);
    }
  }

  bool offers(int op) const { return op != CA_OP_AGREE || !private_.empty(); }

  int agree(ca_io& io) {
    if (io.input_len != bytes_)
      throw ca::sdk::Rejected(algorithm_ + ": the peer public key must be " + std::to_string(bytes_) +
                              " raw bytes, got " + std::to_string(io.input_len));
    if (io.output_cap < bytes_) return CA_BUFFER_TOO_SMALL;
    check(gcry_ecc_mul_point(curve_id_, io.output, private_.data(), io.input),
          algorithm_ + ": gcry_ecc_mul_point");
    // RFC 7748 section 6: an all-zero secret means a small-order peer key; refused, as OpenSSL and
    // libsodium refuse it (libgcrypt returns it).
    uint8_t any = 0;
    for (size_t i = 0; i < bytes_; ++i) any |= io.output[i];
    ca::sdk::declassify(&any, sizeof any);  // whether the secret is all zero is public (the key is refused)
    if (any == 0) throw ca::sdk::Rejected(algorithm_ + ": the peer public key gives the all-zero secret");
    io.output_len = bytes_;
    return CA_OK;
  }

  int keygen(ca_io& io) {
    if (io.output_cap < bytes_) return CA_BUFFER_TOO_SMALL;
    const Bytes scalar = random_scalar();
    check(gcry_ecc_mul_point(curve_id_, io.output, scalar.data(), nullptr),
          algorithm_ + ": gcry_ecc_mul_point");
    io.output_len = bytes_;
    return CA_OK;
  }

  Bytes export_key(int part) const { return sdk::export_raw_key(part, private_, public_); }

 private:
  void require_raw(size_t got, const char* what) const {
    if (got != bytes_)
      throw std::runtime_error(algorithm_ + " " + what + " must be the raw " + std::to_string(bytes_) +
                               " bytes (RFC 7748), got " + std::to_string(got));
  }
  Bytes random_scalar() const {
    Bytes k(bytes_);
    gcry_randomize(k.data(), k.size(), GCRY_STRONG_RANDOM);
    return k;
  }
  // A null point is the base point (u = 9 / u = 5).
  Bytes public_from(const Bytes& scalar) const {
    Bytes out(bytes_);
    check(gcry_ecc_mul_point(curve_id_, out.data(), scalar.data(), nullptr),
          algorithm_ + ": gcry_ecc_mul_point");
    return out;
  }

  std::string algorithm_;
  int curve_id_;
  size_t bytes_;
  Bytes private_, public_;
};

}  // namespace

sdk::Factory ed25519_factory() { return sdk::make_factory<Edwards>(&kEd25519); }
sdk::Factory ed448_factory() { return sdk::make_factory<Edwards>(&kEd448); }
sdk::Factory rsa_oaep_factory(const char* hash) { return sdk::make_factory<RsaOaep>(hash); }
sdk::Factory rsa_pkcs1v15_encryption_factory() {
  return sdk::make_factory<RsaOaep>(static_cast<const char*>(nullptr));
}
sdk::Factory signature_factory(SignatureRow row) { return sdk::make_factory<Signer>(row); }
sdk::Factory ecdh_factory(EcCurve curve) { return sdk::make_factory<Ecdh>(curve); }
sdk::Factory x25519_factory() { return sdk::make_factory<Montgomery>(static_cast<int>(GCRY_ECC_CURVE25519)); }
sdk::Factory x448_factory() { return sdk::make_factory<Montgomery>(static_cast<int>(GCRY_ECC_CURVE448)); }

}  // namespace ca::backend_gcrypt
