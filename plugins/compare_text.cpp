// The text report of `cryptauditor compare`: an aligned table, one line per matched row.
#include "compare_text.hpp"

#include <cmath>

#include "text_table.hpp"

namespace ca {
namespace {

std::string percent(double fraction) { return format_number("%.3g", fraction * 100) + "%"; }

std::string p_value(double p) { return p < 0.001 ? "<0.001" : format_number("%.3f", p); }

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

}  // namespace

void print_comparison(const Comparison& c, const CompareSettings& settings, TimeUnit unit,
                      const std::string& base_name, const std::string& candidate_name, std::ostream& out) {
  out << "base: " << base_name << "\nnew:  " << candidate_name << "\n\n";
  if (settings.relative)
    out << "Relative comparison: each library's median is shown with its ratio to the geometric mean of the "
           "libraries measured in its row in both reports (1.000x = that mean); the change, its interval and "
           "the test are of that ratio, not of the absolute time.\n\n";
  TextTable table(std::vector<TableColumn>(12));  // every column left-aligned
  table.add_row({"backend", "algorithm", "key", "operation", "size", "base", "new", "change", "95% CI",
                 "processes", "p (Holm)", ""});
  for (const ComparedRow& row : c.rows) {
    const Record& r = row.base != nullptr ? *row.base : *row.candidate;
    const bool compared = row.verdict != Verdict::NotComparable;
    table.add_row(
        {r.backend, r.algorithm, r.key_bits ? std::to_string(r.key_bits) : "-", r.operation,
         format_size(r.data_bytes), median_text(row.base, unit, row.base_relative),
         median_text(row.candidate, unit, row.candidate_relative),
         compared ? format_number("%+.1f%%", (row.ratio - 1) * 100) : "-", interval_text(row),
         compared ? std::to_string(row.base_processes) + "/" + std::to_string(row.candidate_processes) : "-",
         testable(row) ? p_value(row.p_adjusted) : "-", verdict_text(row)});
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
  if (c.testable == 0) {
    out << "no row is testable: each has 1 process on at least one side (measure both with --processes N, "
           "N >= 5; docs/COMPARE.md)\n";
  } else {
    out << c.testable << " of " << c.compared << (c.compared == 1 ? " row" : " rows")
        << " testable (2 or more processes on each side): exact Mann-Whitney U over the processes' medians, "
           "Holm-Bonferroni over the "
        << c.testable << (c.testable == 1 ? " testable row" : " testable rows") << '\n';
    if (c.underpowered > 0)
      out << c.underpowered << (c.underpowered == 1 ? " testable row has" : " testable rows have")
          << " too few processes for any change to reach p < " << format_number("%g", settings.alpha)
          << " (use more --processes, or compare fewer rows)\n";
    const std::string rule = "significantly (p < " + format_number("%g", settings.alpha) +
                             ") slower by more than " + percent(settings.threshold);
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
