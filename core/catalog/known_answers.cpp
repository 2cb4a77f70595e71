// Reads the known-answer vector files (core/catalog/vectors/*.json, embedded at build time) into KnownAnswer
// entries. The layout is documented in docs/CATALOG.md, "Known answers".

#include "catalog/known_answers.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <utility>

#include "catalog/catalog.hpp"
#include "util/bytes.hpp"
#include "util/json_text.hpp"

namespace ca {
namespace {

using nlohmann::json;

constexpr std::string_view kFormat = "cryptauditor-known-answers-1";

class FileReader {
 public:
  explicit FileReader(std::string name) : name_(std::move(name)) {}

  [[noreturn]] void fail(const std::string& pointer, const std::string& what) const {
    throw std::invalid_argument(name_ + ": " + (pointer.empty() ? "/" : pointer) + ": " + what);
  }

  void only_keys(const json& object, const std::string& pointer,
                 std::initializer_list<std::string_view> keys) {
    if (!object.is_object()) fail(pointer, "expected an object");
    for (auto it = object.begin(); it != object.end(); ++it)
      if (std::find(keys.begin(), keys.end(), it.key()) == keys.end()) {
        std::string allowed;
        for (std::string_view k : keys) allowed += (allowed.empty() ? "" : ", ") + std::string(k);
        fail(pointer + "/" + json_pointer_token(it.key()), "unknown key (allowed: " + allowed + ")");
      }
  }

  // A string, or an array of strings joined with `separator` (long values over several lines).
  std::string text(const json& value, const std::string& pointer, const char* separator) const {
    if (value.is_string()) return value.get<std::string>();
    if (!value.is_array() || value.empty()) fail(pointer, "expected a string or an array of strings");
    std::string out;
    for (size_t i = 0; i < value.size(); ++i) {
      if (!value[i].is_string()) fail(pointer + "/" + std::to_string(i), "expected a string");
      out += (i == 0 ? "" : separator) + value[i].get<std::string>();
    }
    return out;
  }

  // Hex bytes: a string, an array of strings joined, or "@name" for an entry of the file's "shared".
  std::string hex(const json& vector, const char* key, const std::string& pointer) const {
    const std::string where = pointer + "/" + key;
    if (!vector.contains(key)) return "";
    std::string value = text(vector.at(key), where, "");
    if (value.starts_with('@')) {
      auto it = shared_.find(value.substr(1));
      if (it == shared_.end()) fail(where, "\"" + value + "\" names no entry of /shared");
      return it->second;
    }
    if (!from_hex(value)) fail(where, "not hex (an even number of the digits 0-9, a-f)");
    return value;
  }

  std::vector<KnownAnswer> read(const std::string& text_of_file) {
    const Result<json> parsed = parse_json_text(text_of_file, name_);
    if (!parsed) throw std::invalid_argument(parsed.error().message);
    const json& file = *parsed;
    only_keys(file, "", {"format", "about", "shared", "groups"});
    if (!file.contains("format") || !file.at("format").is_string() ||
        file.at("format").get<std::string>() != kFormat)
      fail("/format", "expected \"" + std::string(kFormat) + "\"");
    if (file.contains("shared")) {
      if (!file.at("shared").is_object()) fail("/shared", "expected an object");
      const json& shared = file.at("shared");
      for (auto it = shared.begin(); it != shared.end(); ++it) {
        const std::string& key = it.key();
        const json& entry = it.value();
        const std::string pointer = "/shared/" + json_pointer_token(key);
        only_keys(entry, pointer, {"note", "hex"});
        if (!entry.contains("hex")) fail(pointer, "no \"hex\"");
        std::string value = text(entry.at("hex"), pointer + "/hex", "");
        if (!from_hex(value)) fail(pointer + "/hex", "not hex (an even number of the digits 0-9, a-f)");
        shared_.emplace(key, std::move(value));
      }
    }
    if (!file.contains("groups") || !file.at("groups").is_array()) fail("/groups", "expected an array");
    std::vector<KnownAnswer> out;
    for (size_t g = 0; g < file.at("groups").size(); ++g) {
      const json& group = file.at("groups")[g];
      const std::string gp = "/groups/" + std::to_string(g);
      only_keys(group, gp, {"note", "vectors"});
      if (!group.contains("vectors") || !group.at("vectors").is_array())
        fail(gp + "/vectors", "expected an array");
      for (size_t v = 0; v < group.at("vectors").size(); ++v)
        out.push_back(vector(group.at("vectors")[v], gp + "/vectors/" + std::to_string(v)));
    }
    return out;
  }

 private:
  KnownAnswer vector(const json& v, const std::string& p) {
    only_keys(v, p, {"algorithm", "key_bits", "key", "nonce", "aad", "input", "output", "params", "source"});
    KnownAnswer ka;
    if (!v.contains("algorithm") || !v.at("algorithm").is_string())
      fail(p + "/algorithm", "expected a string");
    ka.algorithm = v.at("algorithm").get<std::string>();
    const AlgorithmInfo* a = find_algorithm(ka.algorithm);
    if (a == nullptr) fail(p + "/algorithm", "\"" + ka.algorithm + "\" is not a canonical catalog name");
    if (!v.contains("key_bits") || !v.at("key_bits").is_number_unsigned() ||
        v.at("key_bits").get<uint64_t>() > UINT32_MAX)
      fail(p + "/key_bits", "expected a whole number");
    ka.key_bits = v.at("key_bits").get<uint32_t>();
    if (!a->allows_key(ka.key_bits))
      fail(p + "/key_bits", std::to_string(ka.key_bits) + " is not a key size of " + ka.algorithm + " (" +
                                a->describe_keys() + ")");
    ka.key_hex = hex(v, "key", p);
    ka.nonce_hex = hex(v, "nonce", p);
    ka.aad_hex = hex(v, "aad", p);
    ka.input_hex = hex(v, "input", p);
    ka.output_hex = hex(v, "output", p);
    if (ka.output_hex.empty()) fail(p + "/output", "missing or empty: a known answer needs its answer");
    if (v.contains("params")) {
      if (!v.at("params").is_string()) fail(p + "/params", "expected a string");
      ka.params = v.at("params").get<std::string>();
    }
    if (v.contains("source")) ka.source = text(v.at("source"), p + "/source", "");
    if (ka.source.empty()) fail(p + "/source", "missing or empty: every vector cites where it comes from");
    return ka;
  }

  std::string name_;
  std::map<std::string, std::string, std::less<>> shared_;
};

}  // namespace

Result<std::vector<KnownAnswer>> parse_known_answers(const std::string& text, const std::string& name) {
  try {  // the reader unwinds with std::invalid_argument inside this file
    return FileReader(name).read(text);
  } catch (const std::invalid_argument& e) {
    return Error{e.what()};
  }
}

std::span<const KnownAnswer> known_answers() {
  static const std::vector<KnownAnswer> all = [] {
    std::vector<KnownAnswer> out;
    for (const VectorFile& f : known_answer_files()) {
      auto parsed = parse_known_answers(std::string(f.text), std::string(f.name));
      if (!parsed) throw std::logic_error("an embedded known-answer file: " + parsed.error().message);
      std::vector<KnownAnswer>& part = *parsed;
      out.insert(out.end(), std::make_move_iterator(part.begin()), std::make_move_iterator(part.end()));
    }
    return out;
  }();
  return all;
}

}  // namespace ca
