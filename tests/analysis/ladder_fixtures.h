// Hand-made ladders for the ladder's figure and rendering tests.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "analysis/ladder.h"

namespace mancala::test_support {

// A ladder of `agents` whose self-play at level i ended (P1 wins, P2 wins, draws) = results[i],
// every game by a rule of the game, the source's (docs/terms.md, "Endings"); every other pair
// 500-500 (1000 games a cell).
inline analysis::Ladder self_play_ladder(const std::vector<sim::AgentSpec>& agents,
                                         const std::vector<std::array<uint64_t, 3>>& results) {
  analysis::Ladder l;
  l.ruleset = "toguz_kumalak/standard";
  l.agents = agents;
  l.games = 1000;
  const size_t k = agents.size();
  l.runs.resize(k * k);
  for (size_t a = 0; a < k; ++a) {
    for (size_t b = 0; b < k; ++b) {
      sim::RunStats& r = l.runs[a * k + b];
      r.ruleset = l.ruleset;
      r.agent = agents[a].name() + "," + agents[b].name();
      const std::array<uint64_t, 3> c = a == b ? results[a] : std::array<uint64_t, 3>{500, 500, 0};
      r.tally.games = c[0] + c[1] + c[2];
      r.tally.wins = {c[0], c[1]};
      r.tally.draws = c[2];
      r.tally.ended_by[0] = r.tally.games;
      r.tally.rule_ended[0] = r.tally.games;
    }
  }
  return l;
}

}  // namespace mancala::test_support
