// Engine speed: random (and greedy) playouts of every ruleset on one thread, and the batch runner
// on one and on all threads. Counters: games/s and plies/s. Run a Release build:
//   cmake -B build-release -DCMAKE_BUILD_TYPE=Release && cmake --build build-release --target
//   mancala_bench build-release/bench/mancala_bench --benchmark_filter=Playout
// Target (docs/simulate.md): Toguz Kumalak random play >= 130,000 games/s on one core.
#include <benchmark/benchmark.h>

#include <memory>

#include "bench/bench.h"
#include "simulator/batch.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"

namespace {

using namespace mancala::sim;

// Whole games, one after another, each with its own Rng(seed 1, game index) as in a run.
void playout(benchmark::State& state, const std::shared_ptr<const Game>& game, Agent agent) {
  uint64_t index = 0;
  int64_t plies = 0;
  for (auto _ : state) {
    Rng rng(1, index++);
    const GameResult result = play_game(*game, agent, agent, rng);
    plies += result.plies;
    benchmark::DoNotOptimize(result);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["plies/s"] =
      benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
  state.counters["plies/game"] =
      static_cast<double>(plies) / static_cast<double>(state.iterations());
}

// The batch runner with its statistics, `threads` workers; wall-clock time.
void batch(benchmark::State& state, const RuleSet& rules, int threads) {
  constexpr int64_t kGames = 20000;
  double plies = 0;
  for (auto _ : state) {
    BatchOptions options;
    options.games = kGames;
    options.threads = threads;
    const RunStats run = simulate_ruleset(rules, options);
    plies += run.tally.plies.moments().sum();
  }
  const auto games = static_cast<double>(state.iterations() * kGames);
  state.counters["games/s"] = benchmark::Counter(games, benchmark::Counter::kIsRate);
  state.counters["plies/s"] = benchmark::Counter(plies, benchmark::Counter::kIsRate);
}

}  // namespace

int main(int argc, char** argv) {
  register_search_benchmarks();
  register_mcts_benchmarks();
  register_reconstruct_benchmarks();
  for (const std::string& id : list_ruleset_ids()) {
    const RuleSet rules = load_ruleset(id);
    const auto game = std::make_shared<const Game>(rules);
    benchmark::RegisterBenchmark(("Playout/random/" + id).c_str(), playout, game, Agent::kRandom);
    benchmark::RegisterBenchmark(("Playout/greedy/" + id).c_str(), playout, game, Agent::kGreedy);
    for (int threads : {1, default_threads()}) {
      benchmark::RegisterBenchmark(
          ("Batch/random/" + id + "/threads:" + std::to_string(threads)).c_str(), batch, rules,
          threads)
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
      if (default_threads() == 1) break;
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
