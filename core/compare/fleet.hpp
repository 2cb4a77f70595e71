// Reports from several machines in one document (`cryptauditor merge`, docs/FLEET.md): the machine is a
// dimension. Each machine keeps its report's context and records unchanged; nothing is re-measured.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "record/record.hpp"
#include "util/result.hpp"
#include "util/units.hpp"

namespace ca {

struct FleetMachine {
  std::string label;       // --label at run time, else the host name, else the file name
  std::string source;      // the file it came from
  nlohmann::json context;  // the report's context, as written
  std::vector<Record> records;
  TimeUnit unit = TimeUnit::Ms;
  bool unit_given = true;  // ReportFile::unit_given
};

struct Fleet {
  std::vector<FleetMachine> machines;
};

/// Whether a parsed document is a merged fleet (rather than one report).
bool is_fleet_document(const nlohmann::json& doc);

/// Reads a report (one machine) or a merged fleet (its machines) from a file, each report checked as
/// `compare` checks it. An Error names the file and the JSON pointer.
Result<std::vector<FleetMachine>> read_fleet_inputs(const std::string& path);

/// Merges the machines of several inputs. Two machines with one label are an Error naming both files (give
/// the runs distinct --label values).
Result<Fleet> merge_fleet(const std::vector<std::string>& paths);

}  // namespace ca
