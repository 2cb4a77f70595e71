// The console table: cryptauditor's lines word for word ("Performing 1000 rounds of ...", "Encryption time:
// 0.005ms", "Encryption speed ranking:", "1 - AES-CTR - 0.005ms (+0.0ms)"; tests/seed_lines_test.cpp pins
// them against the original README's examples), each with what this program adds after the seed's text (the
// interval, throughput, sample count; the ratio to the fastest). With several libraries each line names its
// backend, the algorithm rankings are per library, and each algorithm shared by two or more libraries gets a
// library ranking. docs/COMPAT.md lists what still differs from the original.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "catalog/catalog.hpp"
#include "host/affinity.hpp"
#include "library_grid.hpp"
#include "params_text.hpp"
#include "partial_text.hpp"
#include "rank/ranking.hpp"
#include "ranking_text.hpp"
#include "report.hpp"
#include "stats/stats.hpp"
#include "text_table.hpp"
#include "timing_2004.hpp"
#include "util/units.hpp"

namespace ca {
namespace {

// What the "Performing" line says an operation is, in cryptauditor's words ("encryption", "signature").
std::string operation_words(const std::string& op) {
  if (op == "encrypt") return "encryption";
  if (op == "decrypt") return "decryption";
  if (op == "encrypt-stream")
    return "stream encryption (one long-running context, no nonce or tag per operation)";
  if (op == "hash") return "hash";
  if (op == "sign") return "signature";
  if (op == "verify") return "verification";
  if (op == "mac") return "MAC";
  if (op == "derive") return "key derivation";
  if (op == "agree") return "key agreement";
  if (op == "keygen") return "key pair generation";
  return op;
}

// "encryption and decryption", "key agreement, key pair generation and ..." in the order given.
std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
  return out;
}

// The original cryptauditor's line, word for word for its algorithms (README of the original, kept in
// tests/data/seed_readme_examples.txt): "Performing 1000 rounds of AES encryption and decryption in CTR mode
// with a 256-bit random key on 1KB of random data", "... of EdDSA signature and verification with a 256-bit
// (Ed25519) elliptic curve on 1KB of random data hashed with SHA-512". Operations measured once per key
// (keygen, agree) have no data: their block says nothing about random data. What this program adds
// (repetitions, processes) follows the seed's text.
std::string performing_line(const AlgorithmInfo& a, uint32_t bits, size_t size,
                            const std::vector<std::string>& operations, const ReportSettings& s) {
  // What "adaptive" means is said once, before the first block (adaptive_line).
  std::string rounds = s.rounds ? std::to_string(*s.rounds) + (*s.rounds == 1 ? " round" : " rounds")
                                : std::string("adaptive rounds");
  std::vector<std::string> words;
  for (const auto& op : operations) words.push_back(operation_words(op));
  std::string line = "Performing " + rounds + " of " + std::string(a.line_name()) + " " + join_words(words);
  if (!a.mode.empty()) line += " in " + std::string(a.mode) + " mode";
  if (a.family != Family::Hash && a.family != Family::Kdf)
    line += " with a " + std::to_string(bits) + "-bit " +
            (a.curve.empty() ? std::string("random key") : "(" + std::string(a.curve) + ") elliptic curve");
  if (size > 0) {
    line += " on " + format_size(size) + " of random data";
    if (!a.message_hash.empty()) line += " hashed with " + std::string(a.message_hash);
  }
  if (s.repetitions > 1 && s.processes > 1)
    line += ", in " + std::to_string(s.processes) + " worker processes of " + std::to_string(s.repetitions) +
            " repetitions each (median and CI over the processes' medians of their repetitions' medians)";
  else if (s.repetitions > 1)
    line += ", in " + std::to_string(s.repetitions) + " repetitions (median and CI over their medians)";
  else if (s.processes > 1)
    line +=
        ", in " + std::to_string(s.processes) + " worker processes each (median and CI over their medians)";
  return line;
}

// Once per report, when the rounds were adaptive: when each measurement stopped. Empty with -r N (the
// "Performing N rounds" lines say it).
std::string adaptive_line(const ReportSettings& s, bool several) {
  if (s.rounds) return "";
  // The stopping rule's interval is inside one process (its samples' median); with --processes N the
  // printed interval is over the processes' medians and has its own level, printed beside it.
  const std::string until =
      s.order == Order::Sequential || !several
          ? (s.processes > 1 ? "until the 95% CI of each worker process's median is within ±"
                             : "until each median's 95% CI is within ±")
          : "libraries interleaved, until the 95% CI of each ratio between them is within ±";
  std::string line = "Adaptive rounds: " + until + format_number("%.3g", s.target_rel_ci * 100) + "% or " +
                     format_number("%.3g", s.budget_s) + " s per library.";
  // Several libraries print no "Performing" lines, which say it for one.
  if (several && s.processes > 1)
    line += "\nEach library in " + std::to_string(s.processes) +
            " worker processes: medians, CIs and ratios are over the processes.";
  return line;
}

// The RSA library benchmark's `print(timeit.repeat(..., repeat=10, number=1000))`: each repetition's total
// time in seconds, as Python prints the list, then their median. The totals are the timed samples' sums, so
// they leave out the calibration and warm-up that timeit's number=1000 would include.
std::vector<std::string> repetition_lines(const Record& r) {
  const auto& m = r.measurement;
  if (m.repetition_samples.size() < 2 || m.sample_ops.size() != m.sample_ns.size()) return {};
  std::vector<double> totals_s;
  std::vector<uint64_t> ops;
  size_t next = 0;
  for (size_t count : m.repetition_samples) {
    double total_ns = 0;
    uint64_t n = 0;
    for (size_t i = next; i < next + count && i < m.sample_ns.size(); ++i) {
      total_ns += m.sample_ns[i] * static_cast<double>(m.sample_ops[i]);
      n += m.sample_ops[i];
    }
    next += count;
    totals_s.push_back(total_ns / 1e9);
    ops.push_back(n);
  }
  std::string list = "[";
  for (size_t i = 0; i < totals_s.size(); ++i) list += (i ? ", " : "") + python_float_repr(totals_s[i]);
  list += "]";
  std::string each;
  if (std::all_of(ops.begin(), ops.end(), [&](uint64_t n) { return n == ops.front(); })) {
    each = std::to_string(ops.front()) + (ops.front() == 1 ? " operation each" : " operations each");
  } else {
    each = "operations: ";
    for (size_t i = 0; i < ops.size(); ++i) each += (i ? ", " : "") + std::to_string(ops[i]);
  }
  const std::string noun = operation_noun(r.operation);
  return {noun + " repetition totals (s, " + each + "): " + list,
          noun + " repetition median: " + python_float_repr(stats::median(totals_s)) + " s"};
}

std::string measured_detail(const Record& r, const ReportSettings& s) {
  const auto& sm = r.summary;
  // The interval's real level: below 95 % when there were too few samples (or repetitions) to reach it; one
  // value has no interval at all.
  const size_t values = !r.process_samples.empty()                 ? sm.process_medians.size()
                        : r.measurement.repetition_samples.empty() ? sm.n
                                                                   : sm.repetition_medians.size();
  std::string d = values < 2 ? "no CI from one sample"
                             : ci_label(sm.ci_level) + " " + format_duration(sm.ci.low, s.unit) + "–" +
                                   format_duration(sm.ci.high, s.unit);
  if (r.data_bytes > 0 && is_data_operation(r.operation))
    d += ", " + format_number("%.1f", r.throughput_mib_s()) + " MiB/s";
  else
    d += ", " + format_number("%.0f", r.ops_per_s()) + " ops/s";
  d += ", " + std::to_string(r.measurement.timed_ops) +
       (r.measurement.timed_ops == 1 ? " op in " : " ops in ") + std::to_string(sm.n) +
       (sm.n == 1 ? " sample" : " samples");
  if (!r.measurement.repetition_samples.empty())
    d += " over " + std::to_string(r.measurement.repetition_samples.size()) + " repetitions";
  if (!r.process_samples.empty()) d += " in " + std::to_string(r.process_samples.size()) + " processes";
  if (!(sm.mdape < 0.05)) d += ", NOISY: MdAPE " + format_number("%.1f", sm.mdape * 100) + "%";
  if (!r.exact_rounds && !r.measurement.target_met) d += ", CI target not met within the budget";
  if (r.has_parallel()) {
    d += "; " + std::to_string(r.parallel.threads) + " threads: ";
    if (r.parallel_throughput_mib_s() > 0)
      d += format_number("%.1f", r.parallel_throughput_mib_s()) + " MiB/s";
    else
      d += format_number("%.0f", r.parallel_ops_per_s()) + " ops/s";
    d += " together, scaling efficiency " + format_number("%.2f", r.scaling_efficiency());
    if (!(r.parallel_summary.mdape < 0.05))
      d += " (NOISY: MdAPE " + format_number("%.1f", r.parallel_summary.mdape * 100) + "%)";
  }
  return d;
}

// The RSA library benchmark's shape, after everything else so the lines above stay as they were: one row
// per (algorithm, key, operation, size), one column per backend, "-" where a backend has no measurement.
// Its figures are in one unit for the whole table, the -u unit when given, else one that suits its typical
// value (readable_unit), with three significant digits: never "0.0000834ms".
void print_library_table(const ReportInput& in, std::ostream& out) {
  const std::vector<Record>& records = in.records;
  const ReportSettings& s = in.settings;
  const LibraryGrid grid = library_grid(records);
  std::vector<double> medians;
  for (const auto& row : grid.rows)
    for (const Record* r : row.cells)
      if (r && r->ok()) medians.push_back(r->summary.median);
  const TimeUnit unit = s.unit_given ? s.unit : readable_unit(medians);
  // Names and sizes left-aligned, figures right-aligned so their digits line up.
  std::vector<TableColumn> columns(4);
  columns.resize(4 + grid.backends.size(), {Align::Right});
  TextTable table(std::move(columns));
  std::vector<std::string> heading{"algorithm", "key", "operation", "size"};
  heading.insert(heading.end(), grid.backends.begin(), grid.backends.end());
  table.add_row(std::move(heading));
  for (const auto& row : grid.rows) {
    std::vector<std::string> line{row.algorithm, row.key_bits ? std::to_string(row.key_bits) : "-",
                                  row.operation, row.data_bytes ? format_size(row.data_bytes) : "-"};
    for (size_t c = 0; c < row.cells.size(); ++c) {
      const Record* r = row.cells[c];
      if (!r && cell_not_measured(in, grid.backends[c], row.algorithm, row.key_bits, row.operation,
                                  row.data_bytes)) {
        line.push_back(kNotMeasuredCell);
        continue;
      }
      line.push_back(!r || r->status == Status::Unsupported ? "-"
                     : r->status == Status::Failed          ? "FAILED"
                     : r->status == Status::Disputed        ? "DISPUTED"
                                                     : format_significant(from_ns(r->summary.median, unit)));
    }
    table.add_row(std::move(line));
  }
  out << "\nPer-library table (median time per operation, " << unit_name(unit) << "):\n";
  table.print(out);
}

// A summary table's standing of one library at one size: "#1" for the fastest, "=1" for a rank shared with
// another library (significance_ranks: no interval separates them), then for every entry but the first its
// time over the first's with that ratio's interval, "1.27x 1.25–1.29" (the interval's level when below 95 %:
// "(75%)"; "no CI" when there is none).
std::string summary_standing(const RankedEntry& e, const RankedEntry& first) {
  std::string text = (e.tied ? "=" : "#") + std::to_string(e.rank);
  if (&e == &first) return text;
  const stats::Interval ci = e.paired ? e.versus_fastest.ci : time_ratio_interval(*e.record, *first.record);
  if (!(ci.low > 0) || !std::isfinite(ci.high))
    return text + " " + format_number("%.2f", e.ratio) + "x no CI" +
           (e.slower_than != nullptr ? " (slower than " + e.slower_than->backend + ")" : "");
  // Two decimals, or more where two would print the point on its interval's edge (ranking_text.hpp).
  const std::string f = "%." + std::to_string(ratio_decimals(e.ratio, ci)) + "f";
  text += " " + format_number(f.c_str(), e.ratio) + "x " + format_number(f.c_str(), ci.low) + "–" +
          format_number(f.c_str(), ci.high);
  const double level = e.paired ? e.versus_fastest.coverage : time_ratio_level(*e.record, *first.record);
  if (level > 0 && level_percent(level) != "95") text += " (" + level_percent(level) + "%)";
  if (e.slower_than != nullptr) text += " (slower than " + e.slower_than->backend + ")";
  return text;
}

// The order of a summary table's rows (issue #41): fastest first, by rank and then by the ratio to the
// fastest at the largest size, then at the next largest for libraries equal there (or not measured there);
// a library measured at no size of the table last. A stable sort: equal libraries keep the grid's order.
std::vector<size_t> fastest_first(const std::vector<const GridRow*>& rows, size_t backends,
                                  const std::vector<Ranking>& rankings) {
  std::vector<const GridRow*> by_size(rows);
  std::stable_sort(by_size.begin(), by_size.end(),
                   [](const GridRow* a, const GridRow* b) { return a->data_bytes > b->data_bytes; });
  // key[b]: (rank, ratio) per size, largest first; a library not ranked at a size: (SIZE_MAX, +inf).
  std::vector<std::vector<std::pair<size_t, double>>> key(backends);
  for (size_t b = 0; b < backends; ++b)
    for (const GridRow* row : by_size) {
      std::pair<size_t, double> at{SIZE_MAX, INFINITY};
      const Record* r = row->cells[b];
      for (const Ranking& rk : rankings)
        for (const RankedEntry& e : rk.entries)
          if (r != nullptr && e.record == r) at = {e.rank, e.ratio};
      if (r != nullptr && r->ok() && at.first == SIZE_MAX) at = {1, 1.0};  // the only library at that size
      key[b].push_back(at);
    }
  std::vector<size_t> order(backends);
  for (size_t b = 0; b < backends; ++b) order[b] = b;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return key[a] < key[b]; });
  return order;
}

// With several libraries, the default console ends with these: one table per (algorithm, key, operation),
// libraries as rows and sizes as columns, each cell the library's figure (throughput for bulk operations,
// else the median time per operation, in one readable unit per table; -u's time unit when given) and its
// standing in that size's library ranking (core/rank's, by significance_ranks).
void print_summary_tables(const ReportInput& in, std::ostream& out) {
  const ReportSettings& s = in.settings;
  const LibraryGrid grid = library_grid(in.records);
  const std::vector<Ranking> rankings = library_rankings(in.records);
  auto standing = [&](const Record* r) -> std::string {
    for (const Ranking& rk : rankings)
      for (const RankedEntry& e : rk.entries)
        if (e.record == r) return summary_standing(e, rk.entries.front());
    return "";  // the only library measured at that size
  };
  // Tables in first-seen order of (algorithm, key, operation); sizes in first-seen order within each.
  std::vector<std::tuple<std::string, uint32_t, std::string>> tables;
  for (const GridRow& row : grid.rows) {
    auto key = std::make_tuple(row.algorithm, row.key_bits, row.operation);
    if (std::find(tables.begin(), tables.end(), key) == tables.end()) tables.push_back(key);
  }
  out << "\nSummary per algorithm, key and operation (#1 fastest; =N shares rank N: no CI separates them;"
         "\n1.27x 1.25–1.29: time over the fastest's, with its 95% CI, its level after it when another;"
         "\n(slower than X): ranked below 1 because X is significantly faster, though its CI against the"
         " fastest holds 1;\nrows fastest first at the largest size; - not offered):\n";
  for (const auto& [alg, bits, op] : tables) {
    std::vector<const GridRow*> rows;
    for (const GridRow& row : grid.rows)
      if (row.algorithm == alg && row.key_bits == bits && row.operation == op) rows.push_back(&row);
    const bool rate =
        !s.unit_given && is_data_operation(op) &&
        std::all_of(rows.begin(), rows.end(), [](const GridRow* r) { return r->data_bytes > 0; });
    std::vector<double> values;  // ns per operation, or bytes per second
    for (const GridRow* row : rows)
      for (const Record* r : row->cells)
        if (r && r->ok())
          values.push_back(rate ? static_cast<double>(r->data_bytes) * 1e9 / r->summary.median
                                : r->summary.median);
    const RateUnit rate_unit = readable_rate_unit(rate ? values : std::vector<double>{});
    const TimeUnit time_unit = s.unit_given ? s.unit : readable_unit(rate ? std::vector<double>{} : values);
    auto figure = [&](const Record& r) {
      return rate ? format_significant(static_cast<double>(r.data_bytes) * 1e9 / r.summary.median /
                                       rate_unit.bytes_per_s)
                  : format_significant(from_ns(r.summary.median, time_unit));
    };
    std::vector<TableColumn> columns{{Align::Left}};
    std::vector<std::string> heading{""};
    for (const GridRow* row : rows) {
      columns.push_back({Align::Right});
      columns.push_back({Align::Left});
      heading.push_back(row->data_bytes ? format_size(row->data_bytes) : "-");
      heading.push_back("");
    }
    TextTable table(std::move(columns));
    table.indent("  ");
    table.add_row(std::move(heading));
    for (size_t b : fastest_first(rows, grid.backends.size(), rankings)) {
      std::vector<std::string> line{grid.backends[b]};
      bool any = false;
      for (const GridRow* row : rows) {
        const Record* r = row->cells[b];
        any = any || r;
        if (!r && cell_not_measured(in, grid.backends[b], alg, bits, op, row->data_bytes)) {
          line.insert(line.end(), {kNotMeasuredCell, ""});
          any = true;
        } else if (!r || r->status == Status::Unsupported) {
          line.insert(line.end(), {"-", ""});
        } else if (!r->ok()) {
          line.insert(line.end(), {r->status == Status::Failed ? "FAILED" : "DISPUTED", ""});
        } else {
          line.insert(line.end(), {figure(*r), standing(r)});
        }
      }
      if (any) table.add_row(std::move(line));
    }
    out << '\n'
        << algorithm_title(alg, bits) << ' ' << op << ", "
        << (rate ? std::string(rate_unit.name) + " (higher is faster)"
                 : "median time per operation, " + std::string(unit_name(time_unit)))
        << ":\n";
    table.print(out);
  }
}

// "process 1 of 3: not offered by this library" -> "not offered by this library": each worker process says
// it, and the reason is the same.
std::string without_process(const std::string& error) {
  if (error.rfind("process ", 0) != 0) return error;
  const size_t colon = error.find(": ");
  return colon == std::string::npos || error.find(" of ") > colon ? error : error.substr(colon + 2);
}

// The default console's lines before the summary tables, for what the tables show only as "-" or "FAILED":
// one line per library naming what it does not offer, grouped by reason (COMPAT.md: never dropped), and each
// failed or disputed measurement's error.
void print_summary_notes(const ReportInput& in, std::ostream& out) {
  struct Unsupported {
    std::string backend;
    std::vector<std::pair<std::string, std::vector<std::string>>> by_reason;  // reason -> algorithm titles
  };
  std::vector<Unsupported> unsupported;
  for (const Record& r : in.records) {
    if (r.status != Status::Unsupported) continue;
    auto lib = std::find_if(unsupported.begin(), unsupported.end(),
                            [&](const Unsupported& u) { return u.backend == r.backend; });
    if (lib == unsupported.end()) lib = unsupported.insert(unsupported.end(), {r.backend, {}});
    const std::string reason = without_process(r.error);
    auto group = std::find_if(lib->by_reason.begin(), lib->by_reason.end(),
                              [&](const auto& g) { return g.first == reason; });
    if (group == lib->by_reason.end()) group = lib->by_reason.insert(lib->by_reason.end(), {reason, {}});
    const std::string title = algorithm_title(r.algorithm, r.key_bits);
    if (std::find(group->second.begin(), group->second.end(), title) == group->second.end())
      group->second.push_back(title);
  }
  for (const Unsupported& u : unsupported) {
    std::string line = u.backend + ": unsupported (- in the tables): ";
    for (size_t i = 0; i < u.by_reason.size(); ++i) {
      std::string titles;
      for (const auto& t : u.by_reason[i].second) titles += (titles.empty() ? "" : ", ") + t;
      line += (i == 0 ? "" : "; ") + titles + ": " + u.by_reason[i].first;
    }
    for (const auto& part : wrap_text(line, 120, "", "  ")) out << part << '\n';
  }
  std::vector<std::string> said;
  for (const Record& r : in.records) {
    if (r.ok() || r.status == Status::Unsupported) continue;
    const std::string line = r.backend + ": " + algorithm_title(r.algorithm, r.key_bits) + " " + r.operation +
                             ", " + format_size(r.data_bytes) +
                             (r.status == Status::Failed ? " FAILED: " : " DISPUTED: ") + r.error;
    if (std::find(said.begin(), said.end(), line) == said.end()) {
      for (const auto& part : wrap_text(line, 120, "", "  ")) out << part << '\n';
      said.push_back(line);
    }
  }
  std::vector<std::string> params;  // parameters other than the catalog's defaults, once per algorithm
  for (const Record& r : in.records) {
    const AlgorithmInfo* info = find_algorithm(r.algorithm);
    if (!info) continue;
    const std::string p = non_default_params(*info, r.params);
    const std::string line = p.empty() ? "" : r.algorithm + ": Parameters (not the catalog's defaults): " + p;
    if (!p.empty() && std::find(params.begin(), params.end(), line) == params.end()) {
      out << line << '\n';
      params.push_back(line);
    }
  }
}

// The name an algorithm ranking gives an entry: the seed's ("EdDSA"), with the key size when the ranking
// holds the algorithm at two key sizes ("AES-GCM-128", "AES-GCM-256"). Algorithm rankings never mix libraries
// (one per library when several ran), so the library is never part of the name.
std::string entry_name(const Record& r, const Ranking& rk) {
  const AlgorithmInfo* info = find_algorithm(r.algorithm);
  std::string name = info ? std::string(info->display_name()) : r.algorithm;
  const bool two_keys = std::any_of(rk.entries.begin(), rk.entries.end(), [&](const RankedEntry& e) {
    return e.record->algorithm == r.algorithm && e.record->key_bits != r.key_bits;
  });
  if (two_keys && r.key_bits) name += "-" + std::to_string(r.key_bits);
  return name;
}

// A partial run's planned records that were not reached, after the banner again.
void print_not_measured(const ReportInput& in, std::ostream& out) {
  const auto lines = not_measured_lines(in);
  if (lines.empty()) return;
  out << '\n' << partial_banner(in) << "\nNot measured (interrupted):\n";
  for (const auto& line : lines) out << "  " << line << '\n';
}

class ConsoleReporter : public Reporter {
 public:
  void write(const ReportInput& in, std::ostream& out) const override {
    const auto& env = in.environment;
    const auto& s = in.settings;
    std::vector<std::string> backends;  // in the order they first appear
    for (const auto& r : in.records)
      if (std::find(backends.begin(), backends.end(), r.backend) == backends.end())
        backends.push_back(r.backend);
    const bool several = backends.size() > 1;

    out << "cryptauditor " << env.program_version << " | " << env.cpu_model << " (" << env.logical_cpus
        << " logical CPUs) | " << env.build_type << " build";
    if (!s.pin_cpus.empty()) out << " | pinned to CPU " << format_cpu_list(s.pin_cpus);
    out << '\n';
    if (!env.cpu_features.empty()) {  // on a line of its own: the first stays within a terminal's width
      out << "CPU features:";
      for (const auto& f : env.cpu_features) out << ' ' << f;
      out << '\n';
    }
    for (const auto& b : env.backends)
      out << "backend " << b.name << ": " << b.library << ' ' << b.version
          << (b.acceleration.empty() ? "" : " [" + b.acceleration + "]") << '\n';
    for (const auto& w : env.warnings)  // within 120 columns, as the whole default output
      for (const auto& line : wrap_text(w, 120, "warning: ", "  ")) out << line << '\n';
    const std::string banner = partial_banner(in);  // a partial run says so first and last
    if (!banner.empty()) out << banner << '\n';

    if (const std::string adaptive = adaptive_line(s, several); !adaptive.empty()) out << adaptive << '\n';
    // With several libraries the default layout is the summary: the per-line output below is --layout seed's
    // (and the 2004 layout's, which adds its tables to it).
    if (several && s.layout == "default") {
      print_summary_notes(in, out);
      print_summary_tables(in, out);
      print_not_measured(in, out);
      return;
    }

    // One block per (algorithm, key size, data size), in the order measured.
    std::vector<std::tuple<std::string, uint32_t, size_t>> blocks;
    for (const auto& r : in.records) {
      auto key = std::make_tuple(r.algorithm, r.key_bits, r.data_bytes);
      if (std::find(blocks.begin(), blocks.end(), key) == blocks.end()) blocks.push_back(key);
    }
    for (const auto& [alg, bits, size] : blocks) {
      std::vector<std::string> operations;
      for (const auto& r : in.records)
        if (r.algorithm == alg && r.key_bits == bits && r.data_bytes == size &&
            std::find(operations.begin(), operations.end(), r.operation) == operations.end())
          operations.push_back(r.operation);
      const AlgorithmInfo* info = find_algorithm(alg);
      out << '\n' << (info ? performing_line(*info, bits, size, operations, s) : alg) << '\n';
      // Parameters other than the catalog's defaults (--param, config "params"), once per block.
      for (const auto& r : in.records)
        if (info && r.algorithm == alg && r.key_bits == bits && r.data_bytes == size) {
          if (const std::string p = non_default_params(*info, r.params); !p.empty())
            out << "Parameters (not the catalog's defaults): " << p << '\n';
          break;
        }
      std::vector<std::string> said;
      for (const auto& r : in.records) {
        if (r.algorithm != alg || r.key_bits != bits || r.data_bytes != size) continue;
        std::string who = several ? r.backend + ": " : "";
        if (r.status == Status::Unsupported) {
          // One line per backend and reason, not one per operation; it names the library even when only
          // one ran, since "unsupported" alone does not say by whom.
          const std::string line = r.backend + ": unsupported: " + r.error;
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
        for (const auto& line : repetition_lines(r)) out << who << line << '\n';
      }
    }

    // cryptauditor's "1 - SHA2-512 - 2.734ms (+0.0ms)", the seed's text first; the ratio to the fastest, its
    // interval and ties follow it.
    // `libraries`: a library ranking, whose entries are named by their backend.
    auto print_ranking = [&](const Ranking& rk, const std::string& prefix, bool libraries) {
      if (rk.entries.empty()) return;
      out << '\n' << prefix << rk.title << ":\n";
      for (const auto& e : rk.entries) {
        const Record& r = *e.record;
        const std::string who = libraries ? r.backend : entry_name(r, rk);
        // An entry ranked by paired ratios can have a median below the fastest's: its difference is negative.
        out << e.rank << " - " << who << " - " << format_duration(r.summary.median, s.unit) << " ("
            << (e.delta_ns < 0 ? "-" : "+") << format_delta(std::fabs(e.delta_ns), s.unit) << ")"
            << ranking_standing(e) << '\n';
      }
    };
    if (!several) {
      for (const auto& rk : algorithm_rankings(in.records)) print_ranking(rk, "", false);
      if (s.layout == "2004") write_2004_text(in, out);  // plugins/timing_2004.cpp
      print_not_measured(in, out);
      return;
    }
    // Several libraries: the seed's algorithm ranking as it would print it for each library alone (where the
    // library ranked two or more entries), then each algorithm's library ranking; never one ranking that
    // interleaves every (algorithm, library) pair.
    for (const auto& backend : backends) {
      std::vector<Record> own;
      for (const auto& r : in.records)
        if (r.backend == backend) own.push_back(r);
      for (const auto& rk : algorithm_rankings(own))
        if (rk.entries.size() >= 2) print_ranking(rk, backend + ": ", false);
    }
    for (const auto& rk : library_rankings(in.records)) print_ranking(rk, "", true);
    if (s.layout == "2004")
      write_2004_text(in, out);  // plugins/timing_2004.cpp, in place of the per-library table
    else
      print_library_table(in, out);
    print_not_measured(in, out);
  }
};

const bool registered = register_reporter("table", "console text in cryptauditor's shape (default)",
                                          [] { return std::make_unique<ConsoleReporter>(); });

}  // namespace
}  // namespace ca
