// The acceleration() string of the Botan 3 backend: which CPU extensions Botan's implementations of the
// catalog's algorithms dispatch to here, read from each object's provider(). Botan 3 made its CPUID header
// internal, so provider() is the one public answer; unlike Botan 2.19's, Botan 3's SHA-1 reports its
// SHA-NI code ("intel_sha") there.
#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <botan/hash.h>
#include <botan/mac.h>
#include <botan/stream_cipher.h>

#include <string>
#include <string_view>
#include <vector>

#include "botan3_backend.hpp"

namespace ca::backend_botan3 {
namespace {

#if defined(__x86_64__) || defined(__i386__)
constexpr bool kX86 = true;
#else
constexpr bool kX86 = false;
#endif

/// The CPU extension behind a Botan 3.x provider() name; empty for the portable code ("base"). Some names
/// mean different instructions per architecture: "cpu" AES is AES-NI or the ARMv8 AES instructions,
/// "vperm", "simd" and "simd32" are SSSE3/SSE2 or NEON.
std::string extension_of(std::string_view provider) {
  struct Name {
    std::string_view provider, x86, other;
  };
  static constexpr Name kNames[] = {{"cpu", "AES-NI", "ARMv8-AES"},
                                    {"vaes", "VAES", "VAES"},
                                    {"vperm", "SSSE3", "NEON"},
                                    {"clmul", "CLMUL", "PMULL"},
                                    {"pmull", "PMULL", "PMULL"},
                                    {"shani", "SHA-NI", "SHA-NI"},
                                    {"intel_sha", "SHA-NI", "SHA-NI"},
                                    {"armv8", "ARMv8-SHA", "ARMv8-SHA"},
                                    {"armv8_sha", "ARMv8-SHA", "ARMv8-SHA"},
                                    {"armv8_sha2", "ARMv8-SHA", "ARMv8-SHA"},
                                    {"bmi2", "BMI2", "BMI2"},
                                    {"avx2", "AVX2", "AVX2"},
                                    {"avx512", "AVX-512", "AVX-512"},
                                    {"gfni", "GFNI", "GFNI"},
                                    {"sse2", "SSE2", "NEON"},
                                    {"simd", "SSE2", "NEON"},
                                    {"simd32", "SSE2", "NEON"}};
  for (const auto& name : kNames)
    if (name.provider == provider) return std::string(kX86 ? name.x86 : name.other);
  return {};
}

std::string describe() {
  std::vector<std::string> providers;
  auto note = [&](const auto& object) {
    if (object) providers.push_back(object->provider());
  };
  // The primitives behind the rows, the catalog's first algorithms first so that their extensions lead.
  note(Botan::BlockCipher::create("AES-128"));
  note(Botan::Cipher_Mode::create("AES-128/GCM", Botan::Cipher_Dir::Encryption));  // GHASH's provider
  for (const char* stream : {"ChaCha(20)", "Salsa20", "RC4"}) note(Botan::StreamCipher::create(stream));
  for (const char* hash : {"SHA-1", "SHA-256", "SHA-512", "SHA-3(256)", "SHA-512-256", "SHAKE-128(256)",
                           "BLAKE2b(512)", "BLAKE2s(256)", "MD5", "RIPEMD-160", "SM3", "Whirlpool"})
    note(Botan::HashFunction::create(hash));
  for (const char* cipher :
       {"DES", "Twofish", "Blowfish", "IDEA", "Camellia-128", "ARIA-128", "SM4", "Serpent", "CAST-128"})
    note(Botan::BlockCipher::create(cipher));
  for (const char* mac : {"CMAC(AES-128)", "Poly1305", "SipHash(2,4)"})
    note(Botan::MessageAuthenticationCode::create(mac));

  std::vector<std::string> extensions;
  for (const auto& provider : providers) extensions.push_back(extension_of(provider));
  return ca::sdk::extension_list(extensions);
}

}  // namespace

const char* acceleration() noexcept { return ca::sdk::described_once<&describe>(); }

}  // namespace ca::backend_botan3
