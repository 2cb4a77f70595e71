// The text report of `cryptauditor compare`: an aligned table, one line per matched row.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "compare/compare.hpp"

namespace ca {
namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string percent(double fraction) { return fmt("%.3g", fraction * 100) + "%"; }

std::string p_value(double p) { return p < 0.001 ? "<0.001" : fmt("%.3f", p); }

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
  return fmt("%+.1f", (row.ratio_ci.low - 1) * 100) + ".." + fmt("%+.1f%%", (row.ratio_ci.high - 1) * 100);
}

std::string median_text(const Record* r, TimeUnit unit, double relative) {
  if (r == nullptr) return "-";
  if (r->status != Status::Ok || !(r->summary.median > 0)) return std::string(status_name(r->status));
  if (relative > 0) return format_duration(r->summary.median, unit) + " (" + fmt("%.3f", relative) + "x)";
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
  std::vector<std::vector<std::string>> table{{"backend", "algorithm", "key", "operation", "size", "base",
                                               "new", "change", "95% CI", "processes", "p (Holm)", ""}};
  for (const ComparedRow& row : c.rows) {
    const Record& r = row.base != nullptr ? *row.base : *row.candidate;
    const bool compared = row.verdict != Verdict::NotComparable;
    table.push_back(
        {r.backend, r.algorithm, r.key_bits ? std::to_string(r.key_bits) : "-", r.operation,
         format_size(r.data_bytes), median_text(row.base, unit, row.base_relative),
         median_text(row.candidate, unit, row.candidate_relative),
         compared ? fmt("%+.1f%%", (row.ratio - 1) * 100) : "-", interval_text(row),
         compared ? std::to_string(row.base_processes) + "/" + std::to_string(row.candidate_processes) : "-",
         testable(row) ? p_value(row.p_adjusted) : "-", verdict_text(row)});
  }
  std::vector<size_t> width(table[0].size(), 0);
  for (const auto& line : table)
    for (size_t i = 0; i < line.size(); ++i) width[i] = std::max(width[i], line[i].size());
  for (const auto& line : table) {
    std::string text;
    for (size_t i = 0; i < line.size(); ++i)
      text += line[i] + (i + 1 < line.size() ? std::string(width[i] - line[i].size() + 2, ' ') : "");
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out << text << '\n';
  }
  out << '\n';
  if (c.compared == 0) {
    out << "no row was measured in both reports\n";
  } else {
    out << (settings.relative ? "geometric mean of new/base relative medians over "
                              : "geometric mean of new/base medians over ")
        << c.compared << (c.compared == 1 ? " row: " : " rows: ") << fmt("%.3f", c.geomean_ratio) << " ("
        << fmt("%+.1f%%", (c.geomean_ratio - 1) * 100) << ")\n";
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
          << " too few processes for any change to reach p < " << fmt("%g", settings.alpha)
          << " (use more --processes, or compare fewer rows)\n";
    const std::string rule = "significantly (p < " + fmt("%g", settings.alpha) + ") slower by more than " +
                             percent(settings.threshold);
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
