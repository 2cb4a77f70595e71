// `cryptauditor run CONFIG.json`: a study described by a config file (docs/CONFIG.md), with flags that
// override parts of it, a journal of finished records and --resume.
#include <algorithm>
#include <cctype>
#include <cxxopts.hpp>
#include <filesystem>
#include <system_error>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/exports.hpp"
#include "cli/locations.hpp"
#include "cli/output_files.hpp"
#include "cli/setting_flags.hpp"
#include "cli/study.hpp"
#include "config/study_config.hpp"
#include "host/affinity.hpp"

namespace ca {
namespace {

cxxopts::Options run_options() {
  cxxopts::Options o(
      "cryptauditor run",
      "Runs the study a JSON config file describes (docs/CONFIG.md). Flags override the file.\nCONFIG may "
      "also "
      "be the bare name of a shipped config (`run default`), looked up in share/cryptauditor/configs next to "
      "the program (the source tree's configs/ in a build tree).\n");
  o.custom_help("CONFIG.json [options]");
  o.positional_help("");
  cxxopts::OptionAdder add = o.add_options();
  add("config", "the study config file", cxxopts::value<std::string>());
  add_selection_flag(add, SelectionId::Backends, SelectionCommand::Run);
  for (SettingId id : {SettingId::Rounds, SettingId::Budget, SettingId::CiTarget, SettingId::Warmup,
                       SettingId::Unit, SettingId::Layout})
    add_setting_flag(add, id, SettingsCommand::Run);
  add("format", "one report in this format instead of the config's \"outputs\" (default with -o: from its extension, else table)",
      cxxopts::value<std::string>());
  add("o,output", "write that one report to FILE instead of standard output (.json, .csv, .md, .html, .txt set the format)", cxxopts::value<std::string>());
  add("output-dir",
      "resolve the config's relative output paths (and the journal) against DIR, created if needed",
      cxxopts::value<std::string>());
  add("resume", "read the journal of an interrupted run and measure only what it does not hold");
  for (SettingId id :
       {SettingId::Isolate, SettingId::JobTimeout, SettingId::StopAfter, SettingId::Repetitions,
        SettingId::Processes, SettingId::Pin, SettingId::Threads, SettingId::CipherMode, SettingId::Order})
    add_setting_flag(add, id, SettingsCommand::Run);
  add("quiet", "no progress line and no \"wrote FILE\" or journal line on stderr");
  add("h,help", "print this help");
  add_plugin_options(o);
  add_export_options(o);
  o.parse_positional({"config"});
  return o;
}

// A file name from a study name: letters, digits, '.', '-' and '_' kept, anything else '_'.
std::string file_name_for(const std::string& name) {
  std::string out;
  for (char c : name) out += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' ? c : '_';
  return out.empty() || out[0] == '.' ? "study" + out : out;
}

// The folder of `path` when it does not exist yet: execute_study creates it once every check has passed.
void plan_parent_folder(const std::string& path, Study& study) {
  const auto parent = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (parent.empty() || std::filesystem::exists(parent, ec)) return;
  if (std::find(study.folders.begin(), study.folders.end(), parent.string()) == study.folders.end())
    study.folders.push_back(parent.string());
}

// The command line that resumes this study: the same arguments, plus --resume when not already there.
std::string resume_command(int argc, char** argv) {
  auto quoted = [](const std::string& arg) {
    if (!arg.empty() && arg.find_first_of(" \t\"'\\$`!*?;&|<>()") == std::string::npos) return arg;
    std::string q = "'";
    for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
  };
  std::string command = quoted(argv[0]) + " run";
  bool has_resume = false;
  for (int i = 1; i < argc; ++i) {
    command += " " + quoted(argv[i]);
    has_resume = has_resume || std::string(argv[i]) == "--resume";
  }
  return has_resume ? command : command + " --resume";
}

}  // namespace

int run_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  auto options = run_options();
  const auto parsed = parse_config_command("run", options, argc, argv, out);
  if (!parsed) return kExitOk;
  const cxxopts::ParseResult& args = *parsed;

  // The whole config is checked first, then the flags, then the plugins and outputs: nothing runs before
  // every value is known to be good.
  const StudyConfig cfg = load_study_config(find_config(args["config"].as<std::string>()));

  Study study;
  study.name = cfg.name;
  study.notes = cfg.selection.notes;
  study.plan.jobs = cfg.selection.jobs;
  if (!cfg.key_file.empty())
    apply_key_file(study.plan, cfg.key_file, cfg.key_bits_given, cfg.file + ": /key_file");
  study.plan.data_sizes = cfg.data_sizes;
  study.plan.operations = cfg.operations;
  static_cast<RunSettings&>(study.settings) = cfg.settings;  // then the flags override the file
  read_setting_flags(args, study.settings);
  apply_to_plan(study.settings, study.plan);
  check_plan_measures_something(study.plan, args["config"].as<std::string>() + ": /operations");
  study.settings.command_line = {argv[0], "run"};
  for (int i = 1; i < argc; ++i) study.settings.command_line.push_back(argv[i]);

  std::string output_dir;
  if (args.count("output-dir")) {
    output_dir = args["output-dir"].as<std::string>();
    std::error_code ec;
    if (std::filesystem::exists(output_dir, ec) && !std::filesystem::is_directory(output_dir, ec))
      throw UsageError("--output-dir '" + output_dir + "' is not a folder");
  }
  auto resolve = [&](const std::string& path) {
    if (path.empty() || output_dir.empty() || std::filesystem::path(path).is_absolute()) return path;
    return (std::filesystem::path(output_dir) / path).string();
  };
  // Nothing is created here: a usage error further on must leave no file or folder behind.
  if (args.count("format") || args.count("output")) {
    study.outputs = {report_output(args, "run")};
    check_outputs(study.outputs, "-o");
  } else {
    for (const ConfigOutput& o : cfg.outputs) {
      OutputSpec spec{o.spec.format, resolve(o.spec.path)};
      check_outputs({spec}, o.where, /*may_create_folder=*/true);
      plan_parent_folder(spec.path, study);
      study.outputs.push_back(spec);
    }
  }
  // Exports come on top of the config's outputs or of --format/-o; their paths are taken as given (not
  // resolved against --output-dir), as any other flag's path.
  for (OutputSpec& spec : export_outputs(args, study.outputs)) study.outputs.push_back(spec);
  study.anonymize = args.count("anonymize") > 0;
  if (args.count("label")) study.label = parse_label(args["label"].as<std::string>());
  // The journal goes next to the first report file, else into the current (or --output-dir) directory.
  for (const OutputSpec& o : study.outputs)
    if (!o.path.empty() && study.journal.empty()) study.journal = o.path + ".journal";
  if (study.journal.empty()) study.journal = resolve(file_name_for(cfg.name) + ".journal");
  check_journal_path(study.journal, /*may_create_folder=*/true);
  plan_parent_folder(study.journal, study);
  check_distinct_files(study, args["config"].as<std::string>());
  study.resume = args.count("resume") > 0;
  study.resume_command = resume_command(argc, argv);
  study.quiet = args.count("quiet") > 0;

  const PluginRequest plugins = plugin_request(args);
  PluginScan scan = load_backends(plugins, err);
  const std::vector<std::string> typed_backends = selection_list(args, SelectionId::Backends);
  study.plan.backends =
      config_backends(cfg, selection_given(args, SelectionId::Backends) ? &typed_backends : nullptr, scan);
  if (study.plan.backends.empty()) {
    err << "cryptauditor: no backend plugins could be loaded from " << plugins.describe() << '\n';
    return kExitFailure;
  }
  const int status = execute_study(study, out, err);
  if (status != kExitOk || !cfg.leaks) return status;
  // "leaks": the timing-leak screen of the same algorithms and backends (docs/LEAKS.md).
  leaks::Plan leak_plan;
  leaks::ReportContext leak_ctx;
  for (const Job& job : study.plan.jobs)
    if (!leaks::tests_for(*job.algorithm).empty())
      leak_plan.jobs.push_back(job);
    else
      leak_ctx.notes.push_back(std::string(job.algorithm->name) +
                               " has no leak test (docs/LEAKS.md): left out");
  leak_plan.backends = study.plan.backends;
  leak_plan.budget_s = cfg.leaks->budget_s;
  leak_plan.repetitions = cfg.leaks->repetitions;
  leak_ctx.timing = cfg.leaks->methods.timing;
  leak_ctx.taint = cfg.leaks->methods.taint;
  std::vector<int> pin = study.settings.pin_cpus.empty() ? default_leak_pin() : study.settings.pin_cpus;
  if (!pin.empty() && pin_to_cpus(pin).ok()) leak_ctx.pinned_cpus = format_cpu_list(pin);
  leak_ctx.command_line = study.settings.command_line;
  return run_leak_screen(leak_plan, leak_ctx, cfg.leaks->format, resolve(cfg.leaks->path), study.quiet, out,
                         err);
}

}  // namespace ca
