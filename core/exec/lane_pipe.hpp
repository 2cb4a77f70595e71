// Internal to core/exec: the pieces of a lane in another process that the executor's files share. A child
// lane (child_lane.cpp) is a forked process that serves a LocalLane over a pipe (`serve`, lane_server.cpp,
// which describes the protocol), or execs `cryptauditor __lane SPEC` (worker.cpp), which loads one plugin and
// serves the same lane on descriptors kLaneIn and kLaneOut.
#pragma once

#include <sys/types.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "exec/comparison.hpp"

namespace ca {

// The requests and replies of an exec'd lane travel on descriptors 3 and 4; the program's PoolFile, when it
// has one, is descriptor 5 (issue #26).
constexpr int kLaneIn = 3, kLaneOut = 4, kLanePool = 5;

/// `text` with its line breaks made spaces: one line of the protocol.
std::string one_line(std::string_view text);

/// An exec'd worker's next job (the J request): fills `plan` and `job` from the request's text (after
/// `J `), or throws what is wrong with it.
using NextJob = std::function<void(const std::string& text, RunPlan& plan, Job& job)>;

/// Serves `backend`'s lane of `job` over the pipe (requests on `in`, replies on `out`) until told to stop;
/// ends the process. With `next`, a J request ends the lane and starts the one of the job it names.
[[noreturn]] void serve(int in, int out, const RunPlan& plan, const Job& job, const Backend& backend,
                        const NextJob& next = {});

/// --processes N: the argument of `cryptauditor __lane SPEC`, all a fresh worker needs to serve the lane
/// (worker.cpp reads it back).
std::string lane_spec(const RunPlan& plan, const Job& job, const Backend& backend);

/// A lane in a child process. exec_program non-empty: the child execs it as `PROGRAM __lane SPEC` instead of
/// serving from the fork. cpu >= 0: the child runs on that CPU alone (lane_cpu in job_pipeline.cpp).
/// pool_file >= 0: the job's PoolFile (exec/placement.hpp), in which a comparison given a SharedPool slot
/// with it has its one pool.
std::unique_ptr<Lane> make_child_lane(const RunPlan& plan, const Job& job, const Backend& backend,
                                      const std::string& exec_program, int cpu, int pool_file = -1);

/// --processes N: the lane of worker process `process` (0 .. N-1) for `backend`. The run keeps one exec'd
/// worker (plan.worker_program) per (process, plugin): the first lane starts it, every later job's lane
/// reuses it (a J request names the job; the plugin stays loaded). A worker whose job failed (a step
/// failed, it died or timed out) is never reused: the next job starts a fresh one. cpu as make_child_lane's.
std::unique_ptr<Lane> make_worker_lane(const RunPlan& plan, const Job& job, const Backend& backend,
                                       size_t process, int cpu);

// The registry of the run's workers (processes.cpp).
/// A worker between two jobs: its pid, the pipes to and from it and its exit descriptor.
struct IdleWorker {
  pid_t pid = -1;
  int to = -1, from = -1, exit_fd = -1;
};
/// The idle worker of (process index, library), taken out of the registry; nullopt when there is none.
std::optional<IdleWorker> take_idle_worker(size_t process, const std::string& library);
/// Puts a worker whose job went well back, for the library's next job in that process.
void keep_idle_worker(size_t process, const std::string& library, const IdleWorker& worker);
/// Counts a worker make_worker_lane started.
void count_worker_started();
/// Workers exec'd so far by make_worker_lane (tests: N x libraries for a run, whatever its jobs).
size_t workers_started();
/// The PoolFile of process `process`'s workers (-1 without memfd_create), and emptying it after a
/// comparison.
int worker_pool_file(size_t process);
void empty_worker_pool_file(size_t process);
/// Kills a child's process group and the child.
void kill_group(pid_t pid);

/// --processes N: the N processes' records of one row joined into one (processes.cpp).
std::vector<Record> join_processes(std::vector<std::vector<Record>>& passes);

/// Pools the child lanes of this program said they mapped privately (not from the PoolFile) when their
/// inputs were prepared (tests: none when the comparison's pool is in the file; issue #26).
size_t private_pools_in_children();

}  // namespace ca
