// Known library deviations: Wycheproof tests a library genuinely decides differently from the vector (a
// leniency or limit of the library itself, not of our adapter). Each plugin declares its own, with the
// library versions they were seen in (plugin_abi.h ca_deviation; backends/<library>/deviations.hpp); this
// is only the mechanism that matches a failed test against them. verify prints a match as "deviation
// (documented)" with its reason instead of a failure, and never passes it silently; an entry for versions the
// library does not report is not applied: the test stays a failure, and its detail says why. An adapter bug
// never belongs in those lists: it is a failure until the backend is fixed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plugin/backend.hpp"

namespace ca::verify {

/// A version's numbers: the first run of digits and dots in text ("3.0.22" -> 3 0 22, "OpenSSL 3.0.2 15 Mar
/// 2022" -> 3 0 2, "0.0-test" -> 0 0); empty when text has no digit.
std::vector<uint64_t> version_numbers(std::string_view text);

/// Whether the reported version lies in [first, last] (plugin_abi.h ca_version_range), each bound compared
/// over its own numbers ("2.19" as last covers 2.19.3, not 2.190 or 2.20). An empty bound leaves its side
/// open; with both empty, or a reported version or a bound without numbers, no version is covered.
bool version_in_range(std::string_view reported, std::string_view first, std::string_view last);

/// The range in words: "2.19", "2.19 to 2.21", "2.19 and later", "up to 2.19", "no version".
std::string describe_range(std::string_view first, std::string_view last);

/// What the declared deviations say about one failed test.
struct DeviationMatch {
  bool applies = false;
  /// Added to the test's detail: "documented deviation: <reason>" when an entry covers the reported
  /// version; otherwise "a deviation is declared for <library> <range>, but the library reports <version>:
  /// not applied".
  std::string note;
};

/// The entries for (file, tcId) among `declared`, against the version the library reports: the first entry
/// whose range covers it applies; nullopt when no entry names the test.
std::optional<DeviationMatch> match_deviation(const std::vector<DeclaredDeviation>& declared,
                                              std::string_view library, std::string_view reported_version,
                                              std::string_view file, int64_t tc_id);

}  // namespace ca::verify
