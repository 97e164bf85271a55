#include "reports/report_pages.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "archive/listing.h"
#include "reports/compare_render.h"
#include "reports/evidence_pages.h"
#include "reports/glossary.h"
#include "reports/handicap_render.h"
#include "reports/html.h"
#include "reports/ladder_render.h"
#include "reports/render.h"
#include "reports/report_charts.h"
#include "reports/report_index.h"
#include "reports/report_tables.h"
#include "reports/sensitivity.h"

namespace mancala::reports {
namespace {

namespace fs = std::filesystem;
using analysis::GameComparison;
using analysis::PairComparison;
using analysis::ReportModel;
using analysis::RulesetSection;

// Style rules the report adds to html_page's sheet: a wider page for the ten-column index, and
// figures with their intervals kept on one line.
constexpr std::string_view kReportStyle = R"(body { max-width: 84em; }
td.num { white-space: nowrap; }
table.seeds td.num, table.index td.num { white-space: normal; min-width: 6em; }
table.index th, table.index td { padding: 0.25em 0.4em; }
td .ci { display: block; font-size: 0.8em; color: #666; }
td .sub { display: block; font-size: 0.85em; }
td:first-child { min-width: 8em; }
table { display: block; max-width: 100%; overflow-x: auto; }
.wide { max-width: 100%; overflow-x: auto; }
.narrow { display: none; }
@media (max-width: 62em) {
  table.index th:nth-child(2), table.index td:nth-child(2),
  table.index th:nth-child(3), table.index td:nth-child(3) { display: none; }
  .narrow { display: block; }
}
tr.group th { background: #f1f1f1; font-size: 1.1em; padding-top: 0.5em; border-bottom: 1px solid #888; }
td a { font-weight: 600; }
tr.marked td { background: #fff4d6; }
h2#rules ~ table { width: 100%; }
h2#rules ~ table th:nth-child(1) { width: 14em; }
h2#rules ~ table th:nth-child(2) { width: 11em; }
nav.contents ol { columns: 2 18em; margin-top: 0; }
table.seeds td .sub { color: #555; }
.grouping > label { margin: 0 1.2em 0 0.3em; font-weight: 600; }
#family-by-region:checked ~ .by-board, #family-by-board:checked ~ .by-region { display: none; }
details { margin: 0.4em 0; }
summary { cursor: pointer; font-weight: 600; }
)";

// Appends a section to a page's body as the report has always placed its extras: after the body,
// each starting on a line of its own.
void append_section(std::string& body, const std::string& section) {
  if (section.empty()) return;
  if (!body.empty() && body.back() != '\n') body += '\n';
  body += section;
}

// The comparison of the game of model.rulesets[i], if any, and i's place among its members.
const GameComparison* comparison_of(const ReportModel& model, std::size_t i, std::size_t& member) {
  for (const GameComparison& g : model.comparisons) {
    const auto at = std::find(g.members.begin(), g.members.end(), i);
    if (at != g.members.end()) {
      member = static_cast<std::size_t>(at - g.members.begin());
      return &g;
    }
  }
  return nullptr;
}

// A ruleset page's link to its game's comparison page, with the summary lines that concern it.
std::string comparison_links(const GameComparison& g, std::size_t k, const ReportOptions& options) {
  const std::string path = comparison_page_path(g.game);
  std::string section =
      "<section class=\"comparison-links\">\n<h2 id=\"comparison\">Compared with the other "
      "reconstructions</h2>\n<p><a href=\"../" +
      h(path) + "\">" + h(comparison_title(game_name(options, g.game))) +
      "</a>: every statistic side by side, the rule differences with their provenance, and "
      "tests of each reconstruction's differences from the game's default.</p>\n<ul>\n";
  for (const PairComparison& p : g.comparison.pairs) {
    if (p.a == k || p.b == k) section += "<li>" + h(p.summary) + "</li>\n";
  }
  return section + "</ul>\n</section>\n";
}

// The index's list of comparison pages and of the handicap verdicts.
std::string comparisons_index(const ReportModel& model, const ReportOptions& options) {
  std::string compared, handicaps;
  for (const GameComparison& g : model.comparisons) {
    compared += "<li><a href=\"" + h(comparison_page_path(g.game)) + "\">" +
                h(comparison_title(game_name(options, g.game))) + "</a> (" +
                archive::count_of(g.members.size(), "ruleset") + ", " +
                archive::count_of(g.comparison.pairs.size(), "pair") + ")</li>\n";
  }
  for (const RulesetSection& s : model.rulesets) {
    if (!s.handicap) continue;
    handicaps += "<li><a href=\"" + h(ruleset_page_path(s.entry.ruleset.id)) +
                 "#handicap-curves\">" + h(s.entry.ruleset.id) + "</a>" +
                 (model.handicap_options.matches
                      ? ": " + h(analysis::verdict_with_numbers(s.handicap->matches))
                      : "") +
                 "</li>\n";
  }
  if (compared.empty() && handicaps.empty()) return "";
  std::string section = "<section class=\"comparisons\">\n";
  if (!compared.empty())
    section +=
        "<h2 id=\"comparisons\">Reconstructions compared</h2>\n<ul>\n" + compared + "</ul>\n";
  if (!handicaps.empty()) {
    section +=
        "<h2 id=\"handicap-effects\">Handicap effects of the multi-round rulesets</h2>\n<p>" +
        h(analysis::kVerdictDefinition) + "</p>\n<ul>\n" + handicaps + "</ul>\n";
  }
  return section + "</section>\n";
}

// The index's list of skill ladders.
std::string ladders_index(const ReportModel& model, const ReportOptions& options) {
  if (model.ladders.empty()) return "";
  std::string items;
  for (const analysis::GameLadder& l : model.ladders) {
    const analysis::RulesetInfo& rs = model.rulesets[l.ruleset].entry.ruleset;
    items += "<li><a href=\"" + h(ruleset_page_path(rs.id)) + "#skill-ladder\">" +
             h(game_name(options, rs.game)) + " (" + h(rs.id) +
             ")</a>: " + h(ladder_summary(l.ladder, l.figures)) +
             h(shared_depth_text(l, model.shared_ladder_agents)) + "</li>\n";
  }
  std::string scope = ladder_scope(model.ladder_options);
  const bool family = std::any_of(model.rulesets.begin(), model.rulesets.end(),
                                  [](const RulesetSection& s) { return s.entry.ruleset.family; });
  if (family && !model.family_ladders) {
    scope +=
        " The family's games (readings of the DLP's rules paraphrases) have none here: 'mancala "
        "ladder RULESET' gives one, and 'mancala report --ladder --family-ladders' all of them.";
  }
  return "<section class=\"ladders\">\n<h2 id=\"skill-ladders\">Skill ladders</h2>\n<p>" +
         h(scope) + "</p>\n<ul>\n" + items + "</ul>\n</section>\n";
}

std::string run_facts(const RunFigures& f, const analysis::RulesetRun& e) {
  std::string out = "<p class=\"note\">" + h(games_text(f)) + " games, " + h(agents_text(f.agent)) +
                    ", seed " + std::to_string(f.seed) + ", engine " + h(f.engine_version) +
                    ", rules hash <code>" + h(f.rules_hash) + "</code>";
  if (e.stored_as) out += ", stored in the archive as run " + std::to_string(*e.stored_as);
  out += ".</p>\n";
  if (f.partial) {
    out += "<p><strong>Partial run:</strong> interrupted after " + std::to_string(f.games) +
           " of " + std::to_string(f.games_requested) +
           " games; the figures cover the games played.</p>\n";
  }
  return out;
}

// The page's own content: identity, run, results, length, endings, metrics, matches, citation
// and rules.
std::string ruleset_body(const RulesetSection& item,
                         const std::map<std::string, std::string>& pages,
                         const ReportOptions& options) {
  const analysis::RulesetInfo& rs = item.entry.ruleset;
  const RunFigures& f = item.figures;
  std::string b;
  b += "<p><a href=\"../index.html\">\xE2\x86\x90 All rulesets</a> \xC2\xB7 " +
       glossary_link("reading", "Terms", 1) + "</p>\n";
  b += "<h1>" + h(rs.name) + "</h1>\n";
  b += "<p><code>" + h(rs.id) + "</code> \xC2\xB7 " + h(game_name(options, rs.game)) +
       " \xC2\xB7 status: <strong>" + h(rs.status) + "</strong>";
  if (const std::string meaning = status_meaning(rs.status); !meaning.empty())
    b += " (" + h(meaning) + ")";
  b += " \xC2\xB7 evidence: " + evidence_links_html(rs.evidence, options.evidence_pages, "../");
  if (!rs.extends.empty()) {
    const auto it = pages.find(rs.extends);
    b += " \xC2\xB7 extends ";
    b += it == pages.end() ? "<code>" + h(rs.extends) + "</code>"
                           : "<a href=\"" + h(fs::path(it->second).filename().string()) + "\">" +
                                 h(rs.extends) + "</a>";
  }
  b += "</p>\n";
  // The same game said once: the rulesets it plays exactly as, both ways, with the reason given.
  for (const sim::SamePlay& same : rs.plays_exactly_as) {
    const auto it = pages.find(same.id);
    b += "<p class=\"plays-as\">Plays exactly as " +
         (it == pages.end() ? "<code>" + h(same.id) + "</code>"
                            : "<a href=\"" + h(fs::path(it->second).filename().string()) + "\">" +
                                  h(same.id) + "</a>") +
         " (every key that acts is the same): " + h(same.reason) + "</p>\n";
  }
  if (!rs.summary.empty()) b += "<p>" + h(rs.summary) + "</p>\n";

  b += "<h2 id=\"results\">Results</h2>\n" + run_facts(f, item.entry);
  if (const std::string rest = stopping_rule_note(f); !rest.empty())
    b += "<p class=\"rests-on\"><strong>" + h(rest) + "</strong> (see <a href=\"#endings\">how " +
         std::string(f.match ? "matches" : "games") + " ended</a>)</p>\n";
  b += results_table(f, rs.seats, &item.stability).to_html();
  b += "<p class=\"stability\" id=\"stability\">" +
       h(stability_sentence(item.stability, f.match.has_value(), rs.seats.advantage)) + "</p>\n";
  if (const std::string skilled = skilled_sentence(item.skilled); !skilled.empty())
    b += "<p class=\"stability\">" + h(skilled) + "</p>\n";
  b += "<p class=\"note\">Rates are shares of finished games with Wilson 95% intervals; the "
       "advantage is in percentage "
       "points with Tango's score interval";
  if (std::isfinite(f.advantage_p)) {
    b += " (test of no advantage: p " +
         h(f.advantage_p < 0.0001 ? "< 0.0001" : "= " + format_number(f.advantage_p, 4)) + ")";
  }
  b += ".</p>\n";
  b += figure(outcome_chart(f), "Bars: share of finished games; whiskers: 95% intervals.");

  const std::string unit = f.match ? "match" : "game";
  b += "<h2 id=\"length\">" + h(f.match ? "Match length" : "Game length") + "</h2>\n" +
       length_table(f.length).to_html("Plies per " + unit + (f.match ? " (every round)" : ""));
  b += figure(length_chart(f),
              "Histogram of " + unit + " length in plies (one ply is one player's move).");

  b += std::string("<h2 id=\"endings\">How ") + (f.match ? "matches" : "games") + " ended</h2>\n" +
       completion_table(f).to_html("Completion") +
       ended_table(f.ended_by, f.match ? "match" : "game").to_html("By end condition");
  b += "<p class=\"note\">";
  if (!rs.stop_winner.empty()) b += h(rs.stop_winner) + " ";
  b += "Unfinished games: " + h(rate_text(f.unfinished_rate, 2)) + " of all games.";
  if (f.relay_moves > 0) {
    b += " Relay chains cut at the bound on sowings per move: " +
         archive::count_of(static_cast<std::size_t>(f.relay_moves), "move") + " in " +
         archive::count_of(static_cast<std::size_t>(f.relay_games), "game") + ".";
  }
  b += "</p>\n";
  b += "<h2 id=\"metrics\">Playability metrics</h2>\n" + metrics_table(f).to_html();
  b += "<p class=\"note\">Definitions and formulas: docs/metrics.md. Intervals are 95%: Wilson "
       "for shares, Student t for means (clipped to the values a game or round can take: never "
       "below 0), Tango's score interval for balance and snowball.";
  if (!f.metrics.kept)
    b += " This run was stored before the metrics were kept: only balance and drawishness.";
  b += "</p>\n";

  if (f.match) {
    const analysis::MatchFigures& m = *f.match;
    b += "<h2 id=\"matches\">Matches</h2>\n" +
         length_table(m.rounds.summary()).to_html("Rounds per match");
    b += figure(rounds_chart(m), "Histogram of the number of rounds a match lasted.");
    b += round_results_table(m, rs.seats).to_html("Rounds of every match");
    b += ended_table(m.round_ended_by, "round").to_html("How rounds ended");
    if (!m.handicap.empty()) {
      b += "<h2 id=\"handicap\">Handicap effects in the matches played</h2>\n<p>The rounds of this "
           "run's matches by the handicap the previous rounds left them"
           " (only the levels the matches happened to reach).</p>\n" +
           handicap_table(m.handicap).to_html();
      b += "<p class=\"note\">A round's handicap level: the holes P1 had in play minus P2's when "
           "it was dealt "
           "(holes left unfilled by the previous round's loser are out of play). Rates are shares "
           "of the finished "
           "rounds at that level, which the matches themselves reached.</p>\n";
      b += figure(handicap_chart(m),
                  "Points: share of finished rounds each player won at that level; whiskers: 95% "
                  "intervals.");
    }
    if (!m.states.empty()) {
      b += handicap_state_table(m.states).to_html("Rounds by their whole handicap state");
      b += "<p class=\"note\">The same rounds by the whole state they were dealt with: each row's "
           "holes in play and "
           "the perks the settlement gave (the 1-4 tribute, a bha, the perks of the previous "
           "round's winner).</p>\n";
    }
  }

  b += "<h2 id=\"cite\">How to cite</h2>\n<p>The reconstruction: " +
       h(reconstruction_citation(rs.id, rs.name, rs.status, rs.rules_hash, rs.evidence)) +
       "</p>\n<p>This run: " +
       h(run_citation(rs.id, f.rules_hash, f.engine_version, f.seed, f.agent,
                      static_cast<std::int64_t>(f.games_requested), item.entry.stored_as)) +
       "</p>\n";
  b += "<h2 id=\"rules\">Rules and their provenance</h2>\n<p class=\"note\">Every rule key that "
       "can change this ruleset's play, with its witness: the source's words or the paraphrase it "
       "implements (whose words they are), the reading it takes over, or the assumption it makes." +
       h(inactive_sentence(rs.inactive)) + "</p>\n";
  for (const auto& [begin, end] : rule_groups(rs.rules))
    b += rules_table(rs.rules, begin, end).to_html(rs.rules[begin].group);
  return b;
}

// The index's own content, before the extras' sections.
std::string index_intro(const std::vector<RulesetSection>& items, const ReportOptions& options) {
  std::string b = "<h1>" + h(options.title) + "</h1>\n";
  b += "<p>" + h(common_settings(items)) +
       " One row per ruleset, grouped by game; each ruleset's page gives its "
       "rules with their provenance, its game-length distribution and how its games ended.</p>\n";
  b += "<p class=\"note\">" + h(seat_order_note(items)) +
       " Rates are shares of finished games with Wilson 95% "
       "intervals [low, high]; "
       "the " +
       h(advantage_words(items)) +
       " is P(P1 wins) minus P(P2 wins) in percentage points with Tango's score interval. "
       "Mean plies: mean game length (a ply is one player's move). Unfinished: share of games "
       "stopped by the safety "
       "bound on their length. Status: observed (rules seen played or "
       "codified), described (a written statement of the whole game followed closely), "
       "reconstructed (gaps filled by assumption, or results resting on an added stopping "
       "rule).</p>\n";
  if (!options.command.empty())
    b += "<p class=\"note\">Made by <code>" + h(options.command) + "</code></p>\n";
  b += "<p>Data: <a href=\"report.md\">report.md</a> \xC2\xB7 <a href=\"runs.csv\">runs.csv</a> "
       "(tidy: one row per "
       "ruleset and statistic) \xC2\xB7 <a href=\"runs.json\">runs.json</a> (every run as "
       "JSON).</p>\n";
  b += "<p>Terms: " + glossary_link("reading", "the few terms these pages keep", 0) +
       " (reading, witness, stopping rule, safety bound, stability, status).</p>\n";
  return b;
}

}  // namespace

std::string report_page(std::string_view title, std::string_view body) {
  std::string page = html_page(title, body);
  const std::size_t end = page.find("</style>");
  if (end != std::string::npos) page.insert(end, kReportStyle);
  return page;
}

std::string comparison_title(const std::string& name) {
  return "Reconstructions of " + name + " compared";
}

std::string ladder_scope(const analysis::LadderOptions& options) {
  return ladder_scope(options.agents, options);
}

std::string shared_depth_text(const analysis::GameLadder& l,
                              const std::vector<sim::AgentSpec>& shared) {
  if (!l.shared_depth) return "";
  std::string names;
  for (std::size_t i = 0; i < shared.size(); ++i) names += (i == 0 ? "" : ", ") + shared[i].name();
  return "; over the agents every ladder shares (" + names + "): skill depth " +
         std::to_string(*l.shared_depth);
}

std::string shared_depth_note(const analysis::GameLadder& l,
                              const std::vector<sim::AgentSpec>& shared) {
  if (!l.shared_depth) return "";
  std::string names;
  for (std::size_t i = 0; i < shared.size(); ++i) names += (i == 0 ? "" : ", ") + shared[i].name();
  return " Over the agents every ladder of this report shares (" + names +
         "), the figure to compare across games: skill depth " + std::to_string(*l.shared_depth) +
         ".";
}

std::string ladder_scope(const std::vector<sim::AgentSpec>& list,
                         const analysis::LadderOptions& options) {
  std::string agents;
  for (std::size_t i = 0; i < list.size(); ++i) agents += (i == 0 ? "" : ", ") + list[i].name();
  return "Agents " + agents + "; " + std::to_string(options.games) +
         " games per ordered pair and per self-play level, seed " + std::to_string(options.seed) +
         ". These figures are for those agents, not for the agent of the rest of the report; the "
         "game counts are kept small so that the report stays quick: for narrower intervals run "
         "'mancala ladder RULESET --agents ... --games N'.";
}

std::string index_page(const ReportModel& model, const std::vector<std::string>& page_paths,
                       const ReportOptions& options) {
  // The seed games first, with what was measured of them (comparisons, handicaps, ladders, the
  // readings of their sources), then the family, the charts of every ruleset and the evidence.
  std::string body = index_intro(model.rulesets, options);
  body += std::string(kContentsMarker) + "\n";
  body += seed_games_section(model, page_paths, options);
  append_section(body, comparisons_index(model, options));
  append_section(body, ladders_index(model, options));
  append_section(body, std::string(kReadingsMarker) + "\n");
  append_section(body, family_section(model, page_paths, options));
  append_section(body, "<h2 id=\"comparison\">Charts of every ruleset</h2>\n" +
                           figure(overview_chart(model.rulesets),
                                  "Bars: share of finished games; whiskers: 95% intervals.") +
                           figure(advantage_chart(model.rulesets),
                                  "Bars: " + advantage_words(model.rulesets) +
                                      "; whiskers: 95% intervals. Zero: no advantage."));
  append_section(body, options.evidence_section);
  for (const ReportAddition& addition : options.additions)
    append_section(body, addition.index_section);
  return report_page(options.title, body);
}

std::string ruleset_page(const ReportModel& model, std::size_t i,
                         const std::map<std::string, std::string>& pages,
                         const ReportOptions& options) {
  const RulesetSection& section = model.rulesets[i];
  std::string body = ruleset_body(section, pages, options);
  std::size_t member = 0;
  if (const GameComparison* g = comparison_of(model, i, member))
    append_section(body, comparison_links(*g, member, options));
  if (section.handicap) {
    append_section(body,
                   "<div id=\"handicap-curves\">\n<p>Handicap curves, measured on purpose: "
                   "every handicap level this ruleset can deal, " +
                       std::to_string(section.handicap->options.games) +
                       " rounds at each, whether or not the matches above reached it, and "
                       "whole matches for the verdict.</p>\n" +
                       handicap_html_fragment(*section.handicap) + "</div>\n");
  }
  if (const std::vector<std::size_t> rows = family_rows(model.rulesets, i); !rows.empty()) {
    std::vector<std::string> hrefs;
    for (std::size_t j : rows)
      hrefs.push_back(
          fs::path(ruleset_page_path(model.rulesets[j].entry.ruleset.id)).filename().string());
    append_section(body, "<section id=\"family\">\n<h2>Among the family</h2>\n<p>" +
                             h(family_intro(model.rulesets, i)) + "</p>\n" +
                             linked_table_html(index_table(model.rulesets, rows), hrefs, {},
                                               marked_rows(model.rulesets, rows)) +
                             "</section>\n");
  }
  if (model.rulesets[i].regional) {
    std::string table;
    if (const std::vector<std::size_t> rows = regional_rows(model.rulesets, i); !rows.empty()) {
      std::vector<std::string> hrefs;
      for (std::size_t j : rows)
        hrefs.push_back(
            fs::path(ruleset_page_path(model.rulesets[j].entry.ruleset.id)).filename().string());
      table = linked_table_html(regional_table(model.rulesets, i), hrefs, {},
                                marked_rows(model.rulesets, rows));
    }
    append_section(body,
                   "<section id=\"family-region\">\n<h2>Among the family: nearest by region</h2>\n"
                   "<p>" +
                       h(regional_intro(model.rulesets, i)) + "</p>\n" + table + "</section>\n");
  }
  append_section(body, sensitivity_section_html(section.sensitivity, section.sensitivity_verdicts,
                                                model.sensitivity_games, section.figures.games,
                                                section.entry.ruleset.seats));
  for (const analysis::GameLadder& l : model.ladders) {
    if (l.ruleset != i) continue;
    append_section(body, "<section id=\"skill-ladder\">\n" +
                             ladder_html_fragment(l.ladder, l.figures, 2) + "<p class=\"note\">" +
                             h(ladder_scope(l.ladder.agents, model.ladder_options) +
                               shared_depth_note(l, model.shared_ladder_agents)) +
                             "</p>\n</section>\n");
  }
  return report_page(section.entry.ruleset.name + " \xE2\x80\x94 " + options.title, body);
}

std::string comparison_page(const ReportModel& model, const GameComparison& g,
                            const ReportOptions& options) {
  const std::string title = comparison_title(game_name(options, g.game));
  std::vector<std::string> cited;
  for (const RulesetSection& s : model.rulesets) {
    if (s.entry.ruleset.game != g.game) continue;
    for (const std::string& e : s.entry.ruleset.evidence)
      if (std::find(cited.begin(), cited.end(), e) == cited.end()) cited.push_back(e);
  }
  std::string body =
      "<p><a href=\"../index.html\">\xE2\x86\x90 All rulesets</a></p>\n<h1>" + h(title) + "</h1>\n";
  if (!cited.empty()) {
    body += "<p>Evidence these reconstructions cite: " +
            evidence_links_html(cited, options.evidence_pages, "../") + ".</p>\n";
  }
  std::vector<std::string> links;
  for (std::size_t i : g.members)
    links.push_back("../" + ruleset_page_path(model.rulesets[i].entry.ruleset.id));
  return report_page(title, body + comparison_html_fragment(g.comparison, links));
}

}  // namespace mancala::reports
