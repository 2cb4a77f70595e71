#include "cli/cli.hpp"

#include <cxxopts.hpp>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "cli/common.hpp"
#include "cli/help.hpp"
#include "cli/locations.hpp"
#include "util/suggest.hpp"

namespace ca {

namespace {

// cxxopts names an unknown flag only inside its message: "Option ‘cyper’ does not exist".
std::string option_in(const std::string& message) {
  constexpr std::string_view kOpen = "\u2018", kClose = "\u2019";
  const size_t open = message.find(kOpen), close = message.find(kClose);
  if (open == std::string::npos || close == std::string::npos || close < open) return "";
  return message.substr(open + kOpen.size(), close - open - kOpen.size());
}

// "unknown option '--cyper' for verify: did you mean --cipher? (see cryptauditor verify --help)"
std::string unknown_option(const std::string& name, const Subcommand* sub) {
  const std::string shown = (name.size() == 1 ? "-" : "--") + name;
  std::string near;
  if (name.size() > 1) {
    std::vector<std::string> flags;
    for (const std::string& f : long_flag_names(sub)) flags.push_back(f);
    std::vector<std::string> found = closest_names(name, flags);
    for (auto& f : found) f = "--" + f;
    near = did_you_mean(found);
  }
  const std::string command = sub != nullptr ? std::string(" ") + sub->name : "";
  return "unknown option '" + shown + "'" + (sub != nullptr ? " for" + command : "") +
         (near.empty() ? "" : ": " + near) + " (see cryptauditor" + command + " --help)";
}

}  // namespace

int run_command_line(int argc, char** argv, std::ostream& out, std::ostream& err) {
  // The subcommand table (cli/help.hpp) is also what --help, the man page and the completions list.
  const Subcommand* chosen = nullptr;
  std::vector<char*> args(argv, argv + argc);
  try {
    // Global options (the plugin flags) may come before the subcommand word, as in git or cargo:
    // `cryptauditor --plugin-dir X list` is `cryptauditor list --plugin-dir X`.
    size_t word = 1;
    for (size_t n; word < args.size() && (n = plugin_flag_words(args, word)) > 0;) word += n;
    if (word < args.size()) {
      for (const Subcommand& sub : subcommands())
        if (std::string_view(args[word]) == sub.name) chosen = &sub;
      if (chosen != nullptr)
        args.erase(args.begin() + static_cast<std::ptrdiff_t>(word));
      else if (args[word][0] != '-')  // the default command takes flags only: a word first is a command
        throw UsageError(unknown_command(args[word]));
    }
    const CommandMain command = chosen != nullptr ? chosen->main : bench_main;
    return command(static_cast<int>(args.size()), args.data(), out, err);
  } catch (const UsageError& e) {
    err << "cryptauditor: " << e.what() << '\n';
    return kExitUsage;
  } catch (const cxxopts::exceptions::no_such_option& e) {
    const std::string name = option_in(e.what());
    err << "cryptauditor: "
        << (name.empty() ? e.what() + std::string(" (see --help)") : unknown_option(name, chosen)) << '\n';
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
