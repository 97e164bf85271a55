// Fuzzes the CSV and BibTeX writers (issue 21, items 7 and 8): the input, cut at 0x1F bytes into
// texts, becomes a table's cells (Table::to_csv, as runs.csv and every --format csv), an evidence
// record's fields (evidence search --format csv) and a citation's fields and authors
// (evidence cite --format bibtex). Each output is parsed back as a spreadsheet or BibTeX would
// read it (tests/archive/read_back_util.h, tests/reports/table_read_back_util.h) and compared with
// the input: any difference, a cell that would run as a formula, or a field that a value closed
// early aborts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../tests/reports/table_read_back_util.h"

namespace {

namespace ts = mancala::test_support;
using mancala::archive::Json;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "writers round trip: %s\n", what.c_str());
  std::abort();
}

// A name part as names are written in citations: one line, single spaces, trimmed, never empty.
std::string name_part(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '~';
    if (space) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out.empty() ? "x" : out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string> texts(1);
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == 0x1F) {
      texts.emplace_back();
    } else {
      texts.back() += static_cast<char>(data[i]);
    }
  }
  const auto text = [&](size_t i) { return i < texts.size() ? texts[i] : std::string(); };

  // CSV of a table: three columns named by the first three texts, the rest as rows.
  std::vector<std::vector<std::string>> rows;
  for (size_t i = 3; i < texts.size(); i += 3) rows.push_back({text(i), text(i + 1), text(i + 2)});
  if (const std::string e = ts::table_csv_round_trip_error({text(0), text(1), text(2)}, rows);
      !e.empty())
    fail(e);

  // CSV of a search hit.
  mancala::archive::EvidenceRecord record;
  record.id = text(0);
  record.game = text(1);
  record.type = text(2);
  record.location = text(3);
  record.rules = text(4);
  record.content = text(5);
  record.notes = text(6);
  if (const std::string e = ts::hits_csv_round_trip_error(record); !e.empty()) fail(e);

  // BibTeX of a citation: the type from the first byte, then the fields, then the authors.
  static const char* const kTypes[] = {"article-journal", "book", "chapter", "document"};
  Json item;
  item["type"] = kTypes[size == 0 ? 0 : data[0] % 4];
  item["id"] = text(0);
  const char* const kFields[] = {"title", "container-title", "URL",    "DOI",
                                 "note",  "publisher",       "volume", "publisher-place"};
  for (size_t i = 0; i < std::size(kFields); ++i) {
    if (!text(i + 1).empty()) item[kFields[i]] = text(i + 1);
  }
  Json authors = Json::array();
  for (size_t i = 9; i + 1 < texts.size() && authors.size() < 4; i += 2) {
    Json name = {{"family", name_part(text(i))}};
    if (!text(i + 1).empty()) name["given"] = name_part(text(i + 1));
    authors.push_back(name);
  }
  if (!authors.empty()) item["author"] = authors;
  if (const std::string e = ts::bibtex_round_trip_error(item); !e.empty()) fail(e);
  return 0;
}
