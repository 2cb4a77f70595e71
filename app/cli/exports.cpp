#include "cli/exports.hpp"

#include <algorithm>
#include <filesystem>

#include "cli/common.hpp"

namespace ca {

const std::vector<std::pair<std::string, std::string>>& export_flags() {
  static const std::vector<std::pair<std::string, std::string>> kFlags = {
      {"export-json", "json"},
      {"export-csv", "csv"},
      {"export-markdown", "markdown"},
      {"export-html", "html"},
      {"export-gbench-json", "gbench-json"}};
  return kFlags;
}

void add_export_options(cxxopts::Options& options) {
  auto add = options.add_options();
  for (const auto& [flag, format] : export_flags())
    add(flag,
        "also write a " + format +
            " report to FILE (repeatable; any export flags combine, with "
            "--format/-o too)",
        cxxopts::value<std::vector<std::string>>());
  add("anonymize", "leave the host name out of the reports (JSON context, gbench-json)");
  add("label", "name this machine in the reports (JSON context machine_label), for `cryptauditor merge`",
      cxxopts::value<std::string>());
}

std::string parse_label(const std::string& text) {
  const bool printable = std::all_of(
      text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x20 && c != 0x7f; });
  if (text.empty() || text.size() > 64 || !printable)
    throw UsageError("--label '" + text +
                     "' is not valid: expected 1 to 64 printable characters, e.g. aws-c7g");
  return text;
}

std::vector<OutputSpec> export_outputs(const cxxopts::ParseResult& args,
                                       const std::vector<OutputSpec>& others) {
  std::vector<OutputSpec> outputs;
  auto same_file = [](const std::string& a, const std::string& b) {
    return std::filesystem::path(a).lexically_normal() == std::filesystem::path(b).lexically_normal();
  };
  for (const auto& [flag, format] : export_flags()) {
    if (!args.count(flag)) continue;
    for (const auto& path : args[flag].as<std::vector<std::string>>()) {
      if (path.empty() || path == "-")
        throw UsageError("--" + flag + " '" + path + "' is not valid: expected a file name (the report on " +
                         "standard output is --format " + format + ")");
      for (const std::vector<OutputSpec>* list :
           {&others, static_cast<const std::vector<OutputSpec>*>(&outputs)})
        for (const OutputSpec& o : *list)
          if (!o.path.empty() && same_file(o.path, path))
            throw UsageError("--" + flag + " '" + path + "' is not valid: the " + o.format +
                             " report is already written to that file");
      OutputSpec spec{format, path};
      check_outputs({spec}, "--" + flag);
      outputs.push_back(spec);
    }
  }
  return outputs;
}

}  // namespace ca
