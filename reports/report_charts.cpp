#include "reports/report_charts.h"

#include "reports/render.h"
#include "reports/report_format.h"
#include "reports/report_tables.h"

namespace mancala::reports {
namespace {

using analysis::LevelFigures;
using analysis::MatchFigures;
using analysis::Rate;
using analysis::RulesetSection;
using analysis::RunFigures;

constexpr int kHistogramBins = 40;
constexpr int kChartWidth = 720;

Estimate estimate(const Rate& r) { return {r.value, r.low, r.high}; }

}  // namespace

std::string figure(const std::string& svg, const std::string& caption) {
  return "<figure>\n" + svg + "\n<figcaption>" + html_escape(caption) +
         "</figcaption>\n</figure>\n";
}

std::string outcome_chart(const RunFigures& f) {
  ChartOptions o;
  o.title = "Outcomes of finished games";
  o.x_label = "share of finished games (bars: 95% interval)";
  o.width = kChartWidth;
  o.x_min = 0;
  o.x_max = 1;
  o.x_percent = true;
  return svg_bar_chart({"P1 wins", "P2 wins", "draws"},
                       {{"share", {estimate(f.p1), estimate(f.p2), estimate(f.draw)}}}, o);
}

std::string length_chart(const RunFigures& f) {
  ChartOptions o;
  o.title = f.match ? "Match length" : "Game length";
  o.x_label = f.match ? "plies (moves) per match, every round" : "plies (moves) per game";
  o.y_label = f.match ? "matches" : "games";
  o.width = kChartWidth;
  return svg_histogram(f.plies, kHistogramBins, o);
}

std::string overview_chart(const std::vector<RulesetSection>& items) {
  std::vector<std::string> categories;
  BarSeries p1{"P1 wins", {}}, p2{"P2 wins", {}}, draws{"draws", {}};
  for (const RulesetSection& item : items) {
    categories.push_back(item.entry.ruleset.name);
    p1.values.push_back(estimate(item.figures.p1));
    p2.values.push_back(estimate(item.figures.p2));
    draws.values.push_back(estimate(item.figures.draw));
  }
  ChartOptions o;
  o.title = "Outcomes by ruleset";
  o.x_label = "share of finished games (bars: 95% interval)";
  o.width = 900;
  o.x_min = 0;
  o.x_max = 1;
  o.x_percent = true;
  return svg_bar_chart(categories, {p1, p2, draws}, o);
}

std::string advantage_chart(const std::vector<RulesetSection>& items) {
  std::vector<std::string> categories;
  // "first-player advantage", "seat advantage" or, some rulesets simultaneous throughout,
  // "first-player or seat advantage" (sim::seat_words_for).
  const std::string words = seat_words_of(items).advantage;
  BarSeries advantage{words, {}};
  for (const RulesetSection& item : items) {
    categories.push_back(item.entry.ruleset.name);
    advantage.values.push_back(estimate(item.figures.advantage));
  }
  ChartOptions o;
  o.title = capitalised(words) + " by ruleset";
  o.x_label = "P(P1 wins) minus P(P2 wins) (bars: 95% interval)";
  o.width = 900;
  o.x_percent = true;
  return svg_bar_chart(categories, {advantage}, o);
}

std::string rounds_chart(const MatchFigures& m) {
  ChartOptions o;
  o.title = "Rounds per match";
  o.x_label = "rounds";
  o.y_label = "matches";
  o.width = kChartWidth;
  return svg_histogram(m.rounds, kHistogramBins, o);
}

std::string handicap_chart(const MatchFigures& m) {
  LineSeries p1{"P1 wins the round", {}}, p2{"P2 wins the round", {}};
  for (const LevelFigures& h : m.handicap) {
    const double x = h.level;
    p1.points.push_back({x, h.win_rate[0].value, h.win_rate[0].low, h.win_rate[0].high});
    p2.points.push_back({x, h.win_rate[1].value, h.win_rate[1].low, h.win_rate[1].high});
  }
  ChartOptions o;
  o.title = "Round win rate by handicap";
  o.x_label = "P1's holes in play minus P2's when the round was dealt";
  o.y_label = "share of finished rounds";
  o.width = kChartWidth;
  o.y_min = 0;
  o.y_max = 1;
  o.y_percent = true;
  return svg_line_chart({p1, p2}, o);
}

}  // namespace mancala::reports
