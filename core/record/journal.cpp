#include "record/journal.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <sstream>
#include <stdexcept>

#include "record/record_json.hpp"
#include "util/atomic_file.hpp"

namespace ca {
namespace {

constexpr const char* kHeaderKey = "cryptauditor_journal";

template <typename T>
std::string text(T v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

bool positive_finite(double v) { return std::isfinite(v) && v > 0; }

}  // namespace

Result<void> check_plausible(const Record& r) {
  if (!r.ok()) return {};
  const Measurement& m = r.measurement;
  if (m.sample_ns.empty()) return Error{"/samples_ns: an ok record without samples"};
  uint64_t ops = 0;
  for (size_t i = 0; i < m.sample_ns.size(); ++i) {
    if (!positive_finite(m.sample_ns[i]))
      return Error{"/samples_ns/" + std::to_string(i) + ": " + text(m.sample_ns[i]) +
                   " is not a time (expected a positive finite number of ns)"};
    if (i < m.sample_ops.size()) {
      if (m.sample_ops[i] == 0)
        return Error{"/sample_ops/" + std::to_string(i) + ": a sample of 0 operations"};
      ops += m.sample_ops[i];
    }
  }
  if (m.sample_ops.size() != m.sample_ns.size() || ops != m.timed_ops)
    return Error{"/sample_ops: " + std::to_string(ops) + " operations in all, the record's rounds say " +
                 std::to_string(m.timed_ops)};
  for (size_t i = 0; i < r.parallel.sample_ns.size(); ++i)
    if (!positive_finite(r.parallel.sample_ns[i]))
      return Error{"/threads/samples_ns/" + std::to_string(i) + ": " + text(r.parallel.sample_ns[i]) +
                   " is not a time (expected a positive finite number of ns)"};
  return {};
}

Result<JournalContents> read_journal(std::istream& in, const std::string& name) {
  JournalContents contents;
  std::string line;
  size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    const bool complete = !in.eof();  // getline stopped at a '\n', not at the end of the file
    if (!complete) {
      contents.ignored_partial_line = !line.empty();
      break;
    }
    const size_t end = contents.valid_bytes + line.size() + 1;
    if (line.find_first_not_of(" \t\r") == std::string::npos) {
      contents.valid_bytes = end;
      continue;
    }
    const std::string where = name + ":" + std::to_string(number);
    nlohmann::json j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded())
      return Error{where + ": not a JSON record line (a journal holds one record per line)"};
    if (j.is_object() && j.contains(kHeaderKey)) {
      if (!contents.records.empty() || contents.settings)
        return Error{where + ": a settings line after the first line"};
      contents.settings = journal_settings_from_json(j.value("settings", nlohmann::json()));
      if (!contents.settings || j[kHeaderKey] != 1)
        return Error{where + ": not a settings line this cryptauditor reads"};
      contents.valid_bytes = end;
      continue;
    }
    auto record = record_from_json(j);
    if (!record) return Error{where + ": not a journal record: " + record.error().message};
    if (Result<void> plausible = check_plausible(*record); !plausible)
      return Error{where + ": not a record a measurement could make: " + plausible.error().message};
    contents.records.push_back(std::move(*record));
    contents.lines.push_back(number);
    contents.valid_bytes = end;
  }
  return contents;
}

namespace {

bool write_line(int fd, const std::string& line) {
  for (size_t done = 0; done < line.size();) {
    const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return ::fdatasync(fd) == 0;
}

}  // namespace

Result<std::unique_ptr<JournalWriter>> JournalWriter::open(const std::string& path, bool append,
                                                           const RunSettings& settings) {
  if (!append) {
    nlohmann::json header;
    header[kHeaderKey] = 1;
    header["settings"] = journal_settings_json(settings);
    if (Result<void> written = write_file_atomically(path, header.dump() + "\n"); !written)
      return written.error();
  }
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0) return Error{std::string("opening ") + path + ": " + std::strerror(errno)};
  return std::unique_ptr<JournalWriter>(new JournalWriter(fd));
}

JournalWriter::~JournalWriter() {
  if (fd_ >= 0) ::close(fd_);
}

bool JournalWriter::append(const Record& record) {
  return fd_ >= 0 && write_line(fd_, record_to_json(record).dump() + "\n");
}

}  // namespace ca
