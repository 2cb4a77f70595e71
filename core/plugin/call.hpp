// One backend call outside any timing, and the names of operations: the helper the runner (self-test, input
// pools, agreement), `verify` (verify/exchange.cpp) and the conformance tests share, so that building a key
// spec and an io for a single call exists once.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "catalog/catalog.hpp"
#include "plugin/backend.hpp"
#include "util/bytes.hpp"

namespace ca {

/// An operation of plugin_abi.h's ca_op, by name. Every name the core writes in a record is one of these.
enum class Operation { Encrypt, EncryptStream, Decrypt, Hash, Sign, Verify, Mac, Derive, Agree, Keygen };

/// Every operation, in CA_OP_* order of the names below.
inline constexpr Operation kOperations[] = {
    Operation::Encrypt, Operation::EncryptStream, Operation::Decrypt, Operation::Hash,  Operation::Sign,
    Operation::Verify,  Operation::Mac,           Operation::Derive,  Operation::Agree, Operation::Keygen};

/// "encrypt", "encrypt-stream", "decrypt", "hash", "sign", "verify", "mac", "derive", "agree", "keygen".
std::string_view operation_name(Operation op);
/// The operation of a name above, or nullopt for any other name (there is no default operation).
std::optional<Operation> parse_operation(std::string_view name);
/// The operation of a name above; any other name throws std::logic_error naming it and the names allowed:
/// for names the core made itself, where an unknown one is a bug, not user input (parse_operation is for
/// names read from files).
Operation operation_named(std::string_view name);
/// CA_OP_* of an operation, and back (nullopt for a code no operation has).
int op_code(Operation op);
std::optional<Operation> operation_of_code(int code);
/// CA_OP_* of a name above (operation_named: any other name throws).
int op_code(std::string_view name);
/// The name of a CA_OP_* code, or "operation N" for a code no operation has (messages).
std::string op_name(int code);

using ByteView = std::span<const uint8_t>;

/// A key spec for `a` at `bits`: a symmetric key or private key (`secret`), a public key only, or neither (a
/// fresh key pair); `params`: ca_key_spec.params (KDF costs, "iterations=4096"), null or empty for the
/// catalog's defaults. The spec points into every argument: they must outlive it.
ca_key_spec key_spec(const AlgorithmInfo& a, uint32_t bits, ByteView secret = {}, ByteView public_key = {},
                     const std::string* params = nullptr);

/// What one call outside timing gave.
struct Call {
  int status = CA_FAILED;
  Bytes output;       // what the backend wrote when status is CA_OK, else empty
  std::string error;  // otherwise: the backend's message, or "operation not offered by this context"

  bool ok() const { return status == CA_OK; }
};

/// One operation with owned buffers: `capacity` bytes of output room; an empty signature is none.
Call call(const Context& ctx, int op, ByteView input, ByteView nonce, ByteView aad, ByteView signature,
          size_t capacity);

/// "status 3 (tag mismatch)": a status and the context's last error, for messages.
std::string status_text(const Context& ctx, int status);

}  // namespace ca
