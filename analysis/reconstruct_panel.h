// Rankings under a panel of agents (issue 36, item 2; docs/reconstruct.md): the panel's agents,
// the agreement between two of its rankings (Kendall's tau-b over pairs of candidates), and
// whether a candidate's rank is robust across the panel (the same rank band under every agent).
//
// `reconstruct` plays the panel on the finalists (analysis/reconstruct.h, PanelResult).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "simulator/agents.h"

namespace mancala::analysis {

// The panel `--panel` names by default: alpha-beta at an odd and an even depth, and MCTS with
// few enough playouts that Otep and Sonka (0.46 and 1.8 games/s at mcts:1000) stay in minutes.
inline constexpr const char* kDefaultPanel = "alphabeta:1,alphabeta:2,mcts:200";

// What Kendall's tau-b between two agents' rankings means, in one sentence (every output says it).
inline constexpr const char* kPanelAgreementMeaning =
    "Kendall's tau-b: +1 when two agents order every pair of finalists alike, -1 when they order "
    "every pair oppositely, 0 when one agent's order of a pair says nothing of the other's (a "
    "pair tied under either agent counts for neither).";

// The smaller panel of `report --readings` (scripts/run.sh keeps it within about two minutes of
// CPU): the two depths of alpha-beta, without MCTS; each readings page names it.
inline constexpr const char* kReportPanel = "alphabeta:1,alphabeta:2";

// "a,b,c": each an agent spec (sim::parse_agent), at least two, none twice. Throws UsageError
// "reconstruct: --panel: <what is wrong>" naming the item at fault.
std::vector<sim::AgentSpec> parse_panel(const std::string& text);

// Kendall's tau-b between two rankings of the same items: rank_a[i] and rank_b[i] are item i's
// ranks (1 best; equal ranks are ties). tau-b = (concordant - discordant) /
// sqrt((n0 - ties_a) (n0 - ties_b)) over the n0 = n(n-1)/2 pairs, where a pair tied in one
// ranking is neither concordant nor discordant. What it means: +1 when the two agents order every
// pair of readings alike, -1 when they order every pair oppositely, 0 when knowing one agent's
// order of a pair says nothing about the other's. None when either ranking ties every item (or
// there are fewer than two items, or the sizes differ): no pair is ordered.
std::optional<double> kendall_tau_b(const std::vector<int>& rank_a, const std::vector<int>& rank_b);

// The rank band a rank falls in among `count` candidates: 0 top quarter, 1 second quarter, 2
// third, 3 last (by ceil(count/4) ranks a band). A rank is robust across the panel when its band
// is the same under every agent.
int rank_band(int rank, int count);
bool robust_rank(const std::vector<int>& ranks_by_agent, int count);

// An effect is robust across the panel when it has the same sign (above 0 or below 0) under every
// agent; an effect of 0 under any agent is not robust (it has no sign).
bool robust_sign(const std::vector<double>& effect_by_agent);

}  // namespace mancala::analysis
