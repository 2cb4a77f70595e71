#include "verify/test_kinds.hpp"

#include "verify/ec_private_key.hpp"
#include "verify/ecdsa_der.hpp"

namespace ca::verify {
namespace {

Bytes concat(const Bytes& a, const Bytes& b) {
  Bytes out = a;
  out.insert(out.end(), b.begin(), b.end());
  return out;
}

void add(std::string& detail, const std::string& problem) {
  detail += (detail.empty() ? "" : "; ") + problem;
}

// A key the backend would not set up: unsupported -> skipped; refused -> an invalid test is rejected, a
// valid one fails.
Observation key_failure(const KeyedContext& k, const char* what) {
  Observation o;
  if (k.unsupported)
    o.skipped = k.error;
  else
    o.detail = std::string(what) + " setup failed: " + k.error;
  return o;
}

std::string mismatch(const char* op, const Bytes& got, const Bytes& expected) {
  return std::string(op) + " gave " + hex_excerpt(got) + ", expected " + hex_excerpt(expected);
}

}  // namespace

Observation GroupRunner::refused(const std::string& why) {
  Observation o;
  o.accepted = false;
  o.detail = "refused: " + why;
  return o;
}

Observation GroupRunner::unsupported(const std::string& why) const {
  if (!plan_.outside_range.empty()) return refused(why);
  Observation o;
  o.skipped = why;
  return o;
}

Observation GroupRunner::run(const VectorTest& test) {
  switch (plan_.kind) {
    case TestKind::Aead:
    case TestKind::Daead:
    case TestKind::IndCpa:
      return cipher(test);
    case TestKind::Mac:
    case TestKind::MacWithIv:
      return mac(test);
    case TestKind::EcdsaDer:
    case TestKind::EcdsaP1363:
    case TestKind::Eddsa:
    case TestKind::RsaSignature:
      return signature(test);
    case TestKind::RsaOaepDecrypt:
      return oaep(test);
    case TestKind::Xdh:
    case TestKind::Ecdh:
      return agreement(test);
    case TestKind::Hkdf:
    case TestKind::Pbkdf:
      return derivation(test);
    case TestKind::NoRunner:
      break;
  }
  Observation o;
  o.skipped = "verify cannot run " + group_.type + " tests yet";
  return o;
}

// AEAD, deterministic AEAD and unauthenticated ciphers: decrypt the vector's ciphertext; for valid tests
// also encrypt its message and compare byte for byte.
Observation GroupRunner::cipher(const VectorTest& t) {
  const AlgorithmInfo& a = *plan_.algorithm;
  const Fields& f = t.fields;
  const Bytes none;
  Bytes nonce = plan_.kind == TestKind::Daead ? none : f.hex("/iv");
  if (plan_.zero_pad_iv && nonce.size() < a.nonce_bytes) nonce.resize(a.nonce_bytes, 0);
  const Bytes& aad = plan_.kind == TestKind::IndCpa ? none : f.hex("/aad");
  const Bytes& msg = f.hex("/msg");
  // Our output layout (docs/CATALOG.md): ciphertext || tag, except AES-SIV: V || ciphertext.
  Bytes sealed = f.hex("/ct");
  if (plan_.kind == TestKind::Aead)
    sealed = a.shape == CipherShape::Siv ? concat(f.hex("/tag"), sealed) : concat(sealed, f.hex("/tag"));

  // AES-SIV with an empty aad: Wycheproof means one empty AD component (RFC 5297 section 3), which our
  // AES-SIV's default reads as none; "empty_ad=1" asks the backend for the one empty component.
  std::string params = plan_.params;
  if (a.shape == CipherShape::Siv && plan_.kind != TestKind::IndCpa && aad.empty())
    params += (params.empty() ? "" : ",") + std::string("empty_ad=1");
  auto k = create_context(backend_, a, plan_.key_bits, f.hex("/key"), {}, params);
  if (!k && k.unsupported) return unsupported(k.error);
  if (!k) return key_failure(k, "key");
  Observation o;
  const OpResult dec = run_operation(*k.context, CA_OP_DECRYPT, {sealed, nonce, aad, {}, 0});
  if (dec.status == CA_UNSUPPORTED) return unsupported("decrypt: " + dec.error);
  o.accepted = dec.ok();
  if (t.result != Expected::Valid) {
    if (dec.ok())
      o.detail = "decrypt accepted the invalid ciphertext and returned " + hex_excerpt(dec.output);
    return o;
  }
  const OpResult enc = run_operation(*k.context, CA_OP_ENCRYPT, {msg, nonce, aad, {}, 0});
  if (enc.status == CA_UNSUPPORTED) return unsupported("encrypt: " + enc.error);
  if (!enc.ok())
    add(o.detail, "encrypt: " + enc.describe());
  else if (enc.output != sealed)
    add(o.detail, mismatch("encrypt", enc.output, sealed));
  if (!dec.ok())
    add(o.detail, "decrypt: " + dec.describe());
  else if (dec.output != msg)
    add(o.detail, mismatch("decrypt", dec.output, msg));
  o.correct = o.detail.empty();
  return o;
}

// MACs have one direction: compute the tag and compare; an invalid vector's tag must not come out.
Observation GroupRunner::mac(const VectorTest& t) {
  const Fields& f = t.fields;
  const Bytes none;
  const Bytes& nonce = plan_.kind == TestKind::MacWithIv ? f.hex("/iv") : none;
  const Bytes& expected = f.hex("/tag");
  auto k = create_context(backend_, *plan_.algorithm, plan_.key_bits, f.hex("/key"), {}, plan_.params);
  if (!k && k.unsupported) return unsupported(k.error);
  if (!k) return key_failure(k, "key");
  Observation o;
  OpResult m = run_operation(*k.context, CA_OP_MAC, {f.hex("/msg"), nonce, {}, {}, 0});
  if (m.status == CA_UNSUPPORTED) return unsupported("mac: " + m.error);
  // A truncated tag is the full tag's leftmost bytes (catalog: tag_truncates).
  if (plan_.truncated_tag != 0 && m.ok() && m.output.size() > plan_.truncated_tag)
    m.output.resize(plan_.truncated_tag);
  o.accepted = m.ok() && m.output == expected;
  o.correct = o.accepted;
  if (t.result == Expected::Valid && !m.ok()) o.detail = "mac: " + m.describe();
  if (t.result == Expected::Valid && m.ok() && !o.accepted) o.detail = mismatch("mac", m.output, expected);
  if (t.result != Expected::Valid && o.accepted) o.detail = "mac computed the invalid vector's tag";
  return o;
}

Observation GroupRunner::signature(const VectorTest& t) {
  Bytes sig = t.fields.hex("/sig");
  Observation o;
  const KeyedContext* key = nullptr;
  if (plan_.kind == TestKind::EcdsaP1363) {
    // A backend whose library takes P1363 signatures ("p1363=1") gets every signature as it is, of any
    // length, and its library must reject the wrong ones. The others take DER: a signature of the right
    // length is converted (core/verify/ecdsa_der.cpp); one of the wrong length has no DER form, and
    // refusing it would be the conversion's doing, not the library's, so the test is skipped with the
    // backend's reason for not taking P1363.
    const KeyedContext& raw = p1363_key();
    if (!raw && !raw.unsupported) return key_failure(raw, "public key");
    if (raw) {
      key = &raw;
    } else if (auto der = p1363_to_der(sig, p1363_coordinate_bytes(group_))) {
      sig = std::move(*der);
    } else {
      o.skipped = raw.error;
      return o;
    }
  }
  const KeyedContext& k = key != nullptr ? *key : group_key();
  if (!k) return key_failure(k, "public key");
  const OpResult v = run_operation(*k.context, CA_OP_VERIFY, {t.fields.hex("/msg"), {}, {}, sig, 0});
  if (v.status == CA_UNSUPPORTED) {
    o.skipped = "verify: " + v.error;
    return o;
  }
  o.accepted = v.ok();
  o.correct = o.accepted;
  if (t.result == Expected::Valid && !v.ok()) o.detail = "verify: " + v.describe();
  if (t.result != Expected::Valid && v.ok()) o.detail = "verify accepted the invalid signature";
  return o;
}

Observation GroupRunner::oaep(const VectorTest& t) {
  Observation o;
  const KeyedContext& k = group_key();
  if (!k) return key_failure(k, "private key");
  const Bytes& msg = t.fields.hex("/msg");
  // The OAEP label (RFC 8017 L) goes in as the associated data (plugin_abi.h, catalog takes_label).
  const OpResult dec =
      run_operation(*k.context, CA_OP_DECRYPT, {t.fields.hex("/ct"), {}, t.fields.hex("/label"), {}, 0});
  if (dec.status == CA_UNSUPPORTED) {
    o.skipped = "decrypt: " + dec.error;
    return o;
  }
  o.accepted = dec.ok();
  o.correct = dec.ok() && dec.output == msg;
  if (t.result == Expected::Valid && !dec.ok()) o.detail = "decrypt: " + dec.describe();
  if (t.result == Expected::Valid && dec.ok() && !o.correct) o.detail = mismatch("decrypt", dec.output, msg);
  if (t.result != Expected::Valid && dec.ok())
    o.detail = "decrypt accepted the invalid ciphertext and returned " + hex_excerpt(dec.output);
  return o;
}

// Key agreement: each test has its own private key, so each gets its own context. A public key the backend
// refuses (agree fails) rejects the test; a private key it refuses at create() does too.
Observation GroupRunner::agreement(const VectorTest& t) {
  const AlgorithmInfo& a = *plan_.algorithm;
  const Fields& f = t.fields;
  Bytes private_key = f.hex("/private");
  if (plan_.kind == TestKind::Ecdh) {
    // test_skip_reason() has set aside scalars that do not fit the curve.
    auto curve = named_curve(group_.fields.text("/curve").value_or(""));
    auto pkcs8 = curve ? ec_private_key_pkcs8(*curve, private_key) : std::nullopt;
    if (!pkcs8) {
      Observation o;
      o.skipped = "private key has no PKCS#8 form";
      return o;
    }
    private_key = std::move(*pkcs8);
  }
  auto k = create_context(backend_, a, plan_.key_bits, private_key);
  if (!k) return key_failure(k, "private key");
  const Bytes& expected = f.hex("/shared");
  const OpResult r =
      run_operation(*k.context, CA_OP_AGREE, {f.hex("/public"), {}, {}, {}, a.digest_bytes + 64});
  Observation o;
  if (r.status == CA_UNSUPPORTED) {
    o.skipped = "agree: " + r.error;
    return o;
  }
  o.accepted = r.ok();
  o.correct = r.ok() && r.output == expected;
  if (t.result == Expected::Valid && !r.ok()) o.detail = "agree: " + r.describe();
  if (t.result == Expected::Valid && r.ok() && !o.correct) o.detail = mismatch("agree", r.output, expected);
  if (t.result != Expected::Valid && r.ok())
    o.detail = "agree accepted the invalid public key and returned " + hex_excerpt(r.output);
  return o;
}

// KDFs: derive exactly the test's output length (output_cap, plugin_abi.h); salt in nonce, HKDF's info in
// aad, PBKDF2's iteration count as the params the benchmark would pass.
Observation GroupRunner::derivation(const VectorTest& t) {
  const Fields& f = t.fields;
  const bool hkdf = plan_.kind == TestKind::Hkdf;
  const int64_t length = f.integer(hkdf ? "/size" : "/dkLen").value_or(0);
  const std::string params =
      hkdf ? std::string() : "iterations=" + std::to_string(f.integer("/iterationCount").value_or(0));
  Observation o;
  if (length <= 0) {
    o.skipped = "no output length";
    return o;
  }
  auto k = create_context(backend_, *plan_.algorithm, plan_.key_bits, {}, {}, params);
  if (!k) return key_failure(k, "KDF");
  const Bytes none;
  const Bytes& expected = f.hex(hkdf ? "/okm" : "/dk");
  const OpResult r = run_operation(*k.context, CA_OP_DERIVE,
                                   {f.hex(hkdf ? "/ikm" : "/password"),
                                    f.hex("/salt"),
                                    hkdf ? f.hex("/info") : none,
                                    {},
                                    static_cast<size_t>(length)});
  if (r.status == CA_UNSUPPORTED) {
    o.skipped = "derive: " + r.error;
    return o;
  }
  o.accepted = r.ok();
  o.correct = r.ok() && r.output == expected;
  if (t.result == Expected::Valid && !r.ok()) o.detail = "derive: " + r.describe();
  if (t.result == Expected::Valid && r.ok() && !o.correct) o.detail = mismatch("derive", r.output, expected);
  if (t.result != Expected::Valid && r.ok())
    o.detail = "derive accepted the invalid request and returned " + hex_excerpt(r.output);
  return o;
}

const KeyedContext& GroupRunner::p1363_key() {
  if (!p1363_key_)
    p1363_key_ = create_context(backend_, *plan_.algorithm, plan_.key_bits, {},
                                group_.fields.hex("/publicKeyDer"), "p1363=1");
  return *p1363_key_;
}

const KeyedContext& GroupRunner::group_key() {
  if (!group_key_) {
    const AlgorithmInfo& a = *plan_.algorithm;
    const Fields& f = group_.fields;
    switch (plan_.kind) {
      case TestKind::RsaOaepDecrypt:
        group_key_ = create_context(backend_, a, plan_.key_bits, f.hex("/privateKeyPkcs8"));
        break;
      case TestKind::Eddsa:
        group_key_ = create_context(backend_, a, plan_.key_bits, {}, f.hex("/publicKey/pk"));
        break;
      default:
        group_key_ = create_context(backend_, a, plan_.key_bits, {}, f.hex("/publicKeyDer"));
        break;
    }
  }
  return *group_key_;
}

}  // namespace ca::verify
