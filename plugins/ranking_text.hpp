// How every text format words a ranking entry's standing against the fastest: "1.52x slower, 95% CI
// 1.49–1.55" (the paired ratio and its interval, as hyperfine words it), "1.52x slower" for unpaired
// entries, and ", statistically indistinguishable" for ties. The interval's label gives its real coverage
// when fewer rounds than 95 % needs were paired ("75% CI").
#pragma once

#include <string>

#include "rank/ranking.hpp"

namespace ca {

/// The words after cryptauditor's "(+delta": empty for the fastest; otherwise starting with ", ".
std::string ranking_standing(const RankedEntry& e);

/// "95% CI" or, when the interval reaches less, its real level ("75% CI").
std::string ci_label(double coverage);

}  // namespace ca
