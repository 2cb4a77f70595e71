// What the runner hands to rankings and reports: plain records, no formatting.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "measure/measure.hpp"
#include "stats/stats.hpp"

namespace ca {

/// Disputed: the backend's output at a measured size differed from another's and no majority of the
/// backends agreed on either (exec/agreement.hpp); neither figure is ranked.
enum class Status { Ok, Unsupported, Failed, Disputed };
std::string_view status_name(Status s);

/// One (backend, algorithm, key size, operation, data size) measurement, or why there is none.
struct Record {
  std::string backend;
  std::string algorithm;  // canonical name
  uint32_t key_bits = 0;
  std::string operation;  // encrypt, decrypt, hash, sign, verify, mac, derive, agree, keygen
  size_t data_bytes = 0;  // message (KDF: password) bytes; 0 for agree and keygen
  std::string params;     // KDF cost parameters, complete ("iterations=10000"); empty for the others
  Status status = Status::Ok;
  std::string error;              // reason for unsupported / failed
  bool exact_rounds = false;      // -r N given (else adaptive)
  uint64_t rounds_requested = 0;  // N of -r N
  Measurement measurement;        // raw samples
  stats::Summary summary;         // over measurement.sample_ns
  double cycles_per_op = 0;       // 0 when no cycle source (see cycles_source)
  std::string cycles_source;  // "perf" (core cycles, mean), "tsc" (reference cycles at the median), "none"
  /// Interleaved order: an id shared by the records sampled in the same rounds (one comparison of one run);
  /// their samples are paired by measurement.sample_round. Empty: measured on its own (--order sequential).
  std::string comparison;
  /// How the output at this size was checked before timing (exec/agreement.hpp): "agreed with N other
  /// libraries", or, for a backend alone on its row, "alone: known answers and round trip only"; empty when
  /// not checked (stream form, agree, keygen) or not measured.
  std::string agreement;
  /// Whose key the job used: "shared, random", "shared, made by <backend>", "shared, from <file>", or "own"
  /// (the backend's own key: it could not load the shared one); empty for unkeyed algorithms.
  std::string key;
  /// --processes N (N >= 2): the samples each worker process took, in order (they add up to the samples);
  /// summary.median and ci are then over the processes' medians (summary.process_medians). Empty: one
  /// process.
  std::vector<size_t> process_samples;
  /// --processes N: process p's sample_round values lie in [p * kRoundsPerProcess, (p + 1) * ...), so pairs
  /// stay within one process (Measurement's, which the stopping rule tags rounds with too).
  static constexpr uint32_t kRoundsPerProcess = Measurement::kRoundsPerProcess;

  // --threads N (N > 1): the same operation on N threads at once, measured after the single-thread one.
  ParallelMeasurement parallel;     // parallel.threads == 0: not measured
  stats::Summary parallel_summary;  // over parallel.sample_ns: ns per operation for the whole machine
  // The same rounds on one thread, just before: the baseline of the scaling efficiency, measured the same
  // way (wall time per round, so preemption counts alike), unlike the single-thread median above.
  ParallelMeasurement parallel_one;
  stats::Summary parallel_one_summary;

  bool ok() const { return status == Status::Ok; }
  bool has_parallel() const { return ok() && parallel.threads > 1 && parallel_summary.median > 0; }
  /// Operations per second of all threads together, at the median round; 0 when not measured.
  double parallel_ops_per_s() const { return has_parallel() ? 1e9 / parallel_summary.median : 0; }
  /// MiB/s of payload of all threads together; 0 when not measured or not a data operation.
  double parallel_throughput_mib_s() const;
  /// Aggregate rate on N threads / (N x the rate of the same rounds on one thread): 1 is perfect scaling;
  /// 0 when not measured.
  double scaling_efficiency() const;
  /// MiB/s of payload at the median time; 0 when not a data operation or not measured.
  double throughput_mib_s() const;
  double ops_per_s() const;
  double cycles_per_byte() const { return data_bytes && cycles_per_op > 0 ? cycles_per_op / data_bytes : 0; }
};

/// r.summary from r.measurement: over the processes' values when r.process_samples has two or more (each
/// the median of its repetitions' medians with --repetitions, stats::summarize_processes), else over the
/// repetitions' medians (stats::summarize_repetitions), else over the samples.
void summarize_record(Record& r);

/// Operations an algorithm family is timed with by default, in display order.
std::vector<std::string> operations_for(int family);

/// Every operation a family can be timed with: the defaults, then those only an operations filter selects
/// ("keygen" of signatures and key agreement: an RSA-4096 key pair takes seconds).
std::vector<std::string> all_operations_for(int family);

/// Operations whose figure is also payload per second (MiB/s, Mb/s): encrypt, decrypt, encrypt-stream, hash,
/// mac (the 2004 table gives HMAC-SHA1 in Mb/s too).
bool is_data_operation(std::string_view operation);

/// Whether an operation's cost does not depend on the data size ("agree", "keygen"): it is measured once per
/// job, recorded with data_bytes 0.
bool size_independent(std::string_view operation);

}  // namespace ca
