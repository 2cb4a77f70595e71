// Study config files: every error is one line naming the file, the JSON pointer and what is allowed; a
// valid file resolves to the jobs, sizes and settings it describes.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

#include "config/study_config.hpp"
#include "host/affinity.hpp"
#include "tests/support/run_program.hpp"

namespace ca {
namespace {

std::string temp_dir() {
  std::string dir = testing::TempDir() + "config_test_XXXXXX";
  if (::mkdtemp(dir.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  return dir;
}

// Writes `text` to DIR/study.json and returns the path.
std::string write_config(const std::string& text, const std::string& name = "study.json") {
  const std::string path = temp_dir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

StudyConfig load(const std::string& text) { return load_study_config(write_config(text)); }

// The message of the UsageError loading `text` throws ("" when it loads).
std::string error_of(const std::string& text) {
  const std::string path = write_config(text);
  try {
    load_study_config(path);
  } catch (const UsageError& e) {
    std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << "one line: " << message;
    EXPECT_EQ(message.rfind(path, 0), 0u) << "starts with the file name: " << message;
    return message;
  }
  return "";
}

#define EXPECT_MENTIONS(message, text) EXPECT_NE((message).find(text), std::string::npos) << (message)

std::vector<std::string> names(const StudyConfig& cfg) {
  std::vector<std::string> out;
  for (const Job& j : cfg.selection.jobs)
    out.push_back(std::string(j.algorithm->name) + "-" + std::to_string(j.key_bits));
  return out;
}

TEST(ConfigErrors, UnknownTopLevelKeySuggestsTheNearestOne) {
  std::string e = error_of(R"({"algorithms": [{"hash": "SHA2-256"}], "roundz": 5})");
  EXPECT_MENTIONS(e, "study.json: /roundz: unknown key");
  EXPECT_MENTIONS(e, "did you mean \"rounds\"?");
  EXPECT_MENTIONS(e, "\"data_sizes\"");  // lists what is allowed
}

TEST(ConfigErrors, UnknownKeyInAnAlgorithmEntry) {
  std::string e = error_of(R"({"algorithms": [{"cipher": "AES-GCM", "keybits": 128}]})");
  EXPECT_MENTIONS(e, ": /algorithms/0/keybits: unknown key (did you mean \"key_bits\"?)");
}

TEST(ConfigErrors, UnknownKeyInStoppingAndOutputs) {
  EXPECT_MENTIONS(error_of(R"({"stopping": {"budget": 1}})"), ": /stopping/budget: unknown key");
  EXPECT_MENTIONS(error_of(R"({"outputs": [{"format": "json", "file": "x.json"}]})"),
                  ": /outputs/0/file: unknown key");
}

TEST(ConfigErrors, WrongTypes) {
  EXPECT_MENTIONS(error_of(R"({"rounds": "1000"})"),
                  ": /rounds: expected a whole number of timed operations, got a string (\"1000\")");
  EXPECT_MENTIONS(error_of(R"({"data_sizes": "1KB"})"), ": /data_sizes: expected a list of size");
  EXPECT_MENTIONS(error_of(R"({"algorithms": ["AES-GCM"]})"),
                  ": /algorithms/0: expected an object such as {\"cipher\": ");
  EXPECT_MENTIONS(error_of(R"({"algorithms": [{"cipher": 5}]})"), ": /algorithms/0/cipher: expected");
  EXPECT_MENTIONS(error_of(R"({"key_bits": "256"})"), ": /key_bits: expected a number of bits");
  EXPECT_MENTIONS(error_of(R"({"backends": ["openssl", 3]})"), ": /backends/1: expected a backend name");
  EXPECT_MENTIONS(error_of(R"({"name": 7})"), ": /name: expected a string, got the number 7");
  EXPECT_MENTIONS(error_of(R"([1, 2])"), "study.json: expected a JSON object");
}

TEST(ConfigErrors, BadAlgorithmIsNamedByItsIndex) {
  std::string e = error_of(R"({"algorithms": [{"cipher": "AES-GCM"}, {"hash": "SHA2-256"},
                                              {"signature": "ECDSA"}, {"cipher": "NO-SUCH-CIPHER"}]})");
  EXPECT_MENTIONS(e, "study.json: /algorithms/3/cipher: unknown algorithm 'NO-SUCH-CIPHER'");
  EXPECT_MENTIONS(e, "allowed: ");
  // A near name is suggested instead of the whole list.
  EXPECT_MENTIONS(
      error_of(R"({"algorithms": [{"cipher": "AES-GMC"}]})"),
      "study.json: /algorithms/0/cipher: unknown algorithm 'AES-GMC' for --cipher: did you mean AES-GCM?");
}

TEST(ConfigErrors, AlgorithmOfTheWrongFamily) {
  EXPECT_MENTIONS(error_of(R"({"algorithms": [{"hash": "AES-GCM"}]})"),
                  ": /algorithms/0/hash: 'AES-GCM' is a cipher, not a hash: use --cipher AES-GCM");
}

TEST(ConfigErrors, EntryNamingNoneOrTwoAlgorithms) {
  EXPECT_MENTIONS(error_of(R"({"algorithms": [{"key_bits": 128}]})"), ": /algorithms/0: names no algorithm");
  EXPECT_MENTIONS(error_of(R"({"algorithms": [{"cipher": "AES-GCM", "hash": "SHA1"}]})"),
                  ": /algorithms/0/hash: an entry names one algorithm");
}

TEST(ConfigErrors, EmptyLists) {
  EXPECT_MENTIONS(error_of(R"({"algorithms": []})"), ": /algorithms: the list is empty");
  EXPECT_MENTIONS(error_of(R"({"backends": []})"), ": /backends: the list is empty");
}

TEST(ConfigErrors, BadSizes) {
  EXPECT_MENTIONS(error_of(R"({"data_sizes": ["1KB", "12XB"]})"),
                  "study.json: /data_sizes/1 '12XB' is not valid: expected a positive size");
  EXPECT_MENTIONS(error_of(R"({"data_sizes": ["0B"]})"), ": /data_sizes/0 '0B' is not valid");
  EXPECT_MENTIONS(error_of(R"({"algorithms": [{"cipher": "AES-GCM", "data_sizes": [16]}]})"),
                  ": /algorithms/0/data_sizes/0: expected a size");
}

TEST(ConfigErrors, SizeTooLargeForTheAlgorithmNamesTheSize) {
  std::string e = error_of(R"({"algorithms": [{"cipher": "RSA-OAEP", "key_bits": 1024}],
                               "data_sizes": ["64B", "1KB"]})");
  EXPECT_MENTIONS(e, ": /data_sizes/1 1KB is too large for RSA-OAEP");
  EXPECT_MENTIONS(e, "at most 86B");
}

TEST(ConfigErrors, SyntaxErrorGivesLineAndColumn) {
  std::string e = error_of("{\n  \"name\": \"x\",\n  \"rounds\": 10,,\n}\n");
  EXPECT_MENTIONS(e, "study.json:3:16: JSON syntax error");
}

TEST(ConfigErrors, UnterminatedFileGivesItsEnd) {
  std::string e = error_of("{\n  \"algorithms\": [\n");
  EXPECT_MENTIONS(e, "study.json:3:1: JSON syntax error");
}

TEST(ConfigErrors, KeyGivenTwice) {
  EXPECT_MENTIONS(error_of(R"({"rounds": 5, "unit": "us", "rounds": 6})"),
                  "study.json: /rounds: this key appears twice");
  EXPECT_MENTIONS(error_of(R"({"outputs": [{"format": "json"}, {"format": "table", "format": "json"}]})"),
                  ": /outputs/1/format: this key appears twice");
}

TEST(ConfigErrors, ThreadsAndCipherModeAreChecked) {
  EXPECT_MENTIONS(error_of(R"({"threads": 0})"),
                  ": /threads: 0 is not valid: expected a whole number of threads from 1 to 1024");
  EXPECT_MENTIONS(error_of(R"({"threads": "2"})"),
                  ": /threads: expected a whole number of threads from 1 to 1024");
  EXPECT_MENTIONS(error_of(R"({"cipher_mode": "streaming"})"),
                  ": /cipher_mode: 'streaming' is not valid: expected \"per-message\" or \"stream\"");
  EXPECT_MENTIONS(error_of(R"({"threads": 1025})"), ": /threads: 1025 is not valid");
  EXPECT_EQ(error_of(R"({"threads": 1})"), "");
  EXPECT_MENTIONS(error_of(R"({"repetitions": 0})"),
                  ": /repetitions: 0 is not valid: expected a whole number of repetitions from 1 to 1000");
  EXPECT_MENTIONS(error_of(R"({"repetitions": "3"})"), ": /repetitions: expected a whole number");
  EXPECT_MENTIONS(error_of(R"({"processes": 0})"),
                  ": /processes: 0 is not valid: expected a whole number of processes from 1 to 100");
  EXPECT_EQ(error_of(R"({"processes": 5})"), "");
  EXPECT_MENTIONS(error_of(R"({"pin": 1})"), ": /pin: expected a CPU list as a string");
  EXPECT_MENTIONS(error_of(R"({"pin": "4000"})"), "/pin '4000' is not valid: CPU 4000 is not one");
  EXPECT_MENTIONS(error_of(R"({"pin": "0-"})"), "/pin '0-' is not valid");
  const std::string cpu = std::to_string(allowed_cpus().front());  // CPU 0 need not be in a cpuset
  EXPECT_EQ(error_of(R"({"repetitions": 5, "pin": ")" + cpu + R"("})"), "");
  EXPECT_EQ(error_of(R"({"threads": 2, "cipher_mode": "stream"})"), "");
}

TEST(ConfigErrors, LeaksIsChecked) {
  EXPECT_MENTIONS(error_of(R"({"leaks": true})"), ": /leaks: expected an object");
  EXPECT_MENTIONS(error_of(R"({"leaks": {"format": "csv"}})"),
                  ": /leaks/format: 'csv' is not valid: expected \"table\", \"json\" or \"html\"");
  EXPECT_MENTIONS(error_of(R"({"leaks": {"budget_s": 0}})"), "/leaks/budget_s '0' is not valid");
  EXPECT_MENTIONS(error_of(R"({"leaks": {"repetitions": 0}})"), "/leaks/repetitions '0' is not valid");
  EXPECT_MENTIONS(error_of(R"({"leaks": {"budget": 1}})"), "/leaks");
  EXPECT_FALSE(load(R"({"threads": 1})").leaks.has_value());
  const StudyConfig cfg =
      load(R"({"leaks": {"budget_s": 2, "repetitions": 5, "format": "html", "path": "l.html"}})");
  ASSERT_TRUE(cfg.leaks.has_value());
  EXPECT_EQ(cfg.leaks->budget_s, 2);
  EXPECT_EQ(cfg.leaks->repetitions, 5u);
  EXPECT_EQ(cfg.leaks->format, "html");
  EXPECT_EQ(cfg.leaks->path, "l.html");
  EXPECT_EQ(load(R"({"leaks": {}})").leaks->repetitions, 3u);
  // "method": the timing screen (default), the taint screen, or both.
  EXPECT_TRUE(load(R"({"leaks": {}})").leaks->methods.timing);
  EXPECT_FALSE(load(R"({"leaks": {}})").leaks->methods.taint);
  const auto both = load(R"({"leaks": {"method": "timing,taint"}})").leaks->methods;
  EXPECT_TRUE(both.timing && both.taint);
  const auto taint = load(R"({"leaks": {"method": "taint"}})").leaks->methods;
  EXPECT_TRUE(taint.taint && !taint.timing);
  EXPECT_MENTIONS(
      error_of(R"({"leaks": {"method": "timing,sound"}})"),
      ": /leaks/method: 'timing,sound' is not valid: expected \"timing\", \"taint\" or \"timing,taint\"");
}

TEST(ConfigErrors, RoundsUseTheFlagsRule) {
  EXPECT_MENTIONS(error_of(R"({"rounds": 0})"),
                  "study.json: /rounds '0' is not valid: expected a whole number");
  EXPECT_MENTIONS(error_of(R"({"rounds": 2.5})"), ": /rounds '2.5' is not valid");
  EXPECT_MENTIONS(error_of(R"({"rounds": 10, "stopping": {"budget_s": 1}})"),
                  ": /stopping: cannot be combined with /rounds");
  EXPECT_MENTIONS(error_of(R"({"stopping": {"budget_s": -1}})"), ": /stopping/budget_s '-1' is not valid");
  EXPECT_MENTIONS(error_of(R"({"stopping": {"target_rel_ci": 5}})"),
                  ": /stopping/target_rel_ci '5' is not valid: expected a fraction");
}

TEST(ConfigErrors, UnitAndOutputs) {
  EXPECT_MENTIONS(error_of(R"({"unit": "min"})"),
                  "study.json: /unit 'min' is not valid: expected ns, us, ms or s");
  EXPECT_MENTIONS(error_of(R"({"layout": "2005"})"),
                  "study.json: /layout '2005' is not valid: expected \"default\", \"seed\" or \"2004\"");
  EXPECT_MENTIONS(error_of(R"({"outputs": [{"format": "json", "path": "a.json"}, {"format": "xml"}]})"),
                  "study.json: /outputs/1/format 'xml' is not valid: expected one of");
  EXPECT_MENTIONS(error_of(R"({"outputs": [{"path": "a.json"}]})"), ": /outputs/0: has no \"format\"");
  EXPECT_MENTIONS(
      error_of(R"({"outputs": [{"format": "json", "path": "a"}, {"format": "table", "path": "a"}]})"),
      ": /outputs/1/path: 'a' is already the destination of /outputs/0");
  EXPECT_MENTIONS(error_of(R"({"outputs": [{"format": "json"}, {"format": "table"}]})"),
                  ": /outputs/1/path: standard output is already the destination of /outputs/0");
}

TEST(ConfigErrors, KeySizeNotAllowedForANamedAlgorithm) {
  EXPECT_MENTIONS(
      error_of(R"({"algorithms": [{"cipher": "AES-GCM", "key_bits": 2048}]})"),
      "study.json: /algorithms/0/key_bits 2048 is not allowed for AES-GCM (allowed: 128, 192, 256)");
  // Several sizes: a named algorithm must allow each of them.
  EXPECT_MENTIONS(error_of(R"({"algorithms": [{"signature": "RSA-PSS"}, {"cipher": "AES-GCM"}],
                               "key_bits": [128, 2048]})"),
                  ": /key_bits/0 128 is not allowed for RSA-PSS");
  EXPECT_MENTIONS(error_of(R"({"algorithms": [{"hash": "SHA1", "key_bits": 128}]})"),
                  ": /algorithms/0/key_bits: hashes and KDFs have no key");
  EXPECT_MENTIONS(error_of(R"({"key_bits": -5})"), ": /key_bits '-5' is not valid");
}

TEST(ConfigErrors, GroupMemberAllowingNoneOfSeveralSizes) {
  EXPECT_MENTIONS(error_of(R"({"algorithms": [{"signature": "SIGN-ALL"}], "key_bits": [128, 192]})"),
                  ": /key_bits [128,192]: no size in it is allowed for RSA-PSS");
}

TEST(ConfigErrors, Operations) {
  EXPECT_MENTIONS(error_of(R"({"algorithms": [{"cipher": "AES-GCM"}], "operations": ["encypt"]})"),
                  "study.json: /operations/0 'encypt' is not valid: expected one of encrypt, decrypt");
  EXPECT_MENTIONS(
      error_of(R"({"algorithms": [{"cipher": "AES-GCM"}, {"signature": "ECDSA"}], "operations": ["sign"]})"),
      ": /operations: none of sign applies to AES-GCM (its operations: encrypt, decrypt, encrypt-stream)");
}

TEST(ConfigErrors, MissingFile) {
  try {
    load_study_config("/nonexistent/study.json");
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_MENTIONS(std::string(e.what()), "/nonexistent/study.json: cannot be read");
  }
}

TEST(Config, DefaultsFollowTheFlags) {
  StudyConfig cfg = load("{}");
  EXPECT_EQ(cfg.name, "study");  // the file name without .json
  EXPECT_EQ(names(cfg).size(), default_selection().jobs.size());
  EXPECT_EQ(cfg.data_sizes, std::vector<size_t>{1024});
  EXPECT_FALSE(cfg.settings.rounds.has_value());
  EXPECT_DOUBLE_EQ(cfg.settings.budget_s, MeasureConfig{}.budget_s);
  EXPECT_EQ(cfg.settings.unit, TimeUnit::Ms);
  ASSERT_EQ(cfg.outputs.size(), 1u);
  EXPECT_EQ(cfg.outputs[0].spec.format, "table");
  EXPECT_EQ(cfg.outputs[0].spec.path, "");
  EXPECT_TRUE(cfg.backends.empty());
}

TEST(Config, PerEntryKeySizesAndDataSizes) {
  StudyConfig cfg = load(R"({
    "algorithms": [{"cipher": "AES-GCM", "key_bits": [128, 256]}, {"hash": "sha-256"},
                   {"signature": "RSA-PSS", "key_bits": 2048, "data_sizes": ["32B"]}],
    "backends": ["openssl", "botan"], "data_sizes": ["16B", "1KB", "16B"],
    "stopping": {"budget_s": 0.5, "target_rel_ci": 0.02}, "unit": "us",
    "outputs": [{"format": "json", "path": "out/r.json"}, {"format": "table"}],
    "threads": 1, "operations": ["encrypt", "hash", "sign"]})");
  EXPECT_EQ(names(cfg),
            (std::vector<std::string>{"AES-GCM-128", "AES-GCM-256", "SHA2-256-0", "RSA-PSS-2048"}));
  EXPECT_EQ(cfg.selection.jobs[0].data_sizes, (std::vector<size_t>{16, 1024}));
  EXPECT_EQ(cfg.selection.jobs[3].data_sizes, std::vector<size_t>{32});
  EXPECT_EQ(cfg.data_sizes, (std::vector<size_t>{16, 1024}));
  ASSERT_EQ(cfg.backends.size(), 2u);
  EXPECT_EQ(cfg.backends[1].name, "botan");
  EXPECT_MENTIONS(cfg.backends[1].where, "study.json: /backends/1");
  EXPECT_FALSE(cfg.settings.rounds.has_value());
  EXPECT_DOUBLE_EQ(cfg.settings.budget_s, 0.5);
  EXPECT_DOUBLE_EQ(cfg.settings.target_rel_ci, 0.02);
  EXPECT_EQ(cfg.settings.unit, TimeUnit::Us);
  EXPECT_TRUE(cfg.settings.unit_given);
  EXPECT_EQ(cfg.settings.layout, "default");
  EXPECT_EQ(load(R"({"layout": "2004"})").settings.layout, "2004");
  EXPECT_FALSE(load("{}").settings.unit_given);
  ASSERT_EQ(cfg.outputs.size(), 2u);
  EXPECT_EQ(cfg.outputs[0].spec.path, "out/r.json");
  EXPECT_MENTIONS(cfg.outputs[0].where, "/outputs/0/path");
  EXPECT_EQ(cfg.operations, (std::vector<std::string>{"encrypt", "hash", "sign"}));
}

TEST(Config, GroupWithSeveralKeySizesRunsEachMemberAtTheSizesItAllows) {
  StudyConfig cfg =
      load(R"({"algorithms": [{"signature": "SIGN-EXTENDED"}], "key_bits": [2048, 3072], "rounds": 10})");
  EXPECT_EQ(names(cfg), (std::vector<std::string>{
                            "RSA-PSS-2048", "RSA-PSS-3072", "RSA-PSS-SHA512-2048", "RSA-PSS-SHA512-3072",
                            "RSA-PKCS1V15-SHA1-2048", "RSA-PKCS1V15-SHA1-3072", "RSA-PKCS1V15-SHA256-2048",
                            "RSA-PKCS1V15-SHA256-3072", "RSA-PKCS1V15-SHA512-2048",
                            "RSA-PKCS1V15-SHA512-3072", "ECDSA-256", "ECDSA-P384-384", "ECDSA-P521-521",
                            "ECDSA-SECP256K1-256", "EDDSA-256", "ED448-448"}));
  ASSERT_EQ(cfg.selection.notes.size(), 6u);  // one per fixed-key member
  EXPECT_MENTIONS(cfg.selection.notes[0], "ECDSA has a fixed 256-bit key");
  EXPECT_EQ(cfg.settings.rounds, 10u);

  StudyConfig aes = load(R"({"algorithms": [{"cipher": "AES-ALL"}], "key_bits": [128, 256]})");
  EXPECT_EQ(aes.selection.jobs.size(), 20u);
}

TEST(Config, OneKeySizeIsTheFlagsRule) {
  // As `-s SIGN-ALL -k 3072`: RSA at 3072, the fixed-key members at their own size with a note.
  StudyConfig cfg = load(R"({"algorithms": [{"signature": "SIGN-ALL"}], "key_bits": 3072})");
  EXPECT_EQ(names(cfg), (std::vector<std::string>{"RSA-PSS-3072", "ECDSA-256", "EDDSA-256"}));
  EXPECT_EQ(cfg.selection.notes.size(), 2u);
  // As `-c AES-ALL -k 2048`: an error, since AES takes no 2048-bit key.
  EXPECT_MENTIONS(error_of(R"({"algorithms": [{"cipher": "AES-ALL"}], "key_bits": 2048})"),
                  ": /key_bits 2048 is not allowed for AES-ECB");
}

TEST(Config, SameAlgorithmInTwoEntriesMergesItsSizes) {
  StudyConfig cfg = load(R"({"algorithms": [{"cipher": "AES-GCM"}, {"cipher": "GCM", "data_sizes": ["64KB"]}],
                             "data_sizes": ["1KB"]})");
  ASSERT_EQ(cfg.selection.jobs.size(), 1u);
  EXPECT_EQ(cfg.selection.jobs[0].data_sizes, (std::vector<size_t>{1024, 65536}));
}

// The program itself: a config error is one line on stderr, exit status 2, nothing run.
using Result = ca::test::ProgramResult;

Result run_binary(const std::string& args) { return ca::test::run_cryptauditor(args); }

TEST(RunCommand, ConfigErrorsExitWithStatus2BeforeAnythingRuns) {
  for (const char* text : {R"({"algorithms": [{"hash": "SHA2-256"}], "backends": ["nosuchlib"]})",
                           R"({"threads": 0})", "{\"rounds\": 5,}"}) {
    const std::string path = write_config(text);
    Result r = run_binary("run " + path + " --plugin-dir " + CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS);
    EXPECT_EQ(r.status, 2) << text << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_MENTIONS(r.err, path);
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  Result backend = run_binary("run " + write_config(R"({"backends": ["nosuchlib"]})"));
  EXPECT_MENTIONS(backend.err, "study.json: /backends/0 'nosuchlib' is not a loaded backend");
}

TEST(RunCommand, UsageErrors) {
  Result none = run_binary("run");
  EXPECT_EQ(none.status, 2);
  EXPECT_MENTIONS(none.err, "run needs a study config file");
  Result two = run_binary("run a.json b.json");
  EXPECT_EQ(two.status, 2);
  Result rounds = run_binary("run " + write_config("{}") + " -r 0");
  EXPECT_EQ(rounds.status, 2);
  EXPECT_MENTIONS(rounds.err, "--rounds '0'");
  Result help = run_binary("run --help");
  EXPECT_EQ(help.status, 0);
  for (const char* flag : {"--resume", "--quiet", "--output-dir", "--backend", "--rounds", "--budget"})
    EXPECT_MENTIONS(help.out, flag);
}

// Issue #7's bad-input table for configs: every top-level key, given a wrong value, is one line naming the
// file, the key's JSON pointer and what is allowed. The list of keys comes from the program itself (the
// "allowed here" part of the unknown-key error), so a new key without a row here fails this test.
TEST(ConfigErrors, EveryTopLevelKeyRejectsAWrongValue) {
  const std::map<std::string, std::string> bad = {
      {"name", R"({"name": 5})"},
      {"description", R"({"description": ["x"]})"},
      {"algorithms", R"({"algorithms": [{"cipher": "AES-XYZ"}]})"},
      {"backends", R"({"backends": "openssl"})"},
      {"data_sizes", R"({"data_sizes": ["12XB"]})"},
      {"key_bits", R"({"algorithms": [{"cipher": "AES-GCM"}], "key_bits": 100})"},
      {"rounds", R"({"rounds": 0})"},
      {"stopping", R"({"stopping": {"budget_s": -1}})"},
      {"unit", R"({"unit": "min"})"},
      {"outputs", R"({"outputs": [{"format": "xml"}]})"},
      {"threads", R"({"threads": 0})"},
      {"operations", R"({"operations": ["bogus"]})"},
      {"isolate", R"({"isolate": "yes"})"},
      {"job_timeout_s", R"({"job_timeout_s": -5})"},
      {"stop_after_s", R"({"stop_after_s": -1})"},
      {"warmup", R"({"warmup": 61})"},
      {"cipher_mode", R"({"cipher_mode": "streaming"})"},
      {"repetitions", R"({"repetitions": 0})"},
      {"processes", R"({"processes": 101})"},
      {"pin", R"({"pin": "x"})"},
      {"order", R"({"order": "random"})"},
      {"key_file", R"({"key_file": 5})"},
      {"leaks", R"({"leaks": {"format": "csv"}})"},
      {"layout", R"({"layout": "2005"})"},
      {"vectors", R"({"vectors": 5})"},
      {"select", R"({"select": {"data_size": "12XB"}})"},
  };
  const std::string unknown = error_of(R"({"no_such_key": 1})");
  const size_t allowed_at = unknown.find("allowed here: ");
  ASSERT_NE(allowed_at, std::string::npos) << unknown;
  std::vector<std::string> keys;
  for (size_t at = unknown.find('"', allowed_at); at != std::string::npos; at = unknown.find('"', at + 1)) {
    const size_t end = unknown.find('"', at + 1);
    keys.push_back(unknown.substr(at + 1, end - at - 1));
    at = end;
  }
  ASSERT_GE(keys.size(), 10u) << unknown;
  for (const auto& key : keys) {
    auto row = bad.find(key);
    ASSERT_NE(row, bad.end()) << "no bad-value row for the config key \"" << key << "\"";
    const std::string message = error_of(row->second);
    EXPECT_MENTIONS(message, "/" + key) << row->second;
  }
}

}  // namespace
}  // namespace ca
