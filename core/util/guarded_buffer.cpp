#include "util/guarded_buffer.hpp"

#include <sys/mman.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

namespace ca {
namespace {

// Not 0 (a plugin that writes zeros past the end would go unseen) and not one repeated byte.
uint8_t canary_byte(size_t i) { return static_cast<uint8_t>(0xA5 ^ (i * 0x3B)); }

// The canary as one array, so that the check after each sample is one memcmp (a canary is at most two
// pages: the heap fallback's slack and its extra page).
const std::array<uint8_t, 2 * GuardedBuffer::kPage>& canary_pattern() {
  static const auto pattern = [] {
    std::array<uint8_t, 2 * GuardedBuffer::kPage> p{};
    for (size_t i = 0; i < p.size(); ++i) p[i] = canary_byte(i);
    return p;
  }();
  return pattern;
}

}  // namespace

GuardedBuffer::GuardedBuffer(size_t n) : size_(n) {
  const size_t pages = (n + kPage - 1) / kPage;
  const size_t usable = (pages == 0 ? 1 : pages) * kPage;
  void* p = ::mmap(nullptr, usable + kPage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p != MAP_FAILED && ::mprotect(static_cast<uint8_t*>(p) + usable, kPage, PROT_NONE) == 0) {
    base_ = static_cast<uint8_t*>(p);
    mapped_ = usable + kPage;
    guarded_ = true;
    canary_ = usable - n;
  } else {
    if (p != MAP_FAILED) ::munmap(p, usable + kPage);
    // The heap: a page of canary more, and past it the allocator's own checks.
    p = std::aligned_alloc(kPage, usable + kPage);
    if (p == nullptr) throw std::bad_alloc();
    base_ = static_cast<uint8_t*>(p);
    canary_ = usable + kPage - n;
    std::memset(base_, 0, n);
  }
  data_ = base_;
  std::memcpy(data_ + n, canary_pattern().data(), canary_);
}

GuardedBuffer::~GuardedBuffer() { release(); }

GuardedBuffer::GuardedBuffer(GuardedBuffer&& other) noexcept { *this = std::move(other); }

GuardedBuffer& GuardedBuffer::operator=(GuardedBuffer&& other) noexcept {
  if (this != &other) {
    release();
    base_ = std::exchange(other.base_, nullptr);
    mapped_ = std::exchange(other.mapped_, 0);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    canary_ = std::exchange(other.canary_, 0);
    guarded_ = std::exchange(other.guarded_, false);
  }
  return *this;
}

void GuardedBuffer::release() {
  if (base_ == nullptr) return;
  if (guarded_)
    ::munmap(base_, mapped_);
  else
    std::free(base_);
  base_ = data_ = nullptr;
}

size_t GuardedBuffer::overrun() const {
  if (data_ == nullptr || std::memcmp(data_ + size_, canary_pattern().data(), canary_) == 0) return 0;
  for (size_t i = canary_; i > 0; --i)
    if (data_[size_ + i - 1] != canary_byte(i - 1)) return i;
  return 0;
}

}  // namespace ca
