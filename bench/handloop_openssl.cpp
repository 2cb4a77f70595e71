// A minimal hand-written loop making exactly the library calls the openssl backend makes per operation
// (docs/backends/openssl.md), on page-aligned buffers as the harness uses (docs/METHODOLOGY.md, Inputs):
//  - message: for an AEAD, set the IV on a keyed context, encrypt the whole message, final, read the tag
//    through OSSL_PARAM; for a digest, init, update, final on one reused EVP_MD_CTX;
//  - stream: for an AEAD, one EVP_EncryptUpdate per operation on a context started once (what
//    `--cipher-mode stream` and `openssl speed -evp` time); digests have no stream form here.
// It times chunks of 64 operations and prints the throughput of the median chunk in bytes per second — the
// same statistic as cryptauditor's median, so on a shared machine where other processes preempt us both,
// the ratio still isolates the harness's own cost.
//
// usage: handloop_openssl message|stream aes-256-gcm|chacha20-poly1305|sha256 BYTES SECONDS
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

unsigned char* page_aligned(size_t bytes, unsigned char fill) {
  const size_t rounded = (bytes + 4095) / 4096 * 4096 + 4096;
  auto* p = static_cast<unsigned char*>(std::aligned_alloc(4096, rounded));
  if (p == nullptr) std::exit(1);
  std::memset(p, fill, rounded);
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s message|stream aes-256-gcm|chacha20-poly1305|sha256 BYTES SECONDS\n",
                 argv[0]);
    return 2;
  }
  const std::string mode = argv[1], name = argv[2];
  const size_t bytes = std::strtoul(argv[3], nullptr, 10);
  const double seconds = std::atof(argv[4]);
  if (mode != "message" && mode != "stream") return 2;
  unsigned char* in = page_aligned(bytes, 0x5a);
  unsigned char* out = page_aligned(bytes + 64, 0);
  std::vector<unsigned char> key(32, 0x11), iv(12, 0x22);
  unsigned char tag[16];
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  std::vector<double> chunk_ns;
  auto timed_chunk = [&](auto&& body) {
    auto t0 = Clock::now();
    for (int i = 0; i < 64; ++i)
      if (!body()) std::exit(1);
    chunk_ns.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count());
  };
  const int len = static_cast<int>(bytes);
  if (name == "sha256") {
    if (mode != "message") return 2;
    EVP_MD* md = EVP_MD_fetch(nullptr, "SHA2-256", nullptr);
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    unsigned int dlen = 0;
    while (Clock::now() < deadline)
      timed_chunk([&] {
        return EVP_DigestInit_ex2(ctx, md, nullptr) && EVP_DigestUpdate(ctx, in, bytes) &&
               EVP_DigestFinal_ex(ctx, out, &dlen);
      });
  } else {
    EVP_CIPHER* cipher =
        EVP_CIPHER_fetch(nullptr, name == "aes-256-gcm" ? "AES-256-GCM" : "ChaCha20-Poly1305", nullptr);
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    if (!EVP_EncryptInit_ex2(ctx, cipher, key.data(), nullptr, nullptr)) return 1;
    int n = 0, f = 0;
    if (mode == "stream") {
      if (!EVP_EncryptInit_ex2(ctx, nullptr, nullptr, iv.data(), nullptr)) return 1;
      while (Clock::now() < deadline) timed_chunk([&] { return EVP_EncryptUpdate(ctx, out, &n, in, len); });
    } else {
      OSSL_PARAM tag_param[] = {
          OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, tag, sizeof tag),
          OSSL_PARAM_construct_end()};
      while (Clock::now() < deadline)
        timed_chunk([&] {
          return EVP_EncryptInit_ex2(ctx, nullptr, nullptr, iv.data(), nullptr) &&
                 EVP_EncryptUpdate(ctx, out, &n, in, len) && EVP_EncryptFinal_ex(ctx, out + n, &f) &&
                 EVP_CIPHER_CTX_get_params(ctx, tag_param);
        });
    }
  }
  std::nth_element(chunk_ns.begin(), chunk_ns.begin() + chunk_ns.size() / 2, chunk_ns.end());
  const double median_ns = chunk_ns[chunk_ns.size() / 2];
  std::printf("%.2f\n", 64.0 * static_cast<double>(bytes) / (median_ns * 1e-9));
  return 0;
}
