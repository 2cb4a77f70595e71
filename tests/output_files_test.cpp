// The files a study writes and reads, as a user meets them: a report is replaced whole or not at all (a
// process killed while writing it leaves the old one), outputs that name one file (or the config, or the
// journal) are refused before anything runs, a usage error leaves no file or folder behind, and input
// files are read with a size cap.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/run_program.hpp"
#include "util/atomic_file.hpp"
#include "util/input_file.hpp"

namespace {

namespace fs = std::filesystem;
using ca::test::ProgramResult;

size_t lines(const std::string& s) { return static_cast<size_t>(std::count(s.begin(), s.end(), '\n')); }

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

bool have_openssl() {
  return fs::exists(std::string(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) + "/ca-backend-openssl.so");
}

class OutputFiles : public testing::Test {
 protected:
  void SetUp() override {
    if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built";
    std::string dir = testing::TempDir() + "output_files_XXXXXX";
    ASSERT_NE(::mkdtemp(dir.data()), nullptr);
    dir_ = dir;
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }
  // The program, run in the test's folder.
  ProgramResult run(const std::string& args, const std::string& prefix = "") {
    return ca::test::run_program("cd " + dir_.string() + " && " + prefix + ca::test::binary() + " " + args);
  }
  // A study config in the test's folder; `outputs` is the JSON array of outputs.
  void config(const std::string& outputs, const std::string& name = "study.json") {
    std::ofstream(dir_ / name) << R"({"name": "files", "algorithms": [{"hash": "SHA2-256"}],
      "backends": ["openssl"], "data_sizes": ["64B"], "rounds": 50, "outputs": )"
                               << outputs << "}";
  }
  // Every name in the test's folder, recursively, relative to it.
  std::vector<std::string> listing() {
    std::vector<std::string> names;
    for (const auto& e : fs::recursive_directory_iterator(dir_))
      names.push_back(fs::relative(e.path(), dir_));
    std::sort(names.begin(), names.end());
    return names;
  }
  fs::path dir_;
};

// The issue's case: a second Ctrl-C while the report was being written destroyed the previous report. Here
// the process is killed in the middle of writing the report by the file-size limit (SIGXFSZ): the report
// written in place would be cut short; written atomically, the previous report is still there, whole.
TEST_F(OutputFiles, AProcessKilledWhileWritingLeavesThePreviousReportWhole) {
  const std::string study =
      "--hash SHA2-256,SHA3-256 -d 64B,128B,256B,512B,1KB -r 200 -b openssl --quiet "
      "--format json -o report.json";
  ProgramResult first = run(study);
  ASSERT_EQ(first.status, 0) << first.err;
  const std::string previous = slurp(dir_ / "report.json");
  ASSERT_GT(previous.size(), 8192u) << "the report must be larger than the limit below";
  // ulimit -f counts blocks of 512 bytes (dash) or 1024 (bash): 4 blocks are at most 4 KiB.
  ProgramResult killed = run(study, "ulimit -f 4 && ");
  EXPECT_NE(killed.status, 0) << "the write must have been cut off";
  EXPECT_EQ(slurp(dir_ / "report.json"), previous) << "the previous report was damaged";
  EXPECT_TRUE(nlohmann::json::accept(slurp(dir_ / "report.json")));
}

TEST_F(OutputFiles, AReportIsWrittenThroughASymlinkToItsTarget) {
  fs::create_directories(dir_ / "real");
  fs::create_symlink(dir_ / "real" / "r.json", dir_ / "link.json");
  ProgramResult r = run("--hash SHA2-256 -d 64B -r 50 -b openssl --quiet --format json -o link.json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.json")) << "the link was replaced by a file";
  EXPECT_TRUE(nlohmann::json::accept(slurp(dir_ / "real" / "r.json")));
}

TEST(AtomicFile, ReplacesWholeKeepsTheModeAndLeavesNoTemporaryFile) {
  std::string dir = testing::TempDir() + "atomic_file_XXXXXX";
  ASSERT_NE(::mkdtemp(dir.data()), nullptr);
  const fs::path file = fs::path(dir) / "r.txt";
  EXPECT_TRUE(ca::write_file_atomically(file.string(), "first").ok());
  fs::permissions(file, fs::perms(0640));
  EXPECT_TRUE(ca::write_file_atomically(file.string(), "second").ok());
  EXPECT_EQ(slurp(file), "second");
  EXPECT_EQ(fs::status(file).permissions() & fs::perms::all, fs::perms(0640));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1) << "a temporary file";
  // A folder that does not exist: an error, nothing written.
  EXPECT_FALSE(ca::write_file_atomically(dir + "/no/such/r.txt", "x").ok());
  fs::remove_all(dir);
}

struct SameFileCase {
  const char* outputs;  // the config's outputs
  const char* args;     // flags after "run study.json"
  const char* must_mention;
};

// Outputs are resolved to real paths before anything runs: two that name one file, an output that is the
// config or the journal, are refused with one line, and nothing is written.
TEST_F(OutputFiles, OutputsNamingOneFileAreRefusedBeforeAnythingRuns) {
  fs::create_symlink("study.json", dir_ / "alias.json");
  const SameFileCase cases[] = {
      {R"([{"format": "json", "path": "a.json"}, {"format": "csv", "path": "./a.json"}])", "",
       "the output 'a.json' and the output './a.json' are one file"},
      {R"([{"format": "json", "path": "a.json"}, {"format": "csv", "path": "sub/../a.json"}])", "",
       "are one file"},
      {R"([{"format": "json", "path": "a.json"}])", "-o study.json",
       "the config file 'study.json' and the output 'study.json' are one file"},
      {R"([{"format": "json", "path": "a.json"}])", "-o alias.json",
       "the config file 'study.json' and the output 'alias.json'"},
      {R"([{"format": "json", "path": "r.json"}, {"format": "csv", "path": "r.json.journal"}])", "",
       "the journal 'r.json.journal' and the output 'r.json.journal' are one file"},
  };
  fs::create_directories(dir_ / "sub");
  for (const SameFileCase& c : cases) {
    config(c.outputs);
    const std::string before = slurp(dir_ / "study.json");
    const auto files_before = listing();
    ProgramResult r = run(std::string("run study.json --quiet ") + c.args);
    EXPECT_EQ(r.status, 2) << c.outputs << c.args << "\n" << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find(c.must_mention), std::string::npos) << r.err;
    EXPECT_EQ(slurp(dir_ / "study.json"), before) << "the config was overwritten";
    EXPECT_EQ(listing(), files_before) << "a file was written: " << c.outputs << c.args;
  }
}

TEST_F(OutputFiles, AJournalThatCannotBeCreatedIsAUsageError) {
  config(R"([{"format": "json", "path": "r.json"}])");
  fs::create_directories(dir_ / "r.json.journal");  // a folder where the journal would go
  const auto before = listing();
  ProgramResult r = run("run study.json --quiet");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(lines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find("journal 'r.json.journal' cannot be written: it is not a regular file"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(listing(), before);
  // An output (and its journal) inside a "folder" that is a plain file.
  std::ofstream(dir_ / "plain") << "x";
  config(R"([{"format": "json", "path": "plain/r.json"}])");
  ProgramResult nested = run("run study.json --quiet");
  EXPECT_EQ(nested.status, 2) << nested.err;
  EXPECT_NE(nested.err.find("plain' is not a folder"), std::string::npos) << nested.err;
}

// A usage error found after the outputs were checked (here: an unknown backend, known only once the plugins
// are loaded) leaves no empty report, no journal and no folder behind.
TEST_F(OutputFiles, AUsageErrorLeavesNoFileOrFolderBehind) {
  const auto before = listing();
  ProgramResult bench = run("--hash SHA2-256 -d 64B -r 50 --format json -o new.json -b nosuchlib");
  EXPECT_EQ(bench.status, 2) << bench.err;
  EXPECT_EQ(listing(), before) << "the default command left a file behind";

  config(R"([{"format": "json", "path": "out/deep/r.json"}, {"format": "csv", "path": "r.csv"}])");
  const auto with_config = listing();
  ProgramResult study = run("run study.json --quiet --backend nosuchlib");
  EXPECT_EQ(study.status, 2) << study.err;
  EXPECT_EQ(listing(), with_config) << "run left a file or folder behind";
  ProgramResult output_dir = run("run study.json --quiet --output-dir results --backend nosuchlib");
  EXPECT_EQ(output_dir.status, 2) << output_dir.err;
  EXPECT_EQ(listing(), with_config) << "run --output-dir left a folder behind";

  // The same study without the error creates the folders it needs.
  ProgramResult ok = run("run study.json --quiet --output-dir results");
  ASSERT_EQ(ok.status, 0) << ok.err;
  EXPECT_TRUE(fs::exists(dir_ / "results" / "out" / "deep" / "r.json"));
  EXPECT_TRUE(fs::exists(dir_ / "results" / "out" / "deep" / "r.json.journal"));
  EXPECT_TRUE(fs::exists(dir_ / "results" / "r.csv"));

  // Without --quiet, each file made is named on standard error: the journal when it is opened, each
  // report once written (issue #31 item 7).
  ProgramResult said = run("run study.json --output-dir said");
  ASSERT_EQ(said.status, 0) << said.err;
  const std::string folder = (fs::path("said") / "out" / "deep").string();
  EXPECT_NE(said.err.find("journal: " + folder + "/r.json.journal (each record as it is measured)\n"),
            std::string::npos)
      << said.err;
  EXPECT_NE(said.err.find("wrote " + folder + "/r.json\n"), std::string::npos) << said.err;
  EXPECT_NE(said.err.find("wrote said/r.csv\n"), std::string::npos) << said.err;
}

// `run /dev/zero` grew to gigabytes: input files are read with a size cap (256 MiB unless
// CRYPTAUDITOR_MAX_INPUT_MB says otherwise) and refused beyond it with one line.
TEST_F(OutputFiles, InputFilesLargerThanTheCapAreRefused) {
  // `timeout`: without the cap, reading /dev/zero never ends; the test then fails instead of hanging.
  ProgramResult zero = run("run /dev/zero", "CRYPTAUDITOR_MAX_INPUT_MB=8 timeout 120 ");
  EXPECT_EQ(zero.status, 2) << zero.err;
  EXPECT_EQ(lines(zero.err), 1u) << zero.err;
  EXPECT_NE(zero.err.find("/dev/zero: larger than 8 MiB, the limit for input files"), std::string::npos)
      << zero.err;

  config(R"([{"format": "json", "path": "r.json"}])");
  {
    std::ofstream pad(dir_ / "study.json", std::ios::app);
    pad << std::string((size_t{1} << 20) + 1, ' ');
  }
  ProgramResult big = run("run study.json --quiet", "CRYPTAUDITOR_MAX_INPUT_MB=1 ");
  EXPECT_EQ(big.status, 2) << big.err;
  EXPECT_NE(big.err.find("study.json: larger than 1 MiB"), std::string::npos) << big.err;
  EXPECT_FALSE(fs::exists(dir_ / "r.json"));

  // A journal over the cap, on --resume.
  ASSERT_EQ(run("run study.json --quiet").status, 0);
  {
    std::ofstream pad(dir_ / "r.json.journal", std::ios::app);
    pad << std::string(3u << 20, '\n');
  }
  ProgramResult journal = run("run study.json --quiet --resume", "CRYPTAUDITOR_MAX_INPUT_MB=2 ");
  EXPECT_EQ(journal.status, 2) << journal.err;
  EXPECT_NE(journal.err.find("r.json.journal: larger than 2 MiB"), std::string::npos) << journal.err;
}

TEST(InputFile, CapFromTheEnvironment) {
  ::unsetenv(ca::kMaxInputEnv);
  EXPECT_EQ(*ca::max_input_bytes(), size_t{256} << 20);
  ::setenv(ca::kMaxInputEnv, "3", 1);
  EXPECT_EQ(*ca::max_input_bytes(), size_t{3} << 20);
  for (const char* bad : {"0", "-1", "1.5", "abc", "99999999"}) {
    ::setenv(ca::kMaxInputEnv, bad, 1);
    EXPECT_FALSE(ca::max_input_bytes().ok()) << bad;
  }
  ::unsetenv(ca::kMaxInputEnv);
  EXPECT_FALSE(ca::read_input_file("/").ok());
}

}  // namespace

namespace {

// Issue #39: `-o x.json` wrote the console table into x.json, and `-o x.html` too.
TEST_F(OutputFiles, TheFormatComesFromTheFileNameWhenNoFormatIsGiven) {
  const std::string study = "--hash SHA2-256 -d 64B -r 50 -b openssl --quiet ";
  ASSERT_EQ(run(study + "-o x.json").status, 0);
  EXPECT_TRUE(nlohmann::json::accept(slurp(dir_ / "x.json"))) << slurp(dir_ / "x.json").substr(0, 200);
  ASSERT_EQ(run(study + "-o x.html").status, 0);
  EXPECT_EQ(slurp(dir_ / "x.html").rfind("<!DOCTYPE html>", 0), 0u) << slurp(dir_ / "x.html").substr(0, 200);
  ASSERT_EQ(run(study + "-o x.csv").status, 0);
  EXPECT_EQ(slurp(dir_ / "x.csv").find("cryptauditor 0"), std::string::npos) << slurp(dir_ / "x.csv");
  ASSERT_EQ(run(study + "-o x.md").status, 0);
  EXPECT_NE(slurp(dir_ / "x.md").find("| "), std::string::npos);
  // No extension: the table, as before; --format text is the table in every command.
  ASSERT_EQ(run(study + "-o plain").status, 0);
  EXPECT_EQ(slurp(dir_ / "plain").rfind("cryptauditor ", 0), 0u) << slurp(dir_ / "plain").substr(0, 200);
  ProgramResult text = run(study + "--format text -o x.txt");
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_EQ(slurp(dir_ / "x.txt").rfind("cryptauditor ", 0), 0u);
  // `report` and `leaks` read the name the same way.
  ProgramResult report = run("report x.json -o again.html --quiet");
  EXPECT_EQ(report.status, 0) << report.err;
  EXPECT_EQ(slurp(dir_ / "again.html").rfind("<!DOCTYPE html>", 0), 0u);
}

// An extension that names no format, or another one than --format, or one the command does not write, is a
// usage error at once: nothing is measured (the budget would take seconds) and no file is left.
TEST_F(OutputFiles, AnUnknownOrDisagreeingExtensionIsAUsageErrorBeforeMeasuring) {
  struct Case {
    std::string args, must_mention;
  };
  std::ofstream(dir_ / "in.json") << "{}";
  const Case cases[] = {
      {"--hash SHA2-256 -b openssl --budget 5 -o x.foo", "-o 'x.foo' is not valid: the extension .foo"},
      {"--hash SHA2-256 -b openssl --budget 5 --format json -o x.csv", "its extension .csv means csv"},
      {"--hash SHA2-256 -b openssl --budget 5 --format csv -o x.json", "its extension .json means json"},
      {"leaks --mac HMAC-SHA2-256 -b openssl -o x.csv", "leaks writes table, json or html"},
      {"merge in.json -o fleet.md", "merge writes json"},
      {"report in.json -o x.foo", "the extension .foo"},
      {"select library-selection-aead -o x.csv", "select writes table, markdown, json or html"},
  };
  for (const Case& c : cases) {
    const auto before = listing();
    const auto start = std::chrono::steady_clock::now();
    ProgramResult r = run(c.args);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.status, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.must_mention), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_LT(seconds, 1.0) << c.args;
    EXPECT_EQ(listing(), before) << c.args;
  }
  // With --format, a name of the user's own (no known extension) is taken as it is.
  EXPECT_EQ(run("--hash SHA2-256 -d 64B -r 50 -b openssl --quiet --format json -o x.log").status, 0);
}

// As root, access(2) says a folder under sysfs is writable, but no file can be created there: the run
// measured, then lost its results when the report could not be written. Creating a file is the only test.
TEST_F(OutputFiles, AFolderWhereNoFileCanBeCreatedIsAUsageErrorBeforeMeasuring) {
  if (!fs::is_directory("/sys/kernel")) GTEST_SKIP() << "no /sys/kernel";
  std::ofstream(dir_ / "in.json") << "{}";
  const std::string commands[] = {
      "-c AES-GCM -b openssl --budget 5 --format json -o /sys/kernel/r.json",
      "-c AES-GCM -b openssl --budget 5 --export-csv /sys/kernel/r.csv",
      "leaks --mac HMAC-SHA2-256 -b openssl -o /sys/kernel/r.json",
      "select library-selection-aead -o /sys/kernel/r.json",
      "merge in.json -o /sys/kernel/r.json",
      "report in.json -o /sys/kernel/r.html",
  };
  for (const std::string& args : commands) {
    const auto start = std::chrono::steady_clock::now();
    ProgramResult r = run(args);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find("/sys/kernel/r."), std::string::npos) << args << "\n" << r.err;
    EXPECT_NE(r.err.find("cannot be written"), std::string::npos) << args << "\n" << r.err;
    EXPECT_LT(seconds, 2.0) << args << ": measured before refusing";
  }
}

// A write that still fails at the end (here /dev/full: no space left) keeps the report as JSON, in the
// temporary folder for a device, with its path said: nothing measured is lost.
TEST_F(OutputFiles, AReportThatCannotBeWrittenIsKeptAsJson) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const fs::path temporary = dir_ / "tmp";
  fs::create_directories(temporary);
  ProgramResult r = run("--hash SHA2-256 -d 64B -r 50 -b openssl --quiet -o /dev/full",
                        "TMPDIR=" + temporary.string() + " ");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("writing the table report to /dev/full failed"), std::string::npos) << r.err;
  const std::string said = "the report is kept as JSON in ";
  const size_t at = r.err.find(said);
  ASSERT_NE(at, std::string::npos) << r.err;
  const std::string kept = r.err.substr(at + said.size(), r.err.find(' ', at + said.size()) - at - said.size());
  EXPECT_EQ(fs::path(kept).parent_path(), temporary) << kept;
  const nlohmann::json doc = nlohmann::json::parse(slurp(kept));
  EXPECT_FALSE(doc.at("results").empty()) << doc.dump().substr(0, 300);
}

}  // namespace
