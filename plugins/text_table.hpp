// The one aligned-table printer and the one printf-style number formatter of the text writers (console,
// compare, verify, list, leaks, the 2004 layout). A table is its columns' alignment and rows of cells; the
// widths are computed once, when it is printed, from every cell (in UTF-8 code points, so a label such as
// "µs" or "–" takes one column per character).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace ca {

/// `value` printed with one printf conversion for a double ("%.3f", "%+.1f%%", "%.3g"): the writers' one
/// number formatter for figures other than durations and sizes (those are util/units.hpp's).
std::string format_number(const char* printf_format, double value);

/// Characters of a UTF-8 string as a terminal shows them: code points, not bytes.
size_t display_width(std::string_view utf8);

/// `text` broken at spaces into lines of at most `width` columns (display_width), the first starting with
/// `first`, the others with `rest`; a word longer than a line gets a line of its own. For prose a terminal
/// shows (the console's warnings), so no line runs past the screen.
std::vector<std::string> wrap_text(std::string_view text, size_t width, const std::string& first,
                                   const std::string& rest);

enum class Align { Left, Right };

struct TableColumn {
  Align align = Align::Left;
  size_t min_width = 0;  // the column is at least this wide whatever its cells hold
};

class TextTable {
 public:
  explicit TextTable(std::vector<TableColumn> columns) : columns_(std::move(columns)) {}

  /// One row; it may hold fewer cells than there are columns (the rest are left out, not blank), never more.
  void add_row(std::vector<std::string> cells);

  /// Text before every line (e.g. "  ") and between two cells (default two blanks).
  TextTable& indent(std::string text);
  TextTable& separator(std::string text);
  /// Pads the last cell of each line to its column's width too (a fixed-width block); by default the last
  /// cell is not padded and no line ends in a blank.
  TextTable& pad_last_cell(bool on);

  /// The lines, each ending in '\n'. An empty table prints nothing.
  void print(std::ostream& out) const;
  std::string text() const;

  /// Each column's width as print() uses it: the widest cell, at least min_width.
  std::vector<size_t> widths() const;

 private:
  std::vector<TableColumn> columns_;
  std::vector<std::vector<std::string>> rows_;
  std::string indent_;
  std::string separator_ = "  ";
  bool pad_last_ = false;
};

}  // namespace ca
