// The bodies of the libFuzzer targets, one function per parser that reads what a user types or loads:
// data sizes and time units (command line), study configs, Wycheproof vector files, JSON reports (`compare`).
//
// Each returns normally when the parser either accepts the input or rejects it with the error type it
// documents (the one-line usage / file errors the CLI prints). Any other exception escapes, and a crash, an
// out-of-bounds access or undefined behaviour is caught by the sanitizers: that is a finding. The same
// functions run over the seed corpus and every saved finding in the ordinary test suite
// (tests/fuzz_regression_test.cpp), so a fixed crash stays fixed in builds without libFuzzer.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ca::fuzz {

void size_and_unit(const uint8_t* data, size_t size);
void study_config(const uint8_t* data, size_t size);
void vector_file(const uint8_t* data, size_t size);
void report_file(const uint8_t* data, size_t size);

}  // namespace ca::fuzz
