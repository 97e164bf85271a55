// CSV as every CSV the project writes has it (runs.csv, simulate/merge/compare/handicap
// --format csv, evidence search --format csv, playtests export): RFC 4180 quoting, and text made
// safe to open in a spreadsheet (issue 21, item 7), through one writer, CsvWriter (below).
//
// A spreadsheet runs a cell that begins with = + - @ (and, in some, a tab or carriage return) as
// a formula: evidence text "=HYPERLINK(...)" or a ruleset file "=1+2.json" would become one. Such
// a text cell is written with an apostrophe in front ("'=HYPERLINK(...)"), as spreadsheet-safe CSV
// writers do, which spreadsheets show as text. Numbers stay numbers: a cell that is a plain number
// (-3000, +0.093, -1.5e-3, 12.5%) is written as it is. To keep the writing reversible, a text cell
// that would read back as a guarded one (an apostrophe, then a cell that needs the guard) gets an
// apostrophe too; csv_unguard() undoes exactly what csv_guard() did (docs/report.md, "runs.csv").
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "common/text.h"

namespace mancala {

// Whether `text` is a plain number: a decimal as is_decimal_text reads it (an optional sign,
// digits with an optional decimal point, or a point then digits, an optional exponent), with an
// optional trailing %.
inline bool csv_plain_number(std::string_view text) {
  if (!text.empty() && text.back() == '%') text.remove_suffix(1);
  return is_decimal_text(text);
}

// Whether a text cell needs the apostrophe (see above).
inline bool csv_needs_guard(std::string_view text) {
  if (text.empty()) return false;
  switch (text.front()) {
    case '=':
    case '+':
    case '-':
    case '@':
    case '\t':
    case '\r':
      return !csv_plain_number(text);
    case '\'':
      return csv_needs_guard(text.substr(1));
    default:
      return false;
  }
}

// A text cell as a spreadsheet must see it: with an apostrophe in front when csv_needs_guard.
inline std::string csv_guard(std::string_view text) {
  return csv_needs_guard(text) ? "'" + std::string(text) : std::string(text);
}

// The inverse of csv_guard: the text a cell held before it was guarded.
inline std::string csv_unguard(std::string_view cell) {
  if (!cell.empty() && cell.front() == '\'' && csv_needs_guard(cell.substr(1)))
    return std::string(cell.substr(1));
  return std::string(cell);
}

// RFC 4180: a field with a comma, double quote, CR or LF in double quotes, quotes doubled.
inline std::string csv_quote(std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// A text cell, guarded and quoted.
inline std::string csv_text(std::string_view text) { return csv_quote(csv_guard(text)); }

// The one CSV writer (issue 41): every CSV the project writes is made with it (runs.csv, every
// --format csv, evidence search, playtests export and the server's play-test export): RFC 4180,
// CRLF line ends, a field quoted when it holds a comma, a double quote, CR or LF (quotes doubled);
// every text cell guarded (csv_guard), a number cell written as shown.
//
//   CsvWriter csv;
//   csv.text("id").text("notes").end_row();
//   csv.number("3").text("=HYPERLINK(...)").end_row();
//   out << csv.str();
class CsvWriter {
 public:
  // A text cell: guarded against spreadsheet formulas, then quoted as needed.
  CsvWriter& text(std::string_view cell) { return add(csv_text(cell)); }
  // A number as shown ("-3000", "0.093", ""): quoted as needed, never guarded.
  CsvWriter& number(std::string_view cell) { return add(csv_quote(cell)); }
  // A row of text cells (a header).
  CsvWriter& row(std::initializer_list<std::string_view> cells) {
    for (std::string_view c : cells) text(c);
    return end_row();
  }
  CsvWriter& end_row() {
    out_ += "\r\n";
    first_ = true;
    return *this;
  }
  const std::string& str() const { return out_; }

 private:
  CsvWriter& add(const std::string& field) {
    if (!first_) out_ += ',';
    out_ += field;
    first_ = false;
    return *this;
  }
  std::string out_;
  bool first_ = true;
};

}  // namespace mancala
