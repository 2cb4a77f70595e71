#include "cli/cli.hpp"

#include <cxxopts.hpp>
#include <functional>
#include <map>

#include "cli/commands.hpp"
#include "cli/common.hpp"

namespace ca {

PluginScan load_backends(const std::string& plugin_dir, std::ostream& err) {
  PluginScan scan = load_plugins(plugin_dir);
  for (const auto& p : scan.problems) err << "cryptauditor: " << p << '\n';
  return scan;
}

int run_command_line(int argc, char** argv, std::ostream& out, std::ostream& err) {
  using Command = std::function<int(int, char**, std::ostream&, std::ostream&)>;
  static const std::map<std::string, Command> kSubcommands = {
      {"list", list_main},     {"run", run_main},     {"compare", compare_main}, {"verify", verify_main},
      {"report", report_main}, {"merge", merge_main}, {"leaks", leaks_main},
  };
  Command command = bench_main;
  std::vector<char*> args(argv, argv + argc);
  if (argc > 1) {
    if (auto it = kSubcommands.find(argv[1]); it != kSubcommands.end()) {
      command = it->second;
      args.erase(args.begin() + 1);
    }
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
