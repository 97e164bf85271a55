// RunStats: the statistics of one simulation run (or of one shard of it), their JSON form and the
// merge of shards.
//
// Everything a run accumulates is an integer count or an integer histogram (stats::IntHistogram),
// so adding games and merging shards are exact and order-free: shards merged give the single run
// bit for bit, and every derived figure (rates, intervals, means, quantiles) is computed from the
// counts when the JSON is written. docs/simulate.md documents the JSON schema.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "simulator/ending.h"
#include "simulator/metrics.h"
#include "simulator/play.h"
#include "stats/histogram.h"
#include "stats/stats.h"

namespace mancala::sim {

// Which share of a run's games a process plays: shard `index` of `count` (1-based), written "i/n".
struct Shard {
  int index = 1;
  int count = 1;
  friend bool operator==(const Shard&, const Shard&) = default;
};

// Parses "i/n" with 1 <= i <= n; throws mancala::UsageError
// "--shard: expected i/n with 1 <= i <= n, got '<text>'".
Shard parse_shard(const std::string& text);

// Game indices [begin, end).
struct GameRange {
  int64_t begin = 0;
  int64_t end = 0;
  int64_t size() const { return end - begin; }
  friend bool operator==(const GameRange&, const GameRange&) = default;
};

// The games a shard plays out of a run of `games`: a contiguous block, shard i of n getting
// [floor((i-1) N / n), floor(i N / n)). Contiguous blocks make a partial shard a prefix of its
// block and keep each worker's games consecutive.
GameRange shard_range(int64_t games, Shard shard);

// How a game (a match) ended: the five completion states of ending.h (docs/metrics.md,
// "Completion"; docs/terms.md, "Endings"). A game ended by a rule of the game is counted by the
// class of that rule's witness (GameResult::completion), a stop by its kind.

// Statistics over the rounds of multi-round games (matches, rules.match): rounds per match, the
// results of each round by its first mover, how rounds ended, and the results by handicap level at
// the start of the round. Disabled (and absent from the JSON) for single-round rulesets:
// simulate_ruleset enables it from the rules. Integer counts only, like GameTally.
struct MatchStats {
  // The results of the rounds dealt at one handicap level.
  struct Level {
    uint64_t rounds = 0;
    std::array<uint64_t, 2> wins{};  // by P1, P2
    uint64_t draws = 0;
    uint64_t unfinished = 0;
    void add(int8_t winner) {  // a round's result: 0, 1, kDraw, or kNobody when unfinished
      ++rounds;
      if (winner == 0 || winner == 1) {
        ++wins[static_cast<size_t>(winner)];
      } else if (winner == kDraw) {
        ++draws;
      } else {
        ++unfinished;
      }
    }
    void merge(const Level& other) {
      rounds += other.rounds;
      for (size_t p = 0; p < 2; ++p) wins[p] += other.wins[p];
      draws += other.draws;
      unfinished += other.unfinished;
    }
    friend bool operator==(const Level&, const Level&) = default;
  };

  // The whole handicap state a round was dealt with: each row's holes in play and who holds
  // which perk (0, 1 or kNobody): Khutka Boia's Kungidar (1-4 tribute) and Bhadar (2-3 bha),
  // and the player Mawkar Katiya's perks favour (the previous winner: toll and remainder holes).
  struct HandicapState {
    std::array<uint8_t, 2> holes_in_play{};
    int8_t tribute_to = kNobody;
    int8_t bha_owner = kNobody;
    int8_t favoured = kNobody;
    friend auto operator<=>(const HandicapState&, const HandicapState&) = default;
  };

  bool enabled = false;
  stats::IntHistogram rounds;  // rounds per match
  // Rounds recorded (the first kMaxRounds of each match) by their result for the round's first
  // mover: won by the first mover, by the other, drawn, stopped by max_plies.
  uint64_t first_mover_wins = 0, second_mover_wins = 0, round_draws = 0, round_unfinished = 0;
  std::array<uint64_t, 3> round_ended_by{};  // rule, no_progress, safety_bound
  // The rounds round_ended_by counts under "rule", by the class of the rule that ended them
  // (source, paraphrase, assumed: RoundRecord::completion).
  std::array<uint64_t, kRuleClasses> round_rule_ended{};
  // Recorded rounds by completion state: round_rule_ended for the rules of the game, then the
  // no-progress rule and the safety bound from round_ended_by.
  uint64_t round_completed(Completion c) const;
  // Handicap level of a round: P1's holes in play minus P2's when it was dealt (0: even board).
  std::map<int, Level> by_holes_difference;
  std::map<HandicapState, Level> by_state;  // the same rounds by their whole handicap state

  bool empty() const { return !enabled; }
  void add(const GameResult& result);
  void merge(const MatchStats& other);
  // Adds this part's keys to a run's JSON object ("rounds", "round_results", ...; none when
  // disabled) and reads them back (enabled when "rounds" is there).
  void to_json(nlohmann::json& run) const;
  // A run stored before round_completion reads its rounds ended by a rule into `stored_class`.
  static MatchStats from_json(const nlohmann::json& run, const std::string& context,
                              Completion stored_class = Completion::kAssumedRule);
  friend bool operator==(const MatchStats&, const MatchStats&) = default;
};

// The end conditions a run counts games by, in the order of GameTally::ended_by and with their
// JSON keys (ended_by): rule, no_progress, stop_after_rounds, safety_bound.
constexpr int kEndConditions = 4;
int end_condition_index(EndReason reason);
const char* end_condition_name(int index);

// The tallies of the playability metrics (docs/metrics.md, metrics.h) over the games of a run.
// Integers only. A match's unit metrics (lead changes, drama, decisiveness, stability) are counted
// per round (the lead is what each player captured in it, and a round has its own winner); single
// games are one round.
struct MetricTally {
  stats::IntHistogram turns;  // turns per game (a match: over all its rounds)
  // One histogram per kUnitMean metric (unit_metrics() order): the integers its units gave.
  std::vector<stats::IntHistogram> units = std::vector<stats::IntHistogram>(unit_metrics().size());
  // Per kUnitMean metric: 0 when a stored run read back was made before the metric existed.
  std::vector<uint8_t> kept = std::vector<uint8_t>(unit_metrics().size(), 1);
  // Matches: consecutive recorded rounds r, r + 1 with round r won by a player: how many, how
  // many of them the winner of r won r + 1 too, and how many the loser of r won.
  uint64_t pairs = 0, won_next = 0, lost_next = 0;

  // Whether the tallies were kept: runs stored before they existed read back without them.
  bool recorded(uint64_t games) const { return turns.total() == games; }
  // The histogram of the kUnitMean metric `key`; throws mancala::Error for any other key.
  const stats::IntHistogram& unit(std::string_view key) const;
  void add(const GameResult& result);
  void merge(const MetricTally& other);
  friend bool operator==(const MetricTally&, const MetricTally&) = default;
};

// One game's outcome, kept game by game when a paired comparison asks for it (GameTally::
// keep_outcomes): the comparisons of runs that share their random numbers pair game g of one run
// with game g of the other (analysis/paired.h). 16 bytes a game; a match's round figures count its
// recorded rounds.
struct GameOutcome {
  int8_t winner = kNobody;         // 0, 1, kDraw, or kNobody when unfinished
  uint8_t end = 0;                 // end_condition_index
  uint8_t relay_cut = 0;           // 1: a move's relay chain hit the bound
  uint8_t rounds_recorded = 0;     // the match's recorded rounds (1 for a single game)
  uint8_t first_mover_wins = 0;    // rounds won by their first mover
  uint8_t decided_rounds = 0;      // rounds won by a player or drawn
  uint8_t no_progress_rounds = 0;  // rounds ended by the no-progress rule
  uint8_t own_rule_rounds = 0;     // rounds ended by a rule of the game
  int32_t plies = 0;
  int32_t rounds = 0;
  friend bool operator==(const GameOutcome&, const GameOutcome&) = default;
};
// The outcome of one game (match).
GameOutcome outcome_of(const GameResult& result);

// Tallies of a set of games. Integers only: add() and merge() are exact and order-free, except
// for the outcomes kept game by game, which merge in order (blocks are merged in game order).
struct GameTally {
  uint64_t games = 0;
  std::array<uint64_t, 2> wins{};  // first player (P1), second player (P2)
  uint64_t draws = 0;
  uint64_t unfinished = 0;  // stopped by the safety bound (max_plies)
  // Games by how they ended (end_condition_index): by a rule of the game, by the no-progress
  // rule, by stop_after_rounds, by the safety bound.
  std::array<uint64_t, kEndConditions> ended_by{};
  // The games ended_by counts under "rule", by the class of the rule that ended them (source,
  // paraphrase, assumed: GameResult::completion).
  std::array<uint64_t, kRuleClasses> rule_ended{};
  // Games by completion state: rule_ended for the rules of the game, ended_by for the stops.
  uint64_t completed(Completion c) const;
  // Games ended by the text's rule: classes source and paraphrase together.
  uint64_t completed_by_text() const { return rule_ended[0] + rule_ended[1]; }
  MetricTally metrics;
  uint64_t relay_bound_hits = 0;             // moves whose relay chain hit max_sowings_per_move
  uint64_t games_with_relay_bound_hits = 0;  // games with at least one such move
  stats::IntHistogram plies;                 // plies per game
  MatchStats match;
  // Each game's outcome in game order, when asked for (paired comparisons); not in the JSON.
  bool keep_outcomes = false;
  std::vector<GameOutcome> outcomes;

  void add(const GameResult& result);
  void merge(const GameTally& other);
  friend bool operator==(const GameTally&, const GameTally&) = default;
};

// The value of metric `m` over `t` with its 95% interval (metrics.h: from the wins and draws, the
// mean of its units' values, or the round pairs); all NaN when undefined or not kept.
stats::Estimate metric_estimate(const MetricInfo& m, const GameTally& t);

// One run: what was played, and the tally of the games counted.
struct RunStats {
  std::string ruleset;     // ruleset id
  std::string rules_hash;  // rules_hash() of the resolved rules
  // "alternating" or "simultaneous" (seats_name, seat_words.h: every turn simultaneous, so P1 and
  // P2 are seat 1 and seat 2); "" in runs stored before it was recorded.
  std::string seats;
  std::string engine_version;
  // The agents (agents.h), as AgentPair::label(): "random" for both seats, "alphabeta:3,random"
  // for player 1 and player 2. The JSON has it as "agent" and as "agents" [P1, P2].
  std::string agent = "random";
  uint64_t seed = 0;
  int64_t games_requested = 0;  // N of the whole run
  Shard shard;
  GameRange range;       // the games this shard plays (shard_range)
  bool partial = false;  // stopped early: only the first tally.games games of range counted
  GameTally tally;

  friend bool operator==(const RunStats&, const RunStats&) = default;
};

// A tally's outcomes as JSON and back (only the messages between MPI ranks carry them; the run's
// JSON does not): an array of arrays, one per game. outcomes_from_json throws mancala::Error
// "<context>: game_outcomes: <what is wrong>".
nlohmann::json outcomes_to_json(const GameTally& tally);
void outcomes_from_json(const nlohmann::json& json, GameTally& tally, const std::string& context);

// The run as JSON (schema in docs/simulate.md). Derived figures are recomputed from the counts,
// so equal RunStats give byte-identical dumps.
nlohmann::json run_stats_to_json(const RunStats& run);
// Reads run_stats_to_json's output back (the counts and histograms; derived figures are not
// trusted). Throws mancala::Error "<context>: <key>: <what is wrong>" on a malformed object or
// counts that do not add up. A run stored before the ending classes (its "completion" has
// "own_rule") has its rule endings read into the class stored_rule_class gives its ruleset.
// (docs/terms.md, "Endings")
RunStats run_stats_from_json(const nlohmann::json& json, const std::string& context);
// The class a stored run's rule endings are read into when the run did not record it: the
// weakest of the classes of the rules that can end a match (`match`) or a round of the shipped
// ruleset `ruleset_id` (ending.h: weakest_rule_class), as its provenance stands; kAssumedRule
// for an id that is not a shipped ruleset.
Completion stored_rule_class(const std::string& ruleset_id, bool match);

// One shard to merge and where it came from (a file name, for messages).
struct ShardInput {
  std::string origin;
  RunStats run;
};
// Merges every shard of one run into the single-run result (shard 1/1 over all N games). The
// shards must be complete (not partial) and agree on ruleset, rules hash, engine version, agent,
// seed, N and shard count, with each index 1..n exactly once; otherwise throws mancala::Error
// "<origin>: <ruleset>: <what is wrong>".
RunStats merge_shards(const std::vector<ShardInput>& shards);

}  // namespace mancala::sim
