#include "host/interrupt.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <csignal>

#include "measure/stop.hpp"

namespace ca {
namespace {

volatile std::sig_atomic_t g_signal = 0;
volatile std::sig_atomic_t g_count = 0;  // SIGINT and SIGTERM received
volatile std::sig_atomic_t g_deadline = 0;
// The self-pipe: a handler may only call async-signal-safe functions, and write() is one. Without it a
// signal arriving just before poll() would not wake poll() until the job's timeout.
int g_wakeup[2] = {-1, -1};
struct sigaction g_previous_int, g_previous_term, g_previous_alarm;
bool g_timer_armed = false, g_alarm_handled = false;

void wake() {
  if (g_wakeup[1] >= 0) {
    const int saved = errno;
    [[maybe_unused]] ssize_t n = ::write(g_wakeup[1], "x", 1);
    errno = saved;
  }
}

// Only async-signal-safe calls: stores to sig_atomic_t and lock-free atomics, sigaction, write.
extern "C" void on_interrupt(int sig) {
  if (sig == SIGALRM) {  // the --stop-after deadline
    if (g_signal == 0) {
      g_signal = SIGTERM;
      g_deadline = 1;
    }
    request_measurement_stop();
    wake();
    return;
  }
  if (g_signal == 0) g_signal = sig;
  if (g_count < 2) g_count = g_count + 1;
  if (g_count >= 2) {
    request_measurement_stop();
    // The next one takes the default action: the program ends at once.
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    ::sigaction(SIGINT, &fallback, nullptr);
    ::sigaction(SIGTERM, &fallback, nullptr);
  }
  wake();
}

void close_wakeup() {
  for (int& fd : g_wakeup) {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
}

void disarm_timer() {
  if (!g_timer_armed) return;
  const itimerval off{};
  ::setitimer(ITIMER_REAL, &off, nullptr);
  g_timer_armed = false;
}

}  // namespace

InterruptHandlers::InterruptHandlers(double stop_after_s) {
  g_signal = 0;
  g_count = 0;
  g_deadline = 0;
  clear_measurement_stop();
  if (::pipe2(g_wakeup, O_CLOEXEC | O_NONBLOCK) != 0) g_wakeup[0] = g_wakeup[1] = -1;
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, SIGINT);  // one handler at a time: the count stays exact
  sigaddset(&action.sa_mask, SIGTERM);
  sigaddset(&action.sa_mask, SIGALRM);
  action.sa_flags = 0;  // no SA_RESTART: a blocking poll() or read() returns EINTR at once
  ::sigaction(SIGINT, &action, &g_previous_int);
  ::sigaction(SIGTERM, &action, &g_previous_term);
  if (stop_after_s > 0) {
    // SIGALRM is taken only with a deadline: without one, a plugin's own alarm() keeps its meaning.
    ::sigaction(SIGALRM, &action, &g_previous_alarm);
    g_alarm_handled = true;
    // Real (wall-clock) time. Interval timers are not inherited by fork(), so no job's child gets it.
    itimerval when{};
    const double whole = std::floor(stop_after_s);
    when.it_value.tv_sec = static_cast<time_t>(whole);
    when.it_value.tv_usec = static_cast<suseconds_t>((stop_after_s - whole) * 1e6);
    if (when.it_value.tv_sec == 0 && when.it_value.tv_usec == 0) when.it_value.tv_usec = 1;
    g_timer_armed = ::setitimer(ITIMER_REAL, &when, nullptr) == 0;
  }
}

InterruptHandlers::~InterruptHandlers() {
  disarm_timer();
  ::sigaction(SIGINT, &g_previous_int, nullptr);
  ::sigaction(SIGTERM, &g_previous_term, nullptr);
  if (g_alarm_handled) ::sigaction(SIGALRM, &g_previous_alarm, nullptr);
  g_alarm_handled = false;
  close_wakeup();
}

int interrupt_signal() { return g_signal; }

bool stopped_at_deadline() { return g_deadline != 0; }

int interrupt_wakeup_fd() { return g_wakeup[0]; }

void reset_interrupt_handlers_in_child() {
  ::signal(SIGINT, SIG_DFL);
  ::signal(SIGTERM, SIG_DFL);
  if (g_alarm_handled) ::signal(SIGALRM, SIG_DFL);
  g_alarm_handled = false;
  g_signal = 0;
  g_count = 0;
  g_deadline = 0;
  g_timer_armed = false;
  clear_measurement_stop();
  close_wakeup();
}

}  // namespace ca
