// What the reports of `cryptauditor verify` receive, for Wycheproof runs and for interop runs: data only. The
// writers are report formats (plugins/verify_report.hpp: verify_table.cpp and verify_json.cpp).
#pragma once

#include <string>
#include <vector>

#include "verify/interop.hpp"
#include "verify/vector_runner.hpp"

namespace ca::verify {

/// The backends a run used, for the report header.
struct BackendInfo {
  std::string name, library, version;
};

struct VectorReportInput {
  std::string vectors;  // the --vectors path as given
  std::vector<BackendInfo> backends;
  const VectorRun& run;
  /// The table lists each acceptable test's and documented deviation's tcId (-v); without, their counts
  /// only. Failures are always listed with their tcIds; the JSON report always has every tcId.
  bool verbose = false;
};

struct InteropReportInput {
  std::vector<BackendInfo> backends;
  const InteropRun& run;
};

/// Tests x backends over every file of a run, as both reports' summaries give them.
struct VectorTotals {
  size_t passed = 0, failed = 0, skipped = 0, acceptable = 0, deviations = 0;
};

inline VectorTotals vector_totals(const VectorRun& run) {
  VectorTotals t;
  for (const FileResult& f : run.files)
    for (const BackendTally& b : f.backends) {
      t.passed += b.passed;
      t.failed += b.failed;
      t.skipped += b.skipped;
      t.acceptable += b.acceptable;
      t.deviations += b.deviations;
    }
  return t;
}

}  // namespace ca::verify
