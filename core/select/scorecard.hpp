// The library selection scorecard (`cryptauditor select`, docs/SELECT.md): one decision per algorithm and
// library from the evidence the other commands gather (speed records, Wycheproof tallies, leak verdicts,
// build notes). Pure: it reads no clock, no file and no plugin; app/cli/select_command.cpp gathers the
// evidence and plugins/scorecard_*.cpp write the result.
//
// The rule (rule_text() states it on every scorecard):
//   - passed over: the library does not offer the algorithm; or a record of it failed (known answers, round
//     trip, the agreement check, the timed-output check) or was disputed; or it fails a Wycheproof test of a
//     file covering the algorithm; or a timing leak test gave `leak`; or (strict only) it has documented
//     deviations;
//   - recommended: every eligible library of rank 1 at the decision row (one operation at one data size)
//     under the project's one tie rule (rank/ranking.hpp significance_ranks, through rank()), computed among
//     the eligible libraries only: all tied for first are recommended;
//   - acceptable: the other eligible libraries, with their ratio to the fastest eligible one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "record/record.hpp"
#include "stats/stats.hpp"

namespace ca::select {

/// Wycheproof results of one backend over the files that cover one algorithm.
struct Conformance {
  std::string backend, algorithm;
  size_t passed = 0, failed = 0, deviations = 0, skipped = 0;
  std::vector<std::string> files;  // base names
};

/// One leak test of one backend and algorithm (the timing screen, or the taint screen's counts).
struct LeakFinding {
  std::string backend, algorithm;
  std::string method = "timing";  // "timing" or "taint"
  std::string test;               // "tag-first-vs-last", ...; the taint screen's operation
  std::string verdict;            // "leak", "no evidence", "inconclusive", "not offered", "failed", "clean"
  double effect_percent = 0;      // timing leak: the smallest effect over the repetitions, % of the median
  size_t taint_findings = 0;      // taint: secret-dependent branches and indices
};

struct BackendFacts {
  std::string name, library, version, acceleration;
  std::vector<std::string> build_notes;  // "portable build: no AES-NI" (environment's acceleration gaps)
};

struct Rule {
  bool strict = false;    // documented deviations disqualify
  std::string operation;  // decision row's operation; empty: the algorithm's first measured operation
  size_t data_bytes = 0;  // decision row's size; 0: the largest measured size
};

/// What the decision reads. `vectors_found` false: no Wycheproof folder, every conformance cell says so.
struct Evidence {
  std::vector<Record> records;
  std::vector<BackendFacts> backends;
  bool vectors_found = false;
  std::vector<std::string> algorithms_with_vectors;  // algorithms some vector file covers
  std::vector<Conformance> conformance;
  bool leaks_screened = false;                         // the timing screen ran
  std::vector<std::string> algorithms_with_leak_test;  // algorithms the screen has a test for
  std::vector<LeakFinding> leaks;
  Rule rule;
};

enum class Decision { Recommended, Acceptable, PassedOver };
std::string decision_name(Decision d);  // "recommended", "acceptable", "passed over"

/// Speed of one library at one (operation, size): median and paired ratio to the fastest of every library
/// measured there, with its 95 % interval (pairs = 0: the ratio of medians, no paired interval).
struct Speed {
  std::string operation;
  size_t data_bytes = 0;
  std::string status;  // "ok", "failed", "disputed", "unsupported", "not measured"
  double median_ns = 0;
  double ratio = 0;  // to the fastest (1 for it)
  stats::Interval ci{0, 0};
  bool paired = false;
  size_t rank = 0;  // among every ok library there (significance_ranks)
};

struct Row {
  BackendFacts backend;
  Decision decision = Decision::PassedOver;
  std::vector<std::string> reasons;  // passed over: why ("fails 3 Wycheproof tests", "not offered")
  std::vector<std::string> notes;    // acceptable / recommended: ratio to the fastest, deviations, build
  std::vector<Speed> speed;
  std::string conformance;    // "312 passed, 0 failed, 2 documented deviations" or why not run
  std::string leak;           // "no evidence", "leak 4.2% (tag-first-vs-last)" or why not screened
  double decision_ratio = 0;  // eligible: time / the fastest eligible's at the decision row; 0: none
  size_t decision_rank = 0;   // eligible: rank among the eligible at the decision row; 0: not ranked
};

struct Card {
  std::string algorithm;
  uint32_t key_bits = 0;
  std::string decision_operation;
  size_t decision_bytes = 0;
  std::vector<Row> rows;  // recommended first, then acceptable by rank, then passed over
  std::vector<std::string> recommended() const;
  /// The best acceptable library, else the first passed over; empty when none.
  std::string runner_up() const;
};

struct Scorecard {
  std::string rule;
  std::vector<Card> cards;
};

/// The rule in words, as every scorecard states it.
std::string rule_text(const Rule& rule);

/// The decision for every (algorithm, key size) of the records and every backend of `evidence.backends`.
Scorecard decide(const Evidence& evidence);

}  // namespace ca::select
