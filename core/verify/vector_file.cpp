#include "verify/vector_file.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "util/input_file.hpp"

namespace ca::verify {
namespace {

// A malformed file: the parser unwinds with it inside this file; the public functions below return it as an
// Error. what() is the whole one-line message.
struct VectorFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using nlohmann::json;
namespace fs = std::filesystem;

constexpr FieldKind H = FieldKind::Hex, I = FieldKind::Integer, T = FieldKind::Text;

// Field lists follow the schemas in wycheproof/schemas (only the fields a runner reads, or could read once
// the algorithm is in the catalog; extra fields in a file are ignored, as the schemas allow).
const std::vector<SchemaInfo> kSchemas = {
    {"aead_test_schema_v1.json",
     "AeadTest",
     {{"/ivSize", I}, {"/keySize", I}, {"/tagSize", I}},
     {{"/key", H}, {"/iv", H}, {"/aad", H}, {"/msg", H}, {"/ct", H}, {"/tag", H}}},
    {"daead_test_schema_v1.json",
     "DaeadTest",
     {{"/keySize", I}},
     {{"/key", H}, {"/aad", H}, {"/msg", H}, {"/ct", H}}},
    {"ind_cpa_test_schema_v1.json",
     "IndCpaTest",
     {{"/ivSize", I}, {"/keySize", I}},
     {{"/key", H}, {"/iv", H}, {"/msg", H}, {"/ct", H}}},
    {"mac_test_schema_v1.json",
     "MacTest",
     {{"/keySize", I}, {"/tagSize", I}},
     {{"/key", H}, {"/msg", H}, {"/tag", H}}},
    {"mac_with_iv_test_schema_v1.json",
     "MacWithIvTest",
     {{"/ivSize", I}, {"/keySize", I}, {"/tagSize", I}},
     {{"/key", H}, {"/iv", H}, {"/msg", H}, {"/tag", H}}},
    {"ecdsa_verify_schema_v1.json",
     "EcdsaVerify",
     {{"/publicKeyDer", H}, {"/publicKey/curve", T}, {"/publicKey/keySize", I}, {"/sha", T}},
     {{"/msg", H}, {"/sig", H}}},
    {"ecdsa_p1363_verify_schema_v1.json",
     "EcdsaP1363Verify",
     {{"/publicKeyDer", H}, {"/publicKey/curve", T}, {"/publicKey/keySize", I}, {"/sha", T}},
     {{"/msg", H}, {"/sig", H}}},
    {"eddsa_verify_schema_v1.json",
     "EddsaVerify",
     {{"/publicKey/pk", H}, {"/publicKey/curve", T}},
     {{"/msg", H}, {"/sig", H}}},
    {"rsassa_pkcs1_verify_schema_v1.json",
     "RsassaPkcs1Verify",
     {{"/publicKeyDer", H}, {"/keySize", I}, {"/sha", T}},
     {{"/msg", H}, {"/sig", H}}},
    {"rsassa_pss_verify_schema_v1.json",
     "RsassaPssVerify",
     {{"/publicKeyDer", H}, {"/keySize", I}, {"/sha", T}, {"/mgf", T}, {"/mgfSha", T}, {"/sLen", I}},
     {{"/msg", H}, {"/sig", H}}},
    {"rsaes_oaep_decrypt_schema_v1.json",
     "RsaesOaepDecrypt",
     {{"/privateKeyPkcs8", H}, {"/keySize", I}, {"/sha", T}, {"/mgf", T}, {"/mgfSha", T}},
     {{"/msg", H}, {"/ct", H}, {"/label", H}}},
    {"ecdh_test_schema_v1.json",
     "EcdhTest",
     {{"/curve", T}, {"/encoding", T}},
     {{"/public", H}, {"/private", H}, {"/shared", H}}},
    {"xdh_comp_schema_v1.json",
     "XdhComp",
     {{"/curve", T}},
     {{"/public", H}, {"/private", H}, {"/shared", H}}},
    {"hkdf_test_schema_v1.json",
     "HkdfTest",
     {{"/keySize", I}},
     {{"/ikm", H}, {"/salt", H}, {"/info", H}, {"/size", I}, {"/okm", H}}},
    {"pbkdf_test_schema.json",
     "PbkdfTest",
     {},
     {{"/password", H}, {"/salt", H}, {"/iterationCount", I}, {"/dkLen", I}, {"/dk", H}}},
};

std::string_view kind_name(FieldKind k) {
  switch (k) {
    case FieldKind::Hex:
      return "a hex string";
    case FieldKind::Integer:
      return "an integer";
    case FieldKind::Text:
      return "a string";
  }
  return "";
}

std::string shorten(const std::string& s) { return s.size() <= 40 ? s : s.substr(0, 37) + "..."; }

// Builds messages "<file>: <pointer> (tcId N): <problem>".
class Reporter {
 public:
  explicit Reporter(const std::string& file) : file_(file) {}
  [[noreturn]] void fail(const std::string& pointer, std::optional<int64_t> tc_id,
                         const std::string& problem) const {
    std::string where = file_ + ": " + (pointer.empty() ? "/" : pointer);
    if (tc_id) where += " (tcId " + std::to_string(*tc_id) + ")";
    throw VectorFileError(where + ": " + problem);
  }

 private:
  const std::string& file_;
};

// Walks a JSON pointer made of object keys only (all our schema pointers are).
const json* find(const json& object, std::string_view pointer) {
  const json* at = &object;
  size_t pos = 1;
  while (pos <= pointer.size()) {
    size_t next = pointer.find('/', pos);
    if (next == std::string_view::npos) next = pointer.size();
    const std::string key(pointer.substr(pos, next - pos));
    if (!at->is_object()) return nullptr;
    auto it = at->find(key);
    if (it == at->end()) return nullptr;
    at = &*it;
    pos = next + 1;
  }
  return at;
}

void read_field(const json& object, const FieldSpec& spec, const std::string& base,
                std::optional<int64_t> tc_id, const Reporter& r, Fields& out) {
  const std::string pointer = base + std::string(spec.pointer);
  const json* value = find(object, spec.pointer);
  if (value == nullptr)
    r.fail(base, tc_id,
           "missing field '" + std::string(spec.pointer.substr(1)) + "' (" +
               std::string(kind_name(spec.kind)) + ")");
  switch (spec.kind) {
    case FieldKind::Hex: {
      if (!value->is_string())
        r.fail(pointer, tc_id, std::string("expected a hex string, found ") + value->type_name());
      const std::string& text = value->get_ref<const std::string&>();
      auto bytes = from_hex(text);
      if (!bytes)
        r.fail(pointer, tc_id,
               "'" + shorten(text) + "' is not hex (expected an even number of digits 0-9, a-f)");
      out.bytes.emplace(std::string(spec.pointer), std::move(*bytes));
      return;
    }
    case FieldKind::Integer:
      if (!value->is_number_integer())
        r.fail(pointer, tc_id, std::string("expected an integer, found ") + value->type_name());
      out.integers.emplace(std::string(spec.pointer), value->get<int64_t>());
      return;
    case FieldKind::Text:
      if (!value->is_string())
        r.fail(pointer, tc_id, std::string("expected a string, found ") + value->type_name());
      out.texts.emplace(std::string(spec.pointer), value->get<std::string>());
      return;
  }
}

const json& member(const json& object, const char* key, const std::string& base, std::optional<int64_t> tc_id,
                   const Reporter& r, json::value_t type, const char* what) {
  auto it = object.find(key);
  if (it == object.end()) r.fail(base, tc_id, std::string("missing field '") + key + "' (" + what + ")");
  if (it->type() != type && !(type == json::value_t::number_integer && it->is_number_integer()))
    r.fail(base + "/" + key, tc_id, std::string("expected ") + what + ", found " + it->type_name());
  return *it;
}

VectorTest parse_test(const json& t, const std::string& pointer, const SchemaInfo& schema,
                      const Reporter& r) {
  if (!t.is_object())
    r.fail(pointer, std::nullopt, std::string("expected a test object, found ") + t.type_name());
  VectorTest test;
  test.pointer = pointer;
  test.tc_id =
      member(t, "tcId", pointer, std::nullopt, r, json::value_t::number_integer, "an integer").get<int64_t>();
  const auto& result = member(t, "result", pointer, test.tc_id, r, json::value_t::string, "a string")
                           .get_ref<const std::string&>();
  if (result == "valid")
    test.result = Expected::Valid;
  else if (result == "invalid")
    test.result = Expected::Invalid;
  else if (result == "acceptable")
    test.result = Expected::Acceptable;
  else
    r.fail(pointer + "/result", test.tc_id, "'" + shorten(result) + "' is not valid, invalid or acceptable");
  if (auto it = t.find("comment"); it != t.end()) {
    if (!it->is_string())
      r.fail(pointer + "/comment", test.tc_id, std::string("expected a string, found ") + it->type_name());
    test.comment = it->get<std::string>();
  }
  if (auto it = t.find("flags"); it != t.end()) {
    if (!it->is_array())
      r.fail(pointer + "/flags", test.tc_id, std::string("expected an array, found ") + it->type_name());
    for (size_t i = 0; i < it->size(); ++i) {
      if (!(*it)[i].is_string())
        r.fail(pointer + "/flags/" + std::to_string(i), test.tc_id,
               std::string("expected a string, found ") + (*it)[i].type_name());
      test.flags.push_back((*it)[i].get<std::string>());
    }
  }
  for (const FieldSpec& f : schema.test_fields) read_field(t, f, pointer, test.tc_id, r, test.fields);
  return test;
}

VectorGroup parse_group(const json& g, const std::string& pointer, const SchemaInfo& schema,
                        const Reporter& r) {
  if (!g.is_object())
    r.fail(pointer, std::nullopt, std::string("expected a test group object, found ") + g.type_name());
  VectorGroup group;
  group.pointer = pointer;
  group.type =
      member(g, "type", pointer, std::nullopt, r, json::value_t::string, "a string").get<std::string>();
  if (group.type != schema.group_type)
    r.fail(pointer + "/type", std::nullopt,
           "'" + shorten(group.type) + "' is not the group type of " + std::string(schema.schema) +
               " (expected " + std::string(schema.group_type) + ")");
  for (const FieldSpec& f : schema.group_fields) read_field(g, f, pointer, std::nullopt, r, group.fields);
  const json& tests = member(g, "tests", pointer, std::nullopt, r, json::value_t::array, "an array");
  group.tests.reserve(tests.size());
  for (size_t i = 0; i < tests.size(); ++i)
    group.tests.push_back(parse_test(tests[i], pointer + "/tests/" + std::to_string(i), schema, r));
  return group;
}

}  // namespace

std::string_view expected_name(Expected e) {
  switch (e) {
    case Expected::Valid:
      return "valid";
    case Expected::Invalid:
      return "invalid";
    case Expected::Acceptable:
      return "acceptable";
  }
  return "";
}

std::span<const SchemaInfo> known_schemas() { return kSchemas; }

const SchemaInfo* find_schema(std::string_view schema) {
  for (const auto& s : kSchemas)
    if (s.schema == schema) return &s;
  return nullptr;
}

const Bytes& Fields::hex(std::string_view pointer) const {
  auto it = bytes.find(pointer);
  if (it == bytes.end()) throw std::logic_error("vector field " + std::string(pointer) + " is not declared");
  return it->second;
}

std::optional<int64_t> Fields::integer(std::string_view pointer) const {
  auto it = integers.find(pointer);
  if (it == integers.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> Fields::text(std::string_view pointer) const {
  auto it = texts.find(pointer);
  if (it == texts.end()) return std::nullopt;
  return it->second;
}

size_t VectorFile::test_count() const {
  size_t n = unread_tests;
  for (const auto& g : groups) n += g.tests.size();
  return n;
}

namespace {

VectorFile parse_document(const json& document, const std::string& name) {
  const Reporter r(name);
  if (!document.is_object())
    r.fail("", std::nullopt,
           std::string("expected a Wycheproof test file (a JSON object), found ") + document.type_name());
  VectorFile file;
  file.name = name;
  file.schema =
      member(document, "schema", "", std::nullopt, r, json::value_t::string, "a string").get<std::string>();
  file.schema_info = find_schema(file.schema);
  file.algorithm = member(document, "algorithm", "", std::nullopt, r, json::value_t::string, "a string")
                       .get<std::string>();
  // A named base pointer: g++ 14's -Wdangling-reference flags a reference bound to the result of a call that
  // took a temporary std::string.
  const std::string top;
  const json& groups = member(document, "testGroups", top, std::nullopt, r, json::value_t::array, "an array");
  if (file.schema_info == nullptr) {
    // A schema this version does not read (a newer Wycheproof's): not a malformed file. Its fields are not
    // checked, since nothing here knows them; its tests are counted so that "not run" says how many.
    for (const json& g : groups) {
      if (!g.is_object()) continue;
      if (auto tests = g.find("tests"); tests != g.end() && tests->is_array()) file.unread_tests += tests->size();
    }
    return file;
  }
  file.groups.reserve(groups.size());
  for (size_t i = 0; i < groups.size(); ++i)
    file.groups.push_back(parse_group(groups[i], "/testGroups/" + std::to_string(i), *file.schema_info, r));
  return file;
}

}  // namespace

Result<VectorFile> parse_vector_file(const json& document, const std::string& name) {
  try {
    return parse_document(document, name);
  } catch (const VectorFileError& e) {
    return Error{e.what()};
  }
}

Result<VectorFile> parse_vector_text(std::string_view text, const std::string& name) {
  json document;
  try {
    document = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    return Error{name + ": not valid JSON at byte " + std::to_string(e.byte) + " (" + e.what() + ")"};
  } catch (const json::exception& e) {
    // A number too large for a double ("1e99999") is out_of_range, not a parse_error (found by fuzzing).
    return Error{name + ": not valid JSON (" + std::string(e.what()) + ")"};
  }
  return parse_vector_file(document, name);
}

Result<VectorFile> load_vector_file(const std::string& path) {
  const std::string name = fs::path(path).filename().string();
  const Result<std::string> text = read_input_file(path);
  if (!text) return text.error();
  return parse_vector_text(*text, name);
}

Result<std::vector<std::string>> vector_files(const std::string& file_or_directory) {
  std::error_code ec;
  if (fs::is_regular_file(file_or_directory, ec)) return std::vector<std::string>{file_or_directory};
  if (!fs::is_directory(file_or_directory, ec))
    return Error{file_or_directory +
                 " does not exist (expected a Wycheproof .json file or a directory of them)"};
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(file_or_directory, ec))
    if (e.path().extension() == ".json" && e.is_regular_file(ec)) out.push_back(e.path().string());
  if (ec) return Error{file_or_directory + ": cannot be listed (" + ec.message() + ")"};
  if (out.empty()) return Error{file_or_directory + " holds no .json file"};
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace ca::verify
