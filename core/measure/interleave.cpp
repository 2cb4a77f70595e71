#include "measure/interleave.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "measure/stop.hpp"
#include "stats/paired.hpp"
#include "stats/stats.hpp"

namespace ca {
namespace {

double own_relative_ci(const Measurement& m) {
  const auto ci = stats::median_ci(m.sample_ns);
  const double med = stats::median(m.sample_ns);
  if (!(med > 0)) return INFINITY;
  return (ci.high - ci.low) / 2.0 / med;
}

// A pair's per-round log-ratios, one list per process: a round's process is round / kRoundsPerProcess (the
// merged measurements of library_stopping below); untagged, every round is process 0's.
std::vector<std::vector<double>> log_ratios_by_process(const Measurement& a, const Measurement& b) {
  const std::vector<size_t> ra(a.sample_round.begin(), a.sample_round.end());
  const std::vector<size_t> rb(b.sample_round.begin(), b.sample_round.end());
  return stats::paired_log_ratios_by_process(a.sample_ns, ra, b.sample_ns, rb,
                                             Measurement::kRoundsPerProcess);
}

/// The stopping rule of adaptive mode. `met`: every ratio between adjacent live sources (ordered by median)
/// has an interval within ±target; a lone live source: its own median's interval is. `needed`: the sources
/// that further rounds can help, i.e. both sources of every pair still too wide, unless one of them is
/// `spent` (has used its own budget), when the pair can no longer narrow and neither is needed for it.
struct Stopping {
  bool met = true;
  std::vector<bool> needed;
  bool any_needed() const { return std::find(needed.begin(), needed.end(), true) != needed.end(); }
};

Stopping stopping(const std::vector<Measurement>& ms, const std::vector<bool>& live,
                  const std::vector<bool>& spent, double target) {
  Stopping st;
  st.needed.assign(ms.size(), false);
  std::vector<size_t> idx;
  for (size_t i = 0; i < ms.size(); ++i)
    if (live[i]) idx.push_back(i);
  if (idx.size() == 1) {
    st.met = !ms[idx[0]].sample_ns.empty() && own_relative_ci(ms[idx[0]]) <= target;
    st.needed[idx[0]] = !st.met && !spent[idx[0]];
    return st;
  }
  std::vector<double> medians(ms.size(), 0);
  for (size_t i : idx) medians[i] = ms[i].sample_ns.empty() ? INFINITY : stats::median(ms[i].sample_ns);
  std::sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return medians[a] < medians[b]; });
  for (size_t k = 0; k + 1 < idx.size(); ++k) {
    // One process: the pair's paired ratio. Several (--processes N): the part of its interval that rounds
    // narrow, each process's rounds paired within it (stats/paired.hpp, paired_ratio_within_processes).
    const auto logs = log_ratios_by_process(ms[idx[k + 1]], ms[idx[k]]);
    if (stats::paired_ratio_within_processes(logs).relative_half_width() <= target) continue;
    st.met = false;
    if (!spent[idx[k]] && !spent[idx[k + 1]]) st.needed[idx[k]] = st.needed[idx[k + 1]] = true;
  }
  return st;
}

// With tags (--processes N), the stopping rule over libraries: each library's live sources are merged into
// one measurement whose rounds are tagged by process (process p's round r is p * kRoundsPerProcess + r), so
// that a pair of libraries is paired process by process (log_ratios_by_process); a library is spent when all
// of its sources are, and each of its live sources is needed when the library is.
Stopping library_stopping(const std::vector<Measurement>& ms, const std::vector<bool>& live,
                          const std::vector<bool>& spent, double target, std::span<const SourceTag> tags) {
  if (tags.empty()) return stopping(ms, live, spent, target);
  std::vector<size_t> libraries, group(ms.size());
  for (size_t i = 0; i < ms.size(); ++i) {
    const auto at = std::find(libraries.begin(), libraries.end(), tags[i].library);
    group[i] = static_cast<size_t>(at - libraries.begin());
    if (at == libraries.end()) libraries.push_back(tags[i].library);
  }
  const size_t n = libraries.size();
  std::vector<Measurement> merged(n);
  std::vector<bool> merged_live(n, false), merged_spent(n, true);
  std::vector<std::vector<std::pair<size_t, double>>> samples(n);  // (tagged round, ns), sorted below
  for (size_t i = 0; i < ms.size(); ++i) {
    if (!live[i]) continue;
    const size_t g = group[i];
    merged_live[g] = true;
    merged_spent[g] = merged_spent[g] && spent[i];
    for (size_t k = 0; k < ms[i].sample_ns.size() && k < ms[i].sample_round.size(); ++k)
      samples[g].emplace_back(
          size_t{tags[i].process} * Measurement::kRoundsPerProcess + ms[i].sample_round[k],
          ms[i].sample_ns[k]);
  }
  for (size_t g = 0; g < n; ++g) {
    std::sort(samples[g].begin(), samples[g].end());
    for (const auto& [round, ns] : samples[g]) {
      merged[g].sample_round.push_back(static_cast<uint32_t>(round));
      merged[g].sample_ns.push_back(ns);
    }
  }
  const Stopping by_library = stopping(merged, merged_live, merged_spent, target);
  Stopping st;
  st.met = by_library.met;
  st.needed.assign(ms.size(), false);
  for (size_t i = 0; i < ms.size(); ++i) st.needed[i] = live[i] && by_library.needed[group[i]];
  return st;
}

// Every source warms up and calibrates before the first round, so no round has a cold participant. A
// source that fails here is not live; returns how many are.
size_t warm_up_all(std::span<SampleSource* const> sources, const MeasureConfig& cfg, InterleavedRun& run,
                   std::vector<bool>& live, std::vector<uint64_t>& batch) {
  size_t live_count = 0;
  for (size_t i = 0; i < sources.size(); ++i) {
    Measurement& m = run.per_source[i];
    const WarmUp w = sources[i]->warm_up(cfg);
    m.warmup_ops = w.ops;
    m.batch = w.batch;
    if (w.status != CA_OK) {
      m.status = w.status;
      m.error = w.error;
      live[i] = false;
      continue;
    }
    batch[i] = std::max<uint64_t>(1, w.batch);
    if (!cfg.rounds && cfg.lanes_per_library > 1)
      batch[i] = (batch[i] + cfg.lanes_per_library - 1) / cfg.lanes_per_library;
    // Exact mode: spread the requested operations over at least min_samples rounds when there are enough.
    if (cfg.rounds)
      batch[i] = std::max<uint64_t>(1, std::min<uint64_t>(batch[i], *cfg.rounds / cfg.min_samples));
    ++live_count;
  }
  return live_count;
}

// After the last round: whether each source met the target (Measurement::target_met).
void set_target_met(InterleavedRun& run, const std::vector<bool>& live, const MeasureConfig& cfg,
                    size_t repetitions, std::span<const SourceTag> tags) {
  const size_t n = run.per_source.size();
  for (size_t i = 0; i < n; ++i) {
    Measurement& m = run.per_source[i];
    if (repetitions > 1 && !cfg.rounds && !m.sample_ns.empty()) {
      const auto s = stats::summarize_repetitions(m.sample_ns, m.repetition_samples);
      const auto ci = stats::median_ci(s.repetition_medians);
      const double med = stats::median(s.repetition_medians);
      m.target_met = med > 0 && (ci.high - ci.low) / 2.0 / med <= cfg.target_rel_ci;
    } else {
      m.target_met = run.target_met;
    }
  }
  // Adaptive, stopped by a budget: a source whose ratios with both neighbours met the target did meet it;
  // only the sources of the pairs still too wide did not.
  if (!cfg.rounds && repetitions == 1 && !run.target_met) {
    const std::vector<bool> none(n, false);
    const Stopping st = library_stopping(run.per_source, live, none, cfg.target_rel_ci, tags);
    for (size_t i = 0; i < n; ++i)
      if (live[i] && !run.per_source[i].sample_ns.empty()) run.per_source[i].target_met = !st.needed[i];
  }
}

}  // namespace

InterleavedRun measure_interleaved(std::span<SampleSource* const> sources, const MeasureConfig& cfg,
                                   std::span<const SourceTag> tags) {
  if (!tags.empty() && tags.size() != sources.size()) tags = {};
  InterleavedRun run;
  const size_t n = sources.size();
  run.per_source.resize(n);
  std::vector<bool> live(n, true);
  // Adaptive mode: a source whose ratios with its neighbours already meet the target sits rounds out until
  // a change in the order makes it needed again (the ratios are paired over the rounds both took part in).
  std::vector<bool> resting(n, false);
  std::vector<uint64_t> batch(n, 1), remaining(n, cfg.rounds.value_or(0));

  const size_t live_count = warm_up_all(sources, cfg, run, live, batch);

  std::mt19937_64 rng(cfg.jitter_seed);
  std::uniform_real_distribution<double> jitter(1.0, 1.2);
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  const double budget_ns = cfg.budget_s * 1e9 * static_cast<double>(std::max<size_t>(1, live_count));
  const size_t repetitions = std::max<size_t>(1, cfg.repetitions);
  size_t round = 0;
  const auto spent_own = [&](size_t i) {
    return !cfg.rounds && repetitions == 1 && run.per_source[i].timed_ns >= cfg.budget_s * 1e9;
  };
  const auto spent_flags = [&] {
    std::vector<bool> f(n);
    for (size_t i = 0; i < n; ++i) f[i] = spent_own(i);
    return f;
  };

  for (size_t rep = 0; rep < repetitions; ++rep) {
    std::vector<size_t> before(n);
    for (size_t i = 0; i < n; ++i) before[i] = run.per_source[i].sample_ns.size();
    if (cfg.rounds) std::fill(remaining.begin(), remaining.end(), *cfg.rounds);
    double spent_ns = 0;
    size_t rep_rounds = 0, next_check = cfg.min_samples;
    for (;;) {
      std::shuffle(order.begin(), order.end(), rng);
      bool any = false;
      for (size_t i : order) {
        // A stop request (measure/stop.hpp), read between batches: every source still sampled ends as
        // stopped, and the caller abandons the comparison.
        if (measurement_stop_requested()) {
          for (size_t k = 0; k < n; ++k)
            if (live[k]) {
              run.per_source[k].status = CA_FAILED;
              run.per_source[k].error = kMeasurementStopped;
              live[k] = false;
            }
          break;
        }
        if (!live[i] || resting[i] || (cfg.rounds && remaining[i] == 0)) continue;
        Measurement& m = run.per_source[i];
        // Adaptive, one repetition: no source times more than its own budget, as when measured on its own.
        // A pair too noisy for the target then stops where each of its sources would have stopped alone,
        // instead of running the other sources' unspent budgets (the comparison's budget stays the cap).
        if (spent_own(i)) continue;
        uint64_t ops =
            std::max<uint64_t>(1, static_cast<uint64_t>(static_cast<double>(batch[i]) * jitter(rng)));
        if (cfg.rounds) ops = std::min(ops, remaining[i]);
        // At least one operation: a batch of fewer than ten (ECDSA, RSA, EdDSA) would otherwise time its
        // first call after another backend's turn, in caches and predictors that backend left. Issue #30
        // measured that call's cost: ECDSA samples' interquartile range 1.2-20 % of the median without it
        // against 0.1-5 % sequential, and the default command's eleven-library run 1.45x the eight's without
        // it against 1.36x with it (docs/METHODOLOGY.md, "Interleaved order").
        const uint64_t settle =
            cfg.settle_fraction > 0
                ? std::max<uint64_t>(
                      1, static_cast<uint64_t>(static_cast<double>(batch[i]) * cfg.settle_fraction))
                : 0;
        const SampleResult s = sources[i]->sample(ops, settle);
        if (s.status != CA_OK) {
          m.status = s.status;
          m.error = s.error;
          live[i] = false;
          continue;
        }
        m.sample_ns.push_back(s.ns / static_cast<double>(ops));
        m.sample_ops.push_back(ops);
        m.sample_round.push_back(static_cast<uint32_t>(round));
        m.timed_ops += ops;
        m.timed_ns += s.ns;
        m.perf_cycles += s.cycles;
        m.warmup_ops += settle;
        if (cfg.rounds) remaining[i] -= ops;
        spent_ns += s.ns;
        any = true;
      }
      ++round;
      ++rep_rounds;
      if (!any) break;
      if (cfg.rounds) {
        bool done = true;
        for (size_t i = 0; i < n; ++i) done = done && (!live[i] || remaining[i] == 0);
        if (done) break;
        continue;
      }
      if (rep_rounds >= cfg.max_samples || spent_ns >= budget_ns) break;
      if (repetitions == 1 && rep_rounds >= next_check) {
        const Stopping st = library_stopping(run.per_source, live, spent_flags(), cfg.target_rel_ci, tags);
        if (st.met) run.target_met = true;
        if (!st.any_needed()) break;
        for (size_t i = 0; i < n; ++i) resting[i] = !st.needed[i];
        // Re-check after ~10 % more rounds: the sorts inside stay a small share of the work.
        next_check = rep_rounds + std::max<size_t>(1, rep_rounds / 10);
      }
    }
    if (repetitions > 1)
      for (size_t i = 0; i < n; ++i)
        run.per_source[i].repetition_samples.push_back(run.per_source[i].sample_ns.size() - before[i]);
  }
  run.rounds = round;
  set_target_met(run, live, cfg, repetitions, tags);
  return run;
}

}  // namespace ca
