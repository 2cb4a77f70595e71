// Private header of the Mbed TLS backend: the public-key factories public_key.cpp defines for the row table
// in mbedtls_backend.cpp.
#pragma once

#include <mbedtls/md.h>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::mbedtls {

/// RSAES-OAEP with `digest` for OAEP and MGF1 and an empty label.
sdk::Factory rsa_oaep(mbedtls_md_type_t digest);

enum class SignatureScheme { RsaPss, RsaPkcs1v15, EcdsaP256 };

/// A signature row: the scheme and the digest the message is hashed with inside the operation.
sdk::Factory signature(SignatureScheme scheme, mbedtls_md_type_t digest);

}  // namespace ca::mbedtls
