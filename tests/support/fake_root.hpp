// A fake root folder of /proc and /sys files for the checks that read them under an injectable root (the
// machine check, the memory check): made fresh under the test's temporary folder, removed at the end.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace ca::test {

class FakeRoot {
 public:
  explicit FakeRoot(const std::string& name) : root_(std::filesystem::path(testing::TempDir()) / name) {
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
  }
  ~FakeRoot() { std::filesystem::remove_all(root_); }
  FakeRoot(const FakeRoot&) = delete;
  FakeRoot& operator=(const FakeRoot&) = delete;
  /// Writes `text` to `path` (absolute, as the kernel names it) under the root.
  void write(const std::string& path, const std::string& text) const {
    const std::filesystem::path file = root_ / path.substr(1);
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
  }
  std::string root() const { return root_.string(); }

 private:
  std::filesystem::path root_;
};

}  // namespace ca::test
