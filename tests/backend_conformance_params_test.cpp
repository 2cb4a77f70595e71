// Conformance over the catalog's parameter ranges (issue #13 item 3): every built backend against vectors
// with other key, nonce and tag lengths than the defaults, computed independently of cryptauditor
// (tests/support/parameter_vectors.hpp says how), and against values outside the declared ranges, which
// every backend must refuse rather than compute something else.
//
// A backend may answer CA_UNSUPPORTED for a value its library does not take (with its reason, printed);
// it may never compute another answer. Each vector must run on at least one backend, so a harness that
// stopped passing the parameters (or a backend that ignored them) fails here.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <string>

#include "catalog/catalog.hpp"
#include "plugin/backend.hpp"
#include "tests/support/parameter_vectors.hpp"
#include "util/bytes.hpp"
#include "verify/exchange.hpp"

namespace ca {
namespace {

using verify::create_context;
using verify::run_operation;

const PluginScan& plugins() {
  static PluginScan scan = load_plugins(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS);
  return scan;
}

Bytes hex(const char* text) {
  auto b = from_hex(text);
  EXPECT_TRUE(b) << text;
  return b.value_or(Bytes{});
}

std::string vector_name(const test::ParameterVector& v) {
  return std::string(v.algorithm) + " key " + std::to_string(v.key_bits) + " bits" +
         (std::string(v.params).empty() ? "" : ", " + std::string(v.params));
}

TEST(ParameterRanges, IndependentVectorsPassOnEveryBackendThatTakesThem) {
  ASSERT_FALSE(plugins().backends.empty());
  for (const test::ParameterVector& v : test::kParameterVectors) {
    const AlgorithmInfo* a = find_algorithm(v.algorithm);
    ASSERT_NE(a, nullptr) << v.algorithm;
    // The params a user would type resolve to exactly the vector's (a check of the catalog's ranges).
    const auto resolved = resolve_params(*a, v.params);
    EXPECT_TRUE(resolved.ok() && *resolved == v.params) << vector_name(v);
    const Bytes key = hex(v.key_hex), nonce = hex(v.nonce_hex), aad = hex(v.aad_hex), msg = hex(v.msg_hex),
                expected = hex(v.out_hex);
    const bool mac = a->family == Family::Mac;
    size_t ran = 0;
    for (const auto& b : plugins().backends) {
      if (b->unsupported_reason(v.algorithm, v.key_bits)) continue;
      auto k = create_context(*b, *a, v.key_bits, key, {}, v.params);
      if (!k && k.unsupported) {
        std::printf("  %s: %s unsupported: %s\n", b->name().c_str(), vector_name(v).c_str(), k.error.c_str());
        continue;
      }
      ASSERT_TRUE(k) << b->name() << " " << vector_name(v) << ": " << k.error;
      const auto out = run_operation(*k.context, mac ? CA_OP_MAC : CA_OP_ENCRYPT, {msg, nonce, aad, {}, 0});
      if (out.status == CA_UNSUPPORTED) {
        std::printf("  %s: %s unsupported: %s\n", b->name().c_str(), vector_name(v).c_str(),
                    out.error.c_str());
        continue;
      }
      ++ran;
      ASSERT_EQ(out.status, CA_OK) << b->name() << " " << vector_name(v) << ": " << out.describe();
      EXPECT_EQ(to_hex(out.output), to_hex(expected)) << b->name() << " " << vector_name(v);
      if (mac) continue;
      const auto back = run_operation(*k.context, CA_OP_DECRYPT, {expected, nonce, aad, {}, 0});
      ASSERT_EQ(back.status, CA_OK) << b->name() << " " << vector_name(v) << ": " << back.describe();
      EXPECT_EQ(to_hex(back.output), to_hex(msg)) << b->name() << " " << vector_name(v);
      Bytes tampered = expected;
      tampered.back() ^= 1;  // the last byte of the (truncated) tag
      EXPECT_EQ(run_operation(*k.context, CA_OP_DECRYPT, {tampered, nonce, aad, {}, 0}).status, CA_REJECTED)
          << b->name() << " " << vector_name(v) << ": a tampered tag was not rejected";
    }
    EXPECT_GT(ran, 0u) << vector_name(v) << " ran on no backend";
  }
}

TEST(ParameterRanges, OaepLabelsDecryptWhereTheLibraryTakesThem) {
  const Bytes pkcs8 = hex(test::kOaepKeyPkcs8Hex);
  for (const test::LabelledOaep& v : test::kLabelledOaep) {
    const AlgorithmInfo* a = find_algorithm(v.algorithm);
    ASSERT_NE(a, nullptr);
    const Bytes label = hex(v.label_hex), msg = hex(v.msg_hex), ct = hex(v.ct_hex);
    size_t ran = 0;
    for (const auto& b : plugins().backends) {
      if (b->unsupported_reason(v.algorithm, 2048)) continue;
      auto k = create_context(*b, *a, 2048, pkcs8);
      ASSERT_TRUE(k) << b->name() << " " << v.algorithm << ": " << k.error;
      const auto out = run_operation(*k.context, CA_OP_DECRYPT, {ct, {}, label, {}, 0});
      if (out.status == CA_UNSUPPORTED) {
        std::printf("  %s: %s with a label unsupported: %s\n", b->name().c_str(), v.algorithm,
                    out.error.c_str());
        continue;
      }
      ++ran;
      ASSERT_EQ(out.status, CA_OK) << b->name() << " " << v.algorithm << ": " << out.describe();
      EXPECT_EQ(to_hex(out.output), to_hex(msg)) << b->name() << " " << v.algorithm;
      // The same ciphertext under another label (or none) must not decrypt.
      EXPECT_NE(run_operation(*k.context, CA_OP_DECRYPT, {ct, {}, {}, {}, 0}).status, CA_OK)
          << b->name() << " " << v.algorithm << " ignored the label";
      // Its own encryption under the label decrypts back (randomised: checked by decryption).
      const auto enc = run_operation(*k.context, CA_OP_ENCRYPT, {msg, {}, label, {}, 0});
      ASSERT_EQ(enc.status, CA_OK) << b->name() << " " << v.algorithm << ": " << enc.describe();
      const auto again = run_operation(*k.context, CA_OP_DECRYPT, {enc.output, {}, label, {}, 0});
      EXPECT_EQ(to_hex(again.output), to_hex(msg)) << b->name() << " " << v.algorithm;
    }
    EXPECT_GT(ran, 0u) << v.algorithm << " with a label ran on no backend";
  }
}

// A value outside the catalog's declared range, or a length a row does not take, is CA_UNSUPPORTED at
// create(), naming the value: never a context that would compute with another length.
TEST(ParameterRanges, ValuesOutsideTheRangeAreRefusedByEveryBackend) {
  const Bytes key(32, 7);
  struct Outside {
    const char* algorithm;
    const char* params;
  };
  for (const Outside& o : {Outside{"AES-GCM", "tag=3"}, Outside{"AES-GCM", "nonce=0"},
                           Outside{"AES-CCM", "tag=5"}, Outside{"AES-CCM", "nonce=14"},
                           Outside{"CHACHA20-POLY1305", "nonce=8"}, Outside{"KMAC128", "tag=2"}}) {
    const AlgorithmInfo* a = find_algorithm(o.algorithm);
    ASSERT_NE(a, nullptr);
    EXPECT_FALSE(resolve_params(*a, o.params).ok()) << o.algorithm << " " << o.params;
    for (const auto& b : plugins().backends) {
      if (b->unsupported_reason(o.algorithm, 256)) continue;
      auto k = create_context(*b, *a, 256, key, {}, o.params);
      EXPECT_FALSE(k) << b->name() << " " << o.algorithm << " accepted " << o.params;
      EXPECT_TRUE(k.unsupported) << b->name() << " " << o.algorithm << " " << o.params << ": " << k.error;
    }
  }
}

}  // namespace
}  // namespace ca
