#include "analysis/bench.h"

#include <chrono>

#include "simulator/batch.h"

namespace mancala::analysis {

std::vector<SpeedMeasurement> measure_speed(const std::vector<sim::RuleSet>& rulesets,
                                            int64_t games, int threads,
                                            const sim::AgentPair& agents,
                                            const std::atomic<bool>* stop) {
  std::vector<SpeedMeasurement> out;
  for (const sim::RuleSet& rules : rulesets) {
    double single_rate = 0;
    std::vector<int> counts = {1};
    if (threads > 1) counts.push_back(threads);
    for (int t : counts) {
      sim::BatchOptions options;
      options.games = games;
      options.agents = agents;
      options.threads = t;
      options.stop = stop;
      const auto start = std::chrono::steady_clock::now();
      const sim::RunStats run = sim::simulate_ruleset(rules, options);
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      // A stopped measurement counts the games it finished: still a speed, over fewer games.
      const auto played = static_cast<int64_t>(run.tally.games);
      if (played == 0) return out;
      const double rate = static_cast<double>(played) / seconds;
      if (t == 1) single_rate = rate;
      out.push_back({rules.id, t, played, seconds, run.tally.plies.moments().sum(),
                     single_rate > 0 ? rate / single_rate : 1});
      if (run.partial) return out;
    }
  }
  return out;
}

}  // namespace mancala::analysis
