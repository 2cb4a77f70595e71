#include "cli/output_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "plugins/report.hpp"
#include "util/atomic_file.hpp"
#include "util/usage_error.hpp"

namespace ca {
namespace {

namespace fs = std::filesystem;

struct ExtensionFormat {
  const char* extension;
  const char* format;
};
constexpr ExtensionFormat kExtensions[] = {
    {".json", "json"}, {".csv", "csv"}, {".md", "markdown"}, {".html", "html"}, {".txt", "table"}};

std::string extension_list() {
  std::string text;
  for (size_t i = 0; i < std::size(kExtensions); ++i)
    text += std::string(i == 0 ? "" : i + 1 == std::size(kExtensions) ? " or " : ", ") + kExtensions[i].extension;
  return text;
}

std::string choices(const std::vector<std::string>& names) {
  std::string text;
  for (size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return text;
}

// gbench-json is JSON too: a .json name fits it.
bool extension_fits(const std::string& by_extension, const std::string& format) {
  return by_extension == format || (by_extension == "json" && format == "gbench-json");
}

}  // namespace

std::string format_of_extension(const std::string& path) {
  const std::string extension = fs::path(path).extension().string();
  if (extension.empty() || extension == ".") return "";
  std::string lower = extension;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const ExtensionFormat& e : kExtensions)
    if (lower == e.extension) return e.format;
  return "?";
}

std::string output_format(const std::string& typed, const std::string& path,
                          const std::vector<std::string>& allowed, const std::string& command) {
  const bool table_allowed = std::find(allowed.begin(), allowed.end(), "table") != allowed.end();
  std::string format = typed == "text" && table_allowed ? "table" : typed;
  if (!format.empty() && std::find(allowed.begin(), allowed.end(), format) == allowed.end())
    throw UsageError("--format '" + typed + "' is not valid for " + command + ": expected " + choices(allowed));
  const std::string by_extension = path.empty() ? "" : format_of_extension(path);
  const std::string extension = fs::path(path).extension().string();
  if (by_extension == "?") {
    if (!format.empty()) return format;  // --format says it; the name is the user's to choose
    throw UsageError("-o '" + path + "' is not valid: the extension " + extension +
                     " names no report format: expected " + extension_list() +
                     " (or a name without an extension for the table), or give --format");
  }
  if (by_extension.empty()) return format.empty() ? allowed.front() : format;
  if (!format.empty() && !extension_fits(by_extension, format))
    throw UsageError("-o '" + path + "' is not valid with --format " + typed + ": its extension " + extension +
                     " means " + by_extension + " (rename the file or change --format)");
  if (format.empty() && std::find(allowed.begin(), allowed.end(), by_extension) == allowed.end())
    throw UsageError("-o '" + path + "' is not valid for " + command + ": its extension " + extension +
                     " means " + by_extension + ", and " + command + " writes " + choices(allowed));
  return format.empty() ? by_extension : format;
}

std::vector<std::string> report_formats() {
  std::vector<std::string> names = {"table"};
  for (const auto& [name, description] : reporter_names())
    if (name != "table") names.push_back(name);
  return names;
}

OutputSpec report_output(const cxxopts::ParseResult& args, const std::string& command) {
  const std::string path = args.count("output") ? args["output"].as<std::string>() : "";
  const std::string typed = args.count("format") ? args["format"].as<std::string>() : "";
  return {output_format(typed, path, report_formats(), command), path};
}

std::string creation_problem(const std::string& folder) {
  const std::string probe = (fs::path(folder.empty() ? "." : folder) /
                             (".cryptauditor-check-" + std::to_string(::getpid())))
                                .string();
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return std::strerror(errno);
  ::close(fd);
  ::unlink(probe.c_str());
  return "";
}

std::string keep_json_copy(const std::string& path, std::string_view json, std::ostream& err) {
  std::vector<std::string> places;
  struct stat st {};
  const bool regular_or_new = ::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode);
  if (regular_or_new) places.push_back(path + ".kept.json");
  std::error_code ec;
  const fs::path temporary = fs::temp_directory_path(ec);
  if (!ec)
    places.push_back((temporary / ("cryptauditor-" + fs::path(path).filename().string() + "-" +
                                   std::to_string(::getpid()) + ".kept.json"))
                         .string());
  for (const std::string& place : places)
    if (write_file_atomically(place, json)) {
      err << "cryptauditor: the report is kept as JSON in " << place
          << " (cryptauditor report " << place << " renders it)\n";
      return place;
    }
  err << "cryptauditor: no copy of the report could be kept (tried "
      << (places.empty() ? std::string("nothing") : choices(places)) << ")\n";
  return "";
}

bool write_report_output(const std::string& path, std::string_view text, std::string_view json,
                         const std::string& what, bool quiet, std::ostream& out, std::ostream& err) {
  if (path.empty()) {
    out << text;
    out.flush();
    if (out) return true;
    err << "cryptauditor: writing the " << what << " to stdout failed\n";
    return false;
  }
  if (Result<void> written = write_file_atomically(path, text); !written) {
    err << "cryptauditor: writing the " << what << " to " << path << " failed: " << written.error().message
        << '\n';
    keep_json_copy(path, json, err);
    return false;
  }
  if (!quiet) err << "wrote " << path << '\n';
  return true;
}

}  // namespace ca
