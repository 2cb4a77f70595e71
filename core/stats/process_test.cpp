#include "stats/process_test.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "stats/mann_whitney.hpp"
#include "stats/stats.hpp"
#include "stats/student_t.hpp"

namespace ca::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// U of a: pairs (a_i, b_j) with a_i > b_j, ties counting 1/2; doubled so it stays a whole number.
long twice_u(std::span<const double> a, std::span<const double> b) {
  long u2 = 0;
  for (double x : a)
    for (double y : b) u2 += x > y ? 2 : x == y ? 1 : 0;
  return u2;
}

bool has_ties(std::span<const double> a, std::span<const double> b) {
  std::vector<double> all(a.begin(), a.end());
  all.insert(all.end(), b.begin(), b.end());
  std::sort(all.begin(), all.end());
  return std::adjacent_find(all.begin(), all.end()) != all.end();
}

double binomial(size_t n, size_t k) {
  double c = 1;
  for (size_t i = 1; i <= k; ++i) c = c * static_cast<double>(n - k + i) / static_cast<double>(i);
  return c;
}

// Number of arrangements of na + nb distinct values with U = u, for every u in 0..na*nb: the largest value
// is from a (adds nb to U) or from b (adds nothing).
std::vector<double> u_counts(size_t na, size_t nb) {
  // table[i][j] = counts for (i, j); built row by row over i, keeping the (i-1) row.
  std::vector<std::vector<double>> row(nb + 1);
  for (size_t j = 0; j <= nb; ++j) row[j] = {1.0};  // i = 0: U = 0 only
  for (size_t i = 1; i <= na; ++i) {
    std::vector<std::vector<double>> next(nb + 1);
    next[0] = {1.0};  // j = 0: U = 0 only
    for (size_t j = 1; j <= nb; ++j) {
      std::vector<double> c(i * j + 1, 0.0);
      const auto& from_a = row[j];       // (i-1, j): the largest is from a, U += j
      const auto& from_b = next[j - 1];  // (i, j-1): the largest is from b
      for (size_t u = 0; u < from_a.size(); ++u) c[u + j] += from_a[u];
      for (size_t u = 0; u < from_b.size(); ++u) c[u] += from_b[u];
      next[j] = std::move(c);
    }
    row = std::move(next);
  }
  return row[nb];
}

}  // namespace

double exact_mann_whitney_p(std::span<const double> a, std::span<const double> b) {
  if (a.empty() || b.empty()) return kNaN;
  const size_t na = a.size(), nb = b.size(), n = na + nb;
  const long observed = twice_u(a, b);
  double below = 0, above = 0, total = 0;  // splits with U <= observed, U >= observed
  if (!has_ties(a, b)) {
    const std::vector<double> counts = u_counts(na, nb);
    for (size_t u = 0; u < counts.size(); ++u) {
      const long u2 = 2 * static_cast<long>(u);
      total += counts[u];
      if (u2 <= observed) below += counts[u];
      if (u2 >= observed) above += counts[u];
    }
  } else {
    if (binomial(n, na) > 2e6) return mann_whitney_u(a, b).p;
    // Enumerate which positions of the pooled values form the first group; U from the midranks.
    std::vector<double> pooled(a.begin(), a.end());
    pooled.insert(pooled.end(), b.begin(), b.end());
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](size_t l, size_t r) { return pooled[l] < pooled[r]; });
    std::vector<double> rank(n);
    for (size_t i = 0; i < n;) {
      size_t j = i;
      while (j < n && pooled[order[j]] == pooled[order[i]]) ++j;
      for (size_t k = i; k < j; ++k)
        rank[order[k]] = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
      i = j;
    }
    const double base_rank = static_cast<double>(na) * static_cast<double>(na + 1) / 2;
    std::vector<bool> pick(n, false);
    std::fill(pick.begin(), pick.begin() + static_cast<long>(na), true);
    do {
      double rank_sum = 0;
      for (size_t i = 0; i < n; ++i)
        if (pick[i]) rank_sum += rank[i];
      const long u2 = std::lround(2 * (rank_sum - base_rank));
      total += 1;
      if (u2 <= observed) below += 1;
      if (u2 >= observed) above += 1;
    } while (std::prev_permutation(pick.begin(), pick.end()));
  }
  return std::min(1.0, 2 * std::min(below, above) / total);
}

LogWelch log_welch_t(std::span<const double> base, std::span<const double> candidate) {
  const LogWelch none{kNaN, kNaN, kNaN, kNaN, kNaN};
  if (base.size() < 2 || candidate.size() < 2) return none;
  struct Side {
    double n, mean, var;
  };
  auto side = [](std::span<const double> values, Side& s) {
    s.n = static_cast<double>(values.size());
    double sum = 0;
    for (double v : values) {
      if (!(v > 0) || std::isinf(v)) return false;
      sum += std::log(v);
    }
    s.mean = sum / s.n;
    double squares = 0;
    for (double v : values) squares += (std::log(v) - s.mean) * (std::log(v) - s.mean);
    s.var = squares / (s.n - 1);
    return true;
  };
  Side b{}, c{};
  if (!side(base, b) || !side(candidate, c)) return none;
  LogWelch w{};
  w.difference = c.mean - b.mean;
  const double vb = b.var / b.n, vc = c.var / c.n;
  w.se = std::sqrt(vb + vc);
  if (!(w.se > 0)) {
    w.df = b.n + c.n - 2;
    w.t = w.difference == 0 ? 0 : std::copysign(std::numeric_limits<double>::infinity(), w.difference);
    w.p = w.difference == 0 ? 1 : 0;
    return w;
  }
  w.df = (vb + vc) * (vb + vc) / (vb * vb / (b.n - 1) + vc * vc / (c.n - 1));
  w.t = w.difference / w.se;
  w.p = student_t_two_sided_p(w.t, w.df);
  return w;
}

double detectable_log_change(double se, double df, double alpha, double power) {
  if (std::isnan(se) || std::isnan(df)) return kNaN;
  return (student_t_quantile(1 - alpha / 2, df) + student_t_quantile(power, df)) * se;
}

std::vector<double> benjamini_hochberg_adjust(std::span<const double> ps) {
  std::vector<size_t> order;
  for (size_t i = 0; i < ps.size(); ++i)
    if (!std::isnan(ps[i])) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](size_t l, size_t r) { return ps[l] < ps[r]; });
  std::vector<double> adjusted(ps.begin(), ps.end());
  const double m = static_cast<double>(order.size());
  double running = 1;
  for (size_t rank = order.size(); rank-- > 0;) {  // from the largest p down: a running minimum
    running = std::min(running, m * ps[order[rank]] / static_cast<double>(rank + 1));
    adjusted[order[rank]] = running;
  }
  return adjusted;
}

RatioInterval log_welch_ratio_ci(const LogWelch& w, double level) {
  if (std::isnan(w.difference) || std::isnan(w.se) || std::isnan(w.df)) return {kNaN, kNaN};
  if (w.se == 0) return {std::exp(w.difference), std::exp(w.difference)};
  const double half = student_t_quantile((1 + level) / 2, w.df) * w.se;
  return {std::exp(w.difference - half), std::exp(w.difference + half)};
}

}  // namespace ca::stats
