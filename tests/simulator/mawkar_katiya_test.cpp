// Mawkar Katiya (DLP.Evidence.741, Das-Gupta 1923): one test per rule clause, on hand-made
// positions, with whole-board checks. Rows are written from each owner's left: player 1's holes
// 1..7 are global 0..6, player 2's holes 1..7 are global 7..13. Sowing is clockwise: player 1 sows
// from his hole k to k-1 ... 1, then player 2's 7, 6 ... 1, then player 1's 7. 70 counters in all.
#include <gtest/gtest.h>

#include "board_test_util.h"
#include "simulator/match.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::hole;
using board_testing::pair;

class MawkarKatiya : public board_testing::RuleClauseTest<7> {
 protected:
  MawkarKatiya() : RuleClauseTest("mawkar_katiya/das_gupta_1923", 70) {}
  // P1 won the last round: his 1 is his toll hole, a sink of his that P2 may not sow into.
  static void make_p1s_first_hole_his_toll_hole(State& s) {
    s.sink[0] = 0;
    s.closed_to[1] = 1u << 0;
  }
};

TEST_F(MawkarKatiya, SowingGoesClockwiseRelaysFromTheNextHoleAndTakesTheHoleNextToTheEmptyOne) {
  // P1's 3 (2): his 2 and 1; the next hole, P2's 7 (3), is picked up: P2's 6, 5, 4; P2's 3 is
  // empty, so P1 takes "the depression immediately next to the vacant one", P2's 2 (2).
  State s = position({0, 0, 2, 0, 0, 0, 0}, {0, 2, 0, 0, 0, 0, 3}, 32, 31);
  const MoveEffect fx = game.apply(s, hole(3));
  expect_rows(s, {1, 1, 0, 0, 0, 0, 0}, {0, 0, 0, 1, 1, 1, 0});
  EXPECT_EQ(fx.sowings, 2);
  EXPECT_EQ(fx.captured, 2);
  EXPECT_EQ(s.store, pair(34, 31));
}

TEST_F(MawkarKatiya, InTheOppositeCaptureReadingTheHoleFacingTheEmptyOneIsTaken) {
  // P1's 3 (2): his 2 and 1; P2's 7 is empty. Next to it is P2's 6 (4); facing it is P1's own 1.
  expect_move({{0, 0, 2, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 4, 0}, 32, 32}, hole(3),
              {{1, 1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0}, 36, 32});
  const Game variant(load_ruleset("mawkar_katiya/opposite_capture"));
  expect_move({{0, 0, 2, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 4, 0}, 32, 32}, hole(3),
              {{0, 1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 4, 0}, 33, 32}, &variant);
}

TEST_F(MawkarKatiya, After37To33TheWinnerSetsTwoAsideAndTheLoserPutsThreeInHisNextEmptyHole) {
  // Das-Gupta's example. The winner's leftmost hole is his toll hole: its five are his, the loser
  // skips it. The loser's remainder hole (his 7) is a sink for the winner; the three dealt there
  // stay the loser's. Extra numbers: 2 for the winner, 3 for the loser. The loser starts.
  RoundSetup setup;
  const State s = deal_round(game, {37, 33}, 0, 0, 0, setup);
  expect_board(s, {0, 5, 5, 5, 5, 5, 5}, {5, 5, 5, 5, 5, 5, 3}, 5, 0);
  EXPECT_EQ(s.aside, pair(2, 0));
  EXPECT_EQ(s.out_of_play, 0u);
  EXPECT_EQ(s.sink[0], 0);
  EXPECT_EQ(s.closed_to[1], 1u << 0);
  EXPECT_EQ(s.closed_to[0], 0u);
  EXPECT_EQ(s.sink[13], 0);
  EXPECT_EQ(s.extra_number, (std::array<uint8_t, 2>{2, 3}));
  EXPECT_EQ(setup.favoured, 0);
  EXPECT_EQ(setup.toll_hole, 0);
  EXPECT_EQ(setup.remainder_hole, 13);
  EXPECT_EQ(s.to_move, 1);
  EXPECT_EQ(game.counters_total(s), 70);
}

TEST_F(MawkarKatiya, After47To23TwoOfTheLosersHolesFromTheRightAreCovered) {
  // "If we, for example, suppose that the winner has got 47 pieces after one game, then two
  // depressions beginning from the right of his adversary ... will be kept covered": 23 fills four
  // holes with five and the fifth with three; his 6 and 7 leave play. The winner sets 12 aside.
  RoundSetup setup;
  const State s = deal_round(game, {47, 23}, 0, 1, 0, setup);
  expect_rows(s, {0, 5, 5, 5, 5, 5, 5}, {5, 5, 5, 5, 3, 0, 0});
  EXPECT_EQ(s.out_of_play, 1u << 12 | 1u << 13);
  EXPECT_EQ(s.aside, pair(12, 0));
  EXPECT_EQ(s.extra_number, (std::array<uint8_t, 2>{12, 3}));
  EXPECT_EQ(setup.remainder_hole, 11);
  EXPECT_EQ(setup.holes_out, (std::array<uint8_t, 2>{0, 2}));
  EXPECT_EQ(s.to_move, 0);
}

TEST_F(MawkarKatiya, InDasGuptasExampleReadingTheRemainderGoesIntoTheLosersLeftmostHole) {
  const Game variant(load_ruleset("mawkar_katiya/remainder_first_hole"));
  RoundSetup setup;
  const State s = deal_round(variant, {37, 33}, 0, 0, 0, setup);
  expect_rows(s, {0, 5, 5, 5, 5, 5, 5}, {3, 5, 5, 5, 5, 5, 5});
  EXPECT_EQ(setup.remainder_hole, 7);
  EXPECT_EQ(s.sink[7], 0);
}

TEST_F(MawkarKatiya, InLudiisReadingTheTollIsOnTheLosersRemainderHole) {
  const Game variant(load_ruleset("mawkar_katiya/toll_remainder_hole"));
  RoundSetup setup;
  const State s = deal_round(variant, {37, 33}, 0, 0, 0, setup);
  expect_board(s, {5, 5, 5, 5, 5, 5, 5}, {5, 5, 5, 5, 5, 5, 3}, 0, 0);
  EXPECT_EQ(s.sink[0], kNobody);
  EXPECT_EQ(s.sink[13], 0);
  EXPECT_EQ(s.closed_to[1], 1u << 13);
  EXPECT_EQ(setup.toll_hole, 13);
}

TEST_F(MawkarKatiya, AfterAnEvenRoundNobodyHasPerks) {
  RoundSetup setup;
  const State s = deal_round(game, {35, 35}, kDraw, 0, 0, setup);
  expect_rows(s, {5, 5, 5, 5, 5, 5, 5}, {5, 5, 5, 5, 5, 5, 5});
  EXPECT_EQ(setup.favoured, kNobody);
  EXPECT_EQ(s.extra_number, (std::array<uint8_t, 2>{0, 0}));
  EXPECT_EQ(s.closed_to, (std::array<HoleBits, 2>{0, 0}));
  EXPECT_EQ(s.to_move, 1);
}

TEST_F(MawkarKatiya, TheWinnerGainsEachCounterHeSowsIntoHisTollHole) {
  // P1's 1 is his toll hole. P1's 2 (2): one into his 1 (his), one into P2's 7; P2's 6 is empty.
  State s = position({0, 2, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0}, 34, 34);
  make_p1s_first_hole_his_toll_hole(s);
  const MoveEffect fx = game.apply(s, hole(2));
  expect_board(s, {0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 1}, 35, 34);
  EXPECT_EQ(fx.captured, 1);
}

TEST_F(MawkarKatiya, TheLoserMayNotSowIntoTheTollHole) {
  // P2's 1 (8): P1's 7..2, P1's 1 skipped, P2's 7 and 6; P2's 5 is empty, and so is his 4.
  State s = position({0, 0, 0, 0, 0, 0, 0}, {8, 0, 0, 0, 0, 0, 0}, 31, 31, 1);
  make_p1s_first_hole_his_toll_hole(s);
  game.apply(s, hole(1));
  expect_board(s, {0, 1, 1, 1, 1, 1, 1}, {0, 0, 0, 0, 0, 1, 1}, 31, 31);
}

TEST_F(MawkarKatiya, WhatIsDroppedIntoTheLosersRemainderHoleIsTheWinners) {
  // P2's 7 held P2's remainder (3). P1's 1 (1) drops into it: the counter is P1's, the three stay.
  // P2's 6 is empty: P1 takes P2's 5 (2).
  State s = position({1, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 2, 0, 3}, 32, 32);
  s.sink[13] = 0;
  game.apply(s, hole(1));
  expect_board(s, {0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 3}, 35, 32);
}

TEST_F(MawkarKatiya, TheLoserMaySowTheRemainderDealtIntoHisRemainderHole) {
  State s = position({0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 3}, 35, 32, 1);
  s.sink[13] = 0;
  EXPECT_TRUE(game.is_legal(s, hole(7)));
  game.apply(s, hole(7));  // P2's 6, 5, 4; his 3 is empty, and so is his 2
  expect_rows(s, {0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 1, 1, 1, 0});
}

TEST_F(MawkarKatiya, AHoleTheOpponentsSowingMakesHoldAPlayersExtraNumberIsHisAtOnce) {
  // Numbers: P1 2, P2 3. P1's 2 (2): his 1 becomes 2 (his own number, in his own turn: it stays),
  // P2's 7 becomes 3, P2's number: P2 takes it. P2's 6 is empty, and so is his 5.
  State s = position({1, 2, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 2}, 33, 32);
  s.extra_number = {2, 3};
  const MoveEffect fx = game.apply(s, hole(2));
  expect_board(s, {2, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0}, 33, 35);
  EXPECT_EQ(fx.opponent_captured, 3);
}

TEST_F(MawkarKatiya, WhenTheSowerIsCreditedHeTakesAHoleHeMakesHoldHisOpponentsNumber) {
  const Game variant(load_ruleset("mawkar_katiya/extra_number_mover"));
  State s = position(variant, {1, 2, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 2}, 33, 32);
  s.extra_number = {2, 3};
  const MoveEffect fx = variant.apply(s, hole(2));
  expect_board(s, {2, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0}, 36, 32);
  EXPECT_EQ(fx.captured, 3);
}

TEST_F(MawkarKatiya, TheMatchEndsWhenOnePlayerHoldsEveryCounter) {
  int8_t winner = kNobody;
  EXPECT_TRUE(match_end_reached(game, {0, 70}, winner));
  EXPECT_EQ(winner, 1);
  EXPECT_FALSE(match_end_reached(game, {69, 1}, winner));
  // A loser with a single counter still plays: it goes into his first hole.
  RoundSetup setup;
  const State s = deal_round(game, {69, 1}, 0, 0, 0, setup);
  expect_rows(s, {0, 5, 5, 5, 5, 5, 5}, {1, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(s.aside, pair(34, 0));
}

TEST_F(MawkarKatiya, TheNextRoundIsStartedByThePlayerWhoDidNotStartThePreviousOne) {
  RoundSetup setup;
  EXPECT_EQ(deal_round(game, {40, 30}, 0, 0, 0, setup).to_move, 1);
  EXPECT_EQ(deal_round(game, {40, 30}, 0, 1, 0, setup).to_move, 0);
}

TEST_F(MawkarKatiya, InTheFacingHoleReadingTheHoleInFrontOfTheLastOneIsPickedUp) {
  // Das-Gupta: "he picks up all the stones lying immediately in front of the depression where the
  // last piece was deposited". P1's 4 (2): his 3 (-> 2) and 2. In front of his 2 is P2's 6 (2),
  // picked up: P2's 5 and 4. In front of P2's 4 is P1's 4, emptied: he takes "the depression
  // immediately next to the vacant one", his 3 (2).
  const Game variant(load_ruleset("mawkar_katiya/relay_facing_hole"));
  State s = position(variant, {0, 0, 1, 2, 0, 0, 0}, {0, 0, 0, 0, 0, 2, 0}, 33, 32);
  const MoveEffect fx = variant.apply(s, hole(4));
  expect_rows(s, {0, 1, 0, 0, 0, 0, 0}, {0, 0, 0, 1, 1, 0, 0});
  EXPECT_EQ(fx.sowings, 2);
  EXPECT_EQ(fx.captured, 2);
  EXPECT_EQ(s.store, pair(35, 32));
  // By default the next hole along the row, P1's 1, is empty: he takes P2's 7 (0).
  expect_move({{0, 0, 1, 2, 0, 0, 0}, {0, 0, 0, 0, 0, 2, 0}, 33, 32}, hole(4),
              {{0, 1, 2, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 2, 0}, 33, 32});
}

TEST_F(MawkarKatiya, ForTheWinnerHisCoveredTollHoleIsAnEmptyNextHoleSoTheHoleAfterItIsTaken) {
  // The toll_hole note (decided as for Khutka Boia's bha): P1's 1 is his toll hole and never holds
  // a counter. P1's 3 (1) into his 2; the next hole, his 1, is empty: he takes P2's 7 (4).
  State s = position({0, 0, 1, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 4}, 33, 32);
  make_p1s_first_hole_his_toll_hole(s);
  const MoveEffect fx = game.apply(s, hole(3));
  expect_rows(s, {0, 1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(fx.captured, 4);
  EXPECT_EQ(s.store, pair(37, 32));
}

TEST_F(MawkarKatiya, ForTheLoserTheCoveredTollHoleIsPassedOverWhenLookingForTheNextHole) {
  // P2's 1 (6): P1's 7..2; P1's 1 is covered and skipped, so the next hole is P2's 7, empty: P2
  // takes the hole after it, his 6 (2).
  State s = position({0, 0, 0, 0, 0, 0, 0}, {6, 0, 0, 0, 0, 2, 0}, 31, 31, 1);
  make_p1s_first_hole_his_toll_hole(s);
  game.apply(s, hole(1));
  expect_board(s, {0, 1, 1, 1, 1, 1, 1}, {0, 0, 0, 0, 0, 0, 0}, 31, 33);
}
}  // namespace
}  // namespace mancala::sim
