#include "compare/compare.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

#include "record/record_key.hpp"
#include "stats/stats.hpp"
#include "stats/student_t.hpp"

namespace ca {
namespace {

// Why a record cannot be compared, or "" when it can.
std::string not_measured(const Record& r, const char* which) {
  if (r.status != Status::Ok) return std::string(status_name(r.status)) + " in " + which;
  if (r.measurement.sample_ns.empty() || !(r.summary.median > 0))
    return std::string("no samples in ") + which;
  return "";
}

// --relative (reports from different machines): each record's median and process medians over its row's
// reference, the geometric mean of the medians of the libraries measured in that row in both reports; per
// process when every one of them has the same number of processes (the libraries of one process were
// measured together, so its host phase cancels), else over the medians.
struct Relative {
  std::map<const Record*, double> median;
  std::map<const Record*, std::vector<double>> processes;
  std::map<const Record*, bool> alone;  // the only library measured in its row in both reports
};

using RowKey = std::tuple<std::string, uint32_t, std::string, size_t>;

void normalise(const std::vector<const Record*>& side, Relative& rel);

Relative relative_figures(const std::vector<Record>& base, const std::map<RecordKey, const Record*>& by_key) {
  std::map<RowKey, std::pair<std::vector<const Record*>, std::vector<const Record*>>> rows;
  for (const Record& b : base) {
    auto it = by_key.find(key_of(b));
    if (it == by_key.end() || !not_measured(b, "base").empty() || !not_measured(*it->second, "new").empty())
      continue;
    auto& row = rows[{b.algorithm, b.key_bits, b.operation, b.data_bytes}];
    row.first.push_back(&b);
    row.second.push_back(it->second);
  }
  Relative rel;
  for (auto& [key, sides] : rows) {
    if (sides.first.size() < 2) {
      rel.alone[sides.first.front()] = rel.alone[sides.second.front()] = true;
      continue;
    }
    normalise(sides.first, rel);
    normalise(sides.second, rel);
  }
  return rel;
}

void normalise(const std::vector<const Record*>& side, Relative& rel) {
  double log_ref = 0;
  for (const Record* r : side) log_ref += std::log(r->summary.median);
  const double ref = std::exp(log_ref / static_cast<double>(side.size()));
  const size_t p = process_medians(*side.front()).size();
  bool aligned = p >= 2;
  for (const Record* r : side) aligned = aligned && process_medians(*r).size() == p;
  std::vector<double> per_process(p, ref);
  if (aligned)
    for (size_t k = 0; k < p; ++k) {
      double s = 0;
      for (const Record* r : side) s += std::log(process_medians(*r)[k]);
      per_process[k] = std::exp(s / static_cast<double>(side.size()));
    }
  for (const Record* r : side) {
    rel.median[r] = r->summary.median / ref;
    std::vector<double> m = process_medians(*r);
    for (size_t k = 0; k < m.size(); ++k) m[k] /= aligned ? per_process[k] : ref;
    rel.processes[r] = std::move(m);
  }
}

// Measures the shift the testable rows share and re-tests each against it (Drift): d - shift over
// sqrt(se^2 + se_shift^2), at the row's Welch df. Fewer than kMinDriftRows testable rows: nothing.
void shift_by_drift(Comparison& c) {
  std::vector<double> logs;
  for (const ComparedRow& row : c.rows)
    if (row.verdict == Verdict::Unchanged && std::isfinite(row.log_change)) logs.push_back(row.log_change);
  if (logs.size() < kMinDriftRows) return;
  Drift& d = c.drift;
  d.applied = true;
  d.rows = logs.size();
  d.log_shift = stats::median(logs);
  const stats::Interval ci = stats::median_ci(logs);
  d.ci = {std::exp(ci.low), std::exp(ci.high)};
  d.ci_level = stats::median_ci_coverage(logs.size());
  d.se = std::sqrt(M_PI / 2) * 1.4826 * stats::mad(logs) / std::sqrt(static_cast<double>(logs.size()));
  for (ComparedRow& row : c.rows) {
    if (row.verdict != Verdict::Unchanged) continue;
    stats::LogWelch w{row.log_change - d.log_shift, std::hypot(row.se, d.se), row.df, 0, 0};
    w.t = w.se > 0 ? w.difference / w.se : (w.difference == 0 ? 0 : std::copysign(INFINITY, w.difference));
    w.p = w.se > 0 ? stats::student_t_two_sided_p(w.t, w.df) : (w.difference == 0 ? 1 : 0);
    row.t = w.t;
    row.p = w.p;
    row.se = w.se;
    row.ratio = std::exp(w.difference);
    row.ratio_ci = stats::log_welch_ratio_ci(w);
  }
}

}  // namespace

size_t processes_to_detect(double se, size_t nb, size_t nc, double alpha, double power, double threshold) {
  if (!(se > 0) || nb == 0 || nc == 0) return 0;
  const double harmonic = 2.0 / (1.0 / static_cast<double>(nb) + 1.0 / static_cast<double>(nc));
  for (size_t n = 2; n <= kMaxSuggestedProcesses; ++n) {
    const double se_n = se * std::sqrt(harmonic / static_cast<double>(n));
    const double change = std::expm1(stats::detectable_log_change(se_n, 2.0 * n - 2, alpha, power));
    if (change <= threshold) return n;
  }
  return 0;
}

std::vector<double> process_medians(const Record& r) {
  if (r.summary.process_medians.size() >= 2) return r.summary.process_medians;
  return {r.summary.median};
}

Comparison compare_records(const std::vector<Record>& base, const std::vector<Record>& candidate,
                           const CompareSettings& settings) {
  Comparison c;
  std::map<RecordKey, const Record*> by_key;
  for (const Record& r : candidate) by_key.emplace(key_of(r), &r);
  std::map<RecordKey, bool> matched;
  double log_sum = 0;
  const Relative rel = settings.relative ? relative_figures(base, by_key) : Relative{};
  for (const Record& b : base) {
    ComparedRow row;
    row.base = &b;
    auto it = by_key.find(key_of(b));
    if (it == by_key.end()) {
      row.note = "only in the base report";
      c.missing += not_measured(b, "base").empty();
      c.rows.push_back(row);
      continue;
    }
    matched[it->first] = true;
    row.candidate = it->second;
    row.note = not_measured(b, "base");
    if (row.note.empty()) {
      row.note = not_measured(*row.candidate, "new");
      c.missing += !row.note.empty();
    }
    if (row.note.empty() && settings.relative && rel.alone.count(&b))
      row.note = "alone in its row: no ratio to other libraries to compare across machines";
    if (row.note.empty()) {
      row.ratio = row.candidate->summary.median / b.summary.median;
      std::vector<double> base_medians = process_medians(b), new_medians = process_medians(*row.candidate);
      if (settings.relative) {
        row.base_relative = rel.median.at(&b);
        row.candidate_relative = rel.median.at(row.candidate);
        row.ratio = row.candidate_relative / row.base_relative;
        base_medians = rel.processes.at(&b);
        new_medians = rel.processes.at(row.candidate);
      }
      row.base_processes = base_medians.size();
      row.candidate_processes = new_medians.size();
      if (row.base_processes >= 2 && row.candidate_processes >= 2) {
        const stats::LogWelch w = stats::log_welch_t(base_medians, new_medians);
        row.p = w.p;
        row.t = w.t;
        row.df = w.df;
        row.log_change = w.difference;
        row.se = w.se;
        row.p_u = stats::exact_mann_whitney_p(new_medians, base_medians);
        // One estimator: the change printed, its interval and the test are all Welch's over the logs of
        // the process medians (the ratio of the geometric means, not of the medians of three values).
        row.ratio = std::exp(w.difference);
        row.ratio_ci = stats::log_welch_ratio_ci(w);
        row.verdict = Verdict::Unchanged;  // decided below, after the Benjamini–Hochberg adjustment
        ++c.testable;
      } else {
        row.verdict = Verdict::NotTestable;
        row.note = "not testable: 1 process";
      }
      row.absolute_ratio = row.ratio;
      ++c.compared;
      log_sum += std::log(row.ratio);
    }
    c.rows.push_back(row);
  }
  for (const Record& r : candidate) {
    if (matched.count(key_of(r))) continue;
    ComparedRow row;
    row.candidate = &r;
    row.note = "only in the new report";
    c.rows.push_back(row);
  }

  if (settings.drift && !settings.relative) shift_by_drift(c);

  // Benjamini–Hochberg over the testable rows only: a row that cannot be tested does not dilute the others.
  std::vector<double> ps;
  for (const ComparedRow& row : c.rows) ps.push_back(row.verdict == Verdict::Unchanged ? row.p : NAN);
  const std::vector<double> adjusted = stats::benjamini_hochberg_adjust(ps);
  c.row_alpha = c.testable ? settings.alpha / static_cast<double>(c.testable) : 0;
  for (size_t i = 0; i < c.rows.size(); ++i) {
    ComparedRow& row = c.rows[i];
    if (row.verdict != Verdict::Unchanged) continue;
    row.p_adjusted = adjusted[i];
    const bool significant = row.p_adjusted <= settings.alpha;
    row.verdict = significant && row.ratio > 1 && row.ratio - 1 > settings.threshold   ? Verdict::Slower
                  : significant && row.ratio < 1 && 1 - row.ratio > settings.threshold ? Verdict::Faster
                                                                                       : Verdict::Unchanged;
    c.slower += row.verdict == Verdict::Slower;
    c.faster += row.verdict == Verdict::Faster;
    row.detectable = std::expm1(stats::detectable_log_change(row.se, row.df, c.row_alpha, settings.power));
    if (!(row.detectable <= settings.threshold)) {
      ++c.insensitive;
      const size_t n = processes_to_detect(row.se, row.base_processes, row.candidate_processes, c.row_alpha,
                                           settings.power, settings.threshold);
      if (n == 0) ++c.beyond;
      c.processes_needed = std::max(c.processes_needed, n);
    }
  }
  c.geomean_ratio = c.compared ? std::exp(log_sum / static_cast<double>(c.compared))
                               : std::numeric_limits<double>::quiet_NaN();
  return c;
}

}  // namespace ca
