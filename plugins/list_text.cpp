// `cryptauditor list`'s text: the matrix through the shared table printer, the backends one per line.
#include <algorithm>

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
// whatever the cells hold (RSA's "1024/2048/3072/4096+" is wider than a name). The backends go into as many
// tables, one under the other, as keep each within 120 columns (eleven backends side by side were 250).
void write_capability_matrix(const CapabilityMatrix& matrix, std::ostream& out) {
  constexpr size_t kMaxWidth = 120;
  std::vector<std::vector<std::string>> cells;  // [row][column]: the heading, the algorithms, the totals
  std::vector<std::string> heading{"algorithm"};
  heading.insert(heading.end(), matrix.backends.begin(), matrix.backends.end());
  cells.push_back(std::move(heading));
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
    cells.push_back(std::move(line));
  }
  std::vector<std::string> totals{"supported"};
  for (size_t n : supported)
    totals.push_back(std::to_string(n) + " of " + std::to_string(matrix.rows.size()));
  cells.push_back(std::move(totals));
  std::vector<size_t> width(matrix.backends.size() + 1, 0);
  for (const auto& line : cells)
    for (size_t c = 0; c < line.size(); ++c) width[c] = std::max(width[c], display_width(line[c]));
  for (size_t first = 1; first < width.size();) {
    size_t last = first, used = width[0] + 2 + width[first];
    while (last + 1 < width.size() && used + 2 + width[last + 1] <= kMaxWidth) used += 2 + width[++last];
    if (first > 1) out << '\n';
    TextTable table(std::vector<TableColumn>(last - first + 2));
    for (const auto& line : cells) {
      std::vector<std::string> part{line[0]};
      part.insert(part.end(), line.begin() + static_cast<std::ptrdiff_t>(first),
                  line.begin() + static_cast<std::ptrdiff_t>(last + 1));
      table.add_row(std::move(part));
    }
    table.print(out);
    first = last + 1;
  }
  for (const std::string& line :
       wrap_text("(key lengths in bits; '+' = the catalog's range goes on: RSA 1024/2048/3072/4096 are probed, up "
                 "to 16384 allowed; HMAC and KMAC the default 256 is probed, any whole number of bytes 8..8192 "
                 "allowed; '-' = not offered)",
                 kMaxWidth, "", ""))
    out << line << '\n';
}

}  // namespace ca
