// LibTomCrypt RSA encryption, RSA and ECDSA signatures, ECDH, FFDHE2048: RSASSA-PSS and RSASSA-PKCS1-v1_5
// through rsa_sign_hash_ex / rsa_verify_hash_ex, the arithmetic in LibTomMath (ltm_desc). Keys are imported
// by the library itself (rsa_import_pkcs8 for the job's PKCS#8 private key, rsa_import for a
// SubjectPublicKeyInfo) and generated with rsa_make_key; the randomness (PSS salts, key generation, blinding)
// is LibTomCrypt's "sprng", the system RNG.
#include <array>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "cryptauditor/der.hpp"
#include "tomcrypt_backend.hpp"

namespace ca::backend_tomcrypt {
namespace {

using ca::sdk::make_factory;
namespace der = ca::sdk::der;

constexpr long kPublicExponent = 65537;

/// The digest of io.input with a registered hash (the signature schemes hash inside the timed operation).
unsigned long hash_message(int index, const ca_io& io, uint8_t* out) {
  const ltc_hash_descriptor& d = hash_descriptor[index];
  hash_state md;
  check(d.init(&md), "hash init");
  check(d.process(&md, ca::sdk::bytes_or_empty(io.input), io.input_len), "hash process");
  check(d.done(&md, out), "hash done");
  return d.hashsize;
}

/// An rsa_key with rsa_free once it holds one.
class RsaKey {
 public:
  RsaKey() = default;
  ~RsaKey() {
    if (loaded_) rsa_free(&key_);
  }
  RsaKey(const RsaKey&) = delete;
  RsaKey& operator=(const RsaKey&) = delete;

  void generate(uint32_t bits) {
    check(rsa_make_key(nullptr, registry().sprng, static_cast<int>(bits / 8), kPublicExponent, &key_),
          "rsa_make_key");
    loaded_ = true;
  }
  void import_private(const uint8_t* pkcs8, size_t n) {
    check(rsa_import_pkcs8(pkcs8, n, nullptr, 0, &key_), "rsa_import_pkcs8");
    loaded_ = true;
  }
  void import_public(const uint8_t* spki, size_t n) {
    check(rsa_import(spki, n, &key_), "rsa_import");
    loaded_ = true;
  }
  /// The spec's PKCS#8 private key, else its SubjectPublicKeyInfo, else a fresh pair of spec.key_bits.
  void load(const ca_key_spec& spec) {
    if (spec.secret_key != nullptr && spec.secret_key_len != 0)
      import_private(spec.secret_key, spec.secret_key_len);
    else if (spec.public_key != nullptr && spec.public_key_len != 0)
      import_public(spec.public_key, spec.public_key_len);
    else
      generate(spec.key_bits);
  }

  rsa_key* get() { return &key_; }
  bool is_private() const { return loaded_ && key_.type == PK_PRIVATE; }

  /// The modulus size in bytes.
  size_t size() { return static_cast<size_t>(rsa_get_size(&key_)); }

  std::vector<uint8_t> export_part(int part) {
    std::vector<uint8_t> out(20000);  // a 16384-bit RSAPrivateKey is about 9.3 KB
    unsigned long len = out.size();
    if (part == CA_KEY_PUBLIC) {
      // PK_STD: the SubjectPublicKeyInfo form (without it, a bare PKCS#1 RSAPublicKey).
      check(rsa_export(out.data(), &len, PK_PUBLIC | PK_STD, &key_), "rsa_export");
      out.resize(len);
      return out;
    }
    if (part != CA_KEY_PRIVATE) throw std::runtime_error("unknown key part " + std::to_string(part));
    if (!is_private()) throw std::runtime_error("this context holds only a public key");
    // rsa_export writes the PKCS#1 RSAPrivateKey; PKCS#8 wraps it (RFC 5208: version 0, rsaEncryption).
    check(rsa_export(out.data(), &len, PK_PRIVATE, &key_), "rsa_export");
    out.resize(len);
    std::vector<uint8_t> pkcs8 =
        der::sequence({der::small_integer(0), der::rsa_algorithm(), der::tlv(der::kOctetString, out)});
    zeromem(out.data(), out.size());
    return pkcs8;
  }

 private:
  rsa_key key_{};
  bool loaded_ = false;
};

class RsaSignature {
 public:
  RsaSignature(const ca_key_spec& spec, RsaScheme scheme, int Registry::*hash, unsigned long salt)
      : padding_(scheme == RsaScheme::Pss ? LTC_PKCS_1_PSS : LTC_PKCS_1_V1_5),
        hash_(registry().*hash),
        salt_(salt),
        bits_(spec.key_bits) {
    key_.load(spec);
  }

  bool offers(int op) const { return op != CA_OP_SIGN || key_.is_private(); }
  std::vector<uint8_t> export_key(int part) { return key_.export_part(part); }

  int sign(ca_io& io) {
    const size_t k = key_.size();
    if (io.output_cap < k) return CA_BUFFER_TOO_SMALL;
    std::array<uint8_t, MAXBLOCKSIZE> digest{};
    const unsigned long digest_len = hash(io, digest.data());
    unsigned long len = io.output_cap;
    check(rsa_sign_hash_ex(digest.data(), digest_len, io.output, &len, padding_, nullptr, registry().sprng,
                           hash_, salt_, key_.get()),
          "rsa_sign_hash_ex");
    io.output_len = len;
    return CA_OK;
  }

  int verify(ca_io& io) {
    io.output_len = 0;
    if (io.signature == nullptr || io.signature_len == 0) return CA_REJECTED;
    std::array<uint8_t, MAXBLOCKSIZE> digest{};
    const unsigned long digest_len = hash(io, digest.data());
    int valid = 0;
    const int err = rsa_verify_hash_ex(io.signature, io.signature_len, digest.data(), digest_len, padding_,
                                       hash_, salt_, &valid, key_.get());
    // An error is a signature the library cannot decode (wrong length, a representative >= n): rejected.
    return err == CRYPT_OK && valid == 1 ? CA_OK : CA_REJECTED;
  }

  // A fresh key pair per call (rsa_make_key: two random primes, e = 65537); output its public key.
  int keygen(ca_io& io) {
    RsaKey fresh;
    fresh.generate(bits_);
    const std::vector<uint8_t> pub = fresh.export_part(CA_KEY_PUBLIC);
    return ca::sdk::put_output(io, pub.data(), pub.size());
  }

 private:
  unsigned long hash(const ca_io& io, uint8_t* out) const { return hash_message(hash_, io, out); }

  int padding_;
  int hash_;
  unsigned long salt_;
  uint32_t bits_;
  RsaKey key_;
};

/// RSAES-OAEP (one hash for OAEP and MGF1, the label in io.aad) or RSAES-PKCS1-v1_5: rsa_encrypt_key_ex /
/// rsa_decrypt_key_ex.
class RsaEncryption {
 public:
  RsaEncryption(const ca_key_spec& spec, int Registry::*hash)
      : padding_(hash != nullptr ? LTC_PKCS_1_OAEP : LTC_PKCS_1_V1_5),
        hash_(hash != nullptr ? registry().*hash : registry().sha1) {  // v1.5 ignores the hash
    key_.load(spec);
  }

  bool offers(int op) const { return op != CA_OP_DECRYPT || key_.is_private(); }
  std::vector<uint8_t> export_key(int part) { return key_.export_part(part); }

  int encrypt(ca_io& io) {
    if (padding_ == LTC_PKCS_1_V1_5) ca::sdk::refuse_label(io, "RSAES-PKCS1-v1_5 has no label");
    const size_t k = key_.size();
    if (io.output_cap < k) return CA_BUFFER_TOO_SMALL;
    unsigned long len = io.output_cap;
    check(rsa_encrypt_key_ex(ca::sdk::bytes_or_empty(io.input), io.input_len, io.output, &len,
                             ca::sdk::bytes_or_empty(io.aad), io.aad_len, nullptr, registry().sprng, hash_,
                             padding_, key_.get()),
          "rsa_encrypt_key_ex");
    io.output_len = len;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    if (padding_ == LTC_PKCS_1_V1_5) ca::sdk::refuse_label(io, "RSAES-PKCS1-v1_5 has no label");
    std::vector<uint8_t> message(key_.size());
    unsigned long len = message.size();
    int valid = 0;
    // An error is a ciphertext the library refuses before decoding (not k bytes, a representative >= n);
    // valid = 0 a padding that does not decode: both rejected.
    const int err =
        rsa_decrypt_key_ex(ca::sdk::bytes_or_empty(io.input), io.input_len, message.data(), &len,
                           ca::sdk::bytes_or_empty(io.aad), io.aad_len, hash_, padding_, &valid, key_.get());
    if (err != CRYPT_OK || valid != 1) return CA_REJECTED;
    const int st = ca::sdk::put_output(io, message.data(), len);
    zeromem(message.data(), message.size());
    return st;
  }

 private:
  int padding_;
  int hash_;
  RsaKey key_;
};

// ---- ECDSA ------------------------------------------------------------------------------------------------

/// The curve's entry in LibTomCrypt 1.18's own table (ltc_ecc_sets: the NIST prime curves, found by their
/// size and prime; secp256k1 is not in 1.18's table).
const ltc_ecc_set_type& ltc_curve(const der::Curve& c, const char* prime) {
  for (const ltc_ecc_set_type* set = ltc_ecc_sets; set->size != 0; ++set)
    if (static_cast<size_t>(set->size) == c.bytes && std::strcmp(set->prime, prime) == 0) return *set;
  throw ca::sdk::Unsupported(std::string(c.name) + " is not in this LibTomCrypt's ltc_ecc_sets");
}

struct EcdsaCurve {
  const der::Curve* curve;
  const char* prime;  // hex, as ltc_ecc_sets spells it
  int Registry::*hash;
};

const EcdsaCurve kP256{&der::kCurveP256, "FFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF",
                       &Registry::sha256};
const EcdsaCurve kP384{
    &der::kCurveP384,
    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFF0000000000000000FFFFFFFF",
    &Registry::sha384};
const EcdsaCurve kP521{&der::kCurveP521,
                       "1FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
                       "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
                       &Registry::sha512};

/// One LibTomMath integer through LibTomCrypt's math descriptor (ltc_mp; the mp_* macros are private to
/// the library's own sources).
class Integer {
 public:
  Integer() { check(ltc_mp.init(&value_), "mp init"); }
  ~Integer() { ltc_mp.deinit(value_); }
  Integer(const Integer&) = delete;
  Integer& operator=(const Integer&) = delete;
  void* get() { return value_; }

 private:
  void* value_ = nullptr;
};

/// An ecc_key on a curve of ltc_ecc_sets, with ecc_free once it holds one.
class EcKey {
 public:
  explicit EcKey(const EcdsaCurve& c) : c_(c), set_(ltc_curve(*c.curve, c.prime)) {}
  ~EcKey() {
    if (loaded_) ecc_free(&key_);
  }
  EcKey(const EcKey&) = delete;
  EcKey& operator=(const EcKey&) = delete;

  void generate() {
    check(ecc_make_key_ex(nullptr, registry().sprng, &key_, &set_), "ecc_make_key_ex");
    loaded_ = true;
  }
  void import_public(std::span<const uint8_t> spki) { import_point(der::parse_ec_spki(spki, *c_.curve)); }
  // LibTomCrypt 1.18 imports EC keys only in its own format (ecc_import) or as an X9.63 point
  // (ecc_ansi_x963_import_ex): the PKCS#8 scalar goes into the key that the public point was imported to.
  void import_private(std::span<const uint8_t> pkcs8) {
    der::EcPrivate k = der::parse_ec_pkcs8(pkcs8, *c_.curve);
    if (k.public_point.empty()) k.public_point = public_point_of(k.d);
    import_point(k.public_point);
    check(ltc_mp.unsigned_read(key_.k, k.d.data(), k.d.size()), "mp read");
    zeromem(k.d.data(), k.d.size());
    key_.type = PK_PRIVATE;
  }

  /// The spec's PKCS#8 private key, else its SubjectPublicKeyInfo, else a fresh key pair.
  void load(const ca_key_spec& spec) {
    if (spec.secret_key != nullptr && spec.secret_key_len != 0)
      import_private({spec.secret_key, spec.secret_key_len});
    else if (spec.public_key != nullptr && spec.public_key_len != 0)
      import_public({spec.public_key, spec.public_key_len});
    else
      generate();
  }
  /// The keygen operation: a fresh key pair on the curve, its SubjectPublicKeyInfo as the output.
  static int fresh_public_key(const EcdsaCurve& c, ca_io& io) {
    EcKey fresh(c);
    fresh.generate();
    const std::vector<uint8_t> pub = fresh.export_part(CA_KEY_PUBLIC);
    return ca::sdk::put_output(io, pub.data(), pub.size());
  }

  ecc_key* get() { return &key_; }
  bool is_private() const { return loaded_ && key_.type == PK_PRIVATE; }
  size_t size() const { return c_.curve->bytes; }

  std::vector<uint8_t> export_part(int part) {
    std::vector<uint8_t> point(1 + 2 * size());
    unsigned long len = point.size();
    check(ecc_ansi_x963_export(&key_, point.data(), &len), "ecc_ansi_x963_export");
    point.resize(len);
    if (part == CA_KEY_PUBLIC) return der::ec_spki(*c_.curve, point);
    if (part != CA_KEY_PRIVATE) throw std::runtime_error("unknown key part " + std::to_string(part));
    if (!is_private()) throw std::runtime_error("this context holds only a public key");
    std::vector<uint8_t> d(ltc_mp.unsigned_size(key_.k));
    check(ltc_mp.unsigned_write(key_.k, d.data()), "mp write");
    std::vector<uint8_t> out = der::ec_pkcs8(*c_.curve, d, point);
    zeromem(d.data(), d.size());
    return out;
  }

 private:
  void import_point(std::span<const uint8_t> point) {
    check(ecc_ansi_x963_import_ex(point.data(), point.size(), &key_, const_cast<ltc_ecc_set_type*>(&set_)),
          "ecc_ansi_x963_import_ex");
    loaded_ = true;
  }
  // d G with the library's point multiplication, for a PKCS#8 key without its public point.
  std::vector<uint8_t> public_point_of(const std::vector<uint8_t>& d) {
    Integer k, modulus;
    check(ltc_mp.unsigned_read(k.get(), const_cast<uint8_t*>(d.data()), d.size()), "mp read");
    check(ltc_mp.read_radix(modulus.get(), set_.prime, 16), "mp read");
    ecc_point* g = ltc_ecc_new_point();
    ecc_point* r = ltc_ecc_new_point();
    if (g == nullptr || r == nullptr) {
      ltc_ecc_del_point(g);
      ltc_ecc_del_point(r);
      throw std::runtime_error("ltc_ecc_new_point failed");
    }
    int err = ltc_mp.read_radix(g->x, set_.Gx, 16);
    if (err == CRYPT_OK) err = ltc_mp.read_radix(g->y, set_.Gy, 16);
    if (err == CRYPT_OK) err = ltc_mp.set_int(g->z, 1);
    if (err == CRYPT_OK) err = ltc_ecc_mulmod(k.get(), g, r, modulus.get(), 1);
    std::vector<uint8_t> point(1 + 2 * size(), 0);
    point[0] = 0x04;
    if (err == CRYPT_OK) {
      const size_t nx = ltc_mp.unsigned_size(r->x), ny = ltc_mp.unsigned_size(r->y);
      ltc_mp.unsigned_write(r->x, point.data() + 1 + size() - nx);
      ltc_mp.unsigned_write(r->y, point.data() + 1 + 2 * size() - ny);
    }
    ltc_ecc_del_point(g);
    ltc_ecc_del_point(r);
    check(err, "ltc_ecc_mulmod");
    return point;
  }

  const EcdsaCurve& c_;
  const ltc_ecc_set_type& set_;
  ecc_key key_{};
  bool loaded_ = false;
};

/// ECDSA with the curve's hash. Signing: ecc_sign_hash, which writes the DER Ecdsa-Sig-Value itself.
/// Verifying: the SDK's strict DER reader takes r and s out of the signature, and ecc_verify_hash_rfc7518
/// (LibTomCrypt's r || s form) decides; ecc_verify_hash would read the DER with der_decode_sequence, which
/// also takes BER forms (a SET tag, for one).
class Ecdsa {
 public:
  Ecdsa(const ca_key_spec& spec, const EcdsaCurve* curve)
      : curve_(*curve), key_(*curve), hash_(registry().*curve->hash) {
    key_.load(spec);
  }

  bool offers(int op) const { return op != CA_OP_SIGN || key_.is_private(); }
  std::vector<uint8_t> export_key(int part) { return key_.export_part(part); }

  int sign(ca_io& io) {
    std::array<uint8_t, MAXBLOCKSIZE> digest{};
    const unsigned long digest_len = hash_message(hash_, io, digest.data());
    std::array<uint8_t, 160> sig{};
    unsigned long len = sig.size();
    check(ecc_sign_hash(digest.data(), digest_len, sig.data(), &len, nullptr, registry().sprng, key_.get()),
          "ecc_sign_hash");
    return ca::sdk::put_output(io, sig.data(), len);
  }

  int verify(ca_io& io) {
    io.output_len = 0;
    const auto parsed = der::parse_ecdsa_signature({ca::sdk::bytes_or_empty(io.signature), io.signature_len});
    if (!parsed) return CA_REJECTED;
    const size_t n = key_.size();
    if (parsed->r.size() > n || parsed->s.size() > n) return CA_REJECTED;
    std::vector<uint8_t> rs = der::fixed_width(parsed->r, n, "r");
    const std::vector<uint8_t> s = der::fixed_width(parsed->s, n, "s");
    rs.insert(rs.end(), s.begin(), s.end());
    std::array<uint8_t, MAXBLOCKSIZE> digest{};
    const unsigned long digest_len = hash_message(hash_, io, digest.data());
    int valid = 0;
    const int err =
        ecc_verify_hash_rfc7518(rs.data(), rs.size(), digest.data(), digest_len, &valid, key_.get());
    // An error is r or s outside [1, n-1] (CRYPT_INVALID_PACKET): rejected.
    return err == CRYPT_OK && valid == 1 ? CA_OK : CA_REJECTED;
  }

  int keygen(ca_io& io) { return EcKey::fresh_public_key(curve_, io); }

 private:
  const EcdsaCurve& curve_;
  EcKey key_;
  int hash_;
};

/// ECDH (SP 800-56A, cofactor 1): ecc_shared_secret of the context's private key and the peer's
/// SubjectPublicKeyInfo point (imported with ecc_ansi_x963_import_ex); the secret is the x coordinate,
/// left-padded to the field's size.
class Ecdh {
 public:
  Ecdh(const ca_key_spec& spec, const EcdsaCurve* curve) : curve_(*curve), key_(*curve) { key_.load(spec); }

  bool offers(int op) const { return op != CA_OP_AGREE || key_.is_private(); }
  std::vector<uint8_t> export_key(int part) { return key_.export_part(part); }

  int agree(ca_io& io) {
    EcKey peer(curve_);
    try {
      peer.import_public({ca::sdk::bytes_or_empty(io.input), io.input_len});
    } catch (const std::exception& e) {
      throw ca::sdk::Rejected(std::string("ECDH peer public key: ") + e.what());
    }
    std::array<uint8_t, 80> secret{};
    unsigned long len = secret.size();
    check(ecc_shared_secret(key_.get(), peer.get(), secret.data(), &len), "ecc_shared_secret");
    const int st = ca::sdk::put_output(io, secret.data(), len);
    zeromem(secret.data(), secret.size());
    return st;
  }

  int keygen(ca_io& io) { return EcKey::fresh_public_key(curve_, io); }

 private:
  const EcdsaCurve& curve_;
  EcKey key_;
};

// ---- FFDHE2048 --------------------------------------------------------------------------------------------

constexpr size_t kFfdheBytes = 256;

/// RFC 7919 appendix A.1, ffdhe2048's p (g = 2), in hex.
constexpr char kFfdhe2048Prime[] =
    "FFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695A9E13641146433FBCC939DCE249B3EF9"
    "7D2FE363630C75D8F681B202AEC4617AD3DF1ED5D5FD65612433F51F5F066ED0856365553DED1AF3B557135E7F57C935"
    "984F0C70E0E68B77E2A689DAF3EFE8721DF158A136ADE73530ACCA4F483A797ABC0AB182B324FB61D108A94BB2C8E3FB"
    "B96ADAB760D7F4681D4F42A3DE394DF4AE56EDE76372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F61"
    "9172FE9CE98583FF8E4F1232EEF28183C3FE3B1B4C6FAD733BB5FCBC2EC22005C58EF1837D1683B2C6F34A26C1B2EFFA"
    "886B423861285C97FFFFFFFFFFFFFFFF";

/// A dh_key on ffdhe2048 (dh_set_pg); dh_set_key frees the key itself when it fails, so the destructor frees
/// only a key that holds its numbers.
class DhKey {
 public:
  DhKey() {
    std::array<uint8_t, kFfdheBytes> p{};
    for (size_t i = 0; i < p.size(); ++i)
      p[i] = static_cast<uint8_t>(std::stoi(std::string(kFfdhe2048Prime + 2 * i, 2), nullptr, 16));
    const uint8_t g = 2;
    check(dh_set_pg(p.data(), p.size(), &g, 1, &key_), "dh_set_pg");
    held_ = true;
  }
  ~DhKey() {
    if (held_) dh_free(&key_);
  }
  DhKey(const DhKey&) = delete;
  DhKey& operator=(const DhKey&) = delete;

  void set(std::span<const uint8_t> value, int type) {
    const int err = dh_set_key(ca::sdk::bytes_or_empty(value.data()), value.size(), type, &key_);
    if (err != CRYPT_OK) held_ = false;  // dh_set_key has called dh_free
    check(err, "dh_set_key");
  }
  void generate() { check(dh_generate_key(nullptr, registry().sprng, &key_), "dh_generate_key"); }
  dh_key* get() { return &key_; }
  bool is_private() const { return key_.type == PK_PRIVATE; }

  /// x as dh_export_key writes it (big-endian, no padding), or y left-padded to 256 bytes.
  std::vector<uint8_t> export_part(int part) {
    std::vector<uint8_t> out(kFfdheBytes);
    unsigned long len = out.size();
    if (part == CA_KEY_PRIVATE) {
      if (!is_private()) throw std::runtime_error("this context holds only a public key");
      check(dh_export_key(out.data(), &len, PK_PRIVATE, &key_), "dh_export_key");
      out.resize(len);
      return out;
    }
    if (part != CA_KEY_PUBLIC) throw std::runtime_error("unknown key part " + std::to_string(part));
    check(dh_export_key(out.data(), &len, PK_PUBLIC, &key_), "dh_export_key");
    return left_pad(out, len);
  }

  static std::vector<uint8_t> left_pad(std::vector<uint8_t>& v, size_t len) {
    std::memmove(v.data() + (kFfdheBytes - len), v.data(), len);
    std::memset(v.data(), 0, kFfdheBytes - len);
    return v;
  }

 private:
  dh_key key_{};
  bool held_ = false;
};

/// Finite-field DH over RFC 7919's ffdhe2048: dh_set_key (a private x computes y = g^x mod p),
/// dh_generate_key, dh_shared_secret (which checks the peer's y with dh_check_pubkey); the secret left-padded
/// to 256 bytes (RFC 8446 7.4.1).
class Ffdhe {
 public:
  explicit Ffdhe(const ca_key_spec& spec) {
    if (spec.secret_key != nullptr && spec.secret_key_len != 0)
      key_.set({spec.secret_key, spec.secret_key_len}, PK_PRIVATE);
    else if (spec.public_key != nullptr && spec.public_key_len != 0)
      key_.set({spec.public_key, spec.public_key_len}, PK_PUBLIC);
    else
      key_.generate();
  }

  bool offers(int op) const { return op != CA_OP_AGREE || key_.is_private(); }
  std::vector<uint8_t> export_key(int part) { return key_.export_part(part); }

  int agree(ca_io& io) {
    if (io.output_cap < kFfdheBytes) return CA_BUFFER_TOO_SMALL;
    DhKey peer;
    try {
      peer.set({io.input, io.input_len}, PK_PUBLIC);
    } catch (const std::exception& e) {
      throw ca::sdk::Rejected(std::string("FFDHE2048 peer public key: ") + e.what());
    }
    std::vector<uint8_t> secret(kFfdheBytes);
    unsigned long len = secret.size();
    check(dh_shared_secret(key_.get(), peer.get(), secret.data(), &len), "dh_shared_secret");
    DhKey::left_pad(secret, len);
    const int st = ca::sdk::put_output(io, secret.data(), secret.size());
    zeromem(secret.data(), secret.size());
    return st;
  }

  int keygen(ca_io& io) {
    DhKey fresh;
    fresh.generate();
    const std::vector<uint8_t> pub = fresh.export_part(CA_KEY_PUBLIC);
    return ca::sdk::put_output(io, pub.data(), pub.size());
  }

 private:
  DhKey key_;
};

}  // namespace

sdk::Factory rsa_signature(RsaScheme scheme, int Registry::*hash, unsigned long salt_bytes) {
  return make_factory<RsaSignature>(scheme, hash, salt_bytes);
}
sdk::Factory rsa_encryption(int Registry::*hash) { return make_factory<RsaEncryption>(hash); }
sdk::Factory ffdhe2048() { return make_factory<Ffdhe>(); }
sdk::Factory ecdh(int bits) {
  return make_factory<Ecdh>(bits == 256 ? &kP256 : bits == 384 ? &kP384 : &kP521);
}
sdk::Factory ecdsa(int bits) {
  return make_factory<Ecdsa>(bits == 256 ? &kP256 : bits == 384 ? &kP384 : &kP521);
}

}  // namespace ca::backend_tomcrypt
