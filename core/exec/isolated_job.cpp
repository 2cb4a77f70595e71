#include "exec/isolated_job.hpp"

#include <cmath>
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

}  // namespace ca
