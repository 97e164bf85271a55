// Bao's moves (issue 38, item 4: bao/dlp, capture occupied_inner_facing with in_hand,
// capture_resow end_hole, must_capture and end_on_empty_inner_row): hand-computed positions, each
// test naming the sentence of the DLP's paraphrase (DLP.Ruleset.1567) it checks. A side's local
// holes: 0..7 the outer row from the player's left, 8..15 the inner row from his right, so local
// 8 is the right kichwa (i8), 9 the right kimbi (i7), 11 the nyumba (i5), 14 the left kimbi (i2)
// and 15 the left kichwa (i1); anticlockwise runs 8 -> 15 along the inner row, clockwise
// (Move::reverse) 15 -> 8.
#include <gtest/gtest.h>

#include "../test_support.h"
#include "board_test_util.h"
#include "simulator/describe.h"
#include "simulator/play_moves.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::legal_holes;

// bao/dlp without the rules added after it (the house, the kichwa's direction, big holes, the
// duties without capture, takasa, the end in the middle of a sowing: family_bao2_test.cpp checks
// those): the moves these tests check, alone.
RuleSet bao_core() {
  RuleSet r = load_ruleset("bao/dlp");
  r.house = 0;
  r.house_stop = false;
  r.kichwa_inward = false;
  r.big_hole = 0;
  r.no_capture_duty = false;
  r.takasa = false;
  r.end_mid_sowing = false;
  finalize(r, "bao_core");
  return r;
}

// A position of bao/dlp: (local hole, count) for each side and the counters each holds in hand;
// every counter of the ruleset (64) is on the board or in a hand.
State bao(const Game& g, const std::vector<std::pair<int, int>>& p1,
          const std::vector<std::pair<int, int>>& p2, int hand1, int hand2) {
  State s = g.initial_state();
  s.holes.fill(0);
  for (const auto& [k, n] : p1) s.holes[g.global(0, k)] = static_cast<Count>(n);
  for (const auto& [k, n] : p2) s.holes[g.global(1, k)] = static_cast<Count>(n);
  s.aside = board_testing::pair(hand1, hand2);
  s.ply = 50;
  EXPECT_EQ(g.counters_total(s), 64) << "hand-made position";
  return s;
}

int facing(const Game& g, int k) { return g.local(g.opposite(g.global(0, k))); }
int at(const Game& g, const State& s, int p, int k) { return s.holes[g.global(p, k)]; }

TEST(Bao, StartsWithSixInTheNyumbaTwoBesideItAnd22InHand) {
  // "Play begins with six counters in the Nyumba, two in each of the holes to its right, and 22
  // counters to be entered on the board"; the Nyumba "is the hole immediately to the right of
  // center in the player's inner row" (i5, local 11).
  const Game g(bao_core());
  const State s = g.initial_state();
  for (int p = 0; p < 2; ++p) {
    for (int k = 0; k < 16; ++k)
      EXPECT_EQ(at(g, s, p, k), k == 11 ? 6 : (k == 9 || k == 10) ? 2 : 0) << p << " " << k;
    EXPECT_EQ(s.aside[p], 22);
  }
  EXPECT_EQ(g.hole_label(g.global(0, 11)), "i5");
  // "Players place counters into an occupied hole in their front row": i7, i6, i5, either way
  // (no hole of the opponent faces them occupied, so no entry captures).
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{10, -10, 11, -11, 12, -12}));
}

TEST(Bao, AnEntryThatCannotCaptureSowsItsHoleTheWayChosen) {
  // "If a capture is not possible, the counter is placed into a hole and the contents of that
  // hole are sown." i7 (local 9) takes the counter (3) and sows anticlockwise into 10, 11, 12;
  // 12 was empty: the turn ends.
  const Game g(bao_core());
  State s = g.initial_state();
  g.apply(s, Move{9, false});
  EXPECT_EQ(at(g, s, 0, 9), 0);
  EXPECT_EQ(at(g, s, 0, 10), 3);
  EXPECT_EQ(at(g, s, 0, 11), 7);
  EXPECT_EQ(at(g, s, 0, 12), 1);
  EXPECT_EQ(s.aside[0], 21);
  EXPECT_EQ(s.to_move, 1);
  // Clockwise: into the right kichwa (8), then the outer row's 7 and 6.
  State t = g.initial_state();
  g.apply(t, Move{9, true});
  for (int k : {8, 7, 6}) EXPECT_EQ(at(g, t, 0, k), 1) << k;
  EXPECT_EQ(at(g, t, 0, 10), 2);
}

TEST(Bao, AnEntryFacingAnOccupiedHoleMustCaptureAndSowsFromTheKichwaChosen) {
  // "If this hole is opposite one of the opponent's occupied holes, the opponent's counters in
  // that hole are captured. Captures must be made if possible." and "If the capture was not made
  // from a Kimbi or Kichwa and it was not made while sowing, the player can choose which Kichwa
  // to sow from." i4 (local 12) faces 6 counters: only its entry is legal, both ways.
  const Game g(bao_core());
  const State s = bao(g, {{12, 2}, {9, 2}}, {{facing(g, 12), 6}, {0, 10}}, 22, 22);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{13, -13}));
  // From the right kichwa (local 8), anticlockwise: 8..13 take one each; 13 was empty.
  State right = s;
  EXPECT_EQ(g.apply(right, Move{12, false}).captured, 6);
  EXPECT_EQ(at(g, right, 1, facing(g, 12)), 0);
  for (int k : {8, 10, 11, 13}) EXPECT_EQ(at(g, right, 0, k), 1) << k;
  EXPECT_EQ(at(g, right, 0, 9), 3);
  EXPECT_EQ(at(g, right, 0, 12), 4);
  EXPECT_EQ(right.aside[0], 21);
  // From the left kichwa (local 15), clockwise: 15..10; 10 was empty.
  State left = s;
  g.apply(left, Move{12, true});
  for (int k : {15, 14, 13, 11, 10}) EXPECT_EQ(at(g, left, 0, k), 1) << k;
  EXPECT_EQ(at(g, left, 0, 12), 4);
  EXPECT_EQ(at(g, left, 0, 8), 0);
}

TEST(Bao, ACaptureFromAKimbiIsSownFromTheNearestKichwaAndTheMoveGoesOnThatWay) {
  // "If they were captured from a Kimbi or Kichwa, they must be sown from the nearest Kichwa."
  // Mtaji (no counters in hand): i4 (local 12, 2) sown anticlockwise drops into 13 and 14 (the
  // left kimbi, which held 1): it faces 3, captured and sown from the left kichwa clockwise into
  // 15, 14, 13; 13 held one, so its two are lifted and sown on clockwise into 12 and 11 ("When the
  // final counter lands in an occupied hole, these counters are picked up and sowing continues,
  // when a capture is not possible"); 11 was empty: the turn ends.
  const Game g(bao_core());
  State s = bao(g, {{12, 2}, {14, 1}, {0, 10}}, {{facing(g, 14), 3}, {0, 48}}, 0, 0);
  // "Captures must be made if possible": the one capturing move.
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{13}));
  const MoveEffect fx = g.apply(s, Move{12, false});
  EXPECT_EQ(fx.captured, 3);
  EXPECT_EQ(fx.sowings, 3);
  EXPECT_EQ(at(g, s, 0, 15), 1);
  EXPECT_EQ(at(g, s, 0, 14), 3);
  EXPECT_EQ(at(g, s, 0, 13), 0);
  EXPECT_EQ(at(g, s, 0, 12), 1);
  EXPECT_EQ(at(g, s, 0, 11), 1);
  // "A player wins when their opponent's inner row holes are empty."
  board_testing::expect_over(s, EndReason::kRule, 0);
  EXPECT_EQ(s.rule_end, RuleEnd::kInnerRowEmpty);
}

TEST(Bao, WithoutACaptureAMoveMustStartInTheInnerRowAndSinglesAreNotSown) {
  // "Sowing must occur from an inner row hole when possible." and "Single counters cannot be
  // sown." No move captures: i5 (local 11, 2) both ways; not o3 (local 2, 3) nor i3 (local 13, 1).
  const Game g(bao_core());
  const State s = bao(g, {{2, 3}, {11, 2}, {13, 1}}, {{0, 58}}, 0, 0);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{12, -12}));
}

TEST(Bao, APlayerWithOnlySingleCountersHasLost) {
  // "A player may also lose if they only have single counters in their holes." P1's i5 (local
  // 11, 2) sown clockwise drops into 10 and 9, both empty: nothing is captured, and P2, holding
  // two single counters, has no move (no_move end_mover_loses).
  const Game g(bao_core());
  State s = bao(g, {{11, 2}, {0, 60}}, {{8, 1}, {0, 1}}, 0, 0);
  EXPECT_EQ(g.apply(s, Move{11, true}).captured, 0);
  board_testing::expect_over(s, EndReason::kRule, 0);
  EXPECT_EQ(s.rule_end, RuleEnd::kNoMove);
}

TEST(Bao, AnEntryIsWrittenWithAPlusAndThePositionSaysWhetherOneIsDue) {
  // docs/rules-format.md, "Move notation": "+i7" enters a counter into i7 and sows it
  // anticlockwise, "+i7<" clockwise; without the "+" the position still reads it as an entry.
  const Game g(bao_core());
  const State s = g.initial_state();
  EXPECT_EQ(move_label(g, s, 0, Move{9, true}), "+i7<");
  EXPECT_EQ(move_label(g, 0, Move{9, true}), "i7<");
  EXPECT_EQ(parse_move(g, s, 0, "+i7<", "m"), (Move{9, true}));
  // P1's +i7 puts a counter in his i4, which faces P2's i5: P2 must capture by entering there.
  const State a = play_moves(g, "+i7 +i5", "replay");
  const State b = play_moves(g, "i7 i5", "replay");
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.aside, board_testing::pair(21, 21));
  const State mtaji = bao(g, {{2, 3}, {11, 2}, {13, 1}}, {{0, 58}}, 0, 0);
  EXPECT_EQ(move_label(g, mtaji, 0, Move{11, false}), "i5");
  EXPECT_EQ(test_support::error_of([&] { parse_move(g, mtaji, 0, "+i5", "move 1 '+i5'"); }),
            "move 1 '+i5': '+' enters a counter from the hand, and P1 holds none");
}

TEST(Bao, TheKeysOfBaosMovesAreRefusedWhereTheyAreNotPlayed) {
  RuleSet kalah = load_ruleset("kalah");
  kalah.must_capture = true;
  EXPECT_EQ(test_support::error_of([&] { finalize(kalah, "t.json"); }),
            "t.json: rules.must_capture: only has a meaning with capture occupied_inner_facing");
  RuleSet otep_like = load_ruleset("bao/dlp");
  otep_like.capture_fours = Fours::kEndOfTurn;
  EXPECT_EQ(test_support::error_of([&] { finalize(otep_like, "t.json"); }),
            "t.json: rules.capture_fours: is not played with capture occupied_inner_facing (Bao's "
            "moves): keep its default \"none\"");
  RuleSet one_way = load_ruleset("bao/dlp");
  one_way.direction = Direction::kAnticlockwise;
  EXPECT_EQ(test_support::error_of([&] { finalize(one_way, "t.json"); }),
            "t.json: rules.capture: occupied_inner_facing sows its captures from either end of "
            "the inner row: it needs direction either");
}

}  // namespace
}  // namespace mancala::sim
