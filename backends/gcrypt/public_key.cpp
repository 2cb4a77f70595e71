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

namespace ca::gcrypt {
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

const uint8_t* bytes_or_empty(const uint8_t* p) {
  static const uint8_t none = 0;
  return p != nullptr ? p : &none;
}

// ---- keys
// -------------------------------------------------------------------------------------------------------

enum class KeyFamily { Rsa, P256 };

/// The key pair of an RSA or P-256 context as S-expressions, imported from or exported to DER.
class KeyPair {
 public:
  KeyPair(const ca_key_spec& spec, KeyFamily family) : family_(family), algorithm_(spec.algorithm) {
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
      if (family_ == KeyFamily::P256)
        return der::p256_pkcs8(magnitude(token_mpi(private_.get(), "d")), token_bytes(public_.get(), "q"));
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
      if (family_ == KeyFamily::P256) return der::p256_spki(token_bytes(public_.get(), "q"));
      return der::rsa_spki(
          {magnitude(token_mpi(public_.get(), "n")), magnitude(token_mpi(public_.get(), "e"))});
    }
    throw std::runtime_error("unknown key part " + std::to_string(part));
  }

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
        const Mpi n = mpi_from(k.n), e = mpi_from(k.e), d = mpi_from(k.d), p = mpi_from(k.q),
                  q = mpi_from(k.p), u = mpi_from(k.qinv);
        private_ = build(algorithm_.c_str(), "(private-key (rsa (n %m)(e %m)(d %m)(p %m)(q %m)(u %m)))",
                         n.get(), e.get(), d.get(), p.get(), q.get(), u.get());
        public_ = build(algorithm_.c_str(), "(public-key (rsa (n %m)(e %m)))", n.get(), e.get());
      } else {
        der::P256Private k = der::parse_p256_pkcs8(der_key);
        const Mpi d = mpi_from(k.d);
        if (k.public_point.empty()) k.public_point = p256_public_from(d.get());
        const int qlen = static_cast<int>(k.public_point.size());
        private_ = build(algorithm_.c_str(), "(private-key (ecc (curve \"NIST P-256\")(q %b)(d %m)))", qlen,
                         k.public_point.data(), d.get());
        public_ = build(algorithm_.c_str(), "(public-key (ecc (curve \"NIST P-256\")(q %b)))", qlen,
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
        const Bytes q = der::parse_p256_spki(der_key);
        public_ = build(algorithm_.c_str(), "(public-key (ecc (curve \"NIST P-256\")(q %b)))",
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
            : build(algorithm_.c_str(), "(genkey (ecc (curve \"NIST P-256\")))");
    gcry_sexp_t pair = nullptr;
    check(gcry_pk_genkey(&pair, params.get()), algorithm_ + ": gcry_pk_genkey");
    const Sexp owned(pair);
    private_.reset(gcry_sexp_find_token(pair, "private-key", 0));
    public_.reset(gcry_sexp_find_token(pair, "public-key", 0));
    if (!private_ || !public_) throw std::runtime_error(algorithm_ + ": gcry_pk_genkey gave no key pair");
  }

  // Q = d G, for a PKCS#8 key written without its public point.
  Bytes p256_public_from(gcry_mpi_t d) const {
    const Sexp key = build(algorithm_.c_str(), "(private-key (ecc (curve \"NIST P-256\")(d %m)))", d);
    gcry_ctx_t ctx = nullptr;
    check(gcry_mpi_ec_new(&ctx, key.get(), nullptr), algorithm_ + ": gcry_mpi_ec_new");
    const Mpi q(gcry_mpi_ec_get_mpi("q", ctx, 1));
    gcry_ctx_release(ctx);
    if (!q) throw std::runtime_error(algorithm_ + ": libgcrypt could not derive the public point");
    return der::fixed_width(bytes_of(q.get()), 1 + 2 * der::kP256Bytes, "P-256 public point");
  }

  KeyFamily family_;
  std::string algorithm_;
  Sexp private_, public_;
  size_t modulus_bytes_ = 0;
};

// ---- RSA-OAEP
// -----------------------------------------------------------------------------------------------------

class RsaOaep {
 public:
  RsaOaep(const ca_key_spec& spec, const char* hash) : hash_(hash), keys_(spec, KeyFamily::Rsa) {}

  bool offers(int op) const { return op != CA_OP_DECRYPT || keys_.has_private(); }
  Bytes export_key(int part) const { return keys_.export_part(part); }

  int encrypt(ca_io& io) {
    const size_t k = keys_.modulus_bytes();
    if (io.output_cap < k) return CA_BUFFER_TOO_SMALL;
    const Sexp data = build("RSA-OAEP", "(data (flags oaep)(hash-algo %s)(value %b))", hash_,
                            static_cast<int>(io.input_len), bytes_or_empty(io.input));
    gcry_sexp_t result = nullptr;
    check(gcry_pk_encrypt(&result, data.get(), keys_.public_key()), "RSA-OAEP: gcry_pk_encrypt");
    const Sexp owned(result);
    const Bytes c = der::fixed_width(magnitude(token_mpi(result, "a")), k, "RSA-OAEP ciphertext");
    std::memcpy(io.output, c.data(), k);
    io.output_len = k;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    const size_t k = keys_.modulus_bytes();
    // RFC 8017 7.1.2 step 1: exactly k bytes (libgcrypt would read a longer input as the same integer).
    if (io.input_len != k) return CA_REJECTED;
    const Mpi c = mpi_from(Bytes(io.input, io.input + io.input_len));
    const Sexp data = build("RSA-OAEP", "(enc-val (flags oaep)(hash-algo %s)(rsa (a %m)))", hash_, c.get());
    gcry_sexp_t result = nullptr;
    const gcry_error_t err = gcry_pk_decrypt(&result, data.get(), keys_.private_key());
    if (err != 0) {
      if (is_rejection(err)) return CA_REJECTED;
      throw std::runtime_error(gcrypt_error("RSA-OAEP: gcry_pk_decrypt", err));
    }
    const Sexp owned(result);
    const Bytes m = token_bytes(result, "value");
    return ca::sdk::put_output(io, m.data(), m.size());
  }

 private:
  const char* hash_;
  KeyPair keys_;
};

// ---- signatures
// ---------------------------------------------------------------------------------------------------

class Signer {
 public:
  Signer(const ca_key_spec& spec, SignatureRow row)
      : row_(row),
        keys_(spec, row.scheme == SignatureScheme::EcdsaP256 ? KeyFamily::P256 : KeyFamily::Rsa),
        digest_len_(gcry_md_get_algo_dlen(row.hash_algo)) {}

  bool offers(int op) const { return op != CA_OP_SIGN || keys_.has_private(); }
  Bytes export_key(int part) const { return keys_.export_part(part); }

  int sign(ca_io& io) {
    const Sexp data = hashed(io);
    gcry_sexp_t sig = nullptr;
    check(gcry_pk_sign(&sig, data.get(), keys_.private_key()), "gcry_pk_sign");
    const Sexp owned(sig);
    if (row_.scheme == SignatureScheme::EcdsaP256) {
      const Bytes out = der::ecdsa_signature(magnitude(token_mpi(sig, "r")), magnitude(token_mpi(sig, "s")));
      return ca::sdk::put_output(io, out.data(), out.size());
    }
    const Bytes s = der::fixed_width(magnitude(token_mpi(sig, "s")), keys_.modulus_bytes(), "RSA signature");
    return ca::sdk::put_output(io, s.data(), s.size());
  }

  int verify(ca_io& io) {
    Sexp sig;
    if (row_.scheme == SignatureScheme::EcdsaP256) {
      const auto parsed = der::parse_ecdsa_signature({io.signature, io.signature_len});
      if (!parsed || parsed->r.size() > der::kP256Bytes || parsed->s.size() > der::kP256Bytes)
        return CA_REJECTED;
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
  // data S-expression of the scheme: PSS with MGF1 of the same hash and a 32-byte salt, PKCS#1 v1.5 with the
  // hash's DigestInfo, or the bare digest for ECDSA (a random nonce per signature; no RFC 6979 flag).
  Sexp hashed(const ca_io& io) const {
    uint8_t digest[64];
    gcry_md_hash_buffer(row_.hash_algo, digest, io.input, io.input_len);
    const int len = static_cast<int>(digest_len_);
    switch (row_.scheme) {
      case SignatureScheme::RsaPss:
        return build("RSA-PSS", "(data (flags pss)(hash %s %b)(salt-length %u))", row_.hash_name, len, digest,
                     32u);
      case SignatureScheme::RsaPkcs1:
        return build("RSA-PKCS1V15", "(data (flags pkcs1)(hash %s %b))", row_.hash_name, len, digest);
      case SignatureScheme::EcdsaP256: {
        const Mpi value = mpi_from(Bytes(digest, digest + len));
        return build("ECDSA", "(data (flags raw)(value %m))", value.get());
      }
    }
    throw std::logic_error("unknown signature scheme");
  }

  SignatureRow row_;
  KeyPair keys_;
  size_t digest_len_;
};

// ---- Ed25519
// ------------------------------------------------------------------------------------------------------

constexpr size_t kEd25519Bytes = 32;

class Ed25519 {
 public:
  explicit Ed25519(const ca_key_spec& spec) {
    require_library();
    if (spec.secret_key != nullptr && spec.secret_key_len != 0) {
      require_raw(spec.secret_key_len, "private key (seed)");
      seed_.assign(spec.secret_key, spec.secret_key + kEd25519Bytes);
      public_ = public_from_seed(seed_);
    } else if (spec.public_key != nullptr && spec.public_key_len != 0) {
      require_raw(spec.public_key_len, "public key");
      public_.assign(spec.public_key, spec.public_key + kEd25519Bytes);
    } else {
      const Sexp params = build("EDDSA", "(genkey (ecc (curve Ed25519)(flags eddsa)))");
      gcry_sexp_t key = nullptr;
      check(gcry_pk_genkey(&key, params.get()), "EDDSA: gcry_pk_genkey");
      const Sexp owned(key);
      seed_ = token_bytes(key, "d", kEd25519Bytes);
      public_ = token_bytes(key, "q", kEd25519Bytes);
    }
    // The private key carries Q so that signing does not derive it from the seed every time.
    public_key_ =
        build("EDDSA", "(public-key (ecc (curve Ed25519)(flags eddsa)(q %b)))", kLen, public_.data());
    if (!seed_.empty())
      private_key_ = build("EDDSA", "(private-key (ecc (curve Ed25519)(flags eddsa)(q %b)(d %b)))", kLen,
                           public_.data(), kLen, seed_.data());
  }

  bool offers(int op) const { return op != CA_OP_SIGN || private_key_ != nullptr; }

  int sign(ca_io& io) {
    if (io.output_cap < 2 * kEd25519Bytes) return CA_BUFFER_TOO_SMALL;
    const Sexp data = message(io);
    gcry_sexp_t sig = nullptr;
    check(gcry_pk_sign(&sig, data.get(), private_key_.get()), "EDDSA: gcry_pk_sign");
    const Sexp owned(sig);
    const Bytes r = token_bytes(sig, "r", kEd25519Bytes);
    const Bytes s = token_bytes(sig, "s", kEd25519Bytes);
    std::memcpy(io.output, r.data(), kEd25519Bytes);
    std::memcpy(io.output + kEd25519Bytes, s.data(), kEd25519Bytes);
    io.output_len = 2 * kEd25519Bytes;
    return CA_OK;
  }

  int verify(ca_io& io) {
    if (io.signature_len != 2 * kEd25519Bytes) return CA_REJECTED;
    const Sexp data = message(io);
    const Sexp sig = build("EDDSA", "(sig-val (eddsa (r %b)(s %b)))", kLen, io.signature, kLen,
                           io.signature + kEd25519Bytes);
    const gcry_error_t err = gcry_pk_verify(sig.get(), data.get(), public_key_.get());
    if (err == 0) return CA_OK;
    if (is_rejection(err)) return CA_REJECTED;
    throw std::runtime_error(gcrypt_error("EDDSA: gcry_pk_verify", err));
  }

  Bytes export_key(int part) const {
    if (part == CA_KEY_PRIVATE) {
      if (seed_.empty()) throw std::runtime_error("this context holds only a public key");
      return seed_;
    }
    if (part == CA_KEY_PUBLIC) return public_;
    throw std::runtime_error("unknown key part " + std::to_string(part));
  }

 private:
  static constexpr int kLen = static_cast<int>(kEd25519Bytes);

  static void require_raw(size_t len, const char* what) {
    if (len != kEd25519Bytes)
      throw std::runtime_error(std::string("EDDSA ") + what + " must be the raw 32 bytes (RFC 8032), got " +
                               std::to_string(len));
  }

  // Pure Ed25519: the whole message goes into the data S-expression (libgcrypt copies it) and SHA-512 is
  // run inside gcry_pk_sign / gcry_pk_verify.
  static Sexp message(const ca_io& io) {
    return build("EDDSA", "(data (flags eddsa)(hash-algo sha512)(value %b))", static_cast<int>(io.input_len),
                 bytes_or_empty(io.input));
  }

  static Bytes public_from_seed(const Bytes& seed) {
    const Sexp key =
        build("EDDSA", "(private-key (ecc (curve Ed25519)(flags eddsa)(d %b)))", kLen, seed.data());
    gcry_ctx_t ctx = nullptr;
    check(gcry_mpi_ec_new(&ctx, key.get(), nullptr), "EDDSA: gcry_mpi_ec_new");
    const Mpi q(gcry_mpi_ec_get_mpi("q@eddsa", ctx, 1));  // derived from d, in RFC 8032 encoding
    gcry_ctx_release(ctx);
    unsigned int bits = 0;
    const auto* data = q ? static_cast<const uint8_t*>(gcry_mpi_get_opaque(q.get(), &bits)) : nullptr;
    if (data == nullptr || bits != 8 * kEd25519Bytes)
      throw std::runtime_error("EDDSA: libgcrypt could not derive the 32-byte public key");
    return Bytes(data, data + kEd25519Bytes);
  }

  Bytes seed_, public_;
  Sexp public_key_, private_key_;
};

}  // namespace

sdk::Factory ed25519_factory() { return sdk::make_factory<Ed25519>(); }
sdk::Factory rsa_oaep_factory(const char* hash) { return sdk::make_factory<RsaOaep>(hash); }
sdk::Factory signature_factory(SignatureRow row) { return sdk::make_factory<Signer>(row); }

}  // namespace ca::gcrypt
