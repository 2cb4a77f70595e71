#include "ranking_text.hpp"

#include <cmath>
#include <cstdio>

namespace ca {

std::string level_percent(double level) {
  char buf[32];
  // The epsilon keeps 0.95 (0.9499999... * 100 after rounding) at 95.
  std::snprintf(buf, sizeof buf, "%.0f", std::floor(level * 100 + 1e-9));
  return buf;
}

std::string ci_label(double level) { return level_percent(level) + "% CI"; }

double shared_ci_level(const std::vector<Record>& records) {
  double level = std::nan("");
  for (const Record& r : records) {
    if (!r.ok()) continue;
    const double mine = std::floor(r.summary.ci_level * 100 + 1e-9);
    if (std::isnan(level)) {
      level = mine;
    } else if (level != mine) {
      return std::nan("");
    }
  }
  return level / 100;
}

int ratio_decimals(double ratio, const stats::Interval& ci) {
  int digits = 2;
  for (; digits < 4; ++digits) {
    char lo[32], mid[32], hi[32];
    std::snprintf(lo, sizeof lo, "%.*f", digits, ci.low);
    std::snprintf(mid, sizeof mid, "%.*f", digits, ratio);
    std::snprintf(hi, sizeof hi, "%.*f", digits, ci.high);
    const bool degenerate = !(ci.low < ratio && ratio < ci.high);  // a zero-width interval
    if (degenerate || (std::string(lo) != mid && std::string(mid) != hi)) break;
  }
  return digits;
}

std::string ranking_standing(const RankedEntry& e) {
  std::string text;
  char buf[96];
  if (e.paired) {
    const auto& v = e.versus_fastest;
    // Two decimals, or as many more (up to four) as it takes to print the point strictly inside its
    // interval: at two, "1.34x slower, 95% CI 1.34-1.35" looked like a point at its interval's edge when the
    // interval was 1.339-1.349 around 1.344.
    const int digits = ratio_decimals(e.ratio, v.ci);
    if (v.coverage > 0)
      std::snprintf(buf, sizeof buf, ", %.*fx%s, %s %.*f–%.*f", digits, e.ratio,
                    e.ratio > 1.0005 ? " slower" : "", ci_label(v.coverage).c_str(), digits, v.ci.low, digits,
                    v.ci.high);
    else  // too few paired rounds for the estimator to give an interval (stats/paired.hpp)
      std::snprintf(buf, sizeof buf, ", %.2fx%s, no CI from %zu paired rounds", e.ratio,
                    e.ratio > 1.0005 ? " slower" : "", v.pairs);
    text += buf;
  } else if (e.ratio > 1.0005) {
    std::snprintf(buf, sizeof buf, ", %.2fx slower", e.ratio);
    text += buf;
  }
  // A rank above 1 that the interval against the fastest does not show (core/rank: slower_than).
  if (e.slower_than != nullptr) {
    const Record& x = *e.slower_than;
    text += ", significantly slower than " +
            (x.algorithm == e.record->algorithm ? x.backend : x.algorithm + " (" + x.backend + ")");
  }
  if (e.tied) text += ", statistically indistinguishable";
  return text;
}

}  // namespace ca
