// The journal of a study: every finished record appended as one JSON line (record_to_json) and flushed at
// once, so an interrupted study can be resumed (`cryptauditor run CONFIG --resume`) without measuring again
// what was already measured.
#pragma once

#include <fstream>
#include <istream>
#include <string>
#include <vector>

#include "run/record.hpp"

namespace ca {

struct JournalContents {
  std::vector<Record> records;
  std::vector<size_t> lines;  // 1-based line of each record, for messages
  size_t valid_bytes = 0;     // bytes up to the end of the last complete line
  bool ignored_partial_line = false;
};

/// Reads a journal. Only lines ending in '\n' count: a last line without one was cut by an interrupt and
/// is ignored (ignored_partial_line). Blank lines are skipped. Any complete line that is not a record is an
/// error: throws std::invalid_argument("NAME:LINE: ...").
JournalContents read_journal(std::istream& in, const std::string& name);

/// Appends records to a journal file, one line each, flushed after every record.
class JournalWriter {
 public:
  /// Opens `path`: appended to when `append`, else emptied first. ok() tells whether it opened.
  JournalWriter(const std::string& path, bool append);
  bool ok() const { return static_cast<bool>(out_); }
  /// Writes one line and flushes; false when the write failed.
  bool append(const Record& record);

 private:
  std::ofstream out_;
};

}  // namespace ca
