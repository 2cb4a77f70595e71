#include "host/affinity.hpp"

#include <sched.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace ca {
namespace {

constexpr int kMaxCpu = 4096;

std::optional<int> cpu_number(std::string_view part) {
  if (part.empty() || part.size() > 4 || part.find_first_not_of("0123456789") != std::string_view::npos)
    return std::nullopt;
  int v = 0;
  for (char c : part) v = v * 10 + (c - '0');
  if (v >= kMaxCpu) return std::nullopt;
  return v;
}

}  // namespace

Result<std::vector<int>> parse_cpu_list(std::string_view text) {
  std::vector<int> cpus;
  if (text.empty()) return Error{"empty list"};
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    const std::string_view part = text.substr(start, comma - start);
    const size_t dash = part.find('-');
    const auto first = cpu_number(part.substr(0, dash));
    const auto last = dash == std::string_view::npos ? first : cpu_number(part.substr(dash + 1));
    if (!first || !last || *last < *first)
      return Error{"'" + std::string(part) + "' is not a CPU number below " + std::to_string(kMaxCpu) +
                   " or a range such as 0-3"};
    for (int c = *first; c <= *last; ++c) cpus.push_back(c);
    start = comma + 1;
  }
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

std::string format_cpu_list(const std::vector<int>& cpus) {
  std::string out;
  for (size_t i = 0; i < cpus.size();) {
    size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(cpus[i]);
    if (j > i) out += "-" + std::to_string(cpus[j]);
    i = j + 1;
  }
  return out;
}

std::vector<int> allowed_cpus() {
  std::vector<int> cpus;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}

Result<void> check_cpus_available(const std::vector<int>& cpus) {
  const std::vector<int> allowed = allowed_cpus();
  for (int c : cpus)
    if (c >= CPU_SETSIZE || (!allowed.empty() && !std::binary_search(allowed.begin(), allowed.end(), c)))
      return Error{"CPU " + std::to_string(c) + " is not one this process may run on (expected CPUs from " +
                   (allowed.empty() ? std::string("an unknown set") : format_cpu_list(allowed)) + ")"};
  return {};
}

Result<void> pin_to_cpus(const std::vector<int>& cpus) {
  if (Result<void> available = check_cpus_available(cpus); !available) return available;
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int c : cpus) CPU_SET(c, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0)
    return Error{std::string("sched_setaffinity failed: ") + std::strerror(errno)};
  return {};
}

}  // namespace ca
