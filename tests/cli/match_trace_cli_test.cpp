// What `trace` shows of a match and of each move (moved from tests/simulator/match_test.cpp, issue
// 22: a test of a command is a cli test): round boundaries, settlements and handicaps, what the
// player who is not moving takes, passes, and the JSON records of each round and move.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"

namespace mancala::sim {
namespace {

TEST(MatchTrace, TheTraceShowsRoundBoundariesTheSettlementAndTheHandicaps) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::run({"trace", "khutka_boia/das_gupta_1926", "--seed", "1"}, out, err), 0)
      << err.str();
  const std::string text = out.str();
  EXPECT_NE(text.find("Round 1 over after 48 plies (no_progress): P1 holds more; holdings 26-24"),
            std::string::npos);
  EXPECT_NE(text.find("Round 2: P1 fills 5 of 5 holes; P2 fills 5 of 5 holes; P2 starts; P1 gives "
                      "1 to P2 (1-4: P1 is "
                      "the Kungidar, taking one counter from every hole sown)"),
            std::string::npos);
  EXPECT_NE(
      text.find(
          "Round 3: P1 fills 4 of 5 holes, 1 out of play; P2 fills 5 of 5 holes, 5 set aside"),
      std::string::npos);
  EXPECT_NE(text.find("  Player 1  store 0  aside 0  Kungidar\n"), std::string::npos);
  EXPECT_NE(text.find("his bha and returns 2 when the round ends"), std::string::npos);
  // 17-33: three fives of difference take three of P1's holes; each sets a five aside.
  EXPECT_NE(text.find("Round 6: P1 fills 2 of 5 holes, 3 out of play, 5 set aside; P2 fills 5 of 5 "
                      "holes, 10 set aside"),
            std::string::npos);
  // 40-10 leaves P2 no hole: the match is over.
  EXPECT_NE(text.find("\nMatch: P1 wins 40-10 after 21 rounds: P2 has no hole left in play\n"),
            std::string::npos);
}

std::string trace_of(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  EXPECT_EQ(cli::run(args, out, err), 0) << err.str();
  return out.str();
}

TEST(MoveTrace, AMoveLineShowsWhatThePlayerWhoIsNotMovingTakes) {
  // Khutka Boia: P2's sowing makes a hole of P1's row hold four, which is P1's at once.
  const std::string kb = trace_of({"trace", "khutka_boia", "--seed", "1"});
  EXPECT_NE(kb.find("\n2. P2 sows 1 (9), last in P1's 5, captures 10; P1 takes a four (4)\n"),
            std::string::npos);
  // The Kungidar's tribute, from his opponent's sowing and from his own.
  EXPECT_NE(kb.find("\n49. P2 sows 3 (5), last in P1's 2, 6 sowings, captures 8; P1 receives the "
                    "Kungidar's tribute (1)\n"),
            std::string::npos);
  EXPECT_NE(kb.find("\n52. P1 sows 1 (3), last in P1's 3, keeps 1 as the Kungidar's tribute\n"),
            std::string::npos);
  // Toguz Kumalak: a counter sown into the opponent's tuzdyk is his.
  const std::string tk = trace_of({"trace", "toguz_kumalak", "--seed", "1"});
  EXPECT_NE(tk.find("\n39. P1 sows 1 (5), last in P1's 5; 1 into P2's tuzdyk\n"),
            std::string::npos);
  // Mawkar Katiya, the extra number taken by the sower: what the loser's sowing drops into the
  // winner's toll or remainder hole is the winner's.
  const std::string mk = trace_of({"trace", "mawkar_katiya/extra_number_mover", "--seed", "3"});
  EXPECT_NE(mk.find("\n95. P1 sows 5 (9), last in P1's 7, 2 sowings, takes P2's extra number (4); "
                    "1 into P2's toll or "
                    "remainder hole\n"),
            std::string::npos);
}

TEST(MoveTrace, SonkasCountersSownIntoHerStoreAreNotCalledCaptures) {
  const std::string text = trace_of({"trace", "sonka", "--seed", "1"});
  EXPECT_NE(text.find("   P1: last in P2's 4, 6 sowings, 3 into his store; dead at tick 35\n"),
            std::string::npos);
  EXPECT_NE(
      text.find("   P1: last in P1's 3, 2 sowings, captures 1, 1 into his store; dead at tick 9\n"),
      std::string::npos);
}

TEST(MoveTrace, PassesAreShown) {
  const std::string kb = trace_of({"trace", "khutka_boia", "--seed", "1"});
  EXPECT_NE(kb.find("\n23. P1 sows 1 (1), last in P1's 2; P2 passes: no counters to sow\n"),
            std::string::npos);
  const std::string otep = trace_of({"trace", "otep", "--seed", "1"});
  EXPECT_NE(
      otep.find(
          "\n19. P2 sows i2 (3), last in P2's i2, 3 sowings; P1 passes: no hole holds 2 or more\n"),
      std::string::npos);
  // A Bhadar whose only hole in play is his bha has nothing to sow when the round starts.
  const std::string round = trace_of({"trace", "khutka_boia", "--seed", "5"});
  EXPECT_NE(round.find("Round 4: P1 fills 5 of 5 holes, 10 set aside; P2 fills 1 of 5 holes, 4 out "
                       "of play, 10 set aside; "
                       "P1 starts; P1 gives 2 to P2 (2-3: P2 makes P2's 1 his bha and returns 2 "
                       "when the round ends); P2 "
                       "passes at once: no counters to sow\n"),
            std::string::npos);
}

TEST(MoveTrace, TheJsonMoveRecordsTakeEachPlayersGainsApartAndNamePasses) {
  const auto j =
      nlohmann::json::parse(trace_of({"trace", "khutka_boia", "--seed", "1", "--format", "json"}));
  const auto& second = j["moves"][1];
  EXPECT_EQ(second["player"], 2);
  EXPECT_EQ(second["captured"], 10);
  EXPECT_EQ(second["gains"], nlohmann::json::parse(R"([
    {"player": 1, "total": 4, "capture": 0, "fours": 4, "tribute": 0, "extra_number": 0, "dropped_in": 0},
    {"player": 2, "total": 10, "capture": 10, "fours": 0, "tribute": 0, "extra_number": 0, "dropped_in": 0}])"));
  EXPECT_TRUE(second["pass"].is_null());
  EXPECT_EQ(j["moves"][22]["pass"],
            nlohmann::json::parse(R"({"player": 2, "reason": "no counters to sow"})"));
  const auto sonka =
      nlohmann::json::parse(trace_of({"trace", "sonka", "--seed", "1", "--format", "json"}));
  const auto& p1 = sonka["moves"][0]["moves"][0];
  EXPECT_EQ(p1["gains"][0]["dropped_in"], 3);
  EXPECT_EQ(p1["gains"][0]["capture"], 0);
}

TEST(MatchTrace, TheJsonTraceListsEachRoundAndTheNextSettlement) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::run({"trace", "mawkar_katiya", "--seed", "3", "--format", "json"}, out, err), 0)
      << err.str();
  const auto j = nlohmann::json::parse(out.str());
  ASSERT_TRUE(j.contains("rounds"));
  ASSERT_GE(j["rounds"].size(), 1u);
  const auto& first = j["rounds"][0];
  EXPECT_EQ(first["round"], 1);
  EXPECT_TRUE(first.contains("next_settlement"));
  EXPECT_EQ(j["match"]["end"].get<std::string>().empty(), false);
}

}  // namespace
}  // namespace mancala::sim
