// `cryptauditor list`: the capability matrix, the backends, or the alias and group tables.
#include <cxxopts.hpp>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/locations.hpp"

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

void print_backends(const PluginScan& scan, std::ostream& out) {
  for (const auto& b : scan.backends)
    out << b->name() << ": " << b->library() << ' ' << b->library_version()
        << " | acceleration: " << (b->acceleration().empty() ? "not reported" : b->acceleration()) << " | "
        << b->path() << '\n';
}

std::string pad(const std::string& s, size_t width) {
  return s + std::string(s.size() < width ? width - s.size() : 1, ' ');
}

// Algorithm x backend, each cell the key lengths the backend offers.
void print_matrix(const PluginScan& scan, std::ostream& out) {
  const size_t first = 22, col = 17;
  out << pad("algorithm", first);
  for (const auto& b : scan.backends) out << pad(b->name(), col);
  out << '\n';
  std::vector<size_t> supported(scan.backends.size(), 0);
  for (const AlgorithmInfo& a : catalog()) {
    out << pad(std::string(a.name), first);
    for (size_t i = 0; i < scan.backends.size(); ++i) {
      std::vector<uint32_t> candidates = a.key_bits;
      if (candidates.empty())  // a range: RSA's probed sizes, else (HMAC, KMAC: any byte length) the default
        candidates = a.primitive == "RSA" ? std::vector<uint32_t>{1024, 2048, 3072, 4096}
                                          : std::vector<uint32_t>{a.default_key_bits};
      std::string cell;
      for (uint32_t bits : candidates)
        if (!scan.backends[i]->unsupported_reason(std::string(a.name), bits))
          cell += (cell.empty() ? "" : "/") + (bits ? std::to_string(bits) : std::string("yes"));
      if (a.key_bits.empty() && !cell.empty()) cell += "+";
      if (!cell.empty()) ++supported[i];
      out << pad(cell.empty() ? "-" : cell, col);
    }
    out << '\n';
  }
  out << pad("supported", first);
  for (size_t n : supported) out << pad(std::to_string(n) + " of " + std::to_string(catalog().size()), col);
  out << "\n(key lengths in bits; for RSA 1024/2048/3072/4096 are probed, '+' = up to 16384; '-' = not "
         "offered)\n";
}

}  // namespace

int list_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  cxxopts::Options o("cryptauditor list",
                     "The capability matrix: which backend offers which algorithm and key.");
  o.add_options()("backends", "the loaded backends, their library versions and acceleration")(
      "aliases", "the alias and group tables")("h,help", "print this help");
  add_plugin_options(o);
  auto args = o.parse(argc, argv);
  if (!args.unmatched().empty())
    throw UsageError("unexpected argument '" + args.unmatched().front() + "' for list");
  if (args.count("help")) {
    out << o.help() << '\n';
    return kExitOk;
  }
  if (args.count("aliases")) {
    print_aliases(out);
    return kExitOk;
  }
  PluginScan scan = load_backends(plugin_request(args), err);
  if (args.count("backends"))
    print_backends(scan, out);
  else
    print_matrix(scan, out);
  return kExitOk;
}

}  // namespace ca
