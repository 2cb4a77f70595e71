// The NSS backend's ECDSA as NSS's users call it (docs/backends/nss.md, issue #30): a verification uses the
// public key object made when the context was created, instead of importing a copy of the key into softoken
// per call as VFY_VerifyDataDirect does. Seen through softoken's session object handles, which it numbers
// from one counter: a probe key imported before and after N verifications is N handles further on when each
// verification imported a key. Built only with the nss backend; NSS is the same library the plugin loaded.
#include <gtest/gtest.h>
#include <pk11pub.h>

#include <cstring>
#include <memory>

#include "plugin/backend.hpp"

namespace ca {
namespace {

const PluginScan& plugins() {
  static PluginScan scan = load_plugins(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS);
  return scan;
}

const Backend* nss() {
  for (const auto& b : plugins().backends)
    if (b->name() == "nss") return b.get();
  return nullptr;
}

// The handle softoken gives the next session object on the internal slot (an AES key imported and freed).
CK_OBJECT_HANDLE next_object_handle() {
  PK11SlotInfo* slot = PK11_GetInternalSlot();
  uint8_t raw[16] = {1};
  SECItem key{siBuffer, raw, sizeof raw};
  PK11SymKey* k = PK11_ImportSymKey(slot, CKM_AES_ECB, PK11_OriginUnwrap, CKA_ENCRYPT, &key, nullptr);
  PK11_FreeSlot(slot);
  if (k == nullptr) return CK_INVALID_HANDLE;
  const CK_OBJECT_HANDLE h = PK11_GetSymKeyHandle(k);
  PK11_FreeSymKey(k);
  return h;
}

TEST(NssEcdsa, VerifyingImportsNoKeyPerCall) {
  const Backend* b = nss();
  if (b == nullptr) GTEST_SKIP() << "the nss backend was not built";
  ca_key_spec spec{};
  spec.struct_size = sizeof spec;
  spec.algorithm = "ECDSA";
  spec.key_bits = 256;
  auto ctx = b->create(spec);  // a fresh key pair
  ASSERT_TRUE(ctx) << ctx.error().message;
  const Context& c = **ctx;

  uint8_t message[64];
  std::memset(message, 0x5a, sizeof message);
  uint8_t signature[160];
  ca_io sign{};
  sign.input = message;
  sign.input_len = sizeof message;
  sign.output = signature;
  sign.output_cap = sizeof signature;
  ASSERT_EQ(c.call(CA_OP_SIGN, sign), CA_OK) << c.last_error();

  ca_io verify{};
  verify.input = message;
  verify.input_len = sizeof message;
  verify.signature = signature;
  verify.signature_len = sign.output_len;
  const CK_OBJECT_HANDLE before = next_object_handle();
  ASSERT_NE(before, CK_INVALID_HANDLE);
  constexpr CK_OBJECT_HANDLE kCalls = 16;
  for (CK_OBJECT_HANDLE i = 0; i < kCalls; ++i)
    ASSERT_EQ(c.call(CA_OP_VERIFY, verify), CA_OK) << c.last_error();
  const CK_OBJECT_HANDLE after = next_object_handle();
  ASSERT_NE(after, CK_INVALID_HANDLE);
  EXPECT_LT(after - before, kCalls) << "softoken made " << (after - before - 1) << " objects during "
                                    << kCalls << " verifications: a key import per call";

  // A tampered signature is still rejected.
  signature[sign.output_len - 1] ^= 1;
  EXPECT_EQ(c.call(CA_OP_VERIFY, verify), CA_REJECTED);
}

}  // namespace
}  // namespace ca
