#include "exec/self_test.hpp"

#include <algorithm>

#include "catalog/known_answers.hpp"
#include "exec/job_parts.hpp"
#include "exec/runner.hpp"

namespace ca {
namespace {

bool authenticates(const AlgorithmInfo& a) {
  return a.shape == CipherShape::Aead || a.shape == CipherShape::Siv || a.shape == CipherShape::RsaEncryption;
}

Result<void> check_known_answer(const Backend& b, const AlgorithmInfo& a, const KnownAnswer& ka) {
  const std::string where = "known answer [" + std::string(ka.source) + "]";
  auto key = from_hex(ka.key_hex), nonce = from_hex(ka.nonce_hex), aad = from_hex(ka.aad_hex),
       input = from_hex(ka.input_hex), expected = from_hex(ka.output_hex);
  if (!key || !nonce || !aad || !input || !expected)
    return Error{where + ": malformed hex in the vector table"};
  const auto resolved = resolve_params(a, ka.params);
  if (!resolved) return Error{where + ": " + resolved.error().message};
  const std::string& params = *resolved;
  ca_key_spec spec = key_spec(a, ka.key_bits, *key, {}, &params);
  auto created = b.create(spec);
  if (!created)
    return created.error().unsupported ? Result<void>()
                                       : Error{where + ": key setup failed: " + created.error().message};
  auto& ctx = *created;
  // A KDF derives exactly output_cap bytes: the vector's length, whatever the catalog's default.
  const size_t cap =
      a.family == Family::Kdf ? expected->size() : a.output_capacity(ka.key_bits, input->size());
  const int forward = a.family == Family::Hash           ? CA_OP_HASH
                      : a.family == Family::Signature    ? CA_OP_SIGN
                      : a.family == Family::Mac          ? CA_OP_MAC
                      : a.family == Family::Kdf          ? CA_OP_DERIVE
                      : a.family == Family::KeyAgreement ? CA_OP_AGREE
                                                         : CA_OP_ENCRYPT;
  Call got = call(*ctx, forward, *input, *nonce, *aad, {}, cap);
  if (got.status == CA_UNSUPPORTED) return {};  // e.g. a nonce size this library does not take
  if (got.status != CA_OK) return Error{where + ": " + status_text(*ctx, got.status)};
  if (got.output != *expected)
    return Error{where + ": output " + to_hex(got.output) + " differs from the expected " +
                 std::string(ka.output_hex)};
  if (a.family == Family::Cipher) {
    Call back = call(*ctx, CA_OP_DECRYPT, *expected, *nonce, *aad, {}, cap);
    if (back.status != CA_OK || back.output != *input)
      return Error{where + ": decryption did not give the plaintext"};
  } else if (a.family == Family::Signature) {
    Call v = call(*ctx, CA_OP_VERIFY, *input, *nonce, *aad, *expected, cap);
    if (v.status != CA_OK) return Error{where + ": the published signature did not verify"};
  }
  return {};
}

// A backend that offers CA_OP_ENCRYPT_STREAM for a cipher: two stream calls on a fresh context (1 KiB each,
// nonce given to the first; 1 KiB is a whole number of every block and update granularity in use) must equal
// the first 2 KiB of the per-message ciphertext of the 2 KiB message under the same key and nonce, without
// associated data (plugin_abi.h). Empty when it does, or when the backend offers no stream form.
Result<void> stream_check(const Backend& b, const AlgorithmInfo& a, uint32_t bits) {
  if (a.family != Family::Cipher || a.public_key()) return {};
  const Bytes key = random_bytes(a.key_bytes(bits)), nonce = random_bytes(a.nonce_bytes);
  constexpr size_t kHalf = 1024;
  const Bytes msg = random_bytes(2 * kHalf), no_aad;
  const ca_key_spec spec = key_spec(a, bits, key);
  auto stream_created = b.create(spec);
  if (!stream_created) return Error{"key setup failed: " + stream_created.error().message};
  auto& stream = *stream_created;
  if (stream->operation(CA_OP_ENCRYPT_STREAM) == nullptr) return {};
  auto whole_created = b.create(spec);
  if (!whole_created) return Error{"key setup failed: " + whole_created.error().message};
  auto& whole = *whole_created;
  Call ct = call(*whole, CA_OP_ENCRYPT, msg, nonce, no_aad, {}, a.output_capacity(bits, msg.size()));
  if (ct.status != CA_OK) return Error{"encrypt: " + status_text(*whole, ct.status)};
  Bytes streamed;
  for (size_t half = 0; half < 2; ++half) {
    const Bytes part(msg.begin() + static_cast<long>(kHalf * half),
                     msg.begin() + static_cast<long>(kHalf * (half + 1)));
    Call c = call(*stream, CA_OP_ENCRYPT_STREAM, part, nonce, no_aad, {}, part.size());
    if (c.status != CA_OK) return Error{"encrypt-stream: " + status_text(*stream, c.status)};
    if (c.output.size() != part.size())
      return Error{"encrypt-stream of " + std::to_string(part.size()) + " bytes wrote " +
                   std::to_string(c.output.size())};
    streamed.insert(streamed.end(), c.output.begin(), c.output.end());
  }
  if (ct.output.size() < streamed.size() || !std::equal(streamed.begin(), streamed.end(), ct.output.begin()))
    return Error{
        "encrypt-stream in two calls differs from the per-message ciphertext under the same key and nonce"};
  return {};
}

// RSAES-PKCS1-v1_5 whose decryption of a modified ciphertext succeeded (self_test.hpp): implicit rejection
// when the message is not the original and a second decryption gives the same one, the synthetic message
// being a function of the private key and the ciphertext (draft-irtf-cfrg-rsa-guidance, "Implicit
// Rejection"). A decryption that ignores the change, or one that returns a new message each time, fails.
Result<void> implicit_rejection(const Context& ctx, const Bytes& forged, const Bytes& nonce, const Bytes& aad,
                                const Bytes& original, const Bytes& first, size_t cap,
                                std::vector<std::string>* notes) {
  if (first == original) return Error{"a modified ciphertext decrypted to the original plaintext"};
  Call again = call(ctx, CA_OP_DECRYPT, forged, nonce, aad, {}, cap);
  if (again.status != CA_OK)
    return Error{"a modified ciphertext decrypted once and was refused the second time (" +
                 status_text(ctx, again.status) + ")"};
  if (again.output != first)
    return Error{
        "a modified ciphertext was accepted, and decrypting it twice gave two different messages "
        "(implicit rejection gives the same synthetic message each time)"};
  if (notes != nullptr)
    notes->push_back(
        "implicit rejection: a modified RSAES-PKCS1-v1_5 ciphertext decrypted without an error "
        "to a synthetic " +
        std::to_string(first.size()) +
        "-byte message, the same on a second decryption, as the Marvin-attack countermeasure "
        "does (draft-irtf-cfrg-rsa-guidance)");
  return {};
}

Result<void> round_trip(const Backend& b, const AlgorithmInfo& a, uint32_t bits,
                        std::vector<std::string>* notes) {
  auto created = make_context(b, a, bits);
  if (!created) return Error{"key setup failed: " + created.error().message};
  auto& ctx = *created;
  const size_t size = std::max(a.min_message, std::min<size_t>(1000, a.message_limit(bits)));
  Bytes msg = random_bytes(size), nonce = random_bytes(a.nonce_bytes);
  Bytes aad = authenticates(a) && !a.public_key() ? random_bytes(13) : Bytes{};
  const size_t cap = a.output_capacity(bits, size);
  switch (a.family) {
    case Family::Hash: {
      Call h1 = call(*ctx, CA_OP_HASH, msg, nonce, aad, {}, cap);
      Call h2 = call(*ctx, CA_OP_HASH, msg, nonce, aad, {}, cap);
      if (h1.status != CA_OK) return Error{"hash: " + status_text(*ctx, h1.status)};
      if (h1.output.size() != a.digest_bytes)
        return Error{"digest of " + std::to_string(h1.output.size()) + " bytes, expected " +
                     std::to_string(a.digest_bytes)};
      if (h1.output != h2.output) return Error{"hashing the same message twice gave different digests"};
      return {};
    }
    case Family::Mac: {
      Call t1 = call(*ctx, CA_OP_MAC, msg, nonce, aad, {}, cap);
      Call t2 = call(*ctx, CA_OP_MAC, msg, nonce, aad, {}, cap);
      if (t1.status != CA_OK) return Error{"mac: " + status_text(*ctx, t1.status)};
      if (t1.output.size() != a.digest_bytes)
        return Error{"tag of " + std::to_string(t1.output.size()) + " bytes, expected " +
                     std::to_string(a.digest_bytes)};
      if (t1.output != t2.output) return Error{"the same message gave two different tags"};
      Bytes other = msg;
      other[0] ^= 0x01;
      if (call(*ctx, CA_OP_MAC, other, nonce, aad, {}, cap).output == t1.output)
        return Error{"two different messages gave the same tag"};
      return {};
    }
    case Family::Cipher: {
      Call ct = call(*ctx, CA_OP_ENCRYPT, msg, nonce, aad, {}, cap);
      if (ct.status != CA_OK) return Error{"encrypt: " + status_text(*ctx, ct.status)};
      if (ct.output.size() >= msg.size() && std::equal(msg.begin(), msg.end(), ct.output.begin()))
        return Error{"ciphertext equals the plaintext"};
      Call pt = call(*ctx, CA_OP_DECRYPT, ct.output, nonce, aad, {}, cap);
      if (pt.status != CA_OK) return Error{"decrypt: " + status_text(*ctx, pt.status)};
      if (pt.output != msg) return Error{"decrypt(encrypt(m)) != m"};
      if (authenticates(a)) {
        Bytes forged = ct.output;
        forged[forged.size() / 2] ^= 0x01;
        Call bad = call(*ctx, CA_OP_DECRYPT, forged, nonce, aad, {}, cap);
        if (bad.status == CA_OK && a.implicit_rejection)  // OAEP and the AEADs must refuse
          return implicit_rejection(*ctx, forged, nonce, aad, msg, bad.output, cap, notes);
        if (bad.status == CA_OK) return Error{"a modified ciphertext was accepted"};
      }
      return {};
    }
    case Family::Kdf: {
      // Deterministic, of the catalog's length, and dependent on the salt.
      Call k1 = call(*ctx, CA_OP_DERIVE, msg, nonce, aad, {}, a.digest_bytes);
      Call k2 = call(*ctx, CA_OP_DERIVE, msg, nonce, aad, {}, a.digest_bytes);
      if (k1.status != CA_OK) return Error{"derive: " + status_text(*ctx, k1.status)};
      if (k1.output.size() != a.digest_bytes)
        return Error{"derived " + std::to_string(k1.output.size()) + " bytes, expected " +
                     std::to_string(a.digest_bytes)};
      if (k1.output != k2.output) return Error{"deriving twice from the same inputs gave different keys"};
      Bytes other_salt = nonce;
      other_salt[0] ^= 0x01;
      if (call(*ctx, CA_OP_DERIVE, msg, other_salt, aad, {}, a.digest_bytes).output == k1.output)
        return Error{"two different salts gave the same key"};
      return {};
    }
    case Family::KeyAgreement: {
      // Both sides of a fresh exchange derive the same secret of the catalog's length.
      auto peer_created = make_context(b, a, bits);
      if (!peer_created) return Error{"key setup of the peer failed: " + peer_created.error().message};
      auto& peer = *peer_created;
      auto mine_pub = ctx->export_key(CA_KEY_PUBLIC), peer_pub = peer->export_key(CA_KEY_PUBLIC);
      if (!mine_pub || !peer_pub) return Error{"the public key could not be exported"};
      Call s1 = call(*ctx, CA_OP_AGREE, *peer_pub, nonce, aad, {}, cap);
      Call s2 = call(*peer, CA_OP_AGREE, *mine_pub, nonce, aad, {}, cap);
      if (s1.status != CA_OK) return Error{"agree: " + status_text(*ctx, s1.status)};
      if (s2.status != CA_OK) return Error{"agree (peer): " + status_text(*peer, s2.status)};
      if (s1.output.size() != a.digest_bytes)
        return Error{"shared secret of " + std::to_string(s1.output.size()) + " bytes, expected " +
                     std::to_string(a.digest_bytes)};
      if (s1.output != s2.output) return Error{"the two sides of an exchange derived different secrets"};
      return {};
    }
    case Family::Signature: {
      Call sig = call(*ctx, CA_OP_SIGN, msg, nonce, aad, {}, cap);
      if (sig.status != CA_OK) return Error{"sign: " + status_text(*ctx, sig.status)};
      Call ok = call(*ctx, CA_OP_VERIFY, msg, nonce, aad, sig.output, cap);
      if (ok.status != CA_OK)
        return Error{"a fresh signature did not verify: " + status_text(*ctx, ok.status)};
      Bytes other = msg;
      other[0] ^= 0x01;
      Call bad = call(*ctx, CA_OP_VERIFY, other, nonce, aad, sig.output, cap);
      if (bad.status != CA_REJECTED) return Error{"a signature verified over a different message"};
      Bytes forged = sig.output;
      forged[forged.size() / 2] ^= 0x01;
      Call bad2 = call(*ctx, CA_OP_VERIFY, msg, nonce, aad, forged, cap);
      if (bad2.status == CA_OK) return Error{"a modified signature was accepted"};
      return {};
    }
  }
  return {};
}

// keygen: two fresh public keys differ and each imports into a public-key context; for key agreement the
// test context also agrees with the first, so the generated key is a working key of the algorithm.
Result<void> keygen_check(const Backend& b, const AlgorithmInfo& a, uint32_t bits) {
  auto created = make_context(b, a, bits);
  if (!created) return Error{"key setup failed: " + created.error().message};
  auto& ctx = *created;
  if (ctx->operation(CA_OP_KEYGEN) == nullptr) return {};
  const size_t cap = a.output_capacity(bits, 0);
  const Bytes none;
  Call k1 = call(*ctx, CA_OP_KEYGEN, none, none, none, {}, cap);
  Call k2 = call(*ctx, CA_OP_KEYGEN, none, none, none, {}, cap);
  if (k1.status != CA_OK) return Error{"keygen: " + status_text(*ctx, k1.status)};
  if (k2.status != CA_OK) return Error{"keygen: " + status_text(*ctx, k2.status)};
  if (k1.output.empty() || k1.output == k2.output) return Error{"keygen gave the same public key twice"};
  if (auto imported = b.create(key_spec(a, bits, {}, k1.output)); !imported)
    return Error{"a generated public key does not import: " + imported.error().message};
  if (a.family == Family::KeyAgreement) {
    Call s = call(*ctx, CA_OP_AGREE, k1.output, none, none, {}, cap);
    if (s.status != CA_OK || s.output.size() != a.digest_bytes)
      return Error{"agreement with a generated public key failed: " + status_text(*ctx, s.status)};
  }
  return {};
}

}  // namespace

Result<void> self_test(const Backend& backend, const AlgorithmInfo& a, uint32_t bits, bool keygen) {
  return self_test(backend, a, bits, keygen, known_answers());
}

Result<void> self_test(const Backend& backend, const AlgorithmInfo& a, uint32_t bits, bool keygen,
                       std::span<const KnownAnswer> answers, std::vector<std::string>* notes) {
  for (const KnownAnswer& ka : answers) {
    if (ka.algorithm != a.name || ka.key_bits != bits) continue;
    if (Result<void> e = check_known_answer(backend, a, ka); !e) return e;
  }
  if (Result<void> e = round_trip(backend, a, bits, notes); !e)
    return Error{"self-test: " + e.error().message};
  if (Result<void> e = stream_check(backend, a, bits); !e)
    return Error{"self-test (stream form): " + e.error().message};
  if (keygen)
    if (Result<void> e = keygen_check(backend, a, bits); !e)
      return Error{"self-test (keygen): " + e.error().message};
  return {};
}

}  // namespace ca
