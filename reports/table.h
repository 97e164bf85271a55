// Table: a result table rendered as aligned text, CSV, Markdown, HTML or JSON.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "common/format.h"

namespace mancala::reports {

// common/format.h: a value with exactly `decimals` digits after the point.
using mancala::format_number;

// One cell of a Table. A number cell keeps its value (written to JSON at full precision) and its
// display text (used by text, CSV, Markdown and HTML), fixed when the cell is made.
class Cell {
 public:
  enum class Kind { kEmpty, kText, kNumber };

  // An empty cell (JSON null).
  Cell() = default;
  // Text cells; the implicit forms let rows be written as {"Toguz", Cell::number(0.5, 3)}.
  Cell(std::string text);  // NOLINT(google-explicit-constructor)
  Cell(const char* text);  // NOLINT(google-explicit-constructor)
  static Cell text(std::string text);
  // A number shown with `decimals` digits after the point (format_number).
  static Cell number(double value, int decimals);
  // An integer shown in full; JSON keeps it an integer.
  static Cell integer(std::int64_t value);
  // A fraction shown as a percentage with `decimals` digits ("51.2%"); JSON keeps the fraction.
  static Cell percent(double fraction, int decimals);

  Kind kind() const { return kind_; }
  const std::string& display() const { return display_; }
  // The number (NaN unless kind() == kNumber).
  double value() const { return value_; }
  // The cell as JSON: null, string, integer or number (null when not finite).
  nlohmann::ordered_json to_json() const;

 private:
  Kind kind_ = Kind::kEmpty;
  std::string display_;
  double value_ = 0;
  bool is_integer_ = false;
  std::int64_t integer_ = 0;
};

// Column alignment in text, Markdown and HTML. kAuto: right when every non-empty cell of the
// column is a number, left otherwise.
enum class Align { kAuto, kLeft, kRight };

struct Column {
  std::string name;
  Align align = Align::kAuto;
};

// A result table: named columns and rows of cells, rendered five ways.
//
//   to_text():     columns padded to the widest cell (width in Unicode characters), two spaces
//                  apart, a dashed rule under the header; line breaks and tabs inside a cell
//                  print as spaces, other control characters escaped (printable_line:
//                  "\u001b", never sent to the terminal).
//   to_csv():      RFC 4180: CRLF line ends, a header line, fields quoted when they contain a
//                  comma, a double quote, CR or LF, quotes doubled; cells as displayed, a text
//                  cell that a spreadsheet would run as a formula with an apostrophe in front
//                  (common/csv.h).
//   to_markdown(): a GitHub/CommonMark pipe table with alignment markers; | \ ` * _ [ ] escaped
//                  with a backslash, < > & as entities, line breaks as <br>, control
//                  characters escaped (printable).
//   to_html():     <table> with <thead>/<tbody>, an optional caption, right-aligned cells marked
//                  class="num"; all text escaped.
//   to_json():     an array with one object per row, keys the column names in column order.
class Table {
 public:
  // Throws mancala::Error if there is no column or a name is empty or repeated.
  explicit Table(std::vector<Column> columns);
  // Throws mancala::Error unless the row has exactly one cell per column.
  Table& add_row(std::vector<Cell> row);

  const std::vector<Column>& columns() const { return columns_; }
  // The table with only the given columns (indexes into columns(), in the order given), each row
  // keeping its cells of them: a wide table shown as two. Throws mancala::Error for an index out
  // of range.
  Table only_columns(const std::vector<std::size_t>& columns) const;
  const std::vector<std::vector<Cell>>& rows() const { return rows_; }

  std::string to_text() const;
  // The text table no wider than `width` characters: the columns are taken left to right (put the
  // important ones first) while they fit, the first `keep` always; the names of the columns left
  // out go to `dropped`. Cells are never cut or wrapped (a kept column may still be wider).
  std::string to_text(std::size_t width, std::size_t keep, std::vector<std::string>& dropped) const;
  std::string to_csv() const;
  std::string to_markdown() const;
  std::string to_html(std::string_view caption = {}) const;
  nlohmann::ordered_json to_json() const;

 private:
  // Whether column i is right-aligned (resolving kAuto).
  bool right_aligned(std::size_t column) const;

  std::vector<Column> columns_;
  std::vector<std::vector<Cell>> rows_;
};

// Text for Markdown: the characters Markdown would read as markup (| \ ` * _ [ ]) escaped with a
// backslash, < > & as entities, and each line break (\n, \r\n or \r) replaced by `line_break`:
// "<br>" inside a table cell (as to_markdown does), " " in a paragraph, heading or list item.
std::string markdown_escape(std::string_view text, std::string_view line_break = "<br>");

}  // namespace mancala::reports
