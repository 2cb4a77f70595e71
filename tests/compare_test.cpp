// `cryptauditor compare`: matching rows, the verdicts, the text report (golden), report-file errors, and
// the program on real reports: a 2x slowdown injected into one row is flagged, a 1 % shift is not.
#include "compare/compare.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <sstream>

#include "compare/report_file.hpp"
#include "plugins/compare_report.hpp"
#include "record/record_json.hpp"
#include "tests/support/run_program.hpp"

namespace ca {
namespace {

using nlohmann::json;

// A record whose samples are `median` +- a spread that does not change with the median's scale; with
// `processes` >= 2, split into that many processes whose medians step by `step` ns around `median`.
Record rec(const std::string& backend, const std::string& alg, const std::string& op, double median,
           size_t processes = 1, double step = 1) {
  Record r;
  r.backend = backend;
  r.algorithm = alg;
  r.key_bits = alg == "SHA2-256" ? 0 : 256;
  r.operation = op;
  r.data_bytes = 1024;
  for (size_t p = 0; p < processes; ++p) {
    const double centre = median + (static_cast<double>(p) - static_cast<double>(processes - 1) / 2) *
                                       (processes > 1 ? step : 0);
    for (double d : {-3.0, -2.0, -1.0, 0.0, 0.0, 1.0, 2.0, 3.0, 4.0, -4.0})
      r.measurement.sample_ns.push_back(centre + d);
    if (processes > 1) r.process_samples.push_back(10);
  }
  r.measurement.sample_ops.assign(r.measurement.sample_ns.size(), 100);
  summarize_record(r);
  return r;
}

// A record whose processes have exactly these medians (each process's samples are its median +- a spread
// of a few ns that leaves the median where it is).
Record rec_medians(const std::string& backend, const std::string& alg, const std::string& op,
                   const std::vector<double>& medians, size_t data_bytes = 1024) {
  Record r;
  r.backend = backend;
  r.algorithm = alg;
  r.key_bits = alg == "SHA2-256" ? 0 : 256;
  r.operation = op;
  r.data_bytes = data_bytes;
  for (double m : medians) {
    for (double d : {-3.0, -2.0, -1.0, 0.0, 0.0, 1.0, 2.0, 3.0, 4.0, -4.0})
      r.measurement.sample_ns.push_back(m + d * m * 1e-4);
    if (medians.size() > 1) r.process_samples.push_back(10);
  }
  r.measurement.sample_ops.assign(r.measurement.sample_ns.size(), 100);
  summarize_record(r);
  return r;
}

// Normal deviates from a fixed-seed generator (Box-Muller: the same on every standard library).
struct Gaussian {
  std::mt19937_64 rng;
  explicit Gaussian(uint64_t seed) : rng(seed) {}
  double operator()() {
    const double u1 = (static_cast<double>(rng() >> 11) + 0.5) / 9007199254740992.0;
    const double u2 = static_cast<double>(rng() >> 11) / 9007199254740992.0;
    return std::sqrt(-2 * std::log(u1)) * std::cos(2 * M_PI * u2);
  }
};

// `rows` rows of `processes` process medians each, log-normal around 1000 ns times `factor` with a
// log-scale spread `sigma` between processes; row i is backend "b<i / 4>", size 64 << (i % 4).
std::vector<Record> noisy_report(Gaussian& g, size_t rows, size_t processes, double sigma,
                                 const std::vector<double>& factor) {
  std::vector<Record> out;
  for (size_t i = 0; i < rows; ++i) {
    std::vector<double> medians;
    for (size_t p = 0; p < processes; ++p) medians.push_back(1000 * factor[i] * std::exp(sigma * g()));
    out.push_back(
        rec_medians("b" + std::to_string(i / 4), "SHA2-256", "hash", medians, size_t{64} << (i % 4)));
  }
  return out;
}

TEST(Compare, VerdictsFollowSignificanceAndThreshold) {
  // Five processes a side, medians 998..1002 against 1998..2002 (2x): Welch's t on their logs is huge and
  // p tiny; Benjamini-Hochberg over the 3 testable rows. The exact U p (shown, not decisive) is 2/252.
  std::vector<Record> base{rec("a", "AES-GCM", "encrypt", 1000, 5), rec("a", "AES-GCM", "decrypt", 1000, 5),
                           rec("a", "SHA2-256", "hash", 1000, 5), rec("b", "AES-GCM", "encrypt", 1000, 5)};
  std::vector<Record> next{rec("a", "AES-GCM", "encrypt", 2000, 5),   // 2x: slower
                           rec("a", "AES-GCM", "decrypt", 500, 5),    // half: faster
                           rec("a", "SHA2-256", "hash", 1001, 5, 2),  // within noise: medians interleave
                           rec("c", "AES-GCM", "encrypt", 1000, 5)};  // another backend
  Comparison c = compare_records(base, next, {});
  ASSERT_EQ(c.rows.size(), 5u);
  EXPECT_EQ(c.rows[0].verdict, Verdict::Slower);
  EXPECT_NEAR(c.rows[0].ratio, 2, 1e-5);  // the ratio of the geometric means of the process medians
  EXPECT_NEAR(c.rows[0].p_u, 2.0 / 252, 1e-12);
  EXPECT_LT(c.rows[0].p, 1e-12);
  EXPECT_NEAR(c.rows[0].log_change, std::log(2.0), 1e-5);
  // The same steps in ns at twice the median: the base's log variance is 4x the new's, v_b / v_c = 4, so
  // df = 4 (1 + 1/4)^2 / (1 + 1/16) = 5.88 (not n1 + n2 - 2 = 8: Welch's df for unequal spreads).
  EXPECT_NEAR(c.rows[0].df, 4 * 1.5625 / 1.0625, 1e-3);
  EXPECT_EQ(c.rows[0].base_processes, 5u);
  EXPECT_LE(c.rows[0].ratio_ci.low, 2.0);
  EXPECT_GE(c.rows[0].ratio_ci.high, 2.0);
  EXPECT_EQ(c.rows[1].verdict, Verdict::Faster);
  EXPECT_EQ(c.rows[2].verdict, Verdict::Unchanged);
  EXPECT_GT(c.rows[2].p, 0.05);
  EXPECT_EQ(c.rows[3].verdict, Verdict::NotComparable);
  EXPECT_EQ(c.rows[3].note, "only in the base report");
  EXPECT_EQ(c.rows[4].note, "only in the new report");
  EXPECT_EQ(c.compared, 3u);
  EXPECT_EQ(c.testable, 3u);
  EXPECT_EQ(c.slower, 1u);
  EXPECT_EQ(c.faster, 1u);
  EXPECT_EQ(c.insensitive, 0u);
  EXPECT_NEAR(c.row_alpha, 0.05 / 3, 1e-15);
  EXPECT_NEAR(c.geomean_ratio, std::cbrt(2 * 0.5 * 1.001), 1e-5);
}

// The samples of one process are not evidence about the code: a twofold change measured in one process on
// either side is shown, marked, and never called significant.
TEST(Compare, OneProcessOnEitherSideIsNotTestable) {
  std::vector<Record> base{rec("a", "AES-GCM", "encrypt", 1000, 1), rec("a", "AES-GCM", "decrypt", 1000, 5)};
  std::vector<Record> next{rec("a", "AES-GCM", "encrypt", 2000, 5), rec("a", "AES-GCM", "decrypt", 2000, 1)};
  Comparison c = compare_records(base, next, {});
  for (const ComparedRow& row : c.rows) {
    EXPECT_EQ(row.verdict, Verdict::NotTestable);
    EXPECT_EQ(row.note, "not testable: 1 process");
    EXPECT_DOUBLE_EQ(row.ratio, 2);
  }
  EXPECT_EQ(c.compared, 2u);
  EXPECT_EQ(c.testable, 0u);
  EXPECT_EQ(c.slower, 0u);
}

// Every figure doubled at --processes 3 (issue #32's first check): with 4 rows (too few to measure a shared
// shift) and with 36 under --no-drift, every row is SLOWER. The exact U test could not (3 against 3:
// p >= 0.1), nor Holm over 36 rows at 5 processes. With the shared shift measured (the default, 36 rows) the
// same doubling reads as the machine running at half speed: tests/compare_test.cpp's Drift cases.
TEST(Compare, EveryFigureDoubledAtThreeProcessesFlagsEveryRow) {
  CompareSettings no_drift;
  no_drift.drift = false;
  for (size_t rows : {4u, 36u}) {
    Gaussian g(rows);
    const std::vector<Record> base = noisy_report(g, rows, 3, 0.01, std::vector<double>(rows, 1.0));
    std::vector<Record> doubled = base;
    for (Record& r : doubled) {
      for (double& x : r.measurement.sample_ns) x *= 2;
      summarize_record(r);
    }
    const Comparison c = compare_records(base, doubled, rows < kMinDriftRows ? CompareSettings{} : no_drift);
    EXPECT_FALSE(c.drift.applied);
    EXPECT_EQ(c.testable, rows);
    EXPECT_EQ(c.slower, rows) << rows << " rows";
    for (const ComparedRow& row : c.rows) {
      EXPECT_EQ(row.verdict, Verdict::Slower);
      EXPECT_NEAR(row.ratio, 2, 1e-9);
      EXPECT_GE(row.p_u, 0.1);  // the U test alone could never flag it
    }
  }
}

// Four of 36 rows 10 % slower at 5 processes, 2 % spread between processes: Benjamini-Hochberg keeps the
// power Holm lost (Holm's smallest possible adjusted p at 5 against 5 was 36 x 2/252 = 0.29). Over 100
// simulated compares, the four are flagged together in nearly all, and other rows almost never.
TEST(Compare, ATenPercentSlowdownOfFourOfThirtySixRowsIsFound) {
  Gaussian g(7);
  std::vector<double> factor(36, 1.0);
  for (size_t i = 0; i < 4; ++i) factor[i] = 1.10;
  size_t all_four = 0, other_flagged = 0;
  for (int sim = 0; sim < 100; ++sim) {
    const std::vector<Record> base = noisy_report(g, 36, 5, 0.02, std::vector<double>(36, 1.0));
    const std::vector<Record> next = noisy_report(g, 36, 5, 0.02, factor);
    const Comparison c = compare_records(base, next, {});
    size_t found = 0;
    for (size_t i = 0; i < 36; ++i) {
      const bool flagged = c.rows[i].verdict == Verdict::Slower;
      if (i < 4)
        found += flagged;
      else
        other_flagged += c.rows[i].verdict != Verdict::Unchanged;
    }
    all_four += found == 4;
  }
  EXPECT_GE(all_four, 95u);
  EXPECT_LE(other_flagged, 5u);
}

// A/A: both reports from the same distribution, 36 rows, 5 processes. With the threshold out of the way
// (0.01 %), the test alone decides: Benjamini-Hochberg at 0.05 under the complete null flags any row in at
// most 5 % of compares (about 10 of 200; Welch's t without a correction would flag about 84 %).
TEST(Compare, AAComparesOfThirtySixRowsRarelyFlagAnyRow) {
  Gaussian g(11);
  CompareSettings no_threshold;
  no_threshold.threshold = 1e-4;
  CompareSettings no_drift = no_threshold;
  no_drift.drift = false;
  size_t any = 0, any_against_drift = 0;
  for (int sim = 0; sim < 100; ++sim) {
    const std::vector<Record> a = noisy_report(g, 36, 5, 0.03, std::vector<double>(36, 1.0));
    const std::vector<Record> b = noisy_report(g, 36, 5, 0.03, std::vector<double>(36, 1.0));
    const Comparison c = compare_records(a, b, no_drift);
    any += c.slower + c.faster > 0;
    const Comparison d = compare_records(a, b, no_threshold);  // each row against the shared shift
    any_against_drift += d.slower + d.faster > 0;
  }
  EXPECT_LE(any, 10u) << "of 100 A/A compares flagged a row";
  EXPECT_GE(any, 2u) << "a test that never rejects is not calibrated either";
  // Against the shared shift (the default): a little more conservative (its se is added), never more alarms.
  EXPECT_LE(any_against_drift, 10u) << "of 100 A/A compares flagged a row";
}

// The detectable change on synthetic process medians: logs 0, +-0.01, +-0.02 on both sides give a variance
// 0.00025 per side, se = sqrt(2 x 0.00025 / 5) = 0.01 and df = 8; alone, the per-row level is 0.05 and the
// detectable change exp((2.306004 + 0.888890) x 0.01) - 1 = 3.25 %; among 36 such rows 0.05/36, so
// exp((4.781002 + 0.888890) x 0.01) - 1 = 5.83 % (quantiles from an independent integration).
TEST(Compare, DetectableChangeFollowsSpreadNAndRowCount) {
  std::vector<double> medians;
  for (double l : {-0.02, -0.01, 0.0, 0.01, 0.02}) medians.push_back(1000 * std::exp(l));
  std::vector<Record> one{rec_medians("a", "SHA2-256", "hash", medians)};
  const Comparison alone = compare_records(one, one, {});
  EXPECT_NEAR(alone.rows[0].se, 0.01, 1e-6);
  EXPECT_NEAR(alone.rows[0].df, 8, 1e-6);
  EXPECT_NEAR(alone.rows[0].detectable, std::expm1((2.306004135 + 0.8888895178) * 0.01), 1e-6);
  EXPECT_EQ(alone.insensitive, 0u);
  std::vector<Record> many;
  for (size_t i = 0; i < 36; ++i)
    many.push_back(rec_medians("b" + std::to_string(i), "SHA2-256", "hash", medians));
  const Comparison c36 = compare_records(many, many, {});
  for (const ComparedRow& row : c36.rows)
    EXPECT_NEAR(row.detectable, std::expm1((4.781001848 + 0.8888895178) * 0.01), 1e-6);
  EXPECT_EQ(c36.insensitive, 36u);  // 5.83 % > the 5 % threshold
  // Twice the spread, twice the detectable log change.
  std::vector<double> wide;
  for (double l : {-0.04, -0.02, 0.0, 0.02, 0.04}) wide.push_back(1000 * std::exp(l));
  std::vector<Record> w{rec_medians("a", "SHA2-256", "hash", wide)};
  EXPECT_NEAR(compare_records(w, w, {}).rows[0].detectable, std::expm1((2.306004135 + 0.8888895178) * 0.02),
              1e-6);
}

// Issue #41 item 5: the machine 25 % slower in the new report, every row alike (36 rows, 5 processes, 2 %
// spread between processes): the shared shift is measured and printed, and no row is flagged. Without it
// (--no-drift) every row would be a regression.
TEST(Drift, AUniformSlowdownOfEveryRowIsTheMachineNotARegression) {
  Gaussian g(41);
  const std::vector<Record> base = noisy_report(g, 36, 5, 0.02, std::vector<double>(36, 1.0));
  const std::vector<Record> next = noisy_report(g, 36, 5, 0.02, std::vector<double>(36, 1.25));
  const Comparison c = compare_records(base, next, {});
  ASSERT_TRUE(c.drift.applied);
  EXPECT_EQ(c.drift.rows, 36u);
  EXPECT_NEAR(c.drift.ratio(), 1.25, 0.02);
  EXPECT_LT(c.drift.ci.low, 1.25);
  EXPECT_GT(c.drift.ci.high, 1.25);
  EXPECT_EQ(c.slower, 0u);
  EXPECT_EQ(c.faster, 0u);
  for (const ComparedRow& row : c.rows) {
    EXPECT_NEAR(row.absolute_ratio, 1.25, 0.06);
    EXPECT_NEAR(row.ratio, 1.0, 0.06) << "the change against the shared shift";
  }
  std::ostringstream text;
  print_comparison(c, {}, TimeUnit::Ns, "base.json", "new.json", text);
  EXPECT_TRUE(std::regex_search(
      text.str(),
      std::regex(
          R"(shared shift over 36 testable rows: the machine was 2[45]\.[0-9]% slower \([0-9]+% CI \+2[0-9]\.[0-9]\.\.\+2[0-9]\.[0-9]%\))")))
      << text.str();
  EXPECT_NE(text.str().find("no row is significantly slower"), std::string::npos) << text.str();
  CompareSettings no_drift;
  no_drift.drift = false;
  EXPECT_EQ(compare_records(base, next, no_drift).slower, 36u) << "without the shift: 36 regressions";
}

// One row 25 % slower than the rest, on a machine 25 % slower: that row, and only it, is flagged, with its
// change against the shift (+25 %), not its absolute change (+56 %).
TEST(Drift, ARowSlowerThanTheSharedShiftIsFlagged) {
  Gaussian g(4141);
  std::vector<double> factor(36, 1.25);
  factor[5] = 1.25 * 1.25;
  const std::vector<Record> base = noisy_report(g, 36, 5, 0.02, std::vector<double>(36, 1.0));
  const std::vector<Record> next = noisy_report(g, 36, 5, 0.02, factor);
  const Comparison c = compare_records(base, next, {});
  ASSERT_TRUE(c.drift.applied);
  EXPECT_EQ(c.slower, 1u);
  EXPECT_EQ(c.rows[5].verdict, Verdict::Slower);
  EXPECT_NEAR(c.rows[5].ratio, 1.25, 0.06);
  EXPECT_NEAR(c.rows[5].absolute_ratio, 1.5625, 0.08);
  EXPECT_LE(c.rows[5].ratio_ci.low, c.rows[5].ratio);
  EXPECT_GE(c.rows[5].ratio_ci.high, c.rows[5].ratio);
}

// Fewer than kMinDriftRows testable rows: no shift is measured (the median of a few rows is moved by the
// rows that changed), the rows are tested against no change, and the text says so.
TEST(Drift, TooFewRowsMeasureNoShift) {
  Gaussian g(7);
  const std::vector<Record> base = noisy_report(g, kMinDriftRows - 1, 5, 0.02, std::vector<double>(7, 1.0));
  const std::vector<Record> next = noisy_report(g, kMinDriftRows - 1, 5, 0.02, std::vector<double>(7, 1.25));
  const Comparison c = compare_records(base, next, {});
  EXPECT_FALSE(c.drift.applied);
  EXPECT_EQ(c.slower, kMinDriftRows - 1);
  std::ostringstream text;
  print_comparison(c, {}, TimeUnit::Ns, "base.json", "new.json", text);
  EXPECT_NE(text.str().find("shared shift not measured: 7 testable rows, fewer than 8"), std::string::npos)
      << text.str();
}

// Item 4: a row that cannot detect the threshold says, in one line for the report, what to rerun with: the
// smallest --processes at which each such row's detectable change reaches the threshold.
TEST(Compare, InsensitiveRowsSayWhichProcessesToRerunWith) {
  std::vector<double> medians;
  for (double l : {-0.02, -0.01, 0.0, 0.01, 0.02}) medians.push_back(1000 * std::exp(l));
  std::vector<Record> many;
  for (size_t i = 0; i < 36; ++i)
    many.push_back(rec_medians("b" + std::to_string(i), "SHA2-256", "hash", medians));
  const Comparison c = compare_records(many, many, {});
  ASSERT_EQ(c.insensitive, 36u);
  const size_t n = c.processes_needed;
  ASSERT_GT(n, 5u);
  const double se = c.rows[0].se;
  auto detectable_at = [&](size_t k) {
    return std::expm1(stats::detectable_log_change(se * std::sqrt(5.0 / static_cast<double>(k)),
                                                   2.0 * static_cast<double>(k) - 2, c.row_alpha, 0.8));
  };
  EXPECT_LE(detectable_at(n), 0.05);
  EXPECT_GT(detectable_at(n - 1), 0.05) << "the smallest such N";
  std::ostringstream text;
  print_comparison(c, {}, TimeUnit::Ns, "base.json", "new.json", text);
  EXPECT_NE(text.str().find("36 testable rows could not detect a change of 5%"), std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("rerun both reports with --processes " + std::to_string(n) + "\n"),
            std::string::npos)
      << text.str();
  EXPECT_EQ(processes_to_detect(1.0, 5, 5, 0.05, 0.8, 0.05), 0u) << "no N up to the cap";
}

TEST(Compare, SignificantButBelowThresholdIsUnchanged) {
  std::vector<Record> base{rec("a", "AES-GCM", "encrypt", 1000, 5)};
  std::vector<Record> next{rec("a", "AES-GCM", "encrypt", 1030, 5)};  // +3 %: every process median larger
  Comparison c = compare_records(base, next, {});
  EXPECT_LT(c.rows[0].p_adjusted, 0.05);
  EXPECT_EQ(c.rows[0].verdict, Verdict::Unchanged);
  CompareSettings strict;
  strict.threshold = 0.01;
  EXPECT_EQ(compare_records(base, next, strict).rows[0].verdict, Verdict::Slower);
}

TEST(Compare, UnmeasuredRowsAreNotCompared) {
  std::vector<Record> base{rec("a", "AES-GCM", "encrypt", 1000)};
  std::vector<Record> next{rec("a", "AES-GCM", "encrypt", 1000)};
  next[0].status = Status::Failed;
  Comparison c = compare_records(base, next, {});
  EXPECT_EQ(c.rows[0].verdict, Verdict::NotComparable);
  EXPECT_EQ(c.rows[0].note, "failed in new");
  EXPECT_EQ(c.compared, 0u);
  EXPECT_TRUE(std::isnan(c.geomean_ratio));
}

TEST(Compare, TextReportGolden) {
  std::vector<Record> base{
      rec("openssl", "AES-GCM", "encrypt", 1000, 5), rec("openssl", "SHA2-256", "hash", 2000, 5),
      rec("openssl", "AES-GCM", "decrypt", 1000, 1), rec("botan", "AES-GCM", "encrypt", 1500)};
  std::vector<Record> next{rec("openssl", "AES-GCM", "encrypt", 2000, 5),
                           rec("openssl", "SHA2-256", "hash", 2001, 5, 2),
                           rec("openssl", "AES-GCM", "decrypt", 1300, 1)};
  base[3].status = Status::Unsupported;
  std::ostringstream out;
  const CompareSettings settings;
  print_comparison(compare_records(base, next, settings), settings, TimeUnit::Us, "base.json", "new.json",
                   out);
  // AES-GCM encrypt: medians 998..1002 against 1998..2002, Welch's t on the logs about 1100, p < 0.001; the
  // exact U p 2/252 = 0.008. SHA2-256: logs about (-1, -0.5, 0, 0.5, 1) x 1e-3 against (-1.5, -0.5, 0.5, 1.5,
  // 2.5) x 1e-3 (1997, 1999, ..., 2005 over 2000): d = 0.5e-3, se^2 = (0.625 + 2.5) x 1e-6 / 5, t = 0.63,
  // df = 5.88, p = 0.551 (the larger of two: BH leaves it); U = 15 of 25, exact p = 2/3 over the 252 splits.
  // Detectable: se = 0.79e-3 on both rows, (t_{1-0.025/2, 5.88} + t_{0.8, 5.88}) x se = 0.3 %.
  // Geometric mean: cbrt(2 x 1.0005 x 1.3) = 1.375.
  EXPECT_EQ(
      out.str(),
      "base: base.json\n"
      "new:  new.json\n"
      "\n"
      "backend  algorithm  key  operation  size  base         new      change   95% CI          processes  "
      "p (t, BH)  p (U)  detectable\n"
      "openssl  AES-GCM    256  encrypt    1KB   1.000us      2.000us  +100.0%  +99.6..+100.4%  5/5        "
      "<0.001     0.008  0.3%        SLOWER\n"
      "openssl  SHA2-256   -    hash       1KB   2.000us      2.001us  +0.0%    -0.1..+0.2%     5/5        "
      "0.551      0.667  0.3%\n"
      "openssl  AES-GCM    256  decrypt    1KB   1.000us      1.300us  +30.0%   -               1/1        "
      "-          -      -           not testable: 1 process\n"
      "botan    AES-GCM    256  encrypt    1KB   unsupported  -        -        -               -          "
      "-          -      -           only in the base report\n"
      "\n"
      "geometric mean of new/base medians over 3 rows: 1.375 (+37.5%)\n"
      "shared shift not measured: 2 testable rows, fewer than 8; each row's change is against no change\n"
      "2 of 3 rows testable (2 or more processes on each side)\n"
      "decision: Welch's t on the logs of the process medians, Benjamini-Hochberg at q = 0.05 over 2 "
      "testable "
      "rows\n"
      "          flagged when the adjusted p <= 0.05 and the change exceeds 5%; detectable: 80% power at p = "
      "0.05/2\n"
      "1 row is significantly slower by more than 5%\n");
}

// compare --format json: one document that parses, with the decision rule, every row (null where a row has
// no such figure) and the summary.
TEST(Compare, JsonReportParsesAndCarriesRowsAndDecision) {
  ReportFile base, next;
  base.path = "base.json";
  base.records = {rec("openssl", "AES-GCM", "encrypt", 1000, 5), rec("openssl", "SHA2-256", "hash", 2000, 5),
                  rec("openssl", "AES-GCM", "decrypt", 1000, 1)};
  next.path = "new.json";
  next.records = {rec("openssl", "AES-GCM", "encrypt", 2000, 5),
                  rec("openssl", "SHA2-256", "hash", 2001, 5, 2),
                  rec("openssl", "AES-GCM", "decrypt", 700, 1), rec("botan", "AES-GCM", "encrypt", 1000, 5)};
  const CompareSettings settings;
  const Comparison c = compare_records(base.records, next.records, settings);
  std::ostringstream out;
  write_comparison_json(c, settings, base, next, out);
  const json doc = json::parse(out.str());
  EXPECT_EQ(doc["compare_schema_version"], 2);
  EXPECT_EQ(doc["base"]["file"], "base.json");
  EXPECT_EQ(doc["new"]["results"], 4);
  EXPECT_EQ(doc["mode"], "absolute");
  EXPECT_EQ(doc["decision"]["test"], "welch_t_log_process_medians");
  EXPECT_EQ(doc["decision"]["correction"], "benjamini_hochberg");
  EXPECT_DOUBLE_EQ(doc["decision"]["q"].get<double>(), 0.05);
  EXPECT_DOUBLE_EQ(doc["decision"]["threshold"].get<double>(), 0.05);
  EXPECT_DOUBLE_EQ(doc["decision"]["row_alpha"].get<double>(), 0.025);
  EXPECT_EQ(doc["decision"]["text"], decision_rule(c, settings));
  ASSERT_EQ(doc["rows"].size(), 4u);
  const json& slower = doc["rows"][0];
  EXPECT_EQ(slower["verdict"], "slower");
  EXPECT_EQ(slower["key_bits"], 256);
  EXPECT_EQ(slower["data_bytes"], 1024);
  EXPECT_DOUBLE_EQ(slower["base_median_ns"].get<double>(), 1000);
  EXPECT_NEAR(slower["change"].get<double>(), 1.0, 1e-5);
  EXPECT_DOUBLE_EQ(slower["p"].get<double>(), c.rows[0].p);
  EXPECT_DOUBLE_EQ(slower["p_adjusted"].get<double>(), c.rows[0].p_adjusted);
  EXPECT_NEAR(slower["p_mann_whitney"].get<double>(), 2.0 / 252, 1e-12);
  EXPECT_DOUBLE_EQ(slower["detectable"].get<double>(), c.rows[0].detectable);
  EXPECT_EQ(slower["ci95_change"].size(), 2u);
  EXPECT_EQ(slower["base_processes"], 5);
  EXPECT_EQ(doc["rows"][1]["verdict"], "unchanged");
  const json& one = doc["rows"][2];  // one process: change and sign, no test
  EXPECT_EQ(one["verdict"], "not_testable");
  EXPECT_NEAR(one["change"].get<double>(), -0.3, 1e-12);
  EXPECT_TRUE(one["p"].is_null());
  EXPECT_TRUE(one["detectable"].is_null());
  EXPECT_EQ(one["note"], "not testable: 1 process");
  const json& only_new = doc["rows"][3];
  EXPECT_EQ(only_new["verdict"], "not_comparable");
  EXPECT_TRUE(only_new["base_median_ns"].is_null());
  EXPECT_TRUE(only_new["change"].is_null());
  EXPECT_EQ(doc["summary"]["compared"], 3);
  EXPECT_EQ(doc["summary"]["testable"], 2);
  EXPECT_EQ(doc["summary"]["slower"], 1);
  EXPECT_EQ(doc["summary"]["missing"], 0);
}

// ---- Report files ---------------------------------------------------------------------------------

std::string temp_dir() {
  std::string dir = testing::TempDir() + "compare_test_XXXXXX";
  if (::mkdtemp(dir.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  return dir;
}

json report_of(const std::vector<Record>& records) {
  json results = json::array();
  for (const Record& r : records) results.push_back(record_to_json(r));
  return {{"schema_version", 1}, {"context", {{"settings", {{"unit", "us"}}}}}, {"results", results}};
}

std::string write(const std::string& text) {
  const std::string path = temp_dir() + "/report.json";
  std::ofstream(path) << text;
  return path;
}

std::string read_error(const std::string& text) {
  const std::string path = write(text);
  const Result<ReportFile> read = read_report_file(path);
  if (read) return "";
  const std::string message = read.error().message;
  EXPECT_EQ(message.rfind(path + ":", 0), 0u) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  return message;
}

#define EXPECT_MENTIONS(message, text) EXPECT_NE((message).find(text), std::string::npos) << (message)

TEST(ReportFile, ReadsRecordsAndUnit) {
  ReportFile f = *read_report_file(write(report_of({rec("a", "AES-GCM", "encrypt", 1000)}).dump()));
  ASSERT_EQ(f.records.size(), 1u);
  EXPECT_EQ(f.unit, TimeUnit::Us);
  EXPECT_DOUBLE_EQ(f.records[0].summary.median, 1000);
}

// Issue #41: schema 5 names a record's interval ci_ns with its level ci_level; a schema 4 report (ci95_ns,
// ci_coverage) reads the same, every figure recomputed from its samples.
TEST(ReportFile, ReadsSchemaFourAndFiveAlike) {
  json five = report_of({rec("a", "AES-GCM", "encrypt", 1000, 3)});
  five["schema_version"] = 5;
  const json& r5 = five["results"][0];
  ASSERT_TRUE(r5.contains("ci_ns") && r5.contains("ci_level")) << r5.dump();
  EXPECT_DOUBLE_EQ(r5["ci_level"].get<double>(), 0.75) << "three processes' medians: their range";
  json four = five;
  four["schema_version"] = 4;
  json& r4 = four["results"][0];
  r4["ci95_ns"] = r4["ci_ns"];
  r4["ci_coverage"] = r4["ci_level"];
  r4.erase("ci_ns");
  r4.erase("ci_level");
  const ReportFile a = *read_report_file(write(five.dump()));
  const ReportFile b = *read_report_file(write(four.dump()));
  ASSERT_EQ(b.records.size(), 1u);
  EXPECT_DOUBLE_EQ(b.records[0].summary.ci_level, 0.75);
  EXPECT_DOUBLE_EQ(b.records[0].summary.ci.low, a.records[0].summary.ci.low);
  EXPECT_DOUBLE_EQ(b.records[0].summary.ci.high, a.records[0].summary.ci.high);
  EXPECT_EQ(compare_records(a.records, b.records, {}).testable, 1u);
}

TEST(ReportFile, ErrorsNameFileAndPointer) {
  json doc = report_of({rec("a", "AES-GCM", "encrypt", 1000), rec("a", "AES-GCM", "decrypt", 1000)});
  json v6 = doc;
  v6["schema_version"] = 6;
  EXPECT_MENTIONS(
      read_error(v6.dump()),
      ": /schema_version: expected 1, 2, 3, 4 or 5 (the versions this cryptauditor reads), got the number 6");
  json bad_processes = doc;
  bad_processes["results"][0]["process_samples"] = json::array({4, 4});  // 10 samples
  EXPECT_MENTIONS(read_error(bad_processes.dump()),
                  ": /results/0/process_samples: expected an array of at least 2 whole numbers > 0 adding up "
                  "to the 10 samples");
  json none = doc;
  none.erase("schema_version");
  EXPECT_MENTIONS(read_error(none.dump()), ": /schema_version: missing");
  json bad_sample = doc;
  bad_sample["results"][1]["samples_ns"][2] = nullptr;
  EXPECT_MENTIONS(read_error(bad_sample.dump()), ": /results/1/samples_ns/2: expected a number, got null");
  json twice = doc;
  twice["results"][1] = twice["results"][0];
  EXPECT_MENTIONS(
      read_error(twice.dump()),
      ": /results/1: a second result for a AES-GCM 256-bit encrypt 1KB (the first is /results/0)");
  json no_results = doc;
  no_results["results"] = json::object();
  EXPECT_MENTIONS(read_error(no_results.dump()), ": /results: expected an array, got an object");
  EXPECT_MENTIONS(read_error("{\"schema_version\": 1,\n \"results\": [}"),
                  "report.json:2:14: JSON syntax error");
  EXPECT_MENTIONS(read_error("[]"), "expected a cryptauditor JSON report");
}

// Reports from different machines: a machine twice as slow for every library changes no library's ratio to
// the others; a library that lost ground against the others on the new machine is found in the ratios.
TEST(Compare, RelativeComparesEachLibrarysRatioToItsRow) {
  std::vector<Record> base{rec("openssl", "AES-GCM", "encrypt", 1000, 5),
                           rec("botan", "AES-GCM", "encrypt", 2000, 5)};
  std::vector<Record> twice{rec("openssl", "AES-GCM", "encrypt", 2000, 5),
                            rec("botan", "AES-GCM", "encrypt", 4000, 5)};
  CompareSettings relative;
  relative.relative = true;
  const Comparison same = compare_records(base, twice, relative);
  ASSERT_EQ(same.compared, 2u);
  for (const auto& row : same.rows) {
    EXPECT_NEAR(row.ratio, 1.0, 0.01) << row.base->backend;
    EXPECT_EQ(row.verdict, Verdict::Unchanged);
  }
  EXPECT_NEAR(same.rows[0].base_relative, 1000 / std::sqrt(1000.0 * 2000.0), 0.01);
  const Comparison absolute = compare_records(base, twice, CompareSettings{});
  EXPECT_EQ(absolute.slower, 2u) << "absolute times: both twice as slow";

  // On the new machine botan caught up: openssl / botan went from 1/2 to 2/3.
  std::vector<Record> shifted{rec("openssl", "AES-GCM", "encrypt", 2000, 5),
                              rec("botan", "AES-GCM", "encrypt", 3000, 5)};
  const Comparison moved = compare_records(base, shifted, relative);
  EXPECT_EQ(moved.rows[0].verdict, Verdict::Slower) << "openssl lost ground relative to its row";
  EXPECT_NEAR(moved.rows[0].ratio, (2000 / std::sqrt(2000.0 * 3000.0)) / (1000 / std::sqrt(1000.0 * 2000.0)),
              0.01);
  EXPECT_EQ(moved.rows[1].verdict, Verdict::Faster);
}

TEST(Compare, RelativeLeavesALibraryAloneInItsRowUncompared) {
  std::vector<Record> base{rec("openssl", "SHA2-256", "hash", 1000, 5)};
  std::vector<Record> next{rec("openssl", "SHA2-256", "hash", 3000, 5)};
  CompareSettings relative;
  relative.relative = true;
  const Comparison c = compare_records(base, next, relative);
  EXPECT_EQ(c.compared, 0u);
  EXPECT_EQ(c.rows[0].verdict, Verdict::NotComparable);
  EXPECT_NE(c.rows[0].note.find("alone in its row"), std::string::npos) << c.rows[0].note;
  EXPECT_EQ(c.missing, 0u);
}

// ---- The program ----------------------------------------------------------------------------------

using Result = ca::test::ProgramResult;

Result run_binary(const std::string& args) { return ca::test::run_cryptauditor(args); }

bool have_openssl() {
  return std::filesystem::exists(std::string(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS) + "/ca-backend-openssl.so");
}

// A small real study: adaptive, so each row has several dozen samples; measured in `processes` worker
// processes (--processes), so compare can test it.
std::string small_study(size_t processes) {
  return "--hash SHA2-256 -c AES-GCM -d 1KB -b openssl --budget 0.05 --ci-target 0.5 --quiet --format json "
         "--processes " +
         std::to_string(processes);
}

std::string real_report(const std::string& dir, const std::string& name, size_t processes) {
  const std::string path = dir + "/" + name;
  Result r = run_binary(small_study(processes) + " -o " + path);
  EXPECT_EQ(r.status, 0) << r.err;
  return path;
}

json read_json(const std::string& path) {
  std::ifstream in(path);
  return json::parse(in);
}

// The samples of one row multiplied by `factor`, written next to the report.
std::string slowed_copy(const std::string& path, const std::string& operation, double factor) {
  json doc = read_json(path);
  size_t slowed = 0;
  for (auto& r : doc["results"])
    if (r["algorithm"] == "AES-GCM" && r["operation"] == operation) {
      for (auto& s : r["samples_ns"]) s = s.get<double>() * factor;
      ++slowed;
    }
  EXPECT_EQ(slowed, 1u);
  const std::string slower = path + ".slower.json";
  std::ofstream(slower) << doc.dump();
  return slower;
}

// --processes 5 end to end: every measured row keeps five process medians (schema 3), and compare flags a
// tenfold slowdown of one row in them (Welch's t over the five process medians, Benjamini-Hochberg over 3
// rows). Tenfold, not twofold: under a loaded ctest -j2 one run's five process medians once spread over
// more than 2x (2026-12-02), and a twofold change within such a spread is rightly not significant.
TEST(CompareCommand, FlagsAnInjectedTenfoldSlowdownAcrossProcesses) {
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built";
  const std::string dir = temp_dir();
  const std::string base = real_report(dir, "base.json", 5);
  const json doc = read_json(base);
  EXPECT_EQ(doc["schema_version"], 5);
  EXPECT_EQ(doc["context"]["settings"]["processes"], 5);
  ASSERT_EQ(doc["results"].size(), 3u);
  for (const auto& r : doc["results"]) {
    ASSERT_EQ(r["status"], "ok") << r.dump();
    EXPECT_EQ(r["processes"], 5);
    ASSERT_EQ(r["process_medians_ns"].size(), 5u);
    size_t total = 0;
    for (const auto& n : r["process_samples"]) total += n.get<size_t>();
    EXPECT_EQ(total, r["samples_ns"].size());
  }
  const std::string slower = slowed_copy(base, "decrypt", 10);

  Result r = run_binary("compare " + base + " " + slower);
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  std::istringstream lines(r.out);
  size_t flagged = 0;
  for (std::string line; std::getline(lines, line);)
    if (line.find("SLOWER") != std::string::npos) {
      ++flagged;
      EXPECT_NE(line.find("AES-GCM"), std::string::npos) << line;
      EXPECT_NE(line.find("decrypt"), std::string::npos) << line;
      EXPECT_NE(line.find("+900.0%"), std::string::npos) << line;
      EXPECT_NE(line.find("5/5"), std::string::npos) << line;
    }
  EXPECT_EQ(flagged, 1u) << r.out;
  EXPECT_NE(r.out.find("3 of 3 rows testable"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 row is significantly slower by more than 5%"), std::string::npos) << r.out;

  Result same = run_binary("compare " + base + " " + base + " --strict");
  EXPECT_EQ(same.status, 0) << same.out;
  EXPECT_NE(same.out.find("(+0.0%)"), std::string::npos) << same.out;
}

// Every figure of a real --processes 3 report doubled (the issue's first check, end to end): exit 1 with
// every row SLOWER. Doubling keeps each row's log spread, so Welch's df is 4 and, all rows changed, each
// needs p <= 0.05 (t > 2.776): process medians would have to spread by about 30 % to miss it. The exact U
// test never could (3 against 3: p >= 0.1).
TEST(CompareCommand, EveryFigureDoubledAtThreeProcessesFailsWithEveryRowSlower) {
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built";
  const std::string dir = temp_dir();
  const std::string base = real_report(dir, "base.json", 3);
  json doc = read_json(base);
  for (auto& r : doc["results"])
    for (auto& x : r["samples_ns"]) x = x.get<double>() * 2;
  const std::string doubled = dir + "/doubled.json";
  std::ofstream(doubled) << doc.dump();
  Result r = run_binary("compare " + base + " " + doubled);
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("3 rows are significantly slower by more than 5%"), std::string::npos) << r.out;
  size_t slower = 0;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);)
    if (line.find("SLOWER") != std::string::npos) {
      ++slower;
      EXPECT_NE(line.find("+100.0%"), std::string::npos) << line;
      EXPECT_NE(line.find("3/3"), std::string::npos) << line;
    }
  EXPECT_EQ(slower, 3u) << r.out;
}

// One process per row: the samples of one process are not evidence about the code, so even a twofold
// change is shown, marked "not testable", and the exit status is 0; --strict makes that an error (3).
TEST(CompareCommand, OneProcessReportsAreNotTestable) {
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built";
  const std::string dir = temp_dir();
  const std::string base = real_report(dir, "base.json", 1);
  const json doc = read_json(base);
  EXPECT_FALSE(doc["results"][0].contains("process_medians_ns"));
  const std::string slower = slowed_copy(base, "decrypt", 2);
  Result r = run_binary("compare " + base + " " + slower);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.out.find("SLOWER"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("+100.0%"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("not testable: 1 process"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no row is testable"), std::string::npos) << r.out;
  Result strict = run_binary("compare " + base + " " + slower + " --strict");
  EXPECT_EQ(strict.status, 3) << strict.out << strict.err;
  EXPECT_MENTIONS(strict.err, "--strict: none of the 3 compared rows is testable");
  EXPECT_EQ(std::count(strict.err.begin(), strict.err.end(), '\n'), 1);
}

// Issue #31 item 2: without -u at run time (settings.unit_given false) compare shows the medians in the unit
// they read best in, not the report's default ms ("0.000183ms"); a run given -u keeps its unit.
TEST(CompareCommand, MediansInAReadableUnitUnlessTheRunGaveOne) {
  const std::string dir = temp_dir();
  json doc = report_of({rec("a", "SHA2-256", "hash", 183), rec("b", "SHA2-256", "hash", 190)});
  doc["context"]["settings"] = {{"unit", "ms"}, {"unit_given", false}};
  const std::string base = dir + "/base.json", same = dir + "/same.json";
  std::ofstream(base) << doc.dump();
  std::ofstream(same) << doc.dump();
  Result readable = run_binary("compare " + base + " " + same);
  EXPECT_EQ(readable.status, 0) << readable.out << readable.err;
  EXPECT_NE(readable.out.find(" 183.000ns "), std::string::npos) << readable.out;
  EXPECT_EQ(readable.out.find("0.000183ms"), std::string::npos) << readable.out;
  doc["context"]["settings"]["unit_given"] = true;
  std::ofstream(base) << doc.dump();
  std::ofstream(same) << doc.dump();
  Result given = run_binary("compare " + base + " " + same);
  EXPECT_NE(given.out.find("0.000183ms"), std::string::npos) << given.out;
  Result forced = run_binary("compare " + base + " " + same + " -u us");
  EXPECT_NE(forced.out.find("0.183us"), std::string::npos) << forced.out;
}

// A report whose process medians are its own, 1 % slower, is no regression (whether or not the shift is
// significant: 1 % is below the threshold; Compare.SignificantButBelowThresholdIsUnchanged has both sides).
// (Two real runs are not compared here: on a shared machine their difference is whatever the neighbours did;
// bench/aa_calibration.py measures that false-alarm rate instead.)
TEST(CompareCommand, ASmallShiftBelowTheThresholdIsNotARegression) {
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built";
  const std::string dir = temp_dir();
  const std::string base = real_report(dir, "base.json", 5);
  json doc = read_json(base);
  size_t rows = 0;
  for (auto& r : doc["results"]) {
    for (auto& s : r["samples_ns"]) s = s.get<double>() * 1.01;
    ++rows;
  }
  ASSERT_GE(rows, 3u);
  const std::string shifted = dir + "/shifted.json";
  std::ofstream(shifted) << doc.dump();
  Result r = run_binary("compare " + base + " " + shifted + " --threshold 5%");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("no row is significantly slower by more than 5%"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("SLOWER"), std::string::npos) << r.out;
}

// Reports of two machines: compare says so and compares ratios; --absolute compares the times.
TEST(CompareCommand, ReportsFromDifferentMachinesAreComparedByRatios) {
  if (!have_openssl()) GTEST_SKIP() << "the openssl backend was not built";
  const std::string dir = testing::TempDir() + "ca-compare-machines-" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  const std::string a = dir + "/a.json";
  Result made = run_binary(
      "--hash SHA2-256 -c AES-GCM -d 1KB -b openssl,botan --budget 0.05 --ci-target 0.5 "
      "--quiet --format json -o " +
      a);
  ASSERT_EQ(made.status, 0) << made.err;
  json doc = read_json(a);
  doc["context"]["cpu_model"] = "Another CPU";
  doc["context"]["machine_label"] = "m2";
  const std::string b = dir + "/b.json";
  std::ofstream(b) << doc.dump();
  Result r = run_binary("compare " + a + " " + b);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("The reports come from different machines (base: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("; new: Another CPU, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("comparing the libraries' ratios, not their absolute times"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Relative comparison:"), std::string::npos) << r.out;
  Result abs = run_binary("compare " + a + " " + b + " --absolute");
  EXPECT_NE(abs.out.find("comparing absolute times, as --absolute asks"), std::string::npos) << abs.out;
  EXPECT_EQ(abs.out.find("Relative comparison:"), std::string::npos) << abs.out;
  Result same = run_binary("compare " + a + " " + a);
  EXPECT_EQ(same.out.find("different machines"), std::string::npos) << same.out;
  EXPECT_EQ(run_binary("compare " + a + " " + b + " --absolute --relative").status, 2);
  std::filesystem::remove_all(dir);
}

// --format json on the command line: the document goes to standard output, parses, and the exit status is
// the text report's (1 on a SLOWER row); an unknown format is a usage error.
TEST(CompareCommand, FormatJsonWritesOneParsableDocument) {
  const std::string base = write(
      report_of({rec("a", "AES-GCM", "encrypt", 1000, 5), rec("a", "AES-GCM", "decrypt", 1000, 5)}).dump());
  const std::string slower = write(
      report_of({rec("a", "AES-GCM", "encrypt", 1300, 5), rec("a", "AES-GCM", "decrypt", 1000, 5)}).dump());
  Result r = run_binary("compare " + base + " " + slower + " --format json");
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  const json doc = json::parse(r.out);
  EXPECT_EQ(doc["compare_schema_version"], 2);
  EXPECT_EQ(doc["rows"][0]["verdict"], "slower");
  EXPECT_EQ(doc["rows"][1]["verdict"], "unchanged");
  EXPECT_EQ(doc["summary"]["slower"], 1);
  Result same = run_binary("compare " + base + " " + base + " --format json");
  EXPECT_EQ(same.status, 0) << same.out << same.err;
  EXPECT_EQ(json::parse(same.out)["summary"]["slower"], 0);
  Result bad = run_binary("compare " + base + " " + base + " --format xml");
  EXPECT_EQ(bad.status, 2);
  EXPECT_MENTIONS(bad.err, "--format 'xml' is not valid for compare: expected table or json");
}

TEST(CompareCommand, UsageErrors) {
  Result one = run_binary("compare a.json");
  EXPECT_EQ(one.status, 2);
  EXPECT_MENTIONS(one.err, "compare needs two reports, got 1");
  const std::string good = write(report_of({rec("a", "AES-GCM", "encrypt", 1000)}).dump());
  Result threshold = run_binary("compare " + good + " " + good + " --threshold abc");
  EXPECT_EQ(threshold.status, 2);
  EXPECT_MENTIONS(threshold.err, "--threshold");
  json v6 = report_of({});
  v6["schema_version"] = 6;
  const std::string bad = write(v6.dump());
  Result schema = run_binary("compare " + good + " " + bad);
  EXPECT_EQ(schema.status, 2);
  EXPECT_MENTIONS(schema.err, bad + ": /schema_version: expected 1, 2, 3, 4 or 5");
  EXPECT_EQ(std::count(schema.err.begin(), schema.err.end(), '\n'), 1);
  Result missing = run_binary("compare " + good + " /nonexistent/x.json");
  EXPECT_EQ(missing.status, 2);
  EXPECT_MENTIONS(missing.err, "/nonexistent/x.json: cannot be read");
}

// A comparison that compares nothing must not pass as "no regression": the new report empty, all failed,
// or sharing no row with the base is a usage error (exit 2) saying so.
TEST(CompareCommand, NothingComparableIsAnErrorNotAPass) {
  const std::string base = write(report_of({rec("a", "AES-GCM", "encrypt", 1000)}).dump());
  const std::string empty = write(report_of({}).dump());
  Record failed = rec("a", "AES-GCM", "encrypt", 1000);
  failed.status = Status::Failed;
  failed.error = "killed by signal 11 (SIGSEGV) in encrypt 1KB";
  const std::string all_failed = write(report_of({failed}).dump());
  const std::string other = write(report_of({rec("b", "AES-GCM", "encrypt", 1000)}).dump());
  const std::pair<std::string, const char*> cases[] = {
      {empty, "has no results: nothing to compare"},
      {all_failed, "results was measured (all unsupported or failed): nothing to compare"},
      {other, "share no measured row"},
  };
  for (const auto& [candidate, message] : cases) {
    Result r = run_binary("compare " + base + " " + candidate);
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_MENTIONS(r.err, message);
    // --allow-missing does not make an empty comparison a pass.
    EXPECT_EQ(run_binary("compare " + base + " " + candidate + " --allow-missing").status, 2);
  }
}

// Rows the base measured that the new report lacks or failed are a regression too: exit 1, unless
// --allow-missing.
TEST(CompareCommand, MissingOrFailedRowsOfTheBaseFailUnlessAllowed) {
  const std::string base =
      write(report_of({rec("a", "AES-GCM", "encrypt", 1000), rec("a", "AES-GCM", "decrypt", 1000)}).dump());
  Record failed = rec("a", "AES-GCM", "decrypt", 1000);
  failed.status = Status::Failed;
  failed.error = "killed by signal 6 (SIGABRT) in decrypt 1KB";
  const std::string with_failed = write(report_of({rec("a", "AES-GCM", "encrypt", 1000), failed}).dump());
  const std::string with_missing = write(report_of({rec("a", "AES-GCM", "encrypt", 1000)}).dump());
  for (const std::string& candidate : {with_failed, with_missing}) {
    Result r = run_binary("compare " + base + " " + candidate);
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    EXPECT_MENTIONS(r.err, "1 row measured in " + base + " missing or not measured in " + candidate);
    EXPECT_MENTIONS(r.out, "1 row measured in the base report is missing or not measured in the new one");
    Result allowed = run_binary("compare " + base + " " + candidate + " --allow-missing");
    EXPECT_EQ(allowed.status, 0) << allowed.out << allowed.err;
  }
  // Rows only in the new report, or not measured in the base either, are not missing.
  const std::string more =
      write(report_of({rec("a", "AES-GCM", "encrypt", 1000), rec("a", "AES-GCM", "decrypt", 1000),
                       rec("b", "AES-GCM", "encrypt", 1000)})
                .dump());
  EXPECT_EQ(run_binary("compare " + base + " " + more).status, 0);
}

// Input files are read with a size cap (util/input_file.hpp): /dev/zero or a huge file is refused at once.
TEST(CompareCommand, AnInputLargerThanTheCapIsRefused) {
  const std::string base = write(report_of({rec("a", "AES-GCM", "encrypt", 1000)}).dump());
  // `timeout`: without the cap, reading /dev/zero never ends; the test then fails instead of hanging.
  Result zero = ca::test::run_program("CRYPTAUDITOR_MAX_INPUT_MB=8 timeout 120 " + ca::test::binary() +
                                      " compare " + base + " /dev/zero");
  EXPECT_EQ(zero.status, 2) << zero.err;
  EXPECT_EQ(std::count(zero.err.begin(), zero.err.end(), '\n'), 1) << zero.err;
  EXPECT_MENTIONS(zero.err, "/dev/zero: larger than 8 MiB, the limit for input files");
  // A regular file over the cap: refused by its size, before it is read.
  std::string padded = report_of({rec("a", "AES-GCM", "encrypt", 1000)}).dump();
  padded += std::string((size_t{1} << 20) + 10, ' ');
  const std::string big = write(padded);
  Result capped = ca::test::run_program("CRYPTAUDITOR_MAX_INPUT_MB=1 " + ca::test::binary() + " compare " +
                                        base + " " + big);
  EXPECT_EQ(capped.status, 2) << capped.err;
  EXPECT_MENTIONS(capped.err, big + ": larger than 1 MiB");
  EXPECT_MENTIONS(capped.err, "CRYPTAUDITOR_MAX_INPUT_MB");
  // The same file under the default cap is fine.
  EXPECT_EQ(run_binary("compare " + base + " " + big).status, 0);
  Result bad_env = ca::test::run_program("CRYPTAUDITOR_MAX_INPUT_MB=lots " + ca::test::binary() +
                                         " compare " + base + " " + base);
  EXPECT_EQ(bad_env.status, 2) << bad_env.err;
  EXPECT_MENTIONS(bad_env.err, "CRYPTAUDITOR_MAX_INPUT_MB 'lots' is not valid");
}

}  // namespace
}  // namespace ca
