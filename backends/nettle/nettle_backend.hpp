// Private header of the Nettle backend: the factories of symmetric.cpp (ciphers, AEADs, hashes, MACs),
// public_key.cpp and kdf_kex.cpp, for the table in backend.cpp.
#pragma once

#include <nettle/nettle-meta.h>

#include <cstdint>

#include "cryptauditor/backend_sdk.hpp"

namespace ca::backend_nettle {

/// A block cipher as Nettle's generic modes take it (symmetric.cpp), chosen per key size.
struct BlockCipher;
using CipherChoice = BlockCipher (*)(uint32_t key_bits);
BlockCipher aes(uint32_t bits);
BlockCipher camellia(uint32_t bits);
BlockCipher serpent(uint32_t bits);
BlockCipher twofish(uint32_t bits);
BlockCipher rc2(uint32_t bits);
BlockCipher cast5(uint32_t bits);
BlockCipher des_any(uint32_t bits);
BlockCipher des2_any(uint32_t bits);
BlockCipher des3_any(uint32_t bits);
BlockCipher blowfish_any(uint32_t bits);

/// ECB / CBC with PKCS#7 (ca::sdk::Pkcs7BlockMode over the cipher), AES in CFB-128, CTR and XTS, the AES
/// AEADs, the stream ciphers, ChaCha20-Poly1305, hashes, HMAC, CMAC-AES and GMAC-AES.
enum class StreamMode { Cfb, Ctr, Xts };
enum class AeadMode { Gcm, Ccm, Eax };
sdk::Factory ecb(CipherChoice c);
sdk::Factory cbc(CipherChoice c);
sdk::Factory stream(StreamMode m);
sdk::Factory block_aead(AeadMode m);
sdk::Factory digest(const nettle_hash& h);
sdk::Factory hmac(const nettle_hash& h);
sdk::Factory chacha20();
sdk::Factory salsa20();
sdk::Factory rc4();
sdk::Factory chacha20_poly1305();
sdk::Factory shake256();
sdk::Factory cmac_aes();
sdk::Factory gmac_aes();

sdk::Factory ed25519_factory();
/// ECDSA on P-256 with SHA-256; DER (X9.62) signatures.
sdk::Factory ecdsa_factory();
/// RSASSA-PSS, SHA-256, MGF1-SHA-256, 32-byte salt.
sdk::Factory rsa_pss_sha256_factory();
/// RSASSA-PKCS1-v1_5 with SHA-1 / SHA-256.
sdk::Factory rsa_pkcs1_sha1_factory();
sdk::Factory rsa_pkcs1_sha256_factory();
/// RSASSA-PSS with SHA-512, MGF1-SHA-512, 64-byte salt; RSASSA-PKCS1-v1_5 with SHA-512.
sdk::Factory rsa_pss_sha512_factory();
sdk::Factory rsa_pkcs1_sha512_factory();

/// KDFs and X25519 / X448 (kdf_kex.cpp).
sdk::Factory pbkdf2_sha256_factory();
sdk::Factory pbkdf2_sha1_factory();
sdk::Factory hkdf_sha256_factory();
sdk::Factory hkdf_sha512_factory();
sdk::Factory x25519_factory();
sdk::Factory x448_factory();

}  // namespace ca::backend_nettle
