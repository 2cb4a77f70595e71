// What every subcommand shares: the usage-error type (one line, exit 2), and turning typed names, sizes and
// backend names into a validated plan. Flags and config files both go through these functions, so a value
// is judged by the same rule wherever it comes from; `where` names the source in messages ("--data_size",
// "study.json: /data_sizes/2").
#pragma once

#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "exec/runner.hpp"
#include "plugin/backend.hpp"
#include "settings/run_settings.hpp"  // the run settings and their validators
#include "util/usage_error.hpp"

namespace ca {

enum ExitCode { kExitOk = 0, kExitFailure = 1, kExitUsage = 2 };

/// "wrote reports/default.json" on standard error once a file is written (unless `quiet`): a command that
/// makes files says where they are.
void say_wrote(std::ostream& err, const std::string& path, bool quiet);

/// Splits "a,b" items of repeated flags into one list.
std::vector<std::string> split_list(const std::vector<std::string>& values);
/// split_list for a flag that was given: an empty result ("-d ''", "-d ,,") is a UsageError naming the flag
/// and `expected` (e.g. "one or more sizes such as 1KB,16KB"); so is an empty item ("-b openssl,", a comma
/// too many) and an item named twice ("-b openssl,openssl", the message names it).
std::vector<std::string> split_given_list(const std::vector<std::string>& values, const std::string& flag,
                                          const std::string& expected);
/// A plan that measures nothing is a usage error, not a silent success: throws a UsageError when no job has
/// an operation left after the operations filter (`operations_where` names where the filter came from).
void check_plan_measures_something(const RunPlan& plan, const std::string& operations_where);

uint32_t parse_key_bits(const std::string& where, const std::string& text);
/// The --format values of list, doctor, compare, verify and leaks, the first the default (run, report and the
/// default command take the reporter registry's: plugins/report.hpp). Plain text is `table` in every command,
/// and `text` is read as `table` in every command (cli/output_files.hpp reads it the same).
const std::vector<std::string>& command_formats(const std::string& command);
/// "table or json", "table, json or html": the formats of a command for --help and messages, each between
/// `quote`s when given.
std::string format_choices(const std::string& command, const std::string& quote = "");
/// "[--format table|json]": the format flag in a command's usage line.
std::string format_usage(const std::string& command);
/// --format as typed, `text` read as `table` where it is accepted; a UsageError otherwise ("--format 'xml'
/// is not valid for list: expected table or json").
std::string checked_format(const std::string& command, const std::string& typed);

/// --plugin-dir DIR as given, after checking it is a directory (a UsageError naming it otherwise).
std::string plugin_dir_flag(const std::string& dir);
/// --key-file / config "key_file": loads the key into plan.key_file (a UsageError naming `where` when it
/// cannot be read or no selected algorithm takes it). RSA jobs take the key's size; when a key size was asked
/// for
/// (`key_bits_given`) and differs, that is a UsageError too.
void apply_key_file(RunPlan& plan, const std::string& path, bool key_bits_given, const std::string& where);

struct AlgorithmRequest {
  Family family;
  std::string typed;
  std::string where;  // prefix for errors; empty for command-line flags (resolve() names the flag)
};

struct Selection {
  std::vector<Job> jobs;
  std::vector<std::string> notes;  // e.g. a fixed-key algorithm in a group ignores --key_length
};

/// Resolves names and groups and applies the key length: allowed -> used; fixed-key algorithm reached
/// through a group -> its own size with a note; otherwise a UsageError naming what is allowed.
Selection select_jobs(const std::vector<AlgorithmRequest>& requests, std::optional<uint32_t> key_bits,
                      const std::string& key_where);

/// The algorithms run when nothing is selected.
Selection default_selection();

/// Sets the cost parameters of every KDF job from a user's params string ("iterations=600000"), checked
/// against each KDF's rules; a bad name or value is a UsageError naming `where`, the value and what is
/// allowed. Without it, select_jobs gives each KDF the catalog defaults.
void apply_kdf_params(Selection& selection, const std::string& typed, const std::string& where);
/// `--param` / a config entry's "params": name=value,... for every selected algorithm that takes every named
/// parameter (a KDF's costs, an AEAD's or KMAC's "tag", a nonce length "nonce"; param_names()), checked
/// against its declared range; a UsageError naming the value when no selected algorithm takes them or a
/// value is outside a range.
void apply_params(Selection& selection, const std::string& typed, const std::string& where);

/// Checks an operations filter ("sign,keygen") against every operation of the families: a UsageError naming
/// `where` and the allowed names.
std::vector<std::string> parse_operations(const std::vector<std::string>& typed, const std::string& where);

struct SizeRequest {
  std::string typed;
  std::string where;
};
/// Parses sizes (deduplicated, in order) and checks each against every job's message limit.
std::vector<size_t> select_sizes(const std::vector<SizeRequest>& requests, const std::vector<Job>& jobs);

/// Backends by name (all loaded ones when names is empty); an unknown name is a UsageError listing the
/// loaded backends.
std::vector<const Backend*> select_backends(const std::vector<std::string>& names, const std::string& where,
                                            const PluginScan& scan);

}  // namespace ca
