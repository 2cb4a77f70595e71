#include "run/interrupt.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>

namespace ca {
namespace {

volatile std::sig_atomic_t g_signal = 0;
// The self-pipe: a handler may only call async-signal-safe functions, and write() is one. Without it a
// signal arriving just before poll() would not wake poll() until the job's timeout.
int g_wakeup[2] = {-1, -1};
struct sigaction g_previous_int, g_previous_term;

extern "C" void on_interrupt(int sig) {
  if (g_signal == 0) g_signal = sig;
  if (g_wakeup[1] >= 0) {
    const int saved = errno;
    [[maybe_unused]] ssize_t n = ::write(g_wakeup[1], "x", 1);
    errno = saved;
  }
}

void close_wakeup() {
  for (int& fd : g_wakeup) {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
}

}  // namespace

InterruptHandlers::InterruptHandlers() {
  g_signal = 0;
  if (::pipe2(g_wakeup, O_CLOEXEC | O_NONBLOCK) != 0) g_wakeup[0] = g_wakeup[1] = -1;
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;  // no SA_RESTART: a blocking poll() or read() returns EINTR at once
  ::sigaction(SIGINT, &action, &g_previous_int);
  ::sigaction(SIGTERM, &action, &g_previous_term);
}

InterruptHandlers::~InterruptHandlers() {
  ::sigaction(SIGINT, &g_previous_int, nullptr);
  ::sigaction(SIGTERM, &g_previous_term, nullptr);
  close_wakeup();
}

int interrupt_signal() { return g_signal; }

int interrupt_wakeup_fd() { return g_wakeup[0]; }

void reset_interrupt_handlers_in_child() {
  ::signal(SIGINT, SIG_DFL);
  ::signal(SIGTERM, SIG_DFL);
  g_signal = 0;
  close_wakeup();
}

}  // namespace ca
