// MACs through EVP_MAC: HMAC, CMAC, GMAC, Poly1305, SipHash and KMAC, one class driven by MacRow. The MAC
// is fetched and keyed once, in the constructor (digest or cipher, output size and key all go in with the
// key setup); an operation restarts the keyed state (MacRow::restart), sets GMAC's IV, absorbs the message
// and writes the tag.
#include <openssl/core_names.h>
#include <openssl/params.h>

#include <array>
#include <stdexcept>

#include "openssl_backend.hpp"

namespace ca::backend_openssl {
namespace {

MacRow with_catalog_facts(MacRow row, const ca_key_spec& spec) {
  row.algorithm = sdk::catalog_name(spec.algorithm);
  row.nonce_len = sdk::nonce_length(spec);  // GMAC: the catalog's 12, or "nonce=N" (the row's Takes)
  return row;
}

class Mac {
 public:
  Mac(const ca_key_spec& spec, MacRow row)
      : row_(with_catalog_facts(row, spec)), mac_(fetch_mac(row.evp_mac)) {
    // Every catalog MAC takes key bits / 8 bytes of key (HMAC and KMAC any length, 32 by default; CMAC and
    // GMAC the AES key, Poly1305 32, SipHash 16).
    sdk::require_key_bytes(spec, spec.key_bits / 8);
    keyed_.reset(EVP_MAC_CTX_new(mac_.get()));
    if (!keyed_) throw_openssl(std::string(row_.algorithm) + ": EVP_MAC_CTX_new");

    // The parameters a key setup takes: the digest or cipher (fetched here, once), and the output size,
    // which SipHash needs before its key and KMAC before its first message (KMAC: the spec's "tag=N", an
    // input of the function, SP 800-185 4.3).
    const std::string param_value = row.param_value ? evp_name_for(row.param_value, spec.key_bits) : "";
    size_t size = row.size != 0 ? sdk::tag_length(spec) : 0;
    std::array<OSSL_PARAM, 3> params{};
    size_t n = 0;
    if (row.param_name != nullptr)
      params[n++] =
          OSSL_PARAM_construct_utf8_string(row.param_name, const_cast<char*>(param_value.c_str()), 0);
    if (size != 0) params[n++] = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size);
    params[n] = OSSL_PARAM_construct_end();
    if (!EVP_MAC_init(keyed_.get(), spec.secret_key, spec.secret_key_len, params.data()))
      throw_openssl(std::string(row_.algorithm) + ": EVP_MAC_init with the key" +
                    (param_value.empty() ? "" : " (" + param_value + ")"));
    tag_bytes_ = EVP_MAC_CTX_get_mac_size(keyed_.get());
    if (tag_bytes_ == 0) throw_openssl(std::string(row_.algorithm) + ": EVP_MAC_CTX_get_mac_size");
  }

  int mac(ca_io& io) {
    sdk::require_nonce(io, row_.nonce_len, row_.algorithm);
    if (io.output_cap < tag_bytes_) return CA_BUFFER_TOO_SMALL;
    MacCtxPtr copy;
    EVP_MAC_CTX* ctx = keyed_.get();
    if (row_.restart == MacRestart::CopyKeyed) {
      copy.reset(EVP_MAC_CTX_dup(keyed_.get()));
      if (!copy) throw_openssl(std::string(row_.algorithm) + ": EVP_MAC_CTX_dup");
      ctx = copy.get();
    }
    // GMAC's IV goes in with the restart; the others restart with no parameters (passing the digest or
    // cipher again would fetch it again).
    std::array<OSSL_PARAM, 2> iv{};
    if (row_.nonce_len != 0) {
      iv[0] =
          OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, const_cast<uint8_t*>(io.nonce), io.nonce_len);
      iv[1] = OSSL_PARAM_construct_end();
    }
    const bool restart = row_.restart == MacRestart::Reinit || row_.nonce_len != 0;
    size_t written = 0;
    if ((restart && !EVP_MAC_init(ctx, nullptr, 0, row_.nonce_len != 0 ? iv.data() : nullptr)) ||
        !EVP_MAC_update(ctx, bytes_or_empty(io.input), io.input_len) ||
        !EVP_MAC_final(ctx, io.output, &written, io.output_cap))
      throw_openssl(std::string(row_.algorithm) + " (EVP_MAC)");
    io.output_len = written;
    return CA_OK;
  }

 private:
  MacRow row_;
  MacPtr mac_;
  MacCtxPtr keyed_;
  size_t tag_bytes_ = 0;
};

}  // namespace

sdk::Factory mac(MacRow row) { return sdk::make_factory<Mac>(row); }

}  // namespace ca::backend_openssl
