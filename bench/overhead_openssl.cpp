// The harness against a hand-written loop, in one process. Separate processes (bench/fidelity.py) run at
// different moments, and on a shared VM the host's speed changes from one second to the next by more than
// the harness costs; here four ways of running the same OpenSSL work alternate in 40 ms turns, so those
// changes fall on all of them alike (docs/FIDELITY.md):
//   hand loop   a plain loop making the EVP calls, timed in chunks of 64 operations (median chunk)
//   direct/1    the measurement engine (core/measure) calling a function that makes the same EVP calls
//   plugin/1    the engine calling the openssl backend plugin's operation through the plugin ABI, one input
//   plugin/16   the same with the runner's pool of 16 inputs, one indirect call per operation
//   repeat/16   the plugin's repeat form (ca_repeat_fn) over the pool: one call per batch, the loop inside
//   the
//               plugin — what `cryptauditor -b openssl --order sequential` times
//   inter/16    repeat/16 measured by the interleaved scheduler (core/measure/interleave.hpp) in rounds with
//               a neighbour that, like another library, walks 2 MiB of its own data between our samples;
//               the settle batch (a tenth of a batch, untimed) runs before each sample — what
//               `cryptauditor` times by default
//   inter/0     the same without the settle batch: what switching backends costs when nothing refills the
//               caches
// Printed per variant: the median time per operation over the rounds, and the median over rounds of the hand
// loop's time divided by the variant's (the harness / peer throughput ratio; 1 = the same speed).
// plugin/1 against direct/1 is the plugin boundary (ABI trampoline, the adapter's checks); plugin/16 against
// plugin/1 is the pool.
//
// usage: overhead_openssl PLUGIN.so aes-256-gcm|chacha20-poly1305|sha256 stream|message BYTES [ROUNDS]
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "exec/runner.hpp"
#include "measure/interleave.hpp"
#include "measure/measure.hpp"
#include "plugin/backend.hpp"
#include "stats/stats.hpp"
#include "util/page_buffer.hpp"

namespace {

struct Direct {
  EVP_CIPHER_CTX* cipher = nullptr;  // keyed (and, for a stream, started)
  EVP_MD_CTX* md = nullptr;
  EVP_MD* sha256 = nullptr;
  bool stream = false;
  unsigned char tag[16]{};
  unsigned char digest[32]{};
};

// Exactly the calls of the openssl backend for one operation (docs/backends/openssl.md).
bool one_operation(Direct& d, const ca_io& io) {
  int n = 0, f = 0;
  unsigned int dlen = 0;
  const int len = static_cast<int>(io.input_len);
  if (d.md != nullptr)
    return EVP_DigestInit_ex2(d.md, d.sha256, nullptr) && EVP_DigestUpdate(d.md, io.input, io.input_len) &&
           EVP_DigestFinal_ex(d.md, d.digest, &dlen);
  if (d.stream) return EVP_EncryptUpdate(d.cipher, io.output, &n, io.input, len);
  OSSL_PARAM tag[] = {OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, d.tag, sizeof d.tag),
                      OSSL_PARAM_construct_end()};
  return EVP_EncryptInit_ex2(d.cipher, nullptr, nullptr, io.nonce, nullptr) &&
         EVP_EncryptUpdate(d.cipher, io.output, &n, io.input, len) &&
         EVP_EncryptFinal_ex(d.cipher, io.output + n, &f) && EVP_CIPHER_CTX_get_params(d.cipher, tag);
}

int direct_op(ca_context* c, ca_io* io) {
  return one_operation(*reinterpret_cast<Direct*>(c), *io) ? CA_OK : CA_FAILED;
}

// The hand loop: no engine, no pool; median of 64-operation chunks over `seconds`.
double hand_loop_ns(Direct& d, const ca_io& io, double seconds) {
  using Clock = std::chrono::steady_clock;
  std::vector<double> chunks;
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  for (int i = 0; i < 64; ++i) one_operation(d, io);  // warm-up
  while (Clock::now() < deadline) {
    const auto t0 = Clock::now();
    for (int i = 0; i < 64; ++i)
      if (!one_operation(d, io)) std::exit(1);
    chunks.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / 64);
  }
  return ca::stats::median(chunks);
}

// The neighbour of inter/16: every call reads and writes 2 MiB (more than this machine's L2), as another
// library's tables, code and buffers would displace ours.
std::vector<unsigned char> neighbour_data(2u << 20, 1);
int neighbour_op(ca_context*, ca_io*) {
  unsigned acc = 0;
  for (size_t i = 0; i < neighbour_data.size(); i += 64) acc += neighbour_data[i]++;
  return acc == 0xFFFFFFFFu ? CA_FAILED : CA_OK;
}

struct Inputs {
  std::vector<ca::PageBuffer> messages;
  ca::PageBuffer output;
  std::vector<unsigned char> nonce = std::vector<unsigned char>(12, 0x22);
  std::vector<ca_io> ios;
  Inputs(size_t count, size_t bytes) : output(bytes + 64) {
    for (size_t i = 0; i < count; ++i) {
      messages.emplace_back(bytes, ca::PageBuffer::staggered_offset(i, bytes));
      std::fill(messages.back().data(), messages.back().data() + bytes, static_cast<uint8_t>(i));
    }
    for (auto& m : messages) {
      ca_io io{};
      io.input = m.data();
      io.input_len = bytes;
      io.nonce = nonce.data();
      io.nonce_len = nonce.size();
      io.output = output.data();
      io.output_cap = output.size();
      ios.push_back(io);
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr,
                 "usage: %s PLUGIN.so aes-256-gcm|chacha20-poly1305|sha256 stream|message BYTES [ROUNDS]\n",
                 argv[0]);
    return 2;
  }
  const std::string name = argv[2];
  const bool stream = std::string(argv[3]) == "stream";
  const size_t bytes = std::strtoul(argv[4], nullptr, 10);
  const int rounds = argc > 5 ? std::atoi(argv[5]) : 15;
  const bool hash = name == "sha256";
  const char* catalog = hash ? "SHA2-256" : name == "aes-256-gcm" ? "AES-GCM" : "CHACHA20-POLY1305";
  auto loaded = ca::load_plugin(argv[1]);
  if (!loaded) {
    std::fprintf(stderr, "%s\n", loaded.error().message.c_str());
    return 1;
  }
  auto backend = std::move(*loaded);
  auto created = ca::make_context(*backend, *ca::find_algorithm(catalog), hash ? 0 : 256);
  if (!created) {
    std::fprintf(stderr, "%s\n", created.error().message.c_str());
    return 1;
  }
  auto plugin_ctx = std::move(*created);

  // Two direct contexts, one for the hand loop and one for direct/1, so a stream advances in each alone.
  unsigned char key[32] = {0x11};
  std::vector<unsigned char> iv(12, 0x22);
  EVP_CIPHER* cipher =
      hash ? nullptr
           : EVP_CIPHER_fetch(nullptr, name == "aes-256-gcm" ? "AES-256-GCM" : "ChaCha20-Poly1305", nullptr);
  Direct loop_state, engine_state;
  for (Direct* d : {&loop_state, &engine_state}) {
    d->stream = stream && !hash;
    if (hash) {
      d->md = EVP_MD_CTX_new();
      d->sha256 = EVP_MD_fetch(nullptr, "SHA2-256", nullptr);
    } else {
      d->cipher = EVP_CIPHER_CTX_new();
      if (!EVP_EncryptInit_ex2(d->cipher, cipher, key, d->stream ? iv.data() : nullptr, nullptr)) return 1;
    }
  }

  Inputs one(1, bytes), pool(16, bytes);
  const int op = hash ? CA_OP_HASH : stream ? CA_OP_ENCRYPT_STREAM : CA_OP_ENCRYPT;
  const ca::TimedOperation engine_variants[] = {
      {&direct_op, reinterpret_cast<ca_context*>(&engine_state), &one.ios},
      {plugin_ctx->operation(op), plugin_ctx->raw(), &one.ios},
      {plugin_ctx->operation(op), plugin_ctx->raw(), &pool.ios},
      {plugin_ctx->operation(op), plugin_ctx->raw(), &pool.ios, plugin_ctx->repeat(op)},
  };
  const char* names[] = {"hand loop", "direct/1", "plugin/1", "plugin/16",
                         "repeat/16", "inter/16", "inter/0"};
  constexpr int kVariants = 7;
  std::vector<ca_io> neighbour_io(1);
  const ca::TimedOperation neighbour{&neighbour_op, nullptr, &neighbour_io};
  ca::MeasureConfig cfg;
  cfg.budget_s = 0.04;
  cfg.warmup_s = 0.005;
  cfg.target_rel_ci = 1e-9;  // every variant spends the same budget
  if (const char* t = std::getenv("SAMPLE_NS")) cfg.sample_target_ns = std::atof(t);
  std::vector<std::vector<double>> ratio(kVariants), ns(kVariants);
  // The order of the variants turns by one every round, so none always runs first (or right after another).
  for (int r = 0; r < rounds; ++r) {
    double med[kVariants];
    for (int k = 0; k < kVariants; ++k) {
      const int v = (k + r) % kVariants;
      if (v == 0) {
        med[0] = hand_loop_ns(loop_state, one.ios[0], cfg.budget_s);
        continue;
      }
      ca::Measurement m;
      if (v <= 4) {
        m = ca::measure(engine_variants[v - 1], cfg);
      } else {
        ca::MeasureConfig inter = cfg;
        inter.settle_fraction = v == 5 ? 0.1 : 0;
        auto ours = ca::make_local_source(engine_variants[3]);
        auto theirs = ca::make_local_source(neighbour);
        ca::SampleSource* sources[] = {ours.get(), theirs.get()};
        m = ca::measure_interleaved(sources, inter).per_source[0];
      }
      if (m.status != CA_OK) {
        std::fprintf(stderr, "%s failed: %s\n", names[v], m.error.c_str());
        return 1;
      }
      med[v] = ca::stats::median(m.sample_ns);
    }
    for (int v = 0; v < kVariants; ++v) {
      ns[v].push_back(med[v]);
      ratio[v].push_back(med[0] / med[v]);
    }
  }
  std::printf(
      "%s %s, %zu B, %d rounds: median ns per operation; median of the per-round throughput ratio "
      "variant / hand loop\n",
      name.c_str(),
      hash     ? "hash"
      : stream ? "stream"
               : "per message",
      bytes, rounds);
  for (int v = 0; v < kVariants; ++v)
    std::printf("  %-10s %10.2f ns   %.3f\n", names[v], ca::stats::median(ns[v]),
                ca::stats::median(ratio[v]));
  EVP_CIPHER_free(cipher);
  return 0;
}
