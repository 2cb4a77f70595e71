// The leak screen's own placement of the buffers its timed calls use.
//
// Repetitions in one process would otherwise find their buffers at mostly the same heap addresses, and the
// output buffer always at the same one, so that a layout artefact (4K aliasing between an input and the
// output, a buffer straddling a cache line) repeats with the same sign in every repetition, while between
// processes its sign changes: the repetitions would not be independent (issue #25). Before each repetition
// is timed, every buffer is copied to a random offset (any byte alignment, any page offset) of a fresh arena,
// in a random order. Speed measurement does the opposite and fixes its placement (docs/METHODOLOGY.md).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "cryptauditor/plugin_abi.h"

namespace ca::leaks {

/// Copies every buffer the ios point into (input, nonce, aad, signature; output over output_cap) to a random
/// offset of `arena` (resized here; the caller keeps it alive while the ios are used) and points the ios at
/// the copies. A buffer that several ios share stays shared; empty and null buffers are left alone.
void place_randomly(const std::vector<ca_io*>& ios, std::vector<uint8_t>& arena, std::mt19937_64& rng);

}  // namespace ca::leaks
