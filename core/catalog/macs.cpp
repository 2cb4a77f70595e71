// The catalog's MACs (docs/CATALOG.md), in display order. `digest_bytes` is the full tag; `tag_range` the
// lengths a params string may choose ("tag=N").
#include <algorithm>

#include "catalog/rows.hpp"

namespace ca::catalog_rows {
namespace {

// HMAC takes a key of any length (RFC 2104 section 2): the catalog's range is whole bytes from 1 to 1024,
// the 256-bit default is what benchmarks use. A truncated tag is the full tag's leftmost bytes and keeps at
// least half of the digest and at least 80 bits (RFC 2104 section 5).
AlgorithmInfo hmac(AlgorithmInfo a) {
  a.key_min = 8;
  a.key_max = 8192;
  a.key_step = 8;
  a.default_key_bits = 256;
  a.tag_range = {std::max<size_t>(10, a.digest_bytes / 2), a.digest_bytes, 1};
  a.tag_truncates = true;
  return a;
}

}  // namespace

std::vector<AlgorithmInfo> macs() {
  std::vector<AlgorithmInfo> rows = {
      hmac({.name = "HMAC-SHA1",
            .primitive = "HMAC-SHA-1",
            .digest_bytes = 20,
            .summary = "HMAC (RFC 2104) with SHA-1, any key length (default 256 bits)"}),
      hmac({.name = "HMAC-SHA2-224",
            .primitive = "HMAC-SHA2-224",
            .digest_bytes = 28,
            .summary = "HMAC with SHA-224, any key length (default 256 bits)"}),
      hmac({.name = "HMAC-SHA2-256",
            .primitive = "HMAC-SHA2-256",
            .digest_bytes = 32,
            .summary = "HMAC with SHA-256, any key length (default 256 bits)"}),
      hmac({.name = "HMAC-SHA2-384",
            .primitive = "HMAC-SHA2-384",
            .digest_bytes = 48,
            .summary = "HMAC with SHA-384, any key length (default 256 bits)"}),
      hmac({.name = "HMAC-SHA2-512",
            .primitive = "HMAC-SHA2-512",
            .digest_bytes = 64,
            .summary = "HMAC with SHA-512, any key length (default 256 bits)"}),
      hmac({.name = "HMAC-SHA3-256",
            .primitive = "HMAC-SHA3-256",
            .digest_bytes = 32,
            .summary = "HMAC with SHA3-256, any key length (default 256 bits)"}),
      hmac({.name = "HMAC-SHA3-512",
            .primitive = "HMAC-SHA3-512",
            .digest_bytes = 64,
            .summary = "HMAC with SHA3-512, any key length (default 256 bits)"}),
      hmac({.name = "HMAC-MD5",
            .primitive = "HMAC-MD5",
            .digest_bytes = 16,
            .summary = "HMAC with MD5, any key length (default 256 bits); legacy"}),
      hmac({.name = "HMAC-RIPEMD-160",
            .primitive = "HMAC-RIPEMD-160",
            .digest_bytes = 20,
            .summary = "HMAC with RIPEMD-160, any key length (default 256 bits)"}),
      // CMAC (SP 800-38B) and GMAC (SP 800-38D): a shorter tag is the full tag's leftmost bytes.
      {.name = "CMAC-AES",
       .primitive = "CMAC-AES",
       .key_bits = {128, 192, 256},
       .default_key_bits = 256,
       .digest_bytes = 16,
       .summary = "CMAC (SP 800-38B) with AES, full 16-byte tag",
       .tag_range = {4, 16, 1},
       .tag_truncates = true},
      {.name = "GMAC-AES",
       .primitive = "GMAC-AES",
       .key_bits = {128, 192, 256},
       .default_key_bits = 256,
       .nonce_bytes = 12,
       .digest_bytes = 16,
       .summary = "GMAC (SP 800-38D): AES-GCM over the message as AAD, 12-byte nonce, 16-byte tag",
       .nonce_range = {1, 1024, 1},
       .tag_range = {4, 16, 1},
       .tag_truncates = true},
      {.name = "POLY1305",
       .primitive = "Poly1305",
       .key_bits = {256},
       .digest_bytes = 16,
       .summary = "Poly1305 (RFC 8439 2.5) with a 256-bit one-time key"},
      {.name = "SIPHASH",
       .primitive = "SipHash-2-4",
       .key_bits = {128},
       .digest_bytes = 8,
       .summary = "SipHash-2-4, 128-bit key, 64-bit output"},
      // KMAC takes a key of any length (SP 800-185 section 4.3) as HMAC does. Its output length L is an input
      // of the function, so a shorter tag is a different tag, computed by the library: 4 to 128 bytes here.
      {.name = "KMAC128",
       .primitive = "KMAC128",
       .key_min = 8,
       .key_max = 8192,
       .key_step = 8,
       .default_key_bits = 256,
       .digest_bytes = 32,
       .summary = "KMAC128 (SP 800-185), any key length (default 256 bits), 256-bit output, no customization",
       .tag_range = {4, 128, 1}},
      {.name = "KMAC256",
       .primitive = "KMAC256",
       .key_min = 8,
       .key_max = 8192,
       .key_step = 8,
       .default_key_bits = 256,
       .digest_bytes = 64,
       .summary = "KMAC256 (SP 800-185), any key length (default 256 bits), 512-bit output, no customization",
       .tag_range = {4, 128, 1}},
  };
  for (AlgorithmInfo& a : rows) a.family = Family::Mac;
  return rows;
}

}  // namespace ca::catalog_rows
