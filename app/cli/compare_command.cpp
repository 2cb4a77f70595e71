// `cryptauditor compare BASE.json NEW.json [--threshold 5%] [--strict] [--format table|json]`: which rows of
// two JSON reports changed, by how much, and whether significantly over the per-process medians
// (docs/COMPARE.md). Exit status 1 when a testable row is significantly slower by more than the threshold,
// so a CI job can fail on a regression; 3 under --strict when no row was testable.
#include <algorithm>
#include <cxxopts.hpp>
#include <stdexcept>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/setting_flags.hpp"
#include "compare/compare.hpp"
#include "compare/report_file.hpp"
#include "plugins/compare_report.hpp"

namespace ca {
namespace {

constexpr int kExitNothingTestable = 3;  // --strict: no row had 2 or more processes on each side

cxxopts::Options compare_options() {
  cxxopts::Options o(
      "cryptauditor compare",
      "Compares two JSON reports (cryptauditor --format json) row by row: the change (of the geometric "
      "means of the process medians), its 95% CI, and Welch's t-test on the logs of the per-process medians "
      "of reports made with --processes N, Benjamini-Hochberg adjusted across the testable rows (q = "
      "0.05), each row against the shift every row shares when 8 or more are testable; the exact "
      "Mann-Whitney U p is shown beside it, and each testable row shows the smallest change it could "
      "detect (80% power). A row with 1 process on either side is 'not testable: 1 process' and never "
      "significant. Exit status 1 when a testable row is significant (adjusted p <= 0.05) and its change "
      "exceeds the threshold (SLOWER), or when a row measured in the base "
      "report is missing or not measured in the new one (unless --allow-missing); 2 when no row can be "
      "compared (or a usage error); 3 with --strict when no row is testable; 0 otherwise. Reports from "
      "different machines (CPU model, CPU count or features, or machine label / host name differ) are "
      "compared by each library's ratio to the other libraries of its row, not by absolute time, and the "
      "report says so.\n");
  o.custom_help(
      "BASE.json NEW.json [--threshold PCT] [-u UNIT] [--allow-missing] [--strict] [--relative|--absolute] "
      "[--no-drift] " +
      format_usage("compare"));
  o.positional_help("");
  o.add_options()("reports", "the two reports", cxxopts::value<std::vector<std::string>>())(
      "threshold", "smallest change of the median that counts, in % (5 or 5%)",
      cxxopts::value<std::string>()->default_value("5%"));
  cxxopts::OptionAdder add = o.add_options();
  add_setting_flag(add, SettingId::Unit, SettingsCommand::Compare);
  add("format",
      format_choices("compare") +
          " (json: the same rows and decision for CI; schema in docs/COMPARE.md; text is table)",
      cxxopts::value<std::string>()->default_value(command_formats("compare").front()))(
      "allow-missing",
      "exit 0 even when rows measured in the base report are missing or not measured (failed, unsupported) "
      "in the new one")(
      "strict",
      "exit 3 when no row is testable (every row has 1 process on a side): for CI, where a gate that "
      "tests nothing must not pass")(
      "relative",
      "compare each library's time relative to the other libraries of its row even when both reports come "
      "from one machine")("absolute",
                          "compare absolute times even when the reports come from different machines")(
      "no-drift",
      "test each row against no change, not against the shift every row shares (the machine running faster "
      "or slower between the reports; measured over 8 or more testable rows, docs/COMPARE.md)")(
      "h,help", "print this help");
  o.parse_positional({"reports"});
  return o;
}

ReportFile read(const std::string& path) {
  Result<ReportFile> report = read_report_file(path);
  if (!report) throw UsageError(report.error().message);
  return std::move(*report);
}

// Why nothing can be compared, for the one-line usage error: the new report is empty, nothing in one of
// them was measured, or they share no measured row.
std::string nothing_to_compare(const ReportFile& base, const ReportFile& candidate) {
  auto measured = [](const ReportFile& f) {
    return std::count_if(f.records.begin(), f.records.end(),
                         [](const Record& r) { return r.ok() && !r.measurement.sample_ns.empty(); });
  };
  if (base.records.empty()) return base.path + " has no results: nothing to compare";
  if (candidate.records.empty()) return candidate.path + " has no results: nothing to compare";
  if (measured(base) == 0)
    return base.path + ": none of its " + std::to_string(base.records.size()) +
           " results was measured (all unsupported or failed): nothing to compare";
  if (measured(candidate) == 0)
    return candidate.path + ": none of its " + std::to_string(candidate.records.size()) +
           " results was measured (all unsupported or failed): nothing to compare";
  return base.path + " and " + candidate.path +
         " share no measured row (rows match by backend, algorithm, key bits, operation and size): "
         "nothing to compare";
}

}  // namespace

int compare_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  auto options = compare_options();
  auto args = options.parse(argc, argv);
  if (args.count("help")) {
    out << options.help() << '\n';
    return kExitOk;
  }
  const auto reports =
      args.count("reports") ? args["reports"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (reports.size() != 2)
    throw UsageError("compare needs two reports, got " + std::to_string(reports.size()) +
                     ": cryptauditor compare BASE.json NEW.json (see --help)");

  CompareSettings settings;
  std::string threshold = args["threshold"].as<std::string>();
  if (!threshold.empty() && threshold.back() == '%') threshold.pop_back();
  settings.threshold =
      parse_positive("--threshold", threshold.empty() ? args["threshold"].as<std::string>() : threshold,
                     "a percentage > 0, e.g. 5 or 5%") /
      100.0;

  const std::string format = checked_format("compare", args["format"].as<std::string>());
  const bool json = format == "json";

  const ReportFile base = read(reports[0]);
  const ReportFile candidate = read(reports[1]);
  // -u, else the base run's -u, else the one unit the medians of both reports read best in.
  std::vector<double> medians;
  for (const ReportFile* f : {&base, &candidate})
    for (const Record& r : f->records)
      if (r.ok()) medians.push_back(r.summary.median);
  TimeUnit unit = base.unit_given ? base.unit : readable_unit(medians);
  RunSettings typed;
  read_setting_flags(args, typed);  // -u
  if (typed.unit_given) unit = typed.unit;
  if (args.count("relative") && args.count("absolute"))
    throw UsageError("--relative and --absolute do not go together");
  const bool elsewhere = different_machines(base, candidate);
  settings.relative = args.count("relative") > 0 || (elsewhere && !args.count("absolute"));
  settings.drift = args.count("no-drift") == 0;
  if (elsewhere && !json)
    out << "The reports come from different machines (base: " << base.machine
        << "; new: " << candidate.machine << "): "
        << (settings.relative
                ? "comparing the libraries' ratios, not their absolute times (--absolute compares "
                  "the times)"
                : "comparing absolute times, as --absolute asks")
        << "\n";
  const Comparison comparison = compare_records(base.records, candidate.records, settings);
  if (comparison.compared == 0 && settings.relative && !comparison.rows.empty())
    throw UsageError(base.path + " and " + candidate.path +
                     ": no row has two libraries measured in both reports, and a comparison by ratios needs "
                     "them (--absolute compares the times): nothing to compare");
  if (comparison.compared == 0) throw UsageError(nothing_to_compare(base, candidate));
  if (json)
    write_comparison_json(comparison, settings, base, candidate, out);
  else
    print_comparison(comparison, settings, unit, base.path, candidate.path, out);
  if (comparison.missing > 0 && !args.count("allow-missing")) {
    err << "cryptauditor: " << comparison.missing << (comparison.missing == 1 ? " row" : " rows")
        << " measured in " << base.path << " missing or not measured in " << candidate.path
        << " (--allow-missing accepts that)\n";
    return kExitFailure;
  }
  if (comparison.slower > 0) return kExitFailure;
  if (comparison.testable == 0 && args.count("strict")) {
    err << "cryptauditor: --strict: none of the " << comparison.compared
        << " compared rows is testable (each has 1 process on at least one side; measure with --processes "
           "N)\n";
    return kExitNothingTestable;
  }
  return kExitOk;
}

}  // namespace ca
