// The acceleration() string of the Botan backend: which CPU extensions Botan's implementations of the
// catalog's algorithms actually dispatch to here, read from each object's provider().
//
// <botan/cpuid.h> is public but announces "this header will be made internal in the future" through a
// #pragma GCC warning, which -Werror turns into an error and no -Wno-... flag silences. Botan's own switch
// for its deprecation notices is BOTAN_NO_DEPRECATED_WARNINGS, defined before the first Botan header; this
// file is the only one that needs it, so the rest of the backend still sees Botan's deprecations.
#define BOTAN_NO_DEPRECATED_WARNINGS 1
#include <botan/block_cipher.h>
#include <botan/build.h>
#include <botan/cipher_mode.h>
#include <botan/cpuid.h>
#include <botan/hash.h>
#include <botan/mac.h>
#include <botan/stream_cipher.h>

#include <string>
#include <vector>

#include "botan_backend.hpp"

namespace ca::backend_botan {
namespace {

#if defined(BOTAN_TARGET_CPU_IS_X86_FAMILY)
constexpr bool kX86 = true;
#else
constexpr bool kX86 = false;
#endif
#if defined(BOTAN_TARGET_CPU_IS_ARM_FAMILY)
constexpr bool kArm = true;
#else
constexpr bool kArm = false;
#endif

/// The CPU extension behind a Botan 2.19 provider() name; empty for the portable code ("base"). The same
/// names mean different instructions per architecture: "cpu" AES is AES-NI or the ARMv8 AES instructions,
/// "vperm" and "simd32" are SSSE3/SSE2 or NEON.
std::string extension_of(const std::string& provider) {
  if (provider == "cpu") return kX86 ? "AES-NI" : kArm ? "ARMv8-AES" : "hardware AES";  // only when present
  if (provider == "aesni") return "AES-NI";
  if (provider == "clmul") return kX86 ? "CLMUL" : "PMULL";                 // GHASH
  if (provider == "vperm") return kX86 ? "SSSE3" : kArm ? "NEON" : "SIMD";  // vector-permute AES / GHASH
  if (provider == "shani") return "SHA-NI";
  if (provider == "armv8") return "ARMv8-SHA";
  if (provider == "bmi2") return "BMI2";
  if (provider == "avx2") return "AVX2";
  if (provider == "avx512") return "AVX-512";
  if (provider == "simd32" || provider == "sse2") return kX86 ? "SSE2" : kArm ? "NEON" : "SIMD";
  return {};
}

std::string describe() {
  std::vector<std::string> providers;
  auto note = [&](const auto& object) {
    if (object) providers.push_back(object->provider());
  };
  // The primitives behind the rows (the modes around them report "base", see docs/backends/botan.md), the
  // catalog's first algorithms first so that their extensions lead the string.
  note(Botan::BlockCipher::create("AES-128"));
  note(Botan::Cipher_Mode::create("AES-128/GCM", Botan::ENCRYPTION));  // reports GHASH's provider
  for (const char* stream : {"ChaCha(20)", "Salsa20", "RC4"}) note(Botan::StreamCipher::create(stream));
  for (const char* hash : {"SHA-1", "SHA-256", "SHA-512", "SHA-3(256)", "SHA-512-256", "SHAKE-128(256)",
                           "BLAKE2b(512)", "MD5", "RIPEMD-160", "SM3", "Whirlpool"})
    note(Botan::HashFunction::create(hash));
  for (const char* cipher :
       {"DES", "Twofish", "Blowfish", "IDEA", "Camellia-128", "ARIA-128", "SM4", "Serpent", "CAST-128"})
    note(Botan::BlockCipher::create(cipher));  // Serpent: avx2, IDEA: sse2
  for (const char* mac : {"CMAC(AES-128)", "Poly1305", "SipHash(2,4)"})
    note(Botan::MessageAuthenticationCode::create(mac));

  std::vector<std::string> extensions;
  for (const auto& provider : providers) extensions.push_back(extension_of(provider));
#if defined(BOTAN_HAS_SHA1_X86_SHA_NI)
  // SHA_160::provider() says "base" in 2.19 even though compress_n() dispatches to the SHA-NI code.
  if (Botan::CPUID::has_intel_sha()) extensions.push_back("SHA-NI");
#endif
  return ca::sdk::extension_list(extensions);
}

}  // namespace

const char* acceleration() noexcept { return ca::sdk::described_once<&describe>(); }

}  // namespace ca::backend_botan
