// A minimal hand-written loop making exactly the library calls the openssl backend makes per operation
// (docs/backends/openssl.md): for an AEAD, set the IV on a keyed context, encrypt the whole message, final,
// read the tag; for a digest, init, update, final on one reused EVP_MD_CTX. It times chunks of 64
// operations and prints the throughput of the median chunk in bytes per second — the same statistic as
// cryptauditor's median, so on a shared machine where other processes preempt us both, the ratio still
// isolates the harness's own cost.
//
// usage: handloop_openssl aes-256-gcm|chacha20-poly1305|sha256 BYTES SECONDS
#include <openssl/evp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s aes-256-gcm|chacha20-poly1305|sha256 BYTES SECONDS\n", argv[0]);
    return 2;
  }
  const std::string name = argv[1];
  const size_t bytes = std::strtoul(argv[2], nullptr, 10);
  const double seconds = std::atof(argv[3]);
  std::vector<unsigned char> in(bytes, 0x5a), out(bytes + 64), key(32, 0x11), iv(12, 0x22);
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
  if (name == "sha256") {
    EVP_MD* md = EVP_MD_fetch(nullptr, "SHA2-256", nullptr);
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    unsigned int len = 0;
    while (Clock::now() < deadline)
      timed_chunk([&] {
        return EVP_DigestInit_ex2(ctx, md, nullptr) && EVP_DigestUpdate(ctx, in.data(), bytes) &&
               EVP_DigestFinal_ex(ctx, out.data(), &len);
      });
  } else {
    EVP_CIPHER* cipher =
        EVP_CIPHER_fetch(nullptr, name == "aes-256-gcm" ? "AES-256-GCM" : "ChaCha20-Poly1305", nullptr);
    EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
    if (!EVP_EncryptInit_ex2(ctx, cipher, key.data(), nullptr, nullptr)) return 1;
    int n = 0, f = 0;
    while (Clock::now() < deadline)
      timed_chunk([&] {
        return EVP_EncryptInit_ex2(ctx, nullptr, nullptr, iv.data(), nullptr) &&
               EVP_EncryptUpdate(ctx, out.data(), &n, in.data(), static_cast<int>(bytes)) &&
               EVP_EncryptFinal_ex(ctx, out.data() + n, &f) &&
               EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag);
      });
  }
  std::nth_element(chunk_ns.begin(), chunk_ns.begin() + chunk_ns.size() / 2, chunk_ns.end());
  const double median_ns = chunk_ns[chunk_ns.size() / 2];
  std::printf("%.2f\n", 64.0 * static_cast<double>(bytes) / (median_ns * 1e-9));
  return 0;
}
