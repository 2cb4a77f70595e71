// The selection table (selection_table.cpp): what a study selects — its algorithms (one flag per catalog
// family: -c/--cipher, --hash, ...), their parameters, operations, key size, data sizes, backends and a key
// file — declared once, as the run settings are (run_settings.hpp). An entry names the setting's flag, its
// key at the top of a study config and its key in a config's "algorithms" entries (docs/CONFIG.md), its
// default and help line per command, how its values complete and what a value is. The command line
// (app/cli/setting_flags.cpp), the config parser (app/config/study_config.cpp) and --help, the man page and
// the completions (app/cli/help.cpp) read their strings from here.
//
// These are lists resolved against the catalog and the loaded backends, so their validators stay where they
// resolve (app/cli/common.hpp: select_jobs, parse_key_bits, select_sizes, parse_operations,
// select_backends, apply_key_file, apply_params); the table names the flag or key each message starts with.
// None has a report key and none is checked by `run --resume`: a report and a journal hold the selection as
// each record's own fields (backend, algorithm, key_bits, operation, data_bytes; record/record_json.hpp),
// and a resumed run keeps the journal's records its plan holds and ignores the others (app/cli/resume.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "catalog/catalog.hpp"

namespace ca {

/// The commands whose flags the selection table declares.
enum class SelectionCommand { Bench, Run, Select, Leaks, Verify, List, Count };
inline constexpr size_t kSelectionCommands = static_cast<size_t>(SelectionCommand::Count);

/// How a shell completes a flag's value.
enum class Completion {
  None,        // a number or free text
  Algorithms,  // the family's catalog names, groups and ALL, comma-separated
  Operations,  // every operation name, comma-separated
  Backends,    // the loaded backends (`list --backends`), comma-separated
  File,        // a file name
};

/// The selection settings, in table order.
enum class SelectionId {
  Cipher,
  Hash,
  Signature,
  Mac,
  Kdf,
  Kex,
  KdfParams,
  Params,
  Operations,
  KeyBits,
  DataSizes,
  Backends,
  KeyFile,
  Algorithms,
  Count
};

struct SelectionSetting {
  /// The cxxopts spec: "c,cipher", "kdf-params"; empty: no flag (Algorithms: the family flags select).
  std::string flag;
  /// The key at the top of a study config ("key_bits"); empty: none.
  std::string config_key;
  /// The key in an entry of the config's "algorithms" list ("cipher", "key_bits", "params"); empty: none.
  std::string entry_key;
  /// The family an algorithm flag selects from; nullopt for the other settings.
  std::optional<Family> family;
  /// The flag takes a comma-separated list and may be repeated (a list of strings); else one value.
  bool list = false;
  Completion completion = Completion::None;
  /// What a value is, for the message when a list flag is given empty ("one or more names, ...").
  std::string expected;
  /// The default per command (SelectionCommand order), as --help shows it; nullptr: none.
  const char* defaults[kSelectionCommands] = {};
  /// The help line per command; nullptr: not a flag there. "{names}" stands for the family's names
  /// (app/cli/help.hpp family_help) and "{operations}" for every operation name.
  const char* help[kSelectionCommands] = {};

  std::string long_flag() const;  // "cipher"; empty without a flag
  std::string dashed() const;     // "--cipher": how a message names the flag
  /// "-c CIPHER" or "--hash HASH": an algorithm flag in a usage line.
  std::string usage() const;
  bool on(SelectionCommand c) const { return help[static_cast<size_t>(c)] != nullptr; }
};

const SelectionSetting& selection_setting(SelectionId id);
/// The table, in SelectionId order.
std::span<const SelectionSetting> selection_settings();
/// The algorithm flag of a family.
const SelectionSetting& family_setting(Family family);
/// The entry whose long flag is `long_flag`; nullptr when none.
const SelectionSetting* selection_by_flag(std::string_view long_flag);
/// The config key of `id` as a JSON pointer at the top of a config: "/key_bits".
std::string config_pointer(SelectionId id);

}  // namespace ca
