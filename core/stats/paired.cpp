#include "stats/paired.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "stats/student_t.hpp"

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

Ratio paired_ratio_within_processes(const std::vector<std::vector<double>>& per_process, double level) {
  std::vector<double> all;
  double sum_estimates = 0, sum_within = 0, dof = 0;
  size_t k = 0, with_interval = 0;
  for (const auto& logs : per_process) {
    all.insert(all.end(), logs.begin(), logs.end());
    if (logs.empty()) continue;
    const TrimmedMean tm = trimmed_mean_ci(logs, kRatioTrim, level);
    sum_estimates += tm.estimate;
    ++k;
    if (tm.kept < 2) continue;
    const double t = student_t_quantile(0.5 + level / 2, static_cast<double>(tm.kept - 1));
    const double se = (tm.ci.high - tm.estimate) / t;
    sum_within += se * se;
    dof += static_cast<double>(tm.kept - 1);
    ++with_interval;
  }
  if (k < 2) return paired_ratio(all, level);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Ratio r;
  r.pairs = all.size();
  const double m = sum_estimates / static_cast<double>(k);
  r.ratio = std::exp(m);
  if (with_interval == 0) {  // no process kept two log-ratios: no interval, as paired_ratio gives none
    r.ci = {nan, nan};
    return r;
  }
  const double w = sum_within / static_cast<double>(with_interval);
  const double half = student_t_quantile(0.5 + level / 2, dof) * std::sqrt(w / static_cast<double>(k));
  r.ci = {std::exp(m - half), std::exp(m + half)};
  r.coverage = level;
  return r;
}

Ratio paired_ratio_over_processes(const std::vector<std::vector<double>>& per_process, double level) {
  std::vector<double> estimates, within;  // each process's trimmed mean, and its squared standard error
  std::vector<double> all;
  for (const auto& logs : per_process) {
    all.insert(all.end(), logs.begin(), logs.end());
    if (logs.empty()) continue;
    const TrimmedMean tm = trimmed_mean_ci(logs, kRatioTrim, level);
    estimates.push_back(tm.estimate);
    if (tm.kept >= 2) {
      const double t = student_t_quantile(0.5 + level / 2, static_cast<double>(tm.kept - 1));
      const double se = (tm.ci.high - tm.estimate) / t;
      within.push_back(se * se);
    }
  }
  const size_t k = estimates.size();
  if (k < 2) return paired_ratio(all, level);
  double m = 0;
  for (double e : estimates) m += e;
  m /= static_cast<double>(k);
  double between = 0;
  for (double e : estimates) between += (e - m) * (e - m);
  between /= static_cast<double>(k - 1);
  double w = 0;
  for (double v : within) w += v;
  if (!within.empty()) w /= static_cast<double>(within.size());
  const double se = std::sqrt(std::max(between, w) / static_cast<double>(k));
  const double half = student_t_quantile(0.5 + level / 2, static_cast<double>(k - 1)) * se;
  Ratio r;
  r.pairs = all.size();
  r.ratio = std::exp(m);
  r.ci = {std::exp(m - half), std::exp(m + half)};
  r.coverage = level;
  // Processes that agree exactly with no interval of their own (one log-ratio left after trimming): no
  // interval, as paired_ratio gives none, so that no rule reads [point, point] as excluding 1.
  if (!(se > 0) && within.empty()) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    r.ci = {nan, nan};
    r.coverage = 0;
  }
  return r;
}

Ratio paired_ratio(std::span<const double> a, std::span<const size_t> a_rounds, std::span<const double> b,
                   std::span<const size_t> b_rounds, double level) {
  const auto logs = paired_log_ratios(a, a_rounds, b, b_rounds);
  return paired_ratio(logs, level);
}

}  // namespace ca::stats
