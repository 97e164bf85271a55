#include "reports/handicap_render.h"

#include <cmath>

#include "common/format.h"
#include "reports/compare_render.h"
#include "reports/json_numbers.h"
#include "reports/render.h"
#include "simulator/ruleset_io.h"

namespace mancala::reports {
namespace {

using analysis::HandicapFigure;
using analysis::HandicapLevel;
using analysis::HandicapLevelFigures;
using analysis::HandicapMatchFigures;
using analysis::HandicapResult;
using analysis::kVerdictDefinition;
using analysis::match_verdict;
using analysis::MatchSummary;
using analysis::verdict_with_numbers;
using nlohmann::ordered_json;

ordered_json interval_json(const HandicapFigure& f) {
  if (!std::isfinite(f.low) && !std::isfinite(f.high)) return nullptr;
  return ordered_json::array({number_json(f.low), number_json(f.high)});
}

// "53.0% [50.9, 55.2]"; "-" for a rate over nothing.
std::string percent_ci(const HandicapFigure& f) {
  if (f.n == 0) return "-";
  return format_number(100 * f.value, 1) + "% [" + format_number(100 * f.low, 1) + ", " +
         format_number(100 * f.high, 1) + "]";
}

// "41.2 [40.1, 42.3]"; an end the data cannot give as "-", and "-" for a mean of nothing.
std::string mean_ci(const HandicapFigure& f, bool sign = false) {
  if (f.n == 0) return "-";
  const auto text = [&](double x) {
    return std::isfinite(x) ? (sign ? format_signed(x, 1) : format_number(x, 1)) : "-";
  };
  return text(f.value) + " [" + text(f.low) + ", " + text(f.high) + "]";
}

// ---- rendering helpers -----------------------------------------------------------------------

std::string verdict_line(const HandicapResult& r) {
  const MatchSummary& m = r.matches;
  const std::string verdict = match_verdict(m);
  if (verdict == "no data")
    return "No round was dealt from unequal holdings: nothing to say about evening or snowballing.";
  const HandicapFigure& change = m.figures.behind_change;
  std::string line =
      "Over " + std::to_string(change.n) + " rounds dealt from unequal holdings, the side behind " +
      (change.value >= 0 ? "gained " : "lost ") + format_number(std::fabs(change.value), 2) +
      " counters a round on average (95% CI " + format_signed(change.low, 2) + " to " +
      format_signed(change.high, 2) + "): ";
  if (verdict == "evens")
    line += "an interval above 0, so the verdict is evens: the gap tends to close.";
  else if (verdict == "snowballs")
    line += "an interval below 0, so the verdict is snowballs: the gap tends to widen.";
  else
    line +=
        "an interval that contains 0, so the verdict is neither detectably (neither evens nor "
        "snowballs at this N).";
  return line + " " + kVerdictDefinition +
         " The round's loser won the next round (overtaking the whole gap) in " +
         percent_ci(m.figures.loser_wins_next) + " of " + std::to_string(m.transitions) + " cases.";
}

Table level_table(const HandicapResult& r) {
  // The handicap in words last: a narrow table keeps the figures.
  Table t({{"deficit"},
           {"holdings (h vs o)"},
           {"rounds"},
           {"h win rate [95% CI]"},
           {"draws"},
           {"plies mean [95% CI]"},
           {"h captures [95% CI]"},
           {"o captures [95% CI]"},
           {"h holdings change [95% CI]"},
           {"no-progress"},
           {"unfinished"},
           {"handicap dealt to h", Align::kLeft}});
  for (const HandicapLevel& l : r.levels) {
    const HandicapLevelFigures& f = l.figures;
    t.add_row({Cell::integer(l.deficit),
               Cell::text(std::to_string(l.holdings[0]) + " vs " + std::to_string(l.holdings[1])),
               Cell::integer(static_cast<int64_t>(l.rounds)), Cell::text(percent_ci(f.win_rate)),
               Cell::text(percent_ci(f.draw_rate)), Cell::text(mean_ci(f.plies_mean)),
               Cell::text(mean_ci(f.captured_h_mean)), Cell::text(mean_ci(f.captured_o_mean)),
               Cell::text(mean_ci(f.holdings_change_mean, true)),
               Cell::text(percent_ci(f.no_progress_rate)),
               Cell::text(percent_ci(f.unfinished_rate)), l.handicap});
  }
  return t;
}

Table match_table(const HandicapResult& r) {
  const MatchSummary& m = r.matches;
  const HandicapMatchFigures& f = m.figures;
  Table t({{"statistic", Align::kLeft}, {"value", Align::kRight}});
  t.add_row({"matches", Cell::integer(static_cast<int64_t>(m.matches))});
  if (m.matches == 0) return t;
  const stats::DistributionSummary& s = f.rounds;
  t.add_row({"rounds per match: mean [95% CI]", Cell::text(mean_ci(f.rounds_mean))});
  t.add_row({"rounds per match: median", Cell::text(format_number(s.median, 1))});
  t.add_row({"rounds per match: 5th-95th percentile",
             Cell::text(format_number(s.p5, 1) + " - " + format_number(s.p95, 1))});
  t.add_row({"rounds per match: min - max",
             Cell::text(format_number(s.min, 0) + " - " + format_number(s.max, 0))});
  t.add_row(
      {"matches ended by a rule of the game (match end)", Cell::text(percent_ci(f.ended_by_rule))});
  t.add_row({"matches ended by the stopping rule (stop after rounds)",
             Cell::text(percent_ci(f.ended_by_stopping_rule))});
  t.add_row({"matches stopped by the safety bound", Cell::text(percent_ci(f.safety_bound))});
  t.add_row({"matches with a round ended by the no-progress rule",
             Cell::text(percent_ci(f.with_no_progress_round))});
  t.add_row({"rounds ended by a rule of the game", Cell::text(percent_ci(f.rounds_ended_by_rule))});
  t.add_row({"rounds ended by the no-progress rule",
             Cell::text(percent_ci(f.rounds_ended_by_no_progress))});
  t.add_row({"rounds stopped by the safety bound", Cell::text(percent_ci(f.rounds_safety_bound))});
  t.add_row(
      {"round's loser wins the next round (overtakes)", Cell::text(percent_ci(f.loser_wins_next))});
  t.add_row(
      {"pairs of consecutive decided rounds", Cell::integer(static_cast<int64_t>(m.transitions))});
  t.add_row({"counters the side behind gains in a round [95% CI]",
             Cell::text(mean_ci(f.behind_change, true))});
  t.add_row({"rounds dealt from unequal holdings",
             Cell::integer(static_cast<int64_t>(m.behind_change.total()))});
  t.add_row({"verdict (its figures and meaning under the table)", match_verdict(m)});
  return t;
}

std::string header_line(const HandicapResult& r) {
  return "Handicap effects of " + r.rules.id + ": " + std::to_string(r.options.games) +
         " rounds per level" +
         (r.options.matches ? " and " + std::to_string(r.options.games) + " matches" : "") + ", " +
         r.options.agents.label() + " agent, seed " + std::to_string(r.options.seed);
}

std::vector<std::string> notes(const HandicapResult& r) {
  return {
      "Level d: the handicapped side h holds " + std::to_string(r.rules.total_counters / 2) +
          " - d of the " + std::to_string(r.total_counters) +
          " counters when the round is dealt, so the other side o won the previous round; the "
          "round is dealt by the "
          "ruleset's own settlement (the rules by which the next round is set out).",
      "Each level plays its rounds with h on either side and either previous starter in turn, and "
      "round g with the "
      "random stream (seed, g) at every level (common random numbers across levels).",
      "Rates over finished rounds with Wilson 95% intervals; means with Student t 95% intervals. "
      "'h holdings change' is "
      "what h holds when the round ends minus what he was dealt from: positive, he claws back; "
      "negative, he falls further "
      "behind.",
      "Matches are played as 'mancala simulate' plays them (match g with the stream (seed, g)). "
      "The verdict compares with 0 "
      "the 95% interval of the counters the side behind gains in a round (over every round dealt "
      "from unequal holdings): "
      "above, the handicap evens the match; below, it snowballs. A round is won by holdings, so "
      "the loser winning the next "
      "round means overtaking the whole gap: that share is shown, but it is no verdict.",
  };
}

ChartOptions curve_options(const std::string& title, const std::string& y_label) {
  ChartOptions o;
  o.title = title;
  o.x_label = "deficit of the handicapped side (counters below an even split)";
  o.y_label = y_label;
  return o;
}

}  // namespace

std::string handicap_text(const HandicapResult& r, std::size_t width) {
  std::string out = header_line(r) + "\n\n";
  out += "Rounds dealt at each handicap level (h: the handicapped side, o: the other)\n" +
         fitted_text(level_table(r), width, 2) + "\n";
  if (r.options.matches) {
    out +=
        "Whole matches\n" + fitted_text(match_table(r), width, 2) + "\n" + verdict_line(r) + "\n\n";
  }
  out += "Notes\n";
  for (const std::string& n : notes(r)) out += "- " + n + "\n";
  return out;
}

std::string handicap_markdown(const HandicapResult& r, int heading_level) {
  const std::string top(static_cast<std::size_t>(std::clamp(heading_level, 1, 5)), '#');
  const std::string sub = top + "#";
  std::string out = top + " " + header_line(r) + "\n\n" + sub +
                    " Rounds dealt at each handicap level\n\n" + level_table(r).to_markdown();
  if (r.options.matches)
    out += "\n" + sub + " Whole matches\n\n" + match_table(r).to_markdown() + "\n" +
           verdict_line(r) + "\n";
  out += "\n" + sub + " Notes\n\n";
  for (const std::string& n : notes(r)) out += "- " + n + "\n";
  return out;
}

std::string handicap_csv(const HandicapResult& r) {
  Table t({{"section"}, {"deficit"}, {"statistic"}, {"value"}, {"ci_low"}, {"ci_high"}, {"n"}});
  const auto num = [](double x) {
    return std::isfinite(x) ? Cell::text(nlohmann::json(x).dump()) : Cell();
  };
  const auto row = [&](const std::string& section, const std::string& deficit,
                       const std::string& name, const HandicapFigure& f) {
    t.add_row({section, deficit, name, num(f.value), num(f.low), num(f.high),
               Cell::integer(static_cast<int64_t>(f.n))});
  };
  for (const HandicapLevel& l : r.levels) {
    const std::string d = std::to_string(l.deficit);
    const HandicapLevelFigures& f = l.figures;
    row("level", d, "h_win_rate", f.win_rate);
    row("level", d, "o_win_rate", f.loss_rate);
    row("level", d, "draw_rate", f.draw_rate);
    row("level", d, "no_progress_rate", f.no_progress_rate);
    row("level", d, "unfinished_rate", f.unfinished_rate);
    row("level", d, "plies_mean", f.plies_mean);
    row("level", d, "h_captured_mean", f.captured_h_mean);
    row("level", d, "o_captured_mean", f.captured_o_mean);
    row("level", d, "h_holdings_change_mean", f.holdings_change_mean);
  }
  if (r.options.matches && r.matches.matches > 0) {
    const HandicapMatchFigures& f = r.matches.figures;
    row("matches", "", "rounds_mean", f.rounds_mean);
    row("matches", "", "ended_by_rule_rate", f.ended_by_rule);
    row("matches", "", "ended_by_stopping_rule_rate", f.ended_by_stopping_rule);
    row("matches", "", "safety_bound_rate", f.safety_bound);
    row("matches", "", "with_no_progress_round_rate", f.with_no_progress_round);
    row("matches", "", "rounds_ended_by_rule_rate", f.rounds_ended_by_rule);
    row("matches", "", "rounds_ended_by_no_progress_rate", f.rounds_ended_by_no_progress);
    row("matches", "", "rounds_safety_bound_rate", f.rounds_safety_bound);
    row("matches", "", "loser_wins_next_round_rate", f.loser_wins_next);
    if (f.behind_change.n > 0) row("matches", "", "behind_change_mean", f.behind_change);
  }
  return t.to_csv();
}

ordered_json handicap_json(const HandicapResult& r) {
  const auto rate = [](const HandicapFigure& f) -> ordered_json {
    if (f.n == 0) return {{"value", nullptr}, {"ci95", nullptr}, {"n", 0}};
    return {{"value", f.value}, {"ci95", interval_json(f)}, {"n", f.n}};
  };
  const auto mean = [](const HandicapFigure& f) -> ordered_json {
    if (f.n == 0) return {{"value", nullptr}, {"ci95", nullptr}};
    return {{"value", number_json(f.value)}, {"ci95", interval_json(f)}};
  };
  ordered_json out;
  out["ruleset"] = r.rules.id;
  out["games"] = r.options.games;
  out["seed"] = r.options.seed;
  out["agent"] = r.options.agents.label();
  out["agents"] = {r.options.agents.seat[0].name(), r.options.agents.seat[1].name()};
  out["total_counters"] = r.total_counters;
  ordered_json levels = ordered_json::array();
  for (const HandicapLevel& l : r.levels) {
    const HandicapLevelFigures& f = l.figures;
    levels.push_back({{"deficit", l.deficit},
                      {"holdings", {l.holdings[0], l.holdings[1]}},
                      {"handicap", l.handicap},
                      {"rounds", l.rounds},
                      {"wins", l.wins},
                      {"losses", l.losses},
                      {"draws", l.draws},
                      {"unfinished", l.unfinished},
                      {"no_progress", l.no_progress},
                      {"win_rate", rate(f.win_rate)},
                      {"draw_rate", rate(f.draw_rate)},
                      {"plies_mean", mean(f.plies_mean)},
                      {"captured_mean", mean(f.captured_h_mean)},
                      {"other_captured_mean", mean(f.captured_o_mean)},
                      {"holdings_change_mean", mean(f.holdings_change_mean)},
                      {"plies", ordered_json::parse(l.plies.to_json().dump())}});
  }
  out["levels"] = levels;
  if (r.options.matches) {
    const MatchSummary& m = r.matches;
    out["matches"] = {{"matches", m.matches},
                      {"ended_by",
                       {{"rule", m.ended_by[0]},
                        {"stopping_rule", m.ended_by[1]},
                        {"safety_bound", m.ended_by[2]}}},
                      {"with_no_progress_round", m.with_no_progress_round},
                      {"rounds_ended_by",
                       {{"rule", m.rounds_ended_by[0]},
                        {"no_progress", m.rounds_ended_by[1]},
                        {"safety_bound", m.rounds_ended_by[2]}}},
                      {"rounds_mean", mean(m.figures.rounds_mean)},
                      {"rounds", ordered_json::parse(m.rounds.to_json().dump())},
                      {"transitions", m.transitions},
                      {"loser_won_next", m.loser_won_next},
                      {"loser_wins_next_round_rate", rate(m.figures.loser_wins_next)},
                      {"behind_change_mean", mean(m.figures.behind_change)},
                      {"rounds_from_unequal_holdings", m.behind_change.total()},
                      {"verdict", match_verdict(m)}};
  }
  out["notes"] = notes(r);
  return out;
}

std::string handicap_html_fragment(const HandicapResult& r) {
  LineSeries win{"win rate of the handicapped side", {}};
  LineSeries change{"holdings change of the handicapped side", {}};
  for (const HandicapLevel& l : r.levels) {
    const double x = l.deficit;
    const HandicapFigure& w = l.figures.win_rate;
    if (w.n > 0) win.points.push_back({x, w.value, w.low, w.high});
    const HandicapFigure& c = l.figures.holdings_change_mean;
    if (c.n > 0) change.points.push_back({x, c.value, c.low, c.high});
  }
  ChartOptions win_options =
      curve_options("Win rate of the handicapped side by level, with 95% intervals", "rounds won");
  win_options.y_min = 0;
  win_options.y_max = 1;
  win_options.y_percent = true;
  const ChartOptions change_options = curve_options(
      "Counters the handicapped side gains (+) or loses (-) in the round", "counters");

  std::string out = "<section class=\"handicap\">\n<h2>" + html_escape(header_line(r)) + "</h2>\n";
  out += "<figure>" + svg_line_chart({win}, win_options) + "</figure>\n";
  out += "<figure>" + svg_line_chart({change}, change_options) + "</figure>\n";
  out += "<h3>Rounds dealt at each handicap level</h3>\n<div style=\"overflow-x: auto\">\n" +
         level_table(r).to_html() + "</div>\n";
  if (r.options.matches) {
    out += "<h3>Whole matches</h3>\n<p>" + html_escape(verdict_line(r)) + "</p>\n" +
           match_table(r).to_html() + "\n";
    ChartOptions rounds;
    rounds.title = "Rounds per match";
    rounds.x_label = "rounds";
    rounds.y_label = "matches";
    out += "<figure>" + svg_histogram(r.matches.rounds, 40, rounds) + "</figure>\n";
  }
  out += "<h3>Notes</h3>\n<ul>\n";
  for (const std::string& n : notes(r)) out += "<li>" + html_escape(n) + "</li>\n";
  out += "</ul>\n</section>\n";
  return out;
}

std::string handicap_html_page(const HandicapResult& r, const std::string& title) {
  return html_page(title, "<h1>" + html_escape(title) + "</h1>\n" + handicap_html_fragment(r));
}

}  // namespace mancala::reports
