// `cryptauditor list`'s text: the matrix through the shared table printer, the backends one per line.
#include "list_report.hpp"
#include "text_table.hpp"

namespace ca {

void write_alias_tables(std::ostream& out) {
  out << "Aliases (any letter case):\n";
  for (const auto& a : aliases())
    out << "  " << a.alias << " = " << a.canonical
        << (a.only_for ? " (with " + std::string(family_flag(*a.only_for)) + ")" : "") << '\n';
  out << "Groups:\n";
  for (const auto& g : groups()) {
    out << "  " << g.name << " (" << family_flag(g.family) << "):";
    for (auto m : g.members) out << ' ' << m;
    out << '\n';
  }
}

// Each backend on one line; a build that leaves the CPU's crypto extensions unused says so on the next.
void write_backend_lines(const std::vector<BackendLine>& backends, std::ostream& out) {
  for (const auto& b : backends) {
    out << b.name << ": " << b.library << ' ' << b.version
        << " | acceleration: " << (b.acceleration.empty() ? "not reported" : b.acceleration) << " | "
        << b.path << '\n';
    if (!b.gap.empty()) out << "  note: " << b.gap << '\n';
  }
}

// Each cell the key lengths the backend offers. Every column is as wide as its widest cell, so rows line up
// whatever the cells hold (RSA's "1024/2048/3072/4096+" is wider than a name).
void write_capability_matrix(const CapabilityMatrix& matrix, std::ostream& out) {
  TextTable table(std::vector<TableColumn>(matrix.backends.size() + 1));
  std::vector<std::string> heading{"algorithm"};
  heading.insert(heading.end(), matrix.backends.begin(), matrix.backends.end());
  table.add_row(std::move(heading));
  std::vector<size_t> supported(matrix.backends.size(), 0);
  for (const auto& row : matrix.rows) {
    const AlgorithmInfo& a = *row.algorithm;
    std::vector<std::string> line{std::string(a.name)};
    for (size_t i = 0; i < row.offered.size(); ++i) {
      std::string cell;
      for (uint32_t bits : row.offered[i])
        cell += (cell.empty() ? "" : "/") + (bits ? std::to_string(bits) : std::string("yes"));
      if (a.key_bits.empty() && !cell.empty()) cell += "+";
      if (!cell.empty()) ++supported[i];
      line.push_back(cell.empty() ? "-" : cell);
    }
    table.add_row(std::move(line));
  }
  std::vector<std::string> totals{"supported"};
  for (size_t n : supported)
    totals.push_back(std::to_string(n) + " of " + std::to_string(matrix.rows.size()));
  table.add_row(std::move(totals));
  table.print(out);
  out << "(key lengths in bits; '+' = the catalog's range goes on: RSA 1024/2048/3072/4096 are probed, up to "
         "16384 allowed; HMAC and KMAC the default 256 is probed, any whole number of bytes 8..8192 allowed; "
         "'-' = not offered)\n";
}

}  // namespace ca
