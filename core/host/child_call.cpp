#include "host/child_call.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>

#include "measure/stopwatch.hpp"
#include "util/supervise.hpp"

namespace ca {
namespace {

constexpr char kEnd = '\x04';  // after the answer: the body returned (an exit(0) inside it sends no end)

bool write_all(int fd, const std::string& text) {
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

std::string signal_text(int sig) {
  const char* abbrev = ::sigabbrev_np(sig);
  return "signal " + std::to_string(sig) + (abbrev != nullptr ? " (SIG" + std::string(abbrev) + ")" : "");
}

ChildOutcome call_in_child(const std::function<std::string()>& body, double timeout_s) {
  ChildOutcome outcome;
  std::fflush(nullptr);
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    outcome.failure = std::string("cannot create a pipe: ") + std::strerror(errno);
    return outcome;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    outcome.failure = std::string("cannot fork: ") + std::strerror(errno);
    ::close(fds[0]);
    ::close(fds[1]);
    return outcome;
  }
  if (pid == 0) {
    ::close(fds[0]);
    ::setpgid(0, 0);
    become_subreaper();  // orphans of the body stay below it while it runs (util/supervise.hpp)
    ::signal(SIGPIPE, SIG_DFL);
    int status = 0;
    try {
      const std::string answer = body() + kEnd;
      if (!write_all(fds[1], answer)) status = 3;
    } catch (const std::exception& e) {
      write_all(STDERR_FILENO, std::string("cryptauditor: ") + e.what() + "\n");
      status = 1;
    }
    ::_exit(status);
  }
  ::setpgid(pid, pid);  // also here, so the group exists before the kill(-pid) below
  supervise_child(pid);
  const int exit_fd = open_exit_fd(pid);
  ::close(fds[1]);
  std::string received;
  bool timed_out = false, gone = false;
  const Stopwatch since_start;  // core/measure's clock: a watchdog, not a measurement
  for (;;) {
    int wait_ms = -1;
    if (timeout_s > 0) {
      const double left_ms = (timeout_s - since_start.elapsed_s()) * 1e3;
      if (left_ms <= 0) {
        timed_out = true;
        break;
      }
      wait_ms = static_cast<int>(std::min(left_ms + 1, double(1 << 30)));
    }
    // The child's exit ends the wait, not only the pipe's end: a helper the plugin started may hold the
    // pipe open (util/supervise.hpp). Once the child is gone, what it wrote is read without waiting.
    if (gone)
      wait_ms = 0;
    else if (exit_fd < 0 && (wait_ms < 0 || wait_ms > 50))
      wait_ms = 50;
    pollfd p[2] = {{fds[0], POLLIN, 0}, {exit_fd, POLLIN, 0}};
    const int n = ::poll(p, 2, wait_ms);
    if (n > 0 && (p[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
      char buffer[1 << 16];
      const ssize_t got = ::read(fds[0], buffer, sizeof buffer);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) break;
      received.append(buffer, static_cast<size_t>(got));
      continue;
    }
    if (gone) break;
    if (n < 0) continue;  // EINTR
    gone = exit_fd >= 0 ? (p[1].revents & POLLIN) != 0 : child_has_exited(pid);
  }
  ::close(fds[0]);
  if (exit_fd >= 0) ::close(exit_fd);
  if (timed_out) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  forget_child(pid);
  ::kill(-pid, SIGKILL);  // what the body left in its process group
  kill_strays();          // and what it left outside it
  if (timed_out) {
    outcome.failure = "timed out after " + std::to_string(static_cast<long long>(timeout_s)) + " s";
  } else if (WIFSIGNALED(status)) {
    outcome.failure = "killed by " + signal_text(WTERMSIG(status));
  } else if (!received.empty() && received.back() == kEnd && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    received.pop_back();
    outcome.finished = true;
    outcome.answer = std::move(received);
  } else {
    outcome.failure = "its process exited with status " +
                      std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + " before finishing";
  }
  return outcome;
}

}  // namespace ca
