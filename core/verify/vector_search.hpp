// Where `verify` (and any later command that reads Wycheproof vectors) finds them when --vectors is not
// given: one search path, documented in docs/VERIFY.md "Where the vectors are found".
//   1. $CRYPTAUDITOR_WYCHEPROOF: a Wycheproof checkout (its testvectors_v1/ is read) or a folder of vector
//      files; when set, it must hold vectors (a typo is an error, not a silent fall-through);
//   2. the user cache, which `cryptauditor verify --fetch` fills: $XDG_CACHE_HOME/cryptauditor/wycheproof,
//      else $HOME/.cache/cryptauditor/wycheproof;
//   3. the development layout: ../shared/wycheproof from the current directory.
// Pure over an environment lookup and the file system, so tests pass their own environment.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "util/result.hpp"

namespace ca::verify {

/// An environment lookup: std::getenv in the program, a map in tests. Null for an unset variable.
using EnvLookup = std::function<const char*(const char*)>;

/// C2SP/wycheproof's repository and the commit `verify --fetch` checks out (the 47 vector files of the
/// development layout's testvectors_v1 are byte for byte those of this commit).
inline constexpr const char* kWycheproofUrl = "https://github.com/C2SP/wycheproof.git";
inline constexpr const char* kWycheproofCommit = "dac1dd4729fd1f8dd9e1e9f3dce51d783da6c166";

/// One entry of the search path: where it came from and the folder.
struct VectorPlace {
  std::string source;  // "$CRYPTAUDITOR_WYCHEPROOF", "the user cache", "the development layout"
  std::string path;    // as given or computed, before testvectors_v1/ is appended
};

/// The user cache folder: $XDG_CACHE_HOME/cryptauditor/wycheproof, else $HOME/.cache/cryptauditor/wycheproof;
/// empty when neither variable is set.
std::string vector_cache_dir(const EnvLookup& env);

/// The search path, in order (an unset $CRYPTAUDITOR_WYCHEPROOF or cache is left out).
std::vector<VectorPlace> vector_search_path(const EnvLookup& env);

/// The vector folder a place holds: <path>/testvectors_v1 when that is a folder, else <path> when it holds a
/// *.json file; empty when it holds neither.
std::string vectors_in(const std::string& path);

/// The first place of the search path that holds vectors, with `path` set to its vector folder. An Error
/// when $CRYPTAUDITOR_WYCHEPROOF is set and holds none, or when no place does: it names every place looked
/// in and how to get the vectors (`cryptauditor verify --fetch`, or --vectors).
Result<VectorPlace> find_vectors(const EnvLookup& env);

}  // namespace ca::verify
