#include "cli/common.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "host/affinity.hpp"
#include "plugins/report.hpp"
#include "settings/selection.hpp"
#include "util/suggest.hpp"
#include "util/units.hpp"

namespace ca {

void say_wrote(std::ostream& err, const std::string& path, bool quiet) {
  if (!quiet) err << "wrote " << path << '\n';
}

std::vector<std::string> split_list(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const auto& v : values) {
    std::stringstream ss(v);
    for (std::string item; std::getline(ss, item, ',');)
      if (!item.empty()) out.push_back(item);
  }
  return out;
}

std::vector<std::string> split_given_list(const std::vector<std::string>& values, const std::string& flag,
                                          const std::string& expected) {
  auto items = split_list(values);
  std::string typed;
  for (const auto& v : values) typed += (typed.empty() ? "" : ",") + v;
  if (items.empty()) throw UsageError(flag + " '" + typed + "' names nothing: expected " + expected);
  // "-b openssl," and "-b openssl,,botan": a name left out, most likely by mistake; "-b openssl,openssl":
  // the second would measure nothing new. Both are refused rather than read silently.
  for (const auto& v : values)
    if (v.empty() || v.front() == ',' || v.back() == ',' || v.find(",,") != std::string::npos)
      throw UsageError(flag + " '" + typed + "' is not valid: an empty name between commas (a comma too many); " +
                       "expected " + expected);
  for (size_t i = 0; i < items.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (items[i] == items[j])
        throw UsageError(flag + " '" + typed + "' is not valid: '" + items[i] + "' is named twice");
  return items;
}

void check_plan_measures_something(const RunPlan& plan, const std::string& operations_where) {
  std::string offered;
  for (const Job& job : plan.jobs) {
    if (!planned_operations(plan, *job.algorithm).empty() && !planned_sizes(plan, job).empty()) return;
    std::string ops;
    for (const auto& op : all_operations_for(static_cast<int>(job.algorithm->family)))
      ops += (ops.empty() ? "" : ", ") + op;
    offered += (offered.empty() ? "" : "; ") + std::string(job.algorithm->name) + ": " + ops;
  }
  if (plan.jobs.empty()) throw UsageError("nothing to measure: no algorithm is selected");
  std::string filter;
  for (const auto& op : plan.operations) filter += (filter.empty() ? "" : ",") + op;
  throw UsageError(operations_where + " '" + filter +
                   "' leaves nothing to measure: none of the selected algorithms has such an operation (" +
                   offered + ")");
}

uint32_t parse_key_bits(const std::string& where, const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 6)
    throw UsageError(where + " '" + text +
                     "' is not valid: expected a number of bits such as 128, 256 or 2048");
  return static_cast<uint32_t>(std::stoul(text));
}

namespace {

struct CommandFormats {
  std::string command;
  std::vector<std::string> names;
};

const CommandFormats& formats_of(const std::string& command) {
  static const std::vector<CommandFormats> kFormats = {
      {"list", {"table", "json"}},    {"doctor", {"table", "json"}},
      {"compare", {"table", "json"}}, {"verify", {"table", "json"}},
      {"leaks", {"table", "json", "html"}}, {"select", {"table", "markdown", "json", "html"}},
  };
  for (const CommandFormats& f : kFormats)
    if (f.command == command) return f;
  throw std::logic_error("no --format list for the command '" + command + "'");
}

}  // namespace

const std::vector<std::string>& command_formats(const std::string& command) {
  return formats_of(command).names;
}

std::string format_choices(const std::string& command, const std::string& quote) {
  const std::vector<std::string>& names = command_formats(command);
  std::string text;
  for (size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + quote + names[i] + quote;
  return text;
}

std::string format_usage(const std::string& command) {
  std::string text;
  for (const std::string& name : command_formats(command)) text += (text.empty() ? "" : "|") + name;
  return "[--format " + text + "]";
}

std::string checked_format(const std::string& command, const std::string& typed) {
  const CommandFormats& f = formats_of(command);
  if (std::find(f.names.begin(), f.names.end(), typed) != f.names.end()) return typed;
  if (typed == "text") return "table";  // in every command, as output_format reads it
  throw UsageError("--format '" + typed + "' is not valid for " + command + ": expected " +
                   format_choices(command));
}

std::string plugin_dir_flag(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    throw UsageError("--plugin-dir '" + dir +
                     "' is not a directory (expected the folder holding ca-backend-*.so, " +
                     "e.g. build/backends)");
  return dir;
}

void apply_key_file(RunPlan& plan, const std::string& path, bool key_bits_given, const std::string& where) {
  auto key = load_key_file(path);
  if (!key) throw UsageError(where + ": " + key.error().message);
  bool used = false;
  for (Job& job : plan.jobs) {
    if (!key->fits(*job.algorithm)) continue;
    used = true;
    if (job.algorithm->primitive != "RSA" || job.key_bits == key->bits) continue;
    if (key_bits_given)
      throw UsageError(where + ": " + path + " holds a " + std::to_string(key->bits) + "-bit RSA key, but " +
                       std::to_string(job.key_bits) + "-bit keys were asked for " +
                       std::string(job.algorithm->name) + "; leave the key size out or make them match");
    job.key_bits = key->bits;
  }
  if (!used) {
    std::string names;
    for (const Job& job : plan.jobs) names += (names.empty() ? "" : ", ") + std::string(job.algorithm->name);
    throw UsageError(where + ": " + path + " holds an " + key->kind +
                     " key, which none of the selected algorithms (" + names + ") takes");
  }
  plan.key_file = std::move(*key);
}

Selection select_jobs(const std::vector<AlgorithmRequest>& requests, std::optional<uint32_t> key_bits,
                      const std::string& key_where) {
  Selection sel;
  for (const auto& req : requests) {
    auto resolved = resolve(req.typed, req.family);
    if (!resolved) {
      const std::string& why = resolved.error().message;
      throw UsageError(req.where.empty() ? why : req.where + ": " + why);
    }
    const Resolution& r = *resolved;
    for (const AlgorithmInfo* a : r.algorithms) {
      uint32_t bits = a->default_key_bits;
      if (key_bits && a->family != Family::Hash && a->family != Family::Kdf) {
        if (a->allows_key(*key_bits)) {
          bits = *key_bits;
        } else if (r.is_group && a->fixed_key()) {
          sel.notes.push_back(std::string(a->name) + " has a fixed " + std::to_string(bits) + "-bit key; " +
                              key_where + " " + std::to_string(*key_bits) + " does not apply to it");
        } else {
          throw UsageError(key_where + " " + std::to_string(*key_bits) + " is not allowed for " +
                           std::string(a->name) + " (allowed: " + a->describe_keys() + ")");
        }
      }
      bool dup = std::any_of(sel.jobs.begin(), sel.jobs.end(),
                             [&](const Job& j) { return j.algorithm == a && j.key_bits == bits; });
      if (!dup) sel.jobs.push_back({a, bits, {}, default_params(*a)});
    }
  }
  return sel;
}

void apply_kdf_params(Selection& selection, const std::string& typed, const std::string& where) {
  bool any = false;
  for (Job& j : selection.jobs) {
    if (j.algorithm->family != Family::Kdf) continue;
    any = true;
    auto params = resolve_params(*j.algorithm, typed);
    if (!params) throw UsageError(where + " '" + typed + "': " + params.error().message);
    j.params = *params;
  }
  if (!any)
    throw UsageError(where + " '" + typed + "' given, but no KDF is selected (choose one with --kdf)");
}

void apply_params(Selection& selection, const std::string& typed, const std::string& where) {
  std::vector<std::string> names;
  for (size_t start = 0; start <= typed.size();) {
    const size_t comma = std::min(typed.find(',', start), typed.size());
    const std::string item = typed.substr(start, comma - start);
    const size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw UsageError(where + " '" + typed + "': '" + item +
                       "' is not name=value (e.g. tag=12, nonce=8, iterations=600000)");
    std::string name = item.substr(0, eq);
    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    names.push_back(name);
    start = comma + 1;
  }
  bool any = false;
  std::string takers;
  for (Job& j : selection.jobs) {
    const std::vector<std::string> known = param_names(*j.algorithm);
    if (!std::all_of(names.begin(), names.end(), [&](const std::string& n) {
          return std::find(known.begin(), known.end(), n) != known.end();
        }))
      continue;
    any = true;
    auto params = resolve_params(*j.algorithm, j.params.empty() ? typed : j.params + "," + typed);
    if (!params) throw UsageError(where + " '" + typed + "': " + params.error().message);
    j.params = *params;
  }
  if (!any) {
    for (const AlgorithmInfo& a : catalog())
      if (a.family != Family::Kdf && !param_names(a).empty())
        takers += (takers.empty() ? "" : ", ") + std::string(a.name);
    throw UsageError(where + " '" + typed + "': no selected algorithm takes these parameters (tag, nonce: " +
                     takers + "; KDF costs: the KDFs)");
  }
}

std::vector<std::string> parse_operations(const std::vector<std::string>& typed, const std::string& where) {
  std::vector<std::string> known;
  for (Family f :
       {Family::Cipher, Family::Hash, Family::Signature, Family::Mac, Family::Kdf, Family::KeyAgreement})
    for (const auto& op : all_operations_for(static_cast<int>(f)))
      if (std::find(known.begin(), known.end(), op) == known.end()) known.push_back(op);
  std::vector<std::string> out;
  for (const auto& op : typed) {
    if (std::find(known.begin(), known.end(), op) == known.end()) {
      std::string allowed;
      for (const auto& k : known) allowed += (allowed.empty() ? "" : ", ") + k;
      throw UsageError(where + " '" + op + "' is not valid: expected one of " + allowed);
    }
    if (std::find(out.begin(), out.end(), op) == out.end()) out.push_back(op);
  }
  return out;
}

Selection default_selection() {
  Selection sel;
  for (const char* name :
       {"AES-GCM", "CHACHA20-POLY1305", "AES-CTR", "SHA2-256", "SHA3-256", "ECDSA", "EDDSA"})
    sel.jobs.push_back({find_algorithm(name), find_algorithm(name)->default_key_bits});
  return sel;
}

namespace {

// "1GB", "2g", "1GiB": the number of gigabytes, for the message that says the size in MB; nullopt otherwise.
std::optional<uint64_t> gigabytes(const std::string& typed) {
  size_t digits = 0;
  while (digits < typed.size() && digits < 6 && std::isdigit(static_cast<unsigned char>(typed[digits]))) ++digits;
  std::string suffix = typed.substr(digits);
  for (char& c : suffix) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (digits == 0 || (suffix != "GB" && suffix != "G" && suffix != "GIB")) return std::nullopt;
  return std::stoull(typed.substr(0, digits));
}

}  // namespace

std::vector<size_t> select_sizes(const std::vector<SizeRequest>& requests, const std::vector<Job>& jobs) {
  std::vector<size_t> sizes;
  for (const auto& req : requests) {
    auto size = parse_size(req.typed);
    if (!size && gigabytes(req.typed))
      throw UsageError(req.where + " '" + req.typed + "' is not valid: sizes are in B, KB or MB; write " +
                       std::to_string(*gigabytes(req.typed) * 1024) + "MB (at most 1024MB)");
    if (!size)
      throw UsageError(req.where + " '" + req.typed +
                       "' is not valid: expected a positive size in B, KB or MB, e.g. 470B, 16KB, 10MB "
                       "(KB = 1024 B)");
    if (*size > (size_t{1} << 30))
      throw UsageError(req.where + " '" + req.typed + "' is too large (at most 1024MB)");
    if (std::find(sizes.begin(), sizes.end(), *size) == sizes.end()) sizes.push_back(*size);
  }
  const std::string where =
      requests.empty() ? selection_setting(SelectionId::DataSizes).dashed() : requests.front().where;
  for (const Job& j : jobs)
    for (size_t s : sizes) {
      if (s < j.algorithm->min_message)
        throw UsageError(where + " " + format_size(s) + " is too small for " +
                         std::string(j.algorithm->name) + ": at least " +
                         std::to_string(j.algorithm->min_message) + "B");
      const size_t limit = j.algorithm->message_limit(j.key_bits);
      if (s <= limit) continue;
      std::string msg = where + " " + format_size(s) + " is too large for " + std::string(j.algorithm->name);
      if (j.algorithm->key_bits.empty()) msg += " with a " + std::to_string(j.key_bits) + "-bit key";
      msg += ": at most " + std::to_string(limit) + "B";
      if (j.algorithm->rsa_overhead)
        msg += " (key bytes - " + std::to_string(j.algorithm->rsa_overhead) + " for its padding)";
      throw UsageError(msg);
    }
  return sizes;
}

std::vector<const Backend*> select_backends(const std::vector<std::string>& names, const std::string& where,
                                            const PluginScan& scan) {
  std::vector<const Backend*> out;
  if (names.empty()) {
    for (const auto& b : scan.backends) out.push_back(b.get());
    return out;
  }
  for (const auto& wanted : names) {
    // Any case: the loader refuses two plugins whose names differ only in case, so this finds at most one.
    auto it = std::find_if(scan.backends.begin(), scan.backends.end(),
                           [&](const auto& b) { return equal_ignoring_case(b->name(), wanted); });
    if (it == scan.backends.end()) {
      std::vector<std::string> loaded;
      for (const auto& b : scan.backends) loaded.push_back(b->name());
      const std::string near = did_you_mean(closest_names(wanted, loaded));
      std::string list;
      for (const auto& name : loaded) list += (list.empty() ? "" : ", ") + name;
      throw UsageError(where + " '" + wanted + "' is not a loaded backend" +
                       (near.empty() ? "" : ": " + near) + " (loaded: " + (list.empty() ? "none" : list) +
                       ")");
    }
    if (std::find(out.begin(), out.end(), it->get()) == out.end()) out.push_back(it->get());
  }
  return out;
}

}  // namespace ca
