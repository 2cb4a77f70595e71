#include "leaks_report.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "svg_chart.hpp"
#include "text_table.hpp"

namespace ca::leaks {
namespace {

std::string column_name(const Result& r) {
  std::string c = r.algorithm + " " + r.test.name;
  if (r.data_bytes > 0 && r.test.operation != "agree") c += " " + std::to_string(r.data_bytes) + "B";
  return c;
}

// max |t| over the repetitions (shown in a cell).
double max_t(const Result& r) {
  double t = 0;
  for (const Repetition& rep : r.repetitions) t = std::max(t, rep.stats.max_t);
  return t;
}

std::string max_from(const stats::LeakStatistics& s) {
  if (s.max_from == "cropped") return "cropped at " + format_number("%.4g", s.cropped_at * 100) + " %";
  return s.max_from;
}

std::string repetition_verdicts(const Result& r) {
  std::string v;
  for (const Repetition& rep : r.repetitions) v += (v.empty() ? "" : ", ") + stats::verdict_name(rep.verdict);
  return v;
}

std::string outcome_name(Outcome o) {
  switch (o) {
    case Outcome::Measured:
      return "measured";
    case Outcome::Unsupported:
      return "unsupported";
    case Outcome::NotOffered:
      return "not offered";
    case Outcome::Failed:
      break;
  }
  return "failed";
}

}  // namespace

std::string outcome_text(const Result& r) {
  return r.outcome == Outcome::Measured ? stats::verdict_name(r.verdict) : outcome_name(r.outcome);
}

std::string console_report(const std::vector<Result>& results, const ReportContext& ctx) {
  std::ostringstream o;
  o << "Timing-leak screen (dudect-style; evidence, not proof, in either direction: docs/LEAKS.md)\n";
  o << "Counter: " << ctx.counter.name << ", " << ctx.counter.unit;
  if (ctx.counter.unit != "ns") o << " at " << format_number("%.4g", ctx.counter.ticks_per_ns) << " per ns";
  o << "; " << ctx.plan.repetitions << " repetition(s) of at most "
    << format_number("%.3g", ctx.plan.budget_s) << " s per test; leak when |t| > "
    << format_number("%.3g", ctx.plan.thresholds.leak_t) << " in every repetition; pinned to CPU "
    << (ctx.pinned_cpus.empty() ? "none" : ctx.pinned_cpus) << "\n";
  for (const std::string& n : ctx.notes) o << "Note: " << n << '\n';
  // The matrix: one row per library, one column per algorithm x test.
  std::vector<std::string> columns, rows;
  std::map<std::pair<std::string, std::string>, std::string> cells;
  for (const Result& r : results) {
    const std::string c = column_name(r);
    if (std::find(columns.begin(), columns.end(), c) == columns.end()) columns.push_back(c);
    if (std::find(rows.begin(), rows.end(), r.backend) == rows.end()) rows.push_back(r.backend);
    std::string cell = outcome_text(r);
    if (r.outcome == Outcome::Measured) cell += " (|t| " + format_number("%.3g", max_t(r)) + ")";
    cells[{r.backend, c}] = cell;
  }
  // A fixed-width block: every cell padded to its column, the last one too.
  TextTable matrix(std::vector<TableColumn>(1 + columns.size()));
  matrix.pad_last_cell(true);
  std::vector<std::string> heading{"library"};
  heading.insert(heading.end(), columns.begin(), columns.end());
  matrix.add_row(std::move(heading));
  for (const auto& row : rows) {
    std::vector<std::string> line{row};
    for (const auto& c : columns) {
      // A pair with no result prints blank, as before the shared printer (the old width pass inserted an
      // empty cell for it, so its "-" was never reached); every backend gets a result per test today.
      auto it = cells.find({row, c});
      line.push_back(it == cells.end() ? "" : it->second);
    }
    matrix.add_row(std::move(line));
  }
  o << '\n';
  matrix.print(o);
  o << "\nDetails (t > 0: class 0 slower; effect in " << ctx.counter.unit << ", class 0 minus class 1):\n";
  for (const Result& r : results) {
    o << "  " << r.backend << " " << column_name(r) << ": " << outcome_text(r);
    if (r.outcome != Outcome::Measured) {
      o << " (" << r.reason << ")\n";
      continue;
    }
    o << " [" << repetition_verdicts(r) << "]\n";
    for (size_t i = 0; i < r.repetitions.size(); ++i) {
      const Repetition& rep = r.repetitions[i];
      const auto& s = rep.stats;
      o << "    rep " << i + 1 << ": " << rep.calls << " calls in " << format_number("%.2f", rep.elapsed_s)
        << " s, median " << format_number("%.6g", s.median_a) << " / " << format_number("%.6g", s.median_b)
        << ", max |t| " << format_number("%.3g", s.max_t) << " (" << max_from(s) << "), effect "
        << format_number("%.3g", s.effect) << ", detectable " << format_number("%.3g", s.detectable)
        << " of target " << format_number("%.3g", s.target_effect) << "\n";
    }
  }
  return o.str();
}

std::string json_report(const std::vector<Result>& results, const ReportContext& ctx) {
  using nlohmann::json;
  json j;
  j["schema"] = "cryptauditor-leaks/1";
  j["counter"] = {
      {"name", ctx.counter.name}, {"unit", ctx.counter.unit}, {"ticks_per_ns", ctx.counter.ticks_per_ns}};
  const auto& th = ctx.plan.thresholds;
  j["settings"] = {{"budget_s", ctx.plan.budget_s},
                   {"repetitions", ctx.plan.repetitions},
                   {"data_sizes", ctx.plan.data_sizes},
                   {"pinned_cpus", ctx.pinned_cpus},
                   {"thresholds",
                    {{"leak_t", th.leak_t},
                     {"quiet_t", th.quiet_t},
                     {"effect_rel", th.effect_rel},
                     {"effect_abs", th.effect_abs},
                     {"min_per_class", th.min_per_class}}}};
  j["command_line"] = ctx.command_line;
  j["notes"] = ctx.notes;
  json rs = json::array();
  for (const Result& r : results) {
    json x = {
        {"backend", r.backend},
        {"library", r.library},
        {"library_version", r.library_version},
        {"algorithm", r.algorithm},
        {"key_bits", r.key_bits},
        {"data_bytes", r.data_bytes},
        {"test", r.test.name},
        {"operation", r.test.operation},
        {"class0", r.test.class0},
        {"class1", r.test.class1},
        {"outcome", outcome_name(r.outcome)},
        {"verdict", r.outcome == Outcome::Measured ? json(stats::verdict_name(r.verdict)) : json(nullptr)}};
    if (!r.reason.empty()) x["reason"] = r.reason;
    json reps = json::array();
    for (const Repetition& rep : r.repetitions) {
      const auto& s = rep.stats;
      json trace = json::array();
      for (const auto& [n, t] : rep.trace) trace.push_back({n, t});
      reps.push_back(
          {{"verdict", stats::verdict_name(rep.verdict)},
           {"calls", rep.calls},
           {"n0", s.n_a},
           {"n1", s.n_b},
           {"median0", s.median_a},
           {"median1", s.median_b},
           {"max_t", s.max_t},
           {"max_from", max_from(s)},
           {"effect", s.effect},
           {"raw_t", s.raw.t},
           {"cropped_t", s.cropped.t},
           {"cropped_at", s.cropped_at},
           {"decile_max_z", s.deciles.max_abs_z},
           {"decile_at", s.deciles.at},
           {"detectable", s.detectable},
           {"target_effect", s.target_effect},
           {"elapsed_s", rep.elapsed_s},
           {"stopped_early", rep.stopped_early},
           {"overhead_ticks", rep.overhead_ticks},
           {"trace", trace},
           {"histogram",
            {{"low", rep.hist_low}, {"high", rep.hist_high}, {"class0", rep.hist0}, {"class1", rep.hist1}}}});
    }
    x["repetitions"] = reps;
    rs.push_back(x);
  }
  j["results"] = rs;
  // NaN (a statistic of too few calls) is not JSON: nlohmann writes null for it.
  return j.dump(2) + "\n";
}

namespace {

// Two overlaid step histograms (class 0 and class 1) of one repetition.
std::string distribution_svg(const Repetition& rep, const std::string& unit) {
  const double w = 420, h = 180, left = 50, bottom = 30, top = 10, right = 10;
  uint32_t peak = 1;
  for (uint32_t c : rep.hist0) peak = std::max(peak, c);
  for (uint32_t c : rep.hist1) peak = std::max(peak, c);
  const svg::LinearScale x{rep.hist_low, rep.hist_high, left, w - right};
  const svg::LinearScale y{0, static_cast<double>(peak), h - bottom, top};
  std::ostringstream o;
  o << "<svg viewBox=\"0 0 " << w << ' ' << h << "\" width=\"" << w << "\" height=\"" << h
    << "\" role=\"img\" aria-label=\"timing distributions\">";
  auto path = [&](const std::vector<uint32_t>& hist, std::string_view color) {
    const size_t bins = hist.size();
    o << "<path fill=\"none\" stroke=\"" << color << "\" stroke-width=\"1.5\" d=\"M" << x(rep.hist_low) << ' '
      << y(0);
    for (size_t i = 0; i < bins; ++i) {
      const double x0 =
          rep.hist_low + (rep.hist_high - rep.hist_low) * static_cast<double>(i) / static_cast<double>(bins);
      const double x1 = rep.hist_low + (rep.hist_high - rep.hist_low) * static_cast<double>(i + 1) /
                                           static_cast<double>(bins);
      o << " L" << x(x0) << ' ' << y(hist[i]) << " L" << x(x1) << ' ' << y(hist[i]);
    }
    o << " L" << x(rep.hist_high) << ' ' << y(0) << "\"/>";
  };
  path(rep.hist0, svg::series_color(0));
  path(rep.hist1, svg::series_color(1));
  o << "<line x1=\"" << left << "\" y1=\"" << h - bottom << "\" x2=\"" << w - right << "\" y2=\""
    << h - bottom << "\" stroke=\"#555\"/>";
  for (double t : svg::nice_ticks(rep.hist_low, rep.hist_high, 5))
    if (t >= rep.hist_low && t <= rep.hist_high)
      o << "<text x=\"" << x(t) << "\" y=\"" << h - bottom + 14
        << "\" font-size=\"10\" text-anchor=\"middle\">" << svg::tick_label(t) << "</text>";
  o << "<text x=\"" << (left + w - right) / 2 << "\" y=\"" << h - 3
    << "\" font-size=\"10\" text-anchor=\"middle\">" << svg::escape(unit) << " per call</text></svg>";
  return o.str();
}

// |t| against the number of calls, log-scaled x, with the leak and quiet thresholds.
std::string trace_svg(const Repetition& rep, const stats::LeakThresholds& th) {
  const double w = 320, h = 180, left = 40, bottom = 30, top = 10, right = 10;
  double tmax = th.leak_t * 1.2;
  size_t nmin = 1, nmax = 2;
  if (!rep.trace.empty()) {
    nmin = rep.trace.front().first;
    nmax = std::max(rep.trace.back().first, nmin * 2);
  }
  for (const auto& [n, t] : rep.trace)
    if (std::isfinite(t)) tmax = std::max(tmax, t * 1.1);
  const svg::LogScale x{static_cast<double>(nmin), static_cast<double>(nmax), left, w - right};
  const svg::LinearScale y{0, tmax, h - bottom, top};
  std::ostringstream o;
  o << "<svg viewBox=\"0 0 " << w << ' ' << h << "\" width=\"" << w << "\" height=\"" << h
    << "\" role=\"img\" aria-label=\"|t| against calls\">";
  for (double level : {th.leak_t, th.quiet_t})
    o << "<line x1=\"" << left << "\" y1=\"" << y(level) << "\" x2=\"" << w - right << "\" y2=\"" << y(level)
      << "\" stroke=\"#c00\" stroke-dasharray=\"4 3\"/><text x=\"" << w - right << "\" y=\"" << y(level) - 2
      << "\" font-size=\"9\" text-anchor=\"end\">|t| = " << svg::tick_label(level) << "</text>";
  o << "<polyline fill=\"none\" stroke=\"#333\" stroke-width=\"1.5\" points=\"";
  for (const auto& [n, t] : rep.trace)
    if (std::isfinite(t)) o << x(static_cast<double>(n)) << ',' << y(t) << ' ';
  o << "\"/>";
  for (const auto& [n, t] : rep.trace)
    if (std::isfinite(t))
      o << "<circle cx=\"" << x(static_cast<double>(n)) << "\" cy=\"" << y(t) << "\" r=\"2.5\"><title>" << n
        << " calls: |t| " << format_number("%.3g", t) << "</title></circle>";
  o << "<line x1=\"" << left << "\" y1=\"" << h - bottom << "\" x2=\"" << w - right << "\" y2=\""
    << h - bottom << "\" stroke=\"#555\"/>";
  for (double t : svg::nice_ticks(0, tmax, 4))
    if (t <= tmax)
      o << "<text x=\"" << left - 4 << "\" y=\"" << y(t) + 3 << "\" font-size=\"10\" text-anchor=\"end\">"
        << svg::tick_label(t) << "</text>";
  o << "<text x=\"" << left << "\" y=\"" << h - bottom + 14 << "\" font-size=\"10\">" << nmin
    << "</text><text x=\"" << w - right << "\" y=\"" << h - bottom + 14
    << "\" font-size=\"10\" text-anchor=\"end\">" << nmax << " calls</text></svg>";
  return o.str();
}

}  // namespace

std::string html_report(const std::vector<Result>& results, const ReportContext& ctx) {
  using svg::escape;
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>cryptauditor leaks</title>"
       "<style>body{font-family:sans-serif;margin:1.5em;max-width:70em}table{border-collapse:collapse}"
       "td,th{border:1px solid #ccc;padding:3px 6px;font-size:90%}.leak{background:#f6c5c5}"
       ".noevidence{background:#d5efd5}.inconclusive{background:#f3ecc8}section{margin:1.2em 0}"
       ".k0{color:"
    << svg::series_color(0) << "}.k1{color:" << svg::series_color(1)
    << "}</style></head><body>\n<h1>Timing-leak screen</h1>\n<p>dudect-style screen: two input classes per "
       "test, single calls timed in a random interleaved order, Welch's t on raw and cropped times and a "
       "decile test. <strong>Evidence, not proof, in either direction</strong> (docs/LEAKS.md). Counter: "
    << escape(ctx.counter.name) << " (" << escape(ctx.counter.unit) << "); " << ctx.plan.repetitions
    << " repetition(s), at most " << format_number("%.3g", ctx.plan.budget_s)
    << " s each; leak when |t| &gt; " << format_number("%.3g", ctx.plan.thresholds.leak_t)
    << " in every repetition.</p>\n";
  for (const std::string& n : ctx.notes) o << "<p>Note: " << escape(n) << "</p>\n";
  std::vector<std::string> columns, rows;
  for (const Result& r : results) {
    if (std::find(columns.begin(), columns.end(), column_name(r)) == columns.end())
      columns.push_back(column_name(r));
    if (std::find(rows.begin(), rows.end(), r.backend) == rows.end()) rows.push_back(r.backend);
  }
  o << "<table><tr><th>library</th>";
  for (const auto& c : columns) o << "<th>" << escape(c) << "</th>";
  o << "</tr>\n";
  for (const auto& row : rows) {
    o << "<tr><th>" << escape(row) << "</th>";
    for (const auto& c : columns) {
      auto it = std::find_if(results.begin(), results.end(),
                             [&](const Result& r) { return r.backend == row && column_name(r) == c; });
      if (it == results.end()) {
        o << "<td>-</td>";
        continue;
      }
      std::string cls = outcome_text(*it);
      cls.erase(std::remove(cls.begin(), cls.end(), ' '), cls.end());
      o << "<td class=\"" << cls << "\">" << escape(outcome_text(*it));
      if (it->outcome == Outcome::Measured) o << " (|t| " << format_number("%.3g", max_t(*it)) << ")";
      o << "</td>";
    }
    o << "</tr>\n";
  }
  o << "</table>\n";
  for (const Result& r : results) {
    o << "<section><h2>" << escape(r.backend + " " + r.library_version + ": " + column_name(r)) << " &mdash; "
      << escape(outcome_text(r)) << "</h2>\n<p><span class=\"k0\">class 0: " << escape(r.test.class0)
      << "</span>; <span class=\"k1\">class 1: " << escape(r.test.class1) << "</span>; screens for "
      << escape(r.test.why) << ".</p>\n";
    if (r.outcome != Outcome::Measured) {
      o << "<p>" << escape(r.reason) << "</p></section>\n";
      continue;
    }
    for (size_t i = 0; i < r.repetitions.size(); ++i) {
      const Repetition& rep = r.repetitions[i];
      const auto& s = rep.stats;
      o << "<div><p>Repetition " << i + 1 << ": " << escape(stats::verdict_name(rep.verdict)) << ", "
        << rep.calls << " calls, max |t| " << format_number("%.3g", s.max_t) << " (" << escape(max_from(s))
        << "), effect " << format_number("%.3g", s.effect) << ' ' << escape(ctx.counter.unit) << ", medians "
        << format_number("%.6g", s.median_a) << " / " << format_number("%.6g", s.median_b) << "</p>"
        << distribution_svg(rep, ctx.counter.unit) << trace_svg(rep, ctx.plan.thresholds) << "</div>\n";
    }
    o << "</section>\n";
  }
  o << "</body></html>\n";
  return o.str();
}

}  // namespace ca::leaks
