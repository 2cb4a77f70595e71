#include <map>

#include "report.hpp"

namespace ca {
namespace {

struct Entry {
  std::string description;
  ReporterFactory factory;
};

std::map<std::string, Entry>& registry() {
  static std::map<std::string, Entry> r;  // function-local: safe from static-initialisation order
  return r;
}

}  // namespace

bool register_reporter(const std::string& name, const std::string& description, ReporterFactory factory) {
  registry()[name] = {description, std::move(factory)};
  return true;
}

std::unique_ptr<Reporter> make_reporter(const std::string& name) {
  auto it = registry().find(name);
  return it == registry().end() ? nullptr : it->second.factory();
}

std::vector<std::pair<std::string, std::string>> reporter_names() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [name, e] : registry()) out.emplace_back(name, e.description);
  return out;
}

}  // namespace ca
