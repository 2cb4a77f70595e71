#include "leaks/screen.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <memory>
#include <random>

#include "catalog/curves.hpp"
#include "exec/job_parts.hpp"
#include "leaks/placement.hpp"
#include "measure/per_call.hpp"
#include "util/bytes.hpp"
#include "verify/ec_private_key.hpp"

namespace ca::leaks {
namespace {

constexpr size_t kInputsPerClass = 16;  // calls of a class are spread over this many inputs
constexpr size_t kKeysPerClass = 8;     // key tests: this many keys per class, two inputs each

const char* kFixedVsRandom = "fixed-vs-random";
const char* kTagFirstVsLast = "tag-first-vs-last";
const char* kKeyLeadingZeros = "key-leading-zeros";
const char* kPaddingValidVsInvalid = "padding-valid-vs-invalid";

bool is_rsa(const AlgorithmInfo& a) { return a.primitive == "RSA"; }

// The SEC 2 name of an EC algorithm's curve (verify::named_curve's spelling), or empty.
std::string_view ec_curve(const AlgorithmInfo& a) {
  const CurveInfo* curve = curve_of(a);
  return curve != nullptr ? curve->sec_name : std::string_view();
}

// Everything one test's calls point into, made before timing; deques keep addresses stable.
struct Prepared {
  // Allocated first, of a random size: the keyed contexts the library allocates after it land at other heap
  // addresses in each repetition (place_randomly() does the same for the buffers).
  std::vector<uint8_t> spacer;
  // Every buffer the timed calls read or write, copied here at random offsets (leaks/placement.hpp).
  std::vector<uint8_t> arena;
  std::vector<std::unique_ptr<Context>> contexts;
  std::deque<Bytes> buffers;
  std::deque<ca_io> ios;
  Bytes output;
  std::vector<PreparedCall> classes[2];
  Outcome outcome = Outcome::Measured;
  std::string error;

  const Bytes& keep(Bytes b) { return buffers.emplace_back(std::move(b)); }
  bool fail(Outcome o, std::string why) {
    outcome = o;
    error = std::move(why);
    return false;
  }
};

struct TestContext {
  const Backend& backend;
  const AlgorithmInfo& a;
  uint32_t bits;
  size_t size;
};

std::unique_ptr<Context> create_with(const TestContext& t, const Bytes* secret, Prepared& p) {
  auto ctx = secret != nullptr ? t.backend.create(key_spec(t.a, t.bits, *secret))
                               : make_context(t.backend, t.a, t.bits);
  if (!ctx) {
    p.fail(ctx.error().unsupported ? Outcome::Unsupported : Outcome::Failed,
           "key setup: " + ctx.error().message);
    return nullptr;
  }
  return std::move(*ctx);
}

// Adds one call of class c: the io fields given, the shared output buffer; checks its status outside timing.
bool add_call(Prepared& p, int c, const Context& ctx, int op, const Bytes& input, const Bytes& nonce,
              const Bytes* signature, int expected) {
  ca_io io{};
  io.nonce = nonce.data();
  io.nonce_len = nonce.size();
  io.input = input.data();
  io.input_len = input.size();
  if (signature != nullptr) {
    io.signature = signature->data();
    io.signature_len = signature->size();
  }
  io.output = p.output.data();
  io.output_cap = p.output.size();
  ca_io& stored = p.ios.emplace_back(io);
  const ca_operation_fn fn = ctx.operation(op);
  if (fn == nullptr) return p.fail(Outcome::NotOffered, "the backend does not offer this operation here");
  const int st = fn(ctx.raw(), &stored);
  if (st != expected) {
    if (expected == CA_REJECTED && st == CA_OK) return p.fail(Outcome::Failed, "a forged tag was accepted");
    if (st == CA_UNSUPPORTED)
      return p.fail(Outcome::Unsupported, "unsupported at this size: " + ctx.last_error());
    return p.fail(Outcome::Failed, "preparing inputs: " + status_text(ctx, st));
  }
  p.classes[c].push_back({fn, ctx.raw(), &stored, expected});
  return true;
}

// Fixed versus random input under one key (dudect's own test): encrypt or sign.
bool prepare_fixed_vs_random(const TestContext& t, int op, Prepared& p) {
  auto ctx = create_with(t, nullptr, p);
  if (!ctx) return false;
  const Bytes& fixed = p.keep(random_bytes(t.size));
  for (size_t i = 0; i < kInputsPerClass; ++i)
    for (int c = 0; c < 2; ++c) {
      const Bytes& input = c == 0 ? p.keep(fixed) : p.keep(random_bytes(t.size));
      const Bytes& nonce = p.keep(random_bytes(t.a.nonce_bytes));
      if (!add_call(p, c, *ctx, op, input, nonce, nullptr, CA_OK)) return false;
    }
  p.contexts.push_back(std::move(ctx));
  return true;
}

// A forged tag wrong in its first byte (class 0) versus its last byte (class 1): AEAD decrypt (tag after
// the ciphertext; AES-SIV's V before it) or MAC verify (the tag in `signature`).
bool prepare_tag(const TestContext& t, Prepared& p) {
  auto ctx = create_with(t, nullptr, p);
  if (!ctx) return false;
  const bool mac = t.a.family == Family::Mac;
  if (mac && ctx->operation(CA_OP_VERIFY) == nullptr)
    return p.fail(Outcome::NotOffered, "the plugin offers no MAC verify (CA_OP_VERIFY on a MAC context)");
  const size_t tag = mac ? t.a.digest_bytes : t.a.tag_bytes;
  const bool tag_at_front = t.a.name == "AES-SIV";
  const Bytes no_aad;
  for (size_t i = 0; i < kInputsPerClass; ++i) {
    const Bytes message = random_bytes(t.size);
    const Bytes& nonce = p.keep(random_bytes(t.a.nonce_bytes));
    const size_t cap = t.a.output_capacity(t.bits, t.size);
    Call made = call(*ctx, mac ? CA_OP_MAC : CA_OP_ENCRYPT, message, nonce, no_aad, {}, cap);
    if (made.status != CA_OK)
      return p.fail(Outcome::Failed, "preparing inputs: " + status_text(*ctx, made.status));
    if (made.output.size() < tag) return p.fail(Outcome::Failed, "output shorter than the tag");
    for (int c = 0; c < 2; ++c) {
      Bytes forged = made.output;
      const size_t tag_start = mac || tag_at_front ? 0 : forged.size() - tag;
      forged[tag_start + (c == 0 ? 0 : tag - 1)] ^= 0x01;
      if (mac) {
        const Bytes& sig = p.keep(std::move(forged));
        if (!add_call(p, c, *ctx, CA_OP_VERIFY, p.keep(message), nonce, &sig, CA_REJECTED)) return false;
      } else {
        if (!add_call(p, c, *ctx, CA_OP_DECRYPT, p.keep(std::move(forged)), nonce, nullptr, CA_REJECTED))
          return false;
      }
    }
  }
  p.contexts.push_back(std::move(ctx));
  return true;
}

// RSA decryption (PKCS#1 v1.5, OAEP): ciphertexts with well-formed padding (class 0: the backend's own
// encryptions of random messages) versus ciphertexts whose padding is malformed (class 1: the same ciphertext
// with its last byte changed, which is still below the modulus and decrypts to an unrelated value, so its
// padding check fails with probability 1 - 2^-16 or better; one that would decode is replaced). Both
// classes are uniform below the modulus, and differ only in whether the padding decodes: Bleichenbacher's
// and Manger's oracle is a time difference here. The malformed class's status is whatever the backend
// returns for it (CA_REJECTED, or CA_OK from a library with implicit rejection, which returns a random
// message); it must be the same for every call, and the well-formed class must decrypt to its message.
bool prepare_padding(const TestContext& t, Prepared& p) {
  auto ctx = create_with(t, nullptr, p);
  if (!ctx) return false;
  const Bytes no_nonce, no_aad;
  const size_t cap = t.a.output_capacity(t.bits, t.size);
  int malformed_status = -1;
  for (size_t i = 0; i < kInputsPerClass; ++i) {
    const Bytes message = random_bytes(t.size);
    Call made = call(*ctx, CA_OP_ENCRYPT, message, no_nonce, no_aad, {}, cap);
    if (made.status != CA_OK)
      return p.fail(Outcome::Failed, "preparing inputs: " + status_text(*ctx, made.status));
    if (made.output.empty()) return p.fail(Outcome::Failed, "preparing inputs: an empty ciphertext");
    const Bytes& valid = p.keep(made.output);
    Bytes check = call(*ctx, CA_OP_DECRYPT, valid, no_nonce, no_aad, {}, cap).output;
    if (check != message) return p.fail(Outcome::Failed, "preparing inputs: a ciphertext did not decrypt");
    Bytes invalid = valid;
    int st = CA_OK;
    for (uint8_t flip = 1; flip != 0; ++flip) {  // the first change whose padding does not decode
      invalid.back() = static_cast<uint8_t>(valid.back() ^ flip);
      const Call probe = call(*ctx, CA_OP_DECRYPT, invalid, no_nonce, no_aad, {}, cap);
      st = probe.status;
      if (st == CA_UNSUPPORTED) return p.fail(Outcome::Unsupported, "decrypt: " + ctx->last_error());
      if (st != CA_OK || probe.output != message) break;
    }
    if (malformed_status == -1) malformed_status = st;
    if (!add_call(p, 0, *ctx, CA_OP_DECRYPT, valid, no_nonce, nullptr, CA_OK)) return false;
    if (!add_call(p, 1, *ctx, CA_OP_DECRYPT, p.keep(std::move(invalid)), no_nonce, nullptr, malformed_status))
      return false;
  }
  p.contexts.push_back(std::move(ctx));
  return true;
}

// The secret of one key of the key test: class 0 has its most significant 64 bits (72 for P-521) zero.
Bytes secret_key(const AlgorithmInfo& a, uint32_t bits, int c, std::string_view curve) {
  if (!curve.empty()) {
    auto named = verify::named_curve(curve);
    Bytes scalar = random_bytes(named->scalar_bytes);
    // Below the group order: P-521's top byte holds one bit (a key size that is not whole bytes); the
    // others' orders exceed 2^(bits-1).
    const bool partial_top_byte = bits % 8 != 0;
    scalar[0] &= partial_top_byte ? 0x00 : 0x7f;
    if (c == 0) std::fill(scalar.begin(), scalar.begin() + (partial_top_byte ? 9 : 8), 0);
    if (scalar == Bytes(scalar.size(), 0)) scalar.back() = 1;
    return *verify::ec_private_key_pkcs8(*named, scalar);
  }
  if (a.family == Family::KeyAgreement) {  // X25519 / X448: raw little-endian scalars
    Bytes k = random_bytes(a.key_bytes(bits));
    if (c == 0) std::fill(k.end() - 8, k.end(), 0);
    return k;
  }
  Bytes k = random_bytes(a.key_bytes(bits));  // MAC keys: big-endian view, first bytes most significant
  if (c == 0) std::fill(k.begin(), k.begin() + std::min<size_t>(8, k.size()), 0);
  return k;
}

// A key with many leading zero bits (class 0) versus a random key (class 1): MAC, key agreement (the peer's
// public key from a key pair of the same backend) or ECDSA sign.
bool prepare_key(const TestContext& t, Prepared& p) {
  const int op = t.a.family == Family::Mac            ? CA_OP_MAC
                 : t.a.family == Family::KeyAgreement ? CA_OP_AGREE
                                                      : CA_OP_SIGN;
  const std::string_view curve = ec_curve(t.a);
  Bytes peer_public;
  if (op == CA_OP_AGREE) {
    auto peer = create_with(t, nullptr, p);
    if (!peer) return false;
    auto pub = peer->export_key(CA_KEY_PUBLIC);
    if (!pub) return p.fail(Outcome::Failed, "the peer's public key could not be exported");
    peer_public = *pub;
  }
  for (size_t k = 0; k < kKeysPerClass; ++k)
    for (int c = 0; c < 2; ++c) {
      const Bytes secret = secret_key(t.a, t.bits, c, curve);
      auto ctx = create_with(t, &secret, p);
      if (!ctx) return false;
      for (size_t i = 0; i < kInputsPerClass / kKeysPerClass; ++i) {
        const Bytes& input = op == CA_OP_AGREE ? p.keep(peer_public) : p.keep(random_bytes(t.size));
        const Bytes& nonce = p.keep(random_bytes(t.a.nonce_bytes));
        if (!add_call(p, c, *ctx, op, input, nonce, nullptr, CA_OK)) return false;
      }
      p.contexts.push_back(std::move(ctx));
    }
  return true;
}

bool prepare(const TestContext& t, const TestDefinition& test, Prepared& p) {
  const size_t cap = std::max<size_t>(t.a.output_capacity(t.bits, t.size), 1024);
  p.output.assign(cap, 0);
  if (test.name == kFixedVsRandom)
    return prepare_fixed_vs_random(t, t.a.family == Family::Signature ? CA_OP_SIGN : CA_OP_ENCRYPT, p);
  if (test.name == kTagFirstVsLast) return prepare_tag(t, p);
  if (test.name == kPaddingValidVsInvalid) return prepare_padding(t, p);
  return prepare_key(t, p);
}

void histograms(const std::vector<double>& a, const std::vector<double>& b, Repetition& r) {
  std::vector<double> pooled(a);
  pooled.insert(pooled.end(), b.begin(), b.end());
  if (pooled.empty()) return;
  std::sort(pooled.begin(), pooled.end());
  r.hist_low = stats::sorted_quantile(pooled, 0.001);
  r.hist_high = stats::sorted_quantile(pooled, 0.99);
  if (!(r.hist_high > r.hist_low)) r.hist_high = r.hist_low + 1;
  constexpr size_t kBins = 60;
  r.hist0.assign(kBins, 0);
  r.hist1.assign(kBins, 0);
  auto fill = [&](const std::vector<double>& xs, std::vector<uint32_t>& h) {
    for (double x : xs) {
      if (x < r.hist_low || x >= r.hist_high) continue;
      const auto bin = static_cast<size_t>((x - r.hist_low) / (r.hist_high - r.hist_low) * kBins);
      ++h[std::min(bin, kBins - 1)];
    }
  };
  fill(a, r.hist0);
  fill(b, r.hist1);
}

void split(const PerCallMeasurement& m, std::vector<double>& a, std::vector<double>& b) {
  a.clear();
  b.clear();
  for (size_t i = 0; i < m.ticks.size(); ++i)
    (m.cls[i] == 0 ? a : b).push_back(static_cast<double>(m.ticks[i]));
}

Result run_test(const Plan& plan, const Backend& backend, const Job& job, size_t size,
                const TestDefinition& test, uint64_t& seed) {
  Result r;
  r.backend = backend.name();
  r.library = backend.library();
  r.library_version = backend.library_version();
  r.algorithm = std::string(job.algorithm->name);
  r.key_bits = job.key_bits;
  r.data_bytes = size;
  r.test = test;
  if (auto why = backend.unsupported_reason(r.algorithm, job.key_bits)) {
    r.outcome = Outcome::Unsupported;
    r.reason = *why;
    return r;
  }
  const TestContext t{backend, *job.algorithm, job.key_bits, size};
  std::vector<stats::Verdict> verdicts;
  std::vector<double> effects;
  for (size_t rep = 0; rep < std::max<size_t>(1, plan.repetitions); ++rep) {
    std::mt19937_64 placement(++seed * 0xbf58476d1ce4e5b9ull);
    Prepared p;  // fresh keys and inputs each repetition, at fresh addresses
    p.spacer.resize(1 + placement() % 65536);
    if (!prepare(t, test, p)) {
      r.outcome = p.outcome;
      r.reason = p.error;
      r.repetitions.clear();
      return r;
    }
    std::vector<ca_io*> ios;
    for (ca_io& io : p.ios) ios.push_back(&io);
    place_randomly(ios, p.arena, placement);
    Repetition out;
    const uint64_t stats_seed = ++seed * 0x9e3779b97f4a7c15ull;
    std::vector<double> a, b;
    PerCallConfig cfg;
    cfg.budget_s = plan.budget_s;
    cfg.max_calls = 4000000;
    cfg.seed = ++seed;
    cfg.stop = [&](const PerCallMeasurement& m) {
      split(m, a, b);
      const stats::LeakStatistics s = stats::leak_statistics(a, b, plan.thresholds, stats_seed);
      out.trace.emplace_back(m.ticks.size(), s.max_t);
      return stats::decide(s, plan.thresholds) != stats::Verdict::Inconclusive;
    };
    const PerCallMeasurement m = measure_per_call(p.classes[0], p.classes[1], cfg);
    if (m.status != CA_OK) {
      r.outcome = Outcome::Failed;
      r.reason = m.error;
      r.repetitions.clear();
      return r;
    }
    split(m, a, b);
    out.stats = stats::leak_statistics(a, b, plan.thresholds, stats_seed);
    out.verdict = stats::decide(out.stats, plan.thresholds);
    if (out.trace.empty() || out.trace.back().first != m.ticks.size())
      out.trace.emplace_back(m.ticks.size(), out.stats.max_t);
    out.calls = m.ticks.size();
    out.elapsed_s = m.elapsed_s;
    out.stopped_early = m.stopped_early;
    out.overhead_ticks = m.overhead_ticks;
    histograms(a, b, out);
    verdicts.push_back(out.verdict);
    effects.push_back(out.stats.sized_effect);
    r.repetitions.push_back(std::move(out));
  }
  r.verdict = stats::combine_repetitions(verdicts, effects);
  return r;
}

}  // namespace

std::vector<TestDefinition> tests_for(const AlgorithmInfo& a) {
  std::vector<TestDefinition> out;
  const TestDefinition fixed{
      kFixedVsRandom, a.family == Family::Signature ? "sign" : "encrypt", "one fixed input", "random inputs",
      a.family == Family::Signature ? "time of the private-key operation depending on the message (and, for "
                                      "EdDSA, on the nonce derived from it)"
                                    : "time depending on the plaintext (dudect's AES test)"};
  const TestDefinition tag{kTagFirstVsLast, a.family == Family::Mac ? "verify" : "decrypt",
                           "forged tag wrong in its first byte", "forged tag wrong in its last byte",
                           "a tag comparison that stops at the first differing byte"};
  const TestDefinition key{kKeyLeadingZeros,
                           a.family == Family::Mac            ? "mac"
                           : a.family == Family::KeyAgreement ? "agree"
                                                              : "sign",
                           "keys whose 64 most significant bits are zero", "random keys",
                           "time following the key's bit length (Minerva-style)"};
  const TestDefinition padding{kPaddingValidVsInvalid, "decrypt", "ciphertexts with well-formed padding",
                               "the same ciphertexts with their last byte changed (malformed padding)",
                               "a padding check whose time depends on the decrypted value (Bleichenbacher, "
                               "Manger, Marvin)"};
  switch (a.family) {
    case Family::Cipher:
      if (is_rsa(a)) {
        out.push_back(padding);
        break;
      }
      out.push_back(fixed);
      if (a.tag_bytes > 0) out.push_back(tag);
      break;
    case Family::Mac:
      out.push_back(tag);
      out.push_back(key);
      break;
    case Family::Signature:
      if (is_rsa(a) || a.name == "EDDSA")
        out.push_back(fixed);
      else
        out.push_back(key);
      break;
    case Family::KeyAgreement:
      if (a.name != "FFDHE2048") out.push_back(key);
      break;
    case Family::Hash:
    case Family::Kdf:
      break;
  }
  return out;
}

CounterInfo counter_info() {
  const TickCounter& c = tick_counter();
  return {c.name, c.unit, c.ticks_per_ns};
}

size_t planned_tests(const Plan& plan) {
  size_t n = 0;
  for (const Job& job : plan.jobs) {
    const size_t sizes = job.algorithm->family == Family::KeyAgreement ? std::min<size_t>(1, plan.data_sizes.size())
                                                                       : plan.data_sizes.size();
    n += tests_for(*job.algorithm).size() * sizes * plan.backends.size();
  }
  return n;
}

std::vector<Result> screen(const Plan& plan, const std::function<void(const std::string&)>& progress) {
  std::vector<Result> results;
  uint64_t seed = plan.seed != 0 ? plan.seed : [] {
    const Bytes b = random_bytes(8);
    uint64_t s = 0;
    for (uint8_t x : b) s = s << 8 | x;
    return s;
  }();
  for (const Job& job : plan.jobs)
    for (const TestDefinition& test : tests_for(*job.algorithm))
      for (size_t size : plan.data_sizes) {
        const size_t used = job.algorithm->family == Family::KeyAgreement
                                ? 0
                                : std::min(size, job.algorithm->message_limit(job.key_bits));
        for (const Backend* backend : plan.backends) {
          if (progress) progress(backend->name() + ": " + std::string(job.algorithm->name) + " " + test.name);
          results.push_back(run_test(plan, *backend, job, used, test, seed));
        }
        if (job.algorithm->family == Family::KeyAgreement) break;  // no message: one size is enough
      }
  return results;
}

}  // namespace ca::leaks
