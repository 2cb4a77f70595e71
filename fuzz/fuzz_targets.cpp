#include "fuzz/fuzz_targets.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "cli/common.hpp"
#include "compare/report_file.hpp"
#include "config/study_config.hpp"
#include "util/json_text.hpp"
#include "util/units.hpp"
#include "verify/vector_file.hpp"

namespace ca::fuzz {
namespace {

std::string text_of(const uint8_t* data, size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// A property the parser promises, checked on every input; a violation aborts like a crash would.
void require(bool ok, const char* what) {
  if (!ok) throw std::logic_error(std::string("fuzz property violated: ") + what);
}

}  // namespace

void size_and_unit(const uint8_t* data, size_t size) {
  const std::string text = text_of(data, size);
  if (auto bytes = parse_size(text)) {
    require(*bytes > 0, "parse_size accepted a size of 0");
    require(!format_size(*bytes).empty(), "format_size printed nothing");
  }
  if (auto unit = parse_unit(text)) require(parse_unit(unit_name(*unit)) == unit, "unit name round trip");
  // The command-line path: -d TEXT checked against a job, as `cryptauditor -c AES-GCM -d TEXT` does.
  try {
    const AlgorithmInfo* gcm = find_algorithm("AES-GCM");
    const AlgorithmInfo* oaep = find_algorithm("RSA-OAEP");
    select_sizes({{text, "--data_size"}}, {{gcm, 256}, {oaep, 2048}});
  } catch (const UsageError&) {
  }
}

void study_config(const uint8_t* data, size_t size) {
  const Result<nlohmann::json> doc = parse_json_text(text_of(data, size), "fuzz.json");
  if (!doc) return;  // JSON syntax, duplicate keys
  try {
    parse_study_config(*doc, "fuzz.json");
  } catch (const UsageError&) {  // every config validation error
  }
}

void vector_file(const uint8_t* data, size_t size) {
  (void)verify::parse_vector_text(text_of(data, size), "fuzz.json");  // a malformed file is an Error
}

void report_file(const uint8_t* data, size_t size) {
  const Result<ReportFile> report = read_report_text(text_of(data, size), "fuzz.json");
  if (report)
    for (const Record& r : report->records) require(!r.backend.empty(), "a record without a backend");
}

}  // namespace ca::fuzz
