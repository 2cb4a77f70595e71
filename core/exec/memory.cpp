#include "exec/memory.hpp"

#include <sys/resource.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <fstream>
#include <limits>
#include <sstream>

#include "exec/agreement.hpp"
#include "exec/placement.hpp"
#include "plugin/call.hpp"

namespace ca {
namespace {

// The model's constants, measured on x86-64 (docs/METHODOLOGY.md, "Memory"): the program with its plugins
// loaded and a 16-byte AES-CTR run over one library peaked at 28 MB, over the nine that offer it at 49 MB
// with a pool per library. Isolated, a child lane's own part (its heap, its plugin's state) is 1-2 MB of Pss
// (issue #26: nine forked children at 16 bytes 17 MB in all, nine exec'd workers 31 MB).
constexpr uint64_t kProgramBytes = 32ull << 20;
constexpr uint64_t kPerLibraryBytes = 4ull << 20;
// In process, with one pool per comparison (issue #26), nine libraries peaked 5 MB above one at 16 bytes
// (33 MB) and 6 MB above at 10 MB (84 MB): a library's own part (its context, its self-test) is under 1 MB.
constexpr uint64_t kPerLibraryInProcessBytes = 2ull << 20;
/// glibc's largest dynamic mmap threshold (DEFAULT_MMAP_THRESHOLD_MAX on 64-bit): a freed buffer below it
/// may stay in the heap, and the next comparison's buffers do not always reuse it.
constexpr uint64_t kHeapRetainedBelow = 32ull << 20;

/// Bytes one comparison (size, op) holds at its peak with `libraries` lanes.
///
/// In process (issue #26 items 1-2) it follows what exec/pool.cpp, the lanes and the agreement check of
/// exec/job_pipeline.cpp allocate: the agreement check first, message by message (the message, the one
/// output each distinct value needs, the output being compared or the decryption checking it), then, once
/// that is freed, the comparison's one pool, which every library reads: its mapping as exec/placement.hpp
/// lays it out (less the messages' whole huge pages a decrypting pool gives back), and the plain call's
/// output the timed-output check compares with. Below glibc's mmap threshold the heap may keep the check's
/// freed buffers. The libraries add only their own b each.
///
/// Isolated (child lanes, --processes N), the figure is the program's and all its workers' together. With
/// the PoolFile (memfd) the pool is as in process, once, in shared memory; the agreement check travels as
/// hex lines (below). Without it (no memfd_create) each child builds its own pool and the program holds
/// every library's agreement outputs: the model before issue #26 item 1, per library a pool of `count`
/// messages (plus as many derived inputs for decrypt and verify) and one output, and two forward outputs;
/// once, the larger of a pool's inputs and the agreement check's own; below the mmap threshold about two
/// freed messages per library.
uint64_t comparison_bytes(const RunPlan& plan, const AlgorithmInfo& a, uint32_t bits, size_t size, int op,
                          size_t libraries, bool pool_file) {
  if (op == CA_OP_AGREE || op == CA_OP_KEYGEN) size = 0;
  const uint64_t count =
      std::clamp<size_t>(plan.pool_bytes / std::max<size_t>(size, 1), 1, plan.pool_max_messages);
  const uint64_t cap = a.output_capacity(bits, size);
  const uint64_t derived = op == CA_OP_DECRYPT || op == CA_OP_VERIFY ? cap : 0;
  const bool checked = agreement_forward(op) >= 0 && libraries >= 2;
  const bool isolated = plan.isolate || plan.processes > 1;
  if (op == CA_OP_AGREE || (isolated && !pool_file)) {
    const uint64_t inputs = count * (size + derived);
    const uint64_t pool = inputs + cap;
    const uint64_t agreement = checked ? 2 * cap : 0;
    const uint64_t transient = std::max<uint64_t>(inputs, checked ? 2 * size + 2 * cap : 0);
    const uint64_t retained = size < kHeapRetainedBelow ? libraries * 2 * uint64_t{size} : 0;
    return libraries * (pool + agreement) + transient + retained;
  }
  const PoolLayout layout = pool_layout(PoolShape{count, size, derived, 64, cap});
  uint64_t pool = layout.mapped;
  if (op == CA_OP_DECRYPT && size > 0)
    // Each message is written, encrypted into its ciphertext's slot and given back (its whole huge pages)
    // before the next: PoolMemory::release_message. One message at a time is resident besides.
    for (size_t at : layout.message) {
      const uint64_t from = (at + kPlacementAlign - 1) / kPlacementAlign * kPlacementAlign;
      const uint64_t to = (at + size) / kPlacementAlign * kPlacementAlign;
      pool -= to > from ? to - from : 0;
    }
  // The pool, and the message being encrypted while a decrypting pool is made or the timed-output
  // check's plain output. Isolated with the PoolFile the same: the one pool is the file, mapped by every
  // child, and the plain output one child's at a time.
  const uint64_t measuring = pool + std::max<uint64_t>(size, cap);
  uint64_t agreeing = checked ? size + 2 * cap + 64 : 0;
  if (isolated && checked)
    // Child lanes send their outputs raw, one message at a time: besides the in-process terms, the program's
    // copy of the output being received.
    agreeing += cap;
  // The heap is trimmed between comparisons (return_freed_heap); one freed message's worth is left for
  // what glibc keeps anyway.
  const uint64_t retained = size < kHeapRetainedBelow ? uint64_t{size} : 0;
  // And a margin of 1/32: without it the estimate was within 1 % of the measured peak at 256 MB (808 MB
  // against 800), and it must never be below one.
  const uint64_t peak = std::max(measuring, agreeing);
  return peak + peak / 32 + retained;
}

uint64_t estimate(const RunPlan& plan, const std::optional<size_t>& only_size) {
  uint64_t peak = 0;
  // Isolated lanes share one pool per comparison in a memfd (exec/placement.hpp PoolFile) where it exists.
  const bool pool_file = (plan.isolate || plan.processes > 1) && PoolFile().fd() >= 0;
  for (const Job& job : plan.jobs) {
    size_t libraries = 0;
    for (const Backend* b : plan.backends)
      libraries += !b->unsupported_reason(std::string(job.algorithm->name), job.key_bits).has_value();
    if (libraries == 0) continue;
    // Isolated, each library is a worker process: a forked child shares the program's pages, an exec'd
    // worker (--processes N) the libraries' (summed Pss: 1.6 MB per worker at 16 bytes over nine).
    const uint64_t per_library =
        plan.isolate || plan.processes > 1 ? kPerLibraryBytes : kPerLibraryInProcessBytes;
    const std::vector<size_t> sizes = only_size ? std::vector<size_t>{*only_size} : planned_sizes(plan, job);
    for (size_t size : sizes)
      for (const std::string& op : planned_operations(plan, *job.algorithm))
        peak = std::max(peak,
                        libraries * per_library + comparison_bytes(plan, *job.algorithm, job.key_bits, size,
                                                                   op_code(op), libraries, pool_file));
  }
  return kProgramBytes + peak;
}

std::optional<std::string> read_text(const std::string& root, const std::string& path) {
  std::string base = root.empty() ? "/" : root;
  if (base.back() != '/') base += '/';
  std::ifstream in(base + path.substr(1));
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::optional<uint64_t> read_number(const std::string& root, const std::string& path) {
  const auto text = read_text(root, path);
  if (!text) return std::nullopt;
  std::istringstream in(*text);
  uint64_t value = 0;
  if (!(in >> value)) return std::nullopt;  // "max": no limit
  return value;
}

/// A field of a cgroup's memory.stat ("inactive_file 1234"); 0 when absent.
uint64_t stat_field(const std::string& root, const std::string& path, const std::string& name) {
  const auto text = read_text(root, path);
  if (!text) return 0;
  std::istringstream lines(*text);
  std::string key;
  uint64_t value = 0;
  while (lines >> key >> value)
    if (key == name) return value;
  return 0;
}

/// Room left under the cgroup limit of this process: v2 ("0::/path") or v1 (a "memory" controller line).
/// A v1 limit near 2^63 is "no limit".
std::optional<MemoryAvailable> cgroup_room(const std::string& root) {
  const auto cgroups = read_text(root, "/proc/self/cgroup");
  if (!cgroups) return std::nullopt;
  std::istringstream lines(*cgroups);
  for (std::string line; std::getline(lines, line);) {
    const size_t c1 = line.find(':'), c2 = line.find(':', c1 + 1);
    if (c1 == std::string::npos || c2 == std::string::npos) continue;
    const std::string controllers = line.substr(c1 + 1, c2 - c1 - 1), path = line.substr(c2 + 1);
    const bool v2 = line.substr(0, c1) == "0" && controllers.empty();
    const bool v1 = controllers == "memory" || controllers.find("memory,") == 0 ||
                    controllers.find(",memory") != std::string::npos;
    if (!v2 && !v1) continue;
    const std::string limit_file = v2 ? "memory.max" : "memory.limit_in_bytes";
    const std::string usage_file = v2 ? "memory.current" : "memory.usage_in_bytes";
    // Inside a container the cgroup's own folder is usually mounted as the root of the hierarchy.
    const std::string top = v2 ? "/sys/fs/cgroup" : "/sys/fs/cgroup/memory";
    for (const std::string& folder : {top + (path == "/" ? "" : path), top}) {
      const auto limit = read_number(root, folder + "/" + limit_file);
      if (!limit || *limit >= (1ull << 62)) continue;
      uint64_t used = read_number(root, folder + "/" + usage_file).value_or(0);
      // The usage counts the page cache; its inactive part is reclaimed before the limit is hit.
      used -= std::min(
          used, stat_field(root, folder + "/memory.stat", v2 ? "inactive_file" : "total_inactive_file"));
      return MemoryAvailable{*limit > used ? *limit - used : 0,
                             "the cgroup's " + limit_file + " less " + usage_file};
    }
  }
  return std::nullopt;
}

}  // namespace

uint64_t estimate_peak_bytes(const RunPlan& plan) { return estimate(plan, std::nullopt); }

uint64_t estimate_peak_bytes_at(const RunPlan& plan, size_t size) { return estimate(plan, size); }

size_t largest_fitting_size(const RunPlan& plan, uint64_t available) {
  size_t largest = 0;
  for (const Job& job : plan.jobs)
    for (size_t size : planned_sizes(plan, job)) largest = std::max(largest, size);
  if (largest == 0 || estimate_peak_bytes_at(plan, 1) > available) return 0;
  // The estimate grows with the size, but for the small dips where the pool's depth steps down (fewer,
  // larger messages): a binary search finds a size that fits near the largest one.
  size_t lo = 1, hi = largest;
  while (lo < hi) {
    const size_t mid = lo + (hi - lo + 1) / 2;
    if (estimate_peak_bytes_at(plan, mid) <= available)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

std::optional<uint64_t> parse_mem_available(const std::string& meminfo) {
  std::istringstream lines(meminfo);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("MemAvailable:", 0) != 0) continue;
    std::istringstream in(line.substr(13));
    uint64_t kb = 0;
    std::string unit;
    if (!(in >> kb >> unit) || unit != "kB" || kb > std::numeric_limits<uint64_t>::max() / 1024)
      return std::nullopt;
    return kb * 1024;
  }
  return std::nullopt;
}

std::optional<MemoryAvailable> read_memory_available(const std::string& root) {
  std::optional<MemoryAvailable> best;
  if (const auto meminfo = read_text(root, "/proc/meminfo"))
    if (const auto bytes = parse_mem_available(*meminfo))
      best = MemoryAvailable{*bytes, "MemAvailable in /proc/meminfo"};
  if (const auto room = cgroup_room(root); room && (!best || room->bytes < best->bytes)) best = room;
  return best;
}

void return_freed_heap() {
#ifdef __GLIBC__
  ::malloc_trim(0);
#endif
}

PeakMemory read_peak_memory() {
  PeakMemory peak;
  rusage usage{};
  // ru_maxrss is in kilobytes on Linux.
  if (getrusage(RUSAGE_SELF, &usage) == 0) peak.program_bytes = static_cast<uint64_t>(usage.ru_maxrss) * 1024;
  if (getrusage(RUSAGE_CHILDREN, &usage) == 0)
    peak.largest_worker_bytes = static_cast<uint64_t>(usage.ru_maxrss) * 1024;
  return peak;
}

}  // namespace ca
