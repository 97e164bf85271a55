// What `mancala report --ladder` adds to the report (reports/report.h): for each game, a skill
// ladder (analysis/ladder.h) of one of its rulesets (the caller chooses: the game's default
// reconstruction) on that ruleset's page (section id "skill-ladder": first-player advantage and
// completion against agent strength as an SVG chart, skill depth, the matrix, ratings,
// self-play, and Toguz Kumalak's tournament games beside self-play), a list of them on the index
// with each game's skill depth, and the same as text at the end of report.md.
//
// Like the comparison pages (reports/compare_report.h) it works on the rendered files, inserting
// before "</body>", so the report's renderer needs no change.
#pragma once

#include <string>
#include <vector>

#include "analysis/ladder.h"
#include "reports/report.h"
#include "simulator/rules.h"

namespace mancala::reports {

// Plays a ladder of each ruleset of `targets` with `options` (agents, games, seed, threads,
// stop, progress) and adds the sections described above. Returns false, leaving `files`
// unchanged, when a ladder was stopped (options.stop). Throws mancala::Error when a ruleset has
// no page among `files` or a page lacks "</body>"; `files` is then unchanged.
bool add_ladders_to_report(std::vector<ReportFile>& files, const std::vector<sim::RuleSet>& targets,
                           const analysis::LadderOptions& options);

}  // namespace mancala::reports
