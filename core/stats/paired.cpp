#include "stats/paired.hpp"

#include <cmath>
#include <limits>

namespace ca::stats {

std::vector<double> paired_log_ratios(std::span<const double> a, std::span<const size_t> a_rounds,
                                      std::span<const double> b, std::span<const size_t> b_rounds) {
  std::vector<double> out;
  const size_t na = std::min(a.size(), a_rounds.size()), nb = std::min(b.size(), b_rounds.size());
  size_t i = 0, j = 0;
  // Both series are in round order: a merge walk pairs equal rounds.
  while (i < na && j < nb) {
    if (a_rounds[i] < b_rounds[j]) {
      ++i;
    } else if (b_rounds[j] < a_rounds[i]) {
      ++j;
    } else {
      const double x = a[i], y = b[j];
      if (x > 0 && y > 0 && std::isfinite(x) && std::isfinite(y)) out.push_back(std::log(x / y));
      ++i;
      ++j;
    }
  }
  return out;
}

double Ratio::relative_half_width() const {
  if (pairs == 0 || !(ci.low > 0) || !(ci.high > 0)) return std::numeric_limits<double>::infinity();
  return std::exp((std::log(ci.high) - std::log(ci.low)) / 2.0) - 1.0;
}

Ratio paired_ratio(std::span<const double> log_ratios, double level) {
  Ratio r;
  r.pairs = log_ratios.size();
  if (r.pairs == 0) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    r.ratio = nan;
    r.ci = {nan, nan};
    r.coverage = nan;
    return r;
  }
  const TrimmedMean tm = trimmed_mean_ci(log_ratios, kRatioTrim, level);
  r.ratio = std::exp(tm.estimate);
  r.ci = {std::exp(tm.ci.low), std::exp(tm.ci.high)};
  r.coverage = tm.kept >= 2 ? level : 0.0;
  // One log-ratio left after trimming: no interval at all (NaN), so that no rule reads the zero-width
  // [point, point] as excluding 1.
  if (tm.kept < 2) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    r.ci = {nan, nan};
  }
  return r;
}

Ratio paired_ratio(std::span<const double> a, std::span<const size_t> a_rounds, std::span<const double> b,
                   std::span<const size_t> b_rounds, double level) {
  const auto logs = paired_log_ratios(a, a_rounds, b, b_rounds);
  return paired_ratio(logs, level);
}

}  // namespace ca::stats
