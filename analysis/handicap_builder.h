// Handicap effects of a multi-round ruleset: what the settlement between rounds does to the side
// it handicaps, level by level, and what it does to whole matches.
//
// A handicap level is a deficit d: the handicapped side comes to the round holding d counters
// fewer than an even split (floor(total / 2) - d against the rest), so the previous round was won
// by the other side. The round is dealt from those holdings by the match layer itself
// (sim::deal_round), which applies every rule of the ruleset (holes out of play, remainders, the
// 1-4 and 2-3 settlements, toll hole, extra numbers, who starts), so the levels are exactly the
// handicap states the ruleset can produce. Each level plays N rounds; round g makes player
// (g / 2) % 2 the handicapped side and g % 2 the previous round's starter, so both seats and both
// starting orders are balanced, and draws its moves from Rng(seed, g): the same stream at every
// level (common random numbers), which smooths the curve.
//
// Whole matches (N of them, played as 'mancala simulate' plays them: match g with Rng(seed, g))
// give the rounds per match, how often a round's loser wins the next round, and so whether the
// handicap evens the match (the loser wins the next round more often than not) or snowballs.
//
// Everything counted is an integer count or histogram, merged exactly: the result is the same for
// any thread count. `mancala handicap` (cli/cmd_compare.cpp) is a thin layer over this file and its
// renderers (reports/handicap_render.h).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "simulator/play.h"
#include "simulator/rules.h"
#include "stats/histogram.h"
#include "stats/stats.h"

namespace mancala::analysis {

struct HandicapOptions {
  int64_t games = 1000;  // rounds per level, and whole matches; at least 1
  uint64_t seed = 1;
  sim::AgentPair agents;  // player 1's and player 2's (agents.h)
  int threads = 1;
  std::vector<int> levels;  // deficits to play; empty: every level the ruleset can deal
  bool matches = true;      // also play N whole matches
  // Ctrl-C or SIGTERM (sim::InterruptGuard): the level (or the matches) being played stops
  // within a second with the rounds finished, and nothing after it is played.
  const std::atomic<bool>* stop = nullptr;
};

// A figure of the handicap effects as every rendering prints it: the value with its 95% interval
// (NaN where there is none) and what it is over, the trials of a rate or the values of a mean
// (n 0: no figure, printed "-").
struct HandicapFigure {
  double value = std::numeric_limits<double>::quiet_NaN();
  double low = std::numeric_limits<double>::quiet_NaN();
  double high = std::numeric_limits<double>::quiet_NaN();
  uint64_t n = 0;
};

// A level's figures, made from its counts by measure_handicaps: rates with Wilson intervals, means
// with Student t intervals.
struct HandicapLevelFigures {
  HandicapFigure win_rate, loss_rate, draw_rate;     // of h, over the finished rounds
  HandicapFigure no_progress_rate, unfinished_rate;  // over every round
  HandicapFigure plies_mean, captured_h_mean, captured_o_mean;
  HandicapFigure holdings_change_mean;  // what h held at the end less what he was dealt from
};

// The rounds played at one handicap level, counted from the handicapped side (h) against the
// other side (o).
struct HandicapLevel {
  int deficit = 0;
  std::array<int, 2> holdings{};  // [h, o] when the round is dealt
  std::string handicap;           // what the deal did, in words (from the dealt RoundSetup)
  uint64_t rounds = 0;
  uint64_t wins = 0;    // by h
  uint64_t losses = 0;  // won by o
  uint64_t draws = 0;
  uint64_t unfinished = 0;   // stopped by max_plies
  uint64_t no_progress = 0;  // ended by the no-progress rule
  stats::IntHistogram plies;
  stats::IntHistogram captured_h;  // counters h captured in the round
  stats::IntHistogram captured_o;
  stats::IntHistogram holdings_after_h;  // what h held when the round ended
  HandicapLevelFigures figures;          // derived from the counts above (level_figures)
};

// The matches' figures, made from their counts by measure_handicaps.
struct HandicapMatchFigures {
  HandicapFigure rounds_mean;         // rounds per match
  stats::DistributionSummary rounds;  // of the rounds per match: median, percentiles, min, max
  // Shares of the matches: ended by a rule of the game, by the stopping rule, by the safety
  // bound; with a round ended by the no-progress rule.
  HandicapFigure ended_by_rule, ended_by_stopping_rule, safety_bound, with_no_progress_round;
  // Shares of the recorded rounds: ended by a rule, by the no-progress rule, by the safety bound.
  HandicapFigure rounds_ended_by_rule, rounds_ended_by_no_progress, rounds_safety_bound;
  HandicapFigure loser_wins_next;  // over the pairs of consecutive decided rounds
  HandicapFigure behind_change;    // counters the side behind gains in a round (the verdict's)
};

// N whole matches.
struct MatchSummary {
  uint64_t matches = 0;
  // How each match ended (MatchState::reason): by match_end (a rule of the game), by the
  // reconstruction's stopping rule (stop_after_rounds), by the safety bound (max_rounds,
  // max_plies).
  std::array<uint64_t, 3> ended_by{};
  // How its recorded rounds ended: by a rule of the game, the no-progress rule, the safety bound.
  std::array<uint64_t, 3> rounds_ended_by{};
  uint64_t with_no_progress_round =
      0;                       // matches with at least one round ended by the no-progress rule
  stats::IntHistogram rounds;  // rounds per match
  // Consecutive pairs of decided rounds (round i and i + 1 each won by a side): how many, and in
  // how many the loser of round i won round i + 1. Rounds past kMaxRounds are not recorded.
  uint64_t transitions = 0;
  uint64_t loser_won_next = 0;
  // Over every recorded round dealt from unequal holdings (not stopped by the safety bound): the
  // counters the side behind gained (+) or lost (-) in it, what he held at its end minus what he
  // was dealt from, stored shifted by change_offset (the ruleset's total) to stay non-negative.
  stats::IntHistogram behind_change;
  int change_offset = 0;
  // The mean change of the side behind, with its Student t 95% interval (NaN when empty).
  double behind_change_mean() const;
  stats::Interval behind_change_interval() const;
  HandicapMatchFigures figures;  // derived from the counts above (match_figures)
};

// The figures of a level's and of the matches' counts (HandicapLevelFigures, HandicapMatchFigures).
HandicapLevelFigures level_figures(const HandicapLevel& level);
HandicapMatchFigures match_figures(const MatchSummary& matches);

struct HandicapResult {
  sim::RuleSet rules;
  HandicapOptions options;
  int total_counters = 0;
  std::vector<HandicapLevel> levels;
  MatchSummary matches;  // empty when options.matches is false
  // Stopped by HandicapOptions::stop: `levels` ends with the level being played (its rounds
  // those finished; left out when none was), and the matches are those finished (often none).
  bool interrupted = false;
};

// Every deficit the ruleset can deal a round from: 0 up to the largest for which the match is not
// over before the round (sim::match_end_reached: by match_end, or holes_out per_five_of_difference
// leaving the weaker side no hole) and each side holds a counter after the settlement.
std::vector<int> handicap_levels(const sim::RuleSet& rules);

// Parses "--levels": comma-separated deficits and ranges, "0,5,10-12". Throws mancala::UsageError
// "handicap: --levels: expected deficits such as 0,5,10-12, got '<text>'".
std::vector<int> parse_levels(const std::string& text);

// Plays every level and the matches. Throws mancala::Error
// "handicap: <id>: the ruleset plays single rounds (match: false): no handicap carries from one
// round to the next" for a ruleset without rounds, "handicap: games: must be 1 or more" for
// N < 1, and "handicap: --levels: <d>: not a level <id> can deal (deficits 0 to <max>)" for a
// level outside handicap_levels().
HandicapResult measure_handicaps(const sim::RuleSet& rules, const HandicapOptions& options);

// "evens", "snowballs" or "neither detectably" from the matches: the 95% interval of the mean
// change of the side behind over a round (behind_change) lies above 0 (the gap tends to close),
// below 0 (it tends to widen), or contains 0; "no data" when no round was dealt from unequal
// holdings. (Whether the round's loser wins the next round is reported too, but it is no verdict:
// rounds are won by holdings, so winning the next round means overtaking the whole gap.)
std::string match_verdict(const MatchSummary& matches);
// The verdict with the figures it rests on: "evens (the side behind gains +2.22 counters a round,
// 95% CI +2.12 to +2.32: above 0)"; "no data" alone.
std::string verdict_with_numbers(const MatchSummary& matches);
// What the verdicts mean, for every page that uses them.
inline constexpr const char* kVerdictDefinition =
    "(Verdicts: evens when the 95% interval of the counters the side behind gains in a round lies "
    "above 0, the gap between the players tending to close; snowballs when it lies below 0, the "
    "gap tending to widen; neither detectably when it contains 0.)";

}  // namespace mancala::analysis
