#include "verify/exchange.hpp"

#include <utility>

namespace ca::verify {

KeyedContext create_context(const Backend& backend, const AlgorithmInfo& algorithm, uint32_t key_bits,
                            ByteView secret, ByteView public_key, const std::string& params) {
  KeyedContext out;
  auto created = backend.create(key_spec(algorithm, key_bits, secret, public_key, &params));
  if (created) {
    out.context = std::move(*created);
  } else {
    out.error = created.error().message;
    out.unsupported = created.error().unsupported;
  }
  return out;
}

OpResult run_operation(const Context& context, int op, const OpArgs& args) {
  Call c = call(context, op, args.input, args.nonce, args.aad, args.signature,
                args.output_cap != 0 ? args.output_cap : args.input.size() + 1024);
  return {c.status, std::move(c.output), std::move(c.error)};
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
