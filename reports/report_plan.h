// What `mancala report` covers, decided before any game is played: its rulesets, the rulesets of
// its skill ladders, and the command line shown on the index page (docs/report.md).
#pragma once

#include <string>
#include <vector>

#include "simulator/rules.h"

namespace mancala::reports {

// The rulesets of a report given no RULESET arguments: every ruleset under data/rulesets, or only
// `game`'s when it is not empty; each game's default reconstruction first, its alternatives after
// it, the games in name order. Throws Error "<rulesets folder>: --game: no game '<game>' (games:
// a, b)" and "<rulesets folder>: no rulesets to report on".
std::vector<std::string> report_ruleset_ids(const std::string& game);

// The ruleset of each game whose skill ladder the report shows: its default ruleset, else its
// first in `rulesets`; in the order of `rulesets`, the defaults first.
std::vector<sim::RuleSet> ladder_rulesets(const std::vector<sim::RuleSet>& rulesets);

// "mancala report ARGS..." as given, less --threads/-t and its value, which change nothing in the
// report.
std::string report_command(const std::vector<std::string>& args);

}  // namespace mancala::reports
