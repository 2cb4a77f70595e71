#include "cli/cli.hpp"

#include <cxxopts.hpp>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/help.hpp"

namespace ca {

PluginScan load_backends(const std::string& plugin_dir, std::ostream& err) {
  PluginScan scan = load_plugins(plugin_dir);
  for (const auto& p : scan.problems) err << "cryptauditor: " << p << '\n';
  return scan;
}

int run_command_line(int argc, char** argv, std::ostream& out, std::ostream& err) {
  // The subcommand table (cli/help.hpp) is also what --help, the man page and the completions list.
  CommandMain command = bench_main;
  std::vector<char*> args(argv, argv + argc);
  if (argc > 1)
    for (const Subcommand& sub : subcommands())
      if (std::string_view(argv[1]) == sub.name) {
        command = sub.main;
        args.erase(args.begin() + 1);
        break;
      }
  try {
    return command(static_cast<int>(args.size()), args.data(), out, err);
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
