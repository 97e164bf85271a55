// What the comparison and handicap measurements add to the report (reports/report.h): for every
// game with two or more rulesets in the report, a comparison page "compare/<game>.html" built from
// the runs the report has already played (same seed for every ruleset: common random numbers),
// linked from index.html and from each of the game's ruleset pages, which also list the summary
// lines that concern them; for every multi-round ruleset, its handicap curves and tables
// (measure_handicaps) on its ruleset page; and both, as text, at the end of report.md.
//
// It works on the rendered files (render_report's output), inserting its sections
// before "</body>" of the pages (html_page ends every page with "</body>\n</html>\n"),
// so the report's renderer needs no change. Use from cmd_report, after render_report:
//   add_comparisons_to_report(files, rulesets, runs, extras);
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/handicap_builder.h"
#include "reports/report.h"
#include "simulator/rules.h"

namespace mancala::reports {

struct ReportExtrasOptions {
  bool comparisons = true;
  bool handicaps = true;
  // Rounds per handicap level and whole matches per multi-round ruleset (levels: all), with the
  // report's seed, agent and threads.
  analysis::HandicapOptions handicap;
};

// The path of a game's comparison page inside the report folder: "compare/<game>.html", with
// characters other than letters, digits, '_' and '-' made '_'.
std::string comparison_page_path(const std::string& game);

// Adds the pages and sections described above to `files`. rulesets[i] was played as runs[i] (the
// JSON sim::run_stats_to_json writes, as in ReportEntry::run); the runs of one game must
// share seed, agent and N for the comparison to use common random numbers (it says which). Throws
// mancala::Error when a page lacks "</body>", a ruleset has no page among `files`, or a run's JSON
// does not read back (sim::run_stats_from_json's message); `files` is then unchanged.
void add_comparisons_to_report(std::vector<ReportFile>& files,
                               const std::vector<sim::RuleSet>& rulesets,
                               const std::vector<nlohmann::json>& runs,
                               const ReportExtrasOptions& options);

}  // namespace mancala::reports
