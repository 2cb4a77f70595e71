// Wall-clock time for progress estimates. It lives here because core/measure/ is the only code that reads
// a clock; it is never used for a measurement.
#pragma once

#include <chrono>

namespace ca {

class Stopwatch {
 public:
  Stopwatch();
  /// Seconds since construction.
  double elapsed_s() const;

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace ca
