// Plays the sensitivity runs of the report (reports/sensitivity.h): for a ruleset, the run as set
// and one run with each threshold that ends games halved and one with it doubled, each with fewer
// games than the report's main run (kDefaultSensitivityGames, chosen so that the measurement adds
// about half a minute to `mancala report` over every ruleset on two cores; docs/report.md).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "simulator/batch.h"
#include "simulator/rules.h"

namespace mancala::analysis {

constexpr long long kDefaultSensitivityGames = 1000;

// One run of the sensitivity measurement: the ruleset as it is ("as set"), or with one threshold
// changed ("halved", "doubled").
struct SensitivityRun {
  std::string key;      // the threshold changed, e.g. "no_progress_turns"; empty for "as set"
  std::string setting;  // "as set", "halved" or "doubled"
  long long value = 0;  // the threshold's value in this run (0 for "as set")
  nlohmann::json run;   // one run, as sim::run_stats_to_json writes it
};

// One threshold of a ruleset and the values it is tried at.
struct SensitivityThreshold {
  std::string key;  // the rule key, e.g. "max_plies"
  int as_set = 0;
  int halved = 0;   // at least 1
  int doubled = 0;  // at most the key's upper bound (the same as as_set when already there)
};

// The thresholds that end games in `rules`, in this order: no_progress_turns (when on),
// stop_after_rounds (a match, when on), max_rounds (a match), max_plies (always).
std::vector<SensitivityThreshold> sensitivity_thresholds(const sim::RuleSet& rules);

// The runs: runs[0] as set, then for each threshold "halved" and "doubled" (a doubled value equal
// to the value as set, at the key's upper bound, is left out). `options` gives seed, agent,
// threads and stop; its games are replaced by `games`.
std::vector<SensitivityRun> measure_sensitivity(const sim::RuleSet& rules,
                                                sim::BatchOptions options, long long games);

}  // namespace mancala::analysis
