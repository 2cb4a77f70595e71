// FFDHE2048 (RFC 7919 appendix A.1, g = 2) through softoken's PKCS #3 Diffie-Hellman, as NSS's libssl does
// for its TLS FFDHE groups: keys are dhKey keys holding the group's prime and base, the shared secret comes
// from PK11_PubDeriveWithKDF (CKM_DH_PKCS_DERIVE, CKD_NULL) with the peer's raw public value as a
// SECKEYPublicKey's publicValue, and fresh pairs from PK11_GenerateKeyPair (CKM_DH_PKCS_KEY_PAIR_GEN). The
// catalog's raw private value x becomes a softoken key object made from its attributes (import_private says
// why not from a PKCS#8), and its public value y = 2^x mod p is computed by NSS's own DH of x with the
// generator as the peer value.
#include <keyhi.h>
#include <secerr.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "raw_agreement.hpp"

namespace ca::backend_nss {
namespace {

constexpr size_t kBytes = 256;
// RFC 7919 appendix A.1: ffdhe2048's p.
constexpr std::array<uint8_t, kBytes> kPrime = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xad, 0xf8, 0x54, 0x58, 0xa2, 0xbb, 0x4a, 0x9a,
    0xaf, 0xdc, 0x56, 0x20, 0x27, 0x3d, 0x3c, 0xf1, 0xd8, 0xb9, 0xc5, 0x83, 0xce, 0x2d, 0x36, 0x95,
    0xa9, 0xe1, 0x36, 0x41, 0x14, 0x64, 0x33, 0xfb, 0xcc, 0x93, 0x9d, 0xce, 0x24, 0x9b, 0x3e, 0xf9,
    0x7d, 0x2f, 0xe3, 0x63, 0x63, 0x0c, 0x75, 0xd8, 0xf6, 0x81, 0xb2, 0x02, 0xae, 0xc4, 0x61, 0x7a,
    0xd3, 0xdf, 0x1e, 0xd5, 0xd5, 0xfd, 0x65, 0x61, 0x24, 0x33, 0xf5, 0x1f, 0x5f, 0x06, 0x6e, 0xd0,
    0x85, 0x63, 0x65, 0x55, 0x3d, 0xed, 0x1a, 0xf3, 0xb5, 0x57, 0x13, 0x5e, 0x7f, 0x57, 0xc9, 0x35,
    0x98, 0x4f, 0x0c, 0x70, 0xe0, 0xe6, 0x8b, 0x77, 0xe2, 0xa6, 0x89, 0xda, 0xf3, 0xef, 0xe8, 0x72,
    0x1d, 0xf1, 0x58, 0xa1, 0x36, 0xad, 0xe7, 0x35, 0x30, 0xac, 0xca, 0x4f, 0x48, 0x3a, 0x79, 0x7a,
    0xbc, 0x0a, 0xb1, 0x82, 0xb3, 0x24, 0xfb, 0x61, 0xd1, 0x08, 0xa9, 0x4b, 0xb2, 0xc8, 0xe3, 0xfb,
    0xb9, 0x6a, 0xda, 0xb7, 0x60, 0xd7, 0xf4, 0x68, 0x1d, 0x4f, 0x42, 0xa3, 0xde, 0x39, 0x4d, 0xf4,
    0xae, 0x56, 0xed, 0xe7, 0x63, 0x72, 0xbb, 0x19, 0x0b, 0x07, 0xa7, 0xc8, 0xee, 0x0a, 0x6d, 0x70,
    0x9e, 0x02, 0xfc, 0xe1, 0xcd, 0xf7, 0xe2, 0xec, 0xc0, 0x34, 0x04, 0xcd, 0x28, 0x34, 0x2f, 0x61,
    0x91, 0x72, 0xfe, 0x9c, 0xe9, 0x85, 0x83, 0xff, 0x8e, 0x4f, 0x12, 0x32, 0xee, 0xf2, 0x81, 0x83,
    0xc3, 0xfe, 0x3b, 0x1b, 0x4c, 0x6f, 0xad, 0x73, 0x3b, 0xb5, 0xfc, 0xbc, 0x2e, 0xc2, 0x20, 0x05,
    0xc5, 0x8e, 0xf1, 0x83, 0x7d, 0x16, 0x83, 0xb2, 0xc6, 0xf3, 0x4a, 0x26, 0xc1, 0xb2, 0xef, 0xfa,
    0x88, 0x6b, 0x42, 0x38, 0x61, 0x28, 0x5c, 0x97, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};
constexpr std::array<uint8_t, 1> kBase = {2};

/// A DH public key on the group for PK11_PubDeriveWithKDF: the peer's value as its publicValue (libssl's
/// FFDHE key share import does the same).
PublicKeyPtr peer_key(std::span<const uint8_t> y) {
  PublicKeyPtr key = new_public_key(dhKey);
  set_item(*key, key->u.dh.prime, kPrime);
  set_item(*key, key->u.dh.base, kBase);
  set_item(*key, key->u.dh.publicValue, y);
  return key;
}

inline void destroy_object(PK11GenericObject* o) { PK11_DestroyGenericObject(o); }
using ObjectPtr = sdk::Ptr<PK11GenericObject, destroy_object>;

/// A DH private key made from x: the PKCS#11 object (a managed session object, destroyed with its wrapper)
/// and NSS's handle on it. The key is released before the object.
struct ImportedKey {
  ObjectPtr object;
  PrivateKeyPtr key;
  SECKEYPrivateKey* get() const { return key.get(); }
};

/// x as a softoken DH private key on the group. NSS 3.87's PKCS#8 import cannot carry the group: for X9.42's
/// dhpublicnumber it reads the private key as a bare INTEGER and drops the AlgorithmIdentifier's DHParameter
/// (the key imports with empty CKA_PRIME and CKA_BASE, and every derive then fails), and any other layout is
/// SEC_ERROR_BAD_DER (test program on Debian 12's 3.87.1, 5 December 2026). So the key object is created from
/// its PKCS#11 attributes (PK11_CreateManagedGenericObject: CKK_DH with CKA_PRIME, CKA_BASE and CKA_VALUE, a
/// session object) and found again by a random CKA_ID (PK11_FindKeyByKeyID).
ImportedKey import_private(std::span<const uint8_t> x) {
  CK_OBJECT_CLASS key_class = CKO_PRIVATE_KEY;
  CK_KEY_TYPE key_type = CKK_DH;
  CK_BBOOL yes = CK_TRUE, no = CK_FALSE;
  std::array<uint8_t, 16> id{};
  if (PK11_GenerateRandom(id.data(), static_cast<int>(id.size())) != SECSuccess) fail("PK11_GenerateRandom");
  auto attribute = [](CK_ATTRIBUTE_TYPE type, const void* value, size_t len) {
    return CK_ATTRIBUTE{type, const_cast<void*>(value), static_cast<CK_ULONG>(len)};
  };
  const CK_ATTRIBUTE attributes[] = {
      attribute(CKA_CLASS, &key_class, sizeof key_class),
      attribute(CKA_KEY_TYPE, &key_type, sizeof key_type),
      attribute(CKA_TOKEN, &no, sizeof no),
      attribute(CKA_SENSITIVE, &yes, sizeof yes),
      attribute(CKA_PRIVATE, &yes, sizeof yes),
      attribute(CKA_DERIVE, &yes, sizeof yes),
      attribute(CKA_ID, id.data(), id.size()),
      attribute(CKA_PRIME, kPrime.data(), kPrime.size()),
      attribute(CKA_BASE, kBase.data(), kBase.size()),
      attribute(CKA_VALUE, x.data(), x.size()),
  };
  SlotPtr slot = internal_slot();
  ImportedKey out;
  out.object.reset(PK11_CreateManagedGenericObject(slot.get(), attributes,
                                                   static_cast<int>(std::size(attributes)), PR_FALSE));
  if (!out.object) fail("FFDHE2048: PK11_CreateManagedGenericObject");
  SECItem key_id = item(id.data(), id.size());
  out.key.reset(PK11_FindKeyByKeyID(slot.get(), &key_id, nullptr));
  if (!out.key) fail("FFDHE2048: PK11_FindKeyByKeyID");
  return out;
}

/// A value left-padded to the group's 256 bytes (RFC 8446 section 7.4.1 keeps the secret's leading zeros).
std::array<uint8_t, kBytes> padded(const SECItem& v, const char* what) {
  if (v.len > kBytes) throw std::runtime_error(std::string("FFDHE2048: ") + what + " longer than 256 bytes");
  std::array<uint8_t, kBytes> out{};
  std::memcpy(out.data() + (kBytes - v.len), v.data, v.len);
  return out;
}

/// The group for RawAgreement (raw_agreement.hpp).
struct Ffdhe2048 {
  static constexpr const char* kName = "FFDHE2048";
  static constexpr size_t kBytes = backend_nss::kBytes;
  static constexpr size_t kMinPeerBytes = 1;  // a big-endian value; softoken decides what it refuses
  using Key = ImportedKey;

  static void check_private(size_t len) {
    if (len == 0 || len > kBytes)
      throw std::runtime_error("FFDHE2048 private key must be a big-endian x of 1 to 256 bytes, got " +
                               std::to_string(len));
  }

  // y = 2^x mod p: NSS's own DH of x with the generator as the peer value.
  static Key import(std::span<const uint8_t> x, std::array<uint8_t, kBytes>& pub) {
    Key key = import_private(x);
    if (!derive(key.get(), kBase, pub)) fail("FFDHE2048: PK11_PubDeriveWithKDF (2^x mod p)");
    return key;
  }

  /// A fresh pair from softoken (PK11_GenerateKeyPair with the group, libssl's call).
  static Key generate(std::array<uint8_t, kBytes>& pub, std::vector<uint8_t>* secret) {
    SECKEYDHParams params{};
    params.prime = item(kPrime.data(), kPrime.size());
    params.base = item(kBase.data(), kBase.size());
    PublicKeyPtr public_key;
    Key key;
    key.key = generate_pair(CKM_DH_PKCS_KEY_PAIR_GEN, &params, public_key, secret, kName);
    pub = padded(public_key->u.dh.publicValue, "the generated public value is");
    return key;
  }

  /// peer^x mod p through softoken, left-padded; false when NSS refuses the peer value.
  static bool derive(SECKEYPrivateKey* key, std::span<const uint8_t> y, std::array<uint8_t, kBytes>& out) {
    PublicKeyPtr peer = peer_key(y);
    SymKeyPtr secret = derive_secret(key, peer.get(), CKM_DH_PKCS_DERIVE);
    if (!secret) return false;
    out = padded(*PK11_GetKeyData(secret.get()), "the shared secret is");
    return true;
  }
};

}  // namespace

sdk::Factory ffdhe2048() { return sdk::make_factory<RawAgreement<Ffdhe2048>>(); }

}  // namespace ca::backend_nss
