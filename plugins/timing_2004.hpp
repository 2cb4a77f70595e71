// The 2004 timing test's layout (`--layout 2004`, docs/REPORTS.md): algorithm rows, one column per library
// and an Average column, in Mb/s, for ciphers (the mean of the encryption and decryption times, as the
// paper's "Average Speed") and for hashes and MACs; then public-key rows (key generation, signing,
// verification, encryption, decryption) in operations per second and milliseconds. The same tables are
// written as console text, Markdown and HTML; the console, Markdown and HTML reporters call these when the
// layout is chosen.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "report.hpp"

namespace ca {

/// One table of the layout: cells are finished text ("-" where a library does not offer the row,
/// "FAILED" where its measurement failed).
struct Table2004 {
  std::string title;
  std::string note;  // one sentence on what the figures are
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  size_t label_columns = 1;  // leading columns of text (left-aligned); the rest are figures
};

/// Mb/s (10^6 bit per second, as the paper) of `data_bytes` processed in `ns`.
double megabits_per_second(size_t data_bytes, double ns);

/// The layout's tables for these records, in the paper's order: symmetric ciphers, hashes and MACs,
/// public-key algorithms. A table with no row is left out.
std::vector<Table2004> timing_2004_tables(const ReportInput& in);

void write_2004_text(const ReportInput& in, std::ostream& out);
void write_2004_markdown(const ReportInput& in, std::ostream& out);
void write_2004_html(const ReportInput& in, std::ostream& out);

}  // namespace ca
