// A backend for calibrating `compare` (bench/aa_calibration.py): SHA2-256 through OpenSSL's one-shot
// EVP_Digest, computed kBaseRounds times per operation, plus CA_CALIBRATION_SLOWDOWN_PERCENT more rounds of
// the same work, so "7" makes every operation 7 % more work (the framework's own cost per operation is a
// fraction of a percent of a hundred digests). The digest is real, so the self-test passes; the extra rounds
// hash the same message again and their output is discarded after a check the compiler cannot drop.
// With CA_CALIBRATION_SLOWDOWN_FILE set, only the copy of this plugin loaded from that file is slowed: A/B in
// one run loads the plugin twice (a copy under another name, `--plugin COPY=calib-b`), one side slower.
// With CA_CALIBRATION_AFFINITY_FILE set, each context appends "PID CPU,CPU,..." (the CPUs its process may
// run on) to that file: the test that child lanes of one comparison share one CPU reads it.
// With CA_CALIBRATION_CALL_LOG set, every operation appends its process's id (one line) to that file: the
// test that --processes N interleaves its workers' lanes reads the order.
#include <dlfcn.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <sched.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "cryptauditor/backend_sdk.hpp"

namespace {

constexpr unsigned kBaseRounds = 100;

// The file this plugin was loaded from, as dlopen was given it.
std::string own_file() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&own_file), &info) == 0 || info.dli_fname == nullptr) return {};
  return info.dli_fname;
}

unsigned extra_rounds() {
  const char* only = std::getenv("CA_CALIBRATION_SLOWDOWN_FILE");
  if (only != nullptr && *only != '\0') {
    char* mine = realpath(own_file().c_str(), nullptr);
    char* wanted = realpath(only, nullptr);
    const bool match = mine != nullptr && wanted != nullptr && std::strcmp(mine, wanted) == 0;
    std::free(mine);
    std::free(wanted);
    if (!match) return 0;
  }
  const char* text = std::getenv("CA_CALIBRATION_SLOWDOWN_PERCENT");
  if (text == nullptr || *text == '\0') return 0;
  char* end = nullptr;
  const unsigned long percent = std::strtoul(text, &end, 10);
  if (*end != '\0' || percent > 1000)
    throw std::runtime_error(std::string("CA_CALIBRATION_SLOWDOWN_PERCENT '") + text +
                             "' is not valid: expected a whole number of percent from 0 to 1000");
  return static_cast<unsigned>(percent * kBaseRounds / 100);
}

void note_affinity() {
  const char* path = std::getenv("CA_CALIBRATION_AFFINITY_FILE");
  if (path == nullptr || *path == '\0') return;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return;
  std::string line = std::to_string(getpid()) + " ";
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) line += std::to_string(cpu) + ",";
  line.back() = '\n';
  if (FILE* f = std::fopen(path, "a")) {
    std::fputs(line.c_str(), f);
    std::fclose(f);
  }
}

// The descriptor of $CA_CALIBRATION_CALL_LOG (opened once, appending), or -1.
int call_log() {
  static const int fd = [] {
    const char* path = std::getenv("CA_CALIBRATION_CALL_LOG");
    return path == nullptr || *path == '\0' ? -1
                                            : open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  }();
  return fd;
}

struct RepeatedSha256 {
  unsigned rounds;
  explicit RepeatedSha256(const ca_key_spec&) : rounds(kBaseRounds + extra_rounds()) { note_affinity(); }
  int hash(ca_io& io) {
    if (const int log = call_log(); log >= 0) {
      const std::string line = std::to_string(getpid()) + "\n";
      if (write(log, line.data(), line.size()) != static_cast<ssize_t>(line.size())) return CA_FAILED;
    }
    unsigned char digest[EVP_MAX_MD_SIZE], first[EVP_MAX_MD_SIZE];
    unsigned int len = 0, first_len = 0;
    if (EVP_Digest(io.input, io.input_len, first, &first_len, EVP_sha256(), nullptr) != 1) return CA_FAILED;
    for (unsigned i = 1; i < rounds; ++i) {
      if (EVP_Digest(io.input, io.input_len, digest, &len, EVP_sha256(), nullptr) != 1) return CA_FAILED;
      if (len != first_len || std::memcmp(digest, first, len) != 0) return CA_FAILED;
    }
    return ca::sdk::put_output(io, first, first_len);
  }
};

const char* version() { return "1.0-calibration"; }
const char* acceleration() { return ""; }

const ca::sdk::Row kRows[] = {
    {"SHA2-256", ca::sdk::KeyBits::list({0}), ca::sdk::make_factory<RepeatedSha256>()},
};

}  // namespace

CRYPTAUDITOR_BACKEND("calib", "Calibration: OpenSSL SHA2-256 x 100 (+ a set percentage; tests only)", version,
                     acceleration, kRows)
