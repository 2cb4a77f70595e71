// The usage error: a bad value on the command line or in a study config. Printed as one line naming the
// value, where it came from and what is allowed; the program then exits with status 2 (app/cli/cli.cpp).
// It lives in core so that the settings table (settings/run_settings.hpp) can judge values wherever they
// are read.
#pragma once

#include <stdexcept>

namespace ca {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace ca
