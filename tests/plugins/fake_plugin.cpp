// A plugin that loads fine and claims algorithms it computes wrongly: AES-CTR as a plain XOR with the key,
// SHA2-256 as all zeros. The correctness gate must exclude both from timing and ranking.
// FAKE_DEVIATIONS ("deviant"): also an AES-GCM that is wrong on every test, with known deviations declared
// for two version ranges, one of which covers the version it reports (tests/verify_test.cpp);
// FAKE_OLD_TABLE ("olddeviant"): the same, with a table that ends before deviation_at, as if built before
// that entry existed: its deviations must not be read.
#include <cstddef>
#include <cstring>

#include "cryptauditor/backend_sdk.hpp"

namespace {

struct XorCipher {
  std::vector<uint8_t> key;
  explicit XorCipher(const ca_key_spec& spec) : key(spec.secret_key, spec.secret_key + spec.secret_key_len) {}
  int encrypt(ca_io& io) {
    ca::sdk::require_output(io, io.input_len);
    for (size_t i = 0; i < io.input_len; ++i) io.output[i] = io.input[i] ^ key[i % key.size()];
    io.output_len = io.input_len;
    return CA_OK;
  }
  int decrypt(ca_io& io) { return encrypt(io); }
};

struct ZeroHash {
  explicit ZeroHash(const ca_key_spec&) {}
  int hash(ca_io& io) {
    uint8_t zeros[32] = {};
    return ca::sdk::put_output(io, zeros, sizeof zeros);
  }
};

#if defined(FAKE_DEVIATIONS) || defined(FAKE_OLD_TABLE)
// AES-GCM that writes zeros and accepts every tag: wrong on both tests of verify_test's mini.json (tcId 1 is
// valid, tcId 2 a modified tag).
struct ZeroGcm {
  static constexpr size_t kMax = 4096;
  static constexpr uint8_t kZeros[kMax + 16] = {};
  explicit ZeroGcm(const ca_key_spec&) {}
  int encrypt(ca_io& io) {
    if (io.input_len > kMax) return CA_UNSUPPORTED;
    return ca::sdk::put_output(io, kZeros, io.input_len + 16);
  }
  int decrypt(ca_io& io) {
    if (io.input_len < 16 || io.input_len > kMax + 16) return CA_REJECTED;
    return ca::sdk::put_output(io, kZeros, io.input_len - 16);
  }
};

// The plugin reports 0.0-test: the first range covers it, the second does not.
constexpr ca_deviation kDeviations[] = {
    {"mini.json", 1, {"0.0", "0.0"}, "writes zeros (declared for 0.0)"},
    {"mini.json", 2, {"0.1", nullptr}, "accepts a modified tag (declared for 0.1 and later)"},
};
#endif

const char* version() { return "0.0-test"; }
const char* acceleration() { return ""; }

const ca::sdk::Row kRows[] = {
    {"AES-CTR", ca::sdk::KeyBits::list({128, 192, 256}), ca::sdk::make_factory<XorCipher>()},
    {"SHA2-256", ca::sdk::KeyBits::list({0}), ca::sdk::make_factory<ZeroHash>()},
#if defined(FAKE_DEVIATIONS) || defined(FAKE_OLD_TABLE)
    {"AES-GCM", ca::sdk::KeyBits::list({128}), ca::sdk::make_factory<ZeroGcm>()},
#endif
#ifdef FAKE_ALIAS_ROW
    // An alias where the catalog's name belongs: the core never asks for it, and the loader says so.
    {"SHA-512", ca::sdk::KeyBits::list({0}), ca::sdk::make_factory<ZeroHash>()},
#endif
};

}  // namespace

#if defined(FAKE_DEVIATIONS)
CRYPTAUDITOR_DEVIATIONS(kDeviations)
CRYPTAUDITOR_BACKEND("deviant", "Deviant (tests only)", version, acceleration, kRows)
#elif defined(FAKE_OLD_TABLE)
CRYPTAUDITOR_DEVIATIONS(kDeviations)
// The SDK's table with struct_size ending before deviation_at. The entry itself is still filled in, so only
// struct_size tells the core that this table has no deviations.
extern "C" __attribute__((visibility("default"))) const ca_backend* cryptauditor_backend_entry(void) {
  using TableT = ca::sdk::Table<kRows, sizeof(kRows) / sizeof(kRows[0])>;
  static const ca_backend backend = {CA_PLUGIN_ABI_VERSION,
                                     offsetof(ca_backend, deviation_at),
                                     "olddeviant",
                                     "Deviant with an older table (tests only)",
                                     version,
                                     acceleration,
                                     &TableT::supports,
                                     &TableT::create,
                                     &TableT::destroy,
                                     &TableT::operation,
                                     &TableT::export_key,
                                     &TableT::last_error,
                                     &TableT::repeat,
                                     &TableT::algorithm_at,
                                     ca::sdk::DeclaredDeviations<>::entry()};
  return &backend;
}
#elif defined(FAKE_ALIAS_ROW)
CRYPTAUDITOR_BACKEND("aliasrow", "Fake with an alias row (tests only)", version, acceleration, kRows)
#else
CRYPTAUDITOR_BACKEND("fake", "Fake (tests only)", version, acceleration, kRows)
#endif
