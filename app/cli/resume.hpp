// Resuming a study from its journal: which journal records belong to the plan, the check that they were
// measured with the same rounds setting, and putting old and new records back into the plan's order.
#pragma once

#include <string>
#include <vector>

#include "exec/runner.hpp"
#include "record/journal.hpp"
#include "record/record.hpp"
#include "record/record_key.hpp"

namespace ca {

/// The keys of the records run(plan) emits, in its order (jobs, backends, data sizes, operations).
std::vector<RecordKey> planned_keys(const RunPlan& plan);

struct ResumedJournal {
  std::vector<Record> records;  // journal records that belong to the plan, the first of each key
  size_t outside_plan = 0;      // journal records for keys the plan does not have (ignored)
  bool ignored_partial_line = false;
  size_t valid_bytes = 0;    // the journal is cut back to this before new records are appended
  bool has_settings = true;  // false: a journal of an older cryptauditor, without its settings line
};

/// Reads `path` (which must exist; at most util/input_file.hpp's cap) for a resumed run of `plan`. Throws
/// UsageError when a line is not a plausible record, when the journal's settings line differs from the
/// study's `settings` in one `run --resume` must match (settings/run_settings.hpp), or when a record was
/// measured with another rounds setting than the plan's: one report mixing records measured two ways, and
/// naming only one, would mislead.
ResumedJournal read_resumed_journal(const std::string& path, const RunPlan& plan,
                                    const RunSettings& settings);

/// Orders records as run(plan) would have emitted them (stable; unknown keys last).
void sort_in_plan_order(std::vector<Record>& records, const RunPlan& plan);

}  // namespace ca
