// The output buffer of a measurement's input pool, fenced so that a plugin that writes past its end is
// caught in the step that did it (issue #14 item 10), not later, in whatever step happens to free or reuse
// the memory it corrupted.
//
// The buffer starts on a page boundary (the 4 KiB-aliasing rule of page_buffer.hpp: every input sits at
// offset 0 from the output modulo 4096, which placing the buffer to *end* at a page boundary would break —
// an AES-GCM output of size + 16 bytes would start 16 bytes before the input modulo 4096, the case that
// halved Botan's speed), and is followed, after the page it ends in, by a guard page mapped PROT_NONE: a
// write beyond the end of that page is a SIGSEGV at once, inside the faulty call. The rest of the buffer's
// last page (the slack, 0 to 4095 bytes) is filled with a canary pattern that overrun() checks after each
// step: a write into it is that step's failure. When the buffer's size is a multiple of the page size there
// is no slack and the guard page follows the last byte.
//
// Where mmap() or mprotect() fails, the buffer is heap memory with a page of canary after the slack, and a
// write beyond that is left to the allocator's own checks; the runner frees a pool while the step that used
// it is still named, so even those are blamed on that step.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ca {

class GuardedBuffer {
 public:
  static constexpr size_t kPage = 4096;
  GuardedBuffer() = default;
  /// n bytes, zeroed, starting on a page boundary. Throws std::bad_alloc when no memory is left.
  explicit GuardedBuffer(size_t n);
  ~GuardedBuffer();
  GuardedBuffer(GuardedBuffer&& other) noexcept;
  GuardedBuffer& operator=(GuardedBuffer&& other) noexcept;
  GuardedBuffer(const GuardedBuffer&) = delete;
  GuardedBuffer& operator=(const GuardedBuffer&) = delete;

  uint8_t* data() { return data_; }
  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }
  /// Whether a guard page follows (false: the heap fallback).
  bool guarded() const { return guarded_; }
  /// How many bytes past the end were written, counted to the last changed byte of the canary; 0: none.
  size_t overrun() const;

 private:
  void release();
  uint8_t* base_ = nullptr;  // the mapping (or the heap block)
  size_t mapped_ = 0;        // bytes mapped, guard page included
  uint8_t* data_ = nullptr;
  size_t size_ = 0;
  size_t canary_ = 0;  // bytes of canary after the buffer
  bool guarded_ = false;
};

}  // namespace ca
