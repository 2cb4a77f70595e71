// Loading a plugin runs its code: the constructors of the shared object and of every library it pulls in,
// then its entry point and the version and acceleration queries. A plugin that crashes there would take
// the whole program with it, isolated jobs or not (those start after loading). So each plugin is first
// loaded in a forked child that does all of that and reports how far it got; only a plugin whose probe
// finished is loaded in the program itself.
#pragma once

#include <string>
#include <vector>

#include "util/result.hpp"

namespace ca {

/// Loads `path` in a child process (dlopen, the entry point, name, library, library_version(),
/// acceleration()). Passes when the child got through all of it (or dlopen or the entry point failed
/// cleanly: the loader says why in the parent); otherwise the Error says why not, with the step:
/// "killed by signal 11 (SIGSEGV) while loading it (dlopen runs its constructors)",
/// "killed by signal 11 (SIGSEGV) in library_version()", "it ended the process (exit status 0) in ...",
/// "it did not finish loading within 30 s".
Result<void> probe_plugin(const std::string& path, double timeout_s = 30);

/// probe_plugin for several plugins at once, each in its own child, all running together; one answer per
/// path, in order.
std::vector<Result<void>> probe_plugins(const std::vector<std::string>& paths, double timeout_s = 30);

}  // namespace ca
