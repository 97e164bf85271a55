// Issue 23: the archive holds the Digital Ludeme Project's 249 sowing games, placed, dated and
// cited, beside the six curated seed records, which stay authoritative; searches by board, by
// place (a region's polygon, not a circle), by date (undated records counted) and by text
// (stemmed, descriptions included); `evidence similar`; suggestions for unknown names (issue 27).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "archive/geo.h"
#include "archive/record.h"
#include "archive/schema.h"
#include "archive/store.h"
#include "archive_test_util.h"
#include "common/paths.h"
#include "common/suggest.h"

namespace mancala::archive {
namespace {

using testing::TempDir;

// The whole of data/evidence (seeds and DLP) with data/places, imported once for the suite.
class DlpArchive : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir();
    db_ = new std::string(*dir_ / "a.db");
    ImportBatch batch;
    read_evidence_paths({(data_dir() / "evidence").string()}, batch);
    for (const Place& p : read_places_file((data_dir() / "places" / "places.json").string()))
      batch.places.push_back(p);
    for (const Place& p : read_places_file((data_dir() / "places" / "dlp_places.json").string()))
      batch.places.push_back(p);
    Store store = Store::open(*db_);
    store.import(batch);
  }
  static void TearDownTestSuite() {
    delete db_;
    delete dir_;
  }
  static Store store() { return Store::open(*db_, Store::Mode::kReadOnly); }
  // "" when records a and b are both found, on adjacent rows (either first); else what is wrong.
  static std::string adjacent(const std::vector<SearchHit>& hits, const std::string& a,
                              const std::string& b) {
    std::vector<std::string> order;
    for (const SearchHit& h : hits) order.push_back(h.record.id);
    const auto ia = std::find(order.begin(), order.end(), a);
    const auto ib = std::find(order.begin(), order.end(), b);
    if (ia == order.end() || ib == order.end()) return "not both found";
    const auto gap = ia < ib ? ib - ia : ia - ib;
    return gap == 1 ? "" : std::to_string(gap - 1) + " rows between them";
  }
  static std::set<std::string> ids(const std::vector<SearchHit>& hits) {
    std::set<std::string> out;
    for (const SearchHit& h : hits) out.insert(h.record.id);
    return out;
  }
  static TempDir* dir_;
  static std::string* db_;
};
TempDir* DlpArchive::dir_ = nullptr;
std::string* DlpArchive::db_ = nullptr;

// "`mancala evidence import data/evidence` brings in the seed records and the 249 DLP sowing
// games; at least 180 placed and dated"
TEST_F(DlpArchive, ImportsTheSeedsAndThe249SowingGamesMostPlacedAndDated) {
  Store s = store();
  const std::vector<SearchHit> all = s.search(SearchQuery{});
  EXPECT_EQ(all.size(), 255u);
  size_t dlp = 0, placed = 0, dated = 0;
  for (const SearchHit& h : all) {
    if (h.record.type != "Secondary description") continue;
    ++dlp;
    placed += h.place || h.record.latitude ? 1 : 0;
    dated += h.record.date_from ? 1 : 0;
  }
  EXPECT_EQ(dlp, 249u);
  EXPECT_GE(placed, 180u);
  EXPECT_GE(dated, 180u);
}

// "The six curated records keep their ids and content; the DLP descriptions of the same games
// are linked to the same game key as further records, never merged into or over them."
TEST_F(DlpArchive, TheSeedRecordsStayAsTheyAreAndTheDlpDescriptionsJoinTheirGames) {
  Store s = store();
  for (const char* file :
       {"otep", "sonka", "khutka_boia", "mawkar_katiya", "toguz_kumalak", "kalah"}) {
    ImportBatch seed;
    read_evidence_paths({(data_dir() / "evidence" / (std::string(file) + ".json")).string()}, seed);
    ASSERT_EQ(seed.records.size(), 1u);
    EvidenceRecord expected = seed.records[0];
    const EvidenceRecord stored = s.get(expected.id).value();
    expected.game = stored.game;  // stored as the key
    EXPECT_EQ(stored, expected) << file;
    SearchQuery q;
    q.game = file;
    const std::vector<SearchHit> hits = s.search(q);
    ASSERT_EQ(hits.size(), 2u) << file;
    size_t descriptions = 0;
    for (const SearchHit& h : hits) descriptions += h.record.type == "Secondary description";
    EXPECT_EQ(descriptions, 1u) << file;
  }
  // The game keeps the seed's name; the DLP adds its aliases and ruleset id.
  const Game otep = s.find_game("otep").value();
  EXPECT_EQ(otep.name, "Otep");
  EXPECT_EQ(otep.dlp_ruleset, 1283);
  EXPECT_NE(std::find(otep.aliases.begin(), otep.aliases.end(), "Soro"), otep.aliases.end());
  const Game kalah = s.find_game("Kalaha").value();
  EXPECT_EQ(kalah.key, "kalah");
  EXPECT_TRUE(kalah.dlp_ruleset.has_value());  // given by the DLP only
}

TEST(DlpGames, ADescriptionCannotRenameASeedGame) {
  ImportBatch batch;
  read_evidence_text(R"({"games": [{"key": "otep", "name": "Otep"}]})", "seed.json", batch);
  EXPECT_THROW(
      {
        try {
          read_evidence_text(R"({"games": [{"key": "otep", "name": "Soro game"}]})", "dlp.json",
                             batch);
        } catch (const ArchiveError& e) {
          EXPECT_STREQ(e.what(),
                       "dlp.json: games[0] (otep): game key 'otep' declared again with another "
                       "name (first in seed.json: games[0] (otep))");
          throw;
        }
      },
      ArchiveError);
}

// "so that `Soro` finds Otep": an alias three Bari games share names all three.
TEST_F(DlpArchive, AnAliasSeveralGamesShareNamesThemAll) {
  Store s = store();
  std::vector<std::string> keys;
  for (const Game& g : s.find_games("soro")) keys.push_back(g.key);
  EXPECT_EQ(keys, (std::vector<std::string>{"lobudok", "otep", "ryakati"}));
  EXPECT_FALSE(s.find_game("Soro").has_value());  // not one game
  SearchQuery q;
  q.game = "Soro";
  EXPECT_EQ(s.search(q).size(), 4u);  // Otep's two records, Lobudok's and Ryakati's
  q = {};
  q.text = "Soro";
  EXPECT_TRUE(ids(s.search(q)).contains("DLP.Evidence.1880"));  // the seed, by its game's names
}

// "by board (`evidence search --rows 4 --holes 8`)"
TEST_F(DlpArchive, SearchByBoard) {
  Store s = store();
  SearchQuery q;
  q.rows = 4;
  q.holes = 8;
  const std::vector<SearchHit> hits = s.search(q);
  EXPECT_EQ(hits.size(), 40u);
  for (const SearchHit& h : hits) {
    EXPECT_EQ(h.record.board.rows, 4);
    EXPECT_EQ(h.record.board.holes_per_row, 8);
  }
  EXPECT_TRUE(ids(hits).contains("DLP.Ruleset.1283"));  // Otep, read from its code
  // Issue 35: "evidence search --rows 4 --holes 8 ... misses Beaton's record DLP.Evidence.1880":
  // the curated record has its board now, and names the DLP's entry as the same game.
  EXPECT_TRUE(ids(hits).contains("DLP.Evidence.1880"));
  EXPECT_EQ(s.get("DLP.Evidence.1880")->see_also, std::vector<std::string>{"DLP.Ruleset.1283"});
  EXPECT_EQ(s.see_also_of("DLP.Ruleset.1283"), std::vector<std::string>{"DLP.Evidence.1880"});
  // Item 7, "searches show the pair together": the DLP's entry comes right after the curated
  // record (by date, Ryakati's DLP.Ruleset.1282 would stand between them).
  EXPECT_EQ(adjacent(hits, "DLP.Evidence.1880", "DLP.Ruleset.1283"), "");
  EXPECT_TRUE(ids(hits).contains("DLP.Ruleset.1282"));
}

// Issue 35, item 7: "the curated seed records get their boards": Kalah's record
// (MANCALA.Evidence.2) is a 2x6 board with two stores and four counters a hole, found by a board
// search next to the DLP's Kalah (DLP.Ruleset.68) it names as the same game.
TEST_F(DlpArchive, KalahsCuratedRecordHasItsBoard) {
  Store s = store();
  const EvidenceRecord kalah = s.get("MANCALA.Evidence.2").value();
  EXPECT_EQ(kalah.board.rows, 2);
  EXPECT_EQ(kalah.board.holes_per_row, 6);
  EXPECT_EQ(kalah.board.stores, 2);
  EXPECT_EQ(kalah.board.counters_per_hole, 4);
  EXPECT_EQ(kalah.see_also, std::vector<std::string>{"DLP.Ruleset.68"});
  SearchQuery q;
  q.rows = 2;
  q.holes = 6;
  EXPECT_EQ(adjacent(s.search(q), "MANCALA.Evidence.2", "DLP.Ruleset.68"), "");
}

// "today a 1,900 km circle for Central Asia makes `--near` Delhi within 50 km return Toguz
// Kumalak": a region with a polygon is tested by its polygon.
TEST_F(DlpArchive, APointSearchTestsARegionsOutlineNotACircle) {
  Store s = store();
  SearchQuery q;
  q.near_latitude = 28.61;
  q.near_longitude = 77.21;
  q.radius_km = 50;
  const std::set<std::string> found = ids(s.search(q));
  EXPECT_FALSE(found.contains("MANCALA.Evidence.1"));
  EXPECT_TRUE(found.contains("DLP.Ruleset.940"));  // Pachgarhwa: India, around Delhi
}

// "`--near` also takes a place name; with no `--radius-km` the area is the place itself"
TEST_F(DlpArchive, APlaceSearchFindsWhatLiesInThePlace) {
  Store s = store();
  SearchQuery q;
  q.near_place = "East Africa";
  std::set<std::string> found = ids(s.search(q));
  EXPECT_TRUE(found.contains("DLP.Ruleset.262"));   // Zanzibar: a region inside
  EXPECT_TRUE(found.contains("DLP.Ruleset.1310"));  // Njombwa: East Africa itself
  EXPECT_TRUE(found.contains("DLP.Ruleset.1283"));  // Otep: South Sudan is Eastern Africa
  EXPECT_FALSE(found.contains("DLP.Ruleset.30"));   // Ako Okwe: West Africa
  for (const SearchHit& h : s.search(q)) EXPECT_EQ(h.distance_km, 0.0) << h.record.id;
  // A place inside a larger region does not hold that region's records.
  q.near_place = "Kenya";
  found = ids(s.search(q));
  EXPECT_FALSE(found.contains("DLP.Ruleset.1310"));
  // An uncertain origin ("Russia? Iran?") is found in either candidate.
  q.near_place = "Turkmenistan";
  q.radius_km = 200;
  EXPECT_TRUE(ids(s.search(q)).contains("DLP.Ruleset.66"));  // Das Bohnenspiel, Iran is near
  q.radius_km.reset();
  q.near_place = "Zanzibar";
  EXPECT_TRUE(ids(s.search(q)).contains("DLP.Ruleset.127"));  // Hawalis: "Oman? Zanzibar?"
}

TEST_F(DlpArchive, AnUnknownPlaceOrGameSuggestsTheNearestNames) {
  Store s = store();
  SearchQuery q;
  q.near_place = "Est Africa";
  try {
    s.search(q);
    ADD_FAILURE() << "no error";
  } catch (const ArchiveError& e) {
    EXPECT_EQ(std::string(e.what()),
              *db_ +
                  ": no place 'Est Africa' in the archive; did you mean East Africa, West Africa "
                  "or SW Africa? (see 'mancala evidence places')");
  }
  EXPECT_EQ(s.unknown_game_message("khutka_boya"),
            "no game 'khutka_boya' in the archive; did you mean khutka_boia? (see 'mancala "
            "evidence games')");
  EXPECT_EQ(s.unknown_game_message("zzzzzzzz"),
            "no game 'zzzzzzzz' in the archive (see 'mancala evidence games')");
}

// "Undated records are counted when a date filter drops them, as unplaced ones are for place
// searches."
TEST_F(DlpArchive, ADateSearchCountsTheUndatedRecordsItLeftOut) {
  Store s = store();
  SearchQuery q;
  q.to_year = 1950;
  q.rows = 4;
  SearchCounts counts;
  const std::vector<SearchHit> hits = s.search(q, &counts);
  SearchQuery all;
  all.rows = 4;
  size_t undated = 0;
  for (const SearchHit& h : s.search(all)) undated += h.record.date_from ? 0 : 1;
  EXPECT_EQ(counts.undated, static_cast<int64_t>(undated));
  EXPECT_GT(undated, 0u);
  for (const SearchHit& h : hits) EXPECT_LE(h.record.date_from->year, 1950);  // overlaps ..1950
}

// "the FTS index covers descriptions, rules, aliases, sources, places"; "'fours' finds the
// records about fours (stemming)"
TEST_F(DlpArchive, TheFullTextIndexStemsAndCoversDescriptions) {
  Store s = store();
  SearchQuery q;
  q.text = "fours";
  const std::set<std::string> fours = ids(s.search(q));
  q.text = "four";
  EXPECT_EQ(ids(s.search(q)), fours);
  q.text = "Bugi";  // only in A'galacangeng's description
  EXPECT_EQ(ids(s.search(q)), (std::set<std::string>{"DLP.Game.a_galacangeng"}));
  q.text = "Pankhurst";  // a source
  EXPECT_GT(s.search(q).size(), 20u);
}

// "`evidence similar GAME`: the nearest games by board facts, place and date, each with the
// reason"
TEST_F(DlpArchive, SimilarGamesComeWithTheirReasons) {
  Store s = store();
  const std::vector<SimilarGame> near = s.similar("Otep", 3);
  ASSERT_EQ(near.size(), 3u);
  std::set<std::string> names;
  for (const SimilarGame& g : near) names.insert(g.game.name);
  EXPECT_TRUE(names.contains("Lobudok"));
  EXPECT_TRUE(names.contains("Ryakati"));
  // Issue 39, item 4: "so `evidence similar otep` ranks Ryakati first": Beaton says Otep is set
  // out as Ryakati, and the two match on board, counters, place and date; Lobudok's counters are
  // not known. Otep's place is its curated record's (Bari, within South Sudan).
  EXPECT_EQ(near[0].game.name, "Ryakati");
  EXPECT_EQ(near[0].reason,
            "Beaton 1939 (DLP.Evidence.1880): \"set out in the same way as for Ryakati\"; same "
            "board 4x8, 2 counters a hole as well, overlapping places (South Sudan), overlapping "
            "dates");
  EXPECT_DOUBLE_EQ(near[0].score, -4);
  EXPECT_EQ(near[1].game.name, "Lobudok");
  EXPECT_EQ(near[1].reason, "same board 4x8, overlapping places (South Sudan), overlapping dates");
  EXPECT_DOUBLE_EQ(near[1].score, 0.05);             // its counters not known
  EXPECT_THROW(s.similar("Soro", 3), ArchiveError);  // three games
}

// "Schema additions ... with a proper migration": a version 2 archive with records migrates.
TEST(SchemaMigration, AVersionTwoArchiveMigratesToVersionThree) {
  TempDir dir;
  const std::string db = dir / "v2.db";
  {
    Store store = Store::open(db);
    ImportBatch batch;
    read_evidence_paths({(data_dir() / "evidence" / "otep.json").string()}, batch);
    store.import(batch);
  }
  // Back to version 2 by hand: the version 3 and 4 columns and tables as version 2 had them.
  testing::raw_sql(
      db,
      "DROP TABLE playtests; DROP TABLE evidence_fts; CREATE VIRTUAL TABLE evidence_fts USING "
      "fts5(rules, "
      "content, location, game, sources, tokenize='unicode61 remove_diacritics 2');"
      "INSERT INTO evidence_fts(rowid, rules, content, location, game, sources) "
      "SELECT rid, rules, content, location, 'otep', '' FROM evidence;"
      "DROP INDEX evidence_by_board;"
      "ALTER TABLE evidence DROP COLUMN description; ALTER TABLE evidence DROP COLUMN "
      "origin; ALTER TABLE evidence DROP COLUMN classification; ALTER TABLE evidence "
      "DROP COLUMN board; ALTER TABLE evidence DROP COLUMN board_rows; ALTER TABLE "
      "evidence DROP COLUMN board_holes; ALTER TABLE evidence DROP COLUMN dlp_ruleset; "
      "ALTER TABLE evidence DROP COLUMN portal_url; ALTER TABLE evidence DROP COLUMN "
      "accessed; ALTER TABLE evidence DROP COLUMN credit; ALTER TABLE evidence DROP "
      "COLUMN dlp_variants; ALTER TABLE places DROP COLUMN kind; ALTER TABLE places "
      "DROP COLUMN polygon; ALTER TABLE places DROP COLUMN candidates; ALTER TABLE "
      "places DROP COLUMN aliases;"
      "CREATE TABLE game_names_2 (folded TEXT PRIMARY KEY, game_key TEXT NOT NULL, "
      "spelling TEXT NOT NULL); INSERT INTO game_names_2 SELECT folded, game_key, "
      "spelling FROM game_names; DROP TABLE game_names; ALTER TABLE game_names_2 "
      "RENAME TO game_names; ALTER TABLE sources DROP COLUMN same_work; ALTER TABLE evidence "
      "DROP COLUMN author_doubts; ALTER TABLE evidence DROP COLUMN see_also; "
      "ALTER TABLE places DROP COLUMN history; PRAGMA user_version = 2;");
  EXPECT_EQ(testing::raw_text(db, "PRAGMA user_version"), "2");
  EXPECT_THROW(Store::open(db, Store::Mode::kReadOnly), ArchiveError);  // readers refuse it
  Store store = Store::open(db);                                        // migrates
  EXPECT_EQ(store.schema_version(), kSchemaVersion);
  EXPECT_EQ(store.get("DLP.Evidence.1880")->location, "Bari");
  SearchQuery q;
  q.text = "counters";  // the rebuilt index stems: "counter" finds "counters"
  const std::vector<SearchHit> plural = store.search(q);
  q.text = "counter";
  EXPECT_EQ(store.search(q).size(), plural.size());
  EXPECT_EQ(plural.size(), 1u);
  EXPECT_EQ(store.find_game("Otep")->key, "otep");
}

TEST(Geo, APointIsInsideAnOutlineAcrossTheAntimeridian) {
  // A square from 170 E to 190 E (170 W), written unwrapped.
  const GeoArea a = make_area(parse_rings({"170,0 190,0 190,10 170,10"}), 5, 180, 0);
  EXPECT_TRUE(area_contains(a, 5, 175));
  EXPECT_TRUE(area_contains(a, 5, -175));  // 185 E
  EXPECT_FALSE(area_contains(a, 5, 160));
  EXPECT_EQ(distance_to_area_km(a, 5, -175), 0);
  // One degree of latitude south of the square: about 111 km.
  EXPECT_NEAR(distance_to_area_km(a, -1, 175), 111.2, 0.5);
  // A hole (even-odd) is outside.
  const GeoArea holed = make_area(parse_rings({"0,0 10,0 10,10 0,10", "4,4 6,4 6,6 4,6"}), 0, 0, 0);
  EXPECT_FALSE(area_contains(holed, 5, 5));
  EXPECT_TRUE(area_contains(holed, 2, 2));
  EXPECT_THROW(parse_rings({"1,2 3,4"}), ArchiveError);
  EXPECT_THROW(parse_rings({"1,2 3,x 5,6"}), ArchiveError);
}

// "Its distance to the place is that to the outline's nearest edge": the runs of edges that
// make_area bounds (GeoArea::edge_runs) only skip edges that cannot be nearer, so every distance
// is the very same number as edge by edge, for every shipped outline, from points all over the
// globe and between the outlines.
TEST(Geo, TheRunsOfEdgesChangeNoDistanceToAnyShippedOutline) {
  std::vector<GeoArea> runs, edges;
  for (const char* file : {"places.json", "dlp_places.json"}) {
    for (const Place& p : read_places_file((data_dir() / "places" / file).string())) {
      if (p.polygon.empty()) continue;
      runs.push_back(make_area(parse_rings(p.polygon), p.latitude, p.longitude, p.radius_km));
      edges.push_back(runs.back());
      edges.back().edge_runs.clear();
    }
  }
  ASSERT_GE(runs.size(), 90u);
  size_t with_runs = 0, compared = 0;
  for (size_t a = 0; a < runs.size(); ++a) {
    with_runs += runs[a].edge_runs.empty() ? 0 : 1;
    for (double lat = -85; lat <= 85; lat += 17) {
      for (double lon = -180; lon < 180; lon += 23.5) {
        ASSERT_EQ(distance_to_area_km(runs[a], lat, lon), distance_to_area_km(edges[a], lat, lon))
            << "place " << a << " from " << lat << ", " << lon;
        ++compared;
      }
    }
    // Between outlines: each with the next few (neighbours in the file are often neighbours).
    for (size_t b = a + 1; b < std::min(runs.size(), a + 4); ++b) {
      ASSERT_EQ(distance_between_areas_km(runs[a], runs[b]),
                distance_between_areas_km(edges[a], edges[b]))
          << "places " << a << " and " << b;
      ++compared;
    }
  }
  EXPECT_GE(with_runs, runs.size() / 2);
  EXPECT_GE(compared, 15000u);
}

TEST(Suggest, TheNearestSpellingsComeFirst) {
  EXPECT_EQ(nearest_spellings("khutka boya", {"Otep", "Khutka Boia", "Kalah"}),
            std::vector<std::string>{"Khutka Boia"});
  EXPECT_EQ(did_you_mean("Sonk", {"Sonka", "Sungka", "Otep"}), "; did you mean Sonka?");
  EXPECT_EQ(did_you_mean("Otap", {"Kalah", "Otep", "Otop"}), "; did you mean Otep or Otop?");
  EXPECT_EQ(did_you_mean("Zzzzzz", {"Sonka"}), "");
}

}  // namespace
}  // namespace mancala::archive

namespace mancala::archive {
namespace {}  // namespace
}  // namespace mancala::archive
