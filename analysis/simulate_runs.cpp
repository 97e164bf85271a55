#include "analysis/simulate_runs.h"

#include <chrono>
#include <set>

#include "analysis/run_figures.h"
#include "analysis/sensitivity_builder.h"
#include "analysis/stability.h"
#include "common/error.h"
#include "simulator/ruleset_io.h"

namespace mancala::analysis {

void check_distinct_rulesets(const std::string& command,
                             const std::vector<sim::RuleSet>& rulesets) {
  std::set<std::string> seen;
  for (const sim::RuleSet& rules : rulesets) {
    if (!seen.insert(rules.id).second)
      throw UsageError(command + ": " + rules.id + ": given twice");
  }
}

std::vector<sim::RuleSet> load_distinct_rulesets(const std::string& command,
                                                 const std::vector<std::string>& ids) {
  std::vector<sim::RuleSet> rulesets;
  for (const std::string& id : ids) {
    rulesets.push_back(sim::load_ruleset(id));
    check_distinct_rulesets(command, rulesets);
  }
  return rulesets;
}

bool SimulatedRuns::interrupted() const {
  return stopped_empty.has_value() || (!runs.empty() && runs.back()["partial"].get<bool>());
}

SimulatedRuns simulate_runs(const std::vector<sim::RuleSet>& rulesets, sim::BatchOptions options,
                            std::optional<long long> stability_games,
                            const RunsProgress& progress) {
  SimulatedRuns out;
  for (const sim::RuleSet& rules : rulesets) {
    const auto start = std::chrono::steady_clock::now();
    options.progress = nullptr;
    if (progress)
      options.progress = [&](uint64_t done, uint64_t total) { progress(rules.id, done, total); };
    sim::RunStats run = sim::simulate_ruleset(rules, options);
    if (run.tally.games == 0) {
      // Stopped before any game of this ruleset finished: nothing of it to print or store.
      out.stopped_empty = rules.id;
      break;
    }
    out.seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    out.runs.push_back(sim::run_stats_to_json(run));
    out.finished.push_back(std::move(run));
    if (out.finished.back().partial) break;
    if (stability_games) {
      // The sensitivity runs of the report (sensitivity_builder.h) judge the figure; interrupted,
      // it stays unchecked (and the next ruleset stops as it starts).
      options.progress = nullptr;
      const std::vector<SensitivityRun> variants =
          measure_sensitivity(rules, options, *stability_games);
      out.runs.back()["stability"] =
          stability_to_json(stability_of(run_figures(out.finished.back()), variants));
    }
  }
  return out;
}

}  // namespace mancala::analysis
