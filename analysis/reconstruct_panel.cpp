// Rankings under a panel of agents (analysis/reconstruct_panel.h).
#include "analysis/reconstruct_panel.h"

#include <cmath>

#include "common/error.h"
#include "common/text.h"

namespace mancala::analysis {

std::vector<sim::AgentSpec> parse_panel(const std::string& text) {
  std::vector<sim::AgentSpec> out;
  // split_list drops empty parts; a panel written with one is a slip, not a shorter panel.
  if (text.find(",,") != std::string::npos ||
      (!text.empty() && (text.front() == ',' || text.back() == ',')))
    throw UsageError("reconstruct: --panel: an empty item in '" + text +
                     "' (two commas together, or one at an end)");
  for (const std::string& item : split_list(text, ',')) {
    sim::AgentSpec spec;
    if (!sim::try_parse_agent(item, spec))
      throw UsageError("reconstruct: --panel: '" + item + "' is not an agent (" +
                       sim::agent_list() + ")");
    for (const sim::AgentSpec& seen : out) {
      if (seen == spec)
        throw UsageError("reconstruct: --panel: " + spec.name() + " is named twice");
    }
    out.push_back(spec);
  }
  if (out.size() < 2)
    throw UsageError("reconstruct: --panel: give two agents or more (e.g. " +
                     std::string(kDefaultPanel) + ")");
  return out;
}

std::optional<double> kendall_tau_b(const std::vector<int>& rank_a,
                                    const std::vector<int>& rank_b) {
  if (rank_a.size() != rank_b.size() || rank_a.size() < 2) return std::nullopt;
  long long concordant = 0, discordant = 0, ties_a = 0, ties_b = 0, pairs = 0;
  for (size_t i = 0; i < rank_a.size(); ++i) {
    for (size_t j = i + 1; j < rank_a.size(); ++j) {
      ++pairs;
      const int da = rank_a[i] - rank_a[j], db = rank_b[i] - rank_b[j];
      if (da == 0) ++ties_a;
      if (db == 0) ++ties_b;
      if (da == 0 || db == 0) continue;
      if ((da > 0) == (db > 0)) {
        ++concordant;
      } else {
        ++discordant;
      }
    }
  }
  if (ties_a == pairs || ties_b == pairs) return std::nullopt;
  return static_cast<double>(concordant - discordant) /
         std::sqrt(static_cast<double>(pairs - ties_a) * static_cast<double>(pairs - ties_b));
}

int rank_band(int rank, int count) {
  const int width = count <= 0 ? 1 : (count + 3) / 4;
  return (rank - 1) / width;
}

bool robust_rank(const std::vector<int>& ranks_by_agent, int count) {
  if (ranks_by_agent.empty()) return false;
  for (int rank : ranks_by_agent) {
    if (rank_band(rank, count) != rank_band(ranks_by_agent.front(), count)) return false;
  }
  return true;
}

bool robust_sign(const std::vector<double>& effect_by_agent) {
  if (effect_by_agent.empty()) return false;
  const bool positive = effect_by_agent.front() > 0;
  for (double effect : effect_by_agent) {
    if (effect == 0 || (effect > 0) != positive) return false;
  }
  return true;
}

}  // namespace mancala::analysis
