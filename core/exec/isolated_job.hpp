// Words for how an isolated job's process ended, as its records' errors give them. The isolated jobs
// themselves are the child lanes of exec/comparison.hpp.
#pragma once

#include <string>

namespace ca {

/// "5 s", "0.5 s": a timeout as the failure messages give it.
std::string seconds_text(double s);
/// (signal_text, "signal 11 (SIGSEGV)", is in host/child_call.hpp.)

}  // namespace ca
