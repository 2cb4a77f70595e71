#include "timing_2004.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

#include "catalog/catalog.hpp"
#include "library_grid.hpp"
#include "svg_chart.hpp"
#include "text_table.hpp"

namespace ca {
namespace {

// The operations whose median makes a row's time: a cipher's encryption and decryption (averaged, as the
// paper's "Average" column), a hash's or a MAC's one operation.
bool counts_for(const AlgorithmInfo& a, const std::string& operation) {
  if (a.family == Family::Cipher)
    return operation == "encrypt" || operation == "decrypt" || operation == "encrypt-stream";
  if (a.family == Family::Hash) return operation == "hash";
  if (a.family == Family::Mac) return operation == "mac";
  return false;
}

std::string speed_text(double mbit_s) {
  if (!(mbit_s > 0) || !std::isfinite(mbit_s)) return "-";
  if (mbit_s >= 10) return format_number("%.1f", mbit_s);
  return format_significant(mbit_s, 3);
}

// What a library's cell says when it has no figure: "-" not offered, else the first failure's word.
std::string missing_text(const std::vector<const Record*>& records) {
  for (const Record* r : records)
    if (r->status == Status::Failed) return "FAILED";
  for (const Record* r : records)
    if (r->status == Status::Disputed) return "DISPUTED";
  return "-";
}

struct SpeedRow {
  std::string algorithm;
  uint32_t key_bits = 0;
  size_t data_bytes = 0;
  std::vector<std::vector<const Record*>> cells;  // per backend
};

Table2004 speed_table(const ReportInput& in, const std::vector<std::string>& backends, bool ciphers) {
  std::vector<SpeedRow> rows;
  for (const auto& r : in.records) {
    const AlgorithmInfo* a = find_algorithm(r.algorithm);
    if (!a || a->public_key() || (a->family == Family::Cipher) != ciphers || !counts_for(*a, r.operation))
      continue;
    auto it = std::find_if(rows.begin(), rows.end(), [&](const SpeedRow& row) {
      return row.algorithm == r.algorithm && row.key_bits == r.key_bits && row.data_bytes == r.data_bytes;
    });
    if (it == rows.end()) {
      rows.push_back(
          {r.algorithm, r.key_bits, r.data_bytes, std::vector<std::vector<const Record*>>(backends.size())});
      it = rows.end() - 1;
    }
    const auto column = std::find(backends.begin(), backends.end(), r.backend) - backends.begin();
    it->cells[static_cast<size_t>(column)].push_back(&r);
  }

  Table2004 t;
  t.title = ciphers ? "Symmetric key algorithms" : "Hash & MAC algorithms";
  t.note = ciphers
               ? "Speed in Mb/s (10^6 bit/s) at the median: the data size over the mean of the encryption "
                 "and decryption times, as the paper's \"Average Speed\". Average: the same over every "
                 "library's time (their mean), so each library counts once."
               : "Speed in Mb/s (10^6 bit/s) at the median: the data size over the hash or MAC time. "
                 "Average: the same over the mean of every library's time.";
  t.header = {"algorithm", "size"};
  t.header.insert(t.header.end(), backends.begin(), backends.end());
  t.header.push_back("Average");
  t.label_columns = 2;
  for (const auto& row : rows) {
    std::vector<std::string> line{algorithm_title(row.algorithm, row.key_bits), format_size(row.data_bytes)};
    double sum_ns = 0;
    size_t libraries = 0;
    for (const auto& cell : row.cells) {
      double cell_ns = 0;
      size_t ok = 0;
      bool failed = false;
      for (const Record* r : cell) {
        failed = failed || r->status == Status::Failed || r->status == Status::Disputed;
        if (r->ok() && r->summary.median > 0) {
          cell_ns += r->summary.median;
          ++ok;
        }
      }
      if (failed || ok == 0) {
        line.push_back(cell.empty() ? "-" : missing_text(cell));
        continue;
      }
      cell_ns /= static_cast<double>(ok);
      line.push_back(speed_text(megabits_per_second(row.data_bytes, cell_ns)));
      sum_ns += cell_ns;
      ++libraries;
    }
    line.push_back(
        libraries ? speed_text(megabits_per_second(row.data_bytes, sum_ns / static_cast<double>(libraries)))
                  : "-");
    t.rows.push_back(std::move(line));
  }
  return t;
}

constexpr std::array<const char*, 5> kPublicKeyOperations{"keygen", "sign", "verify", "encrypt", "decrypt"};

Table2004 public_key_table(const ReportInput& in) {
  struct Row {
    std::string algorithm, backend;
    uint32_t key_bits = 0;
    size_t data_bytes = 0;  // of the sized operations; key generation joins every size's row
    std::array<const Record*, kPublicKeyOperations.size()> ops{};
  };
  auto op_index = [](const std::string& op) {
    return static_cast<size_t>(std::find_if(kPublicKeyOperations.begin(), kPublicKeyOperations.end(),
                                            [&](const char* o) { return op == o; }) -
                               kPublicKeyOperations.begin());
  };
  std::vector<Row> rows;
  auto wanted = [&](const Record& r) {
    const AlgorithmInfo* a = find_algorithm(r.algorithm);
    return a && a->public_key() && a->family != Family::KeyAgreement &&
           op_index(r.operation) < kPublicKeyOperations.size();
  };
  for (const auto& r : in.records) {
    if (!wanted(r) || size_independent(r.operation)) continue;
    auto it = std::find_if(rows.begin(), rows.end(), [&](const Row& row) {
      return row.algorithm == r.algorithm && row.backend == r.backend && row.key_bits == r.key_bits &&
             row.data_bytes == r.data_bytes;
    });
    if (it == rows.end()) {
      rows.push_back({r.algorithm, r.backend, r.key_bits, r.data_bytes, {}});
      it = rows.end() - 1;
    }
    it->ops[op_index(r.operation)] = &r;
  }
  for (const auto& r : in.records) {
    if (!wanted(r) || !size_independent(r.operation)) continue;
    bool placed = false;
    for (auto& row : rows)
      if (row.algorithm == r.algorithm && row.backend == r.backend && row.key_bits == r.key_bits) {
        row.ops[op_index(r.operation)] = &r;
        placed = true;
      }
    if (!placed) {
      rows.push_back({r.algorithm, r.backend, r.key_bits, 0, {}});
      rows.back().ops[op_index(r.operation)] = &r;
    }
  }
  // Rows of one algorithm and key together, libraries in first-seen order within them.
  std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
    auto first = [&](const Row& x) {
      return std::find_if(
                 in.records.begin(), in.records.end(),
                 [&](const Record& r) { return r.algorithm == x.algorithm && r.key_bits == x.key_bits; }) -
             in.records.begin();
    };
    return first(a) < first(b);
  });

  // The paper gives seconds; milliseconds here, as the issue asks, unless -u names another unit.
  const TimeUnit unit = in.settings.unit_given ? in.settings.unit : TimeUnit::Ms;

  Table2004 t;
  t.title = "Public key algorithms";
  t.note = "Operations per second at the median, and the median time per operation in " +
           std::string(unit_name(unit)) + " in brackets; key generation is measured once per key size.";
  t.header = {"algorithm", "size", "library", "key generation", "sign", "verify", "encrypt", "decrypt"};
  t.label_columns = 3;
  for (const auto& row : rows) {
    // A library that offers none of the row's operations (libsodium has no RSA) gets no row.
    if (std::all_of(row.ops.begin(), row.ops.end(),
                    [](const Record* r) { return !r || r->status == Status::Unsupported; }))
      continue;
    std::vector<std::string> line{algorithm_title(row.algorithm, row.key_bits),
                                  row.data_bytes ? format_size(row.data_bytes) : "-", row.backend};
    for (const Record* r : row.ops) {
      if (!r || r->status == Status::Unsupported) {
        line.push_back("-");
      } else if (!r->ok() || !(r->summary.median > 0)) {
        line.push_back(missing_text({r}));
      } else {
        line.push_back(format_significant(1e9 / r->summary.median, 3) + " op/s (" +
                       format_duration_3(r->summary.median, unit) + ")");
      }
    }
    t.rows.push_back(std::move(line));
  }
  return t;
}

}  // namespace

double megabits_per_second(size_t data_bytes, double ns) {
  return ns > 0 ? static_cast<double>(data_bytes) * 8 / (ns * 1e-9) / 1e6 : 0;
}

std::vector<Table2004> timing_2004_tables(const ReportInput& in) {
  const std::vector<std::string> backends = library_grid(in.records).backends;
  std::vector<Table2004> tables{speed_table(in, backends, true), speed_table(in, backends, false),
                                public_key_table(in)};
  std::erase_if(tables, [](const Table2004& t) { return t.rows.empty(); });
  return tables;
}

void write_2004_text(const ReportInput& in, std::ostream& out) {
  for (const auto& t : timing_2004_tables(in)) {
    // Labels left-aligned, figures right-aligned.
    std::vector<TableColumn> columns(std::min(t.label_columns, t.header.size()));
    columns.resize(t.header.size(), {Align::Right});
    TextTable table(std::move(columns));
    table.add_row(t.header);
    for (const auto& row : t.rows) table.add_row(row);
    out << '\n' << t.title << " (2004 timing test layout):\n" << t.note << '\n';
    table.print(out);
  }
}

void write_2004_markdown(const ReportInput& in, std::ostream& out) {
  for (const auto& t : timing_2004_tables(in)) {
    out << "\n### " << markdown_escape(t.title) << "\n\n" << markdown_escape(t.note) << "\n\n|";
    for (const auto& h : t.header) out << ' ' << markdown_escape(h) << " |";
    out << "\n|";
    for (size_t c = 0; c < t.header.size(); ++c) out << (c < t.label_columns ? "---|" : "---:|");
    out << '\n';
    for (const auto& row : t.rows) {
      out << '|';
      for (const auto& cell : row) out << ' ' << markdown_escape(cell) << " |";
      out << '\n';
    }
  }
}

void write_2004_html(const ReportInput& in, std::ostream& out) {
  for (const auto& t : timing_2004_tables(in)) {
    out << "<h3>" << svg::escape(t.title) << "</h3>\n<p>" << svg::escape(t.note)
        << "</p>\n<table class=\"t2004\">\n<tr>";
    for (const auto& h : t.header) out << "<th>" << svg::escape(h) << "</th>";
    out << "</tr>\n";
    for (const auto& row : t.rows) {
      out << "<tr>";
      for (size_t c = 0; c < row.size(); ++c)
        out << (c < t.label_columns ? "<td>" : "<td class=\"num\">") << svg::escape(row[c]) << "</td>";
      out << "</tr>\n";
    }
    out << "</table>\n";
  }
}

}  // namespace ca
