#include "stats/stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace ca::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<double> sorted(std::span<const double> xs) {
  std::vector<double> v(xs.begin(), xs.end());
  std::sort(v.begin(), v.end());
  return v;
}

double median_of_sorted(const std::vector<double>& v) {
  if (v.empty()) return kNaN;
  size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : (v[h - 1] + v[h]) / 2;
}

// log of the Binomial(n, 1/2) probability mass at i.
double log_binom_half(size_t n, size_t i) {
  return std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) - n * std::log(2.0);
}

}  // namespace

double median(std::span<const double> xs) { return median_of_sorted(sorted(xs)); }

double mean(std::span<const double> xs) {
  if (xs.empty()) return kNaN;
  return std::accumulate(xs.begin(), xs.end(), 0.0) / static_cast<double>(xs.size());
}

double stddev(std::span<const double> xs) {
  if (xs.size() < 2) return kNaN;
  double m = mean(xs), ss = 0;
  for (double x : xs) ss += (x - m) * (x - m);
  return std::sqrt(ss / static_cast<double>(xs.size() - 1));
}

double mad(std::span<const double> xs) {
  if (xs.empty()) return kNaN;
  double m = median(xs);
  std::vector<double> dev;
  dev.reserve(xs.size());
  for (double x : xs) dev.push_back(std::fabs(x - m));
  return median(dev);
}

double cv(std::span<const double> xs) {
  double m = mean(xs), s = stddev(xs);
  if (std::isnan(s) || m == 0) return kNaN;
  return s / m;
}

double mdape(std::span<const double> xs) {
  if (xs.empty()) return kNaN;
  double m = median(xs);
  if (m == 0) return kNaN;
  std::vector<double> rel;
  rel.reserve(xs.size());
  for (double x : xs) rel.push_back(std::fabs(x - m) / std::fabs(m));
  return median(rel);
}

namespace {

// Largest j (1-based) with P(B <= j - 1) <= (1 - level) / 2, B ~ Binomial(n, 1/2); the interval is
// [X(j), X(n + 1 - j)]. 0 when even [min, max] misses the level (then [min, max] is used: j = 1).
size_t median_ci_rank(size_t n, double level) {
  const double alpha_half = (1.0 - level) / 2.0;
  double cumulative = 0;
  size_t j = 0;
  for (size_t i = 0; i < n / 2; ++i) {
    cumulative += std::exp(log_binom_half(n, i));
    if (cumulative > alpha_half) break;
    j = i + 1;
  }
  return j;
}

}  // namespace

Interval median_ci(std::span<const double> xs, double level) {
  if (xs.empty()) return {kNaN, kNaN};
  auto v = sorted(xs);
  const size_t n = v.size();
  const size_t j = median_ci_rank(n, level);
  if (j == 0) return {v.front(), v.back()};
  return {v[j - 1], v[n - j]};
}

double median_ci_coverage(size_t n, double level) {
  if (n == 0) return kNaN;
  const size_t j = std::max<size_t>(1, median_ci_rank(n, level));
  // Coverage of [X(j), X(n+1-j)] = 1 - 2 P(B <= j - 1).
  double tail = 0;
  for (size_t i = 0; i + 1 <= j && i <= n; ++i) tail += std::exp(log_binom_half(n, i));
  return std::max(0.0, 1.0 - 2.0 * tail);
}

TrimmedMean trimmed_mean_ci(std::span<const double> xs, double trim, double level) {
  TrimmedMean r;
  if (xs.empty()) {
    r.estimate = kNaN;
    r.ci = {kNaN, kNaN};
    return r;
  }
  const auto v = sorted(xs);
  const size_t n = v.size();
  // The epsilon keeps floor(n / 3) exact for a trim of 1.0 / 3 (0.333... * 9 is 2.9999999999999996).
  const size_t g =
      static_cast<size_t>(std::floor(std::clamp(trim, 0.0, 0.49) * static_cast<double>(n) + 1e-9));
  const size_t h = n - 2 * g;
  r.kept = h;
  r.estimate =
      std::accumulate(v.begin() + static_cast<ptrdiff_t>(g), v.end() - static_cast<ptrdiff_t>(g), 0.0) /
      static_cast<double>(h);
  if (h < 2) {
    r.ci = {r.estimate, r.estimate};
    return r;
  }
  // Winsorized sample variance: the g values at each end replaced by the nearest kept value.
  std::vector<double> w(v);
  for (size_t i = 0; i < g; ++i) {
    w[i] = v[g];
    w[n - 1 - i] = v[n - 1 - g];
  }
  const double wm = mean(w);
  double ss = 0;
  for (double x : w) ss += (x - wm) * (x - wm);
  const double se = std::sqrt(ss / static_cast<double>(h) / static_cast<double>(h - 1));
  const double half = student_t_quantile((1 + level) / 2, static_cast<double>(h - 1)) * se;
  r.ci = {r.estimate - half, r.estimate + half};
  return r;
}

std::vector<size_t> outliers_modified_z(std::span<const double> xs, double threshold) {
  std::vector<size_t> out;
  if (xs.size() < 3) return out;
  double m = median(xs), d = mad(xs);
  if (!(d > 0)) return out;
  for (size_t i = 0; i < xs.size(); ++i)
    if (std::fabs(0.6745 * (xs[i] - m) / d) > threshold) out.push_back(i);
  return out;
}

Summary summarize(std::span<const double> xs) {
  Summary s;
  s.n = xs.size();
  if (xs.empty()) {
    s.median = s.mean = s.stddev = s.mad = s.cv = s.mdape = s.min = s.max = kNaN;
    s.ci = {kNaN, kNaN};
    return s;
  }
  s.median = median(xs);
  s.mean = mean(xs);
  s.stddev = stddev(xs);
  s.mad = mad(xs);
  s.cv = cv(xs);
  s.mdape = mdape(xs);
  auto [lo, hi] = std::minmax_element(xs.begin(), xs.end());
  s.min = *lo;
  s.max = *hi;
  s.ci = median_ci(xs, 0.95);
  s.ci_level = median_ci_coverage(s.n, 0.95);
  s.outliers = outliers_modified_z(xs).size();
  return s;
}

Summary summarize_repetitions(std::span<const double> xs, std::span<const size_t> counts) {
  Summary s = summarize(xs);
  size_t total = 0;
  for (size_t c : counts) total += c;
  if (counts.size() < 2 || total != xs.size()) return s;
  size_t at = 0;
  for (size_t c : counts) {
    s.repetition_medians.push_back(median(xs.subspan(at, c)));
    at += c;
  }
  s.median = median(s.repetition_medians);
  s.ci = median_ci(s.repetition_medians, 0.95);
  s.ci_level = median_ci_coverage(s.repetition_medians.size(), 0.95);
  return s;
}

Summary summarize_processes(std::span<const double> xs, std::span<const size_t> process_counts,
                            std::span<const size_t> repetition_counts) {
  size_t total = 0;
  for (size_t c : process_counts) total += c;
  if (process_counts.size() < 2 || total != xs.size()) return summarize_repetitions(xs, repetition_counts);
  Summary s = summarize_repetitions(xs, repetition_counts);
  const bool repetitions = !s.repetition_medians.empty();
  size_t at = 0, rep = 0, rep_at = 0;  // rep: the first repetition of the process at `at`
  bool nested = repetitions;
  std::vector<std::vector<double>> per_process;  // each process's repetition medians
  for (size_t c : process_counts) {
    std::vector<double> medians;
    while (nested && rep < repetition_counts.size() && rep_at + repetition_counts[rep] <= at + c) {
      medians.push_back(s.repetition_medians[rep]);
      rep_at += repetition_counts[rep++];
    }
    nested = nested && rep_at == at + c;
    per_process.push_back(std::move(medians));
    at += c;
  }
  at = 0;
  for (size_t p = 0; p < process_counts.size(); ++p) {
    const size_t c = process_counts[p];
    s.process_medians.push_back(nested ? median(per_process[p]) : median(xs.subspan(at, c)));
    at += c;
  }
  s.median = median(s.process_medians);
  s.ci = median_ci(s.process_medians, 0.95);
  s.ci_level = median_ci_coverage(s.process_medians.size(), 0.95);
  return s;
}

}  // namespace ca::stats
