// The libgcrypt 1.10 backend. Every row names a libgcrypt cipher, digest or MAC id; five context classes
// serve them all: padded block modes (ECB / CBC with PKCS#7, which libgcrypt leaves to the caller), the
// modes that need no padding (CFB, OFB, CTR, XTS and the stream ciphers), the AEADs, the hashes and the
// MACs. public_key.cpp has the public-key rows. docs/backends/gcrypt.md says what one
// timed operation contains.
#include "gcrypt_backend.hpp"

#include <gcrypt.h>

#include <array>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cryptauditor/backend_sdk.hpp"

namespace {

using ca::gcrypt::check;
using ca::gcrypt::gcrypt_error;
using ca::gcrypt::require_library;
using ca::sdk::KeyBits;
using ca::sdk::make_factory;
using ca::sdk::Row;

struct CipherCloser {
  void operator()(gcry_cipher_hd_t h) const noexcept { gcry_cipher_close(h); }
};
using CipherHandle = std::unique_ptr<std::remove_pointer_t<gcry_cipher_hd_t>, CipherCloser>;
struct MdCloser {
  void operator()(gcry_md_hd_t h) const noexcept { gcry_md_close(h); }
};
using MdHandle = std::unique_ptr<std::remove_pointer_t<gcry_md_hd_t>, MdCloser>;
struct MacCloser {
  void operator()(gcry_mac_hd_t h) const noexcept { gcry_mac_close(h); }
};
using MacHandle = std::unique_ptr<std::remove_pointer_t<gcry_mac_hd_t>, MacCloser>;

// ---- rows
// --------------------------------------------------------------------------------------------------

/// A libgcrypt cipher id, per key size for the families that have one id per size (AES, Camellia, Serpent,
/// Twofish) or one id for every size.
struct CipherId {
  int id128 = 0, id192 = 0, id256 = 0;
  int fixed = 0;
  int for_bits(uint32_t bits) const {
    if (fixed != 0) return fixed;
    const int id = bits == 128 ? id128 : bits == 192 ? id192 : bits == 256 ? id256 : 0;
    if (id == 0) throw ca::sdk::Unsupported(std::to_string(bits) + "-bit key not offered by libgcrypt");
    return id;
  }
};
constexpr CipherId kAes{GCRY_CIPHER_AES, GCRY_CIPHER_AES192, GCRY_CIPHER_AES256};
constexpr CipherId kCamellia{GCRY_CIPHER_CAMELLIA128, GCRY_CIPHER_CAMELLIA192, GCRY_CIPHER_CAMELLIA256};
constexpr CipherId kSerpent{GCRY_CIPHER_SERPENT128, GCRY_CIPHER_SERPENT192, GCRY_CIPHER_SERPENT256};
constexpr CipherId kTwofish{GCRY_CIPHER_TWOFISH128, 0, GCRY_CIPHER_TWOFISH};
constexpr CipherId fixed_id(int id) { return CipherId{0, 0, 0, id}; }

/// How the raw catalog key becomes the key libgcrypt is given.
enum class KeyLayout {
  AsIs,
  TwoKeyTripleDes,  // 2DES: K1 || K2 becomes K1 || K2 || K1 (libgcrypt's 3DES takes 24 bytes only)
};

struct CipherRow {
  const char* algorithm;  // catalog name, for messages
  CipherId cipher;
  int mode;
  size_t nonce_len;
  size_t key_multiple = 1;  // AES-SIV and AES-XTS take two AES keys
  KeyLayout layout = KeyLayout::AsIs;
  size_t min_message = 0;  // XTS: one block
  // DES and triple DES: libgcrypt refuses the DES weak keys at setkey unless told to allow them; the
  // catalog's DES is the plain function for every key, as in the other backends.
  bool allow_weak_keys = false;
};

/// Opens a handle for the row's cipher and mode and sets the key once.
CipherHandle open_keyed(const ca_key_spec& spec, const CipherRow& row) {
  require_library();
  const size_t key_bytes = spec.key_bits / 8 * row.key_multiple;
  ca::sdk::require_key_bytes(spec, key_bytes);
  // For SIV and XTS the id is that of one AES key (half the key), and key_bits is that half already.
  const int id = row.cipher.for_bits(spec.key_bits);
  gcry_cipher_hd_t raw = nullptr;
  check(gcry_cipher_open(&raw, id, row.mode, 0), std::string(row.algorithm) + ": gcry_cipher_open");
  CipherHandle handle(raw);
  if (row.allow_weak_keys)
    check(gcry_cipher_ctl(raw, GCRYCTL_SET_ALLOW_WEAK_KEY, nullptr, 1),
          std::string(row.algorithm) + ": GCRYCTL_SET_ALLOW_WEAK_KEY");
  std::vector<uint8_t> key(spec.secret_key, spec.secret_key + spec.secret_key_len);
  if (row.layout == KeyLayout::TwoKeyTripleDes) key.insert(key.end(), key.begin(), key.begin() + 8);
  const gcry_error_t err = gcry_cipher_setkey(raw, key.data(), key.size());
  // GPG_ERR_WEAK_KEY still installs the key when weak keys are allowed (libgcrypt's cipher_setkey).
  if (err != 0 && !(row.allow_weak_keys && gcry_err_code(err) == GPG_ERR_WEAK_KEY))
    throw std::runtime_error(gcrypt_error(std::string(row.algorithm) + ": gcry_cipher_setkey", err));
  return handle;
}

// ---- ECB / CBC with PKCS#7 padding
// ---------------------------------------------------------------------------

class PaddedBlockMode {
 public:
  PaddedBlockMode(const ca_key_spec& spec, CipherRow row) : row_(row), handle_(open_keyed(spec, row)) {
    block_ = gcry_cipher_get_algo_blklen(row.cipher.for_bits(spec.key_bits));
  }

  int encrypt(ca_io& io) {
    start(io);
    const size_t whole = io.input_len - io.input_len % block_;
    const size_t total = ca::sdk::pkcs7_padded_size(io.input_len, block_);
    if (io.output_cap < total) return CA_BUFFER_TOO_SMALL;
    // The whole blocks go straight from input to output; only the last, padded block is assembled here.
    if (whole != 0) check(gcry_cipher_encrypt(h(), io.output, whole, io.input, whole), what("encryption"));
    std::array<uint8_t, 16> last{};
    ca::sdk::copy_bytes(last.data(), io.input + whole, io.input_len - whole);
    ca::sdk::pkcs7_pad_in_place(last.data(), io.input_len - whole, block_);
    check(gcry_cipher_encrypt(h(), io.output + whole, block_, last.data(), block_), what("encryption"));
    io.output_len = total;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    start(io);
    if (io.input_len == 0 || io.input_len % block_ != 0) return CA_REJECTED;
    if (io.output_cap < io.input_len) return CA_BUFFER_TOO_SMALL;
    check(gcry_cipher_decrypt(h(), io.output, io.input_len, io.input, io.input_len), what("decryption"));
    const size_t n = ca::sdk::pkcs7_unpadded_size(io.output, io.input_len, block_);
    if (n == SIZE_MAX) return CA_REJECTED;
    io.output_len = n;
    return CA_OK;
  }

 private:
  gcry_cipher_hd_t h() const { return handle_.get(); }
  std::string what(const char* op) const { return std::string(row_.algorithm) + " " + op; }
  void start(const ca_io& io) {
    ca::sdk::require_nonce(io, row_.nonce_len, row_.algorithm);
    if (row_.nonce_len != 0) check(gcry_cipher_setiv(h(), io.nonce, io.nonce_len), what("IV"));
  }

  CipherRow row_;
  CipherHandle handle_;
  size_t block_ = 16;
};

// ---- CFB, OFB, CTR, XTS and the stream ciphers -----------------------------------------------------------

class UnpaddedCipher {
 public:
  UnpaddedCipher(const ca_key_spec& spec, CipherRow row) : row_(row), handle_(open_keyed(spec, row)) {}

  int encrypt(ca_io& io) { return run(io, true); }
  int decrypt(ca_io& io) { return run(io, false); }

 private:
  int run(ca_io& io, bool encrypting) {
    ca::sdk::require_nonce(io, row_.nonce_len, row_.algorithm);
    if (io.input_len < row_.min_message)
      throw ca::sdk::Unsupported(std::string(row_.algorithm) + " takes messages of " +
                                 std::to_string(row_.min_message) + " bytes or more, got " +
                                 std::to_string(io.input_len));
    if (io.output_cap < io.input_len) return CA_BUFFER_TOO_SMALL;
    gcry_cipher_hd_t h = handle_.get();
    gcry_error_t err = 0;
    if (row_.mode == GCRY_CIPHER_MODE_CTR)
      err = gcry_cipher_setctr(h, io.nonce, io.nonce_len);  // the whole 128-bit counter block
    else if (row_.nonce_len != 0)
      err = gcry_cipher_setiv(h, io.nonce, io.nonce_len);
    else
      err = gcry_cipher_reset(h);  // RC4: back to the keyed state libgcrypt saved at setkey
    check(err, row_.algorithm, ": IV");
    if (io.input_len == 0) {
      io.output_len = 0;
      return CA_OK;
    }
    err = encrypting ? gcry_cipher_encrypt(h, io.output, io.input_len, io.input, io.input_len)
                     : gcry_cipher_decrypt(h, io.output, io.input_len, io.input, io.input_len);
    check(err, row_.algorithm, encrypting ? " encryption" : " decryption");
    io.output_len = io.input_len;
    return CA_OK;
  }

  CipherRow row_;
  CipherHandle handle_;
};

// ---- AEADs
// ---------------------------------------------------------------------------------------------------

constexpr size_t kTagBytes = 16;

class Aead {
 public:
  Aead(const ca_key_spec& spec, CipherRow row) : row_(row), handle_(open_keyed(spec, row)) {}

  int encrypt(ca_io& io) {
    const size_t len = io.input_len;
    if (io.output_cap < len || io.output_cap - len < kTagBytes) return CA_BUFFER_TOO_SMALL;
    start(io, len);
    uint8_t* tag = siv() ? io.output : io.output + len;
    uint8_t* body = siv() ? io.output + kTagBytes : io.output;
    gcry_cipher_hd_t h = handle_.get();
    check(gcry_cipher_encrypt(h, body, len, io.input, len), what("encryption"));
    check(gcry_cipher_gettag(h, tag, kTagBytes), what("gettag"));
    io.output_len = len + kTagBytes;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    if (io.input_len < kTagBytes) return CA_REJECTED;
    const size_t len = io.input_len - kTagBytes;
    if (io.output_cap < len) return CA_BUFFER_TOO_SMALL;
    const uint8_t* tag = siv() ? io.input : io.input + len;
    const uint8_t* body = siv() ? io.input + kTagBytes : io.input;
    start(io, len);
    gcry_cipher_hd_t h = handle_.get();
    // SIV and GCM-SIV check the tag inside the decryption; the other modes compare it after.
    if (synthetic_iv()) check(gcry_cipher_set_decryption_tag(h, tag, kTagBytes), what("decryption tag"));
    gcry_error_t err = gcry_cipher_decrypt(h, io.output, len, body, len);
    if (err == 0 && !synthetic_iv()) err = gcry_cipher_checktag(h, tag, kTagBytes);
    if (gcry_err_code(err) == GPG_ERR_CHECKSUM) {
      if (len != 0) std::memset(io.output, 0, len);  // the plaintext was written before the check
      return CA_REJECTED;
    }
    check(err, what("decryption"));
    io.output_len = len;
    return CA_OK;
  }

 private:
  bool siv() const { return row_.mode == GCRY_CIPHER_MODE_SIV; }
  // The tag is derived from the message and checked while decrypting (SIV's V, GCM-SIV's tag).
  bool synthetic_iv() const { return siv() || row_.mode == GCRY_CIPHER_MODE_GCM_SIV; }
  std::string what(const char* op) const { return std::string(row_.algorithm) + " " + op; }

  // Nonce (or, for SIV, a reset: its S2V state is per message), CCM's lengths, the associated data as one
  // component when non-empty (none when empty: docs/CATALOG.md), and OCB's "this is the last call".
  void start(const ca_io& io, size_t len) {
    ca::sdk::require_nonce(io, row_.nonce_len, row_.algorithm);
    gcry_cipher_hd_t h = handle_.get();
    // SIV's S2V state is per message and it has no nonce. EAX with setiv alone gave a wrong second message
    // on the handle in libgcrypt 1.10.1 (keystream left over from a message that ended inside a block, it
    // seems): gcry_cipher_reset first, which restores the keyed context saved at setkey.
    if (synthetic_iv() || row_.mode == GCRY_CIPHER_MODE_EAX) check(gcry_cipher_reset(h), what("reset"));
    if (!siv()) check(gcry_cipher_setiv(h, io.nonce, io.nonce_len), what("nonce"));
    if (row_.mode == GCRY_CIPHER_MODE_CCM) {
      uint64_t lengths[3] = {len, io.aad_len, kTagBytes};
      check(gcry_cipher_ctl(h, GCRYCTL_SET_CCM_LENGTHS, lengths, sizeof lengths), what("CCM lengths"));
    }
    if (io.aad_len != 0) check(gcry_cipher_authenticate(h, io.aad, io.aad_len), what("associated data"));
    if (row_.mode == GCRY_CIPHER_MODE_OCB) check(gcry_cipher_final(h), what("final"));
  }

  CipherRow row_;
  CipherHandle handle_;
};

// ---- hashes
// --------------------------------------------------------------------------------------------------

class Digest {
 public:
  /// xof_bytes: the output length of an extendable-output function (SHAKE), 0 for a fixed-length digest.
  Digest(const ca_key_spec&, int algo, size_t xof_bytes) : algo_(algo), xof_bytes_(xof_bytes) {
    require_library();
    if (xof_bytes_ != 0) {
      gcry_md_hd_t raw = nullptr;
      check(gcry_md_open(&raw, algo, 0), "gcry_md_open");
      handle_.reset(raw);
    } else {
      size_ = gcry_md_get_algo_dlen(algo);
    }
  }

  int hash(ca_io& io) {
    if (xof_bytes_ == 0) {
      // The one-shot call: libgcrypt hashes the buffer without a context (the function its manual calls
      // the fastest way to hash a single buffer).
      if (io.output_cap < size_) return CA_BUFFER_TOO_SMALL;
      gcry_md_hash_buffer(algo_, io.output, io.input, io.input_len);
      io.output_len = size_;
      return CA_OK;
    }
    if (io.output_cap < xof_bytes_) return CA_BUFFER_TOO_SMALL;
    gcry_md_hd_t h = handle_.get();
    gcry_md_reset(h);
    gcry_md_write(h, io.input, io.input_len);
    check(gcry_md_extract(h, algo_, io.output, xof_bytes_), "gcry_md_extract");
    io.output_len = xof_bytes_;
    return CA_OK;
  }

 private:
  int algo_;
  size_t xof_bytes_;
  size_t size_ = 0;
  MdHandle handle_;
};

// ---- MACs
// ----------------------------------------------------------------------------------------------------

class Mac {
 public:
  Mac(const ca_key_spec& spec, int algo, size_t nonce_len) : nonce_len_(nonce_len) {
    require_library();
    ca::sdk::require_key_bytes(spec, spec.key_bits / 8);
    gcry_mac_hd_t raw = nullptr;
    check(gcry_mac_open(&raw, algo, 0, nullptr), std::string(spec.algorithm) + ": gcry_mac_open");
    handle_.reset(raw);
    check(gcry_mac_setkey(raw, spec.secret_key, spec.secret_key_len),
          std::string(spec.algorithm) + ": gcry_mac_setkey");
    size_ = gcry_mac_get_algo_maclen(algo);
  }

  int mac(ca_io& io) {
    if (io.nonce_len != nonce_len_)
      throw ca::sdk::Unsupported("nonce of " + std::to_string(io.nonce_len) + " bytes not supported (takes " +
                                 std::to_string(nonce_len_) + ")");
    if (io.output_cap < size_) return CA_BUFFER_TOO_SMALL;
    gcry_mac_hd_t h = handle_.get();
    check(gcry_mac_reset(h), "gcry_mac_reset");  // back to the keyed state, no new key schedule
    if (nonce_len_ != 0) check(gcry_mac_setiv(h, io.nonce, io.nonce_len), "gcry_mac_setiv");
    // gcry_mac_write refuses a NULL buffer even of length 0 (CMAC); an empty message needs no write.
    if (io.input_len != 0) check(gcry_mac_write(h, io.input, io.input_len), "gcry_mac_write");
    size_t len = size_;
    check(gcry_mac_read(h, io.output, &len), "gcry_mac_read");
    io.output_len = len;
    return CA_OK;
  }

 private:
  size_t nonce_len_;
  size_t size_ = 0;
  MacHandle handle_;
};

// ---- the table
// -----------------------------------------------------------------------------------------------

const KeyBits kAesBits = KeyBits::list({128, 192, 256});
const KeyBits kTwofishBits = KeyBits::list({128, 256});  // libgcrypt has no 192-bit Twofish
const KeyBits kXtsBits = KeyBits::list({128, 256});
const KeyBits k64Bits = KeyBits::list({64});
const KeyBits k128Bits = KeyBits::list({128});
const KeyBits k192Bits = KeyBits::list({192});
const KeyBits k256Bits = KeyBits::list({256});
const KeyBits kNoKey = KeyBits::list({0});
const KeyBits kRsaBits = KeyBits::range(1024, 16384, 8);

ca::sdk::Factory padded(CipherRow row) { return make_factory<PaddedBlockMode>(row); }
ca::sdk::Factory unpadded(CipherRow row) { return make_factory<UnpaddedCipher>(row); }
ca::sdk::Factory aead(CipherRow row) { return make_factory<Aead>(row); }
ca::sdk::Factory cbc(const char* name, CipherId id, size_t block, bool weak = false) {
  return padded({name, id, GCRY_CIPHER_MODE_CBC, block, 1, KeyLayout::AsIs, 0, weak});
}
ca::sdk::Factory digest(int algo, size_t xof_bytes = 0) { return make_factory<Digest>(algo, xof_bytes); }
ca::sdk::Factory mac(int algo, size_t nonce_len = 0) { return make_factory<Mac>(algo, nonce_len); }

const Row kRows[] = {
    {"AES-ECB", kAesBits, padded({"AES-ECB", kAes, GCRY_CIPHER_MODE_ECB, 0})},
    {"AES-CBC", kAesBits, padded({"AES-CBC", kAes, GCRY_CIPHER_MODE_CBC, 16})},
    {"AES-CFB", kAesBits,
     unpadded({"AES-CFB", kAes, GCRY_CIPHER_MODE_CFB, 16})},  // CFB-128 (CFB8 is its own)
    {"AES-OFB", kAesBits, unpadded({"AES-OFB", kAes, GCRY_CIPHER_MODE_OFB, 16})},
    {"AES-CTR", kAesBits, unpadded({"AES-CTR", kAes, GCRY_CIPHER_MODE_CTR, 16})},
    {"AES-CCM", kAesBits, aead({"AES-CCM", kAes, GCRY_CIPHER_MODE_CCM, 12})},
    {"AES-GCM", kAesBits, aead({"AES-GCM", kAes, GCRY_CIPHER_MODE_GCM, 12})},
    {"AES-EAX", kAesBits, aead({"AES-EAX", kAes, GCRY_CIPHER_MODE_EAX, 16})},
    {"AES-SIV", kAesBits, aead({"AES-SIV", kAes, GCRY_CIPHER_MODE_SIV, 0, 2})},
    {"AES-OCB", kAesBits, aead({"AES-OCB", kAes, GCRY_CIPHER_MODE_OCB, 12})},  // 16-byte tag by default
    {"AES-GCM-SIV", KeyBits::list({128, 256}), aead({"AES-GCM-SIV", kAes, GCRY_CIPHER_MODE_GCM_SIV, 12})},
    // A 12-byte IV selects the IETF layout: 32-bit block counter from 0, then the 96-bit nonce.
    {"CHACHA20", k256Bits,
     unpadded({"CHACHA20", fixed_id(GCRY_CIPHER_CHACHA20), GCRY_CIPHER_MODE_STREAM, 12})},
    {"SALSA20", k256Bits, unpadded({"SALSA20", fixed_id(GCRY_CIPHER_SALSA20), GCRY_CIPHER_MODE_STREAM, 8})},
    {"CHACHA20-POLY1305", k256Bits,
     aead({"CHACHA20-POLY1305", fixed_id(GCRY_CIPHER_CHACHA20), GCRY_CIPHER_MODE_POLY1305, 12})},
    {"AES-XTS", kXtsBits, unpadded({"AES-XTS", kAes, GCRY_CIPHER_MODE_XTS, 16, 2, KeyLayout::AsIs, 16})},
    // The other block ciphers: CBC with PKCS#7 padding, IV = one block.
    {"DES", k64Bits, cbc("DES", fixed_id(GCRY_CIPHER_DES), 8, true)},  // parity bits ignored
    {"2DES", k128Bits,
     padded({"2DES", fixed_id(GCRY_CIPHER_3DES), GCRY_CIPHER_MODE_CBC, 8, 1, KeyLayout::TwoKeyTripleDes, 0,
             true})},
    {"3DES", k192Bits, cbc("3DES", fixed_id(GCRY_CIPHER_3DES), 8, true)},
    // GCRY_CIPHER_RFC2268_128 sets the effective key bits to the key length: 128 for a 16-byte key.
    {"RC2", k128Bits, cbc("RC2", fixed_id(GCRY_CIPHER_RFC2268_128), 8)},
    {"RC4", k128Bits, unpadded({"RC4", fixed_id(GCRY_CIPHER_ARCFOUR), GCRY_CIPHER_MODE_STREAM, 0})},
    {"TWOFISH", kTwofishBits, cbc("TWOFISH", kTwofish, 16)},
    {"BLOWFISH", k128Bits, cbc("BLOWFISH", fixed_id(GCRY_CIPHER_BLOWFISH), 8)},
    {"IDEA", k128Bits, cbc("IDEA", fixed_id(GCRY_CIPHER_IDEA), 8)},
    {"CAMELLIA", kAesBits, cbc("CAMELLIA", kCamellia, 16)},
    {"SM4", k128Bits, cbc("SM4", fixed_id(GCRY_CIPHER_SM4), 16)},
    {"SERPENT", kAesBits, cbc("SERPENT", kSerpent, 16)},
    {"CAST5", k128Bits, cbc("CAST5", fixed_id(GCRY_CIPHER_CAST5), 8)},
    {"SHA1", kNoKey, digest(GCRY_MD_SHA1)},
    {"SHA2-224", kNoKey, digest(GCRY_MD_SHA224)},
    {"SHA2-256", kNoKey, digest(GCRY_MD_SHA256)},
    {"SHA2-384", kNoKey, digest(GCRY_MD_SHA384)},
    {"SHA2-512", kNoKey, digest(GCRY_MD_SHA512)},
    {"SHA2-512/256", kNoKey, digest(GCRY_MD_SHA512_256)},  // its own initial values (FIPS 180-4)
    {"SHA3-224", kNoKey, digest(GCRY_MD_SHA3_224)},
    {"SHA3-256", kNoKey, digest(GCRY_MD_SHA3_256)},
    {"SHA3-384", kNoKey, digest(GCRY_MD_SHA3_384)},
    {"SHA3-512", kNoKey, digest(GCRY_MD_SHA3_512)},
    {"SHAKE128", kNoKey, digest(GCRY_MD_SHAKE128, 32)},
    {"SHAKE256", kNoKey, digest(GCRY_MD_SHAKE256, 64)},
    {"BLAKE2B", kNoKey, digest(GCRY_MD_BLAKE2B_512)},  // unkeyed
    {"BLAKE2S", kNoKey, digest(GCRY_MD_BLAKE2S_256)},
    {"MD5", kNoKey, digest(GCRY_MD_MD5)},
    {"RIPEMD-160", kNoKey, digest(GCRY_MD_RMD160)},
    {"SM3", kNoKey, digest(GCRY_MD_SM3)},
    {"WHIRLPOOL", kNoKey, digest(GCRY_MD_WHIRLPOOL)},
    {"RSA-OAEP", kRsaBits, ca::gcrypt::rsa_oaep_factory("sha1")},  // MGF1 uses the same hash, empty label
    {"RSA-OAEP-SHA256", kRsaBits, ca::gcrypt::rsa_oaep_factory("sha256")},
    {"RSA-PSS", kRsaBits,
     ca::gcrypt::signature_factory({ca::gcrypt::SignatureScheme::RsaPss, "sha256", GCRY_MD_SHA256})},
    {"RSA-PKCS1V15-SHA1", kRsaBits,
     ca::gcrypt::signature_factory({ca::gcrypt::SignatureScheme::RsaPkcs1, "sha1", GCRY_MD_SHA1})},
    {"RSA-PKCS1V15-SHA256", kRsaBits,
     ca::gcrypt::signature_factory({ca::gcrypt::SignatureScheme::RsaPkcs1, "sha256", GCRY_MD_SHA256})},
    {"RSA-PKCS1V15-ENC", kRsaBits, ca::gcrypt::rsa_pkcs1v15_encryption_factory()},
    {"ECDSA", k256Bits,
     ca::gcrypt::signature_factory({ca::gcrypt::SignatureScheme::Ecdsa, "sha256", GCRY_MD_SHA256})},
    {"ECDSA-P384", KeyBits::list({384}),
     ca::gcrypt::signature_factory(
         {ca::gcrypt::SignatureScheme::Ecdsa, "sha384", GCRY_MD_SHA384, ca::gcrypt::EcCurve::P384})},
    {"ECDSA-P521", KeyBits::list({521}),
     ca::gcrypt::signature_factory(
         {ca::gcrypt::SignatureScheme::Ecdsa, "sha512", GCRY_MD_SHA512, ca::gcrypt::EcCurve::P521})},
    {"ECDSA-SECP256K1", k256Bits,
     ca::gcrypt::signature_factory(
         {ca::gcrypt::SignatureScheme::Ecdsa, "sha256", GCRY_MD_SHA256, ca::gcrypt::EcCurve::Secp256k1})},
    {"EDDSA", k256Bits, ca::gcrypt::ed25519_factory()},
    {"PBKDF2-SHA256", kNoKey,
     ca::gcrypt::kdf_factory({"PBKDF2-SHA256", ca::gcrypt::KdfKind::Pbkdf2, GCRY_MD_SHA256})},
    {"PBKDF2-SHA1", kNoKey,
     ca::gcrypt::kdf_factory({"PBKDF2-SHA1", ca::gcrypt::KdfKind::Pbkdf2, GCRY_MD_SHA1})},
    {"SCRYPT", kNoKey, ca::gcrypt::kdf_factory({"SCRYPT", ca::gcrypt::KdfKind::Scrypt})},
    {"ARGON2ID", kNoKey, ca::gcrypt::kdf_factory({"ARGON2ID", ca::gcrypt::KdfKind::Argon2id})},
    {"X25519", k256Bits, ca::gcrypt::x25519_factory()},
    // No X448 row: gcry_ecc_mul_point(GCRY_ECC_CURVE448) gives other secrets than RFC 7748 for 25 valid
    // Wycheproof vectors (docs/backends/gcrypt.md); a function that computes wrong answers is not timed.
    {"ECDH-P256", k256Bits, ca::gcrypt::ecdh_factory(ca::gcrypt::EcCurve::P256)},
    {"ECDH-P384", KeyBits::list({384}), ca::gcrypt::ecdh_factory(ca::gcrypt::EcCurve::P384)},
    {"HMAC-SHA1", k256Bits, mac(GCRY_MAC_HMAC_SHA1)},
    {"HMAC-SHA2-224", k256Bits, mac(GCRY_MAC_HMAC_SHA224)},
    {"HMAC-SHA2-256", k256Bits, mac(GCRY_MAC_HMAC_SHA256)},
    {"HMAC-SHA2-384", k256Bits, mac(GCRY_MAC_HMAC_SHA384)},
    {"HMAC-SHA2-512", k256Bits, mac(GCRY_MAC_HMAC_SHA512)},
    {"HMAC-SHA3-256", k256Bits, mac(GCRY_MAC_HMAC_SHA3_256)},
    {"HMAC-SHA3-512", k256Bits, mac(GCRY_MAC_HMAC_SHA3_512)},
    {"HMAC-MD5", k256Bits, mac(GCRY_MAC_HMAC_MD5)},
    {"HMAC-RIPEMD-160", k256Bits, mac(GCRY_MAC_HMAC_RMD160)},
    {"CMAC-AES", kAesBits, mac(GCRY_MAC_CMAC_AES)},  // the AES key size follows the key length
    {"GMAC-AES", kAesBits, mac(GCRY_MAC_GMAC_AES, 12)},
    {"POLY1305", k256Bits, mac(GCRY_MAC_POLY1305)},  // plain RFC 8439 Poly1305, key r || s
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

CRYPTAUDITOR_BACKEND("gcrypt", "libgcrypt", library_version, acceleration, kRows)
