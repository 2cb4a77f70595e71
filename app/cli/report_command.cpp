// `cryptauditor report FILE.json --format FORMAT [-o OUT]`: a saved JSON report rendered in another format,
// without measuring. The records come back through the same reader as `compare` (compare/report_file),
// the environment and settings from the report's context, so the tables are the ones the run would have
// printed.
#include <algorithm>
#include <cxxopts.hpp>
#include <optional>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/output_files.hpp"
#include "cli/setting_flags.hpp"
#include "cli/study.hpp"
#include "compare/fleet.hpp"
#include "compare/report_file.hpp"
#include "plugins/fleet_report.hpp"
#include "plugins/scorecard_report.hpp"
#include "util/input_file.hpp"
#include "util/json_text.hpp"

namespace ca {
namespace {

using nlohmann::json;

// A value of the context, or `fallback` when absent or of another type: reports written by older versions
// lack some fields, and a report that renders with a blank line beats one that does not render.
template <class T>
T field(const json& object, const char* name, T fallback) {
  auto it = object.find(name);
  if (it == object.end() || it->is_null()) return fallback;
  try {
    return it->get<T>();
  } catch (const json::exception&) {
    return fallback;
  }
}

Environment environment_from(const json& context) {
  Environment env;
  env.program_version = field<std::string>(context, "program_version", "");
  env.project_commit = field<std::string>(context, "project_commit", "");
  env.date = field<std::string>(context, "date", "");
  env.host_name = field<std::string>(context, "host_name", "");
  env.cpu_model = field<std::string>(context, "cpu_model", "");
  env.cpu_features = field<std::vector<std::string>>(context, "cpu_features", {});
  env.cpu_mhz = field<double>(context, "cpu_mhz", 0);
  env.logical_cpus = field<unsigned>(context, "logical_cpus", 0);
  env.cpu_affinity = field<std::string>(context, "cpu_affinity", "");
  env.governor = field<std::string>(context, "governor", "");
  env.turbo = field<std::string>(context, "turbo", "");
  env.virtualized = field<bool>(context, "virtualized", false);
  env.kernel = field<std::string>(context, "kernel", "");
  env.compiler = field<std::string>(context, "compiler", "");
  env.build_type = field<std::string>(context, "build_type", "");
  env.clock_overhead_ns = field<double>(context, "clock_overhead_ns", 0);
  env.empty_operation_ns = field<double>(context, "empty_operation_ns", 0);
  env.warnings = field<std::vector<std::string>>(context, "warnings", {});
  if (auto it = context.find("peak_memory"); it != context.end() && it->is_object()) {
    env.peak_program_bytes = field<uint64_t>(*it, "program_bytes", 0);
    env.peak_worker_bytes = field<uint64_t>(*it, "largest_worker_bytes", 0);
  }
  if (auto it = context.find("machine_checks"); it != context.end() && it->is_array())
    for (const json& c : *it) {
      if (!c.is_object()) continue;
      const std::string status = field<std::string>(c, "status", "unknown");
      env.machine_checks.push_back({field<std::string>(c, "check", ""),
                                    status == "ok"        ? MachineCheck::Status::Ok
                                    : status == "warning" ? MachineCheck::Status::Warning
                                                          : MachineCheck::Status::Unknown,
                                    field<std::string>(c, "finding", ""), field<std::string>(c, "fix", ""),
                                    field<std::string>(c, "short_fix", "")});
    }
  if (auto it = context.find("backends"); it != context.end() && it->is_array())
    for (const json& b : *it)
      if (b.is_object())
        env.backends.push_back({field<std::string>(b, "name", ""), field<std::string>(b, "library", ""),
                                field<std::string>(b, "version", ""),
                                field<std::string>(b, "acceleration", ""),
                                field<std::string>(b, "path", "")});
  return env;
}

ReportSettings settings_from(const json& context, TimeUnit unit) {
  ReportSettings s;
  // A report without them shows them as 0, as before the settings table read them.
  s.budget_s = 0;
  s.target_rel_ci = 0;
  const json settings = context.value("settings", json::object());
  settings_from_report(settings, s);  // each run setting by its report key (settings/run_settings.hpp)
  s.unit = unit;
  if (settings.is_object()) s.command_line = field<std::vector<std::string>>(settings, "command_line", {});
  return s;
}

// docs/report-schema.md "run" (version 4): a partial run's reason and the planned records it did not
// measure; nothing for a complete run or an older report.
std::optional<PartialRun> partial_from(const json& doc) {
  auto run = doc.find("run");
  if (run == doc.end() || !run->is_object() || field<bool>(*run, "complete", true)) return std::nullopt;
  PartialRun p;
  p.stopped_by = field<std::string>(*run, "stopped_by", "stopped early");
  p.planned = field<size_t>(*run, "planned_records", 0);
  if (auto missing = run->find("not_measured"); missing != run->end() && missing->is_array())
    for (const json& k : *missing)
      if (k.is_object())
        p.not_measured.emplace_back(field<std::string>(k, "backend", ""),
                                    field<std::string>(k, "algorithm", ""), field<uint32_t>(k, "key_bits", 0),
                                    field<std::string>(k, "operation", ""),
                                    field<size_t>(k, "data_bytes", 0));
  return p;
}

}  // namespace

int report_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  cxxopts::Options o("cryptauditor report",
                     "Renders a saved JSON report (cryptauditor --format json or --export-json) in another "
                     "format, without measuring anything. A merged fleet report (cryptauditor merge) renders "
                     "as machine x library tables in markdown (the default for a fleet) or html; a scorecard "
                     "(cryptauditor select) as table, markdown, json or html.\n");
  o.custom_help("REPORT.json --format FORMAT [-o OUT]");
  o.positional_help("");
  std::string formats;
  for (const auto& [name, _] : reporter_names()) formats += (formats.empty() ? "" : ", ") + name;
  o.add_options()("report", "the JSON report", cxxopts::value<std::string>())(
      "format", "output format: " + formats, cxxopts::value<std::string>()->default_value("table"))(
      "o,output", "write the report to FILE instead of standard output (its extension sets the format)", cxxopts::value<std::string>());
  cxxopts::OptionAdder add = o.add_options();
  add_setting_flag(add, SettingId::Unit, SettingsCommand::Report);
  add_setting_flag(add, SettingId::Layout, SettingsCommand::Report);
  add("quiet", "do not say which file was written");
  add("h,help", "print this help");
  o.parse_positional({"report"});
  auto args = o.parse(argc, argv);
  if (args.count("help")) {
    out << o.help() << '\n';
    return kExitOk;
  }
  if (!args.unmatched().empty())
    throw UsageError("unexpected argument '" + args.unmatched().front() + "' (report takes one JSON report)");
  if (!args.count("report"))
    throw UsageError(
        "report needs a JSON report: cryptauditor report REPORT.json --format html (see --help)");
  const std::string path = args["report"].as<std::string>();
  // A merged fleet report renders as markdown unless told (its formats are html and markdown).
  const bool format_given = args.count("format") > 0;
  OutputSpec output = report_output(args, "report");
  check_outputs({output}, "-o");

  const Result<std::string> raw = read_input_file(path);
  if (!raw) throw UsageError(raw.error().message);
  Result<json> parsed = parse_json_text(*raw, path);
  if (!parsed)
    throw UsageError(
        "report expects a JSON report (written by --format json or --export-json, or a fleet "
        "by cryptauditor merge); " +
        path + " is not JSON: " + parsed.error().message);
  const json& doc = *parsed;
  std::ostringstream text;
  if (select::is_scorecard_document(doc)) {
    // A scorecard of `cryptauditor select`: the formats select writes, by the same writers.
    const std::vector<std::string> formats = command_formats("select");  // a copy: g++ 14 -Wdangling-reference
    if (std::find(formats.begin(), formats.end(), output.format) == formats.end())
      throw UsageError("--format '" + output.format + "' is not valid for a scorecard (" + path + "): expected " +
                       format_choices("select"));
    Result<select::ScorecardDocument> card = select::read_scorecard_json(doc);
    if (!card) throw UsageError(path + ": " + card.error().message);
    text << (output.format == "json"       ? select::scorecard_json(card->card, card->ctx)
             : output.format == "markdown" ? select::scorecard_markdown(card->card, card->ctx)
             : output.format == "html"     ? select::scorecard_html(card->card, card->ctx)
                                           : select::scorecard_console(card->card, card->ctx));
  } else if (is_fleet_document(doc)) {
    if (!format_given && format_of_extension(output.path).empty()) output.format = "markdown";
    if (!fleet_format_supported(output.format))
      throw UsageError("--format '" + output.format + "' is not valid for a merged fleet report (" + path +
                       "): expected html or markdown");
    Fleet fleet;
    auto machines = read_fleet_inputs(path);
    if (!machines) throw UsageError(machines.error().message);
    fleet.machines = std::move(*machines);
    // The first machine's -u, else the one unit every machine's medians read best in.
    std::vector<double> medians;
    for (const FleetMachine& m : fleet.machines)
      for (const Record& r : m.records)
        if (r.ok()) medians.push_back(r.summary.median);
    ReportSettings typed;
    read_setting_flags(args, typed);  // -u
    const TimeUnit unit = typed.unit_given                ? typed.unit
                          : fleet.machines.empty()         ? TimeUnit::Ms
                          : fleet.machines[0].unit_given ? fleet.machines[0].unit
                                                         : readable_unit(medians);
    write_fleet_report(fleet, output.format, unit, text);
  } else {
    Result<ReportFile> read = read_report_file(path);
    if (!read) throw UsageError(read.error().message);
    const ReportFile& report = *read;
    const json context = doc.value("context", json::object());
    const Environment env = environment_from(context.is_object() ? context : json::object());
    ReportSettings settings = settings_from(context.is_object() ? context : json::object(), report.unit);
    read_setting_flags(args, settings);  // -u, --layout
    const std::optional<PartialRun> partial = partial_from(doc);
    make_reporter(output.format)->write({report.records, env, settings, partial ? &*partial : nullptr}, text);
  }
  // Atomically, as a run writes its reports; the input is the JSON copy kept when that fails.
  return write_report_output(output.path, text.view(), *raw, output.format + " report", args.count("quiet") > 0,
                             out, err)
             ? kExitOk
             : kExitFailure;
}

}  // namespace ca
