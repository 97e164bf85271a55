#include "reports/table.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <set>

#include "common/csv.h"
#include "common/error.h"
#include "common/text.h"
#include "reports/html.h"

namespace mancala::reports {
namespace {

std::string replace_line_breaks(std::string_view text, std::string_view with) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
    if (text[i] == '\n' || text[i] == '\r') {
      out += with;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string pad(const std::string& text, std::size_t width, bool right) {
  const std::size_t have = display_width(text);
  if (have >= width) return text;
  const std::string fill(width - have, ' ');
  return right ? fill + text : text + fill;
}

}  // namespace

Cell::Cell(std::string text) : kind_(Kind::kText), display_(std::move(text)) {}

Cell::Cell(const char* text) : Cell(std::string(text)) {}

Cell Cell::text(std::string text) { return Cell(std::move(text)); }

Cell Cell::number(double value, int decimals) {
  Cell cell;
  cell.kind_ = Kind::kNumber;
  cell.value_ = value;
  cell.display_ = format_number(value, decimals);
  return cell;
}

Cell Cell::integer(std::int64_t value) {
  Cell cell;
  cell.kind_ = Kind::kNumber;
  cell.value_ = static_cast<double>(value);
  cell.is_integer_ = true;
  cell.integer_ = value;
  cell.display_ = std::to_string(value);
  return cell;
}

Cell Cell::percent(double fraction, int decimals) {
  Cell cell;
  cell.kind_ = Kind::kNumber;
  cell.value_ = fraction;
  cell.display_ = format_number(fraction * 100, decimals);
  if (std::isfinite(fraction)) cell.display_ += '%';
  return cell;
}

nlohmann::ordered_json Cell::to_json() const {
  switch (kind_) {
    case Kind::kEmpty:
      return nullptr;
    case Kind::kText:
      return display_;
    case Kind::kNumber:
      if (is_integer_) return integer_;
      if (!std::isfinite(value_)) return nullptr;
      return value_;
  }
  return nullptr;
}

Table::Table(std::vector<Column> columns) : columns_(std::move(columns)) {
  if (columns_.empty()) throw Error("table: a table needs at least one column");
  std::set<std::string> seen;
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    if (columns_[i].name.empty()) {
      throw Error("table: column " + std::to_string(i + 1) + ": the name is empty");
    }
    if (!seen.insert(columns_[i].name).second) {
      throw Error("table: column " + std::to_string(i + 1) + ": the name '" + columns_[i].name +
                  "' is repeated");
    }
  }
}

Table& Table::add_row(std::vector<Cell> row) {
  if (row.size() != columns_.size()) {
    throw Error("table: row " + std::to_string(rows_.size() + 1) + ": has " +
                std::to_string(row.size()) + " cells, the table has " +
                std::to_string(columns_.size()) + " columns");
  }
  rows_.push_back(std::move(row));
  return *this;
}

Table Table::only_columns(const std::vector<std::size_t>& columns) const {
  std::vector<Column> kept;
  for (const std::size_t c : columns) {
    if (c >= columns_.size()) {
      throw Error("table: column " + std::to_string(c + 1) + " asked of a table of " +
                  std::to_string(columns_.size()) + " columns");
    }
    kept.push_back(columns_[c]);
  }
  Table out(std::move(kept));
  for (const auto& row : rows_) {
    std::vector<Cell> cells;
    for (const std::size_t c : columns) cells.push_back(row[c]);
    out.add_row(std::move(cells));
  }
  return out;
}

bool Table::right_aligned(std::size_t column) const {
  if (columns_[column].align != Align::kAuto) return columns_[column].align == Align::kRight;
  bool any_number = false;
  for (const auto& row : rows_) {
    const Cell::Kind kind = row[column].kind();
    if (kind == Cell::Kind::kText) return false;
    if (kind == Cell::Kind::kNumber) any_number = true;
  }
  return any_number;
}

std::string Table::to_text() const {
  const std::size_t n = columns_.size();
  std::vector<std::vector<std::string>> lines;
  lines.emplace_back();
  for (const Column& column : columns_) lines.back().push_back(printable_line(column.name));
  for (const auto& row : rows_) {
    lines.emplace_back();
    for (const Cell& cell : row) lines.back().push_back(printable_line(cell.display()));
  }
  std::vector<std::size_t> widths(n, 0);
  for (const auto& line : lines) {
    for (std::size_t i = 0; i < n; ++i) widths[i] = std::max(widths[i], display_width(line[i]));
  }
  std::string out;
  auto emit = [&](const std::vector<std::string>& line) {
    std::string text;
    for (std::size_t i = 0; i < n; ++i) {
      if (i > 0) text += "  ";
      text += pad(line[i], widths[i], right_aligned(i));
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text + "\n";
  };
  emit(lines[0]);
  std::string rule;
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) rule += "  ";
    rule += std::string(widths[i], '-');
  }
  out += rule + "\n";
  for (std::size_t r = 1; r < lines.size(); ++r) emit(lines[r]);
  return out;
}

std::string Table::to_text(std::size_t width, std::size_t keep,
                           std::vector<std::string>& dropped) const {
  dropped.clear();
  const std::size_t n = columns_.size();
  std::vector<std::size_t> widths(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    widths[i] = display_width(printable_line(columns_[i].name));
    for (const auto& row : rows_)
      widths[i] = std::max(widths[i], display_width(printable_line(row[i].display())));
  }
  std::size_t shown = 0, used = 0;
  while (shown < n) {
    const std::size_t more = widths[shown] + (shown > 0 ? 2 : 0);
    if (shown >= keep && used + more > width) break;
    used += more;
    ++shown;
  }
  if (shown == n) return to_text();
  std::vector<Column> columns;
  for (std::size_t i = 0; i < shown; ++i) {
    columns.push_back(columns_[i]);
    // The alignment the whole column resolves to, so the part looks as it would in full.
    columns.back().align = right_aligned(i) ? Align::kRight : Align::kLeft;
  }
  for (std::size_t i = shown; i < n; ++i) dropped.push_back(columns_[i].name);
  Table part(columns);
  for (const auto& row : rows_) part.add_row(std::vector<Cell>(row.begin(), row.begin() + shown));
  return part.to_text();
}

std::string Table::to_csv() const {
  CsvWriter csv;
  for (const Column& column : columns_) csv.text(column.name);
  csv.end_row();
  for (const auto& row : rows_) {
    // Text is guarded against spreadsheet formulas (common/csv.h); numbers are written as shown.
    for (const Cell& cell : row) {
      if (cell.kind() == Cell::Kind::kNumber) {
        csv.number(cell.display());
      } else {
        csv.text(cell.display());
      }
    }
    csv.end_row();
  }
  return csv.str();
}

std::string Table::to_markdown() const {
  std::string out = "|";
  for (const Column& column : columns_) out += " " + markdown_escape(column.name) + " |";
  out += "\n|";
  for (std::size_t i = 0; i < columns_.size(); ++i) out += right_aligned(i) ? " ---: |" : " :--- |";
  out += "\n";
  for (const auto& row : rows_) {
    out += "|";
    for (const Cell& cell : row) out += " " + markdown_escape(cell.display()) + " |";
    out += "\n";
  }
  return out;
}

std::string Table::to_html(std::string_view caption) const {
  std::string out = "<table>\n";
  if (!caption.empty()) out += "<caption>" + html_escape(caption) + "</caption>\n";
  out += "<thead>\n<tr>";
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    out += right_aligned(i) ? "<th class=\"num\">" : "<th>";
    out += html_escape(columns_[i].name) + "</th>";
  }
  out += "</tr>\n</thead>\n<tbody>\n";
  for (const auto& row : rows_) {
    out += "<tr>";
    for (std::size_t i = 0; i < row.size(); ++i) {
      out += right_aligned(i) ? "<td class=\"num\">" : "<td>";
      // A cell's second line (a match's rounds) on a line of its own.
      out += replace_line_breaks(html_escape(row[i].display()), "<br />") + "</td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody>\n</table>\n";
  return out;
}

nlohmann::ordered_json Table::to_json() const {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& row : rows_) {
    nlohmann::ordered_json object = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < row.size(); ++i) object[columns_[i].name] = row[i].to_json();
    out.push_back(std::move(object));
  }
  return out;
}

std::string markdown_escape(std::string_view text, std::string_view line_break) {
  std::string out;
  for (char c : printable(replace_line_breaks(text, "\n"))) {
    switch (c) {
      case '|':
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
        out += '\\';
        out += c;
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '\n':
        out += line_break;
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace mancala::reports
