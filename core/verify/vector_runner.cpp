#include "verify/vector_runner.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "verify/deviations.hpp"
#include "verify/mapping.hpp"
#include "verify/test_kinds.hpp"

namespace ca::verify {
namespace {

TestOutcome outcome_of(const VectorTest& t, Verdict verdict, const Observation& o) {
  return {t.tc_id, t.result, verdict, o.accepted, o.detail, t.comment, t.flags};
}

// The backend's declared deviations and the version its library reports, read once per file.
struct DeclaredFor {
  std::vector<DeclaredDeviation> deviations;
  std::string library, version;
};

void record(BackendTally& tally, const DeclaredFor& declared, const std::string& file, const VectorTest& t,
            const Observation& o) {
  if (o.skipped) {
    ++tally.skipped;
    tally.skip_reasons.add(*o.skipped);
    return;
  }
  switch (t.result) {
    case Expected::Acceptable:
      ++tally.acceptable;
      if (o.accepted) ++tally.acceptable_accepted;
      tally.acceptable_outcomes.push_back(outcome_of(t, Verdict::Acceptable, o));
      return;
    case Expected::Valid:
      if (o.correct) {
        ++tally.passed;
        return;
      }
      break;
    case Expected::Invalid:
      if (!o.accepted) {
        ++tally.passed;
        return;
      }
      break;
  }
  const std::optional<DeviationMatch> deviation =
      match_deviation(declared.deviations, declared.library, declared.version, file, t.tc_id);
  if (deviation && deviation->applies) {
    ++tally.deviations;
    TestOutcome out = outcome_of(t, Verdict::Deviation, o);
    out.detail += "; " + deviation->note;
    tally.deviation_outcomes.push_back(std::move(out));
    return;
  }
  ++tally.failed;
  TestOutcome out = outcome_of(t, Verdict::Fail, o);
  if (out.detail.empty()) out.detail = t.result == Expected::Valid ? "not accepted" : "accepted";
  if (deviation) out.detail += "; " + deviation->note;  // declared for other versions: not applied
  tally.failures.push_back(std::move(out));
}

}  // namespace

std::string not_run_schema_reason(const std::string& schema) {
  return "this version of cryptauditor does not run " + schema + " files";
}

void ReasonCounts::add(const std::string& reason, size_t tests) {
  for (auto& [r, n] : items)
    if (r == reason) {
      n += tests;
      return;
    }
  items.emplace_back(reason, tests);
}

bool ReasonCounts::contains(const std::string& reason) const {
  for (const auto& item : items)
    if (item.first == reason) return true;
  return false;
}

size_t ReasonCounts::total() const {
  size_t n = 0;
  for (const auto& item : items) n += item.second;
  return n;
}

size_t VectorRun::failures() const {
  size_t n = 0;
  for (const auto& f : files)
    for (const auto& b : f.backends) n += b.failed;
  return n;
}

size_t VectorRun::tests_run() const {
  size_t n = 0;
  for (const auto& f : files)
    for (const auto& b : f.backends) n += b.passed + b.failed + b.acceptable + b.deviations;
  return n;
}

size_t VectorRun::file_errors() const {
  size_t n = 0;
  for (const auto& f : files) n += f.error.empty() ? 0 : 1;
  return n;
}

namespace {

// Why `backend` offers the file's algorithm at none of the parameter sets its runnable groups use (the
// first reason it gives); nullopt when it offers one. Groups of a size outside the catalog's range do not
// count: every library refuses those, and a refusal says nothing about the algorithm being there.
std::optional<std::string> not_offered_reason(const Backend& backend, const std::vector<GroupPlan>& plans,
                                              const std::vector<std::vector<bool>>& runs) {
  std::optional<std::string> first;
  for (size_t i = 0; i < plans.size(); ++i) {
    if (!plans[i].outside_range.empty() || std::find(runs[i].begin(), runs[i].end(), true) == runs[i].end())
      continue;
    std::optional<std::string> reason =
        backend.unsupported_reason(std::string(plans[i].algorithm->name), plans[i].key_bits);
    if (!reason) return std::nullopt;
    if (!first) first = std::move(reason);
  }
  return first;
}

}  // namespace

FileResult run_vector_file(const VectorFile& file, const std::vector<const Backend*>& backends) {
  FileResult result;
  result.file = file.name;
  result.algorithm = file.algorithm;
  result.schema = file.schema;
  result.tests = file.test_count();
  if (file.schema_info == nullptr) {
    result.skipped.add(not_run_schema_reason(file.schema), result.tests);
    return result;
  }

  // What runs is decided once for all backends: groups the mapping can express, and within them the tests
  // whose inputs our catalog's definition can take.
  std::vector<GroupPlan> plans;
  std::vector<std::vector<bool>> runs;
  bool any_runs = false;
  for (const VectorGroup& g : file.groups) {
    plans.push_back(plan_group(file, g));
    runs.emplace_back(g.tests.size(), false);
    if (!plans.back().runs()) {
      result.skipped.add(plans.back().skip_reason, g.tests.size());
      continue;
    }
    for (size_t t = 0; t < g.tests.size(); ++t) {
      if (auto reason = test_skip_reason(plans.back(), g, g.tests[t])) {
        result.skipped.add(*reason);
        continue;
      }
      runs.back()[t] = true;
      any_runs = true;
    }
  }
  if (!any_runs) return result;

  for (const Backend* backend : backends) {
    if (std::optional<std::string> reason = not_offered_reason(*backend, plans, runs)) {
      result.not_offered.push_back({backend->name(), *reason});
      continue;
    }
    BackendTally tally;
    tally.backend = backend->name();
    tally.skip_reasons = result.skipped;
    tally.skipped = result.skipped.total();
    const DeclaredFor declared{backend->deviations(), backend->library(), backend->library_version()};
    for (size_t i = 0; i < file.groups.size(); ++i) {
      const GroupPlan& plan = plans[i];
      const VectorGroup& group = file.groups[i];
      const size_t runnable = static_cast<size_t>(std::count(runs[i].begin(), runs[i].end(), true));
      if (runnable == 0) continue;
      if (auto reason = backend->unsupported_reason(std::string(plan.algorithm->name), plan.key_bits)) {
        if (!plan.outside_range.empty()) {  // a key size outside the catalog's range, refused: rejected
          for (size_t t = 0; t < group.tests.size(); ++t)
            if (runs[i][t]) record(tally, declared, file.name, group.tests[t], GroupRunner::refused(*reason));
          continue;
        }
        tally.skipped += runnable;
        tally.skip_reasons.add(*reason, runnable);
        continue;
      }
      GroupRunner runner(*backend, plan, group);
      for (size_t t = 0; t < group.tests.size(); ++t)
        if (runs[i][t]) record(tally, declared, file.name, group.tests[t], runner.run(group.tests[t]));
    }
    result.backends.push_back(std::move(tally));
  }
  return result;
}

VectorRun run_vector_files(const std::vector<std::string>& paths,
                           const std::vector<const Backend*>& backends) {
  VectorRun run;
  for (const std::string& path : paths) {
    Result<VectorFile> loaded = load_vector_file(path);
    if (loaded) {
      run.files.push_back(run_vector_file(*loaded, backends));
    } else {
      FileResult bad;
      bad.file = std::filesystem::path(path).filename().string();
      bad.error = loaded.error().message;
      run.files.push_back(std::move(bad));
    }
  }
  return run;
}

}  // namespace ca::verify
