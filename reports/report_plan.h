// What `mancala report` covers, decided before any game is played (its rulesets, the rulesets of
// its skill ladders, the command line shown on the index page), and the pages it puts together
// after the runs: the evidence pages and the comparisons linked to them (docs/report.md).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "reports/compare_report.h"
#include "reports/report.h"
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

// The report's files (render_report) with a page per evidence record (build_evidence_report),
// each linked from the rulesets citing it; `with_page` gets the records that have a page.
std::vector<ReportFile> render_report_with_evidence(const std::vector<ReportEntry>& entries,
                                                    ReportOptions options,
                                                    std::set<std::string>& with_page);

// Adds the comparison pages per game and the handicap curves per multi-round ruleset
// (add_comparisons_to_report), each comparison page linking the evidence records (of
// `with_page`) its rulesets cite.
void add_comparisons_with_evidence(std::vector<ReportFile>& files,
                                   const std::vector<sim::RuleSet>& rulesets,
                                   const std::vector<ReportEntry>& entries,
                                   const ReportExtrasOptions& extras,
                                   const std::set<std::string>& with_page);

}  // namespace mancala::reports
