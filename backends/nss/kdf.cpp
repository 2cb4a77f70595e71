// The KDF rows: HKDF through softoken's PKCS#11 v3 CKM_HKDF_DERIVE (PK11_Derive from the input keying
// material imported as a secret key), PBKDF2 through PK11_PBEKeyGen over a PKCS#5 v2 algorithm ID
// (PK11_CreatePBEV2AlgorithmID), as Firefox's WebCrypto derives it. The derived bytes leave the token as a
// PK11SymKey's value (PK11_ExtractKeyValue); every call creates and frees its key objects.
#include <secoid.h>

#include "nss_backend.hpp"

namespace ca::backend_nss {
namespace {

int put_key_value(ca_io& io, PK11SymKey* key, const char* what) {
  if (key == nullptr) fail(what);
  if (PK11_ExtractKeyValue(key) != SECSuccess) fail("PK11_ExtractKeyValue");
  const SECItem* value = PK11_GetKeyData(key);
  if (value == nullptr || value->len != io.output_cap)
    throw std::runtime_error(std::string(what) + " gave a key of another length");
  return sdk::put_output(io, value->data, value->len);
}

int key_length(size_t n) {
  if (n == 0 || n > 0x7fffffff) throw sdk::Unsupported("an output of " + std::to_string(n) + " bytes");
  return static_cast<int>(n);
}

class Hkdf {
 public:
  Hkdf(const ca_key_spec&, CK_MECHANISM_TYPE hash) : hash_(hash) {}

  int derive(ca_io& io) {
    // Softoken refuses to import an empty secret key; RFC 5869 allows an empty IKM.
    if (io.input_len == 0)
      throw sdk::Unsupported("NSS cannot import an empty input keying material as a key");
    SymKeyPtr ikm = import_key(CKM_HKDF_DERIVE, CKF_DERIVE, {io.input, io.input_len});
    CK_HKDF_PARAMS p{};
    p.bExtract = CK_TRUE;
    p.bExpand = CK_TRUE;
    p.prfHashMechanism = hash_;
    // An empty salt is HashLen zero bytes (RFC 5869 2.2), which CKF_HKDF_SALT_NULL names.
    p.ulSaltType = io.nonce_len == 0 ? CKF_HKDF_SALT_NULL : CKF_HKDF_SALT_DATA;
    p.pSalt = io.nonce_len == 0 ? nullptr : const_cast<CK_BYTE_PTR>(io.nonce);
    p.ulSaltLen = io.nonce_len;
    p.hSaltKey = CK_INVALID_HANDLE;
    p.pInfo = const_cast<CK_BYTE_PTR>(sdk::bytes_or_empty(io.aad));
    p.ulInfoLen = io.aad_len;
    SECItem param{siBuffer, reinterpret_cast<unsigned char*>(&p), sizeof p};
    SymKeyPtr okm(PK11_Derive(ikm.get(), CKM_HKDF_DERIVE, &param, CKM_GENERIC_SECRET_KEY_GEN, CKA_DERIVE,
                              key_length(io.output_cap)));
    return put_key_value(io, okm.get(), "PK11_Derive(CKM_HKDF_DERIVE)");
  }

 private:
  CK_MECHANISM_TYPE hash_;
};

void destroy_algorithm_id(SECAlgorithmID* a) { SECOID_DestroyAlgorithmID(a, PR_TRUE); }
using AlgorithmIdPtr = sdk::Ptr<SECAlgorithmID, destroy_algorithm_id>;

class Pbkdf2 {
 public:
  Pbkdf2(const ca_key_spec& spec, SECOidTag prf)
      : prf_(prf), iterations_(sdk::param_u64(spec, "iterations", 10000)), slot_(internal_slot()) {
    if (iterations_ == 0 || iterations_ > 0x7fffffff)
      throw sdk::Unsupported("PBKDF2 with " + std::to_string(iterations_) +
                             " iterations: NSS takes 1..2^31-1 (an int)");
  }

  int derive(ca_io& io) {
    SECItem salt = item(io.nonce, io.nonce_len);
    AlgorithmIdPtr algorithm(PK11_CreatePBEV2AlgorithmID(
        SEC_OID_PKCS5_PBKDF2, prf_, prf_, key_length(io.output_cap), static_cast<int>(iterations_), &salt));
    if (!algorithm) fail("PK11_CreatePBEV2AlgorithmID");
    SECItem password = item(io.input, io.input_len);
    SymKeyPtr key(PK11_PBEKeyGen(slot_.get(), algorithm.get(), &password, PR_FALSE, nullptr));
    return put_key_value(io, key.get(), "PK11_PBEKeyGen");
  }

 private:
  SECOidTag prf_;
  uint64_t iterations_;
  SlotPtr slot_;
};

}  // namespace

sdk::Factory hkdf(CK_MECHANISM_TYPE hash) { return sdk::make_factory<Hkdf>(hash); }
sdk::Factory pbkdf2(SECOidTag prf) { return sdk::make_factory<Pbkdf2>(prf); }

}  // namespace ca::backend_nss
