#include "verify/isolated.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>

#include "host/child_call.hpp"

namespace ca::verify {

// What crosses the pipe from a child: the results as JSON (enums as their numbers). Defined here, next to
// their only use, so that the result types stay plain structs.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ReasonCounts, items)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TestOutcome, tc_id, expected, verdict, accepted, detail, comment, flags)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(BackendTally, backend, passed, failed, skipped, acceptable, deviations,
                                   acceptable_accepted, skip_reasons, failures, deviation_outcomes,
                                   acceptable_outcomes)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(FileResult::NotOffered, backend, reason)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(FileResult, file, algorithm, schema, tests, error, skipped, backends,
                                   not_offered)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(InteropCheck, algorithm, key_bits, from, to, ok, detail)

namespace {

// The backend's tally when its child did not finish: one failed test that says what happened.
BackendTally crashed_tally(const Backend& backend, const std::string& file, const std::string& failure) {
  BackendTally t;
  t.backend = backend.name();
  t.failed = 1;
  TestOutcome o;
  o.verdict = Verdict::Fail;
  o.detail = failure + " while running " + file + ": its remaining tests did not run";
  t.failures.push_back(std::move(o));
  return t;
}

}  // namespace

VectorRun run_vector_files_isolated(const std::vector<std::string>& paths,
                                    const std::vector<const Backend*>& backends, double timeout_s) {
  VectorRun run;
  for (const std::string& path : paths) {
    Result<VectorFile> loaded = load_vector_file(path);
    if (!loaded) {
      FileResult bad;
      bad.file = std::filesystem::path(path).filename().string();
      bad.error = loaded.error().message;
      run.files.push_back(std::move(bad));
      continue;
    }
    VectorFile& file = *loaded;
    // The file-wide fields (tests, skipped) come from a run without backends, in this process: no plugin
    // code runs for them.
    FileResult merged = run_vector_file(file, {});
    std::vector<BackendTally> tallies;
    bool any_ran = false;
    for (const Backend* b : backends) {
      const ChildOutcome child =
          call_in_child([&] { return nlohmann::json(run_vector_file(file, {b})).dump(); }, timeout_s);
      if (!child.finished) {
        tallies.push_back(crashed_tally(*b, merged.file, child.failure));
        any_ran = true;
        continue;
      }
      const FileResult one = nlohmann::json::parse(child.answer).get<FileResult>();
      merged.not_offered.insert(merged.not_offered.end(), one.not_offered.begin(), one.not_offered.end());
      if (!one.backends.empty()) {
        tallies.push_back(one.backends.front());
        any_ran = true;
      }
    }
    // As run_vector_file: one entry per selected backend that offers the algorithm, when a group runs.
    if (any_ran) merged.backends = std::move(tallies);
    run.files.push_back(std::move(merged));
  }
  return run;
}

InteropRun run_interop_isolated(const std::vector<const Backend*>& backends, double timeout_s) {
  InteropRun run;
  for (const Backend* b : backends) run.backends.push_back(b->name());
  for (const AlgorithmInfo& a : catalog())
    for (uint32_t bits : interop_key_sizes(a)) {
      const ChildOutcome all =
          call_in_child([&] { return nlohmann::json(interop_checks(a, bits, backends)).dump(); }, timeout_s);
      if (all.finished) {
        const auto checks = nlohmann::json::parse(all.answer).get<std::vector<InteropCheck>>();
        run.checks.insert(run.checks.end(), checks.begin(), checks.end());
        continue;
      }
      // One of them crashed: each ordered pair on its own, to keep every other pair's result.
      for (const Backend* from : backends)
        for (const Backend* to : backends) {
          if (from == to) continue;
          const ChildOutcome pair = call_in_child(
              [&] {
                return nlohmann::json(interop_checks(a, bits, {from, to})).dump();
              },
              timeout_s);
          if (pair.finished) {
            for (auto& c : nlohmann::json::parse(pair.answer).get<std::vector<InteropCheck>>())
              if (c.from == from->name() && c.to == to->name()) run.checks.push_back(std::move(c));
            continue;
          }
          InteropCheck failed;
          failed.algorithm = std::string(a.name);
          failed.key_bits = bits;
          failed.from = from->name();
          failed.to = to->name();
          failed.detail = pair.failure + " (the pair's process)";
          run.checks.push_back(std::move(failed));
        }
    }
  return run;
}

}  // namespace ca::verify
