// The placement of a speed measurement's buffers (core/exec/placement.hpp): one layout per pool shape, the
// same for every library and process, the 4 KiB-aliasing and staggering rules, the fenced output.
#include "exec/placement.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <utility>
#include <vector>

#include "catalog/catalog.hpp"
#include "exec/job_parts.hpp"
#include "util/bytes.hpp"

namespace ca {
namespace {

uintptr_t addr(const uint8_t* p) { return reinterpret_cast<uintptr_t>(p); }

TEST(Placement, LayoutKeepsTheAliasingAndStaggeringRules) {
  // 16 messages of 16 KiB, AES-GCM's output (size + tag), 12-byte nonces.
  const PoolLayout big = pool_layout({16, 16384, 0, 12, 16400});
  ASSERT_EQ(big.message.size(), 16u);
  for (size_t i = 0; i < 16; ++i) EXPECT_EQ(big.message[i], i * 16384) << "contiguous, page-aligned";
  EXPECT_EQ(big.output % kPlacementPage, 0u);
  EXPECT_EQ(big.mapped % kPlacementAlign, 0u);
  EXPECT_LE(big.output + 16400, big.mapped) << "the output ends on the guard page's side of the mapping";
  EXPECT_GT(big.output + 16400 + kPlacementPage, big.mapped) << "within the last page before the guard";
  EXPECT_EQ(big.nonce[1] - big.nonce[0], 64u);
  EXPECT_GE(big.nonce[0], big.message.back() + 16384);
  // Below a page: message i at 256 i mod 4096 in its own page; decrypt's derived inputs the same way.
  const PoolLayout small = pool_layout({16, 64, 80, 12, 80});
  for (size_t i = 0; i < 16; ++i) {
    EXPECT_EQ(small.message[i] % kPlacementPage, (256 * i) % kPlacementPage) << i;
    EXPECT_EQ(small.derived[i] % kPlacementPage, (256 * i) % kPlacementPage) << i;
  }
  EXPECT_GE(small.derived[0], small.message[15] + 64);
  for (size_t i = 1; i < 16; ++i) EXPECT_GE(small.message[i], small.message[i - 1] + 64) << "no overlap";
}

TEST(Placement, EveryPoolOfAShapeHasTheSamePlacement) {
  const PoolShape shape{8, 1024, 1040, 12, 1040};
  PoolMemory a(shape), b(shape);
  EXPECT_EQ(addr(a.base()) % kPlacementAlign, 0u);
  EXPECT_EQ(addr(b.base()) % kPlacementAlign, 0u);
  EXPECT_NE(a.base(), b.base());
  for (size_t i = 0; i < shape.count; ++i) {
    EXPECT_EQ(addr(a.message(i)) - addr(a.base()), addr(b.message(i)) - addr(b.base())) << i;
    EXPECT_EQ(addr(a.output()) - addr(a.message(i)), addr(b.output()) - addr(b.message(i))) << i;
    EXPECT_EQ(addr(a.derived(i)) % kPlacementAlign, addr(b.derived(i)) % kPlacementAlign) << i;
    EXPECT_EQ(addr(a.nonce(i)) - addr(a.base()), addr(b.nonce(i)) - addr(b.base())) << i;
  }
  for (size_t i = 0; i < shape.output_bytes; ++i) ASSERT_EQ(a.output()[i], 0) << i;
  EXPECT_EQ(a.overrun(), 0u);
}

TEST(Placement, AWriteIntoTheRestOfTheOutputsPageIsAnOverrunOfThatLength) {
  PoolMemory m({4, 1000, 0, 12, 1016});
  for (size_t i = 0; i < 1016; ++i) m.output()[i] = 0xFF;  // the whole buffer is the plugin's
  EXPECT_EQ(m.overrun(), 0u);
  m.output()[1016] ^= 0xFF;
  EXPECT_EQ(m.overrun(), 1u);
  PoolMemory c({1, 16384, 0, 12, 16400});
  for (size_t i = 0; i < 16; ++i) c.output()[16400 + i] ^= 0x5A;
  EXPECT_EQ(c.overrun(), 16u);
  PoolMemory moved = std::move(c);
  EXPECT_EQ(moved.overrun(), 16u);
  EXPECT_EQ(moved.output_size(), 16400u);
}

// The output is shared by the lanes of a comparison (issue #26): after an overrun is reported the canary is
// written again, so the next library to write the output is not blamed for it.
TEST(Placement, TheCanaryIsWholeAgainAfterAnOverrunIsReported) {
  PoolMemory pool(PoolShape{1, 64, 0, 12, 80});
  pool.output()[80 + 3] ^= 0xff;
  EXPECT_EQ(pool.overrun(), 4u);
  pool.restore_canary();
  EXPECT_EQ(pool.overrun(), 0u);
}

// Resident 4 KiB pages of [p, p + n) (mincore).
size_t resident_pages(const uint8_t* p, size_t n) {
  std::vector<unsigned char> v((n + kPlacementPage - 1) / kPlacementPage);
  if (::mincore(const_cast<uint8_t*>(p), n, v.data()) != 0) return SIZE_MAX;
  size_t count = 0;
  for (unsigned char c : v) count += c & 1;
  return count;
}

// A decrypting pool never holds all its messages (issue #26): they are not faulted in by the pool, and a
// message's whole huge pages go back to the kernel once its ciphertext is made; its address stays.
TEST(Placement, MessagesLeftUntouchedAndGivenBackAreNotResident) {
  const size_t size = 6 << 20;  // three whole 2 MiB pages each
  PoolMemory pool(PoolShape{2, size, size + 16, 12, size + 16}, false);
  EXPECT_EQ(resident_pages(pool.message(0), 2 * size), 0u);
  EXPECT_EQ(resident_pages(pool.output(), size), size / kPlacementPage);  // the rest is touched
  uint8_t* const first = pool.message(0);
  std::memset(first, 1, size);
  EXPECT_EQ(resident_pages(first, size), size / kPlacementPage);
  pool.release_message(0);
  EXPECT_EQ(resident_pages(first, size), 0u);
  EXPECT_EQ(pool.message(0), first);
}

TEST(PlacementDeathTest, AWritePastTheOutputsLastPageStopsTheProcessInThatWrite) {
  EXPECT_DEATH(
      {
        PoolMemory m({1, 4096, 0, 12, 4096});  // a whole page: the guard follows the last byte
        volatile uint8_t* p = m.output();
        p[4096] = 1;
      },
      "");
  EXPECT_DEATH(
      {
        PoolMemory m({1, 1000, 0, 12, 1000});
        volatile uint8_t* p = m.output();
        p[4096] = 1;  // past the slack of the output's page
      },
      "");
}

// The pools the runner prepares for two different libraries of one comparison have the same placement:
// every input, nonce and the output at the same offset from their mapping's 2 MiB-aligned start.
TEST(Placement, PreparedPoolsOfTwoLibrariesHaveTheSamePlacement) {
  const std::string openssl = std::string(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) + "/ca-backend-openssl.so";
  if (!std::filesystem::exists(openssl)) GTEST_SKIP() << "no OpenSSL backend in this build";
  auto fake = load_plugin(std::string(CRYPTAUDITOR_TEST_PLUGIN_DIR) + "/ca-backend-fake.so");
  auto real = load_plugin(openssl);
  ASSERT_TRUE(fake && real);
  const AlgorithmInfo* a = find_algorithm("AES-CTR");
  ASSERT_NE(a, nullptr);
  const Bytes key = random_bytes(32);
  const RunPlan plan;
  for (const int op : {CA_OP_ENCRYPT, CA_OP_DECRYPT})
    for (const size_t size : {size_t{64}, size_t{16384}}) {
      std::vector<Pool> pools(2);
      std::vector<std::unique_ptr<Context>> contexts;
      for (size_t k = 0; k < 2; ++k) {
        const Backend& backend = k == 0 ? **fake : **real;
        auto ctx = backend.create(key_spec(*a, 256, key));
        ASSERT_TRUE(ctx) << backend.name();
        ASSERT_TRUE(prepare(pools[k], backend, **ctx, *a, 256, size, op, plan)) << backend.name();
        contexts.push_back(std::move(*ctx));
      }
      ASSERT_EQ(pools[0].ios.size(), pools[1].ios.size());
      auto offset = [](const Pool& p, const void* at) {
        return reinterpret_cast<uintptr_t>(at) - reinterpret_cast<uintptr_t>(p.memory.base());
      };
      for (const Pool& p : pools)
        EXPECT_EQ(reinterpret_cast<uintptr_t>(p.memory.base()) % kPlacementAlign, 0u);
      for (size_t i = 0; i < pools[0].ios.size(); ++i) {
        const ca_io &x = pools[0].ios[i], &y = pools[1].ios[i];
        EXPECT_EQ(offset(pools[0], x.input), offset(pools[1], y.input)) << op << " " << size << " " << i;
        EXPECT_EQ(offset(pools[0], x.nonce), offset(pools[1], y.nonce)) << op << " " << size << " " << i;
        EXPECT_EQ(offset(pools[0], x.output), offset(pools[1], y.output)) << op << " " << size << " " << i;
        EXPECT_EQ((reinterpret_cast<uintptr_t>(x.output) - reinterpret_cast<uintptr_t>(x.input)) % 4096,
                  size >= 4096 ? 0u : (4096 - (256 * i) % 4096) % 4096)
            << "the 4 KiB-aliasing rule";
      }
    }
}

}  // namespace
}  // namespace ca
