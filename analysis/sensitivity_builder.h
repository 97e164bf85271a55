// Plays the sensitivity runs of the report (reports/sensitivity.h): for a ruleset, the run as set
// and one run with each threshold that ends games halved and one with it doubled, each with fewer
// games than the report's main run (kDefaultSensitivityGames, chosen so that the measurement adds
// about half a minute to `mancala report` over every ruleset on two cores; docs/report.md).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis/run_figures.h"
#include "simulator/batch.h"
#include "simulator/rules.h"
#include "stats/tested.h"

namespace mancala::analysis {

constexpr long long kDefaultSensitivityGames = 1000;

// One run of the sensitivity measurement: the ruleset as it is ("as set"), or with one threshold
// changed ("halved", "doubled").
struct SensitivityRun {
  std::string key;      // the threshold changed, e.g. "no_progress_turns"; empty for "as set"
  std::string setting;  // "as set", "halved" or "doubled"
  long long value = 0;  // the threshold's value in this run (0 for "as set")
  nlohmann::json run;   // one run, as sim::run_stats_to_json writes it
  sim::RunStats stats;  // the same, with each game's outcome (paired with the run as set)
  RunFigures figures;   // what the table shows of it
};

// One threshold's change against the run as set, paired game by game (the same random numbers):
// the first-player advantage and the share of games (matches) a rule of the game ended, and for
// matches the share of their rounds; each with its 95% interval.
struct SensitivityChange {
  std::string setting;  // "halved", "doubled"
  long long value = 0;
  stats::TestedDifference advantage;  // changed minus as set
  stats::TestedDifference own_rule;
  std::optional<stats::TestedDifference> own_rule_rounds;  // matches
  bool same_games = false;  // every game ended as it does as set (the threshold never reached)
};

// The verdict on one threshold: whether any of its changes moves a figure beyond the noise (an
// interval that excludes 0), and the sentence the report prints, with the numbers.
struct SensitivityVerdict {
  std::string key;
  std::vector<SensitivityChange> changes;
  bool depends = false;
  std::string text;
};

// A verdict per threshold of `runs` (measure_sensitivity's: runs[0] as set), in their order.
// `advantage`: the headline figure's name, sim::seat_words' ("seat advantage" where every turn is
// simultaneous).
std::vector<SensitivityVerdict> sensitivity_verdicts(
    const std::vector<SensitivityRun>& runs,
    const std::string& advantage = "first-player advantage");

// One threshold of a ruleset and the values it is tried at.
struct SensitivityThreshold {
  std::string key;  // the rule key, e.g. "max_plies"
  int as_set = 0;
  // Halved and doubled within the key's range: at least 1, at most its upper bound, and
  // stop_after_rounds below max_rounds (so max_rounds is not lowered to the stop or below it);
  // the same as as_set when already at the bound.
  int halved = 0;
  int doubled = 0;
};

// The thresholds that end games in `rules`, in this order: no_progress_turns (when on),
// stop_after_rounds (a match, when on), max_rounds (a match), max_plies (always).
std::vector<SensitivityThreshold> sensitivity_thresholds(const sim::RuleSet& rules);

// The runs: runs[0] as set, then for each threshold "halved" and "doubled" ("lowered" or "raised"
// where the range stops short of half or double; a value equal to the value as set is left out).
// `options` gives seed, agent, threads and stop; its games are replaced by `games`.
std::vector<SensitivityRun> measure_sensitivity(const sim::RuleSet& rules,
                                                sim::BatchOptions options, long long games);

}  // namespace mancala::analysis
