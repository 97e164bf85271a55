// Issue 38: the ends of the DLP's games the vocabulary lacked (end.other), one test per sentence
// of the DLP's rules paraphrase, on hand-computed positions. Rows of one-row boards are written
// from their owner's left (player 1's hole h is global h-1, player 2's H+h-1).
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace mancala::sim
