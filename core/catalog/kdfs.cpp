// The catalog's KDFs (docs/CATALOG.md), in display order. A KDF takes no key (the password or input keying
// material is the message): every row has the one key size 0, a 16-byte salt in the nonce and a 32-byte
// derived length; `params` are its cost parameters with their catalog defaults.
#include "catalog/rows.hpp"

namespace ca::catalog_rows {
namespace {

const ParamRule kPbkdf2Iterations{"iterations", 10000, 1, 100000000, false, "PBKDF2 iteration count"};

}  // namespace

std::vector<AlgorithmInfo> kdfs() {
  std::vector<AlgorithmInfo> rows = {
      {.name = "PBKDF2-SHA256",
       .primitive = "PBKDF2-HMAC-SHA256",
       .summary = "PBKDF2 (RFC 8018) with HMAC-SHA-256, 16-byte salt, 32-byte output",
       .params = {kPbkdf2Iterations}},
      {.name = "PBKDF2-SHA1",
       .primitive = "PBKDF2-HMAC-SHA1",
       .summary = "PBKDF2 (RFC 8018) with HMAC-SHA-1, 16-byte salt, 32-byte output; legacy",
       .params = {kPbkdf2Iterations}},
      {.name = "HKDF-SHA256",
       .primitive = "HKDF-SHA256",
       .summary = "HKDF (RFC 5869) extract and expand with SHA-256, 32-byte output"},
      {.name = "HKDF-SHA512",
       .primitive = "HKDF-SHA512",
       .summary = "HKDF (RFC 5869) extract and expand with SHA-512, 32-byte output"},
      {.name = "SCRYPT",
       .primitive = "scrypt",
       .summary = "scrypt (RFC 7914), 16-byte salt, 32-byte output",
       .params = {{"n", 16384, 2, 1u << 24, true, "CPU/memory cost N"},
                  {"r", 8, 1, 1024, false, "block size r"},
                  {"p", 1, 1, 64, false, "parallelism p"}}},
      {.name = "ARGON2ID",
       .primitive = "Argon2id",
       .summary =
           "Argon2id version 0x13 (RFC 9106), no secret or associated data, 16-byte salt, 32-byte output",
       .params = {{"t", 2, 1, 1u << 20, false, "passes (time cost)"},
                  {"m", 19456, 8, 4u << 20, false, "memory in KiB"},
                  {"p", 1, 1, 64, false, "lanes (parallelism)"}}},
  };
  for (AlgorithmInfo& a : rows) {
    a.family = Family::Kdf;
    a.key_bits = {0};
    a.nonce_bytes = 16;
    a.digest_bytes = 32;
  }
  return rows;
}

}  // namespace ca::catalog_rows
