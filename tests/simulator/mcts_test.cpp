// The MCTS agent (simulator/mcts.h): deterministic for a given stream, only legal moves in every
// ruleset (joint turns by decoupled UCT), the searched position left as it was, a won position
// converted, and stronger than greedy on Toguz Kumalak.
#include "simulator/mcts.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "../test_support.h"
#include "board_test_util.h"
#include "mcts_turn_util.h"
#include "play_test_util.h"
#include "simulator/play.h"
#include "simulator/playout.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using test_support::sanitized;

// Plays one round from `s` with MCTS for both players, checking every choice; returns the plies.
int play_round_checked(const Game& game, Mcts& mcts, State& s, Rng& rng) {
  MoveList moves;
  int plies = 0;
  while (!s.over) {
    const State before = s;
    mcts_testing::mcts_turn(game, mcts, s, rng, moves, [&](int p, Move m, bool joint) {
      EXPECT_TRUE(joint ? game.is_legal(s, p, m) : game.is_legal(s, m))
          << game.rules().id << " ply " << s.ply;
      EXPECT_EQ(s, before) << game.rules().id << ": the search changed the position";
    });
    ++plies;
  }
  return plies;
}

TEST(Mcts, TheSameStreamGivesTheSameMove) {
  const Game game(load_ruleset("toguz_kumalak"));
  const State s = game.initial_state();
  MoveList moves;
  game.legal_moves(s, moves);
  Mcts a(game, 200), b(game, 200);
  Rng r1(5, 0), r2(5, 0);
  const Move first = a.choose(s, moves, r1);
  EXPECT_EQ(b.choose(s, moves, r2), first);
  EXPECT_EQ(r1.next(), r2.next());  // and the stream is left in the same state
  // An object reusing its pools gives the same move as a fresh one.
  Rng r3(5, 0);
  EXPECT_EQ(a.choose(s, moves, r3), first);
  EXPECT_EQ(a.simulations_run(), 400u);
}

TEST(Mcts, AForcedMoveIsPlayedWithoutSearch) {
  const Game game(load_ruleset("toguz_kumalak"));
  // Player 1's only counter in his 5; player 2's five in his 1.
  const State s =
      board_testing::position<9>(game, {0, 0, 0, 0, 1, 0, 0, 0, 0}, {5, 0, 0, 0, 0, 0, 0, 0, 0});
  MoveList moves;
  game.legal_moves(s, moves);
  ASSERT_EQ(moves.size, 1);
  Mcts mcts(game, 100);
  Rng rng(1);
  EXPECT_EQ(mcts.choose(s, moves, rng), moves[0]);
  EXPECT_EQ(mcts.simulations_run(), 0u);
}

TEST(Mcts, TheTreeNeverHoldsMoreThanOneNodePerSimulation) {
  const Game game(load_ruleset("toguz_kumalak"));
  EXPECT_EQ(Mcts(game, 300).node_capacity(), 301u);
  EXPECT_EQ(Mcts(game, 0).node_capacity(), 2u);  // at least one simulation
}

// Every ruleset, one round each with a small search: only legal moves, the position untouched.
class MctsEveryRuleset : public play_testing::RulesetTest {};

TEST_P(MctsEveryRuleset, PlaysOnlyLegalMovesAndNeverChangesTheSearchedPosition) {
  Mcts mcts(game, sanitized() ? 4 : 16);
  for (uint64_t g = 0; g < 2; ++g) {
    Rng rng(11, g);
    MatchState match;
    State s = start_match(game, match);
    const int total = game.counters_total(s);
    EXPECT_GT(play_round_checked(game, mcts, s, rng), 0);
    EXPECT_EQ(game.counters_total(s), total);
  }
  EXPECT_GT(mcts.simulations_run(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Rulesets, MctsEveryRuleset,
                         ::testing::ValuesIn(play_testing::shipped_ruleset_ids()),
                         test_support::param_name);

TEST(Mcts, JointTurnsAreChosenByEachPlayerFromTheSamePosition) {
  // Sonka: every turn simultaneous. Each player's choice is legal for him and reproducible.
  const Game game(load_ruleset("sonka"));
  const State s = game.initial_state();
  ASSERT_TRUE(game.joint_turn(s));
  Mcts mcts(game, 200);
  for (int p = 0; p < 2; ++p) {
    Rng r1(3, 0), r2(3, 0);
    const Move m = mcts.choose_joint(s, p, r1);
    EXPECT_TRUE(game.is_legal(s, p, m));
    EXPECT_EQ(mcts.choose_joint(s, p, r2), m);
  }
}

// The exact value of a small position: player 1's final store minus player 2's (minimax).
int solve(const Game& game, const State& s) {
  if (s.over) return s.store[0] - s.store[1];
  MoveList moves;
  game.legal_moves(s, moves);
  int best = s.to_move == 0 ? -1000 : 1000;
  for (const Move& m : moves) {
    State next = s;
    game.apply(next, m);
    const int v = solve(game, next);
    best = s.to_move == 0 ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

TEST(Mcts, FindsTheOnlyWinningMoveOfAKalahEndgame) {
  //        6  5  4  3  2  1      (player 2, store 21)
  //  P2:   0  3  0  0  0  0
  //  P1:   1  0  0  0  0  2      (player 1 to move, store 21)
  // P1's 1 falls into his empty 2 and takes P2's 5: P2's row is empty, the game ends 27-21.
  const Game game(load_ruleset("kalah"));
  const State s = board_testing::position<6>(game, {1, 0, 0, 0, 0, 2}, {0, 0, 0, 0, 3, 0},
                                             {.store1 = 21, .store2 = 21});
  MoveList moves;
  game.legal_moves(s, moves);
  ASSERT_EQ(moves.size, 2);
  int winning = 0;
  for (const Move& m : moves) {
    State next = s;
    game.apply(next, m);
    winning += solve(game, next) > 0;
  }
  ASSERT_EQ(winning, 1) << "the position must have exactly one winning move";
  Mcts mcts(game, 300);
  for (uint64_t seed = 0; seed < 5; ++seed) {
    Rng rng(seed);
    EXPECT_EQ(mcts.choose(s, moves, rng), (Move{0, false})) << "seed " << seed;
  }
}

TEST(Mcts, Mcts300BeatsGreedyOnToguzKumalakInEitherSeat) {
  // The check of strength: mcts:300 wins at least 65% against greedy over 100 games,
  // 50 in each seat (fewer under the sanitizers, same threshold).
  const Game game(load_ruleset("toguz_kumalak"));
  const int games = sanitized() ? 10 : 100;
  Mcts mcts(game, 300);
  int wins = 0;
  MoveList moves;
  for (int g = 0; g < games; ++g) {
    const int mcts_seat = g % 2;
    Rng rng(2026, static_cast<uint64_t>(g));
    State s = game.initial_state();
    while (!s.over) {
      game.legal_moves(s, moves);
      const Move m = s.to_move == mcts_seat ? mcts.choose(s, moves, rng)
                                            : greedy_move(game, s, s.to_move, moves, rng);
      game.apply(s, m);
    }
    wins += s.winner == mcts_seat;
  }
  EXPECT_GE(100 * wins, 65 * games) << wins << " wins in " << games << " games";
}

TEST(Mcts, RandomPlayoutEndsTheRoundAndCountsItsPlies) {
  const Game game(load_ruleset("toguz_kumalak"));
  State s = game.initial_state();
  Rng rng(9);
  const int plies = random_playout(game, s, rng);
  EXPECT_TRUE(s.over);
  EXPECT_EQ(plies, s.ply);
  EXPECT_EQ(game.counters_total(s), 162);
}

}  // namespace
}  // namespace mancala::sim
