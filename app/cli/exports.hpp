// Several reports from one run, as hyperfine writes them: --export-json FILE, --export-csv FILE, ...,
// each naming one file, combinable with each other and with --format/-o. Shared by the default command
// and `run`.
#pragma once

#include <cxxopts.hpp>
#include <string>
#include <vector>

#include "cli/study.hpp"

namespace ca {

/// The export flags and their formats: {"export-json", "json"}, ..., in the order they are written.
const std::vector<std::pair<std::string, std::string>>& export_flags();

/// Adds --export-json, --export-csv, --export-markdown, --export-html, --export-gbench-json (each FILE,
/// repeatable) and --anonymize to a command's options.
void add_export_options(cxxopts::Options& options);

/// --label NAME: 1 to 64 printable characters, no control characters; a UsageError otherwise.
std::string parse_label(const std::string& text);

/// The outputs the export flags ask for, each checked (check_outputs) under its flag's name. A file named
/// twice (by two exports, or by an export and -o) is a UsageError: the second report would overwrite the
/// first.
std::vector<OutputSpec> export_outputs(const cxxopts::ParseResult& args,
                                       const std::vector<OutputSpec>& others);

}  // namespace ca
