// The values of the run settings, judged: the validators of core/settings/run_settings.hpp, which the table's
// accessors use (and the commands' own flags, e.g. leaks --repetitions). Each throws a UsageError naming
// where the value came from, the value and what is allowed.
#include <cmath>
#include <cstdlib>

#include "host/affinity.hpp"
#include "settings/run_settings.hpp"

namespace ca {
namespace {

double nonnegative_seconds(const std::string& where, const std::string& text, double max,
                           const char* allowed) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || !(v >= 0) || !std::isfinite(v) || v > max)
    throw UsageError(where + " '" + text + "' is not valid: expected " + allowed);
  return v;
}

// A whole number of `what` from 1 to max (max below 10000), or a UsageError naming where and the value.
size_t parse_count(const std::string& where, const std::string& text, const char* what, size_t max) {
  const std::string allowed =
      "' is not valid: expected a whole number of " + std::string(what) + " from 1 to " + std::to_string(max);
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 4)
    throw UsageError(where + " '" + text + allowed);
  const size_t n = std::stoul(text);
  if (n < 1 || n > max) throw UsageError(where + " '" + text + allowed);
  return n;
}

}  // namespace

double parse_positive(const std::string& where, const std::string& text, const char* what) {
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || !(v > 0) || !std::isfinite(v))
    throw UsageError(where + " '" + text + "' is not valid: expected " + what);
  return v;
}

uint64_t parse_rounds(const std::string& where, const std::string& text) {
  const std::string allowed = "' is not valid: expected a whole number from 1 to 999999999999";
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 12)
    throw UsageError(where + " '" + text + allowed);
  uint64_t v = std::stoull(text);
  if (v < 1) throw UsageError(where + " '" + text + allowed);
  return v;
}

size_t parse_threads(const std::string& where, const std::string& text) {
  return parse_count(where, text, "threads", kMaxThreads);
}

size_t parse_repetitions(const std::string& where, const std::string& text) {
  return parse_count(where, text, "repetitions", kMaxRepetitions);
}

size_t parse_processes(const std::string& where, const std::string& text) {
  return parse_count(where, text, "processes", kMaxProcesses);
}

std::vector<int> parse_pin(const std::string& where, const std::string& text) {
  auto cpus = parse_cpu_list(text);
  if (!cpus) throw UsageError(where + " '" + text + "' is not valid: " + cpus.error().message);
  if (Result<void> available = check_cpus_available(*cpus); !available)
    throw UsageError(where + " '" + text + "' is not valid: " + available.error().message);
  return *cpus;
}

Order parse_order(const std::string& where, const std::string& text) {
  if (text == "interleaved") return Order::Interleaved;
  if (text == "sequential") return Order::Sequential;
  throw UsageError(where + " '" + text + "' is not valid: expected interleaved or sequential");
}

bool valid_layout(std::string_view name) {
  for (const char* l : kReportLayouts)
    if (name == l) return true;
  return false;
}

std::string parse_layout(const std::string& where, const std::string& text) {
  if (!valid_layout(text))
    throw UsageError(where + " '" + text + "' is not valid: expected default, seed or 2004");
  return text;
}

bool parse_cipher_mode(const std::string& where, const std::string& text) {
  if (text == "per-message") return false;
  if (text == "stream") return true;
  throw UsageError(where + " '" + text + "' is not valid: expected per-message or stream");
}

double parse_job_timeout(const std::string& where, const std::string& text) {
  return nonnegative_seconds(where, text, HUGE_VAL, "seconds >= 0, e.g. 300 (0: no limit)");
}

double parse_stop_after(const std::string& where, const std::string& text) {
  return nonnegative_seconds(where, text, 1e9, "seconds >= 0, e.g. 3600 (0: no limit)");
}

double parse_warmup(const std::string& where, const std::string& text) {
  return nonnegative_seconds(where, text, 60, "seconds >= 0 and at most 60, e.g. 0.02");
}

}  // namespace ca
