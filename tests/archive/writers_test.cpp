// Issue 21, items 7 and 8: what the CSV and BibTeX writers write is read back as a spreadsheet or
// a BibTeX parser reads it (read_back_util.h, shared with fuzz/writers_fuzzer.cpp): no formula
// runs, no field closes early, every text comes back as it was given.
#include <gtest/gtest.h>

#include "../test_support.h"
#include "archive/cite.h"
#include "common/csv.h"
#include "read_back_util.h"

namespace mancala::archive {
namespace {

using test_support::bibtex_round_trip_error;
using test_support::hits_csv_round_trip_error;
using test_support::kHostile;
using test_support::parse_bibtex;
using test_support::parse_csv;
using test_support::split_bibtex_names;

// "Neutralise text cells beginning with =, +, -, @, tab or carriage return the way
// spreadsheet-safe CSV writers do (numbers, including negative values and BCE years, stay
// numbers)".
TEST(CsvGuard, TextThatWouldRunAsAFormulaGetsAnApostropheNumbersStayNumbers) {
  EXPECT_EQ(csv_guard("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
  EXPECT_EQ(csv_guard("+1+2"), "'+1+2");
  EXPECT_EQ(csv_guard("-2+3"), "'-2+3");
  EXPECT_EQ(csv_guard("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(csv_guard("\tx"), "'\tx");
  EXPECT_EQ(csv_guard("\rx"), "'\rx");
  for (const char* number : {"-3000", "+0.093", "-1.5e-3", "-.5", "12.5%", "0", "-0.25"})
    EXPECT_EQ(csv_guard(number), number);
  for (const char* text : {"Sonka", "kalah/standard", "'quoted'", "a-b", "3 BCE"})
    EXPECT_EQ(csv_guard(text), text);
  // Reversible: a text that would read back as a guarded one is guarded too.
  EXPECT_EQ(csv_guard("'=x"), "''=x");
  for (const std::string& text : kHostile) EXPECT_EQ(csv_unguard(csv_guard(text)), text) << text;
}

// "Evidence text beginning with = (=HYPERLINK(...)) reaches evidence search --format csv as a cell
// a spreadsheet executes".
TEST(CsvGuard, AnEvidenceRecordsTextIsNeverAFormulaInSearchCsv) {
  for (const std::string& text : kHostile) {
    EvidenceRecord r;
    r.id = text;
    r.game = text;
    r.type = text;
    r.location = text;
    r.rules = text;
    r.content = text;
    r.notes = text;
    EXPECT_EQ(hits_csv_round_trip_error(r), "") << text;
  }
  EvidenceRecord bce;
  bce.id = "X.1";
  bce.game = "Sonka";
  bce.type = "Artifact";
  bce.latitude = -33.9;
  bce.longitude = -18.4;
  bce.confidence = 80;
  const auto rows = parse_csv(hits_csv({SearchHit{bce, {}, {}}}, false), "\r\n");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1][4], "-33.900000") << "a negative number stays a number";
  EXPECT_EQ(rows[1][5], "-18.400000");
}

// "A } in a citation's URL closes the field and injects others (title = {Injected title})".
TEST(Bibtex, NoValueCanCloseItsFieldOrAddAnother) {
  const Json item = {{"type", "article-journal"},
                     {"id", "X}, title = {Injected"},
                     {"title", "A {title} with \\textbf{bold}"},
                     {"URL", "http://example.org/}, title = {Injected title}, x={"},
                     {"DOI", "10.1000/a}b"},
                     {"note", "ends } early, note = {again"},
                     {"author", Json::array({Json{{"family", "Smith}"}, {"given", "J."}}})}};
  const std::string text = bibtex(Json::array({item}));
  const auto entries = parse_bibtex(text);
  ASSERT_EQ(entries.size(), 1u) << text;
  std::vector<std::string> names;
  for (const auto& field : entries[0].fields) names.push_back(field.first);
  EXPECT_EQ(names, (std::vector<std::string>{"author", "title", "doi", "url", "note"})) << text;
  EXPECT_EQ(entries[0].key, "X___title____Injected");
  EXPECT_EQ(entries[0].fields[3].second,
            "http://example.org/%7D,%20title%20=%20%7BInjected%20title%7D,%20x=%7B");
  EXPECT_EQ(bibtex_round_trip_error(item), "");
}

// "A family name containing 'and' is split into two authors."
TEST(Bibtex, AFamilyNameContainingAndStaysOneAuthor) {
  const Json item = {
      {"type", "book"},
      {"id", "Smith1950"},
      {"title", "Games"},
      {"author", Json::array({Json{{"family", "Smith and Jones"}, {"given", "Anna"}},
                              Json{{"family", "Doe"}, {"given", "J. and K."}},
                              Json{{"family", "others"}}, Json{{"family", "Anderson"}}})}};
  const auto entries = parse_bibtex(bibtex(Json::array({item})));
  ASSERT_EQ(entries.size(), 1u);
  ASSERT_EQ(entries[0].fields[0].first, "author");
  EXPECT_EQ(entries[0].fields[0].second,
            "{Smith and Jones}, Anna and Doe, {J. and K.} and {others} and Anderson");
  EXPECT_EQ(split_bibtex_names(entries[0].fields[0].second).size(), 4u);
  EXPECT_EQ(bibtex_round_trip_error(item), "");
}

// "Escape and brace-protect every field (titles too, so proper nouns keep their capitals in
// BibTeX styles)."
TEST(Bibtex, TitlesKeepTheirCapitalsInASecondPairOfBraces) {
  const Json item = {{"type", "chapter"},
                     {"id", "Beaton1939"},
                     {"title", "The Otep Game of the Bari"},
                     {"container-title", "Sudan Notes and Records"}};
  EXPECT_EQ(bibtex(Json::array({item})),
            "@incollection{Beaton1939,\n"
            "  title = {{The Otep Game of the Bari}},\n"
            "  booktitle = {{Sudan Notes and Records}}\n"
            "}\n");
}

TEST(Bibtex, EveryHostileTextReadsBackInEveryField) {
  for (const std::string& text : kHostile) {
    for (const char* type : {"article-journal", "book", "chapter", "document"}) {
      Json item = {{"type", type}, {"id", text}};
      for (const char* key : {"title", "container-title", "URL", "DOI", "note", "publisher",
                              "volume", "publisher-place"}) {
        if (!text.empty()) item[key] = text;
      }
      EXPECT_EQ(bibtex_round_trip_error(item), "") << type << ": " << text;
    }
  }
}

}  // namespace
}  // namespace mancala::archive
