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

std::vector<std::vector<double>> paired_log_ratios_by_process(std::span<const double> a,
                                                              std::span<const size_t> a_rounds,
                                                              std::span<const double> b,
                                                              std::span<const size_t> b_rounds,
                                                              size_t rounds_per_process) {
  const size_t na = std::min(a.size(), a_rounds.size()), nb = std::min(b.size(), b_rounds.size());
  size_t processes = 0;
  if (na > 0) processes = std::max(processes, a_rounds[na - 1] / rounds_per_process + 1);
  if (nb > 0) processes = std::max(processes, b_rounds[nb - 1] / rounds_per_process + 1);
  std::vector<std::vector<double>> out;
  for (size_t p = 0; p < processes; ++p) {
    const size_t lo = p * rounds_per_process, hi = lo + rounds_per_process;
    const auto block = [&](std::span<const size_t> rounds) {
      const auto first = std::lower_bound(rounds.begin(), rounds.end(), lo);
      const auto last = std::lower_bound(first, rounds.end(), hi);
      return std::make_pair(static_cast<size_t>(first - rounds.begin()), static_cast<size_t>(last - first));
    };
    const auto [ia, ka] = block(a_rounds.first(na));
    const auto [ib, kb] = block(b_rounds.first(nb));
    out.push_back(paired_log_ratios(a.subspan(ia, ka), a_rounds.subspan(ia, ka), b.subspan(ib, kb),
                                    b_rounds.subspan(ib, kb)));
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

namespace {

// Each process's trimmed mean of its log-ratios (as paired_ratio), and, for those that kept two or more,
// its squared standard error and degrees of freedom; `all` pools every log-ratio.
struct ProcessEstimates {
  std::vector<double> all, estimates, within;
  double dof = 0;
  double mean() const {
    double m = 0;
    for (double e : estimates) m += e;
    return m / static_cast<double>(estimates.size());
  }
  double mean_within() const {
    double w = 0;
    for (double v : within) w += v;
    return within.empty() ? 0 : w / static_cast<double>(within.size());
  }
};

ProcessEstimates process_estimates(const std::vector<std::vector<double>>& per_process, double level) {
  ProcessEstimates e;
  for (const auto& logs : per_process) {
    e.all.insert(e.all.end(), logs.begin(), logs.end());
    if (logs.empty()) continue;
    const TrimmedMean tm = trimmed_mean_ci(logs, kRatioTrim, level);
    e.estimates.push_back(tm.estimate);
    if (tm.kept < 2) continue;
    const double t = student_t_quantile(0.5 + level / 2, static_cast<double>(tm.kept - 1));
    const double se = (tm.ci.high - tm.estimate) / t;
    e.within.push_back(se * se);
    e.dof += static_cast<double>(tm.kept - 1);
  }
  return e;
}

}  // namespace

Ratio paired_ratio_within_processes(const std::vector<std::vector<double>>& per_process, double level) {
  const ProcessEstimates e = process_estimates(per_process, level);
  const size_t k = e.estimates.size();
  if (k < 2) return paired_ratio(e.all, level);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Ratio r;
  r.pairs = e.all.size();
  const double m = e.mean();
  r.ratio = std::exp(m);
  if (e.within.empty()) {  // no process kept two log-ratios: no interval, as paired_ratio gives none
    r.ci = {nan, nan};
    return r;
  }
  const double half =
      student_t_quantile(0.5 + level / 2, e.dof) * std::sqrt(e.mean_within() / static_cast<double>(k));
  r.ci = {std::exp(m - half), std::exp(m + half)};
  r.coverage = level;
  return r;
}

Ratio paired_ratio_over_processes(const std::vector<std::vector<double>>& per_process, double level) {
  const ProcessEstimates e = process_estimates(per_process, level);
  const size_t k = e.estimates.size();
  if (k < 2) return paired_ratio(e.all, level);
  const double m = e.mean();
  double between = 0;
  for (double x : e.estimates) between += (x - m) * (x - m);
  between /= static_cast<double>(k - 1);
  const double se = std::sqrt(std::max(between, e.mean_within()) / static_cast<double>(k));
  const double half = student_t_quantile(0.5 + level / 2, static_cast<double>(k - 1)) * se;
  Ratio r;
  r.pairs = e.all.size();
  r.ratio = std::exp(m);
  r.ci = {std::exp(m - half), std::exp(m + half)};
  r.coverage = level;
  // Processes that agree exactly with no interval of their own (one log-ratio left after trimming): no
  // interval, as paired_ratio gives none, so that no rule reads [point, point] as excluding 1.
  if (!(se > 0) && e.within.empty()) {
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
