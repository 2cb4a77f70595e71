// The plugin SDK's glue (core/sdk/cryptauditor/backend_sdk.hpp): a class's methods become the ABI's
// operation and repeat functions; exceptions become status codes and messages.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::sdk {
namespace {

// Records which input each call got; input_len 99 throws Unsupported, 98 throws runtime_error, 97 rejects.
struct Recorder {
  static std::vector<const ca_io*> seen;
  explicit Recorder(const ca_key_spec&) {}
  int encrypt(ca_io& io) {
    seen.push_back(&io);
    if (io.input_len == 99) throw Unsupported("no such size");
    if (io.input_len == 98) throw std::runtime_error("library failed");
    return io.input_len == 97 ? CA_REJECTED : CA_OK;
  }
};
std::vector<const ca_io*> Recorder::seen;

std::unique_ptr<ContextBase> make() {
  ca_key_spec spec{};
  spec.struct_size = sizeof spec;
  return make_factory<Recorder>()(spec);
}

TEST(SdkRepeat, CallsTheMethodOncePerOperationWrappingAroundThePool) {
  auto holder = make();
  ca_repeat_fn repeat = holder->repeats[CA_OP_ENCRYPT];
  ASSERT_NE(repeat, nullptr);
  EXPECT_EQ(holder->repeats[CA_OP_DECRYPT], nullptr) << "only the methods the class has";
  std::vector<ca_io> ios(3);
  Recorder::seen.clear();
  size_t cursor = 1;
  EXPECT_EQ(repeat(reinterpret_cast<ca_context*>(holder.get()), ios.data(), ios.size(), &cursor, 7), CA_OK);
  ASSERT_EQ(Recorder::seen.size(), 7u);
  for (size_t k = 0; k < 7; ++k) EXPECT_EQ(Recorder::seen[k], &ios[(1 + k) % 3]) << k;
  EXPECT_EQ(cursor, 2u) << "left at the next input";
}

TEST(SdkRepeat, StatusesAreOredAndExceptionsBecomeTheirStatusWithTheMessage) {
  auto holder = make();
  auto* ctx = reinterpret_cast<ca_context*>(holder.get());
  ca_repeat_fn repeat = holder->repeats[CA_OP_ENCRYPT];
  std::vector<ca_io> ios(2);
  ios[1].input_len = 97;
  size_t cursor = 0;
  EXPECT_EQ(repeat(ctx, ios.data(), ios.size(), &cursor, 4), CA_REJECTED);

  ios[1].input_len = 99;
  cursor = 0;
  EXPECT_NE(repeat(ctx, ios.data(), ios.size(), &cursor, 4) & CA_UNSUPPORTED, 0);
  EXPECT_EQ(holder->error, "no such size");
  ios[1].input_len = 98;
  cursor = 0;
  EXPECT_NE(repeat(ctx, ios.data(), ios.size(), &cursor, 4), CA_OK);
  EXPECT_EQ(holder->error, "library failed");
  // The single-call form gives the exact status.
  EXPECT_EQ(holder->ops[CA_OP_ENCRYPT](ctx, &ios[1]), CA_FAILED);
}

}  // namespace
}  // namespace ca::sdk
