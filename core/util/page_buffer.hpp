// A byte buffer that starts on a page boundary. Measurement inputs and the output buffer all use it, so
// every input sits at the same offset (0) modulo 4096 from the output: a library that processes in place
// after copying, or streams input and output together, is not penalised by 4 KiB aliasing for one message
// and not the next (Botan's AES-GCM at 16 KiB ran at half speed when input and output were 16 bytes apart
// modulo 4096).
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
  explicit PageBuffer(size_t n) : size_(n) {
    const size_t rounded = (n + kPage - 1) / kPage * kPage;
    void* p = std::aligned_alloc(kPage, rounded == 0 ? kPage : rounded);
    if (p == nullptr) throw std::bad_alloc();
    data_.reset(static_cast<uint8_t*>(p));
    std::memset(p, 0, rounded == 0 ? kPage : rounded);
  }
  PageBuffer(const uint8_t* src, size_t n) : PageBuffer(n) {
    if (n != 0) std::memcpy(data_.get(), src, n);
  }
  uint8_t* data() { return data_.get(); }
  const uint8_t* data() const { return data_.get(); }
  size_t size() const { return size_; }

 private:
  struct Free {
    void operator()(uint8_t* p) const { std::free(p); }
  };
  std::unique_ptr<uint8_t, Free> data_;
  size_t size_ = 0;
};

}  // namespace ca
