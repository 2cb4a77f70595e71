// Which catalog algorithm a Wycheproof test group exercises, as a table: one row per (group type, file
// algorithm, parameter values). A row may name an algorithm the catalog does not have yet; its groups are
// then skipped as "not in the catalog yet" until the catalog gains it, with no change here. Key, nonce and
// tag lengths are checked against the ranges the catalog entry declares (AlgorithmInfo::nonce_range,
// tag_range, the key sizes) and passed to the backend as the key spec's params and the nonce's length.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.hpp"
#include "verify/vector_file.hpp"

namespace ca::verify {

/// How the tests of a group are run (test_kinds.cpp has one function per kind).
enum class TestKind {
  Aead,            // encrypt(key, iv, aad, msg) = ct || tag; decrypt
  Daead,           // AES-SIV: encrypt(key, aad, msg) = V || C; decrypt
  IndCpa,          // encrypt(key, iv, msg) = ct; decrypt (padding checked)
  Mac,             // mac(key, msg) = tag
  MacWithIv,       // mac(key, iv, msg) = tag (GMAC)
  EcdsaDer,        // verify(SPKI public key, msg, DER signature)
  EcdsaP1363,      // verify with r || s converted to DER
  Eddsa,           // verify(raw public key, msg, sig)
  RsaSignature,    // verify(SPKI public key, msg, sig): PKCS#1 v1.5 and PSS
  RsaOaepDecrypt,  // decrypt(PKCS#8 private key, ct) = msg
  Xdh,             // agree(raw private key, raw public key) = shared (X25519, X448)
  Ecdh,            // agree(PKCS#8 of the private scalar, SPKI public key) = shared (x coordinate)
  Hkdf,            // derive(ikm; salt in nonce, info in aad; size bytes) = okm
  Pbkdf,           // derive(password; salt in nonce; params iterations=N; dkLen bytes) = dk
  NoRunner,        // the catalog may have the algorithm, but verify cannot run this test type yet
};

/// A group parameter that must have this value (integers compared in decimal).
struct Condition {
  std::string_view pointer;  // as declared in the schema: "/sha", "/publicKey/curve"
  std::string_view equals;
};

struct MappingRow {
  std::string_view group_type;  // "AeadTest"
  std::string_view algorithm;   // the file's top-level "algorithm": "AES-GCM"
  std::vector<Condition> when;
  std::string_view catalog_name;  // canonical; empty when no catalog algorithm can match (see reason)
  TestKind kind = TestKind::NoRunner;
  std::string_view reason;  // for rows without a catalog name: why the group is skipped
  /// The vector's IV may be shorter than our nonce and means IV || zero bytes (AES-XTS: Wycheproof gives
  /// the little-endian sector number, IEEE 1619's tweak is that number in 16 bytes).
  bool zero_pad_iv = false;
};

/// Every row, most specific first: the first row whose type, algorithm and conditions hold wins.
std::span<const MappingRow> mapping_table();

/// What to do with one group: run it as (algorithm, key bits, kind), or skip it with a reason.
struct GroupPlan {
  const AlgorithmInfo* algorithm = nullptr;  // null: skipped
  uint32_t key_bits = 0;
  TestKind kind = TestKind::NoRunner;
  bool zero_pad_iv = false;
  std::string skip_reason;
  /// ca_key_spec.params for the group's tag and nonce lengths where they differ from the catalog's defaults
  /// ("tag=12,nonce=8", as resolve_params writes them); empty otherwise.
  std::string params;
  /// A MAC group with a truncated tag of this many bytes (tag_truncates): the backend computes the full tag,
  /// its leftmost bytes are compared. 0: the full tag.
  size_t truncated_tag = 0;
  /// Set when the group's key, nonce or tag length lies outside the catalog's declared range (a 0-byte GCM
  /// nonce, a 64-bit ChaCha20-Poly1305 nonce, a 3-byte CCM tag): why. Its invalid and acceptable tests run
  /// and the backend must refuse them (CA_UNSUPPORTED included); its valid tests, if any, are skipped.
  std::string outside_range;

  bool runs() const { return algorithm != nullptr; }
};

GroupPlan plan_group(const VectorFile& file, const VectorGroup& group);

/// For a test of a group that runs: why this one test is outside our catalog's definition (an OAEP label,
/// AES-SIV with an empty AD, a P1363 signature of the wrong length), or nullopt when it runs. Such tests
/// are skipped on every backend.
std::optional<std::string> test_skip_reason(const GroupPlan& plan, const VectorGroup& group,
                                            const VectorTest& test);

/// The size in bytes of r and s in a P1363 ECDSA signature of this group (the curve's order size).
size_t p1363_coordinate_bytes(const VectorGroup& group);

}  // namespace ca::verify
