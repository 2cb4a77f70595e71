#include "plugin/backend.hpp"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>

#include "catalog/catalog.hpp"

namespace ca {
namespace fs = std::filesystem;

std::string Context::last_error() const {
  const char* e = api_->last_error(ctx_);
  return e != nullptr ? e : "";
}

int Context::call(int op, ca_io& io) const {
  ca_operation_fn fn = operation(op);
  if (fn == nullptr) return CA_UNSUPPORTED;
  return fn(ctx_, &io);
}

std::optional<Bytes> Context::export_key(int part) const {
  Bytes out(16384);
  size_t len = 0;
  int st = api_->export_key(ctx_, part, out.data(), out.size(), &len);
  if (st != CA_OK) return std::nullopt;
  out.resize(len);
  return out;
}

Backend::Backend(void* handle, const ca_backend* api, std::string path, std::string name)
    : handle_(handle), api_(api), path_(std::move(path)), name_(std::move(name)) {}

Backend::~Backend() {
  // Plugins are not unloaded: libraries such as OpenSSL register atexit handlers that would point into an
  // unmapped object. The handle lives until the process ends.
  (void)handle_;
}

std::string Backend::library_version() const {
  const char* v = api_->library_version != nullptr ? api_->library_version() : nullptr;
  return v != nullptr ? v : "unknown";
}

std::string Backend::acceleration() const {
  const char* v = api_->acceleration != nullptr ? api_->acceleration() : nullptr;
  return v != nullptr ? v : "";
}

std::vector<std::string> Backend::row_algorithms() const {
  std::vector<std::string> names;
  if (api_->struct_size < offsetof(ca_backend, algorithm_at) + sizeof(api_->algorithm_at) ||
      api_->algorithm_at == nullptr)
    return names;
  // A bound, so that a plugin that never returns NULL cannot hang the loader.
  for (size_t i = 0; i < 100000; ++i) {
    const char* name = api_->algorithm_at(i);
    if (name == nullptr) break;
    names.emplace_back(name);
  }
  return names;
}

std::optional<std::string> Backend::unsupported_reason(const std::string& algorithm,
                                                       uint32_t key_bits) const {
  char reason[512] = {};
  if (api_->supports(algorithm.c_str(), key_bits, reason, sizeof reason) == CA_OK) return std::nullopt;
  return reason[0] != '\0' ? std::string(reason) : std::string("not offered by this library");
}

std::unique_ptr<Context> Backend::create(const ca_key_spec& spec, std::string& error,
                                         bool& unsupported) const {
  char message[512] = {};
  ca_context* ctx = nullptr;
  int st = api_->create(&spec, &ctx, message, sizeof message);
  unsupported = st == CA_UNSUPPORTED;
  if (st != CA_OK || ctx == nullptr) {
    error = message[0] != '\0' ? message : "create failed with status " + std::to_string(st);
    if (ctx != nullptr) api_->destroy(ctx);
    return nullptr;
  }
  return std::make_unique<Context>(api_, ctx);
}

namespace {

// A plugin is code we run with our privileges: refuse one that another user could have replaced.
std::optional<std::string> writable_by_others(const fs::path& p) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return std::nullopt;
  if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0 && (st.st_mode & S_ISVTX) == 0)
    return p.string() + " is writable by group or others (chmod go-w it)";
  if (st.st_uid != ::geteuid() && st.st_uid != 0)
    return p.string() + " is owned by another user (uid " + std::to_string(st.st_uid) + ")";
  return std::nullopt;
}

}  // namespace

std::unique_ptr<Backend> load_plugin(const std::string& path, std::string& problem, const std::string& name) {
  const fs::path file(path);
  for (const fs::path& p : {file, file.parent_path()}) {
    if (auto bad = writable_by_others(p)) {
      problem = "plugin " + file.filename().string() + " refused: " + *bad;
      return nullptr;
    }
  }
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* e = ::dlerror();
    problem = "plugin " + file.filename().string() + " not loaded: " + (e ? e : "dlopen failed");
    return nullptr;
  }
  auto entry = reinterpret_cast<ca_backend_entry_fn>(::dlsym(handle, CA_PLUGIN_ENTRY_SYMBOL));
  if (entry == nullptr) {
    problem = "plugin " + file.filename().string() + " refused: no " CA_PLUGIN_ENTRY_SYMBOL " symbol";
    ::dlclose(handle);
    return nullptr;
  }
  const ca_backend* api = entry();
  if (api == nullptr) {
    problem = "plugin " + file.filename().string() + " refused: entry point returned no backend";
    ::dlclose(handle);
    return nullptr;
  }
  if (api->abi_version != CA_PLUGIN_ABI_VERSION) {
    problem = "plugin " + file.filename().string() + " refused: ABI version " +
              std::to_string(api->abi_version) + ", this cryptauditor needs " +
              std::to_string(CA_PLUGIN_ABI_VERSION) + " (rebuild the plugin)";
    ::dlclose(handle);
    return nullptr;
  }
  // Entries after last_error are optional (plugin_abi.h): a table must reach last_error's end.
  constexpr size_t kRequired = offsetof(ca_backend, last_error) + sizeof(ca_backend::last_error);
  if (api->struct_size < kRequired) {
    problem = "plugin " + file.filename().string() + " refused: backend table of " +
              std::to_string(api->struct_size) + " bytes, this cryptauditor needs at least " +
              std::to_string(kRequired);
    ::dlclose(handle);
    return nullptr;
  }
  if (api->name == nullptr || api->supports == nullptr || api->create == nullptr || api->destroy == nullptr ||
      api->operation == nullptr || api->export_key == nullptr || api->last_error == nullptr) {
    problem = "plugin " + file.filename().string() + " refused: backend table has null entries";
    ::dlclose(handle);
    return nullptr;
  }
  return std::make_unique<Backend>(handle, api, path, name);
}

namespace {

// One line per row the core would never ask for: its name is not a catalog name. Names an alias's canonical
// name when there is one.
void check_rows(PluginScan& scan, const Backend& backend, const std::string& file) {
  for (const std::string& row : backend.row_algorithms()) {
    if (find_algorithm(row) != nullptr) continue;
    std::string upper = row;
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return std::toupper(c); });
    std::string hint;
    for (const Alias& a : aliases())
      if (a.alias == upper) hint = " (the catalog calls it " + std::string(a.canonical) + ")";
    scan.problems.push_back("plugin " + file + ": row '" + row + "' is not a catalog name" +
                            (hint.empty() ? " (cryptauditor list --aliases shows the names)" : hint) +
                            "; it is never run");
  }
}

// Adds the backend to the scan unless its name is taken (then one line in problems, naming both files).
void add_backend(PluginScan& scan, std::unique_ptr<Backend> backend, const std::string& file) {
  for (const auto& b : scan.backends)
    if (b->name() == backend->name()) {
      scan.problems.push_back("plugin " + file + " refused: a backend named '" + backend->name() +
                              "' is already loaded from " + b->path() +
                              " (load it under another name with --plugin FILE=NAME)");
      return;
    }
  check_rows(scan, *backend, file);
  scan.backends.push_back(std::move(backend));
}

// A regular file named *.so or *.so.<version>.
bool looks_like_shared_object(const fs::directory_entry& entry) {
  std::error_code ec;
  if (!entry.is_regular_file(ec)) return false;
  const std::string name = entry.path().filename().string();
  return (name.size() > 3 && name.compare(name.size() - 3, 3, ".so") == 0) ||
         name.find(".so.") != std::string::npos;
}

void scan_folder(PluginScan& scan, const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    scan.problems.push_back("plugin directory " + dir + " does not exist");
    return;
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("ca-backend-", 0) == 0 && entry.path().extension() == ".so") {
      files.push_back(entry.path());
    } else if (looks_like_shared_object(entry)) {
      // A library that is not loaded is likely a plugin with a wrong name (libmylib.so, ca-backend-x.so.1);
      // other files (a build tree's Makefile, CMakeFiles/) are not plugins and are passed over silently.
      scan.problems.push_back("plugin folder " + dir + ": " + name +
                              " skipped (plugins are files named ca-backend-<name>.so)");
    }
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::string problem;
    auto backend = load_plugin(f.string(), problem);
    if (!backend) {
      scan.problems.push_back(problem);
      continue;
    }
    add_backend(scan, std::move(backend), f.filename().string());
  }
}

}  // namespace

PluginScan load_plugins(const std::string& dir) { return load_plugins(std::vector<std::string>{dir}, {}); }

PluginScan load_plugins(const std::vector<std::string>& dirs, const std::vector<PluginFile>& files) {
  PluginScan scan;
  for (const auto& dir : dirs) scan_folder(scan, dir);
  for (const auto& f : files) {
    std::string problem;
    auto backend = load_plugin(f.path, problem, f.name);
    if (!backend) {
      scan.problems.push_back(problem);
      continue;
    }
    add_backend(scan, std::move(backend), f.path);
  }
  return scan;
}

std::string installed_plugin_dir(const std::string& exe) {
  // CRYPTAUDITOR_PLUGIN_DIR_FROM_BINDIR is computed by CMake from CMAKE_INSTALL_BINDIR and
  // CMAKE_INSTALL_LIBDIR ("../lib/x86_64-linux-gnu/cryptauditor/backends" for a Debian-style /usr), or is
  // an absolute folder when CMAKE_INSTALL_LIBDIR was given as one.
  const fs::path configured(CRYPTAUDITOR_PLUGIN_DIR_FROM_BINDIR);
  if (configured.is_absolute()) return configured.string();
  return (fs::path(exe).parent_path() / configured).lexically_normal().string();
}

std::vector<std::string> default_plugin_dirs() {
  if (const char* env = std::getenv("CRYPTAUDITOR_PLUGIN_DIR"); env != nullptr && *env != '\0') {
    std::vector<std::string> dirs;
    std::string list = env;
    for (size_t start = 0; start <= list.size();) {
      size_t end = list.find(':', start);
      if (end == std::string::npos) end = list.size();
      if (end > start) dirs.push_back(list.substr(start, end - start));
      start = end + 1;
    }
    if (!dirs.empty()) return dirs;
  }
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {"backends"};
  fs::path build_tree = exe.parent_path() / "backends";
  if (fs::is_directory(build_tree, ec)) return {build_tree.string()};
  return {installed_plugin_dir(exe.string())};
}

std::string default_plugin_dir() { return default_plugin_dirs().front(); }

}  // namespace ca
