// `cryptauditor list`: the capability matrix, the backends, or the alias and group tables. This probes the
// backends; the writers (text and JSON) are plugins/list_report.hpp's.
#include <cxxopts.hpp>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/locations.hpp"
#include "plugins/list_report.hpp"
#include "run/environment.hpp"
#include "run/machine_check.hpp"

namespace ca {
namespace {

// Each backend with the CPU's crypto extensions its build leaves unused, for write_backend_lines.
std::vector<BackendLine> backend_lines(const PluginScan& scan) {
  const std::vector<std::string> features = read_cpu_features();
  std::vector<BackendLine> lines;
  for (const auto& b : scan.backends)
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

// Algorithm x backend: what each backend offers of each catalog entry, for the writers in plugins/.
CapabilityMatrix capability_matrix(const PluginScan& scan) {
  CapabilityMatrix m;
  for (const auto& b : scan.backends) m.backends.push_back(b->name());
  for (const AlgorithmInfo& a : catalog()) {
    m.rows.push_back({&a, {}});
    for (const auto& b : scan.backends) m.rows.back().offered.push_back(offered_key_bits(*b, a));
  }
  return m;
}

}  // namespace

int list_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  cxxopts::Options o("cryptauditor list",
                     "The capability matrix: which backend offers which algorithm and key.");
  o.add_options()("backends", "the loaded backends, their library versions and acceleration")(
      "aliases", "the alias and group tables")("format", "text or json (schema: docs/REPORTS.md)",
                                               cxxopts::value<std::string>()->default_value("text"))(
      "h,help", "print this help");
  add_plugin_options(o);
  auto args = o.parse(argc, argv);
  if (!args.unmatched().empty())
    throw UsageError("unexpected argument '" + args.unmatched().front() + "' for list");
  if (args.count("help")) {
    out << o.help() << '\n';
    return kExitOk;
  }
  const std::string format = args["format"].as<std::string>();
  if (format != "text" && format != "json")
    throw UsageError("--format '" + format + "' is not valid for list: expected text or json");
  if (args.count("backends") && args.count("aliases"))
    throw UsageError("--backends and --aliases cannot be given together: choose one");
  const bool json = format == "json";
  if (args.count("aliases")) {
    json ? write_alias_json(out) : write_alias_tables(out);
    return kExitOk;
  }
  PluginScan scan = load_backends(plugin_request(args), err);
  if (json && args.count("backends")) {
    write_list_json(backend_lines(scan), nullptr, out);
  } else if (json) {
    const CapabilityMatrix matrix = capability_matrix(scan);
    write_list_json(backend_lines(scan), &matrix, out);
  } else if (args.count("backends")) {
    write_backend_lines(backend_lines(scan), out);
  } else {
    write_capability_matrix(capability_matrix(scan), out);
  }
  return kExitOk;
}

}  // namespace ca
