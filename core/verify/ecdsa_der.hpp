// ECDSA signature encodings: IEEE P1363 (r || s, each the size of the group order) to the DER
// Ecdsa-Sig-Value our catalog's ECDSA takes, so Wycheproof's P1363 files run through the same backends.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "util/bytes.hpp"

namespace ca::verify {

/// DER SEQUENCE { INTEGER r, INTEGER s } for a P1363 signature of exactly 2 * coordinate_bytes bytes, with
/// minimal INTEGER encodings (r = 0 becomes INTEGER 0; no range check: that is the verifier's job).
/// nullopt for any other length, which no DER signature can represent.
std::optional<Bytes> p1363_to_der(std::span<const uint8_t> signature, size_t coordinate_bytes);

}  // namespace ca::verify
