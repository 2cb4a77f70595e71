// Private header of the Nettle backend: the public-key factories (public_key.cpp). nettle_backend.cpp holds
// the symmetric contexts and the table.
#pragma once

#include "cryptauditor/backend_sdk.hpp"

namespace ca::nettle_backend {

sdk::Factory ed25519_factory();
/// ECDSA on P-256 with SHA-256; DER (X9.62) signatures.
sdk::Factory ecdsa_factory();
/// RSASSA-PSS, SHA-256, MGF1-SHA-256, 32-byte salt.
sdk::Factory rsa_pss_sha256_factory();
/// RSASSA-PKCS1-v1_5 with SHA-1 / SHA-256.
sdk::Factory rsa_pkcs1_sha1_factory();
sdk::Factory rsa_pkcs1_sha256_factory();

/// KDFs and X25519 / X448 (kdf_kex.cpp).
sdk::Factory pbkdf2_sha256_factory();
sdk::Factory pbkdf2_sha1_factory();
sdk::Factory hkdf_sha256_factory();
sdk::Factory hkdf_sha512_factory();
sdk::Factory x25519_factory();
sdk::Factory x448_factory();

}  // namespace ca::nettle_backend
