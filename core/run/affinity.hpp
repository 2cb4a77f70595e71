// --pin CPUS: which CPUs the measuring process runs on, as `taskset -c` takes them. Pinning before the study
// makes the scheduler's choice of core (and a migration in the middle of a measurement) part of the setup
// instead of chance; threads and isolated jobs' child processes inherit it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ca {

/// Parses a CPU list: numbers and ranges separated by commas ("1", "0-3", "0,2-3"), each CPU below 4096.
/// Sorted and deduplicated. nullopt and `error` (what is wrong with which part) when malformed.
std::optional<std::vector<int>> parse_cpu_list(std::string_view text, std::string& error);

/// The list in the same syntax, ranges merged: {0, 1, 2, 5} -> "0-2,5".
std::string format_cpu_list(const std::vector<int>& cpus);

/// "" when this process may run on every CPU of the list; otherwise which one it may not, and those it may.
std::string unavailable_cpu(const std::vector<int>& cpus);

/// Pins this process (the calling thread, and every thread and child process created after) to `cpus`.
/// Empty on success; otherwise why not, naming the CPUs this process may use.
std::string pin_to_cpus(const std::vector<int>& cpus);

/// The CPUs this process may run on now; empty when the kernel does not say.
std::vector<int> allowed_cpus();

}  // namespace ca
