// --pin CPUS: which CPUs the measuring process runs on, as `taskset -c` takes them. Pinning before the study
// makes the scheduler's choice of core (and a migration in the middle of a measurement) part of the setup
// instead of chance; threads and isolated jobs' child processes inherit it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace ca {

/// Parses a CPU list: numbers and ranges separated by commas ("1", "0-3", "0,2-3"), each CPU below 4096.
/// Sorted and deduplicated. Malformed: an Error saying what is wrong with which part.
Result<std::vector<int>> parse_cpu_list(std::string_view text);

/// The list in the same syntax, ranges merged: {0, 1, 2, 5} -> "0-2,5".
std::string format_cpu_list(const std::vector<int>& cpus);

/// Fails when this process may not run on some CPU of the list: the Error names it, and those it may.
Result<void> check_cpus_available(const std::vector<int>& cpus);

/// Pins this process (the calling thread, and every thread and child process created after) to `cpus`.
/// On failure the Error says why not, naming the CPUs this process may use.
Result<void> pin_to_cpus(const std::vector<int>& cpus);

/// The CPUs this process may run on now; empty when the kernel does not say.
std::vector<int> allowed_cpus();

}  // namespace ca
