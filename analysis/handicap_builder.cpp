#include "analysis/handicap_builder.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "common/error.h"
#include "common/format.h"
#include "common/text.h"
#include "simulator/batch.h"
#include "simulator/engine.h"
#include "simulator/match.h"
#include "simulator/ruleset_io.h"
#include "stats/compare_stats.h"
#include "stats/stats.h"

namespace mancala::analysis {
namespace {

using nlohmann::ordered_json;
using sim::kDraw;
using sim::kNobody;

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
    case sim::EndReason::kStopAfterRounds:
    case sim::EndReason::kNoProgress:
      ++m.ended_by[1];
      break;
    case sim::EndReason::kSafetyBound:
      ++m.ended_by[2];
      break;
    case sim::EndReason::kRule:
    case sim::EndReason::kNone:  // a finished match has a reason: counted as by rule, as before
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

// Plays items [0, games) with play(g, tally) on the simulator's batch runner (sim::run_blocks):
// integer counts merged exactly, so the result does not depend on the thread count.
template <typename Tally>
Tally play_items(const HandicapOptions& options, const Tally& empty,
                 const sim::PlayInto<Tally>& play, const sim::MergeInto<Tally>& merge) {
  sim::BatchOptions batch;
  batch.threads = options.threads;
  batch.stop = options.stop;
  return sim::run_blocks<Tally>(
      sim::GameRange{0, options.games}, [&play] { return play; }, batch, empty, merge);
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
  // An empty part ("0,,5", a comma first or last) is a mistake, not a part to skip.
  if (text.empty() || text.front() == ',' || text.back() == ',' ||
      text.find(",,") != std::string::npos)
    throw bad();
  std::vector<int> out;
  for (const std::string& item : split_list(text, ',')) {
    const auto dash = item.find('-');
    if (dash == std::string::npos) {
      out.push_back(number(item));
      continue;
    }
    const int from = number(item.substr(0, dash)), to = number(item.substr(dash + 1));
    if (to < from) throw bad();
    for (int v = from; v <= to; ++v) out.push_back(v);
  }
  if (out.empty()) throw bad();
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
    HandicapLevel level = play_items<HandicapLevel>(
        options, empty,
        [&](int64_t g, HandicapLevel& tally) {
          const int h = static_cast<int>((g >> 1) & 1);
          sim::Rng rng(options.seed, static_cast<uint64_t>(g));
          sim::MatchState match;
          sim::State s = deal_level(game, d, h, static_cast<int>(g & 1), rng, match.setup);
          match.start_store = s.store;
          // Players made per round: a search agent's table is small next to its round.
          sim::Player first(game, options.agents.seat[0]), second(game, options.agents.seat[1]);
          first.new_game();
          second.new_game();
          sim::play_round(game, match, s, first, second, rng);
          add_round(tally, sim::finish_round(game, match, s), h);
        },
        merge_level);
    const bool stopped = options.stop && options.stop->load();
    if (level.rounds > 0 || !stopped) result.levels.push_back(std::move(level));
    if (stopped) {
      result.interrupted = true;
      return result;
    }
  }
  if (options.matches) {
    result.matches = play_items<MatchSummary>(
        options, MatchSummary{},
        [&](int64_t g, MatchSummary& tally) {
          sim::Rng rng(options.seed, static_cast<uint64_t>(g));
          add_match(tally,
                    sim::play_game(game, options.agents.seat[0], options.agents.seat[1], rng),
                    rules.total_counters);
        },
        merge_matches);
    result.interrupted = options.stop && options.stop->load();
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
                            format_signed(m.behind_change_mean(), 2) + " counters a round";
  if (!std::isfinite(ci.low) || !std::isfinite(ci.high)) return gains + ", no interval)";
  return gains + ", 95% CI " + format_signed(ci.low, 2) + " to " + format_signed(ci.high, 2) +
         (verdict == "evens"       ? ": above 0)"
          : verdict == "snowballs" ? ": below 0)"
                                   : ": contains 0)");
}

}  // namespace mancala::analysis
