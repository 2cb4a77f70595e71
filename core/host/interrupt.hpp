// SIGINT and SIGTERM as a request to stop a study cleanly, in three steps:
//  1. the first SIGINT or SIGTERM records which signal arrived and wakes whoever polls
//     interrupt_wakeup_fd(): isolated, the job in progress is killed at once; in process, the runner stops
//     after the comparison in progress. The study writes its partial reports and journal and exits
//     128 + the signal;
//  2. a second one also stops an in-process measurement at its next batch boundary (measure/stop.hpp):
//     the comparison in progress is abandoned, everything finished is reported, the status is the same;
//  3. a third ends the program at once (the default action), for a backend stuck inside one call.
// The --stop-after deadline (an ITIMER_REAL timer, SIGALRM) acts as steps 1 and 2 together, recorded as
// SIGTERM: exit status 143, as when `timeout` sends its default SIGTERM; stopped_at_deadline() tells it
// apart for the message.
#pragma once

namespace ca {

class InterruptHandlers {
 public:
  /// Installs the handlers and clears any earlier interruption or stop request. stop_after_s > 0: the
  /// deadline, that many seconds from now.
  explicit InterruptHandlers(double stop_after_s = 0);
  /// Restores the previous handlers and disarms the deadline.
  ~InterruptHandlers();
  InterruptHandlers(const InterruptHandlers&) = delete;
  InterruptHandlers& operator=(const InterruptHandlers&) = delete;
};

/// The signal that interrupted the study (SIGINT, SIGTERM; SIGTERM at the deadline), or 0.
int interrupt_signal();

/// Whether it was the --stop-after deadline that stopped the study.
bool stopped_at_deadline();

/// A descriptor that becomes readable when a signal arrives (for poll()); -1 without handlers installed.
int interrupt_wakeup_fd();

/// For a child process: the default action for SIGINT, SIGTERM and SIGALRM again, no wake-up descriptor,
/// no stop request.
void reset_interrupt_handlers_in_child();

}  // namespace ca
