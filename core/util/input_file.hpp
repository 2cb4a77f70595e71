// Reading the files a user hands in (study configs, reports for `compare`, journals, Wycheproof vector
// files) with a size cap, so that `cryptauditor run /dev/zero` or a runaway file is refused at once instead
// of growing the process until the machine runs out of memory.
#pragma once

#include <cstddef>
#include <string>

#include "util/result.hpp"

namespace ca {

/// The environment variable that sets the cap, in MiB.
inline constexpr const char* kMaxInputEnv = "CRYPTAUDITOR_MAX_INPUT_MB";
/// The cap without it: 256 MiB.
inline constexpr size_t kDefaultMaxInputMiB = 256;

/// The cap in bytes: $CRYPTAUDITOR_MAX_INPUT_MB MiB, else 256 MiB. A value that is not a whole number
/// from 1 to 1048576 is an Error naming the variable and what is allowed.
Result<size_t> max_input_bytes();

/// Reads a whole file. An Error is one line naming the file: it cannot be opened,
/// is a folder, cannot be read, or is larger than max_input_bytes() (a regular file is judged by its size
/// before anything is read; a device or pipe is read until it passes the cap).
Result<std::string> read_input_file(const std::string& path);

}  // namespace ca
