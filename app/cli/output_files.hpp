// Report files as a user names them: the format a file name implies (-o x.json is JSON), the check that a
// file can really be created before anything is measured, and a JSON copy kept when the final write still
// fails, so that nothing measured is lost. Every command with -o goes through these.
#pragma once

#include <cxxopts.hpp>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/study.hpp"

namespace ca {

/// The format named by a file name's extension: .json json, .csv csv, .md markdown, .html html, .txt
/// table; "" for a name without an extension; "?" for an extension that names no format.
std::string format_of_extension(const std::string& path);

/// The format of a report for `-o path` (empty path: standard output), from --format `typed` (empty when
/// not given) and the extension, for a command whose formats are `allowed` (the first is the default):
/// without --format the extension decides, a name without one keeps the default; `text` is `table`. An
/// extension that names no format, or another format than --format, or a format not in `allowed`, is a
/// UsageError naming the value and what is allowed ("-o 'x.foo' ... expected .json, .csv, ...").
std::string output_format(const std::string& typed, const std::string& path,
                          const std::vector<std::string>& allowed, const std::string& command);

/// The reporter registry's formats (plugins/report.hpp), `table` first: the formats of the default command,
/// run and report.
std::vector<std::string> report_formats();

/// --format and -o of a command that writes the registry's formats, resolved by output_format.
OutputSpec report_output(const cxxopts::ParseResult& args, const std::string& command);

/// Creates and removes a temporary file in `folder`: access(2) says yes to root where no file can be
/// created (sysfs, a read-only mount), so only trying tells. Empty when it worked, else why not.
std::string creation_problem(const std::string& folder);

/// After writing `path` failed: writes `json` as a copy next to it (PATH.kept.json; into the temporary
/// folder when that fails or `path` is not a regular file's name) and says where on `err`. Returns the
/// copy's path, empty when no copy could be written (said too).
std::string keep_json_copy(const std::string& path, std::string_view json, std::ostream& err);

/// Writes a command's report: to `out` when `path` is empty, else atomically to `path` ("wrote PATH"
/// unless `quiet`). When that fails, says so and keeps `json` (the same report as JSON) with
/// keep_json_copy. False on failure.
bool write_report_output(const std::string& path, std::string_view text, std::string_view json,
                         const std::string& what, bool quiet, std::ostream& out, std::ostream& err);

}  // namespace ca
