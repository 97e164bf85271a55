// Plays the sensitivity runs of the report (reports/sensitivity.h): for a ruleset, the run as set
// and one run with each threshold that ends games halved and one with it doubled, each with fewer
// games than the report's main run (kDefaultSensitivityGames, chosen so that the measurement adds
// about half a minute to `mancala report` over every ruleset on two cores; docs/report.md).
#pragma once

#include <string>
#include <vector>

#include "reports/report.h"
#include "reports/sensitivity.h"
#include "simulator/batch.h"
#include "simulator/rules.h"

namespace mancala::analysis {

constexpr long long kDefaultSensitivityGames = 1000;

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
std::vector<reports::SensitivityRun> measure_sensitivity(const sim::RuleSet& rules,
                                                         sim::BatchOptions options,
                                                         long long games);

// Measures every ruleset (rulesets[i] has its page among `files`) and inserts the section before
// "</body>" of its page, and the text at the end of report.md. Throws mancala::Error when a page
// is missing or lacks "</body>"; `files` is then unchanged.
void add_sensitivity_to_report(std::vector<reports::ReportFile>& files,
                               const std::vector<sim::RuleSet>& rulesets,
                               const sim::BatchOptions& options, long long games);

}  // namespace mancala::analysis
