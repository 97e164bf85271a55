// The index's way in for a reader (issue 39, item 1): a table of contents; the seed games (the
// games of the curated sources, and Kalah, the control) first, one line each with its default
// reading's headline figures and links to its pages; the family's readings of the DLP's
// paraphrases below, grouped by world region or by board (a switch that needs no script) and
// folded away (<details>) until opened.
#pragma once

#include <string>
#include <vector>

#include "analysis/report_model.h"
#include "reports/report.h"

namespace mancala::reports {

// Where the index's table of contents goes: index_page writes this marker, and fill_contents
// replaces it once every section is in (the readings are added after the index is rendered).
inline constexpr std::string_view kContentsMarker = "<!-- contents -->";
// Where the readings' section goes on the index (before the family), when the index has it.
inline constexpr std::string_view kReadingsMarker = "<!-- readings -->";

// The table of contents of `page`: a link to each <h2 id="..."> after the marker, in order, with
// the heading's text; the marker removed when the page has no such heading.
void fill_contents(std::string& page);

// The seed games' section: "The seed games and the control" (or "The seed games" without Kalah),
// a table with one row per game that is not of the family (its default reading, that is its
// first ruleset in the model: advantage with its stability verdict, completion, and links to its
// ruleset page, comparison, skill ladder and readings where the report has them), then the index
// table of all their rulesets grouped by game. Empty when every ruleset is of the family.
// page_paths[i] is the page of model.rulesets[i].
std::string seed_games_section(const analysis::ReportModel& model,
                               const std::vector<std::string>& page_paths,
                               const ReportOptions& options);

// The family's section: its readings grouped by the world region of their evidence (the first
// region of the first record the archive places; "Place not known" last) or by board (rows and
// holes), a radio switch between the two (by region checked), each group a <details> closed
// unless the report has no seed game. Empty when no ruleset is of the family.
std::string family_section(const analysis::ReportModel& model,
                           const std::vector<std::string>& page_paths,
                           const ReportOptions& options);

// The board of a ruleset in words: "2 rows of 6 holes", "4 rows of 8 holes".
std::string board_words(int rows_per_player, int holes_per_row);

}  // namespace mancala::reports
