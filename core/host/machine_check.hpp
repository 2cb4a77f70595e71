// The machine check of `cryptauditor doctor` and of every report's header: what on this host makes timings
// vary (pyperf's `system show` for cryptauditor). Every check reads /proc and /sys under a root folder that
// tests replace by a fake tree, and says "unknown" when its files are absent (containers, aarch64, VMs).
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace ca {

struct MachineCheck {
  enum class Status { Ok, Warning, Unknown };
  std::string name;  // "virtualisation", "load", "governor", "turbo", "smt", "pinning"
  Status status = Status::Unknown;
  std::string finding;    // what was read, or why it could not be ("no /proc/loadavg")
  std::string fix;        // a warning's remedy, one sentence with the command; empty otherwise
  std::string short_fix;  // the same in a few words, for the one-line report header
};

/// "ok", "warning" or "unknown".
const char* status_name(MachineCheck::Status status);

/// Where the checks read the kernel's files from.
struct SystemFiles {
  std::string root = "/";  // /proc/... and /sys/... are read as root + "proc/..."
  /// Called between the two samples of /proc/stat the SMT check compares; the default sleeps 100 ms.
  /// Tests replace it to change the fake /proc/stat in between.
  std::function<void()> between_stat_samples;
};

/// The six checks, in this order: virtualisation, load, governor, turbo, smt, pinning. Never fails.
std::vector<MachineCheck> check_machine(const SystemFiles& files = {});

/// One line naming every warning with its short fix ("virtualised host (measure on bare metal); ..."),
/// "" when there is none: the human report formats print it in their header.
std::string summarize_machine_checks(const std::vector<MachineCheck>& checks);

/// The crypto extensions among a CPU feature list (x86: aes, vaes, pclmulqdq, vpclmulqdq, sha_ni; aarch64:
/// aes, pmull, sha1, sha2, sha3, sha512).
std::vector<std::string> crypto_extensions(const std::vector<std::string>& cpu_features);

/// When a backend reports that its build has no CPU acceleration ("none: <why>", from the library's own
/// build flags) while this CPU has crypto extensions: one sentence saying so and what to do; else "".
/// An empty acceleration string means "not reported" and gives no note (nothing is known).
std::string acceleration_gap(const std::string& backend_name, const std::string& library,
                             const std::string& acceleration, const std::vector<std::string>& cpu_features);

}  // namespace ca
