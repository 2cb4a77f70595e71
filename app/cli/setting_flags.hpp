// The command-line side of the run settings table (settings/run_settings.hpp): each command adds a
// setting's flag where its --help lists it, and reads every setting flag given in one pass.
#pragma once

#include <cxxopts.hpp>

#include "settings/run_settings.hpp"

namespace ca {

/// Adds the flag (and the negative flag of a switch) of setting `id`, with `command`'s help line and, for
/// the default command, its default value.
void add_setting_flag(cxxopts::OptionAdder& add, SettingId id, SettingsCommand command);

/// Reads every run-setting flag given on the command line into `s`, in table order (a bad value is a
/// UsageError naming the flag). Then the table's rules: a switch given both ways is a UsageError; a flag
/// that drops rounds (--budget, --ci-target) makes the study adaptive unless --rounds is given too.
void read_setting_flags(const cxxopts::ParseResult& args, RunSettings& s);

}  // namespace ca
