// Four-row captures and the direction chosen for each move (issue 38, items 1 and 2: cap4.facing
// and sow.direction_choice): hand-computed positions of the rulesets that use them, each test
// naming the sentence of the DLP's paraphrase it checks. A side's local holes 0..2N-1 run along
// its anticlockwise path: the outer row from its left, then the inner row from its right; a
// clockwise move (Move::reverse) goes the other way.
#include <gtest/gtest.h>

#include "../test_support.h"
#include "board_test_util.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::four_rows;
using board_testing::legal_holes;

// The local hole of player 2 facing player 1's local hole k: the inner one, or the outer one
// behind it.
int facing_inner(const Game& g, int k) { return g.local(g.opposite(g.global(0, k))); }
int facing_outer(const Game& g, int k) { return g.local(g.opposite_outer(g.global(0, k))); }

TEST(DirectionChoice, ZanzibarOneListsEveryHoleBothWays) {
  // Bao Ki Arabu (Zanzibar 1), DLP.Ruleset.262: "Players pick up counters from any of their
  // holes and sow them in either direction." Each playable hole twice: anticlockwise, then
  // clockwise (negated).
  const Game g(load_ruleset("bao_ki_arabu_zanzibar_1/dlp"));
  const State s = four_rows(g, {{0, 2}, {12, 1}}, {{0, 3}}, 45, 45);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{1, -1, 13, -13}));
}

TEST(DirectionChoice, ZanzibarOneClockwiseMoveKeepsItsDirectionThroughTheRelay) {
  // "If the last counter falls into an occupied hole, they pick the counters in this hole up and
  // continue sowing": the relay goes on the way the move was begun. P1's local 12 (2) sown
  // clockwise drops into 11 and 10; 10 held one, so its two are lifted and sown into 9 and 8,
  // where the last falls in an empty inner hole and takes both holes facing it.
  const Game g(load_ruleset("bao_ki_arabu_zanzibar_1/dlp"));
  State s = four_rows(g, {{12, 2}, {10, 1}},
                      {{facing_inner(g, 8), 3}, {facing_outer(g, 8), 4}, {facing_inner(g, 10), 6}},
                      40, 40);
  const MoveEffect fx = g.apply(s, Move{12, true});
  EXPECT_EQ(fx.captured, 7);
  EXPECT_EQ(fx.sowings, 2);
  for (int k : {12, 10}) EXPECT_EQ(s.holes[g.global(0, k)], 0) << k;
  for (int k : {11, 9, 8}) EXPECT_EQ(s.holes[g.global(0, k)], 1) << k;
  EXPECT_EQ(s.holes[g.global(1, facing_inner(g, 10))], 6);
  EXPECT_EQ(s.store, board_testing::pair(47, 40));
}

TEST(DirectionChoice, ZanzibarOneAnticlockwiseMoveFromTheSameHoleGoesTheOtherWay) {
  // The same position sown anticlockwise: 13 and 14 (empty inner holes), the last in 14, whose
  // facing holes are empty: nothing taken.
  const Game g(load_ruleset("bao_ki_arabu_zanzibar_1/dlp"));
  State s = four_rows(g, {{12, 2}, {10, 1}},
                      {{facing_inner(g, 8), 3}, {facing_outer(g, 8), 4}, {facing_inner(g, 10), 6}},
                      40, 40);
  EXPECT_EQ(g.apply(s, Move{12, false}).captured, 0);
  for (int k : {13, 14, 10}) EXPECT_EQ(s.holes[g.global(0, k)], 1) << k;
}

TEST(FourRowFacing, ZanzibarOneTakesBothFacingHolesEvenWhenTheInnerIsEmpty) {
  // "If the empty hole is in the inner row, the player captures any of the counters in the
  // opponent's two holes opposite it" (capture_outer always): the outer hole is taken though the
  // inner one facing it is empty. P1's local 12 (2) anticlockwise: 13, 14.
  const Game g(load_ruleset("bao_ki_arabu_zanzibar_1/dlp"));
  State s = four_rows(g, {{12, 2}}, {{facing_outer(g, 14), 5}, {0, 3}}, 43, 43);
  EXPECT_EQ(g.apply(s, Move{12, false}).captured, 5);
  EXPECT_EQ(s.holes[g.global(1, facing_outer(g, 14))], 0);
  EXPECT_EQ(s.store, board_testing::pair(48, 43));
}

TEST(FourRowFacing, MorubaTakesFromAnyInnerHoleThenTheOuterOneBehindIt) {
  // Moruba, DLP.Ruleset.1280: "When the counters fall into a hole in their inner row, the contents
  // of the opponent's opposite inner row hole are captured, as are any in the opponent's
  // corresponding outer row hole, but only if counters were captured from the inner row hole."
  // P1's local 20 (1) drops into 21, which holds 3: the hole was occupied, the capture is made.
  const Game g(load_ruleset("moruba/dlp"));
  State s = four_rows(g, {{20, 1}, {21, 3}},
                      {{facing_inner(g, 21), 2}, {facing_outer(g, 21), 6}, {0, 4}}, 88, 88);
  EXPECT_EQ(g.apply(s, Move{20, false}).captured, 8);
  EXPECT_EQ(s.holes[g.global(0, 21)], 4);
  EXPECT_EQ(s.store, board_testing::pair(96, 88));
  // The facing inner hole empty: nothing is taken, the outer hole behind it stays.
  State t = four_rows(g, {{20, 1}, {21, 3}}, {{facing_outer(g, 21), 6}, {0, 6}}, 88, 88);
  EXPECT_EQ(g.apply(t, Move{20, false}).captured, 0);
  EXPECT_EQ(t.holes[g.global(1, facing_outer(g, 21))], 6);
}

TEST(FourRowFacing, MorubaSowsOnceAndALastCounterInTheOuterRowTakesNothing) {
  // "Players alternate turns sowing the counters from one hole": no relay. P1's local 2 (2)
  // drops into 3 and 4 (4 held 5), and the move ends there, in the outer row.
  const Game g(load_ruleset("moruba/dlp"));
  State s = four_rows(g, {{2, 2}, {4, 5}}, {{0, 5}}, 90, 90);
  const MoveEffect fx = g.apply(s, Move{2, false});
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(fx.sowings, 1);
  EXPECT_EQ(s.holes[g.global(0, 4)], 6);
  EXPECT_EQ(s.to_move, 1);
}

TEST(DirectionChoice, EitherRefusesTheKeysThatNeedOneDirection) {
  RuleSet privilege = load_ruleset("bao_ki_arabu_zanzibar_1/dlp");
  privilege.reverse_privilege = ReversePrivilege::kEndHolesWithCapture;
  EXPECT_EQ(test_support::error_of([&] { finalize(privilege, "t.json"); }),
            "t.json: rules.direction: either already sows every move both ways: no "
            "reverse_privilege with it");
  RuleSet singles = load_ruleset("bao_ki_arabu_zanzibar_1/dlp");
  singles.single_into_empty_only = true;
  EXPECT_EQ(test_support::error_of([&] { finalize(singles, "t.json"); }),
            "t.json: rules.single_into_empty_only: the next hole depends on the direction of "
            "each move: not with direction either");
}

}  // namespace
}  // namespace mancala::sim
