// The report's tables (reports/table.h), made from the model's figures (analysis/report_model.h):
// the index rows, a run's results, length, endings, metrics, rounds and handicaps, and a
// ruleset's rules with their provenance. Each renders as HTML and Markdown from the same cells.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/report_model.h"
#include "reports/report_format.h"
#include "reports/table.h"

namespace mancala::reports {

using analysis::EndCount;
using analysis::HandicapStateFigures;
using analysis::LevelFigures;
using analysis::MatchFigures;
using analysis::MetricFigures;
using analysis::RuleInfo;
using analysis::RulesetSection;

// The note under the index tables on the completion column and its mark.
// (docs/terms.md, "Endings": the four classes in their words.)
inline constexpr std::string_view kCompletionNote =
    "Ended by the text's rule: the share of games (matches) ended by the source's rule (a primary "
    "source's own words state the ending) or ended by the paraphrase's rule (the DLP's paraphrase "
    "or another reading states it); the second line is the share ended by the source's rule "
    "alone. The others were ended by an assumed rule (an ending the reconstruction assumes), "
    "stopped by a stopping rule (no-progress turns, a stop after a number of rounds) or left "
    "unfinished (safety bound). For a game played in matches, the last line is the share of the "
    "matches' "
    "rounds the text's rule ended. \xE2\x9A\xA0 and a shaded row mark the rulesets whose text's "
    "rule ended fewer than half of the games or of the rounds: their figures rest mostly on "
    "assumed endings or the reconstruction's stopping rules. Each ruleset's page gives every class "
    "and the playability metrics.";

// "50000 games per ruleset, random agent on both sides, seed 1, engine 0.1.0." when every run
// shares its settings, else a sentence saying they differ.
std::string common_settings(const std::vector<RulesetSection>& sections);
// The seat words of the rulesets `rows` (indices into `sections`; all of them when not given)
// shown together: sim::seat_words_for(how many are simultaneous throughout, how many).
sim::SeatWords seat_words_of(const std::vector<RulesetSection>& sections,
                             const std::vector<std::size_t>& rows);
sim::SeatWords seat_words_of(const std::vector<RulesetSection>& sections);
// The headline figure of the rulesets shown, for a note or a caption: "first-player advantage",
// "seat advantage" when every turn of each is simultaneous, or when only some are, "first-player
// advantage (the seat advantage for Sonka (Vanoverbergh 1927), whose every turn is
// simultaneous)".
std::string advantage_words(const std::vector<RulesetSection>& sections);
// Who moves first, for an index's note (sim::seat_words): "P1 moves first.", or seat 1 and seat 2
// for the rulesets whose every turn is simultaneous, named when the others are not.
std::string seat_order_note(const std::vector<RulesetSection>& sections);

// The rulesets grouped by game in order of first appearance: game -> indices into `sections`.
std::vector<std::pair<std::string, std::vector<std::size_t>>> group_by_game(
    const std::vector<RulesetSection>& sections);

// The index row of each ruleset of `rows` (indices into `sections`).
Table index_table(const std::vector<RulesetSection>& sections,
                  const std::vector<std::size_t>& rows);
// The index rows to mark: those whose games the text's rule ended fewer than half of.
std::vector<bool> marked_rows(const std::vector<RulesetSection>& sections,
                              const std::vector<std::size_t>& rows);
// How games ended, by ending class (docs/terms.md, "Endings": each class in its words).
Table completion_table(const RunFigures& f);
// The playability metrics (docs/metrics.md).
Table metrics_table(const RunFigures& f);
// Wins, draws and the first-player or seat advantage (sim::seat_words; with its stability
// verdict when given).
Table results_table(const RunFigures& f, const sim::SeatWords& seats,
                    const analysis::Stability* stability = nullptr);
// Mean, sd, min, 5%, median, 95%, max of a length.
Table length_table(const stats::DistributionSummary& s);
// How games, matches or rounds (`what`: "game", "match", "round") ended, by end condition.
Table ended_table(const std::vector<EndCount>& ended, const std::string& what);
// The rounds of every match by their result for the round's first mover; only won, drawn or
// unfinished when every turn is simultaneous (seats.simultaneous), where no one moves first.
Table round_results_table(const MatchFigures& m, const sim::SeatWords& seats);
// "even (0)", "P1 +2 holes (+2)", "P2 +3 holes (-3)".
std::string handicap_label(int level);
Table handicap_table(const std::vector<LevelFigures>& levels);
// "5 v 3; P2 receives the 1-4 tribute; P1 has a bha; P1 favoured by the previous round's win"
std::string state_label(const HandicapStateFigures& st);
Table handicap_state_table(const std::vector<HandicapStateFigures>& states);
// A rule's provenance in words: the evidence phrase, the assumption, or the default.
std::string provenance_text(const RuleInfo& rule);
// " Not shown: the N keys the field table's conditions leave without effect in this ruleset
// (...): a, b." for the inactive keys of a ruleset page; empty when there are none.
std::string inactive_sentence(const std::vector<std::string>& keys);
// The family table of sections[i] (analysis::RulesetSection::neighbours): the sentence that
// introduces it, and its rows (i first, then its neighbours) for index_table. Empty when it has
// no neighbours.
std::string family_intro(const std::vector<RulesetSection>& sections, std::size_t i);
std::vector<std::size_t> family_rows(const std::vector<RulesetSection>& sections, std::size_t i);
// The regional family table of sections[i] (analysis::RulesetSection::regional, the rule in
// analysis/regional.h): the sentences that introduce it (the rule first, then the readings left
// out and why), and the table: the index's columns with the place of each ruleset's evidence and
// its distance in km, sections[i] first, then its regional neighbours, nearest first; the rows
// are regional_rows. Empty text and rows when it has no regional table; no rows when it has
// no regional neighbours.
std::string regional_intro(const std::vector<RulesetSection>& sections, std::size_t i);
std::vector<std::size_t> regional_rows(const std::vector<RulesetSection>& sections, std::size_t i);
Table regional_table(const std::vector<RulesetSection>& sections, std::size_t i);
// Whole kilometres with a comma every three digits: "0", "420", "2,310".
std::string km_text(double km);

// The rules [begin, end) (one group).
Table rules_table(const std::vector<RuleInfo>& rules, std::size_t begin, std::size_t end);
// [begin, end) ranges of consecutive rules with the same group.
std::vector<std::pair<std::size_t, std::size_t>> rule_groups(const std::vector<RuleInfo>& rules);

// A row of the index table that starts a group: a full-width heading row before it.
struct GroupStart {
  std::size_t row = 0;
  std::string id;     // anchor
  std::string label;  // heading text
};

// Table::to_html with the cells of column 0 made links (hrefs[row]; empty: no link), the
// "[low, high]" interval of a right-aligned cell on a line of its own, a full-width heading row
// before each group and the rows of `marked` shaded. One table keeps the columns aligned across
// groups. Text is escaped exactly as Table does; hrefs are the report's own relative paths.
// `css_class` is the table's class ("index": the index's and the family tables' look).
std::string linked_table_html(const Table& table, const std::vector<std::string>& hrefs,
                              const std::vector<GroupStart>& groups,
                              const std::vector<bool>& marked = {},
                              std::string_view css_class = "index");

}  // namespace mancala::reports
