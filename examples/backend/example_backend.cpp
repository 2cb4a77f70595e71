// The smallest useful cryptauditor backend, written as a third party would: the SDK header, one context
// class, a table of rows and CRYPTAUDITOR_BACKEND. It hashes with OpenSSL's one-shot EVP_Digest(), which
// sets up and frees a digest context on every call: ranked beside the built-in openssl backend (which
// reuses one context per measurement), it shows what that per-call set-up costs.
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <stdexcept>
#include <string>

#include "cryptauditor/backend_sdk.hpp"

namespace {

class OneShotDigest {
 public:
  // Hashes take no key; the row tells which digest this context computes.
  OneShotDigest(const ca_key_spec& /*spec*/, const char* evp_name)
      : md_(EVP_MD_fetch(nullptr, evp_name, nullptr)) {
    if (!md_) throw std::runtime_error(std::string("EVP_MD_fetch(") + evp_name + ") failed");
    size_ = static_cast<size_t>(EVP_MD_get_size(md_.get()));
  }

  int hash(ca_io& io) {
    ca::sdk::require_output(io, size_);
    unsigned int written = 0;
    // An empty message may come with a null input pointer: hand OpenSSL a valid one.
    if (!EVP_Digest(ca::sdk::bytes_or_empty(io.input), io.input_len, io.output, &written, md_.get(), nullptr))
      throw std::runtime_error("EVP_Digest failed");
    io.output_len = written;
    return CA_OK;
  }

 private:
  ca::sdk::Ptr<EVP_MD, EVP_MD_free> md_;  // the SDK's owning handle: EVP_MD_free at destruction
  size_t size_ = 0;
};

const char* library_version() { return OpenSSL_version(OPENSSL_VERSION_STRING); }
const char* acceleration() { return ""; }

// Row names are catalog names (`cryptauditor list --aliases` shows which names are canonical); a row without
// key sizes takes the catalog's (a hash has none).
const ca::sdk::Row kRows[] = {
    {"SHA2-256", ca::sdk::make_factory<OneShotDigest>("SHA2-256")},
    {"SHA3-256", ca::sdk::make_factory<OneShotDigest>("SHA3-256")},
};

}  // namespace

CRYPTAUDITOR_BACKEND("example", "OpenSSL one-shot (examples/backend)", &library_version, &acceleration, kRows)
