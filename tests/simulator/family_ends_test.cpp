// Issue 38: the ends of the DLP's games the vocabulary lacked (end.other), one test per sentence
// of the DLP's rules paraphrase, on hand-computed positions. Rows of one-row boards are written
// from their owner's left (player 1's hole h is global h-1, player 2's H+h-1).
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "board_test_util.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::expect_over;
using board_testing::hole;

// Balkan Mancala (DLP.Ruleset.1790), 2x6 of four: 48 counters.
class BalkanMancala : public board_testing::RuleClauseTest<6> {
 protected:
  BalkanMancala() : RuleClauseTest("balkan_mancala/dlp", 48) {}
};

TEST_F(BalkanMancala, ALastCounterMakingAHoleOddTakesIt) {
  // "When the final counter lands in a hole, making it contain an uneven number of counters, the
  // counters are captured." P1's h5 (2) ends in P2's h1 (2: three), in either row.
  const MoveEffect fx = expect_move({{1, 0, 0, 0, 2, 0}, {2, 2, 0, 0, 0, 0}, 20, 21}, hole(5),
                                    {{1, 0, 0, 0, 0, 1}, {0, 2, 0, 0, 0, 0}, 23, 21});
  EXPECT_EQ(fx.captured, 3);
}

TEST_F(BalkanMancala, ThePlayerWhoCapturesAllOfTheCountersWins) {
  // "The player who captures all of the counters wins." (end_on_captures 48): P1's last counter
  // falls into P2's empty h1 (one: odd) and takes the 48th counter.
  State s = position({0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 0}, 47, 0);
  game.apply(s, hole(6));
  expect_over(s, EndReason::kRule, 0);
  EXPECT_EQ(s.store, board_testing::pair(48, 0));
}

TEST_F(BalkanMancala, WhenNeitherCanSowTheOneWhoCapturedMoreWins) {
  // The reading's assumption (no_move pass): the board emptied by P1's capture, P2 cannot sow
  // and passes, nor can P1: the game is over, P1 having captured more.
  State s = position({0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 0}, 30, 17);
  game.apply(s, hole(6));
  expect_over(s, EndReason::kRule, 0);
  EXPECT_EQ(s.store, board_testing::pair(31, 17));
}

// Ngola (DLP.Ruleset.1364), 4x8 of two: 64 counters. A side's local holes 0..15 run along its
// anticlockwise path: the outer row 0..7 from its owner's left, the inner row 8..15 from his
// right.
class Ngola : public ::testing::Test {
 protected:
  const Game g{load_ruleset("ngola/dlp")};
  State position(const std::vector<std::pair<int, int>>& p1,
                 const std::vector<std::pair<int, int>>& p2) const {
    return board_testing::four_row_position(g, p1, p2, 64);
  }
};

TEST_F(Ngola, APlayerLeftWithSingleCountersOnlyHasLost) {
  // "Play continues until one player has no holes with more than one counter, and the opponent
  // wins." P1's outer hole 0 (2) ends in his outer hole 2: no capture; P2's holes hold one
  // counter each at most: P1 wins, whoever is to move.
  State s = position({{0, 2}, {5, 3}}, {{0, 1}, {3, 1}, {9, 1}});
  g.apply(s, Move{0, false});
  expect_over(s, EndReason::kRule, 0);
}

TEST_F(Ngola, ThePlayerWhoseMoveLeavesHimSinglesOnlyLoses) {
  // The same end for the mover: P1's 0 (2) leaves him singles only (1 and 2), while P2 keeps a
  // hole of three.
  State s = position({{0, 2}}, {{0, 3}, {3, 1}});
  g.apply(s, Move{0, false});
  expect_over(s, EndReason::kRule, 1);
}

TEST_F(Ngola, AHoleOfTwoOnEachSideLetsPlayGoOn) {
  State s = position({{0, 2}, {5, 2}}, {{0, 2}, {3, 1}});
  g.apply(s, Move{0, false});
  EXPECT_FALSE(s.over);
}

TEST(SingletonsEnd, OnlyHasAMeaningWithEndOnSingletons) {
  RuleSet r = load_ruleset("ngola/dlp");
  r.end_on_singletons = false;
  try {
    finalize(r, "x.json");
    ADD_FAILURE() << "no error";
  } catch (const RuleError& e) {
    EXPECT_STREQ(e.what(),
                 "x.json: rules.singletons_end: only has a meaning with end_on_singletons");
  }
}

}  // namespace
}  // namespace mancala::sim
