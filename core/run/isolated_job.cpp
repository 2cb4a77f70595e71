#include "run/isolated_job.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <nlohmann/json.hpp>
#include <sstream>
#include <system_error>

#include "measure/stopwatch.hpp"
#include "run/interrupt.hpp"
#include "run/record_json.hpp"

namespace ca {
namespace {

// One message per line: 'P' phase, 'R' record (one-line JSON), 'E' an error that ended the job, 'D' done.
class PipeChannel final : public JobChannel {
 public:
  explicit PipeChannel(int fd) : fd_(fd) {}
  void phase(std::string_view what) override { send('P', what); }
  void record(const Record& record) override { send('R', record_to_json(record).dump()); }
  void error(std::string_view what) { send('E', what); }
  void done() { send('D', ""); }

 private:
  void send(char kind, std::string_view text) {
    std::string line;
    line.reserve(text.size() + 3);
    line += kind;
    line += ' ';
    for (char c : text) line += c == '\n' ? ' ' : c;
    line += '\n';
    for (size_t done = 0; done < line.size();) {
      const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) ::_exit(3);  // the parent is gone: nobody is left to report to
      done += static_cast<size_t>(n);
    }
  }
  int fd_;
};

[[noreturn]] void child_main(int fd, const std::function<void(JobChannel&)>& body) {
  ::setpgid(0, 0);
  reset_interrupt_handlers_in_child();
  ::signal(SIGPIPE, SIG_DFL);
  PipeChannel channel(fd);
  try {
    body(channel);
  } catch (const std::exception& e) {
    channel.error(e.what());
    ::_exit(1);
  }
  channel.done();
  // _exit, not exit: the parent's stdio buffers and atexit handlers (the libraries' cleanup) are the
  // parent's business.
  ::_exit(0);
}

std::string seconds_text(double s) {
  std::ostringstream out;
  if (s == std::floor(s))
    out << static_cast<long long>(s);
  else
    out << s;
  return out.str() + " s";
}

std::string signal_text(int sig) {
  const char* abbrev = ::sigabbrev_np(sig);
  return "signal " + std::to_string(sig) + (abbrev != nullptr ? " (SIG" + std::string(abbrev) + ")" : "");
}

void kill_group(pid_t pid) {
  ::kill(-pid, SIGKILL);
  ::kill(pid, SIGKILL);  // in case the child had not yet made its own group
}

int reap(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

}  // namespace

IsolatedOutcome run_isolated(const std::function<void(JobChannel&)>& body, double timeout_s,
                             const std::function<void(Record)>& on_record) {
  // Whatever the parent's stdio holds would otherwise be written twice if a backend calls exit() in the
  // child.
  std::fflush(nullptr);
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw std::system_error(errno, std::generic_category(), "creating the pipe to an isolated job");
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int e = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    throw std::system_error(e, std::generic_category(), "starting an isolated job (fork)");
  }
  if (pid == 0) {
    ::close(fds[0]);
    child_main(fds[1], body);
  }
  ::setpgid(pid, pid);  // also here, so the group exists before any kill(-pid) below
  ::close(fds[1]);
  const int in = fds[0];

  IsolatedOutcome outcome;
  const bool limited = timeout_s > 0;
  const Stopwatch since_start;  // core/measure's clock: the job timeout is a watchdog, not a measurement
  std::string phase = "starting the job", child_error, pending;
  bool eof = false, finished = false;
  auto where = [&] { return " in " + phase; };
  auto stop = [&](std::string failure) {
    kill_group(pid);
    reap(pid);
    ::close(in);
    outcome.failure = std::move(failure);
    return outcome;
  };

  for (;;) {
    if (interrupt_signal() != 0) {
      outcome = stop("");
      outcome.interrupted = true;
      return outcome;
    }
    int wait_ms = -1;
    if (limited) {
      const double left_ms = (timeout_s - since_start.elapsed_s()) * 1e3;
      if (left_ms <= 0) return stop("timed out after " + seconds_text(timeout_s) + where());
      wait_ms = static_cast<int>(std::min(left_ms + 1, double(1 << 30)));
    }
    if (eof) {
      // The pipe is closed; the child is exiting (or closed it and lives on). Poll for its status.
      int status = 0;
      const pid_t r = ::waitpid(pid, &status, WNOHANG);
      if (r == pid) {
        ::close(in);
        ::kill(-pid, SIGKILL);  // anything the backend left behind in the child's group
        if (WIFSIGNALED(status)) {
          outcome.failure = "killed by " + signal_text(WTERMSIG(status)) + where();
        } else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
          outcome.failure = child_error.empty() ? "the job's process exited with status " +
                                                      std::to_string(WEXITSTATUS(status)) + where()
                                                : child_error + where();
        } else if (!finished) {  // e.g. a backend that calls exit(0)
          outcome.failure = "the job's process exited (status 0) before finishing" + where();
        }
        return outcome;
      }
      wait_ms = wait_ms < 0 ? 20 : std::min(wait_ms, 20);
    }
    pollfd waits[2] = {{eof ? -1 : in, POLLIN, 0}, {interrupt_wakeup_fd(), POLLIN, 0}};
    const int n = ::poll(waits, 2, wait_ms);
    if (n < 0 && errno != EINTR)
      return stop(std::string("waiting for the job failed: ") + std::strerror(errno));
    if (n <= 0 || eof || (waits[0].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;

    char buffer[1 << 16];
    const ssize_t got = ::read(in, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      eof = true;
      continue;
    }
    pending.append(buffer, static_cast<size_t>(got));
    size_t start = 0;
    for (size_t end; (end = pending.find('\n', start)) != std::string::npos; start = end + 1) {
      const std::string_view line(pending.data() + start, end - start);
      const std::string_view text = line.size() > 2 ? line.substr(2) : std::string_view();
      if (line.starts_with("P ")) {
        phase = std::string(text);
      } else if (line.starts_with("D")) {
        finished = true;
      } else if (line.starts_with("E ")) {
        child_error = std::string(text);
      } else if (line.starts_with("R ")) {
        std::string error;
        auto j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
        auto record = j.is_discarded() ? std::nullopt : record_from_json(j, error);
        if (!record) return stop("the job's process sent an unreadable record" + where());
        on_record(std::move(*record));
      }
    }
    pending.erase(0, start);
  }
}

}  // namespace ca
