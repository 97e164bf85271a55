// `mancala playtests list|show|export` (docs/serve.md): the games saved from `mancala serve`, read
// from the archive as a table, text, JSON and CSV; bad command lines and missing play-tests.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "archive/playtests.h"
#include "archive/store.h"
#include "cli_test_util.h"

namespace mancala::cli {
namespace {

using testing::expect_error;
using testing::run_cli;
using testing::TempDir;

// An archive holding two play-tests, one of Kalah and one of Otep.
std::string archive_with_playtests(const TempDir& dir) {
  const std::string db = dir / "a.db";
  archive::Store store = archive::Store::open(db);
  archive::PlaytestRecord r;
  r.ruleset = "kalah/standard";
  r.rules_hash = "abc";
  r.engine_version = "0.1.0";
  r.seats = {"human", "greedy"};
  r.seed = 3;
  r.moves = "3 1 6";
  r.plies = 3;
  r.end = "none";
  r.holdings = {2, 0};
  r.result = "Unfinished: saved after 3 plies, holding 2-0";
  r.notes = "greedy, then a trap";
  store.store_playtest(r);
  r.ruleset = "otep/beaton_1939";
  r.moves = "o7/o7";
  r.plies = 1;
  r.notes = "";
  store.store_playtest(r);
  return db;
}

TEST(PlaytestsCli, ListShowsEachPlayTestOnALine) {
  TempDir dir;
  const std::string db = archive_with_playtests(dir);
  const auto r = run_cli({"playtests", "list", "--db", db});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("kalah/standard    human vs greedy"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("greedy, then a trap"), std::string::npos);
  const auto otep = run_cli({"playtests", "list", "--ruleset", "otep", "--db", db});
  EXPECT_EQ(otep.out.find("kalah"), std::string::npos) << otep.out;
  EXPECT_NE(otep.out.find("otep/beaton_1939"), std::string::npos);
}

TEST(PlaytestsCli, ShowGivesTheWholePlayTestAndTheCommandThatReplaysIt) {
  TempDir dir;
  const std::string db = archive_with_playtests(dir);
  const auto r = run_cli({"playtests", "show", "1", "--db", db});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("replay: mancala replay kalah/standard --moves \"3 1 6\"\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("notes:\ngreedy, then a trap\n"), std::string::npos);
  const auto j = nlohmann::json::parse(
      run_cli({"playtests", "show", "2", "--format", "json", "--db", db}).out);
  EXPECT_EQ(j["moves"], "o7/o7");
  EXPECT_TRUE(j["winner"].is_null());
}

TEST(PlaytestsCli, ExportWritesJsonAndCsv) {
  TempDir dir;
  const std::string db = archive_with_playtests(dir);
  const auto j = nlohmann::json::parse(run_cli({"playtests", "export", "--db", db}).out);
  ASSERT_EQ(j["playtests"].size(), 2u);
  EXPECT_EQ(j["playtests"][0]["seats"], nlohmann::json::array({"human", "greedy"}));
  const auto csv = run_cli({"playtests", "export", "--format", "csv", "--db", db});
  EXPECT_EQ(csv.out.substr(0, csv.out.find("\r\n")),
            "id,created_at,ruleset,rules_hash,engine_version,seat1,seat2,seed,plies,rounds,winner,"
            "end,holdings1,holdings2,result,moves,notes");
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 3);
}

TEST(PlaytestsCli, BadCommandLinesAndMissingPlayTestsAreRefused) {
  TempDir dir;
  const std::string db = archive_with_playtests(dir);
  expect_error(
      {"playtests", "show", "9", "--db", db}, 1,
      "mancala: " + db + ": play-test 9: no such play-test (see 'mancala playtests list')\n");
  expect_error({"playtests", "list", "--format", "xml", "--db", db}, 2,
               "mancala: playtests list: --format: expected table, json or csv, got 'xml'\n");
  expect_error({"playtests", "export", "--format", "table", "--db", db}, 2,
               "mancala: playtests export: --format: expected json or csv, got 'table'\n");
  expect_error({"playtests", "remove", "1"}, 2,
               "mancala: playtests: unknown subcommand 'remove' (list, show, export)\n");
  expect_error({"playtests", "list", "--db", dir / "none.db"}, 1,
               "mancala: " + dir / "none.db" +
                   ": no archive here (create it with 'mancala evidence import')\n");
  const auto empty = run_cli({"playtests", "list", "--ruleset", "sonka", "--db", db});
  EXPECT_EQ(empty.code, 0);
  EXPECT_EQ(empty.out, "");
  EXPECT_EQ(empty.err,
            "mancala: no play-tests in " + db + " for sonka (save one from `mancala serve`)\n");
}

}  // namespace
}  // namespace mancala::cli
