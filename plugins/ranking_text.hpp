// How every text format words a ranking entry's standing against the fastest: "1.52x slower, 95% CI
// 1.49–1.55" (the paired ratio and its interval, as hyperfine words it), "1.52x slower" for unpaired
// entries, and ", statistically indistinguishable" for ties. The interval's label gives the level it claims
// ("95% CI"; a lower level where the estimator reaches less); with too few paired rounds for an interval
// (one or two left after trimming, stats/paired.hpp) the line says so: "no CI from 3 paired rounds".
#pragma once

#include <string>

#include "rank/ranking.hpp"

namespace ca {

/// The words after cryptauditor's "(+delta": empty for the fastest; otherwise starting with ", ".
std::string ranking_standing(const RankedEntry& e);

/// Decimals for a ratio and its interval: two, or as many more (up to four) as it takes to print the point
/// strictly inside the interval ("1.344, 1.339–1.349", not "1.34, 1.34–1.35"); two for a zero-width interval.
int ratio_decimals(double ratio, const stats::Interval& ci);

/// "95% CI" or, when the interval reaches less, its real level ("75% CI").
std::string ci_label(double coverage);

}  // namespace ca
