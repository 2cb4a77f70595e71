#include "measure/per_call.hpp"

#include <time.h>

#include <algorithm>
#include <chrono>
#include <random>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace ca {
namespace {

#if defined(__x86_64__)

// lfence before rdtsc waits for earlier instructions to finish; the one after keeps the timed code from
// starting before the read. rdtscp waits for the timed code to finish; the lfence after it keeps later
// instructions out. (Intel, "How to Benchmark Code Execution Times on Intel IA-32 and IA-64 Instruction Set
// Architectures", 2010, uses cpuid for the first fence; lfence is enough on current CPUs and cheaper.)
inline uint64_t read_start() {
  _mm_lfence();
  const uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
}
inline uint64_t read_stop() {
  unsigned aux;
  const uint64_t t = __rdtscp(&aux);
  _mm_lfence();
  return t;
}

#elif defined(__aarch64__)

inline uint64_t read_counter() {
  uint64_t v;
  asm volatile("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(v)::"memory");
  return v;
}
inline uint64_t read_start() { return read_counter(); }
inline uint64_t read_stop() { return read_counter(); }

#else

inline uint64_t read_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
}
inline uint64_t read_start() { return read_ns(); }
inline uint64_t read_stop() { return read_ns(); }

#endif

TickCounter probe_tick_counter() {
  TickCounter c;
#if defined(__x86_64__)
  c.name = "tsc (lfence; rdtsc ... rdtscp; lfence)";
  c.unit = "cycles";
  // The TSC's rate against steady_clock over 20 ms (reference cycles, not the core's current clock).
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  const uint64_t c0 = read_start();
  while (Clock::now() - t0 < std::chrono::milliseconds(20)) {
  }
  const uint64_t c1 = read_stop();
  const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
  c.ticks_per_ns = ns > 0 ? static_cast<double>(c1 - c0) / ns : 1.0;
#elif defined(__aarch64__)
  uint64_t hz;
  asm volatile("mrs %0, cntfrq_el0" : "=r"(hz));
  c.name = "cntvct_el0 (isb; mrs)";
  c.unit = "ticks";
  c.ticks_per_ns = hz > 0 ? static_cast<double>(hz) / 1e9 : 1.0;
#else
  c.name = "clock_gettime(CLOCK_MONOTONIC_RAW)";
  c.unit = "ns";
  c.ticks_per_ns = 1.0;
#endif
  return c;
}

double empty_region_ticks() {
  std::vector<uint64_t> d(2001);
  for (auto& x : d) {
    const uint64_t a = read_start();
    const uint64_t b = read_stop();
    x = b - a;
  }
  std::nth_element(d.begin(), d.begin() + 1000, d.end());
  return static_cast<double>(d[1000]);
}

}  // namespace

const TickCounter& tick_counter() {
  static const TickCounter c = probe_tick_counter();
  return c;
}

PerCallMeasurement measure_per_call(const std::vector<PreparedCall>& class0,
                                    const std::vector<PreparedCall>& class1, const PerCallConfig& cfg) {
  PerCallMeasurement m;
  if (class0.empty() || class1.empty()) {
    m.status = CA_FAILED;
    m.error = "a class without inputs";
    return m;
  }
  const TickCounter& counter = tick_counter();
  m.overhead_ticks = empty_region_ticks();
  const std::vector<PreparedCall>* classes[2] = {&class0, &class1};
  size_t cursor[2] = {0, 0};
  std::mt19937_64 rng(cfg.seed);

  // The order of one chunk of calls, drawn before the chunk is timed: a random bit per call.
  constexpr size_t kChunk = 4096;
  std::vector<uint8_t> order(kChunk);
  auto draw_order = [&] {
    for (size_t i = 0; i < kChunk; i += 64) {
      const uint64_t bits = rng();
      for (size_t j = 0; j < 64; ++j) order[i + j] = static_cast<uint8_t>((bits >> j) & 1u);
    }
  };

  // Warm-up: the same interleaved calls, untimed (caches, predictors, lazy initialisation), for
  // warmup_calls or a tenth of the budget, whichever ends first (a 10 ms RSA signature would otherwise
  // warm up for 20 s).
  const uint64_t budget_ticks = static_cast<uint64_t>(cfg.budget_s * 1e9 * counter.ticks_per_ns);
  const uint64_t warmup_began = read_start();
  draw_order();
  for (size_t i = 0; i < cfg.warmup_calls && read_stop() - warmup_began < budget_ticks / 10; ++i) {
    const uint8_t c = order[i % kChunk];
    const PreparedCall& call = (*classes[c])[cursor[c]];
    cursor[c] = cursor[c] + 1 == classes[c]->size() ? 0 : cursor[c] + 1;
    const int st = call.fn(call.context, call.io);
    if (st != call.expected) {
      m.status = st == CA_OK ? CA_FAILED : st;
      m.error = "a class-" + std::to_string(c) + " call returned status " + std::to_string(st) + " where " +
                std::to_string(call.expected) + " was expected";
      return m;
    }
  }

  const uint64_t began = read_start();
  size_t next_check = cfg.first_check;
  const size_t reserve = std::min<size_t>(cfg.max_calls, 1u << 20);
  m.ticks.reserve(reserve);
  m.cls.reserve(reserve);
  for (;;) {
    draw_order();
    const size_t n = std::min(kChunk, cfg.max_calls - m.ticks.size());
    for (size_t i = 0; i < n; ++i) {
      const uint8_t c = order[i];
      const PreparedCall& call = (*classes[c])[cursor[c]];
      cursor[c] = cursor[c] + 1 == classes[c]->size() ? 0 : cursor[c] + 1;
      const uint64_t t0 = read_start();
      const int st = call.fn(call.context, call.io);
      const uint64_t t1 = read_stop();
      if (st != call.expected) {
        m.status = st == CA_OK ? CA_FAILED : st;
        m.error = "a class-" + std::to_string(c) + " call returned status " + std::to_string(st) + " where " +
                  std::to_string(call.expected) + " was expected";
        return m;
      }
      m.ticks.push_back(t1 - t0);
      m.cls.push_back(c);
      // The budget holds inside a chunk too: 4096 RSA decryptions at 5 ms are 20 s, and a 1 s budget
      // used to become 20 s per repetition (read from the stop stamp already taken, no extra clock read).
      if (t1 - began >= budget_ticks) break;
    }
    const uint64_t now = read_stop();
    m.elapsed_s = static_cast<double>(now - began) / counter.ticks_per_ns / 1e9;
    if (m.ticks.size() >= cfg.max_calls || now - began >= budget_ticks) return m;
    if (m.ticks.size() >= next_check) {
      next_check = m.ticks.size() * 2;
      if (cfg.stop && cfg.stop(m)) {
        m.stopped_early = true;
        return m;
      }
    }
  }
}

}  // namespace ca
