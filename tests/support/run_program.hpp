// Runs a program the way a user does, for tests of the command line: standard output captured, standard
// error to a private temporary file (ctest runs tests in parallel processes), exit status decoded.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

namespace ca::test {

struct ProgramResult {
  int status;  // exit status, or -1 when the program did not exit normally
  std::string out, err;
};

/// Runs a shell command line (without redirections of its own).
inline ProgramResult run_program(const std::string& command) {
  std::string err_file = testing::TempDir() + "cryptauditor_test_stderr_XXXXXX";
  ::close(::mkstemp(err_file.data()));
  ProgramResult r{};
  FILE* p = ::popen((command + " 2>" + err_file).c_str(), "r");
  std::array<char, 4096> buf{};
  for (size_t n; p != nullptr && (n = std::fread(buf.data(), 1, buf.size(), p)) > 0;)
    r.out.append(buf.data(), n);
  const int raw = p != nullptr ? ::pclose(p) : -1;
  r.status = raw != -1 && WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::ifstream e(err_file);
  r.err.assign(std::istreambuf_iterator<char>(e), {});
  std::remove(err_file.c_str());
  return r;
}

/// The program under test: $CRYPTAUDITOR_TEST_BINARY when set (to see a test fail on another build, e.g.
/// one without the fix the test is about), else the one built with the tests (CRYPTAUDITOR_BINARY).
inline std::string binary() {
  const char* other = std::getenv("CRYPTAUDITOR_TEST_BINARY");
  return other != nullptr && *other != '\0' ? other : CRYPTAUDITOR_BINARY;
}

/// Runs the program under test with arguments.
inline ProgramResult run_cryptauditor(const std::string& args) { return run_program(binary() + " " + args); }

}  // namespace ca::test
