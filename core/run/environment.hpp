// The context a result needs to be read correctly: machine, build and libraries.
#pragma once

#include <string>
#include <vector>

namespace ca {

struct BackendInfo {
  std::string name, library, version, acceleration, path;
};

struct Environment {
  std::string cpu_model;
  std::vector<std::string>
      cpu_features;  // of interest to crypto: aes, vaes, pclmulqdq, sha_ni, avx2, avx512f
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
};

/// Reads what it can from /proc and /sys; never fails (unknown fields stay empty).
Environment read_environment();

}  // namespace ca
