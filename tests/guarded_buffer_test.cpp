// The fenced output buffer of measurement pools (core/util/guarded_buffer.hpp): a write past its end is
// seen after the step (canary) or stops the process inside the faulty call (guard page).
#include "util/guarded_buffer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>

namespace ca {
namespace {

TEST(GuardedBuffer, StartsOnAPageBoundaryZeroedAndGuarded) {
  for (size_t n : {size_t{0}, size_t{1}, size_t{1000}, size_t{4096}, size_t{16512}}) {
    GuardedBuffer b(n);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(b.data()) % GuardedBuffer::kPage, 0u) << n;
    EXPECT_EQ(b.size(), n);
    EXPECT_TRUE(b.guarded()) << "mmap and mprotect work here";
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(b.data()[i], 0) << n << " at " << i;
    for (size_t i = 0; i < n; ++i) b.data()[i] = 0xFF;  // the whole buffer is the caller's
    EXPECT_EQ(b.overrun(), 0u) << n;
  }
}

TEST(GuardedBuffer, AWriteIntoTheRestOfTheLastPageIsAnOverrunOfThatLength) {
  GuardedBuffer b(1000);
  b.data()[1000] = 0;  // one byte past the end, whatever the canary held
  b.data()[1000] ^= 0xFF;
  EXPECT_EQ(b.overrun(), 1u);
  GuardedBuffer c(16512);
  for (size_t i = 0; i < 16; ++i) c.data()[16512 + i] = static_cast<uint8_t>(i);
  EXPECT_EQ(c.overrun(), 16u);
  GuardedBuffer moved = std::move(c);
  EXPECT_EQ(moved.overrun(), 16u);
  EXPECT_EQ(moved.size(), 16512u);
}

// Death tests fork: the faulting child dies, this process does not (under ASan its SEGV report, then exit).
TEST(GuardedBufferDeathTest, AWritePastTheLastPageStopsTheProcessInThatWrite) {
  EXPECT_DEATH(
      {
        GuardedBuffer b(4096);  // a whole page: the guard follows the last byte
        volatile uint8_t* p = b.data();
        p[4096] = 1;
      },
      "");
  EXPECT_DEATH(
      {
        GuardedBuffer b(1000);
        volatile uint8_t* p = b.data();
        p[4096] = 1;  // past the slack of the buffer's page
      },
      "");
}

}  // namespace
}  // namespace ca
