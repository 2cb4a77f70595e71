// Error reporting and algorithm fetching shared by every context of the OpenSSL backend.
#include <openssl/err.h>

#include <stdexcept>

#include "openssl_backend.hpp"

namespace ca::openssl {

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

CipherPtr fetch_cipher(const std::string& name) {
  CipherPtr cipher(EVP_CIPHER_fetch(nullptr, name.c_str(), nullptr));
  if (!cipher) throw sdk::Unsupported(openssl_error("no loaded OpenSSL provider offers cipher " + name));
  return cipher;
}

MdPtr fetch_md(const char* name) {
  MdPtr md(EVP_MD_fetch(nullptr, name, nullptr));
  if (!md)
    throw sdk::Unsupported(openssl_error(std::string("no loaded OpenSSL provider offers digest ") + name));
  return md;
}

}  // namespace ca::openssl
