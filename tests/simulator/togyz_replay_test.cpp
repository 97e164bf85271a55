// Real games: every move of the 742 Kazakhstan tournament games replays with the landing hole
// and tuzdyk mark the record gives (fixture: tests/fixtures/togyz/README.md cites the source).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "common/error.h"
#include "simulator/ruleset_io.h"
#include "simulator/togyz_notation.h"

namespace mancala::sim {
namespace {

TEST(ToguzKumalakRealGames, All742TournamentGamesReplayWithEveryLandingAndTuzdykAsRecorded) {
  const Game game(load_ruleset("toguz_kumalak/standard"));
  std::ifstream in(std::string(MANCALA_TEST_DIR) + "/fixtures/togyz/kazakhstan-2016-2018.jsonl");
  ASSERT_TRUE(in) << "fixture missing";
  std::string line;
  int games = 0, moves = 0, failures = 0;
  while (std::getline(in, line)) {
    const auto record = nlohmann::json::parse(line);
    ++games;
    const auto parsed = parse_togyz_notation(record["notation"].get<std::string>());
    moves += static_cast<int>(parsed.size());
    try {
      replay_togyz_notation(game, parsed);
    } catch (const Error& e) {
      ++failures;
      ADD_FAILURE() << "game " << record["id"] << ": " << e.what();
    }
  }
  EXPECT_EQ(games, 742);
  EXPECT_EQ(failures, 0);
  EXPECT_GT(moves, 742 * 40);
}

TEST(ToguzKumalakNotation, AWrongLandingDigitIsReportedWithItsMoveNumber) {
  const Game game(load_ruleset("toguz_kumalak/standard"));
  try {
    replay_togyz_notation(game, parse_togyz_notation("1. 76 98 2. 66 86"));
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "move 2 (black) 86: recorded landing hole 6, the engine lands in 7");
  }
}

TEST(ToguzKumalakNotation, ATuzdykTheRecordDoesNotMarkIsReported) {
  const Game game(load_ruleset("toguz_kumalak/standard"));
  try {
    replay_togyz_notation(game, parse_togyz_notation("1. 76 98 2. 66 87 3. 12 76 4. 25 78 5. 48 36"));
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "move 5 (black) 36: the engine made a tuzdyk the record does not mark");
  }
}

TEST(ToguzKumalakNotation, ATokenThatIsNotAMoveIsNamed) {
  try {
    parse_togyz_notation("1. 76 9a");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "notation: move 1: '9a' is not a move (two digits 1-9 and an optional x)");
  }
}

}  // namespace
}  // namespace mancala::sim
