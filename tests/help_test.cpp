// --help, --version, the man page, the shell completions and `list` (text and JSON): generated from the
// catalog and the subcommand table, so that none of them leaves an algorithm or a subcommand out.
#include "cli/help.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "catalog/catalog.hpp"
#include "host/environment.hpp"
#include "tests/support/run_program.hpp"

namespace {

using Result = ca::test::ProgramResult;
Result run(const std::string& args) { return ca::test::run_cryptauditor(args); }

// Every subcommand a user may type. Listed here, not read from the table, so that a subcommand dropped
// from the table (and so from --help, the man page and the completions) fails these tests.
const std::vector<std::string> kSubcommands = {"list",   "run",   "compare", "report", "merge",
                                               "verify", "leaks", "select",  "doctor", "help"};

bool have_openssl() {
  return std::filesystem::exists(std::string(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) + "/ca-backend-openssl.so");
}
#define REQUIRE_OPENSSL() \
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built"

/// `name` occurs in `text` as a whole name: not as part of a longer one (SHA2-512 inside SHA2-512/256).
bool has_name(const std::string& text, const std::string& name) {
  auto part_of_name = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '/';
  };
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const bool start = at == 0 || !part_of_name(text[at - 1]);
    const size_t end = at + name.size();
    if (start && (end == text.size() || !part_of_name(text[end]))) return true;
  }
  return false;
}

TEST(Help, NamesEveryCatalogAlgorithmAndGroup) {
  Result r = run("--help");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const ca::AlgorithmInfo& a : ca::catalog())
    EXPECT_TRUE(has_name(r.out, std::string(a.name))) << a.name << " is missing from --help";
  for (const ca::Group& g : ca::groups())
    EXPECT_TRUE(has_name(r.out, std::string(g.name))) << g.name << " is missing from --help";
}

TEST(Help, NamesEverySubcommandAndEachOneRuns) {
  Result r = run("--help");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const std::string& sub : kSubcommands) {
    EXPECT_NE(r.out.find("  cryptauditor " + sub + " "), std::string::npos)
        << sub << " is missing from --help";
    Result help = run(sub + " --help");
    EXPECT_EQ(help.status, 0) << sub << ": " << help.err;
    EXPECT_NE(help.out.find("cryptauditor " + sub), std::string::npos) << sub << ": " << help.out;
  }
  EXPECT_EQ(ca::subcommands().size(), kSubcommands.size()) << "a subcommand this test does not know";
}

// Issue #31 item 5 and 6: `help COMMAND`, list's filters and verify --fetch are in the help text.
TEST(Help, HelpCommandListFiltersAndVerifyFetchAreDescribed) {
  Result top = run("--help");
  EXPECT_NE(top.out.find("  cryptauditor help [COMMAND]: "), std::string::npos) << top.out;
  Result list = run("list --help");
  EXPECT_NE(list.out.find("cryptauditor list [ALGORITHM...] [-b BACKEND,...]"), std::string::npos)
      << list.out;
  EXPECT_NE(list.out.find("-b, --backend"), std::string::npos) << list.out;
  EXPECT_EQ(list.out.find("--algorithms"), std::string::npos) << "the positional is no flag\n" << list.out;
  Result verify = run("verify --help");
  EXPECT_NE(verify.out.find("--fetch"), std::string::npos) << verify.out;
  EXPECT_NE(verify.out.find("$CRYPTAUDITOR_WYCHEPROOF"), std::string::npos) << verify.out;
  Result help = run("help --help");
  EXPECT_EQ(help.out.find("--command"), std::string::npos) << "the positional is no flag\n" << help.out;
}

// Issue #31 item 1: --layout names the summary default and the seed layout, in the default command and run.
TEST(Help, LayoutNamesTheSummaryAndTheSeedLayout) {
  for (const std::string cmd : {"--help", "run --help"}) {
    Result help = run(cmd);
    // cxxopts wraps a description over several lines: compare with every run of blanks as one space.
    const std::string text = std::regex_replace(help.out, std::regex("\\s+"), " ");
    EXPECT_NE(text.find("seed (the original's per-line output"), std::string::npos) << cmd << help.out;
    EXPECT_NE(text.find("several libraries the console ends in"), std::string::npos) << cmd << help.out;
  }
}

TEST(Help, VersionNamesTheCommit) {
  Result r = run("--version");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "cryptauditor " + std::string(CRYPTAUDITOR_VERSION_FOR_TESTS) + " (commit " +
                       ca::build_commit() + ")\n");
  EXPECT_FALSE(ca::build_commit().empty());
}

TEST(Help, ManPageHasEveryFlagSubcommandAndAlgorithm) {
  Result r = run("--print-man");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\n.TH CRYPTAUDITOR 1 "), std::string::npos) << r.out.substr(0, 300);
  // roff spells a minus sign \-.
  auto roff = [](std::string s) {
    std::string out;
    for (char c : s) out += c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
  };
  for (const std::string& sub : kSubcommands)
    EXPECT_NE(r.out.find(".SS cryptauditor " + roff(sub) + "\n"), std::string::npos) << sub;
  for (const ca::AlgorithmInfo& a : ca::catalog())
    EXPECT_NE(r.out.find(roff(std::string(a.name))), std::string::npos) << a.name;
  for (const char* flag :
       {"cipher", "signature", "key_length", "data_size", "print-completion", "plugin-dir"})
    EXPECT_NE(r.out.find("\\-\\-" + roff(flag)), std::string::npos) << flag;
  if (std::system("command -v man >/dev/null 2>&1") == 0) {
    const std::string file = testing::TempDir() + "cryptauditor_help_test.1";
    std::ofstream(file) << r.out;
    Result rendered = ca::test::run_program("MANWIDTH=100 man -l " + file);
    EXPECT_EQ(rendered.status, 0) << rendered.err;
    EXPECT_NE(rendered.out.find("cryptauditor doctor"), std::string::npos) << rendered.out;
    std::remove(file.c_str());
  }
}

/// Runs the bash completion for a command line being typed (the last word is the one completed).
std::string complete_bash(const std::string& script, const std::string& words) {
  const std::string file = testing::TempDir() + "cryptauditor_completion_test.bash";
  std::ofstream(file) << script << "\nCOMP_WORDS=(" << words << ")\nCOMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n"
                      << "_cryptauditor\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
  Result r = ca::test::run_program("bash " + file);
  std::remove(file.c_str());
  EXPECT_EQ(r.status, 0) << r.err;
  return r.out;
}

TEST(Help, BashCompletionOffersSubcommandsFlagsAndCatalogNames) {
  Result r = run("--print-completion bash");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(ca::test::run_program("bash -n <<'EOF'\n" + r.out + "\nEOF").status, 0);
  const std::string subs = complete_bash(r.out, "cryptauditor ''");
  for (const std::string& sub : kSubcommands) EXPECT_TRUE(has_name(subs, sub)) << sub << " in\n" << subs;
  const std::string ciphers = complete_bash(r.out, "cryptauditor -c ''");
  for (const ca::AlgorithmInfo& a : ca::catalog()) {
    if (a.family == ca::Family::Cipher) {
      EXPECT_TRUE(has_name(ciphers, std::string(a.name))) << a.name;
    }
  }
  const std::string signatures = complete_bash(r.out, "cryptauditor --signature ''");
  for (const ca::AlgorithmInfo& a : ca::catalog()) {
    if (a.family == ca::Family::Signature) {
      EXPECT_TRUE(has_name(signatures, std::string(a.name))) << a.name;
    }
  }
  EXPECT_EQ(complete_bash(r.out, "cryptauditor -c AES-GCM,CHACHA20-P"), "AES-GCM,CHACHA20-POLY1305\n");
  EXPECT_EQ(complete_bash(r.out, "cryptauditor doctor --for"), "--format\n");
  EXPECT_EQ(complete_bash(r.out, "cryptauditor list --format j"), "json\n");
  EXPECT_EQ(complete_bash(r.out, "cryptauditor -r ''"), "\n") << "a number: no file names offered";
  EXPECT_EQ(complete_bash(r.out, "cryptauditor li"), "list\n");
}

TEST(Help, ZshCompletionNamesEverySubcommandAndAlgorithm) {
  Result r = run("--print-completion zsh");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("#compdef cryptauditor\n", 0), 0u);
  for (const std::string& sub : kSubcommands)
    EXPECT_NE(r.out.find("\n    '" + sub + ":"), std::string::npos) << sub;
  for (const ca::AlgorithmInfo& a : ca::catalog())
    EXPECT_TRUE(has_name(r.out, std::string(a.name))) << a.name;
  if (std::system("command -v zsh >/dev/null 2>&1") == 0) {
    const std::string file = testing::TempDir() + "cryptauditor_completion_test.zsh";
    std::ofstream(file) << r.out;
    EXPECT_EQ(ca::test::run_program("zsh -n " + file).status, 0);
    std::remove(file.c_str());
  }
  Result fish = run("--print-completion fish");
  EXPECT_EQ(fish.status, 2);
  EXPECT_NE(fish.err.find("'fish' is not valid: expected bash or zsh"), std::string::npos) << fish.err;
}

// Every column of the matrix starts at one offset in every row, whatever the cells hold (the RSA rows'
// "1024/2048/3072/4096+" is wider than a backend's name).
// `list` splits the backends over tables of at most 120 columns (issue #39), each a header line, a row per
// catalog algorithm and the "supported" row, then a blank line; the legend follows the last.
TEST(List, ColumnsLineUpInEveryRow) {
  REQUIRE_OPENSSL();
  Result r = run("list");
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  size_t tables = 0;
  bool legend = false;
  for (std::string header; !legend && std::getline(lines, header);) {
    if (header.empty()) continue;
    if (header.rfind("(key lengths", 0) == 0) break;
    ++tables;
    ASSERT_EQ(header.rfind("algorithm ", 0), 0u) << header;
    EXPECT_LE(header.size(), 120u) << header;
    std::vector<size_t> starts;  // where each backend's column starts
    for (size_t i = 1; i < header.size(); ++i)
      if (header[i - 1] == ' ' && header[i] != ' ') starts.push_back(i);
    ASSERT_FALSE(starts.empty()) << header;
    size_t rows = 0;
    bool saw_rsa = false;
    for (std::string line; std::getline(lines, line);) {
      if (line.empty()) break;
      if (line.rfind("(key lengths", 0) == 0) {
        legend = true;
        break;
      }
      ++rows;
      saw_rsa = saw_rsa || line.rfind("RSA-PSS ", 0) == 0;
      for (size_t s : starts) {
        ASSERT_LT(s, line.size()) << line;
        EXPECT_TRUE(line[s - 1] == ' ' && line[s - 2] == ' ' && line[s] != ' ')
            << "column at " << s << " misaligned in\n"
            << header << '\n'
            << line;
      }
    }
    EXPECT_TRUE(saw_rsa) << header;
    EXPECT_EQ(rows, ca::catalog().size() + 1) << header;  // + the "supported" row
  }
  EXPECT_GT(tables, 0u);
}

TEST(List, JsonHasEveryAlgorithmAndBackend) {
  REQUIRE_OPENSSL();
  Result r = run("list --format json");
  ASSERT_EQ(r.status, 0) << r.err;
  auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["schema_version"], 1);
  ASSERT_EQ(doc["algorithms"].size(), ca::catalog().size());
  bool openssl = false;
  for (const auto& b : doc["backends"]) openssl = openssl || b["name"] == "openssl";
  EXPECT_TRUE(openssl);
  for (const auto& a : doc["algorithms"]) {
    if (a["name"] == "AES-GCM") {
      EXPECT_EQ(a["flag"], "--cipher");
      EXPECT_EQ(a["key_bits"], nlohmann::json({128, 192, 256}));
      EXPECT_EQ(a["backends"]["openssl"]["key_bits"], nlohmann::json({128, 192, 256}));
      EXPECT_EQ(a["backends"]["openssl"]["offered"], true);
    }
    if (a["name"] == "RSA-PSS") {
      EXPECT_EQ(a["key_bits"]["min"], 1024);
      EXPECT_EQ(a["backends"]["openssl"]["key_bits"], nlohmann::json({1024, 2048, 3072, 4096}));
    }
    if (a["name"] == "SHA2-256") {
      EXPECT_EQ(a["backends"]["openssl"]["offered"], true);
      EXPECT_EQ(a["backends"]["openssl"]["key_bits"], nlohmann::json::array());
    }
  }
  Result backends = run("list --backends --format json");
  ASSERT_EQ(backends.status, 0) << backends.err;
  auto bdoc = nlohmann::json::parse(backends.out);
  EXPECT_FALSE(bdoc.contains("algorithms"));
  EXPECT_TRUE(bdoc["backends"][0].contains("acceleration_gap"));
  Result aliases = run("list --aliases --format json");
  ASSERT_EQ(aliases.status, 0) << aliases.err;
  auto adoc = nlohmann::json::parse(aliases.out);
  EXPECT_EQ(adoc["aliases"].size(), ca::aliases().size());
  EXPECT_EQ(adoc["groups"].size(), ca::groups().size());
  Result bad = run("list --format xml");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--format 'xml' is not valid for list: expected table or json"), std::string::npos)
      << bad.err;
}

// wolfSSL's Debian build has no AES-NI code (its options.h): on a CPU with AES-NI, `list --backends` says so.
TEST(List, BackendsNameABuildWithoutTheCpusCryptoExtensions) {
  const std::string wolfssl = std::string(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) + "/ca-backend-wolfssl.so";
  if (!std::filesystem::exists(wolfssl)) GTEST_SKIP() << "the wolfssl backend was not built";
  Result r = run("list --backends --no-default-plugins --plugin " + wolfssl);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("acceleration: none: built without WOLFSSL_AESNI"), std::string::npos) << r.out;
  const bool cpu_has_extensions = !ca::crypto_extensions(ca::read_cpu_features()).empty();
  EXPECT_EQ(r.out.find("\n  note: wolfssl: this wolfSSL build uses none of the CPU's crypto extensions") !=
                std::string::npos,
            cpu_has_extensions)
      << r.out;
}

}  // namespace
