// The command-line side of the run settings table (settings/run_settings.hpp) and of the selection table
// (settings/selection.hpp): each command adds a setting's flag where its --help lists it, and reads the
// flags given through the tables' names.
#pragma once

#include <cxxopts.hpp>
#include <string>
#include <vector>

#include "cli/common.hpp"
#include "settings/run_settings.hpp"
#include "settings/selection.hpp"

namespace ca {

/// Adds the flag (and the negative flag of a switch) of setting `id`, with `command`'s help line and, for
/// the default command, its default value.
void add_setting_flag(cxxopts::OptionAdder& add, SettingId id, SettingsCommand command);

/// Reads every run-setting flag given on the command line into `s`, in table order (a bad value is a
/// UsageError naming the flag). Then the table's rules: a switch given both ways is a UsageError; a flag
/// that drops rounds (--budget, --ci-target) makes the study adaptive unless --rounds is given too.
void read_setting_flags(const cxxopts::ParseResult& args, RunSettings& s);

/// Adds the flag of selection setting `id` with `command`'s help line and default.
void add_selection_flag(cxxopts::OptionAdder& add, SelectionId id, SelectionCommand command);
/// Adds the algorithm flag of every family `command` selects from, in the table's order from `first` to
/// `last` inclusive.
void add_family_flags(cxxopts::OptionAdder& add, SelectionCommand command, SelectionId first,
                      SelectionId last);
/// "[-c CIPHER] [--hash HASH] ... [options]": the usage line of a command's algorithm flags.
std::string selection_usage(SelectionCommand command);

/// "-c, -s, --mac or --kex": the algorithm flags of a command, for a message.
std::string family_flag_choices(SelectionCommand command);

/// Whether the flag of `id` was given, and its one value.
bool selection_given(const cxxopts::ParseResult& args, SelectionId id);
std::string selection_value(const cxxopts::ParseResult& args, SelectionId id);
/// A list flag's values as typed (not split); empty when not given.
std::vector<std::string> selection_list(const cxxopts::ParseResult& args, SelectionId id);
/// The items of a list flag (split at commas); an empty list is a UsageError naming the flag and what a
/// value is (`expected`, else the table's).
std::vector<std::string> selection_items(const cxxopts::ParseResult& args, SelectionId id,
                                         const std::string& expected = "");
/// A request per name given to an algorithm flag of `command`, in table order.
std::vector<AlgorithmRequest> algorithm_requests(const cxxopts::ParseResult& args, SelectionCommand command);

}  // namespace ca
