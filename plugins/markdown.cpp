// The Markdown report: the environment, then per (algorithm, key, data size) a table with one column per
// library (rows = operations, cells = median with its CI at its level, as the RSA library benchmark lays it
// out), then the rankings that core/rank computes. Every string from a record or the environment is escaped
// so it cannot break a table or turn into markup.
#include <cmath>
#include <cstdio>
#include <set>
#include <vector>

#include "library_grid.hpp"
#include "params_text.hpp"
#include "partial_text.hpp"
#include "rank/ranking.hpp"
#include "ranking_text.hpp"
#include "report.hpp"
#include "timing_2004.hpp"

namespace ca {
namespace {

std::string escape(std::string_view text) { return markdown_escape(text); }

// A figure without its unit suffix, three significant digits, for the CI beside a median in the same unit.
std::string bare(double ns, TimeUnit unit) { return format_significant(from_ns(ns, unit), 3); }

// The medians of a row set's measured cells, to choose the table's unit from.
std::vector<double> medians(const std::vector<const GridRow*>& rows) {
  std::vector<double> ns;
  for (const GridRow* row : rows)
    for (const Record* r : row->cells)
      if (r && r->ok()) ns.push_back(r->summary.median);
  return ns;
}

void write_environment(const ReportInput& in, std::ostream& out) {
  const auto& env = in.environment;
  out << "## Environment\n\n";
  out << "- **CPU:** " << escape(env.cpu_model) << ", " << env.logical_cpus << " logical CPUs";
  if (!env.cpu_features.empty()) {
    std::string features;
    for (const auto& f : env.cpu_features) features += (features.empty() ? "" : ", ") + f;
    out << " (" << escape(features) << ")";
  }
  out << '\n';
  if (!env.governor.empty() || !env.turbo.empty())
    out << "- **Frequency:** governor " << escape(env.governor.empty() ? "unknown" : env.governor)
        << ", turbo " << escape(env.turbo.empty() ? "unknown" : env.turbo) << '\n';
  if (env.virtualized) out << "- **Virtualized:** yes (the CPU reports a hypervisor)\n";
  out << "- **Build:** cryptauditor " << escape(env.program_version) << ", " << escape(env.build_type)
      << " build";
  if (!env.compiler.empty()) out << ", " << escape(env.compiler);
  out << '\n';
  if (!env.kernel.empty()) out << "- **Kernel:** " << escape(env.kernel) << '\n';
  out << "- **Measurement:** " << measurement_mode(in.settings) << '\n';
  if (!env.backends.empty()) {
    out << "\n| backend | library | version | acceleration |\n|---|---|---|---|\n";
    for (const auto& b : env.backends)
      out << "| " << escape(b.name) << " | " << escape(b.library) << " | " << escape(b.version) << " | "
          << escape(b.acceleration.empty() ? "-" : b.acceleration) << " |\n";
  }
  for (const auto& w : env.warnings) out << "\n> **Warning:** " << escape(w) << '\n';
}

void write_grid(const ReportInput& in, std::ostream& out) {
  std::set<const Record*> fastest;
  for (const auto& rk : library_rankings(in.records))
    for (const auto& e : rk.entries)
      if (e.rank == 1) fastest.insert(e.record);
  const LibraryGrid grid = library_grid(in.records);

  // The interval's real level (Summary::ci_level): named once when every record shares it, else per cell.
  const double level = shared_ci_level(in.records);
  out << "\nMedian time per operation, with its "
      << (std::isnan(level) ? std::string("confidence interval in brackets (each cell's level after it)")
                            : level_percent(level) + " % confidence interval in brackets")
      << ", each table in "
      << (in.settings.unit_given ? "the unit of -u" : "the one unit its figures read best in (ns, us or ms)")
      << "; **bold**: the fastest library (rank 1 of the library ranking, ties included); -: not offered by "
         "that library"
      << (in.partial != nullptr
              ? std::string("; ") + kNotMeasuredCell + ": planned, but the run stopped first"
              : "")
      << ".\n";
  for (const auto& block : grid_blocks(grid)) {
    const TimeUnit unit = table_unit(in.settings, medians(block.rows));
    // Parameters other than the catalog's defaults (--param, config "params") after the title.
    std::string params;
    if (const AlgorithmInfo* info = find_algorithm(block.algorithm))
      for (const Record* r : block.rows.front()->cells)
        if (r != nullptr) {
          params = non_default_params(*info, r->params);
          break;
        }
    out << "\n### " << escape(algorithm_title(block.algorithm, block.key_bits))
        << (params.empty() ? "" : " (" + escape(params) + ")") << ", " << format_size(block.data_bytes)
        << "\n\n| operation |";
    for (const auto& b : grid.backends) out << ' ' << escape(b) << " |";
    out << "\n|---|";
    for (size_t i = 0; i < grid.backends.size(); ++i) out << "---:|";
    out << '\n';
    for (const GridRow* row : block.rows) {
      out << "| " << escape(operation_noun(row->operation)) << " |";
      for (size_t c = 0; c < row->cells.size(); ++c) {
        const Record* r = row->cells[c];
        if (!r && cell_not_measured(in, grid.backends[c], row->algorithm, row->key_bits, row->operation,
                                    row->data_bytes)) {
          out << ' ' << kNotMeasuredCell << " |";
        } else if (!r || r->status == Status::Unsupported) {
          out << " - |";
        } else if (!r->ok()) {
          out << (r->status == Status::Disputed ? " DISPUTED |" : " FAILED |");
        } else {
          const std::string median = format_duration_3(r->summary.median, unit);
          out << ' ' << (fastest.count(r) ? "**" + median + "**" : median) << " ["
              << bare(r->summary.ci.low, unit) << ", " << bare(r->summary.ci.high, unit) << "]"
              << (std::isnan(level) ? " " + level_percent(r->summary.ci_level) + " %" : std::string())
              << " |";
        }
      }
      out << '\n';
    }
  }
}

void write_results(const ReportInput& in, std::ostream& out) {
  out << "\n## Results\n";
  if (in.settings.layout == "2004")
    write_2004_markdown(in, out);  // plugins/timing_2004.cpp
  else
    write_grid(in, out);

  bool any = false;
  for (const auto& r : in.records) {
    if (r.ok()) continue;
    if (!any) out << "\n## Not measured\n\n";
    any = true;
    out << "- " << escape(r.backend) << ", " << escape(algorithm_title(r.algorithm, r.key_bits)) << ' '
        << escape(r.operation) << ", " << format_size(r.data_bytes) << ": " << status_name(r.status)
        << (r.error.empty() ? "" : " — " + escape(r.error)) << '\n';
  }
  if (const auto lines = not_measured_lines(in); !lines.empty()) {
    out << "\n## Not measured (interrupted)\n\nPlanned, but the run stopped before them ("
        << escape(in.partial->stopped_by) << "); the libraries may well offer them.\n\n";
    for (const auto& line : lines) out << "- " << escape(line) << '\n';
  }
}

void write_ranking(const Ranking& rk, bool library, const ReportSettings& settings, std::ostream& out) {
  if (rk.entries.empty()) return;
  std::vector<double> ns;
  for (const auto& e : rk.entries) ns.push_back(e.record->summary.median);
  const TimeUnit unit = table_unit(settings, ns);
  out << "\n### " << escape(rk.title) << "\n\n";
  out << (library
              ? "| rank | backend | median | vs fastest |\n|---:|---|---:|---|\n"
              : "| rank | algorithm | key | backend | median | vs fastest |\n|---:|---|---:|---|---:|---|\n");
  for (const auto& e : rk.entries) {
    const Record& r = *e.record;
    std::string versus =
        e.rank == 1 && e.delta_ns == 0 ? "fastest" : "+" + format_duration_3(e.delta_ns, unit);
    versus += ranking_standing(e);
    out << "| " << e.rank << (e.tied ? "=" : "") << " | ";
    if (!library)
      out << escape(r.algorithm) << " | " << (r.key_bits ? std::to_string(r.key_bits) : "-") << " | ";
    out << escape(r.backend) << " | " << format_duration_3(r.summary.median, unit) << " | " << versus
        << " |\n";
  }
}

class MarkdownReporter : public Reporter {
 public:
  void write(const ReportInput& in, std::ostream& out) const override {
    out << "# cryptauditor report\n\n";
    if (const std::string banner = partial_banner(in); !banner.empty())
      out << "> **" << escape(banner) << "**\n\n";
    write_environment(in, out);
    write_results(in, out);
    const auto by_algorithm = algorithm_rankings(in.records);
    const auto by_library = library_rankings(in.records);
    if (by_algorithm.empty() && by_library.empty()) return;
    out << "\n## Rankings\n";
    for (const auto& rk : by_algorithm) write_ranking(rk, false, in.settings, out);
    for (const auto& rk : by_library) write_ranking(rk, true, in.settings, out);
  }
};

const bool registered = register_reporter("markdown", "Markdown: a table per algorithm, a column per library",
                                          [] { return std::make_unique<MarkdownReporter>(); });

}  // namespace
}  // namespace ca
