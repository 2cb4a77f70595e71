// `cryptauditor report FILE.json --format FORMAT [-o OUT]`: a saved JSON report rendered in another format,
// without measuring. The records come back through the same reader as `compare` (compare/report_file),
// the environment and settings from the report's context, so the tables are the ones the run would have
// printed.
#include <cxxopts.hpp>
#include <fstream>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/study.hpp"
#include "compare/fleet.hpp"
#include "compare/report_file.hpp"
#include "plugins/fleet_report.hpp"
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
  s.unit = unit;
  const json settings = context.value("settings", json::object());
  if (!settings.is_object()) return s;
  // Reports written before these two fields existed: -u's unit was always used, in the default layout.
  s.unit_given = field<bool>(settings, "unit_given", true);
  s.layout = field<std::string>(settings, "layout", "default");
  if (!valid_layout(s.layout)) s.layout = "default";
  if (auto rounds = settings.find("rounds"); rounds != settings.end() && rounds->is_number_unsigned())
    s.rounds = rounds->get<uint64_t>();
  s.budget_s = field<double>(settings, "budget_s", 0);
  s.target_rel_ci = field<double>(settings, "target_rel_ci", 0);
  s.threads = field<size_t>(settings, "threads", 1);
  s.cipher_stream = field<std::string>(settings, "cipher_mode", "") == "stream";
  s.repetitions = field<size_t>(settings, "repetitions", 1);
  s.processes = field<size_t>(settings, "processes", 1);
  s.pinned_cpus = field<std::string>(settings, "pin", "");
  s.command_line = field<std::vector<std::string>>(settings, "command_line", {});
  return s;
}

}  // namespace

int report_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  cxxopts::Options o("cryptauditor report",
                     "Renders a saved JSON report (cryptauditor --format json or --export-json) in another "
                     "format, without measuring anything. A merged fleet report (cryptauditor merge) renders "
                     "as html or markdown machine x library tables.\n");
  o.custom_help("REPORT.json --format FORMAT [-o OUT]");
  o.positional_help("");
  std::string formats;
  for (const auto& [name, _] : reporter_names()) formats += (formats.empty() ? "" : ", ") + name;
  o.add_options()("report", "the JSON report", cxxopts::value<std::string>())(
      "format", "output format: " + formats, cxxopts::value<std::string>()->default_value("table"))(
      "o,output", "write the report to FILE instead of standard output", cxxopts::value<std::string>())(
      "layout", "report layout: default or 2004 (default: the run's)", cxxopts::value<std::string>())(
      "h,help", "print this help");
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
  const OutputSpec output{args["format"].as<std::string>(),
                          args.count("output") ? args["output"].as<std::string>() : ""};
  check_outputs({output}, "--format");

  Result<json> parsed = read_json_file(path);
  if (!parsed) throw UsageError(parsed.error().message);
  const json& doc = *parsed;
  if (is_fleet_document(doc)) {
    if (!fleet_format_supported(output.format))
      throw UsageError("--format '" + output.format + "' is not valid for a merged fleet report (" + path +
                       "): expected html or markdown");
    Fleet fleet;
    auto machines = read_fleet_inputs(path);
    if (!machines) throw UsageError(machines.error().message);
    fleet.machines = std::move(*machines);
    std::ofstream file;
    if (!output.path.empty()) file.open(output.path);
    std::ostream& dest = output.path.empty() ? out : file;
    write_fleet_report(fleet, output.format, fleet.machines.empty() ? TimeUnit::Ms : fleet.machines[0].unit,
                       dest);
    dest.flush();
    if (!dest) {
      err << "cryptauditor: writing the " << output.format << " report to "
          << (output.path.empty() ? "stdout" : output.path) << " failed\n";
      return kExitFailure;
    }
    return kExitOk;
  }
  Result<ReportFile> read = read_report_file(path);
  if (!read) throw UsageError(read.error().message);
  const ReportFile& report = *read;
  const json context = doc.value("context", json::object());
  const Environment env = environment_from(context.is_object() ? context : json::object());
  ReportSettings settings = settings_from(context.is_object() ? context : json::object(), report.unit);
  if (args.count("layout")) settings.layout = parse_layout(args["layout"].as<std::string>());

  auto reporter = make_reporter(output.format);
  std::ofstream file;
  std::ostream* dest = &out;
  if (!output.path.empty()) {
    file.open(output.path);
    dest = &file;
  }
  if (*dest) reporter->write({report.records, env, settings}, *dest);
  dest->flush();
  if (!*dest) {
    err << "cryptauditor: writing the " << output.format << " report to "
        << (output.path.empty() ? "stdout" : output.path) << " failed\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace ca
