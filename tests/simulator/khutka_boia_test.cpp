// Khutka Boia (DLP.Evidence.1450, Das-Gupta 1926): one test per rule clause, on hand-made
// positions, with whole-board checks. Rows are written from each owner's left: player 1's holes
// 1..5 are global 0..4, player 2's holes 1..5 are global 5..9. Sowing is anticlockwise: player 1's
// 1 -> 5, then player 2's 1 -> 5, then back to player 1's 1. 50 counters in all.
#include <gtest/gtest.h>

#include "board_test_util.h"
#include "simulator/match.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::expect_over;
using board_testing::hole;
using board_testing::pair;

class KhutkaBoia : public board_testing::RuleClauseTest<5> {
 protected:
  KhutkaBoia() : RuleClauseTest("khutka_boia/das_gupta_1926", 50) {}
  // `s` with P2 the Kungidar: he takes the tribute of one counter from every sowing's first hole.
  static State p2_kungidar(State s) {
    s.tribute_to = 1;
    return s;
  }
  // The match after its first round ended by the rules with `stores` (the board emptied) and
  // `winner` the round's: next_round must find it over, and it is returned for the checks.
  static MatchState match_after_round(const Game& g, std::array<int16_t, 2> stores, int8_t winner) {
    MatchState match;
    State s = start_match(g, match);
    s.over = true;
    s.reason = EndReason::kRule;
    s.winner = winner;
    s.store = stores;
    s.holes.fill(0);
    finish_round(g, match, s);
    Rng rng(1);
    EXPECT_FALSE(next_round(g, match, s, rng));
    return match;
  }
  // A dealt round: the rows, the holes out of play (bits of global holes), what each set aside and
  // what each store holds.
  static void expect_dealt(const State& s, Row p1, Row p2, uint32_t out_of_play,
                           std::array<int16_t, 2> aside, std::array<int16_t, 2> store) {
    expect_rows(s, p1, p2);
    EXPECT_EQ(s.out_of_play, out_of_play);
    EXPECT_EQ(s.aside, aside);
    EXPECT_EQ(s.store, store);
  }
};

TEST_F(KhutkaBoia, WhenTheHoleAfterTheLastCounterIsEmptyTheHoleAfterThatIsCapturedAndTheTurnEnds) {
  //   P2:  5  4  3  2  1          P1 sows his 2: counters into his 3 and 4; his 5 is empty,
  //       [0][2][0][3][1]          so the hole after it, P2's 1, is his.
  //   P1: [0][2][0][0][0]
  State s = position({0, 2, 0, 0, 0}, {1, 3, 0, 2, 0}, 21, 21);
  const MoveEffect fx = game.apply(s, hole(2));
  expect_board(s, {0, 0, 1, 1, 0}, {0, 3, 0, 2, 0}, 22, 21);
  EXPECT_EQ(fx.captured, 1);
  EXPECT_EQ(s.to_move, 1);
}

TEST_F(KhutkaBoia, AfterTheLastCounterTheNextHoleIsPickedUpAndSownOn) {
  // P1's 4 (2): his 5, P2's 1; P2's 2 (2) is picked up: P2's 3 and 4; P2's 5 is empty and the
  // hole after it, P1's 1, is empty: nothing is captured.
  State s = position({0, 0, 0, 2, 0}, {0, 2, 0, 1, 0}, 23, 22);
  const MoveEffect fx = game.apply(s, hole(4));
  expect_rows(s, {0, 0, 0, 0, 1}, {1, 0, 1, 2, 0});
  EXPECT_EQ(fx.sowings, 2);
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(s.store, pair(23, 22));
}

TEST_F(KhutkaBoia, InTheOppositeCaptureReadingTheHoleFacingTheEmptyOneIsCaptured) {
  // P1's 1 (1) into his 2; his 3 is empty. The default takes the hole after it, his own 4 (2);
  // the variant takes the hole facing his 3, P2's 3 (3).
  expect_move({{1, 0, 0, 2, 0}, {0, 0, 3, 0, 0}, 22, 22}, hole(1),
              {{0, 1, 0, 0, 0}, {0, 0, 3, 0, 0}, 24, 22});
  const Game variant(load_ruleset("khutka_boia/opposite_capture"));
  expect_move({{1, 0, 0, 2, 0}, {0, 0, 3, 0, 0}, 22, 22}, hole(1),
              {{0, 1, 0, 2, 0}, {0, 0, 0, 0, 0}, 25, 22}, &variant);
}

TEST_F(KhutkaBoia, AHoleMadeToHoldFourIsTakenAtOnceByTheOwnerOfItsRowEvenInTheOpponentsTurn) {
  // P1's 5 (1) makes P2's 1 hold four: it is P2's at once. The next hole, P2's 2 (9), is picked
  // up: P2's 3, 4, 5, P1's 1..5 and P2's 1 again (1, not 5). P2's 2 is now empty: P1 takes the
  // hole after it, P2's 3 (1).
  const MoveEffect fx = expect_move({{0, 0, 0, 0, 1}, {3, 9, 0, 0, 0}, 19, 18}, hole(5),
                                    {{1, 1, 1, 1, 1}, {1, 0, 0, 1, 1}, 20, 22});
  EXPECT_EQ(fx.captured, 1);
  EXPECT_EQ(fx.opponent_captured, 4);
}

TEST_F(KhutkaBoia, WithFoursAtTheEndOfTheTurnAHoleThatPassesFourDuringTheMoveStays) {
  const Game variant(load_ruleset("khutka_boia/fours_end_of_turn"));
  // The same move: P2's 1 holds four for a moment, then five: nothing is taken for it.
  State s = position(variant, {0, 0, 0, 0, 1}, {3, 9, 0, 0, 0}, 19, 18);
  variant.apply(s, hole(5));
  expect_board(s, {1, 1, 1, 1, 1}, {5, 0, 0, 1, 1}, 20, 18);
}

TEST_F(KhutkaBoia, WithFoursAtTheEndOfTheTurnEveryHoleThenHoldingFourGoesToItsOwner) {
  const Game variant(load_ruleset("khutka_boia/fours_end_of_turn"));
  // P1's 4 (2): his 5 -> 4, P2's 1 -> 4; P2's 2 is empty, the hole after it (P2's 3) is empty.
  // Then P1 takes his 5 and P2 his 1.
  const MoveEffect fx = expect_move({{0, 0, 0, 2, 3}, {3, 0, 0, 0, 0}, 21, 21}, hole(4),
                                    {{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, 25, 25}, &variant);
  EXPECT_EQ(fx.captured, 4);
  EXPECT_EQ(fx.opponent_captured, 4);
}

TEST_F(KhutkaBoia, WhenOnlyTheMoverTakesFoursAFourInTheOpponentsRowStaysAndHisOwnIsTaken) {
  const Game variant(load_ruleset("khutka_boia/fours_mover_row"));
  State s = position(variant, {0, 0, 0, 2, 3}, {3, 0, 0, 0, 0}, 21, 21);
  variant.apply(s, hole(4));  // P1's 5 -> 4 (his: taken at once), P2's 1 -> 4 (stays)
  expect_board(s, {0, 0, 0, 0, 0}, {4, 0, 0, 0, 0}, 25, 21);
}

TEST_F(KhutkaBoia, ALapOfTenDropsIntoTheEmptiedHoleByDefaultAndSkipsItInTheSkipOriginReading) {
  // Ten from P1's 1: his 2..5, P2's 1..5, and the tenth into his 1. Then relays: his 2 (1) -> his
  // 3; his 4 (1) -> his 5; P2's 1 -> P2's 2; P2's 3 -> P2's 4; P2's 5 -> P1's 1; P1's 2 is empty:
  // P1 takes his 3 (2).
  State s = position({10, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, 20, 20);
  const MoveEffect fx = game.apply(s, hole(1));
  expect_rows(s, {2, 0, 0, 0, 2}, {0, 2, 0, 2, 0});
  EXPECT_EQ(fx.sowings, 6);
  EXPECT_EQ(s.store, pair(22, 20));

  const Game variant(load_ruleset("khutka_boia/skip_origin"));
  // The tenth skips P1's 1 and falls into his 2; relays from his 3, his 5, P2's 2, P2's 4; P1's 1
  // is empty: P1 takes his 2 (2).
  expect_move({{10, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, 20, 20}, hole(1),
              {{0, 0, 0, 2, 0}, {2, 0, 2, 0, 2}, 22, 20}, &variant);
}

TEST_F(KhutkaBoia, APlayerWithNothingToSowPasses) {
  State s = position({0, 0, 0, 0, 0}, {0, 0, 2, 0, 0}, 24, 24, 1);
  game.apply(s, hole(3));  // P2's 4 and 5; P1's 1 is empty, the hole after it too
  expect_rows(s, {0, 0, 0, 0, 0}, {0, 0, 0, 1, 1});
  EXPECT_FALSE(s.over);
  EXPECT_EQ(s.to_move, 1);  // P1 has nothing: P2 moves again
}

TEST_F(KhutkaBoia, TheRoundEndsWhenEveryCounterIsCaptured) {
  State s = position({0, 0, 0, 1, 3}, {0, 0, 0, 0, 0}, 23, 23);
  game.apply(s, hole(4));  // his 5 holds four: his at once; the board is empty
  expect_over(s, EndReason::kRule);
  EXPECT_EQ(s.store, pair(27, 23));
  EXPECT_EQ(s.winner, 0);
}

TEST_F(KhutkaBoia, AfterTwentyFourTurnsWithoutAnyCaptureEachTakesTheCountersInHisOwnRow) {
  // One counter circulating: P1's 4 -> his 5; P2's 1 is empty, so is P2's 2. The 24th quiet turn.
  State s = position({0, 0, 0, 1, 0}, {0, 0, 0, 2, 0}, 24, 23);
  s.quiet_turns = 23;
  game.apply(s, hole(4));
  expect_over(s, EndReason::kNoProgress);
  expect_board(s, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, 25, 25);
  EXPECT_EQ(s.winner, kDraw);
}

TEST_F(KhutkaBoia, HolesOutOfPlayAreSkippedBySowing) {
  // P2's 4 and 5 are out of play: four counters from P1's 5 go to P2's 1, 2, 3 and P1's 1.
  State s = position({0, 0, 0, 0, 4}, {0, 0, 0, 0, 0}, 36, 10);
  s.out_of_play = 1u << 8 | 1u << 9;
  game.apply(s, hole(5));
  expect_rows(s, {1, 0, 0, 0, 0}, {1, 1, 1, 0, 0});
}

// The settlement between rounds (deal_round): holes eliminated by the difference, the 1-4 and
// 2-3 cases, and the reading where only unfilled holes leave play
// (khutka_boia/unfilled_holes_leave).

TEST_F(
    KhutkaBoia,
    After33To17TheWeakerLosesThreeHolesForTheThreeFivesOfTheDifferenceAndTheTwoThreeSettlementGivesABha) {
  // "for each multiple of five in the difference a hole on the player with fewer counters' side is
  // eliminated from play": 33 - 17 = 16 holds three fives, so P2 keeps two holes (his 1 and 2; his
  // 3, 4 and 5 leave play). 33 = 25 + 5 + 3 and 17 = 10 + 5 + 2: each sets a five aside, and the
  // remainders 3 and 2 make five. P2 gives his two to P1 ("the player with two gives these
  // counters to the other player"), who then holds 35: his bha (his leftmost hole here) with its
  // five, which are his at once, his other four holes five each, and 10 aside (his own five and
  // the five the settlement made).
  RoundSetup setup;
  const State s = deal_round(game, {33, 17}, 0, 0, 0, setup);
  expect_dealt(s, {0, 5, 5, 5, 5}, {5, 5, 0, 0, 0}, 1u << 7 | 1u << 8 | 1u << 9, pair(10, 5),
               pair(5, 0));
  EXPECT_EQ(s.sink[0], 0);
  EXPECT_EQ(setup.gave, (std::array<int8_t, 2>{0, 2}));
  EXPECT_EQ(setup.bha_owner, 0);
  EXPECT_EQ(setup.bha_hole, 0);
  EXPECT_EQ(setup.bha_owed, 2);
  EXPECT_EQ(setup.holes_in_play, (std::array<uint8_t, 2>{5, 2}));
  EXPECT_EQ(setup.holes_out, (std::array<uint8_t, 2>{0, 3}));
  EXPECT_EQ(setup.aside, pair(10, 5));
  EXPECT_EQ(setup.tribute_to, kNobody);
  EXPECT_EQ(setup.starter, 1);  // rounds alternate
  EXPECT_EQ(s.to_move, 1);
  EXPECT_EQ(game.counters_total(s), 50);
}

TEST_F(KhutkaBoia, InTheUnfilledHolesReadingAfter33To17TheWeakerFillsThreeHolesAndTwoLeavePlay) {
  // khutka_boia/unfilled_holes_leave: the same settlement (P2 gives his two, holds 15), then P2
  // fills the three holes he can and only his 4 and 5 leave play; nothing of his is set aside.
  const Game variant(load_ruleset("khutka_boia/unfilled_holes_leave"));
  RoundSetup setup;
  const State s = deal_round(variant, {33, 17}, 0, 0, 0, setup);
  expect_dealt(s, {0, 5, 5, 5, 5}, {5, 5, 5, 0, 0}, 1u << 8 | 1u << 9, pair(10, 0), pair(5, 0));
  EXPECT_EQ(setup.gave, (std::array<int8_t, 2>{0, 2}));
  EXPECT_EQ(setup.bha_owner, 0);
  EXPECT_EQ(setup.holes_in_play, (std::array<uint8_t, 2>{5, 3}));
  EXPECT_EQ(setup.holes_out, (std::array<uint8_t, 2>{0, 2}));
  EXPECT_EQ(variant.counters_total(s), 50);
}

TEST_F(KhutkaBoia, TheBhadarMayMakeTheRightmostHoleHisBha) {
  RoundSetup setup;
  const State s = deal_round(game, {33, 17}, 0, 0, 1, setup);
  expect_rows(s, {5, 5, 5, 5, 0}, {5, 5, 0, 0, 0});
  EXPECT_EQ(s.sink[4], 0);
  EXPECT_EQ(setup.bha_hole, 4);
}

TEST_F(KhutkaBoia, After20To30TheWeakerKeepsThreeHolesAndEachSetsFiveAside) {
  // The difference 10 holds two fives: P1's 4 and 5 leave play; he fills three holes and sets his
  // fourth five aside; P2 fills five and sets his sixth aside. No remainders, so no settlement.
  RoundSetup setup;
  const State s = deal_round(game, {20, 30}, 1, 1, 0, setup);
  expect_dealt(s, {5, 5, 5, 0, 0}, {5, 5, 5, 5, 5}, 1u << 3 | 1u << 4, pair(5, 5), pair(0, 0));
  EXPECT_EQ(setup.gave, (std::array<int8_t, 2>{0, 0}));
  EXPECT_EQ(setup.holes_out, (std::array<uint8_t, 2>{2, 0}));
  EXPECT_EQ(game.counters_total(s), 50);
}

TEST_F(KhutkaBoia, ADifferenceOfLessThanFiveCostsNoHoleAndTheSettlementMakesBothRowsWhole) {
  // 24-26: the difference 2 holds no five; 24 = 20 + 4 and 26 = 25 + 1, so P2 gives his one and is
  // the Kungidar; both hold 25.
  RoundSetup setup;
  State s = deal_round(game, {24, 26}, 1, 1, 0, setup);
  expect_rows(s, {5, 5, 5, 5, 5}, {5, 5, 5, 5, 5});
  EXPECT_EQ(s.out_of_play, 0u);
  EXPECT_EQ(s.tribute_to, 1);
  EXPECT_EQ(setup.gave, (std::array<int8_t, 2>{0, 1}));
  // 23-27: the difference 4; 23 = 20 + 3 and 27 = 25 + 2: P2 gives his two and P1, the Bhadar,
  // makes his leftmost hole his bha.
  s = deal_round(game, {23, 27}, 1, 1, 0, setup);
  expect_dealt(s, {0, 5, 5, 5, 5}, {5, 5, 5, 5, 5}, 0u, pair(0, 0), pair(5, 0));
  EXPECT_EQ(setup.bha_owner, 0);
  EXPECT_EQ(setup.gave, (std::array<int8_t, 2>{0, 2}));
}

TEST_F(KhutkaBoia, After22To28OneHoleLeavesPlayForTheOneFiveOfTheDifference) {
  // The difference 6 holds one five: P1 keeps four holes. 22 = 20 + 2, 28 = 25 + 3: P1 gives his
  // two to P2, the Bhadar, and fills his four holes with the 20 left to him.
  RoundSetup setup;
  const State s = deal_round(game, {22, 28}, 1, 1, 0, setup);
  expect_dealt(s, {5, 5, 5, 5, 0}, {0, 5, 5, 5, 5}, 1u << 4, pair(0, 5), pair(0, 5));
  EXPECT_EQ(setup.bha_owner, 1);
  EXPECT_EQ(game.counters_total(s), 50);
}

TEST_F(KhutkaBoia, After29To21TheOneFourSettlementMakesTheWeakerTheKungidar) {
  // 29 = 5 fives + 4, 21 = 4 fives + 1: P2 gives his one to P1 (30: five holes, 5 aside); the
  // difference 8 holds one five, so P2's 5 leaves play; he fills his other four and receives the
  // tribute.
  RoundSetup setup;
  const State s = deal_round(game, {29, 21}, 0, 1, 0, setup);
  expect_rows(s, {5, 5, 5, 5, 5}, {5, 5, 5, 5, 0});
  EXPECT_EQ(s.out_of_play, 1u << 9);
  EXPECT_EQ(s.aside, pair(5, 0));
  EXPECT_EQ(s.tribute_to, 1);
  EXPECT_EQ(setup.gave, (std::array<int8_t, 2>{0, 1}));
  EXPECT_EQ(setup.bha_owner, kNobody);
  EXPECT_EQ(s.to_move, 0);
}

TEST_F(KhutkaBoia, The1To4SettlementCanMakeTheStrongerTheKungidar) {
  // 26 = 5 fives + 1, 24 = 4 fives + 4: P1 gives his one to P2; both fill five holes.
  RoundSetup setup;
  const State s = deal_round(game, {26, 24}, 0, 0, 0, setup);
  expect_rows(s, {5, 5, 5, 5, 5}, {5, 5, 5, 5, 5});
  EXPECT_EQ(s.out_of_play, 0u);
  EXPECT_EQ(s.tribute_to, 0);
  EXPECT_EQ(setup.gave, (std::array<int8_t, 2>{1, 0}));
}

TEST_F(KhutkaBoia, AWeakerPlayerLeftNoHoleByTheDifferenceHasLostTheMatch) {
  // 38-12: the difference 26 holds five fives, every hole of P2's. He cannot play: the match ends
  // before the round is dealt and P1 wins it by the rules. 37-13 (24: four fives) leaves him one.
  int8_t winner = kNobody;
  EXPECT_TRUE(match_end_reached(game, {38, 12}, winner));
  EXPECT_EQ(winner, 0);
  EXPECT_TRUE(match_end_reached(game, {10, 40}, winner));
  EXPECT_EQ(winner, 1);
  EXPECT_FALSE(match_end_reached(game, {37, 13}, winner));
  const MatchState match = match_after_round(game, pair(38, 12), 0);
  expect_over(match, EndReason::kRule, 0);
  EXPECT_EQ(match.holdings, pair(38, 12));
}

TEST_F(KhutkaBoia,
       InTheUnfilledHolesReadingAfter40To10TheWeakerLosesThreeHolesAndTheStrongerSetsFifteenAside) {
  const Game variant(load_ruleset("khutka_boia/unfilled_holes_leave"));
  RoundSetup setup;
  const State s = deal_round(variant, {40, 10}, 0, 0, 0, setup);
  expect_rows(s, {5, 5, 5, 5, 5}, {5, 5, 0, 0, 0});
  EXPECT_EQ(s.out_of_play, 1u << 7 | 1u << 8 | 1u << 9);
  EXPECT_EQ(s.aside, pair(15, 0));
  EXPECT_EQ(s.tribute_to, kNobody);
  EXPECT_EQ(setup.bha_owner, kNobody);
  int8_t winner = kNobody;
  EXPECT_FALSE(match_end_reached(variant, {40, 10}, winner));
}

TEST_F(KhutkaBoia, TheKungidarTakesOneCounterFromTheHoleEverySowingStartsFrom) {
  // P2 is the Kungidar. P1 lifts three from his 3: one is P2's, two are sown (his 4 and 5).
  State s = p2_kungidar(position({0, 0, 3, 0, 0}, {0, 0, 0, 0, 0}, 24, 23));
  const MoveEffect fx = game.apply(s, hole(3));
  expect_board(s, {0, 0, 0, 1, 1}, {0, 0, 0, 0, 0}, 24, 24);
  EXPECT_EQ(fx.opponent_captured, 1);
  // His own sowing too: P2 lifts two from his 1, keeps one, sows one into his 2.
  State t = p2_kungidar(position({0, 0, 0, 0, 0}, {2, 0, 0, 0, 0}, 24, 24, 1));
  const MoveEffect own = game.apply(t, hole(1));
  expect_board(t, {0, 0, 0, 0, 0}, {0, 1, 0, 0, 0}, 24, 25);
  EXPECT_EQ(own.captured, 1);
}

TEST_F(KhutkaBoia, TheKungidarTakesNothingFromALoneCounter) {
  State s = p2_kungidar(position({0, 0, 1, 0, 0}, {0, 0, 0, 0, 0}, 25, 24));
  game.apply(s, hole(3));
  expect_board(s, {0, 0, 0, 1, 0}, {0, 0, 0, 0, 0}, 25, 24);
}

TEST_F(KhutkaBoia, WhenTheTributeIsOnHisOwnTurnsOnlyTheKungidarTakesNothingFromHisOpponentsSowing) {
  const Game variant(load_ruleset("khutka_boia/tribute_own_turns"));
  State s = p2_kungidar(position(variant, {0, 0, 3, 0, 0}, {0, 0, 0, 0, 0}, 24, 23));
  variant.apply(s, hole(3));  // three sown: his 4, 5 and P2's 1
  expect_board(s, {0, 0, 0, 1, 1}, {1, 0, 0, 0, 0}, 24, 23);
}

TEST_F(KhutkaBoia, EveryCounterDroppedIntoTheBhaIsTheBhadars) {
  // P2's 1 is P2's bha. P1's 5 (2): one into the bha (P2's), one into P2's 2 (-> 2); P2's 3 is
  // empty and so is the hole after it.
  State s = position({0, 0, 0, 0, 2}, {0, 1, 0, 0, 0}, 24, 23);
  s.sink[5] = 1;
  const MoveEffect fx = game.apply(s, hole(5));
  expect_board(s, {0, 0, 0, 0, 0}, {0, 2, 0, 0, 0}, 24, 24);
  EXPECT_EQ(fx.opponent_captured, 1);
}

TEST_F(KhutkaBoia, ABhaAfterTheLastCounterIsAnEmptyHoleSoTheHoleAfterItIsCaptured) {
  State s = position({0, 0, 0, 1, 0}, {0, 3, 0, 0, 0}, 23, 23);
  s.sink[5] = 1;
  game.apply(s, hole(4));  // into his 5; next is P2's bha: P1 takes P2's 2 (3)
  expect_board(s, {0, 0, 0, 0, 1}, {0, 0, 0, 0, 0}, 26, 23);
}

TEST_F(KhutkaBoia, TheBhadarReturnsTheTwoWhenTheRoundEndsAndTheRoundsWinnerFollows) {
  MatchState match;
  start_match(game, match);
  match.setup.bha_owner = 0;
  match.setup.bha_hole = 0;
  match.setup.bha_owed = 2;
  State s = position({0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, 26, 24);
  s.over = true;
  s.reason = EndReason::kRule;
  s.winner = 0;
  const RoundRecord record = finish_round(game, match, s);
  EXPECT_EQ(s.store, pair(24, 26));
  EXPECT_EQ(s.winner, 1);
  EXPECT_EQ(record.winner, 1);
  EXPECT_EQ(record.holdings, pair(24, 26));
}

TEST_F(KhutkaBoia, AWeakerBhadarWithOneHoleInPlayHasOnlyHisBhaAndPasses) {
  // 37-13: the difference 24 leaves P2 one hole. 13 = 5 + 5 + 3, 37 = 25 + 10 + 2: P1 gives his
  // two to P2, who fills his one hole, sets ten aside, and makes that hole his bha: he has
  // nothing to sow.
  RoundSetup setup;
  const State s = deal_round(game, {37, 13}, 0, 1, 0, setup);
  expect_board(s, {5, 5, 5, 5, 5}, {0, 0, 0, 0, 0}, 0, 5);
  EXPECT_EQ(s.aside, pair(10, 10));
  EXPECT_EQ(setup.bha_owner, 1);
  EXPECT_EQ(setup.bha_hole, 5);
  EXPECT_EQ(setup.holes_in_play, (std::array<uint8_t, 2>{5, 1}));
  MoveList moves;
  State p2 = s;
  p2.to_move = 1;
  game.legal_moves(p2, moves);
  EXPECT_EQ(moves.size, 0);
  // Were it his turn to start, he cannot: P1 opens, and is the round's starter (next_starter).
  const State passed = deal_round(game, {37, 13}, 0, 0, 0, setup);
  EXPECT_EQ(setup.starter, 0);
  EXPECT_EQ(passed.to_move, 0);
  // The same in the unfilled-holes reading, where 47-3 leaves him one hole: 3 + 2 make it.
  const Game variant(load_ruleset("khutka_boia/unfilled_holes_leave"));
  const State t = deal_round(variant, {47, 3}, 0, 1, 0, setup);
  expect_board(t, {5, 5, 5, 5, 5}, {0, 0, 0, 0, 0}, 0, 5);
  EXPECT_EQ(t.aside, pair(20, 0));
  EXPECT_EQ(setup.holes_in_play, (std::array<uint8_t, 2>{5, 1}));
}

TEST_F(
    KhutkaBoia,
    InTheUnfilledHolesReadingTheMatchEndsWhenOnePlayerHoldsEveryCounterEvenAfterGivingHisLastAway) {
  // 48-2: P2 gives his two to P1 in the 2-3 settlement and holds nothing. (By the default reading
  // the match is over before that: the difference 46 leaves P2 no hole.)
  const Game variant(load_ruleset("khutka_boia/unfilled_holes_leave"));
  const MatchState match = match_after_round(variant, pair(48, 2), kNobody);
  expect_over(match, EndReason::kRule, 0);
  EXPECT_EQ(match.holdings, pair(50, 0));
  int8_t winner = kNobody;
  EXPECT_TRUE(match_end_reached(variant, {50, 0}, winner));
  EXPECT_EQ(winner, 0);
  EXPECT_FALSE(match_end_reached(variant, {49, 1}, winner));
  EXPECT_TRUE(match_end_reached(game, {48, 2}, winner));
  EXPECT_EQ(winner, 0);
}

TEST_F(KhutkaBoia, WithoutHandicapsAGameIsOneRound) {
  const Game variant(load_ruleset("khutka_boia/no_handicaps"));
  Rng rng(5, 0);
  const GameResult r = play_game(variant, Agent::kRandom, Agent::kRandom, rng);
  EXPECT_EQ(r.rounds, 1);
  EXPECT_EQ(r.store[0] + r.store[1], 50);
}

TEST_F(KhutkaBoia, ABhadarNamedToOpenWhoCannotSowLetsTheOtherOpenAndOpensTheNextRound) {
  // next_starter: "not by the player who started it on the previous occasion". P1 opened the
  // previous round, so P2 is named; 37-13 leaves him only his bha: P1 opens and is the starter.
  RoundSetup setup;
  const State s = deal_round(game, {37, 13}, 0, 0, 0, setup);
  EXPECT_EQ(s.to_move, 0);
  EXPECT_EQ(setup.starter, 0);
  // The next round is opened by P2, who did not open this one (before the decision P1 was named
  // again, from P2's naming, and opened three rounds in a row: seed 5, rounds 3 to 5).
  const State next = deal_round(game, {25, 25}, 0, setup.starter, 0, setup);
  EXPECT_EQ(next.to_move, 1);
  EXPECT_EQ(setup.starter, 1);
}

TEST_F(KhutkaBoia, WithTheTributeOnceARoundTheKungidarTakesOnlyFromTheRoundsFirstSowing) {
  // Das-Gupta: "at the commencement of each deal", a deal read as a round. P2 is the Kungidar.
  const Game variant(load_ruleset("khutka_boia/tribute_each_round"));
  // The round's first sowing (ply 0): P1 lifts three from his 3, one is P2's, two are sown.
  State s = p2_kungidar(position(variant, {0, 0, 3, 0, 0}, {0, 0, 0, 0, 0}, 24, 23));
  const MoveEffect first = variant.apply(s, hole(3));
  expect_board(s, {0, 0, 0, 1, 1}, {0, 0, 0, 0, 0}, 24, 24);
  EXPECT_EQ(first.opponent_captured, 1);
  // A later sowing (ply 1), his own: nothing taken; the two go into his 2 and 3, his 4 is empty,
  // so he takes his 5 (0): nothing.
  State t = p2_kungidar(position(variant, {0, 0, 0, 0, 0}, {2, 0, 0, 0, 0}, 24, 24, 1));
  t.ply = 1;
  const MoveEffect later = variant.apply(t, hole(1));
  expect_board(t, {0, 0, 0, 0, 0}, {0, 1, 1, 0, 0}, 24, 24);
  EXPECT_EQ(later.captured, 0);
  // The default takes it at that turn too (one kept, one sown).
  State u = p2_kungidar(position({0, 0, 0, 0, 0}, {2, 0, 0, 0, 0}, 24, 24, 1));
  u.ply = 1;
  game.apply(u, hole(1));
  EXPECT_EQ(u.store, pair(24, 25));
}

}  // namespace
}  // namespace mancala::sim
