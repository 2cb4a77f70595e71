// The libgcrypt 1.10 backend: the row table. Every row names a libgcrypt cipher, digest or MAC id for the
// contexts of symmetric.cpp, or a public-key (public_key.cpp) or KDF (kdf.cpp) factory.
// docs/backends/gcrypt.md says what one timed operation contains.
#include <gcrypt.h>

#include <string>
#include <utility>

#include "cryptauditor/backend_sdk.hpp"
#include "deviations.hpp"
#include "gcrypt_backend.hpp"

namespace ca::backend_gcrypt {
namespace {

using ca::sdk::KeyBits;
using ca::sdk::make_factory;
using ca::sdk::Row;

const KeyBits kTwofishBits = KeyBits::list({128, 256});  // libgcrypt has no 192-bit Twofish

const Row kRows[] = {
    {"AES-ECB", padded({kAes, GCRY_CIPHER_MODE_ECB})},
    {"AES-CBC", padded({kAes, GCRY_CIPHER_MODE_CBC})},
    {"AES-CFB", unpadded({kAes, GCRY_CIPHER_MODE_CFB})},  // CFB-128 (CFB8 is its own)
    {"AES-OFB", unpadded({kAes, GCRY_CIPHER_MODE_OFB})},
    {"AES-CTR", unpadded({kAes, GCRY_CIPHER_MODE_CTR})},
    // CCM: SP 800-38C's nonces and tags; GCM: IVs of any length, tags of 12..16 bytes (libgcrypt's
    // gcry_cipher_gettag also takes 4 and 8, which a range cannot say); EAX: any nonce and tag.
    {"AES-CCM", aead({kAes, GCRY_CIPHER_MODE_CCM}),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::catalog(), .nonces = ca::sdk::Lengths::catalog()}},
    {"AES-GCM", aead({kAes, GCRY_CIPHER_MODE_GCM}),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::range(12, 16), .nonces = ca::sdk::Lengths::catalog()}},
    {"AES-EAX", aead({kAes, GCRY_CIPHER_MODE_EAX}),
     ca::sdk::Takes{.tags = ca::sdk::Lengths::catalog(), .nonces = ca::sdk::Lengths::catalog()}},
    {"AES-SIV", aead({kAes, GCRY_CIPHER_MODE_SIV, 2}),
     ca::sdk::Takes{.tags = {}, .nonces = ca::sdk::Lengths::catalog(), .empty_ad_component = true}},
    {"AES-OCB", aead({kAes, GCRY_CIPHER_MODE_OCB})},  // 16-byte tag by default
    {"AES-GCM-SIV", aead({kAes, GCRY_CIPHER_MODE_GCM_SIV})},
    // A 12-byte IV selects the IETF layout: 32-bit block counter from 0, then the 96-bit nonce.
    {"CHACHA20", unpadded({fixed_id(GCRY_CIPHER_CHACHA20), GCRY_CIPHER_MODE_STREAM})},
    {"SALSA20", unpadded({fixed_id(GCRY_CIPHER_SALSA20), GCRY_CIPHER_MODE_STREAM})},
    {"CHACHA20-POLY1305", aead({fixed_id(GCRY_CIPHER_CHACHA20), GCRY_CIPHER_MODE_POLY1305})},
    {"AES-XTS", unpadded({kAes, GCRY_CIPHER_MODE_XTS, 2, KeyLayout::AsIs, 16})},
    // The other block ciphers: CBC with PKCS#7 padding, IV = one block.
    {"DES", cbc(fixed_id(GCRY_CIPHER_DES), true)},  // parity bits ignored
    {"2DES",
     padded({fixed_id(GCRY_CIPHER_3DES), GCRY_CIPHER_MODE_CBC, 1, KeyLayout::TwoKeyTripleDes, 0, true})},
    {"3DES", cbc(fixed_id(GCRY_CIPHER_3DES), true)},
    // GCRY_CIPHER_RFC2268_128 sets the effective key bits to the key length: 128 for a 16-byte key.
    {"RC2", cbc(fixed_id(GCRY_CIPHER_RFC2268_128))},
    {"RC4", unpadded({fixed_id(GCRY_CIPHER_ARCFOUR), GCRY_CIPHER_MODE_STREAM})},
    {"TWOFISH", kTwofishBits, cbc(kTwofish)},
    {"BLOWFISH", cbc(fixed_id(GCRY_CIPHER_BLOWFISH))},
    {"IDEA", cbc(fixed_id(GCRY_CIPHER_IDEA))},
    {"CAMELLIA", cbc(kCamellia)},
    {"SM4", cbc(fixed_id(GCRY_CIPHER_SM4))},
    {"SERPENT", cbc(kSerpent)},
    {"CAST5", cbc(fixed_id(GCRY_CIPHER_CAST5))},
    {"SHA1", digest(GCRY_MD_SHA1)},
    {"SHA2-224", digest(GCRY_MD_SHA224)},
    {"SHA2-256", digest(GCRY_MD_SHA256)},
    {"SHA2-384", digest(GCRY_MD_SHA384)},
    {"SHA2-512", digest(GCRY_MD_SHA512)},
    {"SHA2-512/256", digest(GCRY_MD_SHA512_256)},  // its own initial values (FIPS 180-4)
    {"SHA3-224", digest(GCRY_MD_SHA3_224)},
    {"SHA3-256", digest(GCRY_MD_SHA3_256)},
    {"SHA3-384", digest(GCRY_MD_SHA3_384)},
    {"SHA3-512", digest(GCRY_MD_SHA3_512)},
    {"SHAKE128", digest(GCRY_MD_SHAKE128)},
    {"SHAKE256", digest(GCRY_MD_SHAKE256)},
    {"BLAKE2B", digest(GCRY_MD_BLAKE2B_512)},  // unkeyed
    {"BLAKE2S", digest(GCRY_MD_BLAKE2S_256)},
    {"MD5", digest(GCRY_MD_MD5)},
    {"RIPEMD-160", digest(GCRY_MD_RMD160)},
    {"SM3", digest(GCRY_MD_SM3)},
    {"WHIRLPOOL", digest(GCRY_MD_WHIRLPOOL)},
    {"RSA-OAEP", rsa_oaep_factory("sha1")},  // MGF1 uses the same hash, empty label
    {"RSA-OAEP-SHA256", rsa_oaep_factory("sha256")},
    {"RSA-PSS", signature_factory({SignatureScheme::RsaPss, "sha256", GCRY_MD_SHA256})},
    {"RSA-PKCS1V15-SHA1", signature_factory({SignatureScheme::RsaPkcs1, "sha1", GCRY_MD_SHA1})},
    {"RSA-PKCS1V15-SHA256", signature_factory({SignatureScheme::RsaPkcs1, "sha256", GCRY_MD_SHA256})},
    {"RSA-PKCS1V15-SHA512", signature_factory({SignatureScheme::RsaPkcs1, "sha512", GCRY_MD_SHA512})},
    {"RSA-PSS-SHA512", signature_factory({SignatureScheme::RsaPss, "sha512", GCRY_MD_SHA512})},
    {"RSA-PKCS1V15-ENC", rsa_pkcs1v15_encryption_factory()},
    {"ECDSA", signature_factory({SignatureScheme::Ecdsa, "sha256", GCRY_MD_SHA256})},
    {"ECDSA-P384", signature_factory({SignatureScheme::Ecdsa, "sha384", GCRY_MD_SHA384, EcCurve::P384})},
    {"ECDSA-P521", signature_factory({SignatureScheme::Ecdsa, "sha512", GCRY_MD_SHA512, EcCurve::P521})},
    {"ECDSA-SECP256K1",
     signature_factory({SignatureScheme::Ecdsa, "sha256", GCRY_MD_SHA256, EcCurve::Secp256k1})},
    {"EDDSA", ed25519_factory()},
    {"PBKDF2-SHA256", kdf_factory({"PBKDF2-SHA256", KdfKind::Pbkdf2, GCRY_MD_SHA256})},
    {"PBKDF2-SHA1", kdf_factory({"PBKDF2-SHA1", KdfKind::Pbkdf2, GCRY_MD_SHA1})},
    {"SCRYPT", kdf_factory({"SCRYPT", KdfKind::Scrypt})},
    {"ARGON2ID", kdf_factory({"ARGON2ID", KdfKind::Argon2id})},
    {"X25519", x25519_factory()},
    // No X448 row: gcry_ecc_mul_point(GCRY_ECC_CURVE448) gives other secrets than RFC 7748 for 25 valid
    // Wycheproof vectors (docs/backends/gcrypt.md); a function that computes wrong answers is not timed.
    {"ECDH-P256", ecdh_factory(EcCurve::P256)},
    {"ECDH-P384", ecdh_factory(EcCurve::P384)},
    {"ECDH-P521", ecdh_factory(EcCurve::P521)},
    {"HMAC-SHA1", mac(GCRY_MAC_HMAC_SHA1)},
    {"HMAC-SHA2-224", mac(GCRY_MAC_HMAC_SHA224)},
    {"HMAC-SHA2-256", mac(GCRY_MAC_HMAC_SHA256)},
    {"HMAC-SHA2-384", mac(GCRY_MAC_HMAC_SHA384)},
    {"HMAC-SHA2-512", mac(GCRY_MAC_HMAC_SHA512)},
    {"HMAC-SHA3-256", mac(GCRY_MAC_HMAC_SHA3_256)},
    {"HMAC-SHA3-512", mac(GCRY_MAC_HMAC_SHA3_512)},
    {"HMAC-MD5", mac(GCRY_MAC_HMAC_MD5)},
    {"HMAC-RIPEMD-160", mac(GCRY_MAC_HMAC_RMD160)},
    {"CMAC-AES", mac(GCRY_MAC_CMAC_AES)},  // the AES key size follows the key length
    {"GMAC-AES", mac(GCRY_MAC_GMAC_AES), ca::sdk::Takes::nonce_lengths(ca::sdk::Lengths::catalog())},
    {"POLY1305", mac(GCRY_MAC_POLY1305)},  // plain RFC 8439 Poly1305, key r || s
};

const char* library_version() {
  // The runtime library's version, not the headers' GCRYPT_VERSION.
  static const std::string version = gcry_check_version(nullptr);
  return version.c_str();
}

const char* acceleration() {
  // gcry_get_config(0, "hwflist") lists the hardware features libgcrypt detected and uses
  // ("hwflist:intel-cpu:intel-aesni:...:"), minus any disabled through /etc/gcrypt/hwf.deny.
  static const std::string accel = [] {
    char* config = gcry_get_config(0, "hwflist");
    const std::string flags = config != nullptr ? std::string(":") + config : "";
    gcry_free(config);
    const std::pair<const char*, const char*> names[] = {
        {":intel-aesni:", "AES-NI"},      {":intel-pclmul:", "PCLMUL"},  {":intel-shaext:", "SHA-NI"},
        {":intel-ssse3:", "SSSE3"},       {":intel-avx:", "AVX"},        {":intel-avx2:", "AVX2"},
        {":intel-vaes-vpclmul:", "VAES"}, {":intel-avx512:", "AVX-512"}, {":arm-aes:", "ARMv8-AES"},
        {":arm-pmull:", "ARMv8-PMULL"},   {":arm-sha2:", "ARMv8-SHA2"},
    };
    std::string out;
    for (const auto& [flag, name] : names)
      if (flags.find(flag) != std::string::npos) out += (out.empty() ? "" : ", ") + std::string(name);
    return out;
  }();
  return accel.c_str();
}

}  // namespace
}  // namespace ca::backend_gcrypt

CRYPTAUDITOR_DEVIATIONS(ca::backend_gcrypt::kDeviations)
CRYPTAUDITOR_BACKEND("gcrypt", "libgcrypt", ca::backend_gcrypt::library_version,
                     ca::backend_gcrypt::acceleration, ca::backend_gcrypt::kRows)
