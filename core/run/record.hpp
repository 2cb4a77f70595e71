// What the runner hands to rankings and reports: plain records, no formatting.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "measure/measure.hpp"
#include "stats/stats.hpp"

namespace ca {

enum class Status { Ok, Unsupported, Failed };
std::string_view status_name(Status s);

/// One (backend, algorithm, key size, operation, data size) measurement, or why there is none.
struct Record {
  std::string backend;
  std::string algorithm;  // canonical name
  uint32_t key_bits = 0;
  std::string operation;  // encrypt, decrypt, hash, sign, verify
  size_t data_bytes = 0;
  Status status = Status::Ok;
  std::string error;              // reason for unsupported / failed
  bool exact_rounds = false;      // -r N given (else adaptive)
  uint64_t rounds_requested = 0;  // N of -r N
  Measurement measurement;        // raw samples
  stats::Summary summary;         // over measurement.sample_ns
  double cycles_per_op = 0;       // 0 when no cycle source (see cycles_source)
  std::string cycles_source;  // "perf" (core cycles, mean), "tsc" (reference cycles at the median), "none"

  bool ok() const { return status == Status::Ok; }
  /// MiB/s of payload at the median time; 0 when not a data operation or not measured.
  double throughput_mib_s() const;
  double ops_per_s() const;
  double cycles_per_byte() const { return data_bytes && cycles_per_op > 0 ? cycles_per_op / data_bytes : 0; }
};

/// Operations an algorithm family is timed with, in display order.
std::vector<std::string> operations_for(int family);

}  // namespace ca
