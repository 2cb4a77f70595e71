// Documented library deviations: Wycheproof tests a library genuinely decides differently from the vector
// (a leniency of the library itself, not of our adapter), each with the reason it is documented. verify
// prints them as "deviation (documented)" instead of a failure, and never passes them silently. An adapter
// bug never belongs here: it is a failure until the backend is fixed.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace ca::verify {

struct Deviation {
  std::string_view backend;  // "botan"
  std::string_view file;     // "rsa_oaep_2048_sha1_mgf1sha1_test.json"
  int64_t tc_id;
  std::string_view reason;  // what the library does and why it is the library's behaviour
};

std::span<const Deviation> documented_deviations();

/// The entry for (backend, file, tcId), or nullptr.
const Deviation* find_deviation(std::string_view backend, std::string_view file, int64_t tc_id);

}  // namespace ca::verify
