// The sensitivity section of a ruleset's report page: the run's main figures again with each
// threshold that ends games (no_progress_turns, stop_after_rounds, max_rounds, max_plies) halved
// and doubled, and a verdict per threshold from paired differences with their intervals, so a
// reader sees whether a conclusion rests on the reconstruction's assumption.
//
// analysis/sensitivity_builder.h plays the runs and computes the figures and verdicts; the
// report's model (analysis/report_model.h) holds them; this renders them.
#pragma once

#include <string>
#include <vector>

#include "analysis/sensitivity_builder.h"
#include "reports/table.h"
#include "simulator/seat_words.h"

namespace mancala::reports {

using analysis::SensitivityRun;
using analysis::SensitivityVerdict;

// The table: one row per run (runs[0] is the ruleset as set): P1 wins, the first-player
// advantage (its column in `seats`' words: "seat advantage" where every turn is simultaneous),
// draws, mean plies (and rounds, for matches), and how the games ended: by the game's by a rule of
// the game, stopped by a stopping rule, unfinished (and for matches the rounds' share ended by a
// rule of the game).
Table sensitivity_table(const std::vector<SensitivityRun>& runs, const sim::SeatWords& seats = {});

// How many games the sensitivity runs have against the main run's: "200 games each, fewer than
// the 1000 above, so the row as set differs a little from the figures above; ..." or "1000 games
// each, as above, so the row as set repeats the figures above".
std::string sensitivity_games_text(long long games, std::uint64_t main_games);

// The HTML section <section id="sensitivity">: the table and one line per threshold (its verdict).
// `games` is the games per run, `main_games` the games of the ruleset's main run. Empty runs give
// an empty string.
std::string sensitivity_section_html(const std::vector<SensitivityRun>& runs,
                                     const std::vector<SensitivityVerdict>& verdicts,
                                     long long games, std::uint64_t main_games,
                                     const sim::SeatWords& seats = {});

// The same for report.md (a heading per ruleset).
std::string sensitivity_section_markdown(const std::string& ruleset_id,
                                         const std::vector<SensitivityRun>& runs,
                                         const std::vector<SensitivityVerdict>& verdicts,
                                         long long games, const sim::SeatWords& seats = {});

}  // namespace mancala::reports
