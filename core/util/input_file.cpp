#include "util/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace ca {
namespace {

constexpr size_t kMiB = size_t{1} << 20;
constexpr size_t kLargestCapMiB = size_t{1} << 20;  // 1 TiB: beyond any file worth reading whole

std::string too_large(const std::string& path, size_t cap) {
  return path + ": larger than " + std::to_string(cap / kMiB) + " MiB, the limit for input files (set " +
         kMaxInputEnv + " to a number of MiB to change it)";
}

}  // namespace

Result<size_t> max_input_bytes() {
  const char* env = std::getenv(kMaxInputEnv);
  if (env == nullptr || *env == '\0') return kDefaultMaxInputMiB * kMiB;
  const std::string text = env;
  if (text.find_first_not_of("0123456789") != std::string::npos || text.size() > 7 || std::stoul(text) < 1 ||
      std::stoul(text) > kLargestCapMiB)
    return Error{std::string(kMaxInputEnv) + " '" + text +
                 "' is not valid: expected a whole number of MiB from 1 to " +
                 std::to_string(kLargestCapMiB)};
  return std::stoul(text) * kMiB;
}

Result<std::string> read_input_file(const std::string& path) {
  const Result<size_t> capped = max_input_bytes();
  if (!capped) return capped.error();
  const size_t cap = *capped;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Error{path + ": cannot be read (" + std::strerror(errno) + ")"};
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) return Error{path + ": cannot be read (" + std::strerror(errno) + ")"};
  if (S_ISDIR(st.st_mode)) return Error{path + ": cannot be read (it is a folder)"};
  if (S_ISREG(st.st_mode) && static_cast<size_t>(st.st_size) > cap) return Error{too_large(path, cap)};
  std::string text;
  if (S_ISREG(st.st_mode)) text.reserve(static_cast<size_t>(st.st_size));
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Error{path + ": cannot be read (" + std::strerror(errno) + ")"};
    if (n == 0) break;
    if (text.size() + static_cast<size_t>(n) > cap) return Error{too_large(path, cap)};
    text.append(buffer, static_cast<size_t>(n));
  }
  return text;
}

}  // namespace ca
