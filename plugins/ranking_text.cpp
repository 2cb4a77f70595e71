#include "ranking_text.hpp"

#include <cmath>
#include <cstdio>

namespace ca {

std::string ci_label(double coverage) {
  if (!(coverage < 0.95)) return "95% CI";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f%% CI", std::floor(coverage * 100));
  return buf;
}

std::string ranking_standing(const RankedEntry& e) {
  std::string text;
  char buf[96];
  if (e.paired) {
    const auto& v = e.versus_fastest;
    std::snprintf(buf, sizeof buf, ", %.2fx%s, %s %.2f–%.2f", e.ratio, e.ratio > 1.0005 ? " slower" : "",
                  ci_label(v.coverage).c_str(), v.ci.low, v.ci.high);
    text += buf;
  } else if (e.ratio > 1.0005) {
    std::snprintf(buf, sizeof buf, ", %.2fx slower", e.ratio);
    text += buf;
  }
  if (e.tied) text += ", statistically indistinguishable";
  return text;
}

}  // namespace ca
