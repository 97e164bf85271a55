#include "analysis/bench.h"

#include <chrono>

#include "simulator/batch.h"

namespace mancala::analysis {

std::vector<SpeedMeasurement> measure_speed(const std::vector<sim::RuleSet>& rulesets,
                                            int64_t games, int threads,
                                            const sim::AgentPair& agents) {
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
      const auto start = std::chrono::steady_clock::now();
      const sim::RunStats run = sim::simulate_ruleset(rules, options);
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const double rate = static_cast<double>(games) / seconds;
      if (t == 1) single_rate = rate;
      out.push_back(
          {rules.id, t, games, seconds, run.tally.plies.moments().sum(), rate / single_rate});
    }
  }
  return out;
}

}  // namespace mancala::analysis
