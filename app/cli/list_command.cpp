// `cryptauditor list`: the capability matrix, the backends, or the alias and group tables.
#include <algorithm>
#include <cxxopts.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/locations.hpp"
#include "run/environment.hpp"
#include "run/machine_check.hpp"

namespace ca {
namespace {

void print_aliases(std::ostream& out) {
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
}

std::string acceleration_text(const Backend& b) {
  return b.acceleration().empty() ? "not reported" : b.acceleration();
}

// Each backend on one line; a build that leaves the CPU's crypto extensions unused says so on the next.
void print_backends(const PluginScan& scan, std::ostream& out) {
  const std::vector<std::string> features = read_cpu_features();
  for (const auto& b : scan.backends) {
    out << b->name() << ": " << b->library() << ' ' << b->library_version()
        << " | acceleration: " << acceleration_text(*b) << " | " << b->path() << '\n';
    if (std::string gap = acceleration_gap(b->name(), b->library(), b->acceleration(), features);
        !gap.empty())
      out << "  note: " << gap << '\n';
  }
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

// Algorithm x backend, each cell the key lengths the backend offers. Every column is as wide as its widest
// cell, so rows line up whatever the cells hold (RSA's "1024/2048/3072/4096+" is wider than a name).
void print_matrix(const PluginScan& scan, std::ostream& out) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"algorithm"});
  for (const auto& b : scan.backends) rows.back().push_back(b->name());
  std::vector<size_t> supported(scan.backends.size(), 0);
  for (const AlgorithmInfo& a : catalog()) {
    rows.push_back({std::string(a.name)});
    for (size_t i = 0; i < scan.backends.size(); ++i) {
      std::string cell;
      for (uint32_t bits : offered_key_bits(*scan.backends[i], a))
        cell += (cell.empty() ? "" : "/") + (bits ? std::to_string(bits) : std::string("yes"));
      if (a.key_bits.empty() && !cell.empty()) cell += "+";
      if (!cell.empty()) ++supported[i];
      rows.back().push_back(cell.empty() ? "-" : cell);
    }
  }
  rows.push_back({"supported"});
  for (size_t n : supported)
    rows.back().push_back(std::to_string(n) + " of " + std::to_string(catalog().size()));
  std::vector<size_t> width(scan.backends.size() + 1, 0);
  for (const auto& row : rows)
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c)
      line += row[c] + (c + 1 < row.size() ? std::string(width[c] + 2 - row[c].size(), ' ') : "");
    out << line << '\n';
  }
  out << "(key lengths in bits; '+' = the catalog's range goes on: RSA 1024/2048/3072/4096 are probed, up to "
         "16384 allowed; HMAC and KMAC the default 256 is probed, any whole number of bytes 8..8192 allowed; "
         "'-' = not offered)\n";
}

// --format json (docs/REPORTS.md, "cryptauditor list --format json"): schema_version 1.
nlohmann::json backends_json(const PluginScan& scan) {
  const std::vector<std::string> features = read_cpu_features();
  nlohmann::json list = nlohmann::json::array();
  for (const auto& b : scan.backends) {
    const std::string gap = acceleration_gap(b->name(), b->library(), b->acceleration(), features);
    list.push_back({{"name", b->name()},
                    {"library", b->library()},
                    {"version", b->library_version()},
                    {"acceleration", b->acceleration()},
                    {"acceleration_gap", gap.empty() ? nlohmann::json(nullptr) : nlohmann::json(gap)},
                    {"path", b->path()}});
  }
  return list;
}

nlohmann::json algorithms_json(const PluginScan& scan) {
  nlohmann::json list = nlohmann::json::array();
  for (const AlgorithmInfo& a : catalog()) {
    nlohmann::json keys;
    std::vector<uint32_t> catalog_bits;
    for (uint32_t bits : a.key_bits)
      if (bits != 0) catalog_bits.push_back(bits);
    if (a.key_bits.empty())
      keys = {{"min", a.key_min}, {"max", a.key_max}, {"step", a.key_step}};
    else
      keys = catalog_bits;
    nlohmann::json offered = nlohmann::json::object();
    for (const auto& b : scan.backends) {
      std::vector<uint32_t> bits = offered_key_bits(*b, a);
      const bool any = !bits.empty();
      std::erase(bits, 0u);
      offered[b->name()] = {{"offered", any}, {"key_bits", bits}};
    }
    list.push_back({{"name", std::string(a.name)},
                    {"flag", std::string(family_flag(a.family))},
                    {"key_bits", keys},
                    {"default_key_bits", a.default_key_bits},
                    {"backends", offered}});
  }
  return list;
}

nlohmann::json aliases_json() {
  nlohmann::json doc = {{"aliases", nlohmann::json::array()}, {"groups", nlohmann::json::array()}};
  for (const auto& a : aliases())
    doc["aliases"].push_back({{"alias", std::string(a.alias)},
                              {"canonical", std::string(a.canonical)},
                              {"only_for", a.only_for ? nlohmann::json(std::string(family_flag(*a.only_for)))
                                                      : nlohmann::json(nullptr)}});
  for (const auto& g : groups()) {
    std::vector<std::string> members(g.members.begin(), g.members.end());
    doc["groups"].push_back(
        {{"name", std::string(g.name)}, {"flag", std::string(family_flag(g.family))}, {"members", members}});
  }
  return doc;
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
    if (json) {
      nlohmann::json doc = aliases_json();
      doc["schema_version"] = 1;
      out << doc.dump(2) << '\n';
    } else {
      print_aliases(out);
    }
    return kExitOk;
  }
  PluginScan scan = load_backends(plugin_request(args), err);
  if (json) {
    nlohmann::json doc = {{"schema_version", 1}, {"backends", backends_json(scan)}};
    if (!args.count("backends")) doc["algorithms"] = algorithms_json(scan);
    out << doc.dump(2) << '\n';
  } else if (args.count("backends")) {
    print_backends(scan, out);
  } else {
    print_matrix(scan, out);
  }
  return kExitOk;
}

}  // namespace ca
