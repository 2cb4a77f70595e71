// Student's t distribution, for tests over few values (`compare`'s Welch test over per-process medians,
// docs/COMPARE.md): the regularized incomplete beta function, the t CDF for any real df > 0, a two-sided
// p-value and the quantile. Pure functions; no table, no external library.
#pragma once

namespace ca::stats {

/// I_x(a, b), the regularized incomplete beta function, for a, b > 0 and 0 <= x <= 1: the continued
/// fraction of Numerical Recipes (3rd ed., 6.4, modified Lentz), evaluated on whichever of I_x(a, b) and
/// 1 - I_{1-x}(b, a) converges fast; relative error about 1e-14. NaN outside the domain.
double regularized_incomplete_beta(double a, double b, double x);

/// P(T <= t) for Student's t with df > 0 degrees of freedom (df need not be whole: Welch's df is not);
/// 1 - I_{df/(df+t^2)}(df/2, 1/2) / 2 for t >= 0. NaN when df <= 0 or t is NaN.
double student_t_cdf(double t, double df);

/// Two-sided p-value P(|T| >= |t|) = I_{df/(df+t^2)}(df/2, 1/2), computed directly (no 1 - cdf, so tiny
/// p-values keep their digits). Examples: t = 2.776, df = 4 -> 0.050; t = 2.228, df = 10 -> 0.050.
double student_t_two_sided_p(double t, double df);

/// The t with P(T <= t) = p, for 0 < p < 1 and df > 0: bisection on the CDF to 1e-12 relative, after
/// bracketing. Examples: p = 0.975, df = 4 -> 2.776; df = 10 -> 2.228. NaN outside the domain.
double student_t_quantile(double p, double df);

}  // namespace ca::stats
