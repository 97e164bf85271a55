#include "reports/report_markdown.h"

#include "reports/handicap_render.h"
#include "reports/ladder_render.h"
#include "reports/report_pages.h"
#include "reports/report_tables.h"
#include "reports/sensitivity.h"

namespace mancala::reports {
namespace {

using analysis::ReportModel;
using analysis::RulesetSection;

// The runs' part: the index tables and a section per ruleset.
std::string runs_markdown(const std::vector<RulesetSection>& items,
                          const std::vector<std::string>& page_paths,
                          const ReportOptions& options) {
  std::string md = "# " + options.title + "\n\n" + common_settings(items) + " " +
                   seat_order_note(items) +
                   " Rates are shares of finished games with Wilson 95% intervals "
                   "[low, high]; the " +
                   advantage_words(items) +
                   " is P(P1 wins) minus P(P2 wins) in percentage points with Tango's score "
                   "interval. Charts: index.html and the pages under rulesets/.\n\n";
  if (!options.command.empty()) md += "Made by `" + options.command + "`\n\n";
  for (const auto& [game, rows] : group_by_game(items)) {
    md += "## " + game_name(options, game) + "\n\n" + index_table(items, rows).to_markdown() + "\n";
  }
  md += std::string(kCompletionNote) + "\n\n";
  for (std::size_t i = 0; i < items.size(); ++i) {
    const analysis::RulesetInfo& rs = items[i].entry.ruleset;
    const RunFigures& f = items[i].figures;
    md += "## " + rs.name + "\n\n`" + rs.id + "` (" + page_paths[i] + "), status: " + rs.status +
          ", evidence: " + (rs.evidence.empty() ? std::string("none") : joined(rs.evidence, ", ")) +
          (rs.extends.empty() ? "" : ", extends `" + rs.extends + "`") + ", rules hash `" +
          rs.rules_hash + "`\n\n";
    for (const sim::SamePlay& same : rs.plays_exactly_as)
      md += "Plays exactly as `" + same.id + "` (every key that acts is the same): " + same.reason +
            "\n\n";
    if (!rs.summary.empty()) md += rs.summary + "\n\n";
    md += games_text(f) + " games, " + agents_text(f.agent) + ", seed " + std::to_string(f.seed) +
          ", engine " + f.engine_version +
          (items[i].entry.stored_as
               ? ", stored in the archive as run " + std::to_string(*items[i].entry.stored_as)
               : std::string()) +
          ".\n\n";
    if (const std::string rest = stopping_rule_note(f); !rest.empty()) md += rest + "\n\n";
    md += results_table(f, rs.seats, &items[i].stability).to_markdown() + "\n" +
          stability_sentence(items[i].stability, f.match.has_value(), rs.seats.advantage) + "\n" +
          (items[i].skilled.empty() ? "" : "\n" + skilled_sentence(items[i].skilled) + "\n") +
          (f.match ? "\nPlies per match (every round):\n\n" : "\nPlies per game:\n\n") +
          length_table(f.length).to_markdown() + "\n" + completion_table(f).to_markdown() + "\n" +
          (rs.stop_winner.empty() ? "" : rs.stop_winner + "\n\n") +
          ended_table(f.ended_by, f.match ? "match" : "game").to_markdown() + "\n" +
          "Playability metrics (docs/metrics.md):\n\n" + metrics_table(f).to_markdown() + "\n";
    if (f.match) {
      const analysis::MatchFigures& m = *f.match;
      md += "Rounds per match:\n\n" + length_table(m.rounds.summary()).to_markdown() + "\n";
      md += round_results_table(m, rs.seats).to_markdown() + "\n" +
            ended_table(m.round_ended_by, "round").to_markdown() + "\n";
      if (!m.handicap.empty())
        md += "Handicap effects:\n\n" + handicap_table(m.handicap).to_markdown() + "\n";
      if (!m.states.empty())
        md += "Rounds by their whole handicap state:\n\n" +
              handicap_state_table(m.states).to_markdown() + "\n";
    }
    if (const std::vector<std::size_t> rows = family_rows(items, i); !rows.empty())
      md += "Among the family: " + family_intro(items, i) + "\n\n" +
            index_table(items, rows).to_markdown() + "\n";
    if (items[i].regional) {
      md += "Among the family, nearest by region: " + regional_intro(items, i) + "\n\n";
      if (!regional_rows(items, i).empty()) md += regional_table(items, i).to_markdown() + "\n";
    }
    md += "Rules and their provenance (every key that can change its play, with its witness)." +
          inactive_sentence(rs.inactive) + "\n\n";
    Table rules({{"Group", Align::kLeft},
                 {"Rule", Align::kLeft},
                 {"Value", Align::kLeft},
                 {"Provenance", Align::kLeft}});
    for (const analysis::RuleInfo& rule : rs.rules)
      rules.add_row({rule.group, rule.key, rule.words, provenance_text(rule)});
    md += rules.to_markdown() + "\n";
  }
  return md;
}

// The comparisons and the handicap curves, each game named as the archive spells it.
std::string comparisons_markdown(const ReportModel& model, const ReportOptions& options) {
  std::string md;
  for (const analysis::GameComparison& g : model.comparisons) {
    md += "\n### " + comparison_title(game_name(options, g.game)) + "\n\nSee " +
          comparison_page_path(g.game) + ".\n\n";
    for (const analysis::PairComparison& p : g.comparison.pairs) md += "- " + p.summary + "\n";
  }
  for (const RulesetSection& s : model.rulesets)
    if (s.handicap) md += "\n" + handicap_markdown(*s.handicap, 3);
  return md.empty() ? "" : "\n## Comparisons and handicap effects\n" + md;
}

std::string sensitivity_markdown(const ReportModel& model) {
  if (model.sensitivity_games <= 0) return "";
  std::string md;
  for (const RulesetSection& s : model.rulesets) {
    md += sensitivity_section_markdown(s.entry.ruleset.id, s.sensitivity, s.sensitivity_verdicts,
                                       model.sensitivity_games, s.entry.ruleset.seats);
  }
  return "\n## Sensitivity to the thresholds that end games\n\n" + md;
}

std::string ladders_markdown(const ReportModel& model) {
  if (model.ladders.empty()) return "";
  std::string md = "\n## Skill ladders\n\n" + ladder_scope(model.ladder_options) + "\n";
  for (const analysis::GameLadder& l : model.ladders) {
    std::string agents;  // the agents this ladder's table used
    for (const sim::AgentSpec& a : l.ladder.agents)
      agents += (agents.empty() ? "" : ", ") + a.name();
    md += "\n" + ladder_markdown(l.ladder, l.figures) + "\nAgents of this ladder: " + agents + "." +
          shared_depth_note(l, model.shared_ladder_agents) + "\n";
  }
  return md;
}

}  // namespace

std::string report_markdown(const ReportModel& model, const std::vector<std::string>& page_paths,
                            const ReportOptions& options) {
  std::string md = runs_markdown(model.rulesets, page_paths, options) +
                   comparisons_markdown(model, options) + sensitivity_markdown(model) +
                   ladders_markdown(model);
  for (const ReportAddition& addition : options.additions) md += addition.markdown;
  return md;
}

}  // namespace mancala::reports
