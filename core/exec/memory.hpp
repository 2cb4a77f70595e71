// Memory of a run (issue #26): what the plan will need at its peak (the model of docs/METHODOLOGY.md,
// "Memory"), what this process may have (MemAvailable, the cgroup's limit), and what the run did use (the
// program's and its worker processes' peak resident sets). The runner never asks: app/ refuses a plan that
// cannot fit before anything starts, and puts the measured peak in the report's context.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "exec/plan.hpp"

namespace ca {

/// Peak resident bytes the plan is expected to need: the largest (job, size, operation) comparison of it,
/// with every library that offers the job. Deterministic, reads nothing.
uint64_t estimate_peak_bytes(const RunPlan& plan);

/// The same for the plan with every data size replaced by `size`.
uint64_t estimate_peak_bytes_at(const RunPlan& plan, size_t size);

/// The largest data size in [1, largest planned size] whose estimate is at most `available`; 0 when none.
size_t largest_fitting_size(const RunPlan& plan, uint64_t available);

/// What the process may still take, and from where that figure was read.
struct MemoryAvailable {
  uint64_t bytes = 0;
  std::string source;  // "MemAvailable in /proc/meminfo", "the cgroup's memory.max less memory.current"
};

/// The smaller of /proc/meminfo's MemAvailable and the room left under this process's cgroup limit (v2
/// memory.max - memory.current, v1 memory.limit_in_bytes - memory.usage_in_bytes, each plus the inactive
/// page cache memory.stat lists), read under `root` (a test's fake tree, as for the machine check); nullopt
/// when neither can be read.
std::optional<MemoryAvailable> read_memory_available(const std::string& root = "/");

/// MemAvailable in kB from the text of a /proc/meminfo, in bytes; nullopt when absent or malformed.
std::optional<uint64_t> parse_mem_available(const std::string& meminfo);

/// Gives the pages of freed heap memory back to the kernel (glibc's malloc_trim; elsewhere nothing). Called
/// outside timing after the agreement check and after each comparison: glibc raises its mmap threshold up to
/// 32 MiB once a large buffer is freed, so messages below that come from the heap, and their freed pages
/// would otherwise stay resident under the next comparison's pool (issue #26).
void return_freed_heap();

/// Peak resident set sizes so far (getrusage ru_maxrss): this program's, and the largest of its worker
/// processes that have ended (isolated lanes, --processes workers, load probes). 0 when not readable.
struct PeakMemory {
  uint64_t program_bytes = 0;
  uint64_t largest_worker_bytes = 0;
};
PeakMemory read_peak_memory();

}  // namespace ca
