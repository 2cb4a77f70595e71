#include "catalog/catalog.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <stdexcept>

#include "catalog/rows.hpp"
#include "util/suggest.hpp"

namespace ca {
namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// Fills what a row leaves out: a row with one key size has it as its default key size; every entry without
// a declared range takes only its default nonce and tag (docs/CATALOG.md "Parameter ranges").
std::vector<AlgorithmInfo> normalised(std::vector<AlgorithmInfo> entries) {
  for (AlgorithmInfo& a : entries) {
    if (a.default_key_bits == 0 && a.key_bits.size() == 1) a.default_key_bits = a.key_bits.front();
    if (a.nonce_range.max == 0) a.nonce_range = {a.nonce_bytes, a.nonce_bytes, 1};
    if (a.tag_range.max == 0 && (a.family == Family::Mac || a.tag_bytes != 0))
      a.tag_range = {a.default_tag(), a.default_tag(), 1};
  }
  return entries;
}

// Every family's rows (rows.hpp), in display order.
const std::vector<AlgorithmInfo>& table() {
  static const std::vector<AlgorithmInfo> kTable = [] {
    std::vector<AlgorithmInfo> all;
    for (auto rows : {catalog_rows::ciphers, catalog_rows::hashes, catalog_rows::signatures,
                      catalog_rows::macs, catalog_rows::kdfs, catalog_rows::key_agreements}) {
      std::vector<AlgorithmInfo> family = rows();
      all.insert(all.end(), std::make_move_iterator(family.begin()), std::make_move_iterator(family.end()));
    }
    return normalised(std::move(all));
  }();
  return kTable;
}

}  // namespace

bool AlgorithmInfo::allows_key(uint32_t bits) const {
  if (!key_bits.empty()) return std::find(key_bits.begin(), key_bits.end(), bits) != key_bits.end();
  return bits >= key_min && bits <= key_max && (bits - key_min) % key_step == 0;
}

std::string AlgorithmInfo::describe_keys() const {
  if (key_bits.empty())
    return std::to_string(key_min) + ".." + std::to_string(key_max) + " in steps of " +
           std::to_string(key_step);
  std::string out;
  for (auto b : key_bits) out += (out.empty() ? "" : ", ") + std::to_string(b);
  return out;
}

size_t AlgorithmInfo::key_bytes(uint32_t bits) const {
  return (shape == CipherShape::Siv || shape == CipherShape::Xts ? 2 : 1) * bits / 8;
}

size_t AlgorithmInfo::message_limit(uint32_t bits) const {
  if (shape == CipherShape::RsaEncryption) return bits / 8 - rsa_overhead;
  return max_message == 0 ? SIZE_MAX : max_message;
}

size_t AlgorithmInfo::output_capacity(uint32_t bits, size_t n) const {
  // Room for padding, a tag, an RSA block or a DER signature; generous on purpose, checked by backends.
  // A KDF derives exactly output_cap bytes (plugin_abi.h): the catalog's derived length.
  if (family == Family::Kdf) return digest_bytes;
  // Public keys (keygen) in SubjectPublicKeyInfo DER need the key's size plus the encoding.
  if (family == Family::Signature || family == Family::KeyAgreement || shape == CipherShape::RsaEncryption)
    return std::max<size_t>(n + 128, 2 * bits / 8 + 256);
  return std::max<size_t>(n + 64, bits / 8 + 64) + 64;
}

std::span<const AlgorithmInfo> catalog() { return table(); }

const AlgorithmInfo* find_algorithm(std::string_view canonical) {
  for (const auto& a : table())
    if (a.name == canonical) return &a;
  return nullptr;
}

std::span<const Alias> aliases() { return catalog_rows::alias_rows(); }
std::span<const Group> groups() { return catalog_rows::group_rows(); }
std::string_view family_flag(Family f) {
  switch (f) {
    case Family::Cipher:
      return "--cipher";
    case Family::Hash:
      return "--hash";
    case Family::Signature:
      return "--signature";
    case Family::Mac:
      return "--mac";
    case Family::Kdf:
      return "--kdf";
    case Family::KeyAgreement:
      return "--kex";
  }
  return "";
}

std::string LengthRange::describe() const {
  if (fixed()) return std::to_string(min);
  return std::to_string(min) + ".." + std::to_string(max) +
         (step == 1 ? "" : " in steps of " + std::to_string(step));
}

std::string default_params(const AlgorithmInfo& a) {
  std::string out;
  for (const ParamRule& p : a.params)
    out += (out.empty() ? "" : ",") + std::string(p.name) + "=" + std::to_string(p.default_value);
  return out;
}

namespace {

// The length parameters an algorithm takes beyond its default: "tag" and "nonce" where its declared range
// holds more than one length.
struct LengthParam {
  std::string_view name;
  const LengthRange* range;
  size_t default_value;
  std::string_view meaning;
};

std::vector<LengthParam> length_params(const AlgorithmInfo& a) {
  std::vector<LengthParam> out;
  // A truncatable MAC's shorter tag costs what the full one costs (the core truncates): no parameter.
  if (!a.tag_range.fixed() && !a.tag_truncates)
    out.push_back({"tag", &a.tag_range, a.default_tag(), "tag length in bytes"});
  if (!a.nonce_range.fixed())
    out.push_back({"nonce", &a.nonce_range, a.nonce_bytes, "nonce length in bytes"});
  return out;
}

std::optional<uint64_t> whole_number(const std::string& value) {
  if (value.empty() || value.size() > 19 || value.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoull(value);
}

}  // namespace

Result<std::string> resolve_params(const AlgorithmInfo& a, std::string_view typed) {
  std::vector<uint64_t> values;
  for (const ParamRule& p : a.params) values.push_back(p.default_value);
  const std::vector<LengthParam> lengths = length_params(a);
  std::vector<size_t> chosen;
  for (const LengthParam& l : lengths) chosen.push_back(l.default_value);
  auto allowed_names = [&] {
    std::string names;
    for (const ParamRule& p : a.params) names += (names.empty() ? "" : ", ") + std::string(p.name);
    for (const LengthParam& l : lengths) names += (names.empty() ? "" : ", ") + std::string(l.name);
    return names.empty() ? std::string("none: it has no parameters") : names;
  };
  std::string_view text = typed;
  while (!text.empty()) {
    const size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos)
      return Error{"'" + std::string(item) + "' is not name=value (" + std::string(a.name) + " takes " +
                   allowed_names() + ")"};
    const std::string name = upper(item.substr(0, eq)), value(item.substr(eq + 1));
    auto length = std::find_if(lengths.begin(), lengths.end(),
                               [&](const LengthParam& l) { return upper(l.name) == name; });
    if (length != lengths.end()) {
      const auto v = whole_number(value);
      if (!v || !length->range->allows(*v))
        return Error{std::string(a.name) + " " + std::string(item) + " is not valid: " +
                     std::string(length->name) + " is the " + std::string(length->meaning) + ", " +
                     length->range->describe() + " (default " + std::to_string(length->default_value) + ")"};
      chosen[static_cast<size_t>(length - lengths.begin())] = *v;
      continue;
    }
    auto rule = std::find_if(a.params.begin(), a.params.end(),
                             [&](const ParamRule& p) { return upper(p.name) == name; });
    if (rule == a.params.end())
      return Error{"unknown parameter '" + std::string(item.substr(0, eq)) + "' for " + std::string(a.name) +
                   " (allowed: " + allowed_names() + ")"};
    const std::string range = std::string(rule->name) + " is the " + std::string(rule->meaning) +
                              ": a whole number from " + std::to_string(rule->min) + " to " +
                              std::to_string(rule->max) + (rule->power_of_two ? ", a power of two" : "");
    const auto v = whole_number(value);
    if (!v || *v < rule->min || *v > rule->max || (rule->power_of_two && (*v & (*v - 1)) != 0))
      return Error{std::string(a.name) + " " + std::string(item) + " is not valid: " + range};
    values[static_cast<size_t>(rule - a.params.begin())] = *v;
  }
  std::string out;
  for (size_t i = 0; i < a.params.size(); ++i)
    out += (out.empty() ? "" : ",") + std::string(a.params[i].name) + "=" + std::to_string(values[i]);
  // Lengths only when they differ from the default: a default job's params stay what they were.
  for (size_t i = 0; i < lengths.size(); ++i)
    if (chosen[i] != lengths[i].default_value)
      out += (out.empty() ? "" : ",") + std::string(lengths[i].name) + "=" + std::to_string(chosen[i]);
  return out;
}

std::vector<std::string> param_names(const AlgorithmInfo& a) {
  std::vector<std::string> out;
  for (const ParamRule& p : a.params) out.emplace_back(p.name);
  for (const LengthParam& l : length_params(a)) out.emplace_back(l.name);
  return out;
}

namespace {

// The value of name=... in a resolved params string, or nullopt.
std::optional<uint64_t> param_value(std::string_view params, std::string_view name) {
  while (!params.empty()) {
    const size_t comma = params.find(',');
    const std::string_view item = params.substr(0, comma);
    params = comma == std::string_view::npos ? std::string_view() : params.substr(comma + 1);
    if (item.size() > name.size() && item.substr(0, name.size()) == name && item[name.size()] == '=')
      return whole_number(std::string(item.substr(name.size() + 1)));
  }
  return std::nullopt;
}

}  // namespace

size_t chosen_tag_bytes(const AlgorithmInfo& a, std::string_view params) {
  return static_cast<size_t>(param_value(params, "tag").value_or(a.default_tag()));
}

size_t chosen_nonce_bytes(const AlgorithmInfo& a, std::string_view params) {
  return static_cast<size_t>(param_value(params, "nonce").value_or(a.nonce_bytes));
}

namespace {

constexpr Family kFamilies[] = {Family::Cipher, Family::Hash, Family::Signature,
                                Family::Mac,    Family::Kdf,  Family::KeyAgreement};

// The name, alias or group `key` (upper case) means for a flag, or nothing.
std::optional<Resolution> resolve_exact(const std::string& key, Family family) {
  Resolution r;
  if (key == "ALL") {  // every catalog entry of the flag's family
    r.is_group = true;
    for (const auto& a : table())
      if (a.family == family) r.algorithms.push_back(&a);
    return r;
  }
  for (const auto& g : catalog_rows::group_rows()) {
    if (g.family == family && g.name == key) {
      r.is_group = true;
      for (auto m : g.members) r.algorithms.push_back(find_algorithm(m));
      return r;
    }
  }
  std::string_view canonical;
  for (const auto& a : table())
    if (a.family == family && a.name == key) canonical = a.name;
  if (canonical.empty())
    for (const auto& al : catalog_rows::alias_rows())
      if (al.alias == key && (!al.only_for || *al.only_for == family)) canonical = al.canonical;
  if (const AlgorithmInfo* info = canonical.empty() ? nullptr : find_algorithm(canonical);
      info != nullptr && info->family == family) {
    r.algorithms.push_back(info);
    return r;
  }
  return std::nullopt;
}

// Every name a flag takes: catalog names, aliases and groups of the family.
std::vector<std::string> names_for(Family family) {
  std::vector<std::string> names;
  for (const auto& a : table())
    if (a.family == family) names.emplace_back(a.name);
  for (const auto& al : catalog_rows::alias_rows())
    if (const AlgorithmInfo* info = find_algorithm(al.canonical);
        info != nullptr && info->family == family && (!al.only_for || *al.only_for == family))
      names.emplace_back(al.alias);
  for (const auto& g : catalog_rows::group_rows())
    if (g.family == family) names.emplace_back(g.name);
  return names;
}

}  // namespace

std::string_view family_noun(Family f) {
  switch (f) {
    case Family::Cipher:
      return "a cipher";
    case Family::Hash:
      return "a hash";
    case Family::Signature:
      return "a signature";
    case Family::Mac:
      return "a MAC";
    case Family::Kdf:
      return "a KDF";
    case Family::KeyAgreement:
      return "a key agreement";
  }
  return "";
}

Result<Resolution> resolve(std::string_view typed, Family family) {
  const std::string key = upper(typed);
  if (auto r = resolve_exact(key, family)) return *r;
  const std::string flag(family_flag(family));
  // A name of another family: say which flag takes it ("SHA2-256 is a hash: use --hash").
  for (Family other : kFamilies)
    if (other != family && key != "ALL" && resolve_exact(key, other))
      return Error{"'" + std::string(typed) + "' is " + std::string(family_noun(other)) + ", not " +
                   std::string(family_noun(family)) + ": use " + std::string(family_flag(other)) + " " +
                   std::string(typed)};
  // A typo: the nearest names of this family, else of another family with the flag that takes them.
  if (auto near = closest_names(typed, names_for(family)); !near.empty())
    return Error{"unknown algorithm '" + std::string(typed) + "' for " + flag + ": " + did_you_mean(near) +
                 " (every name: cryptauditor list)"};
  for (Family other : kFamilies) {
    if (other == family) continue;
    auto near = closest_names(typed, names_for(other));
    if (near.empty()) continue;
    for (auto& n : near) n = std::string(family_flag(other)) + " " + n;
    return Error{"unknown algorithm '" + std::string(typed) + "' for " + flag + ": " + did_you_mean(near) +
                 " (every name: cryptauditor list)"};
  }
  std::string allowed;
  for (const auto& a : table())
    if (a.family == family) allowed += (allowed.empty() ? "" : ", ") + std::string(a.name);
  for (const auto& g : catalog_rows::group_rows())
    if (g.family == family) allowed += ", " + std::string(g.name);
  allowed += ", ALL";
  return Error{"unknown algorithm '" + std::string(typed) + "' for " + flag + " (allowed: " + allowed +
               "; aliases: cryptauditor list --aliases)"};
}

}  // namespace ca
