#include <fcntl.h>
#include <unistd.h>

#include <ext/stdio_filebuf.h>
#include <iostream>
#include <memory>
#include <string_view>

#include "cli/cli.hpp"
#include "exec/comparison.hpp"
#include "leaks/taint.hpp"

// Plugins are foreign code: one that prints to standard output would corrupt a report written there
// (`--format json` piped into jq). So, for the whole run, descriptor 1 is the standard error, which every
// plugin call (in this process or in an isolated job's child, which inherits it) writes into, and the
// report and every other output of cryptauditor go to a private copy of the original standard output.
int main(int argc, char** argv) {
  // A worker of --processes N (exec/comparison.hpp): serves one lane on descriptors 3 and 4.
  if (argc == 3 && std::string_view(argv[1]) == "__lane") return ca::serve_exec_lane(argv[2]);
  // A worker of `leaks --method taint` (leaks/taint.hpp), run under valgrind.
  if (argc >= 2 && std::string_view(argv[1]) == "__taint") return ca::leaks::serve_taint(argc, argv);
  const int report_fd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (report_fd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    if (report_fd >= 0) ::close(report_fd);
    return ca::run_command_line(argc, argv, std::cout, std::cerr);  // no stdout or stderr: as it is
  }
  __gnu_cxx::stdio_filebuf<char> report_buffer(report_fd, std::ios::out);
  std::ostream report(&report_buffer);
  const int status = ca::run_command_line(argc, argv, report, std::cerr);
  report.flush();
  return status;
}
