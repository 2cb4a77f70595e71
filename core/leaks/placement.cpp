#include "leaks/placement.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace ca::leaks {

void place_randomly(const std::vector<ca_io*>& ios, std::vector<uint8_t>& arena, std::mt19937_64& rng) {
  struct Span {
    size_t len = 0;
    uint8_t* moved = nullptr;
  };
  std::map<const uint8_t*, Span> buffers;
  auto note = [&](const uint8_t* ptr, size_t len) {
    if (ptr == nullptr || len == 0) return;
    Span& s = buffers[ptr];
    s.len = std::max(s.len, len);
  };
  for (const ca_io* io : ios) {
    note(io->input, io->input_len);
    note(io->nonce, io->nonce_len);
    note(io->aad, io->aad_len);
    note(io->signature, io->signature_len);
    note(io->output, io->output_cap);
  }
  constexpr size_t kPage = 4096;
  size_t total = kPage;
  for (const auto& [ptr, s] : buffers) total += s.len + kPage;
  arena.assign(total, 0);
  std::vector<std::pair<const uint8_t*, Span*>> order;
  for (auto& [ptr, s] : buffers) order.emplace_back(ptr, &s);
  std::shuffle(order.begin(), order.end(), rng);
  size_t at = 0;
  for (auto& [ptr, s] : order) {
    at += rng() % kPage;  // a random gap: a random page offset and alignment
    s->moved = arena.data() + at;
    std::copy(ptr, ptr + s->len, s->moved);
    at += s->len;
  }
  auto moved = [&](const uint8_t* ptr, size_t len) -> uint8_t* {
    return ptr == nullptr || len == 0 ? const_cast<uint8_t*>(ptr) : buffers.at(ptr).moved;
  };
  for (ca_io* io : ios) {
    io->input = moved(io->input, io->input_len);
    io->nonce = moved(io->nonce, io->nonce_len);
    io->aad = moved(io->aad, io->aad_len);
    io->signature = moved(io->signature, io->signature_len);
    io->output = moved(io->output, io->output_cap);
  }
}

}  // namespace ca::leaks
