// libgcrypt initialisation and the error helpers every context uses.
#include <string>

#include "gcrypt_backend.hpp"

namespace ca::backend_gcrypt {
namespace {

// libgcrypt must be initialised once per process before any other call: gcry_check_version() runs its
// self-setup, then the application says it is done. Secure memory is switched off: nothing here asks for it
// (no GCRY_*_SECURE flag), and libgcrypt's default secure pool is small and locked, which large RSA keys in
// a long run would exhaust; with it off there is also no "using insecure memory" warning. A host that
// initialised libgcrypt itself is left as it is.
struct LibraryInit {
  LibraryInit() {
    if (gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P)) return;
    if (gcry_check_version(GCRYPT_VERSION) == nullptr) return;  // require_library() reports it
    gcry_control(GCRYCTL_DISABLE_SECMEM_WARN);
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
  }
};
const LibraryInit kLibraryInit;  // runs when the plugin is loaded

}  // namespace

void require_library() {
  if (!gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P))
    throw std::runtime_error(std::string("libgcrypt ") + gcry_check_version(nullptr) +
                             " is older than the headers this plugin was built with (" GCRYPT_VERSION ")");
}

std::string gcrypt_error(const std::string& what, gcry_error_t err) {
  return what + ": " + gcry_strerror(err);
}

void check(gcry_error_t err, const std::string& what) {
  if (err != 0) throw std::runtime_error(gcrypt_error(what, err));
}

void check_failed(gcry_error_t err, const char* what, const char* detail) {
  throw std::runtime_error(gcrypt_error(std::string(what) + detail, err));
}

}  // namespace ca::backend_gcrypt
