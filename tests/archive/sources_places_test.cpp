// Issue 14, "Sources" and "Places": the seed records' citations, the BibTeX escapes and the order
// of a record's citations, named regions placed by data/places, and the schema 1 -> 2 migration of
// an old archive. Through the commands (`evidence cite`, `evidence show GAME`, --near, full-text
// search): tests/cli/sources_places_cli_test.cpp.
#include <gtest/gtest.h>

#include <set>

#include "archive/cite.h"
#include "archive/schema.h"
#include "archive/store.h"
#include "archive_test_util.h"
#include "common/paths.h"

namespace mancala::archive {
namespace {

using testing::TempDir;
using testing::write_text;

// "every seed record carries its sources"
TEST(SeedSources, EverySeedRecordCarriesItsSources) {
  ImportBatch batch;
  read_evidence_paths({testing::seed_evidence_dir()}, batch);
  ASSERT_EQ(batch.records.size(), 6u);
  for (const EvidenceRecord& r : batch.records) EXPECT_FALSE(r.sources.empty()) << r.id;
}

// "The Sonka record has no source today although its content quotes Vanoverbergh 1927"
TEST(SeedSources, SonkaCitesTheWorkItsContentQuotes) {
  ImportBatch batch;
  read_evidence_paths({testing::evidence_data_dir() + "/sonka.json"}, batch);
  const EvidenceRecord& r = batch.records.at(0);
  ASSERT_EQ(r.sources.size(), 1u);
  EXPECT_EQ(r.sources[0].citation, "Vanoverbergh 1927: 236-237.");
  EXPECT_TRUE(r.content.starts_with("Vanoverbergh 1927: 236-237 "));
  EXPECT_EQ(r.sources[0].csl["author"][0]["family"], "Vanoverbergh");
  EXPECT_EQ(r.sources[0].csl["issued"]["date-parts"][0][0], 1927);
  EXPECT_EQ(r.sources[0].csl["page"], "236-237");
}

TEST(SeedSources, ASourceMayBeAStringOrACitationWithItsCslItemAndRoundTrips) {
  ImportBatch batch;
  read_evidence_text(R"({"records": [{"id": "X.1", "game": "otep", "type": "Text", "sources": [
      "Plain citation.",
      {"citation": "A. B. 1900. T. J 1: 2-3.", "csl": {"type": "article-journal", "title": "T",
       "author": [{"family": "B", "given": "A."}], "issued": {"date-parts": [[1900]]}}}]}]})",
                     "f.json", batch);
  const EvidenceRecord& r = batch.records.at(0);
  ASSERT_EQ(r.sources.size(), 2u);
  EXPECT_TRUE(r.sources[0].csl.empty());
  EXPECT_EQ(r.sources[1].csl["title"], "T");
  EXPECT_EQ(record_from_json(to_json(r)), r);
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  store.import(batch);
  EXPECT_EQ(store.get("X.1"), r);  // the CSL item is stored with the citation
}

TEST(SeedSources, BadSourcesAreRefusedNamingTheRecordAndTheSource) {
  auto error = [](const std::string& sources) {
    ImportBatch batch;
    try {
      read_evidence_text(
          R"({"records": [{"id": "X.1", "game": "otep", "type": "Text", "sources": )" + sources +
              "}]}",
          "f.json", batch);
    } catch (const ArchiveError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(error(R"([{"csl": {"type": "book"}}])"),
            "f.json: records[0] (X.1): sources[0]: missing required field 'citation'");
  EXPECT_EQ(error(R"(["ok", {"citation": "c", "csl": {"type": "book", "colour": 1}}])"),
            "f.json: records[0] (X.1): sources[1]: csl: unknown CSL-JSON field 'colour'");
  EXPECT_EQ(error(R"([{"citation": "c", "csl": {"title": "t"}}])"),
            "f.json: records[0] (X.1): sources[0]: csl: missing CSL-JSON field 'type' (a string)");
  EXPECT_EQ(error(R"([{"citation": "c", "csl": {"type": "book", "issued": 1900}}])"),
            "f.json: records[0] (X.1): sources[0]: csl: field 'issued' must be "
            "{\"date-parts\": [[YEAR, MONTH, DAY]]} (month and day optional)");
  EXPECT_EQ(error(R"([{"citation": "c", "csl": {"type": "book", "author": ["Smith"]}}])"),
            "f.json: records[0] (X.1): sources[0]: csl: author[0]: a name must be an object "
            "with 'family' (and 'given') or 'literal'");
  EXPECT_EQ(error("[3]"),
            "f.json: records[0] (X.1): sources[0]: a source must be a citation "
            "string or an object, not a number");
}

// Issue 35, "One bibliography entry per work": a source names the other citations of the same
// work ("same_work"); a record names the records of the same game ("see_also"). Both round-trip
// through the archive, and bad values are refused naming the record.
TEST(SeedSources, SameWorkAndSeeAlsoRoundTripAndBadOnesAreRefused) {
  auto read = [](const std::string& fields) {
    ImportBatch batch;
    read_evidence_text(
        R"({"records": [{"id": "X.1", "game": "otep", "type": "Text", )" + fields + "}]}", "f.json",
        batch);
    return batch.records.at(0);
  };
  auto error = [&](const std::string& fields) {
    try {
      read(fields);
    } catch (const ArchiveError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  const EvidenceRecord r =
      read(R"("sources": [{"citation": "Beaton 1939.", "same_work": ["Beaton 1939: 141."]}], )"
           R"("see_also": ["DLP.Ruleset.1283"], "author_doubts": "I may be wrong.")");
  EXPECT_EQ(r.sources.at(0).same_work, std::vector<std::string>{"Beaton 1939: 141."});
  EXPECT_EQ(r.see_also, std::vector<std::string>{"DLP.Ruleset.1283"});
  EXPECT_EQ(to_json(r)["sources"][0].dump(),
            R"({"citation":"Beaton 1939.","same_work":["Beaton 1939: 141."]})");
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  ImportBatch batch;
  batch.add(r, Origin{"f.json", "records[0] (X.1)"});
  store.import(batch);
  EXPECT_EQ(store.get("X.1"), r);
  EXPECT_EQ(store.see_also_of("DLP.Ruleset.1283"), std::vector<std::string>{"X.1"});
  ASSERT_EQ(store.same_work_sources().size(), 1u);
  EXPECT_EQ(store.same_work_sources()[0].citation, "Beaton 1939.");

  EXPECT_EQ(error(R"("sources": [{"citation": "c", "same_work": "d"}])"),
            "f.json: records[0] (X.1): sources[0]: field 'same_work' must be an array of "
            "citations, not a string");
  EXPECT_EQ(error(R"("sources": [{"citation": "c", "same_work": ["c"]}])"),
            "f.json: records[0] (X.1): sources[0]: same_work: 'c' is this source's own citation");
  EXPECT_EQ(error(R"("sources": [{"citation": "c", "same_work": [""]}])"),
            "f.json: records[0] (X.1): sources[0]: same_work: each entry must be a citation as "
            "another record writes it");
  EXPECT_EQ(error(R"("see_also": ["not an id!"])"),
            "f.json: records[0] (X.1): see_also: 'not an id!' is not a record id (e.g. "
            "DLP.Evidence.693)");
  EXPECT_EQ(error(R"("see_also": ["X.1"])"),
            "f.json: records[0] (X.1): see_also: a record is not its own see-also");
}

// Issue 41: "CSL name parts are not type-checked ("family": [[[1]]] imports, then vanishes from
// BibTeX and text and exports invalid CSL-JSON)". Every part of a name is a non-empty string, like
// the other CSL fields, each checked for its type; dates keep the shape cite reads.
TEST(SeedSources, CslNamePartsAndFieldsMustBeOfTheirType) {
  auto error = [](const std::string& csl) {
    ImportBatch batch;
    try {
      read_evidence_text(R"({"records": [{"id": "X.1", "game": "otep", "type": "Text", "sources": )"
                         R"([{"citation": "c", "csl": {"type": "book", )" +
                             csl + "}}]}]}",
                         "f.json", batch);
    } catch (const ArchiveError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  const std::string at = "f.json: records[0] (X.1): sources[0]: csl: ";
  EXPECT_EQ(error(R"("author": [{"family": [[[1]]]}])"),
            at + "author[0]: 'family' must be a non-empty string");
  EXPECT_EQ(error(R"("author": [{"family": "Smith", "given": 5}])"),
            at + "author[0]: 'given' must be a non-empty string");
  EXPECT_EQ(error(R"("editor": [{"literal": "A"}, {"family": " "}])"),
            at + "editor[1]: 'family' must be a non-empty string");
  EXPECT_EQ(error(R"("author": [{"family": "Smith", "initials": "J."}])"),
            at + "author[0]: unknown name part 'initials' (family, given, literal, "
                 "dropping-particle, non-dropping-particle, suffix)");
  EXPECT_EQ(error(R"("container-title": {"a": 1})"),
            at + "field 'container-title' must be a string");
  EXPECT_EQ(error(R"("volume": [3])"), at + "field 'volume' must be a string or an integer");
  EXPECT_EQ(error(R"("accessed": "2020-01-01")"),
            at + "field 'accessed' must be {\"date-parts\": [[YEAR, MONTH, DAY]]} (month and day "
                 "optional)");
  EXPECT_EQ(error(R"("issued": {"date-parts": [[1939, 13]]})"),
            at + "field 'issued' must be {\"date-parts\": [[YEAR, MONTH, DAY]]} (month and day "
                 "optional)");
  // What the seed records hold stays accepted.
  EXPECT_EQ(error(R"("author": [{"family": "Beaton", "given": "A. C."}], "volume": "22",
                     "page": 181, "issued": {"date-parts": [[1939]]},
                     "accessed": {"date-parts": [[2024, 5, 1]]})"),
            "(no error)");
}

// "BibTeX (escaped)"
TEST(Cite, BibtexEscapesWhatTexTreatsSpecially) {
  EXPECT_EQ(
      bibtex_escape("50% & $x_1^2 ~ {a} #3 \\"),
      "50\\% \\& \\$x\\_1\\^{}2 \\~{} \\textbraceleft{}a\\textbraceright{} \\#3 \\textbackslash{}");
  EXPECT_EQ(bibtex_escape("Toğızqumalaq"), "Toğızqumalaq");  // UTF-8 left as written
}

TEST(Cite, ARecordCitesItsWorksThenItself) {
  EvidenceRecord r;
  r.id = "DLP.Evidence.9";
  r.game = "otep";
  r.type = "Ethnography";
  r.location = "Bari";
  r.date_from = r.date_to = parse_date("1939");
  r.sources = {Source("Plain & simple."),
               Source("Smith 1950.",
                      Json{{"type", "article-journal"},
                           {"title", "On 100% of {games}"},
                           {"author", Json::array({Json{{"family", "Smith"}, {"given", "J."}}})},
                           {"container-title", "Games_Journal"},
                           {"volume", "3"},
                           {"issue", "2"},
                           {"page", "10-20"},
                           {"issued", Json{{"date-parts", {{1950}}}}}})};
  const Json items = csl_items(r, Game{"otep", "Otep", {}, 1283});
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[0]["id"], "DLP.Evidence.9-source1");
  EXPECT_EQ(items[0]["type"], "document");
  EXPECT_EQ(items[0]["title"], "Plain & simple");  // never a bare "n.d." (issue 27)
  EXPECT_EQ(items[0]["note"], "Known only as this citation: Plain & simple.");
  EXPECT_EQ(items[1]["id"], "Smith1950");
  EXPECT_EQ(items[2]["id"], "DLP.Evidence.9");
  EXPECT_EQ(items[2]["type"], "dataset");
  EXPECT_EQ(items[2]["title"], "Otep: Ethnography, Bari, 1939");
  EXPECT_EQ(items[2]["author"][0]["literal"], "Digital Ludeme Project");
  EXPECT_EQ(items[2]["number"], "DLP.Evidence.9");
  EXPECT_EQ(bibtex(Json::array({items[1]})),
            "@article{Smith1950,\n"
            "  author = {Smith, J.},\n"
            "  title = {{On 100\\% of \\textbraceleft{}games\\textbraceright{}}},\n"
            "  journal = {{Games\\_Journal}},\n"
            "  year = {1950},\n"
            "  volume = {3},\n"
            "  number = {2},\n"
            "  pages = {10--20}\n"
            "}\n");
  EXPECT_EQ(text_references(Json::array({items[0], items[1]})),
            "Plain & simple.\n"
            "Smith, J. (1950). On 100% of {games}. Games_Journal 3(2): 10-20.\n");
}

// "Give each region an approximate position with an uncertainty radius (documented, with its
// source)"
TEST(Places, EveryPlaceHasAPositionARadiusAndASourceAndEverySeedRegionIsPlaced) {
  const std::vector<Place> places =
      read_places_file((data_dir() / "places" / "places.json").string());
  ASSERT_GE(places.size(), 5u);
  for (const Place& p : places) {
    EXPECT_GT(p.radius_km, 0) << p.name;
    EXPECT_GE(p.source.size(), 40u) << p.name;
  }
  TempDir dir;
  ImportBatch batch;
  read_evidence_paths({testing::seed_evidence_dir()}, batch);
  batch.places = places;
  Store store = Store::open(dir / "a.db");
  store.import(batch);
  for (const EvidenceRecord& r : batch.records) {
    EXPECT_TRUE(r.latitude || store.place_of(r)) << r.id << ": " << r.location;
  }
  EXPECT_EQ(store.place_of(store.get("DLP.Evidence.741").value())->name, "Khasi");
  EXPECT_FALSE(store.place_of(store.get("DLP.Evidence.1450").value()));  // exact coordinates
}

TEST(Places, BadPlacesFilesNameTheEntry) {
  TempDir dir;
  auto error = [&](const std::string& text) {
    write_text(dir / "p.json", text);
    try {
      read_places_file(dir / "p.json");
    } catch (const ArchiveError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(error(R"({"places": [{"name": "A", "latitude": 1, "longitude": 2, "radius_km": 3}]})"),
            dir / "p.json" + ": places[0] (A): missing required field 'source'");
  EXPECT_EQ(error(R"({"places": [{"name": "A", "latitude": 91, "longitude": 2, "radius_km": 3,
                "source": "s"}]})"),
            dir / "p.json" + ": places[0] (A): latitude is beyond 90 degrees");
  EXPECT_EQ(error(R"({"places": [{"name": "A", "latitude": 1, "longitude": 2, "radius_km": -1,
                "source": "s"}]})"),
            dir / "p.json" + ": places[0] (A): radius_km must be 0 to 20000");
  EXPECT_EQ(error(R"([])"), dir / "p.json" + ": must be an object {\"places\": [...]}");
  // Two places may not share a spelling: the import says which, and writes nothing.
  ImportBatch batch;
  batch.places = {Place{"Khasi", {}, 25, 91, 100, "s"},
                  Place{"Khasi Hills", {"khasi"}, 25, 91, 50, "t"}};
  try {
    Store::open(dir / "a.db").import(batch);
    ADD_FAILURE() << "two places with one spelling were imported";
  } catch (const ArchiveError& e) {
    EXPECT_EQ(std::string(e.what()),
              "places: Khasi Hills: the spelling 'khasi' already names the place 'Khasi'");
  }
  EXPECT_TRUE(Store::open(dir / "a.db").places().empty());
}

// "an old database must migrate cleanly, in a transaction"
TEST(SchemaMigration, AVersionOneArchiveWithRecordsMigratesToTheCurrentVersion) {
  TempDir dir;
  const std::string db = dir / "old.db";
  testing::raw_sql(db, std::string(kMigrations[0]) +
                           "PRAGMA application_id = " + std::to_string(kApplicationId) +
                           "; PRAGMA user_version = 1;"
                           "INSERT INTO games(key, name) VALUES ('sonka', 'Sonka');"
                           "INSERT INTO game_names VALUES ('sonka', 'sonka', 'sonka');"
                           "INSERT INTO evidence(id, game_key, type, location, rules, content, "
                           "imported_at) VALUES ('DLP.Evidence.693', 'sonka', 'Ethnography', "
                           "'Iloko', 'Two rows of five holes', 'A girls'' game', '2025');"
                           "INSERT INTO sources(citation) VALUES ('Vanoverbergh 1927');"
                           "INSERT INTO evidence_sources VALUES (1, 0, 1);");
  {
    Store store = Store::open(db);  // migrates, in one transaction
    EXPECT_EQ(store.schema_version(), kSchemaVersion);
    const EvidenceRecord r = store.get("DLP.Evidence.693").value();
    EXPECT_EQ(r.location, "Iloko");
    EXPECT_EQ(r.sources, std::vector<Source>{"Vanoverbergh 1927"});
    SearchQuery q;
    for (const char* text : {"Iloko", "Vanoverbergh", "sonka", "girls"}) {
      q.text = text;
      EXPECT_EQ(store.search(q).size(), 1u) << text;  // the index was rebuilt over the new columns
    }
  }
  // Placed once data/places is imported (any import writes the places).
  ImportBatch batch;
  batch.places = read_places_file((data_dir() / "places" / "places.json").string());
  Store store = Store::open(db);
  store.import(batch);
  EXPECT_EQ(store.place_of(store.get("DLP.Evidence.693").value())->name, "Iloko");
}

TEST(SchemaMigration, AFailedMigrationLeavesTheFileAsItWas) {
  TempDir dir;
  const std::string db = dir / "old.db";
  // A version 1 file whose FTS triggers are missing: migration 2 cannot drop them.
  testing::raw_sql(db, std::string(kMigrations[0]) + "DROP TRIGGER evidence_fts_update;" +
                           "PRAGMA application_id = " + std::to_string(kApplicationId) +
                           "; PRAGMA user_version = 1;");
  const std::string before = testing::read_text(db);
  EXPECT_THROW(Store::open(db), ArchiveError);
  EXPECT_EQ(testing::raw_text(db, "PRAGMA user_version"), "1");
  EXPECT_EQ(testing::raw_text(db, "SELECT count(*) FROM sqlite_master WHERE name = 'places'"), "0");
}

}  // namespace
}  // namespace mancala::archive
