// What `mancala report --readings` adds to the report (reports/report.h): for each game with a
// readings file, the page readings/<game>.html, "Readings of <game>" (reports/reconstruct_render.h:
// the choice points with their phrases, the ranked candidates, the effects as charts), a link to
// it from the game's default ruleset page, a list of them on the index with one line each (the
// candidates, how many end by the text's rule and by the source's rule, the choice with the largest
// effect on completion) and the same lines in report.md.
//
// The searches are computed with the report's model (analysis/report_model.h, ReportModel::
// readings); render_report calls this, which renders them into the report's files, inserting
// before "</body>" of the pages they are linked from.
#pragma once

#include <string>
#include <vector>

#include "analysis/reconstruct.h"
#include "analysis/report_model.h"
#include "reports/reconstruct_render.h"
#include "reports/report.h"

namespace mancala::reports {

// One game's search, as the report's model holds it (analysis/report_model.h computes it).
using ReadingsPage = analysis::GameReadings;

// "readings/<game>.html"
std::string readings_page_path(const std::string& game);

// One line: "384 candidates (384 combinations, 0 refused, 0 merged); under alphabeta:2, 325 end
// by the text's rule (0 by the source's rule); largest effect on completion: next_round_starter
// (...)", or "(none of its readings has an ending the source states)" instead of the count.
std::string reconstruct_summary(const ReconstructView& view);

// Adds the pages, links and lines described above, each game named as the archive spells it
// (game_name(options, game): "Readings of J'odu", not a name made from the key). Throws
// mancala::Error when index.html is missing; `files` is then unchanged.
void add_readings_to_report(std::vector<ReportFile>& files, const std::vector<ReadingsPage>& pages,
                            const ReportOptions& options);

}  // namespace mancala::reports
