#include "cli/cli.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cxxopts.hpp>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "catalog/catalog.hpp"
#include "measure/measure.hpp"
#include "plugin/backend.hpp"
#include "plugins/report.hpp"
#include "run/environment.hpp"
#include "run/runner.hpp"
#include "util/units.hpp"

namespace ca {
namespace {

/// A usage error: printed as one line, exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::vector<std::string> split_list(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const auto& v : values) {
    std::stringstream ss(v);
    for (std::string item; std::getline(ss, item, ',');)
      if (!item.empty()) out.push_back(item);
  }
  return out;
}

// What runs when no algorithm flag is given: one representative per family, at 1KB.
const char* const kDefaultCiphers[] = {"AES-GCM", "CHACHA20-POLY1305", "AES-CTR"};
const char* const kDefaultHashes[] = {"SHA2-256", "SHA3-256"};
const char* const kDefaultSignatures[] = {"ECDSA", "EDDSA"};

cxxopts::Options make_options() {
  cxxopts::Options o(
      "cryptauditor",
      "Times the same cryptographic algorithm across libraries and ranks algorithms and libraries.\n"
      "Subcommands: cryptauditor list [--backends|--aliases]  (capability matrix, backends, aliases)\n");
  o.custom_help("[-c CIPHER] [--hash HASH] [-s SIGNATURE] [options]");
  o.add_options()(
      "c,cipher",
      "cipher(s), comma-separated: AES-ECB, AES-CBC, AES-CFB, AES-OFB, AES-CTR, AES-CCM, AES-GCM, "
      "AES-EAX, AES-SIV, AES-OCB, CHACHA20, SALSA20, CHACHA20-POLY1305, XCHACHA20-POLY1305, RSA-OAEP (RSA), "
      "RSA-OAEP-SHA256; groups AES-ALL, SYMMETRIC-ALL",
      cxxopts::value<std::vector<std::string>>())(
      "hash",
      "hash(es): SHA1, SHA2-224, SHA2-256, SHA2-384, SHA2-512, SHA3-224, SHA3-256, SHA3-384, SHA3-512 "
      "(SHA-256 etc. accepted); group HASH-ALL",
      cxxopts::value<std::vector<std::string>>())(
      "s,signature",
      "signature(s): RSA-PSS (RSA), RSA-PKCS1V15-SHA1, RSA-PKCS1V15-SHA256, ECDSA (P-256, "
      "SHA-256), EDDSA (Ed25519); group SIGN-ALL",
      cxxopts::value<std::vector<std::string>>())(
      "k,key_length",
      "key length in bits (AES 128/192/256, default 256; RSA >= 1024, default 2048; "
      "fixed for ChaCha20, ECDSA, EdDSA)",
      cxxopts::value<std::string>())("d,data_size",
                                     "message size(s), comma-separated, in B, KB or MB (KB = 1024 B)",
                                     cxxopts::value<std::vector<std::string>>()->default_value("1KB"))(
      "r,rounds",
      "timed operations per measurement (default: adaptive, until the 95% CI of the median is "
      "within --ci-target or --budget is spent)",
      cxxopts::value<std::string>())("u,unit", "time unit: ns, us, ms, s",
                                     cxxopts::value<std::string>()->default_value("ms"))(
      "b,backend", "backend(s) to run, comma-separated (default: every loaded backend)",
      cxxopts::value<std::vector<std::string>>())("format", "output format: table, json",
                                                  cxxopts::value<std::string>()->default_value("table"))(
      "o,output", "write the report to FILE instead of standard output", cxxopts::value<std::string>())(
      "budget", "adaptive mode: seconds of timed work per measurement at most",
      cxxopts::value<std::string>()->default_value("0.25"))(
      "ci-target", "adaptive mode: stop when the 95% CI half-width is within this % of the median",
      cxxopts::value<std::string>()->default_value("1"))(
      "plugin-dir", "directory of backend plugins (default: next to the program)",
      cxxopts::value<std::string>())("backends",
                                     "with `list`: the loaded backends, versions and acceleration")(
      "aliases", "with `list`: the alias and group tables")("version", "print the version")(
      "h,help", "print this help");
  return o;
}

double parse_positive(const std::string& flag, const std::string& text, const char* what) {
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || !(v > 0) || !std::isfinite(v))
    throw UsageError(flag + " '" + text + "' is not valid: expected " + what);
  return v;
}

uint64_t parse_rounds(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 12)
    throw UsageError("--rounds '" + text + "' is not valid: expected a whole number from 1 to 999999999999");
  uint64_t v = std::stoull(text);
  if (v < 1)
    throw UsageError("--rounds '" + text + "' is not valid: expected a whole number from 1 to 999999999999");
  return v;
}

struct Selection {
  std::vector<Job> jobs;
  std::vector<std::string> notes;
};

Selection select_algorithms(const cxxopts::ParseResult& args) {
  Selection sel;
  std::optional<uint32_t> key_bits;
  if (args.count("key_length")) {
    const std::string k = args["key_length"].as<std::string>();
    if (k.empty() || k.find_first_not_of("0123456789") != std::string::npos || k.size() > 6)
      throw UsageError("--key_length '" + k +
                       "' is not valid: expected a number of bits such as 128, 256 or 2048");
    key_bits = static_cast<uint32_t>(std::stoul(k));
  }
  struct Flag {
    const char* name;
    Family family;
  };
  bool any = false;
  for (Flag f :
       {Flag{"cipher", Family::Cipher}, Flag{"hash", Family::Hash}, Flag{"signature", Family::Signature}}) {
    if (!args.count(f.name)) continue;
    any = true;
    for (const auto& typed : split_list(args[f.name].as<std::vector<std::string>>())) {
      Resolution r = resolve(typed, f.family);
      if (!r.error.empty()) throw UsageError(r.error);
      for (const AlgorithmInfo* a : r.algorithms) {
        uint32_t bits = a->default_key_bits;
        if (key_bits && a->family != Family::Hash) {
          if (a->allows_key(*key_bits)) {
            bits = *key_bits;
          } else if (r.is_group && a->fixed_key()) {
            sel.notes.push_back(std::string(a->name) + " has a fixed " + std::to_string(bits) +
                                "-bit key; --key_length " + std::to_string(*key_bits) +
                                " does not apply to it");
          } else {
            throw UsageError("--key_length " + std::to_string(*key_bits) + " is not allowed for " +
                             std::string(a->name) + " (allowed: " + a->describe_keys() + ")");
          }
        }
        bool dup = std::any_of(sel.jobs.begin(), sel.jobs.end(),
                               [&](const Job& j) { return j.algorithm == a && j.key_bits == bits; });
        if (!dup) sel.jobs.push_back({a, bits});
      }
    }
  }
  if (!any) {
    auto add = [&](const char* name) {
      sel.jobs.push_back({find_algorithm(name), find_algorithm(name)->default_key_bits});
    };
    for (auto n : kDefaultCiphers) add(n);
    for (auto n : kDefaultHashes) add(n);
    for (auto n : kDefaultSignatures) add(n);
  }
  return sel;
}

std::vector<size_t> select_sizes(const cxxopts::ParseResult& args, const std::vector<Job>& jobs) {
  std::vector<size_t> sizes;
  for (const auto& typed : split_list(args["data_size"].as<std::vector<std::string>>())) {
    auto size = parse_size(typed);
    if (!size)
      throw UsageError("--data_size '" + typed +
                       "' is not valid: expected a positive size in B, KB or MB, "
                       "e.g. 470B, 16KB, 10MB (KB = 1024 B)");
    if (*size > (size_t{1} << 30))
      throw UsageError("--data_size '" + typed + "' is too large (at most 1024MB)");
    if (std::find(sizes.begin(), sizes.end(), *size) == sizes.end()) sizes.push_back(*size);
  }
  for (const Job& j : jobs)
    for (size_t s : sizes)
      if (s > j.algorithm->message_limit(j.key_bits)) {
        size_t limit = j.algorithm->message_limit(j.key_bits);
        std::string why =
            j.algorithm->rsa_overhead
                ? " (key bytes - " + std::to_string(j.algorithm->rsa_overhead) + " for its padding)"
                : "";
        throw UsageError(
            "--data_size " + format_size(s) + " is too large for " + std::string(j.algorithm->name) +
            (j.algorithm->key_bits.empty() ? " with a " + std::to_string(j.key_bits) + "-bit key" : "") +
            ": at most " + std::to_string(limit) + "B" + why);
      }
  return sizes;
}

int list_command(const cxxopts::ParseResult& args, const PluginScan& scan, std::ostream& out) {
  if (args.count("aliases")) {
    out << "Aliases (any letter case):\n";
    for (const auto& a : aliases())
      out << "  " << a.alias << " = " << a.canonical
          << (a.only_for ? " (with " + std::string(family_flag(*a.only_for)) + ")" : "") << '\n';
    out << "Groups:\n";
    for (const auto& g : groups()) {
      out << "  " << g.name << " (" << family_flag(g.family) << "):";
      for (auto m : g.members) out << ' ' << m;
      out << '\n';
    }
    return kExitOk;
  }
  if (args.count("backends")) {
    for (const auto& b : scan.backends)
      out << b->name() << ": " << b->library() << ' ' << b->library_version()
          << " | acceleration: " << (b->acceleration().empty() ? "not reported" : b->acceleration()) << " | "
          << b->path() << '\n';
    return kExitOk;
  }
  // The capability matrix: algorithm x backend, the key lengths each backend supports.
  std::vector<std::string> names;
  for (const auto& b : scan.backends) names.push_back(b->name());
  size_t width = 22;
  out << std::string("algorithm").append(width - 9, ' ');
  for (const auto& n : names) out << ' ' << n << std::string(n.size() < 16 ? 16 - n.size() : 1, ' ');
  out << '\n';
  for (const AlgorithmInfo& a : catalog()) {
    out << a.name << std::string(a.name.size() < width ? width - a.name.size() : 1, ' ');
    for (size_t i = 0; i < scan.backends.size(); ++i) {
      std::vector<uint32_t> candidates = a.key_bits;
      if (candidates.empty()) candidates = {1024, 2048, 3072, 4096};
      std::string cell;
      for (uint32_t bits : candidates)
        if (!scan.backends[i]->unsupported_reason(std::string(a.name), bits))
          cell += (cell.empty() ? "" : "/") + (bits ? std::to_string(bits) : std::string("yes"));
      if (a.key_bits.empty() && !cell.empty()) cell += "+";
      if (cell.empty()) cell = "-";
      size_t col = std::max<size_t>(16, names[i].size() + 1);
      out << ' ' << cell << std::string(cell.size() < col ? col - cell.size() : 1, ' ');
    }
    out << '\n';
  }
  out << "(key lengths in bits; RSA 1024/2048/3072/4096 shown, '+' = larger sizes too; '-' = not offered)\n";
  return kExitOk;
}

int run_benchmark(const cxxopts::ParseResult& args, PluginScan& scan, int argc, char** argv,
                  std::ostream& out, std::ostream& err) {
  Selection sel = select_algorithms(args);
  std::vector<size_t> sizes = select_sizes(args, sel.jobs);

  ReportSettings settings;
  auto unit = parse_unit(args["unit"].as<std::string>());
  if (!unit)
    throw UsageError("--unit '" + args["unit"].as<std::string>() +
                     "' is not valid: expected ns, us, ms or s");
  settings.unit = *unit;
  const std::string format = args["format"].as<std::string>();
  auto reporter = make_reporter(format);
  if (!reporter) {
    std::string allowed;
    for (const auto& [name, _] : reporter_names()) allowed += (allowed.empty() ? "" : ", ") + name;
    throw UsageError("--format '" + format + "' is not valid: expected one of " + allowed);
  }

  RunPlan plan;
  plan.jobs = sel.jobs;
  plan.data_sizes = sizes;
  if (args.count("rounds")) plan.measure.rounds = parse_rounds(args["rounds"].as<std::string>());
  plan.measure.budget_s =
      parse_positive("--budget", args["budget"].as<std::string>(), "seconds > 0, e.g. 0.25");
  plan.measure.target_rel_ci =
      parse_positive("--ci-target", args["ci-target"].as<std::string>(), "a percentage > 0, e.g. 1") / 100.0;
  settings.rounds = plan.measure.rounds;
  settings.budget_s = plan.measure.budget_s;
  settings.target_rel_ci = plan.measure.target_rel_ci;
  for (int i = 0; i < argc; ++i) settings.command_line.push_back(argv[i]);

  if (args.count("backend")) {
    for (const auto& wanted : split_list(args["backend"].as<std::vector<std::string>>())) {
      auto it = std::find_if(scan.backends.begin(), scan.backends.end(),
                             [&](const auto& b) { return b->name() == wanted; });
      if (it == scan.backends.end()) {
        std::string loaded;
        for (const auto& b : scan.backends) loaded += (loaded.empty() ? "" : ", ") + b->name();
        throw UsageError("--backend '" + wanted +
                         "' is not a loaded backend (loaded: " + (loaded.empty() ? "none" : loaded) + ")");
      }
      if (std::find(plan.backends.begin(), plan.backends.end(), it->get()) == plan.backends.end())
        plan.backends.push_back(it->get());
    }
  } else {
    for (const auto& b : scan.backends) plan.backends.push_back(b.get());
  }
  if (plan.backends.empty()) {
    err << "cryptauditor: no backend plugins could be loaded (looked in "
        << (args.count("plugin-dir") ? args["plugin-dir"].as<std::string>() : default_plugin_dir()) << ")\n";
    return kExitFailure;
  }

  std::ofstream file;
  std::ostream* report_out = &out;
  if (args.count("output")) {
    const std::string path = args["output"].as<std::string>();
    file.open(path);
    if (!file) throw UsageError("--output '" + path + "' cannot be written");
    report_out = &file;
  }

  Environment env = read_environment();
  for (const Backend* b : plan.backends)
    env.backends.push_back({b->name(), b->library(), b->library_version(), b->acceleration(), b->path()});
  env.clock_overhead_ns = clock_overhead_ns();
  {
    MeasureConfig empty_cfg;
    empty_cfg.budget_s = 0.02;
    env.empty_operation_ns = stats::median(measure_empty_operation(empty_cfg).sample_ns);
  }
  for (const auto& n : sel.notes) err << "note: " << n << '\n';

  const bool progress = ::isatty(STDERR_FILENO) == 1;
  auto records = run(plan, [&](const Record& r, size_t i, size_t total) {
    if (progress)
      err << "\r[" << i << "/" << total << "] " << r.backend << ' ' << r.algorithm << ' ' << r.operation
          << ' ' << format_size(r.data_bytes) << "\033[K" << std::flush;
  });
  if (progress) err << "\r\033[K" << std::flush;

  reporter->write({records, env, settings}, *report_out);
  report_out->flush();
  if (!*report_out) {
    err << "cryptauditor: writing the report failed\n";
    return kExitFailure;
  }
  bool failed =
      std::any_of(records.begin(), records.end(), [](const Record& r) { return r.status == Status::Failed; });
  if (failed) err << "cryptauditor: some measurements failed (see the report)\n";
  return failed ? kExitFailure : kExitOk;
}

}  // namespace

int run_command_line(int argc, char** argv, std::ostream& out, std::ostream& err) {
  std::vector<char*> rest;
  bool list = false;
  for (int i = 0; i < argc; ++i) {
    if (i == 1 && std::string(argv[i]) == "list")
      list = true;
    else
      rest.push_back(argv[i]);
  }
  try {
    auto options = make_options();
    int n = static_cast<int>(rest.size());
    auto args = options.parse(n, rest.data());
    if (!args.unmatched().empty())
      throw UsageError("unexpected argument '" + args.unmatched().front() + "' (see --help)");
    if (args.count("help")) {
      out << options.help() << '\n';
      return kExitOk;
    }
    if (args.count("version")) {
      out << "cryptauditor " << CRYPTAUDITOR_VERSION << '\n';
      return kExitOk;
    }
    std::string dir = args.count("plugin-dir") ? args["plugin-dir"].as<std::string>() : default_plugin_dir();
    PluginScan scan = load_plugins(dir);
    for (const auto& p : scan.problems) err << "cryptauditor: " << p << '\n';
    if (list) return list_command(args, scan, out);
    return run_benchmark(args, scan, argc, argv, out, err);
  } catch (const UsageError& e) {
    err << "cryptauditor: " << e.what() << '\n';
    return kExitUsage;
  } catch (const cxxopts::exceptions::exception& e) {
    err << "cryptauditor: " << e.what() << " (see --help)\n";
    return kExitUsage;
  } catch (const std::exception& e) {
    err << "cryptauditor: " << e.what() << '\n';
    return kExitFailure;
  }
}

}  // namespace ca
