// Private header of the wolfSSL backend: the public-key factories public_key.cpp defines for the row table
// in wolfssl_backend.cpp.
#pragma once

#include <wolfssl/options.h>
//
#include <wolfssl/wolfcrypt/hash.h>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::wolfssl {

/// RSAES-OAEP with `hash` for the label hash, `mgf` (WC_MGF1SHA1 / WC_MGF1SHA256) for MGF1, empty label.
sdk::Factory rsa_oaep(enum wc_HashType hash, int mgf);

enum class SignatureScheme { RsaPss, RsaPkcs1v15, EcdsaP256, Ed25519 };

/// A signature row: the scheme and the digest the message is hashed with inside the operation
/// (WC_HASH_TYPE_NONE for Ed25519, which hashes inside the library).
sdk::Factory signature(SignatureScheme scheme, enum wc_HashType hash);

}  // namespace ca::wolfssl
