// Reports of `cryptauditor leaks` (core/leaks/screen.hpp, core/leaks/taint.hpp): a console matrix (library x
// test; with both methods library x operation, timing verdict and taint counts in one cell), JSON (schema in
// docs/LEAKS.md) and a self-contained HTML page with, per test, the two classes' timing distributions
// overlaid and |t| against the number of calls (inline SVG, no script). Each function returns the whole text.
#pragma once

#include <string>
#include <vector>

#include "leaks/screen.hpp"
#include "leaks/taint.hpp"

namespace ca::leaks {

/// What the report says about the run besides the results.
struct ReportContext {
  CounterInfo counter;
  Plan plan;
  std::vector<std::string> notes;         // e.g. algorithms with no test
  std::vector<std::string> command_line;  // argv
  std::string pinned_cpus;                // "" when not pinned
  bool timing = true;                     // the methods asked for (--method)
  bool taint = false;
  std::vector<TaintResult> taint_results;  // --method taint (core/leaks/taint.hpp)
};

std::string console_report(const std::vector<Result>& results, const ReportContext& ctx);
std::string json_report(const std::vector<Result>& results, const ReportContext& ctx);
std::string html_report(const std::vector<Result>& results, const ReportContext& ctx);

/// The verdict of a result: "leak", "no evidence", "inconclusive", "unsupported", "not offered", "failed".
std::string outcome_text(const Result& r);

/// The matrix cell of a result: the verdict with its effect size, as a percentage of the median. A leak
/// gives its smallest effect over the repetitions ("leak 5.2%"); no evidence the largest effect it could
/// have missed ("no evidence (sees >=0.3%)"), or, when an effect below the target was significant, "no leak
/// >=1.6%: 0.1% (significant)"; inconclusive its max |t|.
std::string cell_text(const Result& r, const stats::LeakThresholds& th);

/// The taint screen's cell: "clean", "232 sites: 12 branches, 220 indices", for decrypt "3 sites (verdict
/// operation, not judged)", "not screened", "unsupported", "failed".
std::string taint_cell_text(const TaintResult& r);

}  // namespace ca::leaks
