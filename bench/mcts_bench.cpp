// MCTS speed (simulator/mcts.h), for each seed game and Kalah:
//   Mcts/search/<id>      one mcts:1000 search from the opening: simulations/s, and the playouts'
//                         plies/s to set beside RandomPlayout (goal: at least 80% of it)
//   RandomPlayout/<id>    random_playout of whole rounds from the opening, plies/s (the floor)
//   Mcts/selfplay/<id>    a whole game (match) of mcts:1000 against itself: games/s; short runs
// Run: build/bench/mancala_bench --benchmark_filter='Mcts|RandomPlayout'
#include <benchmark/benchmark.h>

#include <memory>

#include "simulator/match.h"
#include "simulator/mcts.h"
#include "simulator/playout.h"
#include "simulator/ruleset_io.h"

namespace {

using namespace mancala::sim;

const char* const kGames[] = {"toguz_kumalak", "khutka_boia", "mawkar_katiya",
                              "sonka",         "otep",        "kalah"};

// Whichever chooser the turn needs: a joint turn asks each player, as the play loop does.
void mcts_turn(const Game& game, Mcts& mcts, State& s, Rng& rng, MoveList& moves) {
  if (game.joint_turn(s)) {
    JointMove jm;
    for (int p = 0; p < 2; ++p) {
      game.legal_moves(s, p, moves);
      if (moves.size == 0) continue;
      jm.plays[p] = true;
      jm.move[p] = mcts.choose_joint(s, p, rng);
    }
    if (game.draws_order() && jm.plays[0] && jm.plays[1])
      jm.first = static_cast<uint8_t>(rng.below(2));
    game.apply_joint(s, jm);
    return;
  }
  game.legal_moves(s, moves);
  game.apply(s, mcts.choose(s, moves, rng));
}

void search(benchmark::State& state, const std::shared_ptr<const Game>& game) {
  Mcts mcts(*game, 1000);
  const State start = game->initial_state();
  uint64_t index = 0;
  for (auto _ : state) {
    Rng rng(1, index++);
    State s = start;
    MoveList moves;
    // The opening's first turn (its own search, or both players' in a joint turn).
    mcts_turn(*game, mcts, s, rng, moves);
    benchmark::DoNotOptimize(s);
  }
  state.counters["simulations/s"] =
      benchmark::Counter(static_cast<double>(mcts.simulations_run()), benchmark::Counter::kIsRate);
  state.counters["playout_plies/s"] =
      benchmark::Counter(static_cast<double>(mcts.playout_plies()), benchmark::Counter::kIsRate);
}

void playouts(benchmark::State& state, const std::shared_ptr<const Game>& game) {
  const State start = game->initial_state();
  uint64_t index = 0;
  int64_t plies = 0;
  for (auto _ : state) {
    Rng rng(1, index++);
    State s = start;
    plies += random_playout(*game, s, rng);
    benchmark::DoNotOptimize(s);
  }
  state.counters["plies/s"] =
      benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}

void selfplay(benchmark::State& state, const std::shared_ptr<const Game>& game) {
  Mcts mcts(*game, 1000);
  uint64_t index = 0;
  int64_t plies = 0;
  for (auto _ : state) {
    Rng rng(1, index++);
    MatchState match;
    State s = start_match(*game, match);
    MoveList moves;
    for (;;) {
      while (!s.over) {
        mcts_turn(*game, mcts, s, rng, moves);
        ++plies;
      }
      finish_round(*game, match, s);
      if (!game->rules().match || !next_round(*game, match, s, rng)) break;
    }
  }
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["plies/game"] =
      static_cast<double>(plies) / static_cast<double>(state.iterations());
}

const bool kRegistered = [] {
  for (const char* id : kGames) {
    const auto game = std::make_shared<const Game>(load_ruleset(id));
    const std::string name = id;
    benchmark::RegisterBenchmark(("Mcts/search/" + name).c_str(), search, game)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("RandomPlayout/" + name).c_str(), playouts, game);
    benchmark::RegisterBenchmark(("Mcts/selfplay/" + name).c_str(), selfplay, game)
        ->Unit(benchmark::kSecond)
        ->Iterations(1);
  }
  return true;
}();

}  // namespace
