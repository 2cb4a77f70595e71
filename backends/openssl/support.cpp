// Error reporting and algorithm fetching shared by every context of the OpenSSL backend, and the backend's
// own library context for the algorithms OpenSSL 3 moved to its "legacy" provider.
#include <openssl/err.h>
#include <openssl/provider.h>

#include <stdexcept>

#include "openssl_backend.hpp"

namespace ca::backend_openssl {

std::string openssl_error(std::string_view what) {
  std::string message(what);
  const char* separator = ": ";
  char reason[256];
  while (unsigned long code = ERR_get_error()) {
    ERR_error_string_n(code, reason, sizeof reason);
    message += separator;
    message += reason;
    separator = "; ";
  }
  if (separator[0] == ':') message += ": (OpenSSL gave no reason)";
  return message;
}

void throw_openssl(std::string_view what) { throw std::runtime_error(openssl_error(what)); }

std::string evp_name_for(const char* pattern, uint32_t key_bits) {
  std::string name(pattern);
  if (auto star = name.find('*'); star != std::string::npos) name.replace(star, 1, std::to_string(key_bits));
  return name;
}

namespace {

// A library context owned by the plugin, with the "legacy" and "default" providers loaded into it. Loading
// a provider explicitly turns off the implicit "default" one, so both are loaded: an algorithm fetched
// here looks up its helpers in the same context (HMAC over a legacy digest needs the default provider's
// HMAC, for instance). It is a context of its own rather than OpenSSL's default one so that the plugin
// does not change what the rest of the process (the core, other plugins, an application embedding them)
// can fetch. It is created by the first fetch that needs it and freed when the plugin is unloaded; every
// EVP object fetched from it is freed before that, because the core destroys contexts before it closes a
// plugin.
class LegacyLibraryContext {
 public:
  LegacyLibraryContext() : context_(OSSL_LIB_CTX_new()) {
    if (context_ == nullptr) {
      error_ = openssl_error("OSSL_LIB_CTX_new");
      return;
    }
    legacy_ = OSSL_PROVIDER_load(context_, "legacy");
    if (legacy_ == nullptr) {
      error_ = openssl_error("OpenSSL's legacy provider could not be loaded (OSSL_PROVIDER_load \"legacy\")");
      return;
    }
    default_ = OSSL_PROVIDER_load(context_, "default");
    if (default_ == nullptr)
      error_ = openssl_error("OSSL_PROVIDER_load \"default\" into the legacy library context");
  }
  ~LegacyLibraryContext() {
    if (default_ != nullptr) OSSL_PROVIDER_unload(default_);
    if (legacy_ != nullptr) OSSL_PROVIDER_unload(legacy_);
    OSSL_LIB_CTX_free(context_);
  }
  LegacyLibraryContext(const LegacyLibraryContext&) = delete;
  LegacyLibraryContext& operator=(const LegacyLibraryContext&) = delete;

  /// The context, or nullptr with the reason in error() when a provider did not load.
  OSSL_LIB_CTX* get() const { return error_.empty() ? context_ : nullptr; }
  const std::string& error() const { return error_; }

 private:
  OSSL_LIB_CTX* context_ = nullptr;
  OSSL_PROVIDER* legacy_ = nullptr;
  OSSL_PROVIDER* default_ = nullptr;
  std::string error_;
};

const LegacyLibraryContext& legacy_library_context() {
  static const LegacyLibraryContext context;  // thread-safe initialisation
  return context;
}

// Fetch from the process's default library context, else from the legacy one. `kind` names the
// algorithm class in the error ("cipher", "digest", "MAC").
template <class Ptr, class Fetch>
Ptr fetch_with_legacy_fallback(const char* name, const char* kind, Fetch fetch) {
  if (Ptr found(fetch(nullptr, name, nullptr)); found) return found;
  ERR_clear_error();  // "unsupported" from the default context; the legacy context may have it
  const LegacyLibraryContext& legacy = legacy_library_context();
  if (legacy.get() == nullptr)
    throw sdk::Unsupported(std::string("no loaded OpenSSL provider offers ") + kind + " " + name + " (" +
                           legacy.error() + ")");
  if (Ptr found(fetch(legacy.get(), name, nullptr)); found) return found;
  throw sdk::Unsupported(openssl_error(std::string("neither OpenSSL's default provider nor its legacy "
                                                   "provider offers ") +
                                       kind + " " + name));
}

}  // namespace

CipherPtr fetch_cipher(const std::string& name) {
  return fetch_with_legacy_fallback<CipherPtr>(name.c_str(), "cipher", EVP_CIPHER_fetch);
}

MdPtr fetch_md(const char* name) { return fetch_with_legacy_fallback<MdPtr>(name, "digest", EVP_MD_fetch); }

MacPtr fetch_mac(const char* name) { return fetch_with_legacy_fallback<MacPtr>(name, "MAC", EVP_MAC_fetch); }

}  // namespace ca::backend_openssl
