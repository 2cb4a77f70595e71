// The public point of an EC private key whose PKCS#8 does not carry it (RFC 5915 makes the field optional;
// several libraries omit it). NSS 3.87 cannot import such a key (PK11_ImportAndReturnPrivateKey gives up
// without the point, its database index), and has no public call that computes d·G. So, at create() only:
//  1. the scalar is imported with the generator G standing in for its public point (softoken signs and
//     derives from CKA_VALUE alone);
//  2. NSS's own ECDH of that key with G gives x(d·G) (PK11_PubDeriveWithKDF, CKD_NULL);
//  3. y is the square root of x^3 - 3x + b mod p, (x^3 - 3x + b)^((p+1)/4) for these primes (p = 3 mod 4),
//     computed here on public values with a small schoolbook big-number routine;
//  4. of (x, y) and (x, p - y), the point is the one under which PK11_Verify accepts a signature NSS made
//     with the key.
#include <cryptohi.h>
#include <keyhi.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "cryptauditor/der.hpp"
#include "nss_backend.hpp"

namespace ca::backend_nss {
namespace {

using Limbs = std::vector<uint32_t>;  // little-endian 32-bit limbs

Limbs from_hex(std::string_view hex, size_t n) {
  Limbs out(n, 0);
  size_t bit = 0;
  for (size_t i = hex.size(); i-- > 0; bit += 4) {
    const char c = hex[i];
    const uint32_t v = c <= '9' ? c - '0' : c - 'a' + 10;
    out[bit / 32] |= v << (bit % 32);
  }
  return out;
}

Limbs from_bytes(std::span<const uint8_t> be, size_t n) {
  Limbs out(n, 0);
  for (size_t i = 0; i < be.size(); ++i) {
    const size_t bit = 8 * (be.size() - 1 - i);
    out[bit / 32] |= uint32_t{be[i]} << (bit % 32);
  }
  return out;
}

std::vector<uint8_t> to_bytes(const Limbs& a, size_t width) {
  std::vector<uint8_t> out(width, 0);
  for (size_t i = 0; i < width; ++i) {
    const size_t bit = 8 * (width - 1 - i);
    out[i] = static_cast<uint8_t>(a[bit / 32] >> (bit % 32));
  }
  return out;
}

int compare(const Limbs& a, const Limbs& b) {  // a and b of any lengths
  const size_t n = std::max(a.size(), b.size());
  for (size_t i = n; i-- > 0;) {
    const uint32_t x = i < a.size() ? a[i] : 0, y = i < b.size() ? b[i] : 0;
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

void subtract(Limbs& a, const Limbs& b) {  // a -= b, a >= b
  int64_t borrow = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    int64_t d = int64_t{a[i]} - (i < b.size() ? b[i] : 0) - borrow;
    borrow = d < 0;
    a[i] = static_cast<uint32_t>(d + (borrow << 32));
  }
}

// (a * b) mod p, by the product's bits shifted into a remainder below p.
Limbs mulmod(const Limbs& a, const Limbs& b, const Limbs& p) {
  const size_t n = p.size();
  Limbs product(2 * n, 0);
  for (size_t i = 0; i < n; ++i) {
    uint64_t carry = 0;
    for (size_t j = 0; j < n; ++j) {
      const uint64_t t = uint64_t{a[i]} * b[j] + product[i + j] + carry;
      product[i + j] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    product[i + n] = static_cast<uint32_t>(carry);
  }
  Limbs r(n + 1, 0);
  for (size_t bit = 64 * n; bit-- > 0;) {
    for (size_t i = n + 1; i-- > 1;) r[i] = (r[i] << 1) | (r[i - 1] >> 31);
    r[0] = (r[0] << 1) | ((product[bit / 32] >> (bit % 32)) & 1);
    if (compare(r, p) >= 0) subtract(r, p);
  }
  r.resize(n);
  return r;
}

Limbs addmod(Limbs a, const Limbs& b, const Limbs& p) {
  a.push_back(0);
  uint64_t carry = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    const uint64_t t = uint64_t{a[i]} + (i < b.size() ? b[i] : 0) + carry;
    a[i] = static_cast<uint32_t>(t);
    carry = t >> 32;
  }
  if (compare(a, p) >= 0) subtract(a, p);
  a.resize(p.size());
  return a;
}

Limbs submod(Limbs a, const Limbs& b, const Limbs& p) {  // (a - b) mod p, for a, b < p
  a.resize(p.size() + 1);
  if (compare(a, b) < 0) {  // a + p - b; a + p fits the extra limb
    uint64_t carry = 0;
    for (size_t i = 0; i < a.size(); ++i) {
      const uint64_t t = uint64_t{a[i]} + (i < p.size() ? p[i] : 0) + carry;
      a[i] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
  }
  subtract(a, b);
  a.resize(p.size());
  return a;
}

Limbs powmod(const Limbs& base, const Limbs& e, const Limbs& p) {
  Limbs r(p.size(), 0);
  r[0] = 1;
  for (size_t bit = 32 * e.size(); bit-- > 0;) {
    r = mulmod(r, r, p);
    if ((e[bit / 32] >> (bit % 32)) & 1) r = mulmod(r, base, p);
  }
  return r;
}

struct CurveConstants {
  SECOidTag tag;
  const sdk::der::Curve* der;
  const char* p;
  const char* b;
  const char* g;  // 04 || Gx || Gy
};

// From `openssl ecparam -name <curve> -param_enc explicit -text` (SEC 2 / FIPS 186-4 D.1.2).
const CurveConstants kCurves[] = {
    {SEC_OID_SECG_EC_SECP256R1, &sdk::der::kCurveP256,
     "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
     "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
     "046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c2964fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce3"
     "357"
     "6b315ececbb6406837bf51f5"},
    {SEC_OID_SECG_EC_SECP384R1, &sdk::der::kCurveP384,
     "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
     "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef",
     "04aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab73617d"
     "e4a"
     "96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f"},
    {SEC_OID_SECG_EC_SECP521R1, &sdk::der::kCurveP521,
     "1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "fffffffffffffffffffffffffffffff",
     "51953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573d"
     "f88"
     "3d2c34f1ef451fd46b503f00",
     "0400c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127a2ffa8de3"
     "348"
     "b3c1856a429bf97e7e31c2e5bd66011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee729"
     "95e"
     "f42640c550b9013fad0761353c7086a272c24088be94769fd16650"},
};

std::vector<uint8_t> hex_bytes(std::string_view hex) {
  std::vector<uint8_t> out(hex.size() / 2);
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<uint8_t>(std::stoi(std::string(hex.substr(2 * i, 2)), nullptr, 16));
  return out;
}

using PrivateKeyPtr = sdk::Ptr<SECKEYPrivateKey, SECKEY_DestroyPrivateKey>;
using PublicKeyPtr = sdk::Ptr<SECKEYPublicKey, SECKEY_DestroyPublicKey>;
using SpkiPtr = sdk::Ptr<CERTSubjectPublicKeyInfo, SECKEY_DestroySubjectPublicKeyInfo>;

PublicKeyPtr public_key_of(const sdk::der::Curve& c, std::span<const uint8_t> point) {
  std::vector<uint8_t> spki_der = sdk::der::ec_spki(c, point);
  SECItem der = item(spki_der.data(), spki_der.size());
  SpkiPtr spki(SECKEY_DecodeDERSubjectPublicKeyInfo(&der));
  if (!spki) fail("SECKEY_DecodeDERSubjectPublicKeyInfo");
  PublicKeyPtr key(SECKEY_ExtractPublicKey(spki.get()));
  if (!key) fail("SECKEY_ExtractPublicKey");
  return key;
}

}  // namespace

std::vector<uint8_t> ec_public_point(SECOidTag curve, std::span<const uint8_t> d) {
  const CurveConstants* k = nullptr;
  for (const auto& c : kCurves)
    if (c.tag == curve) k = &c;
  if (k == nullptr) throw std::runtime_error("no constants for this curve");
  const sdk::der::Curve& c = *k->der;
  const size_t width = c.bytes, n = (width + 3) / 4;
  const std::vector<uint8_t> g = hex_bytes(k->g);

  // 1. The scalar with G as its stand-in point.
  const std::vector<uint8_t> stand_in = sdk::der::ec_pkcs8(c, d, g);
  SlotPtr slot = internal_slot();
  SECItem der = item(stand_in.data(), stand_in.size());
  SECKEYPrivateKey* raw = nullptr;
  if (PK11_ImportDERPrivateKeyInfoAndReturnKey(slot.get(), &der, nullptr, nullptr, PR_FALSE, PR_TRUE, KU_ALL,
                                               &raw, nullptr) != SECSuccess ||
      raw == nullptr)
    fail("PK11_ImportDERPrivateKeyInfoAndReturnKey (EC scalar)");
  PrivateKeyPtr key(raw);

  // 2. x(d·G) by ECDH with G.
  PublicKeyPtr generator = public_key_of(c, g);
  SymKeyPtr shared(PK11_PubDeriveWithKDF(key.get(), generator.get(), PR_FALSE, nullptr, nullptr,
                                         CKM_ECDH1_DERIVE, CKM_GENERIC_SECRET_KEY_GEN, CKA_DERIVE, 0,
                                         CKD_NULL, nullptr, nullptr));
  if (!shared) fail("PK11_PubDeriveWithKDF (d·G)");
  if (PK11_ExtractKeyValue(shared.get()) != SECSuccess) fail("PK11_ExtractKeyValue");
  const SECItem* x_item = PK11_GetKeyData(shared.get());
  if (x_item == nullptr || x_item->len != width) throw std::runtime_error("ECDH with G gave no x coordinate");
  const std::vector<uint8_t> x_bytes(x_item->data, x_item->data + x_item->len);

  // 3. y = (x^3 - 3x + b)^((p+1)/4) mod p.
  const Limbs p = from_hex(k->p, n), b = from_hex(k->b, n), x = from_bytes(x_bytes, n);
  const Limbs x3 = mulmod(mulmod(x, x, p), x, p);
  const Limbs three_x = addmod(addmod(x, x, p), x, p);
  const Limbs rhs = addmod(submod(x3, three_x, p), b, p);
  Limbs e = p;  // (p + 1) / 4 = (p >> 2) + 1, as p = 3 mod 4
  for (size_t i = 0; i < n; ++i) e[i] = (e[i] >> 2) | (i + 1 < n ? e[i + 1] << 30 : 0);
  e = addmod(e, Limbs{1}, p);
  const Limbs y = powmod(rhs, e, p);
  if (compare(mulmod(y, y, p), rhs) != 0) throw std::runtime_error("x(d·G) is not on the curve");
  const Limbs other_y = submod(Limbs(n, 0), y, p);

  // 4. The candidate under which NSS's own signature verifies.
  std::vector<uint8_t> digest(32, 0x5a);
  SECItem hash = item(digest.data(), digest.size());
  std::vector<uint8_t> signature(static_cast<size_t>(PK11_SignatureLen(key.get())));
  SECItem sig{siBuffer, signature.data(), static_cast<unsigned>(signature.size())};
  if (PK11_Sign(key.get(), &sig, &hash) != SECSuccess) fail("PK11_Sign (public point check)");
  for (const Limbs* candidate : {&y, &other_y}) {
    std::vector<uint8_t> point{0x04};
    point.insert(point.end(), x_bytes.begin(), x_bytes.end());
    const std::vector<uint8_t> yb = to_bytes(*candidate, width);
    point.insert(point.end(), yb.begin(), yb.end());
    PublicKeyPtr pub = public_key_of(c, point);
    if (PK11_Verify(pub.get(), &sig, &hash, nullptr) == SECSuccess) return point;
  }
  throw std::runtime_error("neither (x, y) nor (x, -y) verifies the key's signature");
}

}  // namespace ca::backend_nss
