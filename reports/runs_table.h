// Runs as `mancala simulate`, `merge` and `runs` print them: an aligned table, the tidy CSV (the
// report's runs.csv statistics) or the JSON document (docs/simulate.md).
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace mancala::reports {

// x with `digits` digits after the point, as std::fixed writes it.
std::string fixed_point(double x, int digits);
// A fraction as a percentage with one decimal ("52.9%"); "-" when not a number.
std::string percent_of(const nlohmann::json& x);

// The cells of a run's table row (a run as sim::run_stats_to_json writes it): the first-player
// advantage in percentage points with its interval ("+9.3 pp [+5.0, +13.6]"), and the share of
// games (matches) the text's rule ended (the source's or the paraphrase's: docs/terms.md,
// "Endings") with its interval, then the source's rule's share ("; source 0.0%"), for matches also
// the share of their rounds the text's rule ended, marked " !" when under half (docs/metrics.md,
// completion); "-" where the run has no such figure. A run stored before the ending classes is
// read into them (sim::run_stats_from_json).
std::string advantage_cell(const nlohmann::json& run);
std::string text_rule_cell(const nlohmann::json& run);
// The footer of a table whose text's-rule cells hold a `!` (say so with `marked`), explaining it;
// "" when none does.
std::string text_rule_footer(bool marked);

// Runs' seats in a table (issue 35, item 8; sim::seat_words_for over the runs' "seats"): the
// advantage's column, "P1 advantage [95% CI]", or "seat advantage [95% CI]" when every run's
// ruleset has every turn simultaneous; and the lines under the table naming each such ruleset
// (each once: "sonka/vanoverbergh_1927: every turn is simultaneous, so nobody moves first: P1
// and P2 are seat 1 and seat 2", and where the column says "P1 advantage", ", and the P1
// advantage is the seat advantage"), "" when none is.
// `runs`: pairs of the ruleset id and the run's "seats" ("" for a run stored without them).
std::string advantage_column(const std::vector<std::pair<std::string, std::string>>& runs);
std::string seats_footer(const std::vector<std::pair<std::string, std::string>>& runs);

// Columns separated by two spaces, each aligned as `align` says: 'l' left, 'r' right; each cell
// made printable_line (control characters escaped, a line break a space).
void print_table(std::ostream& out, const std::string& align,
                 const std::vector<std::vector<std::string>>& rows);

// Runs (as sim::run_stats_to_json writes them) in `format`: "json" (the run itself when there is
// one, else an object with the shared seed, agent and games and the runs in order), "csv" (one
// tidy row per statistic) or anything else for the table. Nothing for no run.
void print_runs(std::ostream& out, const std::string& format,
                const std::vector<nlohmann::json>& runs);

}  // namespace mancala::reports
