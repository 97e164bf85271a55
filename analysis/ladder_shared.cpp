// Ladders compared across games over the agents they share (issue 36, item 4): a ladder cut down
// to some of its agents, and the agents every ladder has.
#include <algorithm>

#include "analysis/ladder.h"
#include "common/error.h"

namespace mancala::analysis {

Ladder sub_ladder(const Ladder& ladder, const std::vector<sim::AgentSpec>& agents) {
  std::vector<std::size_t> at;
  for (const sim::AgentSpec& a : agents) {
    const auto it = std::find(ladder.agents.begin(), ladder.agents.end(), a);
    if (it == ladder.agents.end())
      throw Error(where(ladder.ruleset, "", "no agent " + a.name() + " in its ladder"));
    at.push_back(static_cast<std::size_t>(it - ladder.agents.begin()));
  }
  Ladder out = ladder;
  out.agents = agents;
  out.runs.clear();
  for (std::size_t i : at) {
    for (std::size_t j : at) out.runs.push_back(ladder.run(i, j));
  }
  return out;
}

std::vector<sim::AgentSpec> shared_agents(const std::vector<const Ladder*>& ladders) {
  if (ladders.empty()) return {};
  std::vector<sim::AgentSpec> out;
  for (const sim::AgentSpec& a : ladders.front()->agents) {
    if (std::all_of(ladders.begin(), ladders.end(), [&](const Ladder* l) {
          return std::find(l->agents.begin(), l->agents.end(), a) != l->agents.end();
        }))
      out.push_back(a);
  }
  return out;
}

std::optional<RealGames> real_games_for(const std::string& game, const std::string& path,
                                        bool none) {
  if (none) return std::nullopt;
  const std::string file = path.empty() ? default_real_games_path(game) : path;
  if (file.empty()) return std::nullopt;
  return read_togyz_games(file);
}

ResultRates result_rates(uint64_t wins_first, uint64_t wins_second, uint64_t draws,
                         uint64_t finished, const stats::IntHistogram& plies) {
  ResultRates r;
  r.wins[0] = stats::rate_estimate(wins_first, finished);
  r.wins[1] = stats::rate_estimate(wins_second, finished);
  r.draws = stats::rate_estimate(draws, finished);
  if (!plies.empty()) r.mean_plies = plies.mean(), r.median_plies = plies.median();
  return r;
}

}  // namespace mancala::analysis
