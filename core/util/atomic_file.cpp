#include "util/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace ca {
namespace {

namespace fs = std::filesystem;

std::string errno_text(const std::string& what, int e) { return what + ": " + std::strerror(e); }

bool write_all(int fd, std::string_view content) {
  for (size_t done = 0; done < content.size();) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// The folder holding `path` ("." for a bare name), for the temporary file and the fsync after the rename.
fs::path folder_of(const fs::path& path) {
  const fs::path parent = path.parent_path();
  return parent.empty() ? fs::path(".") : parent;
}

// Opens a new temporary file next to `path`: ".NAME.tmp-PID-N", created exclusively so that two runs
// writing to the same folder never share one.
int open_temporary(const fs::path& path, mode_t mode, std::string& temporary) {
  static std::atomic<unsigned> counter{0};
  for (int attempt = 0; attempt < 100; ++attempt) {
    temporary = (folder_of(path) / ("." + path.filename().string() + ".tmp-" + std::to_string(::getpid()) +
                                    "-" + std::to_string(counter++)))
                    .string();
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  errno = EEXIST;
  return -1;
}

void sync_folder(const fs::path& path) {
  const int dir = ::open(folder_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return;  // the rename happened; only its durability across a power cut is not ensured
  ::fsync(dir);
  ::close(dir);
}

Result<void> write_in_place(const std::string& path, std::string_view content) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) return Error{errno_text("opening " + path, errno)};
  const bool ok = write_all(fd, content);
  const int e = errno;
  ::close(fd);
  if (!ok) return Error{errno_text("writing " + path, e)};
  return {};
}

}  // namespace

Result<void> write_file_atomically(const std::string& path, std::string_view content) {
  struct stat existing {};
  const bool exists = ::stat(path.c_str(), &existing) == 0;
  if (exists && !S_ISREG(existing.st_mode)) return write_in_place(path, content);
  // 0666 less the umask, as an ofstream would create it; an existing report keeps its mode.
  const mode_t mode = exists ? (existing.st_mode & 07777) : 0666;
  std::string temporary;
  const int fd = open_temporary(path, mode, temporary);
  if (fd < 0) return Error{errno_text("creating a temporary file next to " + path, errno)};
  auto fail = [&](const std::string& what) {
    const int e = errno;
    ::close(fd);
    ::unlink(temporary.c_str());
    return Error{errno_text(what, e)};
  };
  if (!write_all(fd, content)) return fail("writing " + temporary);
  if (exists && ::fchmod(fd, mode) != 0) return fail("setting the mode of " + temporary);
  if (::fsync(fd) != 0) return fail("flushing " + temporary + " to the disk");
  if (::close(fd) != 0) {
    const int e = errno;
    ::unlink(temporary.c_str());
    return Error{errno_text("closing " + temporary, e)};
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    const int e = errno;
    ::unlink(temporary.c_str());
    return Error{errno_text("renaming " + temporary + " to " + path, e)};
  }
  sync_folder(path);
  return {};
}

}  // namespace ca
