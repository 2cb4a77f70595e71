// Cycles per operation. Hardware cycle counters (perf_event_open, PERF_COUNT_HW_CPU_CYCLES, user space
// only) are used where the kernel allows them; otherwise, on a CPU with an invariant TSC, time is converted
// to TSC *reference* cycles (the TSC ticks at a constant rate, not at the core's current frequency, so the
// figure is labelled as such); otherwise there is no cycle figure. The source is always named.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace ca {

class CycleCounter {
 public:
  virtual ~CycleCounter() = default;
  /// Cycles so far (monotonic within this counter).
  virtual uint64_t read() = 0;
};

struct CycleSource {
  enum Kind { None, Perf, Tsc } kind = None;
  double tsc_ghz = 0;  // Tsc: ticks per nanosecond, calibrated against steady_clock
  std::string
      description;  // "perf cpu-cycles (user space)", "TSC reference cycles at 2.994 GHz", "none: ..."
  std::string name() const { return kind == Perf ? "perf" : kind == Tsc ? "tsc" : "none"; }
};

/// Probes once per process (cached): perf first, then the TSC, then none.
const CycleSource& cycle_source();

/// A counter for the calling thread when the source is Perf, else nullptr.
std::unique_ptr<CycleCounter> open_perf_cycle_counter();

}  // namespace ca
