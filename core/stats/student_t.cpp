#include "stats/student_t.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ca::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The continued fraction of I_x(a, b) (Numerical Recipes 6.4, betacf), by the modified Lentz method.
double beta_continued_fraction(double a, double b, double x) {
  constexpr int kMaxIterations = 10000;
  constexpr double kEpsilon = 1e-15, kTiny = 1e-300;
  const double qab = a + b, qap = a + 1, qam = a - 1;
  double c = 1, d = 1 - qab * x / qap;
  if (std::fabs(d) < kTiny) d = kTiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= kMaxIterations; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + aa / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + aa / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < kEpsilon) break;
  }
  return h;
}

}  // namespace

double regularized_incomplete_beta(double a, double b, double x) {
  if (!(a > 0) || !(b > 0) || !(x >= 0) || !(x <= 1)) return kNaN;
  if (x == 0) return 0;
  if (x == 1) return 1;
  // x^a (1-x)^b / (a B(a, b)), in logs.
  const double front =
      std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x));
  if (x < (a + 1) / (a + b + 2)) return front * beta_continued_fraction(a, b, x) / a;
  return 1 - front * beta_continued_fraction(b, a, 1 - x) / b;
}

double student_t_two_sided_p(double t, double df) {
  if (!(df > 0) || std::isnan(t)) return kNaN;
  if (std::isinf(t)) return 0;
  return regularized_incomplete_beta(df / 2, 0.5, df / (df + t * t));
}

double student_t_cdf(double t, double df) {
  const double tail = student_t_two_sided_p(t, df) / 2;  // P(T >= |t|)
  if (std::isnan(tail)) return kNaN;
  return t >= 0 ? 1 - tail : tail;
}

double student_t_quantile(double p, double df) {
  if (!(p > 0) || !(p < 1) || !(df > 0)) return kNaN;
  if (p == 0.5) return 0;
  // Symmetric: find |t| whose two-sided p is twice the smaller tail (bisection on the tail, not on the
  // CDF, so that p = 1 - 1e-6 keeps its digits), then give it p's sign.
  const double target = 2 * std::min(p, 1 - p);
  double lo = 0, hi = 1;
  while (student_t_two_sided_p(hi, df) > target) {
    lo = hi;
    hi *= 2;
    if (hi > 1e300)
      return p > 0.5 ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
  }
  for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; ++i) {
    const double mid = (lo + hi) / 2;
    (student_t_two_sided_p(mid, df) > target ? lo : hi) = mid;
  }
  const double t = (lo + hi) / 2;
  return p > 0.5 ? t : -t;
}

}  // namespace ca::stats
