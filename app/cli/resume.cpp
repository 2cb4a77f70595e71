#include "cli/resume.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "cli/common.hpp"
#include "record/journal.hpp"
#include "util/input_file.hpp"

namespace ca {
namespace {

std::string rounds_setting(bool exact, uint64_t rounds) {
  if (!exact) return "adaptive rounds";
  return rounds == 0 ? "exact rounds (-r N)"
                     : "exactly " + std::to_string(rounds) + (rounds == 1 ? " round" : " rounds");
}

}  // namespace

std::vector<RecordKey> planned_keys(const RunPlan& plan) {
  std::vector<RecordKey> keys;
  for (const Job& job : plan.jobs) {
    const auto ops = planned_operations(plan, *job.algorithm);
    for (const Backend* backend : plan.backends)
      for (size_t size : planned_sizes(plan, job))
        for (const auto& op : ops)
          keys.emplace_back(backend->name(), std::string(job.algorithm->name), job.key_bits, op, size);
  }
  return keys;
}

ResumedJournal read_resumed_journal(const std::string& path, const RunPlan& plan,
                                    const RunSettings& settings) {
  Result<std::string> text = read_input_file(path);
  if (!text) throw UsageError("journal " + text.error().message);
  std::istringstream in(std::move(*text));
  Result<JournalContents> read = read_journal(in, path);
  if (!read)
    throw UsageError(read.error().message + "; remove the line, or run without --resume to start again");
  JournalContents& contents = *read;
  if (contents.settings)
    if (std::string diff = resume_difference(*contents.settings, settings); !diff.empty())
      throw UsageError("journal '" + path + "' was measured with " + diff +
                       ": resume with the same settings, or run without --resume to start again");
  ResumedJournal resumed;
  resumed.has_settings = contents.settings.has_value();
  resumed.ignored_partial_line = contents.ignored_partial_line;
  resumed.valid_bytes = contents.valid_bytes;
  const auto planned = planned_keys(plan);
  const std::set<RecordKey> in_plan(planned.begin(), planned.end());
  std::set<RecordKey> taken;
  const bool exact = plan.measure.rounds.has_value();
  const uint64_t rounds = plan.measure.rounds.value_or(0);
  for (size_t i = 0; i < contents.records.size(); ++i) {
    Record& r = contents.records[i];
    const RecordKey key = key_of(r);
    if (!in_plan.count(key)) {
      ++resumed.outside_plan;
      continue;
    }
    const bool same = r.exact_rounds == exact && (!exact || !r.ok() || r.measurement.timed_ops == rounds);
    if (!same)
      throw UsageError(path + ":" + std::to_string(contents.lines[i]) + ": this record was measured with " +
                       rounds_setting(r.exact_rounds, r.ok() ? r.measurement.timed_ops : 0) +
                       ", this run uses " + rounds_setting(exact, rounds) +
                       ": resume with the same rounds setting, or run without --resume to start again");
    if (taken.insert(key).second) resumed.records.push_back(std::move(r));
  }
  return resumed;
}

void sort_in_plan_order(std::vector<Record>& records, const RunPlan& plan) {
  std::map<RecordKey, size_t> position;
  const auto planned = planned_keys(plan);
  for (size_t i = 0; i < planned.size(); ++i) position.emplace(planned[i], i);
  auto index = [&](const Record& r) {
    auto it = position.find(key_of(r));
    return it == position.end() ? planned.size() : it->second;
  };
  std::stable_sort(records.begin(), records.end(),
                   [&](const Record& a, const Record& b) { return index(a) < index(b); });
}

}  // namespace ca
