// An in-process study must not end silently. A plugin may call exit() (or quick_exit()) in the middle of a
// measurement; without a guard the process would end with that status, usually 0, and the report would
// never be written. While an ExitGuard lives, such an exit runs the guard's handler instead, which writes
// the partial report and says which plugin did it and where, and the process ends with the status the
// handler returns. cryptauditor's own code never calls exit() while a guard lives.
//
// The guard also bounds what plugins leave behind: from its start this process is a child subreaper, and
// when the guard ends (the run is over, or a plugin called exit()) every child this process did not start
// on purpose — a helper an in-process plugin forked, or one orphaned by an isolated job — is killed
// (util/supervise.hpp: kill_strays).
//
// The runner names each in-process step (note_step) as the isolated job's child names it for its parent,
// so that messages about a fault in process can say where it happened too.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace ca {

/// What in-process plugin code is about to run: the backend and the step ("encrypt 16KB").
void note_step(std::string_view backend, std::string_view step);
/// Forgets the step (the runner is back in cryptauditor's own code).
void clear_step();
/// "backend 'NAME' in STEP", or empty when no step is noted.
std::string current_step();

class ExitGuard {
 public:
  /// `on_exit(step)` runs when exit() or quick_exit() is called in this process (not in a forked child)
  /// while the guard lives; `step` is current_step(). The process then ends with _exit(its return value).
  explicit ExitGuard(std::function<int(const std::string& step)> on_exit);
  ~ExitGuard();
  ExitGuard(const ExitGuard&) = delete;
  ExitGuard& operator=(const ExitGuard&) = delete;
};

}  // namespace ca
