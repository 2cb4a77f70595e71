// Runs Wycheproof vector files against backends: every test of every group the mapping table can express
// goes to every backend that offers the algorithm, through the plugin API the benchmark runner uses. The
// result is plain data; verify_table.cpp and verify_json.cpp format it.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "plugin/backend.hpp"
#include "verify/vector_file.hpp"

namespace ca::verify {

enum class Verdict {
  Pass,        // valid: accepted with the expected output; invalid: rejected
  Fail,        // the opposite
  Skip,        // not run: outside our catalog's definition, or the backend cannot take it (CA_UNSUPPORTED)
  Acceptable,  // Wycheproof "acceptable": either outcome is fine; counted apart
  Deviation,   // a failure its plugin declares as the library's behaviour in this version (deviations.hpp)
};

/// Skip reasons with their numbers of tests, in the order they first occurred.
struct ReasonCounts {
  std::vector<std::pair<std::string, size_t>> items;

  void add(const std::string& reason, size_t tests = 1);
  bool contains(const std::string& reason) const;
  size_t total() const;
  bool empty() const { return items.empty(); }
};

/// One test's outcome at one backend, kept for failures, deviations and acceptable tests.
struct TestOutcome {
  int64_t tc_id = 0;
  Expected expected = Expected::Valid;
  Verdict verdict = Verdict::Pass;
  bool accepted = false;  // what the backend did (for acceptable tests and deviations)
  std::string detail;     // what happened; for deviations, the documented reason too; for a failure that
                          // a deviation declared for other library versions names, that it was not applied
  std::string comment;    // the vector's comment
  std::vector<std::string> flags;
};

struct BackendTally {
  std::string backend;
  size_t passed = 0, failed = 0, skipped = 0, acceptable = 0, deviations = 0;
  size_t acceptable_accepted = 0;  // of the acceptable tests, how many the backend accepted
  /// Every skip reason with its number of tests, including the file-wide ones of FileResult::skipped.
  ReasonCounts skip_reasons;
  std::vector<TestOutcome> failures;
  std::vector<TestOutcome> deviation_outcomes;
  std::vector<TestOutcome> acceptable_outcomes;
};

struct FileResult {
  std::string file;  // base name
  std::string algorithm, schema;
  size_t tests = 0;
  /// A malformed file: the one-line message; nothing ran.
  std::string error;
  /// Tests no backend runs, by reason (not in the catalog, sizes or inputs the catalog does not define).
  ReasonCounts skipped;
  /// One entry per selected backend that offers the file's algorithm, when at least one group runs; empty
  /// otherwise.
  std::vector<BackendTally> backends;
  /// Selected backends that offer the file's algorithm at none of its parameter sets, with the library's
  /// reason: they get no tally (a refusal of an invalid parameter is no credit to a library without the
  /// algorithm, issue #39).
  struct NotOffered {
    std::string backend, reason;
  };
  std::vector<NotOffered> not_offered;
};

struct VectorRun {
  std::vector<FileResult> files;

  size_t failures() const;     // failed tests over every file and backend
  size_t file_errors() const;  // malformed files
  /// Tests run on some backend (passed, failed, acceptable or a documented deviation): 0 when every file
  /// was "not run", which is not a success (issue #13: no silent "OK").
  size_t tests_run() const;
  bool ok() const { return failures() == 0 && file_errors() == 0 && tests_run() > 0; }
};

/// The reason a file whose schema this version does not read is not run (never a failure, never malformed).
std::string not_run_schema_reason(const std::string& schema);

/// Runs one parsed file.
FileResult run_vector_file(const VectorFile& file, const std::vector<const Backend*>& backends);

/// Loads and runs each file; a malformed file becomes a FileResult with its error, and the rest still run.
VectorRun run_vector_files(const std::vector<std::string>& paths,
                           const std::vector<const Backend*>& backends);

}  // namespace ca::verify
