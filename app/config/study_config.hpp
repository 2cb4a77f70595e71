// Study configuration files (docs/CONFIG.md): a JSON description of what `cryptauditor run` measures and
// where the reports go. The whole file is checked before anything runs: every value goes through the same
// validators as the command-line flags (app/cli/common.hpp), and every error is one line naming the file,
// the JSON pointer and what is allowed ("aes.json: /algorithms/3/cipher: unknown algorithm 'AES-XYZ' ...").
// Unknown keys and wrong types are errors: a typo is never ignored.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/common.hpp"
#include "cli/study.hpp"
#include "util/units.hpp"

namespace ca {

/// A backend named in the config, with where it was named (for the error when it is not loaded).
struct NamedBackend {
  std::string name;
  std::string where;  // "study.json: /backends/1"
};

/// An output of the config; `where` names its "path" for the error when the file cannot be written.
struct ConfigOutput {
  OutputSpec spec;  // path as written in the file (relative to the current or --output-dir directory)
  std::string where;
};

/// "leaks": a timing-leak screen after the study (`cryptauditor leaks`, docs/LEAKS.md).
/// The methods of the leak screen (`leaks --method`, "leaks": {"method": ...}): the timing screen, the
/// secret-taint screen under Valgrind, or both.
struct LeakMethods {
  bool timing = true;
  bool taint = false;
};
/// "timing", "taint" or both, comma-separated; nullopt for anything else (the caller names the flag or key).
std::optional<LeakMethods> parse_leak_methods(const std::string& text);

struct LeakConfig {
  double budget_s = 1;  // per test and repetition
  size_t repetitions = 3;
  LeakMethods methods;
  std::string format = "table";  // table, json or html
  std::string path;              // empty: standard output
};

struct StudyConfig {
  std::string file;  // as given, the start of every message
  std::string name;  // "name", else the file name without its extension
  std::string description;
  Selection selection;                 // jobs, each with its own data sizes; notes for fixed-key algorithms
  std::vector<size_t> data_sizes;      // the top-level data sizes (default 1KB)
  std::vector<NamedBackend> backends;  // empty: every loaded backend
  /// The run settings the file gives (settings/run_settings.hpp: each setting's config key), over
  /// run_defaults().
  RunSettings settings = run_defaults();
  std::vector<ConfigOutput> outputs;    // default: one table on standard output
  std::vector<std::string> operations;  // empty: every operation of each algorithm
  std::string key_file;                 // a private key for every library (the key file), as a path
                                        // relative to the config file's folder; empty: none
  bool key_bits_given = false;          // a key size at the top or in an entry
  std::optional<LeakConfig> leaks;      // "leaks": also screen for timing leaks
  std::string vectors;  // "vectors": Wycheproof folder for `select` (relative: to the config's folder);
                        // empty: the search path of verify (core/verify/vector_search.hpp)
  /// "select": the scorecard's rule (`cryptauditor select`, docs/SELECT.md).
  bool select_strict = false;          // "strict": documented Wycheproof deviations pass a library over
  std::string select_operation;        // "operation": the decision row's operation; empty: the first measured
  size_t select_data_bytes = 0;        // select's data size: the decision row's; 0: the largest measured
  double select_leak_budget_s = 0;     // "leak_budget_s": select's leak screen budget; 0: "leaks"' or 1 s
  size_t select_leak_repetitions = 0;  // "leak_repetitions": select's leak repetitions; 0: "leaks"' or 3
};

/// The backends a study runs on: `--backend` when given (`backend_flag`, as typed), else the config's
/// "backends" in order without repeats, else every loaded backend. A UsageError names an unknown one.
std::vector<const Backend*> config_backends(const StudyConfig& cfg,
                                            const std::vector<std::string>* backend_flag, PluginScan& scan);

/// Checks and resolves a parsed config. Throws UsageError naming `file` and the JSON pointer.
StudyConfig parse_study_config(const nlohmann::json& doc, const std::string& file);

/// Reads, parses (syntax errors as FILE:LINE:COLUMN) and checks a config file. Throws UsageError.
StudyConfig load_study_config(const std::string& path);

}  // namespace ca
