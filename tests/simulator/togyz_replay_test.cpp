// Real games: every move of the 742 Kazakhstan tournament games replays with the landing hole
// and tuzdyk mark the record gives (data/games/togyz/README.md cites the source).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "../test_support.h"
#include "common/error.h"
#include "common/paths.h"
#include "simulator/ruleset_io.h"
#include "simulator/togyz_notation.h"

namespace mancala::sim {
namespace {

TEST(ToguzKumalakRealGames, All742TournamentGamesReplayWithEveryLandingAndTuzdykAsRecorded) {
  const Game game(load_ruleset("toguz_kumalak/standard"));
  std::ifstream in(data_dir() / "games" / "togyz" / "kazakhstan-2016-2018.jsonl");
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
    replay_togyz_notation(game,
                          parse_togyz_notation("1. 76 98 2. 66 87 3. 12 76 4. 25 78 5. 48 36"));
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
    EXPECT_STREQ(e.what(),
                 "notation: move 1: '9a' is not a move (two digits 1-9 and an optional x)");
  }
}

std::string notation_error(const std::string& text) {
  return test_support::thrown_message<Error>([&] { parse_togyz_notation(text); }, "(no error)");
}

TEST(ToguzKumalakNotation, MoveNumbersMustCountUpFromOneBeforeWhitesMoves) {
  EXPECT_EQ(notation_error("1. 76 98 3. 66 87"),
            "notation: '3.' after move 1 (black) 98: expected 2.");
  EXPECT_EQ(notation_error("1. 76 98 1. 66 87"),
            "notation: '1.' after move 1 (black) 98: expected 2.");
  EXPECT_EQ(notation_error("1. 76 2. 98"),
            "notation: '2.' after move 1 (white) 76: expected black's move 1");
  EXPECT_EQ(notation_error("2. 76"), "notation: '2.' after the start: expected 1.");
  EXPECT_EQ(notation_error(""), "notation: no moves (expected e.g. '1. 76 98 2. 66 87')");
  EXPECT_EQ(notation_error("1-0"), "notation: no moves (expected e.g. '1. 76 98 2. 66 87')");
}

TEST(ToguzKumalakNotation, NumbersMayBeGluedToTheirMoveOrLeftOutAndAResultMayEndTheRecord) {
  const auto spaced = parse_togyz_notation("1. 76 98 2. 66 87x");
  for (const char* text : {"1.76 98 2.66 87x", "76 98 66 87x", "1. 76 98 2. 66 87x 1-0",
                           "1. 76 98 2. 66 87x 1/2-1/2"}) {
    const auto moves = parse_togyz_notation(text);
    ASSERT_EQ(moves.size(), spaced.size()) << text;
    for (size_t i = 0; i < moves.size(); ++i) {
      EXPECT_EQ(moves[i].text, spaced[i].text) << text;
      EXPECT_EQ(moves[i].number, spaced[i].number) << text;
      EXPECT_EQ(moves[i].player, spaced[i].player) << text;
    }
  }
  EXPECT_EQ(spaced[3].number, 2);
  EXPECT_TRUE(spaced[3].tuzdyk);
  EXPECT_EQ(notation_error("1. 76 1-0 98"),
            "notation: move 1: '1-0' is not a move (two digits 1-9 and an optional x)");
}

}  // namespace
}  // namespace mancala::sim
