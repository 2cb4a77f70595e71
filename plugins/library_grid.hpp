// The "column per library" table model shared by the console, Markdown and HTML reports: rows are
// (algorithm, key size, operation, data size), columns are backends, each cell the record measured there
// (or none). Like hyperfine's shared table model, it only arranges records; it formats nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "record/record.hpp"

namespace ca {

struct GridRow {
  std::string algorithm;
  uint32_t key_bits = 0;
  std::string operation;
  size_t data_bytes = 0;
  std::vector<const Record*>
      cells;  // one per LibraryGrid::backends entry; nullptr when that backend has none
};

struct LibraryGrid {
  std::vector<std::string> backends;  // in first-seen order
  std::vector<GridRow> rows;          // in first-seen order
};

/// Arranges records into the grid. Pointers refer into `records`, which must outlive the grid.
LibraryGrid library_grid(const std::vector<Record>& records);

/// A row's (algorithm, key size, data size) block, as the Markdown and HTML reports group rows.
struct GridBlock {
  std::string algorithm;
  uint32_t key_bits = 0;
  size_t data_bytes = 0;
  std::vector<const GridRow*> rows;  // operations in first-seen order
};
std::vector<GridBlock> grid_blocks(const LibraryGrid& grid);

/// "AES-GCM 256-bit" or "SHA2-256" (hashes have no key).
std::string algorithm_title(const std::string& algorithm, uint32_t key_bits);

/// Text for a Markdown table cell: line breaks as spaces, < and > as entities, Markdown's punctuation
/// escaped.
std::string markdown_escape(std::string_view text);

}  // namespace ca
