// The secret-taint screen (`leaks --method taint`, core/leaks/taint.hpp): valgrind's XML read into sites and
// attributed (always), and real screens under valgrind (x86-64, not under a sanitizer): a library with
// secret-dependent table lookups (Debian's wolfSSL, software AES) reported with its sites in libwolfssl,
// OpenSSL's AES-GCM encryption clean, and the calibration plugins: leakykey's key-length branch reported,
// its constant-time twin clean. Without valgrind: the rows say why, and taint alone exits 2.
#include "leaks/taint.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "support/run_program.hpp"

namespace ca {
namespace {

// Two errors from client-request origins (one in the library, one in the plugin under a libc frame) and one
// from plain uninitialised heap memory, which must not count.
const char* kXml = R"(<?xml version="1.0"?>
<valgrindoutput>
<error>
  <unique>0x1</unique><tid>1</tid><kind>UninitValue</kind>
  <what>Use of uninitialised value of size 8</what>
  <stack>
    <frame><ip>0x520B7BB</ip><obj>/usr/lib/x86_64-linux-gnu/libwolfssl.so.35.3.0</obj></frame>
    <frame><ip>0x48A1000</ip><obj>/opt/ca/ca-backend-wolfssl.so</obj><fn>encrypt</fn></frame>
  </stack>
  <auxwhat>Uninitialised value was created by a client request</auxwhat>
  <stack><frame><ip>0x1</ip><obj>/opt/ca/cryptauditor</obj></frame></stack>
</error>
<error>
  <unique>0x2</unique><tid>1</tid><kind>UninitCondition</kind>
  <what>Conditional jump or move depends on uninitialised value(s)</what>
  <stack>
    <frame><ip>0x4840000</ip><obj>/usr/lib/x86_64-linux-gnu/libc.so.6</obj><fn>memcmp</fn></frame>
    <frame><ip>0x48A2000</ip><obj>/opt/ca/ca-backend-wolfssl.so</obj><fn>check&lt;int&gt;</fn>
      <dir>/src</dir><file>backend.cpp</file><line>42</line></frame>
  </stack>
  <auxwhat>Uninitialised value was created by a client request</auxwhat>
  <stack><frame><ip>0x1</ip><obj>/opt/ca/cryptauditor</obj></frame></stack>
</error>
<error>
  <unique>0x3</unique><tid>1</tid><kind>UninitCondition</kind>
  <what>Conditional jump or move depends on uninitialised value(s)</what>
  <stack><frame><ip>0x4900000</ip><obj>/usr/lib/x86_64-linux-gnu/libcrypto.so.3</obj></frame></stack>
  <auxwhat>Uninitialised value was created by a heap allocation</auxwhat>
  <stack><frame><ip>0x1</ip><obj>/usr/lib/x86_64-linux-gnu/libc.so.6</obj><fn>malloc</fn></frame></stack>
</error>
</valgrindoutput>
)";

TEST(TaintXmlTest, SitesFromClientRequestsAttributedOutsideTheRuntime) {
  const auto sites = leaks::parse_memcheck_xml(kXml, "/opt/ca/ca-backend-wolfssl.so", "/opt/ca/cryptauditor");
  ASSERT_EQ(sites.size(), 2u) << "the heap-allocation origin is not ours to count";
  EXPECT_EQ(sites[0].kind, "index");
  EXPECT_EQ(sites[0].where, "library");
  EXPECT_EQ(sites[0].object, "/usr/lib/x86_64-linux-gnu/libwolfssl.so.35.3.0");
  EXPECT_EQ(sites[0].location, "0x520B7BB");
  EXPECT_EQ(sites[1].kind, "branch");
  EXPECT_EQ(sites[1].where, "adapter") << "memcmp in libc is attributed to its caller";
  EXPECT_EQ(sites[1].function, "check<int>");
  EXPECT_EQ(sites[1].location, "backend.cpp:42");
}

TEST(TaintOperationsTest, WhatIsScreenedAndWhatIsSaidNotToBe) {
  const auto gcm = leaks::taint_operations(*find_algorithm("AES-GCM"));
  ASSERT_EQ(gcm.size(), 2u);
  EXPECT_EQ(gcm[0].operation, "encrypt");
  EXPECT_FALSE(gcm[0].verdict);
  EXPECT_EQ(gcm[1].operation, "decrypt");
  EXPECT_TRUE(gcm[1].verdict) << "an AEAD decrypt branches on its public verdict";
  EXPECT_FALSE(leaks::taint_operations(*find_algorithm("AES-CTR"))[1].verdict);
  EXPECT_TRUE(leaks::taint_operations(*find_algorithm("X25519"))[0].not_screened.empty());
  EXPECT_FALSE(leaks::taint_operations(*find_algorithm("ECDSA"))[0].not_screened.empty());
  EXPECT_FALSE(leaks::taint_operations(*find_algorithm("RSA-OAEP"))[0].not_screened.empty());
  EXPECT_TRUE(leaks::taint_operations(*find_algorithm("SHA2-256")).empty());
}

// Real screens need valgrind to run this very build: x86-64, no sanitizer runtime (valgrind and ASan do not
// mix), and a native CPU (the aarch64 stage runs under qemu-user, where the host's valgrind cannot).
bool can_run_valgrind(std::string& why) {
#if defined(__SANITIZE_ADDRESS__)
  why = "built with AddressSanitizer, which valgrind cannot run";
  return false;
#elif !defined(__x86_64__)
  why = "not x86-64: the aarch64 suite runs under qemu-user, where valgrind cannot run the program";
  return false;
#else
  if (!leaks::taint_built_in()) {
    why = "this build has no <valgrind/memcheck.h>";
    return false;
  }
  if (!leaks::find_valgrind()) {
    why = "valgrind is not on PATH (the README's test command installs it)";
    return false;
  }
  return true;
#endif
}

nlohmann::json taint_json(const std::string& args, const std::string& name) {
  const std::string file = testing::TempDir() + name;
  std::remove(file.c_str());
  const auto r = test::run_cryptauditor("leaks --method taint --format json --quiet -o " + file + " " + args);
  EXPECT_EQ(r.status, 0) << r.err;
  std::ifstream in(file);
  auto j = nlohmann::json::parse(in, nullptr, false);
  std::remove(file.c_str());
  return j;
}

const nlohmann::json* row(const nlohmann::json& j, const std::string& backend, const std::string& algorithm,
                          const std::string& op) {
  for (const auto& x : j["taint"])
    if (x["backend"] == backend && x["algorithm"] == algorithm && x["operation"] == op) return &x;
  return nullptr;
}

TEST(TaintScreenTest, RealLibraries) {
  std::string why;
  if (!can_run_valgrind(why)) GTEST_SKIP() << why;
  const auto gcm = taint_json("-c AES-GCM -b openssl", "taint_gcm.json");
  ASSERT_FALSE(gcm.is_discarded());
  if (const auto* x = row(gcm, "openssl", "AES-GCM", "encrypt")) {
    EXPECT_EQ((*x)["outcome"], "screened") << x->dump();
    EXPECT_EQ((*x)["summary"], "clean") << x->dump();
  } else {
    GTEST_SKIP() << "OpenSSL's backend is not built";
  }
  const auto ctr = taint_json("-c AES-CTR -b wolfssl", "taint_ctr.json");
  const auto* x = row(ctr, "wolfssl", "AES-CTR", "encrypt");
  if (x == nullptr) GTEST_SKIP() << "wolfSSL's backend is not built";
  ASSERT_EQ((*x)["outcome"], "screened") << x->dump();
  if ((*x)["sites"].empty()) GTEST_SKIP() << "this wolfSSL build has no secret-dependent lookups (AES-NI?)";
  EXPECT_GT((*x)["indices"].get<size_t>(), 10u) << x->dump();  // Debian's software AES: table lookups
  EXPECT_EQ((*x)["in_core_or_adapter"], 0u) << x->dump();
  for (const auto& site : (*x)["sites"])
    EXPECT_NE(site["object"].get<std::string>().find("libwolfssl"), std::string::npos);
}

TEST(TaintScreenTest, CalibrationPlugins) {
  std::string why;
  if (!can_run_valgrind(why)) GTEST_SKIP() << why;
  const auto j = taint_json(std::string("--mac HMAC-SHA2-256 --no-default-plugins --plugin-dir ") +
                                CRYPTAUDITOR_LEAK_PLUGIN_DIR + " -b leakykey,ctkey",
                            "taint_calibration.json");
  const auto* leaky = row(j, "leakykey", "HMAC-SHA2-256", "mac");
  const auto* twin = row(j, "ctkey", "HMAC-SHA2-256", "mac");
  ASSERT_TRUE(leaky != nullptr && twin != nullptr) << j.dump();
  EXPECT_GT((*leaky)["branches"].get<size_t>(), 0u) << leaky->dump();  // the key's bit length
  EXPECT_EQ((*twin)["summary"], "clean") << twin->dump();
}

TEST(TaintScreenTest, WithoutValgrindRowsSaySoAndTaintAloneExits2) {
  const std::string plugins =
      std::string(" --no-default-plugins --plugin-dir ") + CRYPTAUDITOR_LEAK_PLUGIN_DIR + " -b ctkey";
  const auto alone = test::run_program("CRYPTAUDITOR_VALGRIND= " + test::binary() +
                                       " leaks --method taint --mac HMAC-SHA2-256" + plugins);
  EXPECT_EQ(alone.status, 2) << alone.out << alone.err;
  EXPECT_NE(alone.err.find("valgrind"), std::string::npos) << alone.err;
  EXPECT_NE(alone.out.find("not screened"), std::string::npos) << alone.out;
  const auto both = test::run_program("CRYPTAUDITOR_VALGRIND= " + test::binary() +
                                      " leaks --method timing,taint --budget 0.2 --repetitions 1 --quiet "
                                      "--mac HMAC-SHA2-256" +
                                      plugins);
  EXPECT_EQ(both.status, 0) << both.err;
  EXPECT_NE(both.out.find("taint: not screened"), std::string::npos) << both.out;
  EXPECT_NE(both.out.find("valgrind not found"), std::string::npos) << both.out;
}

TEST(TaintScreenTest, MethodIsChecked) {
  const auto r = test::run_cryptauditor("leaks --method sound --mac HMAC-SHA2-256");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--method 'sound'"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ca
