// The report's HTML pages, rendered from the model (analysis/report_model.h): the index, a page
// per ruleset (its run, and what the extras measured of it: comparison summaries, handicap
// curves, sensitivity, skill ladder) and a comparison page per game. Self-contained pages: inline
// style and SVG, no script; well-formed XML apart from the doctype.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/report_model.h"
#include "reports/report.h"

namespace mancala::reports {

// html_page (html.h) with the report's style rules appended to its embedded style sheet.
std::string report_page(std::string_view title, std::string_view body);

// index.html; page_paths[i] is the page of model.rulesets[i].
std::string index_page(const analysis::ReportModel& model,
                       const std::vector<std::string>& page_paths, const ReportOptions& options);

// The page of model.rulesets[i]; `pages` maps the report's ruleset ids to their page paths.
std::string ruleset_page(const analysis::ReportModel& model, std::size_t i,
                         const std::map<std::string, std::string>& pages,
                         const ReportOptions& options);

// compare/<game>.html.
std::string comparison_page(const analysis::ReportModel& model,
                            const analysis::GameComparison& comparison,
                            const ReportOptions& options);

// The title of a game's comparison page from the game's name (game_name): "Reconstructions of
// Khutka Boia compared".
std::string comparison_title(const std::string& name);

// What the skill ladders' figures are for (their agents, games and seed), said wherever they are
// shown.
std::string ladder_scope(const analysis::LadderOptions& options);
// The same for one ladder: the agents its table used (a ladder beside real games has more).
std::string ladder_scope(const std::vector<sim::AgentSpec>& agents,
                         const analysis::LadderOptions& options);
// The skill depth over the agents every ladder shares, for the index's and report.md's lists:
// "; over the agents every ladder shares (random, greedy, alphabeta:2): skill depth 3"; empty
// when the ladder has those agents only.
std::string shared_depth_text(const analysis::GameLadder& ladder,
                              const std::vector<sim::AgentSpec>& shared);
// The same as a sentence under a ladder's table: " Over the agents every ladder of this report
// shares (...), the figure to compare across games: skill depth 3."; empty likewise.
std::string shared_depth_note(const analysis::GameLadder& ladder,
                              const std::vector<sim::AgentSpec>& shared);

}  // namespace mancala::reports
