// Simultaneous turns: how a turn both players sow at once is resolved (simultaneous.h), on Sonka's
// board. Rows are written from their owner's left, holes 1..5; global holes: player 1's hole h is
// h-1, player 2's is 4+h. Each player's path: his 1..5, his store, the opponent's 1..5, his 1.
// A tick is written "tN: P1 -> where | P2 -> where"; "picks up X" is a relay from the next hole.
#include "simulator/simultaneous.h"

#include <gtest/gtest.h>

#include <sstream>

#include "board_test_util.h"
#include "common/error.h"
#include "simulator/describe.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using Row = std::array<int, 5>;
using board_testing::hole;
using board_testing::pair;

Game sonka(Resolution resolution) {
  RuleSet rules = load_ruleset("sonka/vanoverbergh_1927");
  rules.resolution = resolution;
  return Game(rules);
}

State position(const Game& g, Row p1, Row p2) {
  return board_testing::position(g, p1, p2, {.ply = 3});
}

void expect(const State& s, Row p1, Row p2, int store1, int store2) {
  board_testing::expect_board(s, p1, p2, store1, store2);
}

JointMove joint(const Game& g, const State& s, const std::string& text) {
  return parse_joint_move(g, s, text, "test");
}

TEST(Lockstep, EachDropsOneCounterPerTickAndADeadPlayerWaitsWhileTheOtherSowsOn) {
  // P1's 1 (1), P2's 1 (3).
  // t1: P1 -> her 2; her 3 is empty: dead | P2 -> his 2
  // t2: P2 -> his 3.  t3: P2 -> his 4; his 5 is empty: dead in his row, he takes her 2 (1).
  const Game g = sonka(Resolution::kLockstep);
  State s = position(g, {1, 0, 0, 0, 0}, {3, 0, 0, 0, 0});
  const JointEffect fx = g.apply_joint(s, joint(g, s, "1/1"));
  expect(s, {0, 0, 0, 0, 0}, {0, 1, 1, 1, 0}, 0, 1);
  EXPECT_EQ(fx.ended_at, (std::array<int, 2>{1, 3}));
  EXPECT_EQ(fx.ticks, 3);
  EXPECT_EQ(fx.fx[1].captured, 1);
  // A joint turn is one ply; P1 has nothing left, so P2 plays the next turn alone.
  EXPECT_EQ(s.ply, 4);
  EXPECT_TRUE(g.joint_turn(s));
  EXPECT_EQ(s.to_move, 1);
}

// P1's 1 (2), P2's 5 (2):
// t1: P1 -> her 2 (2) | P2 -> his store
// t2: P1 -> her 3; picks up her 4 (3) | P2 -> her 1; picks up her 2 (2)
// t3: P1 -> her 5 | P2 -> her 3.  t4: P1 -> her store | P2 -> her 4; picks up her 5 (1)
// t5: both last counters fall into P2's 1; his 2 holds 1: whoever is first in the tick picks it up
//     and the other finds it empty.
const Row kSameHoleP1{2, 1, 0, 3, 0};
const Row kSameHoleP2{1, 1, 0, 0, 2};

TEST(Lockstep,
     WhenBothLastCountersFallIntoOneHoleTheFirstInTheTickPicksUpTheNextHoleAndTheOtherIsDead) {
  // P1 first: she picks up P2's 2 and, t6, sows it into his 3; his 4 is empty. P2 is dead at t5 in
  // his own row facing her 5, empty.
  const Game g = sonka(Resolution::kLockstep);
  State s = position(g, kSameHoleP1, kSameHoleP2);
  const JointEffect fx = g.apply_joint(s, joint(g, s, "1/5"));
  expect(s, {1, 0, 2, 1, 0}, {3, 0, 1, 0, 0}, 1, 1);
  EXPECT_EQ(fx.ended_at, (std::array<int, 2>{6, 5}));
  // P2 first: he picks up his 2 and, t6, sows it into his 3; his 4 is empty: dead in his row, he
  // takes her 3 (2). P1 is dead at t5 in P2's row: no capture.
  const Game r = sonka(Resolution::kLockstepRandom);
  State t = position(r, kSameHoleP1, kSameHoleP2);
  const JointEffect rx = r.apply_joint(t, joint(r, t, "1/5:2"));
  expect(t, {1, 0, 0, 1, 0}, {3, 0, 1, 0, 0}, 1, 3);
  EXPECT_EQ(rx.ended_at, (std::array<int, 2>{5, 6}));
  EXPECT_EQ(rx.first, 1);
}

// P1's 1 (3), P2's 5 (2):
// t1: P1 -> her 2 | P2 -> his store
// t2: P1 -> her 3 | P2 -> her 1; picks up her 2 (1, dropped by her at t1)
// t3: P1 -> her 4, her last; her 5 is empty: dead in her row, P2's 2 facing her 4 is empty
//     P2 -> her 3, his last; whether her 4 holds her counter yet depends on the order in the tick.
const Row kPickUpP1{3, 0, 0, 0, 0};
const Row kPickUpP2{0, 0, 0, 1, 2};

TEST(Lockstep, APickUpTakesWhatTheHoleHoldsAtThatMomentOfTheTick) {
  // P1 first: her counter is in her 4 when P2 looks: he picks it up and, t4, sows it into her 5;
  // P2's 1 is empty.
  const Game g = sonka(Resolution::kLockstepRandom);
  State s = position(g, kPickUpP1, kPickUpP2);
  const JointEffect fx = g.apply_joint(s, joint(g, s, "1/5"));
  expect(s, {1, 0, 2, 0, 1}, {0, 0, 0, 1, 0}, 0, 1);
  EXPECT_EQ(fx.ended_at, (std::array<int, 2>{3, 4}));
  // P2 first: her 4 is still empty when he looks: he is dead; her counter then falls there and
  // stays.
  State t = position(g, kPickUpP1, kPickUpP2);
  const JointEffect tx = g.apply_joint(t, joint(g, t, "1/5:2"));
  expect(t, {1, 0, 2, 1, 0}, {0, 0, 0, 1, 0}, 0, 1);
  EXPECT_EQ(tx.ended_at, (std::array<int, 2>{3, 3}));
}

TEST(Lockstep, PlainLockstepAlwaysDropsPlayer1sCounterFirst) {
  const Game g = sonka(Resolution::kLockstep);
  State s = position(g, kPickUpP1, kPickUpP2);
  JointMove jm = joint(g, s, "1/5");
  jm.first = 1;  // ignored: the order is fixed
  const JointEffect fx = g.apply_joint(s, jm);
  EXPECT_EQ(fx.first, 0);
  expect(s, {1, 0, 2, 0, 1}, {0, 0, 0, 1, 0}, 0, 1);
  EXPECT_FALSE(g.draws_order());
  EXPECT_TRUE(sonka(Resolution::kLockstepRandom).draws_order());
}

TEST(Sequential, TheFirstWholeMoveIsPlayedThenTheSecondSowsWhatHisHoleHoldsThen) {
  const Game g = sonka(Resolution::kSequentialRandom);
  // P1 first: her 1 (3): her 2, 3, 4; her 5 is empty. Then P2's 5 (2): his store, her 1; her 2 (1)
  // is picked up: her 3; her 4 (1): her 5; P2's 1 is empty.
  State s = position(g, kPickUpP1, kPickUpP2);
  g.apply_joint(s, joint(g, s, "1/5"));
  expect(s, {1, 0, 2, 0, 1}, {0, 0, 0, 1, 0}, 0, 1);
  // P2 first: his 5 (2): his store, her 1 (3 -> 4); her 2 is empty. Then her 1 holds 4: her 2, 3,
  // 4, 5; dead in her row, P2's 1 facing her 5 is empty.
  State t = position(g, kPickUpP1, kPickUpP2);
  const JointEffect fx = g.apply_joint(t, joint(g, t, "1/5:2"));
  expect(t, {0, 1, 1, 1, 1}, {0, 0, 0, 1, 0}, 0, 1);
  EXPECT_EQ(fx.first, 1);
  EXPECT_EQ(fx.ticks, 0);
}

TEST(Sequential, AMoveWhoseHoleTheFirstMoveEmptiedLapses) {
  // P1's 5 (1): her store; P2's 1 (2) is picked up: his 2, 3; his 4 is empty. P2 had chosen his 1.
  const Game g = sonka(Resolution::kSequentialRandom);
  State s = position(g, {0, 0, 0, 0, 1}, {2, 0, 0, 0, 0});
  const JointEffect fx = g.apply_joint(s, joint(g, s, "5/1"));
  expect(s, {0, 0, 0, 0, 0}, {0, 1, 1, 0, 0}, 1, 0);
  EXPECT_TRUE(fx.lapsed[1]);
  EXPECT_FALSE(fx.lapsed[0]);
}

TEST(JointMoves, AreWrittenP1SlashP2WithTheDrawnOrderAndParsedBack) {
  const Game g = sonka(Resolution::kLockstepRandom);
  const State s = position(g, {1, 0, 0, 0, 2}, {0, 0, 3, 0, 0});
  const JointMove jm = joint(g, s, "5/3:2");
  EXPECT_EQ(jm.move[0].hole, 4);
  EXPECT_EQ(jm.move[1].hole, 2);
  EXPECT_EQ(jm.first, 1);
  EXPECT_EQ(joint_move_label(g, jm), "5/3:2");
  EXPECT_EQ(joint_move_label(g, joint(g, s, "1/3")), "1/3");
  const State alone = position(g, {0, 0, 0, 0, 0}, {0, 0, 3, 0, 0});
  EXPECT_EQ(joint_move_label(g, joint(g, alone, "-/3")), "-/3");
}

TEST(JointMoves, BadJointMovesAreNamed) {
  const Game g = sonka(Resolution::kLockstepRandom);
  const State s = position(g, {1, 0, 0, 0, 2}, {0, 0, 3, 0, 0});
  auto error = [&](const std::string& text) {
    try {
      parse_joint_move(g, s, text, "replay: move 1 '" + text + "'");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(
      error("5"),
      "replay: move 1 '5': this turn is simultaneous: give both players' holes as P1/P2 (e.g. 3/4; "
      "'-' for a player without a move)");
  EXPECT_EQ(error("2/3"), "replay: move 1 '2/3': '2' is illegal for P1 in this position");
  EXPECT_EQ(error("-/3"), "replay: move 1 '-/3': P1 has a move and must play");
  EXPECT_EQ(error("5/3:3"), "replay: move 1 '5/3:3': '3' after ':' is not who came first (1 or 2)");
  EXPECT_EQ(error("5/9"), "replay: move 1 '5/9': '9' is not a hole (1..5)");
}

// Records every joint turn play_game resolves.
class JointRecorder : public GameObserver {
 public:
  explicit JointRecorder(const Game& game) : game_(game) {}
  void on_joint_move(const State& before, const JointMove& jm, const JointEffect&,
                     const State& after) override {
    ++turns_;
    // Both chose from the same position: each choice is legal in the state before the turn.
    for (int p = 0; p < 2; ++p) {
      MoveList moves;
      game_.legal_moves(before, p, moves);
      EXPECT_EQ(jm.plays[p], moves.size > 0);
      if (jm.plays[p]) {
        EXPECT_TRUE(game_.is_legal(before, p, jm.move[p]));
      }
    }
    EXPECT_EQ(after.ply, before.ply + 1);
  }
  void on_move(const State&, Move, const MoveEffect&, const State&) override { ++single_; }
  int turns_ = 0;
  int single_ = 0;

 private:
  const Game& game_;
};

// The joint and the single turns of one game of `ruleset` from the stream (5, index), `first`
// against `second`, each joint turn checked by the recorder.
struct TurnCounts {
  int joint = 0;
  int single = 0;
};

TurnCounts count_turns(const std::string& ruleset, Agent first, Agent second, uint64_t index) {
  const Game g(load_ruleset(ruleset));
  Rng rng(5, index);
  JointRecorder recorder(g);
  play_game(g, first, second, rng, &recorder);
  return {recorder.turns_, recorder.single_};
}

TEST(PlayGame, EverySonkaTurnIsJointAndBothChooseFromTheSamePosition) {
  const TurnCounts n = count_turns("sonka/vanoverbergh_1927", Agent::kRandom, Agent::kGreedy, 1);
  EXPECT_GT(n.joint, 10);
  EXPECT_EQ(n.single, 0);
}

TEST(PlayGame, OtepPlaysOneJointOpeningThenAlternates) {
  const TurnCounts n = count_turns("otep/beaton_1939", Agent::kRandom, Agent::kRandom, 2);
  EXPECT_EQ(n.joint, 1);
  EXPECT_GT(n.single, 1);
}

}  // namespace
}  // namespace mancala::sim
