// The journal: records survive a round trip through JSON; a journal cut by an interrupt (a partial last
// line) is read up to its last complete line; `run --resume` measures only what is missing and the final
// report holds every record exactly once.
#include "record/journal.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "record/record_json.hpp"
#include "record/record_key.hpp"
#include "tests/support/run_program.hpp"

namespace ca {
namespace {

using nlohmann::json;

// read_journal's contents; its Error as an exception, so that the expectations below read as they did.
JournalContents journal_of(std::istream& in, const std::string& name) {
  auto contents = read_journal(in, name);
  if (!contents) throw std::invalid_argument(contents.error().message);
  return std::move(*contents);
}

// record_from_json with its Error as text, for the expectations below.
std::optional<Record> from_json(const json& j, std::string& error) {
  auto r = record_from_json(j);
  if (r) return std::move(*r);
  error = r.error().message;
  return std::nullopt;
}

Record measured(const std::string& backend, const std::string& op, std::vector<double> samples) {
  Record r;
  r.backend = backend;
  r.algorithm = "AES-GCM";
  r.key_bits = 256;
  r.operation = op;
  r.data_bytes = 1024;
  r.exact_rounds = true;
  r.rounds_requested = 30;
  r.measurement.sample_ns = std::move(samples);
  r.measurement.sample_ops.assign(r.measurement.sample_ns.size(), 10);
  r.measurement.timed_ops = 10 * r.measurement.sample_ns.size();
  r.measurement.warmup_ops = 7;
  r.summary = stats::summarize(r.measurement.sample_ns);
  return r;
}

TEST(RecordJson, RoundTripKeepsEverythingReportsUse) {
  Record r = measured("alpha", "encrypt", {1000.5, 1010.25, 990.125});
  r.rounds_requested = 30;
  std::string error;
  auto back = from_json(json::parse(record_to_json(r).dump()), error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(key_of(*back), key_of(r));
  EXPECT_EQ(back->status, Status::Ok);
  EXPECT_TRUE(back->exact_rounds);
  EXPECT_EQ(back->rounds_requested, 30u);
  EXPECT_EQ(back->measurement.sample_ns, r.measurement.sample_ns);
  EXPECT_EQ(back->measurement.sample_ops, r.measurement.sample_ops);
  EXPECT_EQ(back->measurement.timed_ops, 30u);
  EXPECT_EQ(back->measurement.warmup_ops, 7u);
  EXPECT_DOUBLE_EQ(back->summary.median, r.summary.median);
  EXPECT_DOUBLE_EQ(back->summary.ci.high, r.summary.ci.high);
  EXPECT_EQ(record_to_json(*back), record_to_json(r)) << "the report line is the same after a round trip";
}

TEST(RecordJson, ThreadsRoundTripWithAggregateAndEfficiency) {
  Record r = measured("alpha", "encrypt", {1000, 1000, 1000});
  r.parallel.threads = 2;
  r.parallel.sample_ns = {600, 625, 650};  // ns per operation for both threads together
  r.parallel.sample_ops = {40, 40, 40};
  r.parallel_summary = stats::summarize(r.parallel.sample_ns);
  r.parallel_one.threads = 1;
  r.parallel_one.sample_ns = {1000, 1000, 1100};
  r.parallel_one.sample_ops = {20, 20, 20};
  r.parallel_one_summary = stats::summarize(r.parallel_one.sample_ns);
  ASSERT_TRUE(r.has_parallel());
  // 1e9/625 ops/s on two threads against 2 x 1e9/1000 on one: 1000 / (2 x 625) = 0.8.
  EXPECT_DOUBLE_EQ(r.scaling_efficiency(), 0.8);
  EXPECT_DOUBLE_EQ(r.parallel_throughput_mib_s(), 1024.0 * (1e9 / 625) / (1024.0 * 1024.0));
  const json j = record_to_json(r);
  EXPECT_EQ(j["threads"]["count"], 2);
  EXPECT_DOUBLE_EQ(j["threads"]["scaling_efficiency"].get<double>(), 0.8);
  std::string error;
  auto back = from_json(json::parse(j.dump()), error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->parallel.threads, 2u);
  EXPECT_EQ(back->parallel.sample_ns, r.parallel.sample_ns);
  EXPECT_DOUBLE_EQ(back->scaling_efficiency(), 0.8);
  EXPECT_EQ(record_to_json(*back), j);

  json broken = j;
  broken["threads"]["sample_ops"] = json::array({1});
  EXPECT_FALSE(from_json(broken, error));
  EXPECT_NE(error.find("/threads"), std::string::npos) << error;
}

TEST(RecordJson, RepetitionsRoundTripWithTheirMediansAndInterval) {
  Record r = measured("alpha", "encrypt", {10, 11, 20, 21, 30, 31});
  r.measurement.repetition_samples = {2, 2, 2};
  r.summary = stats::summarize_repetitions(r.measurement.sample_ns, r.measurement.repetition_samples);
  const json j = record_to_json(r);
  EXPECT_EQ(j["repetitions"], 3);
  EXPECT_EQ(j["repetition_medians_ns"], json::parse("[10.5, 20.5, 30.5]"));
  EXPECT_EQ(j["ci_ns"], json::parse("[10.5, 30.5]"));
  EXPECT_DOUBLE_EQ(j["ci_level"].get<double>(), 0.75);
  std::string error;
  auto back = from_json(json::parse(j.dump()), error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->measurement.repetition_samples, r.measurement.repetition_samples);
  EXPECT_EQ(record_to_json(*back), j);

  for (const char* bad : {"[2, 2]", "[6]", "[3, 0, 3]", "\"3\"", "[2, 2, -2]"}) {
    json broken = j;
    broken["repetition_samples"] = json::parse(bad);
    EXPECT_FALSE(from_json(broken, error)) << bad;
    EXPECT_NE(error.find("/repetition_samples"), std::string::npos) << error;
  }
  json plain = record_to_json(measured("alpha", "encrypt", {1, 2, 3}));
  EXPECT_FALSE(plain.contains("repetitions")) << "one repetition writes no repetition fields";
}

// --processes: each process's median, and the median and interval over them, survive a round trip.
TEST(RecordJson, ProcessesRoundTripWithTheirMediansAndInterval) {
  Record r = measured("alpha", "encrypt", {10, 11, 20, 21, 22, 30, 31});
  r.process_samples = {2, 3, 2};
  summarize_record(r);
  const json j = record_to_json(r);
  EXPECT_EQ(j["processes"], 3);
  EXPECT_EQ(j["process_samples"], json::parse("[2, 3, 2]"));
  EXPECT_EQ(j["process_medians_ns"], json::parse("[10.5, 21, 30.5]"));
  EXPECT_DOUBLE_EQ(j["median_ns"].get<double>(), 21);
  EXPECT_EQ(j["ci_ns"], json::parse("[10.5, 30.5]"));
  EXPECT_FALSE(j.contains("repetition_medians_ns"));
  std::string error;
  auto back = from_json(json::parse(j.dump()), error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->process_samples, r.process_samples);
  EXPECT_EQ(back->summary.process_medians, r.summary.process_medians);
  EXPECT_EQ(record_to_json(*back), j);

  for (const char* bad : {"[3, 3]", "[7]", "[4, 0, 3]", "\"3\""}) {
    json broken = j;
    broken["process_samples"] = json::parse(bad);
    EXPECT_FALSE(from_json(broken, error)) << bad;
    EXPECT_NE(error.find("/process_samples"), std::string::npos) << error;
  }
  json both = j;
  both["repetition_samples"] = json::parse("[3, 4]");
  EXPECT_FALSE(from_json(both, error));
  EXPECT_FALSE(record_to_json(measured("alpha", "encrypt", {1, 2, 3})).contains("processes"));
}

TEST(RecordJson, UndefinedStatisticsAreNullAndComeBack) {
  Record one = measured("alpha", "hash", {500});  // n = 1: no standard deviation
  json j = record_to_json(one);
  EXPECT_TRUE(j["stddev_ns"].is_null());
  std::string error;
  auto back = from_json(json::parse(j.dump()), error);
  ASSERT_TRUE(back) << error;
  EXPECT_TRUE(std::isnan(back->summary.stddev));
}

TEST(RecordJson, UnmeasuredRecordsKeepTheirReason) {
  Record r;
  r.backend = "beta";
  r.algorithm = "AES-EAX";
  r.key_bits = 128;
  r.operation = "decrypt";
  r.data_bytes = 16;
  r.status = Status::Unsupported;
  r.error = "not offered";
  json j = record_to_json(r);
  EXPECT_FALSE(j.contains("samples_ns"));
  std::string error;
  auto back = from_json(j, error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->status, Status::Unsupported);
  EXPECT_EQ(back->error, "not offered");
  EXPECT_FALSE(back->exact_rounds);
}

TEST(RecordJson, MalformedObjectsNameThePointer) {
  json good = record_to_json(measured("alpha", "encrypt", {1, 2, 3}));
  auto error_of = [](json j) {
    std::string error;
    EXPECT_FALSE(from_json(j, error));
    return error;
  };
  json j = good;
  j.erase("backend");
  EXPECT_EQ(error_of(j), "/backend: missing");
  j = good;
  j["samples_ns"][1] = "x";
  EXPECT_EQ(error_of(j), "/samples_ns/1: expected a number, got a string (\"x\")");
  j = good;
  j["status"] = "maybe";
  EXPECT_EQ(
      error_of(j),
      "/status: expected \"ok\", \"unsupported\", \"failed\" or \"disputed\", got a string (\"maybe\")");
  j = good;
  j["key_bits"] = -1;
  EXPECT_EQ(error_of(j), "/key_bits: expected a whole number >= 0, got the number -1");
  j = good;
  j["sample_ops"] = json::array({1});
  EXPECT_EQ(error_of(j).rfind("/sample_ops: expected an array of 3 whole numbers", 0), 0u);
  EXPECT_EQ(error_of(json::array()), ": expected a result object, got an array");
}

std::string lines_of(const std::vector<Record>& records) {
  std::string text;
  for (const Record& r : records) text += record_to_json(r).dump() + "\n";
  return text;
}

TEST(JournalFile, PartialLastLineIsIgnored) {
  std::vector<Record> records{measured("a", "encrypt", {1, 2}), measured("a", "decrypt", {3, 4}),
                              measured("b", "encrypt", {5, 6})};
  const std::string complete = lines_of(records);
  const std::string next = record_to_json(measured("b", "decrypt", {7, 8})).dump();
  std::istringstream in(complete + next.substr(0, next.size() / 2));
  JournalContents c = journal_of(in, "j.journal");
  ASSERT_EQ(c.records.size(), 3u);
  EXPECT_TRUE(c.ignored_partial_line);
  EXPECT_EQ(c.valid_bytes, complete.size());
  EXPECT_EQ(c.records[2].backend, "b");
  EXPECT_EQ(c.lines, (std::vector<size_t>{1, 2, 3}));
}

TEST(JournalFile, CompleteJournalAndBlankLines) {
  std::istringstream in(lines_of({measured("a", "encrypt", {1})}) + "\n");
  JournalContents c = journal_of(in, "j.journal");
  EXPECT_EQ(c.records.size(), 1u);
  EXPECT_FALSE(c.ignored_partial_line);
  EXPECT_EQ(c.valid_bytes, in.str().size());
  std::istringstream empty("");
  EXPECT_TRUE(journal_of(empty, "j.journal").records.empty());
}

TEST(JournalFile, BadCompleteLineIsAnError) {
  std::istringstream in(lines_of({measured("a", "encrypt", {1})}) + "{not json}\n" +
                        lines_of({measured("a", "decrypt", {1})}));
  try {
    journal_of(in, "j.journal");
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("j.journal:2: not a JSON record line", 0), 0u) << e.what();
  }
  std::istringstream wrong(R"({"backend": "a"})"
                           "\n");
  EXPECT_THROW(journal_of(wrong, "j.journal"), std::invalid_argument);
}

TEST(JournalFile, WriterAppendsOneFlushedLinePerRecord) {
  const std::string path = testing::TempDir() + "journal_writer_" + std::to_string(::getpid()) + ".journal";
  RunSettings settings;
  settings.threads = 3;
  settings.rounds = 30;
  {
    auto w = JournalWriter::open(path, false, settings);
    ASSERT_TRUE(w.ok()) << w.error().message;
    EXPECT_TRUE((*w)->append(measured("a", "encrypt", {1})));
    std::ifstream in(path);  // flushed: readable while the writer is still open
    EXPECT_EQ(journal_of(in, path).records.size(), 1u);
  }
  {
    auto w = JournalWriter::open(path, true, settings);
    ASSERT_TRUE(w.ok()) << w.error().message;
    EXPECT_TRUE((*w)->append(measured("a", "decrypt", {1})));
  }
  std::ifstream in(path);
  const JournalContents contents = journal_of(in, path);
  EXPECT_EQ(contents.records.size(), 2u);
  ASSERT_TRUE(contents.settings.has_value()) << "the first line holds the settings";
  EXPECT_EQ(*contents.settings, settings);
  auto fresh = JournalWriter::open(path, false, settings);  // not appending: starts afresh
  ASSERT_TRUE(fresh.ok());
  std::ifstream again(path);
  EXPECT_TRUE(journal_of(again, path).records.empty());
  std::filesystem::remove(path);
}

TEST(JournalFile, SettingsDifferenceNamesTheFlag) {
  RunSettings a, b;
  a.processes = b.processes = 1;  // as a run resolves them (apply_to_plan)
  EXPECT_EQ(resume_difference(a, b), "");
  b.threads = 4;
  EXPECT_EQ(resume_difference(a, b), "--threads 1, this run uses --threads 4");
  b = a;
  b.repetitions = 3;
  EXPECT_EQ(resume_difference(a, b), "--repetitions 1, this run uses --repetitions 3");
  b = a;
  b.processes = 5;
  EXPECT_EQ(resume_difference(a, b), "--processes 1, this run uses --processes 5");
  b = a;
  b.cipher_stream = true;
  EXPECT_EQ(resume_difference(a, b), "--cipher-mode per-message, this run uses --cipher-mode stream");
  b = a;
  b.budget_s = 0.5;
  EXPECT_NE(resume_difference(a, b).find("--budget"), std::string::npos);
  b = a;
  b.target_rel_ci = 0.02;
  EXPECT_NE(resume_difference(a, b).find("--ci-target"), std::string::npos);
}

// A journal is input like any other file: a record no measurement could have made is refused, naming the
// line, rather than resumed as `ok`.
TEST(JournalFile, ImplausibleRecordsAreRefused) {
  struct Case {
    std::vector<double> samples;
    const char* must_mention;
  };
  const Case cases[] = {
      {{}, "an ok record without samples"},
      {{100, -5, 100}, "/samples_ns/1: -5 is not a time"},
      {{100, 0}, "/samples_ns/1: 0 is not a time"},
  };
  for (const Case& c : cases) {
    std::istringstream in(lines_of({measured("a", "encrypt", {1}), measured("a", "decrypt", c.samples)}));
    try {
      journal_of(in, "j.journal");
      FAIL() << "accepted: " << c.must_mention;
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()).rfind("j.journal:2: ", 0), 0u) << e.what();
      EXPECT_NE(std::string(e.what()).find(c.must_mention), std::string::npos) << e.what();
    }
  }
  // Operation counts that do not add up to the record's rounds.
  Record bad = measured("a", "encrypt", {100, 200});
  json j = record_to_json(bad);
  j["rounds"] = 999;
  std::istringstream in(j.dump() + "\n");
  try {
    journal_of(in, "j.journal");
    FAIL() << "accepted a record whose sample_ops do not add up to its rounds";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("the record's rounds say 999"), std::string::npos) << e.what();
  }
}

// ---- The program: interrupt and resume -------------------------------------------------------------

using Result = ca::test::ProgramResult;

std::string temp_dir() {
  std::string dir = testing::TempDir() + "journal_test_XXXXXX";
  if (::mkdtemp(dir.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  return dir;
}

Result run_binary(const std::string& args, const std::string& dir) {
  return ca::test::run_program("cd " + dir + " && " + ca::test::binary() + " " + args);
}

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool have_openssl() {
  return std::filesystem::exists(std::string(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) + "/ca-backend-openssl.so");
}

class Resume : public testing::Test {
 protected:
  void SetUp() override {
    if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built";
    dir_ = temp_dir();
    // 2 algorithms x 2 sizes x their operations = 6 records.
    std::ofstream(dir_ + "/study.json") << R"({
      "name": "resume-test",
      "algorithms": [{"hash": "SHA2-256"}, {"cipher": "AES-GCM"}],
      "backends": ["openssl"], "data_sizes": ["64B", "1KB"], "rounds": 300,
      "outputs": [{"format": "json", "path": "report.json"}]})";
  }
  json report() {
    std::ifstream in(dir_ + "/out/report.json");
    return json::parse(in);
  }
  std::string journal() const { return dir_ + "/out/report.json.journal"; }
  std::string dir_;
};

TEST_F(Resume, InterruptedRunIsCompletedWithEveryRecordOnce) {
  Result first = run_binary("run study.json --output-dir out --quiet", dir_);
  ASSERT_EQ(first.status, 0) << first.err;
  const std::vector<std::string> lines = read_lines(journal());
  ASSERT_EQ(lines.size(), 7u) << "the settings, then one line per record";
  EXPECT_EQ(report()["results"].size(), 6u);

  // An interrupt after the third record, in the middle of writing the fourth.
  {
    std::ofstream cut(journal(), std::ios::trunc);
    for (size_t i = 0; i < 4; ++i) cut << lines[i] << '\n';
    cut << lines[4].substr(0, lines[4].size() / 2);
  }
  std::filesystem::remove(dir_ + "/out/report.json");

  Result resumed = run_binary("run study.json --output-dir out --resume --quiet", dir_);
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("ignoring the journal's last line"), std::string::npos) << resumed.err;
  EXPECT_NE(resumed.err.find("3 of 6 records already measured"), std::string::npos) << resumed.err;

  const json results = report()["results"];
  ASSERT_EQ(results.size(), 6u);
  std::map<RecordKey, int> seen;
  for (const auto& j : results) {
    std::string error;
    auto r = from_json(j, error);
    ASSERT_TRUE(r) << error;
    ++seen[key_of(*r)];
  }
  EXPECT_EQ(seen.size(), 6u);
  for (const auto& [key, count] : seen) EXPECT_EQ(count, 1) << std::get<1>(key) << " " << std::get<3>(key);

  // The first three records were taken from the journal, not measured again: same samples, same place.
  for (size_t i = 0; i < 3; ++i) {
    const json old = json::parse(lines[i + 1]);
    EXPECT_EQ(results[i]["samples_ns"], old["samples_ns"]) << i;
  }
  // The journal is whole again: the partial line replaced, the three missing records appended.
  const auto after = read_lines(journal());
  ASSERT_EQ(after.size(), 7u);
  json parsed;  // assigned, not discarded: g++ 14 keeps nlohmann::json::parse's warn_unused_result through a cast
  for (const auto& line : after) EXPECT_NO_THROW(parsed = json::parse(line)) << line;

  // The report is in the plan's order: SHA2-256 at 64B and 1KB, then AES-GCM.
  EXPECT_EQ(results[0]["algorithm"], "SHA2-256");
  EXPECT_EQ(results[1]["algorithm"], "SHA2-256");
  EXPECT_EQ(results[2]["operation"], "encrypt");
  EXPECT_EQ(results[3]["operation"], "decrypt");

  // Resuming a finished study measures nothing.
  Result again = run_binary("run study.json --output-dir out --resume --quiet", dir_);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("6 of 6 records already measured"), std::string::npos) << again.err;
  EXPECT_EQ(report()["results"], results);
}

TEST_F(Resume, OtherRoundsSettingIsRefused) {
  ASSERT_EQ(run_binary("run study.json --output-dir out --quiet", dir_).status, 0);
  Result r = run_binary("run study.json --output-dir out --resume -r 50", dir_);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("journal 'out/report.json.journal' was measured with --rounds 300, this run uses "
                       "--rounds 50"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(read_lines(journal()).size(), 7u) << "the journal is left as it was";
  // A journal of an older cryptauditor has no settings line: its records' rounds are still checked.
  auto lines = read_lines(journal());
  {
    std::ofstream out(journal(), std::ios::trunc);
    for (size_t i = 1; i < lines.size(); ++i) out << lines[i] << '\n';
  }
  Result old = run_binary("run study.json --output-dir out --resume -r 50", dir_);
  EXPECT_EQ(old.status, 2) << old.err;
  EXPECT_NE(
      old.err.find("report.json.journal:1: this record was measured with exactly 300 rounds, this run uses "
                   "exactly 50 rounds"),
      std::string::npos)
      << old.err;
}

// The settings that shape a record but are not in it (threads, repetitions, cipher mode, budget, CI
// target): a resumed run with other values would mix records measured two ways in one report.
TEST_F(Resume, OtherSettingsThatShapeRecordsAreRefused) {
  ASSERT_EQ(run_binary("run study.json --output-dir out --quiet", dir_).status, 0);
  const auto before = read_lines(journal());
  const std::pair<const char*, const char*> cases[] = {
      {"--threads 2", "was measured with --threads 1, this run uses --threads 2"},
      {"--repetitions 2", "was measured with --repetitions 1, this run uses --repetitions 2"},
      {"--cipher-mode stream",
       "was measured with --cipher-mode per-message, this run uses --cipher-mode stream"},
  };
  for (const auto& [flag, message] : cases) {
    Result r = run_binary(std::string("run study.json --output-dir out --resume --quiet ") + flag, dir_);
    EXPECT_EQ(r.status, 2) << flag << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_EQ(read_lines(journal()), before) << "the journal is left as it was";
  }
}

TEST_F(Resume, AdaptiveBudgetOrCiTargetMismatchIsRefused) {
  std::ofstream(dir_ + "/adaptive.json") << R"({
    "name": "adaptive", "algorithms": [{"hash": "SHA2-256"}], "backends": ["openssl"],
    "data_sizes": ["64B"], "stopping": {"budget_s": 0.05, "target_rel_ci": 0.05},
    "outputs": [{"format": "json", "path": "a.json"}]})";
  ASSERT_EQ(run_binary("run adaptive.json --quiet", dir_).status, 0);
  Result budget = run_binary("run adaptive.json --resume --quiet --budget 0.1", dir_);
  EXPECT_EQ(budget.status, 2) << budget.err;
  EXPECT_NE(budget.err.find("was measured with --budget 0.05, this run uses --budget 0.1"), std::string::npos)
      << budget.err;
  Result target = run_binary("run adaptive.json --resume --quiet --ci-target 2", dir_);
  EXPECT_EQ(target.status, 2) << target.err;
  EXPECT_NE(target.err.find("was measured with --ci-target 5, this run uses --ci-target 2"),
            std::string::npos)
      << target.err;
  Result same = run_binary("run adaptive.json --resume --quiet", dir_);
  EXPECT_EQ(same.status, 0) << same.err;
}

TEST_F(Resume, WithoutAJournalStartsFromTheBeginning) {
  Result r = run_binary("run study.json --output-dir out --resume --quiet", dir_);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("no journal at out/report.json.journal yet"), std::string::npos) << r.err;
  EXPECT_EQ(report()["results"].size(), 6u);
}

TEST_F(Resume, WithoutResumeTheJournalStartsAfresh) {
  ASSERT_EQ(run_binary("run study.json --output-dir out --quiet", dir_).status, 0);
  ASSERT_EQ(run_binary("run study.json --output-dir out --quiet", dir_).status, 0);
  EXPECT_EQ(read_lines(journal()).size(), 7u);
}

TEST_F(Resume, CorruptJournalLineIsAUsageError) {
  ASSERT_EQ(run_binary("run study.json --output-dir out --quiet", dir_).status, 0);
  auto lines = read_lines(journal());
  {
    std::ofstream out(journal(), std::ios::trunc);
    out << lines[0] << '\n' << lines[1] << "\n{\"backend\": 1}\n";
  }
  Result r = run_binary("run study.json --output-dir out --resume", dir_);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("report.json.journal:3: not a journal record: /backend: expected a string"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace ca
