// The schema versions of every JSON document cryptauditor writes, each written and read from here: the JSON
// report (docs/report-schema.md: what `--format json` writes and the versions `compare` and `report` read)
// and the other commands' documents. A bump is one edit here, plus its paragraph in the docs.
#pragma once

namespace ca {

/// The version the JSON writer puts in "schema_version".
/// 2: the interleaved order (comparison, sample_rounds, pairwise_ratios).
/// 3: --processes (processes, process_samples, process_medians_ns; median and CI over the processes').
/// 4: "run": a run stopped early (SIGINT, SIGTERM, --stop-after, a plugin's exit()) says so, and lists
///    the planned records it did not measure; a record absent from results[] no longer means "not offered".
/// 5: a record's interval is "ci_ns" with its exact level "ci_level" (was "ci95_ns" and "ci_coverage",
///    the same interval at the same level, whose key said 95 % where it held 75 % with three processes);
///    "threads" likewise; pairwise_ratios' "ci_coverage" is "ci_level". Readers recompute both from the
///    samples, so every version reads the same.
inline constexpr int kReportSchemaVersion = 5;

/// The oldest version the readers accept; every version from it to kReportSchemaVersion is read.
inline constexpr int kOldestReadReportSchemaVersion = 1;

/// `merge`'s fleet document ("fleet_schema_version", docs/FLEET.md): written by plugins/fleet_json.cpp, read
/// by compare/fleet.cpp, which reads this version only.
inline constexpr int kFleetSchemaVersion = 1;

/// `compare --format json` ("compare_schema_version", docs/COMPARE.md).
/// 2: "drift" (the shift every row shares), rows' "change" is against it when applied ("change_absolute"
///    is not), "ci95_change" is Welch's interval (was a bootstrap), summary "processes_needed" and "beyond".
inline constexpr int kCompareSchemaVersion = 2;

/// `verify --format json` ("verify_schema_version", docs/VERIFY.md).
inline constexpr int kVerifySchemaVersion = 1;

/// `list --format json` ("schema_version", docs/REPORTS.md).
inline constexpr int kListSchemaVersion = 1;

/// `select --format json` ("scorecard_version", docs/SELECT.md).
inline constexpr int kScorecardSchemaVersion = 1;

}  // namespace ca
