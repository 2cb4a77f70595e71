// Byte-string helpers: hex, random data. Random data comes from the kernel (getrandom), generated before
// any timing starts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ca {

using Bytes = std::vector<uint8_t>;

std::optional<Bytes> from_hex(std::string_view hex);
std::string to_hex(const uint8_t* data, size_t n);
inline std::string to_hex(const Bytes& b) { return to_hex(b.data(), b.size()); }

/// n random bytes from getrandom(2); throws std::runtime_error if the kernel refuses.
Bytes random_bytes(size_t n);
void fill_random(uint8_t* data, size_t n);

}  // namespace ca
