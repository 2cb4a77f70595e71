#include "run/isolated_job.hpp"

#include <cmath>
#include <cstring>
#include <sstream>

namespace ca {

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

}  // namespace ca
