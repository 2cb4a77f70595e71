// The scorecard as one self-contained HTML page: the rule, then per algorithm the decision table and a
// speed-by-size chart (plugins/svg_chart.hpp line_chart), passed-over libraries marked in the legend.
#include <algorithm>
#include <sstream>

#include "plugins/scorecard_report.hpp"
#include "plugins/svg_chart.hpp"
#include "util/units.hpp"

namespace ca::select {
std::string scorecard_html(const Scorecard& card, const ScorecardContext& ctx) {
  using svg::escape;
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Library selection"
    << (ctx.study.empty() ? "" : ": " + escape(ctx.study)) << "</title>\n<style>"
    << "body{font-family:system-ui,sans-serif;max-width:1100px;margin:1em auto;padding:0 1em;color:#222}"
    << "table{border-collapse:collapse;margin:.5em 0;font-size:.9em}td,th{border:1px solid #ccc;padding:.2em "
       ".5em;"
    << "text-align:left;vertical-align:top;overflow-wrap:anywhere}.recommended{background:#e6f4ea}.passed{"
       "background:#fbe9e7}"
    << svg::kChartStyle << "</style></head><body>\n";
  o << "<h1>Library selection" << (ctx.study.empty() ? "" : ": " + escape(ctx.study)) << "</h1>\n";
  if (!ctx.machine.empty()) o << "<p>Machine: " << escape(ctx.machine) << "</p>\n";
  o << "<p>Wycheproof vectors: " << (ctx.vectors.empty() ? "not found" : escape(ctx.vectors)) << "</p>\n";
  o << "<p><strong>Rule.</strong> " << escape(card.rule) << "</p>\n";
  for (const auto& w : ctx.warnings) o << "<p class=\"warning\"><strong>Warning:</strong> " << escape(w) << "</p>\n";
  if (!ctx.notes.empty()) {
    o << "<ul>";
    for (const auto& n : ctx.notes) o << "<li>note: " << escape(n) << "</li>";
    o << "</ul>\n";
  }
  for (const Card& c : card.cards) {
    const std::string title = c.algorithm + (c.key_bits ? " " + std::to_string(c.key_bits) + "-bit" : "");
    o << "<section><h2>" << escape(title) << "</h2>\n<p>Recommended: "
      << (c.recommended().empty() ? "none" : "<strong>" + escape(joined(c.recommended(), ", ")) + "</strong>")
      << " (decided on " << escape(c.decision_operation) << " at " << format_size(c.decision_bytes)
      << ")</p>\n";
    o << "<table><tr><th>Library</th><th>Decision</th><th>Reason / notes</th><th>Wycheproof</th><th>Timing "
         "leaks"
         "</th><th>Version</th><th>Acceleration</th></tr>\n";
    for (const Row& r : c.rows) {
      const char* cls = r.decision == Decision::Recommended  ? "recommended"
                        : r.decision == Decision::PassedOver ? "passed"
                                                             : "";
      o << "<tr class=\"" << cls << "\"><td>" << escape(r.backend.name) << "</td><td>"
        << decision_name(r.decision) << "</td><td>"
        << escape(joined(r.decision == Decision::PassedOver ? r.reasons : r.notes, "; ")) << "</td><td>"
        << escape(r.conformance) << "</td><td>" << escape(r.leak) << "</td><td>"
        << escape(r.backend.library + " " + r.backend.version) << "</td><td>"
        << escape(r.backend.acceleration) << "</td></tr>\n";
    }
    o << "</table>\n";
    // One chart per operation: throughput-free, the median time per call by size, one line per library.
    std::vector<std::string> ops;
    for (const Speed& s : c.rows.front().speed)
      if (std::find(ops.begin(), ops.end(), s.operation) == ops.end()) ops.push_back(s.operation);
    for (const std::string& op : ops) {
      // The speed table: time / the fastest library's at each size, with the paired 95 % interval.
      o << "<table><tr><th>" << escape(op) << ": time / fastest</th>";
      for (const Speed& s : c.rows.front().speed)
        if (s.operation == op) o << "<th>" << format_size(s.data_bytes) << "</th>";
      o << "</tr>\n";
      for (const Row& r : c.rows) {
        o << "<tr><td>" << escape(r.backend.name) << "</td>";
        for (const Speed& s : r.speed)
          if (s.operation == op) o << "<td>" << escape(speed_text(s)) << "</td>";
        o << "</tr>\n";
      }
      o << "</table>\n";
      svg::LineChart chart;
      chart.title = title + " " + op + ": time per call by message size";
      chart.x_label = "message size";
      chart.y_label = "ns per call (median)";
      chart.x_tick_label = [](double v) { return format_size(static_cast<size_t>(v)); };
      for (size_t i = 0; i < c.rows.size(); ++i) {
        const Row& r = c.rows[i];
        svg::Line line;
        line.series = chart.series.size();
        for (const Speed& s : r.speed)
          if (s.operation == op && s.status == "ok" && s.median_ns > 0 && s.data_bytes > 0)
            line.points.push_back({static_cast<double>(s.data_bytes), s.median_ns, s.median_ns, s.median_ns,
                                   r.backend.name + " " + format_size(s.data_bytes) + ": " +
                                       format_significant(s.median_ns, 3) + " ns"});
        if (line.points.empty()) continue;
        chart.series.push_back(r.backend.name + (r.decision == Decision::PassedOver ? " (passed over)" : "") +
                               (r.decision == Decision::Recommended ? " (recommended)" : ""));
        chart.colors.push_back(i);
        chart.lines.push_back(line);
      }
      if (!chart.lines.empty()) o << svg::line_chart(chart) << '\n';
    }
    o << "</section>\n";
  }
  o << "</body></html>\n";
  return o.str();
}

}  // namespace ca::select
