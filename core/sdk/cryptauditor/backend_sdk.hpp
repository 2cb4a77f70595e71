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
//   const ca::sdk::Row kRows[] = {{"AES-GCM", ca::sdk::KeyBits::list({128, 192, 256}),
//                                  ca::sdk::make_factory<MyGcm>()}};
//   CRYPTAUDITOR_BACKEND("mylib", "MyLib", my_version, my_acceleration, kRows)
//
// The header turns each context's member functions into plain function pointers, one per operation, and into
// repeat loops (ca_repeat_fn) that call the method directly, so a timed batch is one call into the plugin and
// no virtual dispatch or std::function sits on top.
// Exceptions thrown by a context are caught at the boundary and become CA_FAILED with their message.
#pragma once

#include <algorithm>
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
#include <utility>
#include <vector>

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

/// One algorithm this backend offers.
struct Row {
  const char* algorithm;  // canonical catalog name
  KeyBits key_bits;
  Factory factory;
};

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
// compiler can inline it as in a hand-written loop; exceptions end the batch with the status trampoline()
// would have returned.
template <class T, int (T::*Method)(ca_io&)>
int repeat_trampoline(ca_context* c, ca_io* ios, size_t n_ios, size_t* cursor, uint64_t count) noexcept {
  auto* holder = reinterpret_cast<Holder<T>*>(c);
  size_t i = *cursor;
  int status = CA_OK;
  try {
    for (uint64_t k = 0; k < count; ++k) {
      status |= (holder->impl.*Method)(ios[i]);
      if (++i == n_ios) i = 0;
    }
  } catch (...) {
    // One more call through trampoline() records the message and maps the exception to its status.
    status |= trampoline<T, Method>(c, &ios[i]);
    if (status == CA_OK) status = CA_FAILED;
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

/// Throws unless the symmetric key has exactly the given length.
inline void require_key_bytes(const ca_key_spec& s, size_t expected) {
  if (s.secret_key == nullptr || s.secret_key_len != expected)
    throw std::runtime_error(std::string(s.algorithm) + " expects a " + std::to_string(expected) +
                             "-byte key, got " + std::to_string(s.secret_key_len));
}

// ---- the table behind the exported entry point ----------------------------------------------------------

template <const Row* Rows, size_t N>
struct Table {
  static const Row* find(const char* algorithm) {
    for (size_t i = 0; i < N; ++i)
      if (std::strcmp(Rows[i].algorithm, algorithm) == 0) return &Rows[i];
    return nullptr;
  }
  static int supports(const char* algorithm, uint32_t key_bits, char* reason, size_t cap) noexcept {
    const Row* row = find(algorithm);
    if (row == nullptr) {
      detail::copy_message(reason, cap, "not offered by this library");
      return CA_UNSUPPORTED;
    }
    if (!row->key_bits.allows(key_bits)) {
      detail::copy_message(
          reason, cap,
          std::to_string(key_bits) + "-bit key not offered (supported: " + row->key_bits.describe() + ")");
      return CA_UNSUPPORTED;
    }
    return CA_OK;
  }
  static int create(const ca_key_spec* spec, ca_context** out, char* error, size_t cap) noexcept {
    *out = nullptr;
    if (spec == nullptr || spec->struct_size < sizeof(ca_key_spec)) {
      detail::copy_message(error, cap, "ca_key_spec too small for this plugin");
      return CA_FAILED;
    }
    int st = supports(spec->algorithm, spec->key_bits, error, cap);
    if (st != CA_OK) return st;
    try {
      auto ctx = find(spec->algorithm)->factory(*spec);
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
      std::memcpy(out, key.data(), key.size());
      return CA_OK;
    } catch (const std::exception& e) {
      base->error = e.what();
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

}  // namespace ca::sdk

/// Defines the exported entry point. ROWS must be a namespace-scope array of ca::sdk::Row.
#define CRYPTAUDITOR_BACKEND(NAME, LIBRARY, VERSION_FN, ACCEL_FN, ROWS)                                  \
  extern "C" __attribute__((visibility("default"))) const ca_backend* cryptauditor_backend_entry(void) { \
    using TableT = ::ca::sdk::Table<ROWS, sizeof(ROWS) / sizeof(ROWS[0])>;                               \
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
                                       &TableT::algorithm_at};                                           \
    return &backend;                                                                                     \
  }
