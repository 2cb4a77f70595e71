// libFuzzer entry point for ca::fuzz::vector_file (fuzz/fuzz_targets.hpp). Built with -DCRYPTAUDITOR_FUZZ=ON
// and clang.
#include "fuzz/fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ca::fuzz::vector_file(data, size);
  return 0;
}
