// Cycles per operation. Hardware cycle counters (perf_event_open, PERF_COUNT_HW_CPU_CYCLES, user space
// only) are used where the kernel allows them; otherwise time is converted to the ticks of a constant-rate
// reference counter: on x86-64 the TSC when the CPU says it is invariant, on aarch64 the generic timer's
// virtual counter (cntvct_el0, frequency from cntfrq_el0). Reference ticks come at a constant rate, not at
// the core's current clock, so the figure is labelled as such; otherwise there is no cycle figure. The
// source is always named.
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
  // Tsc is any constant-rate reference counter: the x86 TSC, or Arm's cntvct_el0 (name() "cntvct").
  enum Kind { None, Perf, Tsc } kind = None;
  double tsc_ghz = 0;       // Tsc: reference ticks per nanosecond (x86: calibrated; aarch64: cntfrq_el0)
  std::string description;  // "perf cpu-cycles (user space)", "TSC reference cycles at 2.994 GHz",
                            // "Arm generic timer (cntvct_el0) ticks at 25 MHz ...", "none: ..."
  std::string name() const {
    if (kind == Perf) return "perf";
    if (kind == Tsc) return reference_counter_name();
    return "none";
  }
  /// The reference counter of this build's architecture: "tsc" (x86-64), "cntvct" (aarch64).
  static const char* reference_counter_name();
};

/// Probes once per process (cached): perf first, then the reference counter, then none.
const CycleSource& cycle_source();

/// Whether this process has probed its cycle source yet (cycle_source() was called).
bool cycle_source_probed();

/// A counter for the calling thread when perf counts cycles here (the source is then Perf), else nullptr.
/// Does not probe the reference counter: no TSC calibration in a process that only opens counters.
std::unique_ptr<CycleCounter> open_perf_cycle_counter();

}  // namespace ca
