// `cryptauditor leaks`: the timing-leak screen (core/leaks, docs/LEAKS.md) with the default command's
// selection flags.
#include <cxxopts.hpp>
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/locations.hpp"
#include "cli/output_files.hpp"
#include "cli/setting_flags.hpp"
#include "config/study_config.hpp"
#include "host/affinity.hpp"
#include "leaks/screen.hpp"
#include "plugins/leaks_report.hpp"

namespace ca {
namespace {

cxxopts::Options leaks_options() {
  cxxopts::Options o(
      "cryptauditor leaks",
      "Screens every backend for timing leaks, dudect-style: per test two input classes that "
      "differ only in a secret property, single calls timed in a random interleaved order, "
      "Welch's t on raw and cropped times and a decile test. Each backend gets per test "
      "`leak` (an effect of at least max(1 % of the median, 5 counter units, one counter step) "
      "with |t| > 10 in every repetition, in one direction), `no evidence` (the test could have "
      "seen an effect of that size and did not; a significant smaller effect is shown as "
      "`no leak >=1%: 0.1% (significant)`) or `inconclusive`; each cell gives the effect, or "
      "the smallest effect it could have seen, as % of the median. Every repetition places "
      "its buffers at fresh random addresses. Evidence, not proof (docs/LEAKS.md).\nTests: AEAD decrypt and "
      "MAC verify: forged tag "
      "wrong in its first vs last byte; symmetric encrypt: fixed vs random plaintext; MAC, "
      "X25519/X448/ECDH and ECDSA sign: key with 64 leading zero bits vs random; RSA and EdDSA "
      "sign: fixed vs random message; RSA decrypt: well-formed vs malformed padding. Hashes, "
      "KDFs and FFDHE have no test.\n");
  constexpr SelectionCommand kLeaks = SelectionCommand::Leaks;
  o.custom_help(selection_usage(kLeaks));
  cxxopts::OptionAdder add = o.add_options();
  add_family_flags(add, kLeaks, SelectionId::Cipher, SelectionId::Kex);
  for (SelectionId id : {SelectionId::KeyBits, SelectionId::DataSizes, SelectionId::Backends})
    add_selection_flag(add, id, kLeaks);
  add("method",
      "timing (the dudect-style screen), taint (secret-taint under Valgrind's memcheck: secret-dependent "
      "branches and memory indices), or timing,taint (one matrix)",
      cxxopts::value<std::string>()->default_value("timing"));
  add("format", "output format: " + format_choices("leaks") + " (default: from -o's extension, else table)",
      cxxopts::value<std::string>());
  add("o,output", "write the report to FILE instead of standard output (.json, .html, .txt set the format)",
      cxxopts::value<std::string>());
  add("budget", "seconds of sampling per test and repetition at most (a test stops earlier once decided)",
      cxxopts::value<std::string>()->default_value("1"));
  add("repetitions",
      "independent repetitions per test, each with fresh keys and inputs; `leak` only when all agree",
      cxxopts::value<std::string>()->default_value("3"));
  add("pin", "run on these CPUs, as taskset -c takes them (default: the last CPU this process may use)",
      cxxopts::value<std::string>());
  add("no-pin", "do not pin (the scheduler may move the process between calls)");
  add("quiet", "no progress lines and no \"wrote FILE\" line on stderr");
  add("h,help", "print this help");
  add_plugin_options(o);
  return o;
}

}  // namespace

std::vector<int> default_leak_pin() {
  const std::vector<int> allowed = allowed_cpus();
  return allowed.empty() ? std::vector<int>{} : std::vector<int>{allowed.back()};
}

int leaks_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  auto options = leaks_options();
  auto args = options.parse(argc, argv);
  if (!args.unmatched().empty())
    throw UsageError("unexpected argument '" + args.unmatched().front() +
                     "' (see cryptauditor leaks --help)");
  if (args.count("help")) {
    out << options.help() << '\n';
    return kExitOk;
  }
  const std::vector<AlgorithmRequest> requests = algorithm_requests(args, SelectionCommand::Leaks);
  if (requests.empty())
    throw UsageError("leaks: no algorithm selected: give " + family_flag_choices(SelectionCommand::Leaks) +
                     " (see cryptauditor leaks --help)");
  std::optional<uint32_t> key_bits;
  const std::string key_where = selection_setting(SelectionId::KeyBits).dashed();
  if (selection_given(args, SelectionId::KeyBits))
    key_bits = parse_key_bits(key_where, selection_value(args, SelectionId::KeyBits));
  const Selection sel = select_jobs(requests, key_bits, key_where);

  leaks::Plan plan;
  leaks::ReportContext ctx;
  const std::string method_text = args["method"].as<std::string>();
  const auto methods = parse_leak_methods(method_text);
  if (!methods)
    throw UsageError("--method '" + method_text + "' is not valid: expected timing, taint or timing,taint");
  ctx.timing = methods->timing;
  ctx.taint = methods->taint;
  for (const Job& job : sel.jobs)
    if (leaks::tests_for(*job.algorithm).empty())
      ctx.notes.push_back(std::string(job.algorithm->name) + " has no leak test (docs/LEAKS.md): left out");
    else
      plan.jobs.push_back(job);
  for (const auto& n : sel.notes) ctx.notes.push_back(n);
  std::vector<SizeRequest> sizes;
  for (const auto& typed :
       selection_items(args, SelectionId::DataSizes, "one or more sizes, comma-separated, e.g. 64B,1KB"))
    sizes.push_back({typed, selection_setting(SelectionId::DataSizes).dashed()});
  plan.data_sizes = select_sizes(sizes, plan.jobs);
  plan.budget_s = parse_positive("--budget", args["budget"].as<std::string>(), "seconds > 0, e.g. 1");
  plan.repetitions = parse_repetitions("--repetitions", args["repetitions"].as<std::string>());
  const std::string output = args.count("output") ? args["output"].as<std::string>() : "";
  const std::string format = output_format(args.count("format") ? args["format"].as<std::string>() : "", output,
                                           command_formats("leaks"), "leaks");
  if (!output.empty()) check_output_file(output, "-o");
  if (args.count("pin") && args.count("no-pin")) throw UsageError("--pin and --no-pin exclude each other");
  std::vector<int> pin;
  if (args.count("pin")) {
    pin = parse_pin("--pin", args["pin"].as<std::string>());
  } else if (!args.count("no-pin")) {
    pin = default_leak_pin();
  }

  const PluginRequest plugins = plugin_request(args);
  PluginScan scan = load_backends(plugins, err);
  std::vector<std::string> wanted;
  if (selection_given(args, SelectionId::Backends)) wanted = selection_items(args, SelectionId::Backends);
  plan.backends = select_backends(wanted, selection_setting(SelectionId::Backends).dashed(), scan);
  if (plan.backends.empty()) {
    err << "cryptauditor: no backend plugins could be loaded from " << plugins.describe() << '\n';
    return kExitFailure;
  }
  if (!pin.empty()) {
    if (Result<void> pinned = pin_to_cpus(pin); !pinned)
      throw std::runtime_error("cannot pin to CPUs " + format_cpu_list(pin) + ": " + pinned.error().message);
    ctx.pinned_cpus = format_cpu_list(pin);
  }
  for (int i = 0; i < argc; ++i) ctx.command_line.push_back(argv[i]);
  return run_leak_screen(plan, ctx, format, output, args.count("quiet") > 0, out, err);
}

int run_leak_screen(const leaks::Plan& plan, leaks::ReportContext ctx, const std::string& format,
                    const std::string& path, bool quiet, std::ostream& out, std::ostream& err) {
  ctx.counter = leaks::counter_info();
  ctx.plan = plan;
  auto progress = [&](const std::string& what) {
    if (!quiet) err << "leaks: " << what << '\n';
  };
  const std::vector<leaks::Result> results =
      ctx.timing ? leaks::screen(plan, progress) : std::vector<leaks::Result>{};
  if (ctx.taint) {
    // The taint screen re-executes this program under valgrind (`cryptauditor __taint ...`).
    leaks::TaintPlan taint;
    taint.jobs = plan.jobs;
    taint.backends = plan.backends;
    taint.data_bytes = plan.data_sizes.empty() ? 64 : plan.data_sizes.front();
    std::error_code ec;
    taint.program = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    taint.valgrind = leaks::find_valgrind().value_or("");
    if (taint.valgrind.empty())
      ctx.notes.push_back("taint: valgrind not found (install the valgrind package): not screened");
    else if (!leaks::taint_built_in())
      ctx.notes.push_back("taint: this build has no <valgrind/memcheck.h>: not screened");
    ctx.taint_results = leaks::taint_screen(taint, progress);
    if (!ctx.timing && (taint.valgrind.empty() || !leaks::taint_built_in())) {
      // Only taint was asked for and nothing could be screened: a usage problem of this machine, not a
      // clean result. The report still says why, row by row.
      out << leaks::console_report(results, ctx);
      err << "cryptauditor: leaks --method taint needs valgrind ("
          << (taint.valgrind.empty() ? "not found on PATH" : "this build lacks <valgrind/memcheck.h>")
          << "); nothing was screened\n";
      return kExitUsage;
    }
  }
  const std::string text = format == "json"   ? leaks::json_report(results, ctx)
                           : format == "html" ? leaks::html_report(results, ctx)
                                              : leaks::console_report(results, ctx);
  // Nothing measured is lost: when the file cannot be written, a JSON copy is kept (cli/output_files.hpp).
  if (!write_report_output(path, text, format == "json" ? text : leaks::json_report(results, ctx),
                           "leak report", quiet, out, err))
    return kExitFailure;
  if (!path.empty() && format != "table") out << leaks::console_report(results, ctx);
  return kExitOk;
}

}  // namespace ca
