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
#include "nss_backend.hpp"

namespace ca::backend_nss {
namespace {

using PrivateKeyPtr = sdk::Ptr<SECKEYPrivateKey, SECKEY_DestroyPrivateKey>;
using PublicKeyPtr = sdk::Ptr<SECKEYPublicKey, SECKEY_DestroyPublicKey>;
inline void free_arena(PLArenaPool* a) { PORT_FreeArena(a, PR_FALSE); }
using ArenaPtr = sdk::Ptr<PLArenaPool, free_arena>;

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
  ArenaPtr arena(PORT_NewArena(DER_DEFAULT_CHUNKSIZE));
  if (!arena) fail("PORT_NewArena");
  auto* key = static_cast<SECKEYPublicKey*>(PORT_ArenaZAlloc(arena.get(), sizeof(SECKEYPublicKey)));
  if (key == nullptr) fail("PORT_ArenaZAlloc");
  key->arena = arena.get();
  key->keyType = ecKey;
  key->pkcs11ID = CK_INVALID_HANDLE;
  const std::vector<uint8_t> params = parameters();
  SECItem p = item(params.data(), params.size());
  SECItem v = item(u.data(), u.size());
  if (SECITEM_CopyItem(arena.get(), &key->u.ec.DEREncodedParams, &p) != SECSuccess ||
      SECITEM_CopyItem(arena.get(), &key->u.ec.publicValue, &v) != SECSuccess)
    fail("SECITEM_CopyItem");
  key->u.ec.size = 255;
  arena.release();  // owned by the key now: SECKEY_DestroyPublicKey frees it
  return PublicKeyPtr(key);
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
  SymKeyPtr secret(PK11_PubDeriveWithKDF(key, peer.get(), PR_FALSE, nullptr, nullptr, CKM_ECDH1_DERIVE,
                                         CKM_GENERIC_SECRET_KEY_GEN, CKA_DERIVE, 0, CKD_NULL, nullptr,
                                         nullptr));
  if (!secret) return false;
  if (PK11_ExtractKeyValue(secret.get()) != SECSuccess) fail("PK11_ExtractKeyValue");
  const SECItem* value = PK11_GetKeyData(secret.get());
  if (value == nullptr || value->len != kBytes)
    throw std::runtime_error("X25519: the secret is not 32 bytes");
  std::memcpy(out.data(), value->data, kBytes);
  return true;
}

class X25519 {
 public:
  explicit X25519(const ca_key_spec& spec) {
    reseed_after_fork();
    if (spec.secret_key != nullptr) {
      if (spec.secret_key_len != kBytes)
        throw std::runtime_error("X25519 private key must be the raw 32 bytes, got " +
                                 std::to_string(spec.secret_key_len));
      secret_.assign(spec.secret_key, spec.secret_key + kBytes);
      // The public value first (the scalar with u = 9 in its place), then the key NSS indexes by it.
      PrivateKeyPtr stand_in = import_scalar(secret_, kBasePoint);
      if (!derive(stand_in.get(), kBasePoint, public_)) fail("X25519: PK11_PubDeriveWithKDF (d·9)");
      sdk::declassify(public_.data(), public_.size());  // the public key: computed from the secret, not one
      stand_in.reset();
      private_ = import_scalar(secret_, public_);
    } else if (spec.public_key != nullptr) {
      if (spec.public_key_len != kBytes)
        throw std::runtime_error("X25519 public key must be the raw 32 bytes, got " +
                                 std::to_string(spec.public_key_len));
      std::copy_n(spec.public_key, kBytes, public_.begin());
    } else {
      generate(private_, public_, &secret_);
    }
  }

  bool offers(int op) const { return op != CA_OP_AGREE || private_ != nullptr; }

  int agree(ca_io& io) {
    if (io.input_len != kBytes)
      throw sdk::Rejected("X25519 peer public key must be 32 bytes, got " + std::to_string(io.input_len));
    std::array<uint8_t, kBytes> shared;
    if (!derive(private_.get(), {io.input, kBytes}, shared))
      throw sdk::Rejected("X25519: PK11_PubDeriveWithKDF failed: " + last_error_name());
    return sdk::put_output(io, shared.data(), shared.size());
  }

  int keygen(ca_io& io) {
    PrivateKeyPtr key;
    std::array<uint8_t, kBytes> pub;
    generate(key, pub, nullptr);
    return sdk::put_output(io, pub.data(), pub.size());
  }

  std::vector<uint8_t> export_key(int part) const {
    if (part == CA_KEY_PUBLIC) return {public_.begin(), public_.end()};
    if (part != CA_KEY_PRIVATE) throw std::runtime_error("unknown key part " + std::to_string(part));
    if (!private_) throw std::runtime_error("this X25519 context was created from a public key only");
    return secret_;
  }

 private:
  /// A fresh pair from softoken (PK11_GenerateKeyPair with the curve25519 parameters, libssl's call); the
  /// scalar is read back (CKA_VALUE of a non-sensitive session key) when `secret` asks for it.
  static void generate(PrivateKeyPtr& key, std::array<uint8_t, kBytes>& pub, std::vector<uint8_t>* secret) {
    SlotPtr slot = internal_slot();
    std::vector<uint8_t> params = parameters();
    SECItem p = item(params.data(), params.size());
    SECKEYPublicKey* raw_pub = nullptr;
    key.reset(
        PK11_GenerateKeyPair(slot.get(), CKM_EC_KEY_PAIR_GEN, &p, &raw_pub, PR_FALSE, PR_FALSE, nullptr));
    PublicKeyPtr public_key(raw_pub);
    if (!key || !public_key) fail("X25519: PK11_GenerateKeyPair");
    const SECItem& u = public_key->u.ec.publicValue;
    if (u.len != kBytes) throw std::runtime_error("X25519: the generated public value is not 32 bytes");
    std::copy_n(u.data, kBytes, pub.begin());
    if (secret == nullptr) return;
    SECItem value{siBuffer, nullptr, 0};
    if (PK11_ReadRawAttribute(PK11_TypePrivKey, key.get(), CKA_VALUE, &value) != SECSuccess)
      fail("X25519: PK11_ReadRawAttribute (CKA_VALUE)");
    secret->assign(value.data, value.data + value.len);
    SECITEM_ZfreeItem(&value, PR_FALSE);
  }

  PrivateKeyPtr private_;
  std::array<uint8_t, kBytes> public_{};
  std::vector<uint8_t> secret_;
};

}  // namespace

sdk::Factory x25519() { return sdk::make_factory<X25519>(); }

}  // namespace ca::backend_nss
