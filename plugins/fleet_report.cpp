#include "fleet_report.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "library_grid.hpp"
#include "svg_chart.hpp"

namespace ca {
namespace {

// One table: an (algorithm, key, operation, data size) that at least one machine measured.
using TableKey = std::tuple<std::string, uint32_t, std::string, size_t>;

struct FleetTable {
  std::vector<std::string> libraries;                             // columns, sorted
  std::map<std::pair<size_t, std::string>, const Record*> cells;  // (machine index, library) -> record
};

std::map<TableKey, FleetTable> build_tables(const Fleet& fleet) {
  std::map<TableKey, FleetTable> tables;
  for (size_t m = 0; m < fleet.machines.size(); ++m)
    for (const Record& r : fleet.machines[m].records) {
      if (!r.ok()) continue;
      FleetTable& t = tables[{r.algorithm, r.key_bits, r.operation, r.data_bytes}];
      t.cells[{m, r.backend}] = &r;
      if (std::find(t.libraries.begin(), t.libraries.end(), r.backend) == t.libraries.end())
        t.libraries.push_back(r.backend);
    }
  for (auto& [_, t] : tables) std::sort(t.libraries.begin(), t.libraries.end());
  return tables;
}

std::string title_of(const TableKey& k) {
  return algorithm_title(std::get<0>(k), std::get<1>(k)) + " " + std::get<2>(k) + ", " +
         format_size(std::get<3>(k));
}

// The library with the lowest median on one machine, "" when it measured none.
std::string winner(const FleetTable& t, size_t machine) {
  std::string best;
  double best_ns = 0;
  for (const auto& lib : t.libraries) {
    auto it = t.cells.find({machine, lib});
    if (it == t.cells.end()) continue;
    if (best.empty() || it->second->summary.median < best_ns) {
      best = lib;
      best_ns = it->second->summary.median;
    }
  }
  return best;
}

std::string context_text(const FleetMachine& m, const char* name) {
  auto it = m.context.find(name);
  return it != m.context.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string features_of(const FleetMachine& m) {
  std::string out;
  if (auto it = m.context.find("cpu_features"); it != m.context.end() && it->is_array())
    for (const auto& f : *it)
      if (f.is_string()) out += (out.empty() ? "" : ", ") + f.get<std::string>();
  return out;
}

std::string md_escape(std::string_view text) { return markdown_escape(text); }

void write_markdown(const Fleet& fleet, TimeUnit unit, std::ostream& out) {
  out << "# cryptauditor fleet report\n\n## Machines\n\n| machine | CPU | features | date | report |\n"
      << "|---|---|---|---|---|\n";
  for (const auto& m : fleet.machines)
    out << "| " << md_escape(m.label) << " | " << md_escape(context_text(m, "cpu_model")) << " | "
        << md_escape(features_of(m)) << " | " << md_escape(context_text(m, "date")) << " | "
        << md_escape(m.source) << " |\n";
  out << "\nMedian time per operation in " << unit_name(unit)
      << "; **bold ★** is the fastest library on that machine. Rows are machines: compare libraries within a "
         "row, and a library's standing across rows.\n";
  for (const auto& [key, t] : build_tables(fleet)) {
    out << "\n## " << md_escape(title_of(key)) << "\n\n| machine |";
    for (const auto& lib : t.libraries) out << ' ' << md_escape(lib) << " |";
    out << "\n|---|";
    for (size_t i = 0; i < t.libraries.size(); ++i) out << "---:|";
    out << '\n';
    for (size_t m = 0; m < fleet.machines.size(); ++m) {
      const std::string best = winner(t, m);
      out << "| " << md_escape(fleet.machines[m].label) << " |";
      for (const auto& lib : t.libraries) {
        auto it = t.cells.find({m, lib});
        if (it == t.cells.end()) {
          out << " - |";
          continue;
        }
        const std::string figure = format_duration(it->second->summary.median, unit);
        out << ' ' << (lib == best ? "**" + figure + "** ★" : figure) << " |";
      }
      out << '\n';
    }
  }
}

constexpr const char* kStyle = R"(
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2em auto;
       max-width: 64em; padding: 0 1em; color: #1a1a1a; background: #fff; line-height: 1.4; }
h2 { margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.92em; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.winner { font-weight: bold; background: #eef6ee; }
th { background: #f4f4f4; }
)";

void write_html(const Fleet& fleet, TimeUnit unit, std::ostream& out) {
  using svg::escape;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<title>cryptauditor fleet report</title>\n<style>"
      << kStyle << "</style>\n</head>\n<body>\n<h1>cryptauditor fleet report</h1>\n";
  out << "<section id=\"machines\">\n<h2>Machines</h2>\n<table class=\"machines\">\n<tr><th>machine</th>"
         "<th>CPU</th><th>features</th><th>date</th><th>report</th></tr>\n";
  for (const auto& m : fleet.machines)
    out << "<tr><td>" << escape(m.label) << "</td><td>" << escape(context_text(m, "cpu_model")) << "</td><td>"
        << escape(features_of(m)) << "</td><td>" << escape(context_text(m, "date")) << "</td><td>"
        << escape(m.source) << "</td></tr>\n";
  out << "</table>\n</section>\n<p>Median time per operation in " << unit_name(unit)
      << "; the highlighted cell (★) is the fastest library on that machine.</p>\n";
  for (const auto& [key, t] : build_tables(fleet)) {
    const std::string title = title_of(key);
    out << "<section class=\"fleet-table\">\n<h2>" << escape(title) << "</h2>\n";
    out << "<table class=\"fleet\">\n<tr><th>machine</th>";
    for (const auto& lib : t.libraries) out << "<th>" << escape(lib) << "</th>";
    out << "</tr>\n";
    svg::BarChart chart;
    chart.title = title;
    chart.x_label = "machine";
    chart.y_label = "median time (" + std::string(unit_name(unit)) + ")";
    chart.series = t.libraries;
    for (size_t m = 0; m < fleet.machines.size(); ++m) {
      const std::string best = winner(t, m);
      out << "<tr><th>" << escape(fleet.machines[m].label) << "</th>";
      svg::BarGroup group{fleet.machines[m].label, {}};
      for (size_t l = 0; l < t.libraries.size(); ++l) {
        auto it = t.cells.find({m, t.libraries[l]});
        if (it == t.cells.end()) {
          out << "<td class=\"num\">-</td>";
          continue;
        }
        const Record& r = *it->second;
        const std::string figure = format_duration(r.summary.median, unit);
        if (t.libraries[l] == best)
          out << "<td class=\"num winner\">" << escape(figure) << " ★</td>";
        else
          out << "<td class=\"num\">" << escape(figure) << "</td>";
        group.bars.push_back({l, from_ns(r.summary.median, unit), from_ns(r.summary.ci.low, unit),
                              from_ns(r.summary.ci.high, unit),
                              fleet.machines[m].label + " " + t.libraries[l] + ": " + figure});
      }
      out << "</tr>\n";
      chart.groups.push_back(std::move(group));
    }
    out << "</table>\n<figure>\n" << svg::bar_chart(chart) << "</figure>\n</section>\n";
  }
  out << "</body>\n</html>\n";
}

}  // namespace

bool fleet_format_supported(const std::string& format) { return format == "markdown" || format == "html"; }

void write_fleet_report(const Fleet& fleet, const std::string& format, TimeUnit unit, std::ostream& out) {
  if (format == "html")
    write_html(fleet, unit, out);
  else
    write_markdown(fleet, unit, out);
}

}  // namespace ca
