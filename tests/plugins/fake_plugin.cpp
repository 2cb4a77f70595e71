// A plugin that loads fine and claims algorithms it computes wrongly: AES-CTR as a plain XOR with the key,
// SHA2-256 as all zeros. The correctness gate must exclude both from timing and ranking.
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

const char* version() { return "0.0-test"; }
const char* acceleration() { return ""; }

const ca::sdk::Row kRows[] = {
    {"AES-CTR", ca::sdk::KeyBits::list({128, 192, 256}), ca::sdk::make_factory<XorCipher>()},
    {"SHA2-256", ca::sdk::KeyBits::list({0}), ca::sdk::make_factory<ZeroHash>()},
#ifdef FAKE_ALIAS_ROW
    // An alias where the catalog's name belongs: the core never asks for it, and the loader says so.
    {"SHA-512", ca::sdk::KeyBits::list({0}), ca::sdk::make_factory<ZeroHash>()},
#endif
};

}  // namespace

#ifdef FAKE_ALIAS_ROW
CRYPTAUDITOR_BACKEND("aliasrow", "Fake with an alias row (tests only)", version, acceleration, kRows)
#else
CRYPTAUDITOR_BACKEND("fake", "Fake (tests only)", version, acceleration, kRows)
#endif
