// The catalog's key agreements (docs/CATALOG.md), in display order. Each is over a fixed group: its one key
// size (its default, catalog.cpp normalised()) is the group's, digest_bytes the shared secret's length.
#include "catalog/rows.hpp"

namespace ca::catalog_rows {

std::vector<AlgorithmInfo> key_agreements() {
  std::vector<AlgorithmInfo> rows = {
      {.name = "X25519",
       .primitive = "X25519",
       .curve = "Curve25519",
       .key_bits = {256},
       .digest_bytes = 32,
       .summary = "X25519 (RFC 7748), raw 32-byte keys"},
      {.name = "X448",
       .primitive = "X448",
       .curve = "Curve448",
       .key_bits = {448},
       .digest_bytes = 56,
       .summary = "X448 (RFC 7748), raw 56-byte keys"},
      {.name = "ECDH-P256",
       .primitive = "ECDH",
       .curve = "P-256",
       .key_bits = {256},
       .digest_bytes = 32,
       .summary = "ECDH over P-256, shared secret = x coordinate (32 bytes)"},
      {.name = "ECDH-P384",
       .primitive = "ECDH",
       .curve = "P-384",
       .key_bits = {384},
       .digest_bytes = 48,
       .summary = "ECDH over P-384, shared secret = x coordinate (48 bytes)"},
      {.name = "ECDH-P521",
       .primitive = "ECDH",
       .curve = "P-521",
       .key_bits = {521},
       .digest_bytes = 66,
       .summary = "ECDH over P-521, shared secret = x coordinate (66 bytes)"},
      {.name = "FFDHE2048",
       .primitive = "DH",
       .key_bits = {2048},
       .digest_bytes = 256,
       .summary = "finite-field DH over the RFC 7919 ffdhe2048 group, raw 256-byte public values and secret"},
  };
  for (AlgorithmInfo& a : rows) a.family = Family::KeyAgreement;
  return rows;
}

}  // namespace ca::catalog_rows
