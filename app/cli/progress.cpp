#include "cli/progress.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "util/units.hpp"

namespace ca {

std::optional<double> estimate_remaining_s(double elapsed_s, size_t done, size_t total) {
  if (done == 0 || done > total || !(elapsed_s >= 0)) return std::nullopt;
  return elapsed_s / static_cast<double>(done) * static_cast<double>(total - done);
}

std::string format_eta(double seconds) {
  const auto s = static_cast<long long>(std::ceil(std::max(0.0, seconds)));
  char buf[48];
  if (s < 60)
    std::snprintf(buf, sizeof buf, "%llds", s);
  else if (s < 3600)
    std::snprintf(buf, sizeof buf, "%lldm%02llds", s / 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%lldh%02lldm", (s + 59) / 60 / 60, (s + 59) / 60 % 60);
  return buf;
}

std::string progress_text(const Record& r, size_t done, size_t total, double elapsed_s) {
  std::string text = "[" + std::to_string(done) + "/" + std::to_string(total) + "] " + r.backend + ' ' +
                     r.algorithm + ' ' + r.operation + ' ' + format_size(r.data_bytes);
  if (auto left = estimate_remaining_s(elapsed_s, done, total); left && done < total)
    text += ", ETA " + format_eta(*left);
  return text;
}

}  // namespace ca
