// verify's view of one backend call outside any timing (plugin/call.hpp's helper, with verify's defaults and
// status names): the building block of the Wycheproof runner and the interop checks.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "catalog/catalog.hpp"
#include "plugin/backend.hpp"
#include "plugin/call.hpp"
#include "util/bytes.hpp"

namespace ca::verify {

/// A keyed context, or why there is none. unsupported: the backend answered CA_UNSUPPORTED (a key size or
/// key format it does not take), as opposed to a key it refused or a library error.
struct KeyedContext {
  std::unique_ptr<Context> context;
  std::string error;
  bool unsupported = false;

  explicit operator bool() const { return context != nullptr; }
};

/// create() with a symmetric key or private key (secret), a public key only, or neither (fresh key pair);
/// params is ca_key_spec.params ("iterations=4096"), empty for the catalog's defaults.
KeyedContext create_context(const Backend& backend, const AlgorithmInfo& algorithm, uint32_t key_bits,
                            ByteView secret = {}, ByteView public_key = {}, const std::string& params = {});

struct OpArgs {
  ByteView input;
  ByteView nonce;
  ByteView aad;
  ByteView signature;
  size_t output_cap = 0;  // 0: input size + 1024, room for any tag, padding, RSA block or signature
};

struct OpResult {
  int status = CA_FAILED;
  Bytes output;       // what the backend wrote when status is CA_OK
  std::string error;  // the backend's message otherwise

  bool ok() const { return status == CA_OK; }
  /// "CA_REJECTED (tag mismatch)"
  std::string describe() const;
};

/// Runs one operation; an operation the context does not offer is CA_UNSUPPORTED.
OpResult run_operation(const Context& context, int op, const OpArgs& args);

/// "CA_OK", "CA_REJECTED", ...
std::string status_name(int status);

/// Short hex for messages: the whole value up to 32 bytes, else its start and length.
std::string hex_excerpt(ByteView bytes);

}  // namespace ca::verify
