// The symmetric rows: AEADs, GMAC, the CBC ciphers (AES, DES, 2DES, 3DES, RC2, Camellia) and the key streams
// (AES-CTR, ChaCha20, RC4) through PK11_Encrypt / PK11_Decrypt (one call per message, as NSS's users call
// them: each call opens and closes a PKCS#11 operation on the key's session), AES-ECB and the
// `--cipher-mode stream` form through a PK11Context (PK11_CreateContextBySymKey + PK11_CipherOp), and
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

// ---- AEADs and GMAC
// ----------------------------------------------------------------------------------------

/// AES-GCM (CKM_AES_GCM with the PKCS#11 v3 CK_GCM_PARAMS) or ChaCha20-Poly1305 (CKM_NSS_CHACHA20_POLY1305
/// with CK_NSS_AEAD_PARAMS): ciphertext || tag in one PK11_Encrypt, checked and decrypted by one
/// PK11_Decrypt. GMAC-AES is the AES-GCM class with `gmac` set: one PK11_Encrypt of nothing, the message
/// as the associated data (SP 800-38D GMAC), the tag as the MAC.
template <CK_MECHANISM_TYPE Mechanism>
class AeadOps {
 public:
  explicit AeadOps(const ca_key_spec& spec, bool gmac = false)
      : key_(import_key(Mechanism, CKF_ENCRYPT | CKF_DECRYPT, sdk::secret(spec))), gmac_(gmac) {}

  bool offers(int op) const { return gmac_ ? op == CA_OP_MAC : op != CA_OP_MAC; }

  void seal(const ca_io& io, uint8_t* out, std::span<uint8_t> tag) {
    if (tag.data() != out + io.input_len) throw std::runtime_error("the tag must follow the ciphertext");
    encrypt(io, io.aad, io.aad_len, io.input, io.input_len, out, tag.size());
  }

  void tag_only(const ca_io& io, std::span<uint8_t> tag) requires(Mechanism == CKM_AES_GCM) {
    encrypt(io, io.input, io.input_len, nullptr, 0, tag.data(), tag.size());
  }

  bool open(const ca_io& io, size_t length, std::span<const uint8_t> received, uint8_t* out) {
    auto p = params(io, io.aad, io.aad_len, received.size());
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
  // `in` (n bytes) under the associated data `aad` into `out`, followed by a tag of `tag` bytes.
  void encrypt(const ca_io& io, const uint8_t* aad, size_t aad_len, const uint8_t* in, size_t n, uint8_t* out,
               size_t tag) {
    auto p = params(io, aad, aad_len, tag);
    SECItem param{siBuffer, reinterpret_cast<unsigned char*>(&p), sizeof p};
    unsigned written = 0;
    const unsigned total = length_of(n + tag);
    if (PK11_Encrypt(key_.get(), Mechanism, &param, out, &written, total, sdk::bytes_or_empty(in),
                     length_of(n)) != SECSuccess)
      fail("PK11_Encrypt");
    if (written != total)
      throw std::runtime_error("PK11_Encrypt wrote " + std::to_string(written) + " bytes");
  }

  static auto params(const ca_io& io, const uint8_t* aad_bytes, size_t aad_len, size_t tag) {
    auto* nonce = const_cast<CK_BYTE_PTR>(sdk::bytes_or_empty(io.nonce));
    auto* aad = const_cast<CK_BYTE_PTR>(sdk::bytes_or_empty(aad_bytes));
    if constexpr (Mechanism == CKM_AES_GCM) {
      return CK_GCM_PARAMS{nonce, io.nonce_len, io.nonce_len * 8, aad, aad_len, tag * 8};
    } else {
      return CK_NSS_AEAD_PARAMS{nonce, io.nonce_len, aad, aad_len, tag};
    }
  }

  SymKeyPtr key_;
  bool gmac_;
};

// ---- block ciphers in CBC with PKCS#7, AES-ECB, and key streams (AES-CTR, ChaCha20, RC4)
// ---------------------------------------------------

/// The running `--cipher-mode stream` state, or AES-ECB's keyed context: one PK11Context, created once.
class StreamContext {
 public:
  void start(PK11SymKey* key, CK_MECHANISM_TYPE mechanism, SECItem& param,
             CK_ATTRIBUTE_TYPE operation = CKA_ENCRYPT) {
    context_.reset(PK11_CreateContextBySymKey(mechanism, operation, key, &param));
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

/// The mechanism parameter of one CBC message: the IV, or for RC2 the CK_RC2_CBC_PARAMS that also carry
/// the effective key bits (RFC 2268).
class CbcParams {
 public:
  CbcParams(const CbcCipher& cipher, const uint8_t* iv) : iv_(item(iv, cipher.block)) {
    if (cipher.rc2_effective_bits != 0) {
      rc2_.ulEffectiveBits = cipher.rc2_effective_bits;
      std::memcpy(rc2_.iv, iv, sizeof rc2_.iv);
      iv_ = SECItem{siBuffer, reinterpret_cast<unsigned char*>(&rc2_), sizeof rc2_};
    }
  }
  CbcParams(const CbcParams&) = delete;
  CbcParams& operator=(const CbcParams&) = delete;
  SECItem& get() { return iv_; }

 private:
  CK_RC2_CBC_PARAMS rc2_{};
  SECItem iv_;
};

/// A block cipher in CBC with PKCS#7 padding through its CKM_*_CBC_PAD mechanism (AES, DES, 3DES, RC2,
/// Camellia), whose padding softoken writes and checks itself; the stream form through CKM_*_CBC.
class CbcPad {
 public:
  CbcPad(const ca_key_spec& spec, CbcCipher cipher)
      : algorithm_(sdk::checked_key(spec)),
        cipher_(cipher),
        key_(import_key(cipher.padded, CKF_ENCRYPT | CKF_DECRYPT, sdk::secret(spec))) {}

  int encrypt(ca_io& io) {
    sdk::require_nonce(io, cipher_.block, algorithm_);
    const size_t padded = sdk::pkcs7_padded_size(io.input_len, cipher_.block);
    sdk::require_output(io, padded);
    CbcParams param(cipher_, io.nonce);
    unsigned written = 0;
    if (PK11_Encrypt(key_.get(), cipher_.padded, &param.get(), io.output, &written, length_of(padded),
                     sdk::bytes_or_empty(io.input), length_of(io.input_len)) != SECSuccess)
      fail("PK11_Encrypt");
    if (written != padded)
      throw std::runtime_error("PK11_Encrypt wrote " + std::to_string(written) + " bytes");
    io.output_len = padded;
    return CA_OK;
  }

  int decrypt(ca_io& io) {
    sdk::require_nonce(io, cipher_.block, algorithm_);
    if (io.input_len == 0 || io.input_len % cipher_.block != 0) return CA_REJECTED;
    // Softoken decrypts the last block into the caller's buffer before it reads the padding: a buffer that
    // holds only the plaintext gets the whole input in a scratch copy first.
    uint8_t* out = io.output;
    if (io.output_cap < io.input_len) {
      scratch_.resize(io.input_len);
      out = scratch_.data();
    }
    CbcParams param(cipher_, io.nonce);
    unsigned written = 0;
    if (PK11_Decrypt(key_.get(), cipher_.padded, &param.get(), out, &written, length_of(io.input_len),
                     io.input, length_of(io.input_len)) != SECSuccess) {
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
    if (io.input_len % cipher_.block != 0)
      throw sdk::Unsupported(std::string(algorithm_) + " as a stream takes whole " +
                             std::to_string(cipher_.block) + "-byte blocks, got " +
                             std::to_string(io.input_len) + " bytes");
    sdk::require_output(io, io.input_len);
    if (!stream_.started()) {
      sdk::require_nonce(io, cipher_.block, algorithm_);
      CbcParams param(cipher_, io.nonce);
      stream_.start(key_.get(), cipher_.unpadded, param.get());
    }
    stream_.run(io.output, io.input, io.input_len);
    io.output_len = io.input_len;
    return CA_OK;
  }

 private:
  const char* algorithm_;
  CbcCipher cipher_;
  SymKeyPtr key_;
  std::vector<uint8_t> scratch_;
  StreamContext stream_;
};

/// AES-ECB for sdk::Pkcs7BlockMode (which pads): softoken has no CKM_AES_ECB_PAD, so the whole blocks go
/// through one CKM_AES_ECB context per direction, keyed in create() (ECB chains nothing, so the contexts
/// serve every message), each call one PK11_CipherOp as libssl drives its record ciphers.
class AesEcbOps {
 public:
  static constexpr size_t kBlock = 16;
  static constexpr size_t kIvBytes = 0;

  explicit AesEcbOps(const ca_key_spec& spec)
      : key_(import_key(CKM_AES_ECB, CKF_ENCRYPT | CKF_DECRYPT, sdk::secret(spec))) {
    SECItem no_params{siBuffer, nullptr, 0};
    encryptor_.start(key_.get(), CKM_AES_ECB, no_params, CKA_ENCRYPT);
    decryptor_.start(key_.get(), CKM_AES_ECB, no_params, CKA_DECRYPT);
  }
  void start(Direction, const uint8_t*) {}
  void process(Direction direction, uint8_t* out, const uint8_t* in, size_t n) {
    (direction == Direction::Encrypt ? encryptor_ : decryptor_).run(out, in, n);
  }
  void stream_start(const uint8_t*) {}
  void stream(uint8_t* out, const uint8_t* in, size_t n) { encryptor_.run(out, in, n); }

 private:
  SymKeyPtr key_;
  StreamContext encryptor_;
  StreamContext decryptor_;
};

/// The mechanism parameter of one key-stream message: CK_AES_CTR_PARAMS (the whole 16-byte IV as a 128-bit
/// big-endian counter block), CK_CHACHA20_PARAMS (RFC 8439: the 12-byte nonce, a 32-bit block counter from
/// 0), or none (RC4, which restarts from its key).
template <CK_MECHANISM_TYPE Mechanism>
class KeyStreamParams {
 public:
  explicit KeyStreamParams(const uint8_t* nonce) {
    if constexpr (Mechanism == CKM_AES_CTR) {
      ctr_.ulCounterBits = 128;
      std::memcpy(ctr_.cb, nonce, sizeof ctr_.cb);
      item_ = SECItem{siBuffer, reinterpret_cast<unsigned char*>(&ctr_), sizeof ctr_};
    } else if constexpr (Mechanism == CKM_CHACHA20) {
      std::memcpy(nonce_.data(), nonce, nonce_.size());
      chacha_ = CK_CHACHA20_PARAMS{counter_.data(), 32, nonce_.data(), 96};
      item_ = SECItem{siBuffer, reinterpret_cast<unsigned char*>(&chacha_), sizeof chacha_};
    } else {
      static_assert(Mechanism == CKM_RC4, "a key-stream mechanism of this backend");
      (void)nonce;
    }
  }
  KeyStreamParams(const KeyStreamParams&) = delete;
  KeyStreamParams& operator=(const KeyStreamParams&) = delete;
  SECItem& get() { return item_; }

 private:
  CK_AES_CTR_PARAMS ctr_{};
  std::array<CK_BYTE, 4> counter_{};  // little-endian block counter 0
  std::array<CK_BYTE, 12> nonce_{};
  CK_CHACHA20_PARAMS chacha_{};
  SECItem item_{siBuffer, nullptr, 0};
};

/// A key stream (AES-CTR, ChaCha20, RC4) for sdk::StreamMode: one PK11_Encrypt or PK11_Decrypt per message,
/// started afresh at the message's nonce (RC4: at its key); the stream form through one PK11Context, except
/// for ChaCha20: softoken 3.87.1 answers PK11_CipherOp on a CKM_CHACHA20 (or CKM_NSS_CHACHA20_CTR) context
/// with SEC_ERROR_LIBRARY_FAILURE, for whole 64-byte blocks too (checked with a test program), so ChaCha20
/// has no `--cipher-mode stream` form.
template <CK_MECHANISM_TYPE Mechanism>
class KeyStreamOps {
 public:
  explicit KeyStreamOps(const ca_key_spec& spec)
      : key_(import_key(Mechanism, CKF_ENCRYPT | CKF_DECRYPT, sdk::secret(spec))) {}

  void crypt(Direction direction, const ca_io& io, uint8_t* out) {
    KeyStreamParams<Mechanism> param(io.nonce);
    unsigned written = 0;
    const unsigned n = length_of(io.input_len);
    const SECStatus st = direction == Direction::Encrypt
                             ? PK11_Encrypt(key_.get(), Mechanism, &param.get(), never_null(out), &written, n,
                                            sdk::bytes_or_empty(io.input), n)
                             : PK11_Decrypt(key_.get(), Mechanism, &param.get(), never_null(out), &written, n,
                                            sdk::bytes_or_empty(io.input), n);
    if (st != SECSuccess) fail(direction == Direction::Encrypt ? "PK11_Encrypt" : "PK11_Decrypt");
    if (written != n) throw std::runtime_error("the key stream wrote " + std::to_string(written) + " bytes");
  }
  void stream_start(const uint8_t* nonce) requires(Mechanism != CKM_CHACHA20) {
    KeyStreamParams<Mechanism> param(nonce);
    stream_.start(key_.get(), Mechanism, param.get());
  }
  void stream(uint8_t* out, const uint8_t* in, size_t n) requires(Mechanism != CKM_CHACHA20) {
    stream_.run(out, in, n);
  }

 private:
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
sdk::Factory gmac_aes() { return sdk::make_factory<sdk::TaggedAead<AeadOps<CKM_AES_GCM>>>(true); }
sdk::Factory chacha20_poly1305() {
  return sdk::make_factory<sdk::TaggedAead<AeadOps<CKM_NSS_CHACHA20_POLY1305>>>();
}
sdk::Factory cbc_pad(CbcCipher cipher) { return sdk::make_factory<CbcPad>(cipher); }
sdk::Factory aes_ecb() { return sdk::make_factory<sdk::Pkcs7BlockMode<AesEcbOps>>(); }
sdk::Factory aes_ctr() { return sdk::make_factory<sdk::StreamMode<KeyStreamOps<CKM_AES_CTR>>>(); }
sdk::Factory chacha20() { return sdk::make_factory<sdk::StreamMode<KeyStreamOps<CKM_CHACHA20>>>(); }
sdk::Factory rc4() { return sdk::make_factory<sdk::StreamMode<KeyStreamOps<CKM_RC4>>>(); }
sdk::Factory digest(SECOidTag hash) { return sdk::make_factory<sdk::HashMode<DigestOps>>(hash); }
sdk::Factory mac(CK_MECHANISM_TYPE mechanism) { return sdk::make_factory<sdk::MacMode<MacOps>>(mechanism); }

}  // namespace ca::backend_nss
