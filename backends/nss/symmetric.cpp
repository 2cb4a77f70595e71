// The symmetric rows: AEADs, AES-CBC and AES-CTR through PK11_Encrypt / PK11_Decrypt (one call per message,
// as NSS's users call them: each call opens and closes a PKCS#11 operation on the key's session), the
// `--cipher-mode stream` form through one PK11Context (PK11_CreateContextBySymKey + PK11_CipherOp), and
// hashes, HMAC and CMAC through one digest or signing context per key, restarted per message
// (PK11_DigestBegin / PK11_DigestOp / PK11_DigestFinal, NSS's HASH_* and libssl's pattern).
#include <secerr.h>

#include <array>
#include <cstring>
#include <vector>

#include "nss_backend.hpp"

namespace ca::backend_nss {
namespace {

using sdk::Direction;

// PK11_Decrypt / PK11_Encrypt read a null output pointer as "how long would it be?" and succeed without
// checking anything: an empty message's output pointer must never be null.
uint8_t* never_null(uint8_t* p) {
  static uint8_t spare[1];
  return p != nullptr ? p : spare;
}

// A failed PK11_Decrypt: softoken's CKR_ENCRYPTED_DATA_INVALID (a tag or padding that does not verify)
// reaches the caller as SEC_ERROR_BAD_DATA; anything else is a library failure.
bool rejected_or_throw(const char* what) {
  if (PORT_GetError() == SEC_ERROR_BAD_DATA) return false;
  fail(what);
}

unsigned length_of(size_t n) {
  if (n > 0xffffffffu) throw std::runtime_error("a message above 4 GiB does not fit NSS's unsigned lengths");
  return static_cast<unsigned>(n);
}

// ---- AEADs
// -------------------------------------------------------------------------------------------------

/// AES-GCM (CKM_AES_GCM with the PKCS#11 v3 CK_GCM_PARAMS) or ChaCha20-Poly1305 (CKM_NSS_CHACHA20_POLY1305
/// with CK_NSS_AEAD_PARAMS): ciphertext || tag in one PK11_Encrypt, checked and decrypted by one
/// PK11_Decrypt.
template <CK_MECHANISM_TYPE Mechanism>
class AeadOps {
 public:
  explicit AeadOps(const ca_key_spec& spec)
      : key_(import_key(Mechanism, CKF_ENCRYPT | CKF_DECRYPT, sdk::secret(spec))) {}

  void seal(const ca_io& io, uint8_t* out, std::span<uint8_t> tag) {
    if (tag.data() != out + io.input_len) throw std::runtime_error("the tag must follow the ciphertext");
    auto p = params(io, tag.size());
    SECItem param{siBuffer, reinterpret_cast<unsigned char*>(&p), sizeof p};
    unsigned written = 0;
    const unsigned total = length_of(io.input_len + tag.size());
    if (PK11_Encrypt(key_.get(), Mechanism, &param, out, &written, total, sdk::bytes_or_empty(io.input),
                     length_of(io.input_len)) != SECSuccess)
      fail("PK11_Encrypt");
    if (written != total)
      throw std::runtime_error("PK11_Encrypt wrote " + std::to_string(written) + " bytes");
  }

  bool open(const ca_io& io, size_t length, std::span<const uint8_t> received, uint8_t* out) {
    auto p = params(io, received.size());
    SECItem param{siBuffer, reinterpret_cast<unsigned char*>(&p), sizeof p};
    unsigned written = 0;
    if (PK11_Decrypt(key_.get(), Mechanism, &param, never_null(out), &written, length_of(length), io.input,
                     length_of(length + received.size())) != SECSuccess)
      return rejected_or_throw("PK11_Decrypt");
    if (written != length)
      throw std::runtime_error("PK11_Decrypt wrote " + std::to_string(written) + " bytes");
    return true;
  }

 private:
  static auto params(const ca_io& io, size_t tag) {
    auto* nonce = const_cast<CK_BYTE_PTR>(sdk::bytes_or_empty(io.nonce));
    auto* aad = const_cast<CK_BYTE_PTR>(sdk::bytes_or_empty(io.aad));
    if constexpr (Mechanism == CKM_AES_GCM) {
      return CK_GCM_PARAMS{nonce, io.nonce_len, io.nonce_len * 8, aad, io.aad_len, tag * 8};
    } else {
      return CK_NSS_AEAD_PARAMS{nonce, io.nonce_len, aad, io.aad_len, tag};
    }
  }

  SymKeyPtr key_;
};

// ---- AES-CBC with PKCS#7 and AES-CTR
// -----------------------------------------------------------------------

/// The running `--cipher-mode stream` state: one PK11Context started at the first call's IV.
class StreamContext {
 public:
  void start(PK11SymKey* key, CK_MECHANISM_TYPE mechanism, SECItem& param) {
    context_.reset(PK11_CreateContextBySymKey(mechanism, CKA_ENCRYPT, key, &param));
    if (!context_) fail("PK11_CreateContextBySymKey");
  }
  bool started() const { return context_ != nullptr; }
  void run(uint8_t* out, const uint8_t* in, size_t n) {
    if (n == 0) return;
    int written = 0;
    if (PK11_CipherOp(context_.get(), out, &written, static_cast<int>(length_of(n)), in,
                      static_cast<int>(length_of(n))) != SECSuccess)
      fail("PK11_CipherOp");
    if (static_cast<size_t>(written) != n) throw std::runtime_error("PK11_CipherOp wrote a short block");
  }

 private:
  ContextPtr context_;
};

/// AES-CBC with PKCS#7 padding: CKM_AES_CBC_PAD, whose padding softoken writes and checks itself.
class AesCbc {
 public:
  static constexpr size_t kBlock = 16;

  explicit AesCbc(const ca_key_spec& spec)
      : algorithm_(sdk::checked_key(spec)),
        key_(import_key(CKM_AES_CBC_PAD, CKF_ENCRYPT | CKF_DECRYPT, sdk::secret(spec))) {}

  int encrypt(ca_io& io) {
    sdk::require_nonce(io, kBlock, algorithm_);
    const size_t padded = sdk::pkcs7_padded_size(io.input_len, kBlock);
    sdk::require_output(io, padded);
    SECItem iv = item(io.nonce, io.nonce_len);
    unsigned written = 0;
    if (PK11_Encrypt(key_.get(), CKM_AES_CBC_PAD, &iv, io.output, &written, length_of(padded),
                     sdk::bytes_or_empty(io.input), length_of(io.input_len)) != SECSuccess)
      fail("PK11_Encrypt");
    if (written != padded)
      throw std::runtime_error("PK11_Encrypt wrote " + std::to_string(written) + " bytes");
    io.output_len = padded;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    sdk::require_nonce(io, kBlock, algorithm_);
    if (io.input_len == 0 || io.input_len % kBlock != 0) return CA_REJECTED;
    // Softoken decrypts the last block into the caller's buffer before it reads the padding: a buffer that
    // holds only the plaintext gets the whole input in a scratch copy first.
    uint8_t* out = io.output;
    if (io.output_cap < io.input_len) {
      scratch_.resize(io.input_len);
      out = scratch_.data();
    }
    SECItem iv = item(io.nonce, io.nonce_len);
    unsigned written = 0;
    if (PK11_Decrypt(key_.get(), CKM_AES_CBC_PAD, &iv, out, &written, length_of(io.input_len), io.input,
                     length_of(io.input_len)) != SECSuccess) {
      rejected_or_throw("PK11_Decrypt");
      return CA_REJECTED;
    }
    if (out != io.output) {
      sdk::require_output(io, written);
      sdk::copy_bytes(io.output, out, written);
    }
    io.output_len = written;
    return CA_OK;
  }

  int encrypt_stream(ca_io& io) {
    if (io.input_len % kBlock != 0)
      throw sdk::Unsupported(std::string(algorithm_) + " as a stream takes whole 16-byte blocks, got " +
                             std::to_string(io.input_len) + " bytes");
    sdk::require_output(io, io.input_len);
    if (!stream_.started()) {
      sdk::require_nonce(io, kBlock, algorithm_);
      SECItem iv = item(io.nonce, io.nonce_len);
      stream_.start(key_.get(), CKM_AES_CBC, iv);
    }
    stream_.run(io.output, io.input, io.input_len);
    io.output_len = io.input_len;
    return CA_OK;
  }

 private:
  const char* algorithm_;
  SymKeyPtr key_;
  std::vector<uint8_t> scratch_;
  StreamContext stream_;
};

/// AES-CTR (CKM_AES_CTR) with the whole 16-byte IV as a 128-bit big-endian counter block.
class AesCtrOps {
 public:
  explicit AesCtrOps(const ca_key_spec& spec)
      : key_(import_key(CKM_AES_CTR, CKF_ENCRYPT | CKF_DECRYPT, sdk::secret(spec))) {}

  void crypt(Direction direction, const ca_io& io, uint8_t* out) {
    CK_AES_CTR_PARAMS p = counter(io.nonce);
    SECItem param{siBuffer, reinterpret_cast<unsigned char*>(&p), sizeof p};
    unsigned written = 0;
    const unsigned n = length_of(io.input_len);
    const SECStatus st = direction == Direction::Encrypt
                             ? PK11_Encrypt(key_.get(), CKM_AES_CTR, &param, never_null(out), &written, n,
                                            sdk::bytes_or_empty(io.input), n)
                             : PK11_Decrypt(key_.get(), CKM_AES_CTR, &param, never_null(out), &written, n,
                                            sdk::bytes_or_empty(io.input), n);
    if (st != SECSuccess) fail(direction == Direction::Encrypt ? "PK11_Encrypt" : "PK11_Decrypt");
    if (written != n) throw std::runtime_error("AES-CTR wrote " + std::to_string(written) + " bytes");
  }
  void stream_start(const uint8_t* nonce) {
    CK_AES_CTR_PARAMS p = counter(nonce);
    SECItem param{siBuffer, reinterpret_cast<unsigned char*>(&p), sizeof p};
    stream_.start(key_.get(), CKM_AES_CTR, param);
  }
  void stream(uint8_t* out, const uint8_t* in, size_t n) { stream_.run(out, in, n); }

 private:
  static CK_AES_CTR_PARAMS counter(const uint8_t* nonce) {
    CK_AES_CTR_PARAMS p{};
    p.ulCounterBits = 128;
    std::memcpy(p.cb, nonce, sizeof p.cb);
    return p;
  }
  SymKeyPtr key_;
  StreamContext stream_;
};

// ---- hashes and MACs
// ---------------------------------------------------------------------------------------

void digest_message(PK11Context* context, const ca_io& io, std::span<uint8_t> out) {
  if (PK11_DigestBegin(context) != SECSuccess) fail("PK11_DigestBegin");
  if (io.input_len != 0 && PK11_DigestOp(context, io.input, length_of(io.input_len)) != SECSuccess)
    fail("PK11_DigestOp");
  unsigned written = 0;
  if (PK11_DigestFinal(context, out.data(), &written, length_of(out.size())) != SECSuccess)
    fail("PK11_DigestFinal");
  if (written != out.size())
    throw std::runtime_error("PK11_DigestFinal wrote " + std::to_string(written) + " bytes");
}

/// One digest context (PK11_CreateDigestContext), restarted per message.
class DigestOps {
 public:
  DigestOps(const ca_key_spec&, SECOidTag hash) : context_(PK11_CreateDigestContext(hash)) {
    if (!context_) fail("PK11_CreateDigestContext");
  }
  void hash(const ca_io& io, std::span<uint8_t> out) { digest_message(context_.get(), io, out); }

 private:
  ContextPtr context_;
};

/// One signing context on the imported key (PK11_CreateContextBySymKey with CKA_SIGN), restarted per message.
class MacOps {
 public:
  MacOps(const ca_key_spec& spec, CK_MECHANISM_TYPE mechanism)
      : key_(import_key(mechanism, CKF_SIGN, sdk::secret(spec))) {
    SECItem no_params{siBuffer, nullptr, 0};
    context_.reset(PK11_CreateContextBySymKey(mechanism, CKA_SIGN, key_.get(), &no_params));
    if (!context_) fail("PK11_CreateContextBySymKey");
  }
  void mac(const ca_io& io, std::span<uint8_t> tag) { digest_message(context_.get(), io, tag); }

 private:
  SymKeyPtr key_;
  ContextPtr context_;
};

}  // namespace

sdk::Factory aes_gcm() { return sdk::make_factory<sdk::TaggedAead<AeadOps<CKM_AES_GCM>>>(); }
sdk::Factory chacha20_poly1305() {
  return sdk::make_factory<sdk::TaggedAead<AeadOps<CKM_NSS_CHACHA20_POLY1305>>>();
}
sdk::Factory aes_cbc() { return sdk::make_factory<AesCbc>(); }
sdk::Factory aes_ctr() { return sdk::make_factory<sdk::StreamMode<AesCtrOps>>(); }
sdk::Factory digest(SECOidTag hash) { return sdk::make_factory<sdk::HashMode<DigestOps>>(hash); }
sdk::Factory mac(CK_MECHANISM_TYPE mechanism) { return sdk::make_factory<sdk::MacMode<MacOps>>(mechanism); }

}  // namespace ca::backend_nss
