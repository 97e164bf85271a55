// MCTS speed (simulator/mcts.h), for each seed game and Kalah:
//   Mcts/search/<id>      one mcts:1000 search from the opening (its first turn with a choice):
//                         simulations/s, and the playouts'
//                         plies/s (plies of the searches' playouts per second of search) against
//                         random games from that position timed side by side in the same run:
//                         playouts_vs_random (goal: at least 0.8)
//   RandomPlayout/<id>    random_playout of whole rounds from the opening, plies/s (the floor)
//   Mcts/selfplay/<id>    a whole game (match) of mcts:1000 against itself: games/s; short runs
// Run: build/bench/mancala_bench --benchmark_filter='Mcts|RandomPlayout'
#include <benchmark/benchmark.h>
#include <time.h>

#include <chrono>
#include <memory>

#include "bench/bench.h"
#include "simulator/match.h"
#include "simulator/mcts.h"
#include "simulator/playout.h"
#include "simulator/ruleset_io.h"
#include "tests/simulator/mcts_turn_util.h"

namespace {

using namespace mancala::sim;
using mcts_testing::mcts_turn;

const char* const kGames[] = {"toguz_kumalak", "khutka_boia", "mawkar_katiya",
                              "sonka",         "otep",        "kalah"};

// This thread's CPU time in seconds: on a shared machine, wall time measures the other jobs.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Manual time: the searches' CPU time only. Between two searches, random games from the opening
// are timed apart, so that both rates come from the same stretch of the (noisy) machine.
// The first position of a game from which a player has a choice: a search of a forced turn (Otep's
// opening holes) runs no simulation. Forced turns are played through with `mcts`.
State first_choice(const Game& game, Mcts& mcts) {
  State s = game.initial_state();
  Rng rng(1, 0);
  MoveList moves;
  for (;;) {
    State next = s;
    const uint64_t before = mcts.simulations_run();
    mcts_turn(game, mcts, next, rng, moves);
    if (mcts.simulations_run() != before || next.over) return s;
    s = next;
  }
}

void search(benchmark::State& state, const std::shared_ptr<const Game>& game) {
  Mcts probe(*game, 1000);
  const State start = first_choice(*game, probe);
  Mcts mcts(*game, 1000);
  uint64_t index = 0;
  double search_seconds = 0, random_seconds = 0;
  int64_t random_plies = 0;
  for (auto _ : state) {
    Rng rng(1, index++);
    State s = start;
    MoveList moves;
    const double t0 = cpu_seconds();
    // The opening's first turn (its own search, or both players' in a joint turn).
    mcts_turn(*game, mcts, s, rng, moves);
    const double t1 = cpu_seconds();
    benchmark::DoNotOptimize(s);
    for (int g = 0; g < 20; ++g) {
      State r = start;
      random_plies += random_playout(*game, r, rng);
      benchmark::DoNotOptimize(r);
    }
    const double t2 = cpu_seconds();
    state.SetIterationTime(t1 - t0);
    search_seconds += t1 - t0;
    random_seconds += t2 - t1;
  }
  state.counters["simulations/s"] = static_cast<double>(mcts.simulations_run()) / search_seconds;
  state.counters["playout_plies/s"] = static_cast<double>(mcts.playout_plies()) / search_seconds;
  const double random_rate = static_cast<double>(random_plies) / random_seconds;
  state.counters["random_plies/s"] = random_rate;
  state.counters["playouts_vs_random"] =
      static_cast<double>(mcts.playout_plies()) / search_seconds / random_rate;
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

}  // namespace

void mancala::sim::register_mcts_benchmarks() {
  for (const char* id : kGames) {
    const auto game = std::make_shared<const Game>(load_ruleset(id));
    const std::string name = id;
    benchmark::RegisterBenchmark(("Mcts/search/" + name).c_str(), search, game)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("RandomPlayout/" + name).c_str(), playouts, game);
    benchmark::RegisterBenchmark(("Mcts/selfplay/" + name).c_str(), selfplay, game)
        ->Unit(benchmark::kSecond)
        ->Iterations(1);
  }
}
