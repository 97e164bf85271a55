// The DLP family's rule keys (issue 25): one test per key on a hand-computed position of a
// ruleset that uses it, naming the sentence of the DLP's rules paraphrase it implements. Rows of
// one-row boards are written from their owner's left: player 1's hole h is global h-1, player 2's
// is H+h-1; anticlockwise runs 1..H along player 1's row, then 1..H along player 2's; a hole
// faces the opponent's H+1-h. Four-row boards: a side's local holes 0..N-1 are its outer row from
// its left, N..2N-1 its inner row from its right (the anticlockwise path of circuit own_rows).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "../test_support.h"
#include "board_test_util.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::expect_over;
using board_testing::four_rows;
using board_testing::hole;
using board_testing::legal_holes;

template <std::size_t H>
using FamilyRow = std::array<int, H>;

// A main-phase position (ply 10) of a one-row board, player `to_move` to move; the holes and
// stores must hold every counter of the ruleset.
template <std::size_t H>
State position(const Game& g, FamilyRow<H> p1, FamilyRow<H> p2, int store1, int store2,
               int to_move = 0, int ply = 10) {
  return board_testing::position(g, p1, p2,
                                 {store1, store2, to_move, ply, g.rules().total_counters});
}

// --- captures by count ---

TEST(FamilyCount, OwareTakesTheHoleOfTwoOrThreeAndTheRunBeforeIt) {
  // Oware (DLP.Ruleset.69): "Players capture counters when the final counter is sown in the
  // opponent's row and the hole containing it has two or three counters ... If the hole before
  // it also has two or three counters, these are also captured and so on until reaching a hole
  // without two or three counters or one not belonging to the opponent."
  const Game g(load_ruleset("oware/dlp"));
  // P1's 6 (3) sows P2's 1, 2, 3 -> 2, 3, 2: all three taken; the run stops at P1's own row.
  State s = position<6>(g, {0, 0, 0, 0, 0, 3}, {1, 2, 1, 0, 0, 5}, 20, 16);
  const MoveEffect fx = g.apply(s, hole(6));
  EXPECT_EQ(fx.captured, 7);
  board_testing::expect_board<6>(s, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 5}, 27, 16);
  // A hole of one breaks the run: P2's 3 (2) is taken, his 2 (1) is not, nor his 1 (3) behind it.
  State t = position<6>(g, {0, 0, 0, 0, 0, 3}, {2, 0, 1, 0, 0, 5}, 20, 17);
  g.apply(t, hole(6));
  board_testing::expect_board<6>(t, {0, 0, 0, 0, 0, 0}, {3, 1, 0, 0, 0, 5}, 22, 17);
}

TEST(FamilyCount, OwareForbidsTheGrandSlamUnlessEveryMoveIsOne) {
  // Oware: "A move which would capture all of the opponent's counters is not allowed."
  const Game g(load_ruleset("oware/dlp"));
  // P1's 6 (2) would make P2's 1 and 2 hold 2 and 3 and take all five: only his 1 is legal.
  State s = position<6>(g, {1, 0, 0, 0, 0, 2}, {1, 2, 0, 0, 0, 0}, 20, 22);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{1}));
  // Assumption of the reading: when every move would, they stay legal (and capture).
  State t = position<6>(g, {0, 0, 0, 0, 0, 2}, {1, 2, 0, 0, 0, 0}, 21, 22);
  EXPECT_EQ(legal_holes(g, t), (std::vector<int>{6}));
  EXPECT_EQ(g.apply(t, hole(6)).captured, 5);
}

TEST(FamilyCount, OwareMustFeedAnEmptyOpponentAndEndsWhenItCannot) {
  // Oware: "If an opponent's holes are all empty, the other player must make a move placing
  // counters in the opponent's row. If not possible, the player captures all the counters in
  // their row."
  const Game g(load_ruleset("oware/dlp"));
  const State s = position<6>(g, {1, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 0}, 20, 26);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{6}));
  // P2's 6 (1) makes P1's 1 hold 4 (no capture) and leaves P2 empty; no move of P1 (his 1 of 4,
  // his 2 of 1) reaches P2's row: the round ends, P1 taking the 5 in his row.
  State t = position<6>(g, {3, 1, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 1}, 20, 23, 1);
  g.apply(t, hole(6));
  expect_over(t, EndReason::kRule, 0);
  EXPECT_EQ(t.store, board_testing::pair(25, 23));
}

TEST(FamilyCount, JoduMustLeaveTheOpponentAMoveWheneverItCan) {
  // J'odu (must_feed always): "A player must play so that the opponent is able to play on their
  // next turn, if possible."
  const Game g(load_ruleset("j_odu/dlp"));
  // P1's 2 (1) ends in his empty 3 and takes the 2 of P2's 4 opposite, leaving P2 nothing; his 6
  // (1) feeds P2's 1: only the 6 is legal.
  const State s = position<6>(g, {0, 1, 0, 0, 0, 1}, {0, 0, 0, 2, 0, 0}, 22, 22);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{6}));
  // "if possible": when no move leaves P2 a move, any move is legal.
  const State t = position<6>(g, {0, 1, 0, 0, 0, 0}, {0, 0, 0, 2, 0, 0}, 23, 22);
  EXPECT_EQ(legal_holes(g, t), (std::vector<int>{2}));
}

TEST(FamilyCount, ErherheChainsBothWaysAndItsOtherReadingOnlyBack) {
  // Erherhe: "the counters in it are captured, as well as the counters in any adjacent holes
  // with two or four counters" (capture_chain both; erherhe/run_behind reads "adjacent" as the
  // holes behind the last one, Oware-style).
  const Game both(load_ruleset("erherhe/dlp"));
  const Game back(load_ruleset("erherhe/run_behind"));
  // P1's 6 (2) makes P2's 1 and 2 hold 2 and 4; P2's 3 holds 2, his 4 holds 1.
  State s = position<6>(both, {1, 0, 0, 0, 0, 2}, {1, 3, 2, 1, 0, 3}, 17, 18);
  EXPECT_EQ(both.apply(s, hole(6)).captured, 8);
  board_testing::expect_board<6>(s, {1, 0, 0, 0, 0, 0}, {0, 0, 0, 1, 0, 3}, 25, 18);
  State t = position<6>(back, {1, 0, 0, 0, 0, 2}, {1, 3, 2, 1, 0, 3}, 17, 18);
  EXPECT_EQ(back.apply(t, hole(6)).captured, 6);
  board_testing::expect_board<6>(t, {1, 0, 0, 0, 0, 0}, {0, 0, 2, 1, 0, 3}, 23, 18);
}

TEST(FamilyCount, EnindjiGivesAHoleOfFourToItsOwner) {
  // Enindji (capture_taker owner): "If the last counter falls into a hole containing three
  // counters, making it four, the owner of that hole captures the counters".
  const Game g(load_ruleset("enindji/dlp"));
  State s = position<6>(g, {0, 0, 0, 0, 0, 1}, {3, 0, 0, 0, 0, 2}, 22, 20);
  const MoveEffect fx = g.apply(s, hole(6));
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(fx.opponent_captured, 4);
  board_testing::expect_board<6>(s, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 2}, 22, 24);
}

TEST(FamilyCount, KapanaBonaTakesEverySownPileOfTwoFourOrSix) {
  // Kapana Bona (count_sown_holes): "Any piles that now contain 2, 4, or 6 counters are
  // captured." The first counter goes back into the emptied pile.
  const Game g(load_ruleset("kapana_bona/dlp"));
  // P1's 1 (5) sows his 1, 2, 3 and P2's 1, 2: his 2 (1 -> 2) and P2's 1 (3 -> 4) are taken;
  // P2's 3 holds 4 but was not sown: it stays.
  State s = position<3>(g, {5, 1, 0}, {3, 0, 4}, 15, 20);
  EXPECT_EQ(g.apply(s, hole(1)).captured, 6);
  board_testing::expect_board<3>(s, {1, 0, 1}, {0, 1, 4}, 21, 20);
}

TEST(FamilyCount, MandoliMakesNoCaptureInAPlayersFirstMove) {
  // Mandoli (opening_captures 0): "Captures cannot be made on the first move."
  const Game g(load_ruleset("mandoli/dlp"));
  // P1's 6 (1) makes P2's 1 hold 2, an even count: no capture in the first turn, one later.
  State first = position<6>(g, {5, 0, 0, 0, 0, 1}, {1, 0, 0, 0, 0, 5}, 30, 30, 0, 0);
  EXPECT_EQ(g.apply(first, hole(6)).captured, 0);
  board_testing::expect_rows<6>(first, {5, 0, 0, 0, 0, 0}, {2, 0, 0, 0, 0, 5});
  State later = position<6>(g, {5, 0, 0, 0, 0, 1}, {1, 0, 0, 0, 0, 5}, 30, 30, 0, 2);
  EXPECT_EQ(g.apply(later, hole(6)).captured, 2);
}

TEST(FamilyCount, DueneTakesAFourTheLastCounterMakesInsteadOfSowingOn) {
  // Duene: "If the last counter falls into an occupied hole, the counters are picked up and
  // sowing continues, unless the hole contained three counters, causing it to contain four, in
  // which case the counters are captured" (by the mover).
  const Game g(load_ruleset("duene/dlp"));
  State s = position<6>(g, {4, 0, 0, 0, 0, 1}, {3, 0, 0, 0, 0, 4}, 18, 18);
  EXPECT_EQ(g.apply(s, hole(6)).captured, 4);
  board_testing::expect_board<6>(s, {4, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 4}, 22, 18);
}

// --- fours ---

TEST(FamilyFours, DueneGivesTheSownFoursToTheirOwnersAtTheEndOfTheTurn) {
  // Duene (end_of_turn_sown): "any holes which were sown into during the course of the turn which
  // now contain four counters are captured by the owner of the row".
  const Game g(load_ruleset("duene/dlp"));
  // P1's 6 (3) makes P2's 1 hold 4 and ends in P2's empty 3: P2 takes his 1; his 6 (4, not sown)
  // stays.
  State s = position<6>(g, {4, 0, 0, 0, 0, 3}, {3, 0, 0, 0, 0, 4}, 17, 17);
  const MoveEffect fx = g.apply(s, hole(6));
  EXPECT_EQ(fx.opponent_captured, 4);
  board_testing::expect_board<6>(s, {4, 0, 0, 0, 0, 0}, {0, 1, 1, 0, 0, 4}, 17, 21);
}

TEST(FamilyFours, HoyitoGivesTheMoverEveryFourHeMakes) {
  // Hoyito (fours_scope mover): "If at any time during sowing a player drops a counter into a
  // hole to make it contain four, these are captured." His own row's too.
  const Game g(load_ruleset("hoyito/dlp"));
  State s = position<6>(g, {1, 0, 0, 0, 2, 3}, {0, 0, 0, 0, 0, 5}, 18, 19);
  EXPECT_EQ(g.apply(s, hole(5)).captured, 4);
  board_testing::expect_board<6>(s, {1, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 5}, 22, 19);
}

TEST(FamilyFours, WouriTakesOnlyTheFoursOfTheOpponentsRow) {
  // Wouri (mover_opponent_row): "the contents of any hole in the opponent's row which a player
  // causes to contain four counters are captured". P1's own 6 made four stays.
  const Game g(load_ruleset("wouri/dlp"));
  State s = position<6>(g, {1, 0, 0, 0, 2, 3}, {3, 0, 0, 0, 0, 5}, 17, 17);
  EXPECT_EQ(g.apply(s, hole(5)).captured, 4);
  board_testing::expect_board<6>(s, {1, 0, 0, 0, 0, 4}, {0, 0, 0, 0, 0, 5}, 21, 17);
}

TEST(FamilyFours, ObridjeGivesTheLastCountersFourToTheMover) {
  // Obridje: "If the last counter falls into ... a hole in either row, making that hole contain
  // four counters, play ends, and the four counters are taken" by the mover; a four made before
  // the last counter goes to the owner of its row.
  const Game g(load_ruleset("obridje/dlp"));
  State s = position<6>(g, {1, 0, 0, 0, 0, 2}, {3, 3, 0, 0, 0, 5}, 17, 17);
  const MoveEffect fx = g.apply(s, hole(6));
  EXPECT_EQ(fx.captured, 4);
  EXPECT_EQ(fx.opponent_captured, 4);
  board_testing::expect_board<6>(s, {1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 5}, 21, 21);
}

// --- captures by an empty hole ---

TEST(FamilyEmpty, FrenchWariTakesTheHoleOppositeAnEmptyHoleOfEitherRowLeavingTheLastCounter) {
  // French Wari (empty_hole, capture_takes_last false): "If the final counter lands in an empty
  // hole, any counters in the opposite hole are taken." P1's 6 (2) ends in P2's empty 2, facing
  // P1's own 5 (3): those are taken; the last counter stays.
  const Game g(load_ruleset("french_wari/dlp"));
  State s = position<6>(g, {0, 0, 0, 0, 3, 2}, {0, 0, 0, 0, 0, 1}, 21, 21);
  EXPECT_EQ(g.apply(s, hole(6)).captured, 3);
  board_testing::expect_board<6>(s, {0, 0, 0, 0, 0, 0}, {1, 1, 0, 0, 0, 1}, 24, 21);
}

TEST(FamilyEmpty, PallankuliTakesTheHoleAfterAnEmptyOne) {
  // Pallankuli (next_after_empty): "If sowing ends in an empty hole, the contents of the next
  // hole are captured and the turn ends."
  const Game g(load_ruleset("pallankuli/dlp"));
  State s = position<7>(g, {1, 0, 5, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 2}, 38, 38);
  EXPECT_EQ(g.apply(s, hole(1)).captured, 5);
  board_testing::expect_board<7>(s, {0, 1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 2}, 43, 38);
}

// --- four rows ---

TEST(FamilyFourRows, TsoroTakesTheFacingInnerHoleThenTheOuterOneBehindIt) {
  // Tsoro: "When the final counter lands in an empty hole in the inner row, any counters in the
  // opposite hole in the opponent's inner row are captured. If there also are counters in the
  // opposite hole in the opponent's outer row, these are also captured, but only if there was
  // first a capture from the inner row hole."
  const Game g(load_ruleset("tsoro/dlp"));
  // P1's o7 (local 6, 2) sows o8 and i8 (local 7, 8); P1's i8 faces P2's i1 (local 15) and o1
  // (local 0).
  EXPECT_EQ(g.opposite(g.global(0, 8)), g.global(1, 15));
  EXPECT_EQ(g.opposite_outer(g.global(0, 8)), g.global(1, 0));
  State s = four_rows(g, {{0, 2}, {6, 2}}, {{0, 2}, {1, 2}, {15, 3}}, 10, 11);
  EXPECT_EQ(g.apply(s, Move{6, false}).captured, 5);
  EXPECT_EQ(s.holes[g.global(1, 15)], 0);
  EXPECT_EQ(s.holes[g.global(1, 0)], 0);
  EXPECT_EQ(s.holes[g.global(1, 1)], 2);
  EXPECT_EQ(s.store, board_testing::pair(15, 11));
  // The facing inner hole empty: no capture, and the outer hole stays.
  State t = four_rows(g, {{0, 2}, {6, 2}}, {{0, 2}, {1, 2}}, 12, 12);
  EXPECT_EQ(g.apply(t, Move{6, false}).captured, 0);
  EXPECT_EQ(t.holes[g.global(1, 0)], 2);
}

TEST(FamilyFourRows, TsoroReenteredCapturesAreSownOnFromTheNextHole) {
  // Tsoro (Reentered Captures): "Captured counters are then sown on the player's own side of the
  // board, starting with the hole following the one from which the capture was triggered." The
  // five taken go into i7..i3 (local 9..13); the last, in P1's empty i3, faces P2's empty i6:
  // nothing more.
  // (No ruleset ships this reading: its random games loop, each capture going back on the board,
  // and end by the safety bound; the key is checked on Tsoro's board.)
  RuleSet r = load_ruleset("tsoro/dlp");
  r.capture_resow = CaptureResow::kAfterLast;
  const Game g(r);
  State s = four_rows(g, {{0, 2}, {6, 2}}, {{0, 2}, {1, 2}, {15, 3}}, 10, 11);
  g.apply(s, Move{6, false});
  for (int k : {7, 8, 9, 10, 11, 12, 13}) EXPECT_EQ(s.holes[g.global(0, k)], 1) << k;
  EXPECT_EQ(s.holes[g.global(0, 0)], 2);
  EXPECT_EQ(s.holes[g.global(1, 15)] + s.holes[g.global(1, 0)], 0);
  EXPECT_EQ(s.store, board_testing::pair(10, 11));
  EXPECT_EQ(g.counters_total(s), 32);
}

TEST(FamilyFourRows, TsoroPlaysASingleCounterOnlyIntoAnEmptyHoleAndAsALastResort) {
  // Tsoro: "Players cannot sow from a hole with a single counter unless there are no holes with
  // multiple counters. Single counters can only be sown into an empty hole."
  const Game g(load_ruleset("tsoro/dlp"));
  const State s = four_rows(g, {{0, 1}, {1, 2}}, {{0, 2}}, 13, 14);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{2}));
  // Only singles: o1's next hole (o2) is occupied, o2's (o3) is empty.
  const State t = four_rows(g, {{0, 1}, {1, 1}}, {{0, 2}}, 14, 14);
  EXPECT_EQ(legal_holes(g, t), (std::vector<int>{2}));
}

TEST(FamilyFourRows, TsoroStartsWithTwoCountersInEachOuterHole) {
  // Tsoro: "Two counters in each hole of the outer rows" (start_layout, one side for both).
  const Game g(load_ruleset("tsoro/dlp"));
  const State s = g.initial_state();
  for (int p = 0; p < 2; ++p) {
    for (int k = 0; k < 16; ++k) EXPECT_EQ(s.holes[g.global(p, k)], k < 8 ? 2 : 0) << p << k;
  }
  EXPECT_EQ(g.rules().total_counters, 32);
}

TEST(FamilyFourRows, MuvalavalaOpensFromTheInnerRow) {
  // Muvalavala (Luena), opening_holes 7..12: "The first move must be from the inner row."
  const Game g(load_ruleset("muvalavala_luena/dlp"));
  State s = g.initial_state();
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{7, 8, 9, 10, 11, 12}));
  g.apply(s, Move{6, false});
  ASSERT_EQ(s.to_move, 1);
  const std::vector<int> second = legal_holes(g, s);  // P2's first move: his inner row too
  EXPECT_FALSE(second.empty());
  for (int h : second) EXPECT_GE(h, 7);
}

// --- moves, openings, starts ---

TEST(FamilyMoves, UmElBagaraSowsEachHalfOfTheRowItsOwnWay) {
  // Um el-Bagara (direction by_half): "From the leftmost two holes: clockwise. From the rightmost
  // two holes: anti-clockwise. from the center hole: the player may choose either direction."
  const Game g(load_ruleset("um_el_bagara/dlp"));
  EXPECT_EQ(legal_holes(g, g.initial_state()), (std::vector<int>{-1, -2, 3, -3, 4, 5}));
  // P1's 1 (2) clockwise sows P2's 5 and 4 (2 each): the last takes 2, the run behind it
  // (P2's 5, back along this sowing) 2 more.
  State s = position<5>(g, {2, 0, 0, 0, 3}, {0, 1, 0, 1, 1}, 21, 21);
  EXPECT_EQ(g.apply(s, Move{0, true}).captured, 4);
  board_testing::expect_board<5>(s, {0, 0, 0, 0, 3}, {0, 1, 0, 0, 0}, 25, 21);
}

TEST(FamilyMoves, WaacheWaledatGivesAnotherMoveAfterACapture) {
  // Wa'ache Waledat: "these counters are captured and the player takes another turn".
  const Game g(load_ruleset("wa_ache_waledat/dlp"));
  State s = position<6>(g, {1, 0, 0, 0, 0, 1}, {3, 0, 0, 0, 0, 2}, 14, 15);
  const MoveEffect fx = g.apply(s, hole(6));  // a right-half hole: anticlockwise, into P2's 1
  EXPECT_EQ(fx.captured, 4);
  EXPECT_TRUE(fx.extra_move);
  EXPECT_EQ(s.to_move, 0);
  board_testing::expect_board<6>(s, {1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 2}, 18, 15);
}

TEST(FamilyMoves, UmElBilOpensFromTheRightmostHoleForTheFirstPlayerOnly) {
  // Um el-Bil (opening_hole 6, opening_for first_player): "The first player begins from the
  // rightmost hole in their row."
  const Game g(load_ruleset("um_el_bil/dlp"));
  State s = g.initial_state();
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{6}));
  g.apply(s, hole(6));
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST(FamilyMoves, FairKalahStartsUnevenly) {
  // FairKalah: the first player's pits 4-4-5-4-3-4, the second's four each (start_layout of both
  // sides).
  const Game g(load_ruleset("fairkalah/dlp"));
  board_testing::expect_board<6>(g.initial_state(), {4, 4, 5, 4, 3, 4}, {4, 4, 4, 4, 4, 4}, 0, 0);
  EXPECT_EQ(g.rules().total_counters, 48);
}

// --- the end ---

TEST(FamilyEnd, AwariEndsWhenOnlySingleCountersAreLeft) {
  // Awari: "The game ends when players have holes with only empty and single counters." Each
  // takes what is in his row.
  const Game g(load_ruleset("awari/dlp"));
  State s = position<6>(g, {0, 0, 0, 0, 0, 1}, {0, 1, 0, 1, 0, 1}, 22, 22);
  g.apply(s, hole(6));
  expect_over(s, EndReason::kRule, 1);
  EXPECT_EQ(s.store, board_testing::pair(22, 26));
}

TEST(FamilyEnd, WaurieIsWonByThePlayerWhoseRowIsEmpty) {
  // Waurie: "When a player has no more counters in their row, they win".
  const Game g(load_ruleset("waurie/dlp"));
  State s = position<6>(g, {0, 0, 0, 0, 0, 1}, {4, 4, 4, 4, 4, 4}, 23, 0);
  g.apply(s, hole(6));
  expect_over(s, EndReason::kRule, 0);
}

TEST(FamilyEnd, ChonkaIsWonByTheFirstToCaptureHalfTheCounters) {
  // Chonka (end_on_captures 49): "The player who first captures half of the counters wins."
  const Game g(load_ruleset("chonka/dlp"));
  State s = position<7>(g, {0, 0, 0, 0, 0, 0, 1}, {7, 7, 7, 7, 7, 7, 7}, 48, 0);
  EXPECT_FALSE(s.over);
  g.apply(s, hole(7));  // into his store
  expect_over(s, EndReason::kRule, 0);
  EXPECT_EQ(s.store[0], 49);
}

TEST(FamilyEnd, DueneGivesTheLastEightToTheNextCapturer) {
  // Duene (end_when_left 8): "Play continues until there are only eight counters left. The first
  // player to make a capture with these eight counters captures them all." Six on the board:
  // P1's capture of four takes the two left too.
  const Game g(load_ruleset("duene/dlp"));
  State s = position<6>(g, {1, 0, 0, 0, 0, 1}, {3, 0, 0, 0, 0, 1}, 20, 22);
  g.apply(s, hole(6));
  expect_over(s, EndReason::kRule);
  EXPECT_EQ(s.store, board_testing::pair(26, 22));
}

// --- the ruleset file ---

class FamilyFile : public ::testing::Test {
 protected:
  test_support::TempDir dir_{"family"};
  // A ruleset file setting `rules` (a JSON object), each key with an assumption.
  std::string write(const std::string& rules) {
    std::filesystem::create_directories(dir_.path() / "toy");
    const std::string path = dir_ / "toy/x.json";
    nlohmann::json j = {{"name", "Toy"},
                        {"status", "described"},
                        {"evidence", {"X.1"}},
                        {"default", true},
                        {"rules", nlohmann::json::parse(rules)}};
    for (const auto& [key, value] : j["rules"].items())
      j["provenance"][key] = {{"assumption", "a test"}};
    std::ofstream(path) << j.dump();
    return path;
  }
  std::string error_of(const std::string& path) {
    return test_support::thrown_message<RuleError>([&] { load_ruleset_file(path, dir_.path()); },
                                                   "no error");
  }
};

TEST_F(FamilyFile, TheDlpRulesetIdIsKeptAndListed) {
  const RuleSet r = load_ruleset("oware/dlp");
  EXPECT_EQ(r.dlp_ruleset, 69);
  EXPECT_EQ(r.evidence, (std::vector<std::string>{"DLP.Ruleset.69"}));
}

TEST_F(FamilyFile, ABadCountSetIsRefusedWithItsKey) {
  const auto p = write(R"({"capture": "count", "capture_counts": [2, "even", "even"]})");
  EXPECT_EQ(error_of(p), p + ": rules.capture_counts: \"even\" is given twice");
  const auto q = write(R"({"capture": "count", "capture_counts": [0]})");
  EXPECT_EQ(error_of(q), q + ": rules.capture_counts: 0 is out of range 1..255");
  const auto r = write(R"({"capture": "count"})");
  EXPECT_EQ(error_of(r), r + ": rules.capture_counts: capture count and count_sown_holes need the "
                             "counts that capture");
  const auto t = write(R"({"capture_chain": "back"})");
  EXPECT_EQ(error_of(t), t + ": rules.capture_chain: only has a meaning with capture count");
}

TEST_F(FamilyFile, AStartLayoutMustFitTheSide) {
  const auto p = write(R"({"holes_per_row": 6, "start_layout": [1, 2, 3]})");
  EXPECT_EQ(error_of(p), p + ": rules.start_layout: 3 counts: a player's side has 6 holes (give "
                             "6 counts, or 12 for both sides)");
}

// Issues 21 and 37: every counter could gather in one hole, which holds at most 320 (16 bits, the
// most the family's games start with: En Gehe's 2x40 of four), so a ruleset of more counters in
// all is refused (the issue's 16 holes of 15 counters, 480 in all).
TEST_F(FamilyFile, MoreThan320CountersInAllAreRefused) {
  const auto p = write(R"({"rows_per_player": 1, "holes_per_row": 16, "counters_per_hole": 15})");
  EXPECT_EQ(error_of(p), p + ": rules.counters_per_hole: 480 counters in all: a hole holds at most "
                             "320, so at most 320 counters in all");
}

// Issue 37: the family's largest boards load (En Gehe's 2x40 of four, 320 counters; a 4x16 of
// five), and anything larger is refused naming the key and the limit.
TEST_F(FamilyFile, TheFamilysLargestBoardsLoadAndLargerOnesAreRefused) {
  EXPECT_EQ(
      error_of(write(R"({"rows_per_player": 1, "holes_per_row": 40, "counters_per_hole": 4})")),
      "no error");
  EXPECT_EQ(
      error_of(write(
          R"({"rows_per_player": 2, "holes_per_row": 16, "counters_per_hole": 5, "circuit": "own_rows"})")),
      "no error");
  auto p = write(R"({"rows_per_player": 1, "holes_per_row": 41, "counters_per_hole": 1})");
  EXPECT_EQ(error_of(p), p + ": rules.holes_per_row: 41 is out of range 2..40");
  p = write(
      R"({"rows_per_player": 2, "holes_per_row": 21, "counters_per_hole": 1, "circuit": "own_rows"})");
  EXPECT_EQ(error_of(p), p + ": rules.holes_per_row: 4x21 is 84 holes: a board has at most 80 "
                             "(2x40, or 4x20)");
  p = write(R"({"rows_per_player": 1, "holes_per_row": 40, "counters_per_hole": 5})");
  EXPECT_EQ(error_of(p), p + ": rules.counters_per_hole: 400 counters in all: a hole holds at most "
                             "320, so at most 320 counters in all");
  // The masks of a match's holes out of play name 64 holes: no match on a larger board.
  p = write(
      R"({"rows_per_player": 1, "holes_per_row": 33, "counters_per_hole": 1, "match": true})");
  EXPECT_EQ(error_of(p), p + ": rules.match: a board of more than 64 holes (66) plays no match of "
                             "rounds");
}

// Issue 21's overflow, gone with 16-bit holes (issue 37): a ruleset built past the check (480
// counters) whose sowing drops the 256th counter into one hole keeps it there, where an 8-bit hole
// wrapped to 0 and the conservation check reported the loss as an engine fault.
TEST(FamilyOverflow, AHoleHoldsThe256thCounter) {
  RuleSet r = load_ruleset("oware/dlp");
  r.holes_per_row = 8;
  r.counters_per_hole = 30;
  r.holes_per_player = 8;
  r.total_holes = 16;
  r.total_counters = 480;
  r.must_feed = MustFeed::kNone;
  r.grand_slam = GrandSlam::kAllowed;
  const Game g(r);
  State s = g.initial_state();
  s.holes.fill(0);
  s.holes[7] = 1;     // P1's 8
  s.holes[8] = 255;   // P2's 1, as full as an 8-bit hole could be
  s.holes[15] = 224;  // the rest
  ASSERT_EQ(g.counters_total(s), 480);
  g.apply(s, Move{7, false});
  EXPECT_EQ(s.holes[8], 256);
  EXPECT_EQ(g.counters_total(s), 480);
  RoundRecord record;
  EXPECT_EQ(test_support::thrown_message<EngineFault>(
                [&] { check_round_conservation(g, s, record, 1); }, "no fault"),
            "no fault");
}

}  // namespace
}  // namespace mancala::sim
