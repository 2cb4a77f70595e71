// The self-test a backend passes for (algorithm, key size) before it is timed: every known answer of the
// catalog's vector files (catalog/known_answers.hpp), a round trip with tamper rejection, the stream form,
// and optionally keygen.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "catalog/catalog.hpp"
#include "catalog/known_answers.hpp"
#include "plugin/backend.hpp"
#include "util/result.hpp"

namespace ca {

/// The self-test alone, for one backend and (algorithm, key size): an Error saying what failed, if anything
/// did. Used before timing and by `cryptauditor verify`-style checks and tests.
/// `keygen`: also check the keygen operation (when the backend offers it): two fresh public keys differ and
/// import as public-key contexts (and, for key agreement, agree with this context's key).
Result<void> self_test(const Backend& backend, const AlgorithmInfo& algorithm, uint32_t key_bits,
                       bool keygen = false);
/// The same with other known answers than the embedded files' (tests: an altered vector must fail).
Result<void> self_test(const Backend& backend, const AlgorithmInfo& algorithm, uint32_t key_bits, bool keygen,
                       std::span<const KnownAnswer> answers);

}  // namespace ca
