// plugins/text_table.*: the one aligned-table printer and number formatter of the text writers.
#include "plugins/text_table.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace ca {
namespace {

TEST(TextTable, ColumnsAreAsWideAsTheirWidestCellLeftAlignedByDefault) {
  TextTable t(std::vector<TableColumn>(3));
  t.add_row({"backend", "key", "size"});
  t.add_row({"openssl", "128", "1KB"});
  t.add_row({"libsodium", "256", "16KB"});
  EXPECT_EQ(t.widths(), (std::vector<size_t>{9, 3, 4}));
  EXPECT_EQ(t.text(),
            "backend    key  size\n"
            "openssl    128  1KB\n"
            "libsodium  256  16KB\n");
}

TEST(TextTable, RightAlignedColumnsLineUpTheirDigits) {
  TextTable t({{Align::Left}, {Align::Right}, {Align::Right}});
  t.add_row({"name", "passed", "failed"});
  t.add_row({"a", "7", "1234567"});
  EXPECT_EQ(t.text(),
            "name  passed   failed\n"
            "a          7  1234567\n");
}

TEST(TextTable, NoLineEndsInABlankUnlessTheLastCellIsPadded) {
  TextTable t(std::vector<TableColumn>(2));
  t.add_row({"verdict", ""});
  t.add_row({"x", "SLOWER"});
  EXPECT_EQ(t.text(), "verdict\nx        SLOWER\n");
  t.pad_last_cell(true);
  EXPECT_EQ(t.text(), "verdict        \nx        SLOWER\n");
}

TEST(TextTable, MinimumWidthIndentAndSeparator) {
  TextTable t({{Align::Left, 6}, {Align::Left, 4}});
  t.indent("  ").separator(" | ");
  t.add_row({"ab", "c"});
  t.add_row({"d", "e"});
  EXPECT_EQ(t.widths(), (std::vector<size_t>{6, 4}));
  EXPECT_EQ(t.text(), "  ab     | c\n  d      | e\n");
}

TEST(TextTable, ShortRowsLeaveTheirMissingCellsOut) {
  TextTable t({{Align::Left}, {Align::Right}, {Align::Right}});
  t.add_row({"algorithm", "1KB", "16KB"});
  t.add_row({"RSA"});
  EXPECT_EQ(t.text(), "algorithm  1KB  16KB\nRSA\n");
  t.pad_last_cell(true);  // padded to its own column only, not to the table's width
  EXPECT_EQ(t.text(), "algorithm  1KB  16KB\nRSA      \n");
}

TEST(TextTable, ARowWiderThanTheTableIsAProgrammingError) {
  TextTable t(std::vector<TableColumn>(1));
  EXPECT_THROW(t.add_row({"a", "b"}), std::logic_error);
}

TEST(TextTable, AnEmptyTablePrintsNothing) {
  TextTable t(std::vector<TableColumn>(3));
  EXPECT_EQ(t.text(), "");
  EXPECT_EQ(t.widths(), (std::vector<size_t>{0, 0, 0}));
  TextTable none({});
  EXPECT_EQ(none.text(), "");
}

TEST(TextTable, Utf8LabelsTakeOneColumnPerCharacter) {
  EXPECT_EQ(display_width("µs"), 2u);
  EXPECT_EQ(display_width("0.5–1.2"), 7u);
  EXPECT_EQ(display_width(""), 0u);
  TextTable t({{Align::Left}, {Align::Right}});
  t.add_row({"µs", "x"});
  t.add_row({"abc", "–"});
  // "µs" is 3 bytes but 2 characters: padded with one blank, as "abc" with none.
  EXPECT_EQ(t.text(), "µs   x\nabc  –\n");
}

// Issue #31: a warning of 286 characters took one line of a 120-column screen three times over.
TEST(WrapText, BreaksAtSpacesWithinTheWidth) {
  const auto lines =
      wrap_text("load average 10.79 over 2 CPUs = 5.39 per CPU (above 0.5)", 24, "warning: ", "  ");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "warning: load average");
  EXPECT_EQ(lines[1], "  10.79 over 2 CPUs =");
  EXPECT_EQ(lines[2], "  5.39 per CPU (above");
  EXPECT_EQ(lines[3], "  0.5)");
  for (const auto& line : lines) EXPECT_LE(display_width(line), 24u) << line;
  EXPECT_EQ(wrap_text("short", 120, "warning: ", "  "), std::vector<std::string>{"warning: short"});
  EXPECT_EQ(wrap_text("a-very-long-word b", 5, "", ""), (std::vector<std::string>{"a-very-long-word", "b"}))
      << "a word longer than the line keeps a line of its own";
}

TEST(FormatNumber, OnePrintfConversion) {
  EXPECT_EQ(format_number("%.3f", 0.5), "0.500");
  EXPECT_EQ(format_number("%+.1f%%", 12.345), "+12.3%");
  EXPECT_EQ(format_number("%.3g", 1234.5), "1.23e+03");
  EXPECT_EQ(format_number("%g", 0.05), "0.05");
}

}  // namespace
}  // namespace ca
