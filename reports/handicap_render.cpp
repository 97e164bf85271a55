#include "reports/handicap_render.h"

#include <cmath>

#include "common/format.h"
#include "reports/compare_render.h"
#include "reports/json_numbers.h"
#include "reports/render.h"
#include "simulator/ruleset_io.h"
#include "stats/compare_stats.h"
#include "stats/stats.h"

namespace mancala::reports {
namespace {

using analysis::HandicapLevel;
using analysis::HandicapResult;
using analysis::kVerdictDefinition;
using analysis::match_verdict;
using analysis::MatchSummary;
using analysis::verdict_with_numbers;
using nlohmann::ordered_json;

ordered_json interval_json(const stats::Interval& ci) {
  if (!std::isfinite(ci.low) && !std::isfinite(ci.high)) return nullptr;
  return ordered_json::array({number_json(ci.low), number_json(ci.high)});
}

std::string percent_ci(uint64_t k, uint64_t n) {
  if (n == 0) return "-";
  const stats::Interval ci = stats::wilson_interval(k, n);
  return format_number(100.0 * static_cast<double>(k) / static_cast<double>(n), 1) + "% [" +
         format_number(100 * ci.low, 1) + ", " + format_number(100 * ci.high, 1) + "]";
}

std::string mean_ci(const stats::IntHistogram& h, double offset = 0, bool sign = false) {
  if (h.empty()) return "-";
  const stats::Interval ci = stats::mean_interval(h.moments());
  const auto f = [&](double x) {
    return std::isfinite(x) ? (sign ? format_signed(x + offset, 1) : format_number(x + offset, 1))
                            : "-";
  };
  return f(h.mean()) + " [" + f(ci.low) + ", " + f(ci.high) + "]";
}

// ---- rendering helpers -----------------------------------------------------------------------

std::string verdict_line(const HandicapResult& r) {
  const MatchSummary& m = r.matches;
  const std::string verdict = match_verdict(m);
  if (verdict == "no data")
    return "No round was dealt from unequal holdings: nothing to say about evening or snowballing.";
  const stats::Interval ci = m.behind_change_interval();
  std::string line = "Over " + std::to_string(m.behind_change.total()) +
                     " rounds dealt from unequal holdings, the side behind " +
                     (m.behind_change_mean() >= 0 ? "gained " : "lost ") +
                     format_number(std::fabs(m.behind_change_mean()), 2) +
                     " counters a round on average (95% CI " + format_signed(ci.low, 2) + " to " +
                     format_signed(ci.high, 2) + "): ";
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
         percent_ci(m.loser_won_next, m.transitions) + " of " + std::to_string(m.transitions) +
         " cases.";
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
    const uint64_t finished = l.rounds - l.unfinished;
    t.add_row({Cell::integer(l.deficit),
               Cell::text(std::to_string(l.holdings[0]) + " vs " + std::to_string(l.holdings[1])),
               Cell::integer(static_cast<int64_t>(l.rounds)),
               Cell::text(percent_ci(l.wins, finished)), Cell::text(percent_ci(l.draws, finished)),
               Cell::text(mean_ci(l.plies)), Cell::text(mean_ci(l.captured_h)),
               Cell::text(mean_ci(l.captured_o)),
               Cell::text(mean_ci(l.holdings_after_h, -l.holdings[0], true)),
               Cell::text(percent_ci(l.no_progress, l.rounds)),
               Cell::text(percent_ci(l.unfinished, l.rounds)), l.handicap});
  }
  return t;
}

Table match_table(const HandicapResult& r) {
  const MatchSummary& m = r.matches;
  Table t({{"statistic", Align::kLeft}, {"value", Align::kRight}});
  t.add_row({"matches", Cell::integer(static_cast<int64_t>(m.matches))});
  if (m.matches == 0) return t;
  const stats::DistributionSummary s = m.rounds.summary();
  t.add_row({"rounds per match: mean [95% CI]", Cell::text(mean_ci(m.rounds))});
  t.add_row({"rounds per match: median", Cell::text(format_number(s.median, 1))});
  t.add_row({"rounds per match: 5th-95th percentile",
             Cell::text(format_number(s.p5, 1) + " - " + format_number(s.p95, 1))});
  t.add_row({"rounds per match: min - max",
             Cell::text(format_number(s.min, 0) + " - " + format_number(s.max, 0))});
  const uint64_t rounds = m.rounds_ended_by[0] + m.rounds_ended_by[1] + m.rounds_ended_by[2];
  t.add_row({"matches ended by a rule of the game (match end)",
             Cell::text(percent_ci(m.ended_by[0], m.matches))});
  t.add_row({"matches ended by the stopping rule (stop after rounds)",
             Cell::text(percent_ci(m.ended_by[1], m.matches))});
  t.add_row(
      {"matches stopped by the safety bound", Cell::text(percent_ci(m.ended_by[2], m.matches))});
  t.add_row({"matches with a round ended by the no-progress rule",
             Cell::text(percent_ci(m.with_no_progress_round, m.matches))});
  t.add_row(
      {"rounds ended by a rule of the game", Cell::text(percent_ci(m.rounds_ended_by[0], rounds))});
  t.add_row({"rounds ended by the no-progress rule",
             Cell::text(percent_ci(m.rounds_ended_by[1], rounds))});
  t.add_row(
      {"rounds stopped by the safety bound", Cell::text(percent_ci(m.rounds_ended_by[2], rounds))});
  t.add_row({"round's loser wins the next round (overtakes)",
             Cell::text(percent_ci(m.loser_won_next, m.transitions))});
  t.add_row(
      {"pairs of consecutive decided rounds", Cell::integer(static_cast<int64_t>(m.transitions))});
  t.add_row(
      {"counters the side behind gains in a round [95% CI]",
       Cell::text(m.behind_change.empty() ? "-"
                                          : mean_ci(m.behind_change, -m.change_offset, true))});
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
  const auto rate = [&](const std::string& section, const std::string& deficit,
                        const std::string& name, uint64_t k, uint64_t n) {
    if (n == 0) {
      t.add_row({section, deficit, name, Cell(), Cell(), Cell(), Cell::integer(0)});
      return;
    }
    const stats::Interval ci = stats::wilson_interval(k, n);
    t.add_row({section, deficit, name, num(static_cast<double>(k) / static_cast<double>(n)),
               num(ci.low), num(ci.high), Cell::integer(static_cast<int64_t>(n))});
  };
  const auto mean = [&](const std::string& section, const std::string& deficit,
                        const std::string& name, const stats::IntHistogram& h, double offset) {
    const stats::Interval ci = stats::mean_interval(h.moments());
    t.add_row({section, deficit, name, num(h.mean() + offset), num(ci.low + offset),
               num(ci.high + offset), Cell::integer(static_cast<int64_t>(h.total()))});
  };
  for (const HandicapLevel& l : r.levels) {
    const std::string d = std::to_string(l.deficit);
    const uint64_t finished = l.rounds - l.unfinished;
    rate("level", d, "h_win_rate", l.wins, finished);
    rate("level", d, "o_win_rate", l.losses, finished);
    rate("level", d, "draw_rate", l.draws, finished);
    rate("level", d, "no_progress_rate", l.no_progress, l.rounds);
    rate("level", d, "unfinished_rate", l.unfinished, l.rounds);
    mean("level", d, "plies_mean", l.plies, 0);
    mean("level", d, "h_captured_mean", l.captured_h, 0);
    mean("level", d, "o_captured_mean", l.captured_o, 0);
    mean("level", d, "h_holdings_change_mean", l.holdings_after_h, -l.holdings[0]);
  }
  if (r.options.matches && r.matches.matches > 0) {
    const MatchSummary& m = r.matches;
    mean("matches", "", "rounds_mean", m.rounds, 0);
    rate("matches", "", "ended_by_rule_rate", m.ended_by[0], m.matches);
    rate("matches", "", "ended_by_stopping_rule_rate", m.ended_by[1], m.matches);
    rate("matches", "", "safety_bound_rate", m.ended_by[2], m.matches);
    rate("matches", "", "with_no_progress_round_rate", m.with_no_progress_round, m.matches);
    const uint64_t rounds = m.rounds_ended_by[0] + m.rounds_ended_by[1] + m.rounds_ended_by[2];
    rate("matches", "", "rounds_ended_by_rule_rate", m.rounds_ended_by[0], rounds);
    rate("matches", "", "rounds_ended_by_no_progress_rate", m.rounds_ended_by[1], rounds);
    rate("matches", "", "rounds_safety_bound_rate", m.rounds_ended_by[2], rounds);
    rate("matches", "", "loser_wins_next_round_rate", m.loser_won_next, m.transitions);
    if (!m.behind_change.empty())
      mean("matches", "", "behind_change_mean", m.behind_change, -m.change_offset);
  }
  return t.to_csv();
}

ordered_json handicap_json(const HandicapResult& r) {
  const auto rate = [](uint64_t k, uint64_t n) -> ordered_json {
    if (n == 0) return {{"value", nullptr}, {"ci95", nullptr}, {"n", 0}};
    return {{"value", static_cast<double>(k) / static_cast<double>(n)},
            {"ci95", interval_json(stats::wilson_interval(k, n))},
            {"n", n}};
  };
  const auto mean = [](const stats::IntHistogram& h, double offset) -> ordered_json {
    if (h.empty()) return {{"value", nullptr}, {"ci95", nullptr}};
    stats::Interval ci = stats::mean_interval(h.moments());
    ci.low += offset;
    ci.high += offset;
    return {{"value", number_json(h.mean() + offset)}, {"ci95", interval_json(ci)}};
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
    const uint64_t finished = l.rounds - l.unfinished;
    levels.push_back({{"deficit", l.deficit},
                      {"holdings", {l.holdings[0], l.holdings[1]}},
                      {"handicap", l.handicap},
                      {"rounds", l.rounds},
                      {"wins", l.wins},
                      {"losses", l.losses},
                      {"draws", l.draws},
                      {"unfinished", l.unfinished},
                      {"no_progress", l.no_progress},
                      {"win_rate", rate(l.wins, finished)},
                      {"draw_rate", rate(l.draws, finished)},
                      {"plies_mean", mean(l.plies, 0)},
                      {"captured_mean", mean(l.captured_h, 0)},
                      {"other_captured_mean", mean(l.captured_o, 0)},
                      {"holdings_change_mean", mean(l.holdings_after_h, -l.holdings[0])},
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
                      {"rounds_mean", mean(m.rounds, 0)},
                      {"rounds", ordered_json::parse(m.rounds.to_json().dump())},
                      {"transitions", m.transitions},
                      {"loser_won_next", m.loser_won_next},
                      {"loser_wins_next_round_rate", rate(m.loser_won_next, m.transitions)},
                      {"behind_change_mean", mean(m.behind_change, -m.change_offset)},
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
    const uint64_t finished = l.rounds - l.unfinished;
    if (finished > 0) {
      const stats::Interval ci = stats::wilson_interval(l.wins, finished);
      win.points.push_back({static_cast<double>(l.deficit),
                            static_cast<double>(l.wins) / static_cast<double>(finished), ci.low,
                            ci.high});
    }
    if (!l.holdings_after_h.empty()) {
      const stats::Interval ci = stats::mean_interval(l.holdings_after_h.moments());
      const double offset = -l.holdings[0];
      change.points.push_back({static_cast<double>(l.deficit), l.holdings_after_h.mean() + offset,
                               ci.low + offset, ci.high + offset});
    }
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
