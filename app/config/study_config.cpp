#include "config/study_config.hpp"

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <stdexcept>

#include "plugins/report.hpp"
#include "record/record_json.hpp"
#include "settings/selection.hpp"
#include "util/json_text.hpp"

namespace ca {
namespace {

using nlohmann::json;

// The keys an algorithm entry may name its algorithm with (the selection table's entry keys of the family
// flags), in the order the catalog's families first appear.
std::vector<std::pair<std::string, Family>> family_keys() {
  std::vector<std::pair<std::string, Family>> keys;
  for (const AlgorithmInfo& a : catalog()) {
    const std::string& key = family_setting(a.family).entry_key;
    if (std::none_of(keys.begin(), keys.end(), [&](const auto& k) { return k.first == key; }))
      keys.emplace_back(key, a.family);
  }
  return keys;
}

std::vector<std::string> known_operations() {
  std::vector<std::string> ops;
  for (const auto& [key, family] : family_keys())
    for (const auto& op : all_operations_for(static_cast<int>(family)))
      if (std::find(ops.begin(), ops.end(), op) == ops.end()) ops.push_back(op);
  return ops;
}

std::string joined(const std::vector<std::string>& items, const std::string& quote = "") {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + quote + item + quote;
  return out;
}

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

struct KeyBits {
  uint32_t bits;
  std::string where;
};

// A list of key sizes with where it was given, for messages about the list as a whole.
struct KeyList {
  std::vector<KeyBits> sizes;
  std::string where;
  std::string text;  // "256" or "[128, 256]"
};

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  std::string where(const std::string& pointer) const {
    return pointer.empty() ? file_ : file_ + ": " + pointer;
  }

  [[noreturn]] void fail(const std::string& pointer, const std::string& what) const {
    throw UsageError(where(pointer) + ": " + what);
  }

  void expect(bool ok, const json& value, const std::string& pointer, const std::string& expected) const {
    if (!ok) fail(pointer, "expected " + expected + ", got " + json_type_phrase(value));
  }

  // Every key of `object` must be one of `allowed`; a near miss is suggested.
  void only_keys(const json& object, const std::string& pointer,
                 const std::vector<std::string>& allowed) const {
    for (const auto& [key, value] : object.items()) {
      if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
      std::string what = "unknown key";
      for (const auto& candidate : allowed)
        if (edit_distance(key, candidate) <= 2) {
          what += " (did you mean \"" + candidate + "\"?)";
          break;
        }
      fail(pointer + "/" + json_pointer_token(key), what + "; allowed here: " + joined(allowed, "\""));
    }
  }

  std::string string(const json& value, const std::string& pointer, const std::string& expected) const {
    expect(value.is_string(), value, pointer, expected);
    return value.get<std::string>();
  }

  // A non-empty array; `item` describes one element for messages.
  const json& list(const json& value, const std::string& pointer, const std::string& item) const {
    expect(value.is_array(), value, pointer, "a list of " + item);
    if (value.empty())
      fail(pointer, "the list is empty; give at least one " + item + " or leave the key out");
    return value;
  }

  std::vector<SizeRequest> sizes(const json& value, const std::string& pointer) const {
    std::vector<SizeRequest> out;
    const json& items = list(value, pointer, "size such as \"16B\", \"1KB\" or \"1MB\"");
    for (size_t i = 0; i < items.size(); ++i) {
      const std::string p = pointer + "/" + std::to_string(i);
      out.push_back({string(items[i], p, "a size such as \"16B\", \"1KB\" or \"1MB\""), where(p)});
    }
    select_sizes(out, {});  // the flags' syntax check: "'12XB' is not valid: expected a positive size..."
    return out;
  }

  KeyList key_bits(const json& value, const std::string& pointer) const {
    KeyList keys{{}, where(pointer), value.dump()};
    const std::string expected = "a number of bits or a list of them, e.g. 256 or [128, 256]";
    auto add = [&](const json& v, const std::string& p) {
      expect(v.is_number(), v, p, expected);
      const uint32_t bits = parse_key_bits(where(p), v.dump());
      if (std::none_of(keys.sizes.begin(), keys.sizes.end(),
                       [&](const KeyBits& k) { return k.bits == bits; }))
        keys.sizes.push_back({bits, where(p)});
    };
    if (value.is_array()) {
      list(value, pointer, "key size in bits");
      for (size_t i = 0; i < value.size(); ++i) add(value[i], pointer + "/" + std::to_string(i));
    } else {
      add(value, pointer);
    }
    return keys;
  }

  // The number's text, so the flags' validators judge it ("1000", "2.5", "-3").
  std::string number_text(const json& value, const std::string& pointer, const std::string& expected) const {
    expect(value.is_number(), value, pointer, expected);
    return value.dump();
  }

 private:
  std::string file_;
};

void add_job(Selection& sel, const AlgorithmInfo* a, uint32_t bits) {
  auto it = std::find_if(sel.jobs.begin(), sel.jobs.end(),
                         [&](const Job& j) { return j.algorithm == a && j.key_bits == bits; });
  if (it == sel.jobs.end()) sel.jobs.push_back({a, bits, {}, default_params(*a)});
}

void add_note(Selection& sel, const std::string& note) {
  if (std::find(sel.notes.begin(), sel.notes.end(), note) == sel.notes.end()) sel.notes.push_back(note);
}

// The jobs of one algorithm entry. One key size (or none) is exactly the flags' rule (select_jobs). With
// several, an explicitly named algorithm must allow every one of them, while a group's members each run at
// the sizes they allow; a member allowing none is kept at its own size with a note when its key is fixed,
// and is an error otherwise, as with one size.
Selection entry_jobs(const AlgorithmRequest& request, const std::optional<KeyList>& keys) {
  Selection sel = select_jobs({request}, std::nullopt, "");  // the name alone: unknown names fail here
  const Resolution resolution = *resolve(request.typed, request.family);  // select_jobs refused unknown names
  if (!keys) return sel;
  sel.jobs.clear();
  if (!resolution.is_group || keys->sizes.size() == 1) {
    for (const KeyBits& k : keys->sizes) {
      Selection one = select_jobs({request}, k.bits, k.where);
      for (const Job& j : one.jobs) add_job(sel, j.algorithm, j.key_bits);
      for (const auto& n : one.notes) add_note(sel, n);
    }
    return sel;
  }
  for (const AlgorithmInfo* a : resolution.algorithms) {
    if (a->family == Family::Hash || a->family == Family::Kdf) {
      add_job(sel, a, a->default_key_bits);
      continue;
    }
    bool any = false;
    for (const KeyBits& k : keys->sizes)
      if (a->allows_key(k.bits)) {
        add_job(sel, a, k.bits);
        any = true;
      }
    if (any) continue;
    if (!a->fixed_key())
      throw UsageError(keys->where + " " + keys->text + ": no size in it is allowed for " +
                       std::string(a->name) + " (allowed: " + a->describe_keys() + ")");
    add_note(sel, std::string(a->name) + " has a fixed " + std::to_string(a->default_key_bits) +
                      "-bit key; " + keys->where + " " + keys->text + " does not apply to it");
    add_job(sel, a, a->default_key_bits);
  }
  return sel;
}

// The key of a selection setting at the top of a config (settings/selection.hpp).
const std::string& key_of(SelectionId id) { return selection_setting(id).config_key; }
// Its key in an "algorithms" entry.
const std::string& entry_key_of(SelectionId id) { return selection_setting(id).entry_key; }

// The top-level keys: the study's own and the selection's (settings/selection.hpp), then the run
// settings' (their table, settings/run_settings.hpp).
std::vector<std::string> allowed_top_keys() {
  using enum SelectionId;
  std::vector<std::string> keys = {
      "name",    "description",      key_of(Algorithms), key_of(Backends), key_of(DataSizes), key_of(KeyBits),
      "outputs", key_of(Operations), key_of(KeyFile),    "leaks",          "vectors",         "select"};
  for (const RunSetting& s : run_settings()) {
    if (s.config_key == nullptr) continue;
    const std::string top = std::string(s.config_key).substr(1, std::string(s.config_key).find('/', 1) - 1);
    if (std::find(keys.begin(), keys.end(), top) == keys.end()) keys.push_back(top);
  }
  return keys;
}

// A settings group: a top-level key holding settings (the stopping rule's budget and CI target).
struct SettingGroup {
  std::string pointer;            // "/stopping"
  std::vector<std::string> keys;  // its settings' keys inside it
  std::string example;            // an object of those keys with their defaults, for messages
};

std::vector<SettingGroup> setting_groups() {
  std::vector<SettingGroup> groups;
  const nlohmann::json defaults = settings_to_json(run_defaults());
  for (const RunSetting& s : run_settings()) {
    if (s.config_key == nullptr) continue;
    const std::string key = s.config_key;
    const size_t slash = key.find('/', 1);
    if (slash == std::string::npos) continue;
    const std::string pointer = key.substr(0, slash);
    auto g = std::find_if(groups.begin(), groups.end(),
                          [&](const SettingGroup& x) { return x.pointer == pointer; });
    if (g == groups.end()) g = groups.insert(groups.end(), {pointer, {}, ""});
    g->keys.push_back(key.substr(slash + 1));
    g->example += (g->example.empty() ? "" : ", ") + ("\"" + g->keys.back() + "\": ") +
                  (s.report_key != nullptr ? defaults.value(s.report_key, nlohmann::json()).dump() : "");
  }
  for (SettingGroup& g : groups) g.example = "{" + g.example + "}";
  return groups;
}

// The run settings a config gives, each read by its table entry at its config key. A group ("stopping") is an
// object of its settings' keys only, and one whose settings drop rounds (adaptive mode) cannot be given with
// "rounds".
void read_run_settings(const Reader& in, const json& doc, RunSettings& settings) {
  const std::string rounds = run_setting(SettingId::Rounds).config_key;
  for (const SettingGroup& g : setting_groups()) {
    const std::string key = g.pointer.substr(1);
    if (!doc.contains(key)) continue;
    if (doc.contains(rounds.substr(1)))
      in.fail(g.pointer, "cannot be combined with " + rounds + ": \"" + rounds.substr(1) +
                             "\" times exactly that many operations, \"" + key +
                             "\" adapts the number; give one of them");
    in.expect(doc[key].is_object(), doc[key], g.pointer, "an object such as " + g.example);
    in.only_keys(doc[key], g.pointer, g.keys);
  }
  for (const RunSetting& s : run_settings()) {
    if (s.config_key == nullptr) continue;
    const json::json_pointer pointer(s.config_key);
    if (doc.contains(pointer)) s.from_config(doc.at(pointer), in.where(s.config_key), settings);
  }
}

}  // namespace

std::optional<LeakMethods> parse_leak_methods(const std::string& text) {
  LeakMethods m{false, false};
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    const std::string name =
        text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (name == "timing")
      m.timing = true;
    else if (name == "taint")
      m.taint = true;
    else
      return std::nullopt;
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return m;
}

namespace {

// "leaks": a leak screen after the speed study (docs/LEAKS.md), over the same algorithms and backends.
LeakConfig read_leaks(const Reader& in, const json& l) {
  in.expect(l.is_object(), l, "/leaks",
            "an object such as {\"budget_s\": 1, \"repetitions\": 3, \"format\": \"html\", \"path\": "
            "\"leaks.html\"}");
  in.only_keys(l, "/leaks", {"budget_s", "repetitions", "format", "path", "method"});
  LeakConfig leaks;
  if (l.contains("budget_s"))
    leaks.budget_s = parse_positive(in.where("/leaks/budget_s"),
                                    in.number_text(l["budget_s"], "/leaks/budget_s", "a number of seconds"),
                                    "seconds > 0, e.g. 1");
  if (l.contains("repetitions"))
    leaks.repetitions =
        parse_repetitions(in.where("/leaks/repetitions"),
                          in.number_text(l["repetitions"], "/leaks/repetitions", "a whole number"));
  if (l.contains("format")) {
    // A copy: g++ 14 (Debian 13) flags a reference bound to a call that took a temporary string
    // (-Werror=dangling-reference).
    const std::vector<std::string> formats = command_formats("leaks");
    const std::string quoted = format_choices("leaks", "\"");  // "table", "json" or "html"
    leaks.format = in.string(l["format"], "/leaks/format", quoted);
    if (std::find(formats.begin(), formats.end(), leaks.format) == formats.end())
      in.fail("/leaks/format", "'" + leaks.format + "' is not valid: expected " + quoted);
  }
  if (l.contains("path")) leaks.path = in.string(l["path"], "/leaks/path", "a file name");
  if (l.contains("method")) {
    const std::string text =
        in.string(l["method"], "/leaks/method", "\"timing\", \"taint\" or \"timing,taint\"");
    const auto methods = parse_leak_methods(text);
    if (!methods)
      in.fail("/leaks/method",
              "'" + text + "' is not valid: expected \"timing\", \"taint\" or \"timing,taint\"");
    leaks.methods = *methods;
  }
  return leaks;
}

// "select": the scorecard's rule (docs/SELECT.md).
void read_select(const Reader& in, const json& s, StudyConfig& cfg) {
  in.expect(s.is_object(), s, "/select",
            "an object such as {\"strict\": true, \"operation\": \"encrypt\", \"data_size\": \"16KB\"}");
  in.only_keys(s, "/select", {"strict", "operation", "data_size", "leak_budget_s", "leak_repetitions"});
  if (s.contains("leak_budget_s"))
    cfg.select_leak_budget_s =
        parse_positive(in.where("/select/leak_budget_s"),
                       in.number_text(s["leak_budget_s"], "/select/leak_budget_s", "a number of seconds"),
                       "seconds > 0, e.g. 0.3");
  if (s.contains("leak_repetitions"))
    cfg.select_leak_repetitions = parse_repetitions(
        in.where("/select/leak_repetitions"),
        in.number_text(s["leak_repetitions"], "/select/leak_repetitions", "a whole number"));
  if (s.contains("strict")) {
    in.expect(s["strict"].is_boolean(), s["strict"], "/select/strict", "true or false");
    cfg.select_strict = s["strict"].get<bool>();
  }
  if (s.contains("operation"))
    cfg.select_operation = in.string(s["operation"], "/select/operation", "an operation, e.g. \"encrypt\"");
  if (s.contains("data_size")) {
    const std::string text = in.string(s["data_size"], "/select/data_size", "a size such as \"16KB\"");
    const auto bytes = parse_size(text);
    if (!bytes || *bytes == 0)
      in.fail("/select/data_size", "'" + text + "' is not valid: expected a size such as \"16KB\"");
    cfg.select_data_bytes = *bytes;
  }
}

// "algorithms": the jobs, each entry with its own key sizes, data sizes and params; without it, the
// default algorithms at the study's sizes.
void read_algorithms(const Reader& in, const json& doc, const std::optional<KeyList>& top_keys,
                     const std::vector<SizeRequest>& top_sizes, StudyConfig& cfg) {
  const auto families = family_keys();
  std::vector<std::string> family_names, entry_keys;
  for (const auto& [key, family] : families) family_names.push_back(key);
  entry_keys = family_names;
  std::string entry_example;
  for (const auto& [key, family] : families) {
    const AlgorithmInfo* first = nullptr;
    for (const AlgorithmInfo& a : catalog())
      if (a.family == family && first == nullptr) first = &a;
    entry_example +=
        (entry_example.empty() ? "" : ", ") + ("{\"" + key + "\": \"" + std::string(first->name) + "\"}");
  }
  const std::string& key_bits = entry_key_of(SelectionId::KeyBits);
  const std::string& data_sizes = entry_key_of(SelectionId::DataSizes);
  const std::string& params = entry_key_of(SelectionId::Params);
  entry_keys.insert(entry_keys.end(), {key_bits, data_sizes, params});

  const std::string& algorithms = key_of(SelectionId::Algorithms);
  if (doc.contains(algorithms)) {
    const json& list = in.list(doc[algorithms], "/" + algorithms, "algorithm entry such as " + entry_example);
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string p = "/" + algorithms + "/" + std::to_string(i);
      const json& entry = list[i];
      in.expect(entry.is_object(), entry, p, "an object such as " + entry_example);
      in.only_keys(entry, p, entry_keys);
      std::optional<AlgorithmRequest> request;
      for (const auto& [key, family] : families) {
        if (!entry.contains(key)) continue;
        const std::string kp = p + "/" + key;
        if (request)
          in.fail(kp, "an entry names one algorithm or group; put \"" + key + "\" in an entry of its own");
        request =
            AlgorithmRequest{family, in.string(entry[key], kp, "an algorithm or group name"), in.where(kp)};
      }
      if (!request)
        in.fail(p, "names no algorithm: give one of " + joined(family_names, "\"") + " (e.g. " +
                       entry_example + ")");

      std::optional<KeyList> keys = top_keys;
      if (entry.contains(key_bits)) {
        cfg.key_bits_given = true;
        keys = in.key_bits(entry[key_bits], p + "/" + key_bits);
        if (request->family == Family::Hash || request->family == Family::Kdf)
          in.fail(p + "/" + key_bits, "hashes and KDFs have no key; leave the key out");
      }
      Selection sel = entry_jobs(*request, keys);
      if (entry.contains(params)) {
        const std::string pp = p + "/" + params;
        const std::string typed =
            in.string(entry[params], pp, "a string such as \"iterations=600000\" or \"tag=12\"");
        if (request->family == Family::Kdf)
          apply_kdf_params(sel, typed, in.where(pp));
        else
          apply_params(sel, typed, in.where(pp));  // tag and nonce lengths
      }
      const std::vector<SizeRequest> size_requests =
          entry.contains(data_sizes) ? in.sizes(entry[data_sizes], p + "/" + data_sizes) : top_sizes;
      for (const SizeRequest& s : size_requests)
        select_sizes({s}, sel.jobs);  // each against each job's limits
      const std::vector<size_t> sizes = select_sizes(size_requests, {});
      for (const Job& j : sel.jobs) {
        auto it = std::find_if(cfg.selection.jobs.begin(), cfg.selection.jobs.end(), [&](const Job& k) {
          return k.algorithm == j.algorithm && k.key_bits == j.key_bits;
        });
        // One set of params per algorithm in a study: records are keyed without them (a resumed study).
        if (it != cfg.selection.jobs.end() && it->params != j.params)
          in.fail(p, std::string(j.algorithm->name) + " appears twice with different params (" + it->params +
                         " and " + j.params + "); one study measures one set of params per algorithm");
        if (it == cfg.selection.jobs.end()) {
          cfg.selection.jobs.push_back({j.algorithm, j.key_bits, {}, j.params});
          it = cfg.selection.jobs.end() - 1;
        }
        for (size_t s : sizes)
          if (std::find(it->data_sizes.begin(), it->data_sizes.end(), s) == it->data_sizes.end())
            it->data_sizes.push_back(s);
      }
      for (const auto& n : sel.notes) add_note(cfg.selection, n);
    }
  } else {
    // Like the flags: nothing selected runs the default algorithms, at the study's sizes.
    cfg.selection = default_selection();
    for (const SizeRequest& s : top_sizes) select_sizes({s}, cfg.selection.jobs);
    for (Job& j : cfg.selection.jobs) j.data_sizes = cfg.data_sizes;
  }
}

// "outputs": the reports to write; without it, one table on standard output.
void read_outputs(const Reader& in, const json& doc, StudyConfig& cfg) {
  if (doc.contains("outputs")) {
    const json& list = in.list(doc["outputs"], "/outputs",
                               "output such as {\"format\": \"json\", \"path\": \"report.json\"}");
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string p = "/outputs/" + std::to_string(i);
      const json& o = list[i];
      in.expect(o.is_object(), o, p, "an object such as {\"format\": \"json\", \"path\": \"report.json\"}");
      in.only_keys(o, p, {"format", "path"});
      if (!o.contains("format")) in.fail(p, "has no \"format\" (e.g. \"table\" or \"json\")");
      ConfigOutput out;
      out.spec.format = in.string(o["format"], p + "/format", "a report format name such as \"json\"");
      check_outputs({{out.spec.format, ""}}, in.where(p + "/format"));
      out.where = in.where(p + "/path");
      if (o.contains("path")) {
        out.spec.path = in.string(o["path"], p + "/path", "a file path");
        if (out.spec.path.empty())
          in.fail(p + "/path", "is empty; leave \"path\" out to write to standard output");
      }
      for (size_t j = 0; j < cfg.outputs.size(); ++j)
        if (cfg.outputs[j].spec.path == out.spec.path)
          in.fail(p + "/path",
                  (out.spec.path.empty() ? std::string("standard output") : "'" + out.spec.path + "'") +
                      " is already the destination of /outputs/" + std::to_string(j));
      cfg.outputs.push_back(std::move(out));
    }
  } else {
    cfg.outputs.push_back({{"table", ""}, in.where("/outputs")});
  }
}

}  // namespace

StudyConfig parse_study_config(const json& doc, const std::string& file) {
  Reader in(file);
  StudyConfig cfg;
  cfg.file = file;
  in.expect(doc.is_object(), doc, "", "a JSON object with the keys of docs/CONFIG.md");
  in.only_keys(doc, "", allowed_top_keys());

  cfg.name = std::filesystem::path(file).stem().string();
  if (doc.contains("name")) {
    cfg.name = in.string(doc["name"], "/name", "a string");
    if (cfg.name.empty()) in.fail("/name", "is empty; give the study a name or leave the key out");
  }
  if (doc.contains("description"))
    cfg.description = in.string(doc["description"], "/description", "a string");
  read_run_settings(in, doc, cfg.settings);

  if (const std::string& key = key_of(SelectionId::KeyFile); doc.contains(key)) {
    const std::string given = in.string(doc[key], "/" + key, "a key file's path, relative to the config");
    const std::filesystem::path path(given);
    cfg.key_file = path.is_absolute() ? given : (std::filesystem::path(file).parent_path() / path).string();
  }
  if (doc.contains("leaks")) cfg.leaks = read_leaks(in, doc["leaks"]);

  if (doc.contains("vectors")) {
    // Relative to the config file's folder, as the key file.
    const std::string text = in.string(doc["vectors"], "/vectors", "a folder of Wycheproof vector files");
    const std::filesystem::path p(text);
    cfg.vectors = p.is_absolute() ? text : (std::filesystem::path(file).parent_path() / p).string();
  }
  if (doc.contains("select")) read_select(in, doc["select"], cfg);

  if (const std::string& key = key_of(SelectionId::Backends); doc.contains(key)) {
    const json& list = in.list(doc[key], "/" + key, "backend name");
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string p = "/" + key + "/" + std::to_string(i);
      cfg.backends.push_back({in.string(list[i], p, "a backend name such as \"openssl\""), in.where(p)});
    }
  }

  const std::vector<std::string> ops = known_operations();
  const std::string& operations = key_of(SelectionId::Operations);
  if (doc.contains(operations)) {
    const json& list = in.list(doc[operations], "/" + operations, "operation");
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string p = "/" + operations + "/" + std::to_string(i);
      const std::string op = in.string(list[i], p, "an operation name");
      if (std::find(ops.begin(), ops.end(), op) == ops.end())
        throw UsageError(in.where(p) + " '" + op + "' is not valid: expected one of " + joined(ops));
      if (std::find(cfg.operations.begin(), cfg.operations.end(), op) == cfg.operations.end())
        cfg.operations.push_back(op);
    }
  }

  std::optional<KeyList> top_keys;
  const std::string& key_bits = key_of(SelectionId::KeyBits);
  if (doc.contains(key_bits)) top_keys = in.key_bits(doc[key_bits], "/" + key_bits);
  cfg.key_bits_given = doc.contains(key_bits);
  const std::string& data_sizes = key_of(SelectionId::DataSizes);
  const std::string size_default = selection_setting(SelectionId::DataSizes).defaults[0];
  std::vector<SizeRequest> top_sizes = {
      {size_default, in.where("/" + data_sizes) + " (not given: " + size_default + ")"}};
  if (doc.contains(data_sizes)) top_sizes = in.sizes(doc[data_sizes], "/" + data_sizes);
  cfg.data_sizes = select_sizes(top_sizes, {});

  read_algorithms(in, doc, top_keys, top_sizes, cfg);

  if (!cfg.operations.empty())
    for (const Job& j : cfg.selection.jobs) {
      const auto own = all_operations_for(static_cast<int>(j.algorithm->family));
      if (std::none_of(own.begin(), own.end(), [&](const std::string& op) {
            return std::find(cfg.operations.begin(), cfg.operations.end(), op) != cfg.operations.end();
          }))
        in.fail("/" + operations, "none of " + joined(cfg.operations) + " applies to " +
                                      std::string(j.algorithm->name) + " (its operations: " + joined(own) +
                                      "); add one or remove the algorithm");
    }

  read_outputs(in, doc, cfg);
  return cfg;
}

StudyConfig load_study_config(const std::string& path) {
  Result<json> doc = read_json_file(path);
  if (!doc) throw UsageError(doc.error().message);
  return parse_study_config(*doc, path);
}

std::vector<const Backend*> config_backends(const StudyConfig& cfg,
                                            const std::vector<std::string>* backend_flag, PluginScan& scan) {
  const SelectionSetting& flag = selection_setting(SelectionId::Backends);
  if (backend_flag)
    return select_backends(split_given_list(*backend_flag, flag.dashed(), flag.expected), flag.dashed(),
                           scan);
  if (cfg.backends.empty()) return select_backends({}, "", scan);
  std::vector<const Backend*> out;
  for (const NamedBackend& b : cfg.backends)
    for (const Backend* backend : select_backends({b.name}, b.where, scan))
      if (std::find(out.begin(), out.end(), backend) == out.end()) out.push_back(backend);
  return out;
}

}  // namespace ca
