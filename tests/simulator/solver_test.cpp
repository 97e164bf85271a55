// The solver (solver.h): its value against a plain minimax on small boards, in its exact-margin
// mode (alphabeta.h) and without it; what it refuses and its time limit; and the published values
// of Kalah.
#include "simulator/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "../test_support.h"
#include "common/error.h"
#include "simulator/agents.h"
#include "simulator/alphabeta.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using test_support::kSanitized;

// A small ruleset made from a project one, as a reader would write it (a file that `extends` it):
// `holes` holes a row, `counters` a hole, stopped at `plies` plies (a finite tree even where
// counters can circle for ever).
RuleSet small(const std::string& id, int holes, int counters, int plies) {
  const auto dir = std::filesystem::temp_directory_path() / "mancala_solver_test";
  std::filesystem::create_directories(dir);
  const auto file = dir / (std::to_string(holes) + "x" + std::to_string(counters) + "_" +
                           std::to_string(plies) + ".json");
  std::ofstream(file) << "{\"extends\": \"" << id << "\", \"rules\": {\"holes_per_row\": " << holes
                      << ", \"counters_per_hole\": " << counters << ", \"max_plies\": " << plies
                      << "}, \"provenance\": {\"holes_per_row\": {\"assumption\": \"test\"}, "
                         "\"counters_per_hole\": {\"assumption\": \"test\"}, "
                         "\"max_plies\": {\"assumption\": \"test\"}}}";
  return load_ruleset(file.string());
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

int margin(int v) {
  return v > kWinScore / 2 ? v - kWinScore : v < -kWinScore / 2 ? v + kWinScore : v;
}

// solve() gives minimax's value, proven exactly, with a principal variation that is a game of
// legal moves ending with that value as its margin.
void expect_solve_is_minimax(const RuleSet& rules, const std::string& what) {
  const Game game(rules);
  const AlphaBeta eval(game, 1);
  const State s = game.initial_state();
  const SolveResult r = solve(game, s, SolveOptions{0, 16, {}});
  ASSERT_TRUE(r.complete) << what;
  EXPECT_EQ(r.value, margin(minimax(game, eval, s))) << what;
  EXPECT_EQ(r.lower, r.value) << what;
  EXPECT_EQ(r.upper, r.value) << what;
  ASSERT_TRUE(r.has_move) << what;
  State pos = s;
  for (size_t i = 0; i < r.pv.size(); ++i) {
    ASSERT_EQ(pos.to_move, r.pv_players[i]) << what;
    ASSERT_TRUE(!pos.over && game.is_legal(pos, r.pv[i])) << what;
    game.apply(pos, r.pv[i]);
  }
  ASSERT_TRUE(pos.over) << what;
  EXPECT_EQ(pos.store[0] - pos.store[1], r.value) << what << ": the PV ends with the value";
}

TEST(Solver, AgreesWithPlainMinimaxOnSmallBoards) {
  for (const auto& [holes, counters] : {std::pair{3, 1}, std::pair{3, 2}, std::pair{4, 2}}) {
    expect_solve_is_minimax(small("toguz_kumalak/no_tuzdyk", holes, counters, kSanitized ? 8 : 11),
                            std::to_string(holes) + "x" + std::to_string(counters));
  }
}

// "On small boards, alphabeta with depth to the end agrees with solve."
TEST(Solver, AlphaBetaSearchedToTheEndAgreesWithSolve) {
  const RuleSet rules = small("toguz_kumalak/standard", 3, 2, 30);
  const Game game(rules);
  AlphaBeta ab(game, kMaxAlphaBetaDepth);
  ab.new_game();
  const State s = game.initial_state();
  const int v = ab.search(s, kMaxAlphaBetaDepth, -kInfinity, kInfinity);
  EXPECT_EQ(margin(v), solve(game, s, SolveOptions{0, 18, {}}).value);
}

TEST(Solver, RefusesWhatItCannotSolveExactly) {
  const auto message = [](const std::string& id) {
    return test_support::thrown_message<Error>([&] { check_solvable(load_ruleset(id)); },
                                               "accepted");
  };
  EXPECT_EQ(message("sonka/vanoverbergh_1927"),
            "sonka/vanoverbergh_1927: cannot be solved exactly: its turns are simultaneous, "
            "resolved in an order drawn at random (the solver needs alternating moves)");
  EXPECT_EQ(message("khutka_boia"),
            "khutka_boia/das_gupta_1926: cannot be solved exactly: it is a match of several "
            "rounds, each dealt from the last (the solver plays one game)");
  EXPECT_EQ(message("toguz_kumalak"), "accepted");
}

TEST(Solver, StopsAtItsTimeLimitWithBounds) {
  const Game game(load_ruleset("toguz_kumalak"));
  const SolveResult r = solve(game, game.initial_state(), SolveOptions{0.05, 16, {}});
  EXPECT_FALSE(r.complete);
  EXPECT_LE(r.lower, r.upper);
  EXPECT_GE(r.lower, -162);
  EXPECT_LE(r.upper, 162);
  EXPECT_LT(r.seconds, 5.0);
}

// alphabeta.h: the exact-margin mode is "only for a ruleset exact_margins_apply accepts": no rule
// may read the stores before the end (end_on_majority), name a winner whatever the counters
// (end_mover_loses), carry holdings over rounds (a match), or resolve joint turns.
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

// Kalah's two capture conventions in the mode, on boards small enough for a plain minimax.
TEST(SolverExactMargins, KalahValuesAreThoseOfPlainMinimax) {
  for (const char* id : {"kalah/standard", "kalah/empty_capture"}) {
    for (const auto& [holes, counters] : {std::pair{3, 2}, std::pair{3, 3}, std::pair{4, 1}}) {
      expect_solve_is_minimax(
          small(id, holes, counters, 5000),
          std::string(id) + " " + std::to_string(holes) + "x" + std::to_string(counters));
    }
  }
}

// Toguz Kumalak played out (no end on a majority): tuzdyks and the even-count capture in the
// mode, cut at a few plies (a game stopped there scores its margin so far).
TEST(SolverExactMargins, ToguzPlayedOutValuesAreThoseOfPlainMinimax) {
  expect_solve_is_minimax(small("toguz_kumalak/played_out", 3, 2, 11), "3x2");
  expect_solve_is_minimax(small("toguz_kumalak/played_out", 4, 2, 9), "4x2");
}

// A ruleset the mode refuses is solved in the default mode: here the player left without a move
// loses, whatever the counters (Kalah without its end on an empty row).
TEST(SolverExactMargins, ARulesetTheModeRefusesIsSolvedWithWinsAboveMargins) {
  RuleSet r = small("kalah/standard", 3, 2, 5000);
  r.end_on_empty_side = false;
  r.no_move = NoMove::kEndMoverLoses;
  finalize(r, r.id);
  expect_solve_is_minimax(r, "kalah 3x2, the mover without a move loses");
}

// Kalah as the control game (issue 10): the solver reproduces the published values of Irving,
// Donkers and Uiterwijk, "Solving Kalah", ICGA Journal 23(3), 2000: the first player's margin
// under perfect play on small boards, with the standard capture and with their convention that
// a capture is made even when the facing hole is empty.
int kalah_value(const std::string& id, int holes, int counters) {
  const Game game(small(id, holes, counters, 5000));
  const SolveResult r = solve(game, game.initial_state(), SolveOptions{0, 22, {}});
  EXPECT_TRUE(r.complete);
  return r.value;
}

TEST(KalahSolved, StandardKalahValuesAreThePublishedOnes) {
  EXPECT_EQ(kalah_value("kalah/standard", 4, 2), 6) << "Kalah(4,2)";
  EXPECT_EQ(kalah_value("kalah/standard", 4, 3), 6) << "Kalah(4,3)";
}

TEST(KalahSolved, IrvingsEmptyCaptureValuesAreThePublishedOnes) {
  EXPECT_EQ(kalah_value("kalah/empty_capture", 6, 1), 2) << "Kalah(6,1)";
  EXPECT_EQ(kalah_value("kalah/empty_capture", 6, 2), 10) << "Kalah(6,2)";
  if (kSanitized) return;  // Kalah(6,3) takes minutes unoptimised under the sanitizers
  EXPECT_EQ(kalah_value("kalah/empty_capture", 6, 3), 2) << "Kalah(6,3)";
}

// "A table larger than 2^20 entries is first tried at that size, for first_attempt_nodes nodes;
// a search that needs more starts again with the whole table" (solver.h): the answer is the one
// the table alone gives, and it says which table it came from.
TEST(SolverTable, ALargeTableIsFirstTriedSmallAndTheAnswerIsThatOfOneTable) {
  const Game game(small("kalah/standard", 4, 3, 5000));
  const State s = game.initial_state();
  const auto with = [&](int bits, uint64_t first_nodes) {
    SolveOptions o;
    o.table_bits = bits;
    o.first_attempt_nodes = first_nodes;
    return solve(game, s, o);
  };
  const SolveResult small_table = with(20, 0), large_table = with(24, 0);
  ASSERT_TRUE(small_table.complete && large_table.complete);
  EXPECT_EQ(small_table.table_bits, 20);
  EXPECT_EQ(large_table.table_bits, 24);
  // Solved within the first attempt's nodes: the small table's search, node for node.
  const SolveResult first = with(24, uint64_t{1} << 22);
  ASSERT_LT(small_table.nodes, uint64_t{1} << 22);
  EXPECT_EQ(first.table_bits, 20);
  EXPECT_EQ(first.value, small_table.value);
  EXPECT_EQ(first.pv, small_table.pv);
  EXPECT_EQ(first.nodes, small_table.nodes);
  // Not within 640 nodes: the whole table's search, after the nodes the first attempt spent.
  const SolveResult again = with(24, 640);
  ASSERT_TRUE(again.complete);
  EXPECT_EQ(again.table_bits, 24);
  EXPECT_EQ(again.value, large_table.value);
  EXPECT_EQ(again.pv, large_table.pv);
  EXPECT_GE(again.nodes, large_table.nodes + 640);
  // The budget is looked at every 64 nodes (and the search unwinds after the last look).
  EXPECT_LE(again.nodes, large_table.nodes + 640 + 128);
  EXPECT_EQ(large_table.value, 6);  // Kalah(4,3), as published
}

// Issue 22, "solve for a user": the default table is a quarter of the available memory, at most
// 4 GiB, a power of two of MiB.
TEST(SolverTable, TheDefaultIsAQuarterOfTheAvailableMemoryAtMost4GiB) {
  EXPECT_EQ(default_table_mib(22000), 4096);
  EXPECT_EQ(default_table_mib(16384), 4096);
  EXPECT_EQ(default_table_mib(16383), 2048);
  EXPECT_EQ(default_table_mib(3000), 512);
  EXPECT_EQ(default_table_mib(7), 1);
  EXPECT_EQ(default_table_mib(0), 256);
}

// ... and no more than the board needs: four 16-byte entries for each way to share the counters
// among the holes and stores, either player to move. Kalah(3,2): 2 * C(19, 7) = 100,776 boards,
// 6.2 MiB, so 8 MiB; Kalah(6,4) needs far more than the cap.
TEST(SolverTable, TheDefaultIsNoLargerThanTheBoardNeeds) {
  RuleSet small = load_ruleset("kalah/standard");
  small.holes_per_row = 3;
  small.total_counters = 12;
  EXPECT_EQ(default_table_mib(22000, small), 8);
  EXPECT_EQ(default_table_mib(20, small), 4);
  EXPECT_EQ(default_table_mib(22000, load_ruleset("kalah/standard")), 4096);
  EXPECT_EQ(default_table_mib(3000, load_ruleset("toguz_kumalak")), 512);
}

}  // namespace
}  // namespace mancala::sim
