// Private header of the LibTomCrypt backend: the library's registry indices (filled once by initialize() in
// backend.cpp) and the factories of symmetric.cpp and public_key.cpp for the table in backend.cpp.
#pragma once

#include <tomcrypt.h>

#include <string>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::backend_tomcrypt {

/// LibTomCrypt finds ciphers, hashes and PRNGs by index in its registries (register_cipher, find_cipher).
struct Registry {
  int aes = -1, des = -1, des3 = -1, rc2 = -1, rc5 = -1, rc6 = -1, twofish = -1, blowfish = -1, camellia = -1,
      cast5 = -1;
  int md5 = -1, sha1 = -1, sha224 = -1, sha256 = -1, sha384 = -1, sha512 = -1, sha512_256 = -1, sha3_224 = -1,
      sha3_256 = -1, sha3_384 = -1, sha3_512 = -1, blake2b = -1, blake2s = -1, rmd160 = -1, whirlpool = -1;
  int sprng = -1;
};
/// Filled by initialize() (backend.cpp) before any row is created.
const Registry& registry();
bool initialize();

/// Throws std::runtime_error with LibTomCrypt's message unless err is CRYPT_OK.
void check(int err, const char* what);

/// The cipher index of a row (registry() member).
using CipherField = int Registry::*;

// symmetric.cpp
sdk::Factory ecb(CipherField c);
sdk::Factory cbc(CipherField c);
enum class Stream { Cfb, Ofb, Ctr, Xts };
sdk::Factory aes_stream(Stream m);
enum class Aead { Gcm, Ccm, Eax, Ocb3 };
sdk::Factory aes_aead(Aead m);
sdk::Factory chacha20();
sdk::Factory rc4();
sdk::Factory chacha20_poly1305();
sdk::Factory digest(int Registry::*hash);
sdk::Factory shake(int bits);
sdk::Factory hmac(int Registry::*hash);
sdk::Factory cmac_aes();
sdk::Factory gmac_aes();
sdk::Factory poly1305();
sdk::Factory pbkdf2(int Registry::*hash);
sdk::Factory hkdf(int Registry::*hash);

// public_key.cpp
enum class RsaScheme { Pss, Pkcs1 };
sdk::Factory rsa_signature(RsaScheme scheme, int Registry::*hash, unsigned long salt_bytes);
/// RSAES-OAEP with hash for OAEP and MGF1, or (nullptr) RSAES-PKCS1-v1_5.
sdk::Factory rsa_encryption(int Registry::*hash);
/// ECDSA on P-256 / SHA-256, P-384 / SHA-384 or P-521 / SHA-512 (bits 256, 384, 521), DER signatures.
sdk::Factory ecdsa(int bits);
/// ECDH on P-256, P-384 or P-521 (bits 256, 384, 521): the x coordinate.
sdk::Factory ecdh(int bits);
/// Finite-field DH over RFC 7919's ffdhe2048.
sdk::Factory ffdhe2048();

}  // namespace ca::backend_tomcrypt
