// Calibration plugins of the `leaks` screen, built with the SDK: HMAC-SHA2-256 (FIPS 180-4, RFC 2104) with a
// verify operation, in four builds that differ in one property each.
//  - LEAK_TAG  (leakytag): the tag check returns at the first differing byte;
//  - LEAK_KEY  (leakykey): each MAC does work in proportion to the key's bit length (its leading zero bits
//    shorten it), as a scalar multiplication that skips leading zeros would;
//  - neither   (cttag, ctkey): the constant-time twins (every byte compared; work for all 256 key bits);
//  - LEAK_GRADED=N (leak1pct, leak2pct, leak5pct): the constant-time tag check plus a spin of N when the
//    tag's first byte matches (a forged tag wrong in its last byte), a leak of about 1, 2 or 5 % of a call:
//    small leaks of known size, for bench/leak_calibration.py's detection rates.
// The leaks are exaggerated on purpose (each compared byte and each key bit costs a short spin of a few
// dozen cycles), so that tests/leaks_test.cpp can expect them to be seen in every run on a noisy machine.
#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "cryptauditor/backend_sdk.hpp"

namespace {

// The spins per compared tag byte and per key bit. The four plugins of tests/leaks_test.cpp make them large
// (leaks of about 10 % of a call, found in every run on a busy machine); the graded ones keep the base
// small, so that their extra spin is the stated fraction of a call.
#if defined(LEAK_GRADED)
constexpr int kSpinPerByte = 8, kSpinPerKeyBit = 2;
#else
constexpr int kSpinPerByte = 32, kSpinPerKeyBit = 16;
#endif

// A short spin the compiler cannot remove: its cost is what the leaks are made of.
void spin(int n) {
  volatile int counter = 0;
  for (int i = 0; i < n; ++i) counter = counter + 1;
}

constexpr uint32_t kK[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

struct Sha256 {
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  uint8_t block[64] = {};
  size_t used = 0;
  uint64_t total = 0;

  void compress() {
    uint32_t w[64];
    for (int i = 0; i < 16; ++i)
      w[i] = uint32_t{block[4 * i]} << 24 | uint32_t{block[4 * i + 1]} << 16 |
             uint32_t{block[4 * i + 2]} << 8 | block[4 * i + 3];
    for (int i = 16; i < 64; ++i) {
      const uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (int i = 0; i < 64; ++i) {
      const uint32_t t1 = k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + kK[i] + w[i];
      const uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      k = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += k;
  }
  void update(const uint8_t* p, size_t n) {
    total += n;
    while (n > 0) {
      const size_t take = std::min(n, 64 - used);
      std::memcpy(block + used, p, take);
      used += take, p += take, n -= take;
      if (used == 64) {
        compress();
        used = 0;
      }
    }
  }
  void finish(uint8_t out[32]) {
    const uint64_t bits = total * 8;
    const uint8_t one = 0x80, zero = 0;
    update(&one, 1);
    while (used != 56) update(&zero, 1);
    uint8_t len[8];
    for (int i = 0; i < 8; ++i) len[i] = static_cast<uint8_t>(bits >> (56 - 8 * i));
    update(len, 8);
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 4; ++j) out[4 * i + j] = static_cast<uint8_t>(h[i] >> (24 - 8 * j));
  }
};

class HmacSha256 {
 public:
  explicit HmacSha256(const ca_key_spec& spec) {
    if (spec.secret_key == nullptr || spec.secret_key_len == 0 || spec.secret_key_len > 64)
      throw std::runtime_error("HMAC key of 1 to 64 bytes expected");
    uint8_t k[64] = {};
    std::memcpy(k, spec.secret_key, spec.secret_key_len);
    for (int i = 0; i < 64; ++i) {
      ipad_[i] = k[i] ^ 0x36;
      opad_[i] = k[i] ^ 0x5c;
    }
#ifdef LEAK_KEY
    // The key's bit length: 8 * length less its leading zero bits (a secret-dependent branch, on purpose:
    // the taint screen must report it; the twins never look at the key's bits).
    bit_length_ = 0;
    for (size_t i = 0; i < spec.secret_key_len; ++i)
      if (spec.secret_key[i] != 0) {
        bit_length_ =
            static_cast<int>(8 * (spec.secret_key_len - i)) - __builtin_clz(spec.secret_key[i]) + 24;
        break;
      }
#endif
  }

  int mac(ca_io& io) {
    uint8_t tag[32];
    compute(io, tag);
    return ca::sdk::put_output(io, tag, sizeof tag);
  }

  int verify(ca_io& io) {
    uint8_t tag[32];
    compute(io, tag);
    if (io.signature_len != sizeof tag) return CA_REJECTED;
#ifdef LEAK_TAG
    for (size_t i = 0; i < sizeof tag; ++i) {
      spin(kSpinPerByte);
      if (tag[i] != io.signature[i]) return CA_REJECTED;
    }
    return CA_OK;
#else
    uint8_t diff = 0;
    for (size_t i = 0; i < sizeof tag; ++i) {
      spin(kSpinPerByte);
      diff |= static_cast<uint8_t>(tag[i] ^ io.signature[i]);
    }
#ifdef LEAK_GRADED
    if (tag[0] == io.signature[0]) spin(LEAK_GRADED);
#endif
    return diff == 0 ? CA_OK : CA_REJECTED;
#endif
  }

 private:
  void compute(const ca_io& io, uint8_t tag[32]) {
#ifdef LEAK_KEY
    for (int i = 0; i < bit_length_; ++i) spin(kSpinPerKeyBit);
#else
    for (int i = 0; i < 256; ++i) spin(kSpinPerKeyBit);
#endif
    Sha256 inner;
    inner.update(ipad_, 64);
    inner.update(io.input, io.input_len);
    uint8_t ih[32];
    inner.finish(ih);
    Sha256 outer;
    outer.update(opad_, 64);
    outer.update(ih, 32);
    outer.finish(tag);
  }

  uint8_t ipad_[64];
  uint8_t opad_[64];
  int bit_length_ = 256;
};

const char* version() { return "1.0-calibration"; }
const char* acceleration() { return ""; }

const ca::sdk::Row kRows[] = {
    {"HMAC-SHA2-256", ca::sdk::KeyBits::list({256}), ca::sdk::make_factory<HmacSha256>()},
};

}  // namespace

#if defined(LEAK_GRADED)
CRYPTAUDITOR_BACKEND(LEAK_NAME, "Calibration: a small graded leak in the tag check", version, acceleration,
                     kRows)
#elif defined(LEAK_TAG)
CRYPTAUDITOR_BACKEND("leakytag", "Calibration: tag check exits at the first differing byte", version,
                     acceleration, kRows)
#elif defined(LEAK_KEY)
CRYPTAUDITOR_BACKEND("leakykey", "Calibration: MAC time follows the key's bit length", version, acceleration,
                     kRows)
#elif defined(CT_KEY)
CRYPTAUDITOR_BACKEND("ctkey", "Calibration: constant-time twin of leakykey", version, acceleration, kRows)
#else
CRYPTAUDITOR_BACKEND("cttag", "Calibration: constant-time twin of leakytag", version, acceleration, kRows)
#endif
