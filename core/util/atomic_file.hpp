// Writing a file so that it is never seen half-written: the content goes to a temporary file in the same
// folder, is flushed to the disk (fsync), and is renamed over the destination, which is atomic on POSIX
// file systems. A reader (or the next run) sees the old file or the complete new one; a program killed
// while writing (a second Ctrl-C, SIGKILL, a full disk) leaves the old file as it was.
#pragma once

#include <string>
#include <string_view>

#include "util/result.hpp"

namespace ca {

/// Writes `content` to `path` atomically (above). A destination that exists and is not a regular file
/// (/dev/null, /dev/stdout, a FIFO) cannot be replaced by a rename: it is written in place. A new file gets
/// the mode 0666 less the umask, an existing one keeps its mode. On failure the Error says what failed, in
/// one line, and the temporary file is removed.
Result<void> write_file_atomically(const std::string& path, std::string_view content);

}  // namespace ca
