#include "text_table.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace ca {

std::string format_number(const char* printf_format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, printf_format, value);
  return buf;
}

size_t display_width(std::string_view utf8) {
  // Every byte that is not a continuation byte (10xxxxxx) starts a code point.
  return static_cast<size_t>(std::count_if(
      utf8.begin(), utf8.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::vector<std::string> wrap_text(std::string_view text, size_t width, const std::string& first,
                                   const std::string& rest) {
  std::vector<std::string> lines{first};
  bool empty = true;  // the current line holds no word yet
  size_t at = 0;
  while (at < text.size()) {
    const size_t space = text.find(' ', at);
    const std::string_view word = text.substr(at, space == std::string_view::npos ? text.npos : space - at);
    at = space == std::string_view::npos ? text.size() : space + 1;
    if (word.empty()) continue;
    if (!empty && display_width(lines.back()) + 1 + display_width(word) > width) {
      lines.push_back(rest);
      empty = true;
    }
    lines.back() += (empty ? "" : " ") + std::string(word);
    empty = false;
  }
  return lines;
}

void TextTable::add_row(std::vector<std::string> cells) {
  if (cells.size() > columns_.size())
    throw std::logic_error("TextTable: a row of " + std::to_string(cells.size()) + " cells in a table of " +
                           std::to_string(columns_.size()) + " columns");
  rows_.push_back(std::move(cells));
}

TextTable& TextTable::indent(std::string text) {
  indent_ = std::move(text);
  return *this;
}

TextTable& TextTable::separator(std::string text) {
  separator_ = std::move(text);
  return *this;
}

TextTable& TextTable::pad_last_cell(bool on) {
  pad_last_ = on;
  return *this;
}

std::vector<size_t> TextTable::widths() const {
  std::vector<size_t> width(columns_.size());
  for (size_t c = 0; c < columns_.size(); ++c) width[c] = columns_[c].min_width;
  for (const auto& row : rows_)
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], display_width(row[c]));
  return width;
}

void TextTable::print(std::ostream& out) const {
  const std::vector<size_t> width = widths();
  for (const auto& row : rows_) {
    std::string line = indent_;
    for (size_t c = 0; c < row.size(); ++c) {
      const bool last = c + 1 == row.size();
      const std::string blanks(width[c] - display_width(row[c]), ' ');
      if (c > 0) line += separator_;
      if (columns_[c].align == Align::Right)
        line += blanks + row[c];
      else
        line += row[c] + (last && !pad_last_ ? "" : blanks);
    }
    if (!pad_last_) line.erase(line.find_last_not_of(' ') + 1);
    out << line << '\n';
  }
}

std::string TextTable::text() const {
  std::ostringstream out;
  print(out);
  return out.str();
}

}  // namespace ca
