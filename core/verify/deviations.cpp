#include "verify/deviations.hpp"

#include <limits>

namespace ca::verify {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// -1, 0 or 1 as `reported` is before, within or after the version `bound` names, over the bound's numbers
// (a number the reported version lacks counts as 0: 2.19 is 2.19.0).
int compare_to_bound(const std::vector<uint64_t>& reported, const std::vector<uint64_t>& bound) {
  for (size_t i = 0; i < bound.size(); ++i) {
    const uint64_t r = i < reported.size() ? reported[i] : 0;
    if (r != bound[i]) return r < bound[i] ? -1 : 1;
  }
  return 0;
}

}  // namespace

std::vector<uint64_t> version_numbers(std::string_view text) {
  std::vector<uint64_t> numbers;
  size_t i = 0;
  while (i < text.size() && !is_digit(text[i])) ++i;
  while (i < text.size() && is_digit(text[i])) {
    uint64_t n = 0;
    for (; i < text.size() && is_digit(text[i]); ++i) {
      const uint64_t digit = static_cast<uint64_t>(text[i] - '0');
      n = n > (std::numeric_limits<uint64_t>::max() - digit) / 10 ? std::numeric_limits<uint64_t>::max()
                                                                  : n * 10 + digit;
    }
    numbers.push_back(n);
    if (i + 1 < text.size() && text[i] == '.' && is_digit(text[i + 1]))
      ++i;
    else
      break;
  }
  return numbers;
}

bool version_in_range(std::string_view reported, std::string_view first, std::string_view last) {
  if (first.empty() && last.empty()) return false;
  const std::vector<uint64_t> version = version_numbers(reported);
  if (version.empty()) return false;
  if (!first.empty()) {
    const std::vector<uint64_t> bound = version_numbers(first);
    if (bound.empty() || compare_to_bound(version, bound) < 0) return false;
  }
  if (!last.empty()) {
    const std::vector<uint64_t> bound = version_numbers(last);
    if (bound.empty() || compare_to_bound(version, bound) > 0) return false;
  }
  return true;
}

std::string describe_range(std::string_view first, std::string_view last) {
  if (first.empty() && last.empty()) return "no version";
  if (last.empty()) return std::string(first) + " and later";
  if (first.empty()) return "up to " + std::string(last);
  if (first == last) return std::string(first);
  return std::string(first) + " to " + std::string(last);
}

std::optional<DeviationMatch> match_deviation(const std::vector<DeclaredDeviation>& declared,
                                              std::string_view library, std::string_view reported_version,
                                              std::string_view file, int64_t tc_id) {
  std::string ranges;  // of the entries for this test, none of which applies
  for (const DeclaredDeviation& d : declared) {
    if (d.file != file || d.tc_id != tc_id) continue;
    if (version_in_range(reported_version, d.first_version, d.last_version))
      return DeviationMatch{true, "documented deviation: " + d.reason};
    ranges += (ranges.empty() ? "" : ", ") + describe_range(d.first_version, d.last_version);
  }
  if (ranges.empty()) return std::nullopt;
  return DeviationMatch{false, "a deviation is declared for " + std::string(library) + " " + ranges +
                                   ", but the library reports " + std::string(reported_version) +
                                   ": not applied"};
}

}  // namespace ca::verify
