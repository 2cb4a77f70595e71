#include "rank/ranking.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <span>
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
  if (a.process_samples.size() < 2 || b.process_samples.size() < 2 ||
      ra.size() != a.measurement.sample_ns.size() || rb.size() != b.measurement.sample_ns.size())
    return stats::paired_ratio(a.measurement.sample_ns, ra, b.measurement.sample_ns, rb);
  // --processes N: each process's pairs on their own (its rounds are one block, increasing), so the
  // interval is over processes, not over the pooled rounds of all of them.
  const auto per_process = stats::paired_log_ratios_by_process(
      a.measurement.sample_ns, ra, b.measurement.sample_ns, rb, Record::kRoundsPerProcess);
  return stats::paired_ratio_over_processes(per_process);
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

std::vector<size_t> significance_ranks(const std::vector<std::vector<stats::Interval>>& time_ratio) {
  const size_t n = time_ratio.size();
  std::vector<size_t> ranks(n, 1);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (j != i && i < time_ratio[j].size() && time_ratio[j][i].high < 1.0) ++ranks[i];  // NaN: false
  return ranks;
}

stats::Interval time_ratio_interval(const Record& a, const Record& b) {
  const stats::Ratio paired = paired_ratio(a, b);
  if (paired.pairs > 0) return paired.ci;
  const stats::Interval x = a.summary.ci, y = b.summary.ci;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (!(x.low > 0) || !(y.low > 0)) return {nan, nan};
  return {x.low / y.high, x.high / y.low};
}

double time_ratio_level(const Record& a, const Record& b) {
  const stats::Ratio paired = paired_ratio(a, b);
  if (paired.pairs > 0) return paired.coverage;
  return a.summary.ci_level * b.summary.ci_level;
}

Ranking rank(const std::vector<Record>& records, const std::function<bool(const Record&)>& select) {
  Ranking r;
  for (const auto& rec : records)
    if (rec.ok() && select(rec)) r.entries.push_back({&rec, 0, false, 1.0, 0.0, false, {}, nullptr});
  auto by_median = [](const RankedEntry& a, const RankedEntry& b) {
    return a.record->summary.median < b.record->summary.median;
  };
  std::stable_sort(r.entries.begin(), r.entries.end(), by_median);
  if (r.entries.empty()) return r;
  const size_t n = r.entries.size();
  // The point estimate that orders entries within a rank. All entries of one interleaved comparison: the
  // paired ratio to the entry with the lowest median (per-round samples, which the host's phases affect
  // alike, rather than medians).
  const std::string& comparison = r.entries.front().record->comparison;
  bool all_paired = !comparison.empty();
  for (const auto& e : r.entries) all_paired = all_paired && e.record->comparison == comparison;
  std::vector<double> point(n);
  for (size_t i = 0; i < n; ++i) {
    const Record& rec = *r.entries[i].record;
    const double k = !all_paired ? rec.summary.median
                     : i == 0    ? 1.0
                                 : paired_ratio(rec, *r.entries.front().record).ratio;
    point[i] = std::isfinite(k) ? k : INFINITY;
  }
  std::vector<std::vector<stats::Interval>> intervals(n,
                                                      std::vector<stats::Interval>(n, stats::Interval{0, 0}));
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      intervals[i][j] = time_ratio_interval(*r.entries[i].record, *r.entries[j].record);
      intervals[j][i] = {1 / intervals[i][j].high, 1 / intervals[i][j].low};  // the same interval, inverted
    }
  const std::vector<size_t> ranks = significance_ranks(intervals);
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return ranks[a] != ranks[b] ? ranks[a] < ranks[b] : point[a] < point[b];
  });
  std::vector<RankedEntry> sorted;
  for (size_t i : order) {
    sorted.push_back(r.entries[i]);
    sorted.back().rank = ranks[i];
  }
  // What each rank above 1 rests on: the first entry, in the order listed, significantly faster than it;
  // kept only where the interval against the fastest, printed beside the entry, does not show it.
  const size_t first = order.front();
  for (size_t k = 1; k < n; ++k) {
    const size_t i = order[k];
    const stats::Interval versus_first = intervals[i][first];  // time(i) / time(first)
    if (ranks[i] == 1 || versus_first.low > 1.0) continue;
    for (size_t j : order)
      if (j != i && intervals[j][i].high < 1.0) {
        sorted[k].slower_than = r.entries[j].record;
        break;
      }
  }
  r.entries = std::move(sorted);
  const Record& best = *r.entries.front().record;
  for (size_t i = 0; i < n; ++i) {
    auto& e = r.entries[i];
    e.delta_ns = e.record->summary.median - best.summary.median;
    if (i > 0) e.versus_fastest = paired_ratio(*e.record, best);
    e.paired = e.versus_fastest.pairs > 0;
    const double medians = best.summary.median > 0 ? e.record->summary.median / best.summary.median : 1.0;
    // One estimator: the printed ratio is the point of the very interval printed beside it.
    e.ratio = e.paired ? e.versus_fastest.ratio : medians;
  }
  for (size_t i = 0; i < n; ++i) {
    bool same_prev = i > 0 && r.entries[i - 1].rank == r.entries[i].rank;
    bool same_next = i + 1 < n && r.entries[i + 1].rank == r.entries[i].rank;
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
