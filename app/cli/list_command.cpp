// `cryptauditor list`: the capability matrix, the backends, or the alias and group tables. This probes the
// backends; the writers (text and JSON) are plugins/list_report.hpp's.
#include <algorithm>
#include <cxxopts.hpp>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/locations.hpp"
#include "cli/setting_flags.hpp"
#include "host/environment.hpp"
#include "host/machine_check.hpp"
#include "plugins/list_report.hpp"
#include "util/suggest.hpp"

namespace ca {
namespace {

// Each backend with the CPU's crypto extensions its build leaves unused, for write_backend_lines.
std::vector<BackendLine> backend_lines(const std::vector<const Backend*>& backends) {
  const std::vector<std::string> features = read_cpu_features();
  std::vector<BackendLine> lines;
  for (const Backend* b : backends)
    lines.push_back({b->name(), b->library(), b->library_version(), b->acceleration(), b->path(),
                     acceleration_gap(b->name(), b->library(), b->acceleration(), features)});
  return lines;
}

/// The key sizes `list` probes: the catalog's; for a range, RSA's four common ones, else (HMAC, KMAC: any
/// byte length) the default.
std::vector<uint32_t> probed_key_bits(const AlgorithmInfo& a) {
  if (!a.key_bits.empty()) return a.key_bits;
  return a.primitive == "RSA" ? std::vector<uint32_t>{1024, 2048, 3072, 4096}
                              : std::vector<uint32_t>{a.default_key_bits};
}

/// The probed key sizes a backend offers for an algorithm (0 stands for "no key": hashes, KDFs).
std::vector<uint32_t> offered_key_bits(const Backend& b, const AlgorithmInfo& a) {
  std::vector<uint32_t> offered;
  for (uint32_t bits : probed_key_bits(a))
    if (!b.unsupported_reason(std::string(a.name), bits)) offered.push_back(bits);
  return offered;
}

// Algorithm x backend: what each backend offers of each catalog entry (of `only`, when not empty), for the
// writers in plugins/.
CapabilityMatrix capability_matrix(const std::vector<const Backend*>& backends,
                                   const std::vector<const AlgorithmInfo*>& only) {
  CapabilityMatrix m;
  for (const Backend* b : backends) m.backends.push_back(b->name());
  for (const AlgorithmInfo& a : catalog()) {
    if (!only.empty() && std::find(only.begin(), only.end(), &a) == only.end()) continue;
    m.rows.push_back({&a, {}});
    for (const Backend* b : backends) m.rows.back().offered.push_back(offered_key_bits(*b, a));
  }
  return m;
}

// `list NAME...`: the catalog entries the names mean under any selection flag (names, aliases, groups, any
// case). A name no flag takes is a UsageError with the nearest names.
std::vector<const AlgorithmInfo*> listed_algorithms(const std::vector<std::string>& names) {
  std::vector<const AlgorithmInfo*> out;
  for (const std::string& typed : names) {
    bool found = false;
    for (Family f :
         {Family::Cipher, Family::Hash, Family::Signature, Family::Mac, Family::Kdf, Family::KeyAgreement}) {
      auto resolved = resolve(typed, f);
      if (!resolved) continue;
      found = true;
      for (const AlgorithmInfo* a : resolved->algorithms)
        if (std::find(out.begin(), out.end(), a) == out.end()) out.push_back(a);
    }
    if (found) continue;
    std::vector<std::string> every;
    for (const AlgorithmInfo& a : catalog()) every.emplace_back(a.name);
    for (const Alias& al : aliases()) every.emplace_back(al.alias);
    for (const Group& g : groups()) every.emplace_back(g.name);
    const std::string near = did_you_mean(closest_names(typed, every));
    throw UsageError("list '" + typed + "' is not an algorithm, alias or group" +
                     (near.empty() ? "" : ": " + near) +
                     " (every name: cryptauditor list; aliases and groups: cryptauditor list --aliases)");
  }
  return out;
}

}  // namespace

int list_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  cxxopts::Options o("cryptauditor list",
                     "The capability matrix: which backend offers which algorithm and key.");
  o.custom_help("[ALGORITHM...] [-b BACKEND,...] [--backends | --aliases] " + format_usage("list"));
  o.positional_help("");
  cxxopts::OptionAdder add = o.add_options();
  add("backends", "the loaded backends, their library versions and acceleration");
  add("aliases", "the alias and group tables");
  add_selection_flag(add, SelectionId::Backends, SelectionCommand::List);
  add("format", format_choices("list") + " (json's schema: docs/REPORTS.md; text is table)",
      cxxopts::value<std::string>()->default_value(command_formats("list").front()));
  add("h,help", "print this help");
  // In a group of its own so that --help (the "" group and the plugin flags) does not list it as a flag.
  o.add_options("positional")("algorithms", "", cxxopts::value<std::vector<std::string>>());
  o.parse_positional({"algorithms"});
  add_plugin_options(o);
  auto args = o.parse(argc, argv);
  if (!args.unmatched().empty())
    throw UsageError("unexpected argument '" + args.unmatched().front() + "' for list");
  if (args.count("help")) {
    std::vector<std::string> shown;
    for (const auto& g : o.groups())
      if (g != "positional") shown.push_back(g);
    out << o.help(shown)
        << "\nALGORITHM: only these catalog names, aliases or groups (any selection flag's, "
           "any case), e.g. cryptauditor list AES-GCM SHA3 -b openssl,botan\n";
    return kExitOk;
  }
  const std::string format = checked_format("list", args["format"].as<std::string>());
  if (args.count("backends") && args.count("aliases"))
    throw UsageError("--backends and --aliases cannot be given together: choose one");
  const bool json = format == "json";
  if (args.count("aliases")) {
    json ? write_alias_json(out) : write_alias_tables(out);
    return kExitOk;
  }
  const std::vector<const AlgorithmInfo*> only =
      listed_algorithms(args.count("algorithms") ? args["algorithms"].as<std::vector<std::string>>()
                                                 : std::vector<std::string>{});
  if (!only.empty() && (args.count("backends") || args.count("aliases")))
    throw UsageError("list ALGORITHM filters the capability matrix: leave out --backends and --aliases");
  PluginScan scan = load_backends(plugin_request(args), err);
  const std::vector<const Backend*> backends = select_backends(
      selection_given(args, SelectionId::Backends)
          ? selection_items(args, SelectionId::Backends, "one or more backend names, comma-separated")
          : std::vector<std::string>{},
      selection_setting(SelectionId::Backends).dashed(), scan);
  if (json && args.count("backends")) {
    write_list_json(backend_lines(backends), nullptr, out);
  } else if (json) {
    const CapabilityMatrix matrix = capability_matrix(backends, only);
    write_list_json(backend_lines(backends), &matrix, out);
  } else if (args.count("backends")) {
    write_backend_lines(backend_lines(backends), out);
  } else {
    write_capability_matrix(capability_matrix(backends, only), out);
  }
  return kExitOk;
}

}  // namespace ca
