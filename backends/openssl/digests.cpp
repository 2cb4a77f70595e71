// Hashes through EVP_MD: the implementation is fetched once per context; an operation is
// EVP_DigestInit_ex2 + EVP_DigestUpdate + EVP_DigestFinal_ex (EVP_DigestFinalXOF for SHAKE) on the
// context's one EVP_MD_CTX.
#include "openssl_backend.hpp"

namespace ca::backend_openssl {
namespace {

class Digest {
 public:
  Digest(const ca_key_spec& /*spec: hashes have no key*/, DigestRow row)
      : row_(row), md_(fetch_md(row.evp_name)), ctx_(EVP_MD_CTX_new()) {
    if (!ctx_) throw_openssl("EVP_MD_CTX_new");
    const bool xof = (EVP_MD_get_flags(md_.get()) & EVP_MD_FLAG_XOF) != 0;
    if (xof != (row.xof_bytes != 0))
      throw std::runtime_error(
          std::string(row.evp_name) +
          (xof ? " is an XOF in OpenSSL but its row gives no output length"
               : " has a fixed output length in OpenSSL but its row gives an XOF length"));
    size_ = xof ? row.xof_bytes : static_cast<size_t>(EVP_MD_get_size(md_.get()));
  }

  int hash(ca_io& io) {
    if (io.output_cap < size_) return CA_BUFFER_TOO_SMALL;
    // Re-initialising with the same EVP_MD keeps the provider's digest context and only resets its state.
    if (!EVP_DigestInit_ex2(ctx_.get(), md_.get(), nullptr) ||
        !EVP_DigestUpdate(ctx_.get(), io.input, io.input_len))
      throw_openssl(std::string(row_.evp_name) + " digest");
    if (row_.xof_bytes != 0) {
      if (!EVP_DigestFinalXOF(ctx_.get(), io.output, size_))
        throw_openssl(std::string(row_.evp_name) + " XOF");
      io.output_len = size_;
      return CA_OK;
    }
    unsigned int written = 0;
    if (!EVP_DigestFinal_ex(ctx_.get(), io.output, &written))
      throw_openssl(std::string(row_.evp_name) + " digest");
    io.output_len = written;
    return CA_OK;
  }

 private:
  DigestRow row_;
  MdPtr md_;
  MdCtxPtr ctx_;
  size_t size_ = 0;
};

}  // namespace

sdk::Factory digest(DigestRow row) { return sdk::make_factory<Digest>(row); }

}  // namespace ca::backend_openssl
