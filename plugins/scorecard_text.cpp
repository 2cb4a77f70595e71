// The scorecard on the console (one line per algorithm) and in Markdown (the full card).
#include <sstream>

#include "plugins/library_grid.hpp"
#include "plugins/scorecard_report.hpp"
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
      << (picks.empty() ? std::string("no library recommended") : "use " + joined(picks, " or "));
    if (!runner.empty()) {
      for (const Row& r : c.rows)
        if (r.backend.name == runner)
          o << "; runner-up " << runner
            << (r.decision_ratio > 0 ? " (" + format_significant(r.decision_ratio, 3) + "x)" : std::string());
    }
    std::vector<std::string> over;
    for (const Row& r : c.rows)
      if (r.decision == Decision::PassedOver && !(r.reasons.size() == 1 && r.reasons[0] == "not offered"))
        over.push_back(r.backend.name + ": " + r.reasons.front());
    if (!over.empty()) o << "; passed over " << joined(over, ", ");
    o << "  [" << c.decision_operation << " " << format_size(c.decision_bytes) << "]\n";
  }
  for (const auto& n : ctx.notes) o << "note: " << n << '\n';
  return o.str();
}

std::string scorecard_markdown(const Scorecard& card, const ScorecardContext& ctx) {
  std::ostringstream o;
  o << "# Library selection" << (ctx.study.empty() ? "" : ": " + markdown_escape(ctx.study)) << "\n\n";
  if (!ctx.machine.empty()) o << "Machine: " << markdown_escape(ctx.machine) << "  \n";
  o << "Wycheproof vectors: " << (ctx.vectors.empty() ? "not found" : markdown_escape(ctx.vectors)) << "\n\n";
  o << "**Rule.** " << markdown_escape(card.rule) << "\n\n";
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
