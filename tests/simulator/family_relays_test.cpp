// Issue 38: the conditional relays (sow.relay_conditional), one test per sentence of the DLP's
// rules paraphrase they implement, on hand-computed positions. Rows are written from their
// owner's left: player 1's hole h is global h-1, player 2's is H+h-1; anticlockwise runs 1..H
// along player 1's row, then 1..H along player 2's.
#include <gtest/gtest.h>

#include "../test_support.h"
#include "board_test_util.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::Board;
using board_testing::expect_over;
using board_testing::hole;

// Boukerourou, 2x4, 48 counters.
class Boukerourou : public board_testing::RuleClauseTest<4> {
 protected:
  Boukerourou() : RuleClauseTest("boukerourou/dlp", 48) {}
};

TEST_F(Boukerourou, ALastCounterInAnEmptyHoleLiftsTheFollowingHole) {
  // "When the final counter lands in an empty hole, the contents of the following hole are
  // picked up and the sowing continues." P1's h1 (1) falls into his empty h2; his h3 (3) is
  // lifted and sown into h4, P2's h1 and h2, which held 6: seven, an occupied hole, the move
  // ends without capture.
  const MoveEffect fx = expect_move({{1, 0, 3, 0}, {5, 6, 6, 6}, 11, 10}, hole(1),
                                    {{0, 1, 0, 1}, {6, 7, 6, 6}, 11, 10});
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(fx.sowings, 2);  // the first sowing and one relay
}

TEST_F(Boukerourou, ALastCounterInAnOccupiedHoleEndsTheMoveThoughTheNextHoleIsFull) {
  // The relay is conditional: h1's counter makes h2 hold three, and h3's three stay.
  expect_move({{1, 2, 3, 0}, {5, 6, 6, 6}, 9, 10}, hole(1), {{0, 3, 3, 0}, {5, 6, 6, 6}, 9, 10});
}

TEST_F(Boukerourou, AnEmptyFollowingHoleEndsTheMove) {
  // Nothing to pick up after the empty landing (the DLP's code relays only from an occupied
  // hole).
  expect_move({{1, 0, 0, 3}, {5, 6, 6, 6}, 11, 10}, hole(1), {{0, 1, 0, 3}, {5, 6, 6, 6}, 11, 10});
}

TEST_F(Boukerourou, ALastCounterMakingSixInTheOpponentsRowTakesThem) {
  // "When the final counter lands in a hole in the opponent's row causing it to contain six
  // counters, these counters are captured." The relayed sowing of h3 ends in P2's h2, five
  // before it: six, taken.
  const MoveEffect fx = expect_move({{1, 0, 3, 0}, {5, 5, 6, 6}, 11, 11}, hole(1),
                                    {{0, 1, 0, 1}, {6, 0, 6, 6}, 17, 11});
  EXPECT_EQ(fx.captured, 6);
}

TEST_F(Boukerourou, APlayerWithNoCountersInHisHolesHasLost) {
  // "Play continues until one player has no counters in their holes, and the opponent wins."
  // P1's last counter ends in his own empty h4 and P2's empty h1 follows it: P2, to move, has
  // nothing to sow.
  State s = position({0, 0, 1, 0}, {0, 0, 0, 0}, 24, 23);
  game.apply(s, hole(3));
  expect_over(s, EndReason::kRule, 0);
}

// Gabata (Adegrat)'s sentences (DLP.Ruleset.351), on Boukerourou's board: its match of rounds
// whose holes change owner is not yet played (docs/coverage.md, match.hole_ownership), so no
// ruleset ships; the relay and its capture are checked here.
Game gabata_adegrat_relay() {
  RuleSet r = load_ruleset("boukerourou/dlp");
  r.relay = Relay::kNextAfterOccupiedLanding;
  r.capture = Capture::kNextAfterEmpty;
  r.capture_counts = {};
  r.capture_rows = CaptureRows::kOpponent;
  finalize(r, "gabata_adegrat");
  return Game(r);
}

TEST_F(Boukerourou, NextAfterOccupiedLandingRelaysFromTheNextHoleUntilItIsEmpty) {
  // Gabata (Adegrat): "When the final counter falls into an occupied hole, the player picks up
  // the counters in the next hole and continues sowing from it. If that next hole is empty, the
  // turn ends." h1's counter makes h2 three; h3 (3) is lifted and sown into h4, P2's h1 and h2
  // (2: three); P2's h3, after it, is empty: the turn ends, no capture.
  const Game g = gabata_adegrat_relay();
  const MoveEffect fx = expect_move({{1, 2, 3, 0}, {2, 2, 0, 4}, 17, 17}, hole(1),
                                    {{0, 3, 0, 1}, {3, 3, 0, 4}, 17, 17}, &g);
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(fx.sowings, 2);  // the first sowing and one relay
}

TEST_F(Boukerourou, NextAfterOccupiedLandingEndsInAnEmptyHoleWithItsCapture) {
  // Gabata (Adegrat): "If the final counter falls into an empty hole, the contents of the
  // following hole are captured." h1's counter falls into the empty h2: no relay, and h3's
  // three are taken.
  const Game g = gabata_adegrat_relay();
  const MoveEffect fx = expect_move({{1, 0, 3, 0}, {5, 6, 6, 6}, 11, 10}, hole(1),
                                    {{0, 1, 0, 0}, {5, 6, 6, 6}, 14, 10}, &g);
  EXPECT_EQ(fx.captured, 3);
}

TEST(ConditionalRelay, IsRefusedWithStoresOnThePath) {
  RuleSet r = load_ruleset("boukerourou/dlp");
  r.stores = StoreMode::kSown;
  EXPECT_EQ(test_support::thrown_message<RuleError>([&] { finalize(r, "x.json"); }),
            "x.json: rules.relay: next_after_occupied_landing and next_after_empty_landing relay "
            "from the next hole: not with stores on the sowing path (stores sown)");
}

}  // namespace
}  // namespace mancala::sim
