// Key agreements with raw keys through softoken, X25519 (x25519.cpp) and FFDHE2048 (ffdhe.cpp): the context
// they share, and the PK11 steps both take. The peer's raw value becomes a SECKEYPublicKey's publicValue, the
// secret comes from PK11_PubDeriveWithKDF without a KDF, and fresh pairs from PK11_GenerateKeyPair as
// non-sensitive session keys whose private value is read back for export.
#pragma once

#include <keyhi.h>

#include <algorithm>
#include <array>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "nss_backend.hpp"

namespace ca::backend_nss {

using PrivateKeyPtr = sdk::Ptr<SECKEYPrivateKey, SECKEY_DestroyPrivateKey>;
using PublicKeyPtr = sdk::Ptr<SECKEYPublicKey, SECKEY_DestroyPublicKey>;

/// An empty public key of `type` in its own arena (which SECKEY_DestroyPublicKey frees), for a peer's value.
inline PublicKeyPtr new_public_key(KeyType type) {
  PLArenaPool* arena = PORT_NewArena(DER_DEFAULT_CHUNKSIZE);
  if (arena == nullptr) fail("PORT_NewArena");
  auto* key = static_cast<SECKEYPublicKey*>(PORT_ArenaZAlloc(arena, sizeof(SECKEYPublicKey)));
  if (key == nullptr) {
    PORT_FreeArena(arena, PR_FALSE);
    fail("PORT_ArenaZAlloc");
  }
  key->arena = arena;
  key->keyType = type;
  key->pkcs11ID = CK_INVALID_HANDLE;
  return PublicKeyPtr(key);
}

/// `bytes` copied into `to` in the key's arena.
inline void set_item(SECKEYPublicKey& key, SECItem& to, std::span<const uint8_t> bytes) {
  SECItem from = item(bytes.data(), bytes.size());
  if (SECITEM_CopyItem(key.arena, &to, &from) != SECSuccess) fail("SECITEM_CopyItem");
}

/// The secret of `key` with `peer` (PK11_PubDeriveWithKDF with `mechanism`, CKD_NULL, as a generic secret),
/// its value extracted into the returned PK11SymKey (PK11_GetKeyData); null when softoken refuses the peer.
inline SymKeyPtr derive_secret(SECKEYPrivateKey* key, SECKEYPublicKey* peer, CK_MECHANISM_TYPE mechanism) {
  SymKeyPtr secret(PK11_PubDeriveWithKDF(key, peer, PR_FALSE, nullptr, nullptr, mechanism,
                                         CKM_GENERIC_SECRET_KEY_GEN, CKA_DERIVE, 0, CKD_NULL, nullptr,
                                         nullptr));
  if (secret && PK11_ExtractKeyValue(secret.get()) != SECSuccess) fail("PK11_ExtractKeyValue");
  if (secret && PK11_GetKeyData(secret.get()) == nullptr) fail("PK11_GetKeyData");
  return secret;
}

/// A fresh pair of a non-sensitive session key (PK11_GenerateKeyPair with `mechanism` and `params`); its
/// private value (CKA_VALUE) is read back into `secret` when that is not null.
inline PrivateKeyPtr generate_pair(CK_MECHANISM_TYPE mechanism, void* params, PublicKeyPtr& pub,
                                   std::vector<uint8_t>* secret, const char* what) {
  SlotPtr slot = internal_slot();
  SECKEYPublicKey* raw_pub = nullptr;
  PrivateKeyPtr key(
      PK11_GenerateKeyPair(slot.get(), mechanism, params, &raw_pub, PR_FALSE, PR_FALSE, nullptr));
  pub.reset(raw_pub);
  if (!key || !pub) fail(std::string(what) + ": PK11_GenerateKeyPair");
  if (secret == nullptr) return key;
  SECItem value{siBuffer, nullptr, 0};
  if (PK11_ReadRawAttribute(PK11_TypePrivKey, key.get(), CKA_VALUE, &value) != SECSuccess)
    fail(std::string(what) + ": PK11_ReadRawAttribute (CKA_VALUE)");
  secret->assign(value.data, value.data + value.len);
  SECITEM_ZfreeItem(&value, PR_FALSE);
  return key;
}

/// A raw-key agreement context: from the catalog's private key (kept for export), a public value alone, or a
/// fresh pair. `Group` says how its keys are made:
///   kName, kBytes (public value and secret), kMinPeerBytes (the shortest peer value taken);
///   Key: movable, Key::get() the SECKEYPrivateKey* (null: none);
///   check_private(len): throws std::runtime_error for a private key of a length the group does not take;
///   import(secret, public): the private key, and its public value into `public`;
///   generate(public, secret): a fresh pair (its private value into *secret when not null);
///   derive(key, peer, out): false when softoken refuses the peer value.
template <class Group>
class RawAgreement {
 public:
  using Value = std::array<uint8_t, Group::kBytes>;

  explicit RawAgreement(const ca_key_spec& spec) {
    reseed_after_fork();
    if (spec.secret_key != nullptr) {
      Group::check_private(spec.secret_key_len);
      secret_.assign(spec.secret_key, spec.secret_key + spec.secret_key_len);
      key_ = Group::import(secret_, public_);
      sdk::declassify(public_.data(), public_.size());  // the public key: computed from the secret, not one
    } else if (spec.public_key != nullptr) {
      if (spec.public_key_len != Group::kBytes)
        throw std::runtime_error(std::string(Group::kName) + " public key must be the raw " +
                                 std::to_string(Group::kBytes) + " bytes, got " +
                                 std::to_string(spec.public_key_len));
      std::copy_n(spec.public_key, Group::kBytes, public_.begin());
    } else {
      key_ = Group::generate(public_, &secret_);
    }
  }

  bool offers(int op) const { return op != CA_OP_AGREE || key_.get() != nullptr; }

  int agree(ca_io& io) {
    if (io.input_len < Group::kMinPeerBytes || io.input_len > Group::kBytes)
      throw sdk::Rejected(std::string(Group::kName) + " peer public value must be " + peer_lengths() +
                          " bytes, got " + std::to_string(io.input_len));
    Value shared;
    if (!Group::derive(key_.get(), {io.input, io.input_len}, shared))
      throw sdk::Rejected(std::string(Group::kName) + ": PK11_PubDeriveWithKDF failed: " + last_error_name());
    return sdk::put_output(io, shared.data(), shared.size());
  }

  int keygen(ca_io& io) {
    Value pub;
    typename Group::Key key = Group::generate(pub, nullptr);
    return sdk::put_output(io, pub.data(), pub.size());
  }

  std::vector<uint8_t> export_key(int part) const {
    if (part == CA_KEY_PUBLIC) return {public_.begin(), public_.end()};
    if (part != CA_KEY_PRIVATE) throw std::runtime_error("unknown key part " + std::to_string(part));
    if (key_.get() == nullptr)
      throw std::runtime_error(std::string("this ") + Group::kName +
                               " context was created from a public key only");
    return secret_;
  }

 private:
  static std::string peer_lengths() {
    return Group::kMinPeerBytes == Group::kBytes
               ? std::to_string(Group::kBytes)
               : std::to_string(Group::kMinPeerBytes) + " to " + std::to_string(Group::kBytes);
  }

  typename Group::Key key_;
  Value public_{};
  std::vector<uint8_t> secret_;
};

}  // namespace ca::backend_nss
