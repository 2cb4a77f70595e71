// The context a result needs to be read correctly: machine, build and libraries.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "host/machine_check.hpp"

namespace ca {

struct BackendInfo {
  std::string name, library, version, acceleration, path;
};

struct Environment {
  std::string cpu_model;  // x86: "model name"; aarch64: decoded MIDR ("ARM Neoverse-N1 r3p1 (MIDR 0x...)")
  // Of interest to crypto. x86: aes, vaes, pclmulqdq, sha_ni, avx2, ...; aarch64: asimd, aes, pmull, sha1,
  // sha2, sha3, sha512, sve, sve2.
  std::vector<std::string> cpu_features;
  unsigned logical_cpus = 0;
  std::string cpu_affinity;  // CPUs this process may run on ("0-1"; --pin narrows it); "" when unknown
  std::string governor;      // cpufreq scaling governor of cpu0, "" when not readable
  std::string turbo;         // "on", "off" or ""
  bool virtualized = false;  // hypervisor flag in /proc/cpuinfo
  std::string kernel;
  std::string compiler;
  std::string build_type;
  std::string program_version;
  std::string
      project_commit;     // `git describe --always --dirty` of the source at configure time, or "unknown"
  std::string date;       // local time the environment was read, ISO 8601 ("2024-05-01T12:00:00+02:00")
  std::string host_name;  // "" when not readable
  std::vector<double> load_avg;  // /proc/loadavg's 1, 5 and 15 minute averages when the run started
  std::string machine_label;  // --label NAME: names this machine in merged fleet reports; "" when not given
  double cpu_mhz = 0;         // "cpu MHz" of the first CPU in /proc/cpuinfo; 0 when absent
  double clock_overhead_ns = 0;
  double empty_operation_ns = 0;
  std::vector<BackendInfo> backends;
  std::vector<std::string> warnings;  // each says how to fix its cause
  /// The machine check (host/machine_check.hpp) when the run started; its warnings are summed up in one of
  /// `warnings`. Empty in reports written before it existed.
  std::vector<MachineCheck> machine_checks;
};

/// The crypto-relevant Arm features set in getauxval(AT_HWCAP) and getauxval(AT_HWCAP2) of an aarch64
/// Linux process, named as the kernel's /proc/cpuinfo "Features" line names them, in a fixed order. The bit
/// numbers are the kernel's (arch/arm64/include/uapi/asm/hwcap.h), so this decodes on any architecture.
std::vector<std::string> arm_hwcap_features(uint64_t hwcap, uint64_t hwcap2);

/// An aarch64 MIDR_EL1 value as "<implementer> <part> r<variant>p<revision> (MIDR 0x...)", e.g.
/// "ARM Neoverse-N1 r3p1 (MIDR 0x413fd0c1)"; unknown implementers and parts are given by number.
std::string describe_arm_midr(uint64_t midr);

/// Reads what it can from /proc and /sys, and runs the machine check; never fails (unknown fields stay
/// empty).
Environment read_environment();

/// The CPU features of interest to crypto, as Environment::cpu_features lists them.
std::vector<std::string> read_cpu_features();

/// `git describe --always --dirty --tags` of the source at configure time, or "unknown" (a tarball build).
std::string build_commit();

}  // namespace ca
