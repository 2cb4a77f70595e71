// Hashes through EVP_MD: the implementation is fetched once per context; an operation is
// EVP_DigestInit_ex2 + EVP_DigestUpdate + EVP_DigestFinal_ex on the context's one EVP_MD_CTX.
#include "openssl_backend.hpp"

namespace ca::openssl {
namespace {

class Digest {
 public:
  Digest(const ca_key_spec& /*spec: hashes have no key*/, const char* evp_name)
      : name_(evp_name), md_(fetch_md(evp_name)), ctx_(EVP_MD_CTX_new()) {
    if (!ctx_) throw_openssl("EVP_MD_CTX_new");
    size_ = static_cast<size_t>(EVP_MD_get_size(md_.get()));
  }

  int hash(ca_io& io) {
    if (io.output_cap < size_) return CA_BUFFER_TOO_SMALL;
    unsigned int written = 0;
    // Re-initialising with the same EVP_MD keeps the provider's digest context and only resets its state.
    if (!EVP_DigestInit_ex2(ctx_.get(), md_.get(), nullptr) ||
        !EVP_DigestUpdate(ctx_.get(), io.input, io.input_len) ||
        !EVP_DigestFinal_ex(ctx_.get(), io.output, &written))
      throw_openssl(std::string(name_) + " digest");
    io.output_len = written;
    return CA_OK;
  }

 private:
  const char* name_;
  MdPtr md_;
  MdCtxPtr ctx_;
  size_t size_ = 0;
};

}  // namespace

sdk::Factory digest(const char* evp_name) { return sdk::make_factory<Digest>(evp_name); }

}  // namespace ca::openssl
