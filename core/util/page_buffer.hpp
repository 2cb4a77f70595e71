// A byte buffer that starts on a page boundary. Measurement inputs and the output buffer all use it, so
// every input sits at the same offset (0) modulo 4096 from the output: a library that processes in place
// after copying, or streams input and output together, is not penalised by 4 KiB aliasing for one message
// and not the next (Botan's AES-GCM at 16 KiB ran at half speed when input and output were 16 bytes apart
// modulo 4096).
//
// Small messages are the exception: sixteen 16-byte inputs all at offset 0 of their pages would fall into
// one L1 cache set (the set index is address bits 6-11) together with the output, more lines than the set
// has ways. The pool therefore places message i of a size below a page at offset 256 i mod 4096
// (staggered_offset): distinct sets for messages up to 256 bytes, still 256-byte aligned. On this project's
// machine the change was not measurable (bench/overhead_openssl, docs/FIDELITY.md); it removes the
// possibility rather than a measured cost.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

namespace ca {

class PageBuffer {
 public:
  static constexpr size_t kPage = 4096;
  PageBuffer() = default;
  /// n bytes starting `offset` bytes after a page boundary (offset < kPage).
  explicit PageBuffer(size_t n, size_t offset = 0) : size_(n), offset_(offset % kPage) {
    const size_t rounded = (offset_ + n + kPage - 1) / kPage * kPage;
    void* p = std::aligned_alloc(kPage, rounded == 0 ? kPage : rounded);
    if (p == nullptr) throw std::bad_alloc();
    data_.reset(static_cast<uint8_t*>(p));
    std::memset(p, 0, rounded == 0 ? kPage : rounded);
  }
  PageBuffer(const uint8_t* src, size_t n, size_t offset = 0) : PageBuffer(n, offset) {
    if (n != 0) std::memcpy(data(), src, n);
  }
  uint8_t* data() { return data_.get() + offset_; }
  const uint8_t* data() const { return data_.get() + offset_; }
  size_t size() const { return size_; }

  /// Where the i-th of a pool's messages of `n` bytes starts within its page: 0 from a page up (the
  /// 4 KiB-aliasing rule above), 256 i mod 4096 below it.
  static size_t staggered_offset(size_t i, size_t n) { return n >= kPage ? 0 : (i * 256) % kPage; }

 private:
  struct Free {
    void operator()(uint8_t* p) const { std::free(p); }
  };
  std::unique_ptr<uint8_t, Free> data_;
  size_t size_ = 0;
  size_t offset_ = 0;
};

}  // namespace ca
