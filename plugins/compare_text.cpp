// The text report of `cryptauditor compare`: an aligned table, one line per matched row.
#include <cmath>

#include "compare_report.hpp"
#include "ranking_text.hpp"
#include "text_table.hpp"

namespace ca {
namespace {

std::string percent(double fraction) { return format_number("%.3g", fraction * 100) + "%"; }

std::string p_value(double p) {
  if (std::isnan(p)) return "-";
  return p < 0.001 ? "<0.001" : format_number("%.3f", p);
}

std::string verdict_text(const ComparedRow& row) {
  switch (row.verdict) {
    case Verdict::Slower:
      return "SLOWER";
    case Verdict::Faster:
      return "faster";
    case Verdict::Unchanged:
      return "";
    case Verdict::NotTestable:
    case Verdict::NotComparable:
      return row.note;
  }
  return "";
}

bool testable(const ComparedRow& row) {
  return row.verdict == Verdict::Slower || row.verdict == Verdict::Faster ||
         row.verdict == Verdict::Unchanged;
}

std::string interval_text(const ComparedRow& row) {
  if (!testable(row) || std::isnan(row.ratio_ci.low)) return "-";
  return format_number("%+.1f", (row.ratio_ci.low - 1) * 100) + ".." +
         format_number("%+.1f%%", (row.ratio_ci.high - 1) * 100);
}

std::string median_text(const Record* r, TimeUnit unit, double relative) {
  if (r == nullptr) return "-";
  if (r->status != Status::Ok || !(r->summary.median > 0)) return std::string(status_name(r->status));
  if (relative > 0)
    return format_duration(r->summary.median, unit) + " (" + format_number("%.3f", relative) + "x)";
  return format_duration(r->summary.median, unit);
}

// How testable rows were tested, and when one is flagged (the two halves of decision_rule).
std::string decision_test(const Comparison& c, const CompareSettings& settings) {
  return std::string("Welch's t on the logs of the process medians") +
         (c.drift.applied ? ", each row against the shared shift" : "") +
         ", Benjamini-Hochberg at q = " + format_number("%g", settings.alpha) + " over " +
         std::to_string(c.testable) + (c.testable == 1 ? " testable row" : " testable rows");
}

std::string decision_flag(const Comparison& c, const CompareSettings& settings) {
  const std::string q = format_number("%g", settings.alpha);
  return "flagged when the adjusted p <= " + q + " and the change exceeds " + percent(settings.threshold) +
         "; detectable: " + format_number("%g", settings.power * 100) + "% power at p = " + q + "/" +
         std::to_string(c.testable);
}

}  // namespace

std::string decision_rule(const Comparison& c, const CompareSettings& settings) {
  return decision_test(c, settings) + "; " + decision_flag(c, settings);
}

void print_comparison(const Comparison& c, const CompareSettings& settings, TimeUnit unit,
                      const std::string& base_name, const std::string& candidate_name, std::ostream& out) {
  out << "base: " << base_name << "\nnew:  " << candidate_name << "\n\n";
  if (settings.relative)
    out << "Relative comparison: each library's median is shown with its ratio to the geometric mean of the "
           "libraries measured in its row in both reports (1.000x = that mean); the change, its interval and "
           "the test are of that ratio, not of the absolute time.\n\n";
  TextTable table(std::vector<TableColumn>(14));  // every column left-aligned
  table.add_row({"backend", "algorithm", "key", "operation", "size", "base", "new", "change", "95% CI",
                 "processes", "p (t, BH)", "p (U)", "detectable", ""});
  for (const ComparedRow& row : c.rows) {
    const Record& r = row.base != nullptr ? *row.base : *row.candidate;
    const bool compared = row.verdict != Verdict::NotComparable;
    table.add_row(
        {r.backend, r.algorithm, r.key_bits ? std::to_string(r.key_bits) : "-", r.operation,
         format_size(r.data_bytes), median_text(row.base, unit, row.base_relative),
         median_text(row.candidate, unit, row.candidate_relative),
         compared ? format_number("%+.1f%%", (row.ratio - 1) * 100) : "-", interval_text(row),
         compared ? std::to_string(row.base_processes) + "/" + std::to_string(row.candidate_processes) : "-",
         testable(row) ? p_value(row.p_adjusted) : "-", testable(row) ? p_value(row.p_u) : "-",
         testable(row) && !std::isnan(row.detectable) ? format_number("%.1f%%", row.detectable * 100) : "-",
         verdict_text(row)});
  }
  table.print(out);
  out << '\n';
  if (c.compared == 0) {
    out << "no row was measured in both reports\n";
  } else {
    out << (settings.relative ? "geometric mean of new/base relative medians over "
                              : "geometric mean of new/base medians over ")
        << c.compared << (c.compared == 1 ? " row: " : " rows: ") << format_number("%.3f", c.geomean_ratio)
        << " (" << format_number("%+.1f%%", (c.geomean_ratio - 1) * 100) << ")\n";
  }
  if (c.drift.applied) {
    const Drift& d = c.drift;
    const double change = d.ratio() - 1;
    out << "shared shift over " << d.rows << " testable rows: the machine was "
        << format_number("%.1f", std::fabs(change) * 100) << "% " << (change >= 0 ? "slower" : "faster")
        << " (" << level_percent(d.ci_level) << "% CI " << format_number("%+.1f", (d.ci.low - 1) * 100)
        << ".." << format_number("%+.1f%%", (d.ci.high - 1) * 100)
        << "); each testable row's change, CI and p are against it (--no-drift: against no change)\n";
  } else if (settings.drift && !settings.relative && c.testable > 0) {
    out << "shared shift not measured: " << c.testable
        << (c.testable == 1 ? " testable row" : " testable rows") << ", fewer than " << kMinDriftRows
        << "; each row's change is against no change\n";
  }
  if (c.testable == 0) {
    out << "no row is testable: each has 1 process on at least one side (measure both with --processes N, "
           "N >= 5; docs/COMPARE.md)\n";
  } else {
    out << c.testable << " of " << c.compared << (c.compared == 1 ? " row" : " rows")
        << " testable (2 or more processes on each side)\n"
        << "decision: " << decision_test(c, settings) << '\n'
        << "          " << decision_flag(c, settings) << '\n';
    if (c.insensitive > 0) {
      out << c.insensitive << (c.insensitive == 1 ? " testable row" : " testable rows")
          << " could not detect a change of " << percent(settings.threshold) << " (detectable > "
          << percent(settings.threshold) << " at " << (c.insensitive == 1 ? "its" : "their")
          << " processes and spread): ";
      if (c.processes_needed > 0)
        out << "rerun both reports with --processes " << c.processes_needed
            << (c.beyond > 0
                    ? " (" + std::to_string(c.beyond) + " of them would need more than " +
                          std::to_string(kMaxSuggestedProcesses) + ": their processes disagree too much)"
                    : std::string());
      else
        out << "even --processes " << kMaxSuggestedProcesses
            << " would not do: their processes disagree too much (docs/COMPARE.md)";
      out << '\n';
    }
    const std::string rule = "significantly slower by more than " + percent(settings.threshold);
    if (c.slower == 0)
      out << "no row is " << rule << '\n';
    else
      out << c.slower << (c.slower == 1 ? " row is " : " rows are ") << rule << '\n';
  }
  if (c.missing > 0)
    out << c.missing << (c.missing == 1 ? " row" : " rows") << " measured in the base report "
        << (c.missing == 1 ? "is" : "are") << " missing or not measured in the new one\n";
}

}  // namespace ca
