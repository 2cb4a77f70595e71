// Reading JSON files people write by hand (study configs) or keep (reports): syntax errors as
// "FILE:LINE:COLUMN: ...", and a key given twice in one object is an error rather than silently the last
// one wins (nlohmann's default).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "util/result.hpp"

namespace ca {

/// Parses `text`; `name` (a file name) starts every error. An Error is one line:
/// "NAME:LINE:COLUMN: JSON syntax error: ..." or "NAME: /pointer: the key 'k' appears twice in one object".
Result<nlohmann::json> parse_json_text(const std::string& text, const std::string& name);

/// Reads (util/input_file.hpp: at most 256 MiB by default) and parses a file; a file that cannot be read
/// or is too large is an Error too.
Result<nlohmann::json> read_json_file(const std::string& path);

/// One JSON pointer token: '~' -> "~0", '/' -> "~1" (RFC 6901).
std::string json_pointer_token(const std::string& key);

}  // namespace ca
