#include "compare/compare.hpp"

#include <cmath>
#include <limits>
#include <map>

#include "run/record_key.hpp"

namespace ca {
namespace {

// Why a record cannot be compared, or "" when it can.
std::string not_measured(const Record& r, const char* which) {
  if (r.status != Status::Ok) return std::string(status_name(r.status)) + " in " + which;
  if (r.measurement.sample_ns.empty() || !(r.summary.median > 0))
    return std::string("no samples in ") + which;
  return "";
}

}  // namespace

Comparison compare_records(const std::vector<Record>& base, const std::vector<Record>& candidate,
                           const CompareSettings& settings) {
  Comparison c;
  std::map<RecordKey, const Record*> by_key;
  for (const Record& r : candidate) by_key.emplace(key_of(r), &r);
  std::map<RecordKey, bool> matched;
  double log_sum = 0;
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
    if (row.note.empty()) {
      row.ratio = row.candidate->summary.median / b.summary.median;
      row.test = stats::mann_whitney_u(row.candidate->measurement.sample_ns, b.measurement.sample_ns);
      const bool significant = row.test.p < settings.alpha;
      row.verdict = significant && row.ratio - 1 > settings.threshold   ? Verdict::Slower
                    : significant && 1 - row.ratio > settings.threshold ? Verdict::Faster
                                                                        : Verdict::Unchanged;
      c.slower += row.verdict == Verdict::Slower;
      c.faster += row.verdict == Verdict::Faster;
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
  c.geomean_ratio = c.compared ? std::exp(log_sum / static_cast<double>(c.compared))
                               : std::numeric_limits<double>::quiet_NaN();
  return c;
}

}  // namespace ca
