#include "exec/placement.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cstring>
#include <fstream>
#include <new>
#include <sstream>
#include <string>
#include <utility>

namespace ca {
namespace {

std::atomic<size_t> pools_mapped{0};

size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

// Not 0 (a plugin that writes zeros past the end would go unseen) and not one repeated byte; the same
// pattern as util/guarded_buffer.cpp's.
uint8_t canary_byte(size_t i) { return static_cast<uint8_t>(0xA5 ^ (i * 0x3B)); }

// The canary (at most a page less one byte) as one array, so that the check after each sample is a memcmp.
const std::array<uint8_t, kPlacementPage>& canary_pattern() {
  static const auto pattern = [] {
    std::array<uint8_t, kPlacementPage> p{};
    for (size_t i = 0; i < p.size(); ++i) p[i] = canary_byte(i);
    return p;
  }();
  return pattern;
}

// Inputs of `n` bytes, `count` of them from `at`: each in its own run of pages, at 256 i mod 4096 within its
// first page when below a page (util/page_buffer.hpp's staggered_offset). Returns where the next region
// may start.
size_t place_inputs(size_t at, size_t count, size_t n, std::vector<size_t>& offsets) {
  const bool small = n < kPlacementPage;
  const size_t stride = round_up(n + (small ? kPlacementPage - 256 : 0), kPlacementPage);
  for (size_t i = 0; i < count; ++i)
    offsets.push_back(at + i * stride + (small ? (i * 256) % kPlacementPage : 0));
  return at + count * stride;
}

}  // namespace

PoolLayout pool_layout(const PoolShape& s) {
  PoolLayout l;
  const size_t count = s.count == 0 ? 1 : s.count;
  size_t at = 0;
  if (s.message_bytes > 0)
    at = place_inputs(at, count, s.message_bytes, l.message);
  else
    l.message.assign(count, 0);
  if (s.derived_bytes > 0) at = place_inputs(at, count, s.derived_bytes, l.derived);
  const size_t nonce_slot = round_up(s.nonce_bytes == 0 ? 1 : s.nonce_bytes, 64);
  for (size_t i = 0; i < count; ++i) l.nonce.push_back(at + i * nonce_slot);
  at = round_up(at + count * nonce_slot, kPlacementPage);
  const size_t output_pages = round_up(s.output_bytes == 0 ? 1 : s.output_bytes, kPlacementPage);
  l.mapped = round_up(at + output_pages, kPlacementAlign);
  l.output = l.mapped - output_pages;
  return l;
}

namespace {

// The guard after a mapping: one page of the system's size (64 KiB on some arm64 kernels), so that munmap
// and mprotect get page-aligned ranges; the layout's 4 KiB rules are unchanged.
size_t guard_bytes() {
  const long system_page = ::sysconf(_SC_PAGESIZE);
  return std::max<size_t>(kPlacementPage, system_page > 0 ? static_cast<size_t>(system_page) : 0);
}

// Reserves enough to find a 2 MiB boundary, keeps [boundary, boundary + keep) PROT_NONE and gives the rest
// back.
uint8_t* reserve_aligned(size_t keep) {
  const size_t reserve = keep + kPlacementAlign;
  void* p = ::mmap(nullptr, reserve, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  auto* start = static_cast<uint8_t*>(p);
  auto* base = reinterpret_cast<uint8_t*>(round_up(reinterpret_cast<uintptr_t>(start), kPlacementAlign));
  if (base > start) ::munmap(start, static_cast<size_t>(base - start));
  if (start + reserve > base + keep)
    ::munmap(base + keep, static_cast<size_t>(start + reserve - (base + keep)));
  return base;
}

}  // namespace

PoolMemory::PoolMemory(const PoolShape& shape, bool touch_messages)
    : shape_(shape), layout_(pool_layout(shape)) {
  guard_ = guard_bytes();
  const size_t keep = layout_.mapped + guard_;
  uint8_t* base = reserve_aligned(keep);  // the guard stays PROT_NONE
  if (::mprotect(base, layout_.mapped, PROT_READ | PROT_WRITE) != 0) {
    ::munmap(base, keep);
    throw std::bad_alloc();
  }
#ifdef MADV_HUGEPAGE
  ::madvise(base, layout_.mapped, MADV_HUGEPAGE);  // a request: where refused, 4 KiB pages, same layout
#endif
  base_ = base;
  ++pools_mapped;
  // Touched now, so that no page fault (or huge-page allocation) falls into the timed work.
  size_t untouched = 0;  // the messages' whole pages, when the caller writes them
  if (!touch_messages && shape_.message_bytes > 0)
    untouched = (layout_.message.back() + shape_.message_bytes) / kPlacementPage * kPlacementPage;
  std::memset(base_ + untouched, 0, layout_.mapped - untouched);
  uint8_t* slack = output() + shape_.output_bytes;
  const size_t canary = layout_.mapped - layout_.output - shape_.output_bytes;
  std::memcpy(slack, canary_pattern().data(), canary);
}

PoolMemory::PoolMemory(const PoolShape& shape, bool touch_messages, int file, bool make)
    : shape_(shape), layout_(pool_layout(shape)), file_(file) {
  guard_ = guard_bytes();
  const size_t keep = layout_.mapped + guard_;
  const size_t inputs = layout_.output;  // a whole number of pages
  uint8_t* base = reserve_aligned(keep);
  const auto fail = [&] {
    ::munmap(base, keep);
    throw std::bad_alloc();
  };
  if (make && (::ftruncate(file, 0) != 0 || ::ftruncate(file, static_cast<off_t>(layout_.mapped)) != 0))
    fail();
  // The inputs read-only but while they are made; the output (the lanes write it in turn, one at a time, as
  // in process) and its canary writable.
  const int input_prot = make ? PROT_READ | PROT_WRITE : PROT_READ;
  if (inputs > 0 && ::mmap(base, inputs, input_prot, MAP_SHARED | MAP_FIXED, file, 0) == MAP_FAILED) fail();
  if (::mmap(base + inputs, layout_.mapped - inputs, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, file,
             static_cast<off_t>(inputs)) == MAP_FAILED)
    fail();
#ifdef MADV_HUGEPAGE
  ::madvise(base, layout_.mapped, MADV_HUGEPAGE);  // shmem honours it only where shmem_enabled allows
#endif
  base_ = base;
  // Faulted in now, as a private pool is touched: no page fault falls into the timed work.
  size_t untouched = 0;  // the messages' whole pages, when the maker writes them (or gave them back)
  if (!touch_messages && shape_.message_bytes > 0)
    untouched = (layout_.message.back() + shape_.message_bytes) / kPlacementPage * kPlacementPage;
  if (make) {
    std::memset(base_ + untouched, 0, layout_.mapped - untouched);
  } else {
    uint8_t sum = 0;
    for (size_t at = untouched; at < layout_.mapped; at += kPlacementPage)
      sum ^= *static_cast<volatile const uint8_t*>(base_ + at);
    [[maybe_unused]] volatile uint8_t kept = sum;
    std::memset(output(), 0, shape_.output_bytes);  // written, so that its pages are mapped writable now
  }
  uint8_t* slack = output() + shape_.output_bytes;
  const size_t canary = layout_.mapped - layout_.output - shape_.output_bytes;
  std::memcpy(slack, canary_pattern().data(), canary);
}

void PoolMemory::seal() {
  if (base_ != nullptr && file_ >= 0 && layout_.output > 0) ::mprotect(base_, layout_.output, PROT_READ);
}

PoolMemory::~PoolMemory() { release(); }

PoolMemory::PoolMemory(PoolMemory&& other) noexcept { *this = std::move(other); }

PoolMemory& PoolMemory::operator=(PoolMemory&& other) noexcept {
  if (this != &other) {
    release();
    shape_ = other.shape_;
    layout_ = std::move(other.layout_);
    base_ = std::exchange(other.base_, nullptr);
    guard_ = other.guard_;
    file_ = std::exchange(other.file_, -1);
  }
  return *this;
}

void PoolMemory::release() {
  if (base_ == nullptr) return;
  ::munmap(base_, layout_.mapped + guard_);
  base_ = nullptr;
}

size_t PoolMemory::overrun() const {
  if (base_ == nullptr) return 0;
  const uint8_t* slack = base_ + layout_.output + shape_.output_bytes;
  const size_t canary = layout_.mapped - layout_.output - shape_.output_bytes;
  if (std::memcmp(slack, canary_pattern().data(), canary) == 0) return 0;
  for (size_t i = canary; i > 0; --i)
    if (slack[i - 1] != canary_byte(i - 1)) return i;
  return 0;
}

void PoolMemory::restore_canary() {
  if (base_ == nullptr) return;
  uint8_t* slack = base_ + layout_.output + shape_.output_bytes;
  std::memcpy(slack, canary_pattern().data(), layout_.mapped - layout_.output - shape_.output_bytes);
}

void PoolMemory::release_message(size_t i) {
  if (base_ == nullptr || shape_.message_bytes == 0) return;
  const size_t from = round_up(layout_.message.at(i), kPlacementAlign);
  const size_t to = (layout_.message.at(i) + shape_.message_bytes) / kPlacementAlign * kPlacementAlign;
  if (to <= from) return;
  if (file_ >= 0)  // the file's pages, which every process mapping it shares
    ::fallocate(file_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, static_cast<off_t>(from),
                static_cast<off_t>(to - from));
  else
    ::madvise(base_ + from, to - from, MADV_DONTNEED);  // reads as zeros from now on
}

size_t PoolMemory::mapped_so_far() { return pools_mapped.load(); }

PoolFile::PoolFile() {
#ifdef MFD_CLOEXEC
  // Where the system page is not 4 KiB the output (4 KiB-aligned) may not start a system page, which a
  // shared mapping of the inputs must end on: there, and without memfd_create, no file (a pool per lane).
  if (::sysconf(_SC_PAGESIZE) == static_cast<long>(kPlacementPage))
    fd_ = ::memfd_create("cryptauditor-pool", MFD_CLOEXEC);
#endif
}

PoolFile::~PoolFile() {
  if (fd_ >= 0) ::close(fd_);
}

void PoolFile::empty() const {
  if (fd_ < 0) return;
  [[maybe_unused]] const int done = ::ftruncate(fd_, 0);
}

size_t PoolMemory::huge_pages() const {
  if (base_ == nullptr) return 0;
  std::ifstream smaps("/proc/self/smaps");
  std::ostringstream start;
  start << std::hex << reinterpret_cast<uintptr_t>(base_) << '-';
  std::string line;
  bool in = false;
  while (std::getline(smaps, line)) {
    if (!line.empty() && std::isxdigit(static_cast<unsigned char>(line[0])) &&
        line.find('-') != std::string::npos && line.find(' ') > line.find('-')) {
      in = line.rfind(start.str(), 0) == 0;
      continue;
    }
    if (in && line.rfind("AnonHugePages:", 0) == 0) return std::stoul(line.substr(14)) * 1024;
  }
  return 0;
}

}  // namespace ca
