#include "measure/cycles.hpp"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>

namespace ca {
namespace {

class PerfCycles final : public CycleCounter {
 public:
  explicit PerfCycles(int fd) : fd_(fd) {}
  ~PerfCycles() override { ::close(fd_); }
  uint64_t read() override {
    uint64_t v = 0;
    return ::read(fd_, &v, sizeof v) == static_cast<ssize_t>(sizeof v) ? v : 0;
  }

 private:
  int fd_;
};

int open_cycles_fd() {
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  attr.type = PERF_TYPE_HARDWARE;
  attr.size = sizeof attr;
  attr.config = PERF_COUNT_HW_CPU_CYCLES;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  return static_cast<int>(::syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0));
}

#if defined(__x86_64__) || defined(__i386__)

bool cpu_has_invariant_tsc() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("flags", 0) == 0)
      return line.find(" constant_tsc") != std::string::npos &&
             line.find(" nonstop_tsc") != std::string::npos;
  return false;
}

double calibrate_tsc_ghz() {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  const uint64_t c0 = __rdtsc();
  while (Clock::now() - t0 < std::chrono::milliseconds(20)) {
  }
  const uint64_t c1 = __rdtsc();
  const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
  return static_cast<double>(c1 - c0) / ns;
}

/// The invariant TSC, or false (s untouched) when the CPU does not promise one.
bool probe_reference_counter(CycleSource& s, const std::string& why) {
  if (!cpu_has_invariant_tsc()) return false;
  s.kind = CycleSource::Tsc;
  s.tsc_ghz = calibrate_tsc_ghz();
  std::ostringstream d;
  d.precision(4);
  d << "TSC reference cycles at " << s.tsc_ghz << " GHz (hardware counters unavailable: " << why
    << "); reference cycles tick at a constant rate, not at the core's clock";
  s.description = d.str();
  return true;
}

const char* no_reference_counter() { return "no invariant TSC"; }

#elif defined(__aarch64__)

// The generic timer's virtual counter. Linux lets user space read it (CNTKCTL_EL1.EL0VCTEN) on every
// arm64 system: the vDSO's clock_gettime is built on it. The isb keeps the read from being hoisted
// above earlier instructions, as the kernel's own __arch_counter_get_cntvct does.
uint64_t read_cntvct() {
  uint64_t v;
  asm volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v)::"memory");
  return v;
}

uint64_t read_cntfrq() {
  uint64_t v;
  asm volatile("mrs %0, cntfrq_el0" : "=r"(v));
  return v;
}

/// cntvct_el0 at the frequency firmware wrote into cntfrq_el0, or false when the counter does not run
/// (a zero frequency, or no tick over 1 ms).
bool probe_reference_counter(CycleSource& s, const std::string& why) {
  const uint64_t hz = read_cntfrq();
  if (hz == 0) return false;
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  const uint64_t c0 = read_cntvct();
  while (Clock::now() - t0 < std::chrono::milliseconds(1)) {
  }
  if (read_cntvct() == c0) return false;
  s.kind = CycleSource::Tsc;
  s.tsc_ghz = static_cast<double>(hz) / 1e9;
  std::ostringstream d;
  d.precision(4);
  d << "Arm generic timer ticks (cntvct_el0) at " << static_cast<double>(hz) / 1e6
    << " MHz from cntfrq_el0 (hardware counters unavailable: " << why
    << "); the timer ticks at a constant rate, typically far below the core's clock, not per core cycle";
  s.description = d.str();
  return true;
}

const char* no_reference_counter() { return "generic timer not running"; }

#else

bool probe_reference_counter(CycleSource&, const std::string&) { return false; }

const char* no_reference_counter() { return "no reference counter known on this architecture"; }

#endif

std::atomic<bool> g_probed{false};

CycleSource probe() {
  g_probed = true;
  CycleSource s;
  int fd = open_cycles_fd();
  if (fd >= 0) {
    ::close(fd);
    s.kind = CycleSource::Perf;
    s.description = "perf cpu-cycles (core cycles, user space)";
    return s;
  }
  const std::string why = std::strerror(errno);
  if (probe_reference_counter(s, why)) return s;
  s.description = "none (no hardware counters: " + why + "; " + no_reference_counter() + ")";
  return s;
}

}  // namespace

const char* CycleSource::reference_counter_name() {
#if defined(__aarch64__)
  return "cntvct";
#else
  return "tsc";
#endif
}

const CycleSource& cycle_source() {
  static const CycleSource source = probe();
  return source;
}

bool cycle_source_probed() { return g_probed; }

std::unique_ptr<CycleCounter> open_perf_cycle_counter() {
  // Whether perf counts cycles here, asked once per process, without cycle_source(): where it does not, that
  // probe calibrates the TSC (a 20 ms spin), which a --processes N worker, opening a counter per lane but
  // never converting a time to reference cycles, would pay once per worker.
  static const bool perf = [] {
    const int fd = open_cycles_fd();
    if (fd < 0) return false;
    ::close(fd);
    return true;
  }();
  if (!perf) return nullptr;
  int fd = open_cycles_fd();
  return fd >= 0 ? std::make_unique<PerfCycles>(fd) : nullptr;
}

}  // namespace ca
