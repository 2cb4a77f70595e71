#include "host/machine_check.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>

#include "host/affinity.hpp"
#include "settings/run_settings.hpp"

namespace ca {
namespace {

// A CPU list the kernel wrote, or nullopt: a malformed one is treated as not said.
std::optional<std::vector<int>> cpus_or_none(std::string_view text) {
  auto cpus = parse_cpu_list(text);
  if (!cpus) return std::nullopt;
  return std::move(*cpus);
}

/// Above this load average per CPU the other work on the host competes with the measurement.
constexpr double kMaxLoadPerCpu = 0.5;
/// An SMT sibling busier than this share of the sample shares the core's execution units with us.
constexpr double kMaxSiblingBusy = 0.10;

class Files {
 public:
  explicit Files(std::string root) : root_(std::move(root)) {
    if (root_.empty()) root_ = "/";
    if (root_.back() != '/') root_ += '/';
  }
  /// The whole file, nullopt when it cannot be read. `path` is absolute as the kernel names it.
  std::optional<std::string> read(const std::string& path) const {
    std::ifstream in(root_ + path.substr(1));
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  /// The first line, without surrounding blanks; nullopt when unreadable or empty.
  std::optional<std::string> line(const std::string& path) const {
    auto text = read(path);
    if (!text) return std::nullopt;
    std::string first = text->substr(0, text->find('\n'));
    const size_t b = first.find_first_not_of(" \t"), e = first.find_last_not_of(" \t\r");
    if (b == std::string::npos) return std::nullopt;
    return first.substr(b, e - b + 1);
  }
  std::optional<std::vector<int>> cpu_list(const std::string& path) const {
    auto text = line(path);
    if (!text) return std::nullopt;
    return cpus_or_none(*text);
  }

 private:
  std::string root_;
};

MachineCheck make(const char* name, MachineCheck::Status status, std::string finding, std::string fix = "",
                  std::string short_fix = "") {
  return {name, status, std::move(finding), std::move(fix), std::move(short_fix)};
}
using S = MachineCheck::Status;

std::string fixed(double v, int digits) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", digits, v);
  return text;
}

std::optional<std::vector<int>> online_cpus(const Files& f) {
  return f.cpu_list("/sys/devices/system/cpu/online");
}

/// Cpus_allowed_list of this process (the thread-group leader, which `--pin` narrows).
std::optional<std::vector<int>> allowed(const Files& f) {
  auto status = f.read("/proc/self/status");
  if (!status) return std::nullopt;
  std::istringstream lines(*status);
  for (std::string l; std::getline(lines, l);) {
    if (l.rfind("Cpus_allowed_list:", 0) != 0) continue;
    std::string value = l.substr(l.find(':') + 1);
    value.erase(0, value.find_first_not_of(" \t"));
    return cpus_or_none(value);
  }
  return std::nullopt;
}

MachineCheck check_virtualisation(const Files& f) {
  const char* fix =
      "a hypervisor adds steal time and shares caches with other guests: measure the figures you publish on "
      "bare metal, or on a dedicated VM with pinned vCPUs and nothing else running";
  std::vector<std::string> evidence;
  bool have_flags = false;
  if (auto cpuinfo = f.read("/proc/cpuinfo")) {
    std::istringstream lines(*cpuinfo);
    for (std::string l; std::getline(lines, l);) {
      if (l.rfind("flags", 0) != 0 || l.find(':') == std::string::npos) continue;
      have_flags = true;
      std::istringstream words(l.substr(l.find(':') + 1));
      for (std::string w; words >> w;)
        if (w == "hypervisor") evidence.push_back("the hypervisor flag in /proc/cpuinfo");
      break;  // the first CPU's line
    }
  }
  if (auto type = f.line("/sys/hypervisor/type")) evidence.push_back("/sys/hypervisor/type: " + *type);
  for (const char* path : {"/sys/class/dmi/id/sys_vendor", "/sys/class/dmi/id/product_name"}) {
    auto value = f.line(path);
    if (!value) continue;
    for (const char* vm : {"QEMU", "KVM", "VMware", "VirtualBox", "Xen", "Virtual Machine", "Bochs",
                           "Amazon EC2", "Google Compute Engine", "BHYVE", "Parallels"})
      if (value->find(vm) != std::string::npos) {
        evidence.push_back(std::string(path) + ": " + *value);
        break;
      }
  }
  if (!evidence.empty()) {
    std::string finding = "virtualised host (";
    for (size_t i = 0; i < evidence.size(); ++i) finding += (i ? "; " : "") + evidence[i];
    return make("virtualisation", S::Warning, finding + ")", fix, "measure on bare metal");
  }
  if (have_flags) return make("virtualisation", S::Ok, "no hypervisor flag in /proc/cpuinfo");
  return make("virtualisation", S::Unknown,
              "unknown: /proc/cpuinfo has no flags line (not x86) and /sys shows no hypervisor");
}

MachineCheck check_load(const Files& f) {
  auto loadavg = f.line("/proc/loadavg");
  auto online = online_cpus(f);
  if (!loadavg) return make("load", S::Unknown, "unknown: /proc/loadavg cannot be read");
  if (!online || online->empty())
    return make("load", S::Unknown, "unknown: /sys/devices/system/cpu/online cannot be read");
  double load = 0;
  if (std::sscanf(loadavg->c_str(), "%lf", &load) != 1)
    return make("load", S::Unknown, "unknown: /proc/loadavg is not a number");
  const double per_cpu = load / static_cast<double>(online->size());
  const std::string finding = "load average " + fixed(load, 2) + " over " + std::to_string(online->size()) +
                              " CPUs = " + fixed(per_cpu, 2) + " per CPU";
  if (per_cpu <= kMaxLoadPerCpu) return make("load", S::Ok, finding);
  return make("load", S::Warning, finding + " (above " + fixed(kMaxLoadPerCpu, 1) + ")",
              "other work competes for the CPUs: stop it (top or ps -eo pcpu,comm --sort=-pcpu shows what "
              "runs) or wait until the 1-minute load average falls below " +
                  fixed(kMaxLoadPerCpu, 1) + " per CPU",
              "stop other work");
}

MachineCheck check_governor(const Files& f) {
  auto online = online_cpus(f);
  std::map<std::string, std::vector<int>> by_governor;
  for (int cpu : online.value_or(std::vector<int>{0}))
    if (auto g = f.line("/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cpufreq/scaling_governor"))
      by_governor[*g].push_back(cpu);
  if (by_governor.empty())
    return make("governor", S::Unknown,
                "unknown: no cpufreq scaling_governor in /sys (VMs and containers often hide it)");
  std::string finding;
  bool all_performance = true;
  for (const auto& [governor, cpus] : by_governor) {
    finding +=
        (finding.empty() ? "" : ", ") + std::string("'") + governor + "' on CPUs " + format_cpu_list(cpus);
    all_performance = all_performance && governor == "performance";
  }
  if (all_performance) return make("governor", S::Ok, "governor " + finding);
  return make("governor", S::Warning, "frequency governor " + finding + ", not 'performance'",
              "the clock speed follows the load, so early samples run slower: sudo cpupower frequency-set -g "
              "performance (or write performance to /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor)",
              "set the governor to performance");
}

MachineCheck check_turbo(const Files& f) {
  if (auto no_turbo = f.line("/sys/devices/system/cpu/intel_pstate/no_turbo")) {
    if (*no_turbo == "1") return make("turbo", S::Ok, "turbo off (intel_pstate/no_turbo = 1)");
    return make("turbo", S::Warning, "turbo on (intel_pstate/no_turbo = " + *no_turbo + ")",
                "turbo clocks depend on temperature and on the other cores' load: echo 1 | sudo tee "
                "/sys/devices/system/cpu/intel_pstate/no_turbo",
                "turn turbo off");
  }
  if (auto boost = f.line("/sys/devices/system/cpu/cpufreq/boost")) {
    if (*boost == "0") return make("turbo", S::Ok, "turbo off (cpufreq/boost = 0)");
    return make("turbo", S::Warning, "turbo on (cpufreq/boost = " + *boost + ")",
                "boost clocks depend on temperature and on the other cores' load: echo 0 | sudo tee "
                "/sys/devices/system/cpu/cpufreq/boost",
                "turn turbo off");
  }
  return make("turbo", S::Unknown,
              "unknown: neither intel_pstate/no_turbo nor cpufreq/boost in /sys/devices/system/cpu");
}

/// Busy and total jiffies per CPU from /proc/stat's "cpuN" lines.
std::map<int, std::pair<unsigned long long, unsigned long long>> cpu_times(const std::string& stat) {
  std::map<int, std::pair<unsigned long long, unsigned long long>> out;
  std::istringstream lines(stat);
  for (std::string l; std::getline(lines, l);) {
    if (l.rfind("cpu", 0) != 0 || l.size() < 4 || l[3] < '0' || l[3] > '9') continue;
    std::istringstream fields(l.substr(3));
    int cpu = 0;
    fields >> cpu;
    unsigned long long busy = 0, total = 0, v = 0;
    // user nice system idle iowait irq softirq steal (guest time is already in user)
    for (int i = 0; i < 8 && fields >> v; ++i) {
      total += v;
      if (i != 3 && i != 4) busy += v;
    }
    out[cpu] = {busy, total};
  }
  return out;
}

MachineCheck check_smt(const Files& f, const SystemFiles& files) {
  auto ours = allowed(f);
  if (!ours) ours = online_cpus(f);
  if (!ours || ours->empty())
    return make("smt", S::Unknown, "unknown: the CPUs of this process are not known");
  std::vector<int> siblings;  // other hardware threads of the cores this process may run on
  bool any_topology = false;
  for (int cpu : *ours) {
    auto list =
        f.cpu_list("/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/thread_siblings_list");
    if (!list) continue;
    any_topology = true;
    for (int s : *list)
      if (s != cpu && std::find(siblings.begin(), siblings.end(), s) == siblings.end()) siblings.push_back(s);
  }
  if (!any_topology) return make("smt", S::Unknown, "unknown: no topology/thread_siblings_list in /sys");
  if (siblings.empty())
    return make("smt", S::Ok, "no SMT sibling shares a core with CPUs " + format_cpu_list(*ours));
  std::sort(siblings.begin(), siblings.end());
  auto before = f.read("/proc/stat");
  if (!before) return make("smt", S::Unknown, "unknown: /proc/stat cannot be read");
  if (files.between_stat_samples)
    files.between_stat_samples();
  else
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto after = f.read("/proc/stat");
  if (!after) return make("smt", S::Unknown, "unknown: /proc/stat cannot be read");
  const auto t0 = cpu_times(*before), t1 = cpu_times(*after);
  std::string busy, measured;
  for (int s : siblings) {
    auto a = t0.find(s), b = t1.find(s);
    if (a == t0.end() || b == t1.end() || b->second.second <= a->second.second) continue;
    const double share = static_cast<double>(b->second.first - a->second.first) /
                         static_cast<double>(b->second.second - a->second.second);
    measured += (measured.empty() ? "" : ", ") + std::to_string(s);
    if (share > kMaxSiblingBusy)
      busy += (busy.empty() ? "" : ", ") + std::string("CPU ") + std::to_string(s) + " " +
              fixed(100 * share, 0) + " % busy";
  }
  if (measured.empty())
    return make(
        "smt", S::Unknown,
        "unknown: /proc/stat showed no time passing on the SMT siblings " + format_cpu_list(siblings));
  if (busy.empty())
    return make("smt", S::Ok,
                "SMT siblings " + format_cpu_list(siblings) + " of CPUs " + format_cpu_list(*ours) + " idle");
  return make("smt", S::Warning, "SMT siblings of CPUs " + format_cpu_list(*ours) + " busy (" + busy + ")",
              "a busy hardware thread on the same core takes its execution units and caches: pin to a core "
              "whose sibling is idle (--" +
                  run_setting(SettingId::Pin).long_flag() +
                  "), stop the work there, or turn SMT off (echo off | sudo tee "
                  "/sys/devices/system/cpu/smt/control)",
              "pin to a core with an idle sibling");
}

MachineCheck check_pinning(const Files& f) {
  const std::string pin = "--" + run_setting(SettingId::Pin).long_flag();
  auto ours = allowed(f);
  auto online = online_cpus(f);
  if (!ours) return make("pinning", S::Unknown, "unknown: no Cpus_allowed_list in /proc/self/status");
  if (!online) return make("pinning", S::Unknown, "unknown: /sys/devices/system/cpu/online cannot be read");
  if (online->size() <= 1) return make("pinning", S::Ok, "one CPU online");
  const bool everywhere = std::includes(ours->begin(), ours->end(), online->begin(), online->end());
  if (!everywhere) return make("pinning", S::Ok, "pinned to CPUs " + format_cpu_list(*ours));
  return make("pinning", S::Warning, "not pinned: may run on every CPU (" + format_cpu_list(*online) + ")",
              "the scheduler may move the process between CPUs in the middle of a measurement: give " + pin +
                  " with one CPU (e.g. " + pin + " " + std::to_string(online->back()) +
                  "), ideally one kept free of other work (isolcpus= on the kernel command line)",
              pin + " " + std::to_string(online->back()));
}

}  // namespace

const char* status_name(MachineCheck::Status status) {
  switch (status) {
    case S::Ok:
      return "ok";
    case S::Warning:
      return "warning";
    case S::Unknown:
      break;
  }
  return "unknown";
}

std::vector<MachineCheck> check_machine(const SystemFiles& files) {
  const Files f(files.root);
  return {check_virtualisation(f), check_load(f),       check_governor(f),
          check_turbo(f),          check_smt(f, files), check_pinning(f)};
}

std::string summarize_machine_checks(const std::vector<MachineCheck>& checks) {
  std::string line;
  for (const MachineCheck& c : checks) {
    if (c.status != S::Warning) continue;
    line += (line.empty() ? "" : "; ") + c.finding + " (fix: " + c.short_fix + ")";
  }
  if (line.empty()) return "";
  return "machine check: " + line + "; `cryptauditor doctor` explains each fix";
}

std::vector<std::string> crypto_extensions(const std::vector<std::string>& cpu_features) {
  std::vector<std::string> out;
  for (const std::string& f : cpu_features)
    for (const char* ext :
         {"aes", "vaes", "pclmulqdq", "vpclmulqdq", "sha_ni", "pmull", "sha1", "sha2", "sha3", "sha512"})
      if (f == ext) out.push_back(f);
  return out;
}

std::string acceleration_gap(const std::string& backend_name, const std::string& library,
                             const std::string& acceleration, const std::vector<std::string>& cpu_features) {
  if (acceleration.rfind("none", 0) != 0) return "";
  const auto extensions = crypto_extensions(cpu_features);
  if (extensions.empty()) return "";
  std::string names;
  for (const auto& e : extensions) names += (names.empty() ? "" : ", ") + e;
  std::string why = acceleration.size() > 4 ? acceleration.substr(4) : "";
  why.erase(0, why.find_first_not_of(": "));
  return backend_name + ": this " + library + " build uses none of the CPU's crypto extensions (" + names +
         ")" + (why.empty() ? "" : ": " + why) +
         "; its times are those of portable code, not of the library at its best (a build with the "
         "library's CPU acceleration enabled would use them)";
}

}  // namespace ca
