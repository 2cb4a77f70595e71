// Help, --version, the man page and the shell completions, all generated from two tables: the algorithm
// catalog (core/catalog) and the subcommand table below, which is also what run_command_line dispatches
// on. So a new algorithm, group or subcommand appears in every one of them without another edit.
#pragma once

#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"

namespace ca {

using CommandMain = int (*)(int, char**, std::ostream&, std::ostream&);

struct Subcommand {
  const char* name;     // the word after `cryptauditor`
  const char* example;  // its arguments in the one-line summary: "CONFIG.json|NAME [--resume]"
  const char* summary;  // what it does, a few words
  CommandMain main;
};

/// Every subcommand, in the order --help lists them.
std::span<const Subcommand> subcommands();

/// The long flags (without "--") of a command, the default command when `sub` is null, as its --help lists
/// them: what "did you mean --cipher?" chooses from.
std::vector<std::string> long_flag_names(const Subcommand* sub);

/// "unknown command 'verfy': did you mean verify? (every command: cryptauditor help)", or the list of
/// commands when none is near: for a first word that is no subcommand, and for `cryptauditor help WORD`.
std::string unknown_command(const std::string& typed);

/// `cryptauditor help [COMMAND]`: the default command's --help, or COMMAND's.
int help_main(int argc, char** argv, std::ostream& out, std::ostream& err);

/// The description of a selection flag (-c, --hash, -s, --mac, --kdf, --kex): every catalog name of the
/// family (with the family-only aliases such as "RSA"), its groups and ALL.
std::string family_help(Family family);

/// The registered report formats ("table, json, csv, ...") and every operation name, comma-separated.
std::string report_format_names();
std::string operation_names();

/// The default command's description: what cryptauditor does and one line per subcommand.
std::string program_description();

/// `cryptauditor --version`: "cryptauditor 0.1.0 (commit v0.1-12-gabc1234)"; the commit is what
/// `git describe` said at configure time, "unknown" outside a git checkout.
std::string version_text();

/// The man page cryptauditor(1) in roff: the default command's flags and every subcommand's help.
void print_man(std::ostream& out);

/// A completion script for `shell` ("bash" or "zsh"); false for another shell.
bool print_completion(const std::string& shell, std::ostream& out);

}  // namespace ca
