// The plugin SDK's glue (core/sdk/cryptauditor/backend_sdk.hpp): a class's methods become the ABI's
// operation and repeat functions; exceptions become status codes and messages.
#include <gtest/gtest.h>

#include <cstddef>
#include <iterator>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::sdk {
namespace {

// Records which input each call got; input_len 99 throws Unsupported, 98 throws runtime_error, 97 rejects,
// 96 answers CA_UNSUPPORTED, 95 throws an int (an exception that is no std::exception).
struct Recorder {
  static std::vector<const ca_io*> seen;
  explicit Recorder(const ca_key_spec&) {}
  int encrypt(ca_io& io) {
    seen.push_back(&io);
    if (io.input_len == 99) throw Unsupported("no such size");
    if (io.input_len == 98) throw std::runtime_error("library failed");
    if (io.input_len == 95) throw 42;
    if (io.input_len == 96) return CA_UNSUPPORTED;
    return io.input_len == 97 ? CA_REJECTED : CA_OK;
  }
  // part 1 throws an int, part 2 a std::exception, anything else exports 3 bytes.
  std::vector<uint8_t> export_key(int part) {
    if (part == 1) throw 42;
    if (part == 2) throw std::runtime_error("no key");
    return {1, 2, 3};
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

TEST(SdkRepeat, ReturnsTheFirstStatusThatIsNotOk) {
  auto holder = make();
  auto* ctx = reinterpret_cast<ca_context*>(holder.get());
  ca_repeat_fn repeat = holder->repeats[CA_OP_ENCRYPT];
  std::vector<ca_io> ios(3);
  ios[1].input_len = 96;  // CA_UNSUPPORTED (1)
  ios[2].input_len = 97;  // CA_REJECTED (3)
  size_t cursor = 0;
  // An OR of the two would read CA_REJECTED | CA_UNSUPPORTED = 3 as well; with FAILED (2) after UNSUPPORTED
  // it would read 3, a rejection that never happened.
  EXPECT_EQ(repeat(ctx, ios.data(), ios.size(), &cursor, 3), CA_UNSUPPORTED);
  ios[2].input_len = 98;  // throws: CA_FAILED
  cursor = 0;
  EXPECT_EQ(repeat(ctx, ios.data(), ios.size(), &cursor, 3), CA_UNSUPPORTED) << "not UNSUPPORTED | FAILED";
  ios[1].input_len = 0;
  cursor = 0;
  EXPECT_EQ(repeat(ctx, ios.data(), ios.size(), &cursor, 3), CA_FAILED);
}

const Row kRecorderRows[] = {{"SHA2-256", KeyBits::list({0}), make_factory<Recorder>()}};

TEST(SdkTrampolines, AnExceptionThatIsNoStdExceptionBecomesFailedInEveryEntry) {
  auto holder = make();
  auto* ctx = reinterpret_cast<ca_context*>(holder.get());
  std::vector<ca_io> ios(1);
  ios[0].input_len = 95;
  EXPECT_EQ(holder->ops[CA_OP_ENCRYPT](ctx, &ios[0]), CA_FAILED);
  EXPECT_EQ(holder->error, "unknown exception");
  size_t cursor = 0;
  holder->error.clear();
  EXPECT_EQ(holder->repeats[CA_OP_ENCRYPT](ctx, ios.data(), ios.size(), &cursor, 2), CA_FAILED);
  EXPECT_EQ(holder->error, "unknown exception");

  using T = Table<kRecorderRows, 1>;
  uint8_t out[8];
  size_t len = 0;
  holder->error.clear();
  EXPECT_EQ(T::export_key(ctx, 1, out, sizeof out, &len), CA_FAILED);
  EXPECT_EQ(holder->error, "unknown exception");
  EXPECT_EQ(T::export_key(ctx, 2, out, sizeof out, &len), CA_FAILED);
  EXPECT_EQ(holder->error, "no key");
  EXPECT_EQ(T::export_key(ctx, 3, out, sizeof out, &len), CA_OK);
  EXPECT_EQ(len, 3u);
}

// A context whose constructor throws an int, and one that records the params it was given.
struct ThrowsInt {
  explicit ThrowsInt(const ca_key_spec&) { throw 7; }
  int hash(ca_io&) { return CA_OK; }
};
struct SeesParams {
  static std::string params_seen;
  static uint32_t size_seen;
  explicit SeesParams(const ca_key_spec& spec) {
    size_seen = spec.struct_size;
    params_seen = spec.params == nullptr ? "(null)" : spec.params;
    (void)params(spec);
  }
  int hash(ca_io&) { return CA_OK; }
};
std::string SeesParams::params_seen;
uint32_t SeesParams::size_seen;

const char* never_here() { return "needs a CPU this is not"; }
const Row kTableRows[] = {
    {"SHA2-256", KeyBits::list({0}), make_factory<SeesParams>()},
    {"SHA2-512", KeyBits::list({0}), make_factory<ThrowsInt>()},
    {"SHA3-256", KeyBits::list({0}), make_factory<SeesParams>(), &never_here},
};
using TestTable = Table<kTableRows, std::size(kTableRows)>;

TEST(SdkTable, CreateAcceptsAnOlderSmallerKeySpec) {
  // The struct as a core built before `params` existed fills it: struct_size ends before params.
  struct OldKeySpec {
    uint32_t struct_size;
    const char* algorithm;
    uint32_t key_bits;
    const uint8_t* secret_key;
    size_t secret_key_len;
    const uint8_t* public_key;
    size_t public_key_len;
  };
  // Followed by bytes that are not a params pointer, as another struct in the caller's memory would be.
  struct {
    OldKeySpec spec;
    const char* garbage;
  } old{{static_cast<uint32_t>(sizeof(OldKeySpec)), "SHA2-256", 0, nullptr, 0, nullptr, 0}, "n=1"};
  static_assert(sizeof(OldKeySpec) == offsetof(ca_key_spec, params));
  ca_context* ctx = nullptr;
  char error[128] = "";
  ASSERT_EQ(TestTable::create(reinterpret_cast<const ca_key_spec*>(&old.spec), &ctx, error, sizeof error),
            CA_OK)
      << error;
  EXPECT_EQ(SeesParams::params_seen, "(null)") << "fields past the caller's struct read as absent";
  EXPECT_EQ(SeesParams::size_seen, sizeof(ca_key_spec));
  TestTable::destroy(ctx);

  old.spec.struct_size = 8;  // not even the algorithm
  EXPECT_EQ(TestTable::create(reinterpret_cast<const ca_key_spec*>(&old.spec), &ctx, error, sizeof error),
            CA_FAILED);
  EXPECT_STREQ(error, "ca_key_spec too small for this plugin");
}

TEST(SdkTable, CreateTurnsAnyExceptionIntoFailed) {
  ca_key_spec spec{};
  spec.struct_size = sizeof spec;
  spec.algorithm = "SHA2-512";
  ca_context* ctx = nullptr;
  char error[128] = "";
  EXPECT_EQ(TestTable::create(&spec, &ctx, error, sizeof error), CA_FAILED);
  EXPECT_STREQ(error, "unknown exception");
  EXPECT_EQ(ctx, nullptr);
}

TEST(SdkTable, ARowsAvailabilityHookAnswersSupportsAndCreate) {
  char reason[128] = "";
  EXPECT_EQ(TestTable::supports("SHA3-256", 0, reason, sizeof reason), CA_UNSUPPORTED);
  EXPECT_STREQ(reason, "needs a CPU this is not");
  ca_key_spec spec{};
  spec.struct_size = sizeof spec;
  spec.algorithm = "SHA3-256";
  ca_context* ctx = nullptr;
  EXPECT_EQ(TestTable::create(&spec, &ctx, reason, sizeof reason), CA_UNSUPPORTED);
  EXPECT_EQ(ctx, nullptr);
  EXPECT_EQ(TestTable::supports("SHA2-256", 0, reason, sizeof reason), CA_OK);
}

// ---- parameter lengths (issue #13 item 3): a row's Takes and TaggedAead's chosen tag and nonce ----------

// An AEAD's library part that records the lengths it is handed: tag span size and nonce length.
struct LengthOps {
  static size_t tag_seen, nonce_seen;
  explicit LengthOps(const ca_key_spec&) {}
  void seal(const ca_io& io, uint8_t* out, std::span<uint8_t> tag) {
    copy_bytes(out, io.input, io.input_len);
    for (auto& t : tag) t = 0xA5;
    tag_seen = tag.size();
    nonce_seen = io.nonce_len;
  }
  bool open(const ca_io& io, size_t length, std::span<const uint8_t> tag, uint8_t* out) {
    copy_bytes(out, io.input, length);
    tag_seen = tag.size();
    return true;
  }
};
size_t LengthOps::tag_seen = 0, LengthOps::nonce_seen = 0;

const Row kLengthRows[] = {
    {"AES-GCM", make_factory<TaggedAead<LengthOps>>(),
     Takes{.tags = Lengths::range(12, 16), .nonces = Lengths::catalog()}},
    {"AES-CCM", make_factory<TaggedAead<LengthOps>>()},  // takes only the catalog's defaults
};
using LengthTable = Table<kLengthRows, std::size(kLengthRows)>;

int create_with(const char* algorithm, const char* params, ca_context** ctx, std::string& error) {
  static const uint8_t key[32] = {};
  ca_key_spec spec{};
  spec.struct_size = sizeof spec;
  spec.algorithm = algorithm;
  spec.key_bits = 256;
  spec.secret_key = key;
  spec.secret_key_len = 32;
  spec.params = params;
  char buffer[256] = "";
  const int st = LengthTable::create(&spec, ctx, buffer, sizeof buffer);
  error = buffer;
  return st;
}

TEST(SdkLengths, ARowThatTakesATagAndNonceGetsThemInItsContext) {
  ca_context* ctx = nullptr;
  std::string error;
  ASSERT_EQ(create_with("AES-GCM", "tag=12,nonce=8", &ctx, error), CA_OK) << error;
  const uint8_t msg[5] = {1, 2, 3, 4, 5}, nonce[8] = {};
  uint8_t out[64] = {};
  ca_io io{};
  io.nonce = nonce;
  io.nonce_len = 8;
  io.input = msg;
  io.input_len = 5;
  io.output = out;
  io.output_cap = sizeof out;
  EXPECT_EQ(LengthTable::operation(ctx, CA_OP_ENCRYPT)(ctx, &io), CA_OK);
  EXPECT_EQ(io.output_len, 5u + 12u) << "ciphertext || a 12-byte tag";
  EXPECT_EQ(LengthOps::tag_seen, 12u);
  EXPECT_EQ(LengthOps::nonce_seen, 8u);
  io.nonce_len = 12;  // every message of the context has the chosen nonce length
  EXPECT_EQ(LengthTable::operation(ctx, CA_OP_ENCRYPT)(ctx, &io), CA_UNSUPPORTED);
  LengthTable::destroy(ctx);
}

TEST(SdkLengths, ALengthTheRowDoesNotTakeIsUnsupportedNamingTheValue) {
  ca_context* ctx = nullptr;
  std::string error;
  EXPECT_EQ(create_with("AES-CCM", "tag=8", &ctx, error), CA_UNSUPPORTED);
  EXPECT_EQ(error, "AES-CCM tag of 8 bytes not offered by this backend (it takes 16)");
  EXPECT_EQ(ctx, nullptr);
  EXPECT_EQ(create_with("AES-GCM", "tag=8", &ctx, error), CA_UNSUPPORTED);
  EXPECT_EQ(error, "AES-GCM tag of 8 bytes not offered by this backend (it takes 12..16)");
  EXPECT_EQ(create_with("AES-GCM", "tag=17", &ctx, error), CA_UNSUPPORTED);
  EXPECT_EQ(error, "AES-GCM tag of 17 bytes is outside the catalog's definition");
  EXPECT_EQ(create_with("AES-GCM", "nonce=0", &ctx, error), CA_UNSUPPORTED);
  EXPECT_EQ(error, "AES-GCM nonce of 0 bytes is outside the catalog's definition");
  // The defaults, spelled out or not, are what every row takes.
  ASSERT_EQ(create_with("AES-CCM", "tag=16,nonce=12", &ctx, error), CA_OK) << error;
  LengthTable::destroy(ctx);
}

// ---- flags (issue #13): "empty_ad=1" and "p1363=1" reach only rows that declare them -------------------

bool flag_seen = false;
const Row kFlagRows[] = {
    {"AES-SIV",
     [](const ca_key_spec& s) -> std::unique_ptr<ContextBase> {
       flag_seen = empty_ad_component(s);
       return std::make_unique<ContextBase>();
     },
     Takes{.tags = {}, .nonces = {}, .empty_ad_component = true}},
    {"ECDSA",
     [](const ca_key_spec& s) -> std::unique_ptr<ContextBase> {
       flag_seen = p1363_signatures(s);
       return std::make_unique<ContextBase>();
     },
     Takes{.tags = {}, .nonces = {}, .empty_ad_component = false, .p1363_signatures = true}},
    {"AES-GCM",
     [](const ca_key_spec&) -> std::unique_ptr<ContextBase> { return std::make_unique<ContextBase>(); }},
    {"ECDSA-P384",
     [](const ca_key_spec&) -> std::unique_ptr<ContextBase> { return std::make_unique<ContextBase>(); }},
};
using FlagTable = Table<kFlagRows, std::size(kFlagRows)>;

int create_flagged(const char* algorithm, uint32_t bits, const char* params, std::string& error) {
  static const uint8_t key[32] = {};
  ca_key_spec spec{};
  spec.struct_size = sizeof spec;
  spec.algorithm = algorithm;
  spec.key_bits = bits;
  spec.secret_key = key;
  spec.secret_key_len = 32;
  spec.params = params;
  char buffer[256] = "";
  ca_context* ctx = nullptr;
  flag_seen = false;
  const int st = FlagTable::create(&spec, &ctx, buffer, sizeof buffer);
  error = buffer;
  if (ctx != nullptr) FlagTable::destroy(ctx);
  return st;
}

TEST(SdkFlags, EmptyAdAndP1363ReachOnlyTheRowsThatDeclareThem) {
  std::string error;
  ASSERT_EQ(create_flagged("AES-SIV", 128, "empty_ad=1", error), CA_OK) << error;
  EXPECT_TRUE(flag_seen);
  ASSERT_EQ(create_flagged("AES-SIV", 128, "", error), CA_OK) << error;
  EXPECT_FALSE(flag_seen);
  ASSERT_EQ(create_flagged("ECDSA", 256, "p1363=1", error), CA_OK) << error;
  EXPECT_TRUE(flag_seen);
  EXPECT_EQ(create_flagged("AES-GCM", 256, "empty_ad=1", error), CA_UNSUPPORTED);
  EXPECT_EQ(error,
            "AES-GCM with empty_ad=1 not offered by this backend: its library cannot give S2V one empty AD "
            "component (RFC 5297 section 3)");
  EXPECT_EQ(create_flagged("ECDSA-P384", 384, "p1363=1", error), CA_UNSUPPORTED);
  EXPECT_EQ(error,
            "ECDSA-P384 with p1363=1 not offered by this backend: its library takes DER or r and s as "
            "integers, not P1363 r || s bytes");
  EXPECT_EQ(create_flagged("ECDSA", 256, "p1363=2", error), CA_FAILED);
  EXPECT_EQ(error, "parameter p1363=2 must be 0 or 1");
  // 0 is the default, which every row takes.
  EXPECT_EQ(create_flagged("ECDSA-P384", 384, "p1363=0", error), CA_OK) << error;
}

bool init_called = false;
bool refuse() {
  init_called = true;
  return false;
}

TEST(SdkRepeat, ExceptionsBecomeTheirStatusWithTheMessage) {
  auto holder = make();
  auto* ctx = reinterpret_cast<ca_context*>(holder.get());
  ca_repeat_fn repeat = holder->repeats[CA_OP_ENCRYPT];
  std::vector<ca_io> ios(2);
  ios[1].input_len = 97;
  size_t cursor = 0;
  EXPECT_EQ(repeat(ctx, ios.data(), ios.size(), &cursor, 4), CA_REJECTED);

  ios[1].input_len = 99;
  cursor = 0;
  EXPECT_EQ(repeat(ctx, ios.data(), ios.size(), &cursor, 4), CA_UNSUPPORTED);
  EXPECT_EQ(holder->error, "no such size");
  ios[1].input_len = 98;
  cursor = 0;
  EXPECT_EQ(repeat(ctx, ios.data(), ios.size(), &cursor, 4), CA_FAILED);
  EXPECT_EQ(holder->error, "library failed");
  // The single-call form gives the exact status.
  EXPECT_EQ(holder->ops[CA_OP_ENCRYPT](ctx, &ios[1]), CA_FAILED);
}

// Known deviations (CRYPTAUDITOR_DEVIATIONS): the list behind deviation_at, and the compile-time check that
// every entry names a file, a reason and the versions it was seen in.
constexpr ca_deviation kDeclared[] = {{"a_test.json", 1, {"2.19", "2.19"}, "lenient"},
                                      {"a_test.json", 2, {nullptr, "3.0"}, "lenient up to 3.0"}};
constexpr ca_deviation kNoVersion[] = {{"a_test.json", 1, {nullptr, nullptr}, "lenient"}};
constexpr ca_deviation kNotAVersion[] = {{"a_test.json", 1, {"v2.19", nullptr}, "lenient"}};
constexpr ca_deviation kNoReason[] = {{"a_test.json", 1, {"2.19", "2.19"}, ""}};
constexpr ca_deviation kNoFile[] = {{nullptr, 1, {"2.19", "2.19"}, "lenient"}};
static_assert(deviations_are_complete(kDeclared, 2));
static_assert(!deviations_are_complete(kNoVersion, 1));
static_assert(!deviations_are_complete(kNotAVersion, 1));
static_assert(!deviations_are_complete(kNoReason, 1));
static_assert(!deviations_are_complete(kNoFile, 1));

TEST(SdkDeviations, TheListHandsOutEachEntryThenNull) {
  using List = DeviationList<kDeclared, 2>;
  const ca_deviation* (*at)(size_t) = List::entry();
  ASSERT_NE(at, nullptr);
  EXPECT_EQ(at(0), &kDeclared[0]);
  EXPECT_EQ(at(1), &kDeclared[1]);
  EXPECT_EQ(at(2), nullptr);
  EXPECT_EQ(DeclaredDeviations<>::entry(), nullptr)
      << "without CRYPTAUDITOR_DEVIATIONS a plugin declares none";
}

}  // namespace
}  // namespace ca::sdk

// The init hook: a hook that returns false makes the entry point return NULL (the loader skips the plugin).
namespace init_hook_test {
const ca::sdk::Row kRows[] = {
    {"SHA2-256", ca::sdk::KeyBits::list({0}), ca::sdk::make_factory<ca::sdk::SeesParams>()}};
const char* version() { return "1"; }
const char* acceleration() { return ""; }
// The macro defines the exported entry point; this test program has no other.
CRYPTAUDITOR_BACKEND_INIT("refusing", "Refusing", version, acceleration, kRows, &ca::sdk::refuse)
}  // namespace init_hook_test

TEST(SdkInitHook, AFailedInitLeavesNoTable) {
  EXPECT_EQ(init_hook_test::cryptauditor_backend_entry(), nullptr);
  EXPECT_TRUE(ca::sdk::init_called);
}
