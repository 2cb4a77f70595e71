// plugin/call.hpp: operation names (an unknown name is an error, never a default operation) and the key spec
// of one call outside timing.
#include "plugin/call.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "catalog/catalog.hpp"

namespace ca {
namespace {

TEST(Operation, EveryNameRoundTripsThroughItsCode) {
  std::set<int> codes;
  for (Operation op : kOperations) {
    const std::string_view name = operation_name(op);
    ASSERT_EQ(parse_operation(name), op) << name;
    EXPECT_EQ(operation_of_code(op_code(op)), op) << name;
    EXPECT_EQ(op_name(op_code(op)), name);
    codes.insert(op_code(op));
  }
  EXPECT_EQ(codes.size(), std::size(kOperations)) << "two operations share a CA_OP_* code";
  EXPECT_EQ(op_code("verify"), CA_OP_VERIFY);
  EXPECT_EQ(op_code("encrypt-stream"), CA_OP_ENCRYPT_STREAM);
  EXPECT_EQ(op_name(CA_OP_COUNT_), "operation " + std::to_string(CA_OP_COUNT_));
}

TEST(Operation, AnUnknownNameIsAnErrorNotVerify) {
  EXPECT_FALSE(parse_operation("bogus"));
  EXPECT_FALSE(parse_operation(""));
  EXPECT_FALSE(parse_operation("Verify"));  // names are exact, as records write them
  try {
    (void)op_code("signn");
    FAIL() << "op_code(\"signn\") returned instead of throwing";
  } catch (const std::logic_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("\"signn\""), std::string::npos) << what;
    EXPECT_NE(what.find("encrypt, encrypt-stream, decrypt"), std::string::npos) << what;
  }
}

TEST(KeySpec, PointsIntoItsArgumentsAndLeavesAbsentPartsNull) {
  const AlgorithmInfo* gcm = find_algorithm("AES-GCM");
  ASSERT_NE(gcm, nullptr);
  const Bytes key(32, 0x11), pub(65, 0x04);
  const std::string params = "iterations=4096", none;
  ca_key_spec s = key_spec(*gcm, 256, key, {}, &params);
  EXPECT_EQ(s.struct_size, sizeof(ca_key_spec));
  EXPECT_STREQ(s.algorithm, "AES-GCM");
  EXPECT_EQ(s.key_bits, 256u);
  EXPECT_EQ(s.secret_key, key.data());
  EXPECT_EQ(s.secret_key_len, 32u);
  EXPECT_EQ(s.public_key, nullptr);
  EXPECT_EQ(s.public_key_len, 0u);
  EXPECT_EQ(s.params, params.c_str());
  s = key_spec(*gcm, 128, {}, pub, &none);
  EXPECT_EQ(s.secret_key, nullptr);
  EXPECT_EQ(s.public_key, pub.data());
  EXPECT_EQ(s.public_key_len, 65u);
  EXPECT_EQ(s.params, nullptr) << "empty params: the catalog's defaults";
}

}  // namespace
}  // namespace ca
