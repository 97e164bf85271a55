#include "analysis/sensitivity_builder.h"

#include <algorithm>

#include "common/error.h"
#include "simulator/run_stats.h"

namespace mancala::analysis {
namespace {

// The upper bound of each threshold key's range (docs/rules-format.md).
constexpr int kMaxNoProgressTurns = 100000;
constexpr int kMaxPlies = 60000;

SensitivityThreshold threshold(const std::string& key, int value, int upper) {
  return {key, value, std::max(1, value / 2), std::min(upper, 2 * value)};
}

int& field(sim::RuleSet& r, const std::string& key) {
  if (key == "no_progress_turns") return r.no_progress_turns;
  if (key == "stop_after_rounds") return r.stop_after_rounds;
  if (key == "max_rounds") return r.max_rounds;
  return r.max_plies;
}

}  // namespace

std::vector<SensitivityThreshold> sensitivity_thresholds(const sim::RuleSet& r) {
  std::vector<SensitivityThreshold> out;
  if (r.no_progress_turns > 0)
    out.push_back(threshold("no_progress_turns", r.no_progress_turns, kMaxNoProgressTurns));
  if (r.match && r.stop_after_rounds > 0)
    out.push_back(threshold("stop_after_rounds", r.stop_after_rounds, sim::kMaxRounds));
  if (r.match) out.push_back(threshold("max_rounds", r.max_rounds, sim::kMaxRounds));
  out.push_back(threshold("max_plies", r.max_plies, kMaxPlies));
  return out;
}

std::vector<SensitivityRun> measure_sensitivity(const sim::RuleSet& rules,
                                                sim::BatchOptions options, long long games) {
  options.games = games;
  options.progress = nullptr;
  std::vector<SensitivityRun> runs;
  runs.push_back({"", "as set", 0, sim::run_stats_to_json(sim::simulate_ruleset(rules, options))});
  for (const SensitivityThreshold& t : sensitivity_thresholds(rules)) {
    for (const auto& [setting, value] : {std::pair<const char*, int>{"halved", t.halved},
                                         std::pair<const char*, int>{"doubled", t.doubled}}) {
      if (value == t.as_set) continue;
      sim::RuleSet changed = rules;
      field(changed, t.key) = value;
      runs.push_back(
          {t.key, setting, value, sim::run_stats_to_json(sim::simulate_ruleset(changed, options))});
    }
  }
  return runs;
}

}  // namespace mancala::analysis
