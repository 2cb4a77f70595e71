#include "plugin/probe.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "cryptauditor/plugin_abi.h"
#include "host/child_call.hpp"
#include "measure/stopwatch.hpp"
#include "util/supervise.hpp"

namespace ca {
namespace {

// The steps, one byte each on the pipe before the child starts it.
const char* step_name(char step) {
  switch (step) {
    case 'L':
      return "while loading it (dlopen runs its constructors)";
    case 'E':
      return "in its entry point (" CA_PLUGIN_ENTRY_SYMBOL ")";
    case 'N':
      return "while its name and library were read";
    case 'V':
      return "in library_version()";
    case 'A':
      return "in acceleration()";
    default:
      return "while starting the probe";
  }
}

[[noreturn]] void probe_child(int fd, const std::string& path) {
  ::setpgid(0, 0);
  ::signal(SIGPIPE, SIG_DFL);
  auto step = [fd](char c) {
    while (::write(fd, &c, 1) < 0 && errno == EINTR) {
    }
  };
  step('L');
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle != nullptr) {
    step('E');
    auto entry = reinterpret_cast<ca_backend_entry_fn>(::dlsym(handle, CA_PLUGIN_ENTRY_SYMBOL));
    const ca_backend* api = entry != nullptr ? entry() : nullptr;
    if (api != nullptr && api->abi_version == CA_PLUGIN_ABI_VERSION &&
        api->struct_size >= offsetof(ca_backend, acceleration) + sizeof(api->acceleration)) {
      step('N');
      volatile size_t sink = 0;
      if (api->name != nullptr) sink = sink + std::strlen(api->name);
      if (api->library != nullptr) sink = sink + std::strlen(api->library);
      step('V');
      if (api->library_version != nullptr)
        if (const char* v = api->library_version(); v != nullptr) sink = sink + std::strlen(v);
      step('A');
      if (api->acceleration != nullptr)
        if (const char* a = api->acceleration(); a != nullptr) sink = sink + std::strlen(a);
    }
  }
  step('D');
  std::fflush(nullptr);
  ::_exit(0);  // not exit(): the libraries' exit handlers are the parent's business
}

}  // namespace

// The crash descriptions, "" for a plugin that loaded (the children's protocol).
static std::vector<std::string> crash_descriptions(const std::vector<std::string>& paths, double timeout_s) {
  struct Probe {
    pid_t pid = -1;
    int fd = -1;
    char last = '?';
    bool ended = false;
    int status = 0;
  };
  std::vector<std::string> results(paths.size());
  std::vector<Probe> probes(paths.size());
  std::fflush(nullptr);  // what stdio holds would otherwise be written twice if a plugin calls exit()
  // All at once: loading a plugin's libraries (relocations) is most of the cost, and children run in
  // parallel on a machine with more than one core.
  for (size_t i = 0; i < paths.size(); ++i) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) continue;  // cannot probe: loaded as before
    const pid_t pid = ::fork();
    if (pid < 0) {
      ::close(fds[0]);
      ::close(fds[1]);
      continue;
    }
    if (pid == 0) {
      ::close(fds[0]);
      probe_child(fds[1], paths[i]);
    }
    ::setpgid(pid, pid);
    supervise_child(pid);
    ::close(fds[1]);
    probes[i].pid = pid;
    probes[i].fd = fds[0];
  }
  auto drain = [](Probe& p, int wait_ms) {
    pollfd w{p.fd, POLLIN, 0};
    while (p.fd >= 0 && ::poll(&w, 1, wait_ms) > 0) {
      char buffer[64];
      const ssize_t got = ::read(p.fd, buffer, sizeof buffer);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
        ::close(p.fd);
        p.fd = -1;
        break;
      }
      p.last = buffer[got - 1];
      wait_ms = 0;
    }
  };
  const Stopwatch since_start;  // core/measure's clock: a watchdog, not a measurement
  for (;;) {
    bool running = false;
    for (Probe& p : probes) {
      if (p.pid < 0 || p.ended) continue;
      drain(p, 0);
      // The child's exit, not the pipe's end, says it is done: a helper it forked may hold the pipe.
      if (::waitpid(p.pid, &p.status, WNOHANG) == p.pid) {
        p.ended = true;
        drain(p, 0);
      } else {
        running = true;
      }
    }
    if (!running || since_start.elapsed_s() > timeout_s) break;
    std::vector<pollfd> waits;
    for (const Probe& p : probes)
      if (p.pid >= 0 && !p.ended && p.fd >= 0) waits.push_back({p.fd, POLLIN, 0});
    ::poll(waits.data(), waits.size(), 10);
  }
  for (size_t i = 0; i < probes.size(); ++i) {
    Probe& p = probes[i];
    if (p.pid < 0) continue;
    // Nothing of a probe outlives it: its whole process group goes.
    ::kill(-p.pid, SIGKILL);
    const bool timed_out = !p.ended;
    if (timed_out) {
      ::kill(p.pid, SIGKILL);
      while (::waitpid(p.pid, &p.status, 0) < 0 && errno == EINTR) {
      }
    }
    if (p.fd >= 0) ::close(p.fd);
    forget_child(p.pid);
    const int status = p.status;
    if (timed_out)
      results[i] = "it did not finish loading within " + std::to_string(static_cast<int>(timeout_s)) + " s";
    else if (p.last == 'D')
      results[i].clear();
    else if (WIFSIGNALED(status))
      results[i] = "killed by " + signal_text(WTERMSIG(status)) + " " + step_name(p.last);
    else if (WIFEXITED(status))
      results[i] = "it ended the process (exit status " + std::to_string(WEXITSTATUS(status)) + ") " +
                   step_name(p.last);
    else
      results[i] = std::string("its probe failed ") + step_name(p.last);
  }
  kill_strays();  // what a probe left outside its group (a setsid() helper): util/supervise.hpp
  return results;
}

std::vector<Result<void>> probe_plugins(const std::vector<std::string>& paths, double timeout_s) {
  std::vector<Result<void>> out;
  for (std::string& crash : crash_descriptions(paths, timeout_s))
    out.push_back(crash.empty() ? Result<void>() : Result<void>(Error{std::move(crash)}));
  return out;
}

Result<void> probe_plugin(const std::string& path, double timeout_s) {
  return probe_plugins({path}, timeout_s).front();
}

}  // namespace ca
