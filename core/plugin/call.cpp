#include "plugin/call.hpp"

#include <algorithm>
#include <stdexcept>

namespace ca {
namespace {

struct OperationName {
  Operation op;
  std::string_view name;
  int code;
};
constexpr OperationName kNames[] = {
    {Operation::Encrypt, "encrypt", CA_OP_ENCRYPT},
    {Operation::EncryptStream, "encrypt-stream", CA_OP_ENCRYPT_STREAM},
    {Operation::Decrypt, "decrypt", CA_OP_DECRYPT},
    {Operation::Hash, "hash", CA_OP_HASH},
    {Operation::Sign, "sign", CA_OP_SIGN},
    {Operation::Verify, "verify", CA_OP_VERIFY},
    {Operation::Mac, "mac", CA_OP_MAC},
    {Operation::Derive, "derive", CA_OP_DERIVE},
    {Operation::Agree, "agree", CA_OP_AGREE},
    {Operation::Keygen, "keygen", CA_OP_KEYGEN},
};

const OperationName& entry(Operation op) {
  return *std::find_if(std::begin(kNames), std::end(kNames),
                       [&](const OperationName& n) { return n.op == op; });
}

}  // namespace

std::string_view operation_name(Operation op) { return entry(op).name; }

std::optional<Operation> parse_operation(std::string_view name) {
  for (const OperationName& n : kNames)
    if (n.name == name) return n.op;
  return std::nullopt;
}

Operation operation_named(std::string_view name) {
  if (auto op = parse_operation(name)) return *op;
  std::string allowed;
  for (const OperationName& n : kNames) allowed += (allowed.empty() ? "" : ", ") + std::string(n.name);
  throw std::logic_error("unknown operation \"" + std::string(name) + "\" (allowed: " + allowed + ")");
}

int op_code(Operation op) { return entry(op).code; }

std::optional<Operation> operation_of_code(int code) {
  for (const OperationName& n : kNames)
    if (n.code == code) return n.op;
  return std::nullopt;
}

int op_code(std::string_view name) { return op_code(operation_named(name)); }

std::string op_name(int code) {
  if (auto op = operation_of_code(code)) return std::string(operation_name(*op));
  return "operation " + std::to_string(code);
}

ca_key_spec key_spec(const AlgorithmInfo& a, uint32_t bits, ByteView secret, ByteView public_key,
                     const std::string* params) {
  ca_key_spec spec{};
  spec.struct_size = sizeof spec;
  spec.algorithm = a.name.data();  // catalog names are string literals: NUL-terminated
  spec.key_bits = bits;
  if (params != nullptr && !params->empty()) spec.params = params->c_str();
  if (!secret.empty()) {
    spec.secret_key = secret.data();
    spec.secret_key_len = secret.size();
  }
  if (!public_key.empty()) {
    spec.public_key = public_key.data();
    spec.public_key_len = public_key.size();
  }
  return spec;
}

Call call(const Context& ctx, int op, ByteView input, ByteView nonce, ByteView aad, ByteView signature,
          size_t capacity) {
  Call r;
  r.output.resize(capacity);
  ca_io io{};
  io.nonce = nonce.data();
  io.nonce_len = nonce.size();
  io.aad = aad.data();
  io.aad_len = aad.size();
  io.input = input.data();
  io.input_len = input.size();
  io.signature = signature.data();
  io.signature_len = signature.size();
  io.output = r.output.data();
  io.output_cap = r.output.size();
  r.status = ctx.call(op, io);
  if (r.status == CA_OK) {
    r.output.resize(std::min(io.output_len, r.output.size()));
  } else {
    r.output.clear();
    r.error = ctx.operation(op) == nullptr ? "operation not offered by this context" : ctx.last_error();
  }
  return r;
}

std::string status_text(const Context& ctx, int status) {
  std::string e = ctx.last_error();
  return "status " + std::to_string(status) + (e.empty() ? "" : " (" + e + ")");
}

}  // namespace ca
