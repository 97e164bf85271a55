// The ladder's text, HTML and Markdown forms (reports/ladder_render.h).
#include "reports/ladder_render.h"

#include <cmath>

#include "reports/html.h"
#include "reports/report_format.h"
#include "reports/svg.h"
#include "reports/table.h"
#include "simulator/seat_words.h"

namespace mancala::reports {
namespace {

using analysis::Ladder;
using analysis::LadderFigures;
using analysis::Likeness;
using analysis::PairResult;
using analysis::Rating;
using analysis::RealGames;
using analysis::SelfPlay;

std::string signed_number(double x, int decimals) {
  const std::string text = format_number(x, decimals);
  return text.starts_with('-') ? text : "+" + text;
}

// "48.5% [41.6, 55.4]"; "-" without finished games. The rate and its interval are the model's
// (analysis::ResultRates); this only formats them.
std::string rate_text(const stats::Estimate& e) {
  if (std::isnan(e.value)) return "-";
  return percent(e.value) + " [" + format_number(100 * e.low, 1) + ", " +
         format_number(100 * e.high, 1) + "]";
}

// In percentage points, as every other table prints it (issue 20, item 6): "+15.0 pp [-26.3,
// +51.5]".
std::string advantage_text(const stats::Advantage& a, uint64_t n) {
  if (n == 0) return "-";
  return signed_points(a.estimate) + " pp [" + signed_points(a.interval.low) + ", " +
         signed_points(a.interval.high) + "]";
}

// A pair's score with its simultaneous interval, the one that decides "beats": "86.5% [78.9,
// 92.0]"; "-" without finished games.
std::string score_text(const PairResult& p) {
  if (p.finished() == 0) return "-";
  return percent(p.score) + " [" + format_number(100 * p.score_ci.low, 1) + ", " +
         format_number(100 * p.score_ci.high, 1) + "]";
}

// A mean or median length the model made (ResultRates); "-" without games.
std::string plies_text(double plies) {
  if (std::isnan(plies)) return "-";
  return format_number(plies, 1);
}

std::string games_text(const Ladder& l) {
  std::string text = std::to_string(l.games) + " games per ordered pair (each pair " +
                     std::to_string(2 * l.games) + " games, both seats; self-play " +
                     std::to_string(l.games) + "), seed " + std::to_string(l.seed);
  if (l.shard.count > 1)
    text += ", shard " + std::to_string(l.shard.index) + "/" + std::to_string(l.shard.count);
  if (l.partial()) text += " (partial: stopped early)";
  return text;
}

std::string chain_text(const Ladder& l, const LadderFigures& f) {
  std::string text;
  for (size_t i = 0; i < f.chain.size(); ++i)
    text += (i == 0 ? "" : " < ") + l.agents[f.chain[i]].name();
  return text;
}

Table matrix_table(const Ladder& l, const LadderFigures& f) {
  std::vector<Column> columns = {{"agent", Align::kLeft}};
  for (const sim::AgentSpec& a : l.agents) columns.push_back({"vs " + a.name(), Align::kRight});
  Table t(columns);
  for (size_t a = 0; a < l.size(); ++a) {
    std::vector<Cell> row = {Cell::text(l.agents[a].name())};
    for (size_t b = 0; b < l.size(); ++b) {
      if (a == b) {
        row.push_back(Cell::text("-"));
        continue;
      }
      const PairResult p = f.pair(a, b);
      row.push_back(Cell::text(score_text(p) + (p.a_beats_b() ? " *" : "")));
    }
    t.add_row(row);
  }
  return t;
}

Table ratings_table(const Ladder& l, const LadderFigures& f) {
  Table t({{"agent", Align::kLeft}, {"rating", Align::kRight}, {"95% CI", Align::kRight}});
  for (size_t a = 0; a < f.ratings.size(); ++a) {
    const Rating& r = f.ratings[a];
    const bool defined = std::isfinite(r.ci95.low) && std::isfinite(r.ci95.high);
    t.add_row({Cell::text(l.agents[a].name()), Cell::text(signed_number(r.elo, 0)),
               Cell::text(a == 0    ? "(reference)"
                          : defined ? "[" + signed_number(r.ci95.low, 0) + ", " +
                                          signed_number(r.ci95.high, 0) + "]"
                                    : "-")});
  }
  return t;
}

// The words for the ladder's seats (sim::seat_words_for), from its runs' own seats: seat 1 and
// seat 2 and the seat advantage where every turn is simultaneous.
sim::SeatWords ladder_seats(const Ladder& l) {
  return sim::seat_words_for(!l.runs.empty() && l.runs.front().seats == "simultaneous");
}

// The self-play table's columns: 0-7 the agent and its results, 8 up to here how its games
// ended, then (with masters' games) the distance to the masters' results.
constexpr std::size_t kSelfPlayEndingColumns = 13;

Table self_play_table(const Ladder& l, const LadderFigures& f) {
  std::vector<Column> columns = {
      {"agent", Align::kLeft},         {"games", Align::kRight},
      {"P1 wins", Align::kRight},      {"P2 wins", Align::kRight},
      {"draws", Align::kRight},        {ladder_seats(l).column + " [95% CI]", Align::kRight},
      {"plies mean", Align::kRight},   {"median", Align::kRight},
      {"text's rule", Align::kRight},  {"of it the source's", Align::kRight},
      {"assumed rule", Align::kRight}, {"stopping rule", Align::kRight},
      {"safety bound", Align::kRight}};
  if (f.real) columns.push_back({"result distance to masters", Align::kRight});
  Table t(columns);
  for (const SelfPlay& s : f.self_play) {
    const sim::GameTally& g = s.run->tally;
    const uint64_t finished = g.wins[0] + g.wins[1] + g.draws;
    // Each ending class's share of the games (the text's rule: the source's and the paraphrase's
    // together, the source's beside it); for matches a second line with its share of the rounds,
    // as the index prints it (the text's rule's share marked when under half).
    const analysis::Completion& c = s.completion;
    const auto share = [&](double games, double rounds, bool own) {
      if (g.games == 0) return std::string("-");
      std::string text = (own && c.text_rule_minority() ? "\xE2\x9A\xA0 " : "") + percent(games);
      if (c.rounds > 0) text += "\n" + rounds_line(rounds, own && c.round_text_rule_minority());
      return text;
    };
    std::vector<Cell> row = {Cell::text(l.agents[s.agent].name() + (s.parity_artefact ? " †" : "")),
                             Cell::integer(static_cast<int64_t>(g.games)),
                             Cell::text(rate_text(s.rates.wins[0])),
                             Cell::text(rate_text(s.rates.wins[1])),
                             Cell::text(rate_text(s.rates.draws)),
                             Cell::text(advantage_text(s.advantage, finished)),
                             Cell::text(plies_text(s.rates.mean_plies)),
                             Cell::text(plies_text(s.rates.median_plies)),
                             Cell::text(share(c.text_rule(), c.round_text_rule(), true)),
                             Cell::text(share(c.of(sim::Completion::kSourceRule),
                                              c.round_of(sim::Completion::kSourceRule), false)),
                             Cell::text(share(c.of(sim::Completion::kAssumedRule),
                                              c.round_of(sim::Completion::kAssumedRule), false)),
                             Cell::text(share(c.of(sim::Completion::kStoppingRule),
                                              c.round_of(sim::Completion::kStoppingRule), false)),
                             Cell::text(share(c.of(sim::Completion::kSafetyBound),
                                              c.round_of(sim::Completion::kSafetyBound), false))};
    if (f.real) {
      std::string distance = "-";
      for (const Likeness& k : f.likeness) {
        if (k.agent == s.agent)
          distance = format_number(k.result_distance, 3) + " [" + format_number(k.ci95.low, 3) +
                     ", " + format_number(k.ci95.high, 3) + "]" +
                     (f.most_like_real == s.agent ? " (closest)" : "");
      }
      row.push_back(Cell::text(distance));
    }
    t.add_row(row);
  }
  if (f.real) {
    const RealGames& r = *f.real;
    t.add_row(
        {Cell::text("masters (" + r.description + ")"),
         Cell::integer(static_cast<int64_t>(r.games)), Cell::text(rate_text(f.real_rates.wins[0])),
         Cell::text(rate_text(f.real_rates.wins[1])), Cell::text(rate_text(f.real_rates.draws)),
         Cell::text(advantage_text(f.real_advantage, r.games)),
         Cell::text(plies_text(f.real_rates.mean_plies)),
         Cell::text(plies_text(f.real_rates.median_plies)), Cell::text("-"), Cell::text("-"),
         Cell::text("-"), Cell::text("-"), Cell::text("-"), Cell::text("0")});
  }
  return t;
}

std::string matrix_note(const LadderFigures& f) {
  const size_t m = f.pairs.size();
  return "Score of the row's agent against the column's over both seats: its share of the "
         "finished games, a draw counting half (50% is equal strength; without draws, its win "
         "rate), with a simultaneous 95% interval over the ladder's " +
         std::to_string(m) + (m == 1 ? " pair" : " pairs") + " (Tango's score interval at " +
         format_number(100 * f.score_confidence, 2) +
         "% each, Bonferroni); * the interval lies above 50%: the row's agent beats the column's "
         "(an interval below 50% is the mirror of a marked cell). The mark and the interval are "
         "one procedure: a pair is significant exactly when its printed interval excludes 50%.";
}

std::string ratings_note(const Ladder& l) {
  return "Bradley-Terry ratings fitted by the MM algorithm (a draw counts half a win for each, one "
         "virtual draw per pair keeps an unbeaten agent finite), in Elo points relative to " +
         l.agents.front().name() +
         "; 95% intervals from the observed information. Every pair shares the seed: cell (a, b) "
         "is 'mancala simulate " +
         l.ruleset + " --agents a,b --games " + std::to_string(l.games) + " --seed " +
         std::to_string(l.seed) + "'.";
}

std::string depth_text(const Ladder& l, const LadderFigures& f) {
  std::string text = "Skill depth: " + std::to_string(f.skill_depth()) + " (" + chain_text(l, f) +
                     "): the longest chain of agents in which each beats the one before "
                     "significantly.";
  for (const std::string& w : f.warnings) text += " " + w + ".";
  return text;
}

// What the fixed-depth levels' self-play advantages are worth (issue 20, item 7).
std::string parity_text(const LadderFigures& f) {
  bool fixed = false;
  for (const SelfPlay& s : f.self_play) fixed = fixed || s.fixed_depth > 0;
  if (!fixed) return "";
  if (f.parity.significant()) {
    const std::string figures = "odd depths " + signed_points(f.parity.odd.estimate) +
                                " pp, even depths " + signed_points(f.parity.even.estimate) +
                                " pp; difference " + signed_points(f.parity.difference.estimate) +
                                " pp [" + signed_points(f.parity.difference.interval.low) + ", " +
                                signed_points(f.parity.difference.interval.high) +
                                "], p = " + format_number(f.parity.difference.p_value, 4);
    const std::string read =
        ": these rows describe the search's horizon (which player makes its last ply), not the "
        "game; read the levels without a fixed depth (mcts, abnodes).";
    if (f.parity.levels >= 3) {
      return " † Depth-parity artefact: fixed-depth alpha-beta's self-play advantage follows the "
             "parity of its depth (" +
             figures + ")" + read;
    }
    return " † Depends on the search depth: fixed-depth alpha-beta's self-play advantage changes "
           "from one depth to the next (" +
           figures +
           "); with one depth of each parity, parity and strength cannot be told apart, but the "
           "swing is what a depth-parity artefact looks like" +
           read;
  }
  std::string text =
      " A fixed-depth search's self-play advantage can swing with the parity of its depth (on "
      "Toguz Kumalak alphabeta:1 to 5 gave +15, +31, +57, -28 and +96 pp in one measurement): ";
  text +=
      f.parity.checked
          ? "here the odd and even depths' advantages (" + signed_points(f.parity.odd.estimate) +
                " and " + signed_points(f.parity.even.estimate) +
                " pp) are not told apart (p = " + format_number(f.parity.difference.p_value, 4) +
                "), but read them as figures of the search, not of the game."
          : "this ladder has depths of one parity only, so it cannot be checked here; read "
            "the fixed-depth rows as figures of the search, not of the game, and compare with "
            "a search without a fixed depth (mcts, abnodes).";
  return text;
}

// The masters' verdict: the level closest to the masters' results, named only when its
// distance's interval lies apart from every other level's.
std::string closest_text(const Ladder& l, const LadderFigures& f) {
  if (!f.real || !f.nearest_real) return "";
  const auto distance = [&](size_t agent) {
    for (const Likeness& k : f.likeness) {
      if (k.agent == agent)
        return format_number(k.result_distance, 3) + " [" + format_number(k.ci95.low, 3) + ", " +
               format_number(k.ci95.high, 3) + "]";
    }
    return std::string("-");
  };
  if (f.most_like_real) {
    return "Self-play closest to the masters' results: " + l.agents[*f.most_like_real].name() +
           " (result distance " + distance(*f.most_like_real) +
           ", apart from every other level's interval; " + f.real->description + ").";
  }
  return "No level is closest to the masters' results beyond the noise: the nearest, " +
         l.agents[*f.nearest_real].name() + " (result distance " + distance(*f.nearest_real) +
         "), overlaps another level's interval (" + f.real->description + ").";
}

std::string self_play_note(const LadderFigures& f) {
  std::string text =
      "Both players the same agent. Win rates over finished games; the last five columns say "
      "how the games ended: by the text's rule (the source's rule or the paraphrase's rule), of "
      "it by the source's rule alone, by an assumed rule, stopped by a stopping rule the "
      "reconstruction adds (no progress, a stop after a number of rounds), or unfinished (safety "
      "bound: max_plies, max_rounds).";
  bool rounds = false, marked = false;
  for (const SelfPlay& s : f.self_play) {
    const analysis::Completion& c = s.completion;
    rounds = rounds || c.rounds > 0;
    marked = marked ||
             (s.run->tally.games > 0 && (c.text_rule_minority() || c.round_text_rule_minority()));
  }
  if (rounds) {
    text +=
        " The games are matches: each cell's second line is the share of the matches' rounds "
        "that ended that way (a round ends by a rule of the game, the no-progress rule or the "
        "safety bound).";
  }
  if (marked) {
    text +=
        " \xE2\x9A\xA0 marks a level whose text's rule ended fewer than half of the games or of "
        "the "
        "rounds: its figures rest mostly on assumed endings or the reconstruction's stopping "
        "rules.";
  }
  text += parity_text(f);
  if (f.real) {
    text += " Masters: tournament games as recorded; only " + std::to_string(f.real->reached_end) +
            " of " + std::to_string(f.real->games) +
            " reach the end of the game under the rules (the others were resigned or agreed), so "
            "their lengths are lower bounds, not comparable with self-play's. The result distance "
            "is the total variation distance between the shares of first-player wins, "
            "second-player wins and draws, with a 95% bootstrap interval; a level is named closest "
            "only when its interval lies below every other level's.";
  }
  return text;
}

// A table as aligned text ending in a newline.
std::string text_of(const Table& t) {
  std::string text = t.to_text();
  if (!text.ends_with('\n')) text += '\n';
  return text;
}

// Text folded into lines of at most `width` characters at spaces, each ending in a newline.
std::string wrap(const std::string& text, size_t width = 100) {
  std::string out, line;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  return out + line + "\n";
}

}  // namespace

std::string ladder_summary(const Ladder& l, const LadderFigures& f) {
  std::string text =
      "skill depth " + std::to_string(f.skill_depth()) + " (" + chain_text(l, f) + ")";
  if (f.real && f.most_like_real) {
    text += "; self-play closest to the masters' results: " + l.agents[*f.most_like_real].name();
  } else if (f.real && f.nearest_real) {
    text += "; no self-play level is closest to the masters beyond the noise";
  }
  if (f.parity.significant()) text += "; fixed-depth self-play follows depth parity";
  for (const std::string& w : f.warnings) text += "; " + w;
  return text;
}

std::string ladder_text(const Ladder& l, const LadderFigures& f) {
  std::string out = wrap("Skill ladder of " + l.ruleset + ": " + games_text(l) + ".") + "\n";
  out += wrap(matrix_note(f)) + text_of(matrix_table(l, f)) + "\n";
  out += wrap(ratings_note(l)) + text_of(ratings_table(l, f)) + "\n";
  out += wrap(depth_text(l, f)) + "\n";
  out += wrap("Self-play at each level. " + self_play_note(f)) + text_of(self_play_table(l, f));
  if (const std::string closest = closest_text(l, f); !closest.empty()) out += "\n" + wrap(closest);
  return out;
}

std::string ladder_markdown(const Ladder& l, const LadderFigures& f) {
  std::string out = "### Skill ladder of " + l.ruleset + "\n\n" + games_text(l) + ".\n\n";
  out += matrix_note(f) + "\n\n" + matrix_table(l, f).to_markdown() + "\n";
  out += ratings_note(l) + "\n\n" + ratings_table(l, f).to_markdown() + "\n";
  out += depth_text(l, f) + "\n\n";
  out += "Self-play at each level. " + self_play_note(f) + "\n\n" +
         self_play_table(l, f).to_markdown();
  if (const std::string closest = closest_text(l, f); !closest.empty())
    out += "\n" + closest + "\n";
  return out;
}

std::string ladder_html_fragment(const Ladder& l, const LadderFigures& f, int heading_level) {
  const std::string h = "h" + std::to_string(heading_level);
  const std::string h2 = "h" + std::to_string(heading_level + 1);
  std::string out = "<" + h + ">Skill ladder of " + html_escape(l.ruleset) + "</" + h + ">\n";
  out += "<p class=\"note\">" + html_escape(games_text(l)) + ".</p>\n";
  out += "<p><strong>" + html_escape(depth_text(l, f)) + "</strong></p>\n";
  out += "<" + h2 + ">Head to head</" + h2 + ">\n<p>" + html_escape(matrix_note(f)) + "</p>\n" +
         matrix_table(l, f).to_html();
  out += "<" + h2 + ">Ratings</" + h2 + ">\n<p>" + html_escape(ratings_note(l)) + "</p>\n" +
         ratings_table(l, f).to_html();

  // First-player (or, where every turn is simultaneous, seat) advantage and completion against
  // strength (the agent's rating): the words of seat_words, from the runs' own seats.
  const std::string adv_words = ladder_seats(l).advantage;
  LineSeries advantage{adv_words + " (self-play)", {}};
  LineSeries completion{"share ended by the text's rule", {}};
  std::string description = "By agent, rating: " + adv_words + ", text's-rule share. ";
  for (const SelfPlay& s : f.self_play) {
    const double x = f.ratings[s.agent].elo;
    const sim::GameTally& g = s.run->tally;
    if (g.wins[0] + g.wins[1] + g.draws > 0) {
      advantage.points.push_back(
          {x, s.advantage.estimate, s.advantage.interval.low, s.advantage.interval.high});
    }
    if (g.games > 0) completion.points.push_back({x, s.completion.text_rule()});
    description += l.agents[s.agent].name() + " " + signed_number(x, 0) + ": " +
                   signed_points(s.advantage.estimate) + " pp, " +
                   percent(s.completion.text_rule()) + ". ";
  }
  std::vector<LineSeries> series = {advantage, completion};
  if (f.real && !advantage.points.empty()) {
    const double adv = f.real_advantage.estimate;
    double lo = advantage.points.front().x, hi = lo;
    for (const auto& p : advantage.points) {
      lo = std::min(lo, p.x);
      hi = std::max(hi, p.x);
    }
    series.push_back({"masters' " + adv_words, {{lo, adv}, {hi, adv}}});
    description += "Masters: " + signed_number(adv, 3) + ".";
  }
  out += "<" + h2 + ">Self-play at each level</" + h2 + ">\n";
  out += svg_line_chart(
      series, {.title = capitalised(adv_words) + " and completion against agent strength",
               .description = description,
               .x_label = "agent rating (Elo points relative to " + l.agents.front().name() + ")",
               .y_label = "advantage (P1 wins - P2 wins) / share",
               .y_min = -1.0,
               .y_max = 1.0});
  // The self-play table in two (issue 39, item 1: its 13 or 14 columns were up to 500 px wider
  // than the page at 1400 px): the results, then how the games ended, each led by the agent.
  const Table self_play = self_play_table(l, f);
  std::vector<std::size_t> results = {0, 1, 2, 3, 4, 5, 6, 7}, endings = {0};
  for (std::size_t c = 8; c < self_play.columns().size(); ++c)
    (c < kSelfPlayEndingColumns ? endings : results).push_back(c);
  out += "\n<p>" + html_escape(self_play_note(f)) + "</p>\n" +
         self_play.only_columns(results).to_html("Results of each level") +
         self_play.only_columns(endings).to_html("How each level's games ended");
  if (const std::string closest = closest_text(l, f); !closest.empty()) {
    out += "<p><strong>" + html_escape(closest) + "</strong></p>\n";
  }
  return out;
}

}  // namespace mancala::reports
