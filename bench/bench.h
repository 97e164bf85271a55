// The benchmarks registered from main() (engine_bench.cpp), not at static initialisation: they
// load rulesets, which needs the ruleset reader's own statics constructed first.
#pragma once

namespace mancala::sim {

void register_mcts_benchmarks();    // mcts_bench.cpp
void register_search_benchmarks();  // search_bench.cpp
// reconstruct_bench.cpp: only with MANCALA_BENCH_RECONSTRUCT=1 (minutes).
void register_reconstruct_benchmarks();

}  // namespace mancala::sim
