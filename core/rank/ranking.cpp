#include "rank/ranking.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "util/units.hpp"

namespace ca {

std::string operation_noun(const std::string& op) {
  if (op == "encrypt") return "Encryption";
  if (op == "encrypt-stream") return "Stream encryption";
  if (op == "decrypt") return "Decryption";
  if (op == "hash") return "Hash";
  // The original cryptauditor's words: "Signature time", "Signature speed ranking".
  if (op == "sign") return "Signature";
  if (op == "verify") return "Verification";
  if (op == "mac") return "MAC";
  if (op == "derive") return "Key derivation";
  if (op == "agree") return "Key agreement";
  if (op == "keygen") return "Key generation";
  return op;
}

stats::Ratio paired_ratio(const Record& a, const Record& b) {
  if (a.comparison.empty() || a.comparison != b.comparison) return {};
  const std::vector<size_t> ra(a.measurement.sample_round.begin(), a.measurement.sample_round.end());
  const std::vector<size_t> rb(b.measurement.sample_round.begin(), b.measurement.sample_round.end());
  return stats::paired_ratio(a.measurement.sample_ns, ra, b.measurement.sample_ns, rb);
}

std::vector<PairRatio> pairwise_ratios(const std::vector<Record>& records) {
  std::vector<PairRatio> out;
  for (size_t i = 0; i < records.size(); ++i) {
    const Record& a = records[i];
    if (!a.ok() || a.comparison.empty()) continue;
    for (size_t j = i + 1; j < records.size(); ++j) {
      const Record& b = records[j];
      if (!b.ok() || b.comparison != a.comparison) continue;
      out.push_back({&a, &b, paired_ratio(a, b)});
    }
  }
  return out;
}

Ranking rank(const std::vector<Record>& records, const std::function<bool(const Record&)>& select) {
  Ranking r;
  for (const auto& rec : records)
    if (rec.ok() && select(rec)) r.entries.push_back({&rec, 0, false, 1.0, 0.0, false, {}});
  auto by_median = [](const RankedEntry& a, const RankedEntry& b) {
    return a.record->summary.median < b.record->summary.median;
  };
  std::stable_sort(r.entries.begin(), r.entries.end(), by_median);
  if (r.entries.empty()) return r;
  // All entries of one interleaved comparison: order by the paired ratio to the entry with the lowest median
  // (the ratio of per-round samples, which the host's phases affect alike, rather than medians).
  const std::string& comparison = r.entries.front().record->comparison;
  bool all_paired = !comparison.empty();
  for (const auto& e : r.entries) all_paired = all_paired && e.record->comparison == comparison;
  if (all_paired) {
    const Record& reference = *r.entries.front().record;
    std::vector<std::pair<double, RankedEntry>> keyed;
    for (const auto& e : r.entries) {
      const double k = e.record == &reference ? 1.0 : paired_ratio(*e.record, reference).ratio;
      keyed.emplace_back(std::isfinite(k) ? k : INFINITY, e);
    }
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t i = 0; i < keyed.size(); ++i) r.entries[i] = keyed[i].second;
  }
  const Record& best = *r.entries.front().record;
  size_t group_start = 0;
  for (size_t i = 0; i < r.entries.size(); ++i) {
    auto& e = r.entries[i];
    const Record& head = *r.entries[group_start].record;
    if (i > 0) {
      const stats::Ratio to_head = paired_ratio(*e.record, head);
      const bool distinct =
          to_head.pairs > 0 ? to_head.excludes_one() : e.record->summary.ci95.low > head.summary.ci95.high;
      if (distinct) group_start = i;
    }
    e.rank = group_start + 1;
    e.delta_ns = e.record->summary.median - best.summary.median;
    if (i > 0) e.versus_fastest = paired_ratio(*e.record, best);
    e.paired = e.versus_fastest.pairs > 0;
    const double medians = best.summary.median > 0 ? e.record->summary.median / best.summary.median : 1.0;
    e.ratio = e.paired ? e.versus_fastest.ratio : medians;
  }
  for (size_t i = 0; i < r.entries.size(); ++i) {
    bool same_prev = i > 0 && r.entries[i - 1].rank == r.entries[i].rank;
    bool same_next = i + 1 < r.entries.size() && r.entries[i + 1].rank == r.entries[i].rank;
    r.entries[i].tied = same_prev || same_next;
  }
  return r;
}

std::vector<Ranking> algorithm_rankings(const std::vector<Record>& records) {
  std::vector<std::pair<std::string, size_t>> keys;  // (operation, size) in first-seen order
  for (const auto& rec : records) {
    auto key = std::make_pair(rec.operation, rec.data_bytes);
    if (rec.ok() && std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  }
  std::set<size_t> sizes;
  for (const auto& k : keys) sizes.insert(k.second);
  std::vector<Ranking> out;
  for (const auto& key : keys) {
    // Named copies, not structured bindings: clang 14 (the fuzzing build) cannot capture bindings.
    const std::string& op = key.first;
    const size_t size = key.second;
    Ranking r = rank(records, [&](const Record& x) { return x.operation == op && x.data_bytes == size; });
    r.operation = op;
    r.data_bytes = size;
    r.title = operation_noun(op) + " speed ranking";
    if (sizes.size() > 1) r.title += " (" + format_size(size) + ")";
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<Ranking> library_rankings(const std::vector<Record>& records) {
  using Key = std::tuple<std::string, uint32_t, std::string, size_t>;
  std::vector<Key> keys;
  std::map<Key, std::set<std::string>> backends;
  for (const auto& rec : records) {
    if (!rec.ok()) continue;
    Key k{rec.algorithm, rec.key_bits, rec.operation, rec.data_bytes};
    if (backends[k].insert(rec.backend).second && backends[k].size() == 2) keys.push_back(k);
  }
  std::vector<Ranking> out;
  for (const auto& k : keys) {
    const std::string& alg = std::get<0>(k);
    const uint32_t bits = std::get<1>(k);
    const std::string& op = std::get<2>(k);
    const size_t size = std::get<3>(k);
    Ranking r = rank(records, [&](const Record& x) {
      return x.algorithm == alg && x.key_bits == bits && x.operation == op && x.data_bytes == size;
    });
    r.operation = op;
    r.data_bytes = size;
    // Built by appending: GCC 12 warns falsely (-Wrestrict) on `" " + std::string`.
    r.title = alg;
    if (bits != 0) r.title.append(" ").append(std::to_string(bits)).append("-bit");
    r.title.append(" ").append(op).append(", ").append(format_size(size)).append(" — library ranking");
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace ca
