#include "util/supervise.hpp"

#include <dirent.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

namespace ca {
namespace {

std::mutex g_lock;
std::vector<pid_t> g_supervised;  // children started on purpose, not yet reaped

// The children of this process from /proc/self/task/<tid>/children (a child, re-parented ones included,
// belongs to one of this process's threads): false when the kernel lacks it (CONFIG_PROC_CHILDREN).
bool children_from_task_lists(std::vector<pid_t>& children) {
  DIR* tasks = ::opendir("/proc/self/task");
  if (tasks == nullptr) return false;
  bool found = false;
  while (const dirent* e = ::readdir(tasks)) {
    if (e->d_name[0] == '.') continue;
    const std::string path = std::string("/proc/self/task/") + e->d_name + "/children";
    FILE* f = std::fopen(path.c_str(), "re");
    if (f == nullptr) continue;
    found = true;
    for (long pid; std::fscanf(f, "%ld", &pid) == 1;) children.push_back(static_cast<pid_t>(pid));
    std::fclose(f);
  }
  ::closedir(tasks);
  return found;
}

// The children of this process: from the task lists, or else from every /proc/<pid>/stat (its fourth
// field is the parent's pid).
std::vector<pid_t> children_of_this_process() {
  std::vector<pid_t> children;
  if (children_from_task_lists(children)) return children;
  const pid_t self = ::getpid();
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return children;
  while (const dirent* e = ::readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(e->d_name, &end, 10);
    if (end == e->d_name || *end != '\0' || pid <= 0) continue;
    char path[64], text[512];
    std::snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE* f = std::fopen(path, "re");
    if (f == nullptr) continue;
    const size_t n = std::fread(text, 1, sizeof text - 1, f);
    std::fclose(f);
    text[n] = '\0';
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so parse after the last ')'.
    const char* close = std::strrchr(text, ')');
    char state = 0;
    long ppid = 0;
    if (close != nullptr && std::sscanf(close + 1, " %c %ld", &state, &ppid) == 2 && ppid == self)
      children.push_back(static_cast<pid_t>(pid));
  }
  ::closedir(proc);
  return children;
}

}  // namespace

void become_subreaper() { ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

void supervise_child(pid_t pid) {
  static std::once_flag once;
  std::call_once(once, become_subreaper);
  const std::lock_guard<std::mutex> hold(g_lock);
  g_supervised.push_back(pid);
}

void forget_child(pid_t pid) {
  const std::lock_guard<std::mutex> hold(g_lock);
  std::erase(g_supervised, pid);
}

int kill_strays() {
  int killed = 0;
  for (int pass = 0; pass < 64; ++pass) {  // bounded: a fork bomb must not keep us here forever
    std::vector<pid_t> strays = children_of_this_process();
    {
      const std::lock_guard<std::mutex> hold(g_lock);
      std::erase_if(strays, [](pid_t p) {
        return std::find(g_supervised.begin(), g_supervised.end(), p) != g_supervised.end();
      });
    }
    if (strays.empty()) break;
    // A child's pid cannot be reused before it is reaped, so these kills reach no other process.
    for (pid_t p : strays) ::kill(p, SIGKILL);
    for (pid_t p : strays) {
      int status = 0;
      while (::waitpid(p, &status, 0) < 0 && errno == EINTR) {
      }
    }
    killed += static_cast<int>(strays.size());
  }
  return killed;
}

int open_exit_fd(pid_t pid) {
#ifdef SYS_pidfd_open
  const long fd = ::syscall(SYS_pidfd_open, pid, 0);
  return fd >= 0 ? static_cast<int>(fd) : -1;
#else
  (void)pid;
  return -1;
#endif
}

bool child_has_exited(pid_t pid) {
  siginfo_t info{};
  // WNOWAIT: look without reaping; the caller's waitpid reaps it and reads its status.
  if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0)
    return errno == ECHILD;
  return info.si_pid == pid;
}

}  // namespace ca
