// Whether this test binary is built with AddressSanitizer (tests/run_all.sh asan). Under it, with
// abort_on_error=1, ASan's SEGV handler (inherited by forked children and exec'd workers of the same build)
// reports a crash and aborts: a crash a test expects as SIGSEGV ends by SIGABRT instead.
#pragma once

#include <csignal>
#include <string>

#if defined(__SANITIZE_ADDRESS__)
#define CA_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CA_UNDER_ASAN 1
#endif
#endif

namespace ca::test {

/// The signal a crash (a write through a null pointer) ends by in this build, and its name as the program
/// writes it ("SIGSEGV", "SIGABRT").
#ifdef CA_UNDER_ASAN
inline constexpr int kCrashSignal = SIGABRT;
inline const std::string kCrashSignalName = "SIGABRT";
#else
inline constexpr int kCrashSignal = SIGSEGV;
inline const std::string kCrashSignalName = "SIGSEGV";
#endif

}  // namespace ca::test
