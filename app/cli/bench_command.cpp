// The default command, with the original cryptauditor's flags.
#include <cxxopts.hpp>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/exports.hpp"
#include "cli/help.hpp"
#include "cli/locations.hpp"
#include "cli/output_files.hpp"
#include "cli/setting_flags.hpp"
#include "cli/study.hpp"

namespace ca {
namespace {

cxxopts::Options bench_options() {
  cxxopts::Options o("cryptauditor", program_description());
  constexpr SelectionCommand kBench = SelectionCommand::Bench;
  o.custom_help(selection_usage(kBench));
  // One add() per flag: a single chained add_options()(...)(...) call is unreadable once formatted.
  cxxopts::OptionAdder add = o.add_options();
  add_family_flags(add, kBench, SelectionId::Cipher, SelectionId::Kdf);
  add_selection_flag(add, SelectionId::KdfParams, kBench);
  add_selection_flag(add, SelectionId::Params, kBench);
  add_family_flags(add, kBench, SelectionId::Kex, SelectionId::Kex);
  for (SelectionId id : {SelectionId::Operations, SelectionId::KeyBits, SelectionId::DataSizes})
    add_selection_flag(add, id, kBench);
  add_setting_flag(add, SettingId::Rounds, SettingsCommand::Bench);
  add_setting_flag(add, SettingId::Unit, SettingsCommand::Bench);
  add_selection_flag(add, SelectionId::Backends, kBench);
  add_setting_flag(add, SettingId::Layout, SettingsCommand::Bench);
  add("format", "output format: " + report_format_names() + " (text is table; default: from -o's extension, else table)",
      cxxopts::value<std::string>()->default_value("table"));
  add("o,output", "write the report to FILE instead of standard output; its extension (.json, .csv, .md, .html, "
      ".txt) sets the format", cxxopts::value<std::string>());
  for (SettingId id : {SettingId::Budget, SettingId::CiTarget, SettingId::Warmup, SettingId::Repetitions,
                       SettingId::Processes, SettingId::Pin, SettingId::Threads, SettingId::CipherMode})
    add_setting_flag(add, id, SettingsCommand::Bench);
  add_selection_flag(add, SelectionId::KeyFile, kBench);
  for (SettingId id : {SettingId::Order, SettingId::Isolate, SettingId::JobTimeout, SettingId::StopAfter})
    add_setting_flag(add, id, SettingsCommand::Bench);
  add("quiet", "no progress line and no \"wrote FILE\" or journal line on stderr");
  add("version", "print the version and the commit it was built from");
  add("print-man", "print the man page cryptauditor(1) (roff) and exit; the build installs it");
  add("print-completion",
      "print the completion script for SHELL (bash or zsh) and exit; the build installs both",
      cxxopts::value<std::string>());
  add("h,help", "print this help");
  add_plugin_options(o);
  add_export_options(o);
  return o;
}

}  // namespace

int bench_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  auto options = bench_options();
  auto args = options.parse(argc, argv);
  if (!args.unmatched().empty()) {
    // `cryptauditor -b openssl list`: a command after a flag. Say where it goes, with the line to type.
    const std::string& word = args.unmatched().front();
    for (const Subcommand& sub : subcommands())
      if (word == sub.name) {
        std::string moved = "cryptauditor " + word;
        for (int i = 1; i < argc; ++i)
          if (argv[i] != word) moved += std::string(" ") + argv[i];
        throw UsageError("unexpected argument '" + word + "': a command comes first, before its flags: " +
                         moved);
      }
    throw UsageError("unexpected argument '" + word + "' (see --help)");
  }
  if (args.count("help")) {
    out << options.help() << '\n';
    return kExitOk;
  }
  if (args.count("version")) {
    out << version_text() << '\n';
    return kExitOk;
  }
  if (args.count("print-man")) {
    print_man(out);
    return kExitOk;
  }
  if (args.count("print-completion")) {
    const std::string shell = args["print-completion"].as<std::string>();
    if (!print_completion(shell, out))
      throw UsageError("--print-completion '" + shell + "' is not valid: expected bash or zsh");
    return kExitOk;
  }

  const std::vector<AlgorithmRequest> requests = algorithm_requests(args, SelectionCommand::Bench);
  const std::string key_where = selection_setting(SelectionId::KeyBits).dashed();
  std::optional<uint32_t> key_bits;
  if (selection_given(args, SelectionId::KeyBits))
    key_bits = parse_key_bits(key_where, selection_value(args, SelectionId::KeyBits));
  Selection sel = requests.empty() ? default_selection() : select_jobs(requests, key_bits, key_where);
  if (selection_given(args, SelectionId::KdfParams))
    apply_kdf_params(sel, selection_value(args, SelectionId::KdfParams),
                     selection_setting(SelectionId::KdfParams).dashed());
  if (selection_given(args, SelectionId::Params))
    apply_params(sel, selection_value(args, SelectionId::Params),
                 selection_setting(SelectionId::Params).dashed());

  std::vector<SizeRequest> sizes;
  for (const auto& typed : selection_items(args, SelectionId::DataSizes))
    sizes.push_back({typed, selection_setting(SelectionId::DataSizes).dashed()});

  Study study;
  study.name = "command line";
  study.notes = sel.notes;
  study.plan.jobs = sel.jobs;
  if (selection_given(args, SelectionId::KeyFile))
    apply_key_file(study.plan, selection_value(args, SelectionId::KeyFile), key_bits.has_value(),
                   selection_setting(SelectionId::KeyFile).dashed());
  sel.jobs = study.plan.jobs;
  const std::string operations_where = selection_setting(SelectionId::Operations).dashed();
  if (selection_given(args, SelectionId::Operations))
    study.plan.operations =
        parse_operations(selection_items(args, SelectionId::Operations), operations_where);
  study.plan.data_sizes = select_sizes(sizes, sel.jobs);

  read_setting_flags(args, study.settings);
  study.outputs = {report_output(args, "cryptauditor")};
  check_outputs(study.outputs, "-o");
  for (OutputSpec& spec : export_outputs(args, study.outputs)) study.outputs.push_back(spec);
  study.anonymize = args.count("anonymize") > 0;
  if (args.count("label")) study.label = parse_label(args["label"].as<std::string>());
  check_distinct_files(study, "");

  apply_to_plan(study.settings, study.plan);
  check_plan_measures_something(study.plan, operations_where);
  for (int i = 0; i < argc; ++i) study.settings.command_line.push_back(argv[i]);

  const PluginRequest plugins = plugin_request(args);
  PluginScan scan = load_backends(plugins, err);
  std::vector<std::string> wanted;
  if (selection_given(args, SelectionId::Backends)) wanted = selection_items(args, SelectionId::Backends);
  study.plan.backends = select_backends(wanted, selection_setting(SelectionId::Backends).dashed(), scan);
  if (study.plan.backends.empty()) {
    err << "cryptauditor: no backend plugins could be loaded from " << plugins.describe() << '\n';
    return kExitFailure;
  }
  study.quiet = args.count("quiet") > 0;
  return execute_study(study, out, err);
}

}  // namespace ca
