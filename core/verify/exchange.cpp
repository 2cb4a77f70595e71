#include "verify/exchange.hpp"

#include <algorithm>

namespace ca::verify {

KeyedContext create_context(const Backend& backend, const AlgorithmInfo& algorithm, uint32_t key_bits,
                            ByteView secret, ByteView public_key, const std::string& params) {
  ca_key_spec spec{};
  spec.struct_size = sizeof spec;
  spec.algorithm = algorithm.name.data();  // catalog names are string literals: NUL-terminated
  spec.key_bits = key_bits;
  if (!secret.empty()) {
    spec.secret_key = secret.data();
    spec.secret_key_len = secret.size();
  }
  if (!public_key.empty()) {
    spec.public_key = public_key.data();
    spec.public_key_len = public_key.size();
  }
  if (!params.empty()) spec.params = params.c_str();
  KeyedContext out;
  out.context = backend.create(spec, out.error, out.unsupported);
  return out;
}

OpResult run_operation(const Context& context, int op, const OpArgs& args) {
  OpResult r;
  r.output.resize(args.output_cap != 0 ? args.output_cap : args.input.size() + 1024);
  ca_io io{};
  io.nonce = args.nonce.data();
  io.nonce_len = args.nonce.size();
  io.aad = args.aad.data();
  io.aad_len = args.aad.size();
  io.input = args.input.data();
  io.input_len = args.input.size();
  io.signature = args.signature.data();
  io.signature_len = args.signature.size();
  io.output = r.output.data();
  io.output_cap = r.output.size();
  r.status = context.call(op, io);
  if (r.status == CA_OK) {
    r.output.resize(std::min(io.output_len, r.output.size()));
  } else {
    r.output.clear();
    r.error =
        context.operation(op) == nullptr ? "operation not offered by this context" : context.last_error();
  }
  return r;
}

std::string status_name(int status) {
  switch (status) {
    case CA_OK:
      return "CA_OK";
    case CA_UNSUPPORTED:
      return "CA_UNSUPPORTED";
    case CA_FAILED:
      return "CA_FAILED";
    case CA_REJECTED:
      return "CA_REJECTED";
    case CA_BUFFER_TOO_SMALL:
      return "CA_BUFFER_TOO_SMALL";
    default:
      return "status " + std::to_string(status);
  }
}

std::string OpResult::describe() const {
  return status_name(status) + (error.empty() ? "" : " (" + error + ")");
}

std::string hex_excerpt(ByteView bytes) {
  if (bytes.size() <= 32) return bytes.empty() ? "(empty)" : to_hex(bytes.data(), bytes.size());
  return to_hex(bytes.data(), 24) + "... (" + std::to_string(bytes.size()) + " bytes)";
}

}  // namespace ca::verify
