// Table renderers: exact text, CSV (RFC 4180), Markdown, HTML and JSON output.
#include "reports/table.h"

#include <gtest/gtest.h>

#include <cmath>

#include "common/error.h"
#include "tests/test_support.h"
#include "xml_check.h"

namespace mancala::reports {
namespace {

using test_support::error_of;

Table sample_table() {
  Table t({{"ruleset"}, {"games"}, {"P1 wins"}, {"mean plies"}});
  t.add_row({"toguz_kumalak/standard", Cell::integer(1000), Cell::percent(0.5123, 1),
             Cell::number(87.26, 1)});
  t.add_row({"Øtep", Cell::integer(20), Cell::percent(0.45, 1), Cell::number(102.0, 1)});
  return t;
}

TEST(FormatNumber, FixedDecimalsWithoutLocaleOrNegativeZero) {
  EXPECT_EQ(format_number(0.5, 3), "0.500");
  EXPECT_EQ(format_number(1234.5678, 2), "1234.57");
  EXPECT_EQ(format_number(2.675, 2),
            "2.67");  // the double is 2.67499999999999982236431605997495353221893310546875
  EXPECT_EQ(format_number(-0.0004, 3), "0.000");
  EXPECT_EQ(format_number(-0.0, 1), "0.0");
  EXPECT_EQ(format_number(-1.25, 2), "-1.25");
  EXPECT_EQ(format_number(42, 0), "42");
  EXPECT_EQ(format_number(NAN, 2), "NaN");
  EXPECT_EQ(format_number(-INFINITY, 2), "-inf");
}

TEST(Table, TextAlignsByCharactersNotBytes) {
  // "Øtep" is 5 bytes but 4 characters; numbers are right-aligned (kAuto).
  EXPECT_EQ(sample_table().to_text(),
            "ruleset                 games  P1 wins  mean plies\n"
            "----------------------  -----  -------  ----------\n"
            "toguz_kumalak/standard   1000    51.2%        87.3\n"
            "Øtep                       20    45.0%       102.0\n");
}

// Issue 14: "Command-line tables fit the terminal ... decide how a table is cut": whole columns
// are left out from the right while the table is too wide, never a cell cut or a line wrapped.
TEST(Table, TextFittedToAWidthLeavesOutWholeColumnsFromTheRight) {
  std::vector<std::string> dropped;
  // Widths 22, 5, 7, 10 with two spaces between: 22+2+5 = 29, +2+7 = 38, +2+10 = 50.
  EXPECT_EQ(sample_table().to_text(50, 1, dropped), sample_table().to_text());
  EXPECT_TRUE(dropped.empty());
  EXPECT_EQ(sample_table().to_text(49, 1, dropped),
            "ruleset                 games  P1 wins\n"
            "----------------------  -----  -------\n"
            "toguz_kumalak/standard   1000    51.2%\n"
            "Øtep                       20    45.0%\n");
  EXPECT_EQ(dropped, (std::vector<std::string>{"mean plies"}));
  EXPECT_EQ(sample_table().to_text(29, 1, dropped),
            "ruleset                 games\n"
            "----------------------  -----\n"
            "toguz_kumalak/standard   1000\n"
            "Øtep                       20\n");
  EXPECT_EQ(dropped, (std::vector<std::string>{"P1 wins", "mean plies"}));
  // The first `keep` columns stay even when they alone are wider.
  sample_table().to_text(10, 2, dropped);
  EXPECT_EQ(dropped, (std::vector<std::string>{"P1 wins", "mean plies"}));
}

// Issue 39, item 1: a wide table shown as two (the ladder's self-play table): the columns asked
// for, in that order, each row keeping its cells.
TEST(Table, OnlyColumnsKeepsTheColumnsAskedForInTheirOrder) {
  EXPECT_EQ(sample_table().only_columns({0, 3}).to_text(),
            "ruleset                 mean plies\n"
            "----------------------  ----------\n"
            "toguz_kumalak/standard        87.3\n"
            "Øtep                         102.0\n");
  EXPECT_EQ(sample_table().only_columns({2, 0}).columns().front().name, "P1 wins");
  EXPECT_EQ(error_of([] {
              sample_table().only_columns({0, 4});
            }),
            "table: column 5 asked of a table of 4 columns");
}

TEST(Table, CsvQuotesPerRfc4180) {
  Table t({{"name"}, {"note"}, {"value"}});
  t.add_row({"plain", "a,b", Cell::number(0.25, 2)});
  t.add_row({"say \"hi\"", "line\nbreak", Cell()});
  EXPECT_EQ(t.to_csv(),
            "name,note,value\r\n"
            "plain,\"a,b\",0.25\r\n"
            "\"say \"\"hi\"\"\",\"line\nbreak\",\r\n");
}

TEST(Table, MarkdownEscapesPipesAndMarkup) {
  Table t({{"ruleset"}, {"P1 wins"}});
  t.add_row({"a|b *c* <d> & [e]_f\\", Cell::percent(0.5, 0)});
  t.add_row({"two\nlines", Cell::percent(NAN, 0)});
  EXPECT_EQ(t.to_markdown(),
            "| ruleset | P1 wins |\n"
            "| :--- | ---: |\n"
            "| a\\|b \\*c\\* &lt;d&gt; &amp; \\[e\\]\\_f\\\\ | 50% |\n"
            "| two<br>lines | NaN |\n");
}

TEST(Table, HtmlEscapesAndMarksNumbers) {
  Table t({{"ruleset"}, {"games", Align::kRight}});
  t.add_row({"<Toguz & \"Kumalak\">", Cell::integer(3)});
  const std::string html = t.to_html("Runs & results");
  EXPECT_EQ(html,
            "<table>\n<caption>Runs &amp; results</caption>\n"
            "<thead>\n<tr><th>ruleset</th><th class=\"num\">games</th></tr>\n</thead>\n"
            "<tbody>\n<tr><td>&lt;Toguz &amp; &quot;Kumalak&quot;&gt;</td>"
            "<td class=\"num\">3</td></tr>\n</tbody>\n</table>\n");
  const xml_check::Element root = xml_check::parse(html);
  EXPECT_EQ(root.name, "table");
  EXPECT_EQ(xml_check::find_all(root, "td")[0]->text, "<Toguz & \"Kumalak\">");
}

TEST(Table, JsonIsAnArrayOfObjectsInColumnOrder) {
  Table t({{"ruleset"}, {"games"}, {"rate"}, {"note"}});
  t.add_row({"toguz", Cell::integer(1000), Cell::percent(0.5123, 1), Cell()});
  t.add_row({"otep", Cell::integer(20), Cell::number(NAN, 2), "x"});
  EXPECT_EQ(t.to_json().dump(), R"([{"ruleset":"toguz","games":1000,"rate":0.5123,"note":null},)"
                                R"({"ruleset":"otep","games":20,"rate":null,"note":"x"}])");
}

TEST(Table, ColumnAlignmentFollowsTheCells) {
  Table t({{"a"}, {"b"}, {"c", Align::kLeft}});
  t.add_row({Cell::number(1, 0), "x", Cell::number(2, 0)});
  t.add_row({Cell(), Cell::number(3, 0), Cell::number(4, 0)});
  // a: numbers and an empty cell -> right; b: has text -> left; c: forced left.
  EXPECT_EQ(t.to_markdown().substr(0, 34), "| a | b | c |\n| ---: | :--- | :---");
}

TEST(Table, ShapeErrorsAreReported) {
  EXPECT_EQ(error_of([] { Table({{"x"}, {"x"}}); }), "table: column 2: the name 'x' is repeated");
  EXPECT_EQ(error_of([] { Table({{""}}); }), "table: column 1: the name is empty");
  EXPECT_EQ(error_of([] { Table(std::vector<Column>{}); }),
            "table: a table needs at least one column");
  Table t({{"a"}, {"b"}});
  EXPECT_EQ(error_of([&] { t.add_row({"only one"}); }),
            "table: row 1: has 1 cells, the table has 2 columns");
}

}  // namespace
}  // namespace mancala::reports
