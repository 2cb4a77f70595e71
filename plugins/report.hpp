// Report plugins: one file per output format, each registered by name. A reporter receives the records
// and the environment and writes bytes to a stream; it never measures and never reorders the data's
// meaning (rankings come from core/rank).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "run/environment.hpp"
#include "run/record.hpp"
#include "util/units.hpp"

namespace ca {

/// What the user asked for, as far as a report needs to know it.
struct ReportSettings {
  TimeUnit unit = TimeUnit::Ms;
  bool unit_chosen = false;        // -u / "unit" given: every figure in `unit`; else tables pick their own
  std::optional<uint64_t> rounds;  // -r N, or adaptive when unset
  double budget_s = 0;
  double target_rel_ci = 0;
  size_t threads = 1;          // --threads N
  bool cipher_stream = false;  // --cipher-mode stream
  bool sequential = false;     // --order sequential (else interleaved)
  size_t repetitions = 1;      // --repetitions N
  size_t processes = 1;        // --processes N
  std::string pinned_cpus;     // --pin CPUS as a CPU list ("1"); empty: not pinned
  std::vector<std::string> command_line;
};

/// How each figure was measured, in one phrase for report headers: "exactly 1000 timed operations per
/// measurement" or "adaptive: until ...", then repetitions and pinning when used.
std::string measurement_mode(const ReportSettings& s);

struct ReportInput {
  const std::vector<Record>& records;
  const Environment& environment;
  const ReportSettings& settings;
};

class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual void write(const ReportInput& input, std::ostream& out) const = 0;
};

using ReporterFactory = std::function<std::unique_ptr<Reporter>()>;

/// Registers a format at static-initialisation time; returns true so it can initialise a namespace-scope
/// constant in the format's own file.
bool register_reporter(const std::string& name, const std::string& description, ReporterFactory factory);
std::unique_ptr<Reporter> make_reporter(const std::string& name);
/// Registered format names with their one-line descriptions, sorted.
std::vector<std::pair<std::string, std::string>> reporter_names();

}  // namespace ca
