// Calling code that may crash (a plugin's) in a forked child and getting its answer back as text: a crash,
// an exit() or a hang costs that call only. `cryptauditor verify` runs each backend's share of the work
// this way; the benchmark's isolated jobs have their own streaming protocol (exec/isolated_job.hpp).
#pragma once

#include <functional>
#include <string>

namespace ca {

struct ChildOutcome {
  bool finished = false;  // the body returned and its whole answer arrived
  std::string answer;     // what the body returned (when finished)
  std::string failure;    // otherwise: "killed by signal 11 (SIGSEGV)", "exited with status 0 before
                          // finishing", "timed out after 300 s"
};

/// Runs `body` in a forked child (stdio flushed first; the child ends with _exit, so the parent's exit
/// handlers never run in it) and returns its answer. timeout_s > 0: the child is killed after that long.
ChildOutcome call_in_child(const std::function<std::string()>& body, double timeout_s);

/// "signal 11 (SIGSEGV)".
std::string signal_text(int sig);

}  // namespace ca
