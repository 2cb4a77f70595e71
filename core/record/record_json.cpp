#include "record/record_json.hpp"

#include <cmath>
#include <limits>

#include "stats/stats.hpp"

namespace ca {
namespace {

using nlohmann::json;

// JSON has no NaN: undefined statistics become null.
json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

// Field readers: each returns false and sets `error` ("/field: expected ..., got ...") on a mismatch.
struct Reader {
  const json& object;
  std::string& error;

  const json* field(const char* name) {
    auto it = object.find(name);
    if (it == object.end()) {
      error = std::string("/") + name + ": missing";
      return nullptr;
    }
    return &*it;
  }
  bool fail(const std::string& pointer, const char* expected, const json& got) {
    error = pointer + ": expected " + expected + ", got " + json_type_phrase(got);
    return false;
  }
  bool string(const char* name, std::string& out) {
    const json* v = field(name);
    if (v == nullptr) return false;
    if (!v->is_string()) return fail(std::string("/") + name, "a string", *v);
    out = v->get<std::string>();
    return true;
  }
  bool unsigned_number(const char* name, uint64_t& out, uint64_t max = std::numeric_limits<uint64_t>::max()) {
    const json* v = field(name);
    if (v == nullptr) return false;
    if (!v->is_number_unsigned() || v->get<uint64_t>() > max)
      return fail(std::string("/") + name, "a whole number >= 0", *v);
    out = v->get<uint64_t>();
    return true;
  }
  bool boolean(const char* name, bool& out) {
    const json* v = field(name);
    if (v == nullptr) return false;
    if (!v->is_boolean()) return fail(std::string("/") + name, "true or false", *v);
    out = v->get<bool>();
    return true;
  }
};

}  // namespace

std::string json_type_phrase(const json& j) {
  switch (j.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::object:
      return "an object";
    case json::value_t::array:
      return "an array";
    case json::value_t::string:
      return "a string (" + j.dump() + ")";
    case json::value_t::boolean:
      return j.get<bool>() ? "true" : "false";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
      return "the number " + j.dump();
    default:
      return "a " + std::string(j.type_name());
  }
}

json record_to_json(const Record& r) {
  json j = {
      {"backend", r.backend},
      {"algorithm", r.algorithm},
      {"key_bits", r.key_bits},
      {"operation", r.operation},
      {"data_bytes", r.data_bytes},
      {"status", std::string(status_name(r.status))},
      {"error", r.error.empty() ? json(nullptr) : json(r.error)},
      {"rounds", r.measurement.timed_ops},
      {"rounds_mode", r.exact_rounds ? "exact" : "adaptive"},
  };
  if (!r.params.empty()) j["params"] = r.params;
  if (!r.key.empty()) j["key"] = r.key;
  if (!r.agreement.empty()) j["agreement"] = r.agreement;
  if (!r.ok()) return j;
  const auto& s = r.summary;
  const bool data_op = is_data_operation(r.operation);
  j["median_ns"] = number(s.median);
  j["mean_ns"] = number(s.mean);
  j["stddev_ns"] = number(s.stddev);
  j["mad_ns"] = number(s.mad);
  j["min_ns"] = number(s.min);
  j["max_ns"] = number(s.max);
  // Schema 5: the interval's key names no level; ci_level is the exact level it holds (schema 4's ci95_ns
  // was this interval too, at the level its ci_coverage gave).
  j["ci_ns"] = json::array({number(s.ci.low), number(s.ci.high)});
  j["ci_level"] = number(s.ci_level);
  if (!r.measurement.repetition_samples.empty()) {
    j["repetitions"] = r.measurement.repetition_samples.size();
    j["repetition_samples"] = r.measurement.repetition_samples;
    j["repetition_medians_ns"] = s.repetition_medians;
  }
  if (!r.process_samples.empty()) {
    j["processes"] = r.process_samples.size();
    j["process_samples"] = r.process_samples;
    j["process_medians_ns"] = s.process_medians;
  }
  j["cv"] = number(s.cv);
  j["mdape"] = number(s.mdape);
  j["outliers"] = s.outliers;
  j["samples"] = s.n;
  j["samples_ns"] = r.measurement.sample_ns;
  j["sample_ops"] = r.measurement.sample_ops;
  if (!r.comparison.empty()) {
    j["comparison"] = r.comparison;
    j["sample_rounds"] = r.measurement.sample_round;
  }
  j["warmup_ops"] = r.measurement.warmup_ops;
  j["target_met"] = r.measurement.target_met;
  j["ops_per_s"] = number(r.ops_per_s());
  j["throughput_mib_s"] = data_op ? number(r.throughput_mib_s()) : json(nullptr);
  j["throughput_mbit_s"] = data_op ? number(r.throughput_mib_s() * 1048576.0 * 8 / 1e6) : json(nullptr);
  j["cycles_source"] = r.cycles_source.empty() ? "none" : r.cycles_source;
  j["cycles_per_op"] = r.cycles_per_op > 0 ? json(r.cycles_per_op) : json(nullptr);
  j["cycles_per_byte"] = r.cycles_per_byte() > 0 ? json(r.cycles_per_byte()) : json(nullptr);
  if (r.has_parallel()) {
    const auto& p = r.parallel_summary;
    j["threads"] = {
        {"count", r.parallel.threads},
        {"median_ns", number(p.median)},
        {"ci_ns", json::array({number(p.ci.low), number(p.ci.high)})},
        {"ci_level", number(p.ci_level)},
        {"mdape", number(p.mdape)},
        {"samples_ns", r.parallel.sample_ns},
        {"sample_ops", r.parallel.sample_ops},
        {"ops_per_s", number(r.parallel_ops_per_s())},
        {"throughput_mib_s", data_op ? number(r.parallel_throughput_mib_s()) : json(nullptr)},
        {"throughput_mbit_s",
         data_op ? number(r.parallel_throughput_mib_s() * 1048576.0 * 8 / 1e6) : json(nullptr)},
        {"one_thread_median_ns", number(r.parallel_one_summary.median)},
        {"one_thread_samples_ns", r.parallel_one.sample_ns},
        {"one_thread_sample_ops", r.parallel_one.sample_ops},
        {"scaling_efficiency", number(r.scaling_efficiency())},
    };
  }
  return j;
}

// Optional: present for records measured interleaved (schema 2); a round per sample, non-decreasing.
static bool parse_comparison(const json& j, size_t sample_count, Record& r, std::string& error) {
  const auto c = j.find("comparison");
  if (c == j.end()) return true;
  const auto rounds = j.find("sample_rounds");
  bool good = c->is_string() && !c->get<std::string>().empty() && rounds != j.end() && rounds->is_array() &&
              rounds->size() == sample_count;
  for (size_t i = 0; good && i < rounds->size(); ++i) {
    good = (*rounds)[i].is_number_unsigned() &&
           (*rounds)[i].get<uint64_t>() <= std::numeric_limits<uint32_t>::max() &&
           (i == 0 || (*rounds)[i].get<uint64_t>() > (*rounds)[i - 1].get<uint64_t>());
    if (good) r.measurement.sample_round.push_back((*rounds)[i].get<uint32_t>());
  }
  if (!good) {
    error = "/comparison: expected a non-empty string with sample_rounds, an array of " +
            std::to_string(sample_count) + " increasing round numbers (one per sample)";
    return false;
  }
  r.comparison = c->get<std::string>();
  return true;
}

// An optional array of sample counts (repetition_samples, process_samples): at least 2 whole numbers > 0
// adding up to the samples. With `ends_on` (process_samples beside repetition_samples: --processes N with
// --repetitions M), each count must end where one of those counts ends; `also` says so in its message.
static bool parse_counts(const json& j, const char* name, size_t sample_count,
                         const std::vector<size_t>& ends_on, const std::string& also,
                         std::vector<size_t>& counts, std::string& error) {
  const auto it = j.find(name);
  if (it == j.end()) return true;
  size_t total = 0, end = 0, ended = 0;
  bool whole = it->is_array() && it->size() >= 2;
  for (size_t i = 0; whole && i < it->size(); ++i) {
    whole = (*it)[i].is_number_unsigned() && (*it)[i].get<uint64_t>() > 0 &&
            (*it)[i].get<uint64_t>() <= sample_count;
    if (whole) {
      counts.push_back((*it)[i].get<size_t>());
      total += counts.back();
      while (end < ends_on.size() && ended < total) ended += ends_on[end++];
      whole = ends_on.empty() || ended == total;
    }
  }
  if (!whole || total != sample_count) {
    error = "/" + std::string(name) +
            ": expected an array of at least 2 whole numbers > 0 adding up to the " +
            std::to_string(sample_count) + " samples" + also + ", got " + json_type_phrase(*it);
    return false;
  }
  return true;
}

// The parallel pass of --threads N ("threads": count, samples_ns, sample_ops and the one-thread baseline).
static bool parse_threads(const json& t, Record& r, std::string& error) {
  const json* count = t.is_object() && t.contains("count") ? &t["count"] : nullptr;
  const json* ts = t.is_object() && t.contains("samples_ns") ? &t["samples_ns"] : nullptr;
  const json* tops = t.is_object() && t.contains("sample_ops") ? &t["sample_ops"] : nullptr;
  if (count == nullptr || !count->is_number_unsigned() || ts == nullptr || !ts->is_array() ||
      tops == nullptr || !tops->is_array() || tops->size() != ts->size()) {
    error = "/threads: expected an object with count, samples_ns and sample_ops (as --threads writes), got " +
            json_type_phrase(t);
    return false;
  }
  r.parallel.threads = count->get<size_t>();
  for (size_t i = 0; i < ts->size(); ++i) {
    if (!(*ts)[i].is_number() || !(*tops)[i].is_number_unsigned()) {
      error =
          "/threads/samples_ns/" + std::to_string(i) + ": expected a number with a whole sample_ops count";
      return false;
    }
    r.parallel.sample_ns.push_back((*ts)[i].get<double>());
    r.parallel.sample_ops.push_back((*tops)[i].get<uint64_t>());
    r.parallel.timed_ops += r.parallel.sample_ops.back();
  }
  r.parallel_summary = stats::summarize(r.parallel.sample_ns);
  // The one-thread baseline rounds (absent in reports written before it existed: no efficiency then).
  const json* one = t.contains("one_thread_samples_ns") ? &t["one_thread_samples_ns"] : nullptr;
  const json* one_ops = t.contains("one_thread_sample_ops") ? &t["one_thread_sample_ops"] : nullptr;
  if (one != nullptr && one->is_array() && one_ops != nullptr && one_ops->is_array() &&
      one_ops->size() == one->size()) {
    r.parallel_one.threads = 1;
    for (size_t i = 0; i < one->size(); ++i) {
      if (!(*one)[i].is_number() || !(*one_ops)[i].is_number_unsigned()) {
        error = "/threads/one_thread_samples_ns/" + std::to_string(i) +
                ": expected a number with a whole one_thread_sample_ops count";
        return false;
      }
      r.parallel_one.sample_ns.push_back((*one)[i].get<double>());
      r.parallel_one.sample_ops.push_back((*one_ops)[i].get<uint64_t>());
    }
    r.parallel_one_summary = stats::summarize(r.parallel_one.sample_ns);
  }
  return true;
}

static std::optional<Record> parse_record(const json& j, std::string& error) {
  if (!j.is_object()) {
    error = ": expected a result object, got " + json_type_phrase(j);
    return std::nullopt;
  }
  Reader in{j, error};
  Record r;
  std::string status, mode;
  uint64_t key_bits = 0, data_bytes = 0;
  if (!in.string("backend", r.backend) || !in.string("algorithm", r.algorithm) ||
      !in.unsigned_number("key_bits", key_bits, std::numeric_limits<uint32_t>::max()) ||
      !in.string("operation", r.operation) || !in.unsigned_number("data_bytes", data_bytes) ||
      !in.string("status", status) || !in.unsigned_number("rounds", r.measurement.timed_ops) ||
      !in.string("rounds_mode", mode))
    return std::nullopt;
  r.key_bits = static_cast<uint32_t>(key_bits);
  r.data_bytes = static_cast<size_t>(data_bytes);
  if (auto p = j.find("params"); p != j.end() && p->is_string()) r.params = p->get<std::string>();
  if (auto p = j.find("key"); p != j.end() && p->is_string()) r.key = p->get<std::string>();
  if (auto p = j.find("agreement"); p != j.end() && p->is_string()) r.agreement = p->get<std::string>();

  if (status == "ok") {
    r.status = Status::Ok;
  } else if (status == "unsupported") {
    r.status = Status::Unsupported;
  } else if (status == "failed") {
    r.status = Status::Failed;
  } else if (status == "disputed") {
    r.status = Status::Disputed;
  } else {
    error = "/status: expected \"ok\", \"unsupported\", \"failed\" or \"disputed\", got " +
            json_type_phrase(j["status"]);
    return std::nullopt;
  }
  if (mode != "exact" && mode != "adaptive") {
    error = "/rounds_mode: expected \"exact\" or \"adaptive\", got " + json_type_phrase(j["rounds_mode"]);
    return std::nullopt;
  }
  r.exact_rounds = mode == "exact";

  const json* why = in.field("error");
  if (why == nullptr) return std::nullopt;
  if (why->is_string()) {
    r.error = why->get<std::string>();
  } else if (!why->is_null()) {
    in.fail("/error", "a string or null", *why);
    return std::nullopt;
  }
  if (!r.ok()) return r;

  const json* samples = in.field("samples_ns");
  if (samples == nullptr) return std::nullopt;
  if (!samples->is_array()) {
    in.fail("/samples_ns", "an array of numbers", *samples);
    return std::nullopt;
  }
  for (size_t i = 0; i < samples->size(); ++i) {
    if (!(*samples)[i].is_number()) {
      in.fail("/samples_ns/" + std::to_string(i), "a number", (*samples)[i]);
      return std::nullopt;
    }
    r.measurement.sample_ns.push_back((*samples)[i].get<double>());
  }
  const json* ops = in.field("sample_ops");
  if (ops == nullptr) return std::nullopt;
  if (!ops->is_array() || ops->size() != samples->size()) {
    error = "/sample_ops: expected an array of " + std::to_string(samples->size()) +
            " whole numbers (one per sample), got " + json_type_phrase(*ops) +
            (ops->is_array() ? " of " + std::to_string(ops->size()) : std::string());
    return std::nullopt;
  }
  for (size_t i = 0; i < ops->size(); ++i) {
    if (!(*ops)[i].is_number_unsigned()) {
      in.fail("/sample_ops/" + std::to_string(i), "a whole number >= 0", (*ops)[i]);
      return std::nullopt;
    }
    r.measurement.sample_ops.push_back((*ops)[i].get<uint64_t>());
    r.measurement.timed_ns += r.measurement.sample_ns[i] * static_cast<double>(r.measurement.sample_ops[i]);
  }
  if (!in.unsigned_number("warmup_ops", r.measurement.warmup_ops) ||
      !in.boolean("target_met", r.measurement.target_met))
    return std::nullopt;
  r.rounds_requested = r.exact_rounds ? r.measurement.timed_ops : 0;
  if (!parse_comparison(j, samples->size(), r, error)) return std::nullopt;
  // Optional: present with --repetitions N (N >= 2), with --processes N (N >= 2), or both.
  if (!parse_counts(j, "repetition_samples", samples->size(), {}, "", r.measurement.repetition_samples,
                    error) ||
      !parse_counts(j, "process_samples", samples->size(), r.measurement.repetition_samples,
                    " (each process ending where one of repetition_samples ends)", r.process_samples, error))
    return std::nullopt;
  summarize_record(r);
  // Optional (reports written before cycles existed have none).
  if (auto c = j.find("cycles_per_op"); c != j.end() && c->is_number()) r.cycles_per_op = c->get<double>();
  if (auto c = j.find("cycles_source"); c != j.end() && c->is_string())
    r.cycles_source = c->get<std::string>();
  // Optional: present with --threads N.
  if (auto t = j.find("threads"); t != j.end() && !t->is_null() && !parse_threads(*t, r, error))
    return std::nullopt;
  return r;
}

Result<Record> record_from_json(const json& j) {
  std::string error;
  if (auto r = parse_record(j, error)) return std::move(*r);
  return Error{error};
}

}  // namespace ca
