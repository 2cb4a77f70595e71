// The console table: cryptauditor's lines ("Performing 1000 rounds of ...", "Encryption time: 0.005ms",
// "1 - AES-CTR - 0.005ms (+0.0ms)"), with each line naming its backend when several ran, the confidence
// interval beside every figure, and library rankings when an algorithm ran in two or more libraries.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <tuple>

#include "catalog/catalog.hpp"
#include "library_grid.hpp"
#include "rank/ranking.hpp"
#include "ranking_text.hpp"
#include "report.hpp"
#include "timing_2004.hpp"

namespace ca {
namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string op_phrase(const AlgorithmInfo& a) {
  switch (a.family) {
    case Family::Cipher:
      return "encryption and decryption";
    case Family::Hash:
      return "hash";
    case Family::Signature:
      return "signing and verification";
    case Family::Mac:
      return "MAC";
    case Family::Kdf:
      return "key derivation";
    case Family::KeyAgreement:
      return "key agreement";
  }
  return "";
}

std::string performing_line(const AlgorithmInfo& a, uint32_t bits, size_t size, const ReportSettings& s) {
  const bool stream = s.cipher_stream && a.family == Family::Cipher;
  const std::string until = s.sequential ? "the 95% CI of the median is within ±"
                                         : "libraries interleaved, until the 95% CI of each ratio between "
                                           "them (of the median for one library) is within ±";
  std::string rounds = s.rounds ? std::to_string(*s.rounds) + (*s.rounds == 1 ? " round" : " rounds")
                                : "adaptive rounds (" + until + fmt("%.3g", s.target_rel_ci * 100) + "% or " +
                                      fmt("%.3g", s.budget_s) + " s per library)";
  std::string line =
      "Performing " + rounds + " of " + std::string(a.primitive) + " " +
      (stream ? "stream encryption (one long-running context, no nonce or tag per operation)" : op_phrase(a));
  if (!a.mode.empty()) line += " in " + std::string(a.mode) + " mode";
  if (a.family != Family::Hash && a.family != Family::Kdf) {
    line += " with a " + std::to_string(bits) + "-bit random key";
    if (a.name == "ECDSA") line += " (P-256, SHA-256)";
  }
  line += " on " + format_size(size) + " of random data";
  if (s.repetitions > 1)
    line += ", in " + std::to_string(s.repetitions) + " repetitions (median and CI over their medians)";
  if (s.processes > 1)
    line +=
        ", in " + std::to_string(s.processes) + " worker processes each (median and CI over their medians)";
  return line;
}

std::string measured_detail(const Record& r, const ReportSettings& s) {
  const auto& sm = r.summary;
  // The interval's real level: below 95 % when there were too few samples (or repetitions) to reach it; one
  // value has no interval at all.
  const size_t values = !r.process_samples.empty()                 ? sm.process_medians.size()
                        : r.measurement.repetition_samples.empty() ? sm.n
                                                                   : sm.repetition_medians.size();
  std::string d = values < 2 ? "no CI from one sample"
                             : ci_label(sm.ci_coverage) + " " + format_duration(sm.ci95.low, s.unit) + "–" +
                                   format_duration(sm.ci95.high, s.unit);
  if (r.data_bytes > 0 && is_data_operation(r.operation))
    d += ", " + fmt("%.1f", r.throughput_mib_s()) + " MiB/s";
  else
    d += ", " + fmt("%.0f", r.ops_per_s()) + " ops/s";
  d += ", " + std::to_string(r.measurement.timed_ops) +
       (r.measurement.timed_ops == 1 ? " op in " : " ops in ") + std::to_string(sm.n) +
       (sm.n == 1 ? " sample" : " samples");
  if (!r.measurement.repetition_samples.empty())
    d += " over " + std::to_string(r.measurement.repetition_samples.size()) + " repetitions";
  if (!r.process_samples.empty()) d += " in " + std::to_string(r.process_samples.size()) + " processes";
  if (!(sm.mdape < 0.05)) d += ", NOISY: MdAPE " + fmt("%.1f", sm.mdape * 100) + "%";
  if (!r.exact_rounds && !r.measurement.target_met) d += ", CI target not met within the budget";
  if (r.has_parallel()) {
    d += "; " + std::to_string(r.parallel.threads) + " threads: ";
    if (r.parallel_throughput_mib_s() > 0)
      d += fmt("%.1f", r.parallel_throughput_mib_s()) + " MiB/s";
    else
      d += fmt("%.0f", r.parallel_ops_per_s()) + " ops/s";
    d += " together, scaling efficiency " + fmt("%.2f", r.scaling_efficiency());
    if (!(r.parallel_summary.mdape < 0.05))
      d += " (NOISY: MdAPE " + fmt("%.1f", r.parallel_summary.mdape * 100) + "%)";
  }
  return d;
}

// The RSA library benchmark's shape, after everything else so the lines above stay as they were: one row
// per (algorithm, key, operation, size), one column per backend, "-" where a backend has no measurement.
void print_library_table(const std::vector<Record>& records, TimeUnit unit, std::ostream& out) {
  const LibraryGrid grid = library_grid(records);
  std::vector<std::vector<std::string>> table{{"algorithm", "key", "operation", "size"}};
  for (const auto& b : grid.backends) table[0].push_back(b);
  for (const auto& row : grid.rows) {
    std::vector<std::string> line{row.algorithm, row.key_bits ? std::to_string(row.key_bits) : "-",
                                  row.operation, format_size(row.data_bytes)};
    for (const Record* r : row.cells)
      line.push_back(!r || r->status == Status::Unsupported ? "-"
                     : r->status == Status::Failed          ? "FAILED"
                     : r->status == Status::Disputed        ? "DISPUTED"
                                                            : format_duration(r->summary.median, unit));
    table.push_back(std::move(line));
  }
  std::vector<size_t> width(table[0].size(), 0);
  for (const auto& line : table)
    for (size_t c = 0; c < line.size(); ++c) width[c] = std::max(width[c], line[c].size());
  out << "\nPer-library table (median per operation):\n";
  for (const auto& line : table) {
    std::string text;
    for (size_t c = 0; c < line.size(); ++c) {
      // Names and sizes left-aligned, figures right-aligned so their digits line up.
      const size_t pad = width[c] - line[c].size();
      if (c < 4)
        text += line[c] + std::string(c + 1 < line.size() ? pad + 2 : 0, ' ');
      else
        text += std::string(pad, ' ') + line[c] + (c + 1 < line.size() ? "  " : "");
    }
    out << text << '\n';
  }
}

class ConsoleReporter : public Reporter {
 public:
  void write(const ReportInput& in, std::ostream& out) const override {
    const auto& env = in.environment;
    const auto& s = in.settings;
    std::set<std::string> backends;
    for (const auto& r : in.records) backends.insert(r.backend);
    const bool several = backends.size() > 1;

    out << "cryptauditor " << env.program_version << " | " << env.cpu_model << " (" << env.logical_cpus
        << " logical CPUs";
    for (const auto& f : env.cpu_features) out << ' ' << f;
    out << ") | " << env.build_type << " build";
    if (!s.pinned_cpus.empty()) out << " | pinned to CPU " << s.pinned_cpus;
    out << '\n';
    for (const auto& b : env.backends)
      out << "backend " << b.name << ": " << b.library << ' ' << b.version
          << (b.acceleration.empty() ? "" : " [" + b.acceleration + "]") << '\n';
    for (const auto& w : env.warnings) out << "warning: " << w << '\n';

    // One block per (algorithm, key size, data size), in the order measured.
    std::vector<std::tuple<std::string, uint32_t, size_t>> blocks;
    for (const auto& r : in.records) {
      auto key = std::make_tuple(r.algorithm, r.key_bits, r.data_bytes);
      if (std::find(blocks.begin(), blocks.end(), key) == blocks.end()) blocks.push_back(key);
    }
    for (const auto& [alg, bits, size] : blocks) {
      const AlgorithmInfo* info = find_algorithm(alg);
      out << '\n' << (info ? performing_line(*info, bits, size, s) : alg) << '\n';
      std::vector<std::string> said;
      for (const auto& r : in.records) {
        if (r.algorithm != alg || r.key_bits != bits || r.data_bytes != size) continue;
        std::string who = several ? r.backend + ": " : "";
        if (r.status == Status::Unsupported) {
          // One line per backend and reason, not one per operation.
          const std::string line = who + "unsupported: " + r.error;
          if (std::find(said.begin(), said.end(), line) == said.end()) {
            out << line << '\n';
            said.push_back(line);
          }
          continue;
        }
        if (r.status == Status::Failed || r.status == Status::Disputed) {
          out << who << operation_noun(r.operation)
              << (r.status == Status::Failed ? " FAILED: " : " DISPUTED: ") << r.error << '\n';
          continue;
        }
        out << who << operation_noun(r.operation) << " time: " << format_duration(r.summary.median, s.unit)
            << " (" << measured_detail(r, s) << ")\n";
      }
    }

    auto print_ranking = [&](const Ranking& rk, bool name_backend, bool name_algorithm) {
      if (rk.entries.empty()) return;
      out << '\n' << rk.title << ":\n";
      for (const auto& e : rk.entries) {
        const Record& r = *e.record;
        std::string who;
        if (name_algorithm)
          who = r.algorithm + (r.key_bits && several ? "-" + std::to_string(r.key_bits) : "");
        if (name_backend) who += name_algorithm ? " (" + r.backend + ")" : r.backend;
        out << e.rank << (e.tied ? "=" : "") << " - " << who << " - "
            << format_duration(r.summary.median, s.unit) << " (+" << format_duration(e.delta_ns, s.unit)
            << ranking_standing(e) << ")\n";
      }
    };
    for (const auto& rk : algorithm_rankings(in.records)) print_ranking(rk, several, true);
    for (const auto& rk : library_rankings(in.records)) print_ranking(rk, true, false);
    if (s.layout == "2004")
      write_2004_text(in, out);  // plugins/timing_2004.cpp, in place of the per-library table
    else if (several)
      print_library_table(in.records, s.unit, out);
  }
};

const bool registered = register_reporter("table", "console text in cryptauditor's shape (default)",
                                          [] { return std::make_unique<ConsoleReporter>(); });

}  // namespace
}  // namespace ca
