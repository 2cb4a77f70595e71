// Where a speed measurement's buffers lie (issue #32 item 2). Every buffer of one input pool — the messages,
// the derived inputs (ciphertexts to decrypt, signatures to verify, the peer's public key), the nonces and
// the one output buffer — lives in one mapping that starts on a 2 MiB boundary, at offsets that are a pure
// function of the pool's shape (pool_layout). Every library measuring the same comparison therefore gets the
// same placement: the same distance from each input to the output, the same offsets within pages and
// within 2 MiB, whichever process, heap state or ASLR slide it runs under. Before, each message was its own
// heap allocation and each nonce a std::vector: their alignment within a page was fixed, but their distances
// from each other and from the output depended on the allocator's state, which differs between libraries
// (they allocate differently) and between runs.
//
// The mapping asks for transparent huge pages (madvise MADV_HUGEPAGE, honoured when
// /sys/kernel/mm/transparent_hugepage/enabled is "always" or "madvise"). When the kernel grants them, the
// physical address bits below 21 equal the virtual ones, so the L1 and L2 cache sets every buffer maps to are
// the same in every process too; with 4 KiB pages only bits below 12 are. huge_pages() says what the kernel
// gave (from /proc/self/smaps, AnonHugePages).
//
// Rules kept from before (util/page_buffer.hpp): the output starts on a page boundary and every input of a
// page or more starts at offset 0 of a page, so an input and the output are 0 apart modulo 4096 (4 KiB
// aliasing halved Botan's AES-GCM at 16 KiB when they were 16 bytes apart); inputs below a page start at
// 256 i mod 4096 (distinct L1 sets). The output is fenced as util/guarded_buffer.hpp's: a guard page
// (PROT_NONE) after the page it ends in, and a canary in the rest of that page, checked by overrun().
//
// Not used by the leak screen, which randomises its placement on purpose (core/leaks).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ca {

/// What a pool holds; its layout depends on nothing else.
struct PoolShape {
  size_t count = 1;          // messages, and as many nonces and derived inputs
  size_t message_bytes = 0;  // each message (0: none, as for agree and keygen)
  size_t derived_bytes = 0;  // room for each derived input (0: none)
  size_t nonce_bytes = 0;    // each nonce
  size_t output_bytes = 0;   // the output buffer
};

/// Offsets from the mapping's start (a 2 MiB boundary). `mapped`: bytes readable and writable; the guard
/// page follows them.
struct PoolLayout {
  std::vector<size_t> message, derived, nonce;
  size_t output = 0;
  size_t mapped = 0;
};

inline constexpr size_t kPlacementPage = 4096;
inline constexpr size_t kPlacementAlign = size_t{2} << 20;  // one x86-64 / 4K-granule arm64 huge page

/// The layout of a pool of this shape: messages from offset 0, message i in its own page run (at
/// 256 i mod 4096 within its first page when below a page), then the derived inputs the same way, then the
/// nonces 64 bytes apart, then the output, which ends the mapping (rounded up to 2 MiB) on the page before
/// the guard page.
PoolLayout pool_layout(const PoolShape& shape);

/// One pool's buffers, laid out by pool_layout, zeroed. Throws std::bad_alloc when the mapping fails.
class PoolMemory {
 public:
  PoolMemory() = default;
  /// touch_messages false: the messages' pages are left unfaulted, for a caller that writes every byte of
  /// them itself (exec/pool.cpp, which for decryption writes, encrypts and gives back one message at a
  /// time, so that the messages are never all resident at once; issue #26). Every other page is touched now.
  explicit PoolMemory(const PoolShape& shape, bool touch_messages = true);
  /// The whole pool in `file`, a PoolFile's descriptor, mapped MAP_SHARED at the same 2 MiB-aligned layout
  /// (issue #26: isolated lanes hold one copy of the comparison's inputs and one output, which they write in
  /// turn, one at a time, as in-process lanes do). make: the file is emptied, sized and mapped writable for
  /// the caller to fill; seal() then makes the inputs read-only. Otherwise the inputs are mapped read-only
  /// as another process made them and faulted in now (the messages only when touch_messages). Throws
  /// std::bad_alloc when the mapping fails.
  PoolMemory(const PoolShape& shape, bool touch_messages, int file, bool make);
  ~PoolMemory();
  PoolMemory(PoolMemory&& other) noexcept;
  PoolMemory& operator=(PoolMemory&& other) noexcept;
  PoolMemory(const PoolMemory&) = delete;
  PoolMemory& operator=(const PoolMemory&) = delete;

  uint8_t* message(size_t i) { return base_ + layout_.message.at(i); }
  uint8_t* derived(size_t i) { return base_ + layout_.derived.at(i); }
  uint8_t* nonce(size_t i) { return base_ + layout_.nonce.at(i); }
  uint8_t* output() { return base_ + layout_.output; }
  const uint8_t* base() const { return base_; }
  size_t output_size() const { return shape_.output_bytes; }
  const PoolLayout& layout() const { return layout_; }
  /// How many bytes past the output's end were written, counted to the last changed canary byte; 0: none.
  size_t overrun() const;
  /// Writes the canary again after an overrun was reported, so that the next library writing this shared
  /// output is not blamed for it.
  void restore_canary();
  /// Gives message i's whole 2 MiB pages back to the kernel (MADV_DONTNEED) when nothing reads it any more
  /// (a decrypting pool reads its ciphertexts): the layout and every address stay; a huge page it shares
  /// with another buffer is kept whole, so that the placement of the rest does not change.
  void release_message(size_t i);
  /// A pool made in a file: its inputs become read-only (PROT_READ) once filled. Otherwise nothing.
  void seal();
  /// Pools whose inputs this process mapped privately so far, not from a PoolFile (tests: one per
  /// comparison, not one per library; none in an isolated lane that maps the comparison's file; issue #26).
  static size_t mapped_so_far();
  /// Bytes of the mapping the kernel backs with huge pages now (0: 4 KiB pages only, or unknown).
  size_t huge_pages() const;

 private:
  void release();
  PoolShape shape_;
  PoolLayout layout_;
  uint8_t* base_ = nullptr;
  size_t guard_ = kPlacementPage;  // bytes of PROT_NONE after the mapping: one system page
  int file_ = -1;                  // the PoolFile the inputs are mapped from, or -1
};

/// The file (memfd_create, Linux) an isolated comparison's inputs go into once, for every child lane to map
/// (issue #26): made by the program before it forks its lanes, so that forked children inherit it and
/// exec'd workers are handed it. fd() is -1 where memfd_create is unavailable: each lane then builds its
/// own pool, as before.
class PoolFile {
 public:
  PoolFile();
  ~PoolFile();
  PoolFile(const PoolFile&) = delete;
  PoolFile& operator=(const PoolFile&) = delete;
  int fd() const { return fd_; }
  /// Frees the pages the last comparison's inputs held (truncates the file to 0 bytes).
  void empty() const;

 private:
  int fd_ = -1;
};

}  // namespace ca
