// A request to stop measuring: read by the measurement loops (measure.cpp, interleave.cpp) between
// batches, so a measurement in progress ends at its next batch boundary instead of running to its rounds
// or budget. Batches are bounded in time by their calibration (measure.cpp: warm_up_and_calibrate): the
// batch grows from one operation until a batch lasts sample_target_ns, at most x10 a step and to about 1.1
// times the target, so a calibrated batch lasts under 2 x sample_target_ns, 2.4 x with the 0-20 % jitter
// (240 us by default), and a warm-up batch under warmup_s / 4 (5 ms) — as long as the operation's own speed
// is steady; one operation that alone takes longer cannot be cut. host/interrupt.cpp requests it on a second
// SIGINT/SIGTERM and at the --stop-after deadline; what the stopped measurement had is then abandoned by the
// runner, never reported as if complete.
#pragma once

namespace ca {

/// The error of a measurement a stop request ended (status CA_FAILED).
inline constexpr const char* kMeasurementStopped = "the measurement was stopped before it finished";

/// Async-signal-safe: may be called from a signal handler.
void request_measurement_stop();
/// Whether a stop was requested (and not cleared since).
bool measurement_stop_requested();
/// Forgets a request (a new run, or a forked child that measures on its own).
void clear_measurement_stop();

}  // namespace ca
