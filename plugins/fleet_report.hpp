// Merged reports of several machines (`cryptauditor merge`, docs/FLEET.md) as JSON (the merged document,
// fleet_json.cpp), or as Markdown or HTML (fleet_report.cpp): per
// (algorithm, key, operation, data size), a machine x library table of medians with each machine's fastest
// library marked, and in HTML a bar chart per table (machines as groups, libraries as bars). Absolute times
// of different machines are shown side by side, not ranked against each other: the winner is per machine.
#pragma once

#include <ostream>

#include "compare/fleet.hpp"

namespace ca {

/// The formats a fleet renders to: "markdown" and "html".
bool fleet_format_supported(const std::string& format);

/// Writes the fleet in a supported format; times in `unit`.
void write_fleet_report(const Fleet& fleet, const std::string& format, TimeUnit unit, std::ostream& out);

/// `merge`'s document (fleet_json.cpp): {"fleet_schema_version": report/schema.hpp's kFleetSchemaVersion,
/// "machines": [{"label", "source", "context", "results"}]}, each record as the JSON report writes it.
void write_fleet_json(const Fleet& fleet, std::ostream& out);

}  // namespace ca
