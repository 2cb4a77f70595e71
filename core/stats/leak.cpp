#include "stats/leak.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <limits>
#include <random>

#include "stats/stats.hpp"

namespace ca::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kNoError = 1e9;  // |z| of a difference with a bootstrap error of exactly 0

// Welch's t from counts, means and sample variances.
Welch welch_from(size_t na, double mean_a, double var_a, size_t nb, double mean_b, double var_b) {
  Welch w;
  w.n_a = na;
  w.n_b = nb;
  if (na < 2 || nb < 2) {
    w.t = w.diff = w.se = kNaN;
    return w;
  }
  w.diff = mean_a - mean_b;
  w.se = std::sqrt(std::max(0.0, var_a) / static_cast<double>(na) +
                   std::max(0.0, var_b) / static_cast<double>(nb));
  w.t = w.se > 0 ? w.diff / w.se : (w.diff == 0 ? 0.0 : std::copysign(kNoError, w.diff));
  return w;
}

// Prefix sums of (x - shift) and its square over sorted data, in long double: a crop's mean and variance
// in O(1) after a binary search.
struct Prefix {
  std::vector<long double> s1{0}, s2{0};
  Prefix(std::span<const double> xs, double shift) {
    s1.reserve(xs.size() + 1);
    s2.reserve(xs.size() + 1);
    for (double x : xs) {
      const long double d = static_cast<long double>(x) - shift;
      s1.push_back(s1.back() + d);
      s2.push_back(s2.back() + d * d);
    }
  }
  // Mean (shifted) and sample variance of the first k values.
  void moments(size_t k, double& mean, double& var) const {
    const long double n = static_cast<long double>(k);
    const long double m = s1[k] / n;
    mean = static_cast<double>(m);
    var = k > 1 ? static_cast<double>((s2[k] - n * m * m) / (n - 1)) : kNaN;
  }
};

}  // namespace

double resolution(std::span<const double> sorted_a, std::span<const double> sorted_b) {
  double step = 0;
  for (std::span<const double> s : {sorted_a, sorted_b})
    for (size_t i = 1; i < s.size(); ++i) {
      const double gap = s[i] - s[i - 1];
      if (gap > 0 && (step == 0 || gap < step)) step = gap;
    }
  return step;
}

Welch welch_t(std::span<const double> a, std::span<const double> b) {
  auto moments = [](std::span<const double> xs, double& m, double& v) {
    m = mean(xs);
    long double ss = 0;
    for (double x : xs) ss += (static_cast<long double>(x) - m) * (static_cast<long double>(x) - m);
    v = xs.size() > 1 ? static_cast<double>(ss / static_cast<long double>(xs.size() - 1)) : kNaN;
  };
  double ma = 0, va = 0, mb = 0, vb = 0;
  if (a.size() >= 2) moments(a, ma, va);
  if (b.size() >= 2) moments(b, mb, vb);
  return welch_from(a.size(), ma, va, b.size(), mb, vb);
}

std::vector<double> dudect_percentiles(size_t count) {
  std::vector<double> p(count);
  for (size_t i = 0; i < count; ++i)
    p[i] = 1.0 - std::pow(0.5, 10.0 * static_cast<double>(i + 1) / static_cast<double>(count));
  return p;
}

double sorted_quantile(std::span<const double> s, double p) {
  if (s.empty()) return kNaN;
  const double h = (static_cast<double>(s.size()) - 1) * std::clamp(p, 0.0, 1.0);
  const size_t lo = static_cast<size_t>(std::floor(h));
  const size_t hi = std::min(lo + 1, s.size() - 1);
  return s[lo] + (h - static_cast<double>(lo)) * (s[hi] - s[lo]);
}

std::vector<Welch> cropped_welch(std::span<const double> a, std::span<const double> b,
                                 std::span<const double> percentiles, size_t min_kept) {
  std::vector<Welch> out(percentiles.size());
  if (a.empty() || b.empty()) return out;
  std::vector<double> pooled;
  pooled.reserve(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(pooled));
  const double shift = pooled.front();
  const Prefix pa(a, shift), pb(b, shift);
  for (size_t i = 0; i < percentiles.size(); ++i) {
    const double threshold = sorted_quantile(pooled, percentiles[i]);
    const size_t ka = static_cast<size_t>(std::lower_bound(a.begin(), a.end(), threshold) - a.begin());
    const size_t kb = static_cast<size_t>(std::lower_bound(b.begin(), b.end(), threshold) - b.begin());
    if (ka < std::max<size_t>(min_kept, 2) || kb < std::max<size_t>(min_kept, 2)) continue;
    double ma, va, mb, vb;
    pa.moments(ka, ma, va);
    pb.moments(kb, mb, vb);
    out[i] = welch_from(ka, ma, va, kb, mb, vb);
  }
  return out;
}

DecileTest decile_test(std::span<const double> a, std::span<const double> b, uint64_t seed, size_t resamples,
                       size_t subsample) {
  DecileTest d;
  if (a.size() < 2 || b.size() < 2 || resamples < 2 || subsample < 2) return d;
  std::mt19937_64 rng(seed);
  // Bootstrap standard error of each decile of one class, scaled to its full size.
  auto decile_errors = [&](std::span<const double> xs) {
    const size_t m = std::min(subsample, xs.size());
    std::uniform_int_distribution<size_t> pick(0, xs.size() - 1);
    std::vector<std::vector<double>> q(9, std::vector<double>(resamples));
    std::vector<double> draw(m);
    for (size_t r = 0; r < resamples; ++r) {
      for (double& x : draw) x = xs[pick(rng)];
      std::sort(draw.begin(), draw.end());
      for (size_t k = 0; k < 9; ++k) q[k][r] = sorted_quantile(draw, static_cast<double>(k + 1) / 10);
    }
    std::vector<double> se(9);
    const double scale = std::sqrt(static_cast<double>(m) / static_cast<double>(xs.size()));
    for (size_t k = 0; k < 9; ++k) se[k] = stddev(q[k]) * scale;
    return se;
  };
  const std::vector<double> se_a = decile_errors(a), se_b = decile_errors(b);
  // A counter that ticks in steps (a VM's TSC may advance 20 or more at a time) gives deciles that sit on
  // one step in every resample: a bootstrap error of 0 would make a one-step difference infinitely
  // significant. Half a step is the floor, so a difference needs more than 5 steps to pass |z| = 10.
  const double floor = resolution(a, b) / 2;
  for (size_t k = 0; k < 9; ++k) {
    const double p = static_cast<double>(k + 1) / 10;
    const double diff = sorted_quantile(a, p) - sorted_quantile(b, p);
    const double se = std::max(std::sqrt(se_a[k] * se_a[k] + se_b[k] * se_b[k]), floor);
    const double z = se > 0 ? diff / se : (diff == 0 ? 0.0 : std::copysign(kNoError, diff));
    d.diff.push_back(diff);
    d.z.push_back(z);
    if (std::fabs(z) > d.max_abs_z) {
      d.max_abs_z = std::fabs(z);
      d.at = k + 1;
    }
  }
  return d;
}

std::string verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Leak:
      return "leak";
    case Verdict::NoEvidence:
      return "no evidence";
    case Verdict::Inconclusive:
      break;
  }
  return "inconclusive";
}

LeakStatistics leak_statistics(std::span<const double> a, std::span<const double> b, const LeakThresholds& th,
                               uint64_t seed) {
  LeakStatistics s;
  s.n_a = a.size();
  s.n_b = b.size();
  if (a.size() < 2 || b.size() < 2) return s;
  std::vector<double> sa(a.begin(), a.end()), sb(b.begin(), b.end());
  std::sort(sa.begin(), sa.end());
  std::sort(sb.begin(), sb.end());
  s.median_a = sorted_quantile(sa, 0.5);
  s.median_b = sorted_quantile(sb, 0.5);
  s.raw = welch_t(a, b);
  s.step = resolution(sa, sb);
  const double pooled_median = s.median();
  s.target_effect = std::max({th.effect_rel * pooled_median, th.effect_abs, s.step});
  // Every statistic is a candidate twice: for max_t (the most significant difference of any size) and, when
  // its effect reaches the target, for sized_t (the most significant difference that would be a leak).
  auto consider = [&](double t, double diff, const std::string& from) {
    if (std::isnan(t)) return;
    if (std::fabs(t) > s.max_t) {
      s.max_t = std::fabs(t);
      s.max_from = from;
      s.effect = diff;
    }
    if (std::fabs(diff) >= s.target_effect && std::fabs(t) > s.sized_t) {
      s.sized_t = std::fabs(t);
      s.sized_from = from;
      s.sized_effect = diff;
    }
  };
  s.max_from = "raw";
  s.effect = s.raw.diff;
  consider(s.raw.t, s.raw.diff, "raw");
  // The power figure: a shift of the whole distribution by d gives |t| ~ d / se. The raw test's se counts
  // the interrupt tail; the crops at 99 % and above drop that tail but shrink a shift hardly at all, unlike
  // the low crops (which keep a narrow slice of the fastest calls and compress any shift), so only these
  // count.
  double min_se = s.raw.se;
  const std::vector<double> ps = dudect_percentiles();
  const std::vector<Welch> crops = cropped_welch(sa, sb, ps);
  bool have_crop = false;
  for (size_t i = 0; i < crops.size(); ++i) {
    const Welch& w = crops[i];
    if (w.n_a == 0 || std::isnan(w.t)) continue;
    if (ps[i] >= 0.99) min_se = std::min(min_se, w.se);
    if (!have_crop || std::fabs(w.t) > std::fabs(s.cropped.t)) {
      s.cropped = w;
      s.cropped_at = ps[i];
      have_crop = true;
    }
    char at[48];
    std::snprintf(at, sizeof at, "cropped at %.4g %%", ps[i] * 100);
    consider(w.t, w.diff, at);
  }
  s.deciles = decile_test(sa, sb, seed);
  for (size_t k = 0; k < s.deciles.z.size(); ++k)
    consider(s.deciles.z[k], s.deciles.diff[k], "decile " + std::to_string(k + 1));
  // An error of 0 (every call of the top crops on the same step of the counter: nothing dithers the
  // quantisation) does not mean any shift is visible: a shift below one step could leave every value alone.
  s.detectable = min_se > 0 ? th.leak_t * min_se : s.step;
  return s;
}

Verdict decide(const LeakStatistics& s, const LeakThresholds& th) {
  if (s.n_a < th.min_per_class || s.n_b < th.min_per_class) return Verdict::Inconclusive;
  if (s.sized_t > th.leak_t) return Verdict::Leak;
  if (s.sized_t < th.quiet_t && s.detectable <= s.target_effect) return Verdict::NoEvidence;
  return Verdict::Inconclusive;
}

bool significant_below_target(const LeakStatistics& s, const LeakThresholds& th) {
  return s.max_t >= th.quiet_t && s.sized_t < th.quiet_t;
}

Verdict combine_repetitions(std::span<const Verdict> verdicts, std::span<const double> effects) {
  if (verdicts.empty()) return Verdict::Inconclusive;
  const Verdict first = verdicts.front();
  for (Verdict v : verdicts)
    if (v != first) return Verdict::Inconclusive;
  if (first == Verdict::Leak && !effects.empty()) {
    const bool slower0 = effects.front() > 0;
    for (double e : effects)
      if ((e > 0) != slower0 || e == 0) return Verdict::Inconclusive;  // a leak keeps its direction
  }
  return first;
}

}  // namespace ca::stats
