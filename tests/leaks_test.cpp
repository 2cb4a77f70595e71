// The leak screen: the per-call mode of the measurement loop (order, checks, stopping; no timed figure is
// asserted), the calibration plugins (leaky ones flagged, constant-time twins not; their leaks are made
// hundreds of cycles large so that no run on a busy machine misses them), and `cryptauditor leaks`.
#include <gtest/gtest.h>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>

#include "catalog/catalog.hpp"
#include "leaks/placement.hpp"
#include "leaks/screen.hpp"
#include "measure/per_call.hpp"
#include "plugin/backend.hpp"
#include "support/run_program.hpp"

namespace ca {
namespace {

std::vector<uint8_t> g_seen;  // class of each call of the recording operation, in call order

// A fake operation that records which class it was called for (the class is in input_len).
int record_class(ca_context*, ca_io* io) {
  g_seen.push_back(static_cast<uint8_t>(io->input_len));
  return CA_OK;
}
int reject(ca_context*, ca_io*) { return CA_REJECTED; }

struct FakeClasses {
  std::vector<ca_io> ios{2};
  std::vector<PreparedCall> c0, c1;
  explicit FakeClasses(ca_operation_fn fn1 = record_class, int expected1 = CA_OK) {
    ios[0].input_len = 0;
    ios[1].input_len = 1;
    c0 = {{record_class, nullptr, &ios[0], CA_OK}};
    c1 = {{fn1, nullptr, &ios[1], expected1}};
  }
};

TEST(PerCallTest, ClassesAreInterleavedInARandomOrderNotInBlocks) {
  FakeClasses f;
  g_seen.clear();
  PerCallConfig cfg;
  cfg.budget_s = 1e6;  // ended by the call count, not by time
  cfg.max_calls = 40000;
  cfg.warmup_calls = 1000;
  const PerCallMeasurement m = measure_per_call(f.c0, f.c1, cfg);
  ASSERT_EQ(m.status, CA_OK) << m.error;
  ASSERT_EQ(m.ticks.size(), 40000u);
  ASSERT_EQ(g_seen.size(), 41000u);  // warm-up calls, untimed, then the timed ones
  // Each timed call is recorded with the class it was called for.
  EXPECT_TRUE(std::equal(m.cls.begin(), m.cls.end(), g_seen.begin() + 1000));
  size_t ones = 0, switches = 0;
  for (size_t i = 0; i < m.cls.size(); ++i) {
    ones += m.cls[i];
    if (i > 0 && m.cls[i] != m.cls[i - 1]) ++switches;
  }
  // Random order: about half of each class, and the class changes between about half of the neighbours
  // (blocks of either class would give a handful of switches).
  EXPECT_NEAR(static_cast<double>(ones) / 40000, 0.5, 0.02);
  EXPECT_NEAR(static_cast<double>(switches) / 40000, 0.5, 0.02);
  // Another seed, another order.
  PerCallConfig other = cfg;
  other.seed = 2;
  EXPECT_NE(measure_per_call(f.c0, f.c1, other).cls, m.cls);
}

TEST(PerCallTest, AnUnexpectedStatusStopsTheMeasurement) {
  FakeClasses f(reject, CA_OK);
  PerCallConfig cfg;
  cfg.max_calls = 1000;
  cfg.warmup_calls = 0;
  const PerCallMeasurement m = measure_per_call(f.c0, f.c1, cfg);
  EXPECT_EQ(m.status, CA_REJECTED);
  EXPECT_NE(m.error.find("class-1 call returned status 3"), std::string::npos) << m.error;

  FakeClasses expected_rejection(reject, CA_REJECTED);  // a forged tag must be rejected: that is fine
  EXPECT_EQ(measure_per_call(expected_rejection.c0, expected_rejection.c1, cfg).status, CA_OK);
}

TEST(PerCallTest, TheStopPredicateIsAskedAtDoublingCheckPoints) {
  FakeClasses f;
  std::vector<size_t> asked;
  PerCallConfig cfg;
  cfg.budget_s = 1e6;
  cfg.max_calls = 1000000;
  cfg.first_check = 4000;
  cfg.stop = [&](const PerCallMeasurement& m) {
    asked.push_back(m.ticks.size());
    return m.ticks.size() >= 16000;
  };
  const PerCallMeasurement m = measure_per_call(f.c0, f.c1, cfg);
  EXPECT_TRUE(m.stopped_early);
  EXPECT_EQ(asked, (std::vector<size_t>{4096, 8192, 16384}));  // whole chunks of 4096 calls
  EXPECT_EQ(m.ticks.size(), 16384u);
}

// Calls of about a millisecond under a 20 ms budget: the measurement ends after tens of calls, not at the
// end of a 4096-call chunk (which took 20 s per repetition for 5 ms RSA decryptions under a 1 s budget).
int slow_call(ca_context*, ca_io*) {
  const timespec ms{0, 1000000};
  nanosleep(&ms, nullptr);
  return CA_OK;
}

TEST(PerCallTest, TheBudgetHoldsInsideAChunk) {
  FakeClasses f(slow_call, CA_OK);
  f.c0 = {{slow_call, nullptr, &f.ios[0], CA_OK}};
  PerCallConfig cfg;
  cfg.budget_s = 0.02;
  cfg.warmup_calls = 0;
  const PerCallMeasurement m = measure_per_call(f.c0, f.c1, cfg);
  ASSERT_EQ(m.status, CA_OK) << m.error;
  EXPECT_GT(m.ticks.size(), 0u);
  EXPECT_LT(m.ticks.size(), 1000u);  // at least 1 ms each: a whole chunk would be 4096
  EXPECT_FALSE(m.stopped_early);
}

TEST(PerCallTest, TheCounterIsNamed) {
  const TickCounter& c = tick_counter();
  EXPECT_FALSE(c.name.empty());
  EXPECT_GT(c.ticks_per_ns, 0);
#if defined(__x86_64__)
  EXPECT_EQ(c.unit, "cycles");
#endif
}

// Each repetition's buffers at fresh random places (issue #25: in-process repetitions otherwise reuse the
// same addresses, and a layout artefact repeats with the same sign): contents kept, sharing kept, page
// offsets and alignments that differ from one placement to the next.
TEST(PlacementTest, EveryBufferMovesToARandomPlaceWithItsContents) {
  std::vector<uint8_t> in0(100, 0xa1), in1(64, 0xb2), nonce(12, 0xc3), out(256, 0);
  std::set<uintptr_t> offsets;  // page offsets of input 0 within the arena, over the placements
  std::vector<uint8_t> arena;   // one arena, reused: the offsets are the placement's own doing
  for (uint64_t seed = 0; seed < 16; ++seed) {
    ca_io a{}, b{};
    a.input = in0.data(), a.input_len = in0.size(), a.nonce = nonce.data(), a.nonce_len = nonce.size();
    b.input = in1.data(), b.input_len = in1.size(), b.nonce = nonce.data(), b.nonce_len = nonce.size();
    a.output = b.output = out.data();
    a.output_cap = b.output_cap = out.size();
    std::mt19937_64 rng(seed);
    leaks::place_randomly({&a, &b}, arena, rng);
    const uint8_t* lo = arena.data();
    const uint8_t* hi = lo + arena.size();
    for (const uint8_t* p : {a.input, b.input, a.nonce, static_cast<const uint8_t*>(a.output)}) {
      EXPECT_GE(p, lo);
      EXPECT_LT(p, hi);
    }
    EXPECT_TRUE(std::equal(in0.begin(), in0.end(), a.input));
    EXPECT_TRUE(std::equal(in1.begin(), in1.end(), b.input));
    EXPECT_EQ(a.nonce, b.nonce) << "a shared buffer stays shared";
    EXPECT_TRUE(std::equal(nonce.begin(), nonce.end(), a.nonce));
    EXPECT_EQ(a.output, b.output);
    EXPECT_EQ(a.output_cap, out.size());
    EXPECT_LE(a.output + a.output_cap, hi);
    offsets.insert(static_cast<uintptr_t>(a.input - lo) % 4096);
  }
  EXPECT_GE(offsets.size(), 12u) << "16 placements should give (almost) 16 page offsets";
}

TEST(LeakTestsTest, TestsPerOperationKind) {
  auto names = [](std::string_view alg) {
    std::vector<std::string> n;
    for (const auto& t : leaks::tests_for(*find_algorithm(alg))) n.push_back(t.name + "/" + t.operation);
    return n;
  };
  EXPECT_EQ(names("AES-GCM"),
            (std::vector<std::string>{"fixed-vs-random/encrypt", "tag-first-vs-last/decrypt"}));
  EXPECT_EQ(names("AES-CBC"), (std::vector<std::string>{"fixed-vs-random/encrypt"}));
  EXPECT_EQ(names("HMAC-SHA2-256"),
            (std::vector<std::string>{"tag-first-vs-last/verify", "key-leading-zeros/mac"}));
  EXPECT_EQ(names("X25519"), (std::vector<std::string>{"key-leading-zeros/agree"}));
  EXPECT_EQ(names("ECDSA"), (std::vector<std::string>{"key-leading-zeros/sign"}));
  EXPECT_EQ(names("RSA-PKCS1V15-SHA1"), (std::vector<std::string>{"fixed-vs-random/sign"}));
  EXPECT_TRUE(names("SHA2-256").empty());
  EXPECT_TRUE(names("PBKDF2-SHA256").empty());
  EXPECT_EQ(names("RSA-OAEP"), (std::vector<std::string>{"padding-valid-vs-invalid/decrypt"}));
  EXPECT_EQ(names("RSA-PKCS1V15-ENC"), (std::vector<std::string>{"padding-valid-vs-invalid/decrypt"}));
}

// The calibration plugins under a generous budget: each test stops as soon as it is decided.
class CalibrationTest : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    scan_ = new PluginScan(load_plugins(CRYPTAUDITOR_LEAK_PLUGIN_DIR));
    ASSERT_EQ(scan_->backends.size(), 4u);
    leaks::Plan plan;
    plan.jobs = {{find_algorithm("HMAC-SHA2-256"), 256}};
    for (const auto& b : scan_->backends) plan.backends.push_back(b.get());
    plan.budget_s = 20;
    plan.repetitions = 2;
    results_ = new std::vector<leaks::Result>(leaks::screen(plan));
  }
  static void TearDownTestSuite() {
    delete results_;
    delete scan_;
  }
  static const leaks::Result& result(const std::string& backend, const std::string& test) {
    for (const auto& r : *results_)
      if (r.backend == backend && r.test.name == test) return r;
    throw std::runtime_error("no result for " + backend + " " + test);
  }
  static PluginScan* scan_;
  static std::vector<leaks::Result>* results_;
};
PluginScan* CalibrationTest::scan_ = nullptr;
std::vector<leaks::Result>* CalibrationTest::results_ = nullptr;

TEST_F(CalibrationTest, EarlyExitTagCheckIsALeak) {
  const leaks::Result r = result("leakytag", "tag-first-vs-last");  // a copy: g++ 14 -Wdangling-reference
  ASSERT_EQ(r.outcome, leaks::Outcome::Measured) << r.reason;
  EXPECT_EQ(r.verdict, stats::Verdict::Leak);
  for (const auto& rep : r.repetitions) {
    EXPECT_GT(rep.stats.max_t, 10);
    EXPECT_LT(rep.stats.effect, 0);  // a tag wrong in its last byte is compared longer
  }
}

TEST_F(CalibrationTest, ConstantTimeTagCheckIsNotALeak) {
  const leaks::Result r = result("cttag", "tag-first-vs-last");  // a copy: g++ 14 -Wdangling-reference
  ASSERT_EQ(r.outcome, leaks::Outcome::Measured) << r.reason;
  EXPECT_NE(r.verdict, stats::Verdict::Leak);
}

TEST_F(CalibrationTest, KeyLengthDependentMacIsALeak) {
  const leaks::Result r = result("leakykey", "key-leading-zeros");  // a copy: g++ 14 -Wdangling-reference
  ASSERT_EQ(r.outcome, leaks::Outcome::Measured) << r.reason;
  EXPECT_EQ(r.verdict, stats::Verdict::Leak);
  for (const auto& rep : r.repetitions) EXPECT_LT(rep.stats.effect, 0);  // shorter keys are faster
}

TEST_F(CalibrationTest, ConstantTimeKeyHandlingIsNotALeak) {
  const leaks::Result r = result("ctkey", "key-leading-zeros");  // a copy: g++ 14 -Wdangling-reference
  ASSERT_EQ(r.outcome, leaks::Outcome::Measured) << r.reason;
  EXPECT_NE(r.verdict, stats::Verdict::Leak);
}

// What a failure message needs of one result: its verdict and, per repetition, the statistics behind it.
std::string summary(const nlohmann::json& x) {
  nlohmann::json s = {{"backend", x["backend"]}, {"verdict", x["verdict"]}};
  for (const auto& rep : x["repetitions"]) {
    nlohmann::json brief = rep;
    brief.erase("trace");
    brief.erase("histogram");
    s["repetitions"].push_back(brief);
  }
  return s.dump();
}

TEST(LeaksCommandTest, JsonReportOfTheCalibrationPair) {
  const std::string file = testing::TempDir() + "leaks_test_report.json";
  std::remove(file.c_str());
  const auto r = test::run_cryptauditor(
      std::string("leaks --mac HMAC-SHA2-256 --no-default-plugins --plugin-dir ") +
      CRYPTAUDITOR_LEAK_PLUGIN_DIR +
      " -b leakytag,cttag --budget 20 --repetitions 1 --format json --quiet -o " + file);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("library"), std::string::npos) << r.out;  // the matrix, on standard output
  std::ifstream in(file);
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["schema"], "cryptauditor-leaks/2");
  bool seen_leaky = false, seen_twin = false;
  for (const auto& x : j["results"]) {
    if (x["test"] != "tag-first-vs-last") continue;
    if (x["backend"] == "leakytag") {
      seen_leaky = true;
      EXPECT_EQ(x["verdict"], "leak") << summary(x);
      // The effect beside the verdict, as a percentage of the median: about 10 % for this plugin.
      EXPECT_EQ(x["summary"].get<std::string>().rfind("leak ", 0), 0u) << summary(x);
      EXPECT_NE(x["summary"].get<std::string>().find('%'), std::string::npos) << summary(x);
      EXPECT_LT(x["repetitions"][0]["sized_effect_percent"].get<double>(), -1) << summary(x);
      EXPECT_FALSE(x["repetitions"][0]["trace"].empty());
      EXPECT_EQ(x["repetitions"][0]["histogram"]["class0"].size(), 60u);
    }
    if (x["backend"] == "cttag") {
      seen_twin = true;
      EXPECT_NE(x["verdict"], "leak") << summary(x);
      if (x["verdict"] == "no evidence") {  // the effect it could have seen, or the small one it did
        EXPECT_NE(x["summary"].get<std::string>().find('%'), std::string::npos) << summary(x);
      }
    }
  }
  EXPECT_TRUE(seen_leaky && seen_twin) << r.out;
  std::remove(file.c_str());
}

// RSA decryption's padding classes in a real library: valid ciphertexts decrypt, their one-byte-changed twins
// are refused the same way every time, and both classes are measured (no verdict is asserted: at 0.3 s an RSA
// test is inconclusive).
TEST(LeaksCommandTest, RsaPaddingClassesAreMeasuredInARealLibrary) {
  const std::string file = testing::TempDir() + "leaks_test_rsa.json";
  std::remove(file.c_str());
  const auto r = test::run_cryptauditor(
      "leaks -c RSA-PKCS1V15-ENC,RSA-OAEP -b openssl --budget 0.3 "
      "--repetitions 1 --format json --quiet -o " +
      file);
  if (r.status == 2 && r.err.find("openssl") != std::string::npos) GTEST_SKIP() << r.err;
  ASSERT_EQ(r.status, 0) << r.err;
  std::ifstream in(file);
  const auto j = nlohmann::json::parse(in);
  size_t seen = 0;
  for (const auto& x : j["results"]) {
    EXPECT_EQ(x["test"], "padding-valid-vs-invalid") << x.dump();
    EXPECT_NE(x["verdict"], "failed") << x.dump();
    ASSERT_EQ(x["repetitions"].size(), 1u) << x.dump();
    EXPECT_GT(x["repetitions"][0]["calls"].get<size_t>(), 10u) << x.dump();
    ++seen;
  }
  EXPECT_EQ(seen, 2u);
  std::remove(file.c_str());
}

TEST(LeaksCommandTest, BadInputIsOneLineAndStatusTwo) {
  for (const char* args :
       {"leaks", "leaks --mac HMAC-SHA2-256 --format csv", "leaks --mac HMAC-SHA2-256 --budget 0",
        "leaks --mac HMAC-SHA2-256 --repetitions 0", "leaks --mac NOPE",
        "leaks --mac HMAC-SHA2-256 --pin 0 --no-pin"}) {
    const auto r = test::run_cryptauditor(args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
}

TEST(LeaksCommandTest, HelpNamesTheTests) {
  const auto r = test::run_cryptauditor("leaks --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("forged tag"), std::string::npos);
  EXPECT_NE(r.out.find("--repetitions"), std::string::npos);
}

}  // namespace
}  // namespace ca
