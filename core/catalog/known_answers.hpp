// Known-answer vectors from standards, kept as data: the JSON files in core/catalog/vectors/ (layout in
// docs/CATALOG.md, "Known answers"), embedded in the program at build time (cmake/embed_files.cmake). The
// self-test that runs before any timing and the backend conformance tests both read them, so a backend is
// judged by the same facts everywhere.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace ca {

/// One published vector. Hex strings may be empty. For ciphers: encrypt(key, nonce, aad, input) = output
/// (output layout as in docs/CATALOG.md, tag included). For hashes: hash(input) = output. For EDDSA:
/// key = 32-byte seed, sign(input) = output (Ed25519 is deterministic).
/// For MACs: key = the MAC key, nonce = GMAC's IV (else empty), input = the message, output = the tag.
/// For KDFs: input = password / input keying material, nonce = salt, aad = HKDF's info, params = the costs,
/// output = the derived bytes (its length is the one asked for). For key agreement: key = the raw private
/// key (X25519, X448), input = the peer's public key, output = the shared secret.
struct KnownAnswer {
  std::string algorithm;  // canonical catalog name
  uint32_t key_bits = 0;
  std::string key_hex;
  std::string nonce_hex;
  std::string aad_hex;
  std::string input_hex;
  std::string output_hex;
  std::string source;  // document and section the vector comes from
  std::string params;  // KDF cost parameters ("iterations=4096"); empty: the catalog defaults
};

/// One vector file compiled into the program: its name in core/catalog/vectors/ and its bytes.
struct VectorFile {
  std::string_view name;
  std::string_view text;
};

/// The embedded vector files, in the order the self-test reads them (generated at build time).
std::span<const VectorFile> known_answer_files();

/// Every vector of the embedded files, in file order; parsed once, on the first call. The files are checked
/// by tests/known_answers_test.cpp, so a malformed one fails the build's tests rather than a run (if one
/// still did, it is a bug of the build: std::logic_error).
std::span<const KnownAnswer> known_answers();

/// Parses one vector file. `name` starts every error, an Error of one line, such as
/// "macs.json: /groups/2/vectors/0/output: not hex" or "macs.json:3:7: JSON syntax error: ...". Checks the
/// layout (no unknown key, every field of its type, hex that is hex, a catalog algorithm and key size, a
/// non-empty source), not the values.
Result<std::vector<KnownAnswer>> parse_known_answers(const std::string& text, const std::string& name);

}  // namespace ca
