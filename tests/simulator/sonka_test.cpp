// Sonka (Vanoverbergh 1927, DLP.Evidence.693): one test per rule clause, on hand-made positions.
// Rows are written from their owner's left, holes 1..5. Global holes: player 1's hole h is h-1,
// player 2's is 4+h. Player 1's path: his 1..5, his store, player 2's 1..5 (player 2's store
// skipped), his 1; player 2's likewise. A hole's facing hole is the opponent's 6-h.
// Single moves are played with Game::try_move (the move alone, as in a turn where the other
// player has nothing to sow); simultaneous resolution has its own tests (simultaneous_test.cpp).
#include <gtest/gtest.h>

#include "board_test_util.h"
#include "simulator/describe.h"
#include "simulator/match.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"
#include "simulator/simultaneous.h"

namespace mancala::sim {
namespace {

using Row = std::array<int, 5>;
using board_testing::expect_over;
using board_testing::hole;
using board_testing::pair;
constexpr int kBurned = board_testing::kOutOfPlay;

class Sonka : public ::testing::Test {
 protected:
  const Game game{load_ruleset("sonka/vanoverbergh_1927")};

  // kBurned marks a hole out of play.
  static State position(const Game& g, Row p1, Row p2, int store1 = 0, int store2 = 0) {
    return board_testing::position(g, p1, p2, {.store1 = store1, .store2 = store2, .ply = 3});
  }
  static Row row(const State& s, int p) { return board_testing::row<5>(s, p, true); }
  void expect(const State& s, Row p1, Row p2, int store1, int store2) {
    board_testing::expect_board(s, p1, p2, store1, store2, true);
  }
};

TEST_F(Sonka, SheSowsAnticlockwiseIntoHerOwnStoreButNotTheOpponentsStore) {
  // P1's 5 (7): her store, P2's 1..5, P2's store skipped, her 1. Her 2 is empty: she is dead in her
  // own row and takes P2's 5, facing her 1.
  State s = position(game, {0, 0, 0, 0, 7}, {1, 1, 1, 1, 1});
  const MoveEffect fx = game.try_move(s, 0, hole(5));
  expect(s, {1, 0, 0, 0, 0}, {2, 2, 2, 2, 0}, 3, 0);
  EXPECT_EQ(fx.captured, 3);
}

TEST_F(Sonka, AfterTheLastCounterTheNextHoleIsPickedUpAndAnEmptyOneEndsTheMove) {
  // P1's 1 (2): her 2, 3; her 4 (3) is picked up: her 5, her store, P2's 1; P2's 2 is empty: the
  // move ends in P2's row, without capture.
  State s = position(game, {2, 0, 0, 3, 0}, {0, 0, 2, 0, 0});
  const MoveEffect fx = game.try_move(s, 0, hole(1));
  expect(s, {0, 1, 1, 0, 1}, {1, 0, 2, 0, 0}, 1, 0);
  EXPECT_EQ(fx.sowings, 2);
}

TEST_F(Sonka, AMoveEndingInHerOwnRowTakesTheOpponentsHoleFacingHerLastCounter) {
  // P1's 1 (2): her 2, 3; her 4 is empty: she takes P2's 3, facing her 3.
  State s = position(game, {2, 0, 0, 0, 0}, {0, 0, 4, 0, 0});
  game.try_move(s, 0, hole(1));
  expect(s, {0, 1, 1, 0, 0}, {0, 0, 0, 0, 0}, 4, 0);
}

TEST_F(Sonka, TheStoreIsNotAHoleToPickUp) {
  // A last counter in her 5 is followed by her store, then P2's 1 (2), which is picked up.
  State s = position(game, {0, 0, 0, 1, 0}, {2, 0, 0, 0, 0});
  game.try_move(s, 0, hole(4));
  expect(s, {0, 0, 0, 0, 1}, {0, 1, 1, 0, 0}, 0, 0);
  // A last counter in her store: the next hole is P2's 1 (3), picked up: P2's 2, 3, 4.
  State t = position(game, {0, 0, 0, 0, 1}, {3, 0, 0, 0, 0});
  const MoveEffect fx = game.try_move(t, 0, hole(5));
  expect(t, {0, 0, 0, 0, 0}, {0, 1, 1, 1, 0}, 1, 0);
  EXPECT_FALSE(fx.extra_move);
}

TEST_F(Sonka, BurnedHolesAreSkippedByBothPlayers) {
  // Burned: P1's 3 and P2's 2.
  const State start = position(game, {2, 0, kBurned, 0, 3}, {0, kBurned, 0, 0, 4});
  // P1's 1 (2): her 2, (3 skipped) 4; her 5 (3) is picked up: store, P2's 1, (2 skipped) 3; P2's
  // 4 is empty.
  State s = start;
  game.try_move(s, 0, hole(1));
  expect(s, {0, 1, kBurned, 1, 0}, {1, kBurned, 1, 0, 4}, 1, 0);
  // P2's 5 (4): store, P1's 1, 2, (3 skipped) 4; P1's 5 (3) is picked up: P2's 1, (2 skipped) 3, 4;
  // his 5 is empty (he lifted it): dead in his own row, he takes P1's 2, facing his 4.
  State t = start;
  game.try_move(t, 1, hole(5));
  expect(t, {3, 0, kBurned, 1, 0}, {1, kBurned, 1, 1, 0}, 0, 2);
}

TEST_F(Sonka, APlayerWithEmptyHolesWaitsWhileTheOtherPlaysAlone) {
  // P2's 4 (1): his 5; his store is not a hole to pick up and P1's 1 is empty: dead in his own row,
  // facing P1's empty 1.
  State s = position(game, {0, 0, 0, 0, 0}, {0, 0, 0, 1, 2}, 30, 27);
  ASSERT_TRUE(game.joint_turn(s));
  MoveList moves;
  game.legal_moves(s, 0, moves);
  EXPECT_EQ(moves.size, 0);
  game.apply_joint(s, parse_joint_move(game, s, "-/4", "test"));
  expect(s, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 3}, 30, 27);
  EXPECT_FALSE(s.over);
  EXPECT_TRUE(game.joint_turn(s));
  EXPECT_EQ(s.to_move, 1);
}

TEST_F(Sonka, TheRoundEndsWhenEveryCounterIsInTheStores) {
  State s = position(game, {0, 0, 0, 0, 1}, {0, 0, 0, 0, 1}, 35, 23);
  game.apply_joint(s, parse_joint_move(game, s, "5/5", "test"));
  expect(s, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, 36, 24);
  expect_over(s, EndReason::kRule, 0);
}

TEST_F(Sonka, ANewRoundFillsSixPerHoleFromHerLeftKeepsTheRestAtHomeAndBurnsTheHolesSheCannotFill) {
  RoundSetup setup;
  const State s = deal_round(game, {40, 20}, 0, 0, 0, setup);
  expect(s, {6, 6, 6, 6, 6}, {6, 6, 6, kBurned, kBurned}, 0, 0);
  EXPECT_EQ(s.aside, (std::array<int16_t, 2>{10, 2}));
  EXPECT_EQ(setup.holes_out, (std::array<uint8_t, 2>{0, 2}));
  EXPECT_TRUE(game.joint_turn(s));
  EXPECT_EQ(game.counters_total(s), 60);
}

TEST_F(Sonka, TheMatchEndsWhenAPlayerCannotFillASingleHole) {
  int8_t winner = kNobody;
  EXPECT_FALSE(match_end_reached(game, {54, 6}, winner));
  EXPECT_TRUE(match_end_reached(game, {55, 5}, winner));
  EXPECT_EQ(winner, 0);
}

TEST_F(Sonka, AMatchStopsAfterTenRoundsAndTheOneHoldingMoreWins) {
  Rng rng(7, 3);
  const GameResult r = play_game(game, Agent::kRandom, Agent::kRandom, rng);
  ASSERT_NE(r.reason, EndReason::kSafetyBound);
  EXPECT_LE(r.rounds, 10);
  EXPECT_EQ(r.store[0] + r.store[1], 60);
  if (r.reason == EndReason::kNoProgress) {
    EXPECT_EQ(r.rounds, 10);
    EXPECT_EQ(r.winner, r.store[0] > r.store[1] ? 0 : r.store[1] > r.store[0] ? 1 : kDraw);
  }
}

TEST_F(Sonka, WithUnfilledHolesInPlayNothingIsBurned) {
  const Game in_play(load_ruleset("sonka/unfilled_holes_in_play"));
  RoundSetup setup;
  const State s = deal_round(in_play, {40, 20}, 0, 0, 0, setup);
  expect(s, {6, 6, 6, 6, 6}, {6, 6, 6, 0, 0}, 0, 0);
  EXPECT_EQ(s.out_of_play, 0u);
}

TEST_F(Sonka, TheLudiiAlternativeAlternatesTurns) {
  const Game alternating(load_ruleset("sonka/alternating"));
  State s = alternating.initial_state();
  EXPECT_FALSE(alternating.joint_turn(s));
  alternating.apply(s, hole(1));
  EXPECT_EQ(s.to_move, 1);
}

TEST_F(Sonka, TheModernAlternativePlaysOnlyTheFirstTurnAtOnceThenPlayer1Starts) {
  const Game modern(load_ruleset("sonka/simultaneous_first_move"));
  State s = modern.initial_state();
  ASSERT_TRUE(modern.joint_turn(s));
  JointMove jm = parse_joint_move(modern, s, "1/1", "test");
  modern.apply_joint(s, jm);
  EXPECT_FALSE(modern.joint_turn(s));
  EXPECT_EQ(s.to_move, 0);
}

TEST_F(Sonka, TheLandingHoleAlternativePicksUpTheHoleTheLastCounterFellInto) {
  // P1's 1 (2): her 2, 3; her 3 was occupied: picked up (2): her 4, 5; her 5 was empty: the move
  // ends in her row and she takes P2's 1, facing her 5.
  const Game landing(load_ruleset("sonka/relay_landing_hole"));
  State s = position(landing, {2, 0, 1, 0, 0}, {3, 0, 0, 0, 0});
  landing.try_move(s, 0, hole(1));
  expect(s, {0, 1, 0, 1, 1}, {0, 0, 0, 0, 0}, 3, 0);
}

TEST_F(Sonka,
       InTheExtraMoveAlternativeALastCounterInHerStoreLetsHerMoveAgainAloneWhileTheOtherWaits) {
  const Game extra(load_ruleset("sonka/store_extra_move"));
  // P1's 5 (1) falls into her store: her move ends there. P2's 2 (2): his 3, 4; his 5 is empty,
  // P1's 2 facing his 4 is empty.
  State s = position(extra, {2, 0, 0, 0, 1}, {0, 2, 0, 0, 0});
  const JointEffect fx = extra.apply_joint(s, parse_joint_move(extra, s, "5/2", "test"));
  EXPECT_TRUE(fx.fx[0].extra_move);
  expect(s, {2, 0, 0, 0, 0}, {0, 0, 1, 1, 0}, 1, 0);
  ASSERT_FALSE(extra.joint_turn(s));
  EXPECT_EQ(s.solo, 0);
  EXPECT_EQ(s.to_move, 0);
  // Her extra move, alone: her 1 (2): her 2, 3; her 4 is empty: she takes P2's 3.
  extra.apply(s, hole(1));
  expect(s, {0, 1, 1, 0, 0}, {0, 0, 0, 1, 0}, 2, 0);
  EXPECT_TRUE(extra.joint_turn(s));
  EXPECT_EQ(s.solo, kNobody);
}

TEST_F(Sonka, WhenHerStoreEndsTheRelayALastCounterInHer5EndsTheMoveAndTakesTheHoleFacingIt) {
  // relay_skips_store false ("the hole next to that into which they dropped their last pebble" is
  // her home): P1's 4 (1) into her 5; her store comes next and is not picked up, so she is dead in
  // her own row and takes P2's 1 (2), facing her 5. By default the store is passed over and P2's
  // 1 is picked up (TheStoreIsNotAHoleToPickUp).
  const Game variant(load_ruleset("sonka/store_ends_relay"));
  State s = position(variant, {0, 0, 0, 1, 0}, {2, 0, 0, 0, 0});
  const MoveEffect fx = variant.try_move(s, 0, hole(4));
  expect(s, {0, 0, 0, 0, 1}, {0, 0, 0, 0, 0}, 2, 0);
  EXPECT_EQ(fx.captured, 2);
  EXPECT_EQ(fx.sowings, 1);
  // A last counter in her store is followed by P2's 1 in both readings: picked up (3).
  State t = position(variant, {0, 0, 0, 0, 1}, {3, 0, 0, 0, 0});
  variant.try_move(t, 0, hole(5));
  expect(t, {0, 0, 0, 0, 0}, {0, 1, 1, 1, 0}, 1, 0);
}

TEST_F(Sonka, AMoveEndingInHerOwnStoreCapturesNothingAndTheHoleFacingHer5IsTheEmptyOne) {
  // The capture's note: a move dying in her store has not ended in her row. P1's 4 (2): her 5,
  // her store; P2's 1 is empty: she is dead. The only hole the other reading could take, the one
  // facing her 5, is that empty P2's 1, so both readings play the same.
  State s = position(game, {0, 0, 0, 2, 0}, {0, 3, 0, 0, 0});
  const MoveEffect fx = game.try_move(s, 0, hole(4));
  expect(s, {0, 0, 0, 0, 1}, {0, 3, 0, 0, 0}, 1, 0);
  EXPECT_EQ(fx.by_rule, 0);  // only the counter sown home
  EXPECT_EQ(fx.last_pos, kStorePos);
  EXPECT_EQ(game.opposite(4), 5);  // P1's 5 faces P2's 1, the empty next hole
}
}  // namespace
}  // namespace mancala::sim
