#include "select/scorecard.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "rank/ranking.hpp"
#include "util/units.hpp"

namespace ca::select {
namespace {

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// "9x", "1.4x": two significant digits below 10, whole numbers above.
std::string times(double ratio) {
  return (ratio < 10 ? fixed(ratio, ratio < 1.995 ? 2 : 1) : fixed(ratio, 0)) + "x";
}

std::string plural(size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The first line of a record's error, shortened: the reason of a passed-over cell.
std::string short_error(const std::string& error) {
  std::string e = error.substr(0, error.find('\n'));
  if (e.size() > 140) e = e.substr(0, 137) + "...";
  return e;
}

bool is_agreement(const std::string& error) { return error.rfind("agreement check", 0) == 0; }

bool covers(const std::vector<std::string>& list, const std::string& a) {
  return std::find(list.begin(), list.end(), a) != list.end();
}

}  // namespace

std::string decision_name(Decision d) {
  switch (d) {
    case Decision::Recommended:
      return "recommended";
    case Decision::Acceptable:
      return "acceptable";
    case Decision::PassedOver:
      return "passed over";
  }
  return "";
}

std::vector<std::string> Card::recommended() const {
  std::vector<std::string> out;
  for (const Row& r : rows)
    if (r.decision == Decision::Recommended) out.push_back(r.backend.name);
  return out;
}

std::string Card::runner_up() const {
  for (const Row& r : rows)
    if (r.decision == Decision::Acceptable) return r.backend.name;
  return "";
}

std::string rule_text(const Rule& rule) {
  return std::string(
             "A library is passed over when it does not offer the algorithm, when any of its records failed "
             "(known answers, round trip, tamper rejection, the agreement check between libraries, the "
             "timed-output check) or was disputed, when it fails a Wycheproof test of a file covering the "
             "algorithm, or when a timing leak test gave `leak`") +
         (rule.strict ? "; strict: documented Wycheproof deviations also pass it over"
                      : "; documented Wycheproof deviations are listed but do not pass it over (\"strict\": "
                        "true makes them)") +
         ". Among the others, every library of rank 1 at the decision row (" +
         (rule.operation.empty() ? std::string("the algorithm's first operation") : rule.operation) + " at " +
         (rule.data_bytes ? format_size(rule.data_bytes) : std::string("the largest size")) +
         ") is recommended, by the project's one tie rule: rank = 1 + the number of libraries whose time "
         "ratio's 95 % interval against it lies wholly on the faster side (all tied for first are "
         "recommended). The other eligible libraries are acceptable, with their ratio to the fastest.";
}

namespace {

// A library's time at one (operation, size) cell: its record's status and median, and its place in the
// cell's ranking over every ok library.
template <class Mine>
Speed speed_at(const Evidence& ev, const Ranking& ranking, const std::pair<std::string, size_t>& cell,
               const Mine& mine, const std::string& backend) {
  Speed s;
  s.operation = cell.first;
  s.data_bytes = cell.second;
  s.status = "not measured";
  for (const Record& r : ev.records)
    if (mine(r) && r.operation == cell.first && r.data_bytes == cell.second) {
      s.status = std::string(status_name(r.status));
      s.median_ns = r.summary.median;
    }
  for (const RankedEntry& e : ranking.entries)
    if (e.record->backend == backend) {
      s.ratio = e.ratio;
      s.paired = e.paired;
      s.ci = e.paired ? e.versus_fastest.ci : stats::Interval{e.ratio, e.ratio};
      s.rank = e.rank;
    }
  return s;
}

// Conformance: the library's Wycheproof tallies for the algorithm; a failed test passes it over, a
// documented deviation only under the strict rule.
void judge_conformance(const Evidence& ev, const std::string& algorithm, const std::string& backend,
                       Row& row) {
  if (!ev.vectors_found) {
    row.conformance = "not checked: no Wycheproof vectors found";
  } else if (!covers(ev.algorithms_with_vectors, algorithm)) {
    row.conformance = "no Wycheproof file covers " + algorithm;
  } else {
    Conformance total;
    bool any = false;
    for (const Conformance& k : ev.conformance)
      if (k.backend == backend && k.algorithm == algorithm) {
        any = true;
        total.passed += k.passed;
        total.failed += k.failed;
        total.deviations += k.deviations;
        total.skipped += k.skipped;
      }
    if (!any || total.passed + total.failed + total.deviations == 0) {
      row.conformance = "no Wycheproof test ran for this library";
    } else {
      row.conformance = std::to_string(total.passed) + " passed, " + std::to_string(total.failed) +
                        " failed, " +
                        plural(total.deviations, "documented deviation", "documented deviations");
      if (total.failed > 0)
        row.reasons.push_back("fails " + plural(total.failed, "Wycheproof test", "Wycheproof tests"));
      if (total.deviations > 0) {
        const std::string d =
            plural(total.deviations, "documented Wycheproof deviation", "documented Wycheproof deviations");
        if (ev.rule.strict)
          row.reasons.push_back(d + " (strict)");
        else
          row.notes.push_back(d);
      }
    }
  }
}

// Leak evidence: a timing leak passes over; the taint counts are listed.
void judge_leaks(const Evidence& ev, const std::string& algorithm, const std::string& backend, Row& row) {
  if (!ev.leaks_screened) {
    row.leak = "not screened";
  } else if (!covers(ev.algorithms_with_leak_test, algorithm)) {
    row.leak = "not screened: no leak test for " + algorithm;
  } else {
    const LeakFinding* worst = nullptr;
    std::string seen;
    size_t taint = 0;
    bool tainted = false;
    for (const LeakFinding& f : ev.leaks) {
      if (f.backend != backend || f.algorithm != algorithm) continue;
      if (f.method == "taint") {
        tainted = true;
        taint += f.taint_findings;
        continue;
      }
      if (f.verdict == "leak" && (!worst || f.effect_percent > worst->effect_percent)) worst = &f;
      if (seen.find(f.verdict) == std::string::npos) seen += (seen.empty() ? "" : ", ") + f.verdict;
    }
    if (worst) {
      row.leak = "leak " + fixed(worst->effect_percent, 1) + " % (" + worst->test + ")";
      row.reasons.push_back("timing leak " + fixed(worst->effect_percent, 0) + " % in " + worst->test);
    } else {
      row.leak = seen.empty() ? "not screened" : seen;
    }
    if (tainted) {
      row.leak += "; taint: " + plural(taint, "finding", "findings");
      if (taint > 0)
        row.notes.push_back("taint screen: " + plural(taint, "secret-dependent branch or index",
                                                      "secret-dependent branches or indices"));
    }
  }
}

// An eligible library's place at the decision row: recommended at rank 1, else acceptable with its ratio
// to the fastest (said with the build note that explains it, when there is one).
void place_in_decision(const RankedEntry& mine, const Card& c, Row& row) {
  row.decision_rank = mine.rank;
  row.decision_ratio = mine.ratio;
  if (mine.rank == 1) {
    row.decision = Decision::Recommended;
    if (mine.tied) row.notes.insert(row.notes.begin(), "tied for first");
  } else {
    std::string slower = times(mine.ratio) + " slower than the fastest eligible library at " +
                         c.decision_operation + " " + format_size(c.decision_bytes);
    if (mine.paired)
      slower += " (95 % CI " + fixed(mine.versus_fastest.ci.low, 2) + "-" +
                fixed(mine.versus_fastest.ci.high, 2) + ")";
    // The same tie rule as every report: a rank its interval against the fastest does not show names why.
    if (mine.slower_than != nullptr) slower += ", significantly slower than " + mine.slower_than->backend;
    // A build note explains the gap: say it with the ratio ("portable build: 9x slower ...").
    const auto build = row.backend.build_notes.empty()
                           ? row.notes.end()
                           : std::find(row.notes.begin(), row.notes.end(), row.backend.build_notes.front());
    if (build != row.notes.end()) {
      *build += ": " + slower;
    } else {
      row.notes.insert(row.notes.begin(), slower);
    }
  }
}

}  // namespace

Scorecard decide(const Evidence& ev) {
  Scorecard card;
  card.rule = rule_text(ev.rule);
  // (algorithm, key bits) in the order of the records.
  std::vector<std::pair<std::string, uint32_t>> keys;
  for (const Record& r : ev.records) {
    auto k = std::make_pair(r.algorithm, r.key_bits);
    if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  }
  for (const auto& [algorithm, key_bits] : keys) {
    Card c;
    c.algorithm = algorithm;
    c.key_bits = key_bits;
    auto of = [&, alg = algorithm, bits = key_bits](const Record& r) {
      return r.algorithm == alg && r.key_bits == bits;
    };
    // The (operation, size) rows measured, in record order; the decision row.
    std::vector<std::pair<std::string, size_t>> cells;
    for (const Record& r : ev.records)
      if (of(r) &&
          std::find(cells.begin(), cells.end(), std::make_pair(r.operation, r.data_bytes)) == cells.end())
        cells.emplace_back(r.operation, r.data_bytes);
    c.decision_operation = ev.rule.operation;
    if (c.decision_operation.empty())
      for (const Record& r : ev.records)
        if (of(r) && r.ok()) {
          c.decision_operation = r.operation;
          break;
        }
    c.decision_bytes = ev.rule.data_bytes;
    if (c.decision_bytes == 0)
      for (const Record& r : ev.records)
        if (of(r) && r.ok() && r.operation == c.decision_operation)
          c.decision_bytes = std::max(c.decision_bytes, r.data_bytes);

    // Speed at every cell, ranked over every ok library there.
    std::map<std::pair<std::string, size_t>, Ranking> rankings;
    for (const auto& cell : cells)
      rankings[cell] = rank(ev.records, [&](const Record& r) {
        return of(r) && r.operation == cell.first && r.data_bytes == cell.second;
      });

    std::set<std::string> eligible;
    for (const BackendFacts& b : ev.backends) {
      Row row;
      row.backend = b;
      auto mine = [&](const Record& r) { return of(r) && r.backend == b.name; };
      bool offered = false;
      size_t failed = 0;
      std::string first_failure, agreement_failure, disputed;
      for (const Record& r : ev.records) {
        if (!mine(r)) continue;
        if (r.status != Status::Unsupported) offered = true;
        if (r.status == Status::Failed) {
          ++failed;
          if (first_failure.empty()) first_failure = r.error;
          if (agreement_failure.empty() && is_agreement(r.error)) agreement_failure = r.error;
        }
        if (r.status == Status::Disputed && disputed.empty())
          disputed = r.error.empty() ? "disputed" : r.error;
      }
      for (const auto& cell : cells) row.speed.push_back(speed_at(ev, rankings[cell], cell, mine, b.name));
      if (!offered) {
        row.reasons.push_back("not offered");
        row.conformance = "not offered";
        row.leak = "not offered";
        c.rows.push_back(row);
        continue;
      }
      if (!agreement_failure.empty())
        row.reasons.push_back("fails the " + short_error(agreement_failure));
      else if (failed > 0)
        row.reasons.push_back("failed: " + short_error(first_failure));
      if (!disputed.empty()) row.reasons.push_back("disputed: " + short_error(disputed));

      judge_conformance(ev, algorithm, b.name, row);

      judge_leaks(ev, algorithm, b.name, row);
      for (const std::string& n : b.build_notes) row.notes.push_back(n);
      if (row.reasons.empty()) {
        row.decision = Decision::Acceptable;
        eligible.insert(b.name);
      }
      c.rows.push_back(row);
    }

    // The decision row, ranked among the eligible only.
    const Ranking decision = rank(ev.records, [&](const Record& r) {
      return of(r) && eligible.count(r.backend) && r.operation == c.decision_operation &&
             r.data_bytes == c.decision_bytes;
    });
    for (Row& row : c.rows) {
      if (row.decision == Decision::PassedOver) continue;
      const RankedEntry* mine = nullptr;
      for (const RankedEntry& e : decision.entries)
        if (e.record->backend == row.backend.name) mine = &e;
      if (!mine) {
        row.notes.insert(row.notes.begin(), "not ranked: not measured at " + c.decision_operation + " " +
                                                format_size(c.decision_bytes));
        continue;
      }
      place_in_decision(*mine, c, row);
    }
    std::stable_sort(c.rows.begin(), c.rows.end(), [](const Row& a, const Row& b) {
      if (a.decision != b.decision) return a.decision < b.decision;
      if (a.decision == Decision::PassedOver) return false;
      const size_t ra = a.decision_rank ? a.decision_rank : SIZE_MAX,
                   rb = b.decision_rank ? b.decision_rank : SIZE_MAX;
      if (ra != rb) return ra < rb;
      return a.decision_ratio < b.decision_ratio;
    });
    card.cards.push_back(std::move(c));
  }
  return card;
}

}  // namespace ca::select
