#include "verify/vector_search.hpp"

#include <filesystem>

namespace ca::verify {

namespace fs = std::filesystem;

namespace {

std::string set_value(const EnvLookup& env, const char* name) {
  const char* value = env(name);
  return value != nullptr ? std::string(value) : std::string();
}

}  // namespace

std::string vector_cache_dir(const EnvLookup& env) {
  // The XDG base directory rule: a relative $XDG_CACHE_HOME is invalid and ignored.
  if (const std::string xdg = set_value(env, "XDG_CACHE_HOME"); !xdg.empty() && xdg.front() == '/')
    return (fs::path(xdg) / "cryptauditor" / "wycheproof").string();
  if (const std::string home = set_value(env, "HOME"); !home.empty())
    return (fs::path(home) / ".cache" / "cryptauditor" / "wycheproof").string();
  return "";
}

std::vector<VectorPlace> vector_search_path(const EnvLookup& env) {
  std::vector<VectorPlace> places;
  if (const std::string given = set_value(env, "CRYPTAUDITOR_WYCHEPROOF"); !given.empty())
    places.push_back({"$CRYPTAUDITOR_WYCHEPROOF", given});
  if (const std::string cache = vector_cache_dir(env); !cache.empty())
    places.push_back({"the user cache", cache});
  places.push_back({"the development layout", "../shared/wycheproof"});
  return places;
}

std::string vectors_in(const std::string& path) {
  std::error_code ec;
  if (const fs::path v1 = fs::path(path) / "testvectors_v1"; fs::is_directory(v1, ec)) return v1.string();
  if (!fs::is_directory(path, ec)) return "";
  for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".json") return path;
  return "";
}

Result<VectorPlace> find_vectors(const EnvLookup& env) {
  std::string looked;
  for (const VectorPlace& place : vector_search_path(env)) {
    if (std::string found = vectors_in(place.path); !found.empty()) return VectorPlace{place.source, found};
    if (place.source == "$CRYPTAUDITOR_WYCHEPROOF")
      return Error{"$CRYPTAUDITOR_WYCHEPROOF '" + place.path +
                   "' holds no Wycheproof vectors (expected a checkout of C2SP/wycheproof, with "
                   "testvectors_v1/, or a folder of its .json files)"};
    looked += (looked.empty() ? "" : ", ") + place.path + " (" + place.source + ")";
  }
  return Error{"no Wycheproof test vectors found (looked in " + looked +
               "): get them with `cryptauditor verify --fetch` (git clone of C2SP/wycheproof into the user "
               "cache), set $CRYPTAUDITOR_WYCHEPROOF to a checkout, or pass --vectors DIR-or-FILE"};
}

}  // namespace ca::verify
