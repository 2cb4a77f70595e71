// What the executor runs: a plan (algorithms x key sizes x data sizes x backends, and how to measure them)
// made of jobs (algorithm x key size). run() (exec/runner.hpp) takes a plan; the parts of a job
// (exec/job_parts.hpp) and its lanes (exec/comparison.hpp) read it, so they include this header, not the
// runner's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "measure/measure.hpp"
#include "plugin/backend.hpp"
#include "record/key_file.hpp"
#include "record/record.hpp"

namespace ca {

struct Job {
  const AlgorithmInfo* algorithm;
  uint32_t key_bits;
  std::vector<size_t> data_sizes{};  // empty: the plan's data_sizes (a study config can give per-entry sizes)
  std::string params{};  // KDF cost parameters, complete (catalog resolve_params); empty for the others
};

struct RunPlan {
  std::vector<Job> jobs;
  std::vector<size_t> data_sizes;
  std::vector<const Backend*> backends;
  MeasureConfig measure;
  /// Largest total bytes of prepared messages per measurement (the pool), whatever the rounds.
  size_t pool_bytes = 32u << 20;
  size_t pool_max_messages = 16;
  /// Operations to time, e.g. {"sign"}; empty: every operation of each algorithm (operations_for).
  std::vector<std::string> operations;
  /// Records to leave out because they exist already (a resumed study). Called with a record whose backend,
  /// algorithm, key_bits, operation and data_bytes are set; true: neither measured nor emitted. A backend
  /// with nothing left for a job is not even self-tested for it.
  std::function<bool(const Record&)> skip;
  /// Run each job (backend x algorithm x key size: its self-test and all its measurements) in a child
  /// process (exec/isolated_job.hpp): a backend that crashes, aborts or hangs costs only that job's records,
  /// which become `failed` with the signal or the timeout and where it happened. Off: in-process, and a
  /// crashing backend ends the program.
  bool isolate = false;
  /// Isolated jobs only: seconds a job may take before its process is killed; 0: no limit.
  double job_timeout_s = 300;
  /// --threads N: after each single-thread measurement, the same operation on N threads at once
  /// (measure_parallel, `thread_rounds` rounds over the measurement budget); 1: single-thread only.
  size_t threads = 1;
  /// --cipher-mode stream: ciphers time "encrypt-stream" (CA_OP_ENCRYPT_STREAM) instead of per-message
  /// encrypt and decrypt.
  bool cipher_stream = false;
  size_t thread_rounds = 10;
  Order order = Order::Interleaved;
  /// --key-file: the user's private key, used by every backend for the jobs whose algorithm takes it
  /// (KeyFile::fits); the other key-pair jobs share a key one backend makes.
  std::optional<KeyFile> key_file;
  /// --processes N (N >= 2, interleaved order only): every backend is measured in N worker processes at
  /// once, started by exec'ing `worker_program` (so each has its own address layout and ASLR, unlike a fork)
  /// and kept for the run, one per process index and backend; the N lanes' samples are joined into one
  /// record per row with each process's count in Record::process_samples (exec/comparison.hpp). 1: as
  /// without the flag.
  size_t processes = 1;
  /// The cryptauditor executable the workers of --processes N >= 2 exec (`cryptauditor __lane SPEC`);
  /// required then.
  std::string worker_program;
};

/// The data sizes and the operations run() uses for a job (after Job::data_sizes and RunPlan::operations).
const std::vector<size_t>& planned_sizes(const RunPlan& plan, const Job& job);
std::vector<std::string> planned_operations(const RunPlan& plan, const AlgorithmInfo& algorithm);

}  // namespace ca
