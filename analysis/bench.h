// The engine's speed as `mancala bench` measures it: games and plies per second of a batch run,
// on one thread and on several (docs/simulate.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "simulator/agents.h"
#include "simulator/rules.h"

namespace mancala::analysis {

struct SpeedMeasurement {
  std::string ruleset;
  int threads = 1;
  int64_t games = 0;
  double seconds = 0, plies = 0;
  double speedup = 1;  // games per second over the ruleset's one-thread measurement
};

// Plays `games` games of each ruleset (seed 0) on one thread, then on `threads` when that is
// more than one; a measurement per ruleset and thread count, in that order. Once *stop is set
// (Ctrl-C, SIGTERM) the measurement being made ends within a second with the games it finished
// (its `games` says how many; left out when none) and no other is made.
std::vector<SpeedMeasurement> measure_speed(const std::vector<sim::RuleSet>& rulesets,
                                            int64_t games, int threads,
                                            const sim::AgentPair& agents,
                                            const std::atomic<bool>* stop = nullptr);

}  // namespace mancala::analysis
