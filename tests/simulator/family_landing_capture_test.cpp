// Issue 38: captures made at an occupied landing hole and sown on with it (cap.resow
// with_landing_hole: capture_resow with_landing_hole), on hand-computed positions of Kisolo
// (Lali) (DLP.Ruleset.1365). A four-row side's local holes 0..15 run along its anticlockwise
// path: the outer row 0..7 from its owner's left, then the inner row 8..15 from his right.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "board_test_util.h"
#include "simulator/engine.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using Side = std::vector<std::pair<int, int>>;  // (local hole, counters)

class KisoloLali : public ::testing::Test {
 protected:
  const Game g{load_ruleset("kisolo_lali/dlp")};
  // The position of the two sides, player 1 to move; the stores hold the rest of the 64.
  State position(const Side& p1, const Side& p2) const {
    return board_testing::four_row_position(g, p1, p2, 64);
  }
  int at(const State& s, int player, int k) const { return s.holes[g.global(player, k)]; }
  // P2's local hole facing player 1's inner hole k.
  int facing(int k) const { return g.opposite(g.global(0, k)) - g.global(1, 0); }
};

TEST_F(KisoloLali, AnOccupiedInnerLandingTakesTheFacingInnerHoleAndSowsOnWithIt) {
  // "When the final counter lands in an occupied hole in the inner row, the player captures the
  // counters in the opponent's opposite inner row hole, and continues sowing with these counters
  // and the counters in the hole where the final counter was dropped." P1's inner hole 13 (2)
  // sows its first counter back into itself, the second into 14 (2: three); the facing hole's
  // three join them and the six are sown into 15, 0, 1, 2, 3 and 4, the last into an empty hole.
  const int f = facing(14);
  State s = position({{13, 2}, {14, 2}}, {{f, 3}, {0, 5}});
  const MoveEffect fx = g.apply(s, Move{13, false});
  EXPECT_EQ(fx.captured, 3);
  EXPECT_EQ(at(s, 1, f), 0);
  EXPECT_EQ(at(s, 0, 13), 1);
  EXPECT_EQ(at(s, 0, 14), 0);
  for (int k : {15, 0, 1, 2, 3, 4}) EXPECT_EQ(at(s, 0, k), 1) << k;
  EXPECT_EQ(at(s, 1, 0), 5);
  EXPECT_EQ(g.counters_total(s), 64);
}

TEST_F(KisoloLali, WithTheFacingHoleEmptyTheLandingHoleIsSownOnAlone) {
  // "When the final counter lands in an occupied hole but a capture is not possible, these
  // counters are picked up and sowing continues." 14's three go into 15, 0 and 1.
  State s = position({{13, 2}, {14, 2}}, {{0, 5}});
  const MoveEffect fx = g.apply(s, Move{13, false});
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(at(s, 0, 14), 0);
  for (int k : {13, 15, 0, 1}) EXPECT_EQ(at(s, 0, k), 1) << k;
}

TEST_F(KisoloLali, ALastCounterInAnEmptyHoleEndsTheTurnWithoutCapture) {
  // "When the final counter lands in an empty hole, the player's turn ends." P1's 13 (2) ends in
  // the empty inner hole 14; the facing hole's three stay.
  const int f = facing(14);
  State s = position({{13, 2}}, {{f, 3}});
  const MoveEffect fx = g.apply(s, Move{13, false});
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(at(s, 1, f), 3);
  EXPECT_EQ(at(s, 0, 14), 1);
}

TEST(CaptureResowWithLandingHole, NeedsTheLandingHoleRelay) {
  RuleSet r = load_ruleset("kisolo_lali/dlp");
  r.relay = Relay::kNone;
  try {
    finalize(r, "x.json");
    ADD_FAILURE() << "no error";
  } catch (const RuleError& e) {
    EXPECT_STREQ(e.what(),
                 "x.json: rules.capture_resow: with_landing_hole captures instead of relaying "
                 "from an occupied landing hole: it needs relay landing_hole");
  }
}

}  // namespace
}  // namespace mancala::sim
