// The core's view of a backend plugin: a loaded shared object behind the C ABI of plugin_abi.h, wrapped in
// RAII types. Nothing here knows any crypto library.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cryptauditor/plugin_abi.h"
#include "util/bytes.hpp"

namespace ca {

/// A keyed context of one backend: owns the ca_context and destroys it.
class Context {
 public:
  Context(const ca_backend* api, ca_context* ctx) : api_(api), ctx_(ctx) {}
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
  Context(Context&& o) noexcept : api_(o.api_), ctx_(o.ctx_) { o.ctx_ = nullptr; }
  ~Context() {
    if (ctx_ != nullptr) api_->destroy(ctx_);
  }

  /// The function for one ca_operation, or nullptr when the context does not offer it.
  ca_operation_fn operation(int op) const { return api_->operation(ctx_, op); }
  /// Its repeat form (ca_repeat_fn), or nullptr when the plugin has none (an older table, or not offered).
  ca_repeat_fn repeat(int op) const {
    if (api_->struct_size < offsetof(ca_backend, repeat) + sizeof(api_->repeat) || api_->repeat == nullptr)
      return nullptr;
    return api_->repeat(ctx_, op);
  }
  ca_context* raw() const { return ctx_; }
  std::string last_error() const;
  /// Runs one operation outside any timing (self-tests, preparing inputs). Returns the status.
  int call(int op, ca_io& io) const;
  std::optional<Bytes> export_key(int part) const;

 private:
  const ca_backend* api_;
  ca_context* ctx_;
};

/// A loaded backend plugin.
class Backend {
 public:
  Backend(void* handle, const ca_backend* api, std::string path);
  ~Backend();
  Backend(const Backend&) = delete;
  Backend& operator=(const Backend&) = delete;

  std::string name() const { return api_->name; }
  std::string library() const { return api_->library; }
  std::string library_version() const;
  std::string acceleration() const;
  const std::string& path() const { return path_; }

  /// nullopt when supported, otherwise the backend's reason.
  std::optional<std::string> unsupported_reason(const std::string& algorithm, uint32_t key_bits) const;

  /// Creates a keyed context; on failure returns nullptr and sets error (and unsupported when the backend
  /// said CA_UNSUPPORTED rather than CA_FAILED).
  std::unique_ptr<Context> create(const ca_key_spec& spec, std::string& error, bool& unsupported) const;

 private:
  void* handle_;
  const ca_backend* api_;
  std::string path_;
};

/// Outcome of scanning plugin directories: the backends that loaded, and one line per plugin that did not.
struct PluginScan {
  std::vector<std::unique_ptr<Backend>> backends;
  std::vector<std::string> problems;
};

/// Loads one plugin file. Refuses (nullptr + message) a missing entry point, a different ABI version, a
/// struct smaller than this core knows, a duplicate name, or a file writable by other users.
std::unique_ptr<Backend> load_plugin(const std::string& path, std::string& problem);

/// Loads every ca-backend-*.so in dir, in name order.
PluginScan load_plugins(const std::string& dir);

/// Where plugins are looked for when no --plugin-dir is given: $CRYPTAUDITOR_PLUGIN_DIR, else
/// <dir of the executable>/backends (the build tree), else <dir of the
/// executable>/../lib/cryptauditor/backends.
std::string default_plugin_dir();

}  // namespace ca
