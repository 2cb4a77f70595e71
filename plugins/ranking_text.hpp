// How every text format words a ranking entry's standing against the fastest: "1.52x slower, 95% CI
// 1.49–1.55" (the paired ratio and its interval, as hyperfine words it), "1.52x slower" for unpaired
// entries, and ", statistically indistinguishable" for ties. The interval's label gives the level it claims
// ("95% CI"; a lower level where the estimator reaches less); with too few paired rounds for an interval
// (one or two left after trimming, stats/paired.hpp) the line says so: "no CI from 3 paired rounds".
#pragma once

#include <string>
#include <vector>

#include "rank/ranking.hpp"

namespace ca {

/// The words after cryptauditor's "(+delta": empty for the fastest; otherwise starting with ", ".
std::string ranking_standing(const RankedEntry& e);

/// Decimals for a ratio and its interval: two, or as many more (up to four) as it takes to print the point
/// strictly inside the interval ("1.344, 1.339–1.349", not "1.34, 1.34–1.35"); two for a zero-width interval.
int ratio_decimals(double ratio, const stats::Interval& ci);

/// An interval's level as a whole percentage, rounded down so the label never claims more than the interval
/// holds: "75" for 0.75, "96" for 0.969, "95" for 0.95.
std::string level_percent(double level);

/// "75% CI", "95% CI", "96% CI": the interval's real level (level_percent), whatever it is.
std::string ci_label(double level);

/// The level every ok record's median interval (Summary::ci_level) shares, or NaN when they differ (or there
/// is none): a table legend names the shared level once, else each cell names its own.
double shared_ci_level(const std::vector<Record>& records);

}  // namespace ca
