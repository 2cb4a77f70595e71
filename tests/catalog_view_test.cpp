// The SDK's constexpr view of the catalog (core/sdk/cryptauditor/catalog_view.hpp) is generated from the
// core catalog (core/catalog/catalog.cpp) by render_view() below, so that backends read key sizes, nonce and
// tag lengths from the one place they are defined. The view is checked in (the installed SDK and the cross
// build need no generator step); this test fails as soon as it differs from what the catalog generates, and
// writes the regenerated header next to the test binary with the command that puts it in place.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "catalog/catalog.hpp"
#include "cryptauditor/backend_sdk.hpp"

namespace ca {
namespace {

std::string render_view() {
  size_t most_keys = 1;
  for (const AlgorithmInfo& a : catalog()) most_keys = std::max(most_keys, a.key_bits.size());
  std::ostringstream out;
  out << "// GENERATED from core/catalog/catalog.cpp by tests/catalog_view_test.cpp: do not edit by hand.\n"
         "// Regenerate: run catalog_view_test, then copy the header it writes (the failure message says "
         "where).\n"
         "//\n"
         "// The catalog's facts that backends need, as constants: each algorithm's canonical name, the key "
         "sizes\n"
         "// it allows (a list, or a range for RSA), and its nonce, tag and digest lengths in bytes. A "
         "backend "
         "row\n"
         "// names its algorithm once and takes these through ca::sdk (backend_sdk.hpp); it states key sizes "
         "only\n"
         "// where the library offers fewer than the catalog.\n"
         "// The layout is the generator's (the test compares the file with what it writes), so "
         "clang-format\n"
         "// leaves it alone:\n"
         "// clang-format off\n"
         "#pragma once\n\n"
         "#include <cstddef>\n#include <cstdint>\n#include <string_view>\n\n"
         "namespace ca::sdk::catalog {\n\n"
         "struct Entry {\n"
         "  std::string_view name;\n"
         "  uint32_t key_count;  // entries of key_bits in use; 0 means the range key_min..key_max by "
         "key_step\n"
         "  uint32_t key_bits["
      << most_keys
      << "];\n"
         "  uint32_t key_min, key_max, key_step;\n"
         "  uint32_t key_parts;  // symmetric keys: 2 where the key is two keys of key_bits (SIV, XTS), else "
         "1\n"
         "  size_t nonce_bytes, tag_bytes, digest_bytes;  // the defaults benchmarks use\n"
         "  size_t nonce_min, nonce_max;          // the nonce lengths the algorithm's definition takes\n"
         "  size_t tag_min, tag_max, tag_step;    // the AEAD or MAC tag lengths it takes\n"
         "  bool tag_truncates;  // a shorter MAC tag is the full tag's leftmost bytes (the core truncates)\n"
         "};\n\n"
         "inline constexpr Entry kEntries[] = {\n";
  for (const AlgorithmInfo& a : catalog()) {
    out << "    {\"" << a.name << "\", " << a.key_bits.size() << ", {";
    for (size_t i = 0; i < a.key_bits.size(); ++i) out << (i ? ", " : "") << a.key_bits[i];
    out << "}, " << a.key_min << ", " << a.key_max << ", " << a.key_step << ", " << a.key_bytes(8) << ", "
        << a.nonce_bytes << ", " << a.tag_bytes << ", " << a.digest_bytes << ", " << a.nonce_range.min << ", "
        << a.nonce_range.max << ", " << a.tag_range.min << ", " << a.tag_range.max << ", " << a.tag_range.step
        << ", " << (a.tag_truncates ? "true" : "false") << "},\n";
  }
  out << "};\n\n"
         "/// The entry of a canonical name, or nullptr.\n"
         "constexpr const Entry* find(std::string_view name) {\n"
         "  for (const Entry& e : kEntries)\n"
         "    if (e.name == name) return &e;\n"
         "  return nullptr;\n"
         "}\n\n"
         "}  // namespace ca::sdk::catalog\n";
  return out.str();
}

TEST(CatalogView, TheSdkHeaderIsWhatTheCatalogGenerates) {
  const std::string path = std::string(CRYPTAUDITOR_SDK_DIR) + "/cryptauditor/catalog_view.hpp";
  std::ifstream in(path, std::ios::binary);
  std::stringstream checked_in;
  checked_in << in.rdbuf();
  const std::string expected = render_view();
  if (checked_in.str() != expected) {
    std::ofstream("catalog_view.hpp", std::ios::binary) << expected;
    ADD_FAILURE() << path << " differs from the catalog; regenerated as ./catalog_view.hpp in the test's "
                  << "working folder: cp catalog_view.hpp " << path;
  }
}

// The SDK's answers that backends use, for every catalog entry.
TEST(CatalogView, SdkAnswersMatchTheCatalog) {
  for (const AlgorithmInfo& a : catalog()) {
    const std::string name(a.name);
    const sdk::KeyBits keys = sdk::KeyBits::of_catalog(name.c_str());
    EXPECT_EQ(keys.describe(), a.describe_keys()) << name;
    for (uint32_t bits : {0u, 64u, 128u, 192u, 256u, 384u, 521u, 1024u, 2048u, 2049u, 3072u})
      EXPECT_EQ(keys.allows(bits), a.allows_key(bits)) << name << " " << bits;
    EXPECT_EQ(sdk::nonce_bytes(name.c_str()), a.nonce_bytes) << name;
    EXPECT_EQ(sdk::tag_bytes(name.c_str()), a.tag_bytes) << name;
    EXPECT_EQ(sdk::digest_bytes(name.c_str()), a.digest_bytes) << name;
    for (size_t n : {size_t{0}, size_t{1}, size_t{4}, size_t{7}, size_t{8}, size_t{10}, size_t{12},
                     size_t{13}, size_t{14}, size_t{16}, size_t{24}, size_t{64}, size_t{257}, size_t{2000}}) {
      EXPECT_EQ(sdk::allows_nonce(name.c_str(), n), a.nonce_range.allows(n)) << name << " nonce " << n;
      EXPECT_EQ(sdk::allows_tag(name.c_str(), n), a.tag_range.allows(n)) << name << " tag " << n;
    }
    for (uint32_t bits : a.key_bits) {
      ca_key_spec spec{};
      spec.algorithm = name.c_str();
      spec.key_bits = bits;
      EXPECT_EQ(sdk::catalog_key_bytes(spec), a.key_bytes(bits)) << name << " " << bits;
    }
  }
  EXPECT_TRUE(sdk::KeyBits::of_catalog("SHA-512").values.empty()) << "an alias is no catalog name";
}

// A row names its algorithm once: without key sizes it takes the catalog's, with them only those.
TEST(CatalogView, RowsTakeTheCatalogsKeySizesUnlessRestricted) {
  const sdk::Factory none;
  const sdk::Row all{"AES-GCM", none};
  EXPECT_TRUE(all.key_bits.allows(128) && all.key_bits.allows(192) && all.key_bits.allows(256));
  const sdk::Row restricted{"AES-GCM", sdk::KeyBits::list({256}), none};
  EXPECT_FALSE(restricted.key_bits.allows(128));
  EXPECT_TRUE(restricted.key_bits.allows(256));
}

}  // namespace
}  // namespace ca
