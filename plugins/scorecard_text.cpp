// The scorecard on the console (one line per algorithm) and in Markdown (the full card).
#include <sstream>

#include "plugins/library_grid.hpp"
#include "plugins/scorecard_report.hpp"
#include "plugins/text_table.hpp"
#include "util/units.hpp"

namespace ca::select {

std::string speed_text(const Speed& s) {
  if (s.status != "ok") return s.status;
  if (s.ratio <= 0) return "-";
  std::string t = format_significant(s.ratio, 3) + "x";
  if (s.paired && s.ratio != 1.0)
    t += " (" + format_significant(s.ci.low, 3) + "-" + format_significant(s.ci.high, 3) + ")";
  return t;
}

std::string joined(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}
namespace {

std::string title(const Card& c) {
  return c.algorithm + (c.key_bits ? " " + std::to_string(c.key_bits) + "-bit" : std::string());
}

}  // namespace

std::string scorecard_console(const Scorecard& card, const ScorecardContext& ctx) {
  std::ostringstream o;
  o << "Library selection" << (ctx.study.empty() ? "" : ": " + ctx.study) << '\n';
  for (const Card& c : card.cards) {
    const auto picks = c.recommended();
    const std::string runner = c.runner_up();
    o << "  " << title(c) << ": "
      << (picks.empty() ? std::string("no library recommended") : "use " + joined(picks, " or "))
      << "  [speed: time / the fastest's at " << c.decision_operation << " " << format_size(c.decision_bytes)
      << ", 95 % CI]\n";
    // The libraries the card names, each with the evidence it was judged on.
    TextTable rows({{Align::Left}, {Align::Left}, {Align::Left}, {Align::Left}, {Align::Left}});
    rows.indent("    ");
    for (const Row& r : c.rows) {
      const bool passed_over = r.decision == Decision::PassedOver;
      if (passed_over && r.reasons.size() == 1 && r.reasons[0] == "not offered") continue;
      if (!passed_over && r.decision != Decision::Recommended && r.backend.name != runner) continue;
      std::string speed = "-";
      for (const Speed& s : r.speed)
        if (s.operation == c.decision_operation && s.data_bytes == c.decision_bytes) speed = speed_text(s);
      const std::string role = r.decision == Decision::Recommended ? "recommended"
                               : passed_over                        ? "passed over: " + r.reasons.front()
                                                                    : "runner-up";
      rows.add_row({r.backend.name, role, speed, "Wycheproof: " + r.conformance, "leaks: " + r.leak});
    }
    rows.print(o);
  }
  for (const auto& w : ctx.warnings)
    for (const std::string& line : wrap_text("warning: " + w, 118, "", "  ")) o << line << '\n';
  for (const auto& n : ctx.notes) o << "note: " << n << '\n';
  return o.str();
}

std::string scorecard_markdown(const Scorecard& card, const ScorecardContext& ctx) {
  std::ostringstream o;
  o << "# Library selection" << (ctx.study.empty() ? "" : ": " + markdown_escape(ctx.study)) << "\n\n";
  if (!ctx.machine.empty()) o << "Machine: " << markdown_escape(ctx.machine) << "  \n";
  o << "Wycheproof vectors: " << (ctx.vectors.empty() ? "not found" : markdown_escape(ctx.vectors)) << "\n\n";
  o << "**Rule.** " << markdown_escape(card.rule) << "\n\n";
  for (const auto& w : ctx.warnings) o << "> **Warning:** " << markdown_escape(w) << "\n\n";
  for (const auto& n : ctx.notes) o << "- note: " << markdown_escape(n) << '\n';
  if (!ctx.notes.empty()) o << '\n';
  for (const Card& c : card.cards) {
    o << "## " << title(c) << "\n\n";
    const auto picks = c.recommended();
    o << "Recommended: " << (picks.empty() ? std::string("none") : "**" + joined(picks, "**, **") + "**")
      << " (decided on " << c.decision_operation << " at " << format_size(c.decision_bytes) << ")\n\n";
    o << "| Library | Decision | Reason / notes |";
    for (const Speed& s : c.rows.front().speed)
      o << ' ' << s.operation << ' ' << format_size(s.data_bytes) << " |";
    o << " Wycheproof | Timing leaks | Version | Acceleration |\n|---|---|---|";
    for (size_t i = 0; i < c.rows.front().speed.size(); ++i) o << "---|";
    o << "---|---|---|---|\n";
    for (const Row& r : c.rows) {
      const auto& why = r.decision == Decision::PassedOver ? r.reasons : r.notes;
      o << "| " << markdown_escape(r.backend.name) << " | " << decision_name(r.decision) << " | "
        << markdown_escape(joined(why, "; ")) << " |";
      for (const Speed& s : r.speed) o << ' ' << markdown_escape(speed_text(s)) << " |";
      o << ' ' << markdown_escape(r.conformance) << " | " << markdown_escape(r.leak) << " | "
        << markdown_escape(r.backend.library + " " + r.backend.version) << " | "
        << markdown_escape(r.backend.acceleration) << " |\n";
    }
    o << "\nSpeed cells: time / the fastest library's at that size (1x: the fastest), with the 95 % CI of "
         "the "
         "paired ratio.\n\n";
  }
  return o.str();
}

}  // namespace ca::select
