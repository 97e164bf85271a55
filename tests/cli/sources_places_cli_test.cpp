// Issue 14, "Sources" and "Places", through the commands (moved from
// tests/archive/sources_places_test.cpp, issue 22: a test of a command is a cli test): the import's
// warning about records without sources, `evidence cite` (text, BibTeX, CSL-JSON) with its errors,
// `evidence show GAME`, named regions found by --near (with the count of records that could not
// be placed) and full-text search over the location, the game's names and the sources.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "archive/store.h"
#include "archive_cli_test_util.h"
#include "common/paths.h"

namespace mancala::archive {
namespace {

using testing::CliResult;
using testing::run_cli;
using testing::TempDir;
using testing::write_text;

class SourcesAndPlaces : public ::testing::Test {
 protected:
  void SetUp() override {
    const CliResult r = run_cli({"evidence", "import", testing::seed_evidence_dir(), "--db", db_});
    ASSERT_EQ(r.code, 0) << r.err;
  }
  CliResult run(std::vector<std::string> args) {
    args.insert(args.end(), {"--db", db_});
    return run_cli(args);
  }
  // What a run that must succeed (exit 0) prints.
  std::string out_of(std::vector<std::string> args) {
    const CliResult r = run(std::move(args));
    EXPECT_EQ(r.code, 0) << r.err;
    return r.out;
  }
  // The ids of the records a search prints as JSON.
  std::vector<std::string> ids(std::vector<std::string> args) {
    args.insert(args.begin(), {"evidence", "search", "--format", "json"});
    std::vector<std::string> out;
    const Json doc = Json::parse(out_of(args));
    for (const Json& record : doc["records"]) out.push_back(record["id"]);
    return out;
  }
  TempDir dir_;
  std::string db_ = dir_ / "archive.db";
};

// "`evidence import` warns about a record without one"
TEST_F(SourcesAndPlaces, ImportWarnsAboutRecordsWithoutSources) {
  write_text(dir_ / "new.json", R"({"records": [
      {"id": "NEW.1", "game": "otep", "type": "Artifact"},
      {"id": "NEW.2", "game": "otep", "type": "Artifact", "sources": ["A. 1900."]}]})");
  const CliResult r = run({"evidence", "import", dir_ / "new.json"});
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(r.err.starts_with("mancala: warning: 1 record cites no source: " + dir_ / "new.json" +
                                ": records[0] (NEW.1)\n"))
      << r.err;
}

// "`mancala evidence cite ID... --format text|bibtex|csl-json`"
TEST_F(SourcesAndPlaces, CiteWritesBibtex) {
  EXPECT_EQ(out_of({"evidence", "cite", "DLP.Evidence.741", "--format", "bibtex"}),
            "@article{DasGupta1923,\n"
            "  author = {Das-Gupta, H.},\n"
            "  title = {{Notes on a Type of Sedentary Game Prevalent in Many Parts of India}},\n"
            "  journal = {{Journal and Proceedings of the Asiatic Society of Bengal}},\n"
            "  year = {1923},\n"
            "  volume = {19},\n"
            "  pages = {71--74}\n"
            "}\n"
            "@misc{DLP.Evidence.741,\n"
            "  author = {{Digital Ludeme Project}},\n"
            "  title = {{Mawkar Katiya: Ethnography, Khasi, 1923}},\n"
            "  number = {DLP.Evidence.741},\n"
            "  organization = {{Digital Ludeme Project, Data Science and Knowledge Engineering, "
            "Maastricht University}},\n"
            "  url = {https://ludii.games/details.php?keyword=Mawkar%20Katiya},\n"
            "  type = {Evidence record},\n"
            "  note = {Ludii portal evidence record DLP.Evidence.741; DLP ruleset 431}\n"
            "}\n");
}

// CSL-JSON as Zotero and pandoc read it: an array of items, each with an id and a type; names
// as family/given (or literal), dates as date-parts, page ranges as text.
TEST_F(SourcesAndPlaces, CiteWritesValidCslJson) {
  const Json items =
      Json::parse(out_of({"evidence", "cite", "DLP.Evidence.1880", "MANCALA.Evidence.2",
                          "DLP.Evidence.693", "--format", "csl-json"}));
  ASSERT_TRUE(items.is_array());
  std::set<std::string> ids;
  for (const Json& item : items) {
    ASSERT_TRUE(item.contains("id") && item["id"].is_string()) << item.dump();
    EXPECT_TRUE(ids.insert(item["id"]).second) << "ids are unique";
    ASSERT_TRUE(item.contains("type") && item["type"].is_string()) << item.dump();
    for (const Json& name : item.value("author", Json::array())) {
      EXPECT_TRUE(name.contains("family") || name.contains("literal")) << name.dump();
    }
    if (item.contains("issued")) {
      EXPECT_TRUE(item["issued"]["date-parts"][0][0].is_number_integer()) << item.dump();
    }
  }
  std::vector<std::string> in_order;
  for (const Json& item : items) in_order.push_back(item["id"]);
  EXPECT_EQ(in_order, (std::vector<std::string>{"Beaton1939", "DLP.Evidence.1880", "Irving2000",
                                                "MANCALA.Evidence.2", "Vanoverbergh1927",
                                                "DLP.Evidence.693"}));
  const Json& beaton = items[0];
  EXPECT_EQ(beaton["type"], "article-journal");
  EXPECT_EQ(beaton["title"], "A Bari Game- Soro");
  EXPECT_EQ(beaton["author"], Json::parse(R"([{"family": "Beaton", "given": "A."}])"));
  EXPECT_EQ(beaton["container-title"], "Sudan Notes and Records");
  EXPECT_EQ(beaton["volume"], "22");
  EXPECT_EQ(beaton["issue"], "1");
  EXPECT_EQ(beaton["page"], "133-143");
  EXPECT_EQ(beaton["issued"], Json::parse(R"({"date-parts": [[1939]]})"));
  EXPECT_EQ(items[2]["author"].size(), 3u);  // Irving, Donkers and Uiterwijk
  EXPECT_EQ(items[3]["author"][0]["literal"], "mancala toolkit evidence archive");
}

TEST_F(SourcesAndPlaces, CiteAsText) {
  EXPECT_EQ(out_of({"evidence", "cite", "DLP.Evidence.1880"}),
            "DLP.Evidence.1880\n"
            "  Works cited:\n"
            "    Beaton, A. (1939). A Bari Game- Soro. Sudan Notes and Records 22(1): 133-143.\n"
            "  The record:\n"
            "    Digital Ludeme Project (n.d.). Otep: Ethnography, Bari, 1939 [Evidence record "
            "DLP.Evidence.1880]. Digital Ludeme Project, Data Science and Knowledge Engineering, "
            "Maastricht University. https://ludii.games/details.php?keyword=Otep. Ludii portal "
            "evidence record DLP.Evidence.1880; DLP ruleset "
            "1283.\n");
}

TEST_F(SourcesAndPlaces, CiteErrorsAreExact) {
  const CliResult unknown = run({"evidence", "cite", "DLP.Evidence.693", "X"});
  EXPECT_EQ(unknown.code, 1);
  EXPECT_EQ(unknown.out, "");
  EXPECT_EQ(unknown.err,
            "mancala: evidence cite: no evidence record or game 'X' (see 'mancala evidence "
            "games')\n");
  const CliResult format = run({"evidence", "cite", "DLP.Evidence.693", "--format", "ris"});
  EXPECT_EQ(format.code, 2);
  EXPECT_EQ(format.err,
            "mancala: evidence cite: --format must be text|bibtex|csl-json, not 'ris'\n");
  const CliResult none = run({"evidence", "cite"});
  EXPECT_EQ(none.code, 2);
  EXPECT_EQ(none.err, "mancala: evidence cite: give at least one evidence id or game\n");
}

// "`evidence show` accepts a game name (listing that game's records)"; a whole year reads as
// the year (archive::years_text), as on the record pages
TEST_F(SourcesAndPlaces, ShowAGameListsItsRecords) {
  const std::string out = out_of({"evidence", "show", "Sonka"});
  EXPECT_EQ(out,
            "Sonka (sonka), also Agsinnonka, Sinnonka: 1 evidence record\n\n"
            "id                type         date  location  confidence\n"
            "DLP.Evidence.693  Ethnography  1927  Iloko            100\n");
  EXPECT_EQ(run({"evidence", "show", "agsinnonka"}).out, out);  // any spelling
  const CliResult json = run({"evidence", "show", "Mawkar Katiya", "--format", "json"});
  EXPECT_EQ(Json::parse(json.out)["records"][0]["id"], "DLP.Evidence.741");
  const CliResult unknown = run({"evidence", "show", "Oware"});
  EXPECT_EQ(unknown.code, 1);
  EXPECT_EQ(unknown.err, "mancala: " + db_ +
                             ": Oware: no evidence record or game of that name (see 'mancala "
                             "evidence games')\n");
}

// "today `evidence search --to 1929 --near 28.61,77.21 --radius-km 2000` silently leaves out
// Mawkar Katiya (Khasi, about 1,480 km from Delhi)"
TEST_F(SourcesAndPlaces, NearFindsRecordsPlacedOnlyByTheirRegion) {
  const CliResult r =
      run({"evidence", "search", "--to", "1929", "--near", "28.61,77.21", "--radius-km", "2000"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out,
            "id                 game           type         date                     location    "
            "                  board  confidence      km  position\n"
            "DLP.Evidence.1450  Khutka Boia    Ethnography  1925-10-01 - 1925-10-31  "
            "32°34'58.69\"N, 71°32'16.52\"E  2x5           100   699.7  exact\n"
            "DLP.Evidence.741   Mawkar Katiya  Ethnography  1923-06-01 - 1923-12-31  Khasi        "
            "                 2x7           100  1247.7  approximate: the region Khasi\n");
  // Khasi has an outline (the DLP's region): the distance is to its nearest edge (issue 23).
  // Toguz Kumalak's undated record lies within reach but not within the dates, and is counted.
  EXPECT_EQ(r.err, "2 records\n1 record without a date was left out by the date filter\n");
  // JSON keeps the records importable and gives the approximate positions beside them.
  const CliResult json = run({"evidence", "search", "--near", "28.61,77.21", "--radius-km", "2000",
                              "--to", "1929", "--format", "json"});
  const Json doc = Json::parse(json.out);
  EXPECT_EQ(doc["positions"]["DLP.Evidence.741"]["place"], "Khasi");
  EXPECT_EQ(doc["positions"]["DLP.Evidence.741"]["approximate"], true);
  EXPECT_EQ(doc["positions"]["DLP.Evidence.741"]["radius_km"], 100.0);
  EXPECT_FALSE(doc["positions"].contains("DLP.Evidence.1450"));
  write_text(dir_ / "again.json", json.out);
  EXPECT_EQ(run({"evidence", "import", dir_ / "again.json"}).code, 0);  // importable as it is
  // A region's outline counts: Iloko's outline (the DLP's) is 20.9 km from this point, though its
  // centre (Vigan) is 230 km away.
  EXPECT_EQ(ids({"--near", "15.5,120.4", "--radius-km", "22"}),
            std::vector<std::string>{"DLP.Evidence.693"});
  EXPECT_TRUE(ids({"--near", "15.5,120.4", "--radius-km", "20"}).empty());
}

// "Any record a place search cannot place is counted on stderr"
TEST_F(SourcesAndPlaces, RecordsWithoutAPositionAreCountedOnStderr) {
  write_text(dir_ / "unplaced.json", R"({"records": [
      {"id": "U.1", "game": "otep", "type": "Text", "location": "Somewhere", "sources": ["S."]},
      {"id": "U.2", "game": "otep", "type": "Text", "sources": ["S."]}]})");
  ASSERT_EQ(run({"evidence", "import", dir_ / "unplaced.json"}).code, 0);
  const CliResult r = run({"evidence", "search", "--near", "4.85,31.6", "--radius-km", "10"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.err, "1 record\n2 records without a position were not searched\n");
  const CliResult otep = run({"evidence", "search", "--game", "otep", "--type", "Ethnography",
                              "--near", "4.85,31.6", "--radius-km", "10"});
  EXPECT_EQ(otep.err, "1 record\n");  // the filters apply to the count too
}

// "Full-text search covers the location, the game and its aliases, and the sources"
TEST_F(SourcesAndPlaces, FullTextCoversLocationGameNamesAndSources) {
  EXPECT_EQ(ids({"Iloko"}), std::vector<std::string>{"DLP.Evidence.693"});
  EXPECT_EQ(ids({"Beaton"}), std::vector<std::string>{"DLP.Evidence.1880"});
  EXPECT_EQ(ids({"Kalaha"}), std::vector<std::string>{"MANCALA.Evidence.2"});  // an alias
  EXPECT_EQ(ids({"Agsinnonka"}), std::vector<std::string>{"DLP.Evidence.693"});
  EXPECT_EQ(ids({"Sudan Notes"}), std::vector<std::string>{"DLP.Evidence.1880"});
  // A game renamed later is found by its new alias: its records are indexed again.
  write_text(dir_ / "otep.json", R"({"games": [{"key": "otep", "name": "Otep",
      "aliases": ["Soro-variant"]}]})");
  ASSERT_EQ(run({"evidence", "import", dir_ / "otep.json"}).code, 0);
  EXPECT_EQ(ids({"Soro-variant"}), std::vector<std::string>{"DLP.Evidence.1880"});
}

// Issue 35, "Records say who rates what" and "Same game, said once": `evidence show` names the
// DLP's figure as the DLP's, keeps the author's own doubts, and names the same game's record in
// the DLP's collection; a search that finds one of the pair says so.
TEST_F(SourcesAndPlaces, ShowSaysWhoRatesAndNamesTheSameGamesOtherRecord) {
  const std::string shown = out_of({"evidence", "show", "DLP.Evidence.741"});
  EXPECT_NE(shown.find("\nDLP confidence   100\n"), std::string::npos) << shown;
  EXPECT_EQ(shown.find("\nconfidence "), std::string::npos) << shown;
  EXPECT_NE(shown.find("\nauthor's doubts  \"It is clear that the rules of the game are a little "
                       "complicated"),
            std::string::npos)
      << shown;
  EXPECT_NE(shown.find("\nsame game        DLP.Ruleset.431 (another record of this game)\n"),
            std::string::npos)
      << shown;
  // The curated records have their boards now: Beaton's is found by its board.
  const CliResult found = run({"evidence", "search", "--rows", "4", "--holes", "8"});
  EXPECT_EQ(found.code, 0) << found.err;
  EXPECT_NE(found.out.find("DLP.Evidence.1880"), std::string::npos) << found.out;
  EXPECT_EQ(found.err, "1 record\n");  // its pair is not in this archive
}

}  // namespace
}  // namespace mancala::archive
