// `mancala rules check|list`, `trace --format json` and `replay --togyz-notation` run in-process:
// checking one file or a user's file kept outside data/rulesets, the errors a check must give
// (exact messages), the list's columns, the trace's starting position, and notation files.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../reports/report_test_util.h"
#include "cli/cli.h"
#include "cli_test_util.h"
#include "common/paths.h"
#include "simulator/describe.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {
namespace {

using nlohmann::json;
using report_testing::read_text;
using report_testing::TempDir;
using report_testing::write_text;
namespace fs = std::filesystem;

using testing::Result;
using testing::run_cli;

std::string ruleset_file(const std::string& id) {
  return (sim::rulesets_dir() / (id + ".json")).string();
}

TEST(RulesCheck, OneValidFileOfAGamePassesAlone) {
  const Result r = run_cli({"rules", "check", ruleset_file("toguz_kumalak/no_tuzdyk")});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "rules check: all rulesets are valid\n");
}

TEST(RulesCheck, AFileKeptElsewhereExtendsAProjectRulesetAndPlays) {
  TempDir dir;
  const fs::path mine = dir / "my_reading.json";
  fs::copy_file(ruleset_file("toguz_kumalak/no_tuzdyk"), mine);
  const Result check = run_cli({"rules", "check", mine.string()});
  EXPECT_EQ(check.code, 0) << check.err;
  const sim::RuleSet loaded = sim::load_ruleset(mine.string());
  EXPECT_EQ(loaded.extends, "toguz_kumalak/standard");
  EXPECT_FALSE(loaded.tuzdyk);
  EXPECT_EQ(loaded.holes_per_row, 9);  // inherited from the project's ruleset
  const Result sim =
      run_cli({"simulate", mine.string(), "--games", "20", "--no-store", "--format", "json"});
  EXPECT_EQ(sim.code, 0) << sim.err;
}

TEST(RulesCheck, AnEvidenceIdNoRecordHasIsNamed) {
  TempDir dir;
  const fs::path file = dir / "toguz_kumalak" / "nope.json";
  write_text(file, R"({"name": "T", "status": "reconstructed", "extends": "toguz_kumalak/standard",
    "evidence": ["NOPE.Evidence.99"], "rules": {"tuzdyk": false}, "provenance": {"tuzdyk": {"assumption": "x"}}})");
  const Result r = run_cli({"rules", "check", file.string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, "mancala: " + file.string() +
                       ": evidence: no evidence record 'NOPE.Evidence.99' in " +
                       (mancala::data_dir() / "evidence").string() + "\n");
}

TEST(RulesCheck, AFolderWithoutRulesetsOrAGameFolderWithoutADefaultIsRefused) {
  TempDir dir;
  fs::create_directories(dir / "empty");
  const Result empty = run_cli({"rules", "check", (dir / "empty").string()});
  EXPECT_EQ(empty.code, 1);
  EXPECT_EQ(empty.err,
            "mancala: " + (dir / "empty").string() + ": no ruleset files (*.json) found\n");
  fs::create_directories(dir / "games" / "toguz_kumalak");
  fs::copy_file(ruleset_file("toguz_kumalak/no_tuzdyk"),
                dir / "games" / "toguz_kumalak" / "mine.json");
  const Result folder = run_cli({"rules", "check", (dir / "games").string()});
  EXPECT_EQ(folder.code, 1);
  EXPECT_EQ(
      folder.err,
      "mancala: toguz_kumalak: 0 rulesets are marked \"default\": true (exactly one is needed)\n");
}

TEST(RulesList, ListsEachRulesetWithItsGameStatusAndEvidence) {
  const Result r = run_cli({"rules", "list"});
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string header;
  std::getline(lines, header);
  EXPECT_TRUE(header.starts_with("ruleset ")) << header;
  EXPECT_NE(header.find("  game  "), std::string::npos) << header;
  EXPECT_NE(r.out.find("\nkhutka_boia/das_gupta_1926  "), std::string::npos);
  EXPECT_NE(r.out.find("  khutka_boia    reconstructed  DLP.Evidence.1450\n"), std::string::npos)
      << r.out;
}

TEST(TraceJson, StartsFromTheInitialPosition) {
  const Result r = run_cli({"trace", "toguz_kumalak", "--seed", "3", "--format", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  const sim::Game game(sim::load_ruleset("toguz_kumalak"));
  EXPECT_EQ(j["start"], sim::state_to_json(game, game.initial_state()));
  EXPECT_FALSE(j["moves"].empty());
}

TEST(ReplayNotation, ReadsAFileAndNamesOneThatIsNotThere) {
  TempDir dir;
  write_text(dir / "game.txt", "1. 76 98\n2. 66 87\n");
  const Result from_file = run_cli({"replay", "toguz_kumalak", "--togyz-notation",
                                    (dir / "game.txt").string(), "--format", "json"});
  const Result from_text = run_cli(
      {"replay", "toguz_kumalak", "--togyz-notation", "1. 76 98 2. 66 87", "--format", "json"});
  ASSERT_EQ(from_file.code, 0) << from_file.err;
  EXPECT_EQ(from_file.out, from_text.out);
  EXPECT_EQ(json::parse(from_file.out)["to_move"], 1);

  const std::string missing = (dir / "none.txt").string();
  const Result absent = run_cli({"replay", "toguz_kumalak", "--togyz-notation", missing});
  EXPECT_EQ(absent.code, 1);
  EXPECT_EQ(absent.err,
            "mancala: " + missing + ": cannot read the file (No such file or directory)\n");
  const Result bare = run_cli({"replay", "toguz_kumalak", "--togyz-notation", "games.txt"});
  EXPECT_EQ(bare.err, "mancala: games.txt: cannot read the file (No such file or directory)\n");
  const Result numbers =
      run_cli({"replay", "toguz_kumalak", "--togyz-notation", "1. 76 98 3. 66 87"});
  EXPECT_EQ(numbers.code, 1);
  EXPECT_EQ(numbers.err, "mancala: notation: '3.' after move 1 (black) 98: expected 2.\n");
}

}  // namespace
}  // namespace mancala::cli
