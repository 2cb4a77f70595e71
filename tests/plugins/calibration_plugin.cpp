// A backend for calibrating `compare` (bench/aa_calibration.py): SHA2-256 through OpenSSL's one-shot
// EVP_Digest, computed kBaseRounds times per operation, plus CA_CALIBRATION_SLOWDOWN_PERCENT more rounds of
// the same work, so "7" makes every operation 7 % more work (the framework's own cost per operation is a
// fraction of a percent of a hundred digests). The digest is real, so the self-test passes; the extra rounds
// hash the same message again and their output is discarded after a check the compiler cannot drop.
#include <openssl/evp.h>

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "cryptauditor/backend_sdk.hpp"

namespace {

constexpr unsigned kBaseRounds = 100;

unsigned extra_rounds() {
  const char* text = std::getenv("CA_CALIBRATION_SLOWDOWN_PERCENT");
  if (text == nullptr || *text == '\0') return 0;
  char* end = nullptr;
  const unsigned long percent = std::strtoul(text, &end, 10);
  if (*end != '\0' || percent > 1000)
    throw std::runtime_error(std::string("CA_CALIBRATION_SLOWDOWN_PERCENT '") + text +
                             "' is not valid: expected a whole number of percent from 0 to 1000");
  return static_cast<unsigned>(percent * kBaseRounds / 100);
}

struct RepeatedSha256 {
  unsigned rounds;
  explicit RepeatedSha256(const ca_key_spec&) : rounds(kBaseRounds + extra_rounds()) {}
  int hash(ca_io& io) {
    unsigned char digest[EVP_MAX_MD_SIZE], first[EVP_MAX_MD_SIZE];
    unsigned int len = 0, first_len = 0;
    if (EVP_Digest(io.input, io.input_len, first, &first_len, EVP_sha256(), nullptr) != 1) return CA_FAILED;
    for (unsigned i = 1; i < rounds; ++i) {
      if (EVP_Digest(io.input, io.input_len, digest, &len, EVP_sha256(), nullptr) != 1) return CA_FAILED;
      if (len != first_len || std::memcmp(digest, first, len) != 0) return CA_FAILED;
    }
    return ca::sdk::put_output(io, first, first_len);
  }
};

const char* version() { return "1.0-calibration"; }
const char* acceleration() { return ""; }

const ca::sdk::Row kRows[] = {
    {"SHA2-256", ca::sdk::KeyBits::list({0}), ca::sdk::make_factory<RepeatedSha256>()},
};

}  // namespace

CRYPTAUDITOR_BACKEND("calib", "Calibration: OpenSSL SHA2-256 x 100 (+ a set percentage; tests only)", version,
                     acceleration, kRows)
