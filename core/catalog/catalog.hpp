// The algorithm catalog: canonical names, what each is (docs/CATALOG.md), aliases, groups and key-length
// rules. Data, not switches: every rule a caller needs is a field of AlgorithmInfo.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace ca {

/// Which command-line flag selects an algorithm, and which operations it has.
enum class Family { Cipher, Hash, Signature, Mac, Kdf, KeyAgreement };

/// Finer shape of a cipher, for sizes and wording ("encryption and decryption in GCM mode").
enum class CipherShape { None, BlockPadded, Stream, Xts, Aead, Siv, RsaEncryption };

/// A length parameter's declared range in bytes: min..max in steps of step. A fixed length has min == max;
/// an algorithm without the parameter has 0..0.
struct LengthRange {
  size_t min = 0, max = 0, step = 1;

  bool fixed() const { return min == max; }
  bool allows(size_t n) const { return n >= min && n <= max && (n - min) % step == 0; }
  /// "12", "7..13", "4..16 in steps of 2"
  std::string describe() const;
};

/// One cost parameter of a KDF ("iterations", "n", "m"): its catalog default and the values the core
/// accepts (validated before anything runs; docs/CATALOG.md).
struct ParamRule {
  std::string_view name;
  uint64_t default_value;
  uint64_t min, max;
  bool power_of_two = false;  // scrypt's N
  std::string_view meaning;   // "PBKDF2 iteration count"
};

// One catalog row. Rows are written with designated initialisers (`.name = "AES-GCM", .nonce_bytes = 12`,
// core/catalog/ciphers.cpp and its siblings): every field has a default, so a row names only what it sets.
struct AlgorithmInfo {
  std::string_view name{};  // canonical: "AES-GCM"
  Family family = Family::Cipher;
  CipherShape shape = CipherShape::None;
  std::string_view primitive{};  // "AES", "ChaCha20", "RSA", "SHA2-256", "EdDSA": the underlying primitive
  std::string_view mode{};       // "GCM", "CBC"; empty when the name says it all
  /// The algorithm as cryptauditor's "Performing N rounds of ..." line names it, when that differs from
  /// `primitive`: "SHA-256", "CHACHA20", "RSA-OAEP", "RSA-PSS", "RSA-PKCS1V15". New schemes get a name that
  /// tells them apart from the seed's ("RSA-OAEP-SHA256" beside "RSA-OAEP").
  std::string_view subject{};
  /// The name rankings give it when that differs from the canonical name: "EdDSA" for EDDSA, as the
  /// original cryptauditor's "1 - EdDSA - 0.681ms (+0.0ms)".
  std::string_view ranking_name{};
  /// Signatures and key agreement over an elliptic curve: the curve, as in "with a 256-bit (P-256) elliptic
  /// curve"; empty for RSA and finite-field groups ("with a 2048-bit random key").
  std::string_view curve{};
  /// Signatures: the hash applied to the message, as in "on 1KB of random data hashed with SHA-256".
  std::string_view message_hash{};
  std::vector<uint32_t> key_bits{};  // allowed sizes; empty means a range (RSA)
  uint32_t key_min = 0, key_max = 0, key_step = 0;
  uint32_t default_key_bits = 0;
  size_t nonce_bytes = 0;
  size_t tag_bytes = 0;     // AEAD tag (or SIV's V)
  size_t digest_bytes = 0;  // hash / MAC tag; KDF: derived bytes; key agreement: shared-secret bytes
  size_t rsa_overhead = 0;  // OAEP: maximum message = key bytes - rsa_overhead
  size_t max_message = 0;   // 0 = unlimited (CCM with L = 3 is below 16 MiB)
  size_t min_message = 1;   // XTS needs one whole block
  /// Encrypt / sign draw fresh randomness per call (ECDSA, RSA-PSS, every RSA encryption padding): two
  /// correct libraries give different outputs, so they are checked by verifying or decrypting each other's.
  bool randomized = false;
  std::string_view summary{};
  std::vector<ParamRule> params{};  // KDF cost parameters, in the order a params string lists them
  /// The nonce lengths (bytes) the algorithm's definition takes; nonce_bytes is the default benchmarks use.
  /// A params string chooses another with "nonce=N" (resolve_params).
  LengthRange nonce_range{};
  /// AEAD tag (tag_bytes) or MAC tag (digest_bytes) lengths the definition takes, "tag=N" in a params
  /// string; the default is the full tag.
  LengthRange tag_range{};
  /// A shorter MAC tag is the full tag's leftmost bytes (HMAC: RFC 2104 section 5; CMAC: SP 800-38B; GMAC):
  /// the core truncates, the backend computes the full tag. False for KMAC, whose output length is an
  /// input of the function, and for AEADs, whose libraries take the tag length.
  bool tag_truncates = false;
  /// RSA-OAEP: a label (RFC 8017 7.1.1, L) is part of the definition; it travels in ca_io.aad.
  bool takes_label = false;
  /// RSAES-PKCS1-v1_5: a correct decryption may answer a ciphertext whose padding does not decode with a
  /// synthetic message instead of an error (implicit rejection, draft-irtf-cfrg-rsa-guidance), so the
  /// self-test's tamper check accepts that (exec/self_test.hpp).
  bool implicit_rejection = false;

  bool fixed_key() const { return key_bits.size() == 1; }
  /// `subject`, or `primitive` when no other name is set.
  std::string_view line_name() const { return subject.empty() ? primitive : subject; }
  /// `ranking_name`, or the canonical name.
  std::string_view display_name() const { return ranking_name.empty() ? name : ranking_name; }
  /// Signatures, key agreement and RSA encryption: keyed by a key pair, not by secret bytes.
  bool public_key() const {
    return family == Family::Signature || family == Family::KeyAgreement ||
           shape == CipherShape::RsaEncryption;
  }
  /// Keyed by secret bytes: ciphers and MACs (hashes and KDFs take no key).
  bool symmetric_key() const { return !public_key() && family != Family::Hash && family != Family::Kdf; }
  bool allows_key(uint32_t bits) const;
  /// "128, 192, 256" or "1024..16384 in steps of 8"
  std::string describe_keys() const;
  /// Symmetric key length in bytes for a key size (AES-SIV takes two keys).
  size_t key_bytes(uint32_t bits) const;
  /// Largest message this algorithm accepts at this key size, or SIZE_MAX.
  size_t message_limit(uint32_t bits) const;
  /// Bytes the output of one encrypt / sign / hash can need for an input of n bytes.
  size_t output_capacity(uint32_t bits, size_t n) const;
  /// The full tag: tag_bytes for AEADs, digest_bytes for MACs.
  size_t default_tag() const { return tag_bytes != 0 ? tag_bytes : digest_bytes; }
};

/// Every catalog entry, in display order.
std::span<const AlgorithmInfo> catalog();

/// Looks up a canonical name exactly.
const AlgorithmInfo* find_algorithm(std::string_view canonical);

/// Resolves a user-typed name (any case, aliases, groups) for a flag: the catalog entries it names, or an
/// Error naming the value and what is allowed: the flag that takes it when it names another family
/// ("'SHA2-256' is a hash, not a cipher: use --hash SHA2-256"), else the nearest names (util/suggest.hpp:
/// "did you mean AES-GCM?"), else every name of the family.
struct Resolution {
  std::vector<const AlgorithmInfo*> algorithms;
  bool is_group = false;
};
Result<Resolution> resolve(std::string_view typed, Family family);

/// The alias table and the group table, for `cryptauditor list` and the docs.
struct Alias {
  std::string_view alias;
  std::string_view canonical;
  std::optional<Family> only_for;  // set when the alias means different things per flag (RSA)
};
std::span<const Alias> aliases();
struct Group {
  std::string_view name;
  Family family;
  std::vector<std::string_view> members;
};
std::span<const Group> groups();

std::string_view family_flag(Family f);  // "--cipher", "--hash", "--signature", "--mac", "--kdf", "--kex"
std::string_view family_noun(
    Family f);  // "a cipher", "a hash", "a signature", "a MAC", "a KDF", "a key agreement"

/// The catalog defaults of an algorithm's parameters as a params string ("iterations=10000"), "" if none.
std::string default_params(const AlgorithmInfo& a);

/// Checks a user's params string ("iterations=600000" or "n=32768,r=8") against the algorithm's rules and
/// returns the complete string with every parameter (defaults filled in, catalog order), or an Error: one
/// line naming the bad name or value and what is allowed.
Result<std::string> resolve_params(const AlgorithmInfo& a, std::string_view typed);

/// The names a params string may hold for an algorithm: its KDF cost parameters, then "tag" and "nonce"
/// where its declared ranges hold more than the default (a truncatable MAC's tag is the core's business).
std::vector<std::string> param_names(const AlgorithmInfo& a);

/// The tag and nonce lengths a resolved params string chooses ("tag=12", "nonce=8"), else the defaults.
/// Length parameters appear in a resolved string only when they differ from the default, so that a job
/// with the catalog's lengths carries the same params as before they existed.
size_t chosen_tag_bytes(const AlgorithmInfo& a, std::string_view params);
size_t chosen_nonce_bytes(const AlgorithmInfo& a, std::string_view params);

}  // namespace ca
