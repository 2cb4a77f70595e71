// What identifies a record: (backend, algorithm, key bits, operation, data bytes). A report holds at most
// one record per key; the journal and `cryptauditor compare` match records by it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>

#include "record/record.hpp"

namespace ca {

using RecordKey = std::tuple<std::string, std::string, uint32_t, std::string, size_t>;

inline RecordKey key_of(const Record& r) {
  return {r.backend, r.algorithm, r.key_bits, r.operation, r.data_bytes};
}

}  // namespace ca
