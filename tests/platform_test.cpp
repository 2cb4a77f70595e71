// What the program knows about the machine's architecture: the Arm feature and MIDR decoding (pure, so
// tested on every architecture), and on aarch64 (the cross build's suite, run under qemu-user by
// tests/run_all.sh aarch64) the cycle source's label, the environment probe and the backends' Arm
// acceleration strings.
#include <gtest/gtest.h>

#if defined(__aarch64__)
#include <sys/auxv.h>
#endif

#include <string>
#include <vector>

#include "host/environment.hpp"
#include "measure/cycles.hpp"
#include "plugin/backend.hpp"

namespace ca {
namespace {

using Names = std::vector<std::string>;

TEST(ArmHwcap, NamesTheCryptoFeaturesInAFixedOrder) {
  // HWCAP_ASIMD 1, AES 3, PMULL 4, SHA1 5, SHA2 6, SHA3 17, SHA512 21, SVE 22; HWCAP2_SVE2 1.
  const uint64_t all = 1u << 1 | 1u << 3 | 1u << 4 | 1u << 5 | 1u << 6 | 1u << 17 | 1u << 21 | 1u << 22;
  EXPECT_EQ(arm_hwcap_features(all, 1u << 1),
            (Names{"asimd", "aes", "pmull", "sha1", "sha2", "sha3", "sha512", "sve", "sve2"}));
  EXPECT_EQ(arm_hwcap_features(1u << 22 | 1u << 3, 0), (Names{"aes", "sve"}));
  // SVE2 is in AT_HWCAP2, not AT_HWCAP: bit 1 of AT_HWCAP is ASIMD.
  EXPECT_EQ(arm_hwcap_features(1u << 1, 0), (Names{"asimd"}));
  EXPECT_EQ(arm_hwcap_features(0, 1u << 1), (Names{"sve2"}));
}

TEST(ArmHwcap, LeavesOutFeaturesOfNoInterestToCrypto) {
  // FP 0, EVTSTRM 2, CRC32 7, ATOMICS 8, CPUID 11; HWCAP2 bit 0 (DCPODP).
  EXPECT_TRUE(arm_hwcap_features(1u << 0 | 1u << 2 | 1u << 7 | 1u << 8 | 1u << 11, 1u << 0).empty());
  EXPECT_TRUE(arm_hwcap_features(0, 0).empty());
}

TEST(ArmMidr, NamesKnownParts) {
  EXPECT_EQ(describe_arm_midr(0x413fd0c1), "ARM Neoverse-N1 r3p1 (MIDR 0x413fd0c1)");  // Graviton2
  EXPECT_EQ(describe_arm_midr(0x411fd401), "ARM Neoverse-V1 r1p1 (MIDR 0x411fd401)");  // Graviton3
  EXPECT_EQ(describe_arm_midr(0xc00fac30), "Ampere Ampere-1 r0p0 (MIDR 0xc00fac30)");
}

TEST(ArmMidr, GivesUnknownImplementersAndPartsByNumber) {
  EXPECT_EQ(describe_arm_midr(0x12345678), "implementer 0x12 part 0x567 r3p8 (MIDR 0x12345678)");
  EXPECT_EQ(describe_arm_midr(0x410fd000), "ARM part 0xd00 r0p0 (MIDR 0x410fd000)");
}

TEST(CycleSourceLabel, NamesTheReferenceCounterOfThisArchitecture) {
  CycleSource reference;
  reference.kind = CycleSource::Tsc;
#if defined(__aarch64__)
  EXPECT_EQ(reference.name(), "cntvct");
#else
  EXPECT_EQ(reference.name(), "tsc");
#endif
  reference.kind = CycleSource::Perf;
  EXPECT_EQ(reference.name(), "perf");
}

#if defined(__aarch64__)

TEST(Aarch64, CycleSourceIsPerfOrTheGenericTimer) {
  const CycleSource& s = cycle_source();
  // Linux lets user space read cntvct_el0 on every arm64 system, so there is always a reference counter.
  ASSERT_NE(s.kind, CycleSource::None) << s.description;
  if (s.kind == CycleSource::Tsc) {
    EXPECT_EQ(s.name(), "cntvct");
    EXPECT_NE(s.description.find("cntvct_el0"), std::string::npos) << s.description;
    EXPECT_GT(s.tsc_ghz, 0.0);
  }
}

TEST(Aarch64, EnvironmentReadsArmFeaturesAndTheMidr) {
  const Environment env = read_environment();
  EXPECT_EQ(env.cpu_features, arm_hwcap_features(getauxval(AT_HWCAP), getauxval(AT_HWCAP2)));
  // Not the x86 host's "model name", which qemu-user shows in /proc/cpuinfo.
  EXPECT_NE(env.cpu_model.find("(MIDR 0x"), std::string::npos) << env.cpu_model;
}

const Backend* loaded(const PluginScan& scan, const std::string& name) {
  for (const auto& b : scan.backends)
    if (b->name() == name) return b.get();
  return nullptr;
}

TEST(Aarch64, BackendsReportArmAcceleration) {
  const bool aes = getauxval(AT_HWCAP) & (1u << 3);
  const PluginScan scan = load_plugins(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS);
  if (const Backend* openssl = loaded(scan, "openssl")) {
    // OPENSSL_armcap: AES follows the CPU (qemu's default "max" CPU has it), NEON is always there.
    EXPECT_NE(openssl->acceleration().find("NEON"), std::string::npos) << openssl->acceleration();
    EXPECT_EQ(openssl->acceleration().find("AES") != std::string::npos, aes) << openssl->acceleration();
  }
  if (const Backend* botan = loaded(scan, "botan")) {
    EXPECT_EQ(botan->acceleration().find("ARMv8-AES") != std::string::npos, aes) << botan->acceleration();
  }
}

#endif

}  // namespace
}  // namespace ca
