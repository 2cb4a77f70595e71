#include "verify/ecdsa_der.hpp"

#include <algorithm>

namespace ca::verify {
namespace {

void append_length(Bytes& out, size_t n) {
  if (n < 0x80) {
    out.push_back(static_cast<uint8_t>(n));
    return;
  }
  Bytes digits;
  for (; n != 0; n >>= 8) digits.insert(digits.begin(), static_cast<uint8_t>(n & 0xff));
  out.push_back(static_cast<uint8_t>(0x80 | digits.size()));
  out.insert(out.end(), digits.begin(), digits.end());
}

// A non-negative big-endian integer as a minimal DER INTEGER. (Sized up front: GCC 12 misreads a
// push_back into an empty vector here as freeing a non-heap pointer.)
Bytes der_integer(std::span<const uint8_t> value) {
  size_t start = 0;
  while (start < value.size() && value[start] == 0) ++start;
  const auto digits = value.subspan(start);
  const bool zero = digits.empty();
  const bool sign_byte = !zero && (digits[0] & 0x80) != 0;  // keep it positive
  const size_t body = zero ? 1 : digits.size() + (sign_byte ? 1 : 0);
  Bytes out{0x02};
  append_length(out, body);
  const size_t at = out.size();
  out.resize(at + body, 0);
  if (!zero)
    std::copy(digits.begin(), digits.end(),
              out.begin() + static_cast<std::ptrdiff_t>(at + (sign_byte ? 1 : 0)));
  return out;
}

}  // namespace

std::optional<Bytes> p1363_to_der(std::span<const uint8_t> signature, size_t coordinate_bytes) {
  if (coordinate_bytes == 0 || signature.size() != 2 * coordinate_bytes) return std::nullopt;
  const Bytes r = der_integer(signature.first(coordinate_bytes));
  const Bytes s = der_integer(signature.subspan(coordinate_bytes));
  Bytes out{0x30};
  append_length(out, r.size() + s.size());
  out.insert(out.end(), r.begin(), r.end());
  out.insert(out.end(), s.begin(), s.end());
  return out;
}

}  // namespace ca::verify
