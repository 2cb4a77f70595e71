#include "plugin/backend.hpp"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <vector>

#include "catalog/catalog.hpp"
#include "plugin/probe.hpp"

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

std::vector<DeclaredDeviation> Backend::deviations() const {
  std::vector<DeclaredDeviation> out;
  if (api_->struct_size < offsetof(ca_backend, deviation_at) + sizeof(api_->deviation_at) ||
      api_->deviation_at == nullptr)
    return out;
  auto text = [](const char* s) { return s != nullptr ? std::string(s) : std::string(); };
  for (size_t i = 0; i < 100000; ++i) {  // a bound, as for algorithm_at
    const ca_deviation* d = api_->deviation_at(i);
    if (d == nullptr) break;
    if (d->file == nullptr) continue;
    out.push_back({d->file, d->tc_id, text(d->versions.first), text(d->versions.last), text(d->reason)});
  }
  return out;
}

std::optional<std::string> Backend::unsupported_reason(const std::string& algorithm,
                                                       uint32_t key_bits) const {
  char reason[512] = {};
  if (api_->supports(algorithm.c_str(), key_bits, reason, sizeof reason) == CA_OK) return std::nullopt;
  return reason[0] != '\0' ? std::string(reason) : std::string("not offered by this library");
}

Result<std::unique_ptr<Context>> Backend::create(const ca_key_spec& spec) const {
  char message[512] = {};
  ca_context* ctx = nullptr;
  int st = api_->create(&spec, &ctx, message, sizeof message);
  if (st != CA_OK || ctx == nullptr) {
    if (ctx != nullptr) api_->destroy(ctx);
    return Error{message[0] != '\0' ? message : "create failed with status " + std::to_string(st),
                 st == CA_UNSUPPORTED};
  }
  return std::make_unique<Context>(api_, ctx);
}

namespace {

// A plugin is code we run with our privileges: refuse one that another user could have replaced. That is
// true of the file, and of every folder above it up to /: whoever may write to a folder may rename the
// plugin, or any folder below it, away and put their own in its place. A folder writable by others is safe
// only when it is sticky (others may not rename what they do not own) and owned by root, as /tmp is.
std::optional<std::string> writable_by_others(const fs::path& p, bool folder) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return std::nullopt;  // dlopen will say what is missing
  const bool others_write = (st.st_mode & (S_IWGRP | S_IWOTH)) != 0;
  if (others_write && !(folder && (st.st_mode & S_ISVTX) != 0 && st.st_uid == 0))
    return p.string() + " is writable by group or others (chmod go-w it)";
  if (st.st_uid != ::geteuid() && st.st_uid != 0)
    return p.string() + " is owned by another user (uid " + std::to_string(st.st_uid) + ")";
  return std::nullopt;
}

// The file, its real path (symbolic links resolved), and every folder above either, up to /.
std::optional<std::string> untrusted_path(const fs::path& file) {
  std::error_code ec;
  const fs::path real = fs::canonical(file, ec);
  if (ec) return std::nullopt;  // missing: dlopen reports it
  if (auto bad = writable_by_others(file, false)) return bad;
  if (real != fs::absolute(file, ec))
    if (auto bad = writable_by_others(real, false)) return *bad + " (" + file.string() + " links to it)";
  std::vector<fs::path> folders;
  for (const fs::path& start :
       {fs::canonical(fs::absolute(file, ec).parent_path(), ec), real.parent_path()}) {
    if (start.empty()) continue;
    for (fs::path dir = start;; dir = dir.parent_path()) {
      if (std::find(folders.begin(), folders.end(), dir) == folders.end()) folders.push_back(dir);
      if (dir == dir.parent_path()) break;
    }
  }
  for (const fs::path& dir : folders)
    if (auto bad = writable_by_others(dir, true)) return bad;
  return std::nullopt;
}

}  // namespace

namespace {

std::unique_ptr<Backend> load_probed_plugin(const std::string& path, std::string& problem,
                                            const std::string& name);

}  // namespace

Result<std::unique_ptr<Backend>> load_plugin(const std::string& path, const std::string& name,
                                             PluginProbe probe) {
  const fs::path file(path);
  if (auto bad = untrusted_path(file))
    return Error{"plugin " + file.filename().string() + " refused: " + *bad};
  // Its constructors and queries run in a child first (plugin/probe.hpp): a crash there costs the plugin,
  // not the program.
  if (Result<void> probed = probe == PluginProbe::First ? probe_plugin(path) : Result<void>{}; !probed)
    return Error{"plugin " + file.filename().string() + " not loaded: " + probed.error().message};
  std::string problem;  // load_probed_plugin's checks, one line
  if (auto backend = load_probed_plugin(path, problem, name)) return backend;
  return Error{problem};
}

namespace {

std::unique_ptr<Backend> load_probed_plugin(const std::string& path, std::string& problem,
                                            const std::string& name) {
  const fs::path file(path);
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

}  // namespace

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

// A regular file named *.so or *.so.<version>.
bool looks_like_shared_object(const fs::directory_entry& entry) {
  std::error_code ec;
  if (!entry.is_regular_file(ec)) return false;
  const std::string name = entry.path().filename().string();
  return (name.size() > 3 && name.compare(name.size() - 3, 3, ".so") == 0) ||
         name.find(".so.") != std::string::npos;
}

// A folder's plugin files (ca-backend-*.so) in name order; one warning per other shared object in it.
std::vector<fs::path> folder_plugins(PluginScan& scan, const std::string& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    scan.problems.push_back("plugin directory " + dir + " does not exist");
    return files;
  }
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
  return files;
}

}  // namespace

PluginScan load_plugins(const std::string& dir) { return load_plugins(std::vector<std::string>{dir}, {}); }

PluginScan load_plugins(const std::vector<std::string>& dirs, const std::vector<PluginFile>& files) {
  PluginScan scan;
  struct Candidate {
    std::string path, name, shown;  // name: --plugin FILE=NAME; shown: in messages
  };
  std::vector<Candidate> candidates;
  // The same file under the same name (a folder given twice, a --plugin file from a folder already read)
  // loads once, and one line says so; under another name (--plugin FILE=NAME) it is a second backend.
  std::vector<std::pair<std::string, std::string>> seen;  // (real path, name), first source
  auto add = [&](const fs::path& file, const std::string& name, const std::string& shown) {
    std::error_code ec;
    const std::string key = fs::weakly_canonical(file, ec).string() + "\n" + name;
    for (const auto& [k, first] : seen)
      if (k == key) {
        scan.problems.push_back("plugin " + file.string() + ": already loaded from " + first +
                                " (load a second copy under another name with --plugin FILE=NAME)");
        return;
      }
    seen.emplace_back(key, file.string());
    candidates.push_back({file.string(), name, shown});
  };
  for (const auto& dir : dirs)
    for (const auto& f : folder_plugins(scan, dir)) add(f, "", f.filename().string());
  for (const auto& f : files) add(f.path, f.name, f.path);

  // Trusted files are probed all at once (plugin/probe.hpp), then loaded one by one, in order.
  std::vector<std::string> trusted;
  std::vector<std::string> problem_of(candidates.size());
  for (size_t i = 0; i < candidates.size(); ++i)
    if (auto bad = untrusted_path(candidates[i].path))
      problem_of[i] = "plugin " + fs::path(candidates[i].path).filename().string() + " refused: " + *bad;
    else
      trusted.push_back(candidates[i].path);
  const std::vector<Result<void>> probes = probe_plugins(trusted);
  std::vector<std::pair<std::unique_ptr<Backend>, std::string>> loaded;  // with its shown name
  for (size_t i = 0, t = 0; i < candidates.size(); ++i) {
    std::string problem = problem_of[i];
    std::unique_ptr<Backend> backend;
    if (problem.empty()) {
      const Result<void>& probed = probes[t++];
      if (probed)
        backend = load_probed_plugin(candidates[i].path, problem, candidates[i].name);
      else
        problem = "plugin " + fs::path(candidates[i].path).filename().string() +
                  " not loaded: " + probed.error().message;
    }
    if (!backend) {
      scan.problems.push_back(problem);
      continue;
    }
    loaded.emplace_back(std::move(backend), candidates[i].shown);
  }
  // Two plugins with one name: neither is trusted to be the backend that name promises (a file that sorts
  // first must not displace the real one), and the user is told which files to look at; a second build of a
  // library loads under another name with --plugin FILE=NAME.
  // Names are compared ignoring case, as -b takes them: "OpenSSL" and "openssl" would be one backend to -b.
  auto folded = [](std::string name) {
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name;
  };
  std::map<std::string, std::vector<std::string>> files_of;
  for (const auto& [b, shown] : loaded) files_of[folded(b->name())].push_back(shown);
  for (auto& [b, shown] : loaded) {
    const auto& same = files_of[folded(b->name())];
    if (same.size() == 1) {
      check_rows(scan, *b, shown);
      scan.backends.push_back(std::move(b));
      continue;
    }
    std::string others;
    bool same_file_name = false;
    for (const auto& f : same) {
      if (f != shown) others += (others.empty() ? "" : ", ") + f;
      same_file_name = same_file_name || (&f != &same.front() && f == same.front());
    }
    if (others.empty() || same_file_name) {  // files of one name in two folders: say which folders
      others.clear();
      for (const auto& [other, other_shown] : loaded)
        if (other && other.get() != b.get() && folded(other->name()) == folded(b->name()))
          others += (others.empty() ? "" : ", ") + other->path();
      shown = b->path();
    }
    std::string names_of_others;  // "'OpenSSL'" when another plugin's name differs only in case
    for (const auto& [other, other_shown] : loaded)
      if (other && other.get() != b.get() && folded(other->name()) == folded(b->name()) &&
          other->name() != b->name() && names_of_others.find("'" + other->name() + "'") == std::string::npos)
        names_of_others += (names_of_others.empty() ? "" : ", ") + ("'" + other->name() + "'");
    scan.problems.push_back(
        "plugin " + shown + " refused: it calls itself '" + b->name() + "', and so does " + others +
        (names_of_others.empty()
             ? ""
             : " (as " + names_of_others + ": names differing only in case are one name)") +
        " (remove the one that is not that backend, or load one under another name "
        "with --plugin FILE=NAME)");
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

}  // namespace ca
