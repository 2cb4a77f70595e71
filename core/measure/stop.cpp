#include "measure/stop.hpp"

#include <atomic>

namespace ca {
namespace {

// Lock-free, so a signal handler may store to it; relaxed, as the loops only need to see it eventually.
std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

}  // namespace

void request_measurement_stop() { g_stop.store(true, std::memory_order_relaxed); }

bool measurement_stop_requested() { return g_stop.load(std::memory_order_relaxed); }

void clear_measurement_stop() { g_stop.store(false, std::memory_order_relaxed); }

}  // namespace ca
