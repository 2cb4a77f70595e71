// `cryptauditor leaks`: a dudect-style timing-leak screen of every backend on the same operations.
//
// Each test (tests.cpp) has two input classes that differ only in a secret property; the screen prepares
// both classes' inputs and keyed contexts before timing, times single calls in a random interleaved order
// (core/measure/per_call.hpp), and judges the samples with core/stats/leak.hpp. Each repetition has fresh
// keys and fresh inputs. The screen returns plain results; plugins/leaks_report.cpp formats them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "exec/runner.hpp"
#include "plugin/backend.hpp"
#include "stats/leak.hpp"

namespace ca::leaks {

/// One test of an operation kind (tests.cpp).
struct TestDefinition {
  std::string name;            // "tag-first-vs-last"
  std::string operation;       // "decrypt", "verify", "encrypt", "mac", "sign", "agree"
  std::string class0, class1;  // what the two classes are
  std::string why;             // the attack it screens for
};

/// The tests that apply to an algorithm (none for hashes and KDFs).
std::vector<TestDefinition> tests_for(const AlgorithmInfo& algorithm);

/// One repetition of one test.
struct Repetition {
  stats::LeakStatistics stats;
  stats::Verdict verdict = stats::Verdict::Inconclusive;
  size_t calls = 0;
  double elapsed_s = 0;
  bool stopped_early = false;
  double overhead_ticks = 0;
  /// |t| (max over the tests) at each check point: (calls so far, max |t|).
  std::vector<std::pair<size_t, double>> trace;
  /// Histograms of the two classes over [hist_low, hist_high) (the pooled 0.1 % .. 99 % range), 60 bins.
  double hist_low = 0, hist_high = 0;
  std::vector<uint32_t> hist0, hist1;
};

enum class Outcome { Measured, Unsupported, NotOffered, Failed };

struct Result {
  std::string backend, library, library_version;
  std::string algorithm;
  uint32_t key_bits = 0;
  size_t data_bytes = 0;
  TestDefinition test;
  Outcome outcome = Outcome::Measured;
  std::string reason;  // Unsupported / NotOffered / Failed: why
  std::vector<Repetition> repetitions;
  stats::Verdict verdict = stats::Verdict::Inconclusive;  // combine_repetitions over the repetitions
};

struct Plan {
  std::vector<Job> jobs;
  std::vector<const Backend*> backends;
  std::vector<size_t> data_sizes{64};
  double budget_s = 1.0;  // per test and repetition
  size_t repetitions = 3;
  stats::LeakThresholds thresholds;
  uint64_t seed = 0;  // 0: a random seed per run
};

/// The counter and its figures, for the report.
struct CounterInfo {
  std::string name, unit;
  double ticks_per_ns = 1;
};
CounterInfo counter_info();

/// How many (backend, algorithm, size, test) screen() runs for `plan`: the total of a progress counter.
size_t planned_tests(const Plan& plan);

/// Runs every applicable (backend, algorithm, size, test); `progress` is told before each one.
std::vector<Result> screen(const Plan& plan, const std::function<void(const std::string&)>& progress = {});

}  // namespace ca::leaks
