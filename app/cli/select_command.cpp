// `cryptauditor select CONFIG`: the library selection study as one decision (docs/SELECT.md). It runs the
// config's speed study (execute_study, as `run`), the Wycheproof files that cover its algorithms (as
// `verify`, vectors found on verify's search path) and the timing leak screen (as `leaks`; the taint screen
// too when the config's "leaks" asks for it) on the same backends, then decides per algorithm and library
// (core/select/scorecard.hpp) and writes the scorecard (plugins/scorecard_report.hpp).
#include <unistd.h>

#include <cmath>
#include <cxxopts.hpp>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/locations.hpp"
#include "cli/output_files.hpp"
#include "cli/setting_flags.hpp"
#include "cli/study.hpp"
#include "config/study_config.hpp"
#include "host/affinity.hpp"
#include "host/machine_check.hpp"
#include "leaks/screen.hpp"
#include "leaks/taint.hpp"
#include "plugins/scorecard_report.hpp"
#include "select/scorecard.hpp"
#include "verify/isolated.hpp"
#include "verify/mapping.hpp"
#include "verify/vector_search.hpp"

namespace ca {
namespace {

cxxopts::Options select_options() {
  cxxopts::Options o(
      "cryptauditor select",
      "Choosing a library: runs the study a config describes (speed, as `run`), the Wycheproof files that "
      "cover its algorithms (as `verify`) and the timing leak screen (as `leaks`; the taint screen too when "
      "the config's \"leaks\" has \"method\": \"timing,taint\" and valgrind is present) on the same "
      "backends, "
      "and writes one scorecard: per algorithm and library the decision (recommended, acceptable, passed "
      "over) "
      "with its reason (docs/SELECT.md).\n");
  o.custom_help("CONFIG.json [options]");
  o.positional_help("");
  o.add_options()("config", "the study config file (or the name of a shipped config)",
                  cxxopts::value<std::string>())(
      "vectors",
      "Wycheproof folder, instead of the config's \"vectors\" or verify's search path "
      "($CRYPTAUDITOR_WYCHEPROOF, the user cache, ../shared/wycheproof)",
      cxxopts::value<std::string>());
  cxxopts::OptionAdder add = o.add_options();
  add_selection_flag(add, SelectionId::Backends, SelectionCommand::Select);
  add("format", "scorecard format: " + format_choices("select") + " (default: from -o's extension, else table)",
      cxxopts::value<std::string>())(
      "o,output",
      "write the scorecard to FILE instead of the config's \"outputs\" (its extension sets the format; the "
      "console card still goes to standard output; a JSON scorecard is always kept)",
      cxxopts::value<std::string>());
  add_setting_flag(add, SettingId::Budget, SettingsCommand::Select);
  add("leak-budget", "leak screen: seconds per test and repetition, instead of the config's",
      cxxopts::value<std::string>())("no-leaks",
                                     "leave out the leak screen (every leak cell says \"not screened\")")(
      "strict",
      "documented Wycheproof deviations pass a library over (config \"select\": {\"strict\": true})")(
      "quiet", "no progress lines and no \"wrote FILE\" line on stderr")("h,help", "print this help");
  add_plugin_options(o);
  o.parse_positional({"config"});
  return o;
}

// The catalog algorithms a vector file's groups run as; empty when the file is malformed.
std::set<std::string> algorithms_of(const std::string& path) {
  std::set<std::string> out;
  auto file = verify::load_vector_file(path);
  if (!file) return out;
  for (const auto& group : file->groups) {
    const verify::GroupPlan plan = verify::plan_group(*file, group);
    if (plan.runs()) out.insert(std::string(plan.algorithm->name));
  }
  return out;
}

// The scorecard's conformance evidence: the vector files in `vectors` that cover the study's algorithms,
// each (file, backend) run isolated.
void add_conformance(const std::string& vectors, const std::set<std::string>& studied,
                     const std::vector<const Backend*>& backends, bool quiet, select::Evidence& ev,
                     select::ScorecardContext& ctx, std::ostream& err) {
  ctx.vectors = vectors;
  ev.vectors_found = true;
  auto listed = verify::vector_files(vectors);
  if (!listed) throw UsageError("vectors: " + listed.error().message);
  std::vector<std::string> files;
  std::vector<std::set<std::string>> covered;
  for (const std::string& f : *listed) {
    std::set<std::string> algs;
    for (const std::string& a : algorithms_of(f))
      if (studied.count(a)) algs.insert(a);
    if (algs.empty()) continue;
    files.push_back(f);
    covered.push_back(algs);
    for (const std::string& a : algs)
      if (std::find(ev.algorithms_with_vectors.begin(), ev.algorithms_with_vectors.end(), a) ==
          ev.algorithms_with_vectors.end())
        ev.algorithms_with_vectors.push_back(a);
  }
  if (!quiet) err << "select: " << files.size() << " Wycheproof file(s) from " << vectors << '\n';
  const verify::VectorRun run = verify::run_vector_files_isolated(files, backends);
  for (size_t i = 0; i < run.files.size() && i < covered.size(); ++i) {
    const verify::FileResult& f = run.files[i];
    if (!f.error.empty()) ctx.notes.push_back(f.error);
    for (const verify::BackendTally& t : f.backends)
      for (const std::string& a : covered[i])
        ev.conformance.push_back(
            {t.backend, a, t.passed + t.acceptable, t.failed, t.deviations, t.skipped, {f.file}});
  }
  for (const std::string& a : studied)
    if (std::find(ev.algorithms_with_vectors.begin(), ev.algorithms_with_vectors.end(), a) ==
        ev.algorithms_with_vectors.end())
      ctx.notes.push_back("no Wycheproof file in " + vectors + " covers " + a);
}

// One timing-screen result as the scorecard's leak evidence: its verdict and its smallest effect as % of
// the median over the repetitions.
select::LeakFinding timing_finding(const leaks::Result& r) {
  select::LeakFinding f;
  f.backend = r.backend;
  f.algorithm = r.algorithm;
  f.test = r.test.name;
  f.verdict = r.outcome == leaks::Outcome::Measured     ? stats::verdict_name(r.verdict)
              : r.outcome == leaks::Outcome::NotOffered ? "not offered"
              : r.outcome == leaks::Outcome::Failed     ? "failed"
                                                        : "unsupported";
  double smallest = -1;
  for (const leaks::Repetition& rep : r.repetitions) {
    const double median = rep.stats.median();
    if (median <= 0) continue;
    const double pct = 100 * std::fabs(rep.stats.sized_effect) / median;
    if (smallest < 0 || pct < smallest) smallest = pct;
  }
  f.effect_percent = smallest < 0 ? 0 : smallest;
  return f;
}

// The scorecard's leak evidence: the timing screen (and the taint screen when the config asks for it) on
// the study's jobs and backends, unless --no-leaks.
void add_leak_evidence(const cxxopts::ParseResult& args, const StudyConfig& cfg, const Study& study,
                       bool quiet, select::Evidence& ev, select::ScorecardContext& ctx, std::ostream& err) {
  const LeakConfig leak_cfg = cfg.leaks.value_or(LeakConfig{});
  if (!args.count("no-leaks") && (leak_cfg.methods.timing || leak_cfg.methods.taint)) {
    leaks::Plan plan;
    for (const Job& job : study.plan.jobs)
      if (!leaks::tests_for(*job.algorithm).empty()) {
        plan.jobs.push_back(job);
        ev.algorithms_with_leak_test.emplace_back(job.algorithm->name);
      } else {
        ctx.notes.push_back(std::string(job.algorithm->name) +
                            " has no leak test (docs/LEAKS.md): not screened");
      }
    plan.backends = study.plan.backends;
    plan.budget_s =
        args.count("leak-budget")
            ? parse_positive("--leak-budget", args["leak-budget"].as<std::string>(), "seconds > 0, e.g. 0.2")
        : cfg.select_leak_budget_s > 0 ? cfg.select_leak_budget_s
                                       : leak_cfg.budget_s;
    plan.repetitions = cfg.select_leak_repetitions > 0 ? cfg.select_leak_repetitions : leak_cfg.repetitions;
    const std::vector<int> pin =
        study.settings.pin_cpus.empty() ? default_leak_pin() : study.settings.pin_cpus;
    if (!pin.empty()) (void)pin_to_cpus(pin);
    // One line with a counter, rewritten in place on a terminal; elsewhere (a log, a test) one line
    // saying how many tests run, instead of a line per test.
    const bool terminal = !quiet && ::isatty(STDERR_FILENO) == 1;
    const size_t planned = leak_cfg.methods.timing ? leaks::planned_tests(plan) : 0;
    size_t done = 0;
    if (!quiet && !terminal)
      err << "select: leak screen: " << planned << " timing test(s)"
          << (leak_cfg.methods.taint ? " and the taint screen" : "") << '\n';
    auto progress = [&](const std::string& what) {
      ++done;
      if (terminal)
        err << "\r[" << done << (done <= planned ? "/" + std::to_string(planned) : std::string()) << "] select: leaks: "
            << what << "\033[K" << std::flush;
    };
    ev.leaks_screened = true;
    struct ClearLine {  // the progress line goes once the screen is over, however it ends
      bool on;
      std::ostream& err;
      ~ClearLine() {
        if (on) err << "\r\033[K" << std::flush;
      }
    } clear{terminal, err};
    if (!leak_cfg.methods.timing)
      ctx.notes.push_back("timing leak screen not asked for (\"leaks\": {\"method\": \"taint\"})");
    for (const leaks::Result& r :
         leak_cfg.methods.timing ? leaks::screen(plan, progress) : std::vector<leaks::Result>{})
      ev.leaks.push_back(timing_finding(r));
    if (leak_cfg.methods.taint) {
      leaks::TaintPlan taint;
      taint.jobs = plan.jobs;
      taint.backends = plan.backends;
      std::error_code ec;
      taint.program = std::filesystem::read_symlink("/proc/self/exe", ec).string();
      taint.valgrind = leaks::find_valgrind().value_or("");
      if (taint.valgrind.empty() || !leaks::taint_built_in()) {
        ctx.notes.push_back("taint screen asked for, but " +
                            std::string(taint.valgrind.empty() ? "valgrind is not found"
                                                               : "this build lacks <valgrind/memcheck.h>") +
                            ": not screened");
      } else {
        for (const leaks::TaintResult& t : leaks::taint_screen(taint, progress)) {
          if (t.outcome != leaks::TaintResult::Outcome::Screened) continue;
          select::LeakFinding f;
          f.backend = t.backend;
          f.algorithm = t.algorithm;
          f.method = "taint";
          if (t.op.verdict) continue;  // the verdict operation's branch on the verdict is expected
          f.test = t.op.operation;
          f.verdict = t.sites.empty() ? "clean" : "sites";
          f.taint_findings = t.sites.size();
          ev.leaks.push_back(f);
        }
      }
    }
  } else {
    ctx.notes.push_back("leak screen left out (--no-leaks)");
  }
}

}  // namespace

namespace {

// The scorecard's files, checked before anything runs: -o/--format when given, else the config's
// "outputs" with ".scorecard" before each file's extension (reports/x.json -> reports/x.scorecard.json, so
// that `run` and `select` of one config keep both their documents); and always a JSON scorecard, which
// `cryptauditor report` renders later: when no output is JSON, CONFIG-NAME.scorecard.json next to the first
// file (else in the current folder). Folders that do not exist yet go into study.folders.
std::vector<OutputSpec> scorecard_outputs(const cxxopts::ParseResult& args, const StudyConfig& cfg, Study& study) {
  std::vector<OutputSpec> outputs;
  const std::vector<std::string> formats = command_formats("select");  // a copy: g++ 14 -Wdangling-reference
  auto add = [&](const OutputSpec& spec, const std::string& where) {
    if (!spec.path.empty()) {
      check_output_file(spec.path, where, /*may_create_folder=*/true);
      const std::filesystem::path parent = std::filesystem::path(spec.path).parent_path();
      std::error_code ec;
      if (!parent.empty() && !std::filesystem::exists(parent, ec)) study.folders.push_back(parent.string());
    }
    outputs.push_back(spec);
  };
  if (args.count("format") || args.count("output")) {
    const std::string path = args.count("output") ? args["output"].as<std::string>() : "";
    add({output_format(args.count("format") ? args["format"].as<std::string>() : "", path, formats, "select"), path},
        "-o");
  } else {
    for (const ConfigOutput& o : cfg.outputs) {
      if (std::find(formats.begin(), formats.end(), o.spec.format) == formats.end())
        throw UsageError(o.where + " '" + o.spec.format + "' is not valid for select: it writes " +
                         format_choices("select") + " (run writes the other formats)");
      std::filesystem::path path = o.spec.path;
      if (!path.empty()) path.replace_filename(path.stem().string() + ".scorecard" + path.extension().string());
      add({o.spec.format, path.string()}, o.where);
    }
    if (cfg.outputs.empty()) outputs.push_back({"table", ""});
  }
  if (std::none_of(outputs.begin(), outputs.end(), [](const OutputSpec& o) { return o.format == "json"; })) {
    std::filesystem::path folder;
    for (const OutputSpec& o : outputs)
      if (!o.path.empty() && folder.empty()) folder = std::filesystem::path(o.path).parent_path();
    add({"json", (folder / (cfg.name + ".scorecard.json")).string()}, "the JSON scorecard");
  }
  return outputs;
}

// Writes every scorecard file (atomically; a JSON copy kept when one fails) and the console card on standard
// output, whether or not an output is the table: the console lines always go there.
bool write_scorecards(const std::vector<OutputSpec>& outputs, const select::Scorecard& card,
                      const select::ScorecardContext& ctx, bool quiet, std::ostream& out, std::ostream& err) {
  const std::string json = select::scorecard_json(card, ctx);
  bool ok = true;
  bool console = false;
  for (const OutputSpec& o : outputs) {
    const std::string text = o.format == "json"       ? json
                             : o.format == "markdown" ? select::scorecard_markdown(card, ctx)
                             : o.format == "html"     ? select::scorecard_html(card, ctx)
                                                      : select::scorecard_console(card, ctx);
    console = console || o.path.empty();
    ok = write_report_output(o.path, text, json, "scorecard", quiet, out, err) && ok;
  }
  if (!console) out << select::scorecard_console(card, ctx);
  return ok;
}

}  // namespace

int select_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  auto options = select_options();
  const auto parsed = parse_config_command("select", options, argc, argv, out);
  if (!parsed) return kExitOk;
  const cxxopts::ParseResult& args = *parsed;
  const bool quiet = args.count("quiet") > 0;
  const StudyConfig cfg = load_study_config(find_config(args["config"].as<std::string>()));
  Study study;
  const std::vector<OutputSpec> outputs = scorecard_outputs(args, cfg, study);
  study.name = cfg.name;
  study.notes = cfg.selection.notes;
  study.plan.jobs = cfg.selection.jobs;
  study.plan.data_sizes = cfg.data_sizes;
  study.plan.operations = cfg.operations;
  static_cast<RunSettings&>(study.settings) = cfg.settings;
  study.settings.threads = 1;  // select measures single-threaded, whatever the config says
  read_setting_flags(args, study.settings);
  apply_to_plan(study.settings, study.plan);
  study.quiet = quiet;
  check_plan_measures_something(study.plan, args["config"].as<std::string>() + ": /operations");

  select::Evidence ev;
  ev.rule.strict = cfg.select_strict || args.count("strict") > 0;
  ev.rule.operation = cfg.select_operation;
  ev.rule.data_bytes = cfg.select_data_bytes;
  select::ScorecardContext ctx;
  ctx.study = cfg.name;
  for (int i = 0; i < argc; ++i) ctx.command_line.push_back(argv[i]);

  // The vectors: --vectors, the config's, else verify's search path. Absent: a note, never a failure.
  std::string vectors;
  if (args.count("vectors") || !cfg.vectors.empty()) {
    vectors = args.count("vectors") ? args["vectors"].as<std::string>() : cfg.vectors;
    std::error_code ec;
    if (!std::filesystem::exists(vectors, ec))
      throw UsageError((args.count("vectors") ? "--vectors '" : cfg.file + ": /vectors '") + vectors +
                       "' does not exist (expected a folder of Wycheproof .json files)");
    if (std::string inside = verify::vectors_in(vectors); !inside.empty()) vectors = inside;
  } else if (auto found = verify::find_vectors([](const char* name) { return std::getenv(name); })) {
    vectors = found->path;
  } else {
    ctx.notes.push_back("Wycheproof vectors not found, conformance not checked: " + found.error().message);
  }

  // Backends, as `run`.
  PluginScan scan = load_backends(plugin_request(args), err);
  const std::vector<std::string> typed_backends = selection_list(args, SelectionId::Backends);
  study.plan.backends =
      config_backends(cfg, selection_given(args, SelectionId::Backends) ? &typed_backends : nullptr, scan);
  if (study.plan.backends.empty()) {
    err << "cryptauditor: no backend plugins could be loaded from " << plugin_request(args).describe()
        << '\n';
    return kExitFailure;
  }

  // 1. Speed: the study, with no report of its own (the scorecard is the report) and no journal.
  Environment env;
  study.records_out = &ev.records;
  study.environment_out = &env;
  std::ostringstream study_out;
  const int status = execute_study(study, study_out, err);
  if (status != kExitOk && status != kExitFailure) return status;  // interrupted, or nothing to measure
  ctx.machine = env.cpu_model;
  ctx.warnings = env.warnings;
  for (const Backend* b : study.plan.backends) {
    select::BackendFacts facts{b->name(), b->library(), b->library_version(), b->acceleration(), {}};
    if (std::string gap = acceleration_gap(b->name(), b->library(), b->acceleration(), env.cpu_features);
        !gap.empty()) {
      facts.build_notes.push_back("portable build");  // the gap itself is among the warnings (env.warnings)
    }
    ev.backends.push_back(facts);
  }
  std::set<std::string> studied;
  for (const Job& job : study.plan.jobs) studied.insert(std::string(job.algorithm->name));

  // 2. Conformance: the vector files that cover the study's algorithms, each (file, backend) isolated.
  if (!vectors.empty()) add_conformance(vectors, studied, study.plan.backends, quiet, ev, ctx, err);

  // 3. Leaks: the timing screen (and the taint screen when asked for) on the same backends.
  add_leak_evidence(args, cfg, study, quiet, ev, ctx, err);

  const select::Scorecard card = select::decide(ev);
  return write_scorecards(outputs, card, ctx, quiet, out, err) ? kExitOk : kExitFailure;
}

}  // namespace ca
