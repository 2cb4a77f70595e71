#include "run/environment.hpp"

#include <sys/utsname.h>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "run/affinity.hpp"

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

}  // namespace

Environment read_environment() {
  Environment env;
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
  if (!env.governor.empty() && env.governor != "performance")
    env.warnings.push_back(
        "CPU frequency scaling governor is '" + env.governor +
        "': results may vary; set it to 'performance' (cpupower frequency-set -g performance)");
  return env;
}

}  // namespace ca
