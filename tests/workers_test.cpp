// --processes N (issue #32): the run's exec'd workers are persistent (one per process index and library,
// reused by every job), one comparison interleaves the lanes of all processes under one stopping rule, and
// a worker whose job failed is replaced, not reused.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "exec/comparison.hpp"
#include "exec/lane_pipe.hpp"
#include "plugin/backend.hpp"
#include "record/record.hpp"
#include "tests/support/run_program.hpp"
#include "tests/support/sanitizers.hpp"

namespace {

namespace fs = std::filesystem;

class Workers : public testing::Test {
 protected:
  // Loads `file` from `dir` (the test skips when it was not built).
  const ca::Backend* load(const std::string& dir, const std::string& name) {
    const fs::path path = fs::path(dir) / ("ca-backend-" + name + ".so");
    if (!fs::exists(path)) return nullptr;
    auto loaded = ca::load_plugin(path.string(), name);
    if (!loaded) return nullptr;
    backends_.push_back(std::move(*loaded));
    return backends_.back().get();
  }

  // A plan over `backends` with `processes` workers each, exact rounds (quick and deterministic in size).
  static ca::RunPlan plan(const std::vector<const ca::Backend*>& backends, size_t processes) {
    ca::RunPlan p;
    p.backends = backends;
    p.processes = processes;
    p.worker_program = ca::test::binary();
    p.measure.rounds = 400;
    p.measure.warmup_s = 0.002;
    p.job_timeout_s = 60;
    return p;
  }

  // Runs every job of `p` as the runner does, the workers ended at the end; the records.
  static std::vector<ca::Record> run(const ca::RunPlan& p) {
    std::vector<ca::Record> records;
    for (const ca::Job& job : p.jobs)
      EXPECT_TRUE(ca::run_interleaved_job(
          p, job, p.backends,
          [](const ca::Backend&, const ca::Job&, size_t, const std::string&) { return true; },
          [&](ca::Record r) { records.push_back(std::move(r)); }));
    ca::end_workers();
    return records;
  }

  void TearDown() override { ca::end_workers(); }

  std::vector<std::unique_ptr<ca::Backend>> backends_;
};

// Two algorithms (two jobs) over two libraries at --processes 2: N x L = 4 workers, each serving both jobs,
// not 2 x N x L = 8 (a fresh set per job). Every record is measured in both processes.
TEST_F(Workers, AWorkerServesEveryJobOfTheRun) {
  const auto* openssl = load(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS, "openssl");
  const auto* botan = load(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS, "botan");
  if (openssl == nullptr || botan == nullptr) GTEST_SKIP() << "needs the openssl and botan backends";
  ca::RunPlan p = plan({openssl, botan}, 2);
  p.jobs.push_back({ca::find_algorithm("AES-GCM"), 256});
  p.jobs.push_back({ca::find_algorithm("CHACHA20-POLY1305"), 256});
  p.data_sizes = {1024};
  p.operations = {"encrypt"};
  const size_t before = ca::workers_started();
  const auto records = run(p);
  EXPECT_EQ(ca::workers_started() - before, 4u);
  ASSERT_EQ(records.size(), 4u);
  for (const ca::Record& r : records) {
    EXPECT_TRUE(r.ok()) << r.backend << " " << r.algorithm << ": " << r.error;
    EXPECT_EQ(r.process_samples.size(), 2u) << r.backend << " " << r.algorithm;
  }
}

// One comparison's lanes of both processes are sampled in one interleaved run: the calibration backend logs
// its process id at every operation, and the order switches between its two workers all along the
// measurement (N passes one after another switch once). Its two workers are the only ones of it (one per
// process). Both libraries' records share one comparison, each process's rounds tagged apart.
TEST_F(Workers, TheLanesOfAllProcessesAreInterleavedInOneRun) {
  const auto* openssl = load(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS, "openssl");
  const auto* calib = load(CRYPTAUDITOR_CALIBRATION_PLUGIN_DIR, "calib");
  if (openssl == nullptr || calib == nullptr) GTEST_SKIP() << "needs the openssl and calibration backends";
  const fs::path log = fs::path(testing::TempDir()) / ("ca-workers-calls-" + std::to_string(::getpid()));
  fs::remove(log);
  ::setenv("CA_CALIBRATION_CALL_LOG", log.c_str(), 1);
  ca::RunPlan p = plan({openssl, calib}, 2);
  p.jobs.push_back({ca::find_algorithm("SHA2-256"), 0});
  p.data_sizes = {64};
  p.operations = {"hash"};
  p.measure.rounds = 2000;
  const auto records = run(p);
  ::unsetenv("CA_CALIBRATION_CALL_LOG");
  std::ifstream in(log);
  std::vector<std::string> pids;
  for (std::string line; std::getline(in, line);) pids.push_back(line);
  fs::remove(log);
  EXPECT_EQ(std::set<std::string>(pids.begin(), pids.end()).size(), 2u);
  size_t switches = 0;
  for (size_t i = 1; i < pids.size(); ++i) switches += pids[i] != pids[i - 1];
  EXPECT_GE(switches, 20u) << pids.size() << " calls";

  ASSERT_EQ(records.size(), 2u);
  for (const ca::Record& r : records) {
    ASSERT_TRUE(r.ok()) << r.backend << ": " << r.error;
    ASSERT_EQ(r.process_samples.size(), 2u);
    // Process 1's rounds are tagged past process 0's, so the rankings pair within a process.
    const auto& rounds = r.measurement.sample_round;
    ASSERT_EQ(rounds.size(), r.measurement.sample_ns.size());
    EXPECT_LT(rounds[r.process_samples[0] - 1], ca::Record::kRoundsPerProcess) << r.backend;
    EXPECT_GE(rounds[r.process_samples[0]], ca::Record::kRoundsPerProcess) << r.backend;
  }
  EXPECT_EQ(records[0].comparison, records[1].comparison);
}

// A worker that crashed in job 1 (segfault: SIGSEGV in encrypt at 16KB) fails its rows there, and job 2
// (1KB, which it computes) is measured by a fresh worker. A worker whose job failed without dying
// (wrong_repeat: its timed output is wrong) is not reused either; openssl's workers serve both jobs.
TEST_F(Workers, AWorkerWhoseJobFailedIsReplacedForTheNextJob) {
  const auto* openssl = load(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS, "openssl");
  const auto* segfault = load(CRYPTAUDITOR_FAULT_PLUGIN_DIR, "segfault");
  const auto* wrong = load(CRYPTAUDITOR_FAULT_PLUGIN_DIR, "wrong_repeat");
  if (openssl == nullptr || segfault == nullptr || wrong == nullptr) GTEST_SKIP() << "needs the plugins";
  ca::RunPlan p = plan({openssl, segfault, wrong}, 2);
  p.jobs.push_back({ca::find_algorithm("CHACHA20"), 256, {16384}});
  p.jobs.push_back({ca::find_algorithm("CHACHA20"), 256, {1024}});
  p.operations = {"encrypt"};
  const size_t before = ca::workers_started();
  std::vector<ca::Record> job1, job2;
  const auto wanted = [](const ca::Backend&, const ca::Job&, size_t, const std::string&) { return true; };
  ASSERT_TRUE(ca::run_interleaved_job(p, p.jobs[0], p.backends, wanted,
                                      [&](ca::Record r) { job1.push_back(std::move(r)); }));
  EXPECT_EQ(ca::workers_started() - before, 6u);
  ASSERT_TRUE(ca::run_interleaved_job(p, p.jobs[1], p.backends, wanted,
                                      [&](ca::Record r) { job2.push_back(std::move(r)); }));
  ca::end_workers();
  EXPECT_EQ(ca::workers_started() - before, 10u) << "segfault's and wrong_repeat's workers started again";
  std::map<std::string, const ca::Record*> first, second;
  for (const auto& r : job1) first[r.backend] = &r;
  for (const auto& r : job2) second[r.backend] = &r;
  ASSERT_EQ(first.size(), 3u);
  ASSERT_EQ(second.size(), 3u);
  EXPECT_TRUE(first["openssl"]->ok()) << first["openssl"]->error;
  EXPECT_FALSE(first["segfault"]->ok());
  EXPECT_NE(first["segfault"]->error.find(ca::test::kCrashSignalName), std::string::npos)
      << first["segfault"]->error;
  EXPECT_FALSE(first["wrong_repeat"]->ok());
  EXPECT_TRUE(second["openssl"]->ok()) << second["openssl"]->error;
  EXPECT_TRUE(second["segfault"]->ok()) << second["segfault"]->error;
  EXPECT_EQ(second["segfault"]->process_samples.size(), 2u);
}

}  // namespace
