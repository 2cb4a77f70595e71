#include "util/suggest.hpp"

#include <algorithm>
#include <cctype>

namespace ca {

namespace {

char folded(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

}  // namespace

size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic-programming table are enough: the swap looks two rows back.
  const size_t n = b.size();
  std::vector<size_t> two_back(n + 1), previous(n + 1), current(n + 1);
  for (size_t j = 0; j <= n; ++j) previous[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (size_t j = 1; j <= n; ++j) {
      const bool same = folded(a[i - 1]) == folded(b[j - 1]);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (same ? 0 : 1)});
      if (i > 1 && j > 1 && folded(a[i - 1]) == folded(b[j - 2]) && folded(a[i - 2]) == folded(b[j - 1]))
        current[j] = std::min(current[j], two_back[j - 2] + 1);
    }
    std::swap(two_back, previous);
    std::swap(previous, current);
  }
  return previous[n];
}

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return folded(x) == folded(y); });
}

size_t suggestion_cutoff(std::string_view typed) { return std::clamp<size_t>(typed.size() / 3, 1, 3); }

std::vector<std::string> closest_names(std::string_view typed, std::span<const std::string> candidates) {
  std::vector<std::string> best;
  size_t best_distance = suggestion_cutoff(typed) + 1;
  for (const std::string& c : candidates) {
    const size_t d = edit_distance(typed, c);
    if (d < best_distance) {
      best_distance = d;
      best.clear();
    }
    if (d == best_distance && std::find(best.begin(), best.end(), c) == best.end()) best.push_back(c);
  }
  return best;
}

std::string did_you_mean(const std::vector<std::string>& names) {
  if (names.empty()) return "";
  std::string text = "did you mean ";
  for (size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return text + "?";
}

}  // namespace ca
