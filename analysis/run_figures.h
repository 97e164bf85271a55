// The figures a reader sees of one run: every rate, interval, mean and count the report's index,
// ruleset pages, report.md and runs.csv show, computed once from the run's counts.
//
// The one reader of a run's JSON is sim::run_stats_from_json; every figure here is computed from
// the counts it reads back, with the functions run_stats_to_json writes them with
// (stats::rate_estimate, balance_estimate, mean_estimate, first_player_advantage), so the figures
// are those of the run's JSON. Renderers (reports/) format them and compute nothing.
#pragma once

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/format.h"
#include "simulator/run_stats.h"
#include "stats/stats.h"

namespace mancala::analysis {

// A proportion (or mean) with its 95% interval; NaN when undefined.
using Rate = stats::Estimate;

using mancala::kNaN;

// How many games (or rounds) ended one way.
struct EndCount {
  std::string name;  // rule | no_progress | stop_after_rounds | safety_bound
  std::uint64_t count = 0;
  double share = kNaN;
};

// The rounds dealt at one handicap level and each player's win rate in them.
struct LevelFigures {
  int level = 0;  // P1's holes in play minus P2's when the round was dealt
  std::uint64_t rounds = 0;
  Rate win_rate[2];
};

// The rounds dealt in one whole handicap state (holes in play of each row and the perks) and
// each player's win rate in them.
struct HandicapStateFigures {
  int holes[2] = {0, 0};
  int tribute_to = 0, bha = 0, favoured = 0;  // player 1 or 2; 0: nobody
  std::uint64_t rounds = 0;
  Rate win_rate[2];
};

// The multi-round part of a run (present only for rulesets that play matches).
struct MatchFigures {
  stats::IntHistogram rounds;  // rounds per match
  // Recorded rounds by their result for the round's first mover.
  std::uint64_t rounds_recorded = 0, first_mover_wins = 0, second_mover_wins = 0, draws = 0,
                unfinished = 0;
  Rate first_mover_win_rate;
  Rate first_mover_advantage;
  std::vector<EndCount> round_ended_by;
  // The recorded rounds by completion state (sim::Completion order: the source's rule, the
  // paraphrase's, an assumed rule, the no-progress rule, the safety bound), shares with Wilson 95%
  // intervals; and the rounds ended by the text's rule (the first two) and by a rule of the game
  // (the first three).
  std::uint64_t round_completion_count[sim::kCompletions] = {0, 0, 0, 0, 0};
  Rate round_completion[sim::kCompletions];
  std::uint64_t round_text_count = 0, round_rule_count = 0;
  Rate round_text, round_rule;
  std::vector<LevelFigures> handicap;
  std::vector<HandicapStateFigures> states;  // empty for runs stored before states were kept
  // Shares of the recorded rounds as the rounds' table prints them (NaN without a recorded
  // round): won by either player, won by the other player than the first mover, drawn,
  // unfinished. Made here so that the page only formats them (issue 36, item 5).
  std::uint64_t won = 0;  // first_mover_wins + second_mover_wins
  double won_share = kNaN, second_mover_share = kNaN, draw_share = kNaN, unfinished_share = kNaN;
  double rounds_mean = kNaN;  // rounds per match, the mean (the sensitivity tables print it)
  // The marks the pages print, decided here (issue 36, item 5): the text's rule ended fewer than
  // half of the recorded rounds; a stopping rule stopped half of them or more.
  bool round_text_minority() const {
    return rounds_recorded > 0 && 2 * round_text_count < rounds_recorded;
  }
  bool rounds_stopped_majority() const {
    return rounds_recorded > 0 &&
           2 * round_completion_count[static_cast<int>(sim::Completion::kStoppingRule)] >=
               rounds_recorded;
  }
};

// How games (matches) ended, in the completion states of sim::Completion (docs/terms.md,
// "Endings"): by the source's rule, the paraphrase's rule, an assumed rule, a stopping rule of the
// reconstruction, at the safety bound.
struct CompletionFigures {
  std::uint64_t games[sim::kCompletions] = {0, 0, 0, 0, 0};
  Rate share[sim::kCompletions];  // of all games, Wilson 95% intervals
  // Ended by the text's rule (the source's or the paraphrase's: classes 1 and 2 together) and by
  // a rule of the game (the first three classes).
  std::uint64_t text_games = 0, rule_games = 0;
  Rate text, rule;
  std::uint64_t of(sim::Completion c) const { return games[static_cast<int>(c)]; }
  const Rate& share_of(sim::Completion c) const { return share[static_cast<int>(c)]; }
};

// One playability metric of a run (sim::metric_registry()): its value with the 95% interval,
// NaN where undefined or not kept.
struct MetricValue {
  const sim::MetricInfo* info = nullptr;
  Rate estimate;
  bool kept = true;  // false: the run was stored before the metric was kept
};

// The playability metrics (docs/metrics.md), in the registry's order; a run of single games
// leaves out the metrics of matches.
struct MetricFigures {
  bool per_round = false;  // the unit metrics are per round (matches)
  bool kept = false;       // the run kept the tallies (turns and the rest); older runs did not
  stats::DistributionSummary turns;
  std::vector<MetricValue> values;
  // The metric of `key`, or nullptr.
  const MetricValue* find(const std::string& key) const;
};

// What the report shows of one run, read and checked once.
struct RunFigures {
  std::string ruleset;
  std::string agent;
  std::string engine_version;
  std::string rules_hash;
  std::string seats;  // sim::RunStats::seats
  std::uint64_t seed = 0;
  std::uint64_t games_requested = 0;
  std::uint64_t games = 0;
  bool partial = false;
  std::uint64_t wins[2] = {0, 0};
  std::uint64_t draws = 0;
  std::uint64_t unfinished = 0;
  Rate p1, p2, draw, unfinished_rate, advantage;
  double advantage_p = kNaN;
  std::vector<EndCount> ended_by;
  CompletionFigures completion;
  MetricFigures metrics;
  stats::IntHistogram plies;
  stats::DistributionSummary length;
  std::uint64_t relay_moves = 0;
  std::uint64_t relay_games = 0;
  std::optional<MatchFigures> match;
  // The marks the pages print, decided here (issue 36, item 5): the text's rule ended fewer than
  // half of the games; that, or of a match's rounds (the index marks the row); a stopping rule
  // stopped half of the games or more.
  bool text_minority() const { return games > 0 && 2 * completion.text_games < games; }
  bool text_or_rounds_minority() const {
    return games > 0 && (text_minority() || (match && match->round_text_minority()));
  }
  bool stopped_majority() const {
    return games > 0 &&
           2 * completion.games[static_cast<int>(sim::Completion::kStoppingRule)] >= games;
  }
};

// The figures of a run. The JSON form throws mancala::Error "report: a run is not a JSON object",
// or sim::run_stats_from_json's "<ruleset>: <key>: <what is wrong>".
RunFigures run_figures(const sim::RunStats& run);
RunFigures run_figures(const nlohmann::json& run);

}  // namespace mancala::analysis
