// The machine check of `cryptauditor doctor` and the report header, on fake /proc and /sys trees: each
// warning on, off, and "unknown" when its files are absent; none depends on this machine's state.
#include "host/machine_check.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "tests/support/fake_root.hpp"
#include "tests/support/run_program.hpp"

namespace {

namespace fs = std::filesystem;
using ca::MachineCheck;
using Status = ca::MachineCheck::Status;

/// A fresh fake root under the test's temporary folder.
class FakeRoot : public ca::test::FakeRoot {
 public:
  explicit FakeRoot(const std::string& name) : ca::test::FakeRoot("machine_check_" + name) {}
};

MachineCheck check(const std::vector<MachineCheck>& checks, const std::string& name) {
  for (const auto& c : checks)
    if (c.name == name) return c;
  ADD_FAILURE() << "no check named " << name;
  return {};
}

MachineCheck run_check(const FakeRoot& root, const std::string& name) {
  ca::SystemFiles files;
  files.root = root.root();
  files.between_stat_samples = [] {};
  return check(ca::check_machine(files), name);
}

TEST(MachineCheck, AnEmptyRootMakesEveryCheckUnknown) {
  FakeRoot root("empty");
  ca::SystemFiles files;
  files.root = root.root();
  files.between_stat_samples = [] {};
  const auto checks = ca::check_machine(files);
  ASSERT_EQ(checks.size(), 6u);
  const char* names[] = {"virtualisation", "load", "governor", "turbo", "smt", "pinning"};
  for (size_t i = 0; i < checks.size(); ++i) {
    EXPECT_EQ(checks[i].name, names[i]);
    EXPECT_EQ(checks[i].status, Status::Unknown) << checks[i].name << ": " << checks[i].finding;
    EXPECT_NE(checks[i].finding.find("unknown"), std::string::npos) << checks[i].finding;
  }
  EXPECT_EQ(ca::summarize_machine_checks(checks), "");
}

TEST(MachineCheck, Virtualisation) {
  FakeRoot root("virt");
  root.write("/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu aes hypervisor avx2\n\nprocessor\t: 1\n");
  MachineCheck on = run_check(root, "virtualisation");
  EXPECT_EQ(on.status, Status::Warning) << on.finding;
  EXPECT_NE(on.fix.find("bare metal"), std::string::npos) << on.fix;
  root.write("/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu aes avx2\n");
  EXPECT_EQ(run_check(root, "virtualisation").status, Status::Ok);
  // No flags line (aarch64), but DMI names the hypervisor.
  root.write("/proc/cpuinfo", "processor\t: 0\nFeatures\t: fp asimd aes\n");
  EXPECT_EQ(run_check(root, "virtualisation").status, Status::Unknown);
  root.write("/sys/class/dmi/id/sys_vendor", "QEMU\n");
  EXPECT_EQ(run_check(root, "virtualisation").status, Status::Warning);
}

TEST(MachineCheck, LoadAboveHalfPerCpu) {
  FakeRoot root("load");
  root.write("/sys/devices/system/cpu/online", "0-1\n");
  root.write("/proc/loadavg", "1.20 0.90 0.50 3/200 12345\n");
  MachineCheck on = run_check(root, "load");
  EXPECT_EQ(on.status, Status::Warning) << on.finding;
  EXPECT_NE(on.finding.find("0.60 per CPU"), std::string::npos) << on.finding;
  EXPECT_FALSE(on.fix.empty());
  root.write("/proc/loadavg", "0.80 0.90 0.50 3/200 12345\n");
  EXPECT_EQ(run_check(root, "load").status, Status::Ok);
  root.write("/sys/devices/system/cpu/online", "0-3\n");
  root.write("/proc/loadavg", "1.90 0.90 0.50 3/200 12345\n");
  EXPECT_EQ(run_check(root, "load").status, Status::Ok) << "1.9 over 4 CPUs is 0.475 per CPU";
}

TEST(MachineCheck, GovernorOtherThanPerformance) {
  FakeRoot root("governor");
  root.write("/sys/devices/system/cpu/online", "0-1\n");
  root.write("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
  root.write("/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "powersave\n");
  MachineCheck on = run_check(root, "governor");
  EXPECT_EQ(on.status, Status::Warning) << on.finding;
  EXPECT_NE(on.finding.find("'powersave' on CPUs 1"), std::string::npos) << on.finding;
  EXPECT_NE(on.fix.find("cpupower frequency-set -g performance"), std::string::npos) << on.fix;
  root.write("/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "performance\n");
  EXPECT_EQ(run_check(root, "governor").status, Status::Ok);
}

TEST(MachineCheck, Turbo) {
  FakeRoot root("turbo");
  root.write("/sys/devices/system/cpu/intel_pstate/no_turbo", "0\n");
  EXPECT_EQ(run_check(root, "turbo").status, Status::Warning);
  root.write("/sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
  EXPECT_EQ(run_check(root, "turbo").status, Status::Ok);
  FakeRoot amd("boost");
  amd.write("/sys/devices/system/cpu/cpufreq/boost", "1\n");
  MachineCheck on = run_check(amd, "turbo");
  EXPECT_EQ(on.status, Status::Warning);
  EXPECT_NE(on.fix.find("cpufreq/boost"), std::string::npos) << on.fix;
  amd.write("/sys/devices/system/cpu/cpufreq/boost", "0\n");
  EXPECT_EQ(run_check(amd, "turbo").status, Status::Ok);
}

TEST(MachineCheck, BusySmtSibling) {
  FakeRoot root("smt");
  root.write("/proc/self/status", "Name:\tcryptauditor\nCpus_allowed_list:\t0\n");
  root.write("/sys/devices/system/cpu/online", "0-3\n");
  root.write("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list", "0,2\n");
  const std::string before =
      "cpu  100 0 100 1000 0 0 0 0 0 0\ncpu0 10 0 10 100 0 0 0 0 0 0\ncpu2 10 0 10 100 0 0 0 0 0 0\n";
  auto sample = [&](const std::string& after) {
    root.write("/proc/stat", before);
    ca::SystemFiles files;
    files.root = root.root();
    files.between_stat_samples = [&] { root.write("/proc/stat", after); };
    return check(ca::check_machine(files), "smt");
  };
  // cpu2 busy for 60 of 100 jiffies.
  MachineCheck on = sample("cpu0 10 0 10 200 0 0 0 0 0 0\ncpu2 50 0 30 140 0 0 0 0 0 0\n");
  EXPECT_EQ(on.status, Status::Warning) << on.finding;
  EXPECT_NE(on.finding.find("CPU 2 60 % busy"), std::string::npos) << on.finding;
  // cpu2 idle for the whole interval.
  EXPECT_EQ(sample("cpu0 10 0 10 200 0 0 0 0 0 0\ncpu2 10 0 10 200 0 0 0 0 0 0\n").status, Status::Ok);
  // No time passed: nothing to judge.
  EXPECT_EQ(sample(before).status, Status::Unknown);
  // No SMT: the core has one thread.
  root.write("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list", "0\n");
  EXPECT_EQ(sample(before).status, Status::Ok);
}

TEST(MachineCheck, NoPinning) {
  FakeRoot root("pin");
  root.write("/sys/devices/system/cpu/online", "0-3\n");
  root.write("/proc/self/status", "Name:\tx\nCpus_allowed_list:\t0-3\n");
  MachineCheck on = run_check(root, "pinning");
  EXPECT_EQ(on.status, Status::Warning) << on.finding;
  EXPECT_NE(on.fix.find("--pin 3"), std::string::npos) << on.fix;
  root.write("/proc/self/status", "Name:\tx\nCpus_allowed_list:\t3\n");
  EXPECT_EQ(run_check(root, "pinning").status, Status::Ok);
}

TEST(MachineCheck, TheSummaryLineNamesEachWarningWithItsFix) {
  FakeRoot root("summary");
  root.write("/proc/cpuinfo", "flags\t\t: fpu hypervisor\n");
  root.write("/sys/devices/system/cpu/online", "0-1\n");
  root.write("/proc/loadavg", "4.00 4.00 4.00 3/200 1\n");
  ca::SystemFiles files;
  files.root = root.root();
  files.between_stat_samples = [] {};
  const std::string line = ca::summarize_machine_checks(ca::check_machine(files));
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_EQ(line.rfind("machine check: virtualised host", 0), 0u) << line;
  EXPECT_NE(line.find("(fix: measure on bare metal)"), std::string::npos) << line;
  EXPECT_NE(line.find("2.00 per CPU"), std::string::npos) << line;
  EXPECT_NE(line.find("(fix: stop other work)"), std::string::npos) << line;
}

TEST(MachineCheck, ABuildWithoutTheCpusExtensionsIsNamed) {
  const std::vector<std::string> x86 = {"aes", "pclmulqdq", "avx2"};
  const std::string gap =
      ca::acceleration_gap("wolfssl", "wolfSSL", "none: built without WOLFSSL_AESNI", x86);
  EXPECT_NE(gap.find("wolfssl: this wolfSSL build uses none of the CPU's crypto extensions (aes, pclmulqdq)"),
            std::string::npos)
      << gap;
  EXPECT_NE(gap.find("built without WOLFSSL_AESNI"), std::string::npos) << gap;
  EXPECT_EQ(ca::acceleration_gap("openssl", "OpenSSL", "AES-NI, PCLMUL", x86), "");
  EXPECT_EQ(ca::acceleration_gap("nettle", "Nettle", "", x86), "") << "not reported is not 'none'";
  EXPECT_EQ(ca::acceleration_gap("wolfssl", "wolfSSL", "none: portable", {"avx2"}), "")
      << "a CPU without crypto extensions loses nothing";
  EXPECT_FALSE(ca::acceleration_gap("wolfssl", "wolfSSL", "none", {"asimd", "aes", "pmull"}).empty());
}

// The command: every check's line, a fix under each warning, and --root's errors.
TEST(Doctor, PrintsEachWarningWithItsFixFromTheGivenRoot) {
  FakeRoot root("doctor");
  root.write("/proc/cpuinfo", "flags\t\t: fpu hypervisor\n");
  root.write("/sys/devices/system/cpu/online", "0-1\n");
  root.write("/proc/loadavg", "4.00 4.00 4.00 3/200 1\n");
  root.write("/proc/self/status", "Cpus_allowed_list:\t1\n");
  auto r = ca::test::run_cryptauditor("doctor --no-backends --root " + root.root());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Machine check: 2 warnings, 3 unknown, 1 ok\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nvirtualisation  warning  virtualised host"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nload            warning  load average 4.00 over 2 CPUs"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\npinning         ok       pinned to CPUs 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("fix: a hypervisor adds"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nturbo           unknown  unknown:"), std::string::npos) << r.out;

  auto json = ca::test::run_cryptauditor("doctor --no-backends --format json --root " + root.root());
  ASSERT_EQ(json.status, 0) << json.err;
  auto doc = nlohmann::json::parse(json.out);
  ASSERT_EQ(doc["machine_checks"].size(), 6u);
  EXPECT_EQ(doc["machine_checks"][0]["check"], "virtualisation");
  EXPECT_EQ(doc["machine_checks"][0]["status"], "warning");
  EXPECT_EQ(doc["machine_checks"][3]["status"], "unknown");

  for (const std::string& bad : {std::string("--root /nonexistent/root"), std::string("--format xml")}) {
    auto e = ca::test::run_cryptauditor("doctor --no-backends " + bad);
    EXPECT_EQ(e.status, 2) << bad;
    EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
    EXPECT_TRUE(e.out.empty()) << e.out;
  }
}

// Every report carries the check: all six in the JSON context, and the human formats' header names each
// warning in one line (the same line as the JSON's "warnings").
TEST(Doctor, EveryReportCarriesTheMachineCheck) {
  if (!fs::exists(std::string(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) + "/ca-backend-openssl.so"))
    GTEST_SKIP() << "the openssl backend was not built";
  const std::string json_file = testing::TempDir() + "machine_check_report.json";
  const std::string md_file = testing::TempDir() + "machine_check_report.md";
  auto r = ca::test::run_cryptauditor("--hash SHA-256 -r 5 -b openssl --quiet --export-json " + json_file +
                                      " --export-markdown " + md_file);
  ASSERT_EQ(r.status, 0) << r.err;
  std::ifstream in(json_file);
  auto doc = nlohmann::json::parse(in);
  const auto& checks = doc["context"]["machine_checks"];
  ASSERT_EQ(checks.size(), 6u) << doc["context"].dump(2);
  std::string summary;
  std::vector<MachineCheck> read;
  for (const auto& c : checks) {
    const std::string status = c["status"];
    EXPECT_TRUE(status == "ok" || status == "warning" || status == "unknown") << status;
    read.push_back({c["check"].get<std::string>(),
                    status == "ok"        ? Status::Ok
                    : status == "warning" ? Status::Warning
                                          : Status::Unknown,
                    c["finding"].get<std::string>(), c["fix"].get<std::string>(),
                    c["short_fix"].get<std::string>()});
  }
  summary = ca::summarize_machine_checks(read);
  const auto& warnings = doc["context"]["warnings"];
  const bool in_json = std::find(warnings.begin(), warnings.end(), summary) != warnings.end();
  std::ifstream md(md_file);
  const std::string markdown((std::istreambuf_iterator<char>(md)), {});
  if (summary.empty()) {
    EXPECT_EQ(r.out.find("warning: machine check:"), std::string::npos) << r.out;
  } else {
    EXPECT_TRUE(in_json) << warnings.dump(2);
    // The console wraps a warning within 120 columns, continuation lines indented by two blanks.
    const std::string unwrapped = std::regex_replace(r.out, std::regex("\n  "), " ");
    EXPECT_NE(unwrapped.find("warning: " + summary + "\n"), std::string::npos) << r.out;
    EXPECT_NE(markdown.find("machine check: "), std::string::npos) << markdown;  // escaped for Markdown
  }
  // `report` renders the saved JSON with the same line and keeps the checks.
  auto again = ca::test::run_cryptauditor("report " + json_file + " --format json");
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(nlohmann::json::parse(again.out)["context"]["machine_checks"], checks);
  std::remove(json_file.c_str());
  std::remove(md_file.c_str());
}

}  // namespace
