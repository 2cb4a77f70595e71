#include "host/environment.hpp"

#include <sys/utsname.h>
#if defined(__aarch64__)
#include <sys/auxv.h>
#endif

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <set>
#include <sstream>
#include <thread>

#include "host/affinity.hpp"

#ifndef CRYPTAUDITOR_BUILD_TYPE
#define CRYPTAUDITOR_BUILD_TYPE "unknown"
#endif
#ifndef CRYPTAUDITOR_VERSION
#define CRYPTAUDITOR_VERSION "0"
#endif

namespace ca {
namespace {

std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

#if defined(__aarch64__)
constexpr uint64_t kHwcapCpuid = 1u << 11;  // HWCAP_CPUID: the kernel emulates MRS of the ID registers

/// MIDR_EL1 of the first CPU: /proc/cpuinfo's "CPU implementer/variant/part/revision" lines, else sysfs,
/// else an MRS the kernel emulates (HWCAP_CPUID). qemu-user shows the host's /proc/cpuinfo and no sysfs
/// registers, but emulates the MRS. 0 when none of them answers.
uint64_t read_midr(uint64_t hwcap) {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  uint64_t implementer = 0, variant = 0, part = 0, revision = 0;
  bool seen_implementer = false, seen_part = false;
  while (std::getline(cpuinfo, line)) {
    if (line.empty() && seen_implementer) break;  // the first CPU's block only
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, line.find_last_not_of(" \t", colon - 1) + 1);
    const uint64_t value = std::strtoull(line.c_str() + colon + 1, nullptr, 0);
    if (key == "CPU implementer" && !seen_implementer) implementer = value, seen_implementer = true;
    if (key == "CPU variant") variant = value;
    if (key == "CPU part" && !seen_part) part = value, seen_part = true;
    if (key == "CPU revision") revision = value;
  }
  if (seen_implementer && seen_part)
    return (implementer & 0xff) << 24 | (variant & 0xf) << 20 | 0xfu << 16 | (part & 0xfff) << 4 |
           (revision & 0xf);
  const std::string sysfs = first_line("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1");
  if (!sysfs.empty()) return std::strtoull(sysfs.c_str(), nullptr, 16);
  if (hwcap & kHwcapCpuid) {
    uint64_t midr;
    asm volatile("mrs %0, midr_el1" : "=r"(midr));
    return midr;
  }
  return 0;
}
#endif

struct ArmPart {
  unsigned implementer, part;
  const char* name;
};

// The parts of servers, boards and laptops a crypto benchmark is likely to meet (numbers: Arm's and the
// vendors' technical reference manuals, as the kernel's cputype.h and util-linux's lscpu list them).
constexpr ArmPart kArmParts[] = {
    {0x41, 0xd03, "Cortex-A53"},   {0x41, 0xd04, "Cortex-A35"},   {0x41, 0xd05, "Cortex-A55"},
    {0x41, 0xd07, "Cortex-A57"},   {0x41, 0xd08, "Cortex-A72"},   {0x41, 0xd09, "Cortex-A73"},
    {0x41, 0xd0a, "Cortex-A75"},   {0x41, 0xd0b, "Cortex-A76"},   {0x41, 0xd0c, "Neoverse-N1"},
    {0x41, 0xd0d, "Cortex-A77"},   {0x41, 0xd40, "Neoverse-V1"},  {0x41, 0xd41, "Cortex-A78"},
    {0x41, 0xd44, "Cortex-X1"},    {0x41, 0xd46, "Cortex-A510"},  {0x41, 0xd47, "Cortex-A710"},
    {0x41, 0xd48, "Cortex-X2"},    {0x41, 0xd49, "Neoverse-N2"},  {0x41, 0xd4b, "Cortex-A78C"},
    {0x41, 0xd4d, "Cortex-A715"},  {0x41, 0xd4e, "Cortex-X3"},    {0x41, 0xd4f, "Neoverse-V2"},
    {0x41, 0xd80, "Cortex-A520"},  {0x41, 0xd81, "Cortex-A720"},  {0x41, 0xd82, "Cortex-X4"},
    {0x41, 0xd84, "Neoverse-V3"},  {0x41, 0xd8e, "Neoverse-N3"},  {0x46, 0x001, "A64FX"},
    {0x48, 0xd01, "TaiShan-v110"}, {0x4e, 0x004, "Carmel"},       {0x51, 0x001, "Oryon"},
    {0x61, 0x022, "M1 Icestorm"},  {0x61, 0x023, "M1 Firestorm"}, {0x61, 0x032, "M2 Blizzard"},
    {0x61, 0x033, "M2 Avalanche"}, {0xc0, 0xac3, "Ampere-1"},     {0xc0, 0xac4, "Ampere-1a"},
};

const char* arm_implementer_name(unsigned implementer) {
  switch (implementer) {
    case 0x41:
      return "ARM";
    case 0x42:
      return "Broadcom";
    case 0x43:
      return "Cavium";
    case 0x46:
      return "Fujitsu";
    case 0x48:
      return "HiSilicon";
    case 0x4e:
      return "NVIDIA";
    case 0x50:
      return "APM";
    case 0x51:
      return "Qualcomm";
    case 0x61:
      return "Apple";
    case 0xc0:
      return "Ampere";
    default:
      return nullptr;
  }
}

/// Reads the CPU model and features where the kernel keeps them on this architecture.
void read_cpu(Environment& env) {
#if defined(__aarch64__)
  // Arm's /proc/cpuinfo has no "model name", "cpu MHz" or "hypervisor" flag; under qemu-user it is the
  // host's file, whose x86 fields would describe the wrong CPU. The features come from the auxiliary
  // vector, which is what the kernel (or qemu) offers this process.
  const uint64_t hwcap = getauxval(AT_HWCAP), hwcap2 = getauxval(AT_HWCAP2);
  env.cpu_features = arm_hwcap_features(hwcap, hwcap2);
  if (const uint64_t midr = read_midr(hwcap); midr != 0) env.cpu_model = describe_arm_midr(midr);
#else
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  std::set<std::string> flags;
  while (std::getline(cpuinfo, line)) {
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, line.find_last_not_of(" \t", colon - 1) + 1);
    std::string value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
    if (key == "model name" && env.cpu_model.empty()) env.cpu_model = value;
    if (key == "cpu MHz" && env.cpu_mhz == 0) env.cpu_mhz = std::atof(value.c_str());
    if (key == "flags" && flags.empty()) {
      std::istringstream words(value);
      for (std::string w; words >> w;) flags.insert(w);
    }
  }
  for (const char* f :
       {"aes", "vaes", "pclmulqdq", "vpclmulqdq", "sha_ni", "avx", "avx2", "bmi2", "avx512f", "constant_tsc"})
    if (flags.count(f)) env.cpu_features.push_back(f);
  env.virtualized = flags.count("hypervisor") > 0;
#endif
}

}  // namespace

std::vector<std::string> arm_hwcap_features(uint64_t hwcap, uint64_t hwcap2) {
  struct Bit {
    bool second;  // AT_HWCAP2
    unsigned bit;
    const char* name;
  };
  static constexpr Bit kBits[] = {
      {false, 1, "asimd"}, {false, 3, "aes"},     {false, 4, "pmull"}, {false, 5, "sha1"}, {false, 6, "sha2"},
      {false, 17, "sha3"}, {false, 21, "sha512"}, {false, 22, "sve"},  {true, 1, "sve2"},
  };
  std::vector<std::string> names;
  for (const Bit& b : kBits)
    if (((b.second ? hwcap2 : hwcap) >> b.bit) & 1u) names.push_back(b.name);
  return names;
}

std::string describe_arm_midr(uint64_t midr) {
  const unsigned implementer = (midr >> 24) & 0xff, variant = (midr >> 20) & 0xf;
  const unsigned part = (midr >> 4) & 0xfff, revision = midr & 0xf;
  std::ostringstream out;
  out << std::hex << std::setfill('0');
  const char* vendor = arm_implementer_name(implementer);
  const char* name = nullptr;
  for (const ArmPart& p : kArmParts)
    if (p.implementer == implementer && p.part == part) name = p.name;
  if (vendor != nullptr)
    out << vendor;
  else
    out << "implementer 0x" << std::setw(2) << implementer;
  if (name != nullptr)
    out << ' ' << name;
  else
    out << " part 0x" << std::setw(3) << part;
  out << std::dec << " r" << variant << 'p' << revision << " (MIDR 0x" << std::hex << std::setw(8)
      << (midr & 0xffffffffu) << ')';
  return out.str();
}

std::vector<std::string> read_cpu_features() {
  Environment env;
  read_cpu(env);
  return env.cpu_features;
}

std::string build_commit() { return CRYPTAUDITOR_PROJECT_COMMIT; }

Environment read_environment() {
  Environment env;
  read_cpu(env);
  env.logical_cpus = std::thread::hardware_concurrency();
  env.cpu_affinity = format_cpu_list(allowed_cpus());
  env.governor = first_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  std::string no_turbo = first_line("/sys/devices/system/cpu/intel_pstate/no_turbo");
  std::string boost = first_line("/sys/devices/system/cpu/cpufreq/boost");
  if (!no_turbo.empty())
    env.turbo = no_turbo == "1" ? "off" : "on";
  else if (!boost.empty())
    env.turbo = boost == "1" ? "on" : "off";
  struct utsname u {};
  if (uname(&u) == 0) env.kernel = std::string(u.sysname) + " " + u.release;
  env.compiler = std::string("g++ ") + __VERSION__;
  env.build_type = CRYPTAUDITOR_BUILD_TYPE;
  env.program_version = CRYPTAUDITOR_VERSION;
  env.host_name = first_line("/proc/sys/kernel/hostname");
  env.project_commit = CRYPTAUDITOR_PROJECT_COMMIT;
  if (std::ifstream loadavg("/proc/loadavg"); loadavg)
    for (double v; env.load_avg.size() < 3 && loadavg >> v;) env.load_avg.push_back(v);
  // A calendar date stamp for report headers (google/benchmark's "date"); timing stays in measure/.
  std::time_t now = std::time(nullptr);
  std::tm local{};
  char stamp[32];
  if (localtime_r(&now, &local) && std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S%z", &local)) {
    env.date = stamp;
    if (env.date.size() == 24) env.date.insert(22, ":");  // +0200 -> +02:00 (ISO 8601 extended)
  }
  if (env.build_type == "Debug")
    env.warnings.push_back(
        "this is a Debug build: times are not representative; rebuild with "
        "-DCMAKE_BUILD_TYPE=Release");
  // The governor, turbo and virtualisation are among the machine check's findings, with their fixes.
  env.machine_checks = check_machine();
  if (std::string line = summarize_machine_checks(env.machine_checks); !line.empty())
    env.warnings.push_back(line);
  return env;
}

}  // namespace ca
