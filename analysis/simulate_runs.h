// `mancala simulate`'s loop over its rulesets, which the Python module's simulate() runs too:
// each ruleset played with the same options, in turn, until one is stopped (BatchOptions::stop).
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "simulator/batch.h"
#include "simulator/rules.h"
#include "simulator/run_stats.h"

namespace mancala::analysis {

// Loads the rulesets `ids` name; the same ruleset twice (it would be stored twice, and 'merge'
// would refuse the pair) is a UsageError "<command>: <ruleset id>: given twice".
std::vector<sim::RuleSet> load_distinct_rulesets(const std::string& command,
                                                 const std::vector<std::string>& ids);
// The same check of rulesets already loaded (the Python module's, some made in memory).
void check_distinct_rulesets(const std::string& command, const std::vector<sim::RuleSet>& rulesets);

struct SimulatedRuns {
  std::vector<sim::RunStats> finished;  // the runs with at least one game, in the given order
  std::vector<nlohmann::json> runs;     // their JSON (sim::run_stats_to_json), with "stability"
  std::vector<double> seconds;          // each run's time (its stability runs not counted)
  // The ruleset stopped before any of its games finished (nothing of it to print or store), if
  // one was: the run then ends there.
  std::optional<std::string> stopped_empty;
  // True when the last run is partial or a ruleset was stopped before its first game.
  bool interrupted() const;
};

// Plays `rulesets` in turn with `options` (its progress, when set, is replaced by `progress`,
// called with each ruleset's id), each run followed, when `stability_games` is set, by its
// sensitivity runs of that many games and the first-player advantage's verdict
// (runs[i]["stability"], analysis/stability.h). Stops after a run that came back partial.
using RunsProgress = std::function<void(const std::string& ruleset, uint64_t done, uint64_t total)>;
SimulatedRuns simulate_runs(const std::vector<sim::RuleSet>& rulesets, sim::BatchOptions options,
                            std::optional<long long> stability_games,
                            const RunsProgress& progress = {});

}  // namespace mancala::analysis
