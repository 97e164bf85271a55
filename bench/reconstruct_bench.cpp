// Reconstruction search speed (docs/reconstruct.md, "Speed"): a seed game's whole space of
// readings (data/readings), the random stage and the skilled stage, on 1 and on all threads.
// Only with MANCALA_BENCH_RECONSTRUCT=1 (Khutka Boia takes minutes); the games per stage from
// MANCALA_BENCH_RECONSTRUCT_GAMES (default 400, the command's default). Goal: Khutka Boia's
// whole space under 10 minutes on two cores.
//   MANCALA_BENCH_RECONSTRUCT=1 build/bench/mancala_bench --benchmark_filter=Reconstruct
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

#include "analysis/reconstruct.h"
#include "bench/bench.h"
#include "simulator/batch.h"

namespace {

using namespace mancala::analysis;

void whole_space(benchmark::State& state, const std::string& game, int threads, int64_t games) {
  const Readings readings = load_readings(default_readings_path(game));
  ReconstructSettings settings;
  settings.agent =
      mancala::sim::parse_agent(readings.agent.empty() ? kDefaultReconstructAgent : readings.agent);
  settings.games = games;
  uint64_t played = 0;
  size_t candidates = 0;
  for (auto _ : state) {
    Reconstruction r = start_reconstruction(generate_space(readings), settings);
    PlayStageOptions options;
    options.threads = threads;
    run_reconstruction(r, options);
    benchmark::DoNotOptimize(evaluate_reconstruction(r));
    candidates = r.space.candidates.size();
    for (const StageRuns& s : r.stages) {
      for (const auto& run : s.runs) played += run.tally.games;
    }
  }
  state.counters["candidates"] = static_cast<double>(candidates);
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(played), benchmark::Counter::kIsRate);
}

}  // namespace

namespace mancala::sim {

void register_reconstruct_benchmarks() {
  const char* on = std::getenv("MANCALA_BENCH_RECONSTRUCT");
  if (!on || std::string(on) != "1") return;
  const char* n = std::getenv("MANCALA_BENCH_RECONSTRUCT_GAMES");
  const int64_t games = n ? std::atoll(n) : kDefaultReconstructGames;
  for (const char* game : {"khutka_boia", "otep", "mawkar_katiya", "toguz_kumalak", "sonka"}) {
    for (int threads : {1, default_threads()}) {
      benchmark::RegisterBenchmark(
          ("Reconstruct/" + std::string(game) + "/threads:" + std::to_string(threads)).c_str(),
          whole_space, std::string(game), threads, games)
          ->Unit(benchmark::kSecond)
          ->Iterations(1)
          ->UseRealTime();
    }
  }
}

}  // namespace mancala::sim
