// Where the program finds its plugins and configs, and the command-line flags that choose plugins
// (--plugin-dir, --no-default-plugins, --plugin), shared by every subcommand that loads backends.
#pragma once

#include <cxxopts.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "plugin/backend.hpp"

namespace ca {

/// Adds --plugin-dir DIR (repeatable, added to the default folders), --no-default-plugins and
/// --plugin FILE[=NAME] (repeatable) to a subcommand's options.
void add_plugin_options(cxxopts::Options& options);

/// The plugin flags are also global options, accepted before the subcommand word (`cryptauditor
/// --plugin-dir DIR list`): how many words of `args` the one at `i` takes as a plugin flag (1 for
/// --no-default-plugins or --plugin-dir=DIR, 2 for --plugin-dir DIR), 0 when it is none (or lacks its value).
size_t plugin_flag_words(const std::vector<char*>& args, size_t i);

/// What the plugin flags ask for: folders (the defaults unless --no-default-plugins, then each
/// --plugin-dir not already listed) and single files. A --plugin-dir that is not a folder, a --plugin file
/// that does not exist or a NAME that is not a valid backend name is a UsageError.
struct PluginRequest {
  std::vector<std::string> dirs;
  std::vector<PluginFile> files;
  /// "DIR", "DIR, DIR2 and 1 file": for "no backend plugins could be loaded from ..." messages.
  std::string describe() const;
};
PluginRequest plugin_request(const cxxopts::ParseResult& args);

/// Loads what the flags ask for, printing one line per refused or skipped file.
PluginScan load_backends(const PluginRequest& request, std::ostream& err);

/// The folder of installed study configs for an executable at exe: <datadir>/cryptauditor/configs relative
/// to the binary as configured at build time; in a build tree, the source tree's configs/.
std::string config_dir(const std::string& exe);

/// `run NAME`: NAME when it is a file; otherwise, for a bare name (no '/'), NAME or NAME.json in
/// config_dir(). A UsageError names the value, where it was looked for and the configs found there.
std::string find_config(const std::string& typed);

/// Parses the arguments of a command that takes one study config (`cryptauditor NAME CONFIG.json ...`: run,
/// select): nothing after printing --help to `out`; a UsageError for a stray argument or a missing config.
std::optional<cxxopts::ParseResult> parse_config_command(const std::string& name, cxxopts::Options& options,
                                                         int argc, char** argv, std::ostream& out);

}  // namespace ca
