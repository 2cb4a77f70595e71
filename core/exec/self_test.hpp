// The self-test a backend passes for (algorithm, key size) before it is timed: every known answer of the
// catalog's vector files (catalog/known_answers.hpp), a round trip with tamper rejection, the stream form,
// and optionally keygen.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

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
/// `notes`, when given, receives one line for each thing the test accepted that a reader should know, each
/// starting with its name: "implicit rejection: ..." (RSAES-PKCS1-v1_5, below).
///
/// RSAES-PKCS1-v1_5's (RSA-PKCS1V15-ENC, the catalog entry with implicit_rejection) tamper check accepts
/// implicit rejection, the Marvin-attack countermeasure of NSS's softoken (seen in 3.87.1) and OpenSSL 3.2
/// and later (draft-irtf-cfrg-rsa-guidance, "Implicit Rejection for RSA PKCS#1 v1.5"): a ciphertext whose
/// padding does not decode decrypts, without an error, to a synthetic message derived from the private key
/// and the ciphertext. A modified ciphertext passes when its decryption fails, or when it gives a message
/// other than the original and the same message again on a second decryption; it fails when it gives the
/// original plaintext back, or a different message each time. RSA-OAEP and the AEADs keep the strict check.
Result<void> self_test(const Backend& backend, const AlgorithmInfo& algorithm, uint32_t key_bits, bool keygen,
                       std::span<const KnownAnswer> answers, std::vector<std::string>* notes = nullptr);

}  // namespace ca
