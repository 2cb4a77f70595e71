// The KDF rows of the Botan 3 backend: the password hashes (PBKDF2, scrypt, Argon2id) through
// PasswordHashFamily::from_params with the costs of ca_key_spec.params, built once per context, and HKDF
// through Botan::KDF's span interface. Each derive writes output_cap bytes.
#include <botan/kdf.h>
#include <botan/pwdhash.h>

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "botan3_backend.hpp"

namespace ca::backend_botan3 {
namespace {

/// The costs a password hash takes from the spec, in PasswordHashFamily::from_params' order, with the
/// catalog's defaults (docs/CATALOG.md).
std::unique_ptr<Botan::PasswordHash> password_hash(const ca_key_spec& spec, std::string_view name) {
  auto family = Botan::PasswordHashFamily::create_or_throw(name);
  using ca::sdk::param_u64;
  if (name.starts_with("PBKDF2")) return family->from_params(param_u64(spec, "iterations", 10000));
  if (name == "Scrypt")
    return family->from_params(param_u64(spec, "n", 16384), param_u64(spec, "r", 8), param_u64(spec, "p", 1));
  if (name == "Argon2id")  // memory in KiB, passes, lanes
    return family->from_params(param_u64(spec, "m", 19456), param_u64(spec, "t", 2), param_u64(spec, "p", 1));
  throw std::logic_error(std::string(name) + " is not a password hash this backend knows the costs of");
}

class KdfContext {
 public:
  KdfContext(const ca_key_spec& spec, const char* name) {
    if (std::string_view(name).starts_with("HKDF"))
      m_kdf = Botan::KDF::create_or_throw(name);
    else
      m_hash = password_hash(spec, name);
  }

  int derive(ca_io& io) {
    const std::span<const uint8_t> secret(io.input, io.input_len);
    const std::span<const uint8_t> salt(io.nonce, io.nonce_len);
    if (m_kdf) {
      // Botan 3's HKDF refuses an output longer than 255 x HashLen (RFC 5869 2.3) with Invalid_Argument.
      m_kdf->derive_key({io.output, io.output_cap}, secret, salt, {io.aad, io.aad_len});
    } else {
      m_hash->derive_key(io.output, io.output_cap, reinterpret_cast<const char*>(secret.data()),
                         secret.size(), salt.data(), salt.size());
    }
    io.output_len = io.output_cap;
    return CA_OK;
  }

 private:
  std::unique_ptr<Botan::KDF> m_kdf;
  std::unique_ptr<Botan::PasswordHash> m_hash;
};

}  // namespace

ca::sdk::Factory kdf_factory(const char* botan_name) { return ca::sdk::make_factory<KdfContext>(botan_name); }

}  // namespace ca::backend_botan3
