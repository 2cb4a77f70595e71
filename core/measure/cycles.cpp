#include "measure/cycles.hpp"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <x86intrin.h>

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

CycleSource probe() {
  CycleSource s;
  int fd = open_cycles_fd();
  if (fd >= 0) {
    ::close(fd);
    s.kind = CycleSource::Perf;
    s.description = "perf cpu-cycles (core cycles, user space)";
    return s;
  }
  const std::string why = std::strerror(errno);
  if (cpu_has_invariant_tsc()) {
    s.kind = CycleSource::Tsc;
    s.tsc_ghz = calibrate_tsc_ghz();
    std::ostringstream d;
    d.precision(4);
    d << "TSC reference cycles at " << s.tsc_ghz << " GHz (hardware counters unavailable: " << why
      << "); reference cycles tick at a constant rate, not at the core's clock";
    s.description = d.str();
    return s;
  }
  s.description = "none (no hardware counters: " + why + "; no invariant TSC)";
  return s;
}

}  // namespace

const CycleSource& cycle_source() {
  static const CycleSource source = probe();
  return source;
}

std::unique_ptr<CycleCounter> open_perf_cycle_counter() {
  if (cycle_source().kind != CycleSource::Perf) return nullptr;
  int fd = open_cycles_fd();
  return fd >= 0 ? std::make_unique<PerfCycles>(fd) : nullptr;
}

}  // namespace ca
