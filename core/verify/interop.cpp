#include "verify/interop.hpp"

#include <algorithm>

#include "verify/exchange.hpp"

namespace ca::verify {
namespace {

bool is_public_key(const AlgorithmInfo& a) {
  return a.family == Family::Signature || a.shape == CipherShape::RsaEncryption;
}

std::vector<size_t> message_sizes(const AlgorithmInfo& a, uint32_t bits) {
  std::vector<size_t> out;
  for (size_t s : {size_t{1}, size_t{16}, size_t{1003}}) {
    s = std::min(std::max(s, a.min_message), a.message_limit(bits));
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  }
  return out;
}

std::string size_text(size_t n) { return std::to_string(n) + "-byte message"; }

// Ciphers, hashes, MACs and KDFs: every backend keyed with the same key (KDFs: the same password and salt,
// the catalog's default costs) computes the same outputs, and for ciphers decrypts the others' ciphertexts.
std::vector<InteropCheck> same_key_checks(const AlgorithmInfo& a, uint32_t bits,
                                          const std::vector<const Backend*>& backends) {
  const bool cipher = a.family == Family::Cipher;
  const bool kdf = a.family == Family::Kdf;
  const int forward = a.family == Family::Hash  ? CA_OP_HASH
                      : a.family == Family::Mac ? CA_OP_MAC
                      : kdf                     ? CA_OP_DERIVE
                                                : CA_OP_ENCRYPT;
  const char* output_name = a.family == Family::Hash  ? "digest"
                            : a.family == Family::Mac ? "tag"
                            : kdf                     ? "derived key"
                                                      : "ciphertext";
  const char* forward_name = a.family == Family::Hash  ? "hash"
                             : a.family == Family::Mac ? "mac"
                             : kdf                     ? "derive"
                                                       : "encrypt";
  const Bytes key = a.family == Family::Hash || kdf ? Bytes{} : random_bytes(a.key_bytes(bits));
  const Bytes nonce = random_bytes(a.nonce_bytes);
  const Bytes aad = a.shape == CipherShape::Aead || a.shape == CipherShape::Siv ? random_bytes(20) : Bytes{};
  std::vector<Bytes> messages;
  for (size_t s : message_sizes(a, bits)) messages.push_back(random_bytes(s));

  struct Side {
    KeyedContext keyed;
    std::vector<Bytes> outputs;
    std::string problem;
  };
  std::vector<Side> sides(backends.size());
  for (size_t i = 0; i < backends.size(); ++i) {
    Side& side = sides[i];
    side.keyed = create_context(*backends[i], a, bits, key);
    if (!side.keyed) {
      side.problem = "key setup failed: " + side.keyed.error;
      continue;
    }
    for (const Bytes& m : messages) {
      OpResult r =
          run_operation(*side.keyed.context, forward, {m, nonce, aad, {}, a.output_capacity(bits, m.size())});
      if (!r.ok()) {
        side.problem = std::string(forward_name) + " of a " + size_text(m.size()) + ": " + r.describe();
        break;
      }
      side.outputs.push_back(std::move(r.output));
    }
  }

  std::vector<InteropCheck> checks;
  for (size_t i = 0; i < backends.size(); ++i)
    for (size_t j = 0; j < backends.size(); ++j) {
      if (i == j) continue;
      InteropCheck c{std::string(a.name), bits, backends[i]->name(), backends[j]->name(), false, ""};
      if (!sides[i].problem.empty()) {
        c.detail = c.from + ": " + sides[i].problem;
      } else if (!sides[j].problem.empty()) {
        c.detail = c.to + ": " + sides[j].problem;
      } else {
        for (size_t m = 0; m < messages.size() && c.detail.empty(); ++m) {
          if (sides[j].outputs[m] != sides[i].outputs[m]) {
            c.detail = c.to + "'s " + output_name + " of a " + size_text(messages[m].size()) +
                       " differs from " + c.from + "'s (" + hex_excerpt(sides[j].outputs[m]) + " vs " +
                       hex_excerpt(sides[i].outputs[m]) + ")";
            break;
          }
          if (!cipher) continue;
          OpResult back = run_operation(
              *sides[j].keyed.context, CA_OP_DECRYPT,
              {sides[i].outputs[m], nonce, aad, {}, a.output_capacity(bits, messages[m].size())});
          if (!back.ok())
            c.detail = c.to + " cannot decrypt " + c.from + "'s ciphertext of a " +
                       size_text(messages[m].size()) + ": " + back.describe();
          else if (back.output != messages[m])
            c.detail = c.to + " decrypts " + c.from + "'s ciphertext of a " + size_text(messages[m].size()) +
                       " to different bytes";
        }
      }
      c.ok = c.detail.empty();
      checks.push_back(std::move(c));
    }
  return checks;
}

// Signatures and RSA encryption: each backend makes a key pair; every other imports its public key.
std::vector<InteropCheck> public_key_checks(const AlgorithmInfo& a, uint32_t bits,
                                            const std::vector<const Backend*>& backends) {
  const bool signature = a.family == Family::Signature;
  const Bytes message = random_bytes(std::min<size_t>(100, a.message_limit(bits)));
  Bytes other_message = message;
  other_message[0] ^= 0x01;
  const size_t cap = a.output_capacity(bits, message.size());

  struct Owner {
    KeyedContext keyed;
    Bytes public_key;
    Bytes signature;
    std::string problem;
  };
  std::vector<Owner> owners(backends.size());
  for (size_t i = 0; i < backends.size(); ++i) {
    Owner& o = owners[i];
    o.keyed = create_context(*backends[i], a, bits);
    if (!o.keyed) {
      o.problem = "key generation failed: " + o.keyed.error;
      continue;
    }
    auto pub = o.keyed.context->export_key(CA_KEY_PUBLIC);
    if (!pub) {
      o.problem = "cannot export its public key: " + o.keyed.context->last_error();
      continue;
    }
    o.public_key = std::move(*pub);
    if (signature) {
      OpResult s = run_operation(*o.keyed.context, CA_OP_SIGN, {message, {}, {}, {}, cap});
      if (!s.ok())
        o.problem = "sign: " + s.describe();
      else
        o.signature = std::move(s.output);
    }
  }

  std::vector<InteropCheck> checks;
  for (size_t i = 0; i < backends.size(); ++i)
    for (size_t j = 0; j < backends.size(); ++j) {
      if (i == j) continue;
      InteropCheck c{std::string(a.name), bits, backends[i]->name(), backends[j]->name(), false, ""};
      const Owner& owner = owners[i];
      if (!owner.problem.empty()) {
        c.detail = c.from + ": " + owner.problem;
        checks.push_back(std::move(c));
        continue;
      }
      KeyedContext theirs = create_context(*backends[j], a, bits, {}, owner.public_key);
      if (!theirs) {
        c.detail = c.to + " cannot import " + c.from + "'s public key: " + theirs.error;
      } else if (signature) {
        OpResult v = run_operation(*theirs.context, CA_OP_VERIFY, {message, {}, {}, owner.signature, cap});
        OpResult forged =
            run_operation(*theirs.context, CA_OP_VERIFY, {other_message, {}, {}, owner.signature, cap});
        if (!v.ok())
          c.detail = c.to + " does not verify " + c.from + "'s signature: " + v.describe();
        else if (forged.ok())
          c.detail = c.to + " accepts " + c.from + "'s signature over a different message";
      } else {
        OpResult ct = run_operation(*theirs.context, CA_OP_ENCRYPT, {message, {}, {}, {}, cap});
        if (!ct.ok()) {
          c.detail = c.to + " cannot encrypt with " + c.from + "'s public key: " + ct.describe();
        } else {
          OpResult pt = run_operation(*owner.keyed.context, CA_OP_DECRYPT, {ct.output, {}, {}, {}, cap});
          if (!pt.ok())
            c.detail = c.from + " cannot decrypt what " + c.to + " encrypted to it: " + pt.describe();
          else if (pt.output != message)
            c.detail = c.from + " decrypts what " + c.to + " encrypted to it to different bytes";
        }
      }
      c.ok = c.detail.empty();
      checks.push_back(std::move(c));
    }
  return checks;
}

// Key agreement: each backend makes a key pair; for every pair, A's private key with B's public key and B's
// private key with A's public key give the same shared secret.
std::vector<InteropCheck> key_agreement_checks(const AlgorithmInfo& a, uint32_t bits,
                                               const std::vector<const Backend*>& backends) {
  struct Party {
    KeyedContext keyed;
    Bytes public_key;
    std::string problem;
  };
  std::vector<Party> parties(backends.size());
  for (size_t i = 0; i < backends.size(); ++i) {
    Party& p = parties[i];
    p.keyed = create_context(*backends[i], a, bits);
    if (!p.keyed) {
      p.problem = "key generation failed: " + p.keyed.error;
      continue;
    }
    auto pub = p.keyed.context->export_key(CA_KEY_PUBLIC);
    if (!pub)
      p.problem = "cannot export its public key: " + p.keyed.context->last_error();
    else
      p.public_key = std::move(*pub);
  }
  const size_t cap = a.output_capacity(bits, 0);
  std::vector<InteropCheck> checks;
  for (size_t i = 0; i < backends.size(); ++i)
    for (size_t j = 0; j < backends.size(); ++j) {
      if (i == j) continue;
      InteropCheck c{std::string(a.name), bits, backends[i]->name(), backends[j]->name(), false, ""};
      if (!parties[i].problem.empty()) {
        c.detail = c.from + ": " + parties[i].problem;
      } else if (!parties[j].problem.empty()) {
        c.detail = c.to + ": " + parties[j].problem;
      } else {
        OpResult theirs =
            run_operation(*parties[j].keyed.context, CA_OP_AGREE, {parties[i].public_key, {}, {}, {}, cap});
        OpResult ours =
            run_operation(*parties[i].keyed.context, CA_OP_AGREE, {parties[j].public_key, {}, {}, {}, cap});
        if (!theirs.ok())
          c.detail = c.to + " cannot agree with " + c.from + "'s public key: " + theirs.describe();
        else if (!ours.ok())
          c.detail = c.from + " cannot agree with " + c.to + "'s public key: " + ours.describe();
        else if (theirs.output != ours.output)
          c.detail = c.to + "'s shared secret with " + c.from + " differs from " + c.from + "'s with " +
                     c.to + " (" + hex_excerpt(theirs.output) + " vs " + hex_excerpt(ours.output) + ")";
      }
      c.ok = c.detail.empty();
      checks.push_back(std::move(c));
    }
  return checks;
}

}  // namespace

size_t InteropRun::failures() const {
  return static_cast<size_t>(
      std::count_if(checks.begin(), checks.end(), [](const auto& c) { return !c.ok; }));
}

std::vector<uint32_t> interop_key_sizes(const AlgorithmInfo& a) {
  if (a.key_bits.empty()) return {a.default_key_bits};  // RSA at 2048 bits; HMAC and KMAC at 256
  return a.key_bits;
}

std::vector<InteropCheck> interop_checks(const AlgorithmInfo& a, uint32_t bits,
                                         const std::vector<const Backend*>& backends) {
  std::vector<const Backend*> offering;
  for (const Backend* b : backends)
    if (!b->unsupported_reason(std::string(a.name), bits)) offering.push_back(b);
  if (offering.size() < 2) return {};
  if (a.family == Family::KeyAgreement) return key_agreement_checks(a, bits, offering);
  return is_public_key(a) ? public_key_checks(a, bits, offering) : same_key_checks(a, bits, offering);
}

InteropRun run_interop(const std::vector<const Backend*>& backends) {
  InteropRun run;
  for (const Backend* b : backends) run.backends.push_back(b->name());
  for (const AlgorithmInfo& a : catalog())
    for (uint32_t bits : interop_key_sizes(a)) {
      auto checks = interop_checks(a, bits, backends);
      run.checks.insert(run.checks.end(), std::make_move_iterator(checks.begin()),
                        std::make_move_iterator(checks.end()));
    }
  return run;
}

}  // namespace ca::verify
