// The HTML report: one self-contained file (inline CSS and inline SVG; no script, no font, nothing fetched)
// with a "fastest per size" summary at the top, the environment, a bar chart per (algorithm, key,
// operation) with the libraries side by side and their CI whiskers (at the level the records hold),
// throughput-versus-size lines where an algorithm ran at several sizes, the per-library table (or the 2004
// layout's tables) and the rankings from core/rank. Tables wrap to the page width. Every string from a record
// or the environment is HTML-escaped. The drawing itself (colours and markers, log-scale axes, labels that
// never overlap) is in svg_chart.cpp.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

#include "library_grid.hpp"
#include "partial_text.hpp"
#include "rank/ranking.hpp"
#include "ranking_text.hpp"
#include "report.hpp"
#include "svg_chart.hpp"
#include "timing_2004.hpp"

namespace ca {
namespace {

using svg::escape;

constexpr const char* kStyle = R"(
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2em auto;
       max-width: 64em; padding: 0 1em; color: #1a1a1a; background: #fff; line-height: 1.4; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; } h3 { margin-top: 1.5em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.92em; max-width: 100%; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.5em; text-align: left; vertical-align: top;
         overflow-wrap: anywhere; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
th { background: #f4f4f4; }
.fastest { font-weight: bold; }
table.grid, table.t2004 { width: 100%; font-size: 0.85em; }
#summary td small { color: #555; }
#summary th, #summary td { overflow-wrap: normal; }
.warning { background: #fff4e0; border-left: 4px solid #e69f00; padding: 0.4em 0.8em; }
figure { margin: 1em 0 2em; }
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
    return {r.throughput_mib_s(), mib_s(s.ci.high), mib_s(s.ci.low)};
  }
  return {from_ns(s.median, unit), from_ns(s.ci.low, unit), from_ns(s.ci.high, unit)};
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
    t += fixed(m.value, 1) + " MiB/s (" + ci_label(r.summary.ci_level) + " " + fixed(m.low, 1) + "–" +
         fixed(m.high, 1) + "), ";
  return t + "median " + format_duration_3(r.summary.median, unit) + " (" + ci_label(r.summary.ci_level) +
         " " + format_duration_3(r.summary.ci.low, unit) + "–" + format_duration_3(r.summary.ci.high, unit) +
         ")";
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

// "Fastest per size" at the top: per (algorithm, key, operation) a row, per data size a column, each cell
// the fastest library (rank 1 of core/rank's library ranking; tied libraries joined by " = ") and how much
// faster it is than the next one. A row measured by one library names it alone.
void write_summary(const ReportInput& in, const LibraryGrid& grid, std::ostream& out) {
  std::vector<size_t> sizes;
  for (const auto& row : grid.rows)
    if (std::find(sizes.begin(), sizes.end(), row.data_bytes) == sizes.end()) sizes.push_back(row.data_bytes);
  std::sort(sizes.begin(), sizes.end());
  const auto rankings = library_rankings(in.records);
  auto cell = [&](const GridRow& row) -> std::string {
    for (const auto& rk : rankings) {
      if (rk.entries.empty()) continue;
      const Record& first = *rk.entries.front().record;
      if (first.algorithm != row.algorithm || first.key_bits != row.key_bits ||
          first.operation != row.operation || first.data_bytes != row.data_bytes)
        continue;
      std::string names, next;
      double next_ratio = 0;
      for (const auto& e : rk.entries) {
        if (e.rank == 1) {
          names += (names.empty() ? "" : " = ") + escape(e.record->backend);
        } else if (next.empty()) {
          next = e.record->backend;
          next_ratio = e.ratio;
        }
      }
      std::string text = "<strong>" + names + "</strong>";
      if (!next.empty() && next_ratio > 0)
        text += "<br><small>" + escape(format_significant(next_ratio)) + "× faster than " + escape(next) +
                "</small>";
      return text;
    }
    std::vector<std::string> ok;  // no ranking: one library (or none) measured this row
    for (const Record* r : row.cells)
      if (r && r->ok()) ok.push_back(r->backend);
    return ok.size() == 1
               ? "<strong>" + escape(ok.front()) + "</strong><br><small>the only library measured</small>"
               : "-";
  };
  std::vector<ChartGroup> groups = chart_groups(grid);
  if (groups.empty()) return;
  out << "<section id=\"summary\">\n<h2>Fastest per size</h2>\n<p>The fastest library for each operation "
         "and message size (ties: libraries whose difference is not significant), and how much faster than "
         "the next.</p>\n<table class=\"grid\">\n<tr><th>algorithm</th><th>operation</th>";
  for (size_t size : sizes) out << "<th>" << escape(format_size(size)) << "</th>";
  out << "</tr>\n";
  for (const auto& g : groups) {
    out << "<tr><td>" << escape(algorithm_title(g.algorithm, g.key_bits)) << "</td><td>"
        << escape(operation_noun(g.operation)) << "</td>";
    for (size_t size : sizes) {
      auto it =
          std::find_if(g.rows.begin(), g.rows.end(), [&](const GridRow* r) { return r->data_bytes == size; });
      out << "<td>" << (it == g.rows.end() ? "-" : cell(**it)) << "</td>";
    }
    out << "</tr>\n";
  }
  out << "</table>\n</section>\n";
}

// "the 75 % confidence interval" when every record's interval holds that level, else each one's level.
std::string interval_phrase(const std::vector<Record>& records) {
  const double level = shared_ci_level(records);
  return std::isnan(level) ? "confidence interval (its level in each cell and tooltip)"
                           : level_percent(level) + " % confidence interval";
}

void write_charts(const LibraryGrid& grid, const ReportInput& in, std::ostream& out) {
  const ReportSettings& settings = in.settings;
  out << "<section id=\"charts\">\n<h2>Charts</h2>\n<p>Bars show the median, whiskers its "
      << interval_phrase(in.records)
      << ". Each library keeps its colour and marker shape in every chart. The y axis is logarithmic "
         "where the values span more than 10×. Hover a bar or point for the figures.</p>\n";
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
    std::vector<double> ns;
    for (const GridRow* row : g.rows)
      for (const Record* r : row->cells)
        if (r && r->ok()) ns.push_back(r->summary.median);
    const TimeUnit unit = table_unit(settings, ns);
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

void write_grid_table(const ReportInput& in, const LibraryGrid& grid, std::ostream& out) {
  std::vector<double> ns;
  for (const auto& r : in.records)
    if (r.ok()) ns.push_back(r.summary.median);
  const TimeUnit unit = table_unit(in.settings, ns);
  std::vector<const Record*> fastest;
  for (const auto& rk : library_rankings(in.records))
    for (const auto& e : rk.entries)
      if (e.rank == 1) fastest.push_back(e.record);
  out << "<p>Median time per operation in " << unit_name(unit) << " with its " << interval_phrase(in.records)
      << "; bold: the fastest library (ties included); -: not offered"
      << (in.partial != nullptr
              ? std::string("; ") + kNotMeasuredCell + ": planned, but the run stopped first"
              : "")
      << ".</p>\n<table class=\"grid\">\n"
         "<tr><th>algorithm</th><th>operation</th><th>size</th>";
  for (const auto& b : grid.backends) out << "<th>" << escape(b) << "</th>";
  out << "</tr>\n";
  for (const auto& row : grid.rows) {
    out << "<tr><td>" << escape(algorithm_title(row.algorithm, row.key_bits)) << "</td><td>"
        << escape(operation_noun(row.operation)) << "</td><td>" << escape(format_size(row.data_bytes))
        << "</td>";
    for (size_t c = 0; c < row.cells.size(); ++c) {
      const Record* r = row.cells[c];
      if (!r && cell_not_measured(in, grid.backends[c], row.algorithm, row.key_bits, row.operation,
                                  row.data_bytes)) {
        out << "<td class=\"num\" title=\"the run stopped first\">" << kNotMeasuredCell << "</td>";
      } else if (!r || r->status == Status::Unsupported) {
        out << "<td class=\"num\" title=\"" << escape(r ? r->error : "not run") << "\">-</td>";
      } else if (!r->ok()) {
        out << "<td class=\"num\" title=\"" << escape(r->error) << "\">"
            << (r->status == Status::Disputed ? "DISPUTED" : "FAILED") << "</td>";
      } else {
        const bool best = std::find(fastest.begin(), fastest.end(), r) != fastest.end();
        out << "<td class=\"num" << (best ? " fastest" : "") << "\">"
            << escape(format_duration_3(r->summary.median, unit)) << "<br><small>["
            << escape(format_significant(from_ns(r->summary.ci.low, unit))) << ", "
            << escape(format_significant(from_ns(r->summary.ci.high, unit))) << "]"
            << (std::isnan(shared_ci_level(in.records)) ? " " + level_percent(r->summary.ci_level) + " %"
                                                        : std::string())
            << "</small></td>";
      }
    }
    out << "</tr>\n";
  }
  out << "</table>\n";
}

void write_table(const ReportInput& in, const LibraryGrid& grid, std::ostream& out) {
  if (in.settings.layout == "2004") {
    out << "<section id=\"table\">\n<h2>The 2004 timing test's tables</h2>\n";
    write_2004_html(in, out);  // plugins/timing_2004.cpp, in place of the per-library table
  } else {
    out << "<section id=\"table\">\n<h2>Per-library table</h2>\n";
    write_grid_table(in, grid, out);
  }
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

void write_ranking(const Ranking& rk, bool library, const ReportSettings& settings, std::ostream& out) {
  if (rk.entries.empty()) return;
  std::vector<double> ns;
  for (const auto& e : rk.entries) ns.push_back(e.record->summary.median);
  const TimeUnit unit = table_unit(settings, ns);
  out << "<h3>" << escape(rk.title) << "</h3>\n<table>\n<tr><th>rank</th>"
      << (library ? "" : "<th>algorithm</th><th>key</th>")
      << "<th>backend</th><th>median</th><th>vs fastest</th></tr>\n";
  for (const auto& e : rk.entries) {
    const Record& r = *e.record;
    std::string versus = e.delta_ns == 0 ? "fastest" : "+" + format_duration_3(e.delta_ns, unit);
    versus += ranking_standing(e);
    out << "<tr><td class=\"num\">" << e.rank << (e.tied ? "=" : "") << "</td>";
    if (!library)
      out << "<td>" << escape(r.algorithm) << "</td><td class=\"num\">"
          << (r.key_bits ? std::to_string(r.key_bits) : "-") << "</td>";
    out << "<td>" << escape(r.backend) << "</td><td class=\"num\">"
        << escape(format_duration_3(r.summary.median, unit)) << "</td><td>" << escape(versus)
        << "</td></tr>\n";
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
        << kStyle << svg::kChartStyle << "</style>\n</head>\n<body>\n<h1>cryptauditor report</h1>\n";
    if (const std::string banner = partial_banner(in); !banner.empty()) {
      out << "<p class=\"warning partial\"><strong>" << escape(banner) << "</strong></p>\n";
      out << "<details open><summary>" << kNotMeasuredCell << "</summary>\n<ul>\n";
      for (const auto& line : not_measured_lines(in)) out << "<li>" << escape(line) << "</li>\n";
      out << "</ul>\n</details>\n";
    }
    write_summary(in, grid, out);
    write_environment(in, out);
    write_charts(grid, in, out);
    write_table(in, grid, out);
    const auto by_algorithm = algorithm_rankings(in.records);
    const auto by_library = library_rankings(in.records);
    out << "<section id=\"rankings\">\n<h2>Rankings</h2>\n";
    for (const auto& rk : by_algorithm) write_ranking(rk, false, in.settings, out);
    for (const auto& rk : by_library) write_ranking(rk, true, in.settings, out);
    out << "</section>\n</body>\n</html>\n";
  }
};

const bool registered =
    register_reporter("html", "self-contained HTML with SVG charts (no scripts, nothing fetched)",
                      [] { return std::make_unique<HtmlReporter>(); });

}  // namespace
}  // namespace ca
