#include "stats/mann_whitney.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

namespace ca::stats {

MannWhitneyResult mann_whitney_u(std::span<const double> a, std::span<const double> b) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  if (a.empty() || b.empty()) return {kNaN, kNaN, kNaN};
  const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
  const double n = na + nb;

  // (value, from a) sorted by value; runs of equal values share the mean of their ranks.
  std::vector<std::pair<double, bool>> pooled;
  pooled.reserve(a.size() + b.size());
  for (double x : a) pooled.emplace_back(x, true);
  for (double x : b) pooled.emplace_back(x, false);
  std::sort(pooled.begin(), pooled.end(), [](const auto& l, const auto& r) { return l.first < r.first; });
  double rank_sum_a = 0, tie_term = 0;
  for (size_t i = 0; i < pooled.size();) {
    size_t j = i;
    while (j < pooled.size() && pooled[j].first == pooled[i].first) ++j;
    const double t = static_cast<double>(j - i);
    const double midrank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;  // ranks i+1..j
    for (size_t k = i; k < j; ++k)
      if (pooled[k].second) rank_sum_a += midrank;
    tie_term += t * t * t - t;
    i = j;
  }

  MannWhitneyResult r;
  r.u = rank_sum_a - na * (na + 1) / 2;
  const double mu = na * nb / 2;
  const double variance = na * nb / 12 * ((n + 1) - tie_term / (n * (n - 1)));
  if (!(variance > 0)) {
    r.z = 0;
    r.p = 1;
    return r;
  }
  const double distance = std::max(0.0, std::abs(r.u - mu) - 0.5);
  r.z = (r.u >= mu ? distance : -distance) / std::sqrt(variance);
  r.p = std::min(1.0, std::erfc(std::abs(r.z) / std::sqrt(2.0)));
  return r;
}

}  // namespace ca::stats
