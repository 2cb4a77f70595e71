// libgcrypt symmetric contexts: five classes serve every cipher, digest and MAC row: padded block modes (ECB
// / CBC with PKCS#7, which libgcrypt leaves to the caller: the SDK's ca::sdk::Pkcs7BlockMode over one
// handle), the modes that need no padding (CFB, OFB, CTR, XTS and the stream ciphers), the AEADs, the hashes
// and the MACs. docs/backends/gcrypt.md says what one timed operation contains.
#include <gcrypt.h>

#include <array>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cryptauditor/backend_sdk.hpp"
#include "gcrypt_backend.hpp"

namespace ca::backend_gcrypt {
namespace {

using ca::sdk::make_factory;

using CipherHandle = ca::sdk::Ptr<std::remove_pointer_t<gcry_cipher_hd_t>, gcry_cipher_close>;
using MdHandle = ca::sdk::Ptr<std::remove_pointer_t<gcry_md_hd_t>, gcry_md_close>;
using MacHandle = ca::sdk::Ptr<std::remove_pointer_t<gcry_mac_hd_t>, gcry_mac_close>;

CipherRow with_catalog_facts(CipherRow row, const ca_key_spec& spec) {
  row.algorithm = ca::sdk::catalog_name(spec.algorithm);
  row.nonce_len = ca::sdk::nonce_length(spec);  // the catalog's, or "nonce=N" (a row's Takes)
  return row;
}

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

/// The block operations of ca::sdk::Pkcs7BlockMode: one handle in ECB or CBC mode (gcry_cipher_setiv starts
/// each message; the handle chains the blocks of a message across calls). The block size is libgcrypt's.
class HandleBlockOps {
 public:
  HandleBlockOps(const ca_key_spec& spec, CipherRow row)
      : row_(with_catalog_facts(row, spec)),
        handle_(open_keyed(spec, row_)),
        block_(gcry_cipher_get_algo_blklen(row_.cipher.for_bits(spec.key_bits))) {}

  size_t block_size() const { return block_; }
  size_t iv_bytes() const { return row_.nonce_len; }
  void start(ca::sdk::Direction, const uint8_t* iv) {
    if (row_.nonce_len != 0)
      check(gcry_cipher_setiv(handle_.get(), iv, row_.nonce_len), row_.algorithm, " IV");
  }
  void process(ca::sdk::Direction direction, uint8_t* out, const uint8_t* in, size_t n) {
    if (direction == ca::sdk::Direction::Encrypt)
      check(gcry_cipher_encrypt(handle_.get(), out, n, in, n), row_.algorithm, " encryption");
    else
      check(gcry_cipher_decrypt(handle_.get(), out, n, in, n), row_.algorithm, " decryption");
  }

 private:
  CipherRow row_;
  CipherHandle handle_;
  size_t block_;
};
using PaddedBlockMode = ca::sdk::Pkcs7BlockMode<HandleBlockOps>;

// ---- CFB, OFB, CTR, XTS and the stream ciphers -----------------------------------------------------------

class UnpaddedCipher {
 public:
  UnpaddedCipher(const ca_key_spec& spec, CipherRow row)
      : row_(with_catalog_facts(row, spec)), handle_(open_keyed(spec, row_)) {}

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

// The tag is the catalog's 16 bytes, or the spec's "tag=N" where the row takes it (backend.cpp).
class Aead {
 public:
  Aead(const ca_key_spec& spec, CipherRow row)
      : row_(with_catalog_facts(row, spec)),
        tag_bytes_(ca::sdk::tag_length(spec)),
        empty_ad_component_(ca::sdk::empty_ad_component(spec)),
        handle_(open_keyed(spec, row_)) {}

  int encrypt(ca_io& io) {
    const size_t len = io.input_len;
    if (const int room = ca::sdk::sealed_room(io, tag_bytes_); room != CA_OK) return room;
    start(io, len);
    uint8_t* tag = siv() ? io.output : io.output + len;
    uint8_t* body = siv() ? io.output + tag_bytes_ : io.output;
    gcry_cipher_hd_t h = handle_.get();
    check(gcry_cipher_encrypt(h, body, len, io.input, len), what("encryption"));
    check(gcry_cipher_gettag(h, tag, tag_bytes_), what("gettag"));
    io.output_len = len + tag_bytes_;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    size_t len = 0;
    if (const int st = ca::sdk::opened_length(io, tag_bytes_, len); st != CA_OK) return st;
    const uint8_t* tag = siv() ? io.input : io.input + len;
    const uint8_t* body = siv() ? io.input + tag_bytes_ : io.input;
    start(io, len);
    gcry_cipher_hd_t h = handle_.get();
    // SIV and GCM-SIV check the tag inside the decryption; the other modes compare it after.
    if (synthetic_iv()) check(gcry_cipher_set_decryption_tag(h, tag, tag_bytes_), what("decryption tag"));
    gcry_error_t err = gcry_cipher_decrypt(h, io.output, len, body, len);
    if (err == 0 && !synthetic_iv()) err = gcry_cipher_checktag(h, tag, tag_bytes_);
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
      uint64_t lengths[3] = {len, io.aad_len, tag_bytes_};
      check(gcry_cipher_ctl(h, GCRYCTL_SET_CCM_LENGTHS, lengths, sizeof lengths), what("CCM lengths"));
    }
    // SIV with "empty_ad=1": an authenticate call of 0 bytes is one empty AD component in libgcrypt's S2V.
    if (io.aad_len != 0 || empty_ad_component_) {
      static const uint8_t none = 0;
      check(gcry_cipher_authenticate(h, io.aad_len != 0 ? io.aad : &none, io.aad_len),
            what("associated data"));
    }
    // Nonce-based SIV (RFC 5297 section 3): libgcrypt takes the nonce with setiv, after the AD, as the last
    // AD component.
    if (siv() && io.nonce_len != 0) check(gcry_cipher_setiv(h, io.nonce, io.nonce_len), what("nonce"));
    if (row_.mode == GCRY_CIPHER_MODE_OCB) check(gcry_cipher_final(h), what("final"));
  }

  CipherRow row_;
  size_t tag_bytes_;
  bool empty_ad_component_;  // AES-SIV's "empty_ad=1"
  CipherHandle handle_;
};

// ---- hashes
// --------------------------------------------------------------------------------------------------

class Digest {
 public:
  Digest(const ca_key_spec& spec, int algo) : algo_(algo) {
    require_library();
    // An extendable-output function (SHAKE) has no fixed length in libgcrypt: the catalog's output length.
    if (gcry_md_get_algo_dlen(algo) == 0) xof_bytes_ = ca::sdk::digest_bytes(spec.algorithm);
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
  size_t xof_bytes_ = 0;  // the output length of an extendable-output function, 0 for a fixed-length digest
  size_t size_ = 0;
  MdHandle handle_;
};

// ---- MACs
// ----------------------------------------------------------------------------------------------------

class Mac {
 public:
  Mac(const ca_key_spec& spec, int algo) : nonce_len_(ca::sdk::nonce_length(spec)) {
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

}  // namespace

ca::sdk::Factory padded(CipherRow row) { return make_factory<PaddedBlockMode>(row); }
ca::sdk::Factory unpadded(CipherRow row) { return make_factory<UnpaddedCipher>(row); }
ca::sdk::Factory aead(CipherRow row) { return make_factory<Aead>(row); }
ca::sdk::Factory cbc(CipherId id, bool weak) {
  return padded({id, GCRY_CIPHER_MODE_CBC, 1, KeyLayout::AsIs, 0, weak});
}
ca::sdk::Factory digest(int algo) { return make_factory<Digest>(algo); }
ca::sdk::Factory mac(int algo) { return make_factory<Mac>(algo); }

}  // namespace ca::backend_gcrypt
