#include "cli/vectors_fetch.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/common.hpp"
#include "verify/vector_search.hpp"

extern char** environ;

namespace ca {
namespace {

namespace fs = std::filesystem;

// Runs git with these arguments (no shell); its messages go to standard error. Empty when it exited 0,
// else why not.
std::string run_git(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  std::string program = "git";
  argv.push_back(program.data());
  std::vector<std::string> copies = args;
  for (std::string& a : copies) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = ::posix_spawnp(&pid, "git", nullptr, nullptr, argv.data(), environ);
  if (spawned == ENOENT) return "git is not installed (Debian: apt-get install git)";
  if (spawned != 0) return std::string("git could not be started: ") + std::strerror(spawned);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return std::string("waiting for git failed: ") + std::strerror(errno);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return "";
  std::string command = "git";
  for (const std::string& a : args) command += " " + a;
  return command + (WIFEXITED(status) ? " exited with status " + std::to_string(WEXITSTATUS(status))
                                      : " was killed by signal " + std::to_string(WTERMSIG(status)));
}

std::string env_or(const char* name, const char* fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : fallback;
}

}  // namespace

int fetch_vectors(bool quiet, std::ostream& err) {
  const verify::EnvLookup env = [](const char* name) { return std::getenv(name); };
  const std::string cache = verify::vector_cache_dir(env);
  if (cache.empty())
    throw UsageError("verify --fetch needs a cache folder: neither $XDG_CACHE_HOME nor $HOME is set");
  const std::string url = env_or("CRYPTAUDITOR_WYCHEPROOF_URL", verify::kWycheproofUrl);
  const std::string commit = env_or("CRYPTAUDITOR_WYCHEPROOF_COMMIT", verify::kWycheproofCommit);
  // git would otherwise ask for a password on the terminal for a URL that needs one.
  ::setenv("GIT_TERMINAL_PROMPT", "0", 1);

  std::error_code ec;
  const fs::path temporary = cache + ".fetching-" + std::to_string(::getpid());
  fs::remove_all(temporary, ec);
  fs::create_directories(temporary, ec);
  if (ec) {
    err << "cryptauditor: verify --fetch: cannot create " << temporary.string() << ": " << ec.message()
        << '\n';
    return kExitFailure;
  }
  const std::string dir = temporary.string();
  // Only the pinned commit, without history, where the server allows it (GitHub does); else all of it.
  std::string failure = run_git({"-C", dir, "init", "--quiet"});
  if (failure.empty() && !run_git({"-C", dir, "fetch", "--quiet", "--depth", "1", url, commit}).empty())
    failure = run_git({"-C", dir, "fetch", "--quiet", url});
  if (failure.empty())
    failure = run_git({"-C", dir, "-c", "advice.detachedHead=false", "checkout", "--quiet", commit});
  if (failure.empty() && verify::vectors_in(dir).empty())
    failure = "commit " + commit + " of " + url + " holds no testvectors_v1/ folder";
  if (!failure.empty()) {
    fs::remove_all(temporary, ec);
    err << "cryptauditor: verify --fetch from " << url << " failed: " << failure << '\n';
    return kExitFailure;
  }
  fs::remove_all(cache, ec);
  if (!ec) fs::rename(temporary, cache, ec);
  if (ec) {
    fs::remove_all(temporary, ec);
    err << "cryptauditor: verify --fetch: cannot replace " << cache << ": " << ec.message() << '\n';
    return kExitFailure;
  }
  say_wrote(err, cache + " (" + url + " at " + commit.substr(0, 12) + "; cryptauditor verify reads it)",
            quiet);
  return kExitOk;
}

}  // namespace ca
