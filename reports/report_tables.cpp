#include "reports/report_tables.h"

#include <algorithm>
#include <cmath>

#include "reports/html.h"
#include "reports/report_format.h"

namespace mancala::reports {

std::vector<std::pair<std::string, std::vector<std::size_t>>> group_by_game(
    const std::vector<RulesetSection>& items) {
  std::vector<std::pair<std::string, std::vector<std::size_t>>> groups;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string& game = items[i].entry.ruleset.game;
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == game; });
    if (it == groups.end()) {
      groups.push_back({game, {}});
      it = groups.end() - 1;
    }
    it->second.push_back(i);
  }
  return groups;
}

std::string seat_order_note(const std::vector<RulesetSection>& items) {
  std::vector<std::string> simultaneous;
  for (const RulesetSection& s : items)
    if (s.entry.ruleset.seats.simultaneous) simultaneous.push_back(s.entry.ruleset.name);
  const std::string seats =
      "nobody moves first: P1 and P2 are seat 1 and seat 2, and the advantage is the seat "
      "advantage.";
  if (simultaneous.empty()) return "P1 moves first.";
  if (simultaneous.size() == items.size()) return "Every turn is simultaneous, so " + seats;
  return "P1 moves first, except in " + joined(simultaneous, ", ") +
         ", where every turn is simultaneous, so " + seats;
}

sim::SeatWords seat_words_of(const std::vector<RulesetSection>& items,
                             const std::vector<std::size_t>& rows) {
  std::size_t simultaneous = 0;
  for (std::size_t i : rows) simultaneous += items[i].entry.ruleset.seats.simultaneous ? 1 : 0;
  return sim::seat_words_for(simultaneous, rows.size());
}

sim::SeatWords seat_words_of(const std::vector<RulesetSection>& items) {
  std::vector<std::size_t> rows(items.size());
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = i;
  return seat_words_of(items, rows);
}

std::string advantage_words(const std::vector<RulesetSection>& items) {
  const sim::SeatWords words = seat_words_of(items);
  if (!words.mixed) return words.advantage;
  std::vector<std::string> simultaneous;
  for (const RulesetSection& s : items)
    if (s.entry.ruleset.seats.simultaneous) simultaneous.push_back(s.entry.ruleset.name);
  const sim::SeatWords seats = sim::seat_words_for(true);
  return sim::seat_words_for(false).advantage + " (the " + seats.advantage + " for " +
         joined(simultaneous, ", ") + (simultaneous.size() == 1 ? ", whose" : ", whose rulesets'") +
         " every turn is simultaneous)";
}

std::string common_settings(const std::vector<RulesetSection>& items) {
  const RunFigures& first = items.front().figures;
  // The games of the seed games' rulesets and of the family's readings (0: none in the report).
  std::uint64_t games[2] = {0, 0};
  std::size_t count[2] = {0, 0};
  bool same = true;
  for (const RulesetSection& item : items) {
    const RunFigures& f = item.figures;
    const int family = item.entry.ruleset.family ? 1 : 0;
    same = same && f.agent == first.agent && f.seed == first.seed &&
           (games[family] == 0 || f.games_requested == games[family]);
    games[family] = f.games_requested;
    ++count[family];
  }
  if (!same) return "Runs with different settings (see each ruleset's page).";
  std::string out;
  if (count[0] == 0 || count[1] == 0 || games[0] == games[1]) {
    out = std::to_string(first.games_requested) + " games per ruleset";
  } else {
    out = std::to_string(games[0]) + " games per ruleset, " + std::to_string(games[1]) +
          " for each of the " + std::to_string(count[1]) +
          " readings of the DLP's rules paraphrases (the family: their intervals are wider)";
  }
  return out + ", " + agents_text(first.agent) + ", seed " + std::to_string(first.seed) +
         ", engine " + first.engine_version + ".";
}

std::vector<std::size_t> family_rows(const std::vector<RulesetSection>& sections, std::size_t i) {
  if (sections[i].neighbours.empty()) return {};
  std::vector<std::size_t> rows = {i};
  rows.insert(rows.end(), sections[i].neighbours.begin(), sections[i].neighbours.end());
  return rows;
}

namespace {

// " muvalavala_luena/dlp stands also for muvalavala_b/dlp, which plays exactly as it (every key
// that acts is the same): counted once." for the rows shown that stand for a repeat.
std::string repeats_note(const std::vector<RulesetSection>& sections,
                         const std::vector<std::size_t>& shown) {
  std::string out;
  for (std::size_t j : shown) {
    const std::string& id = sections[j].entry.ruleset.id;
    for (std::size_t k = 0; k < sections.size(); ++k) {
      if (sections[k].entry.ruleset.repeat_of != id || !analysis::repeats_another(sections, k))
        continue;
      out += " " + id + " stands also for " + sections[k].entry.ruleset.id +
             ", which plays exactly as it (every key that acts is the same): counted once.";
    }
  }
  return out;
}

}  // namespace

std::string family_intro(const std::vector<RulesetSection>& sections, std::size_t i) {
  const RulesetSection& me = sections[i];
  if (me.neighbours.empty()) return "";
  const analysis::RulesetInfo& rs = me.entry.ruleset;
  int fewest = 1000, most = 0;  // holes a row of the neighbours on another board
  std::size_t same = 0;
  bool fewer_games = false;
  for (std::size_t j : me.neighbours) {
    const int holes = sections[j].entry.ruleset.holes_per_row;
    fewer_games = fewer_games || sections[j].figures.games_requested < me.figures.games_requested;
    if (holes == rs.holes_per_row) {
      ++same;
      continue;
    }
    fewest = std::min(fewest, holes);
    most = std::max(most, holes);
  }
  const int rows = 2 * rs.rows_per_player;
  std::string board = std::to_string(rows) + " rows of " + std::to_string(rs.holes_per_row);
  const std::size_t n = me.neighbours.size();
  std::string out = "This ruleset (first row) among the " + std::to_string(n) +
                    (n == 1 ? " reading" : " readings") +
                    " of the DLP's rules paraphrases (the family) ";
  if (same == me.neighbours.size()) {
    out += "played on the same board, " + board + " holes.";
  } else {
    const std::string range = fewest == most
                                  ? std::to_string(fewest)
                                  : std::to_string(fewest) + " to " + std::to_string(most);
    out += "of " + std::to_string(rows) + "-row boards nearest to its own (" + board + " holes): " +
           (same == 0 ? "none on the same board; they have " + range + " holes a row."
                      : std::to_string(same) + " with the same board, the others with " + range +
                            " holes a row.");
  }
  return out + repeats_note(sections, me.neighbours) + " The same figures as the index: is its " +
         seat_words_of(sections, family_rows(sections, i)).advantage +
         ", its length, its completion typical of its neighbours? Each was played with the "
         "report's agents and "
         "seed" +
         (fewer_games ? "; the family's readings with fewer games, so wider intervals." : ".");
}

std::string km_text(double km) {
  std::string digits = std::to_string(std::llround(km));
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(at, ",");
  return digits;
}

namespace {

// "a", "a and b", "a, b and c".
std::string listed(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (k > 0) out += k + 1 == items.size() ? " and " : ", ";
    out += items[k];
  }
  return out;
}

std::string readings(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " reading" : " readings");
}

// The index's figures, the columns every table of rulesets shows after its own first columns;
// the advantage's in the words of the rulesets `rows` (seat_words_of: "Seat advantage" when
// every turn of each is simultaneous).
std::vector<Column> with_figure_columns(std::vector<Column> columns,
                                        const std::vector<RulesetSection>& items,
                                        const std::vector<std::size_t>& rows) {
  const std::string advantage = capitalised(seat_words_of(items, rows).column);
  for (const std::string& name :
       {std::string("Games"), std::string("Ended by the text's rule"), std::string("P1 wins"),
        std::string("P2 wins"), std::string("Draws"), advantage, std::string("Mean plies"),
        std::string("Unfinished")})
    columns.push_back({name, Align::kRight});
  return columns;
}

// A row: its own first cells, then the figures of `section` under with_figure_columns' columns
// (the advantage with its stability verdict).
std::vector<Cell> with_figure_cells(std::vector<Cell> cells, const RulesetSection& section) {
  const RunFigures& f = section.figures;
  for (std::string cell : {games_text(f), completion_text(f), rate_text(f.p1), rate_text(f.p2),
                           rate_text(f.draw), advantage_text(f.advantage, section.stability),
                           number_text(f.length.mean, 1), percent(f.unfinished_rate.value, 2)})
    cells.emplace_back(std::move(cell));
  return cells;
}

}  // namespace

std::vector<std::size_t> regional_rows(const std::vector<RulesetSection>& sections, std::size_t i) {
  if (!sections[i].regional || sections[i].regional->neighbours.empty()) return {};
  std::vector<std::size_t> rows = {i};
  for (const analysis::RegionalNeighbour& n : sections[i].regional->neighbours)
    rows.push_back(n.ruleset);
  return rows;
}

std::string regional_intro(const std::vector<RulesetSection>& sections, std::size_t i) {
  const RulesetSection& me = sections[i];
  if (!me.regional) return "";
  const analysis::RegionalTable& t = *me.regional;
  const std::string cap = km_text(analysis::kRegionalMaxKm) + " km";
  const std::string rule =
      " Distance: the shortest great-circle distance between a place of the one's evidence and a "
      "place of the other's, 0 when the places overlap, else from the nearer edge. A named region "
      "is placed approximately, by its outline (or its centre and radius) as the archive places "
      "it; a record with coordinates, at that point.";
  std::string out;
  if (t.places.empty()) {
    out = "No regional neighbours: this ruleset's evidence (" +
          joined(me.entry.ruleset.evidence, ", ") +
          ") gives no place that can be measured (no coordinates, and no region data/places "
          "names, or only an uncertain one), so it cannot be set among the " +
          readings(t.family) + " of the DLP's rules paraphrases by region.";
    return out;
  }
  const std::string from = "its evidence's place" + std::string(t.places.size() == 1 ? "" : "s") +
                           ": " + listed(t.places);
  if (t.neighbours.empty()) {
    out = "None of the " + readings(t.family) +
          " of the DLP's rules paraphrases (the family) in this report has "
          "evidence within " +
          cap + " of this ruleset's (" + from + ")." + rule;
  } else {
    out = "This ruleset (first row) among the " + readings(t.neighbours.size()) +
          " of the DLP's rules paraphrases (the family) whose evidence was "
          "recorded nearest to its own (" +
          from + "), within " + cap + ": at most " + std::to_string(analysis::kRegionalNeighbours) +
          ", and any as near as the last." + rule;
  }
  if (!t.unplaced.empty())
    out += " Its record" + std::string(t.unplaced.size() == 1 ? " " : "s ") + listed(t.unplaced) +
           (t.unplaced.size() == 1 ? " gives" : " give") + " no place and " +
           (t.unplaced.size() == 1 ? "is" : "are") + " left out.";
  std::vector<std::string> left;
  if (t.not_shown > 0)
    left.push_back(readings(t.not_shown) + " within " + cap + " but farther than those shown");
  if (t.beyond > 0) left.push_back(readings(t.beyond) + " farther than " + cap);
  if (!t.family_unplaced.empty()) {
    std::vector<std::string> ids;
    for (std::size_t j : t.family_unplaced) ids.push_back(sections[j].entry.ruleset.id);
    left.push_back(readings(ids.size()) +
                   " whose evidence gives no place that can be measured (none, a name "
                   "data/places does not give, or an uncertain one such as \"Russia? Iran?\"), "
                   "so their region is not known here (" +
                   listed(ids) + ")");
  }
  if (!left.empty())
    out += " Of the family's " + std::to_string(t.family) + ", left out: " + listed(left) + ".";
  if (t.neighbours.empty()) return out;
  std::vector<std::size_t> shown;
  for (const analysis::RegionalNeighbour& n : t.neighbours) shown.push_back(n.ruleset);
  out += repeats_note(sections, shown);
  bool fewer_games = false;
  for (const analysis::RegionalNeighbour& n : t.neighbours)
    fewer_games =
        fewer_games || sections[n.ruleset].figures.games_requested < me.figures.games_requested;
  return out + " The same figures as the index: is its " +
         seat_words_of(sections, regional_rows(sections, i)).advantage +
         ", its length, its completion typical of the games of its region? Each was played with "
         "the report's "
         "agents and seed" +
         (fewer_games ? "; the family's readings with fewer games, so wider intervals." : ".");
}

Table regional_table(const std::vector<RulesetSection>& items, std::size_t i) {
  Table table(with_figure_columns({{"Ruleset", Align::kLeft},
                                   {"Evidence", Align::kLeft},
                                   {"Place", Align::kLeft},
                                   {"km", Align::kRight}},
                                  items, regional_rows(items, i)));
  if (!items[i].regional) return table;
  const analysis::RegionalTable& t = *items[i].regional;
  const auto add = [&](std::size_t row, const std::string& place, const std::string& km) {
    const analysis::RulesetInfo& rs = items[row].entry.ruleset;
    table.add_row(with_figure_cells({rs.name, joined(rs.evidence, ", "), place, km}, items[row]));
  };
  if (t.neighbours.empty()) return table;
  add(i, listed(t.places), "");
  for (const analysis::RegionalNeighbour& n : t.neighbours)
    add(n.ruleset, t.places.size() > 1 ? n.place + " (from " + n.from + ")" : n.place,
        km_text(n.km));
  return table;
}

// The index row of each ruleset (one table per game).
Table index_table(const std::vector<RulesetSection>& items, const std::vector<std::size_t>& rows) {
  Table table(with_figure_columns(
      {{"Ruleset", Align::kLeft}, {"Status", Align::kLeft}, {"Evidence", Align::kLeft}}, items,
      rows));
  for (std::size_t i : rows) {
    const analysis::RulesetInfo& rs = items[i].entry.ruleset;
    table.add_row(with_figure_cells({rs.name, rs.status, joined(rs.evidence, ", ")}, items[i]));
  }
  return table;
}

// The index rows to mark: those whose games the text's rule ended fewer than half of.
std::vector<bool> marked_rows(const std::vector<RulesetSection>& items,
                              const std::vector<std::size_t>& rows) {
  std::vector<bool> marked;
  for (std::size_t i : rows) marked.push_back(items[i].figures.text_or_rounds_minority());
  return marked;
}

// How games ended, by ending class.
Table completion_table(const RunFigures& f) {
  const std::string column = f.match ? "Matches" : "Games";
  std::vector<Column> columns = {
      {"How it ended", Align::kLeft},
      {column, Align::kRight},
      {"Share of all " + std::string(f.match ? "matches" : "games") + " [95% CI]", Align::kRight}};
  // A match ended by a rule may rest on rounds a stopping rule ended: both levels shown.
  if (f.match) {
    columns.push_back({"Rounds", Align::kRight});
    columns.push_back({"Share of all rounds [95% CI]", Align::kRight});
  }
  Table table(columns);
  for (int i = 0; i < sim::kCompletions; ++i) {
    std::vector<Cell> row = {sim::completion_words(static_cast<sim::Completion>(i)),
                             Cell::integer(static_cast<std::int64_t>(f.completion.games[i])),
                             rate_text(f.completion.share[i])};
    if (f.match) {
      row.push_back(Cell::integer(static_cast<std::int64_t>(f.match->round_completion_count[i])));
      row.push_back(rate_text(f.match->round_completion[i]));
    }
    table.add_row(std::move(row));
  }
  return table;
}

// The playability metrics (docs/metrics.md): each of the registry's, and the duration after those
// of the outcomes.
Table metrics_table(const RunFigures& f) {
  const MetricFigures& m = f.metrics;
  Table table(
      {{"Metric", Align::kLeft}, {"Value [95% CI]", Align::kRight}, {"What it is", Align::kLeft}});
  bool duration = false;
  for (const analysis::MetricValue& v : m.values) {
    if (!duration && v.info->kind != sim::MetricKind::kOutcome) {
      table.add_row({"duration (turns)",
                     number_text(m.turns.mean, 1) + " (sd " + number_text(m.turns.sd, 1) +
                         ", median " + number_text(m.turns.median, 1) + ")",
                     "turns per " + std::string(f.match ? "match" : "game") +
                         ": plies less the extra moves"});
      duration = true;
    }
    table.add_row({v.info->name, metric_text(v), sim::metric_what(*v.info, f.match.has_value())});
  }
  return table;
}

Table results_table(const RunFigures& f, const sim::SeatWords& seats,
                    const analysis::Stability* stability) {
  Table table({{"Outcome", Align::kLeft},
               {"Games", Align::kRight},
               {"Share of finished games [95% CI]", Align::kRight}});
  table.add_row({seats.player[0] + " wins", Cell::integer(static_cast<std::int64_t>(f.wins[0])),
                 rate_text(f.p1)});
  table.add_row({seats.player[1] + " wins", Cell::integer(static_cast<std::int64_t>(f.wins[1])),
                 rate_text(f.p2)});
  table.add_row({"draws", Cell::integer(static_cast<std::int64_t>(f.draws)), rate_text(f.draw)});
  table.add_row(
      {seats.advantage_row, "",
       stability ? advantage_text(f.advantage, *stability) : advantage_text(f.advantage)});
  return table;
}

Table length_table(const stats::DistributionSummary& s) {
  Table table({{"Mean", Align::kRight},
               {"SD", Align::kRight},
               {"Min", Align::kRight},
               {"5%", Align::kRight},
               {"Median", Align::kRight},
               {"95%", Align::kRight},
               {"Max", Align::kRight}});
  table.add_row({number_text(s.mean, 1), number_text(s.sd, 1), number_text(s.min, 0),
                 number_text(s.p5, 1), number_text(s.median, 1), number_text(s.p95, 1),
                 number_text(s.max, 0)});
  return table;
}

// `what`: "game", "match" or "round".
Table ended_table(const std::vector<EndCount>& ended, const std::string& what) {
  const std::string column = what == "game" ? "Games" : what == "match" ? "Matches" : "Rounds";
  Table table({{"Ended", Align::kLeft}, {column, Align::kRight}, {"Share", Align::kRight}});
  for (const EndCount& e : ended) {
    table.add_row({end_label(e.name, what, e.count),
                   Cell::integer(static_cast<std::int64_t>(e.count)), percent(e.share, 2)});
  }
  return table;
}

Table round_results_table(const MatchFigures& m, const sim::SeatWords& seats) {
  // The shares are the model's (MatchFigures); this only formats them.
  const auto share = [](double x) { return std::isnan(x) ? std::string(kDash) : percent(x); };
  Table table({{"Rounds", Align::kLeft}, {"Count", Align::kRight}, {"Share", Align::kRight}});
  table.add_row({"recorded", Cell::integer(static_cast<std::int64_t>(m.rounds_recorded)), ""});
  // Nobody moves first in a round whose every turn is simultaneous: its wins are only won.
  if (seats.simultaneous) {
    table.add_row({"won", Cell::integer(static_cast<std::int64_t>(m.won)), share(m.won_share)});
    table.add_row(
        {"drawn", Cell::integer(static_cast<std::int64_t>(m.draws)), share(m.draw_share)});
    table.add_row({"unfinished (safety bound)",
                   Cell::integer(static_cast<std::int64_t>(m.unfinished)),
                   share(m.unfinished_share)});
    return table;
  }
  table.add_row({"won by the round's first mover",
                 Cell::integer(static_cast<std::int64_t>(m.first_mover_wins)),
                 rate_text(m.first_mover_win_rate)});
  table.add_row({"won by the other player",
                 Cell::integer(static_cast<std::int64_t>(m.second_mover_wins)),
                 share(m.second_mover_share)});
  table.add_row({"drawn", Cell::integer(static_cast<std::int64_t>(m.draws)), share(m.draw_share)});
  table.add_row({"unfinished (safety bound)",
                 Cell::integer(static_cast<std::int64_t>(m.unfinished)),
                 share(m.unfinished_share)});
  table.add_row({"first-mover advantage", "", advantage_text(m.first_mover_advantage)});
  return table;
}

std::string handicap_label(int level) {
  if (level == 0) return "even (0)";
  return (level > 0 ? "P1 +" : "P2 +") + std::to_string(level > 0 ? level : -level) + " holes (" +
         (level > 0 ? "+" : "") + std::to_string(level) + ")";
}

Table handicap_table(const std::vector<LevelFigures>& levels) {
  Table table({{"Holes in play, P1 minus P2", Align::kLeft},
               {"Rounds", Align::kRight},
               {"P1 win rate [95% CI]", Align::kRight},
               {"P2 win rate [95% CI]", Align::kRight}});
  for (const LevelFigures& h : levels) {
    table.add_row({handicap_label(h.level), Cell::integer(static_cast<std::int64_t>(h.rounds)),
                   rate_text(h.win_rate[0]), rate_text(h.win_rate[1])});
  }
  return table;
}

// "5 v 3; P2 receives the 1-4 tribute; P1 has a bha; P1 favoured (toll and remainder holes)"
std::string state_label(const HandicapStateFigures& st) {
  std::string out = std::to_string(st.holes[0]) + " v " + std::to_string(st.holes[1]);
  if (st.tribute_to) out += "; P" + std::to_string(st.tribute_to) + " receives the 1-4 tribute";
  if (st.bha) out += "; P" + std::to_string(st.bha) + " has a bha";
  if (st.favoured)
    out += "; P" + std::to_string(st.favoured) + " favoured by the previous round's win";
  return out;
}

Table handicap_state_table(const std::vector<HandicapStateFigures>& states) {
  Table table({{"Holes in play (P1 v P2) and perks", Align::kLeft},
               {"Rounds", Align::kRight},
               {"P1 win rate [95% CI]", Align::kRight},
               {"P2 win rate [95% CI]", Align::kRight}});
  for (const HandicapStateFigures& st : states) {
    table.add_row({state_label(st), Cell::integer(static_cast<std::int64_t>(st.rounds)),
                   rate_text(st.win_rate[0]), rate_text(st.win_rate[1])});
  }
  return table;
}

std::string inactive_sentence(const std::vector<std::string>& keys) {
  if (keys.empty()) return "";
  std::string list;
  for (const std::string& k : keys) list += (list.empty() ? "" : ", ") + k;
  return " Not shown: the " + std::to_string(keys.size()) + " keys the field table's conditions " +
         "leave without effect in this ruleset (`mancala rules keys`): " + list + ".";
}

std::string provenance_text(const RuleInfo& rule) {
  return rule.provenance.empty() ? "(default; no provenance)" : rule.provenance;
}

// The rules of one group (consecutive rules with the same group).
Table rules_table(const std::vector<RuleInfo>& rules, std::size_t begin, std::size_t end) {
  Table table({{"Rule", Align::kLeft}, {"Value", Align::kLeft}, {"Provenance", Align::kLeft}});
  for (std::size_t i = begin; i < end; ++i)
    table.add_row({rules[i].key, rules[i].words, provenance_text(rules[i])});
  return table;
}

// [begin, end) ranges of rules with the same group.
std::vector<std::pair<std::size_t, std::size_t>> rule_groups(const std::vector<RuleInfo>& rules) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t i = 0; i < rules.size(); ++i) {
    if (i == 0 || rules[i].group != rules[i - 1].group) out.push_back({i, i});
    out.back().second = i + 1;
  }
  return out;
}

std::string linked_table_html(const Table& table, const std::vector<std::string>& hrefs,
                              const std::vector<GroupStart>& groups,
                              const std::vector<bool>& marked, std::string_view css_class) {
  const auto right = [&](std::size_t column) {
    return table.columns()[column].align == Align::kRight;
  };
  std::string out = "<table class=\"" + html_escape(css_class) + "\">\n<thead>\n<tr>";
  for (std::size_t i = 0; i < table.columns().size(); ++i) {
    out += right(i) ? "<th class=\"num\">" : "<th>";
    out += html_escape(table.columns()[i].name) + "</th>";
  }
  out += "</tr>\n</thead>\n<tbody>\n";
  std::size_t next_group = 0;
  for (std::size_t r = 0; r < table.rows().size(); ++r) {
    for (; next_group < groups.size() && groups[next_group].row == r; ++next_group) {
      out += "<tr class=\"group\"><th colspan=\"" + std::to_string(table.columns().size()) +
             "\" id=\"" + html_escape(groups[next_group].id) + "\">" +
             html_escape(groups[next_group].label) + "</th></tr>\n";
    }
    out += r < marked.size() && marked[r] ? "<tr class=\"marked\">" : "<tr>";
    const auto& row = table.rows()[r];
    for (std::size_t i = 0; i < row.size(); ++i) {
      out += right(i) ? "<td class=\"num\">" : "<td>";
      const std::string& text = row[i].display();
      const std::size_t interval = text.find(" [");
      if (i == 0 && r < hrefs.size() && !hrefs[r].empty()) {
        out += "<a href=\"" + html_escape(hrefs[r]) + "\">" + html_escape(text) + "</a>";
      } else if (interval != std::string::npos && right(i)) {
        // The interval on its own smaller line keeps ten columns within a page's width; each
        // further line of the cell (the source's rule's share, a match's rounds) on its own too.
        std::size_t line = text.find('\n');
        out +=
            html_escape(text.substr(0, interval)) + "<span class=\"ci\">" +
            html_escape(text.substr(interval, line == std::string::npos ? line : line - interval)) +
            "</span>";
        while (line != std::string::npos) {
          const std::size_t next = text.find('\n', line + 1);
          out += "<span class=\"sub\">" +
                 html_escape(
                     text.substr(line + 1, next == std::string::npos ? next : next - line - 1)) +
                 "</span>";
          line = next;
        }
      } else if (table.columns()[i].name == "Evidence") {
        // Ids like "DLP.Evidence.1450" may break after a dot, not inside a word.
        for (char c : html_escape(text))
          out += c == '.' ? std::string(".<wbr />") : std::string(1, c);
      } else {
        out += html_escape(text);
      }
      out += "</td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody>\n</table>\n";
  return out;
}

}  // namespace mancala::reports
