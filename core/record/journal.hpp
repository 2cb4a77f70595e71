// The journal of a study: a first line with the settings that shape its records, then every finished
// record appended as one JSON line (record_to_json), written and flushed to the disk at once, so an
// interrupted study can be resumed (`cryptauditor run CONFIG --resume`) without measuring again what was
// already measured, and only with the settings it was measured with.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "record/record.hpp"
#include "settings/run_settings.hpp"
#include "util/result.hpp"

namespace ca {

struct JournalContents {
  /// The first line: the settings `run --resume` must match (settings/run_settings.hpp: its table says which;
  /// resume_difference names the first that differs); absent in a journal of an older cryptauditor.
  std::optional<RunSettings> settings;
  std::vector<Record> records;
  std::vector<size_t> lines;  // 1-based line of each record, for messages
  size_t valid_bytes = 0;     // bytes up to the end of the last complete line
  bool ignored_partial_line = false;
};

/// Reads a journal. Only lines ending in '\n' count: a last line without one was cut by an interrupt and
/// is ignored (ignored_partial_line). Blank lines are skipped. Any complete line that is not a record, or a
/// record that could not have been measured (an `ok` record without samples, a sample time that is not a
/// positive finite number, operation counts that do not add up to its rounds), is an Error ("NAME:LINE:
/// ...").
Result<JournalContents> read_journal(std::istream& in, const std::string& name);

/// Fails when a record read back is not one a measurement could have made (the checks above), saying why.
Result<void> check_plausible(const Record& record);

/// Appends records to a journal file, one line each, written with one write() and flushed to the disk
/// (fdatasync) after every record.
class JournalWriter {
 public:
  /// `append`: opens `path` to add to it (a resumed study). Otherwise starts a new journal holding only the
  /// settings line: written to a temporary file and renamed over `path`, so an earlier journal is replaced
  /// whole or not at all. An Error says why the journal cannot be written.
  static Result<std::unique_ptr<JournalWriter>> open(const std::string& path, bool append,
                                                     const RunSettings& settings);
  ~JournalWriter();
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;
  /// Writes one line and flushes it to the disk; false when the write failed.
  bool append(const Record& record);

 private:
  explicit JournalWriter(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace ca
