// "Did you mean ...?": the names closest to a mistyped one, by edit distance. One pure function used for
// algorithm names (catalog), backends, subcommands and flags (app/cli), so that every suggestion follows
// the same rule (tests/suggest_test.cpp).
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ca {

/// The optimal-string-alignment form of the Damerau-Levenshtein distance, ignoring ASCII case: the fewest
/// insertions, deletions, substitutions and swaps of two neighbouring characters that turn `a` into `b`
/// ("AES-GMC" -> "AES-GCM" is 1, "verfy" -> "verify" is 1).
size_t edit_distance(std::string_view a, std::string_view b);

/// Equal ignoring ASCII case (backend and subcommand names are matched so).
bool equal_ignoring_case(std::string_view a, std::string_view b);

/// The largest distance at which a name still counts as a typo of `typed`: a third of its length, at least
/// 1 and at most 3 ("lst": 1, "AES-GMC": 2, a 12-character name: 3). Beyond it a suggestion is a guess.
size_t suggestion_cutoff(std::string_view typed);

/// The candidates nearest to `typed` within suggestion_cutoff(typed), in the candidates' order; every one
/// at the smallest distance (ties), none when nothing is near. A candidate equal to `typed` ignoring case
/// is at distance 0 and so the only answer.
std::vector<std::string> closest_names(std::string_view typed, std::span<const std::string> candidates);

/// "did you mean AES-GCM?" / "did you mean ECDSA or EDDSA?" for closest_names' answer; "" for none.
std::string did_you_mean(const std::vector<std::string>& names);

}  // namespace ca
