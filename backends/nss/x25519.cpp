// X25519 (RFC 7748) through softoken's curve25519 ECDH, as NSS's libssl does for TLS 1.3 key shares: keys
// are EC keys whose parameters are the curve25519 OID (SEC_OID_CURVE25519, 1.3.6.1.4.1.11591.15.1), the
// peer's raw 32-byte u-coordinate is the SECKEYPublicKey's publicValue, and the shared secret comes from
// PK11_PubDeriveWithKDF (CKM_ECDH1_DERIVE, CKD_NULL). The catalog's raw 32-byte private key reaches
// softoken through NSS's PKCS#8 form for such keys (id-ecPublicKey with the curve25519 OID, an ECPrivateKey
// with the scalar and its public u-coordinate); the public u-coordinate, which the PKCS#8 must carry (NSS
// indexes the key by it), is computed at create() by NSS's own X25519 of the scalar with the base point 9,
// from a first import of the scalar with u = 9 standing in for its public value.
#include <keyhi.h>
#include <secerr.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "cryptauditor/der.hpp"
#include "raw_agreement.hpp"

namespace ca::backend_nss {
namespace {

constexpr size_t kBytes = 32;
// 1.3.6.1.4.1.11591.15.1, the OID NSS gives curve25519 (SEC_OID_CURVE25519).
const sdk::der::Curve kCurve25519{
    "Curve25519", {0x2b, 0x06, 0x01, 0x04, 0x01, 0xda, 0x47, 0x0f, 0x01}, kBytes};
const std::array<uint8_t, kBytes> kBasePoint{9};  // u = 9, little-endian

// The curve's parameters as NSS's EC keys hold them: the DER of the OID.
std::vector<uint8_t> parameters() {
  std::vector<uint8_t> der(2 + kCurve25519.oid.size());
  der[0] = 0x06;  // OBJECT IDENTIFIER, short length
  der[1] = static_cast<uint8_t>(kCurve25519.oid.size());
  std::copy(kCurve25519.oid.begin(), kCurve25519.oid.end(), der.begin() + 2);
  return der;
}

/// A curve25519 public key for PK11_PubDeriveWithKDF: the raw u-coordinate as its publicValue (libssl's
/// tls13 key share import does the same).
PublicKeyPtr peer_key(std::span<const uint8_t> u) {
  PublicKeyPtr key = new_public_key(ecKey);
  set_item(*key, key->u.ec.DEREncodedParams, parameters());
  set_item(*key, key->u.ec.publicValue, u);
  key->u.ec.size = 255;
  return key;
}

/// NSS's PKCS#8 for a curve25519 key: the 32 bytes as they are (sdk::der::ec_pkcs8 would strip leading zero
/// bytes, a branch on the secret that the taint screen counts) and the public u-coordinate.
PrivateKeyPtr import_scalar(std::span<const uint8_t> d, std::span<const uint8_t> u) {
  namespace der = sdk::der;
  const der::Bytes key = der::sequence(
      {der::small_integer(1), der::tlv(der::kOctetString, d), der::tlv(der::kContext1, der::bit_string(u))});
  const der::Bytes pkcs8 = der::sequence(
      {der::small_integer(0), der::ec_algorithm(kCurve25519), der::tlv(der::kOctetString, key)});
  SlotPtr slot = internal_slot();
  SECItem encoded = item(pkcs8.data(), pkcs8.size());
  SECKEYPrivateKey* raw = nullptr;
  if (PK11_ImportDERPrivateKeyInfoAndReturnKey(slot.get(), &encoded, nullptr, nullptr, PR_FALSE, PR_TRUE,
                                               KU_ALL, &raw, nullptr) != SECSuccess ||
      raw == nullptr)
    fail("X25519: PK11_ImportDERPrivateKeyInfoAndReturnKey");
  return PrivateKeyPtr(raw);
}

/// X25519(private, u) through softoken; false when NSS refuses the peer value (an all-zero result, RFC 7748
/// section 6.1's check, which softoken applies).
bool derive(SECKEYPrivateKey* key, std::span<const uint8_t> u, std::array<uint8_t, kBytes>& out) {
  PublicKeyPtr peer = peer_key(u);
  SymKeyPtr secret = derive_secret(key, peer.get(), CKM_ECDH1_DERIVE);
  if (!secret) return false;
  const SECItem* value = PK11_GetKeyData(secret.get());
  if (value->len != kBytes) throw std::runtime_error("X25519: the secret is not 32 bytes");
  std::memcpy(out.data(), value->data, kBytes);
  return true;
}

/// The curve for RawAgreement (raw_agreement.hpp).
struct X25519 {
  static constexpr const char* kName = "X25519";
  static constexpr size_t kBytes = backend_nss::kBytes;
  static constexpr size_t kMinPeerBytes = kBytes;
  using Key = PrivateKeyPtr;

  static void check_private(size_t len) {
    if (len != kBytes)
      throw std::runtime_error("X25519 private key must be the raw 32 bytes, got " + std::to_string(len));
  }

  // The public value first (the scalar with u = 9 in its place), then the key NSS indexes by it.
  static Key import(std::span<const uint8_t> d, std::array<uint8_t, kBytes>& pub) {
    PrivateKeyPtr stand_in = import_scalar(d, kBasePoint);
    if (!backend_nss::derive(stand_in.get(), kBasePoint, pub)) fail("X25519: PK11_PubDeriveWithKDF (d·9)");
    sdk::declassify(pub.data(), pub.size());  // the public key: computed from the secret, not one
    stand_in.reset();
    return import_scalar(d, pub);
  }

  /// A fresh pair from softoken (PK11_GenerateKeyPair with the curve25519 parameters, libssl's call).
  static Key generate(std::array<uint8_t, kBytes>& pub, std::vector<uint8_t>* secret) {
    std::vector<uint8_t> params = parameters();
    SECItem p = item(params.data(), params.size());
    PublicKeyPtr public_key;
    Key key = generate_pair(CKM_EC_KEY_PAIR_GEN, &p, public_key, secret, "X25519");
    const SECItem& u = public_key->u.ec.publicValue;
    if (u.len != kBytes) throw std::runtime_error("X25519: the generated public value is not 32 bytes");
    std::copy_n(u.data, kBytes, pub.begin());
    return key;
  }

  static bool derive(SECKEYPrivateKey* key, std::span<const uint8_t> u, std::array<uint8_t, kBytes>& out) {
    return backend_nss::derive(key, u, out);
  }
};

}  // namespace

sdk::Factory x25519() { return sdk::make_factory<RawAgreement<X25519>>(); }

}  // namespace ca::backend_nss
