#include "cli/locations.hpp"

#include <algorithm>
#include <filesystem>
#include <string_view>
#include <system_error>

#include "cli/common.hpp"

namespace ca {
namespace fs = std::filesystem;

namespace {

// The plugin flags, declared once: each subcommand that loads backends adds them, and run_command_line
// accepts them before the subcommand word too.
struct PluginFlag {
  const char* name;
  bool takes_value;
  const char* help;
};
constexpr PluginFlag kPluginFlags[] = {
    {"plugin-dir", true,
     "also load the ca-backend-*.so plugins of DIR (repeatable; added to the default folder next to the "
     "program or $CRYPTAUDITOR_PLUGIN_DIR)"},
    {"no-default-plugins", false,
     "load only the --plugin-dir folders and --plugin files, not the default folder"},
    {"plugin", true,
     "also load the plugin FILE (repeatable); FILE=NAME loads it under NAME, so two builds of one library "
     "can be ranked in one run"},
};

}  // namespace

void add_plugin_options(cxxopts::Options& options) {
  cxxopts::OptionAdder add = options.add_options();
  for (const PluginFlag& f : kPluginFlags)
    if (f.takes_value)
      add(f.name, f.help, cxxopts::value<std::vector<std::string>>());
    else
      add(f.name, f.help);
}

size_t plugin_flag_words(const std::vector<char*>& args, size_t i) {
  const std::string_view word = args[i];
  if (word.substr(0, 2) != "--") return 0;
  const std::string_view flag = word.substr(2);
  for (const PluginFlag& f : kPluginFlags) {
    const std::string_view name = f.name;
    if (flag == name) return !f.takes_value ? 1 : i + 1 < args.size() ? 2 : 0;
    if (f.takes_value && flag.size() > name.size() && flag.substr(0, name.size()) == name &&
        flag[name.size()] == '=')
      return 1;
  }
  return 0;
}

namespace {

// Backend names appear on the command line, in file names and in reports: keep them to one plain word.
bool valid_backend_name(const std::string& name) {
  return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.';
  });
}

}  // namespace

PluginRequest plugin_request(const cxxopts::ParseResult& args) {
  PluginRequest request;
  if (!args.count("no-default-plugins")) request.dirs = default_plugin_dirs();
  if (args.count("plugin-dir"))
    for (const auto& dir : args["plugin-dir"].as<std::vector<std::string>>()) {
      plugin_dir_flag(dir);
      // A folder already in the list (the default one given again) would only refuse each plugin twice.
      std::error_code ec;
      const bool listed = std::any_of(request.dirs.begin(), request.dirs.end(),
                                      [&](const std::string& d) { return fs::equivalent(d, dir, ec); });
      if (!listed) request.dirs.push_back(dir);
    }
  if (args.count("plugin")) {
    for (const auto& typed : args["plugin"].as<std::vector<std::string>>()) {
      PluginFile file;
      const size_t eq = typed.rfind('=');
      file.path = eq == std::string::npos ? typed : typed.substr(0, eq);
      if (eq != std::string::npos) {
        file.name = typed.substr(eq + 1);
        if (!valid_backend_name(file.name))
          throw UsageError("--plugin '" + typed + "' is not valid: NAME '" + file.name +
                           "' must be 1 to 64 letters, digits, '-', '_' or '.'");
      }
      std::error_code ec;
      if (!fs::is_regular_file(file.path, ec))
        throw UsageError("--plugin '" + typed + "' is not valid: '" + file.path +
                         "' is not a file (expected a plugin such as build/backends/ca-backend-openssl.so, "
                         "optionally followed by =NAME)");
      request.files.push_back(file);
    }
  }
  if (request.dirs.empty() && request.files.empty())
    throw UsageError("--no-default-plugins leaves no plugin to load: add --plugin-dir DIR or --plugin FILE");
  return request;
}

std::string PluginRequest::describe() const {
  std::string text;
  for (size_t i = 0; i < dirs.size(); ++i) text += (i == 0 ? "" : ", ") + dirs[i];
  if (!files.empty())
    text += (text.empty() ? "" : " and ") + std::to_string(files.size()) +
            (files.size() == 1 ? " plugin file" : " plugin files");
  return text;
}

PluginScan load_backends(const PluginRequest& request, std::ostream& err) {
  PluginScan scan = load_plugins(request.dirs, request.files);
  for (const auto& p : scan.problems) err << "cryptauditor: " << p << '\n';
  return scan;
}

std::string config_dir(const std::string& exe) {
  const fs::path bin = fs::path(exe).parent_path();
  std::error_code ec;
  // A build tree (build/cryptauditor next to CMakeCache.txt) uses the configs of its source tree.
  if (fs::exists(bin / "CMakeCache.txt", ec)) return CRYPTAUDITOR_SOURCE_CONFIG_DIR;
  const fs::path configured(CRYPTAUDITOR_CONFIG_DIR_FROM_BINDIR);
  if (configured.is_absolute()) return configured.string();
  return (bin / configured).lexically_normal().string();
}

std::string find_config(const std::string& typed) {
  std::error_code ec;
  if (fs::is_regular_file(typed, ec)) return typed;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return typed;
  const fs::path dir = config_dir(exe.string());
  if (typed.find('/') != std::string::npos) {
    // `run configs/timing-test-2004.json` outside the source folder: the shipped config is run by its name.
    const std::string name = fs::path(typed).stem().string();
    if (fs::exists(typed, ec) || !fs::is_regular_file(dir / (name + ".json"), ec)) return typed;
    throw UsageError("config '" + typed + "' is not a file here; a config of that name is shipped: give its name, " +
                     name + " (it is " + (dir / (name + ".json")).string() + ")");
  }
  for (const fs::path& candidate : {dir / typed, dir / (typed + ".json")})
    if (fs::is_regular_file(candidate, ec)) return candidate.string();
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.path().extension() == ".json") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  std::string known;
  for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
  throw UsageError("config '" + typed + "' is not a file, nor a config in " + dir.string() +
                   (known.empty() ? " (none there)" : " (there: " + known + ")"));
}

std::optional<cxxopts::ParseResult> parse_config_command(const std::string& name, cxxopts::Options& options,
                                                         int argc, char** argv, std::ostream& out) {
  auto args = options.parse(argc, argv);
  if (args.count("help")) {
    out << options.help() << '\n';
    return std::nullopt;
  }
  if (!args.unmatched().empty())
    throw UsageError("unexpected argument '" + args.unmatched().front() + "' (" + name +
                     " takes one config file; see --help)");
  if (!args.count("config"))
    throw UsageError(name + " needs a study config file: cryptauditor " + name + " CONFIG.json (see --help)");
  return args;
}

}  // namespace ca
