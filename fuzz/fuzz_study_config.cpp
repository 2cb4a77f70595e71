// libFuzzer entry point for ca::fuzz::study_config (fuzz/fuzz_targets.hpp). Built with -DCRYPTAUDITOR_FUZZ=ON
// and clang.
#include "fuzz/fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ca::fuzz::study_config(data, size);
  return 0;
}
