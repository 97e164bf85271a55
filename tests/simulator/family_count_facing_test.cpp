// Issue 38: a count capture that takes the facing holes too (cap.count_with_opposite:
// capture_with_facing), on hand-computed positions of La'b Akila (DLP.Ruleset.796). Rows are
// written from their owner's left: player 1's hole h is global h-1, player 2's is 7+h-1; P1's
// hole h faces P2's hole 8-h.
#include <gtest/gtest.h>

#include "board_test_util.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::hole;

class LabAkila : public board_testing::RuleClauseTest<7> {
 protected:
  LabAkila() : RuleClauseTest("la_b_akila/dlp", 98) {}
};

TEST_F(LabAkila, TakesTheHoleWithItsOppositeAndTheRunFollowingIt) {
  // "If the final counter falls into a hole containing one or three counters, the player
  // captures those counters, plus any counters in the hole in the opposite row, as well as the
  // contents of any holes in an unbroken sequence following the one in which the final counter
  // which also contain two or four counters." P1's h6 (3) ends in P2's h2, one before: two,
  // taken with its opposite (P1's h6, just emptied); P2's h3 (4) and h4 (2) follow, each taken
  // with its opposite (P1's h5: 3, h4: 1); P2's h5 (3) ends the run, and its opposite stays.
  const MoveEffect fx = expect_move({{1, 1, 1, 1, 3, 3, 0}, {5, 1, 4, 2, 3, 1, 1}, 36, 35}, hole(6),
                                    {{1, 1, 1, 0, 0, 0, 1}, {6, 0, 0, 0, 3, 1, 1}, 48, 35});
  EXPECT_EQ(fx.captured, 12);
  EXPECT_EQ(fx.sowings, 1);  // the capturing count stops the relay
}

TEST_F(LabAkila, WithoutTheOppositeHolesTheCountCaptureTakesTheRunAlone) {
  // The same move under capture_with_facing false: the eight of P2's h2, h3 and h4 alone.
  RuleSet r = load_ruleset("la_b_akila/dlp");
  r.capture_with_facing = false;
  const Game g(r);
  expect_move({{1, 1, 1, 1, 3, 3, 0}, {5, 1, 4, 2, 3, 1, 1}, 36, 35}, hole(6),
              {{1, 1, 1, 1, 3, 0, 1}, {6, 0, 0, 0, 3, 1, 1}, 44, 35}, &g);
}

TEST_F(LabAkila, ALastCounterInAnOccupiedHoleRelaysAndOneInAnEmptyHoleEndsTheTurn) {
  // "When the final counter falls into an occupied hole, the contents of that hole are picked up
  // and sowing continues. ... When the final counter falls into an empty hole, the turn ends."
  // P1's h6 (1) ends in h7 (4: five, no capture): its five are sown into P2's h1..h5, the last
  // into the empty h5: the turn ends.
  const MoveEffect fx = expect_move({{1, 1, 1, 1, 3, 1, 4}, {5, 1, 4, 2, 0, 1, 1}, 36, 36}, hole(6),
                                    {{1, 1, 1, 1, 3, 0, 0}, {6, 2, 5, 3, 1, 1, 1}, 36, 36});
  EXPECT_EQ(fx.captured, 0);
}

TEST(CaptureWithFacing, OnlyHasAMeaningWithCaptureCount) {
  RuleSet r = load_ruleset("boukerourou/dlp");
  r.capture = Capture::kNextAfterEmpty;
  r.capture_counts = {};
  r.relay = Relay::kNone;
  r.capture_with_facing = true;
  try {
    finalize(r, "x.json");
    ADD_FAILURE() << "no error";
  } catch (const RuleError& e) {
    EXPECT_STREQ(e.what(),
                 "x.json: rules.capture_with_facing: only has a meaning with capture count");
  }
}

}  // namespace
}  // namespace mancala::sim
