// The solver's exact-margin mode (alphabeta.h, solver.h): which rulesets it serves, and that it
// gives the value a plain minimax gives, on the rulesets it serves and on one it refuses.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "simulator/alphabeta.h"
#include "simulator/ruleset_io.h"
#include "simulator/solver.h"

namespace mancala::sim {
namespace {

// `id` on a board of `holes` holes a row and `counters` a hole, stopped at `plies` plies.
RuleSet board(const std::string& id, int holes, int counters, int plies) {
  RuleSet r = load_ruleset(id);
  r.holes_per_row = holes;
  r.counters_per_hole = counters;
  r.max_plies = plies;
  finalize(r, id);
  return r;
}

// Plain minimax, without pruning, table or mode: the reference (values as AlphaBeta's default
// mode gives them: a win above any margin).
int minimax(const Game& game, const AlphaBeta& eval, const State& s) {
  const int p = s.to_move;
  if (s.over) return eval.evaluate(s, p);
  MoveList moves;
  game.legal_moves(s, moves);
  int best = -kInfinity;
  for (const Move& m : moves) {
    State c = s;
    game.apply(c, m);
    const int v = c.over ? eval.evaluate(c, p) : minimax(game, eval, c);
    best = std::max(best, c.over || c.to_move == p ? v : -v);
  }
  return best;
}

int margin_of(int v) {
  return v > kWinScore / 2 ? v - kWinScore : v < -kWinScore / 2 ? v + kWinScore : v;
}

void expect_solve_is_minimax(const RuleSet& rules) {
  const Game game(rules);
  const AlphaBeta eval(game, 1);
  const State s = game.initial_state();
  const SolveResult r = solve(game, s, SolveOptions{0, 16});
  ASSERT_TRUE(r.complete) << rules.id;
  EXPECT_EQ(r.value, margin_of(minimax(game, eval, s))) << rules.id;
  // The principal variation is a game that ends with the value as its margin.
  State pos = s;
  for (const Move& m : r.pv) {
    ASSERT_TRUE(!pos.over && game.is_legal(pos, m)) << rules.id;
    game.apply(pos, m);
  }
  ASSERT_TRUE(pos.over) << rules.id;
  EXPECT_EQ(pos.store[0] - pos.store[1], r.value) << rules.id;
}

// alphabeta.h: "only for a ruleset exact_margins_apply accepts": no rule may read the stores
// before the end (end_on_majority), name a winner whatever the counters (end_mover_loses), carry
// holdings over rounds (a match), or resolve joint turns.
TEST(SolverExactMargins, TheModeServesOnlyRulesetsWhoseStoresDoNotShapeTheFuture) {
  EXPECT_TRUE(AlphaBeta::exact_margins_apply(load_ruleset("kalah/standard")));
  EXPECT_TRUE(AlphaBeta::exact_margins_apply(load_ruleset("kalah/empty_capture")));
  EXPECT_TRUE(AlphaBeta::exact_margins_apply(load_ruleset("toguz_kumalak/played_out")));
  EXPECT_FALSE(AlphaBeta::exact_margins_apply(load_ruleset("toguz_kumalak/standard")))
      << "end_on_majority reads the stores";
  EXPECT_FALSE(AlphaBeta::exact_margins_apply(load_ruleset("khutka_boia"))) << "a match";
  EXPECT_FALSE(AlphaBeta::exact_margins_apply(load_ruleset("sonka"))) << "simultaneous turns";
  RuleSet loses = load_ruleset("kalah/standard");
  loses.no_move = NoMove::kEndMoverLoses;
  EXPECT_FALSE(AlphaBeta::exact_margins_apply(loses)) << "end_mover_loses names the winner";
}

// Kalah's two capture conventions, on boards small enough for a plain minimax.
TEST(SolverExactMargins, KalahValuesAreThoseOfPlainMinimax) {
  for (const char* id : {"kalah/standard", "kalah/empty_capture"}) {
    expect_solve_is_minimax(board(id, 3, 2, 5000));
    expect_solve_is_minimax(board(id, 3, 3, 5000));
    expect_solve_is_minimax(board(id, 4, 1, 5000));
  }
}

// Toguz Kumalak played out (no end on a majority): tuzdyks and the even-count capture under the
// mode, cut at 11 plies (a game stopped there scores its margin so far).
TEST(SolverExactMargins, ToguzPlayedOutValuesAreThoseOfPlainMinimax) {
  expect_solve_is_minimax(board("toguz_kumalak/played_out", 3, 2, 11));
  expect_solve_is_minimax(board("toguz_kumalak/played_out", 4, 2, 9));
}

// A ruleset the mode refuses is solved in the default mode: here the player left without a move
// loses, whatever the counters (Kalah without its end on an empty row).
TEST(SolverExactMargins, ARulesetTheModeRefusesIsSolvedWithWinsAboveMargins) {
  RuleSet r = board("kalah/standard", 3, 2, 5000);
  r.end_on_empty_side = false;
  r.no_move = NoMove::kEndMoverLoses;
  finalize(r, r.id);
  expect_solve_is_minimax(r);
}

}  // namespace
}  // namespace mancala::sim
