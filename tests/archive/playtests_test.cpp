// Play-tests in the archive (archive/playtests.h, schema version 4): stored whole and read back,
// listed by ruleset or game, refused when they do not hold together (and nothing written), an
// older archive migrated to hold them, and their CSV.
#include "archive/playtests.h"

#include <gtest/gtest.h>

#include "archive/error.h"
#include "archive/schema.h"
#include "archive/store.h"
#include "archive_test_util.h"

namespace mancala::archive {
namespace {

using testing::TempDir;

PlaytestRecord sample(const std::string& ruleset = "otep/beaton_1939") {
  PlaytestRecord r;
  r.ruleset = ruleset;
  r.rules_hash = "8361133aa261079a";
  r.engine_version = "0.1.0";
  r.seats = {"human", "alphabeta:3"};
  r.seed = 18446744073709551615ull;  // a uint64 does not fit SQLite's integer
  r.moves = "o7/o7 o3 i5<";
  r.plies = 3;
  r.rounds = 1;
  r.winner = 2;
  r.end = "rule";
  r.holdings = {0, 64};
  r.result = "P2 wins 0-64, 3 plies, by the game's own rule";
  r.notes = "the opening decides it, \"as Beaton says\"\nsecond line";
  return r;
}

TEST(Playtests, AStoredPlayTestReadsBackWhole) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  const int64_t id = store.store_playtest(sample());
  EXPECT_EQ(id, 1);
  const PlaytestRecord back = store.get_playtest(id).value();
  PlaytestRecord expected = sample();
  expected.id = 1;
  expected.created_at = back.created_at;
  EXPECT_EQ(back, expected);
  EXPECT_EQ(back.created_at.size(), 24u) << back.created_at;  // 2026-11-25T21:00:00.000Z
  EXPECT_FALSE(store.get_playtest(2).has_value());
}

TEST(Playtests, AreListedByRulesetIdOrGameInTheOrderStored) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  store.store_playtest(sample("otep/beaton_1939"));
  store.store_playtest(sample("otep/no_move_loses"));
  store.store_playtest(sample("kalah/standard"));
  auto ids = [&](const std::string& filter) {
    std::vector<int64_t> out;
    for (const PlaytestRecord& r : store.list_playtests(filter)) out.push_back(r.id);
    return out;
  };
  EXPECT_EQ(ids(""), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_EQ(ids("otep"), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(ids("otep/no_move_loses"), (std::vector<int64_t>{2}));
  EXPECT_EQ(ids("ote"), (std::vector<int64_t>{}));
}

TEST(Playtests, AnInconsistentPlayTestIsRefusedAndNothingIsWritten) {
  TempDir dir;
  Store store = Store::open(dir / "a.db");
  auto refused = [&](PlaytestRecord r, const std::string& message) {
    EXPECT_EQ(test_support::thrown_message<ArchiveError>([&] { store.store_playtest(r); }),
              dir / "a.db" + ": play-test (" + r.ruleset + "): " + message);
  };
  PlaytestRecord r = sample();
  r.end = "won";
  refused(r, "end: 'won' is not one of rule, no_progress, stop_after_rounds, safety_bound, none");
  r = sample();
  r.end = "none";
  refused(r, "winner: an unfinished game has none");
  r = sample();
  r.seats[1] = "";
  refused(r, "seats: a seat is empty (\"human\" or an agent)");
  r = sample();
  r.holdings[0] = -1;
  refused(r, "plies, rounds and holdings are counts (>= 0)");
  EXPECT_TRUE(store.list_playtests().empty());
}

// "an old database must migrate cleanly": a version 3 archive gains the play-tests table.
TEST(Playtests, AVersionThreeArchiveMigratesToHoldThem) {
  TempDir dir;
  const std::string db = dir / "old.db";
  {
    Store::open(db);  // the current schema, then taken back to version 3
  }
  testing::raw_sql(db,
                   "DROP TABLE playtests; ALTER TABLE sources DROP COLUMN same_work; ALTER TABLE "
                   "evidence DROP COLUMN author_doubts; ALTER TABLE evidence DROP COLUMN "
                   "see_also; ALTER TABLE places DROP COLUMN history; PRAGMA user_version = 3;");
  Store store = Store::open(db);
  EXPECT_EQ(store.schema_version(), kSchemaVersion);
  EXPECT_EQ(store.store_playtest(sample()), 1);
}

TEST(Playtests, CsvQuotesNotesAndKeepsEveryColumn) {
  PlaytestRecord r = sample();
  r.id = 7;
  r.created_at = "2026-11-25T21:00:00.000Z";
  const std::string csv = playtests_csv({r});
  EXPECT_EQ(
      csv,
      "id,created_at,ruleset,rules_hash,engine_version,seat1,seat2,seed,plies,rounds,winner,"
      "end,holdings1,holdings2,result,moves,notes\r\n"
      "7,2026-11-25T21:00:00.000Z,otep/beaton_1939,8361133aa261079a,0.1.0,human,alphabeta:3,"
      "18446744073709551615,3,1,2,rule,0,64,\"P2 wins 0-64, 3 plies, by the game's own "
      "rule\",o7/o7 o3 i5<,\"the opening decides it, \"\"as Beaton says\"\"\nsecond line\"\r\n");
  // Issue 41: the play-test export had its own CSV writer, without the formula guard: notes
  // "=HYPERLINK(...)" ran in a spreadsheet. It is the one writer's now (common/csv.h).
  r.notes = "=HYPERLINK(\"http://x\")";
  r.seats = {"@human", "-greedy"};
  EXPECT_NE(playtests_csv({r}).find(",'@human,'-greedy,"), std::string::npos);
  EXPECT_NE(playtests_csv({r}).find(",\"'=HYPERLINK(\"\"http://x\"\")\"\r\n"), std::string::npos);
  EXPECT_EQ(playtest_json(r)["winner"], 2);
  r.winner.reset();
  EXPECT_TRUE(playtest_json(r)["winner"].is_null());
}

}  // namespace
}  // namespace mancala::archive
