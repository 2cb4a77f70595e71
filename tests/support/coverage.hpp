// The interval-coverage simulations (issue #41): draw synthetic process medians or log-ratios with a known
// centre, build an interval from each draw, count how often it holds the centre. Normal draws come from
// Box-Muller over std::mt19937_64's raw output with a fixed seed, so every standard library gives the same
// draws and the same coverage (std::normal_distribution's algorithm is the library's choice).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <numbers>
#include <random>

namespace ca::testing {

class NormalDraws {
 public:
  explicit NormalDraws(uint64_t seed) : rng_(seed) {}
  /// One draw of N(0, 1).
  double operator()() {
    // Uniforms in (0, 1] from the top 53 bits, so log never sees 0.
    const double u1 = (static_cast<double>(rng_() >> 11) + 1) / 9007199254740992.0;
    const double u2 = static_cast<double>(rng_() >> 11) / 9007199254740992.0;
    return std::sqrt(-2 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
  }

 private:
  std::mt19937_64 rng_;
};

/// The simulation size: 2,000 draws, so a true 95 % shows as 95 % +- 1 % (one standard error 0.49 %)
/// and a test's +- 2 % band holds it with room.
inline constexpr size_t kCoverageDraws = 2000;

/// The share of `draws` calls of `holds` (one simulated data set and its interval) that return true.
inline double simulated_coverage(const std::function<bool()>& holds, size_t draws = kCoverageDraws) {
  size_t held = 0;
  for (size_t i = 0; i < draws; ++i) held += holds();
  return static_cast<double>(held) / static_cast<double>(draws);
}

}  // namespace ca::testing
