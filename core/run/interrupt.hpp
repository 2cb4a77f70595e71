// SIGINT and SIGTERM as a request to stop a study cleanly. While an InterruptHandlers object lives, the
// first SIGINT or SIGTERM only records which signal arrived and wakes whoever polls interrupt_wakeup_fd();
// the runner stops between measurements (or kills the isolated job in progress), the study writes its
// partial reports and journal and exits 128 + the signal. The handlers are one-shot (SA_RESETHAND): a
// second Ctrl-C ends the program at once, for a backend stuck in-process (--no-isolate).
#pragma once

namespace ca {

class InterruptHandlers {
 public:
  /// Installs the handlers and clears any earlier interruption.
  InterruptHandlers();
  /// Restores the previous handlers.
  ~InterruptHandlers();
  InterruptHandlers(const InterruptHandlers&) = delete;
  InterruptHandlers& operator=(const InterruptHandlers&) = delete;
};

/// The signal that interrupted the study (SIGINT, SIGTERM), or 0.
int interrupt_signal();

/// A descriptor that becomes readable when a signal arrives (for poll()); -1 without handlers installed.
int interrupt_wakeup_fd();

/// For a child process: the default action for SIGINT and SIGTERM again, and no wake-up descriptor.
void reset_interrupt_handlers_in_child();

}  // namespace ca
