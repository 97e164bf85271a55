// The sensitivity section of a ruleset's report page: the run's main figures again with each
// threshold that ends games (no_progress_turns, stop_after_rounds, max_rounds, max_plies) halved
// and doubled, so a reader sees whether a conclusion rests on the reconstruction's assumption.
//
// Like the rest of reports/, this module does not know the simulator: the runs come in as the
// JSON sim::run_stats_to_json writes; analysis/sensitivity_builder.h plays them, and the report's
// model (analysis/report_model.h) holds them.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/sensitivity_builder.h"
#include "reports/tidy_csv.h"

namespace mancala::reports {

using analysis::SensitivityRun;  // analysis/sensitivity_builder.h

// The main figures of one run, read from its JSON (tidy_statistics): rates are fractions, NaN when
// undefined; the round figures are NaN for a one-round game.
struct SensitivityFigures {
  double p1_win_rate = 0, p1_ci_low = 0, p1_ci_high = 0;
  double advantage = 0;
  double draw_rate = 0;
  double plies_mean = 0;
  double rounds_mean = 0;
  double finished = 0;           // 1 - the share stopped by a safety bound
  double no_progress_share = 0;  // games (matches) ended by the no-progress or stopping rule
  double rounds_no_progress_share = 0;
};
SensitivityFigures sensitivity_figures(const nlohmann::json& run);

// The HTML section <section id="sensitivity">: a table with one row per run (runs[0] is the
// ruleset as set) and one line per threshold giving the largest move of the first player's win
// rate against the half-width of its 95% interval. `games` is the games per run. Empty runs give
// an empty string.
std::string sensitivity_section_html(const std::vector<SensitivityRun>& runs, long long games);

// The same as plain text lines for report.md (a heading per ruleset, one line per run).
std::string sensitivity_section_markdown(const std::string& ruleset_id,
                                         const std::vector<SensitivityRun>& runs, long long games);

}  // namespace mancala::reports
