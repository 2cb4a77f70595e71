// Private header of the GnuTLS backend: the factories of symmetric.cpp (ciphers, AEADs, hashes, MACs),
// public_key.cpp (signatures) and kdf.cpp (HKDF, PBKDF2), for the table in backend.cpp, and the one error
// helper they share.
#pragma once

#include <gnutls/gnutls.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::backend_gnutls {

/// Throws std::runtime_error naming the call and GnuTLS's message when ret is negative; returns ret.
inline int check(int ret, std::string_view what) {
  if (ret < 0) throw std::runtime_error(std::string(what) + ": " + gnutls_strerror(ret));
  return ret;
}

/// A gnutls_datum_t over bytes GnuTLS only reads (its API takes non-const datums).
inline gnutls_datum_t datum(const uint8_t* p, size_t n) {
  return gnutls_datum_t{const_cast<uint8_t*>(ca::sdk::bytes_or_empty(p)), static_cast<unsigned>(n)};
}

/// The GnuTLS cipher for a row's key size, or GNUTLS_CIPHER_UNKNOWN.
using CipherChoice = gnutls_cipher_algorithm_t (*)(uint32_t key_bits);

// symmetric.cpp
sdk::Factory cbc(CipherChoice c);  // gnutls_cipher_* in CBC, PKCS#7 by the SDK
/// 2DES: the 3DES-CBC cipher `c` keyed with K1 || K2 || K1 from the 16-byte key (K3 = K1).
sdk::Factory two_key_3des_cbc(CipherChoice c);
sdk::Factory keystream(CipherChoice c);  // ChaCha20 (32-bit counter)
sdk::Factory xts(CipherChoice c);        // AES-XTS, one data unit per message
sdk::Factory aead(CipherChoice c);       // gnutls_aead_cipher_*
sdk::Factory digest(gnutls_digest_algorithm_t d);
/// The GnuTLS MAC for a row's key size (CMAC, GMAC), or GNUTLS_MAC_UNKNOWN.
using MacChoice = gnutls_mac_algorithm_t (*)(uint32_t key_bits);
sdk::Factory hmac(gnutls_mac_algorithm_t m);  // gnutls_hmac_*, any key length
sdk::Factory cmac(MacChoice m);               // gnutls_hmac_* with GNUTLS_MAC_AES_CMAC_*
sdk::Factory gmac(MacChoice m);               // gnutls_hmac_* with GNUTLS_MAC_AES_GMAC_*, nonce per message

// public_key.cpp
struct SignScheme {
  gnutls_pk_algorithm_t pk;
  gnutls_sign_algorithm_t sign;
  gnutls_ecc_curve_t curve;  // GNUTLS_ECC_CURVE_INVALID for RSA
  unsigned verify_flags;
};
sdk::Factory signature(SignScheme s);

// kdf.cpp
sdk::Factory hkdf(gnutls_mac_algorithm_t m);
sdk::Factory pbkdf2(gnutls_mac_algorithm_t m);

}  // namespace ca::backend_gnutls
