// Rankings: order measured records, give statistically indistinguishable entries the same rank, and compute
// each entry's ratio and difference to the fastest. Reports only display what this computes.
//
// Records measured together in one interleaved comparison (Record::comparison) are ranked by paired ratios
// (stats/paired.hpp): two entries tie only when the interval of their ratio contains 1. Other records (the
// sequential order, or rankings across algorithms) fall back to their medians' intervals: a tie when they
// overlap. Either way an entry is compared with the first entry of the current rank, so ties never chain:
// A ~ B and B ~ C do not put C at A's rank when A and C are distinguishable.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "run/record.hpp"
#include "stats/paired.hpp"

namespace ca {

struct RankedEntry {
  const Record* record;
  size_t rank;          // 1-based; equal for entries tied with the one before
  bool tied;            // shares its rank with another entry
  double ratio;         // time / the fastest's: the paired ratio when `paired`, else median / fastest median
  double delta_ns;      // median - fastest median
  bool paired = false;  // measured interleaved with the fastest: `versus_fastest` holds the paired ratio
  stats::Ratio
      versus_fastest;  // this / the fastest, per round, with its interval (pairs = 0 for the fastest)
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

/// Ranks the ok records among `records` that `select` accepts. Entries are sorted by median. A new rank
/// starts when an entry's CI low end lies above the CI high end of the first entry of the current rank.
Ranking rank(const std::vector<Record>& records, const std::function<bool(const Record&)>& select);

/// The paired ratio a / b of two records of one interleaved comparison; pairs = 0 when they were not
/// measured together.
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
