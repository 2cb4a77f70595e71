#include "verify/mapping.hpp"

#include <algorithm>

#include "verify/ec_private_key.hpp"

namespace ca::verify {
namespace {

using K = TestKind;

// Names of algorithms the catalog does not have yet are the names they would get there (docs/CATALOG.md
// naming); adding such an algorithm to the catalog, and a backend row for it, is all it takes to run them.
const std::vector<MappingRow> kRows = {
    // AEAD: our output is ciphertext || tag (V || C for AES-SIV).
    {"AeadTest", "AES-GCM", {}, "AES-GCM", K::Aead, ""},
    {"AeadTest", "AES-CCM", {}, "AES-CCM", K::Aead, ""},
    {"AeadTest", "AES-EAX", {}, "AES-EAX", K::Aead, ""},
    {"AeadTest", "CHACHA20-POLY1305", {}, "CHACHA20-POLY1305", K::Aead, ""},
    {"AeadTest", "XCHACHA20-POLY1305", {}, "XCHACHA20-POLY1305", K::Aead, ""},
    // Nonce-based AES-SIV (RFC 5297 section 3) passes the nonce as the last AD component: our AES-SIV with
    // "nonce=N" (docs/CATALOG.md).
    {"AeadTest", "AEAD-AES-SIV-CMAC", {}, "AES-SIV", K::Aead, ""},
    {"AeadTest", "AES-GCM-SIV", {}, "AES-GCM-SIV", K::Aead, ""},
    {"DaeadTest", "AES-SIV-CMAC", {}, "AES-SIV", K::Daead, ""},
    {"IndCpaTest", "AES-CBC-PKCS5", {}, "AES-CBC", K::IndCpa, ""},
    {"IndCpaTest", "AES-XTS", {}, "AES-XTS", K::IndCpa, "", true},
    // MACs.
    {"MacTest", "AES-CMAC", {}, "CMAC-AES", K::Mac, ""},
    {"MacTest", "HMACSHA1", {}, "HMAC-SHA1", K::Mac, ""},
    {"MacTest", "HMACSHA224", {}, "HMAC-SHA2-224", K::Mac, ""},
    {"MacTest", "HMACSHA256", {}, "HMAC-SHA2-256", K::Mac, ""},
    {"MacTest", "HMACSHA384", {}, "HMAC-SHA2-384", K::Mac, ""},
    {"MacTest", "HMACSHA512", {}, "HMAC-SHA2-512", K::Mac, ""},
    {"MacTest", "HMACSHA3-256", {}, "HMAC-SHA3-256", K::Mac, ""},
    {"MacTest", "HMACSHA3-512", {}, "HMAC-SHA3-512", K::Mac, ""},
    {"MacTest", "KMAC128", {}, "KMAC128", K::Mac, ""},
    {"MacTest", "KMAC256", {}, "KMAC256", K::Mac, ""},
    {"MacTest", "SipHash-2-4", {}, "SIPHASH", K::Mac, ""},
    {"MacWithIvTest", "AES-GMAC", {}, "GMAC-AES", K::MacWithIv, ""},
    // Signatures.
    {"EcdsaVerify",
     "ECDSA",
     {{"/publicKey/curve", "secp256r1"}, {"/sha", "SHA-256"}},
     "ECDSA",
     K::EcdsaDer,
     ""},
    {"EcdsaVerify",
     "ECDSA",
     {{"/publicKey/curve", "secp384r1"}, {"/sha", "SHA-384"}},
     "ECDSA-P384",
     K::EcdsaDer,
     ""},
    {"EcdsaVerify",
     "ECDSA",
     {{"/publicKey/curve", "secp521r1"}, {"/sha", "SHA-512"}},
     "ECDSA-P521",
     K::EcdsaDer,
     ""},
    {"EcdsaVerify",
     "ECDSA",
     {{"/publicKey/curve", "secp256k1"}, {"/sha", "SHA-256"}},
     "ECDSA-SECP256K1",
     K::EcdsaDer,
     ""},
    {"EcdsaVerify", "ECDSA", {}, "", K::NoRunner, "our ECDSA is P-256 with SHA-256"},
    {"EcdsaP1363Verify",
     "ECDSA",
     {{"/publicKey/curve", "secp256r1"}, {"/sha", "SHA-256"}},
     "ECDSA",
     K::EcdsaP1363,
     ""},
    {"EcdsaP1363Verify", "ECDSA", {}, "", K::NoRunner, "our ECDSA is P-256 with SHA-256"},
    {"EddsaVerify", "EDDSA", {{"/publicKey/curve", "edwards25519"}}, "EDDSA", K::Eddsa, ""},
    {"EddsaVerify", "EDDSA", {{"/publicKey/curve", "edwards448"}}, "ED448", K::Eddsa, ""},
    {"RsassaPssVerify",
     "RSASSA-PSS",
     {{"/sha", "SHA-256"}, {"/mgf", "MGF1"}, {"/mgfSha", "SHA-256"}, {"/sLen", "32"}},
     "RSA-PSS",
     K::RsaSignature,
     ""},
    {"RsassaPssVerify",
     "RSASSA-PSS",
     {{"/sha", "SHA-512"}, {"/mgf", "MGF1"}, {"/mgfSha", "SHA-512"}, {"/sLen", "64"}},
     "RSA-PSS-SHA512",
     K::RsaSignature,
     ""},
    {"RsassaPssVerify",
     "RSASSA-PSS",
     {},
     "",
     K::NoRunner,
     "its hash, MGF or salt differ from our RSA-PSS entries (SHA-256 / MGF1-SHA-256 / 32-byte salt, SHA-512 "
     "/ MGF1-SHA-512 / 64-byte salt)"},
    {"RsassaPkcs1Verify",
     "RSASSA-PKCS1-v1_5",
     {{"/sha", "SHA-256"}},
     "RSA-PKCS1V15-SHA256",
     K::RsaSignature,
     ""},
    {"RsassaPkcs1Verify", "RSASSA-PKCS1-v1_5", {{"/sha", "SHA-1"}}, "RSA-PKCS1V15-SHA1", K::RsaSignature, ""},
    {"RsassaPkcs1Verify",
     "RSASSA-PKCS1-v1_5",
     {{"/sha", "SHA-512"}},
     "RSA-PKCS1V15-SHA512",
     K::RsaSignature,
     ""},
    {"RsassaPkcs1Verify",
     "RSASSA-PKCS1-v1_5",
     {},
     "",
     K::NoRunner,
     "our RSASSA-PKCS1-v1_5 entries hash with SHA-1, SHA-256 or SHA-512"},
    // RSA encryption: decrypt with the PKCS#8 private key of the group.
    {"RsaesOaepDecrypt",
     "RSAES-OAEP",
     {{"/sha", "SHA-1"}, {"/mgf", "MGF1"}, {"/mgfSha", "SHA-1"}},
     "RSA-OAEP",
     K::RsaOaepDecrypt,
     ""},
    {"RsaesOaepDecrypt",
     "RSAES-OAEP",
     {{"/sha", "SHA-256"}, {"/mgf", "MGF1"}, {"/mgfSha", "SHA-256"}},
     "RSA-OAEP-SHA256",
     K::RsaOaepDecrypt,
     ""},
    {"RsaesOaepDecrypt",
     "RSAES-OAEP",
     {},
     "",
     K::NoRunner,
     "our RSA-OAEP entries use SHA-1/MGF1-SHA-1 or SHA-256/MGF1-SHA-256"},
    // Key agreement: a fresh context per test, made from the test's private key (raw for XDH, PKCS#8 of
    // the scalar for ECDH, ec_private_key.hpp); the public key is the agree input in our CA_KEY_PUBLIC
    // format, which for ECDH is the SubjectPublicKeyInfo DER these files carry ("encoding": "asn").
    {"EcdhTest", "ECDH", {{"/curve", "secp256r1"}, {"/encoding", "asn"}}, "ECDH-P256", K::Ecdh, ""},
    {"EcdhTest", "ECDH", {{"/curve", "secp384r1"}, {"/encoding", "asn"}}, "ECDH-P384", K::Ecdh, ""},
    {"EcdhTest", "ECDH", {{"/curve", "secp521r1"}, {"/encoding", "asn"}}, "ECDH-P521", K::Ecdh, ""},
    {"EcdhTest", "ECDH", {}, "", K::NoRunner, "our ECDH entries take the public key as SubjectPublicKeyInfo"},
    {"XdhComp", "XDH", {{"/curve", "curve25519"}}, "X25519", K::Xdh, ""},
    {"XdhComp", "XDH", {{"/curve", "curve448"}}, "X448", K::Xdh, ""},
    // Key derivation: the output length, and PBKDF2's iteration count, come from each test.
    {"HkdfTest", "HKDF-SHA-256", {}, "HKDF-SHA256", K::Hkdf, ""},
    {"HkdfTest", "HKDF-SHA-512", {}, "HKDF-SHA512", K::Hkdf, ""},
    {"PbkdfTest", "PBKDF2-HMACSHA256", {}, "PBKDF2-SHA256", K::Pbkdf, ""},
    {"PbkdfTest", "PBKDF2-HMACSHA1", {}, "PBKDF2-SHA1", K::Pbkdf, ""},
};

bool holds(const VectorGroup& g, const Condition& c) {
  if (auto t = g.fields.text(c.pointer)) return *t == c.equals;
  if (auto i = g.fields.integer(c.pointer)) return std::to_string(*i) == c.equals;
  return false;
}

// "sha SHA-512, mgfSha SHA-512, sLen 64": the group's declared parameters, for skip reasons.
std::string describe_parameters(const VectorGroup& g) {
  std::string out;
  for (const auto& [pointer, value] : g.fields.texts)
    out += (out.empty() ? "" : ", ") + pointer.substr(1) + " " + value;
  for (const auto& [pointer, value] : g.fields.integers)
    out += (out.empty() ? "" : ", ") + pointer.substr(1) + " " + std::to_string(value);
  return out;
}

bool symmetric(TestKind k) {
  return k == K::Aead || k == K::Daead || k == K::IndCpa || k == K::Mac || k == K::MacWithIv;
}

std::string join_bits(const std::vector<uint32_t>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i)
    out += (i == 0 ? "" : i + 1 == v.size() ? " or " : ", ") + std::to_string(v[i]);
  return out;
}

// The catalog key size whose key is keySize bits long (AES-SIV and AES-XTS take two AES keys; HMAC and KMAC
// any whole number of bytes in their range).
std::optional<uint32_t> symmetric_key_bits(const AlgorithmInfo& a, int64_t key_size, std::string& reason) {
  if (a.key_bits.empty()) {
    if (key_size > 0 && key_size <= UINT32_MAX && a.allows_key(static_cast<uint32_t>(key_size)))
      return static_cast<uint32_t>(key_size);
    reason = "key size " + std::to_string(key_size) + " bits: " + std::string(a.name) +
             " is defined with keys of " + a.describe_keys() + " bits";
    return std::nullopt;
  }
  std::vector<uint32_t> lengths;
  for (uint32_t bits : a.key_bits) {
    const uint32_t length = static_cast<uint32_t>(a.key_bytes(bits) * 8);
    if (length == key_size) return bits;
    lengths.push_back(length);
  }
  reason = "key size " + std::to_string(key_size) + " bits: " + std::string(a.name) + " is defined with " +
           join_bits(lengths) + "-bit keys";
  return std::nullopt;
}

void add_param(std::string& params, const char* name, int64_t value) {
  params += (params.empty() ? "" : ",") + std::string(name) + "=" + std::to_string(value);
}

// Checks the group's sizes against the ranges the catalog entry declares; returns the key bits, with the
// plan's params, truncated tag or outside_range set, or sets the skip reason.
std::optional<uint32_t> check_sizes(const AlgorithmInfo& a, const MappingRow& row, const VectorGroup& g,
                                    GroupPlan& plan) {
  const TestKind kind = row.kind;
  const auto key_size = g.fields.integer("/keySize");
  if (symmetric(kind)) {
    if (!key_size) {
      plan.skip_reason = "the group has no keySize";
      return std::nullopt;
    }
    std::string outside;
    auto note = [&](const std::string& why) { outside += (outside.empty() ? "" : "; ") + why; };
    if (auto tag = g.fields.integer("/tagSize")) {
      const size_t ours = a.default_tag();
      const bool whole = *tag >= 0 && *tag % 8 == 0;
      const size_t bytes = whole ? static_cast<size_t>(*tag / 8) : 0;
      if (!whole || !a.tag_range.allows(bytes)) {
        note("tag size " + std::to_string(*tag) + " bits: " + std::string(a.name) +
             " is defined with tags of " + a.tag_range.describe() + " bytes");
      } else if (bytes != ours) {
        if (a.tag_truncates)
          plan.truncated_tag = bytes;
        else
          add_param(plan.params, "tag", static_cast<int64_t>(bytes));
      }
    }
    if (auto iv = g.fields.integer("/ivSize")) {
      const bool whole = *iv >= 0 && *iv % 8 == 0;
      const size_t bytes = whole ? static_cast<size_t>(*iv / 8) : 0;
      if (row.zero_pad_iv && whole && bytes <= a.nonce_bytes) {
        // AES-XTS: the sector number, zero-padded to the tweak (mapping row)
      } else if (!whole || !a.nonce_range.allows(bytes)) {
        note("IV size " + std::to_string(*iv) + " bits: " + std::string(a.name) +
             (a.nonce_range.max == 0 ? " is defined without a nonce"
                                     : " is defined with nonces of " + a.nonce_range.describe() + " bytes"));
      } else if (bytes != a.nonce_bytes) {
        add_param(plan.params, "nonce", static_cast<int64_t>(bytes));
      }
    }
    std::string key_reason;
    auto bits = symmetric_key_bits(a, *key_size, key_reason);
    if (!bits) note(key_reason);
    plan.outside_range = outside;
    if (bits) return bits;
    // Outside the key range: the key bits a backend is asked for are the vector's (refused by supports()).
    return static_cast<uint32_t>(std::clamp<int64_t>(*key_size, 0, UINT32_MAX));
  }
  if (kind == K::RsaSignature || kind == K::RsaOaepDecrypt) {
    if (!key_size || *key_size <= 0 || *key_size > UINT32_MAX ||
        !a.allows_key(static_cast<uint32_t>(*key_size))) {
      plan.skip_reason = "key size " + (key_size ? std::to_string(*key_size) : std::string("?")) +
                         " bits: " + std::string(a.name) + " allows " + a.describe_keys();
      return std::nullopt;
    }
    return static_cast<uint32_t>(*key_size);
  }
  return a.default_key_bits;  // ECDSA, EdDSA, XDH, ECDH: the curve fixed it; KDFs have no key
}

}  // namespace

std::span<const MappingRow> mapping_table() { return kRows; }

GroupPlan plan_group(const VectorFile& file, const VectorGroup& group) {
  GroupPlan plan;
  auto row = std::find_if(kRows.begin(), kRows.end(), [&](const MappingRow& r) {
    return r.group_type == group.type && r.algorithm == file.algorithm &&
           std::all_of(r.when.begin(), r.when.end(), [&](const Condition& c) { return holds(group, c); });
  });
  const std::string params = describe_parameters(group);
  if (row == kRows.end()) {
    plan.skip_reason = group.type + " '" + file.algorithm + "'" +
                       (params.empty() ? "" : " (" + params + ")") + " is not in the catalog yet";
    return plan;
  }
  if (row->catalog_name.empty()) {
    plan.skip_reason = std::string(row->reason) + (params.empty() ? "" : " (group: " + params + ")");
    return plan;
  }
  const AlgorithmInfo* a = find_algorithm(row->catalog_name);
  if (a == nullptr) {
    plan.skip_reason = std::string(row->catalog_name) + " is not in the catalog yet";
    return plan;
  }
  if (row->kind == K::NoRunner) {
    plan.skip_reason = std::string(row->catalog_name) + " is in the catalog, but verify cannot run " +
                       group.type + " tests yet";
    return plan;
  }
  auto bits = check_sizes(*a, *row, group, plan);
  if (!bits) return plan;
  plan.algorithm = a;
  plan.key_bits = *bits;
  plan.kind = row->kind;
  plan.zero_pad_iv = row->zero_pad_iv;
  return plan;
}

size_t p1363_coordinate_bytes(const VectorGroup& group) {
  return static_cast<size_t>((group.fields.integer("/publicKey/keySize").value_or(0) + 7) / 8);
}

std::optional<std::string> test_skip_reason(const GroupPlan& plan, const VectorGroup& group,
                                            const VectorTest& test) {
  // Outside the declared range a valid vector would need a definition the catalog does not give; the
  // invalid ones must be refused, which the backend is asked to do.
  if (!plan.outside_range.empty() && test.result == Expected::Valid) return plan.outside_range;
  switch (plan.kind) {
    // AES-SIV with an empty aad: Wycheproof (like Tink) means one empty AD component, which S2V tells
    // apart from none (RFC 5297 section 3); test_kinds.cpp asks for it with "empty_ad=1".
    case K::RsaOaepDecrypt:
      if (!test.fields.hex("/label").empty() && !plan.algorithm->takes_label)
        return "non-empty OAEP label: " + std::string(plan.algorithm->name) + " takes no label";
      break;
    case K::Ecdh:
      if (auto curve = named_curve(group.fields.text("/curve").value_or(""));
          !curve || !ec_private_key_pkcs8(*curve, test.fields.hex("/private")))
        return "private key longer than the curve's order: it has no PKCS#8 form";
      break;
    case K::Pbkdf: {
      const ParamRule& rule = plan.algorithm->params.front();
      if (auto n = test.fields.integer("/iterationCount");
          !n || *n < 0 || static_cast<uint64_t>(*n) < rule.min || static_cast<uint64_t>(*n) > rule.max)
        return "iteration count outside " + std::to_string(rule.min) + ".." + std::to_string(rule.max);
      break;
    }
    // P1363 signatures of the wrong length: test_kinds.cpp hands them as they are to a backend whose
    // library takes P1363 ("p1363=1"); the others answer unsupported with their reason.
    default:
      break;
  }
  return std::nullopt;
}

}  // namespace ca::verify
