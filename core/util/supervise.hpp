// Supervision of the child processes that run plugin code (isolated jobs, verify's children, load probes).
// A plugin may start a helper and leave it behind, in a session of its own (setsid()), out of reach of
// the job's process group; such a helper also holds the job's pipe open, so the pipe's end never says the
// job is over. Two rules close that gap:
//  - the parent watches each child's exit (a pidfd in its poll(), or a check every 50 ms where the kernel
//    has no pidfd), not only the end of its pipe;
//  - this process is a child subreaper (PR_SET_CHILD_SUBREAPER) from its first supervised child on, so a
//    process orphaned anywhere below it (a helper whose job has ended) is re-parented to it instead of to
//    init. After each supervised child is reaped, kill_strays() kills (SIGKILL) and reaps every child of
//    this process that it did not start itself, however it left the job's group or session. A job's child
//    is a subreaper too (become_subreaper), so orphans of a job still running stay below that job and are
//    not taken for strays of another.
// Limits: a process that re-parents itself elsewhere cannot (only an ancestor subreaper or init receives
// orphans), but a process cannot leave the tree either: one that escaped would need a double fork through a
// process outside it. A helper that outlives this process (it is killed when this process is killed with
// SIGKILL) is re-parented to the next subreaper above, usually init or a service manager.
#pragma once

#include <sys/types.h>

namespace ca {

/// Marks this process a child subreaper (idempotent). Orphaned descendants become its children.
void become_subreaper();

/// Called by the parent right after fork(): `pid` is a child this process started on purpose, which
/// kill_strays() leaves alone until forget_child(pid). Makes this process a subreaper.
void supervise_child(pid_t pid);

/// Called once `pid` is reaped.
void forget_child(pid_t pid);

/// Kills (SIGKILL) and reaps every child of this process that supervise_child() did not name: helpers
/// orphaned by jobs that have ended. Repeats until none is left (a killed helper's own children are
/// re-parented here in turn). Returns how many it killed.
int kill_strays();

/// A descriptor that becomes readable (POLLIN) when `pid`, a child of this process, exits; -1 where the
/// kernel has no pidfd_open (Linux < 5.3): use child_has_exited() then.
int open_exit_fd(pid_t pid);

/// Whether the child `pid` has exited (it stays a zombie: waitpid still reaps it).
bool child_has_exited(pid_t pid);

}  // namespace ca
