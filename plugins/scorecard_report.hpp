// Writers of the library selection scorecard (`cryptauditor select`, core/select/scorecard.hpp): console,
// Markdown, JSON (schema in docs/SELECT.md) and a self-contained HTML page. Each only formats what decide()
// computed.
#pragma once

#include <string>
#include <vector>

#include "select/scorecard.hpp"

namespace ca::select {

/// What the writers say besides the decision: the study, where the vectors came from, notes.
struct ScorecardContext {
  std::string study;                      // the config's name
  std::string vectors;                    // the folder read, or "" when none was found
  std::vector<std::string> notes;         // vectors absent, algorithms without a leak test, ...
  std::vector<std::string> command_line;  // argv
  std::string machine;                    // CPU model
};

/// One line per algorithm: the pick(s) and the runner-up, then passed-over libraries in brief.
std::string scorecard_console(const Scorecard& card, const ScorecardContext& ctx);
std::string scorecard_markdown(const Scorecard& card, const ScorecardContext& ctx);
std::string scorecard_json(const Scorecard& card, const ScorecardContext& ctx);
std::string scorecard_html(const Scorecard& card, const ScorecardContext& ctx);

/// The items with `sep` between them (the writers' lists of libraries and reasons).
std::string joined(const std::vector<std::string>& items, const std::string& sep);

/// A speed cell: "1.00x" for the fastest, "2.09x (2.07-2.11)" with the paired 95 % interval, else the status
/// ("failed", "unsupported", "not measured").
std::string speed_text(const Speed& s);

}  // namespace ca::select
