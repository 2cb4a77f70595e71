// Record <-> JSON, in one place: the JSON report's results[] objects (docs/report-schema.md), the journal's
// lines and `cryptauditor compare` all read and write records through these two functions.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "record/record.hpp"
#include "util/result.hpp"

namespace ca {

/// One results[] object of the JSON report. Undefined statistics (NaN) become null.
nlohmann::json record_to_json(const Record& record);

/// For nlohmann's `json j = record;`.
inline void to_json(nlohmann::json& j, const Record& record) { j = record_to_json(record); }

/// Reads what record_to_json wrote. The summary is recomputed from samples_ns (the same function of the
/// same numbers, so it is identical); the calibrated batch size is not stored and stays 0, and timed_ns is
/// rebuilt from the samples. Fields it does not need (median_ns, ...) are not read. A malformed object's
/// Error is the JSON pointer below the object (possibly empty) and what was expected, e.g. "/samples_ns/3:
/// expected a number, got a string (\"x\")": callers prefix where the object is ("report.json: /results/7").
Result<Record> record_from_json(const nlohmann::json& j);

/// "a string", "an array", ... for messages about a JSON value of the wrong type.
std::string json_type_phrase(const nlohmann::json& j);

}  // namespace ca
