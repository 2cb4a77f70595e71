// Student's t distribution (core/stats/student_t.hpp): the incomplete beta against closed forms, the CDF
// against the df = 1 and df = 2 closed forms, the two-sided p and the quantile against table values. The
// values marked "Simpson" were computed independently by integrating the t density numerically (Python,
// math.lgamma, 200000 Simpson steps; no beta function), not by this code.
#include "stats/student_t.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace ca::stats {
namespace {

// I_x(a, b) for whole a, b: sum over j = a .. a+b-1 of C(a+b-1, j) x^j (1-x)^(a+b-1-j).
double binomial_tail(int a, int b, double x) {
  const int n = a + b - 1;
  double sum = 0;
  for (int j = a; j <= n; ++j) {
    double c = 1;
    for (int i = 1; i <= j; ++i) c = c * (n - j + i) / i;
    sum += c * std::pow(x, j) * std::pow(1 - x, n - j);
  }
  return sum;
}

TEST(StudentT, IncompleteBetaMatchesClosedForms) {
  for (double x : {0.0, 0.01, 0.3, 0.5, 0.77, 0.999, 1.0}) {
    EXPECT_NEAR(regularized_incomplete_beta(1, 1, x), x, 1e-14) << x;
    EXPECT_NEAR(regularized_incomplete_beta(3.5, 1, x), std::pow(x, 3.5), 1e-13) << x;
    EXPECT_NEAR(regularized_incomplete_beta(2, 3, x), binomial_tail(2, 3, x), 1e-13) << x;
    EXPECT_NEAR(regularized_incomplete_beta(7, 4, x), binomial_tail(7, 4, x), 1e-13) << x;
    // Symmetry: I_x(a, b) = 1 - I_{1-x}(b, a).
    EXPECT_NEAR(regularized_incomplete_beta(2.5, 0.5, x), 1 - regularized_incomplete_beta(0.5, 2.5, 1 - x),
                1e-13);
  }
  EXPECT_TRUE(std::isnan(regularized_incomplete_beta(0, 1, 0.5)));
  EXPECT_TRUE(std::isnan(regularized_incomplete_beta(1, 1, 1.5)));
}

TEST(StudentT, CdfMatchesTheClosedFormsOfOneAndTwoDegreesOfFreedom) {
  for (double t : {-30.0, -2.5, -0.4, 0.0, 0.1, 1.0, 3.7, 100.0}) {
    EXPECT_NEAR(student_t_cdf(t, 1), 0.5 + std::atan(t) / M_PI, 1e-13) << t;             // Cauchy
    EXPECT_NEAR(student_t_cdf(t, 2), 0.5 + t / (2 * std::sqrt(2 + t * t)), 1e-13) << t;  // df = 2
  }
  EXPECT_TRUE(std::isnan(student_t_cdf(1, 0)));
  EXPECT_TRUE(std::isnan(student_t_cdf(NAN, 3)));
}

TEST(StudentT, TwoSidedPMatchesTables) {
  EXPECT_NEAR(student_t_two_sided_p(2.776, 4), 0.05002277832, 1e-9);  // Simpson; table: 0.05
  EXPECT_NEAR(student_t_two_sided_p(-2.776, 4), 0.05002277832, 1e-9);
  EXPECT_NEAR(student_t_two_sided_p(2.228, 10), 0.05001177182, 1e-9);  // Simpson; table: 0.05
  EXPECT_NEAR(student_t_two_sided_p(4.041451884327381, 4.959183673469388), 0.01007694335, 1e-9);  // Simpson
  EXPECT_DOUBLE_EQ(student_t_two_sided_p(0, 3), 1.0);
  EXPECT_EQ(student_t_two_sided_p(INFINITY, 3), 0.0);
  // Far tail keeps its digits (not 1 - cdf): df = 1, P(|T| >= t) = 1 - 2 atan(t) / pi = 2 atan(1/t) / pi.
  EXPECT_NEAR(student_t_two_sided_p(1e6, 1) / (2 * std::atan(1e-6) / M_PI), 1.0, 1e-9);
}

TEST(StudentT, QuantileMatchesTablesAndInvertsTheCdf) {
  EXPECT_NEAR(student_t_quantile(0.975, 4), 2.776445105, 1e-8);  // Simpson
  EXPECT_NEAR(student_t_quantile(0.975, 10), 2.228138852, 1e-8);
  EXPECT_NEAR(student_t_quantile(0.975, 8), 2.306004135, 1e-8);              // Simpson
  EXPECT_NEAR(student_t_quantile(0.8, 8), 0.8888895178, 1e-6);               // Simpson; table: 0.889
  EXPECT_NEAR(student_t_quantile(1 - 0.05 / 36 / 2, 8), 4.781001848, 1e-6);  // Simpson
  EXPECT_NEAR(student_t_quantile(0.025, 4), -2.776445105, 1e-8);
  EXPECT_DOUBLE_EQ(student_t_quantile(0.5, 7), 0.0);
  for (double df : {1.0, 2.5, 4.96, 30.0})
    for (double p : {1e-7, 0.01, 0.3, 0.8, 0.999, 1 - 1e-7})
      EXPECT_NEAR(student_t_cdf(student_t_quantile(p, df), df) / p, 1.0, 1e-8) << p << " " << df;
  EXPECT_TRUE(std::isnan(student_t_quantile(0, 4)));
  EXPECT_TRUE(std::isnan(student_t_quantile(1, 4)));
  EXPECT_TRUE(std::isnan(student_t_quantile(0.5, -1)));
}

}  // namespace
}  // namespace ca::stats
