// Rankings: order measured records by median time, give statistically indistinguishable entries (their
// 95 % confidence intervals of the median overlap the leader's group) the same rank, and compute each
// entry's ratio and difference to the fastest. Reports only display what this computes.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "run/record.hpp"

namespace ca {

struct RankedEntry {
  const Record* record;
  size_t rank;      // 1-based; equal for entries tied with the one before
  bool tied;        // shares its rank with another entry
  double ratio;     // median / fastest median (1.0 for the fastest)
  double delta_ns;  // median - fastest median
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

/// cryptauditor's rankings: per (operation, data size), every measured (algorithm, backend, key) pair.
std::vector<Ranking> algorithm_rankings(const std::vector<Record>& records);

/// Library rankings: per (algorithm, key size, operation, data size) measured by two or more backends.
std::vector<Ranking> library_rankings(const std::vector<Record>& records);

/// "Encryption", "Decryption", "Hash", "Signing", "Verification".
std::string operation_noun(const std::string& operation);

}  // namespace ca
