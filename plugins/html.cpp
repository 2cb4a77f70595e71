// The HTML report: one self-contained file (inline CSS and inline SVG; no script, no font, nothing fetched)
// with the environment, a bar chart per (algorithm, key, operation) with the libraries side by side and
// their 95 % CI whiskers, throughput-versus-size lines where an algorithm ran at several sizes, the
// per-library table and the rankings from core/rank. Every string from a record or the environment is
// HTML-escaped. The drawing itself is in svg_chart.cpp.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

#include "library_grid.hpp"
#include "rank/ranking.hpp"
#include "ranking_text.hpp"
#include "report.hpp"
#include "svg_chart.hpp"

namespace ca {
namespace {

using svg::escape;

constexpr const char* kStyle = R"(
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2em auto;
       max-width: 64em; padding: 0 1em; color: #1a1a1a; background: #fff; line-height: 1.4; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; } h3 { margin-top: 1.5em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.92em; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
th { background: #f4f4f4; }
.fastest { font-weight: bold; }
.wide { overflow-x: auto; }
.warning { background: #fff4e0; border-left: 4px solid #e69f00; padding: 0.4em 0.8em; }
figure { margin: 1em 0 2em; }
svg.chart { max-width: 100%; height: auto; font-size: 12px; }
svg .chart-title { font-size: 14px; font-weight: 600; }
svg .grid { stroke: #e4e4e4; } svg .axis { stroke: #555; }
svg .whisker { stroke: #222; stroke-width: 1.4; fill: none; }
svg .line { stroke-width: 2; }
svg .value { font-size: 10px; fill: #333; }
svg .tick, svg .legend text { fill: #333; }
)";

// What a chart plots for an operation: throughput for data operations (higher is better), time per
// operation for sign and verify, in the user's unit (lower is better).
struct Metric {
  double value, low, high;
};
Metric metric(const Record& r, TimeUnit unit) {
  const auto& s = r.summary;
  if (is_data_operation(r.operation)) {
    auto mib_s = [&](double ns) {
      return ns > 0 ? static_cast<double>(r.data_bytes) / (ns * 1e-9) / 1048576.0 : NAN;
    };
    return {r.throughput_mib_s(), mib_s(s.ci95.high), mib_s(s.ci95.low)};
  }
  return {from_ns(s.median, unit), from_ns(s.ci95.low, unit), from_ns(s.ci95.high, unit)};
}

std::string metric_label(const std::string& op, TimeUnit unit) {
  return is_data_operation(op) ? "throughput, MiB/s (higher is better)"
                               : "time per operation, " + std::string(unit_name(unit)) + " (lower is better)";
}

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string tooltip(const Record& r, TimeUnit unit) {
  const Metric m = metric(r, unit);
  std::string t = r.backend + ", " + format_size(r.data_bytes) + ": ";
  if (is_data_operation(r.operation))
    t += fixed(m.value, 1) + " MiB/s (95% CI " + fixed(m.low, 1) + "–" + fixed(m.high, 1) + "), ";
  return t + "median " + format_duration(r.summary.median, unit) + " (95% CI " +
         format_duration(r.summary.ci95.low, unit) + "–" + format_duration(r.summary.ci95.high, unit) + ")";
}

void write_environment(const ReportInput& in, std::ostream& out) {
  const auto& env = in.environment;
  const auto& s = in.settings;
  std::string features;
  for (const auto& f : env.cpu_features) features += (features.empty() ? "" : ", ") + f;
  std::vector<std::pair<std::string, std::string>> rows{
      {"CPU", env.cpu_model + ", " + std::to_string(env.logical_cpus) + " logical CPUs" +
                  (features.empty() ? "" : " (" + features + ")")},
      {"Build", "cryptauditor " + env.program_version + ", " + env.build_type + " build" +
                    (env.compiler.empty() ? "" : ", " + env.compiler)}};
  if (!env.kernel.empty()) rows.emplace_back("Kernel", env.kernel);
  if (!env.governor.empty() || !env.turbo.empty())
    rows.emplace_back("Frequency", "governor " + (env.governor.empty() ? "unknown" : env.governor) +
                                       ", turbo " + (env.turbo.empty() ? "unknown" : env.turbo));
  if (env.virtualized) rows.emplace_back("Virtualized", "yes (the CPU reports a hypervisor)");
  if (!env.date.empty()) rows.emplace_back("Date", env.date);
  rows.emplace_back("Measurement", measurement_mode(s));
  out << "<section id=\"environment\">\n<h2>Environment</h2>\n<table>\n";
  for (const auto& [k, v] : rows)
    out << "<tr><th>" << escape(k) << "</th><td>" << escape(v) << "</td></tr>\n";
  out << "</table>\n";
  if (!env.backends.empty()) {
    out << "<table>\n<tr><th>backend</th><th>library</th><th>version</th><th>acceleration</th></tr>\n";
    for (const auto& b : env.backends)
      out << "<tr><td>" << escape(b.name) << "</td><td>" << escape(b.library) << "</td><td>"
          << escape(b.version) << "</td><td>" << escape(b.acceleration.empty() ? "-" : b.acceleration)
          << "</td></tr>\n";
    out << "</table>\n";
  }
  for (const auto& w : env.warnings) out << "<p class=\"warning\">Warning: " << escape(w) << "</p>\n";
  out << "</section>\n";
}

// Rows of the grid gathered per (algorithm, key, operation), sizes in first-seen order.
struct ChartGroup {
  std::string algorithm;
  uint32_t key_bits;
  std::string operation;
  std::vector<const GridRow*> rows;
};
std::vector<ChartGroup> chart_groups(const LibraryGrid& grid) {
  std::vector<ChartGroup> groups;
  for (const auto& row : grid.rows) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const ChartGroup& g) {
      return g.algorithm == row.algorithm && g.key_bits == row.key_bits && g.operation == row.operation;
    });
    if (it == groups.end()) {
      groups.push_back({row.algorithm, row.key_bits, row.operation, {}});
      it = groups.end() - 1;
    }
    it->rows.push_back(&row);
  }
  return groups;
}

void write_charts(const LibraryGrid& grid, TimeUnit unit, std::ostream& out) {
  out << "<section id=\"charts\">\n<h2>Charts</h2>\n<p>Bars show the median, whiskers its 95 % confidence "
         "interval. Hover a bar or point for the figures.</p>\n";
  for (const auto& g : chart_groups(grid)) {
    // Series: the backends with at least one measurement here, each keeping its report-wide colour.
    std::vector<size_t> columns;
    size_t measured_sizes = 0;
    for (const GridRow* row : g.rows) {
      bool any = false;
      for (size_t c = 0; c < row->cells.size(); ++c)
        if (row->cells[c] && row->cells[c]->ok()) {
          any = true;
          if (std::find(columns.begin(), columns.end(), c) == columns.end()) columns.push_back(c);
        }
      measured_sizes += any;
    }
    if (columns.empty()) continue;
    std::sort(columns.begin(), columns.end());
    const std::string title = algorithm_title(g.algorithm, g.key_bits) + " — " + operation_noun(g.operation);

    svg::BarChart bars{title, "message size", metric_label(g.operation, unit), {}, {}, {}};
    svg::LineChart lines{title + " vs message size",
                         "message size (log scale)",
                         metric_label(g.operation, unit),
                         {},
                         {},
                         {},
                         [](double bytes) { return format_size(static_cast<size_t>(bytes)); }};
    for (size_t c : columns) {
      bars.series.push_back(grid.backends[c]);
      bars.colors.push_back(c);
    }
    lines.series = bars.series;
    lines.colors = bars.colors;
    for (size_t i = 0; i < columns.size(); ++i) lines.lines.push_back({i, {}});
    for (const GridRow* row : g.rows) {
      svg::BarGroup group{format_size(row->data_bytes), {}};
      for (size_t i = 0; i < columns.size(); ++i) {
        const Record* r = row->cells[columns[i]];
        if (!r || !r->ok()) continue;
        const Metric m = metric(*r, unit);
        group.bars.push_back({i, m.value, m.low, m.high, tooltip(*r, unit)});
        lines.lines[i].points.push_back(
            {static_cast<double>(row->data_bytes), m.value, m.low, m.high, tooltip(*r, unit)});
      }
      bars.groups.push_back(std::move(group));
    }
    for (auto& l : lines.lines)
      std::sort(l.points.begin(), l.points.end(),
                [](const svg::Point& a, const svg::Point& b) { return a.x < b.x; });

    out << "<h3>" << escape(title) << "</h3>\n<figure>\n" << svg::bar_chart(bars) << "</figure>\n";
    if (measured_sizes >= 2) out << "<figure>\n" << svg::line_chart(lines) << "</figure>\n";
  }
  out << "</section>\n";
}

void write_table(const ReportInput& in, const LibraryGrid& grid, std::ostream& out) {
  const TimeUnit unit = in.settings.unit;
  std::vector<const Record*> fastest;
  for (const auto& rk : library_rankings(in.records))
    for (const auto& e : rk.entries)
      if (e.rank == 1) fastest.push_back(e.record);
  out << "<section id=\"table\">\n<h2>Per-library table</h2>\n<p>Median time per operation with its 95 % "
         "confidence interval; bold: the fastest library (ties included); -: not offered.</p>\n"
         "<div class=\"wide\">\n<table>\n"
         "<tr><th>algorithm</th><th>operation</th><th>size</th>";
  for (const auto& b : grid.backends) out << "<th>" << escape(b) << "</th>";
  out << "</tr>\n";
  for (const auto& row : grid.rows) {
    out << "<tr><td>" << escape(algorithm_title(row.algorithm, row.key_bits)) << "</td><td>"
        << escape(operation_noun(row.operation)) << "</td><td>" << escape(format_size(row.data_bytes))
        << "</td>";
    for (const Record* r : row.cells) {
      if (!r || r->status == Status::Unsupported) {
        out << "<td class=\"num\" title=\"" << escape(r ? r->error : "not run") << "\">-</td>";
      } else if (!r->ok()) {
        out << "<td class=\"num\" title=\"" << escape(r->error) << "\">"
            << (r->status == Status::Disputed ? "DISPUTED" : "FAILED") << "</td>";
      } else {
        const bool best = std::find(fastest.begin(), fastest.end(), r) != fastest.end();
        out << "<td class=\"num" << (best ? " fastest" : "") << "\">"
            << escape(format_duration(r->summary.median, unit)) << "<br><small>["
            << escape(format_duration(r->summary.ci95.low, unit)) << ", "
            << escape(format_duration(r->summary.ci95.high, unit)) << "]</small></td>";
      }
    }
    out << "</tr>\n";
  }
  out << "</table>\n</div>\n";
  bool any = false;
  for (const auto& r : in.records) {
    if (r.ok()) continue;
    if (!any) out << "<h3>Not measured</h3>\n<ul>\n";
    any = true;
    out << "<li>" << escape(r.backend) << ", " << escape(algorithm_title(r.algorithm, r.key_bits)) << ' '
        << escape(r.operation) << ", " << escape(format_size(r.data_bytes)) << ": " << status_name(r.status)
        << (r.error.empty() ? "" : " — " + escape(r.error)) << "</li>\n";
  }
  if (any) out << "</ul>\n";
  out << "</section>\n";
}

void write_ranking(const Ranking& rk, bool library, TimeUnit unit, std::ostream& out) {
  if (rk.entries.empty()) return;
  out << "<h3>" << escape(rk.title) << "</h3>\n<table>\n<tr><th>rank</th>"
      << (library ? "" : "<th>algorithm</th><th>key</th>")
      << "<th>backend</th><th>median</th><th>vs fastest</th></tr>\n";
  for (const auto& e : rk.entries) {
    const Record& r = *e.record;
    std::string versus = e.delta_ns == 0 ? "fastest" : "+" + format_duration(e.delta_ns, unit);
    versus += ranking_standing(e);
    out << "<tr><td class=\"num\">" << e.rank << (e.tied ? "=" : "") << "</td>";
    if (!library)
      out << "<td>" << escape(r.algorithm) << "</td><td class=\"num\">"
          << (r.key_bits ? std::to_string(r.key_bits) : "-") << "</td>";
    out << "<td>" << escape(r.backend) << "</td><td class=\"num\">"
        << escape(format_duration(r.summary.median, unit)) << "</td><td>" << escape(versus) << "</td></tr>\n";
  }
  out << "</table>\n";
}

class HtmlReporter : public Reporter {
 public:
  void write(const ReportInput& in, std::ostream& out) const override {
    const LibraryGrid grid = library_grid(in.records);
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
           "<title>cryptauditor report</title>\n<style>"
        << kStyle << "</style>\n</head>\n<body>\n<h1>cryptauditor report</h1>\n";
    write_environment(in, out);
    write_charts(grid, in.settings.unit, out);
    write_table(in, grid, out);
    const auto by_algorithm = algorithm_rankings(in.records);
    const auto by_library = library_rankings(in.records);
    out << "<section id=\"rankings\">\n<h2>Rankings</h2>\n";
    for (const auto& rk : by_algorithm) write_ranking(rk, false, in.settings.unit, out);
    for (const auto& rk : by_library) write_ranking(rk, true, in.settings.unit, out);
    out << "</section>\n</body>\n</html>\n";
  }
};

const bool registered =
    register_reporter("html", "self-contained HTML with SVG charts (no scripts, nothing fetched)",
                      [] { return std::make_unique<HtmlReporter>(); });

}  // namespace
}  // namespace ca
