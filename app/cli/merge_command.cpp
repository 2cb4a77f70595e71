// `cryptauditor merge A.json B.json ... [-o FLEET.json]`: reports from several machines in one document,
// the machine as a dimension (docs/FLEET.md). Nothing is measured; every input is checked as `compare`
// checks a report, and the output is written only once all inputs have been read.
#include <cxxopts.hpp>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/output_files.hpp"
#include "cli/study.hpp"
#include "compare/fleet.hpp"
#include "plugins/fleet_report.hpp"

namespace ca {

int merge_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  cxxopts::Options o(
      "cryptauditor merge",
      "Merges JSON reports from several machines (each run with its own --label) into one fleet "
      "report; `cryptauditor report FLEET.json --format html` renders it as machine x library "
      "tables (docs/FLEET.md).\n");
  o.custom_help("REPORT.json REPORT.json... [-o FLEET.json]");
  o.positional_help("");
  o.add_options()("reports", "the JSON reports (or merged fleets)",
                  cxxopts::value<std::vector<std::string>>())(
      "o,output", "write the merged report to FILE instead of standard output",
      cxxopts::value<std::string>())("quiet", "do not say which file was written")("h,help",
                                                                                   "print this help");
  o.parse_positional({"reports"});
  auto args = o.parse(argc, argv);
  if (args.count("help")) {
    out << o.help() << '\n';
    return kExitOk;
  }
  if (!args.unmatched().empty())
    throw UsageError("unexpected argument '" + args.unmatched().front() + "' (see --help)");
  const auto paths =
      args.count("reports") ? args["reports"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (paths.empty())
    throw UsageError("merge needs JSON reports: cryptauditor merge A.json B.json -o fleet.json (see --help)");
  const std::string path = args.count("output") ? args["output"].as<std::string>() : "";
  if (!path.empty()) {
    output_format("", path, {"json"}, "merge");  // -o fleet.md is refused: merge writes JSON
    check_output_file(path, "-o");
  }
  Result<Fleet> merged = merge_fleet(paths);
  if (!merged) throw UsageError(merged.error().message);
  const Fleet& fleet = *merged;
  std::ostringstream document;
  write_fleet_json(fleet, document);
  const std::string text = document.str();
  return write_report_output(path, text, text, "merged report", args.count("quiet") > 0, out, err) ? kExitOk
                                                                                                 : kExitFailure;
}

}  // namespace ca
