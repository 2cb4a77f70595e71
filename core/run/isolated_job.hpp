// Running one job (backend x algorithm x key size) in a child process, so that a backend that crashes,
// aborts or hangs costs only its own records. The child is forked after the plugins are loaded and runs
// the same runner code as an in-process job; it streams every finished record back over a pipe (as the
// JSON object of record_json.hpp) together with what it is about to do ("the self-test", "encrypt 16KB"),
// so the parent can say where a crash happened. The child is the leader of its own process group, so a
// timeout or an interruption kills everything the backend may have started.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "run/record.hpp"

namespace ca {

/// What the job body, running in the child, reports through.
class JobChannel {
 public:
  virtual ~JobChannel() = default;
  /// What the job is about to run; named in the failure when the child dies before the next phase.
  virtual void phase(std::string_view what) = 0;
  /// A finished record.
  virtual void record(const Record& record) = 0;
};

struct IsolatedOutcome {
  /// Empty when the child finished normally; otherwise why it did not, and where:
  /// "killed by signal 11 (SIGSEGV) in encrypt 16KB", "timed out after 5 s in the self-test".
  std::string failure;
  /// Stopped by SIGINT/SIGTERM (interrupt.hpp): the child was killed, its remaining records abandoned.
  bool interrupted = false;
};

/// Runs `body` in a forked child. In the parent, `on_record` is called for each record as it arrives.
/// timeout_s > 0 limits the whole job: the child's process group is killed with SIGKILL when it is spent.
IsolatedOutcome run_isolated(const std::function<void(JobChannel&)>& body, double timeout_s,
                             const std::function<void(Record)>& on_record);

}  // namespace ca
