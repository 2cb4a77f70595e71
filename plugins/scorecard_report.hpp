// Writers of the library selection scorecard (`cryptauditor select`, core/select/scorecard.hpp): console,
// Markdown, JSON (schema in docs/SELECT.md) and a self-contained HTML page. Each only formats what decide()
// computed.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "select/scorecard.hpp"
#include "util/result.hpp"

namespace ca::select {

/// What the writers say besides the decision: the study, where the vectors came from, notes.
struct ScorecardContext {
  std::string study;                      // the config's name
  std::string vectors;                    // the folder read, or "" when none was found
  std::vector<std::string> notes;         // vectors absent, algorithms without a leak test, ...
  std::vector<std::string> command_line;  // argv
  std::string machine;                    // CPU model
  std::vector<std::string> warnings;      // the machine check's warnings (Environment::warnings)
};

/// Per algorithm: the pick(s), then one line for each library the card names (the picks, the runner-up, the
/// libraries passed over for a reason other than "not offered") with its speed at the decision row and the
/// 95 % interval, its Wycheproof tally and its leak verdict; then the machine check's warnings and the notes.
std::string scorecard_console(const Scorecard& card, const ScorecardContext& ctx);
std::string scorecard_markdown(const Scorecard& card, const ScorecardContext& ctx);
std::string scorecard_json(const Scorecard& card, const ScorecardContext& ctx);
std::string scorecard_html(const Scorecard& card, const ScorecardContext& ctx);

/// A scorecard JSON document (scorecard_json's, `"schema": "cryptauditor-scorecard"`) read back, for
/// `cryptauditor report`: every writer gives the same text from it as from the decision. A document of
/// another schema, or a field of the wrong type, is an Error naming the field.
struct ScorecardDocument {
  Scorecard card;
  ScorecardContext ctx;
};
bool is_scorecard_document(const nlohmann::json& doc);
Result<ScorecardDocument> read_scorecard_json(const nlohmann::json& doc);

/// The items with `sep` between them (the writers' lists of libraries and reasons).
std::string joined(const std::vector<std::string>& items, const std::string& sep);

/// A speed cell: "1.00x" for the fastest, "2.09x (2.07-2.11)" with the paired 95 % interval, else the status
/// ("failed", "unsupported", "not measured").
std::string speed_text(const Speed& s);

}  // namespace ca::select
