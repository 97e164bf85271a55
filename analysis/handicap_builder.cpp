#include "analysis/handicap_builder.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <exception>
#include <sstream>
#include <thread>

#include "analysis/compare_builder.h"
#include "common/error.h"
#include "reports/render.h"
#include "simulator/engine.h"
#include "simulator/match.h"
#include "simulator/ruleset_io.h"
#include "stats/compare_stats.h"
#include "stats/stats.h"

namespace mancala::analysis {
namespace {

using nlohmann::ordered_json;
using reports::Cell;
using reports::Table;
using sim::kDraw;
using sim::kNobody;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string fixed(double x, int decimals) { return reports::format_number(x, decimals); }

std::string signed_fixed(double x, int decimals) {
  const std::string text = fixed(x, decimals);
  return (std::isfinite(x) && text.front() != '-' && text != fixed(0.0, decimals)) ? "+" + text
                                                                                   : text;
}

ordered_json number_json(double x) {
  return std::isfinite(x) ? ordered_json(x) : ordered_json(nullptr);
}

ordered_json interval_json(const stats::Interval& ci) {
  if (!std::isfinite(ci.low) && !std::isfinite(ci.high)) return nullptr;
  return ordered_json::array({number_json(ci.low), number_json(ci.high)});
}

std::string percent_ci(uint64_t k, uint64_t n) {
  if (n == 0) return "-";
  const stats::Interval ci = stats::wilson_interval(k, n);
  return fixed(100.0 * static_cast<double>(k) / static_cast<double>(n), 1) + "% [" +
         fixed(100 * ci.low, 1) + ", " + fixed(100 * ci.high, 1) + "]";
}

std::string mean_ci(const stats::IntHistogram& h, double offset = 0, bool sign = false) {
  if (h.empty()) return "-";
  const stats::Interval ci = stats::mean_interval(h.moments());
  const auto f = [&](double x) {
    return std::isfinite(x) ? (sign ? signed_fixed(x + offset, 1) : fixed(x + offset, 1)) : "-";
  };
  return f(h.mean()) + " [" + f(ci.low) + ", " + f(ci.high) + "]";
}

// ---- dealing a handicap level ----------------------------------------------------------------

int even_share(const sim::RuleSet& r) { return r.total_counters / 2; }

// The holdings [player 0, player 1] of a level with `handicapped` the weaker side.
std::array<int, 2> level_holdings(const sim::RuleSet& r, int deficit, int handicapped) {
  std::array<int, 2> holdings{};
  holdings[handicapped] = even_share(r) - deficit;
  holdings[1 - handicapped] = r.total_counters - holdings[handicapped];
  return holdings;
}

int held(const sim::Game& game, const sim::State& s, int p) {
  int total = s.store[p] + s.aside[p];
  for (int k = 0; k < game.holes_per_player(); ++k) total += s.holes[game.global(p, k)];
  return total;
}

// Deals round g of a level, as next_round deals a round of a match: the previous winner is the
// side holding more (a round is won by holdings), none at deficit 0.
sim::State deal_level(const sim::Game& game, int deficit, int handicapped, int previous_starter,
                      sim::Rng& rng, sim::RoundSetup& setup) {
  const sim::RuleSet& r = game.rules();
  const std::array<int, 2> holdings = level_holdings(r, deficit, handicapped);
  const int8_t previous_winner = deficit == 0 ? kDraw : static_cast<int8_t>(1 - handicapped);
  const int bha_side = r.bha_hole == sim::BhaHole::kRightmost ? 1 : 0;
  sim::State s = sim::deal_round(game, holdings, previous_winner,
                                 static_cast<int8_t>(previous_starter), bha_side, setup);
  if (setup.bha_owner != kNobody && r.bha_hole == sim::BhaHole::kEither) {
    // The Bhadar's choice of end, drawn as next_round draws it.
    s = sim::deal_round(game, holdings, previous_winner, static_cast<int8_t>(previous_starter),
                        static_cast<int>(rng.below(2)), setup);
  }
  return s;
}

bool level_is_dealable(const sim::Game& game, int deficit) {
  const sim::RuleSet& r = game.rules();
  if (deficit < 0 || deficit > even_share(r)) return false;
  int8_t winner = kNobody;
  const std::array<int, 2> holdings = level_holdings(r, deficit, 0);
  if (sim::match_end_reached(game, holdings, winner)) return false;
  for (int starter = 0; starter < 2; ++starter) {
    sim::RoundSetup setup;
    sim::Rng rng(0);
    const sim::State s = deal_level(game, deficit, 0, starter, rng, setup);
    if (s.over || held(game, s, 0) == 0 || held(game, s, 1) == 0) return false;
  }
  return true;
}

// "0-4, 6, 8-20"
std::string ranges_text(const std::vector<int>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size();) {
    std::size_t j = i;
    while (j + 1 < values.size() && values[j + 1] == values[j] + 1) ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(values[i]) +
           (j > i ? "-" + std::to_string(values[j]) : "");
    i = j + 1;
  }
  return out;
}

// What a deal did to the handicapped side h (player `h` of `setup`), in words.
std::string describe_setup(const sim::RuleSet& r, const sim::RoundSetup& setup, int h) {
  const int o = 1 - h;
  std::vector<std::string> parts;
  parts.push_back(std::to_string(setup.holes_in_play[h]) + " of " +
                  std::to_string(r.holes_per_player) + " holes in play" +
                  (setup.holes_out[o] > 0
                       ? " (other side " + std::to_string(setup.holes_in_play[o]) + ")"
                       : ""));
  if (setup.gave[h] > 0)
    parts.push_back("gives " + std::to_string(setup.gave[h]) + " to the other side");
  if (setup.gave[o] > 0) parts.push_back("receives " + std::to_string(setup.gave[o]));
  if (setup.tribute_to == h) parts.push_back("receives the 1-4 tribute");
  if (setup.tribute_to == o) parts.push_back("pays the 1-4 tribute");
  if (setup.bha_owner == o) parts.push_back("the other side has a bha");
  if (setup.bha_owner == h) parts.push_back("has a bha");
  if (setup.toll_hole >= 0)
    parts.push_back(setup.favoured == o ? "the other side has a toll hole" : "has a toll hole");
  if (setup.remainder_hole >= 0 && r.winner_takes_remainder_hole && setup.favoured == o) {
    parts.push_back("the other side takes what falls into his remainder hole");
  }
  if (setup.extra_number[h] > 0)
    parts.push_back("his extra number " + std::to_string(setup.extra_number[h]));
  if (setup.extra_number[o] > 0)
    parts.push_back("the other side's extra number " + std::to_string(setup.extra_number[o]));
  if (setup.aside[h] > 0) parts.push_back("sets " + std::to_string(setup.aside[h]) + " aside");
  if (setup.aside[o] > 0)
    parts.push_back("the other side sets " + std::to_string(setup.aside[o]) + " aside");
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

// ---- playing ---------------------------------------------------------------------------------

// Plays the round in `s` to its end, `first` playing player 1 and `second` player 2: the move loop
// of sim::play_game, which plays from the initial position only.
void play_round(const sim::Game& game, const sim::MatchState& match, sim::State& s,
                sim::Player& first, sim::Player& second, sim::Rng& rng) {
  first.new_game();
  second.new_game();
  sim::MoveList moves;
  while (!s.over) {
    if (game.joint_turn(s)) {
      sim::JointMove jm;
      for (int p = 0; p < 2; ++p) {
        game.legal_moves(s, p, moves);
        if (moves.size == 0) continue;
        jm.plays[p] = true;
        jm.move[p] = (p == 0 ? first : second).choose(match, s, p, moves, rng);
      }
      if (game.draws_order()) jm.first = static_cast<uint8_t>(rng.below(2));
      game.apply_joint(s, jm);
      continue;
    }
    game.legal_moves(s, moves);
    game.apply(s, (s.to_move == 0 ? first : second).choose(match, s, s.to_move, moves, rng));
  }
}

void add_round(HandicapLevel& level, const sim::RoundRecord& record, int h) {
  ++level.rounds;
  if (record.reason == sim::EndReason::kSafetyBound) ++level.unfinished;
  if (record.reason == sim::EndReason::kNoProgress) ++level.no_progress;
  if (record.winner == h) ++level.wins;
  if (record.winner == 1 - h) ++level.losses;
  if (record.winner == kDraw) ++level.draws;
  level.plies.add(record.plies);
  level.captured_h.add(std::max<int>(0, record.captured[h]));
  level.captured_o.add(std::max<int>(0, record.captured[1 - h]));
  level.holdings_after_h.add(std::max<int>(0, record.holdings[h]));
}

void merge_level(HandicapLevel& into, const HandicapLevel& from) {
  into.rounds += from.rounds;
  into.wins += from.wins;
  into.losses += from.losses;
  into.draws += from.draws;
  into.unfinished += from.unfinished;
  into.no_progress += from.no_progress;
  into.plies.merge(from.plies);
  into.captured_h.merge(from.captured_h);
  into.captured_o.merge(from.captured_o);
  into.holdings_after_h.merge(from.holdings_after_h);
}

void add_match(MatchSummary& m, const sim::GameResult& result, int total_counters) {
  m.change_offset = total_counters;
  ++m.matches;
  switch (result.reason) {
    case sim::EndReason::kNoProgress:
      ++m.ended_by[1];
      break;
    case sim::EndReason::kSafetyBound:
      ++m.ended_by[2];
      break;
    default:
      ++m.ended_by[0];
      break;
  }
  m.rounds.add(result.rounds);
  const int recorded = std::min(result.rounds, sim::kMaxRounds);
  bool no_progress = false;
  for (int i = 0; i < recorded; ++i) {
    const sim::EndReason reason = result.round[i].reason;
    ++m.rounds_ended_by[reason == sim::EndReason::kNoProgress    ? 1
                        : reason == sim::EndReason::kSafetyBound ? 2
                                                                 : 0];
    no_progress = no_progress || reason == sim::EndReason::kNoProgress;
  }
  m.with_no_progress_round += no_progress;
  for (int i = 0; i < recorded; ++i) {
    const sim::RoundRecord& round = result.round[i];
    const std::array<int16_t, 2>& dealt = round.setup.holdings;
    if (dealt[0] == dealt[1] || round.reason == sim::EndReason::kSafetyBound) continue;
    const int behind = dealt[0] < dealt[1] ? 0 : 1;
    m.behind_change.add(round.holdings[behind] - dealt[behind] + total_counters);
  }
  for (int i = 0; i + 1 < recorded; ++i) {
    const int8_t w = result.round[i].winner, next = result.round[i + 1].winner;
    if ((w != 0 && w != 1) || (next != 0 && next != 1)) continue;
    ++m.transitions;
    if (next == 1 - w) ++m.loser_won_next;
  }
}

void merge_matches(MatchSummary& into, const MatchSummary& from) {
  into.matches += from.matches;
  for (int i = 0; i < 3; ++i) {
    into.ended_by[i] += from.ended_by[i];
    into.rounds_ended_by[i] += from.rounds_ended_by[i];
  }
  into.with_no_progress_round += from.with_no_progress_round;
  into.rounds.merge(from.rounds);
  into.transitions += from.transitions;
  into.loser_won_next += from.loser_won_next;
  into.behind_change.merge(from.behind_change);
  into.change_offset = std::max(into.change_offset, from.change_offset);
}

// Runs play(g, tally) for g in [0, n) on `threads` threads, each over a contiguous block with its
// own tally, and merges the tallies: integer counts, so the result does not depend on threads.
template <typename Tally, typename Play, typename Merge>
Tally run_blocks(int64_t n, int threads, const Tally& empty, Play play, Merge merge) {
  const int t = static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(threads, n)));
  std::vector<Tally> tallies(t, empty);
  std::vector<std::exception_ptr> errors(t);
  const auto work = [&](int i) {
    try {
      for (int64_t g = n * i / t; g < n * (i + 1) / t; ++g) play(g, tallies[i]);
    } catch (...) {
      errors[i] = std::current_exception();
    }
  };
  std::vector<std::thread> workers;
  for (int i = 1; i < t; ++i) workers.emplace_back(work, i);
  work(0);
  for (std::thread& w : workers) w.join();
  for (const std::exception_ptr& e : errors) {
    if (e) std::rethrow_exception(e);
  }
  Tally out = empty;
  for (const Tally& tally : tallies) merge(out, tally);
  return out;
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
                     fixed(std::fabs(m.behind_change_mean()), 2) +
                     " counters a round on average (95% CI " + signed_fixed(ci.low, 2) + " to " +
                     signed_fixed(ci.high, 2) + "): ";
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
           {"handicap dealt to h", reports::Align::kLeft}});
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
  Table t({{"statistic", reports::Align::kLeft}, {"value", reports::Align::kRight}});
  t.add_row({"matches", Cell::integer(static_cast<int64_t>(m.matches))});
  if (m.matches == 0) return t;
  const stats::DistributionSummary s = m.rounds.summary();
  t.add_row({"rounds per match: mean [95% CI]", Cell::text(mean_ci(m.rounds))});
  t.add_row({"rounds per match: median", Cell::text(fixed(s.median, 1))});
  t.add_row({"rounds per match: 5th-95th percentile",
             Cell::text(fixed(s.p5, 1) + " - " + fixed(s.p95, 1))});
  t.add_row({"rounds per match: min - max", Cell::text(fixed(s.min, 0) + " - " + fixed(s.max, 0))});
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
      "Level d: the handicapped side h holds " + std::to_string(even_share(r.rules)) +
          " - d of the " + std::to_string(r.total_counters) +
          " counters when the round is dealt, so the other side o won the previous round; the "
          "round is dealt by the "
          "ruleset's own settlement (sim::deal_round).",
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

reports::ChartOptions curve_options(const std::string& title, const std::string& y_label) {
  reports::ChartOptions o;
  o.title = title;
  o.x_label = "deficit of the handicapped side (counters below an even split)";
  o.y_label = y_label;
  return o;
}

}  // namespace

// ---- public ----------------------------------------------------------------------------------

std::vector<int> handicap_levels(const sim::RuleSet& rules) {
  const sim::Game game(rules);
  std::vector<int> out;
  for (int d = 0; d <= even_share(rules); ++d) {
    if (level_is_dealable(game, d)) out.push_back(d);
  }
  return out;
}

std::vector<int> parse_levels(const std::string& text) {
  const auto bad = [&] {
    return UsageError("handicap: --levels: expected deficits such as 0,5,10-12, got '" + text +
                      "'");
  };
  const auto number = [&](const std::string& s) {
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || v < 0) throw bad();
    return v;
  };
  std::vector<int> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const auto dash = item.find('-');
    if (dash == std::string::npos) {
      out.push_back(number(item));
      continue;
    }
    const int from = number(item.substr(0, dash)), to = number(item.substr(dash + 1));
    if (to < from) throw bad();
    for (int v = from; v <= to; ++v) out.push_back(v);
  }
  if (out.empty() || text.back() == ',') throw bad();
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

HandicapResult measure_handicaps(const sim::RuleSet& rules, const HandicapOptions& options) {
  if (!rules.match) {
    throw Error("handicap: " + rules.id +
                ": the ruleset plays single rounds (match: false): no handicap carries from one "
                "round to the next");
  }
  if (options.games < 1) throw Error("handicap: games: must be 1 or more");
  const sim::Game game(rules);
  const std::vector<int> dealable = handicap_levels(rules);
  std::vector<int> levels = options.levels.empty() ? dealable : options.levels;
  for (int d : levels) {
    if (!std::binary_search(dealable.begin(), dealable.end(), d)) {
      throw Error("handicap: --levels: " + std::to_string(d) + ": not a level " + rules.id +
                  " can deal (deficits " + ranges_text(dealable) + ")");
    }
  }

  HandicapResult result;
  result.rules = rules;
  result.options = options;
  result.total_counters = rules.total_counters;
  for (int d : levels) {
    HandicapLevel empty;
    empty.deficit = d;
    const std::array<int, 2> holdings = level_holdings(rules, d, 0);
    empty.holdings = {holdings[0], holdings[1]};
    sim::RoundSetup setup;
    sim::Rng describe_rng(options.seed);
    deal_level(game, d, 0, 1, describe_rng,
               setup);  // previous starter 1: h starts under alternation
    empty.handicap = describe_setup(rules, setup, 0);
    const bool starter_fixed = rules.next_starter == sim::Starter::kPreviousWinner ||
                               rules.next_starter == sim::Starter::kPreviousLoser;
    if (starter_fixed && d > 0)
      empty.handicap += setup.starter == 0 ? "; starts" : "; the other side starts";
    HandicapLevel level = run_blocks(
        options.games, options.threads, empty,
        [&](int64_t g, HandicapLevel& tally) {
          const int h = static_cast<int>((g >> 1) & 1);
          sim::Rng rng(options.seed, static_cast<uint64_t>(g));
          sim::MatchState match;
          sim::State s = deal_level(game, d, h, static_cast<int>(g & 1), rng, match.setup);
          match.start_store = s.store;
          // Players made per round: a search agent's table is small next to its round.
          sim::Player first(game, options.agents.seat[0]), second(game, options.agents.seat[1]);
          play_round(game, match, s, first, second, rng);
          add_round(tally, sim::finish_round(game, match, s), h);
        },
        merge_level);
    result.levels.push_back(std::move(level));
  }
  if (options.matches) {
    result.matches = run_blocks(
        options.games, options.threads, MatchSummary{},
        [&](int64_t g, MatchSummary& tally) {
          sim::Rng rng(options.seed, static_cast<uint64_t>(g));
          add_match(tally,
                    sim::play_game(game, options.agents.seat[0], options.agents.seat[1], rng),
                    rules.total_counters);
        },
        merge_matches);
  }
  return result;
}

double MatchSummary::behind_change_mean() const {
  return behind_change.empty() ? kNaN : behind_change.mean() - change_offset;
}

stats::Interval MatchSummary::behind_change_interval() const {
  const stats::Interval ci = stats::mean_interval(behind_change.moments());
  return {ci.low - change_offset, ci.high - change_offset};
}

std::string match_verdict(const MatchSummary& m) {
  if (m.behind_change.empty()) return "no data";
  const stats::Interval ci = m.behind_change_interval();
  if (ci.low > 0) return "evens";
  if (ci.high < 0) return "snowballs";
  return "neither detectably";
}

std::string verdict_with_numbers(const MatchSummary& m) {
  const std::string verdict = match_verdict(m);
  if (verdict == "no data") return verdict;
  const stats::Interval ci = m.behind_change_interval();
  const std::string gains = verdict + " (the side behind gains " +
                            signed_fixed(m.behind_change_mean(), 2) + " counters a round";
  if (!std::isfinite(ci.low) || !std::isfinite(ci.high)) return gains + ", no interval)";
  return gains + ", 95% CI " + signed_fixed(ci.low, 2) + " to " + signed_fixed(ci.high, 2) +
         (verdict == "evens"       ? ": above 0)"
          : verdict == "snowballs" ? ": below 0)"
                                   : ": contains 0)");
}

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
  using reports::html_escape;
  reports::LineSeries win{"win rate of the handicapped side", {}};
  reports::LineSeries change{"holdings change of the handicapped side", {}};
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
  reports::ChartOptions win_options =
      curve_options("Win rate of the handicapped side by level, with 95% intervals", "rounds won");
  win_options.y_min = 0;
  win_options.y_max = 1;
  win_options.y_percent = true;
  const reports::ChartOptions change_options = curve_options(
      "Counters the handicapped side gains (+) or loses (-) in the round", "counters");

  std::string out = "<section class=\"handicap\">\n<h2>" + html_escape(header_line(r)) + "</h2>\n";
  out += "<figure>" + reports::svg_line_chart({win}, win_options) + "</figure>\n";
  out += "<figure>" + reports::svg_line_chart({change}, change_options) + "</figure>\n";
  out += "<h3>Rounds dealt at each handicap level</h3>\n<div style=\"overflow-x: auto\">\n" +
         level_table(r).to_html() + "</div>\n";
  if (r.options.matches) {
    out += "<h3>Whole matches</h3>\n<p>" + html_escape(verdict_line(r)) + "</p>\n" +
           match_table(r).to_html() + "\n";
    reports::ChartOptions rounds;
    rounds.title = "Rounds per match";
    rounds.x_label = "rounds";
    rounds.y_label = "matches";
    out += "<figure>" + reports::svg_histogram(r.matches.rounds, 40, rounds) + "</figure>\n";
  }
  out += "<h3>Notes</h3>\n<ul>\n";
  for (const std::string& n : notes(r)) out += "<li>" + html_escape(n) + "</li>\n";
  out += "</ul>\n</section>\n";
  return out;
}

std::string handicap_html_page(const HandicapResult& r, const std::string& title) {
  return reports::html_page(
      title, "<h1>" + reports::html_escape(title) + "</h1>\n" + handicap_html_fragment(r));
}

}  // namespace mancala::analysis
