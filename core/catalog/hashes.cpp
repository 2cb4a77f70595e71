// The catalog's hashes (docs/CATALOG.md), in display order. A hash takes no key: every row has the one key
// size 0.
#include "catalog/rows.hpp"

namespace ca::catalog_rows {

std::vector<AlgorithmInfo> hashes() {
  std::vector<AlgorithmInfo> rows = {
      {.name = "SHA1", .primitive = "SHA-1", .digest_bytes = 20, .summary = "SHA-1 (FIPS 180-4); legacy"},
      {.name = "SHA2-224",
       .primitive = "SHA2-224",
       .subject = "SHA-224",
       .digest_bytes = 28,
       .summary = "SHA-224 (FIPS 180-4)"},
      {.name = "SHA2-256",
       .primitive = "SHA2-256",
       .subject = "SHA-256",
       .digest_bytes = 32,
       .summary = "SHA-256 (FIPS 180-4)"},
      {.name = "SHA2-384",
       .primitive = "SHA2-384",
       .subject = "SHA-384",
       .digest_bytes = 48,
       .summary = "SHA-384 (FIPS 180-4)"},
      {.name = "SHA2-512",
       .primitive = "SHA2-512",
       .subject = "SHA-512",
       .digest_bytes = 64,
       .summary = "SHA-512 (FIPS 180-4)"},
      {.name = "SHA3-224", .primitive = "SHA3-224", .digest_bytes = 28, .summary = "SHA3-224 (FIPS 202)"},
      {.name = "SHA3-256", .primitive = "SHA3-256", .digest_bytes = 32, .summary = "SHA3-256 (FIPS 202)"},
      {.name = "SHA3-384", .primitive = "SHA3-384", .digest_bytes = 48, .summary = "SHA3-384 (FIPS 202)"},
      {.name = "SHA3-512", .primitive = "SHA3-512", .digest_bytes = 64, .summary = "SHA3-512 (FIPS 202)"},
      {.name = "SHA2-512/256",
       .primitive = "SHA2-512/256",
       .subject = "SHA-512/256",
       .digest_bytes = 32,
       .summary = "SHA-512/256 (FIPS 180-4)"},
      {.name = "SHAKE128",
       .primitive = "SHAKE128",
       .digest_bytes = 32,
       .summary = "SHAKE128 (FIPS 202) with 256 bits of output"},
      {.name = "SHAKE256",
       .primitive = "SHAKE256",
       .digest_bytes = 64,
       .summary = "SHAKE256 (FIPS 202) with 512 bits of output"},
      {.name = "BLAKE2B",
       .primitive = "BLAKE2b",
       .digest_bytes = 64,
       .summary = "BLAKE2b-512 (RFC 7693), unkeyed"},
      {.name = "BLAKE2S",
       .primitive = "BLAKE2s",
       .digest_bytes = 32,
       .summary = "BLAKE2s-256 (RFC 7693), unkeyed"},
      {.name = "MD5", .primitive = "MD5", .digest_bytes = 16, .summary = "MD5 (RFC 1321); broken, legacy"},
      {.name = "RIPEMD-160",
       .primitive = "RIPEMD-160",
       .digest_bytes = 20,
       .summary = "RIPEMD-160 (ISO/IEC 10118-3)"},
      {.name = "SM3", .primitive = "SM3", .digest_bytes = 32, .summary = "SM3 (GB/T 32905-2016)"},
      {.name = "WHIRLPOOL",
       .primitive = "Whirlpool",
       .digest_bytes = 64,
       .summary = "Whirlpool (ISO/IEC 10118-3:2004)"},
  };
  for (AlgorithmInfo& a : rows) {
    a.family = Family::Hash;
    a.key_bits = {0};
  }
  return rows;
}

}  // namespace ca::catalog_rows
