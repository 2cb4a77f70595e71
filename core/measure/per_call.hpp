// The measurement loop's second mode: one clock read around every single call (the `leaks` command).
//
// The batch mode (measure.hpp) times many calls at once and divides, which is right for speed and wrong
// for timing leaks: a leak is a difference between single calls of two input classes. Here every call is
// timed on its own with the finest counter this build has, and the two classes are interleaved in a random
// order decided before each chunk of calls is timed (never in blocks, so drift of the host falls on both
// classes alike; Reparaz et al. 2017, §2). Inputs (and keyed contexts) are made by the caller before timing.
//
// Counters, in order of preference:
//  - x86-64: the TSC, read as lfence; rdtsc; lfence before the call and rdtscp; lfence after it (Intel's
//    "How to benchmark code execution times", 2010, §3.2.1): the reads cannot drift into the call.
//  - aarch64: the generic timer's virtual counter (isb; mrs cntvct_el0), coarse (often 25 to 100 MHz).
//  - elsewhere: clock_gettime(CLOCK_MONOTONIC_RAW), in ns.
// The counter's own cost (an empty timed region) is measured and reported; it is not subtracted, since it
// is the same for both classes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cryptauditor/plugin_abi.h"

namespace ca {

/// The per-call counter of this build and machine.
struct TickCounter {
  std::string name;         // "tsc (lfence/rdtsc .. rdtscp/lfence)", "cntvct_el0", "clock_gettime(...)"
  std::string unit;         // "cycles" (TSC reference cycles), "ticks" (cntvct), "ns"
  double ticks_per_ns = 1;  // calibrated against steady_clock (TSC), cntfrq_el0, or 1
};
/// Probed once per process.
const TickCounter& tick_counter();

/// One prepared call: the operation, its keyed context and its input, and the status it must return
/// (CA_OK, or CA_REJECTED for a forged tag), checked after every call outside the timed region.
struct PreparedCall {
  ca_operation_fn fn = nullptr;
  ca_context* context = nullptr;
  ca_io* io = nullptr;
  int expected = CA_OK;
};

struct PerCallMeasurement {
  std::vector<uint64_t> ticks;  // per call, in TickCounter units (counter overhead included)
  std::vector<uint8_t> cls;     // per call: 0 or 1, parallel to ticks
  double overhead_ticks = 0;    // median of an empty timed region
  double elapsed_s = 0;         // timed and untimed time of the sampling, by the counter
  bool stopped_early = false;   // the stop predicate said so before the budget was spent
  int status = CA_OK;           // a call that returned other than its expected status
  std::string error;
};

struct PerCallConfig {
  double budget_s = 1.0;        // stop after this much time of sampling
  size_t max_calls = 20000000;  // and after this many timed calls
  size_t warmup_calls = 2000;   // untimed, interleaved, before the first timed call; at most budget_s / 10
  size_t first_check = 4000;    // the stop predicate is asked at this many calls, then at each doubling
  uint64_t seed = 1;            // the class order's generator
  /// Asked at each check point with the samples so far (and never inside the timed region): true ends the
  /// sampling. Empty: sample until the budget is spent.
  std::function<bool(const PerCallMeasurement&)> stop;
};

/// Times calls of the two classes one by one in a random interleaved order; inputs of a class are used in
/// turn. Both class lists must be non-empty.
PerCallMeasurement measure_per_call(const std::vector<PreparedCall>& class0,
                                    const std::vector<PreparedCall>& class1, const PerCallConfig& cfg);

}  // namespace ca
