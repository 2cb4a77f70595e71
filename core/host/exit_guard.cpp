#include "host/exit_guard.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <utility>

#include "util/supervise.hpp"

namespace ca {
namespace {

std::mutex g_step_mutex;  // --threads N: plugin code runs on several threads, the step is noted on one
std::string g_step;
std::function<int(const std::string&)>* g_on_exit = nullptr;
pid_t g_owner = 0;

extern "C" void on_process_exit() {
  if (g_on_exit == nullptr || ::getpid() != g_owner) return;  // a normal exit, or a forked job's child
  auto on_exit = std::move(*g_on_exit);
  g_on_exit = nullptr;
  int status = 1;
  try {
    status = on_exit(current_step());
  } catch (...) {
  }
  kill_strays();  // a helper the plugin started must not outlive the run (util/supervise.hpp)
  std::fflush(nullptr);
  // _exit: the other exit handlers (the plugins' libraries' cleanup) ran or will not matter, and a second
  // exit() from them must not run this one again.
  ::_exit(status);
}

}  // namespace

void note_step(std::string_view backend, std::string_view step) {
  const std::lock_guard lock(g_step_mutex);
  g_step = "backend '" + std::string(backend) + "' in " + std::string(step);
}

void clear_step() {
  const std::lock_guard lock(g_step_mutex);
  g_step.clear();
}

std::string current_step() {
  const std::lock_guard lock(g_step_mutex);
  return g_step;
}

ExitGuard::ExitGuard(std::function<int(const std::string& step)> on_exit) {
  // Registered once, when the first guard is made: as late as possible, so that it runs before (exit
  // handlers run in reverse order) the destructors of what the program set up before measuring, which
  // writing the report needs.
  static const bool registered = [] {
    std::atexit(on_process_exit);
    std::at_quick_exit(on_process_exit);
    return true;
  }();
  (void)registered;
  g_owner = ::getpid();
  become_subreaper();
  g_on_exit = new std::function<int(const std::string&)>(std::move(on_exit));
}

ExitGuard::~ExitGuard() {
  delete g_on_exit;
  g_on_exit = nullptr;
  clear_step();
  kill_strays();
}

}  // namespace ca
