// load_plugin for the tests that check what it refuses: the backend, or nullptr with the Error's message in
// `problem`, so an expectation can name the refusal.
#pragma once

#include <memory>
#include <string>

#include "plugin/backend.hpp"

namespace ca::test {

inline std::unique_ptr<Backend> load_or_say(const std::string& path, std::string& problem) {
  auto loaded = load_plugin(path);
  if (loaded) return std::move(*loaded);
  problem = loaded.error().message;
  return nullptr;
}

}  // namespace ca::test
