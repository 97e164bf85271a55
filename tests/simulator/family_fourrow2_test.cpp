// Issue 38, branch fourrow2: the optional stop (move.optional_stop: optional_stop_holes, and
// extra_holes_spare_stops), on hand-computed positions of Misoro Tsoro (DLP.Ruleset.1290),
// Misoro Tsoro (Additional Capture) (DLP.Ruleset.1291) and Musoro Tsoro (DLP.Ruleset.1294), and
// its move notation ".k" (docs/rules-format.md, "Move notation"). A four-row side's local holes
// 0..15 run along its anticlockwise path: the outer row 0..7 (o1..o8) from its owner's left,
// then the inner row 8..15 (i8..i1) from his right.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "board_test_util.h"
#include "simulator/describe.h"
#include "simulator/engine.h"
#include "simulator/ruleset_io.h"
#include "simulator/transposition.h"

namespace mancala::sim {
namespace {

using Side = std::vector<std::pair<int, int>>;  // (local hole, counters)

class OptionalStop : public ::testing::Test {
 protected:
  const Game misoro{load_ruleset("misoro_tsoro/dlp")};
  // The position of the two sides, player 1 to move; the store holds the rest of `total`.
  static State position(const Game& g, const Side& p1, const Side& p2, int total) {
    return board_testing::four_row_position(g, p1, p2, total);
  }
  static int at(const Game& g, const State& s, int player, int k) {
    return s.holes[g.global(player, k)];
  }
  // P2's local hole facing player 1's inner hole k.
  static int facing(const Game& g, int k) { return g.opposite(g.global(0, k)) - g.global(1, 0); }
  // The legal moves as written.
  static std::vector<std::string> labels(const Game& g, const State& s) {
    MoveList moves;
    g.legal_moves(s, moves);
    std::vector<std::string> out;
    for (const Move& m : moves) out.push_back(move_label(g, s, s.to_move, m));
    return out;
  }
  static bool lists(const std::vector<std::string>& v, const std::string& m) {
    return std::find(v.begin(), v.end(), m) != v.end();
  }
  // The position of the two stops: P1's i1 (local 15) holds 2, o2 (local 1) 14; P2's o1 4.
  // Sowing i1 drops into o1 (empty: 1) and o2 (15), a misoro: stop 1. Relayed, o2's 15 go into
  // o3..i1 (local 2..15, one each) and o1 (2), a misoro again: stop 2.
  State two_stops() const { return position(misoro, {{15, 2}, {1, 14}}, {{0, 4}}, 32); }
};

TEST_F(OptionalStop, ALastCounterInAnOccupiedMisoroMayEndTheMove) {
  // "If this final hole is one of the misoro, the player may choose to end their turn instead of
  // continuing to sow." i1.1 ends at the first stop: o1 1, o2 15, i1 empty.
  State s = two_stops();
  ASSERT_TRUE(misoro.is_legal(s, Move{15, false, 1}));
  const MoveEffect fx = misoro.apply(s, parse_move(misoro, s, 0, "i1.1", "test"));
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(fx.sowings, 1);
  EXPECT_EQ(at(misoro, s, 0, 15), 0);
  EXPECT_EQ(at(misoro, s, 0, 0), 1);
  EXPECT_EQ(at(misoro, s, 0, 1), 15);
  EXPECT_EQ(s.to_move, 1);
}

TEST_F(OptionalStop, TheSecondStopOfTheChainIsWrittenDotTwo) {
  // i1.2 goes on from the first stop and ends at the second: o1 2, o2 empty, o3..i1 one each.
  State s = two_stops();
  const MoveEffect fx = misoro.apply(s, parse_move(misoro, s, 0, "i1.2", "test"));
  EXPECT_EQ(fx.sowings, 2);
  EXPECT_EQ(at(misoro, s, 0, 0), 2);
  EXPECT_EQ(at(misoro, s, 0, 1), 0);
  for (int k = 2; k < 16; ++k) EXPECT_EQ(at(misoro, s, 0, k), 1) << k;
}

TEST_F(OptionalStop, WithoutAStopTheMoveRelaysAsTsoro) {
  // "When the final counter lands in an occupied hole, these are picked up and sowing continues."
  // i1 takes no stop: from o1 (2) into o2 (1) and o3 (2), then two by two from o3, o5, o7, i8,
  // i6, i4 and i2, whose last counter falls into the emptied o1: the move ends there.
  State s = two_stops();
  const MoveEffect fx = misoro.apply(s, parse_move(misoro, s, 0, "i1", "test"));
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(fx.sowings, 10);
  const std::vector<int> after = {1, 1, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2};
  for (int k = 0; k < 16; ++k) EXPECT_EQ(at(misoro, s, 0, k), after[k]) << k;
}

TEST_F(OptionalStop, TheLegalMovesListEachStopTheChainReaches) {
  // i1's chain reaches two stops: i1, i1.1 and i1.2 are legal, i1.3 is not. o2's fourteen end in
  // i1 (3), whose relay goes round two by two to o1 (2), a stop, and on into the empty o3: o2 and
  // o2.1. The moves without a stop come first, in hole order.
  const State s = two_stops();
  EXPECT_EQ(labels(misoro, s), (std::vector<std::string>{"o2", "i1", "o2.1", "i1.1", "i1.2"}));
  EXPECT_FALSE(misoro.is_legal(s, Move{15, false, 3}));
  EXPECT_TRUE(misoro.is_legal(s, Move{1, false, 1}));
}

TEST_F(OptionalStop, AnEmptyMisoroEndsTheMoveWithoutAChoice) {
  // A last counter in an empty hole ends the move anyway: P1's i1 (2 counters) sows into o1 and
  // o2, both empty; i1 alone is listed.
  const State s = position(misoro, {{15, 2}}, {{0, 4}}, 32);
  EXPECT_EQ(labels(misoro, s), std::vector<std::string>{"i1"});
}

TEST(MusoroTsoro, TheMusoroIsTheOuterRowsRightmostHoleAndStartsWithThree) {
  // "Each player's rightmost hole is the musoro. Two counters in each hole in the players' outer
  // rows, except each musoro which has three." Stopping in the musoro forgoes the capture the
  // relay would make: o6 (2) into o7 and o8 (3: four); relayed, o8's four go into i8..i5, the
  // last into the empty i5, which takes P2's inner hole facing it (3).
  const Game g{load_ruleset("musoro_tsoro/dlp")};
  const State start = g.initial_state();
  EXPECT_EQ(start.holes[g.global(0, 7)], 3);
  EXPECT_EQ(start.holes[g.global(1, 7)], 3);
  EXPECT_EQ(start.holes[g.global(0, 6)], 2);
  const int f = g.opposite(g.global(0, 11)) - g.global(1, 0);
  const State s = board_testing::four_row_position(g, {{5, 2}, {7, 3}}, {{f, 3}, {0, 2}}, 34);
  State stop = s, on = s;
  EXPECT_EQ(g.apply(stop, parse_move(g, stop, 0, "o6.1", "test")).captured, 0);
  EXPECT_EQ(stop.holes[g.global(0, 7)], 4);
  EXPECT_EQ(stop.holes[g.global(1, f)], 3);
  EXPECT_EQ(g.apply(on, parse_move(g, on, 0, "o6", "test")).captured, 3);
  EXPECT_EQ(on.holes[g.global(1, f)], 0);
}

TEST(MisoroTsoroAdditionalCapture, TheExtraHoleIsNeverAMisoro) {
  // "The player also captures the counters from the agreed-upon number of holes on the
  // opponent's side of the board. Counters in misoro cannot be captured with one of these
  // additional captures." P1's i7 (local 9, 2) ends in the empty i5 (local 11): P2's inner hole
  // facing it (3) and the outer one behind it, his o4 (2), are taken, and the extra hole is his
  // o5 (2), not his fuller misoro o1 (6).
  const Game g{load_ruleset("misoro_tsoro_additional_capture/dlp")};
  const int f = g.opposite(g.global(0, 11)) - g.global(1, 0);
  ASSERT_EQ(g.opposite_outer(g.global(0, 11)), g.global(1, 3));
  State s = board_testing::four_row_position(g, {{9, 2}}, {{f, 3}, {0, 6}, {3, 2}, {4, 2}}, 32);
  EXPECT_EQ(g.apply(s, Move{9, false}).captured, 3 + 2 + 2);
  EXPECT_EQ(s.holes[g.global(1, 0)], 6);
  EXPECT_EQ(s.holes[g.global(1, 4)], 0);
}

TEST(OptionalStopNotation, DotKIsWrittenAfterTheHoleAndItsClockwiseMark) {
  const Game g{load_ruleset("misoro_tsoro/dlp")};
  EXPECT_EQ(move_label(g, 0, Move{15, false, 2}), "i1.2");
  EXPECT_EQ(move_label(g, 0, Move{0, true, 1}), "o1<.1");
  EXPECT_EQ(parse_move(g, 0, "o1<.1", "m"), (Move{0, true, 1}));
  EXPECT_EQ(parse_move(g, 0, "i1", "m"), (Move{15, false, 0}));
  for (const char* bad : {"i1.0", "i1.", "i1.x", "i1.128"}) {
    EXPECT_THROW(parse_move(g, 0, bad, "m"), Error) << bad;
  }
  // The search's table keeps a stop's move (stops 1-3).
  for (const Move m : {Move{15, false, 1}, Move{3, true, 3}, Move{7, false, 0}})
    EXPECT_EQ(TtEntry::unpack(TtEntry::pack(m)), m);
  EXPECT_EQ(TtEntry::pack(Move{15, true, 4}), TtEntry::kNoMove);
}

// Sute (DLP.Ruleset.1322): "Sowing occurs in an anti-clockwise direction, only into an empty
// hole." (single_into_empty_only on a board of single counters) and "When a counter lands in a
// hole in the inner row and the opponent's opposite inner row hole is empty, the contents of the
// opponent's opposite outer row hole are captured." (capture_outer when_inner_empty)
TEST(Sute, OnlyACounterWhoseNextHoleIsEmptyMoves) {
  // "One counter in each hole, except the right-hand end row of the inner row": each side's i8
  // (local 8) is empty, so o8, the hole before it, is the only move.
  const Game g{load_ruleset("sute/dlp")};
  const State s = g.initial_state();
  EXPECT_EQ(s.holes[g.global(0, 8)], 0);
  EXPECT_EQ(s.holes[g.global(1, 8)], 0);
  EXPECT_EQ(g.counters_total(s), 30);
  EXPECT_EQ(board_testing::legal_holes(g, s), std::vector<int>{8});
  // o8 into i8: P2's inner hole facing it, his i1, holds a counter: nothing is taken.
  State t = s;
  EXPECT_EQ(g.apply(t, board_testing::hole(8)).captured, 0);
  EXPECT_EQ(t.holes[g.global(0, 8)], 1);
  EXPECT_EQ(t.holes[g.global(0, 7)], 0);
}

TEST(Sute, AnEmptyFacingInnerHoleGivesTheOuterHoleBehindIt) {
  // P1's o8 (local 7) moves into i8 (local 8); P2's inner hole facing it is empty, and his outer
  // hole behind it (his o1) holds one: it is taken. With that inner hole occupied, nothing is.
  const Game g{load_ruleset("sute/dlp")};
  const int inner = g.opposite(g.global(0, 8)) - g.global(1, 0);
  const int outer = g.opposite_outer(g.global(0, 8)) - g.global(1, 0);
  ASSERT_EQ(outer, 0);
  State s = board_testing::four_row_position(g, {{7, 1}, {3, 1}}, {{outer, 1}, {5, 1}}, 30);
  EXPECT_EQ(g.apply(s, board_testing::hole(8)).captured, 1);
  EXPECT_EQ(s.holes[g.global(1, outer)], 0);
  State t = board_testing::four_row_position(g, {{7, 1}, {3, 1}}, {{outer, 1}, {inner, 1}}, 30);
  EXPECT_EQ(g.apply(t, board_testing::hole(8)).captured, 0);
  EXPECT_EQ(t.holes[g.global(1, outer)], 1);
  EXPECT_EQ(t.holes[g.global(1, inner)], 1);
}

// Lobudok (DLP.Ruleset.1284): "To start, players may not sow into or sow from the leftmost and
// rightmost holes in both of their rows. When it is no longer possible for the player to make a
// legal move using only these twelve holes, they may then play using all of the holes. The
// opponent must continue using only twelve holes until they also cannot make a legal move with
// them." (locked_end_holes)
TEST(Lobudok, TheEndHolesAreNeitherSownFromNorIntoAtTheStart) {
  // "0,0,1,0,0,1,6,0,8,0,1,0,0,1,6,8": i8 and i1 (local 8 and 15) hold eight each but are locked;
  // of the twelve open holes only o7 and i2 (six each) hold more than one.
  const Game g{load_ruleset("lobudok/dlp")};
  State s = g.initial_state();
  EXPECT_EQ(g.counters_total(s), 64);
  EXPECT_EQ(board_testing::legal_holes(g, s), (std::vector<int>{7, 15}));
  // o7's chain (its six into i7..i2, relayed on) passes over o1, o8, i8 and i1.
  g.apply(s, board_testing::hole(7));
  for (const auto& [k, n] : std::vector<std::pair<int, int>>{{0, 0}, {7, 0}, {8, 8}, {15, 8}})
    EXPECT_EQ(s.holes[g.global(0, k)], n) << k;
  EXPECT_EQ(g.counters_total(s), 64);
}

TEST(Lobudok, ABlockedPlayerHasHisEndHolesOpenedTheOpponentNot) {
  // P1's open holes hold single counters only, his locked i8 eight: blocked at his turn, he plays
  // his end holes from then on. P2 (o7: six into i7..i2, the last into an empty hole) keeps his
  // locked, and his i8's eight stay out of play for him.
  const Game g{load_ruleset("lobudok/dlp")};
  State s = board_testing::four_row_position(g, {{8, 8}, {2, 1}}, {{6, 6}, {8, 8}}, 64);
  ASSERT_NE(s.closed_to[0], 0u);
  s.to_move = 1;
  EXPECT_EQ(board_testing::legal_holes(g, s), std::vector<int>{7});
  g.apply(s, board_testing::hole(7));
  ASSERT_FALSE(s.over);
  EXPECT_EQ(s.to_move, 0);
  EXPECT_EQ(s.closed_to[0], 0u);
  EXPECT_NE(s.closed_to[1], 0u);
  EXPECT_EQ(board_testing::legal_holes(g, s), std::vector<int>{9});
}

TEST(OptionalStopHoles, NeedTheLandingHoleRelay) {
  RuleSet r = load_ruleset("misoro_tsoro/dlp");
  r.relay = Relay::kNone;
  try {
    finalize(r, "x.json");
    ADD_FAILURE() << "no error";
  } catch (const RuleError& e) {
    EXPECT_STREQ(e.what(),
                 "x.json: rules.optional_stop_holes: ends a move instead of its relay: it needs "
                 "relay landing_hole");
  }
}

}  // namespace
}  // namespace mancala::sim
