// Search speed: alpha-beta nodes per second on Toguz Kumalak, games per second of alphabeta:4
// self-play for every seed game, and (only with MANCALA_BENCH_SOLVE=1, it takes minutes) the time
// to solve Kalah(6,4). Goals (docs/agents.md): >= 5 million nodes/s on one core; Kalah(6,4)
// solved in under 10 minutes.
//   build-release/bench/mancala_bench --benchmark_filter='AlphaBeta|Solve'
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>

#include "bench/bench.h"
#include "simulator/alphabeta.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"
#include "simulator/solver.h"

namespace {

using namespace mancala::sim;

// Positions of a random Toguz game every 10 plies, each searched 6 plies deep from a fresh table.
void alphabeta_nodes(benchmark::State& state) {
  const Game game(load_ruleset("toguz_kumalak"));
  std::vector<State> positions;
  MatchState match;
  State s = start_match(game, match);
  Rng rng(1, 0);
  MoveList moves;
  while (!s.over) {
    if (s.ply % 10 == 0) positions.push_back(s);
    game.legal_moves(s, moves);
    game.apply(s, moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size)))]);
  }
  AlphaBeta ab(game, 6);
  size_t i = 0;
  for (auto _ : state) {
    ab.new_game();
    benchmark::DoNotOptimize(
        ab.search(positions[i++ % positions.size()], 6, -kInfinity, kInfinity));
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(ab.nodes()), benchmark::Counter::kIsRate);
}

// Whole alphabeta:4 self-play games of a seed game's default ruleset, one player for both seats.
void alphabeta_selfplay(benchmark::State& state, const std::string& id) {
  const Game game(load_ruleset(id));
  Player player(game, AgentSpec(Agent::kAlphaBeta, 4));
  uint64_t index = 0;
  for (auto _ : state) {
    Rng rng(1, index++);
    benchmark::DoNotOptimize(play_game(game, player, player, rng));
  }
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(player.work()), benchmark::Counter::kIsRate);
}

void solve_position(benchmark::State& state, const std::string& id) {
  const Game game(load_ruleset(id));
  for (auto _ : state) {
    // A 1 GiB table (solve --table-mib 1024): the size docs/agents.md's figures use.
    const SolveResult r = solve(game, game.initial_state(), SolveOptions{0, 26, {}});
    state.counters["value"] = r.value;
    state.counters["nodes"] = static_cast<double>(r.nodes);
  }
}

}  // namespace

void mancala::sim::register_search_benchmarks() {
  benchmark::RegisterBenchmark("AlphaBeta/nodes/toguz_kumalak", alphabeta_nodes)
      ->Unit(benchmark::kMillisecond);
  for (const char* id : {"toguz_kumalak", "khutka_boia", "mawkar_katiya", "sonka", "otep"}) {
    benchmark::RegisterBenchmark((std::string("AlphaBeta/selfplay4/") + id).c_str(),
                                 alphabeta_selfplay, std::string(id))
        ->Unit(benchmark::kMillisecond);
  }
  if (std::getenv("MANCALA_BENCH_SOLVE")) {
    for (const char* id : {"kalah/standard", "kalah/empty_capture"}) {
      benchmark::RegisterBenchmark((std::string("Solve/") + id).c_str(), solve_position,
                                   std::string(id))
          ->Iterations(1)
          ->Unit(benchmark::kSecond);
    }
  }
}
