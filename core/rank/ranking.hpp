// Rankings: order measured records, rank them by the project's one tie rule, and compute each entry's ratio
// and difference to the fastest. Reports only display what this computes.
//
// The tie rule (significance_ranks): an entry's rank is 1 plus the number of entries significantly faster
// than it, where "significantly faster" means the interval of their time ratio lies wholly on the faster side
// of 1. For records measured together in one interleaved comparison (Record::comparison) that interval is
// their paired ratio's (stats/paired.hpp), computed for every pair, not only against the fastest; for other
// records (the sequential order, rankings across algorithms) it is the ratio of their medians' intervals,
// which lies below 1 exactly when the faster one's CI high end is below the other's CI low end. Ranks never
// contradict intervals: an entry whose interval against every other entry contains 1 is ranked 1, and an
// entry is ranked below another only if something is significantly faster than it. Ties do not chain
// (A ~ B and B ~ C do not put C at A's rank when A is significantly faster than C), and equal ranks need
// not be consecutive ("1, 1, 3").
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "record/record.hpp"
#include "stats/paired.hpp"

namespace ca {

struct RankedEntry {
  const Record* record;
  size_t rank;          // 1 + the number of entries significantly faster (significance_ranks)
  bool tied;            // shares its rank with another entry
  double ratio;         // time / the fastest's: the paired ratio when `paired`, else median / fastest median
  double delta_ns;      // median - fastest median
  bool paired = false;  // measured interleaved with the fastest: `versus_fastest` holds the paired ratio
  stats::Ratio
      versus_fastest;  // this / the fastest, per round, with its interval (pairs = 0 for the fastest)
  /// Why the rank is not 1 when the interval printed beside it does not say so: set when rank > 1 and this
  /// entry's interval against the fastest (time_ratio_interval, the one every format prints) contains 1
  /// or is missing; then it is the first entry, in ranking order, that is significantly faster than this
  /// one (its interval against this one lies wholly below 1), and every format names it ("#2 (slower than
  /// botan)"). Null otherwise: the printed interval itself excludes 1, or the rank is 1.
  const Record* slower_than = nullptr;
};

/// Every pair of backends measured in one interleaved comparison: a / b per round, with its interval.
struct PairRatio {
  const Record* a;
  const Record* b;
  stats::Ratio ratio;
};

struct Ranking {
  std::string title;  // e.g. "Encryption speed ranking" or "AES-GCM 256-bit, 16KB — library ranking"
  std::string operation;
  size_t data_bytes = 0;
  std::vector<RankedEntry> entries;
};

/// The project's one tie rule, as a pure function: rank() uses it, and the scorecard and the console summary
/// are to use it too (issue #32), not a rule of their own.
/// `time_ratio[j][i]` is the confidence interval of time(j) / time(i) for entries j != i of a square
/// matrix (the diagonal is not read). Entry j is significantly faster than i when that interval lies wholly
/// below 1 (high < 1); an interval with a NaN bound means the pair was not compared and is never significant.
/// Returns rank[i] = 1 + the number of entries significantly faster than i. The entries need not be sorted.
std::vector<size_t> significance_ranks(const std::vector<std::vector<stats::Interval>>& time_ratio);

/// The interval the tie rule uses for time(a) / time(b): the paired ratio's when a and b were measured in the
/// same interleaved comparison, else the ratio of their medians' intervals, [a.low / b.high, a.high / b.low].
stats::Interval time_ratio_interval(const Record& a, const Record& b);

/// The level time_ratio_interval(a, b) holds: the paired ratio's (stats/paired.hpp, 0.95), else a lower
/// bound, the product of the two medians' levels (Summary::ci_level; independent processes: when both
/// intervals hold their medians, the ratio interval holds the ratio of the medians). 0.75 x 0.75 = 0.5625
/// with three processes a side, 0.95 or more from about 60 samples a side.
double time_ratio_level(const Record& a, const Record& b);

/// Ranks the ok records among `records` that `select` accepts by significance_ranks over every pair's
/// time_ratio_interval. Entries are listed by rank, and within a rank by their point estimate: the paired
/// ratio to the entry with the lowest median when all were measured together, else the median. The first
/// entry is "the fastest" that every ratio and delta is against.
Ranking rank(const std::vector<Record>& records, const std::function<bool(const Record&)>& select);

/// The paired ratio a / b of two records of one interleaved comparison; pairs = 0 when they were not
/// measured together. Records of --processes N (process_samples) are paired within each process and the
/// ratio and interval are over the processes (stats::paired_ratio_over_processes).
stats::Ratio paired_ratio(const Record& a, const Record& b);

/// Every pair (a before b in `records`) of ok records measured in the same interleaved comparison.
std::vector<PairRatio> pairwise_ratios(const std::vector<Record>& records);

/// cryptauditor's rankings: per (operation, data size), every measured (algorithm, backend, key) pair.
std::vector<Ranking> algorithm_rankings(const std::vector<Record>& records);

/// Library rankings: per (algorithm, key size, operation, data size) measured by two or more backends.
std::vector<Ranking> library_rankings(const std::vector<Record>& records);

/// "Encryption", "Decryption", "Hash", "Signature", "Verification" (the original cryptauditor's words),
/// "MAC", "Key derivation", "Key agreement", "Key generation".
std::string operation_noun(const std::string& operation);

}  // namespace ca
