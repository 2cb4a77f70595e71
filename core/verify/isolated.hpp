// `cryptauditor verify` with every backend's share in a child process (host/child_call.hpp), as `run`
// isolates each job: a backend that crashes, exits or hangs on a vector file, or in an interop pair, is
// recorded as that backend's (or pair's) failure naming the signal, and every other result stays.
#pragma once

#include <string>
#include <vector>

#include "verify/interop.hpp"
#include "verify/vector_runner.hpp"

namespace ca::verify {

/// run_vector_files, with each (file, backend) in a child. A child that does not finish gives that backend
/// one failed test for the file whose detail says what happened ("killed by signal 11 (SIGSEGV) while
/// running chacha20_poly1305_test.json: its remaining tests did not run").
VectorRun run_vector_files_isolated(const std::vector<std::string>& paths,
                                    const std::vector<const Backend*>& backends, double timeout_s = 600);

/// run_interop, with each (algorithm, key size) in a child; when that child does not finish, each ordered
/// pair again in a child of its own, and a pair whose child does not finish is a failed check saying what
/// happened.
InteropRun run_interop_isolated(const std::vector<const Backend*>& backends, double timeout_s = 600);

}  // namespace ca::verify
