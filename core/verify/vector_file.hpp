// Wycheproof test-vector files (github.com/C2SP/wycheproof, testvectors_v1): parsing and validation.
//
// A file is checked completely before any test runs: every field its schema declares must be present with
// the right JSON type, and every byte field must be even-length hex. A problem becomes one Error
// naming the file, the JSON pointer and, inside a test, its tcId — never a crash and never a half-run file.
// Which fields a schema declares is data (known_schemas()), so a new schema is one row.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "util/bytes.hpp"
#include "util/result.hpp"

namespace ca::verify {

/// Wycheproof's "result": valid must be accepted with the expected output, invalid must be rejected,
/// acceptable may go either way (legacy or discouraged inputs).
enum class Expected { Valid, Invalid, Acceptable };
std::string_view expected_name(Expected e);

/// How a declared field is read.
enum class FieldKind { Hex, Integer, Text };

/// One field a schema declares, as a JSON pointer relative to the group or the test ("/ivSize",
/// "/publicKey/pk", "/ct").
struct FieldSpec {
  std::string_view pointer;
  FieldKind kind;
};

/// What one schema declares. Rows are matched on the file's "schema" value.
struct SchemaInfo {
  std::string_view schema;      // "aead_test_schema_v1.json"
  std::string_view group_type;  // the "type" every group of such a file carries: "AeadTest"
  std::vector<FieldSpec> group_fields;
  std::vector<FieldSpec> test_fields;
};

/// Every schema the parser knows, in the order of docs/VERIFY.md.
std::span<const SchemaInfo> known_schemas();
const SchemaInfo* find_schema(std::string_view schema);

/// Decoded fields, keyed by the JSON pointer of their SchemaInfo row.
struct Fields {
  std::map<std::string, Bytes, std::less<>> bytes;
  std::map<std::string, int64_t, std::less<>> integers;
  std::map<std::string, std::string, std::less<>> texts;

  /// The declared byte field; throws std::logic_error for a pointer the schema does not declare (a bug in
  /// the caller, not in the file).
  const Bytes& hex(std::string_view pointer) const;
  std::optional<int64_t> integer(std::string_view pointer) const;
  std::optional<std::string> text(std::string_view pointer) const;
};

struct VectorTest {
  int64_t tc_id = 0;
  std::string comment;
  std::vector<std::string> flags;
  Expected result = Expected::Valid;
  Fields fields;
  std::string pointer;  // "/testGroups/2/tests/5"
};

struct VectorGroup {
  std::string type;
  Fields fields;
  std::vector<VectorTest> tests;
  std::string pointer;  // "/testGroups/2"
};

struct VectorFile {
  std::string name;       // the file name used in every message: "aes_gcm_test.json"
  std::string algorithm;  // top-level "algorithm": "AES-GCM"
  std::string schema;     // top-level "schema": "aead_test_schema_v1.json"
  const SchemaInfo* schema_info = nullptr;  // null: a schema this version does not run (groups is empty)
  std::vector<VectorGroup> groups;
  size_t unread_tests = 0;  // the tests of a file whose schema this version does not run

  size_t test_count() const;
};

/// Validates and decodes a parsed document. A file whose schema is not in known_schemas() is not an error:
/// it is returned with schema_info null, no groups and its tests counted (the runner reports it as not run).
/// A malformed file's Error is the whole one-line message
/// ("x.json: /testGroups/0/tests/3/ct (tcId 4): 'zz' is not hex ...").
Result<VectorFile> parse_vector_file(const nlohmann::json& document, const std::string& name);
/// Parses JSON text (syntax errors name the byte offset).
Result<VectorFile> parse_vector_text(std::string_view text, const std::string& name);
/// Reads and parses a file; the message names the file by its base name.
Result<VectorFile> load_vector_file(const std::string& path);

/// The *.json files of a directory in name order, or the file itself; an Error when the path does not exist
/// or holds no .json file.
Result<std::vector<std::string>> vector_files(const std::string& file_or_directory);

}  // namespace ca::verify
