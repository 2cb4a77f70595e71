// The JSON report's schema version (docs/report-schema.md): what `--format json` writes and the versions
// `compare` and `report` read. A bump is one edit here, plus its paragraph in docs/report-schema.md.
#pragma once

namespace ca {

/// The version the JSON writer puts in "schema_version".
/// 2: the interleaved order (comparison, sample_rounds, pairwise_ratios).
/// 3: --processes (processes, process_samples, process_medians_ns; median and CI over the processes').
/// 4: "run": a run stopped early (SIGINT, SIGTERM, --stop-after, a plugin's exit()) says so, and lists
///    the planned records it did not measure; a record absent from results[] no longer means "not offered".
inline constexpr int kReportSchemaVersion = 4;

/// The oldest version the readers accept; every version from it to kReportSchemaVersion is read.
inline constexpr int kOldestReadReportSchemaVersion = 1;

}  // namespace ca
