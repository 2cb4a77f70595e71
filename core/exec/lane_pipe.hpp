// Internal to core/exec: the pieces of a lane in another process that the executor's files share. A child
// lane (child_lane.cpp) is a forked process that serves a LocalLane over a pipe (`serve`, lane_server.cpp,
// which describes the protocol), or execs `cryptauditor __lane SPEC` (worker.cpp), which loads one plugin and
// serves the same lane on descriptors kLaneIn and kLaneOut.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "exec/comparison.hpp"

namespace ca {

// The requests and replies of an exec'd lane travel on descriptors 3 and 4; the program's PoolFile, when it
// has one, is descriptor 5 (issue #26).
constexpr int kLaneIn = 3, kLaneOut = 4, kLanePool = 5;

/// `text` with its line breaks made spaces: one line of the protocol.
std::string one_line(std::string_view text);

/// Serves `backend`'s lane of `job` over the pipe (requests on `in`, replies on `out`) until told to stop;
/// ends the process.
[[noreturn]] void serve(int in, int out, const RunPlan& plan, const Job& job, const Backend& backend);

/// --processes N: the argument of `cryptauditor __lane SPEC`, all a fresh worker needs to serve the lane
/// (worker.cpp reads it back).
std::string lane_spec(const RunPlan& plan, const Job& job, const Backend& backend);

/// A lane in a child process. exec_program non-empty: the child execs it as `PROGRAM __lane SPEC` instead of
/// serving from the fork. cpu >= 0: the child runs on that CPU alone (lane_cpu in job_pipeline.cpp).
/// pool_file >= 0: the job's PoolFile (exec/placement.hpp), in which a comparison given a SharedPool slot
/// with it has its one pool.
std::unique_ptr<Lane> make_child_lane(const RunPlan& plan, const Job& job, const Backend& backend,
                                      const std::string& exec_program, int cpu, int pool_file = -1);

/// Pools the child lanes of this program said they mapped privately (not from the PoolFile) when their
/// inputs were prepared (tests: none when the comparison's pool is in the file; issue #26).
size_t private_pools_in_children();

}  // namespace ca
