// Toguz Kumalak, modern tournament rules: one test per rule clause, on hand-made positions.
// Boards are written as in `mancala trace`: player 2's holes 9..1 on top, player 1's 1..9 below.
// Global hole index: player 1's hole h is h-1, player 2's hole h is 8+h.
#include <gtest/gtest.h>

#include "board_test_util.h"
#include "play_test_util.h"
#include "simulator/describe.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::expect_over;
using board_testing::hole;
using board_testing::pair;

class ToguzKumalak : public board_testing::RuleClauseTest<9> {
 protected:
  ToguzKumalak() : RuleClauseTest("toguz_kumalak/standard", 162) {}
  // Global hole `pos` becomes `owner`'s tuzdyk: what falls into it is his.
  static void make_tuzdyk(State& s, int owner, int pos) {
    s.tuzdyk[owner] = static_cast<int8_t>(pos);
    s.sink[pos] = static_cast<int8_t>(owner);
  }
};

TEST_F(ToguzKumalak,
       TheFirstStoneGoesBackIntoTheEmptiedHoleAndALastStoneMakingAnOpponentsHoleEvenCapturesIt) {
  // Opening move 7: stones into P1's 7, 8, 9 and P2's 1..6; P2's 6 becomes 10 and is taken.
  State s = game.initial_state();
  const MoveEffect fx = game.apply(s, hole(7));
  expect_rows(s, {9, 9, 9, 9, 9, 9, 1, 10, 10}, {10, 10, 10, 10, 10, 0, 9, 9, 9});
  EXPECT_EQ(s.store[0], 10);
  EXPECT_EQ(fx.captured, 10);
  EXPECT_EQ(game.column(fx.last_pos) + 1, 6);
  EXPECT_EQ(s.to_move, 1);
}

TEST_F(ToguzKumalak, ALastStoneMakingAnOwnHoleEvenCapturesNothing) {
  expect_move({{3, 0, 1, 0, 0, 0, 0, 0, 0}, {1, 1, 1, 1, 1, 1, 1, 1, 1}, 77, 72}, hole(1),
              {{1, 1, 2, 0, 0, 0, 0, 0, 0}, {1, 1, 1, 1, 1, 1, 1, 1, 1}, 77, 72});
}

TEST_F(ToguzKumalak, ALastStoneMakingAnOpponentsHoleOddCapturesNothing) {
  expect_move({{0, 0, 0, 0, 0, 0, 0, 0, 2}, {4, 1, 1, 1, 1, 1, 1, 1, 1}, 77, 71}, hole(9),
              {{0, 0, 0, 0, 0, 0, 0, 0, 1}, {5, 1, 1, 1, 1, 1, 1, 1, 1}, 77, 71});
}

TEST_F(ToguzKumalak, ASingleStoneMovesOnToTheNextHoleAndCanCapture) {
  expect_move({{0, 0, 0, 0, 0, 0, 0, 0, 1}, {1, 1, 1, 1, 1, 1, 1, 1, 1}, 80, 72}, hole(9),
              {{0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 1, 1, 1, 1, 1, 1, 1, 1}, 82, 72});
}

TEST_F(ToguzKumalak, NineteenOrMoreStonesGoRoundAndDropIntoTheOriginAgain) {
  // 20 stones from P1's 3: 3 (origin), 4..9, P2's 1..9, P1's 1, 2, then 3 again and 4.
  State s = position({0, 0, 20, 0, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 0, 0, 0}, 70, 71);
  const MoveEffect fx = game.apply(s, hole(3));
  expect_rows(s, {1, 1, 2, 2, 1, 1, 1, 1, 1}, {2, 1, 1, 1, 1, 1, 1, 1, 1});
  EXPECT_EQ(fx.last_pos, 3);  // P1's hole 4: own side, no capture
  EXPECT_EQ(s.store, (std::array<int16_t, 2>{70, 71}));
}

TEST_F(ToguzKumalak, FortyStonesGoTwiceRoundEveryHoleAndTuzdykTakingItsShareEachLap) {
  // 40 stones from P1's 3: two whole laps of the 18 holes (36, the origin included), then 3, 4,
  // 5, 6 once more. P1's tuzdyk (P2's 2) and P2's (P1's 7) each take their two to their owner.
  State s = position({1, 0, 40, 1, 0, 0, 0, 0, 0}, {1, 0, 1, 1, 1, 1, 1, 1, 1}, 56, 56);
  s.tuzdyk = {10, 6};
  s.sink[10] = 0;
  s.sink[6] = 1;
  const MoveEffect fx = game.apply(s, hole(3));
  expect_board(s, {3, 2, 3, 4, 3, 3, 0, 2, 2}, {3, 0, 3, 3, 3, 3, 3, 3, 3}, 58, 58);
  EXPECT_EQ(fx.captured, 2);
  EXPECT_EQ(fx.opponent_captured, 2);
  EXPECT_EQ(fx.last_pos, 5);  // P1's hole 6: own side, no capture
  EXPECT_EQ(s.to_move, 1);
}

TEST_F(ToguzKumalak, ALastStoneMakingAnOpponentsHoleThreeMakesItTheMoversTuzdyk) {
  State s = position({0, 0, 0, 0, 0, 0, 0, 0, 2}, {2, 1, 1, 1, 1, 1, 1, 1, 1}, 78, 72);
  const MoveEffect fx = game.apply(s, hole(9));
  EXPECT_TRUE(fx.made_tuzdyk);
  EXPECT_EQ(s.tuzdyk[0], 9);  // P2's hole 1
  EXPECT_EQ(s.sink[9], 0);
  expect_rows(s, {0, 0, 0, 0, 0, 0, 0, 0, 1}, {0, 1, 1, 1, 1, 1, 1, 1, 1});
  EXPECT_EQ(s.store[0], 81);
  EXPECT_EQ(state_to_json(game, s)["tuzdyk"], nlohmann::json({1, nullptr}));
}

TEST_F(ToguzKumalak, APlayerWhoHasATuzdykCannotMakeASecond) {
  State s = position({0, 0, 0, 0, 0, 0, 0, 0, 2}, {2, 1, 1, 1, 0, 1, 1, 1, 1}, 79, 72);
  make_tuzdyk(s, 0, 13);  // P2's hole 5
  const MoveEffect fx = game.apply(s, hole(9));
  EXPECT_FALSE(fx.made_tuzdyk);
  expect_rows(s, {0, 0, 0, 0, 0, 0, 0, 0, 1}, {3, 1, 1, 1, 0, 1, 1, 1, 1});
  EXPECT_EQ(s.store[0], 79);
}

TEST_F(ToguzKumalak, NoTuzdykInTheOpponentsNinthHole) {
  // 10 stones from P1's 9 reach P2's 9, which becomes 3.
  State s = position({0, 0, 0, 0, 0, 0, 0, 0, 10}, {1, 1, 1, 1, 1, 1, 1, 1, 2}, 72, 70);
  const MoveEffect fx = game.apply(s, hole(9));
  EXPECT_FALSE(fx.made_tuzdyk);
  expect_board(s, {0, 0, 0, 0, 0, 0, 0, 0, 1}, {2, 2, 2, 2, 2, 2, 2, 2, 3}, 72, 70);
}

TEST_F(ToguzKumalak, WithoutTheNinthHoleBanTheOpponentsNinthHoleBecomesATuzdyk) {
  const Game variant(load_ruleset("toguz_kumalak/no_ninth_hole_ban"));
  State s = position(variant, {0, 0, 0, 0, 0, 0, 0, 0, 10}, {1, 1, 1, 1, 1, 1, 1, 1, 2}, 72, 70);
  EXPECT_TRUE(variant.apply(s, hole(9)).made_tuzdyk);
  EXPECT_EQ(s.tuzdyk[0], 17);
  EXPECT_EQ(s.store[0], 75);
}

TEST_F(ToguzKumalak, NoTuzdykWithTheNumberOfTheOpponentsTuzdyk) {
  // P2's tuzdyk is P1's hole 3; P1's last stone makes P2's hole 3 hold three.
  State s = position({0, 0, 0, 0, 0, 0, 0, 0, 4}, {1, 1, 2, 1, 1, 1, 1, 1, 1}, 75, 73);
  make_tuzdyk(s, 1, 2);
  EXPECT_FALSE(game.apply(s, hole(9)).made_tuzdyk);
  expect_rows(s, {0, 0, 0, 0, 0, 0, 0, 0, 1}, {2, 2, 3, 1, 1, 1, 1, 1, 1});
}

TEST_F(ToguzKumalak, WithSymmetryAcrossTheBoardOnlyTheFacingHoleIsBarred) {
  const Game variant(load_ruleset("toguz_kumalak/tuzdyk_opposite_symmetry"));
  // Same position: P2's hole 3 does not face P1's hole 3 (P2's 7 does), so a tuzdyk is made.
  State s = position(variant, {0, 0, 0, 0, 0, 0, 0, 0, 4}, {1, 1, 2, 1, 1, 1, 1, 1, 1}, 75, 73);
  make_tuzdyk(s, 1, 2);
  EXPECT_TRUE(variant.apply(s, hole(9)).made_tuzdyk);
  // And the facing hole, P2's 7, is barred.
  State t = position(variant, {0, 0, 0, 0, 0, 0, 0, 0, 8}, {1, 1, 1, 1, 1, 1, 2, 1, 1}, 71, 73);
  make_tuzdyk(t, 1, 2);
  EXPECT_FALSE(variant.apply(t, hole(9)).made_tuzdyk);
  EXPECT_EQ(t.holes[15], 3);
}

TEST_F(ToguzKumalak, WithoutTuzdykAHoleMadeThreeStaysOnTheBoard) {
  const Game variant(load_ruleset("toguz_kumalak/no_tuzdyk"));
  State s = position(variant, {0, 0, 0, 0, 0, 0, 0, 0, 2}, {2, 1, 1, 1, 1, 1, 1, 1, 1}, 78, 72);
  EXPECT_FALSE(variant.apply(s, hole(9)).made_tuzdyk);
  EXPECT_EQ(s.holes[9], 3);
}

TEST_F(ToguzKumalak, EveryStoneSownIntoATuzdykGoesToItsOwner) {
  // P1 owns P2's hole 2. P2 sows 3 from his hole 1: 1, 2 (to P1), 3.
  State s = position({1, 1, 1, 1, 1, 1, 1, 1, 1}, {3, 0, 1, 1, 1, 1, 1, 1, 1}, 71, 72, 1);
  make_tuzdyk(s, 0, 10);
  game.apply(s, hole(1));
  expect_board(s, {1, 1, 1, 1, 1, 1, 1, 1, 1}, {1, 0, 2, 1, 1, 1, 1, 1, 1}, 72, 72);
  // A tuzdyk cannot be played by the player whose side it is on.
  State t = position({1, 1, 1, 1, 1, 1, 1, 1, 1}, {3, 0, 1, 1, 1, 1, 1, 1, 1}, 71, 72, 1);
  make_tuzdyk(t, 0, 10);
  t.holes[10] = 0;
  EXPECT_FALSE(game.is_legal(t, hole(2)));
}

TEST_F(ToguzKumalak, APlayerWhoseSideIsEmptyAtHisTurnEndsTheGameAndTheOpponentTakesHisOwnSide) {
  // P2 moves his single stone along his own side; P1 then has nothing: P2 takes his 3 stones.
  State s = position({0, 0, 0, 0, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 2, 0, 0, 0, 0}, 80, 79, 1);
  game.apply(s, hole(1));
  expect_over(s, EndReason::kRule);
  EXPECT_EQ(s.store, (std::array<int16_t, 2>{80, 82}));
  EXPECT_EQ(s.winner, 1);
  expect_rows(s, {0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0, 0});
  MoveList moves;
  game.legal_moves(s, moves);
  EXPECT_EQ(moves.size, 0);
}

TEST_F(ToguzKumalak, CapturingMoreThan81EndsTheGameAtOnceAndWins) {
  State s = position({0, 0, 0, 0, 0, 0, 0, 0, 1}, {1, 2, 2, 2, 2, 2, 2, 2, 2}, 80, 64);
  game.apply(s, hole(9));
  EXPECT_TRUE(s.over);
  EXPECT_EQ(s.winner, 0);
  EXPECT_EQ(s.store[0], 82);
  EXPECT_EQ(state_to_json(game, s)["winner"], 1);
  EXPECT_EQ(state_to_json(game, s)["status"], "over");
}

TEST_F(ToguzKumalak, EightyOneEachIsADraw) {
  State s = position({0, 0, 0, 0, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 1, 0, 0, 0, 0}, 81, 79, 1);
  game.apply(s, hole(1));
  EXPECT_TRUE(s.over);
  EXPECT_EQ(s.store, (std::array<int16_t, 2>{81, 81}));
  EXPECT_EQ(s.winner, kDraw);
  EXPECT_EQ(state_to_json(game, s)["winner"], 0);
}

TEST_F(ToguzKumalak, AnEmptyHoleCannotBePlayed) {
  State s = game.initial_state();
  game.apply(s, hole(7));
  EXPECT_FALSE(game.is_legal(s, hole(6)));  // P2's 6 was captured
  EXPECT_TRUE(game.is_legal(s, hole(5)));
}

// Issue 12, item 2: "Illegal moves are played when the mover has no legal move". With an opening
// hole, P1's first move can capture P2's: P2 is then not left without a move; the opening rule
// lapses and his first move is free.
TEST_F(ToguzKumalak, AnOpeningHoleEmptiedBeforeTheFirstMoveLeavesThatMoveFree) {
  RuleSet r = load_ruleset("toguz_kumalak/standard");
  r.opening_hole = 5;
  const Game opening(r);
  State s = position(opening, {9, 9, 9, 9, 0, 9, 9, 9, 9}, {9, 9, 9, 9, 0, 9, 9, 9, 9}, 9, 9, 1);
  s.ply = 1;  // P2's first move: his hole 5 was emptied
  EXPECT_EQ(play_testing::legal_holes(opening, s), (std::vector<int>{1, 2, 3, 4, 6, 7, 8, 9}));
  EXPECT_FALSE(opening.is_legal(s, hole(5)));
  EXPECT_TRUE(opening.is_legal(s, hole(1)));
  // With his hole 5 full the first move is that hole only.
  State t = opening.initial_state();
  t.ply = 1;
  t.to_move = 1;
  EXPECT_EQ(play_testing::legal_holes(opening, t), std::vector<int>{5});
}

TEST_F(ToguzKumalak, PlayedOutTheGameGoesOnPast81UntilAPlayerCannotMove) {
  // The source's only ending: "The game ends when a player cannot move at his turn". The position
  // of CapturingMoreThan81EndsTheGameAtOnceAndWins: P1's 9 (1) moves on to P2's 1 (-> 2), which is
  // captured: 82. The tournament rule stops there; played out, P2 moves next.
  const Game variant(load_ruleset("toguz_kumalak/played_out"));
  State s = position(variant, {0, 0, 0, 0, 0, 0, 0, 0, 1}, {1, 2, 2, 2, 2, 2, 2, 2, 2}, 80, 64);
  variant.apply(s, hole(9));
  EXPECT_FALSE(s.over);
  EXPECT_EQ(s.store[0], 82);
  EXPECT_EQ(s.to_move, 1);
  // P2's 2 (2): his 2 (first into the origin) and his 3 (3). P1's side is empty at his turn: the
  // game ends and P2 takes his own side, 16; P1 still wins, 82-80.
  variant.apply(s, hole(2));
  EXPECT_TRUE(s.over);
  EXPECT_EQ(s.store[0], 82);
  EXPECT_EQ(s.store[1], 80);
  EXPECT_EQ(s.winner, 0);
}
}  // namespace
}  // namespace mancala::sim
