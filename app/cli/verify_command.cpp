// `cryptauditor verify`: every backend against the Wycheproof test vectors, or (--interop) every ordered
// pair of backends against each other. Each backend's share of a file, and each algorithm's interop checks,
// run in a child process (verify/isolated.hpp): a backend that crashes is that backend's failure. Exit 0
// when everything passes, 1 on any failure or malformed vector file, 2 on usage errors.
#include <cstdlib>
#include <cxxopts.hpp>
#include <filesystem>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/locations.hpp"
#include "cli/setting_flags.hpp"
#include "cli/vectors_fetch.hpp"
#include "plugins/verify_report.hpp"
#include "verify/interop.hpp"
#include "verify/isolated.hpp"
#include "verify/vector_runner.hpp"
#include "verify/vector_search.hpp"

namespace ca {
namespace {

cxxopts::Options verify_options() {
  cxxopts::Options o("cryptauditor verify",
                     "Checks every backend against the Wycheproof test vectors (docs/VERIFY.md), or with "
                     "--interop every ordered pair of backends against each other.");
  o.custom_help("[--vectors DIR-or-FILE | --fetch] [-b backend,...] [--format table|json] [--interop]");
  cxxopts::OptionAdder add = o.add_options();
  add("vectors",
      "a Wycheproof checkout (its testvectors_v1/ is read), a .json file or a directory of them (default: the first of $CRYPTAUDITOR_WYCHEPROOF, the "
      "user cache that --fetch fills, ../shared/wycheproof; docs/VERIFY.md)",
      cxxopts::value<std::string>());
  add("fetch",
      "clone C2SP/wycheproof at the pinned commit with git into the user cache "
      "($XDG_CACHE_HOME/cryptauditor/wycheproof or ~/.cache/...), then exit; $CRYPTAUDITOR_WYCHEPROOF_URL "
      "names a mirror");
  add("interop",
      "instead of vectors: for every algorithm and ordered pair of backends (A, B), B decrypts, verifies or "
      "reproduces what A produced");
  add_selection_flag(add, SelectionId::Backends, SelectionCommand::Verify);
  add("format", "output format: " + format_choices("verify"),
      cxxopts::value<std::string>()->default_value(command_formats("verify").front()));
  add("v,verbose",
      "list the tcIds of acceptable tests and documented deviations per file and library (the JSON report "
      "always has them)");
  add("quiet", "with --fetch: do not say what was written");
  add("h,help", "print this help");
  add_plugin_options(o);
  return o;
}

std::string vectors_path(const cxxopts::ParseResult& args) {
  std::error_code ec;
  if (args.count("vectors")) {
    const std::string path = args["vectors"].as<std::string>();
    if (!std::filesystem::exists(path, ec))
      throw UsageError("--vectors '" + path +
                       "' does not exist (expected a Wycheproof checkout, its testvectors_v1/, a .json file "
                       "or a directory of them)");
    // A checkout reads its testvectors_v1/, as $CRYPTAUDITOR_WYCHEPROOF does (verify/vector_search.hpp).
    if (std::filesystem::is_directory(path, ec))
      if (std::string folder = verify::vectors_in(path); !folder.empty()) return folder;
    return path;
  }
  auto found = verify::find_vectors([](const char* name) { return std::getenv(name); });
  if (!found) throw UsageError("no --vectors given, and " + found.error().message);
  return found->path;
}

std::vector<verify::BackendInfo> backend_infos(const std::vector<const Backend*>& backends) {
  std::vector<verify::BackendInfo> out;
  for (const Backend* b : backends) out.push_back({b->name(), b->library(), b->library_version()});
  return out;
}

}  // namespace

int verify_main(int argc, char** argv, std::ostream& out, std::ostream& err) {
  auto options = verify_options();
  auto args = options.parse(argc, argv);
  if (!args.unmatched().empty())
    throw UsageError("unexpected argument '" + args.unmatched().front() + "' for verify (see verify --help)");
  if (args.count("help")) {
    out << options.help() << '\n';
    return kExitOk;
  }
  const std::string format = checked_format("verify", args["format"].as<std::string>());
  if (args.count("fetch")) {
    if (args.count("vectors") || args.count("interop"))
      throw UsageError(
          "--fetch only fetches the vectors: run verify again without it, with --vectors or --interop");
    return fetch_vectors(args.count("quiet") > 0, err);
  }
  const bool interop = args.count("interop") > 0;
  if (interop && args.count("vectors"))
    throw UsageError(
        "--vectors and --interop do not go together: --interop checks backends against each other");

  std::vector<std::string> files;
  std::string vectors;
  if (!interop) {
    vectors = vectors_path(args);
    auto listed = verify::vector_files(vectors);
    if (!listed) throw UsageError("--vectors: " + listed.error().message);
    files = std::move(*listed);
  }

  PluginScan scan = load_backends(plugin_request(args), err);
  const auto backends = select_backends(selection_given(args, SelectionId::Backends)
                                            ? selection_items(args, SelectionId::Backends)
                                            : std::vector<std::string>{},
                                        selection_setting(SelectionId::Backends).dashed(), scan);
  if (backends.empty()) {
    err << "cryptauditor: no backend plugin is loaded: nothing to verify\n";
    return kExitFailure;
  }

  if (interop) {
    const verify::InteropRun run = verify::run_interop_isolated(backends);
    const verify::InteropReportInput in{backend_infos(backends), run};
    format == "json" ? verify::write_interop_json(in, out) : verify::write_interop_table(in, out);
    return run.ok() ? kExitOk : kExitFailure;
  }

  const verify::VectorRun run = verify::run_vector_files_isolated(files, backends);
  for (const auto& f : run.files)
    if (!f.error.empty()) err << "cryptauditor: " << f.error << '\n';
  const verify::VectorReportInput in{vectors, backend_infos(backends), run, args.count("verbose") > 0};
  format == "json" ? verify::write_vector_json(in, out) : verify::write_vector_table(in, out);
  return run.ok() ? kExitOk : kExitFailure;
}

}  // namespace ca
