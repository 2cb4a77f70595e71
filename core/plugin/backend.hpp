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
#include "util/result.hpp"

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

/// A known deviation the plugin declares (plugin_abi.h ca_deviation), copied out of the plugin. An absent
/// version bound is empty.
struct DeclaredDeviation {
  std::string file;  // "ed25519_test.json"
  int64_t tc_id = 0;
  std::string first_version, last_version;  // the versions it was seen in: "2.19", "2.19"
  std::string reason;
};

/// A loaded backend plugin.
class Backend {
 public:
  /// name: the name this backend is known by (--plugin FILE=NAME); empty: the plugin's own name.
  Backend(void* handle, const ca_backend* api, std::string path, std::string name = "");
  ~Backend();
  Backend(const Backend&) = delete;
  Backend& operator=(const Backend&) = delete;

  /// The name on the command line and in every record: the plugin's own, or the one --plugin FILE=NAME gave.
  std::string name() const { return name_.empty() ? std::string(api_->name) : name_; }
  std::string library() const { return api_->library; }
  std::string library_version() const;
  std::string acceleration() const;
  const std::string& path() const { return path_; }
  /// The algorithm names of the plugin's rows (ca_backend.algorithm_at); empty when the plugin does not
  /// list them.
  std::vector<std::string> row_algorithms() const;
  /// The known deviations the plugin declares (ca_backend.deviation_at), in its order; empty when it
  /// declares none or its table ends before the entry (an older plugin). An entry without a file is left out.
  std::vector<DeclaredDeviation> deviations() const;

  /// nullopt when supported, otherwise the backend's reason.
  std::optional<std::string> unsupported_reason(const std::string& algorithm, uint32_t key_bits) const;

  /// Creates a keyed context; on failure the backend's message, marked unsupported when the backend said
  /// CA_UNSUPPORTED rather than CA_FAILED.
  Result<std::unique_ptr<Context>> create(const ca_key_spec& spec) const;

 private:
  void* handle_;
  const ca_backend* api_;
  std::string path_;
  std::string name_;
};

/// Outcome of scanning plugin directories: the backends that loaded, and one line per plugin that did not.
struct PluginScan {
  std::vector<std::unique_ptr<Backend>> backends;
  std::vector<std::string> problems;
};

/// Whether load_plugin first runs the plugin's load in a forked child (plugin/probe.hpp), so that a crash
/// there costs the plugin and not the program. Skip only in a process that is itself disposable and whose
/// parent probed the same file: a worker of --processes N (exec/worker.cpp), whose crash its parent reports
/// as the lane's failure; there the probe was one more fork and dlopen per worker.
enum class PluginProbe { First, Skip };

/// Loads one plugin file. Refuses (an Error of one line) a missing entry point, a different ABI version, a
/// struct smaller than this core knows, a duplicate name, or a file writable by other users. A non-empty
/// name loads it under that name instead of its own.
Result<std::unique_ptr<Backend>> load_plugin(const std::string& path, const std::string& name = "",
                                             PluginProbe probe = PluginProbe::First);

/// Loads every ca-backend-*.so in dir, in name order. Any other shared object in dir (*.so, *.so.N) gets one
/// line in problems, and so does each row of a loaded plugin whose algorithm is not a catalog name (it would
/// never be run).
PluginScan load_plugins(const std::string& dir);

/// One plugin file to load on its own (--plugin FILE[=NAME]); an empty name keeps the plugin's own.
struct PluginFile {
  std::string path;
  std::string name;
};

/// Loads the folders in order, then the files; a backend whose name is already loaded is refused with a
/// line in problems (so the first folder wins), as is a folder that does not exist.
PluginScan load_plugins(const std::vector<std::string>& dirs, const std::vector<PluginFile>& files);

/// The folders plugins are looked for in unless --no-default-plugins: the ':'-separated folders of
/// $CRYPTAUDITOR_PLUGIN_DIR when set; else <dir of the executable>/backends when it exists (the build
/// tree); else the installed folder, <dir of the executable>/<CMAKE_INSTALL_LIBDIR relative to
/// CMAKE_INSTALL_BINDIR>/cryptauditor/backends as configured at build time (installed_plugin_dir()).
std::vector<std::string> default_plugin_dirs();

/// The installed plugin folder for an executable at exe: the configured relative path from the binary
/// folder to <libdir>/cryptauditor/backends applied to exe's folder (or the configured absolute folder).
std::string installed_plugin_dir(const std::string& exe);

}  // namespace ca
