#include "run/journal.hpp"

#include <stdexcept>

#include "run/record_json.hpp"

namespace ca {

JournalContents read_journal(std::istream& in, const std::string& name) {
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
      throw std::invalid_argument(where + ": not a JSON record line (a journal holds one record per line)");
    std::string error;
    auto record = record_from_json(j, error);
    if (!record) throw std::invalid_argument(where + ": not a journal record: " + error);
    contents.records.push_back(std::move(*record));
    contents.lines.push_back(number);
    contents.valid_bytes = end;
  }
  return contents;
}

JournalWriter::JournalWriter(const std::string& path, bool append)
    : out_(path, append ? std::ios::app : std::ios::trunc) {}

bool JournalWriter::append(const Record& record) {
  out_ << record_to_json(record).dump() << '\n';
  out_.flush();
  return static_cast<bool>(out_);
}

}  // namespace ca
