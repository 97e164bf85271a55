// The SQLite store: schema and migrations, idempotent imports, game look-ups, every search
// filter, ruleset links, stored runs, refusing files that are not ours, and two writers.
#include "archive/store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <thread>

#include "archive/listing.h"
#include "archive_test_util.h"
#include "common/text.h"

namespace mancala::archive {
namespace {

using testing::raw_sql;
using testing::raw_text;
using testing::read_text;
using testing::TempDir;
using testing::write_text;

std::vector<std::string> ids(const std::vector<SearchHit>& hits) {
  std::vector<std::string> out;
  for (const SearchHit& h : hits) out.push_back(h.record.id);
  return out;
}

std::string open_error(const std::string& path, Store::Mode mode = Store::Mode::kCreate) {
  return test_support::thrown_message<ArchiveError>([&] { Store::open(path, mode); }, "(no error)");
}

// True when `text` has the shape of `pattern`, where 'd' stands for any digit.
bool matches_shape(const std::string& text, const std::string& pattern) {
  if (text.size() != pattern.size()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    const bool ok = pattern[i] == 'd' ? (text[i] >= '0' && text[i] <= '9') : text[i] == pattern[i];
    if (!ok) return false;
  }
  return true;
}

EvidenceRecord make_record(const std::string& id, const std::string& game) {
  EvidenceRecord r;
  r.id = id;
  r.game = game;
  r.type = "Ethnography";
  return r;
}

ImportBatch batch_of(const std::vector<EvidenceRecord>& records,
                     const std::vector<Game>& games = {}) {
  ImportBatch b;
  for (size_t i = 0; i < games.size(); ++i)
    b.add(games[i], Origin{"test.json", item_label("games", i, games[i].key)});
  for (size_t i = 0; i < records.size(); ++i) {
    b.add(records[i], Origin{"test.json", item_label("records", i, records[i].id)});
  }
  return b;
}

ImportBatch seed_batch() {
  ImportBatch b;
  read_evidence_paths({testing::seed_evidence_dir()}, b);
  return b;
}

// Three records that each filter tells apart (see SearchFixture).
class SearchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    EvidenceRecord a = make_record("T.1", "Otep");
    a.type = "Artifact";
    a.date_from = HistoricalDate{-2592, 1, 1};
    a.date_to = HistoricalDate{-2500, 12, 31};
    a.latitude = 30.0;
    a.longitude = 31.0;
    a.confidence = 40;
    a.rules = "Sowing goes anti-clockwise from any hole.";
    a.content = "A board cut in limestone.";
    EvidenceRecord b = make_record("T.2", "Sonka");
    b.date_from = HistoricalDate{-1400, 0, 0};
    b.date_to = HistoricalDate{-1300, 0, 0};
    b.latitude = -33.87;
    b.longitude = 151.21;
    b.confidence = 90;
    b.rules = "Relay sowing; captures go home.";
    b.content = "The pebbles are dropped into the home.";
    EvidenceRecord c = make_record("T.3", "sonka");
    c.type = "ethnography";
    c.date_from = HistoricalDate{1925, 10, 1};
    c.date_to = HistoricalDate{1925, 10, 31};
    c.rules = "Whoever has the most pebbles wins.";
    c.content = "Observed at a fair: a tuzdyk-like hole.";
    store_.import(batch_of({a, b, c}));
  }
  std::vector<std::string> find(const SearchQuery& q) { return ids(store_.search(q)); }

  TempDir dir_;
  Store store_ = Store::open(dir_ / "search.db");
};

TEST(StoreOpen, ANewFileGetsTheSchemaInWalMode) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  EXPECT_EQ(store.schema_version(), kSchemaVersion);
  EXPECT_EQ(raw_text(dir / "a.db", "PRAGMA journal_mode"), "wal");
  EXPECT_EQ(raw_text(dir / "a.db", "PRAGMA application_id"), std::to_string(kApplicationId));
  EXPECT_EQ(
      raw_text(dir / "a.db", "SELECT count(*) FROM sqlite_master WHERE name = 'evidence_fts'"),
      "1");
}

TEST(StoreOpen, ReopeningKeepsTheData) {
  TempDir dir;
  Store::open(dir / "a.db").import(seed_batch());
  Store again = Store::open(dir / "a.db", Store::Mode::kExisting);
  EXPECT_EQ(again.search({}).size(), 6u);
}

TEST(StoreOpen, AMissingFileIsAnErrorWhenTheArchiveMustExist) {
  TempDir dir;
  EXPECT_EQ(open_error(dir / "none.db", Store::Mode::kExisting),
            dir / "none.db" + ": no archive here (create it with 'mancala evidence import')");
  EXPECT_FALSE(std::filesystem::exists(dir / "none.db"));
  EXPECT_EQ(open_error(dir.path().string()), dir.path().string() + ": is a folder, not an archive");
}

// The names in `dir`, sorted.
std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// "--db /dev/null, as root, created /dev/null-journal in /dev, then failed with 'disk I/O
// error'": only a regular file (or a new one) reaches SQLite; a fifo or a device is refused by its
// name and kind, in every mode, and nothing is created beside it.
TEST(StoreOpen, AFifoOrADeviceIsRefusedBeforeSqliteCreatesAnythingBesideIt) {
  TempDir dir;
  const std::string fifo = dir / "runs.db";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(open_error(fifo), fifo + ": not an archive file (a fifo)");
  EXPECT_EQ(open_error(fifo, Store::Mode::kReadOnly), fifo + ": not an archive file (a fifo)");
  EXPECT_TRUE(std::filesystem::is_fifo(fifo));

  // The system's null device is only opened read-only, which creates nothing beside it even in a
  // build without the check; the device is created again in `dir` (as root) to be opened for
  // writing, so that no build can ever create a file in /dev.
  ASSERT_EQ(open_error("/dev/null", Store::Mode::kReadOnly),
            "/dev/null: not an archive file (a character device)");
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
  const std::string device = dir / "null";
  if (::geteuid() == 0 && ::mknod(device.c_str(), S_IFCHR | 0666, ::makedev(1, 3)) == 0) {
    EXPECT_EQ(open_error(device), device + ": not an archive file (a character device)");
    EXPECT_TRUE(std::filesystem::is_character_file(device));
  }
  std::vector<std::string> expected = {"runs.db"};
  if (std::filesystem::exists(device)) expected.insert(expected.begin(), "null");
  EXPECT_EQ(names_in(dir.path().string()), expected);
}

TEST(StoreOpen, AnArchiveInAFolderThatDoesNotExistNamesTheFolderAndCreatesNothing) {
  TempDir dir;
  EXPECT_EQ(open_error(dir / "no/such/x.db"),
            dir / "no/such/x.db" + ": cannot open the archive: its folder " + dir / "no/such" +
                " does not exist (create it first)");
  write_text(dir / "notes.txt", "a file\n");
  EXPECT_EQ(open_error(dir / "notes.txt/x.db"),
            dir / "notes.txt/x.db" + ": cannot open the archive: " + dir / "notes.txt" +
                " is not a folder");
  EXPECT_EQ(names_in(dir.path().string()), std::vector<std::string>{"notes.txt"});
}

TEST(StoreOpen, ATextFileIsRefusedAndLeftAsItWas) {
  TempDir dir;
  write_text(dir / "notes.txt", "These are my notes, not a database.\n");
  EXPECT_EQ(open_error(dir / "notes.txt"),
            dir / "notes.txt" + ": not a mancala archive (not an SQLite database); left untouched");
  EXPECT_EQ(read_text(dir / "notes.txt"), "These are my notes, not a database.\n");
}

TEST(StoreOpen, AnotherSqliteDatabaseIsRefusedAndLeftAsItWas) {
  TempDir dir;
  raw_sql(dir / "other.db", "CREATE TABLE birds(name TEXT); INSERT INTO birds VALUES ('wren');");
  const std::string before = read_text(dir / "other.db");
  EXPECT_EQ(open_error(dir / "other.db"),
            dir / "other.db" +
                ": not a mancala archive (an SQLite database of another kind); left untouched");
  EXPECT_EQ(read_text(dir / "other.db"), before);
  EXPECT_EQ(raw_text(dir / "other.db", "PRAGMA journal_mode"), "delete");  // not switched to WAL
}

TEST(StoreOpen, ANewerSchemaIsRefusedAndLeftAsItWas) {
  TempDir dir;
  Store::open(dir / "a.db").import(seed_batch());
  raw_sql(dir / "a.db", "PRAGMA user_version = 7");
  const std::string before = read_text(dir / "a.db");
  EXPECT_EQ(
      open_error(dir / "a.db"),
      dir / "a.db" + ": schema version 7 is newer than this program's (6); use a newer mancala");
  EXPECT_EQ(read_text(dir / "a.db"), before);
}

// Issue 35: version 5 adds who says what (sources.same_work, evidence.author_doubts, see_also).
TEST(StoreOpen, AVersionFourArchiveMigratesKeepingItsRecords) {
  TempDir dir;
  Store::open(dir / "a.db").import(seed_batch());
  raw_sql(dir / "a.db",
          "ALTER TABLE sources DROP COLUMN same_work; ALTER TABLE evidence DROP COLUMN "
          "author_doubts; ALTER TABLE evidence DROP COLUMN see_also; ALTER TABLE places DROP "
          "COLUMN history; PRAGMA user_version = 4;");
  EXPECT_THROW(Store::open(dir / "a.db", Store::Mode::kReadOnly), ArchiveError);  // not yet
  Store store = Store::open(dir / "a.db");
  EXPECT_EQ(store.schema_version(), kSchemaVersion);
  const std::optional<EvidenceRecord> r = store.get("DLP.Evidence.1450");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->game, "khutka_boia");
  EXPECT_TRUE(r->see_also.empty());
  EXPECT_TRUE(r->author_doubts.empty());
  EXPECT_TRUE(store.same_work_sources().empty());
}

// Issue 39: version 6 adds a historical place's today's places and years (places.history); a
// version 5 archive migrates, its places none the worse, and the next import fills it in.
TEST(StoreOpen, AVersionFiveArchiveMigratesAndItsPlacesGainTheirHistory) {
  TempDir dir;
  ImportBatch batch = seed_batch();
  batch.places = read_places_folder((data_dir() / "places").string());
  Store::open(dir / "a.db").import(batch);
  raw_sql(dir / "a.db", "ALTER TABLE places DROP COLUMN history; PRAGMA user_version = 5;");
  {
    Store store = Store::open(dir / "a.db");
    EXPECT_EQ(store.schema_version(), 6);
    const std::optional<Place> sudan = store.find_place("Anglo-Egyptian Sudan");
    ASSERT_TRUE(sudan);
    EXPECT_TRUE(sudan->today.empty());  // not known until the places are imported again
    store.import(batch);
  }
  Store store = Store::open(dir / "a.db", Store::Mode::kReadOnly);
  const std::optional<Place> sudan = store.find_place("anglo egyptian sudan");
  ASSERT_TRUE(sudan);
  EXPECT_EQ(sudan->today, (std::vector<std::string>{"Sudan", "South Sudan"}));
  EXPECT_EQ(sudan->from_year, 1899);
  EXPECT_EQ(sudan->to_year, 1956);
  EXPECT_EQ(sudan->kind, "historical");
}

TEST(StoreOpen, ACorruptFileIsRefusedAndLeftAsItWas) {
  TempDir dir;
  Store::open(dir / "a.db").import(seed_batch());
  std::string bytes = read_text(dir / "a.db");
  ASSERT_GT(bytes.size(), 4096u);
  std::fill(bytes.begin() + 100, bytes.begin() + 400, '\xAB');  // the schema page after its header
  write_text(dir / "a.db", bytes);
  EXPECT_EQ(
      open_error(dir / "a.db"),
      dir / "a.db" + ": the archive is corrupt (database disk image is malformed); left untouched");
  EXPECT_EQ(read_text(dir / "a.db"), bytes);
}

TEST(StoreOpen, ADamagedPageAnywhereStopsTheFirstWriteAndLeavesTheFileAsItWas) {
  TempDir dir;
  {
    Store store = Store::open(dir / "a.db");
    store.import(seed_batch());
  }
  raw_sql(dir / "a.db", "PRAGMA wal_checkpoint(TRUNCATE)");
  std::string bytes = read_text(dir / "a.db");
  const size_t pages = bytes.size() / 4096;
  ASSERT_GE(pages, 8u);
  // The last page: not the schema page that opening reads, nor any page a new record touches.
  std::fill(bytes.end() - 4096, bytes.end(), '\xAB');
  write_text(dir / "a.db", bytes);
  ImportBatch one;
  EvidenceRecord record;
  record.id = "NEW.1";
  record.game = "otep";
  record.type = "Artifact";
  one.add(record, Origin{"new.json", "records[0] (NEW.1)"});
  try {
    Store::open(dir / "a.db").import(one);
    ADD_FAILURE() << "a damaged archive was written to";
  } catch (const ArchiveError& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with(dir / "a.db" + ": the archive is corrupt ("))
        << e.what();
    EXPECT_TRUE(std::string(e.what()).ends_with("); left untouched")) << e.what();
  }
  EXPECT_EQ(read_text(dir / "a.db"), bytes);
}

TEST(StoreOpen, AnOlderSchemaIsMigratedForward) {
  TempDir dir;
  raw_sql(dir / "old.db",
          "PRAGMA application_id = " + std::to_string(kApplicationId));  // user_version 0
  Store store = Store::open(dir / "old.db");
  EXPECT_EQ(store.schema_version(), kSchemaVersion);
  store.import(seed_batch());
  EXPECT_EQ(store.search({}).size(), 6u);
}

TEST(StoreImport, ReimportingUpdatesAndNeverDuplicates) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  ImportResult first = store.import(seed_batch());
  EXPECT_EQ(first.records_added, 6);
  EXPECT_EQ(first.games_added, 6);
  ImportResult second = store.import(seed_batch());
  EXPECT_EQ(second.records_added, 0);
  EXPECT_EQ(second.records_updated, 0);
  EXPECT_EQ(second.records_unchanged, 6);
  EXPECT_EQ(second.games_added + second.games_updated, 0);

  EvidenceRecord changed = *store.get("DLP.Evidence.1880");
  changed.confidence = 80;
  changed.sources.push_back("A second citation.");
  ImportResult third = store.import(batch_of({changed}));
  EXPECT_EQ(third.records_updated, 1);
  EXPECT_EQ(store.search({}).size(), 6u);
  EXPECT_EQ(*store.get("DLP.Evidence.1880"), changed);
  EXPECT_EQ(store.summary().sources, 7);
  EXPECT_EQ(store.search({.text = "Ryakati"}).size(), 1u);  // the full-text index follows updates
}

TEST(StoreImport, StoredRecordsReadBackWhole) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  const ImportBatch batch = seed_batch();
  store.import(batch);
  for (const EvidenceRecord& r : batch.records) {
    SCOPED_TRACE(r.id);
    EXPECT_EQ(*store.get(r.id), r);  // the seed files already use game keys
  }
  EXPECT_FALSE(store.get("DLP.Evidence.0"));
}

TEST(StoreImport, EveryFieldSurvivesTheDatabase) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  EvidenceRecord r = make_record("X.1", "otep");
  r.location = "Juba";
  r.latitude = -4.85;
  r.longitude = 31.6;
  r.date_from = HistoricalDate{-2592, 1, 0};
  r.date_to = HistoricalDate{1939, 12, 31};
  r.rules = "Rules with \"quotes\" and a\nnew line.";
  r.content = "Toğızqumalaq Тоғызқұмалақ";
  r.confidence = 0;
  r.spaces = {"Outside", "Public"};
  r.ages = {"Adults"};
  r.social_status = {"Elite"};
  r.genders = {"Female", "Male"};
  r.sources = {"B. Second.", "A. First."};
  r.notes = "A note.";
  store.import(batch_of({r}));
  EXPECT_EQ(*store.get("X.1"), r);
}

TEST(StoreGames, LookupsAcceptKeyNameOrAliasInAnyCase) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  store.import(seed_batch());
  for (const char* name :
       {"toguz_kumalak", "Toguz Kumalak", "TOGUZ KUMALAK", "togyz kumalak", "Toguz Korgool",
        "toğızqumalaq", "Тоғызқұмалақ", "ТОҒЫЗҚҰМАЛАҚ", "toguz-kumalak"}) {
    SCOPED_TRACE(name);
    const auto game = store.find_game(name);
    ASSERT_TRUE(game);
    EXPECT_EQ(game->key, "toguz_kumalak");
    EXPECT_EQ(game->name, "Toguz Kumalak");
    EXPECT_EQ(game->dlp_ruleset, 282);
  }
  EXPECT_EQ(store.find_game("MAWKAR-KATYA")->key, "mawkar_katiya");
  EXPECT_EQ(store.find_game("Kutka Boia")->key, "khutka_boia");
  EXPECT_FALSE(store.find_game("chess"));
  EXPECT_EQ(store.games().size(), 6u);
}

TEST(StoreGames, ARecordNamingAGameByNameIsStoredUnderItsKey) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  store.import(seed_batch());
  store.import(batch_of({make_record("X.1", "Togyz Kumalak"), make_record("X.2", "KHUTKA BOIA")}));
  EXPECT_EQ(store.get("X.1")->game, "toguz_kumalak");
  EXPECT_EQ(store.get("X.2")->game, "khutka_boia");
  EXPECT_EQ(store.games().size(), 6u);
}

TEST(StoreGames, AGameMadeUpFromARecordIsMergedWhenDeclared) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  store.import(batch_of({make_record("X.1", "Togyz Kumalak")}));
  EXPECT_EQ(store.get("X.1")->game, "togyz_kumalak");
  store.import(seed_batch());
  EXPECT_EQ(store.get("X.1")->game, "toguz_kumalak");
  EXPECT_FALSE(store.find_game("togyz_kumalak")->key != "toguz_kumalak");
  EXPECT_EQ(store.games().size(), 6u);
}

TEST(StoreGames, TwoDeclaredGamesCannotShareASpellingAndNothingIsWritten) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  store.import(seed_batch());
  Game clash{"otep_variant", "Otep Variant", {"OTEP"}, std::nullopt};
  try {
    store.import(batch_of({make_record("X.1", "otep")}, {clash}));
    FAIL() << "no error";
  } catch (const ArchiveError& e) {
    EXPECT_STREQ(e.what(),
                 "test.json: games[0] (otep_variant): name 'OTEP' already names game 'otep'");
  }
  EXPECT_FALSE(store.get("X.1"));
  EXPECT_FALSE(store.find_game("otep_variant"));
}

TEST_F(SearchTest, NoFilterListsAllByDate) {
  EXPECT_EQ(find({}), (std::vector<std::string>{"T.1", "T.2", "T.3"}));
}

TEST_F(SearchTest, FullTextOverRulesAndContent) {
  EXPECT_EQ(find({.text = "pebbles"}), (std::vector<std::string>{"T.2", "T.3"}));
  EXPECT_EQ(find({.text = "limestone"}), (std::vector<std::string>{"T.1"}));  // content
  EXPECT_EQ(find({.text = "anti-clockwise"}), (std::vector<std::string>{"T.1"}));
  EXPECT_EQ(find({.text = "PEBBLES home"}), (std::vector<std::string>{"T.2"}));  // all words
  EXPECT_EQ(find({.text = "limestone OR fair"}), (std::vector<std::string>{"T.1", "T.3"}));
  EXPECT_EQ(find({.text = "pebb*"}).size(), 2u);
  EXPECT_EQ(find({.text = "\"most pebbles\""}), (std::vector<std::string>{"T.3"}));
  EXPECT_EQ(find({.text = "tuzdyk"}), (std::vector<std::string>{"T.3"}));
  EXPECT_TRUE(find({.text = "chess"}).empty());
}

TEST_F(SearchTest, GameFilterTakesAnySpelling) {
  EXPECT_EQ(find({.game = "SONKA"}), (std::vector<std::string>{"T.2", "T.3"}));
  EXPECT_EQ(find({.game = "otep"}), (std::vector<std::string>{"T.1"}));
  try {
    find({.game = "chess"});
    FAIL() << "no error";
  } catch (const ArchiveError& e) {
    EXPECT_EQ(
        std::string(e.what()),
        dir_ / "search.db" + ": no game 'chess' in the archive (see 'mancala evidence games')");
  }
}

TEST_F(SearchTest, TypeFilterIgnoresCase) {
  EXPECT_EQ(find({.type = "ETHNOGRAPHY"}), (std::vector<std::string>{"T.2", "T.3"}));
  EXPECT_EQ(find({.type = "artifact"}), (std::vector<std::string>{"T.1"}));
}

TEST_F(SearchTest, DateFilterKeepsOverlappingRanges) {
  EXPECT_EQ(find({.from_year = -2550, .to_year = -2400}), (std::vector<std::string>{"T.1"}));
  EXPECT_EQ(find({.to_year = -2592}), (std::vector<std::string>{"T.1"}));  // touches its first year
  EXPECT_EQ(find({.from_year = -2500}),
            (std::vector<std::string>{"T.1", "T.2", "T.3"}));  // its last year
  EXPECT_EQ(find({.from_year = -2499}), (std::vector<std::string>{"T.2", "T.3"}));
  EXPECT_EQ(find({.from_year = -1350, .to_year = -1}), (std::vector<std::string>{"T.2"}));
  EXPECT_EQ(find({.from_year = 1925, .to_year = 1925}), (std::vector<std::string>{"T.3"}));
  EXPECT_TRUE(find({.from_year = 1, .to_year = 1924}).empty());
  EXPECT_TRUE(find({.from_year = 1926}).empty());
}

TEST_F(SearchTest, NearFilterUsesGreatCircleDistance) {
  // T.1 is at 30N 31E; one degree of longitude there is 111.195 * cos(30°) = 96.30 km.
  std::vector<SearchHit> hits =
      store_.search({.near_latitude = 30.0, .near_longitude = 32.0, .radius_km = 96.4});
  ASSERT_EQ(ids(hits), std::vector<std::string>{"T.1"});
  EXPECT_NEAR(*hits[0].distance_km, 96.29, 0.01);
  EXPECT_TRUE(find({.near_latitude = 30.0, .near_longitude = 32.0, .radius_km = 96.2}).empty());
  EXPECT_EQ(find({.near_latitude = -33.87, .near_longitude = 151.21, .radius_km = 0}),
            std::vector<std::string>{"T.2"});
  EXPECT_EQ(find({.near_latitude = 0.0, .near_longitude = 90.0, .radius_km = 20000}),
            (std::vector<std::string>{"T.1", "T.2"}));  // nearest first; T.3 has no coordinates
}

TEST_F(SearchTest, MinimumConfidenceLeavesOutRecordsWithout) {
  EXPECT_EQ(find({.min_confidence = 50}), std::vector<std::string>{"T.2"});
  EXPECT_EQ(find({.min_confidence = 40}), (std::vector<std::string>{"T.1", "T.2"}));
  EXPECT_EQ(find({.min_confidence = 0}), (std::vector<std::string>{"T.1", "T.2"}));
}

TEST_F(SearchTest, FiltersCombine) {
  EXPECT_EQ(find({.text = "pebbles", .game = "sonka", .from_year = 1900}),
            std::vector<std::string>{"T.3"});
  EXPECT_TRUE(find({.text = "limestone", .min_confidence = 41}).empty());
  EXPECT_EQ(find({.limit = 1}), std::vector<std::string>{"T.1"});
}

TEST(StoreRulesets, LinksAreManyToManyAndReplacedPerRuleset) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  store.import(seed_batch());
  const RulesetLink standard{"khutka_boia/das_gupta_1926",
                             "khutka_boia",
                             "Das-Gupta 1926",
                             "described",
                             {"DLP.Evidence.1450", "DLP.Evidence.741"}};
  const RulesetLink alternative{"mawkar_katiya/ludii",
                                "mawkar_katiya",
                                "Ludii reading",
                                "reconstructed",
                                {"DLP.Evidence.741"}};
  store.link_rulesets({standard, alternative});
  EXPECT_EQ(store.rulesets_for_evidence("DLP.Evidence.741"),
            (std::vector<RulesetLink>{standard, alternative}));
  EXPECT_EQ(store.rulesets_for_evidence("DLP.Evidence.1450"), std::vector<RulesetLink>{standard});

  RulesetLink narrowed = standard;
  narrowed.evidence = {"DLP.Evidence.1450"};
  narrowed.status = "observed";
  store.link_rulesets({narrowed});
  EXPECT_EQ(store.rulesets_for_evidence("DLP.Evidence.741"), std::vector<RulesetLink>{alternative});
  EXPECT_EQ(store.rulesets_for_evidence("DLP.Evidence.1450"), std::vector<RulesetLink>{narrowed});
  EXPECT_TRUE(store.rulesets_for_evidence("DLP.Evidence.1880").empty());
  EXPECT_EQ(store.summary().rulesets, 2);
}

TEST(StoreRulesets, ABadLinkWritesNoneOfTheBatch) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  const RulesetLink good{
      "otep/beaton_1939", "otep", "Beaton 1939", "described", {"DLP.Evidence.1880"}};
  const RulesetLink bad{"", "otep", "nameless", "described", {}};
  try {
    store.link_rulesets({good, bad});
    FAIL() << "no error";
  } catch (const ArchiveError& e) {
    EXPECT_EQ(std::string(e.what()),
              dir / "a.db" + ": rulesets: a ruleset link has an empty ruleset id");
  }
  EXPECT_TRUE(store.rulesets_for_evidence("DLP.Evidence.1880").empty());
}

TEST(StoreRuns, StoredRunsReadBack) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  RunRecord run{0,
                "toguz_kumalak/standard",
                "abc123",
                "0.1.0",
                "random",
                UINT64_MAX,
                1000,
                true,
                "{\"games\":1000,\"wins\":[480,500]}",
                ""};
  const int64_t first = store.store_run(run);
  run.ruleset = "otep/beaton_1939";
  run.seed = 7;
  run.partial = false;
  const int64_t second = store.store_run(run);
  EXPECT_EQ(first, 1);
  EXPECT_EQ(second, 2);
  const std::optional<RunRecord> back = store.get_run(first);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->seed, UINT64_MAX);
  EXPECT_TRUE(back->partial);
  EXPECT_EQ(back->stats_json, "{\"games\":1000,\"wins\":[480,500]}");
  EXPECT_TRUE(matches_shape(back->created_at, "dddd-dd-ddTdd:dd:dd.dddZ")) << back->created_at;
  RunRecord expected = run;
  expected.id = second;
  expected.created_at = store.get_run(second)->created_at;
  EXPECT_EQ(*store.get_run(second), expected);
  EXPECT_FALSE(store.get_run(99));
  EXPECT_EQ(store.list_runs().size(), 2u);
  EXPECT_EQ(store.list_runs("toguz_kumalak/standard").size(), 1u);
  EXPECT_EQ(store.list_runs("toguz_kumalak").size(), 1u);  // a game folder selects its rulesets
  EXPECT_TRUE(store.list_runs("toguz").empty());
}

// Issue 14: "runs are identified by their content (ruleset hash, agents, seed, games, shards) and
// never duplicated".
TEST(StoreRuns, TheSameRunStoredAgainIsNotDuplicated) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  const RunRecord run{0,
                      "otep/beaton_1939",
                      "h1",
                      "0.1.0",
                      "random,greedy",
                      5,
                      100,
                      false,
                      "{\"games\":100,\"shard\":{\"count\":1,\"index\":1}}",
                      ""};
  bool added = false;
  EXPECT_EQ(store.store_run(run, &added), 1);
  EXPECT_TRUE(added);
  EXPECT_EQ(store.store_run(run, &added), 1);  // the same content: the stored run's id
  EXPECT_FALSE(added);
  EXPECT_EQ(store.list_runs().size(), 1u);
  // Each part of the identity makes another run.
  const auto differs = [&](RunRecord other) {
    bool is_new = false;
    const int64_t id = store.store_run(other, &is_new);
    EXPECT_TRUE(is_new) << other.ruleset << " " << other.rules_hash << " " << other.agent;
    return id;
  };
  RunRecord other = run;
  other.rules_hash = "h2";
  EXPECT_EQ(differs(other), 2);
  other = run;
  other.agent = "random";
  EXPECT_EQ(differs(other), 3);
  other = run;
  other.seed = 6;
  EXPECT_EQ(differs(other), 4);
  other = run;
  other.games = 200;
  EXPECT_EQ(differs(other), 5);
  other = run;
  other.stats_json = "{\"games\":100,\"shard\":{\"count\":2,\"index\":1}}";
  EXPECT_EQ(differs(other), 6);
  other = run;
  other.partial = true;
  EXPECT_EQ(differs(other), 7);
  other = run;
  other.ruleset = "otep/other";
  EXPECT_EQ(differs(other), 8);
  EXPECT_EQ(store.list_runs().size(), 8u);
  EXPECT_EQ(store.store_run(run), 1);
  EXPECT_EQ(store.list_runs().size(), 8u);
}

TEST(StoreRuns, InvalidStatisticsAreRefused) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  RunRecord run{0, "otep/beaton_1939", "h", "0.1.0", "random", 1, 10, false, "{not json", ""};
  try {
    store.store_run(run);
    FAIL() << "no error";
  } catch (const ArchiveError& e) {
    EXPECT_EQ(std::string(e.what()),
              dir / "a.db" + ": run (otep/beaton_1939): stats_json is not valid JSON");
  }
  EXPECT_TRUE(store.list_runs().empty());
}

TEST(StoreSummary, CountsPerGameTypeRulesetsAndRuns) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  store.import(seed_batch());
  store.link_rulesets(
      {{"otep/beaton_1939", "otep", "Beaton 1939", "described", {"DLP.Evidence.1880"}}});
  store.store_run({0, "otep/beaton_1939", "h", "0.1.0", "random", 1, 10, false, "{}", ""});
  store.store_run({0, "sonka/other", "h", "0.1.0", "random", 1, 10, false, "{}", ""});
  const ArchiveSummary s = store.summary();
  EXPECT_EQ(s.records, 6);
  EXPECT_EQ(s.rulesets, 1);
  EXPECT_EQ(s.runs, 2);
  EXPECT_EQ(s.sources, 6);
  ASSERT_EQ(s.games.size(), 6u);
  EXPECT_EQ(s.games[3].key, "otep");
  EXPECT_EQ(s.games[3].rulesets, 1);
  EXPECT_EQ(s.games[3].runs, 1);
  EXPECT_EQ(s.games[4].runs, 1);  // sonka: a run of a ruleset not linked counts by its folder
  EXPECT_EQ(s.games[5].types,
            (std::vector<std::pair<std::string, int64_t>>{{"Secondary web source", 1}}));
  EXPECT_EQ(s.games[0].types,
            (std::vector<std::pair<std::string, int64_t>>{{"Scholarly paper", 1}}));
}

TEST(StoreConcurrency, TwoWritersOnOneNewFileBothSucceed) {
  TempDir dir;
  const std::string path = dir / "shared.db";
  const int per_writer = testing::scaled(200);
  auto writer = [&](const std::string& prefix, std::string* error) {
    try {
      for (int round = 0; round < 5; ++round) {
        Store store = Store::open(path);  // both may be the one creating the file
        std::vector<EvidenceRecord> records;
        for (int i = round * per_writer / 5; i < (round + 1) * per_writer / 5; ++i) {
          EvidenceRecord r =
              make_record(prefix + "." + std::to_string(i), prefix == "A" ? "Otep" : "Sonka");
          r.rules = "writer " + prefix;
          records.push_back(r);
        }
        store.import(batch_of(records));
        store.search({.text = "writer"});  // a reader while the other writes
      }
    } catch (const std::exception& e) {
      *error = e.what();
    }
  };
  std::string error_a, error_b;
  std::thread a(writer, "A", &error_a);
  std::thread b(writer, "B", &error_b);
  a.join();
  b.join();
  EXPECT_EQ(error_a, "");
  EXPECT_EQ(error_b, "");
  Store store = Store::open(path);
  EXPECT_EQ(store.search({}).size(), static_cast<size_t>(2 * per_writer));
  EXPECT_EQ(store.search({.text = "writer A"}).size(), static_cast<size_t>(per_writer));
  EXPECT_EQ(store.games().size(), 2u);
  EXPECT_EQ(raw_text(path, "PRAGMA integrity_check"), "ok");
}

}  // namespace
}  // namespace mancala::archive
