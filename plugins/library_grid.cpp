#include "library_grid.hpp"

#include <algorithm>
#include <tuple>

namespace ca {

LibraryGrid library_grid(const std::vector<Record>& records) {
  LibraryGrid grid;
  for (const auto& r : records)
    if (std::find(grid.backends.begin(), grid.backends.end(), r.backend) == grid.backends.end())
      grid.backends.push_back(r.backend);
  for (const auto& r : records) {
    auto same = [&](const GridRow& row) {
      return row.algorithm == r.algorithm && row.key_bits == r.key_bits && row.operation == r.operation &&
             row.data_bytes == r.data_bytes;
    };
    auto it = std::find_if(grid.rows.begin(), grid.rows.end(), same);
    if (it == grid.rows.end()) {
      grid.rows.push_back({r.algorithm, r.key_bits, r.operation, r.data_bytes,
                           std::vector<const Record*>(grid.backends.size(), nullptr)});
      it = grid.rows.end() - 1;
    }
    auto column = std::find(grid.backends.begin(), grid.backends.end(), r.backend) - grid.backends.begin();
    it->cells[static_cast<size_t>(column)] = &r;
  }
  return grid;
}

std::vector<GridBlock> grid_blocks(const LibraryGrid& grid) {
  std::vector<GridBlock> blocks;
  for (const auto& row : grid.rows) {
    auto it = std::find_if(blocks.begin(), blocks.end(), [&](const GridBlock& b) {
      return b.algorithm == row.algorithm && b.key_bits == row.key_bits && b.data_bytes == row.data_bytes;
    });
    if (it == blocks.end()) {
      blocks.push_back({row.algorithm, row.key_bits, row.data_bytes, {}});
      it = blocks.end() - 1;
    }
    it->rows.push_back(&row);
  }
  return blocks;
}

std::string algorithm_title(const std::string& algorithm, uint32_t key_bits) {
  std::string title = algorithm;
  if (key_bits != 0) title.append(" ").append(std::to_string(key_bits)).append("-bit");
  return title;
}

std::string markdown_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\n' || c == '\r') {
      out += ' ';
      continue;
    }
    if (c == '<') {
      out += "&lt;";
      continue;
    }
    if (c == '>') {
      out += "&gt;";
      continue;
    }
    if (std::string_view("\\`*_[]|#").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

}  // namespace ca
