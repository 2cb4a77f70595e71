// Cross-library interoperability: for every catalog algorithm and every ordered pair (A, B) of backends
// offering it, does B understand what A produced?
//  - ciphers: same random key, nonce and AAD; B decrypts A's ciphertext to the message and, as every
//    catalog cipher is deterministic given key and nonce, B's own ciphertext is A's;
//  - hashes and MACs: B's digest or tag equals A's;
//  - signatures: A makes a key pair and signs; B imports A's public key (SPKI DER, raw for EDDSA),
//    verifies the signature and rejects it over a different message;
//  - RSA encryption: B encrypts with A's exported public key, A decrypts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "plugin/backend.hpp"

namespace ca::verify {

struct InteropCheck {
  std::string algorithm;
  uint32_t key_bits = 0;
  std::string from, to;  // A produced, B consumed
  bool ok = false;
  std::string detail;  // what went wrong, empty when ok
};

struct InteropRun {
  std::vector<std::string> backends;  // the selected backends, in order
  std::vector<InteropCheck> checks;   // catalog order, then key size, then pair

  size_t failures() const;
  bool ok() const { return failures() == 0; }
};

/// The key sizes interop tries: every listed size; 2048 bits for RSA (key generation dominates the time).
std::vector<uint32_t> interop_key_sizes(const AlgorithmInfo& algorithm);

/// Every algorithm offered by two or more of the backends, every ordered pair of them.
InteropRun run_interop(const std::vector<const Backend*>& backends);

/// The checks for one algorithm and key size among the given backends (those that offer it).
std::vector<InteropCheck> interop_checks(const AlgorithmInfo& algorithm, uint32_t key_bits,
                                         const std::vector<const Backend*>& backends);

}  // namespace ca::verify
