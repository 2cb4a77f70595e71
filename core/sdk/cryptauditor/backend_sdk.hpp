// C++ helpers for writing a cryptauditor backend. Everything a third party needs: include this header (it
// includes plugin_abi.h), describe the algorithms as rows, and invoke CRYPTAUDITOR_BACKEND once.
//
//   struct MyGcm {                       // one context: key set up in the constructor
//     explicit MyGcm(const ca_key_spec& spec);
//     int encrypt(ca_io& io);            // any of encrypt / decrypt / hash / sign / verify / mac /
//                                        // encrypt_stream / derive / agree / keygen (plugin_abi.h)
//     int decrypt(ca_io& io);
//     bool offers(int op) const;         // optional: drop operations this instance cannot do
//     std::vector<uint8_t> export_key(int part);  // optional: public-key contexts
//   };
//   const ca::sdk::Row kRows[] = {{"AES-GCM", ca::sdk::make_factory<MyGcm>()}};  // the catalog's key sizes
//   CRYPTAUDITOR_BACKEND("mylib", "MyLib", my_version, my_acceleration, kRows)
//
// A library that decides some Wycheproof tests differently from the vector, by its own behaviour, declares
// them with the versions they were seen in (docs/VERIFY.md), before CRYPTAUDITOR_BACKEND:
//
//   inline constexpr ca_deviation kDeviations[] = {
//       {"ed25519_test.json", 63, {"2.19", "2.19"}, "does not check S < L (RFC 8032 5.1.7)"}};
//   CRYPTAUDITOR_DEVIATIONS(kDeviations)
//
// The header turns each context's member functions into plain function pointers, one per operation, and into
// repeat loops (ca_repeat_fn) that call the method directly, so a timed batch is one call into the plugin and
// no virtual dispatch or std::function sits on top.
// Exceptions thrown by a context are caught at the boundary and become CA_FAILED with their message.
#pragma once

#include <algorithm>
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#endif
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <initializer_list>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "cryptauditor/catalog_view.hpp"
#include "cryptauditor/plugin_abi.h"

namespace ca::sdk {

/// Thrown inside a context when the library does not offer a parameter (becomes CA_UNSUPPORTED).
struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Thrown inside a context when a tag, padding or signature does not verify (becomes CA_REJECTED, with the
/// message available through last_error()).
struct Rejected : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Which key sizes a row accepts: an explicit list, or a range with a step (RSA).
struct KeyBits {
  std::vector<uint32_t> values;
  uint32_t min = 0, max = 0, step = 0;

  static KeyBits list(std::initializer_list<uint32_t> v) {
    return KeyBits{std::vector<uint32_t>(v), 0, 0, 0};
  }
  static KeyBits range(uint32_t lo, uint32_t hi, uint32_t step) { return KeyBits{{}, lo, hi, step}; }
  /// The key sizes the catalog allows for a canonical name (catalog_view.hpp); none for another name.
  static KeyBits of_catalog(const char* algorithm) {
    const catalog::Entry* e = catalog::find(algorithm);
    if (e == nullptr) return KeyBits{};
    if (e->key_count == 0) return range(e->key_min, e->key_max, e->key_step);
    return KeyBits{std::vector<uint32_t>(e->key_bits, e->key_bits + e->key_count), 0, 0, 0};
  }

  bool allows(uint32_t bits) const {
    if (!values.empty()) return std::find(values.begin(), values.end(), bits) != values.end();
    return bits >= min && bits <= max && step != 0 && (bits - min) % step == 0;
  }
  std::string describe() const {
    std::string out;
    if (!values.empty()) {
      for (auto v : values) out += (out.empty() ? "" : ", ") + std::to_string(v);
      return out;
    }
    return std::to_string(min) + ".." + std::to_string(max) + " in steps of " + std::to_string(step);
  }
};

/// Base of every context the SDK creates: holds the message returned by last_error().
struct ContextBase {
  std::string error;
  ca_operation_fn ops[CA_OP_COUNT_] = {};
  ca_repeat_fn repeats[CA_OP_COUNT_] = {};
  int (*export_fn)(ContextBase*, int, std::vector<uint8_t>&) = nullptr;
  virtual ~ContextBase() = default;
};

template <class T>
struct Holder final : ContextBase {
  T impl;
  template <class... A>
  explicit Holder(A&&... a) : impl(std::forward<A>(a)...) {}
};

using Factory = std::function<std::unique_ptr<ContextBase>(const ca_key_spec&)>;

/// A row's availability on this machine: nullptr when the row can run, else the reason it cannot (a
/// library's implementation that needs a CPU feature, e.g. libsodium's AES-256-GCM without AES-NI).
/// supports() and create() answer CA_UNSUPPORTED with that reason.
using Availability = const char* (*)();

/// Which lengths (bytes) of a parameter a row's library takes beyond the catalog's default, always within
/// the catalog's declared range (catalog_view.hpp). Left unset, a row takes only the catalog's default:
/// an adapter that has not been taught a parameter answers CA_UNSUPPORTED for it instead of ignoring it.
struct Lengths {
  size_t min = 0, max = 0, step = 1;
  bool set = false;

  /// Every length the catalog declares.
  static Lengths catalog() { return Lengths{0, SIZE_MAX, 1, true}; }
  static Lengths range(size_t lo, size_t hi, size_t step_bytes = 1) {
    return Lengths{lo, hi, step_bytes, true};
  }
  bool allows(size_t n, size_t catalog_default) const {
    if (!set) return n == catalog_default;
    return n >= min && n <= max && step != 0 && (n - min) % step == 0;
  }
  std::string describe(size_t catalog_default) const {
    if (!set) return std::to_string(catalog_default);
    if (max == SIZE_MAX) return "the catalog's";
    return std::to_string(min) + ".." + std::to_string(max) +
           (step == 1 ? "" : " in steps of " + std::to_string(step));
  }
};

/// The parameter lengths a row takes: `{"AES-GCM", aead(...),
/// sdk::Takes::tag_lengths(sdk::Lengths::catalog())}`. The chosen values reach the context in its key spec's
/// params ("tag=12", "nonce=8": tag_length() and nonce_length() below), and every message's nonce has the
/// chosen length.
struct Takes {
  Lengths tags;
  Lengths nonces;
  /// AES-SIV: "empty_ad=1" (plugin_abi.h), an empty aad is one empty AD component (RFC 5297 section 3),
  /// which the row's library can express.
  bool empty_ad_component = false;
  /// ECDSA: "p1363=1" (plugin_abi.h), signatures as IEEE P1363 r || s, which the row's library takes and
  /// checks itself (its length included), with no conversion in the adapter.
  bool p1363_signatures = false;

  /// Other nonce lengths only, or other tag lengths only (the other parameter: the default alone).
  static Takes nonce_lengths(Lengths n) { return Takes{Lengths{}, n}; }
  static Takes tag_lengths(Lengths t) { return Takes{t, Lengths{}}; }
};

/// One algorithm this backend offers: `{"AES-GCM", make_factory<Gcm>()}` takes the catalog's key sizes;
/// `{"AES-GCM", KeyBits::list({256}), make_factory<Gcm>()}` states the library's restriction instead.
struct Row {
  const char* algorithm;  // canonical catalog name
  KeyBits key_bits;
  Factory factory;
  Availability unavailable = nullptr;  // optional: asked before the key sizes
  Takes takes;                         // optional: tag and nonce lengths beyond the catalog's defaults

  Row(const char* name, Factory make, Availability unavailable_reason = nullptr)
      : algorithm(name),
        key_bits(KeyBits::of_catalog(name)),
        factory(std::move(make)),
        unavailable(unavailable_reason) {}
  Row(const char* name, KeyBits restriction, Factory make, Availability unavailable_reason = nullptr)
      : algorithm(name),
        key_bits(std::move(restriction)),
        factory(std::move(make)),
        unavailable(unavailable_reason) {}
  Row(const char* name, Factory make, Takes lengths, Availability unavailable_reason = nullptr)
      : algorithm(name),
        key_bits(KeyBits::of_catalog(name)),
        factory(std::move(make)),
        unavailable(unavailable_reason),
        takes(lengths) {}
  Row(const char* name, KeyBits restriction, Factory make, Takes lengths,
      Availability unavailable_reason = nullptr)
      : algorithm(name),
        key_bits(std::move(restriction)),
        factory(std::move(make)),
        unavailable(unavailable_reason),
        takes(lengths) {}
};

/// The catalog's nonce (IV, salt) length of an algorithm in bytes; 0 for a name outside the catalog.
inline size_t nonce_bytes(const char* algorithm) {
  const catalog::Entry* e = catalog::find(algorithm);
  return e == nullptr ? 0 : e->nonce_bytes;
}
/// The catalog's own spelling of a canonical name, a string with static storage (a context may keep the
/// pointer); the name itself when it is not a catalog name.
inline const char* catalog_name(const char* algorithm) {
  const catalog::Entry* e = catalog::find(algorithm);
  return e == nullptr ? algorithm : e->name.data();
}
/// The catalog's digest, MAC tag, derived-key or shared-secret length in bytes; 0 outside the catalog.
inline size_t digest_bytes(const char* algorithm) {
  const catalog::Entry* e = catalog::find(algorithm);
  return e == nullptr ? 0 : e->digest_bytes;
}
/// The symmetric key length in bytes the catalog gives a spec's algorithm and key size (AES-SIV and AES-XTS
/// take two keys); 0 outside the catalog.
inline size_t catalog_key_bytes(const ca_key_spec& spec) {
  const catalog::Entry* e = catalog::find(spec.algorithm);
  return e == nullptr ? 0 : size_t{e->key_parts} * spec.key_bits / 8;
}
/// The catalog's AEAD tag length in bytes (SIV: the synthetic IV); 0 for other algorithms.
inline size_t tag_bytes(const char* algorithm) {
  const catalog::Entry* e = catalog::find(algorithm);
  return e == nullptr ? 0 : e->tag_bytes;
}

/// Whether the catalog's definition of an algorithm takes a nonce of n bytes (false outside the catalog).
inline bool allows_nonce(const char* algorithm, size_t n) {
  const catalog::Entry* e = catalog::find(algorithm);
  return e != nullptr && n >= e->nonce_min && n <= e->nonce_max;
}
/// Whether it takes an AEAD or MAC tag of n bytes.
inline bool allows_tag(const char* algorithm, size_t n) {
  const catalog::Entry* e = catalog::find(algorithm);
  return e != nullptr && n >= e->tag_min && n <= e->tag_max && (n - e->tag_min) % e->tag_step == 0;
}
/// The catalog's full tag: the AEAD tag, else the MAC tag (digest) length.
inline size_t default_tag_bytes(const char* algorithm) {
  return tag_bytes(algorithm) != 0 ? tag_bytes(algorithm) : digest_bytes(algorithm);
}

namespace detail {

inline void copy_message(char* dst, size_t cap, std::string_view msg) {
  if (dst == nullptr || cap == 0) return;
  size_t n = std::min(cap - 1, msg.size());
  std::memcpy(dst, msg.data(), n);
  dst[n] = '\0';
}

template <class T, int (T::*Method)(ca_io&)>
int trampoline(ca_context* c, ca_io* io) noexcept {
  auto* holder = reinterpret_cast<Holder<T>*>(c);
  try {
    return (holder->impl.*Method)(*io);
  } catch (const Unsupported& e) {
    holder->error = e.what();
    return CA_UNSUPPORTED;
  } catch (const Rejected& e) {
    holder->error = e.what();
    return CA_REJECTED;
  } catch (const std::exception& e) {
    holder->error = e.what();
    return CA_FAILED;
  } catch (...) {
    holder->error = "unknown exception";
    return CA_FAILED;
  }
}

// The repeat form (plugin_abi.h, ca_repeat_fn): the loop runs here, calling the method directly, so the
// compiler can inline it as in a hand-written loop. It returns the first status that is not CA_OK (an OR
// of two codes would name a third: UNSUPPORTED | FAILED reads as REJECTED); an exception ends the batch
// with the status trampoline() would have returned.
template <class T, int (T::*Method)(ca_io&)>
int repeat_trampoline(ca_context* c, ca_io* ios, size_t n_ios, size_t* cursor, uint64_t count) noexcept {
  auto* holder = reinterpret_cast<Holder<T>*>(c);
  size_t i = *cursor;
  int status = CA_OK;
  try {
    for (uint64_t k = 0; k < count; ++k) {
      const int st = (holder->impl.*Method)(ios[i]);
      status = status == CA_OK ? st : status;  // a conditional move, no branch in the timed loop
      if (++i == n_ios) i = 0;
    }
  } catch (...) {
    // One more call through trampoline() records the message and maps the exception to its status.
    const int st = trampoline<T, Method>(c, &ios[i]);
    if (status == CA_OK) status = st != CA_OK ? st : CA_FAILED;
  }
  *cursor = i;
  return status;
}

// Both forms of one method, as operation op of a context.
template <class T, int (T::*Method)(ca_io&)>
void bind(ContextBase& holder, int op) {
  holder.ops[op] = &trampoline<T, Method>;
  holder.repeats[op] = &repeat_trampoline<T, Method>;
}

template <class T>
int export_trampoline(ContextBase* c, int part, std::vector<uint8_t>& out) {
  out = static_cast<Holder<T>*>(c)->impl.export_key(part);
  return CA_OK;
}

}  // namespace detail

/// Builds the factory for context type T, constructed as T(const ca_key_spec&).
template <class T, class... Extra>
Factory make_factory(Extra... extra) {
  return [=](const ca_key_spec& spec) -> std::unique_ptr<ContextBase> {
    auto holder = std::make_unique<Holder<T>>(spec, extra...);
    if constexpr (requires(T t, ca_io & io) { t.encrypt(io); })
      detail::bind<T, &T::encrypt>(*holder, CA_OP_ENCRYPT);
    if constexpr (requires(T t, ca_io & io) { t.decrypt(io); })
      detail::bind<T, &T::decrypt>(*holder, CA_OP_DECRYPT);
    if constexpr (requires(T t, ca_io & io) { t.hash(io); }) detail::bind<T, &T::hash>(*holder, CA_OP_HASH);
    if constexpr (requires(T t, ca_io & io) { t.sign(io); }) detail::bind<T, &T::sign>(*holder, CA_OP_SIGN);
    if constexpr (requires(T t, ca_io & io) { t.verify(io); })
      detail::bind<T, &T::verify>(*holder, CA_OP_VERIFY);
    if constexpr (requires(T t, ca_io & io) { t.mac(io); }) detail::bind<T, &T::mac>(*holder, CA_OP_MAC);
    if constexpr (requires(T t, ca_io & io) { t.encrypt_stream(io); })
      detail::bind<T, &T::encrypt_stream>(*holder, CA_OP_ENCRYPT_STREAM);
    if constexpr (requires(T t, ca_io & io) { t.derive(io); })
      detail::bind<T, &T::derive>(*holder, CA_OP_DERIVE);
    if constexpr (requires(T t, ca_io & io) { t.agree(io); })
      detail::bind<T, &T::agree>(*holder, CA_OP_AGREE);
    if constexpr (requires(T t, ca_io & io) { t.keygen(io); })
      detail::bind<T, &T::keygen>(*holder, CA_OP_KEYGEN);
    if constexpr (requires(T t, int p) { t.export_key(p); })
      holder->export_fn = &detail::export_trampoline<T>;
    // A context may offer fewer operations than its class has, e.g. a public-key-only signer cannot sign:
    // `bool offers(int op) const` lets it say so per instance.
    if constexpr (requires(const T t, int op) { t.offers(op); })
      for (int op = 1; op < CA_OP_COUNT_; ++op)
        if (!holder->impl.offers(op)) {
          holder->ops[op] = nullptr;
          holder->repeats[op] = nullptr;
        }
    return holder;
  };
}

// ---- helpers shared by adapters -----------------------------------------------------------------------

/// A non-null pointer for a buffer that may be empty (io.input of an empty message is null): OpenSSL's EVP
/// reads a NULL input as a request of its own (AAD, or "finish" for CCM), wolfCrypt and Crypto++ reject or
/// assert on NULL even with a zero length. Never read when the length is 0.
inline const uint8_t* bytes_or_empty(const uint8_t* p) {
  static const uint8_t no_bytes[1] = {0};
  return p != nullptr ? p : no_bytes;
}

/// The spec with its key pointers cleared: a key-pair context created from it generates a fresh pair (the
/// keygen operation of adapters that build their contexts from a spec).
inline ca_key_spec generation_spec(const ca_key_spec& spec) {
  ca_key_spec out = spec;
  out.secret_key = nullptr;
  out.secret_key_len = 0;
  out.public_key = nullptr;
  out.public_key_len = 0;
  return out;
}

/// memcpy for lengths that may be zero: an empty message's buffer may be a null pointer, and memcpy
/// must not receive one even with n == 0 (UBSan's nonnull check; C11 7.24.1p2).
inline void copy_bytes(void* dst, const void* src, size_t n) {
  if (n != 0) std::memcpy(dst, src, n);
}

/// Says that n bytes derived from a secret are public by design (an adapter's check of a result that the
/// protocol makes public, such as RFC 7748's all-zero shared secret), so that `leaks --method taint` does not
/// count the branch on them (TIMECOP's crypto_declassify). It changes nothing outside valgrind, and nothing
/// at all in a build without <valgrind/memcheck.h>.
inline void declassify(const void* p, size_t n) {
#if __has_include(<valgrind/memcheck.h>)
  VALGRIND_MAKE_MEM_DEFINED(p, n);
#else
  (void)p;
  (void)n;
#endif
}

/// Writes n bytes to io.output or reports CA_BUFFER_TOO_SMALL; returns CA_OK on success.
inline int put_output(ca_io& io, const uint8_t* data, size_t n) {
  if (n > io.output_cap) return CA_BUFFER_TOO_SMALL;
  copy_bytes(io.output, data, n);
  io.output_len = n;
  return CA_OK;
}

/// Throws unless io.output can hold n bytes (call before writing in place).
inline void require_output(const ca_io& io, size_t n) {
  if (n > io.output_cap)
    throw std::runtime_error("output buffer holds " + std::to_string(io.output_cap) + " bytes, " +
                             std::to_string(n) + " needed");
}

/// Throws unless the nonce has the catalog's length.
inline void require_nonce(const ca_io& io, size_t expected, const char* algorithm) {
  if (io.nonce_len != expected)
    throw Unsupported(std::string(algorithm) + " nonce of " + std::to_string(io.nonce_len) +
                      " bytes not supported (this backend takes " + std::to_string(expected) + ")");
}

/// Length of a PKCS#7-padded message for a block size.
constexpr size_t pkcs7_padded_size(size_t n, size_t block) { return n + block - n % block; }

/// Writes the PKCS#7 padding bytes of a message of length n into the last block starting at dst + (n/bs)*bs.
/// The caller has already copied the message into dst.
inline void pkcs7_pad_in_place(uint8_t* dst, size_t n, size_t block) {
  size_t pad = block - n % block;
  std::memset(dst + n, static_cast<int>(pad), pad);
}

/// Length of the message inside a PKCS#7-padded buffer, or SIZE_MAX when the padding is malformed.
/// Checks every padding byte without early exit on the content.
inline size_t pkcs7_unpadded_size(const uint8_t* data, size_t n, size_t block) {
  if (n == 0 || n % block != 0) return SIZE_MAX;
  uint8_t pad = data[n - 1];
  if (pad == 0 || pad > block) return SIZE_MAX;
  uint8_t bad = 0;
  for (size_t i = 0; i < pad; ++i) bad |= static_cast<uint8_t>(data[n - 1 - i] ^ pad);
  return bad ? SIZE_MAX : n - pad;
}

inline std::span<const uint8_t> secret(const ca_key_spec& s) { return {s.secret_key, s.secret_key_len}; }
inline std::span<const uint8_t> public_key(const ca_key_spec& s) { return {s.public_key, s.public_key_len}; }

/// The "name=value,name=value" parameters of a key spec (plugin_abi.h), or {} when the caller's struct has no
/// params field or it is empty. Throws std::runtime_error on a malformed list.
inline std::vector<std::pair<std::string, std::string>> params(const ca_key_spec& s) {
  std::vector<std::pair<std::string, std::string>> out;
  if (s.struct_size < offsetof(ca_key_spec, params) + sizeof(s.params) || s.params == nullptr) return out;
  std::string_view text(s.params);
  while (!text.empty()) {
    const size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw std::runtime_error("malformed parameter '" + std::string(item) + "' (expected name=value)");
    out.emplace_back(std::string(item.substr(0, eq)), std::string(item.substr(eq + 1)));
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
  }
  return out;
}

/// The value of one parameter as an unsigned number, or `fallback` when absent. Throws on a non-number.
inline uint64_t param_u64(const ca_key_spec& s, std::string_view name, uint64_t fallback) {
  for (const auto& [k, v] : params(s))
    if (k == name) {
      size_t used = 0;
      unsigned long long n = 0;
      try {
        n = std::stoull(v, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != v.size() || v.empty() || v[0] == '-')
        throw std::runtime_error("parameter " + std::string(name) + "=" + v + " is not a whole number");
      return n;
    }
  return fallback;
}

/// The tag length (bytes) a context was created with: "tag=N" in the spec's params, else the catalog's full
/// tag. Table::create has checked it against the catalog's range and the row's Takes before the factory runs.
inline size_t tag_length(const ca_key_spec& s) {
  return static_cast<size_t>(param_u64(s, "tag", default_tag_bytes(s.algorithm)));
}
/// The nonce length (bytes) a context was created with: "nonce=N", else the catalog's default.
inline size_t nonce_length(const ca_key_spec& s) {
  return static_cast<size_t>(param_u64(s, "nonce", nonce_bytes(s.algorithm)));
}

/// "empty_ad=1" (plugin_abi.h): an empty aad is one empty AES-SIV AD component, not none.
inline bool empty_ad_component(const ca_key_spec& s) { return param_u64(s, "empty_ad", 0) == 1; }
/// "p1363=1" (plugin_abi.h): ECDSA signatures are IEEE P1363 r || s instead of DER.
inline bool p1363_signatures(const ca_key_spec& s) { return param_u64(s, "p1363", 0) == 1; }

/// Throws unless the symmetric key has exactly the given length.
inline void require_key_bytes(const ca_key_spec& s, size_t expected) {
  if (s.secret_key == nullptr || s.secret_key_len != expected)
    throw std::runtime_error(std::string(s.algorithm) + " expects a " + std::to_string(expected) +
                             "-byte key, got " + std::to_string(s.secret_key_len));
}

/// True when io.output can hold n bytes: for contexts that answer CA_BUFFER_TOO_SMALL themselves
/// (`if (!sdk::fits(io, n)) return CA_BUFFER_TOO_SMALL;`) instead of throwing as require_output does.
inline bool fits(const ca_io& io, size_t n) { return n <= io.output_cap; }

/// For AEADs with the ciphertext || tag layout whose contexts answer the status themselves: CA_OK when
/// io.output can hold the input and a tag of `tag` bytes, else CA_BUFFER_TOO_SMALL.
inline int sealed_room(const ca_io& io, size_t tag) {
  return io.output_cap >= io.input_len && io.output_cap - io.input_len >= tag ? CA_OK : CA_BUFFER_TOO_SMALL;
}
/// The same for opening: CA_OK with `length` the plaintext's, CA_REJECTED when the input is shorter than a
/// tag, CA_BUFFER_TOO_SMALL when io.output cannot hold the plaintext.
inline int opened_length(const ca_io& io, size_t tag, size_t& length) {
  if (io.input_len < tag) return CA_REJECTED;
  length = io.input_len - tag;
  return fits(io, length) ? CA_OK : CA_BUFFER_TOO_SMALL;
}

/// Throws std::runtime_error unless a message is at most `limit` bytes: public-key encryption, whose limit
/// depends on the key and padding (`what` names the scheme: "RSA-OAEP"; `why` how the limit arises).
inline void require_message_at_most(const ca_io& io, size_t limit, std::string_view what,
                                    std::string_view why) {
  if (io.input_len > limit)
    throw std::runtime_error(std::string(what) + " message of " + std::to_string(io.input_len) +
                             " bytes is longer than " + std::to_string(limit) + ", the most " +
                             std::string(why) + " can take");
}

/// RSA-OAEP's label (RFC 8017 7.1.1, L) travels in io.aad (plugin_abi.h); an adapter whose library or
/// scheme cannot take one (RSAES-PKCS1-v1_5 has none) refuses a non-empty one with this, per message.
inline void refuse_label(const ca_io& io, std::string_view why) {
  if (io.aad_len != 0)
    throw Unsupported("an OAEP label of " + std::to_string(io.aad_len) + " bytes: " + std::string(why));
}

/// export_key of a context that holds raw keys (EdDSA, X25519, X448): the private part when it has one.
inline std::vector<uint8_t> export_raw_key(int part, const std::vector<uint8_t>& private_key,
                                           const std::vector<uint8_t>& public_key) {
  if (part == CA_KEY_PRIVATE) {
    if (private_key.empty()) throw std::runtime_error("this context holds only a public key");
    return private_key;
  }
  if (part == CA_KEY_PUBLIC) return public_key;
  throw std::runtime_error("unknown key part " + std::to_string(part));
}

/// The spec's algorithm name, once its symmetric key has the catalog's length (require_key_bytes; a name
/// outside the catalog is not checked): the SDK's mode templates check the key before their library's
/// context is keyed, so that no context restates the rule.
inline const char* checked_key(const ca_key_spec& spec) {
  if (const size_t bytes = catalog_key_bytes(spec); bytes != 0) require_key_bytes(spec, bytes);
  return spec.algorithm;
}

// ---- one RAII handle for a library's context
// ---------------------------------------------------------------

/// A C library's context struct with its init / free pair (Mbed TLS's mbedtls_aes_init / mbedtls_aes_free,
/// wolfCrypt's wc_AesInit / wc_AesFree), so that every context is freed exactly once. The struct starts
/// zeroed; Init may be nullptr (a struct with no init function); an Init that returns int fails with a
/// non-zero value (std::runtime_error); one returning void may throw itself.
template <class Ctx, auto Init, auto Free>
class Owned {
 public:
  Owned() {
    if constexpr (!std::is_same_v<decltype(Init), std::nullptr_t>) {
      if constexpr (std::is_void_v<decltype(Init(&ctx_))>) {
        Init(&ctx_);
      } else if (const auto ret = Init(&ctx_); ret != 0) {
        throw std::runtime_error("context initialisation failed (" + std::to_string(ret) + ")");
      }
    }
  }
  ~Owned() { Free(&ctx_); }
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  Ctx* get() { return &ctx_; }
  const Ctx* get() const { return &ctx_; }

 private:
  Ctx ctx_{};
};

/// The deleter of a library object freed by one function (OpenSSL's EVP_CIPHER_CTX_free, gcry_sexp_release).
template <auto Free>
struct FreeWith {
  template <class T>
  void operator()(T* p) const noexcept {
    Free(p);
  }
};

/// A pointer to a library object that Free releases: sdk::Ptr<EVP_MD_CTX, EVP_MD_CTX_free>.
template <class T, auto Free>
using Ptr = std::unique_ptr<T, FreeWith<Free>>;

// ---- block modes with PKCS#7 padding -----------------------------------------------------------------

enum class Direction { Encrypt, Decrypt };

/// What Pkcs7BlockMode needs from a library: a block cipher in ECB or CBC, keyed for both directions in
/// its constructor `Ops(const ca_key_spec&, extra...)`.
///  - the block size and the IV length (0 for ECB, the block size for CBC): constants kBlock and kIvBytes,
///    or, for a library that describes its ciphers at run time, block_size() and iv_bytes() (at most 16);
///  - start(direction, iv): begins a message (iv: the IV's bytes, nullptr for ECB);
///  - process(direction, out, in, n): n > 0 whole blocks, chained from the previous call of the message.
template <class Ops>
concept BlockOps = requires(Ops& ops, const uint8_t* iv, uint8_t* out, const uint8_t* in, size_t n) {
  ops.start(Direction::Encrypt, iv);
  ops.process(Direction::Encrypt, out, in, n);
}
&&(
    requires {
      { Ops::kBlock } -> std::convertible_to<size_t>;
      { Ops::kIvBytes } -> std::convertible_to<size_t>;
    } ||
    requires(const Ops& ops) {
      { ops.block_size() } -> std::convertible_to<size_t>;
      { ops.iv_bytes() } -> std::convertible_to<size_t>;
    });

/// Optionally, for `--cipher-mode stream` (CA_OP_ENCRYPT_STREAM): whole blocks through one running
/// encryption, started at the first call's IV.
template <class Ops>
concept BlockStreamOps = BlockOps<Ops> &&
    requires(Ops& ops, const uint8_t* iv, uint8_t* out, const uint8_t* in, size_t n) {
  ops.stream_start(iv);
  ops.stream(out, in, n);
};

/// ECB or CBC with PKCS#7 padding over a library's BlockOps. The whole blocks go straight from input to
/// output in one call; only the last, padded block is assembled on the stack, so neither direction copies
/// the message, and the caller's buffer only has to hold the plaintext.
template <BlockOps Ops>
class Pkcs7BlockMode {
  static constexpr bool kFixed = requires { Ops::kBlock; };
  static constexpr size_t kLastBlock = [] {
    if constexpr (kFixed)
      return static_cast<size_t>(Ops::kBlock);
    else
      return size_t{16};
  }();

 public:
  template <class... Extra>
  explicit Pkcs7BlockMode(const ca_key_spec& spec, Extra&&... extra)
      : algorithm_(checked_key(spec)), ops_(spec, std::forward<Extra>(extra)...) {
    if constexpr (kFixed) {
      static_assert(Ops::kIvBytes == 0 || Ops::kIvBytes == Ops::kBlock, "the CBC IV is one block");
    } else {
      if (ops_.block_size() == 0 || ops_.block_size() > kLastBlock)
        throw std::runtime_error(algorithm_ + ": block size " + std::to_string(ops_.block_size()) +
                                 " not supported (at most 16)");
    }
  }

  int encrypt(ca_io& io) {
    const size_t block = block_size();
    const size_t whole = io.input_len - io.input_len % block;
    const size_t padded = pkcs7_padded_size(io.input_len, block);
    require_output(io, padded);
    start(Direction::Encrypt, io);
    std::array<uint8_t, kLastBlock> last{};
    copy_bytes(last.data(), io.input + whole, io.input_len - whole);
    pkcs7_pad_in_place(last.data(), io.input_len - whole, block);
    if (whole != 0) ops_.process(Direction::Encrypt, io.output, io.input, whole);
    ops_.process(Direction::Encrypt, io.output + whole, last.data(), block);
    io.output_len = padded;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    const size_t block = block_size();
    if (io.input_len == 0 || io.input_len % block != 0) return CA_REJECTED;
    const size_t whole = io.input_len - block;
    start(Direction::Decrypt, io);
    // The last block decrypts into a stack buffer so that the caller's buffer only has to hold the
    // plaintext, whose length is known once the padding has been read.
    require_output(io, whole);
    std::array<uint8_t, kLastBlock> last{};
    if (whole != 0) ops_.process(Direction::Decrypt, io.output, io.input, whole);
    ops_.process(Direction::Decrypt, last.data(), io.input + whole, block);
    const size_t tail = pkcs7_unpadded_size(last.data(), block, block);
    if (tail == SIZE_MAX) return CA_REJECTED;
    require_output(io, whole + tail);
    copy_bytes(io.output + whole, last.data(), tail);
    io.output_len = whole + tail;
    return CA_OK;
  }

  // --cipher-mode stream: whole blocks through one running encryption, started only by the first call.
  int encrypt_stream(ca_io& io) requires BlockStreamOps<Ops> {
    const size_t block = block_size();
    if (io.input_len % block != 0)
      throw Unsupported(algorithm_ + " as a stream takes whole " + std::to_string(block) +
                        "-byte blocks, got " + std::to_string(io.input_len) + " bytes");
    require_output(io, io.input_len);
    if (!started_) {
      const size_t iv = iv_bytes();
      if (iv != 0) require_nonce(io, iv, algorithm_.c_str());
      ops_.stream_start(iv != 0 ? io.nonce : nullptr);
      started_ = true;
    }
    ops_.stream(io.output, io.input, io.input_len);
    io.output_len = io.input_len;
    return CA_OK;
  }

 private:
  size_t block_size() const {
    if constexpr (kFixed)
      return Ops::kBlock;
    else
      return ops_.block_size();
  }
  size_t iv_bytes() const {
    if constexpr (kFixed)
      return Ops::kIvBytes;
    else
      return ops_.iv_bytes();
  }
  void start(Direction direction, const ca_io& io) {
    const size_t iv = iv_bytes();
    if (iv != 0) require_nonce(io, iv, algorithm_.c_str());
    ops_.start(direction, iv != 0 ? io.nonce : nullptr);
  }

  std::string algorithm_;
  Ops ops_;
  bool started_ = false;
};

/// BlockOps for C libraries whose block-cipher modules key one context per direction (Mbed TLS, wolfCrypt),
/// described by a traits class:
///  - Ctx: the library's context, default-constructible and freed by its destructor (sdk::Owned);
///  - kBlock, and kIvBytes (0 for ECB, kBlock for CBC);
///  - set_key(Ctx&, direction, key, key_len) -> the library's status (0 = success);
///  - optionally start(Ctx&, iv) -> status: a module that keeps the IV in its context (wolfCrypt's SetIV);
///  - process(Ctx&, direction, iv, out, in, n) -> status; iv is this message's copy of the IV, which a module
///    that takes the IV per call (Mbed TLS) updates in place;
///  - check(status, what, detail): throws the library's error text when status is not 0 (what and detail
///    are joined only then, so that no string is built per message).
template <class Traits>
class DirectionalBlockOps {
 public:
  static constexpr size_t kBlock = Traits::kBlock;
  static constexpr size_t kIvBytes = Traits::kIvBytes;

  explicit DirectionalBlockOps(const ca_key_spec& spec) : algorithm_(checked_key(spec)) {
    Traits::check(Traits::set_key(encryptor_, Direction::Encrypt, spec.secret_key, spec.secret_key_len),
                  algorithm_, " key setup");
    Traits::check(Traits::set_key(decryptor_, Direction::Decrypt, spec.secret_key, spec.secret_key_len),
                  algorithm_, " key setup");
  }

  void start(Direction direction, const uint8_t* iv) {
    if constexpr (kIvBytes != 0) {
      std::memcpy(iv_.data(), iv, kIvBytes);
      if constexpr (requires(typename Traits::Ctx & c, uint8_t * v) { Traits::start(c, v); })
        Traits::check(Traits::start(context(direction), iv_.data()), algorithm_, " IV");
    }
  }
  void process(Direction direction, uint8_t* out, const uint8_t* in, size_t n) {
    Traits::check(Traits::process(context(direction), direction, iv_.data(), out, in, n), algorithm_, "");
  }

 private:
  typename Traits::Ctx& context(Direction direction) {
    return direction == Direction::Encrypt ? encryptor_ : decryptor_;
  }

  std::string algorithm_;
  typename Traits::Ctx encryptor_;
  typename Traits::Ctx decryptor_;
  std::array<uint8_t, kBlock> iv_{};
};

namespace detail {
// The nonce length of a context: the Ops' own constant where the library fixes it at compile time (a
// template argument), else the catalog's for the spec's algorithm.
template <class Ops>
size_t nonce_length(const ca_key_spec& spec) {
  if constexpr (requires { Ops::kNonce; })
    return Ops::kNonce;
  else
    return ::ca::sdk::nonce_length(spec);  // the chosen length ("nonce=N"), else the catalog's
}
}  // namespace detail

// ---- length-preserving modes: stream ciphers, CFB / OFB / CTR, XTS ------------------------------------

/// What StreamMode needs from a library, keyed in its constructor `Ops(const ca_key_spec&, extra...)`:
///  - crypt(direction, io, out): io.input_len bytes of io.input into out, the key stream started afresh at
///    io.nonce (RC4: at the key); io.nonce_len is the catalog's nonce length, already checked;
///  - optionally check_length(io): throws Unsupported for a message length the mode cannot take (XTS);
///  - optionally stream_start(nonce) and stream(out, in, n): `--cipher-mode stream`, one running key stream;
///  - optionally kNonce, where the library needs the length at compile time (else the catalog's).
template <class Ops>
concept StreamOps = requires(Ops& ops, const ca_io& io, uint8_t* out) {
  ops.crypt(Direction::Encrypt, io, out);
};

/// A mode whose output has the input's length: nonce and output checks around the library's call.
template <StreamOps Ops>
class StreamMode {
 public:
  template <class... Extra>
  explicit StreamMode(const ca_key_spec& spec, Extra&&... extra)
      : algorithm_(checked_key(spec)),
        nonce_(detail::nonce_length<Ops>(spec)),
        ops_(spec, std::forward<Extra>(extra)...) {}

  int encrypt(ca_io& io) { return process(Direction::Encrypt, io); }
  int decrypt(ca_io& io) { return process(Direction::Decrypt, io); }

  // --cipher-mode stream: one key stream, started at the first call's nonce, continued after.
  int encrypt_stream(ca_io& io) requires
      requires(Ops& ops, const uint8_t* nonce, uint8_t* out, const uint8_t* in, size_t n) {
    ops.stream_start(nonce);
    ops.stream(out, in, n);
  }
  {
    require_output(io, io.input_len);
    if (!started_) {
      require_nonce(io, nonce_, algorithm_.c_str());
      ops_.stream_start(io.nonce);
      started_ = true;
    }
    ops_.stream(io.output, io.input, io.input_len);
    io.output_len = io.input_len;
    return CA_OK;
  }

  bool offers(int op) const requires requires(const Ops& ops, int o) { ops.offers(o); }
  { return ops_.offers(op); }

 private:
  int process(Direction direction, ca_io& io) {
    require_nonce(io, nonce_, algorithm_.c_str());
    if constexpr (requires(const Ops& ops, const ca_io& x) { ops.check_length(x); }) ops_.check_length(io);
    require_output(io, io.input_len);
    ops_.crypt(direction, io, io.output);
    io.output_len = io.input_len;
    return CA_OK;
  }

  std::string algorithm_;
  size_t nonce_;
  Ops ops_;
  bool started_ = false;
};

// ---- AEADs with the ciphertext || tag layout -----------------------------------------------------------

/// What TaggedAead needs from a library's AEAD, keyed in its constructor `Ops(const ca_key_spec&, extra...)`:
///  - seal(io, out, tag): encrypts io.input (io.input_len bytes) under io.nonce and io.aad into out and
///    writes the tag (tag.size() bytes: the catalog's, or the row's Takes and the spec's "tag=N"); throws on
///    a library error;
///  - open(io, length, tag, out): decrypts the first `length` bytes of io.input; false when the tag does not
///    verify;
///  - optionally tag_only(io, tag) (GMAC: the message as associated data), offers(op), stream_start(nonce)
///    and stream(out, in, n), and kNonce where the library needs the length at compile time.
/// io.nonce_len is the context's nonce length (the catalog's, or "nonce=N"), already checked.
template <class Ops>
concept AeadOps = requires(Ops& ops, const ca_io& io, uint8_t* out, std::span<uint8_t> tag,
                           std::span<const uint8_t> received, size_t n) {
  ops.seal(io, out, tag);
  { ops.open(io, n, received, out) } -> std::convertible_to<bool>;
};

/// An AEAD whose encrypt output is ciphertext || tag: nonce and output checks, the tag split, CA_REJECTED.
/// Nonce and tag lengths are the catalog's defaults (a GMAC row's tag is its digest length), or those the
/// spec's params choose where the row's Takes allow them.
template <AeadOps Ops>
class TaggedAead {
 public:
  template <class... Extra>
  explicit TaggedAead(const ca_key_spec& spec, Extra&&... extra)
      : algorithm_(checked_key(spec)),
        nonce_(detail::nonce_length<Ops>(spec)),
        tag_(tag_length(spec)),
        ops_(spec, std::forward<Extra>(extra)...) {}

  int encrypt(ca_io& io) {
    require_nonce(io, nonce_, algorithm_.c_str());
    require_output(io, io.input_len + tag_);
    ops_.seal(io, io.output, std::span<uint8_t>(io.output + io.input_len, tag_));
    io.output_len = io.input_len + tag_;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    require_nonce(io, nonce_, algorithm_.c_str());
    if (io.input_len < tag_) return CA_REJECTED;
    const size_t length = io.input_len - tag_;
    require_output(io, length);
    if (!ops_.open(io, length, std::span<const uint8_t>(io.input + length, tag_), io.output))
      return CA_REJECTED;
    io.output_len = length;
    return CA_OK;
  }

  // --cipher-mode stream: the running message started at the first call's nonce, no associated data and
  // never a tag.
  int encrypt_stream(ca_io& io) requires
      requires(Ops& ops, const uint8_t* nonce, uint8_t* out, const uint8_t* in, size_t n) {
    ops.stream_start(nonce);
    ops.stream(out, in, n);
  }
  {
    require_output(io, io.input_len);
    if (!started_) {
      require_nonce(io, nonce_, algorithm_.c_str());
      ops_.stream_start(io.nonce);
      started_ = true;
    }
    ops_.stream(io.output, io.input, io.input_len);
    io.output_len = io.input_len;
    return CA_OK;
  }

  /// GMAC through the AEAD (mac rows): the message as associated data, nothing encrypted; the tag is the MAC.
  int mac(ca_io& io) requires requires(Ops& ops, const ca_io& in, std::span<uint8_t> tag) {
    ops.tag_only(in, tag);
  }
  {
    require_nonce(io, nonce_, algorithm_.c_str());
    require_output(io, tag_);
    ops_.tag_only(io, std::span<uint8_t>(io.output, tag_));
    io.output_len = tag_;
    return CA_OK;
  }

  /// Where the Ops say which operations this row offers (AEAD rows against GMAC rows of one class).
  bool offers(int op) const requires requires(const Ops& ops, int o) { ops.offers(o); }
  { return ops_.offers(op); }

 private:
  std::string algorithm_;
  size_t nonce_;
  size_t tag_;
  Ops ops_;
  bool started_ = false;
};

// ---- hashes and MACs ------------------------------------------------------------------------------------

/// What HashMode needs: hash(io, out), the digest of io.input into out (the catalog's digest length; for an
/// extendable-output function, the catalog's output length).
template <class Ops>
concept HashOps = requires(Ops& ops, const ca_io& io, std::span<uint8_t> out) {
  ops.hash(io, out);
};

/// A hash: the output check and length around the library's call.
template <HashOps Ops>
class HashMode {
 public:
  template <class... Extra>
  explicit HashMode(const ca_key_spec& spec, Extra&&... extra)
      : size_(digest_bytes(spec.algorithm)), ops_(spec, std::forward<Extra>(extra)...) {}

  int hash(ca_io& io) {
    require_output(io, size_);
    ops_.hash(io, std::span<uint8_t>(io.output, size_));
    io.output_len = size_;
    return CA_OK;
  }

 private:
  size_t size_;
  Ops ops_;
};

/// What MacMode needs: mac(io, tag), the tag of io.input (under io.nonce for GMAC) into tag (the catalog's
/// tag length); the key was checked against the catalog before the Ops were built.
template <class Ops>
concept MacOps = requires(Ops& ops, const ca_io& io, std::span<uint8_t> tag) {
  ops.mac(io, tag);
};

/// A MAC: the key, nonce (GMAC) and output checks and the tag length around the library's call.
template <MacOps Ops>
class MacMode {
 public:
  template <class... Extra>
  explicit MacMode(const ca_key_spec& spec, Extra&&... extra)
      : algorithm_(checked_key(spec)),
        nonce_(nonce_length(spec)),  // GMAC: the catalog's 12 bytes, or "nonce=N" (the row's Takes)
        tag_(tag_length(spec)),      // a KMAC row's Takes may choose its output length
        ops_(spec, std::forward<Extra>(extra)...) {}

  int mac(ca_io& io) {
    if (nonce_ != 0) require_nonce(io, nonce_, algorithm_.c_str());
    require_output(io, tag_);
    ops_.mac(io, std::span<uint8_t>(io.output, tag_));
    io.output_len = tag_;
    return CA_OK;
  }

 private:
  std::string algorithm_;
  size_t nonce_;
  size_t tag_;
  Ops ops_;
};

/// A copy of the spec's symmetric key (at most 64 bytes), wiped when the context is destroyed: for libraries
/// whose one-shot calls take the raw key on every message (ChaCha20-Poly1305, Poly1305, SipHash, SIV).
class RawKey {
 public:
  explicit RawKey(const ca_key_spec& spec) : size_(spec.secret_key_len) {
    if (size_ > bytes_.size())
      throw std::runtime_error(std::string(spec.algorithm) + ": a " + std::to_string(size_) +
                               "-byte key is longer than a raw key copy holds");
    copy_bytes(bytes_.data(), spec.secret_key, size_);
  }
  ~RawKey() {
    volatile uint8_t* p = bytes_.data();
    for (size_t i = 0; i < bytes_.size(); ++i) p[i] = 0;
  }
  RawKey(const RawKey&) = delete;
  RawKey& operator=(const RawKey&) = delete;
  const uint8_t* data() const { return bytes_.data(); }
  uint8_t* data() { return bytes_.data(); }
  size_t size() const { return size_; }

 private:
  std::array<uint8_t, 64> bytes_{};
  size_t size_;
};

// ---- acceleration() text --------------------------------------------------------------------------------

/// The acceleration() text from the CPU extensions a library's objects report using, in the order first
/// seen: empty names (the portable code) and repeats dropped, joined by ", " ("AES-NI, CLMUL, SHA-NI").
inline std::string extension_list(const std::vector<std::string>& extensions) {
  std::vector<std::string_view> seen;
  std::string text;
  for (const std::string& extension : extensions) {
    if (extension.empty() || std::find(seen.begin(), seen.end(), extension) != seen.end()) continue;
    seen.push_back(extension);
    text += (text.empty() ? "" : ", ") + extension;
  }
  return text;
}

/// An acceleration() whose text Describe() computes once, on first use (it may create library objects);
/// "" when Describe throws, since nothing may cross the plugin boundary.
template <std::string (*Describe)()>
const char* described_once() noexcept {
  static const std::string text = []() noexcept {
    try {
      return Describe();
    } catch (...) {
      return std::string();
    }
  }();
  return text.c_str();
}

// ---- the table behind the exported entry point ----------------------------------------------------------

/// The smallest ca_key_spec a core may pass: the fields every ABI version 1 core has filled (the struct as
/// it was before `params`). plugin_abi.h promises that a plugin accepts such an older, smaller struct.
inline constexpr size_t kOldestKeySpecSize = offsetof(ca_key_spec, public_key_len) + sizeof(size_t);

/// The caller's key spec as this plugin's full struct: fields past the caller's struct_size are zero (so
/// `params` is null, the catalog's defaults). Nothing is copied when the caller's struct is as large.
inline const ca_key_spec& widen_key_spec(const ca_key_spec& spec, ca_key_spec& storage) {
  if (spec.struct_size >= sizeof(ca_key_spec)) return spec;
  storage = ca_key_spec{};
  std::memcpy(&storage, &spec, spec.struct_size);
  storage.struct_size = sizeof(ca_key_spec);
  return storage;
}

template <const Row* Rows, size_t N>
struct Table {
  static const Row* find(const char* algorithm) {
    for (size_t i = 0; i < N; ++i)
      if (std::strcmp(Rows[i].algorithm, algorithm) == 0) return &Rows[i];
    return nullptr;
  }
  static int supports(const char* algorithm, uint32_t key_bits, char* reason, size_t cap) noexcept {
    try {
      const Row* row = find(algorithm);
      if (row == nullptr) {
        detail::copy_message(reason, cap, "not offered by this library");
        return CA_UNSUPPORTED;
      }
      if (row->unavailable != nullptr)
        if (const char* why = row->unavailable(); why != nullptr) {
          detail::copy_message(reason, cap, why);
          return CA_UNSUPPORTED;
        }
      if (!row->key_bits.allows(key_bits)) {
        detail::copy_message(
            reason, cap,
            std::to_string(key_bits) + "-bit key not offered (supported: " + row->key_bits.describe() + ")");
        return CA_UNSUPPORTED;
      }
      return CA_OK;
    } catch (...) {  // std::bad_alloc from a message
      detail::copy_message(reason, cap, "out of memory");
      return CA_FAILED;
    }
  }
  static int create(const ca_key_spec* spec, ca_context** out, char* error, size_t cap) noexcept {
    *out = nullptr;
    if (spec == nullptr || spec->struct_size < kOldestKeySpecSize) {
      detail::copy_message(error, cap, "ca_key_spec too small for this plugin");
      return CA_FAILED;
    }
    int st = supports(spec->algorithm, spec->key_bits, error, cap);
    if (st != CA_OK) return st;
    try {
      ca_key_spec storage;
      const ca_key_spec& full = widen_key_spec(*spec, storage);
      const Row& row = *find(spec->algorithm);
      check_length(full, "tag", default_tag_bytes(full.algorithm), row.takes.tags, &allows_tag);
      check_length(full, "nonce", nonce_bytes(full.algorithm), row.takes.nonces, &allows_nonce);
      check_flag(full, "empty_ad", row.takes.empty_ad_component,
                 "its library cannot give S2V one empty AD component (RFC 5297 section 3)");
      check_flag(full, "p1363", row.takes.p1363_signatures,
                 "its library takes DER or r and s as integers, not P1363 r || s bytes");
      auto ctx = row.factory(full);
      *out = reinterpret_cast<ca_context*>(ctx.release());
      return CA_OK;
    } catch (const Unsupported& e) {
      detail::copy_message(error, cap, e.what());
      return CA_UNSUPPORTED;
    } catch (const std::exception& e) {
      detail::copy_message(error, cap, e.what());
      return CA_FAILED;
    } catch (...) {
      detail::copy_message(error, cap, "unknown exception");
      return CA_FAILED;
    }
  }
  // A tag or nonce length other than the catalog's default: CA_UNSUPPORTED, naming the value, unless the
  // catalog's definition and this row's library both take it.
  static void check_length(const ca_key_spec& spec, const char* name, size_t catalog_default,
                           const Lengths& takes, bool (*catalog_allows)(const char*, size_t)) {
    const size_t chosen = static_cast<size_t>(param_u64(spec, name, catalog_default));
    if (chosen == catalog_default) return;
    const std::string value =
        std::string(spec.algorithm) + " " + name + " of " + std::to_string(chosen) + " bytes";
    if (!catalog_allows(spec.algorithm, chosen))
      throw Unsupported(value + " is outside the catalog's definition");
    if (!takes.allows(chosen, catalog_default))
      throw Unsupported(value + " not offered by this backend (it takes " + takes.describe(catalog_default) +
                        ")");
  }
  // A flag parameter (0 or 1): 1 only where the row declares it (Takes), CA_UNSUPPORTED otherwise; a
  // backend that ignored it would compute something else.
  static void check_flag(const ca_key_spec& spec, const char* name, bool takes, const char* what) {
    const uint64_t value = param_u64(spec, name, 0);
    if (value == 0) return;
    if (value != 1)
      throw std::runtime_error("parameter " + std::string(name) + "=" + std::to_string(value) +
                               " must be 0 or 1");
    if (!takes)
      throw Unsupported(std::string(spec.algorithm) + " with " + name +
                        "=1 not offered by this backend: " + what);
  }
  static void destroy(ca_context* c) noexcept { delete reinterpret_cast<ContextBase*>(c); }
  static ca_operation_fn operation(ca_context* c, int op) noexcept {
    if (c == nullptr || op <= 0 || op >= CA_OP_COUNT_) return nullptr;
    return reinterpret_cast<ContextBase*>(c)->ops[op];
  }
  static ca_repeat_fn repeat(ca_context* c, int op) noexcept {
    if (c == nullptr || op <= 0 || op >= CA_OP_COUNT_) return nullptr;
    return reinterpret_cast<ContextBase*>(c)->repeats[op];
  }
  static int export_key(ca_context* c, int part, uint8_t* out, size_t cap, size_t* len) noexcept {
    auto* base = reinterpret_cast<ContextBase*>(c);
    if (base->export_fn == nullptr) return CA_UNSUPPORTED;
    try {
      std::vector<uint8_t> key;
      base->export_fn(base, part, key);
      *len = key.size();
      if (key.size() > cap) return CA_BUFFER_TOO_SMALL;
      copy_bytes(out, key.data(), key.size());
      return CA_OK;
    } catch (const std::exception& e) {
      base->error = e.what();
      return CA_FAILED;
    } catch (...) {
      base->error = "unknown exception";
      return CA_FAILED;
    }
  }
  static const char* algorithm_at(size_t index) noexcept {
    return index < N ? Rows[index].algorithm : nullptr;
  }
  static const char* last_error(ca_context* c) noexcept {
    return reinterpret_cast<ContextBase*>(c)->error.c_str();
  }
};

// ---- known deviations of the library (CRYPTAUDITOR_DEVIATIONS) ------------------------------------------

/// Whether a version bound of a ca_version_range is usable: non-empty, a digit first.
constexpr bool is_version_bound(const char* bound) {
  return bound != nullptr && bound[0] >= '0' && bound[0] <= '9';
}

/// Whether every entry names its file, its reason and at least one version bound, each bound a version:
/// checked at compile time, so a deviation cannot be declared without the versions it was seen in.
constexpr bool deviations_are_complete(const ca_deviation* deviations, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const ca_deviation& d = deviations[i];
    if (d.file == nullptr || d.file[0] == '\0' || d.reason == nullptr || d.reason[0] == '\0') return false;
    if (d.versions.first == nullptr && d.versions.last == nullptr) return false;
    if (d.versions.first != nullptr && !is_version_bound(d.versions.first)) return false;
    if (d.versions.last != nullptr && !is_version_bound(d.versions.last)) return false;
  }
  return true;
}

/// ca_backend.deviation_at over a constexpr namespace-scope array of ca_deviation.
template <const ca_deviation* Deviations, size_t N>
struct DeviationList {
  static_assert(deviations_are_complete(Deviations, N),
                "every ca_deviation needs a file, a reason and a version range with at least one bound, "
                "each bound a version (\"2.19\")");
  static const ca_deviation* at(size_t index) noexcept { return index < N ? &Deviations[index] : nullptr; }
  static constexpr const ca_deviation* (*entry())(size_t) { return &at; }
};

/// The plugin's deviations: none unless CRYPTAUDITOR_DEVIATIONS, before CRYPTAUDITOR_BACKEND, specialises it.
template <typename = void>
struct DeclaredDeviations {
  static constexpr const ca_deviation* (*entry())(size_t) { return nullptr; }
};

/// The init hook of CRYPTAUDITOR_BACKEND_INIT: runs once, the first time the core asks for the table
/// (thread-safe: a function-local static). A hook that returns false makes the entry point return NULL, so
/// the loader skips the plugin with one line.
using InitHook = bool (*)();

}  // namespace ca::sdk

/// Defines the exported entry point. ROWS must be a namespace-scope array of ca::sdk::Row.
#define CRYPTAUDITOR_BACKEND(NAME, LIBRARY, VERSION_FN, ACCEL_FN, ROWS) \
  CRYPTAUDITOR_BACKEND_INIT(NAME, LIBRARY, VERSION_FN, ACCEL_FN, ROWS, nullptr)

/// The same with an init hook (ca::sdk::InitHook, or nullptr): a library that must be initialised before any
/// other call (libsodium's sodium_init) names its initialiser here instead of writing the entry point.
#define CRYPTAUDITOR_BACKEND_INIT(NAME, LIBRARY, VERSION_FN, ACCEL_FN, ROWS, INIT_FN)                    \
  extern "C" __attribute__((visibility("default"))) const ca_backend* cryptauditor_backend_entry(void) { \
    using TableT = ::ca::sdk::Table<ROWS, sizeof(ROWS) / sizeof(ROWS[0])>;                               \
    static const bool initialized = [] {                                                                 \
      ::ca::sdk::InitHook hook = INIT_FN;                                                                \
      return hook == nullptr || hook();                                                                  \
    }();                                                                                                 \
    if (!initialized) return nullptr;                                                                    \
    static const ca_backend backend = {CA_PLUGIN_ABI_VERSION,                                            \
                                       sizeof(ca_backend),                                               \
                                       NAME,                                                             \
                                       LIBRARY,                                                          \
                                       VERSION_FN,                                                       \
                                       ACCEL_FN,                                                         \
                                       &TableT::supports,                                                \
                                       &TableT::create,                                                  \
                                       &TableT::destroy,                                                 \
                                       &TableT::operation,                                               \
                                       &TableT::export_key,                                              \
                                       &TableT::last_error,                                              \
                                       &TableT::repeat,                                                  \
                                       &TableT::algorithm_at,                                            \
                                       ::ca::sdk::DeclaredDeviations<>::entry()};                        \
    return &backend;                                                                                     \
  }

/// Declares the library's known deviations (plugin_abi.h ca_deviation; docs/VERIFY.md): DEVIATIONS is a
/// constexpr namespace-scope array of ca_deviation, each entry with the library versions it was seen in.
/// Outside any namespace, in the file that invokes CRYPTAUDITOR_BACKEND and before it; a plugin without it
/// declares none.
#define CRYPTAUDITOR_DEVIATIONS(DEVIATIONS) \
  template <>                               \
  struct ca::sdk::DeclaredDeviations<void>  \
      : ::ca::sdk::DeviationList<DEVIATIONS, sizeof(DEVIATIONS) / sizeof(DEVIATIONS[0])> {};
