#include "leaks_report.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "svg_chart.hpp"
#include "text_table.hpp"

namespace ca::leaks {
namespace {

// "AES-GCM tag-first-vs-last 64B", "AES-GCM decrypt 64B", "X25519 agree": a message size only where there
// is a message.
std::string column_of(const std::string& algorithm, const std::string& what, const std::string& operation,
                      size_t bytes) {
  std::string c = algorithm + " " + what;
  if (bytes > 0 && operation != "agree") c += " " + std::to_string(bytes) + "B";
  return c;
}

std::string column_name(const Result& r) {
  return column_of(r.algorithm, r.test.name, r.test.operation, r.data_bytes);
}

// max |t| over the repetitions (shown in a cell).
double max_t(const Result& r) {
  double t = 0;
  for (const Repetition& rep : r.repetitions) t = std::max(t, rep.stats.max_t);
  return t;
}

// x as a percentage of the median (NaN without a median).
double percent(double x, double median) {
  return median > 0 ? 100 * x / median : std::numeric_limits<double>::quiet_NaN();
}
std::string pct(double p) { return std::isfinite(p) ? format_number("%.2g", p) + "%" : "?"; }

// An effect in the counter's unit, in ns and as a percentage of the median: the one way effects are written.
std::string effect_text(double effect, double median, const CounterInfo& c) {
  std::string t = format_number("%.3g", effect) + " " + c.unit;
  if (c.unit != "ns") t += " = " + format_number("%.3g", effect / c.ticks_per_ns) + " ns";
  return t + " = " + pct(percent(effect, median)) + " of the median";
}

bool any_significant_below_target(const Result& r, const stats::LeakThresholds& th) {
  for (const Repetition& rep : r.repetitions)
    if (stats::significant_below_target(rep.stats, th)) return true;
  return false;
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

std::string cell_text(const Result& r, const stats::LeakThresholds& th) {
  if (r.outcome != Outcome::Measured) return outcome_name(r.outcome);
  // Over the repetitions, the figure least favourable to the verdict: a leak's smallest effect, the largest
  // effect no evidence could have missed, the largest significant effect below the target.
  double smallest_leak = std::numeric_limits<double>::infinity(), detectable = 0, target = 0, small = 0;
  for (const Repetition& rep : r.repetitions) {
    const auto& s = rep.stats;
    smallest_leak = std::min(smallest_leak, std::fabs(percent(s.sized_effect, s.median())));
    detectable = std::max(detectable, percent(s.detectable, s.median()));
    target = std::max(target, percent(s.target_effect, s.median()));
    if (stats::significant_below_target(s, th))
      small = std::max(small, std::fabs(percent(s.effect, s.median())));
  }
  switch (r.verdict) {
    case stats::Verdict::Leak:
      return "leak " + pct(smallest_leak);
    case stats::Verdict::NoEvidence:
      if (any_significant_below_target(r, th))
        return "no leak >=" + pct(target) + ": " + pct(small) + " (significant)";
      return "no evidence (sees >=" + pct(detectable) + ")";
    case stats::Verdict::Inconclusive:
      break;
  }
  return "inconclusive (|t| " + format_number("%.3g", max_t(r)) + ")";
}

std::string taint_cell_text(const TaintResult& r) {
  using O = TaintResult::Outcome;
  switch (r.outcome) {
    case O::NotScreened:
      return "not screened";
    case O::Unsupported:
      return "unsupported";
    case O::Failed:
      return "failed";
    case O::Screened:
      break;
  }
  const size_t n = r.sites.size();
  if (r.op.verdict)
    return std::to_string(n) + " site" + (n == 1 ? "" : "s") + " (verdict operation, not judged)";
  if (n == 0) return "clean";
  std::string t = std::to_string(n) + " site" + (n == 1 ? "" : "s") + ": " +
                  std::to_string(r.count("branch")) + " branches, " + std::to_string(r.count("index")) +
                  " indices";
  if (r.ours() > 0) t += ", " + std::to_string(r.ours()) + " in core or adapter";
  return t;
}

namespace {

std::string op_column(const std::string& algorithm, const std::string& operation, size_t bytes) {
  return column_of(algorithm, operation, operation, bytes);
}

// The matrix of the console and the HTML: one row per library; one column per algorithm x test (timing
// alone), or per algorithm x operation with the timing verdict and the taint counts in one cell.
struct Matrix {
  struct Cell {
    std::string text, css;
    std::optional<size_t> link;  // the timing result a leak links to (HTML)
  };
  std::vector<std::string> columns, rows;
  std::map<std::pair<std::string, std::string>, Cell> cells;

  void add(const std::string& row, const std::string& column, const std::string& text, const std::string& css,
           std::optional<size_t> link) {
    if (std::find(columns.begin(), columns.end(), column) == columns.end()) columns.push_back(column);
    if (std::find(rows.begin(), rows.end(), row) == rows.end()) rows.push_back(row);
    auto [it, fresh] = cells.try_emplace({row, column});
    Cell& c = it->second;
    c.text += (fresh ? "" : " | ") + text;
    if (c.css.empty()) c.css = css;
    if (!c.link) c.link = link;
  }
};

std::string css_class(std::string verdict) {
  verdict.erase(std::remove(verdict.begin(), verdict.end(), ' '), verdict.end());
  return verdict;
}

Matrix build_matrix(const std::vector<Result>& results, const ReportContext& ctx) {
  Matrix m;
  const bool both = ctx.timing && ctx.taint;
  for (size_t k = 0; k < results.size(); ++k) {
    const Result& r = results[k];
    const bool leak = r.outcome == Outcome::Measured && r.verdict == stats::Verdict::Leak;
    m.add(r.backend, both ? op_column(r.algorithm, r.test.operation, r.data_bytes) : column_name(r),
          (both ? "timing: " : "") + cell_text(r, ctx.plan.thresholds), css_class(outcome_text(r)),
          leak ? std::optional<size_t>(k) : std::nullopt);
  }
  for (const TaintResult& t : ctx.taint_results) {
    const bool flagged = t.outcome == TaintResult::Outcome::Screened && !t.op.verdict && !t.sites.empty();
    m.add(t.backend, op_column(t.algorithm, t.op.operation, t.data_bytes),
          (both ? "taint: " : "") + taint_cell_text(t), flagged ? "leak" : "", std::nullopt);
  }
  return m;
}

std::string basename_of(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The sites of one taint result, grouped by (where, object, function, kind), largest groups first; sites in
// code without symbols are grouped per object, with their first address.
std::vector<std::pair<std::string, size_t>> site_groups(const TaintResult& r) {
  std::map<std::string, size_t> groups;
  std::map<std::string, std::string> first;
  for (const TaintSite& s : r.sites) {
    const bool verdict_check = r.op.verdict && s.where == "adapter";
    const std::string key = s.where + " " + basename_of(s.object) + " " +
                            (s.function.empty() ? "(no symbol)" : s.function) + " (" + s.kind +
                            (verdict_check ? ", the adapter's branch on the library's verdict" : "") + ")";
    if (++groups[key] == 1) first[key] = s.location;
  }
  std::vector<std::pair<std::string, size_t>> out;
  for (const auto& [key, n] : groups)
    out.emplace_back(key.find("(no symbol)") != std::string::npos ? key + " from " + first[key] : key, n);
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

std::string taint_method_text() {
  return "taint: the secrets marked undefined for Valgrind's memcheck before the call (key before create, "
         "plaintext of an encryption, private scalar), outputs and status marked defined after it; counted: "
         "distinct secret-dependent branches and memory indices";
}

}  // namespace

std::string console_report(const std::vector<Result>& results, const ReportContext& ctx) {
  std::ostringstream o;
  o << (ctx.timing
            ? "Timing-leak screen (dudect-style; evidence, not proof, in either direction: docs/LEAKS.md)\n"
            : "Secret-taint screen under Valgrind (docs/LEAKS.md)\n");
  if (ctx.timing) {
    o << "Counter: " << ctx.counter.name << ", " << ctx.counter.unit;
    if (ctx.counter.unit != "ns") o << " at " << format_number("%.4g", ctx.counter.ticks_per_ns) << " per ns";
    o << "; " << ctx.plan.repetitions << " repetition(s) of at most "
      << format_number("%.3g", ctx.plan.budget_s) << " s per test; leak when an effect of at least "
      << pct(100 * ctx.plan.thresholds.effect_rel) << " of the median (and one counter step) has |t| > "
      << format_number("%.3g", ctx.plan.thresholds.leak_t)
      << " in every repetition, in one direction; pinned to CPU "
      << (ctx.pinned_cpus.empty() ? "none" : ctx.pinned_cpus) << "\n";
  }
  if (ctx.taint) o << "Method " << taint_method_text() << '\n';
  for (const std::string& n : ctx.notes) o << "Note: " << n << '\n';
  const Matrix m = build_matrix(results, ctx);
  // A fixed-width block: every cell padded to its column, the last one too.
  TextTable matrix(std::vector<TableColumn>(1 + m.columns.size()));
  matrix.pad_last_cell(true);
  std::vector<std::string> heading{"library"};
  heading.insert(heading.end(), m.columns.begin(), m.columns.end());
  matrix.add_row(std::move(heading));
  for (const auto& row : m.rows) {
    std::vector<std::string> line{row};
    for (const auto& c : m.columns) {
      auto it = m.cells.find({row, c});
      line.push_back(it == m.cells.end() ? "" : it->second.text);
    }
    matrix.add_row(std::move(line));
  }
  o << '\n';
  matrix.print(o);
  if (ctx.timing) o << "\nDetails (effects are class 0 minus class 1: > 0 when class 0 is slower):\n";
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
      o << "    rep " << i + 1 << ": " << stats::verdict_name(rep.verdict) << ", " << rep.calls
        << " calls in " << format_number("%.2f", rep.elapsed_s) << " s, medians "
        << format_number("%.6g", s.median_a) << " / " << format_number("%.6g", s.median_b) << ' '
        << ctx.counter.unit << "; max |t| " << format_number("%.3g", s.max_t) << " (" << s.max_from
        << ") for an effect of " << effect_text(s.effect, s.median(), ctx.counter);
      if (s.sized_t > 0)
        o << "; max |t| " << format_number("%.3g", s.sized_t) << " (" << s.sized_from
          << ") among effects of the target size, " << effect_text(s.sized_effect, s.median(), ctx.counter);
      o << "; target " << effect_text(s.target_effect, s.median(), ctx.counter) << "; could see "
        << effect_text(s.detectable, s.median(), ctx.counter) << "\n";
    }
  }
  if (ctx.taint) {
    o << "\nTaint details (" << taint_method_text() << "):\n";
    for (const TaintResult& t : ctx.taint_results) {
      o << "  " << t.backend << " " << op_column(t.algorithm, t.op.operation, t.data_bytes) << ": "
        << taint_cell_text(t);
      if (!t.reason.empty()) o << " (" << t.reason << ")";
      if (t.outcome == TaintResult::Outcome::Screened) o << "; marked: " << t.op.secrets;
      o << '\n';
      if (t.op.verdict && !t.sites.empty())
        o << "    a decrypt must branch on its verdict (tag ok?), which depends on the key: its sites are "
             "listed, not judged (docs/LEAKS.md)\n";
      size_t shown = 0;
      for (const auto& [group, n] : site_groups(t)) {
        if (++shown > 8) {
          o << "    ...\n";
          break;
        }
        o << "    " << n << " x " << group << '\n';
      }
    }
  }
  return o.str();
}

std::string json_report(const std::vector<Result>& results, const ReportContext& ctx) {
  using nlohmann::json;
  json j;
  j["schema"] = "cryptauditor-leaks/2";
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
        {"verdict", r.outcome == Outcome::Measured ? json(stats::verdict_name(r.verdict)) : json(nullptr)},
        {"summary", cell_text(r, ctx.plan.thresholds)}};
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
           {"max_from", s.max_from},
           {"effect", s.effect},
           {"effect_ns", s.effect / ctx.counter.ticks_per_ns},
           {"effect_percent", percent(s.effect, s.median())},
           {"sized_t", s.sized_t},
           {"sized_from", s.sized_from},
           {"sized_effect", s.sized_effect},
           {"sized_effect_percent", percent(s.sized_effect, s.median())},
           {"significant_below_target", stats::significant_below_target(s, ctx.plan.thresholds)},
           {"step", s.step},
           {"raw_t", s.raw.t},
           {"cropped_t", s.cropped.t},
           {"cropped_at", s.cropped_at},
           {"decile_max_z", s.deciles.max_abs_z},
           {"decile_at", s.deciles.at},
           {"detectable", s.detectable},
           {"detectable_percent", percent(s.detectable, s.median())},
           {"target_effect", s.target_effect},
           {"target_percent", percent(s.target_effect, s.median())},
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
  json methods = json::array();
  if (ctx.timing) methods.push_back("timing");
  if (ctx.taint) methods.push_back("taint");
  j["methods"] = methods;
  json ts = json::array();
  for (const TaintResult& t : ctx.taint_results) {
    const char* outcome = t.outcome == TaintResult::Outcome::Screened      ? "screened"
                          : t.outcome == TaintResult::Outcome::NotScreened ? "not screened"
                          : t.outcome == TaintResult::Outcome::Unsupported ? "unsupported"
                                                                           : "failed";
    json x = {
        {"backend", t.backend},        {"library", t.library},         {"library_version", t.library_version},
        {"algorithm", t.algorithm},    {"key_bits", t.key_bits},       {"data_bytes", t.data_bytes},
        {"operation", t.op.operation}, {"secrets", t.op.secrets},      {"verdict_operation", t.op.verdict},
        {"outcome", outcome},          {"summary", taint_cell_text(t)}};
    if (!t.reason.empty()) x["reason"] = t.reason;
    if (t.outcome == TaintResult::Outcome::Screened) {
      x["branches"] = t.count("branch");
      x["indices"] = t.count("index");
      x["other"] = t.count("other");
      x["in_core_or_adapter"] = t.ours();
      json sites = json::array();
      for (const TaintSite& site : t.sites)
        sites.push_back({{"kind", site.kind},
                         {"object", site.object},
                         {"function", site.function},
                         {"where", site.where},
                         {"location", site.location}});
      x["sites"] = sites;
    }
    ts.push_back(x);
  }
  j["taint"] = ts;
  // NaN (a statistic of too few calls) is not JSON: nlohmann writes null for it.
  return j.dump(2) + "\n";
}

namespace {

std::string anchor(size_t k) { return "result-" + std::to_string(k + 1); }

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
    << " s each; leak when an effect of at least " << pct(100 * ctx.plan.thresholds.effect_rel)
    << " of the median (and one counter step) has |t| &gt; "
    << format_number("%.3g", ctx.plan.thresholds.leak_t)
    << " in every repetition, in one direction. A leak links to its distributions.</p>\n";
  for (const std::string& n : ctx.notes) o << "<p>Note: " << escape(n) << "</p>\n";
  const Matrix m = build_matrix(results, ctx);
  o << "<table><tr><th>library</th>";
  for (const auto& c : m.columns) o << "<th>" << escape(c) << "</th>";
  o << "</tr>\n";
  for (const auto& row : m.rows) {
    o << "<tr><th>" << escape(row) << "</th>";
    for (const auto& c : m.columns) {
      auto it = m.cells.find({row, c});
      if (it == m.cells.end()) {
        o << "<td>-</td>";
        continue;
      }
      const Matrix::Cell& cell = it->second;
      o << "<td class=\"" << cell.css << "\">";
      if (cell.link)
        o << "<a href=\"#" << anchor(*cell.link) << "\">" << escape(cell.text) << "</a>";
      else
        o << escape(cell.text);
      o << "</td>";
    }
    o << "</tr>\n";
  }
  o << "</table>\n";
  for (size_t k = 0; k < results.size(); ++k) {
    const Result& r = results[k];
    o << "<section id=\"" << anchor(k) << "\"><h2>"
      << escape(r.backend + " " + r.library_version + ": " + column_name(r)) << " &mdash; "
      << escape(cell_text(r, ctx.plan.thresholds))
      << "</h2>\n<p><span class=\"k0\">class 0: " << escape(r.test.class0)
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
        << rep.calls << " calls, max |t| " << format_number("%.3g", s.max_t) << " (" << escape(s.max_from)
        << "), effect " << escape(effect_text(s.effect, s.median(), ctx.counter));
      if (s.sized_t > 0)
        o << "; among effects of the target size max |t| " << format_number("%.3g", s.sized_t) << " ("
          << escape(s.sized_from) << "), " << escape(effect_text(s.sized_effect, s.median(), ctx.counter));
      o << "; target " << escape(effect_text(s.target_effect, s.median(), ctx.counter)) << "; could see "
        << escape(effect_text(s.detectable, s.median(), ctx.counter)) << "; medians "
        << format_number("%.6g", s.median_a) << " / " << format_number("%.6g", s.median_b) << ' '
        << escape(ctx.counter.unit) << "</p>" << distribution_svg(rep, ctx.counter.unit)
        << trace_svg(rep, ctx.plan.thresholds) << "</div>\n";
    }
    o << "</section>\n";
  }
  if (ctx.taint) {
    o << "<section id=\"taint\"><h2>Taint screen</h2>\n<p>" << escape(taint_method_text())
      << ". A decrypt must branch on its public verdict (tag ok?), which depends on the key: its sites are "
         "listed, not judged.</p>\n<table><tr><th>library</th><th>operation</th><th>result</th><th>sites "
         "(where, object, function, kind)</th></tr>\n";
    for (const TaintResult& t : ctx.taint_results) {
      o << "<tr><td>" << escape(t.backend) << "</td><td>"
        << escape(op_column(t.algorithm, t.op.operation, t.data_bytes)) << "</td><td>"
        << escape(taint_cell_text(t));
      if (!t.reason.empty()) o << " (" << escape(t.reason) << ")";
      o << "</td><td>";
      for (const auto& [group, n] : site_groups(t)) o << n << " &times; " << escape(group) << "<br>";
      o << "</td></tr>\n";
    }
    o << "</table></section>\n";
  }
  o << "</body></html>\n";
  return o.str();
}

}  // namespace ca::leaks
